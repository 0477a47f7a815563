// Combat: declarations with legality checks and refusal, flying and reach, first and double
// strike, trample with deathtouch, free division among blockers, "blocked" staying blocked.
#include <gtest/gtest.h>

#include <map>
#include <string>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// Runs the combat of the position's turn to its end.
std::vector<std::int64_t> values(const Choice& c) {
  std::vector<std::int64_t> out;
  for (const Option& o : c.options) out.push_back(o.value);
  return out;
}

Answer pick_value(const Choice& c, std::int64_t v) {
  for (std::uint32_t i = 0; i < c.options.size(); ++i)
    if (c.options[i].value == v) return Answer{{i}};
  throw std::runtime_error("no value " + std::to_string(v) + " in '" + c.prompt + "'");
}

TEST(RulesClassicCombat, AnIllegalAttackIsRolledBackAndAskedAgainWithTheReason) {
  PositionPlayer a = player("A", {}, {"Savannah Lions"});
  a.battlefield.push_back(card("Grizzly Bears", /*sick=*/true));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  std::uint64_t first_hash = 0, second_hash = 0;
  std::string refused;
  std::size_t pending = 99;
  // First everything, with the summoning-sick Grizzly Bears; then only the Lions.
  t.a->then(ChoiceKind::attackers,
            [&](const Choice&) {
              first_hash = hash(g.state());
              return Answer{{0, 1}};
            })
      .then(ChoiceKind::attackers, [&](const Choice& c) {
        second_hash = hash(g.state());
        refused = c.refused;
        pending = g.state().pending_triggers.size();
        for (std::uint32_t i = 0; i < c.options.size(); ++i)
          if (c.options[i].label == "Savannah Lions → player 1") return Answer{{i}};
        return Answer{};
      });
  fight(t);
  EXPECT_EQ(refused, "Grizzly Bears has summoning sickness");
  EXPECT_EQ(first_hash, second_hash);
  EXPECT_EQ(pending, 0u);
  EXPECT_EQ(g.state().players[1].life, 19);
  EXPECT_FALSE(g.object(find(g, "Grizzly Bears", ZoneRef::battlefield(kA))).tapped);
  EXPECT_TRUE(g.object(find(g, "Savannah Lions", ZoneRef::battlefield(kA))).tapped);
}

// What `anvil play` shows beside each permanent (RulesModule::object_status): the kernel's status,
// the keywords, the counters by kind, and each creature's part in combat, namesakes numbered as
// the declarations name them.
TEST(RulesClassicCombat, ObjectStatusShowsCountersKeywordsAndCombat) {
  PositionPlayer a = player("A", {"Serra Angel"}, {"Grizzly Bears", "Serra Angel"});
  PositionCard bigger = card("Grizzly Bears");
  bigger.counters = {{"+1/+1", 1}, {"charge", 2}};
  a.battlefield.push_back(bigger);
  PositionPlayer b = player("B", {}, {"Hill Giant"});
  b.battlefield.push_back(card("Wind Drake", /*sick=*/true));
  auto t = table(standard_pool(), position("main1", a, b));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::attackers, {"Grizzly Bears #1 → player 1", "Grizzly Bears #2 → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Hill Giant → Grizzly Bears #2"});
  ASSERT_TRUE(run_to_step(g, "damage"));  // entered: damage dealt, deaths not yet checked
  const auto& mine = g.state().zone(ZoneRef::battlefield(kA)).objects;
  EXPECT_EQ(rules().object_status(g, mine[0]), "tapped, attacking player 1");
  EXPECT_EQ(rules().object_status(g, mine[1]), "Flying, Vigilance");
  EXPECT_EQ(rules().object_status(g, mine[2]),
            "tapped, 3 damage, 1 +1/+1 counter, 2 other counters, attacking player 1, blocked");
  EXPECT_EQ(rules().object_status(g, find(g, "Hill Giant", ZoneRef::battlefield(kB))),
            "3 damage, blocking Grizzly Bears #2");
  EXPECT_EQ(rules().object_status(g, find(g, "Wind Drake", ZoneRef::battlefield(kB))),
            "sick, Flying");
  EXPECT_EQ(rules().object_status(g, find(g, "Serra Angel", ZoneRef::hand(kA))),
            "Flying, Vigilance");  // off the battlefield: what it has
}

TEST(RulesClassicCombat, OnlyFlyingOrReachBlocksAFlyer) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Wind Drake"}),
                                           player("B", {}, {"Grizzly Bears", "Giant Spider"})));
  t.a->pick(ChoiceKind::attackers, {"Wind Drake → player 1"});
  std::string refused;
  t.b->pick(ChoiceKind::blockers, {"Grizzly Bears → Wind Drake"})
      .then(ChoiceKind::blockers, [&](const Choice& c) {
        refused = c.refused;
        for (std::uint32_t i = 0; i < c.options.size(); ++i)
          if (c.options[i].label == "Giant Spider → Wind Drake") return Answer{{i}};
        return Answer{};
      });
  fight(t);
  EXPECT_EQ(refused, "Grizzly Bears cannot block Wind Drake, which has flying");
  EXPECT_TRUE(find(*t.game, "Wind Drake", ZoneRef::graveyard(kA)).valid());
  EXPECT_EQ(t.game->object(find(*t.game, "Giant Spider", ZoneRef::battlefield(kB))).damage, 2);
  EXPECT_EQ(t.game->state().players[1].life, 20);
}

// Every creature is offered, and the pairs no legal declaration can hold say why (Option::barred),
// so that agents can leave them alone; picking one anyway is refused with that same text.
TEST(RulesClassicCombat, PairsNoDeclarationCanHoldAreOfferedMarkedWithTheReason) {
  PositionPlayer a = player("A", {}, {"Savannah Lions", "Wind Drake"});
  a.battlefield.push_back(card("Grizzly Bears", /*sick=*/true));
  PositionPlayer b = player("B", {}, {"Giant Spider", "Hill Giant"});
  PositionCard tapped = card("Grizzly Bears");
  tapped.tapped = true;
  b.battlefield.push_back(tapped);
  auto t = table(standard_pool(), position("main1", a, b));
  std::map<std::string, std::string> attack_bars, block_bars;
  t.a->then(ChoiceKind::attackers, [&](const Choice& c) {
    for (const Option& o : c.options) attack_bars[o.label] = o.barred;
    Answer all;
    for (std::uint32_t i = 0; i < c.options.size(); ++i)
      if (c.options[i].barred.empty()) all.picks.push_back(i);
    return all;
  });
  t.b->then(ChoiceKind::blockers, [&](const Choice& c) {
    for (const Option& o : c.options) block_bars[o.label] = o.barred;
    return Answer{};
  });
  fight(t);
  EXPECT_EQ(attack_bars, (std::map<std::string, std::string>{
                             {"Savannah Lions → player 1", ""},
                             {"Wind Drake → player 1", ""},
                             {"Grizzly Bears → player 1", "Grizzly Bears has summoning sickness"}}));
  EXPECT_EQ(block_bars,
            (std::map<std::string, std::string>{
                {"Giant Spider → Savannah Lions", ""},
                {"Giant Spider → Wind Drake", ""},
                {"Hill Giant → Savannah Lions", ""},
                {"Hill Giant → Wind Drake", "Hill Giant cannot block Wind Drake, which has flying"},
                {"Grizzly Bears → Savannah Lions", "Grizzly Bears is tapped"},
                {"Grizzly Bears → Wind Drake", "Grizzly Bears is tapped"}}));
  EXPECT_EQ(t.game->state().players[1].life, 20 - 1 - 2);  // the Lions and the Drake, unblocked
}

TEST(RulesClassicCombat, AnAgentThatKeepsDeclaringIllegalBlocksEndsTheGameWithAnError) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Wind Drake"}),
                                           player("B", {}, {"Grizzly Bears"})));
  t.a->pick(ChoiceKind::attackers, {"Wind Drake → player 1"});
  for (int i = 0; i < 1000; ++i) t.b->pick(ChoiceKind::blockers, {"Grizzly Bears → Wind Drake"});
  try {
    run_to_step(*t.game, "end_combat");
    FAIL() << "a thousand refused declarations were accepted or asked again";
  } catch (const RulesError& e) {
    EXPECT_EQ(std::string(e.what()),
              "Declare blockers: 1000 declarations in a row were refused; the last: Grizzly Bears "
              "cannot block Wind Drake, which has flying");
  }
  EXPECT_EQ(t.b->pending(), 0u);  // every one of them was asked
}

// A refused block declaration is asked again with an example the rules accept
// (Choice::legal_example): with Prized Unicorn ("all creatures able to block Prized Unicorn do
// so") among three attackers, the only legal declaration sends every creature at the Unicorn,
// one in 64 of the ways B's three creatures could block. Given back, the example stands.
TEST(RulesClassicCombat, ARefusedBlockDeclarationComesWithADeclarationTheRulesAccept) {
  auto cards = classic_core_pool();
  ASSERT_NE(cards, nullptr);
  auto t = table(
      cards, position("main1", player("A", {}, {"Prized Unicorn", "Grizzly Bears", "Hill Giant"}),
                      player("B", {}, {"Runeclaw Bear", "Wall of Wood", "Giant Spider"})));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::attackers,
            {"Prized Unicorn → player 1", "Grizzly Bears → player 1", "Hill Giant → player 1"});
  std::vector<std::uint32_t> first_example{99};
  std::vector<std::string> example_labels;
  std::string refused;
  t.b->then(ChoiceKind::blockers,
            [&](const Choice& c) {
              first_example = c.legal_example;  // none yet: nothing was refused
              return Answer{};
            })
      .then(ChoiceKind::blockers, [&](const Choice& c) {
        refused = c.refused;
        for (std::uint32_t i : c.legal_example) example_labels.push_back(c.options.at(i).label);
        return Answer{c.legal_example};
      });
  fight(t);
  EXPECT_TRUE(first_example.empty());
  EXPECT_EQ(refused,
            "all creatures able to block Prized Unicorn do so, and Runeclaw Bear can (the "
            "declaration obeys 0 of the 3 block requirements it could)");
  EXPECT_EQ(example_labels, (std::vector<std::string>{"Runeclaw Bear → Prized Unicorn",
                                                      "Wall of Wood → Prized Unicorn",
                                                      "Giant Spider → Prized Unicorn"}));
  EXPECT_EQ(t.b->pending(), 0u);
  EXPECT_FALSE(find(g, "Prized Unicorn", ZoneRef::battlefield(kA)).valid());
  EXPECT_EQ(g.state().players[1].life, 15);  // the Bears' 2 and the Giant's 3
}

// So is a refused attack: with Bloodrock Cyclops ("attacks each combat if able"), the example
// sends the Cyclops alone, the Bears staying home.
TEST(RulesClassicCombat, ARefusedAttackComesWithAnAttackTheRulesAccept) {
  auto cards = classic_core_pool();
  ASSERT_NE(cards, nullptr);
  auto t = table(cards, position("main1", player("A", {}, {"Grizzly Bears", "Bloodrock Cyclops"}),
                                 player("B", {}, {})));
  Game& g = *t.game;
  std::vector<std::string> example_labels;
  std::string refused;
  t.a->then(ChoiceKind::attackers, [&](const Choice&) { return Answer{}; })
      .then(ChoiceKind::attackers, [&](const Choice& c) {
        refused = c.refused;
        for (std::uint32_t i : c.legal_example) example_labels.push_back(c.options.at(i).label);
        return Answer{c.legal_example};
      });
  fight(t);
  EXPECT_EQ(refused, "Bloodrock Cyclops attacks each combat if able");
  EXPECT_EQ(example_labels, std::vector<std::string>{"Bloodrock Cyclops → player 1"});
  EXPECT_EQ(t.a->pending(), 0u);
  EXPECT_EQ(g.state().players[1].life, 17);
}

// A search agent copies the game while it is asked a declaration and plays the copy forward to
// try answers: the copy must ask the same declaration again and go on as the game itself does.
TEST(RulesClassicCombat, ACopyTakenDuringADeclarationAsksItAgainAndGoesOnAlike) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {}, {"Savannah Lions", "Grizzly Bears"}),
                          player("B", {}, {"Giant Spider"})));
  Game& g = *t.game;
  std::unique_ptr<Game> at_attack, at_block;
  const std::vector<std::string> attack = {"Savannah Lions → player 1",
                                           "Grizzly Bears → player 1"};
  const std::vector<std::string> block = {"Giant Spider → Grizzly Bears"};
  // Each declaration is copied as it is asked, then answered as the copies will answer it.
  t.a->then(ChoiceKind::attackers, [&](const Choice& c) {
    at_attack = g.fork();
    std::vector<std::uint32_t> picks;
    for (std::uint32_t i = 0; i < c.options.size(); ++i)
      if (std::find(attack.begin(), attack.end(), c.options[i].label) != attack.end())
        picks.push_back(i);
    return Answer{picks};
  });
  t.b->then(ChoiceKind::blockers, [&](const Choice& c) {
    at_block = g.fork();
    for (std::uint32_t i = 0; i < c.options.size(); ++i)
      if (c.options[i].label == block[0]) return Answer{{i}};
    return Answer{};
  });
  fight(t);
  ASSERT_TRUE(at_attack && at_block);
  EXPECT_EQ(g.state().players[1].life, 19);  // the Lions; the Bears blocked
  const std::uint64_t after_combat = hash(g.state());

  for (Game* copy : {at_attack.get(), at_block.get()}) {
    auto a = std::make_shared<TestAgent>(), b = std::make_shared<TestAgent>();
    a->pick(ChoiceKind::attackers, attack);
    b->pick(ChoiceKind::blockers, block);
    copy->seat(kA, a);
    copy->seat(kB, b);
    ASSERT_TRUE(run_to_step(*copy, "end_combat"));
    // The copy taken at the attack asks it again, then the block; the one taken at the block
    // asks only the block: the attack was declared before it was taken.
    const std::size_t attacks = copy == at_attack.get() ? 1 : 0;
    EXPECT_EQ(std::count_if(a->asked.begin(), a->asked.end(),
                            [](const Choice& c) { return c.kind == ChoiceKind::attackers; }),
              attacks);
    EXPECT_EQ(std::count_if(b->asked.begin(), b->asked.end(),
                            [](const Choice& c) { return c.kind == ChoiceKind::blockers; }),
              1);
    EXPECT_EQ(hash(copy->state()), after_combat);
  }
}

TEST(RulesClassicCombat, FirstStrikeKillsTheBlockerBeforeItDealsDamage) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"First Bear"}),
                                           player("B", {}, {"Grizzly Bears"})));
  t.a->pick(ChoiceKind::attackers, {"First Bear → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Grizzly Bears → First Bear"});
  fight(t);
  EXPECT_TRUE(find(*t.game, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
  const ObjectId bear = find(*t.game, "First Bear", ZoneRef::battlefield(kA));
  ASSERT_TRUE(bear.valid());
  EXPECT_EQ(t.game->object(bear).damage, 0);
}

TEST(RulesClassicCombat, DoubleStrikeWithoutTrampleDealsNothingOnceItsBlockerIsGone) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Double Bear"}),
                                           player("B", {}, {"Savannah Lions"})));
  t.a->pick(ChoiceKind::attackers, {"Double Bear → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Savannah Lions → Double Bear"});
  fight(t);
  EXPECT_TRUE(find(*t.game, "Savannah Lions", ZoneRef::graveyard(kB)).valid());
  EXPECT_EQ(t.game->state().players[1].life, 20);
  EXPECT_EQ(t.game->object(find(*t.game, "Double Bear", ZoneRef::battlefield(kA))).damage, 0);
}

TEST(RulesClassicCombat, DoubleStrikeWithTrampleGoesThroughInTheSecondStep) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Double Trampler"}),
                                           player("B", {}, {"Savannah Lions"})));
  t.a->pick(ChoiceKind::attackers, {"Double Trampler → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Savannah Lions → Double Trampler"});
  std::vector<std::int64_t> offered;
  t.a->then(ChoiceKind::number, [&](const Choice& c) {
    offered = values(c);
    return pick_value(c, 1);
  });
  fight(t);
  EXPECT_EQ(offered, (std::vector<std::int64_t>{1, 2, 3}));
  EXPECT_EQ(t.game->state().players[1].life, 20 - 2 - 3);
}

TEST(RulesClassicCombat, TrampleNeedsLethalOnEveryBlockerAndDeathtouchMakesOneLethal) {
  for (const bool deathtouch : {false, true}) {
    const std::string attacker = deathtouch ? "Deadly Trampler" : "Colossal Trampler";
    PositionPlayer b = player("B", {}, {});
    b.battlefield.push_back(card("Grizzly Bears"));
    b.battlefield.back().damage = 1;
    b.battlefield.push_back(card("Hill Giant"));
    auto t = table(standard_pool(), position("main1", player("A", {}, {attacker}), b));
    t.a->pick(ChoiceKind::attackers, {attacker + " → player 1"});
    t.b->pick(ChoiceKind::blockers, {"Grizzly Bears → " + attacker, "Hill Giant → " + attacker});
    std::vector<std::int64_t> to_bears, to_giant;
    t.a->then(ChoiceKind::number,
              [&](const Choice& c) {
                EXPECT_EQ(c.prompt, "damage to Grizzly Bears");
                to_bears = values(c);
                return Answer{{0}};  // the least: lethal
              })
        .then(ChoiceKind::number, [&](const Choice& c) {
          to_giant = values(c);
          return Answer{{0}};
        });
    fight(t);
    if (deathtouch) {
      EXPECT_EQ(to_bears, (std::vector<std::int64_t>{1, 2, 3, 4}));
      EXPECT_EQ(to_giant, (std::vector<std::int64_t>{1, 2, 3, 4}));
      EXPECT_EQ(t.game->state().players[1].life, 17);
      EXPECT_TRUE(find(*t.game, "Hill Giant", ZoneRef::graveyard(kB)).valid());
    } else {
      EXPECT_EQ(to_bears, (std::vector<std::int64_t>{1, 2}));
      EXPECT_EQ(to_giant, (std::vector<std::int64_t>{3, 4}));
      EXPECT_EQ(t.game->state().players[1].life, 19);
    }
    EXPECT_TRUE(find(*t.game, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
  }
}

TEST(RulesClassicCombat, ABlockedCreatureDividesItsDamageFreelyWithoutAnOrder) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Gorilla Titan"}),
                                           player("B", {}, {"Hill Giant", "Grizzly Bears"})));
  t.a->pick(ChoiceKind::attackers, {"Gorilla Titan → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Hill Giant → Gorilla Titan", "Grizzly Bears → Gorilla Titan"});
  std::vector<std::int64_t> offered;
  t.a->then(ChoiceKind::number, [&](const Choice& c) {
    offered = values(c);
    return pick_value(c, 0);  // nothing to the Hill Giant: all 4 on the Bears
  });
  fight(t);
  EXPECT_EQ(offered, (std::vector<std::int64_t>{0, 1, 2, 3, 4}));
  EXPECT_TRUE(find(*t.game, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
  EXPECT_EQ(t.game->object(find(*t.game, "Hill Giant", ZoneRef::battlefield(kB))).damage, 0);
  EXPECT_TRUE(find(*t.game, "Gorilla Titan", ZoneRef::graveyard(kA)).valid());  // 3 + 2 damage
}

TEST(RulesClassicCombat, AnAttackerStaysBlockedWhenItsOnlyBlockerLeaves) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Bolt Creature"}, {"Hill Giant", "Mountain"}),
                          player("B", {}, {"Grizzly Bears"})));
  t.a->pick(ChoiceKind::attackers, {"Hill Giant → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Grizzly Bears → Hill Giant"});
  ASSERT_TRUE(run_to_step(*t.game, "blockers"));
  t.a->act("Cast Bolt Creature").pick(ChoiceKind::target, {"Grizzly Bears"});
  fight(t);
  EXPECT_TRUE(find(*t.game, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
  EXPECT_EQ(t.game->state().players[1].life, 20);
  EXPECT_EQ(t.a->pending(), 0u);
}

TEST(RulesClassicCombat, HasteVigilanceAndDefender) {
  PositionPlayer a = player("A", {}, {"Serra Angel", "Wall of Stone"});
  a.battlefield.push_back(card("Raging Goblin", /*sick=*/true));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  std::string refused;
  t.a->pick(ChoiceKind::attackers, {"Wall of Stone → player 1"})
      .then(ChoiceKind::attackers, [&](const Choice& c) {
        refused = c.refused;
        Answer ans;
        for (std::uint32_t i = 0; i < c.options.size(); ++i)
          if (!c.options[i].label.starts_with("Wall")) ans.picks.push_back(i);
        return ans;
      });
  fight(t);
  EXPECT_EQ(refused, "Wall of Stone has defender");
  EXPECT_EQ(t.game->state().players[1].life, 20 - 4 - 1);
  EXPECT_FALSE(t.game->object(find(*t.game, "Serra Angel", ZoneRef::battlefield(kA))).tapped);
  EXPECT_TRUE(t.game->object(find(*t.game, "Raging Goblin", ZoneRef::battlefield(kA))).tapped);
}

TEST(RulesClassicCombat, DeathtouchKillsAnyBlockerAndIndestructibleSurvivesLethalDamage) {
  auto t =
      table(standard_pool(), position("main1", player("A", {}, {"Vampire Nighthawk", "Hill Giant"}),
                                      player("B", {}, {"Gorilla Titan", "Darksteel Myr"})));
  t.a->pick(ChoiceKind::attackers, {"Vampire Nighthawk → player 1", "Hill Giant → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Darksteel Myr → Hill Giant"});
  fight(t);
  // The Titan cannot block the flyer; the Myr blocks the Giant and survives 3 damage.
  EXPECT_EQ(t.game->state().players[1].life, 18);
  EXPECT_EQ(t.game->state().players[0].life, 22);
  const ObjectId myr = find(*t.game, "Darksteel Myr", ZoneRef::battlefield(kB));
  ASSERT_TRUE(myr.valid());
  EXPECT_EQ(t.game->object(myr).damage, 3);
}

TEST(RulesClassicCombat, ADeathtouchBlockerKillsABigAttacker) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Gorilla Titan"}),
                                           player("B", {}, {"Vampire Nighthawk"})));
  t.a->pick(ChoiceKind::attackers, {"Gorilla Titan → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Vampire Nighthawk → Gorilla Titan"});
  fight(t);
  EXPECT_TRUE(find(*t.game, "Gorilla Titan", ZoneRef::graveyard(kA)).valid());
  EXPECT_TRUE(find(*t.game, "Vampire Nighthawk", ZoneRef::graveyard(kB)).valid());
  EXPECT_EQ(t.game->state().players[1].life, 22);  // lifelink
}

// With a planeswalker to attack as well, each creature is offered twice, one defender after the
// other: a creature declared against both is refused (the twice-declared look goes through the
// earlier picks), the planeswalker comes after the player, and a legal attack is then made.
TEST(RulesClassicCombat, ACreatureDeclaredAgainstTwoDefendersIsRefusedAndThenAttacksOne) {
  auto cards = pool({CardSpec{.name = "Test Bear",
                              .cost = "{1}{G}",
                              .types = {"Creature"},
                              .power = 2,
                              .toughness = 2},
                     CardSpec{.name = "Test Walker",
                              .cost = "{2}{W}",
                              .supertypes = {"Legendary"},
                              .types = {"Planeswalker"},
                              .loyalty = 3}});
  auto t = table(cards, position("main1", player("A", {}, {"Test Bear"}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId walker = g.add_card(*g.cards().find("Test Walker"), kB, ZoneRef::battlefield(kB));
  add_counters(g, Target::of(g.object(walker).ref()), "loyalty"_sym, 3);
  std::vector<std::string> labels;
  std::string refused;
  t.a->then(ChoiceKind::attackers,
            [&](const Choice& c) {
              for (const Option& o : c.options) labels.push_back(o.label);
              return Answer{{0, 1}};
            })
      .then(ChoiceKind::attackers, [&](const Choice& c) {
        refused = c.refused;
        return Answer{{0}};
      });
  fight(t);
  EXPECT_EQ(labels, (std::vector<std::string>{"Test Bear → player 1", "Test Bear → Test Walker"}));
  EXPECT_EQ(refused, "Test Bear is declared as an attacker twice");
  EXPECT_EQ(g.state().players[1].life, 18);
}

// An agent that reads no label (BlindAgent, fixture.hpp) is offered the declarations of attackers
// and of blockers without labels (docs/performance.md, "Combat: one walk…"): the same options
// otherwise, the same picks, the same decision log. The test keeps its first name, which older
// sections of docs/performance.md cite.
TEST(RulesClassicCombat, AttackersAreOfferedWithoutLabelsToALabelBlindAgentOnly) {
  struct Seen {
    std::vector<std::string> labels, barred, block_labels, block_barred;
    std::vector<std::int64_t> values;
    std::vector<std::uint32_t> targets;
    std::size_t decisions = 0;
    std::int32_t life = 0;
  };
  auto declare = [](bool blind) {
    PositionPlayer a = player("A", {}, {"Savannah Lions", "Wind Drake"});
    a.battlefield.push_back(card("Grizzly Bears", /*sick=*/true));
    auto t = table(standard_pool(), position("main1", a, player("B", {}, {"Hill Giant"})));
    Seen seen;
    t.a->then(ChoiceKind::attackers, [&](const Choice& c) {
      for (const Option& o : c.options) {
        seen.labels.push_back(o.label);
        seen.barred.push_back(o.barred);
        seen.values.push_back(o.value);
        seen.targets.push_back(o.target.object.id.value);
      }
      return Answer{{0, 1}};  // the Lions and the Drake
    });
    t.b->then(ChoiceKind::blockers, [&](const Choice& c) {
      for (const Option& o : c.options) {
        seen.block_labels.push_back(o.label);
        seen.block_barred.push_back(o.barred);
      }
      return Answer{};
    });
    if (blind) {
      t.game->seat(kA, std::make_shared<BlindAgent>(t.a));
      t.game->seat(kB, std::make_shared<BlindAgent>(t.b));
    }
    fight(t);
    seen.decisions = t.game->decisions().size();
    seen.life = t.game->state().players[1].life;
    return seen;
  };
  const Seen sighted = declare(false), blind = declare(true);
  EXPECT_EQ(sighted.labels,
            (std::vector<std::string>{"Savannah Lions → player 1", "Wind Drake → player 1",
                                      "Grizzly Bears → player 1"}));
  EXPECT_EQ(sighted.block_labels,
            (std::vector<std::string>{"Hill Giant → Savannah Lions", "Hill Giant → Wind Drake"}));
  EXPECT_EQ(blind.labels, std::vector<std::string>(3));
  EXPECT_EQ(blind.block_labels, std::vector<std::string>(2));  // nor to a label-blind defender
  EXPECT_EQ(blind.block_barred, sighted.block_barred);
  EXPECT_EQ(blind.barred, sighted.barred);
  EXPECT_EQ(blind.values, sighted.values);
  EXPECT_EQ(blind.targets, sighted.targets);
  EXPECT_EQ(blind.decisions, sighted.decisions);
  EXPECT_EQ(blind.life, sighted.life);
  EXPECT_EQ(sighted.life, 20 - 2 - 1);
}

std::vector<const Choice*> asked(const TestAgent& agent, ChoiceKind kind) {
  std::vector<const Choice*> out;
  for (const Choice& c : agent.asked)
    if (c.kind == kind) out.push_back(&c);
  return out;
}

std::vector<std::string> bars(const Choice& c) {
  std::vector<std::string> out;
  for (const Option& o : c.options) out.push_back(o.barred);
  return out;
}

// The declaration of attackers fills lists the game keeps from one declaration to the next
// (AttackDeclarationLists, classic_cache.hpp): each declaration offers its own player's creatures
// alone, with their own bars, whatever the one before held. The prompt is made only for an agent
// that reads prompts.
TEST(RulesClassicCombat, EachDeclarationOfAttackersOffersItsOwnCreaturesOnly) {
  PositionPlayer a = player("A", {}, {"Savannah Lions", "Wind Drake"});
  a.battlefield.push_back(card("Grizzly Bears", /*sick=*/true));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {"Hill Giant"})));
  Game& g = *t.game;
  g.seat(kB, std::make_shared<PromptBlindAgent<>>(t.b));
  t.a->pick(ChoiceKind::attackers, {"Wind Drake → player 1"});
  ASSERT_TRUE(advance_until(g, [&](const Game&) {
    return asked(*t.a, ChoiceKind::attackers).size() == 2;  // A's, B's, then A's again
  }));
  const std::vector<const Choice*> as = asked(*t.a, ChoiceKind::attackers);
  const std::vector<const Choice*> bs = asked(*t.b, ChoiceKind::attackers);
  ASSERT_EQ(bs.size(), 1u);
  EXPECT_EQ(bars(*as[0]),
            (std::vector<std::string>{"", "", "Grizzly Bears has summoning sickness"}));
  EXPECT_EQ(bs[0]->options.size(), 1u);  // the Hill Giant alone
  EXPECT_EQ(bars(*bs[0]), std::vector<std::string>{""});
  EXPECT_EQ(bs[0]->options[0].target.object.id, find(g, "Hill Giant", ZoneRef::battlefield(kB)));
  EXPECT_EQ(bars(*as[1]), std::vector<std::string>(3));  // untapped, and the Bears no longer sick
  EXPECT_EQ(as[0]->prompt, "Declare attackers");
  EXPECT_EQ(as[1]->prompt, "Declare attackers");
  EXPECT_EQ(bs[0]->prompt, "");  // B reads no prompt
}

// The blockers and damage steps and the end of combat remember finding no combat mark (from the
// declaration of attackers, when it found none and declared nothing), and look again only after
// an edit that could give one: a mark written after an empty declaration (as an effect putting a
// creature onto the battlefield attacking would write it) makes an attacker that deals damage,
// and a rollback to a declared attack brings its attacker back after a look that found none.
TEST(RulesClassicCombat, CombatMarksGivenAfterTheLookForNoneAreSeen) {
  const auto mark_attacking = [](Game& g, ObjectId id, std::int64_t value) {
    g.journal().set_attr(id, "in_combat"_sym,
                         value == 0 ? 0 : static_cast<std::int64_t>(g.object(id).zone_changes) + 1);
    g.journal().set_attr(id, "attacking"_sym, value);  // player 1 → 2
  };
  {
    auto t = table(standard_pool(),
                   position("main1", player("A", {}, {"Savannah Lions"}), player("B", {}, {})));
    Game& g = *t.game;
    t.a->then(ChoiceKind::attackers, [](const Choice&) { return Answer{}; });  // nothing
    ASSERT_TRUE(run_to_step(g, "attackers"));
    mark_attacking(g, find(g, "Savannah Lions", ZoneRef::battlefield(kA)), 2);
    ASSERT_TRUE(run_to_step(g, "end_combat"));
    EXPECT_EQ(g.state().players[1].life, 19);
  }
  auto t = table(standard_pool(),
                 position("main1", player("A", {}, {"Savannah Lions"}), player("B", {}, {})));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::attackers, {"Savannah Lions → player 1"});
  ASSERT_TRUE(run_to_step(g, "attackers"));
  const Journal::Checkpoint cp = g.journal().checkpoint();
  mark_attacking(g, find(g, "Savannah Lions", ZoneRef::battlefield(kA)), 0);  // none: remembered
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  EXPECT_EQ(g.state().players[1].life, 20);
  g.journal().rollback(cp);
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  EXPECT_EQ(g.state().players[1].life, 19);
}

}  // namespace
}  // namespace anvil::classic_test
