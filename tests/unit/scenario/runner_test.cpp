// The scenario runner against the toy rules module: parsing, the protocol, strictness and
// every kind of expectation, each shown to fail when it should.
#include "scenario/runner.hpp"

#include <gtest/gtest.h>

#include <anvil/error.hpp>
#include <anvil/game.hpp>
#include <anvil/registry.hpp>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "rules_words.hpp"
#include "scenario/scenario.hpp"
#include "toy_rules.hpp"

namespace anvil::testing {
namespace {

using cli::scenario::parse_scenario;
using cli::scenario::Result;
using cli::scenario::run_scenario;

const std::string kHead = R"(
name: toy
rules: toy
players:
  A:
    hand: [Forest, Grizzly Bears, Shock, Coin]
    library: [Forest, Wall of Wood]
    battlefield: [Forest, {card: Grizzly Bears, sick: false}, {card: Wall of Wood, damage: 1}]
  B:
    life: 20
)";

Result run(const std::string& body, const std::string& head = kHead) {
  std::vector<Diagnostic> d;
  auto s = parse_scenario(head + body, "toy.yaml", d);
  if (!s) {
    std::string all;
    for (const Diagnostic& x : d) all += x.str() + "\n";
    ADD_FAILURE() << all;
    return {};
  }
  return run_scenario(*s, toy_pool(), ToyRules{});
}

std::string first_error(const std::string& text) {
  std::vector<Diagnostic> d;
  auto s = parse_scenario(text, "bad.yaml", d);
  EXPECT_FALSE(s.has_value());
  return d.empty() ? "" : d.front().str();
}

TEST(ScenarioRunner, APositionWithNoActionsMatchesItsExpectations) {
  Result r = run(R"(
expect:
  A: {life: 20, hand: 4, library: [Forest, Wall of Wood], battlefield: [Wall of Wood, Forest, Grizzly Bears],
      attrs: {crystals: 0}}
  B: {life: 20, hand: [], battlefield: 0}
  cards:
    - {card: Wall of Wood, of: A, zone: battlefield, damage: 1, tapped: false, power: 0, toughness: 3,
       face_down: false, keywords: {Defender: true, Flying: false}, attrs: {frozen: 0},
       types: {Creature: true, Wall: true, Land: false}}
  winner: none
  step: main1
  priority: A
)");
  EXPECT_TRUE(r.passed) << r.message;
}

TEST(ScenarioRunner, EveryKindOfExpectationFailsWhenTheGameDiffers) {
  for (const char* expect : {"A: {life: 19}",
                             "A: {hand: 3}",
                             "A: {library: [Wall of Wood, Forest]}",
                             "B: {graveyard: [Shock]}",
                             "cards: [{card: Wall of Wood, zone: battlefield, damage: 0}]",
                             "cards: [{card: Wall of Wood, zone: graveyard}]",
                             "cards: [{card: Grizzly Bears, tapped: true}]",
                             "cards: [{card: Grizzly Bears, power: 3}]",
                             "cards: [{card: Craw Wurm}]",
                             "cards: [{card: Grizzly Bears, counters: {\"+1/+1\": 1}}]",
                             "winner: A",
                             "winner: draw",
                             "step: end",
                             "priority: B",
                             "stack: 1",
                             "A: {poison: 1}",
                             "cards: [{card: Grizzly Bears, face_down: true}]",
                             "cards: [{card: Wall of Wood, keywords: {Defender: false}}]",
                             "cards: [{card: Grizzly Bears, keywords: {Flying: true}}]",
                             "cards: [{card: Grizzly Bears, types: {Wall: true}}]",
                             "cards: [{card: Grizzly Bears, types: {Bear: false}}]",
                             "cards: [{card: Grizzly Bears, attrs: {frozen: 1}}]",
                             "A: {attrs: {crystals: 2}}"}) {
    Result r = run(std::string("expect:\n  ") + expect + "\n");
    EXPECT_FALSE(r.passed) << expect;
    EXPECT_FALSE(r.message.empty()) << expect;
  }
}

TEST(ScenarioRunner, PlaysCastsWithTargetsAndResolves) {
  Result r = run(R"(
actions:
  - {player: A, play: Forest}
  - {player: A, cast: Shock, targets: [B]}
  - {resolve: true}
expect:
  B: {life: 18}
  A: {hand: [Grizzly Bears, Coin], graveyard: [Shock], battlefield: [Forest, Forest, Grizzly Bears, Wall of Wood]}
  cards: [{card: Forest, of: A, tapped: true, count: 1}]
  stack: 0
)");
  EXPECT_TRUE(r.passed) << r.message;
}

TEST(ScenarioRunner, AGameThatThrowsNamesTheActionItWasBusyWith) {
  const std::string head = R"(
name: toy
rules: toy
players:
  A:
    hand: [Bomb, Dud]
  B: {}
)";
  // Line 2 of the actions is line 11 of the file: "actions:" follows the seven lines of `head`
  // (its first line is empty) and the action's mapping begins at column 5.
  Result r = run("actions:\n  - {player: A, cast: Bomb}\n  - {resolve: true}\n", head);
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.message,
            "the game threw during action 2 (resolve) at toy.yaml:10:5: toy: the Bomb "
            "went off");
  r = run("actions:\n  - {player: A, cast: Dud}\n  - {resolve: true}\n", head);
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.message,
            "the game threw during action 2 (resolve) at toy.yaml:10:5: the rules "
            "module threw something that is not a std::exception");
}

// A card expectation without `zone:` may be about any card of the name: a failure tells the
// differences of the one on the battlefield (here, beside a Wall of Wood in the library) and
// says which one it is.
TEST(ScenarioRunner, ACardExpectationWithoutAZoneSaysWhichCardItToldOf) {
  Result r = run("expect:\n  cards: [{card: Wall of Wood, of: A, damage: 5}]\n");
  EXPECT_FALSE(r.passed);
  EXPECT_EQ(r.message,
            "Wall of Wood of A (the one on the battlefield, of 2 of that name): damage "
            "1, expected 5");
  r = run("expect:\n  cards: [{card: Wall of Wood, of: A, zone: library, damage: 5}]\n");
  EXPECT_EQ(r.message, "Wall of Wood of A: damage 0, expected 5");  // the one in the library
}

TEST(ScenarioRunner, AnUnexpectedRefusalFailsNamingTheAction) {
  Result r = run(R"(
actions:
  - {player: A, cast: Shock, targets: [B]}
  - {resolve: true}
  - {player: A, cast: Shock, targets: [B]}
)");
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("action 3 (A casts Shock) was refused: it is not in your hand"),
            std::string::npos)
      << r.message;
}

TEST(ScenarioRunner, ACardTargetIsFoundByNameAndOwner) {
  Result r = run(R"(
actions:
  - {player: A, cast: Shock, targets: [{card: Wall of Wood, of: A}]}
  - {resolve: true}
expect:
  A: {graveyard: [Shock, Wall of Wood]}
)");
  EXPECT_TRUE(r.passed) << r.message;
}

TEST(ScenarioRunner, ARefusedLastActionMatchesExpectError) {
  Result r = run(R"(
actions:
  - {player: A, play: Forest}
  - {player: A, play: Forest}
expect:
  error: already played a land
  A: {hand: 3}
)");
  EXPECT_FALSE(r.passed) << "only one Forest is in hand: the second is refused as not there";
  Result timing = run(R"(
actions:
  - {player: A, play: Forest}
  - {player: A, cast: Shock, targets: [B]}
  - {player: A, cast: Grizzly Bears}
expect:
  error: not your main phase
  A: {hand: [Grizzly Bears, Coin]}
)");
  EXPECT_TRUE(timing.passed) << timing.message;
}

TEST(ScenarioRunner, ExpectErrorFailsWhenTheActionSucceedsOrTheTextDiffers) {
  Result succeeded = run(R"(
actions: [{player: A, play: Forest}]
expect: {error: not your main phase}
)");
  EXPECT_FALSE(succeeded.passed);
  Result other_text = run(R"(
actions:
  - {player: A, cast: Shock, targets: [B]}
  - {player: A, cast: Grizzly Bears}
expect: {error: not enough mana}
)");
  EXPECT_FALSE(other_text.passed);
  EXPECT_NE(other_text.message.find("not your main phase"), std::string::npos)
      << other_text.message;
}

TEST(ScenarioRunner, TargetsTheGameNeverAskedForFailTheScenario) {
  Result r = run(R"(
actions:
  - {player: A, cast: Coin, targets: [B]}
  - {resolve: true}
choices: {A: [{number: 1}]}
)");
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("names 1 more targets than the game chose"), std::string::npos) << r.message;
}

// A card in a hand is no legal target for Shock.
TEST(ScenarioRunner, AnIllegalTargetIsARefusalAndTheCastIsUndone) {
  Result r = run(R"(
actions:
  - {player: A, cast: Shock, targets: [{card: Coin}]}
expect:
  error: not a legal target
  A: {hand: 4, battlefield: 3}
  cards: [{card: Forest, zone: battlefield, tapped: false}]
)");
  EXPECT_TRUE(r.passed) << r.message;
}

// A card the packs do not define can never be a target: the scenario fails before the game,
// at the name's line, rather than by the refusal the name would get.
TEST(ScenarioRunner, ACardNoPackDefinesFailsBeforeTheGame) {
  Result r = run(R"(
actions:
  - {player: A, cast: Shock, targets: [{card: Craw Wurm}]}
expect:
  error: not a legal target
)");
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("toy.yaml:13:47: no card named 'Craw Wurm'"), std::string::npos)
      << r.message;
}

TEST(ScenarioRunner, AdvanceAndAttackWithARefusedDeclaration) {
  Result ok = run(R"(
actions:
  - {advance: attackers}
  - {player: A, attack: {Grizzly Bears: B}}
expect:
  B: {life: 18}
  cards: [{card: Grizzly Bears, tapped: true}]
)");
  EXPECT_TRUE(ok.passed) << ok.message;
  Result wall = run(R"(
actions:
  - {advance: attackers}
  - {player: A, attack: {Wall of Wood: B}}
expect:
  error: cannot attack
  B: {life: 20}
  cards: [{card: Wall of Wood, tapped: false}]
)");
  EXPECT_TRUE(wall.passed) << wall.message;
}

// Namesakes: a list declares that many creatures of the name, each once; "NAME #N" is the N-th
// of that name in its zone.
TEST(ScenarioRunner, AListDeclaresSeveralCreaturesOfOneName) {
  const std::string two_bears = R"(
name: toy
rules: toy
players:
  A:
    battlefield: [{card: Grizzly Bears, sick: false}, {card: Grizzly Bears, sick: false, damage: 1}]
  B: {}
)";
  Result both = run(R"(
actions:
  - {advance: attackers}
  - {player: A, attack: {Grizzly Bears: [B, B]}}
expect:
  B: {life: 16}
  cards: [{card: Grizzly Bears, tapped: true, count: 2}]
)",
                    two_bears);
  EXPECT_TRUE(both.passed) << both.message;
  Result second = run(R"(
actions:
  - {advance: attackers}
  - {player: A, attack: {"Grizzly Bears #2": B}}
expect:
  B: {life: 18}
  cards: [{card: "Grizzly Bears #2", tapped: true, damage: 1},
          {card: "Grizzly Bears #1", tapped: false, damage: 0}]
)",
                      two_bears);
  EXPECT_TRUE(second.passed) << second.message;
  Result three = run(R"(
actions:
  - {advance: attackers}
  - {player: A, attack: {Grizzly Bears: [B, B, B]}}
expect:
  error: "Grizzly Bears → B is not among the attackers options"
  B: {life: 20}
)",
                     two_bears);
  EXPECT_TRUE(three.passed) << three.message;
}

TEST(ScenarioParser, NamesakesAreReadStrictly) {
  const std::string head = "name: x\nrules: toy\nplayers: {A: , B: }\n";
  const std::string zero =
      first_error(head + "actions: [{player: A, attack: {Grizzly Bears: \"Wall #0\"}}]\n");
  EXPECT_NE(zero.find("bad.yaml:4:"), std::string::npos) << zero;
  EXPECT_NE(zero.find("'Wall #0': the number after '#' must be 1 or more"), std::string::npos)
      << zero;
  const std::string empty =
      first_error(head + "actions: [{player: A, attack: {Grizzly Bears: []}}]\n");
  EXPECT_NE(empty.find("'Grizzly Bears' has an empty list"), std::string::npos) << empty;
  const std::string target =
      first_error(head + "actions: [{player: A, cast: Shock, targets: [{card: \"Wall #0\"}]}]\n");
  EXPECT_NE(target.find("'Wall #0'"), std::string::npos) << target;
}

TEST(ScenarioNames, AnOrdinalIsANumberFromOneAfterTheLastHash) {
  using cli::scenario::CardName;
  using cli::scenario::label_names;
  EXPECT_EQ(CardName::parse("Soldier #2").name, "Soldier");
  EXPECT_EQ(CardName::parse("Soldier #2").ordinal, 2u);
  EXPECT_EQ(CardName::parse("Soldier").ordinal, 0u);
  EXPECT_EQ(CardName::parse("Soldier #x").name, "Soldier #x");  // not an ordinal: all name
  EXPECT_EQ(CardName::parse("Soldier #0").ordinal, 0u);
  EXPECT_EQ(CardName::parse("#1 Fan #3").name, "#1 Fan");
  EXPECT_TRUE(label_names("Soldier #2", "Soldier"));  // a plain name: any of them
  EXPECT_TRUE(label_names("Soldier #2", "Soldier #2"));
  EXPECT_FALSE(label_names("Soldier #1", "Soldier #2"));
  EXPECT_FALSE(label_names("Soldier", "Soldier #1"));  // a label without numbers: one of a kind
  EXPECT_FALSE(label_names("Soldier Ant", "Soldier"));
}

TEST(ScenarioRunner, NoAttackActionMeansNoAttackers) {
  Result r = run(R"(
actions: [{advance: end}]
expect: {B: {life: 20}, step: end}
)");
  EXPECT_TRUE(r.passed) << r.message;
}

TEST(ScenarioRunner, ChoicesAnswerDecisionsAndAreStrict) {
  Result used = run(R"(
actions: [{player: A, cast: Coin}, {resolve: true}]
choices: {A: [{number: 3}]}
expect: {A: {life: 23}}
)");
  EXPECT_TRUE(used.passed) << used.message;
  Result missing = run(R"(
actions: [{player: A, cast: Coin}, {resolve: true}]
)");
  EXPECT_FALSE(missing.passed);
  EXPECT_NE(missing.message.find("no answer for the number decision for A"), std::string::npos)
      << missing.message;
  Result unused = run(R"(
actions: [{player: A, play: Forest}]
choices: {A: [{number: 3}]}
)");
  EXPECT_FALSE(unused.passed);
  EXPECT_NE(unused.message.find("unused choice {number: 3} for A"), std::string::npos)
      << unused.message;
  Result wrong_recipient = run(R"(
actions: [{player: A, cast: Coin}, {resolve: true}]
choices: {A: [{number: 3, to: B}]}
)");
  EXPECT_FALSE(wrong_recipient.passed) << "the number decision is about no recipient";
  Result wrong = run(R"(
actions: [{player: A, cast: Coin}, {resolve: true}]
choices: {A: [{number: 7}]}
)");
  EXPECT_FALSE(wrong.passed);
}

TEST(ScenarioRunner, TheGameEndingEarlyFailsTheActionsLeftButAdvances) {
  Result r = run(R"(
actions:
  - {player: A, cast: Shock, targets: [B]}
  - {resolve: true}
  - {advance: end}
)");
  EXPECT_TRUE(r.passed) << r.message;
  std::vector<Diagnostic> d;
  auto s =
      parse_scenario(kHead +
                         "actions: [{advance: attackers}, {player: A, attack: {Grizzly Bears: B}}, "
                         "{advance: main1}, {player: A, play: Forest}]\nexpect: {winner: A}\n",
                     "toy.yaml", d);
  ASSERT_TRUE(s);
  s->position.players[1].life = 2;
  Result won = run_scenario(*s, toy_pool(), ToyRules{});
  EXPECT_FALSE(won.passed);
  EXPECT_NE(won.message.find("the game ended before action 4"), std::string::npos) << won.message;
  s->actions.pop_back();  // the advance left over is moot once the game is over
  won = run_scenario(*s, toy_pool(), ToyRules{});
  EXPECT_TRUE(won.passed) << won.message;
}

TEST(ScenarioRunner, UnknownStepsAndCardsFail) {
  EXPECT_FALSE(run("step: combat\n").passed);
  EXPECT_FALSE(run("actions: [{advance: upkeep}]\n").passed);
  std::vector<Diagnostic> d;
  auto s =
      parse_scenario("name: x\nrules: toy\nplayers: {A: {hand: [Lightning Bolt]}}\n", "x.yaml", d);
  ASSERT_TRUE(s);
  Result r = run_scenario(*s, toy_pool(), ToyRules{});
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("Lightning Bolt"), std::string::npos) << r.message;
}

TEST(ScenarioParser, ReportsProblemsWithFileLineAndColumn) {
  EXPECT_EQ(first_error("name: x\nrules: toy\nplayers: {A: {lfe: 3}}\n").substr(0, 14),
            "bad.yaml:3:15:");  // at the key 'lfe', not its value
  EXPECT_NE(
      first_error(
          "name: x\nrules: toy\nplayers: {A: {life: 3}}\nactions: [{player: C, play: Forest}]\n")
          .find("bad.yaml:4:20: error: no player named 'C'"),
      std::string::npos);
  EXPECT_NE(first_error("name: x\nplayers: {A: }\n").find("'rules'"), std::string::npos);
  EXPECT_NE(
      first_error("name: x\nrules: toy\nplayers: {A: }\nactions: [{player: A, cast: X, play: Y}]\n")
          .find("exactly one of"),
      std::string::npos);
  EXPECT_NE(first_error("name: x\nrules: toy\nplayers: {A: }\nchoices: {A: [{colour: red}]}\n")
                .find("unknown choice 'colour'"),
            std::string::npos);
  EXPECT_NE(first_error("name: x\nrules: toy\nplayers: {A: }\nexpect: {A: {lif: 3}}\n")
                .find("did you mean 'life'"),
            std::string::npos);
  EXPECT_NE(first_error("name: x\nname: y\nrules: toy\nplayers: {A: }\n").find("duplicate"),
            std::string::npos);
  EXPECT_NE(first_error("name: x\nrules: toy\nplayers: {A: }\nactions: [{player: A, pass: false}]\n")
                .find("'pass' can only be true"),
            std::string::npos);
  EXPECT_NE(first_error("name: x\nrules: toy\nplayers: {A: }\nactions: [{pass: true}]\n")
                .find("needs 'player'"),
            std::string::npos);
  EXPECT_NE(first_error("name: x\nrules: toy\nplayers: {A: }\n"
                        "expect: {cards: [{card: Forest, effects: {Shock: x}}]}\n")
                .find("bad.yaml:4:"),
            std::string::npos);
  const std::string flags = first_error(
      "name: x\nrules: toy\nplayers: {A: }\nexpect: {cards: [{card: Forest, keywords: "
      "[Flying]}]}\n");
  EXPECT_NE(flags.find("bad.yaml:4:"), std::string::npos) << flags;
  EXPECT_NE(flags.find("'keywords'"), std::string::npos) << flags;
  EXPECT_NE(first_error("name: x\nrules: toy\nplayers: {A: }\n"
                        "expect: {cards: [{card: Forest, types: {Land: maybe}}]}\n")
                .find("bad.yaml:4:"),
            std::string::npos);
}

// RulesModule::object_status's default, which a module that does not override it (the toy) gives
// `anvil play`: the kernel's status of the object — tapped, damage, summoning sickness of a
// creature, how many counters.
TEST(RulesModuleDefaults, ObjectStatusSaysWhatTheKernelKnows) {
  Position pos;
  PositionPlayer a;
  a.name = "A";
  a.battlefield = {PositionCard{"Forest", true, 0, {}, {}},
                   PositionCard{"Grizzly Bears", false, 1, true, {{"+1/+1", 2}, {"charge", 1}}},
                   PositionCard{"Wall of Wood", false, 0, false, {}}};
  PositionPlayer b;
  b.name = "B";
  pos.players = {a, b};
  const ToyRules rules;
  auto g = rules.setup_position(toy_pool(), pos);
  const auto& board = g->state().zone(ZoneRef::battlefield(PlayerId(0))).objects;
  ASSERT_EQ(board.size(), 3u);
  EXPECT_EQ(rules.object_status(*g, board[0]), "tapped");
  EXPECT_EQ(rules.object_status(*g, board[1]), "1 damage, sick, 3 counters");
  EXPECT_EQ(rules.object_status(*g, board[2]), "");
}

// `effects` counts the floating effects aimed at the card by the name of the card that made
// them; the toy module makes none, so a non-zero expectation fails and zero passes.
TEST(ScenarioRunner, EffectsCountFloatingEffectsByTheirSourcesName) {
  EXPECT_TRUE(run("expect: {cards: [{card: Wall of Wood, effects: {Shock: 0}}]}\n").passed);
  const Result r = run("expect: {cards: [{card: Wall of Wood, effects: {Shock: 2}}]}\n");
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("effects of 'Shock' at 0, expected 2"), std::string::npos) << r.message;
}

// `mana_pool` is compared with RulesModule::mana_pool; the toy's Ritual adds {R}{R}{G}.
const std::string kManaHead = R"(
name: toy mana
rules: toy
players:
  A: {hand: [Ritual, Shock], battlefield: [Forest]}
  B:
)";
const std::string kRitual = "actions: [{player: A, cast: Ritual}, {resolve: true}]\n";

TEST(ScenarioRunner, ManaPoolComparesTheWholePoolInAnyOrder) {
  for (const char* pool : {"\"\"", "{}"}) {
    const Result empty = run(std::string("expect: {A: {mana_pool: ") + pool + "}}\n", kManaHead);
    EXPECT_TRUE(empty.passed) << pool << ": " << empty.message;
  }
  const Result none = run("expect: {A: {mana_pool: \"{G}\"}}\n", kManaHead);
  EXPECT_FALSE(none.passed);
  EXPECT_NE(none.message.find("A: mana pool empty, expected {G}"), std::string::npos)
      << none.message;

  for (const char* pool : {"{R}{R}{G}", "{G}{R}{R}", "{R}{G}{R}"}) {
    const Result filled = run(
        kRitual + "expect: {A: {mana_pool: \"" + pool + "\"}, B: {mana_pool: \"\"}}\n", kManaHead);
    EXPECT_TRUE(filled.passed) << pool << ": " << filled.message;
  }
  const Result fewer = run(kRitual + "expect: {A: {mana_pool: \"{R}{G}\"}}\n", kManaHead);
  EXPECT_FALSE(fewer.passed);
  EXPECT_NE(fewer.message.find("A: mana pool {R}{R}{G}, expected {R}{G}"), std::string::npos)
      << fewer.message;
  const Result emptied = run(kRitual + "expect: {A: {mana_pool: \"\"}}\n", kManaHead);
  EXPECT_FALSE(emptied.passed);
  EXPECT_NE(emptied.message.find("A: mana pool {R}{R}{G}, expected empty"), std::string::npos)
      << emptied.message;
  EXPECT_FALSE(run(kRitual + "expect: {A: {mana_pool: \"{R}{R}{G}{C}\"}}\n", kManaHead).passed);
  EXPECT_FALSE(run(kRitual + "expect: {B: {mana_pool: \"{R}{R}{G}\"}}\n", kManaHead).passed);
}

TEST(ScenarioParser, ManaPoolIsReadStrictly) {
  const std::string head = "name: x\nrules: toy\nplayers: {A: }\n";
  const std::string two = first_error(head + "expect: {A: {mana_pool: \"{R}{2\"}}\n");
  EXPECT_NE(two.find("bad.yaml:4:26: error: 'mana_pool': '{2' is not a mana symbol; write the "
                     "pool as symbols in braces, such as \"{R}{R}{G}\""),
            std::string::npos)
      << two;
  for (const char* bad : {"\"R\"", "\"{}\"", "\"{R} {G}\"", "\"{R{G}\"", "\"{R\"", "[R]", "{R}"}) {
    const std::string e = first_error(head + "expect: {A: {mana_pool: " + bad + "}}\n");
    EXPECT_NE(e.find("bad.yaml:4:"), std::string::npos) << bad << ": " << e;
    EXPECT_NE(e.find("mana_pool"), std::string::npos) << bad << ": " << e;
  }
}

// A module whose games have no mana pool (RulesModule::mana_pool's default) fails the
// expectation, saying so.
TEST(ScenarioRunner, ManaPoolOfAModuleWithoutPoolsFails) {
  std::vector<Diagnostic> d;
  auto s = parse_scenario(kManaHead + "expect: {A: {mana_pool: \"\"}}\n", "toy.yaml", d);
  ASSERT_TRUE(s);
  const Result r = run_scenario(*s, toy_pool(), ToyRules{/*keeps_mana_pool=*/false});
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("A: rules module 'toy' keeps no mana pool"), std::string::npos)
      << r.message;
  EXPECT_TRUE(run_scenario(*s, toy_pool(), ToyRules{}).passed);
}

// The toy's Shock asks its caster for a target (players, then creatures); a player with nothing
// to do but pass is not asked, so B appears nowhere in this log:
// #1 A action: Cast Shock, #2 A target: player 1 (B), #3 A action: Pass.
const std::string kShockAtB = R"(
actions:
  - {player: A, cast: Shock, targets: [B]}
  - {resolve: true}
)";

TEST(ScenarioRunner, DecisionsContainsFindsEntriesInOrderByLabelOrTarget) {
  for (const char* contains :
       {"[{player: A, kind: target, picked: B}]",
        "[{picked: Cast Shock}, {kind: target, picked: player 1}, {player: A, picked: Pass}]",
        "[{player: A, kind: action, picked: Shock}, {player: A, kind: action}]"}) {
    const Result r = run(kShockAtB + "expect: {decisions: {contains: " + contains + "}}\n");
    EXPECT_TRUE(r.passed) << contains << ": " << r.message;
  }
  const Result order =
      run(kShockAtB + "expect: {decisions: {contains: [{kind: target}, {picked: Cast Shock}]}}\n");
  EXPECT_FALSE(order.passed);
  EXPECT_NE(order.message.find("decisions: no {picked: Cast Shock} in the log after the entries "
                               "before it matched: [#1 A action: Cast Shock, #2 A target: player "
                               "1 (B), #3 A action: Pass]"),
            std::string::npos)
      << order.message;
  const Result other_target =
      run(kShockAtB + "expect: {decisions: {contains: [{kind: target, picked: A}]}}\n");
  EXPECT_FALSE(other_target.passed);
  EXPECT_NE(other_target.message.find("decisions: no {kind: target, picked: A} in the log: [#1"),
            std::string::npos)
      << other_target.message;
  EXPECT_FALSE(run(kShockAtB + "expect: {decisions: {contains: [{player: B}]}}\n").passed);
  EXPECT_FALSE(run(kShockAtB + "expect: {decisions: {contains: [{kind: number}]}}\n").passed);
}

TEST(ScenarioRunner, DecisionsExactlyComparesTheWholeLog) {
  const Result whole = run(kShockAtB + R"(expect:
  decisions:
    exactly:
      - {player: A, kind: action, picked: Cast Shock}
      - {player: A, kind: target, picked: B}
      - {player: A, kind: action, picked: Pass}
)");
  EXPECT_TRUE(whole.passed) << whole.message;
  const Result shorter = run(kShockAtB + R"(expect:
  decisions: {exactly: [{picked: Cast Shock}, {picked: B}]}
)");
  EXPECT_FALSE(shorter.passed);
  EXPECT_NE(shorter.message.find("decisions: the log has 3 decisions, expected 2: [#1"),
            std::string::npos)
      << shorter.message;
  const Result wrong = run(kShockAtB + R"(expect:
  decisions: {exactly: [{picked: Cast Shock}, {player: A, picked: A}, {picked: Pass}]}
)");
  EXPECT_FALSE(wrong.passed);
  EXPECT_NE(wrong.message.find("decisions: #2 A target: player 1 (B), expected {player: A, "
                               "picked: A}"),
            std::string::npos)
      << wrong.message;
  EXPECT_TRUE(run("expect: {decisions: {exactly: []}}\n").passed) << "nothing was asked";
  EXPECT_FALSE(run(kShockAtB + "expect: {decisions: {exactly: []}}\n").passed);
}

TEST(ScenarioRunner, DecisionsAbsentFailsNamingTheDecisionThatMatches) {
  EXPECT_TRUE(
      run(kShockAtB + "expect: {decisions: {absent: [{player: B}, {kind: number}]}}\n").passed);
  const Result r = run(kShockAtB + "expect: {decisions: {absent: [{kind: target}]}}\n");
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("decisions: #2 A target: player 1 (B) matches {kind: target}, "
                           "expected none to"),
            std::string::npos)
      << r.message;
}

// Several picks are named in pick order; an attack of no creature is `picked: []`.
TEST(ScenarioRunner, DecisionsNameSeveralPicksAsAList) {
  const std::string attack =
      "actions: [{advance: attackers}, {player: A, attack: {Grizzly Bears: B}}]\n";
  EXPECT_TRUE(run(attack +
                  "expect: {decisions: {contains: [{kind: attackers, picked: [Grizzly Bears]}]}}\n")
                  .passed);
  EXPECT_TRUE(
      run(attack + "expect: {decisions: {contains: [{kind: attackers, picked: Grizzly Bears}]}}\n")
          .passed);
  EXPECT_FALSE(run(attack + "expect: {decisions: {contains: [{kind: attackers, picked: [Grizzly "
                            "Bears, Wall of Wood]}]}}\n")
                   .passed);
  EXPECT_FALSE(
      run(attack + "expect: {decisions: {contains: [{kind: attackers, picked: []}]}}\n").passed);
  EXPECT_TRUE(run("actions: [{advance: end}]\n"
                  "expect: {decisions: {contains: [{player: A, kind: attackers, picked: []}]}}\n")
                  .passed);
  EXPECT_TRUE(run("actions: [{player: A, cast: Coin}, {resolve: true}]\n"
                  "choices: {A: [{number: 3}]}\n"
                  "expect: {decisions: {contains: [{player: A, kind: number, picked: 3}]}}\n")
                  .passed);
}

// The log is not part of the game state: a refused action's rollback leaves the decisions
// answered before the refusal in it; the refused answer itself was never given.
TEST(ScenarioRunner, DecisionsOfARefusedActionStayInTheLog) {
  const Result r = run(R"(
actions:
  - {player: A, cast: Shock, targets: [{card: Coin}]}
expect:
  error: not a legal target
  decisions: {exactly: [{player: A, kind: action, picked: Cast Shock}]}
)");
  EXPECT_TRUE(r.passed) << r.message;
}

TEST(ScenarioParser, DecisionsAreReadStrictly) {
  const std::string head = "name: x\nrules: toy\nplayers: {A: }\nexpect:\n  decisions: ";
  const auto error_of = [&](const std::string& body) { return first_error(head + body + "\n"); };
  EXPECT_NE(error_of("[{player: A}]").find("bad.yaml:5:14: error: 'decisions' is a map"),
            std::string::npos);
  EXPECT_NE(error_of("{contain: [{player: A}]}").find("did you mean 'contains'"),
            std::string::npos);
  EXPECT_NE(error_of("{contains: [{kind: targt}]}")
                .find("bad.yaml:5:33: error: unknown decision kind 'targt'; did you mean 'target'"),
            std::string::npos)
      << error_of("{contains: [{kind: targt}]}");
  EXPECT_NE(error_of("{contains: [{player: C}]}").find("no player named 'C'"), std::string::npos);
  EXPECT_NE(error_of("{contains: [{who: A}]}").find("unknown key 'who'"), std::string::npos);
  EXPECT_NE(error_of("{contains: [{}]}").find("at least one of"), std::string::npos);
  EXPECT_NE(error_of("{contains: [A]}").find("a decision is a map"), std::string::npos);
  EXPECT_NE(error_of("{contains: []}").find("is empty"), std::string::npos);
  EXPECT_NE(error_of("{absent: []}").find("is empty"), std::string::npos);
  EXPECT_NE(error_of("{contains: [{player: A}], exactly: [{player: A}]}").find("both"),
            std::string::npos);
  EXPECT_NE(error_of("{}").find("needs 'contains', 'exactly' or 'absent'"), std::string::npos);
  EXPECT_NE(error_of("{contains: [{picked: {a: 1}}]}").find("'picked'"), std::string::npos);
  EXPECT_NE(error_of("{contains: [{kind: [target]}]}").find("bad.yaml:5:"), std::string::npos);
}

// RulesModule::term's default, which a module that does not override it (the toy) gives the
// command line: the classic wording of each key, and nullopt for a key there is not.
TEST(RulesModuleDefaults, TermGivesTheClassicWords) {
  const ToyRules rules;
  EXPECT_EQ(rules.term("cast"), "casts");
  EXPECT_EQ(rules.term("enter"), "{card} enters the battlefield under {player}");
  EXPECT_EQ(rules.term("life"), "life");
  EXPECT_EQ(rules.term("zone.library"), "library");
  EXPECT_EQ(rules.term("zone.graveyard"), "graveyard");
  EXPECT_EQ(rules.term("zone.battlefield"), "battlefield");
  EXPECT_EQ(rules.term("zone.command"), "command");
  EXPECT_EQ(rules.term("zone.exile"), "exile");
  EXPECT_EQ(rules.term("skip"),
            "pass until your next main phase (this turn's, from its upkeep or draw); it stops "
            "sooner when your opponent puts something on the stack, or when you must choose "
            "something else");
  EXPECT_EQ(rules.term("skipping"), "Passing until your first main phase to come.");
  EXPECT_EQ(RulesModule::term_keys().size(), 10u);
  for (std::string_view key : RulesModule::term_keys())
    EXPECT_EQ(rules.wording(key), rules.term(key)) << key;
}

TEST(RulesModuleDefaults, AnUnknownTermKeyIsNoWording) {
  const ToyRules rules;
  EXPECT_EQ(rules.term("zone.deck"), std::nullopt);
  EXPECT_EQ(rules.term(""), std::nullopt);
  try {
    (void)rules.wording("zone.deck");
    FAIL() << "wording of an unknown key";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("'zone.deck'"), std::string::npos) << e.what();
  }
}

// A module's own words: a word for some keys, nullopt (the classic wording) or its base's for the
// others; a pattern naming a field its key does not have, or with a brace unpaired, or an empty
// word, is refused with what is wrong.
class WordyRules : public ToyRules {
 public:
  explicit WordyRules(std::string enter) : enter_(std::move(enter)) {}
  std::optional<std::string> term(std::string_view key) const override {
    if (key == "cast") return "plays";
    if (key == "enter") return enter_;
    if (key == "life") return std::nullopt;
    if (key == "zone.exile") return "";
    if (key == "zone.command") return "hero {weapon}";
    return ToyRules::term(key);
  }

 private:
  std::string enter_;
};

std::string wording_error(const RulesModule& rules, std::string_view key) {
  try {
    (void)rules.wording(key);
  } catch (const LoadError& e) {
    return e.what();
  }
  return "no error";
}

TEST(RulesModuleDefaults, WordingIsTheModulesWordsChecked) {
  const WordyRules rules("{card} is summoned for {player}");
  EXPECT_EQ(rules.wording("cast"), "plays");
  EXPECT_EQ(rules.wording("enter"), "{card} is summoned for {player}");
  EXPECT_EQ(rules.wording("life"), "life");  // nullopt: the classic wording
  EXPECT_EQ(rules.wording("zone.library"), "library");
  EXPECT_EQ(rules.wording("zone.command"),
            "hero {weapon}");  // a plain word: its braces as they are
  EXPECT_EQ(wording_error(rules, "zone.exile"),
            "rules module's wording of 'zone.exile' is empty; return nullopt for the classic "
            "'exile'");
  EXPECT_EQ(wording_error(WordyRules("{who} is summoned"), "enter"),
            "rules module's wording of 'enter', '{who} is summoned': unknown field '{who}'; the "
            "fields are {card}, {player}");
  EXPECT_NE(wording_error(WordyRules("{card is summoned"), "enter").find("a '{' without its '}'"),
            std::string::npos);
  EXPECT_NE(wording_error(WordyRules("card} is summoned"), "enter").find("a '}' without its '{'"),
            std::string::npos);
  EXPECT_NE(wording_error(WordyRules("{} is summoned"), "enter").find("unknown field '{}'"),
            std::string::npos);
  EXPECT_NE(wording_error(WordyRules("{card:>9} is summoned"), "enter").find("unknown field"),
            std::string::npos);
  EXPECT_EQ(wording_error(WordyRules("{player} summons {card}"), "enter"), "no error");
}

// The command line checks every word before a game is told, and names the module and the plugin
// file whose words are bad.
TEST(RulesModuleDefaults, TheCommandLineNamesTheModuleWhoseWordsAreBad) {
  Registry registry;
  RegistryEntry entry;
  entry.kind = PluginKind::rules_module;
  entry.name = "wordy";
  entry.provider = "wordy-rules";
  entry.file = "/plugins/wordy-rules.so";
  entry.impl = std::make_shared<const WordyRules>("{card} is summoned for {player}");
  std::vector<RegistryEntry> entries;
  entries.push_back(std::move(entry));
  registry.commit(std::move(entries));
  const auto rules = registry.find<RulesModule>("wordy");
  ASSERT_NE(rules, nullptr);
  try {
    cli::check_rules_words(registry, "wordy", *rules);
    FAIL() << "zone.exile's empty word was not refused";
  } catch (const LoadError& e) {
    EXPECT_EQ(e.problem(),
              "rules module 'wordy' (plugin 'wordy-rules', /plugins/wordy-rules.so): wording of "
              "'zone.exile' is empty");
    EXPECT_EQ(e.hint(), "return nullopt for the classic 'exile'");
  }
  // A module the host added (no file), whose words are all good: nothing thrown.
  registry.add<RulesModule>("toy", std::make_shared<const ToyRules>());
  EXPECT_NO_THROW(cli::check_rules_words(registry, "toy", *registry.find<RulesModule>("toy")));
}

// An agent no scenario line could stand in for: it casts Shock whenever it may and aims it at
// the first option, its own player (the scenario agent only does what the actions say).
class ShockSelfAgent final : public Agent {
 public:
  std::string_view name() const override { return "shock-self"; }
  Answer choose(const DecisionView&, const Choice& choice) override {
    if (choice.kind == ChoiceKind::action)
      for (std::uint32_t i = 0; i < choice.options.size(); ++i)
        if (choice.options[i].label == "Cast Shock") return Answer{{i}};
    if (choice.kind == ChoiceKind::action)
      return Answer{{static_cast<std::uint32_t>(choice.options.size() - 1)}};
    return Answer{{0}};
  }
};

class ShockSelfFactory final : public AgentFactory {
 public:
  std::unique_ptr<Agent> make(const AgentOptions&) const override {
    return std::make_unique<ShockSelfAgent>();
  }
  std::string summary() const override { return "casts Shock at itself"; }
};

Result run_with_agent(const std::string& body) {
  Registry registry;
  registry.add<AgentFactory>("shock-self", std::make_shared<ShockSelfFactory>());
  std::vector<Diagnostic> d;
  auto s = parse_scenario(kHead + body, "toy.yaml", d);
  if (!s) {
    ADD_FAILURE() << (d.empty() ? "" : d.front().str());
    return {};
  }
  return run_scenario(*s, toy_pool(), ToyRules{}, &registry);
}

TEST(ScenarioRunner, AnAgentActionLetsTheAgentMakeThePlayersNextDecisionAndWhatFollows) {
  const Result r = run_with_agent(R"(
actions:
  - {player: A, agent: shock-self}
  - {resolve: true}
expect:
  A: {life: 18, graveyard: [Shock]}
  B: {life: 20}
  decisions:
    exactly:
      - {player: A, agent: shock-self, kind: action, picked: Cast Shock}
      - {player: A, agent: shock-self, kind: target, picked: A}
      - {player: A, agent: scenario, kind: action, picked: Pass}
)");
  EXPECT_TRUE(r.passed) << r.message;
  // The log a failure prints names the agent after the player.
  const Result wrong = run_with_agent(R"(
actions:
  - {player: A, agent: shock-self}
expect:
  decisions: {contains: [{player: A, agent: scenario, kind: target}]}
)");
  EXPECT_FALSE(wrong.passed);
  EXPECT_NE(wrong.message.find("#1 A (shock-self) action: Cast Shock"), std::string::npos)
      << wrong.message;
}

TEST(ScenarioRunner, AnUnknownAgentFailsAtItsNameWithASuggestion) {
  const Result r = run_with_agent("actions:\n  - {player: A, agent: shock-slef}\n");
  EXPECT_FALSE(r.passed);
  EXPECT_NE(r.message.find("toy.yaml:12:24: unknown agent 'shock-slef'; did you mean 'shock-self'"),
            std::string::npos)
      << r.message;
  // Without a registry there are no agents to make.
  EXPECT_NE(run("actions:\n  - {player: A, agent: shock-self}\n").message.find("no agents"),
            std::string::npos);
}

TEST(ScenarioParser, AnAgentActionTakesOnlyPlayerAgentAndUntil) {
  const std::string head = kHead + "actions:\n";
  EXPECT_NE(first_error(head + "  - {player: A, agent: shock-self, targets: [B]}\n")
                .find("an 'agent' action takes only 'player', 'agent' and 'until'"),
            std::string::npos);
  EXPECT_NE(first_error(head + "  - {player: A, cast: Shock, until: main}\n")
                .find("'until' belongs to an 'agent' action"),
            std::string::npos);
  EXPECT_NE(first_error(head + "  - {player: A, agent: shock-self}\n  - {undo: true}\n")
                .find("'undo' cannot take back an 'agent' action"),
            std::string::npos);
}

}  // namespace
}  // namespace anvil::testing
