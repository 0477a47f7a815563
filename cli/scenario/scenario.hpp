// A scenario: a game position, the actions each player takes, the answers to the decisions the
// game asks, and what the game must look like afterwards (docs/scenarios.md). Read from YAML by
// parse_scenario(), run by run_scenario() (runner.hpp).
//
//   std::vector<Diagnostic> problems;
//   std::optional<Scenario> s = parse_scenario(text, "lifelink.yaml", problems);
//   if (!s) for (const Diagnostic& d : problems) std::cerr << d.str() << '\n';
#pragma once

#include <anvil/agent.hpp>
#include <anvil/error.hpp>
#include <anvil/extensions.hpp>
#include <anvil/rules.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace anvil::cli::scenario {

// A target named in a scenario: a player by name, or {card: NAME, of: PLAYER}.
struct TargetSpec {
  std::string player;  // set for a player target
  std::string card;    // set for a card target
  std::string of;      // the card's owner or controller; empty: anyone's
  SourceLocation where;
  std::string str() const;
};

struct ActionSpec {
  // end_turn and hero_power: modules whose turn ends by passing (hearth, turn_actions.cpp).
  // undo: the game is rolled back through its journal to where the action before began.
  // agent: a registered agent makes the player's decisions for a while (Script::deciding_agent).
  enum class Kind : std::uint8_t {
    cast,
    play,
    activate,
    pass,
    resolve,
    advance,
    attack,
    block,
    end_turn,
    hero_power,
    undo,
    agent
  };
  Kind kind = Kind::resolve;
  std::string player;
  std::string card;                      // cast, play, activate
  std::optional<std::uint16_t> ability;  // activate: LegalAction::ability
  std::vector<TargetSpec> targets;
  std::optional<std::int64_t> x;
  bool has_pay = false;  // `pay:` was given: the payment is made by hand from `pay`
  std::vector<std::string> pay;  // the mana sources to tap, by card name, in order
  std::string step;              // advance; agent: `until`, empty for the player's next decision
  std::string agent;             // agent: the agent spec (a registered name, maybe with :KEY=VALUE)
  SourceLocation agent_where;    // agent: where the spec is written
  // attack: attacker → defender (player or planeswalker); block: blocker → attacker.
  std::vector<std::pair<std::string, std::string>> pairs;
  // attack in a turn-based module (hearth): the defender of each pair, a player or a card.
  std::vector<TargetSpec> defenders;
  std::optional<std::int64_t> position;  // play: the board position (hearth; default rightmost)
  SourceLocation where;
  std::string str() const;  // "cast Lightning Bolt (A)" for messages
};

// One entry of `choices:`.
struct ChoiceSpec {
  enum class Kind : std::uint8_t { order, card, player, number, option, yes, picks };
  Kind kind = Kind::option;
  std::vector<std::int64_t> numbers;  // order (1-based), picks (0-based)
  std::string text;                   // card, player, option
  std::int64_t number = 0;            // number; yes: 1 or 0
  std::string to;                     // number: the recipient the decision must be about
  SourceLocation where;
  std::string str() const;
};

// A zone expectation: a count, or card names (a multiset, or in order for the library).
struct ZoneExpect {
  std::string zone;  // hand, library, graveyard, battlefield, exile
  std::optional<std::size_t> count;
  std::vector<std::string> names;
};

struct PlayerExpect {
  std::string player;
  std::optional<std::int64_t> life;
  std::optional<std::int64_t> poison;
  std::vector<std::pair<std::string, std::int64_t>> counters;
  std::vector<ZoneExpect> zones;
  // Player attrs the module keeps (hearth: armor, mana; any by name under `attrs`), and the
  // weapon in the command zone.
  std::vector<std::pair<std::string, std::int64_t>> attrs;
  std::optional<std::string> weapon;  // a card name, or "none"
  std::optional<std::int64_t> weapon_durability;
  // The whole mana pool as symbols in any order ("{R}{R}{G}"; "" for an empty pool), compared
  // with RulesModule::mana_pool.
  std::optional<std::string> mana_pool;
};

struct CardExpect {
  std::string card;
  std::string of;
  std::optional<std::string> zone;
  std::optional<std::int64_t> damage;
  std::optional<bool> tapped;
  std::optional<std::int64_t> power;
  std::optional<std::int64_t> toughness;
  std::vector<std::pair<std::string, std::int64_t>> counters;
  // Floating effects aimed at the card, by the name of the card that made them: the sum of their
  // first number (FloatingEffect::a — a classic prevention shield's damage still to prevent);
  // 0 also passes when there is none.
  std::vector<std::pair<std::string, std::int64_t>> effects;
  std::optional<bool> face_down;
  std::vector<std::pair<std::string, std::int64_t>> attrs;  // the object's attrs, by name
  // Keywords and types (card types, subtypes or supertypes) by name, each that the card must
  // have (true) or must not have (false), in its current characteristics.
  std::vector<std::pair<std::string, bool>> keywords;
  std::vector<std::pair<std::string, bool>> types;
  std::optional<std::size_t> count;  // how many such cards exist (default: at least one)
  SourceLocation where;
  std::string str() const;
};

// One entry of an `expect.decisions` list: what a decision of the game's log must show. Each
// field left empty matches anything.
struct DecisionExpect {
  std::string player;  // who was asked
  std::optional<ChoiceKind> kind;
  // What was picked, in pick order: an option's label, or the name of its target (a card's
  // name, a player's scenario name). Set (maybe to an empty list) only when `picked` is given.
  std::optional<std::vector<std::string>> picked;
  // Who decided (DecisionRecord::agent): `scenario`, or the agent an `agent` action named.
  std::string agent;
  SourceLocation where;
  std::string str() const;  // "{player: A, kind: target, picked: B}" for messages
};

// `expect.decisions`: the decision log (Game::decisions) against a list. `contains` wants these
// entries in this order with any others around them; `exactly` wants the whole log, entry for
// entry; `absent` wants no entry to match any of these.
struct DecisionsExpect {
  std::optional<std::vector<DecisionExpect>> contains;
  std::optional<std::vector<DecisionExpect>> exactly;
  std::vector<DecisionExpect> absent;
};

// The symbols of a mana pool written "{R}{R}{G}", sorted (two pools are the same in any order);
// nullopt for other text, with the first token that is not a symbol in `bad`. The parser checks
// `mana_pool:` with it and the comparison reads both pools with it (expect.cpp).
std::optional<std::vector<std::string>> mana_pool_symbols(std::string_view pool,
                                                          std::string* bad = nullptr);

// A card named in a scenario. "Soldier" names every object of that name; "Soldier #2" only the
// second of them in its zone, in the zone's order (the order permanents came onto the
// battlefield; the board from the left in a hearth game; a library from the top). The classic
// module numbers namesakes the same way in its labels (attackers, blockers, targets).
struct CardName {
  std::string name;
  std::size_t ordinal = 0;  // 0: any object of the name
  // "Soldier #2" → {Soldier, 2}; text without a " #N" ending (N from 1) is all name.
  static CardName parse(std::string_view text);
};
// Whether `id` is an object the scenario's name means.
bool names_object(const Game& game, ObjectId id, const CardName& wanted);
// Whether one side of a declaration option's label ("Soldier #2 → player 1") is what the
// scenario names: the same text, or any number of a name given without one.
bool label_names(std::string_view label, std::string_view wanted);
// The parser's check of a card name: a message for " #0" (ordinals count from 1), else empty.
std::string ordinal_problem(std::string_view text);

struct Expect {
  std::vector<PlayerExpect> players;
  std::vector<CardExpect> cards;
  std::optional<std::string> winner;  // none, draw or a player's name
  std::optional<std::string> error;
  std::optional<std::string> step;
  std::optional<std::string> priority;
  std::optional<ZoneExpect> stack;  // card names of the stack's sources, top first
  std::optional<DecisionsExpect> decisions;
};

struct Scenario {
  std::string file;
  std::string name;
  std::string rules;
  SourceLocation rules_where;
  std::vector<std::string> packs;
  std::vector<SourceLocation> pack_wheres;  // pack_wheres[i]: where the file names packs[i]
  Position position;  // players in turn order, active, step, seed
  std::vector<ActionSpec> actions;
  // Per player, in order.
  std::vector<std::pair<std::string, std::vector<ChoiceSpec>>> choices;
  Expect expect;
  // Every card the scenario names in its position, actions, targets and expectations, without
  // its ordinal, where it names it: checked against the packs before the game is set up, so a
  // misspelt name is reported at its line with a did-you-mean (run_scenario).
  std::vector<std::pair<std::string, SourceLocation>> card_refs;

  // The seat of a player named in the scenario, or nullopt.
  std::optional<PlayerId> player_id(std::string_view name) const;
};

// Reads one scenario strictly: unknown and duplicate keys, wrong types and unknown player names
// are errors at their file:line:column. nullopt when there is any error.
[[nodiscard]] std::optional<Scenario> parse_scenario(std::string_view text, const std::string& file,
                                                     std::vector<Diagnostic>& diagnostics);

}  // namespace anvil::cli::scenario
