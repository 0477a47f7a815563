// GameLog: a readable turn-by-turn account of a game, written as it happens from the kernel's
// observer signals (never its trigger signals: logging changes nothing and sees no rollbacks as
// events). Used by `anvil replay`, `anvil play` and the demo. Both rules modules tell their
// observers: the classic module through the kernel's actions, the hearth module from its own
// (rules-hearth's HearthWorld::tell), with CustomEvents of its own that the log reads too:
// "hero_power" (subject: the player; other: the target), "armor" (the player; amount: gained, or
// negative: taken by damage), "hero_attack" (the player; other: the defender), "transform" (the
// minion, told before it changes; amount: the CardId it becomes), "control" (the minion; other:
// its new controller), "divine_shield" (the minion whose shield took a blow; amount: the damage
// it stopped), "silence" (the minion), "freeze" (the minion or hero), "healed" (the minion; amount:
// the damage healed), "given" (what got a buff or an effect; amount: the CardId of the card
// giving it; the buffs one card gives at once are one line), "mulligan" (the player; other: a card
// put back), "copy" (the minion, told before it becomes a copy; other: the minion it copies),
// "secret" (the secret revealed, told before what it does; other: its player), "secret_set" (a
// secret put into play not cast: from the deck or copied; other: its player), "health_set" and
// "attack_set" (the minion, or a hero's health; amount: the new value) and "fatigue" (the player;
// amount: the damage, told just before it: "P2 takes 3 fatigue damage"). The classic module's
// "became_target" (subject: the object targeted; other: the spell or ability's source) is told as
// "Shock targets Grizzly Bears", its "activated" (subject: the player; other: the source) as "P2
// activates Orcish Artillery", its "regenerated" (subject: the permanent) as "Drudge Skeletons
// regenerates", its "empty_library_draw" (subject: the player, who loses at the next state-based
// check: rule 704.5b) as "P2 draws from an empty library, and so loses the game". A spell the
// rules take off the stack (Cause::rules: the classic module's spell whose every target is
// illegal as it resolves, 608.2b) "does nothing: its target is gone" — or "is no longer legal",
// when what it targeted (as its "became_target" events said) is still there.
//
//   GameLog log(game, *rules, stdout, {"P1", "P2"});   // connected until `log` is destroyed
//   rules->play(game);
//
// Its words are the rules module's (RulesModule::term): "P1 casts Shock" in the classic game,
// "P1 plays Fireball" in hearth; a minion "is summoned for P2"; "P2 loses 3 health".
//
// With a `viewer` (the person at `anvil play`), a card that player cannot see where it went is
// "a card": the opponent draws a card, casts a card (a secret) — never its name. A permanent
// with namesakes on its battlefield is numbered as the board numbers it ("Spirit Wolf #2",
// namesakes.hpp), so that a line names the one the board shows; one that has just left the
// battlefield (dies, is destroyed, exiled, returned to a hand) by the number the board showed
// it with, though its namesake left behind is the only one there now ("Spirit Wolf #1 dies").
#pragma once

#include <anvil/event_bus.hpp>
#include <anvil/game.hpp>
#include <anvil/rules.hpp>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace anvil::cli {

class GameLog {
 public:
  // Throws LoadError when a wording of `rules` is bad (RulesModule::wording).
  GameLog(Game& game, const RulesModule& rules, std::FILE* out,
          std::vector<std::string> player_names, std::optional<PlayerId> viewer = std::nullopt);
  ~GameLog();  // flush()es
  GameLog(const GameLog&) = delete;
  GameLog& operator=(const GameLog&) = delete;

  // Writes the lines held back (below) now. Call it before writing anything else to the same
  // output while the game goes on (a board, a question, a result).
  void flush();

 private:
  // A life or counter change while damage is being dealt is held back until the damage is
  // told. The classic rules change a player's life (or give poison counters, or -1/-1 counters
  // for infect) while the damage is dealt, before the damage's observers hear of it; held,
  // "Lightning Bolt deals 3 damage to P2" comes first and "P2 loses 3 life" after it, as the
  // hearth module tells them and as a reader expects. Lifelink's gain likewise. "While damage
  // is being dealt": from a damage event's replacement stage (the log listens there and
  // replaces nothing) to the first damage told, or the next other line.
  struct Held {
    std::uint32_t turn;
    PlayerId active;
    ObjectId source;
    Target subject;      // whose life, or what the counters are on
    bool counters;       // counters, else life
    std::int32_t delta;  // > 0 gained or put, < 0 lost or removed
    std::string text;
  };
  bool caused_by(const Held& h, const DamageEvent& e, PlayerId source_controller) const;
  // Removes from the held lines, and returns in their order, those `which` picks.
  std::vector<Held> take_held(const std::function<bool(const Held&)>& which);
  void hold_or_tell(const Game& g, ObjectId source, Target subject, bool counters,
                    std::int32_t delta, std::string text);

  std::string player(PlayerId p) const;
  // `shown`: named though the viewer could not see it where it is (a card being played).
  // `number`: its number among its namesakes as the board showed it (a permanent that has just
  // left the battlefield), else the board's now.
  std::string card(const Game& g, ObjectId id, bool shown = false,
                   std::optional<std::size_t> number = std::nullopt) const;
  // Its number among its namesakes on the board now, as the reader sees it (namesakes.hpp).
  std::size_t number_now(const Game& g, ObjectId id) const;
  std::string target(const Game& g, const Target& t) const;
  void line(const Game& g, const std::string& text);  // flush(), then the text
  void print(std::uint32_t turn, PlayerId active, const std::string& text);
  void header(std::uint32_t turn, PlayerId active);  // "Turn 3 (P1)"

  // The rules module's words (RulesModule::term): "casts", the pattern of "enters the
  // battlefield under", "life".
  struct Words {
    std::string cast, enter, life;
  };
  std::string entered(const std::string& card, const std::string& player) const;

  std::FILE* out_;
  Words words_;
  std::vector<std::string> names_;
  std::optional<PlayerId> viewer_;
  std::uint32_t turn_printed_ = 0;
  std::vector<Held> held_;
  bool dealing_damage_ = false;
  // Likewise from the replacement stage of a move onto the battlefield to the move told: the
  // counters a permanent enters with are told after it enters.
  bool entering_ = false;
  // Whether each permanent leaving the battlefield (from the move's replacement stage to the
  // move told) was a creature then: only a creature dies.
  std::vector<std::pair<ObjectId, bool>> leaving_;
  // The number each permanent had among its namesakes as the log last saw the board (only those
  // numbered), so that a line about one that has just left the battlefield names it as the board
  // showed it ("Spirit Wolf #2 dies"), not as the board is once it is gone: seen again at each
  // event the log hears but a move off the battlefield, and at such a move's replacement stage.
  // The others of a batch keep the numbers they had: the classic module moves a batch (the
  // creatures state-based actions destroy) after every replacement stage of it, and the hearth
  // module tells no replacement stage and moves every minion of a death round before it tells
  // the first. An entry goes when its permanent's move is told; one that left untold keeps its
  // entry until then, or until it is on a battlefield again.
  std::vector<std::pair<ObjectId, std::size_t>> numbers_;
  void see_board(const Game& g);
  // The last line printed, if it was a "given": the buffs one card gives at once are one line.
  struct Given {
    Target subject;
    std::int64_t card;
    ObjectId source;
    bool operator==(const Given&) const = default;
  };
  std::optional<Given> last_given_;
  // What each spell or ability on the stack targets (the classic module's "became_target"), to
  // say why one that does nothing does; a spell's entry goes when it leaves the stack.
  struct Targeted {
    ObjectId source;
    std::int64_t stack_id;
    std::vector<ObjectRef> objects;
  };
  std::vector<Targeted> targeted_;
  void remember_target(const CustomEvent& e);
  // Why the spell `spell` did nothing: "its target is gone", "its targets are no longer legal".
  std::string why_nothing(const Game& g, ObjectId spell);
  // The player a hearth "fatigue" event was told for, until the damage it deals.
  std::optional<PlayerId> fatigue_;
  std::vector<ScopedConnection> connections_;
};

}  // namespace anvil::cli
