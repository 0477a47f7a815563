// RulesModule: a whole game — turn structure, the game's own rules, setup and the end — on the
// kernel's mechanics (DESIGN.md §5). Registered by name ("classic", "hearth") and selected per
// match; several may be loaded at once.
//
//   auto rules = registry.get<RulesModule>("classic");
//   std::unique_ptr<Game> game = rules->setup(pool, config);
//   game->seat(PlayerId{0}, make_agent(registry, "ai-random"));
//   game->seat(PlayerId{1}, make_agent(registry, "ai-random"));
//   rules->play(*game);                     // until the game ends
//   auto result = rules->outcome(*game);    // who won, lost or drew
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/config.hpp"
#include "anvil/extensions.hpp"
#include "anvil/ids.hpp"
#include "anvil/registry.hpp"
#include "anvil/state.hpp"

ANVIL_BEGIN_NAMESPACE

class Game;

struct DeckList {
  std::string name;
  std::vector<std::string> cards;  // card names, one entry per copy
  // Deck-level settings a rules module reads, from the deck file's optional keys
  // (`hero: Mage` → {"hero", "Mage"} for games whose decks have a hero).
  std::vector<std::pair<std::string, std::string>> settings;
};

struct MatchConfig {
  std::vector<DeckList> decks;  // one per player, in seat order
  std::uint64_t seed = 0;
  // Module-specific settings ("starting_life" = "20", "max_rounds" = "50").
  std::vector<std::pair<std::string, std::string>> options;
  // Optional, for a host that plays many games of the same decks (anvil sim, anvil bench): each
  // deck's cards already found in the pool setup is given, one list per player in seat order,
  // each the CardIds of decks[p].cards in the same order. Borrowed: valid while setup runs.
  // Empty: the module finds the names, as a module that does not read this field always does.
  // One that reads it still checks each card as it would a named one (a deck holds no token),
  // and refuses lists that do not match the decks' sizes. (Finding 120 names for every game was
  // about 0.7% of a random classic game.) Its `= {}` keeps MatchConfig{decks, seed, options}
  // free of a missing-initializer warning. Plugin ABI 15.2: a MatchConfig made by code built
  // for 15.1 or earlier has no such field, so only the host, built for its own ABI, fills it.
  std::vector<std::span<const CardId>> deck_cards = {};
};

// A setting's value (MatchConfig::options, PositionPlayer::settings) read as a whole number from
// `lo` to `hi`; anything else is a LoadError naming it as `what`, never clamped:
//   setting_number("classic option 'mulligans'", "7", 0, 1)
//     -> "classic option 'mulligans' must be 0 or 1, not '7'"
// A number too large is called out of range; a word gets the hint "it is not a whole number".
// `hi` = INT64_MAX reads "of at least `lo`". Plugin ABI 11.2.
[[nodiscard]] ANVIL_API std::int64_t setting_number(std::string_view what, const std::string& value,
                                                    std::int64_t lo, std::int64_t hi);

// A position to start a game from, rather than a shuffled opening (scenarios, puzzles, tests).
// Cards are named; the rules module finds them in the pool and sets their status.
struct PositionCard {
  std::string card;
  bool tapped = false;
  std::int32_t damage = 0;
  std::optional<bool> sick;  // summoning sickness; unset: the module's default for the zone
  std::vector<std::pair<std::string, std::int32_t>> counters;
};

struct PositionPlayer {
  std::string name;
  std::optional<std::int32_t> life;  // unset: the module's starting life
  std::vector<PositionCard> hand;
  std::vector<PositionCard> library;  // top first
  std::vector<PositionCard> graveyard;
  std::vector<PositionCard> battlefield;
  std::vector<PositionCard> exile;
  std::vector<std::pair<std::string, std::int32_t>> counters;  // poison…
  // Module-specific player settings (hearth: hero, armor, mana, weapon), as the scenario wrote
  // them; a module refuses a key it does not know.
  std::vector<std::pair<std::string, std::string>> settings;
};

struct Position {
  std::vector<PositionPlayer> players;  // in turn order
  std::size_t active = 0;
  std::string step;  // one of RulesModule::step_names(); empty: the module's first main step
  std::uint64_t seed = 0;
  std::vector<std::pair<std::string, std::string>> options;
};

// Something a player may do when they may act (classic: at priority; hearth: on their turn).
struct LegalAction {
  enum class Kind : std::uint8_t { pass, play_land, cast, activate, attack, hero_power, end_turn, custom };
  Kind kind = Kind::pass;
  ObjectId object;
  std::uint16_t ability = 0;
  std::vector<Target> targets;
  std::int64_t value = 0;  // a board position, an X, a mode
  std::string label;       // "Cast Lightning Bolt targeting Grizzly Bears"
  bool mana = false;       // a mana ability (Option::mana)
};

class ANVIL_API RulesModule {
 public:
  static constexpr PluginKind kKind = PluginKind::rules_module;
  virtual ~RulesModule();

  // A new game: players, decks shuffled with the seed, opening hands, hooks installed. A deck
  // the game cannot start with throws LoadError; one about a card names it in quotes
  // ("'Lost Mine of Phandelver' is a dungeon…"), and `anvil pack validate` then reports it at the
  // deck line naming that card.
  virtual std::unique_ptr<Game> setup(std::shared_ptr<const CardPool> cards,
                                      const MatchConfig& config) const = 0;
  // Runs the game forward to the next decision or step; false once the game is over.
  // Look-ahead relies on one more promise: a copy of the game taken while advance() asks a
  // decision (an agent's DecisionView::determinize inside choose) asks that same decision again
  // at its first advance(), and then goes on as the original would. The bundled modules keep it
  // for every priority decision and classic's attack and block declarations, not for a choice
  // asked in the middle of an action (a spell's target): docs/agents.md, "ai-search".
  virtual bool advance(Game& game) const = 0;
  // Runs until the game is over. Default: advance() until it returns false.
  virtual void play(Game& game) const;
  // What `player` may do now; this is what every agent chooses from.
  virtual std::vector<LegalAction> legal_actions(const Game& game, PlayerId player) const = 0;
  // Performs state-based actions until none apply.
  virtual void check_state(Game& game) const = 0;

  // A game set up exactly as `position` says, about to give the active player priority in that
  // step. Throws LoadError naming an unknown card or step.
  virtual std::unique_ptr<Game> setup_position(std::shared_ptr<const CardPool> cards,
                                               const Position& position) const = 0;
  // The names of the steps of a turn, in order ("untap", "upkeep", … for classic), and the
  // current one.
  virtual std::vector<std::string> step_names() const = 0;
  virtual std::string step_name(const Game& game) const = 0;
  // Why `player` may not do `wanted` now ("not enough mana", "it is not your main phase");
  // empty if it is one of legal_actions().
  virtual std::string why_not(const Game& game, PlayerId player, const LegalAction& wanted) const = 0;
  // Each player's result. Default: the players' Outcome fields.
  virtual std::vector<Outcome> outcome(const Game& game) const;
  // What a person at the table should know of `player` besides life and the sizes of their
  // zones, in a few words (hearth: "mana 3/5, armor 2"; classic: the mana pool, poison), or
  // empty. Only what every player may see: `anvil play` prints it for both players. Default:
  // empty.
  virtual std::string player_status(const Game& game, PlayerId player) const;
  // What a person at the table should know of a face-up object besides its name and
  // power/toughness, in a few words: "tapped, 2 damage, Flying, 1 +1/+1 counter, attacking
  // player 1" (classic), "taunt, frozen" (hearth); empty for nothing. Only what every player may
  // see: `anvil play` prints it in brackets after each card on the board. Default: tapped, damage
  // marked, "sick" (a summoning-sick creature) and how many counters, from the kernel's state.
  virtual std::string object_status(const Game& game, ObjectId id) const;
  // `player`'s mana pool as mana symbols in the module's own order ("{R}{R}{G}"; "" when it is
  // empty), or nullopt in a game without mana pools. Scenarios compare it (`mana_pool:`).
  // Default: nullopt.
  virtual std::optional<std::string> mana_pool(const Game& game, PlayerId player) const;
  // What is wrong with `card` as this game would play it, found once, when a pack naming the
  // module (`rules:` in its pack.yaml) loads: a classic permanent card with a spell ability,
  // which would never resolve. Each problem names its place in the card's source (the
  // offending ability's AbilityDef::where, or the card's CardDef::where); its message says
  // what is wrong without the card's name, which the loader puts before it ("card 'Odd
  // Creature': …"). A card with an error is left out of its pack, as one that failed to
  // compile, so the pack is not installed or played; a warning keeps it. Plugin ABI 13.0.
  //
  //   std::vector<Diagnostic> check_card(const CardDef& card) const override {
  //     std::vector<Diagnostic> found;
  //     if (card.base.has_type("Minion"_sym) && !card.base.has_stats)
  //       found.push_back({Diagnostic::Severity::error, card.where, "a minion has no stats"});
  //     return found;
  //   }
  //
  // Default: nothing is wrong.
  virtual std::vector<Diagnostic> check_card(const CardDef& card) const;

  // --- Words --------------------------------------------------------------------------------
  // The module's own words for what the command line tells of its games (`anvil replay`'s and
  // `anvil play`'s turn-by-turn log, `anvil play`'s board), by key, or nullopt for the classic
  // wording. The keys, their classic wording and what each is used for:
  //
  //   "cast"              "casts"       the verb of a card played: "P1 casts Shock"
  //   "enter"             "{card} enters the battlefield under {player}"
  //                                     the sentence of a permanent entering play; a pattern
  //                                     with the fields {card} and {player}, each optional
  //   "life"              "life"        a player's total: "P2 loses 3 life (20 → 17)", and the
  //                                     board's "life 17"
  //   "zone.library"      "library"     the board's count of the draw pile: "library 33"
  //   "zone.graveyard"    "graveyard"   the board's count and the `graveyard` command's header
  //   "zone.battlefield"  "battlefield" the board's header of what is in play
  //   "zone.command"      "command"     the board's header of the command zone, when not empty
  //   "zone.exile"        "exile"       the board's and `graveyard`'s header of exile
  //   "skip"              "pass until your next main phase (this turn's, from its upkeep or
  //                       draw); it stops sooner when your opponent puts something on the
  //                       stack, or when you must choose something else"
  //                                     what `anvil play`'s help says `skip` does (wrapped to
  //                                     the terminal by the command line)
  //   "skipping"          "Passing until your first main phase to come."
  //                                     what `anvil play` says when `skip` is typed
  //
  // (`skip` passes the person's priority until their turn's first step whose name begins with
  // "main", or the next turn's first step when the module has no such step; anything else
  // asked, or an opponent's spell or ability on the stack, ends it.)
  //
  // A word is put as it is, braces included; a pattern's fields are fmt-style named fields
  // ("{card}"), and in a pattern "{{" and "}}" write a brace. The hearth module, in its own words:
  //
  //   std::optional<std::string> term(std::string_view key) const override {
  //     if (key == "cast") return "plays";                          // "P1 plays Fireball"
  //     if (key == "enter") return "{card} is summoned for {player}";
  //     if (key == "zone.library") return "deck";
  //     return RulesModule::term(key);  // the classic wording of the rest
  //   }
  //
  // Default: the classic wording of each key above; nullopt for any other. Keys are only ever
  // added (a module built before one was gets its classic wording), so a module answers the keys
  // it words its own way and passes the rest on to RulesModule::term.
  virtual std::optional<std::string> term(std::string_view key) const;
  // What the command line puts for `key`: term(key), or the classic wording where that is
  // nullopt. Throws LoadError when the module's phrase is empty, or is a pattern that names a
  // field the key does not have or whose braces do not pair ("rules module's wording of 'enter',
  // '{who} is summoned': unknown field '{who}'; the fields are {card}, {player}"), and
  // std::invalid_argument for a key not listed above (a caller's mistake).
  std::string wording(std::string_view key) const;
  // The keys listed above, in that order.
  static std::vector<std::string_view> term_keys();
};

ANVIL_END_NAMESPACE
