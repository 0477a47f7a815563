// Rule 120.3: what damage does — life loss, poison from infect, loyalty, -1/-1 counters from
// wither and infect, marked damage, lifelink in the same event.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

TEST(RulesClassicDamage, LifelinkersTradeAndBothControllersGainAtOnce) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Lifelink Bear"}),
                                           player("B", {}, {"Lifelink Bear"})));
  t.a->pick(ChoiceKind::attackers, {"Lifelink Bear → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Lifelink Bear → Lifelink Bear"});
  std::vector<std::int32_t> life_when_dying;
  Connection c =
      t.game->bus().on_observe<ZoneChangeEvent>([&](const Game& g, const ZoneChangeEvent& e) {
        if (e.to.kind == ZoneKind::graveyard)
          life_when_dying.push_back(g.state().players[0].life + g.state().players[1].life);
      });
  fight(t);
  EXPECT_EQ(t.game->state().players[0].life, 22);
  EXPECT_EQ(t.game->state().players[1].life, 22);
  EXPECT_EQ(count(*t.game, ZoneRef::graveyard(kA)), 1u);
  EXPECT_EQ(count(*t.game, ZoneRef::graveyard(kB)), 1u);
  EXPECT_EQ(life_when_dying, (std::vector<std::int32_t>{44, 44}));  // gained before the SBA
  c.disconnect();
}

TEST(RulesClassicDamage, MarkedDamageSaturatesAtTheInt32LimitInsteadOfOverflowing) {
  // The kernel's default damage result overflowed the same way (found by tests/fuzz): marked
  // damage is an int32 and damage of any size must add to it without undefined behaviour.
  constexpr std::int32_t max = std::numeric_limits<std::int32_t>::max();
  auto t = table(standard_pool(), position("main1", player("A", {}, {}),
                                           player("B", {}, {"Hill Giant"})));
  const ObjectId giant = t.game->state().zone(ZoneRef::battlefield(kB)).objects.front();
  const Target target = Target::of(t.game->object(giant).ref());
  EXPECT_EQ(deal_damage(*t.game, ObjectId{}, target, max), max);
  EXPECT_EQ(deal_damage(*t.game, ObjectId{}, target, max), max);
  EXPECT_EQ(t.game->object(giant).damage, max);
}

TEST(RulesClassicDamage, InfectGivesPoisonToPlayersAndMinusCountersToCreatures) {
  auto t =
      table(standard_pool(), position("main1", player("A", {}, {"Infect Bear", "Plague Stinger"}),
                                      player("B", {}, {"Hill Giant"})));
  t.a->pick(ChoiceKind::attackers, {"Infect Bear → player 1", "Plague Stinger → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Hill Giant → Infect Bear"});
  fight(t);
  const Game& g = *t.game;
  EXPECT_EQ(g.state().players[1].life, 20);
  EXPECT_EQ(g.state().players[1].counters.get("poison"_sym), 1);
  const ObjectId giant = find(g, "Hill Giant", ZoneRef::battlefield(kB));
  ASSERT_TRUE(giant.valid());
  EXPECT_EQ(g.object(giant).counters.get("-1/-1"_sym), 2);
  EXPECT_EQ(g.object(giant).damage, 0);
  EXPECT_EQ(g.view(giant).power, 1);
}

TEST(RulesClassicDamage, WitherLeavesCountersNotDamageAndTheyOutlastCleanup) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Wither Bear"}),
                                           player("B", {}, {"Hill Giant"})));
  t.a->pick(ChoiceKind::attackers, {"Wither Bear → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Hill Giant → Wither Bear"});
  ASSERT_TRUE(advance_until(*t.game, [](const Game& g) { return g.state().turn.number == 3; }));
  const Game& g = *t.game;
  const ObjectId giant = find(g, "Hill Giant", ZoneRef::battlefield(kB));
  ASSERT_TRUE(giant.valid());
  EXPECT_EQ(g.object(giant).counters.get("-1/-1"_sym), 2);
  EXPECT_EQ(g.view(giant).toughness, 1);
  EXPECT_TRUE(find(g, "Wither Bear", ZoneRef::graveyard(kA)).valid());
}

TEST(RulesClassicDamage, DamageToAPlaneswalkerRemovesLoyaltyAndZeroLoyaltyDies) {
  auto t = table(
      standard_pool(),
      position("main1", player("A", {"Shock", "Shock"}, {"Grizzly Bears", "Mountain", "Mountain"}),
               player("B", {}, {"Ajani Test"})));
  Game& g = *t.game;
  const ObjectId ajani = find(g, "Ajani Test", ZoneRef::battlefield(kB));
  EXPECT_EQ(g.object(ajani).counters.get("loyalty"_sym), 3);
  t.a->act("Cast Shock").pick(ChoiceKind::target, {"Ajani Test"});
  ASSERT_TRUE(rules().advance(g));
  ASSERT_TRUE(rules().advance(g));
  ASSERT_TRUE(rules().advance(g));
  EXPECT_EQ(g.object(ajani).counters.get("loyalty"_sym), 1);
  t.a->pick(ChoiceKind::attackers, {"Grizzly Bears → Ajani Test"});
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  EXPECT_TRUE(find(g, "Ajani Test", ZoneRef::graveyard(kB)).valid());
  EXPECT_EQ(g.state().players[1].life, 20);
}

TEST(RulesClassicDamage, TenPoisonLoses) {
  PositionPlayer b = player("B", {}, {});
  b.counters = {{"poison", 9}};
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Plague Stinger"}), b));
  t.a->pick(ChoiceKind::attackers, {"Plague Stinger → player 1"});
  while (rules().advance(*t.game)) {
  }
  EXPECT_EQ(rules().outcome(*t.game), (std::vector<Outcome>{Outcome::won, Outcome::lost}));
  EXPECT_EQ(t.game->state().players[1].life, 20);
}

// The targets of a spell are offered without labels to an agent that reads none (BlindAgent,
// fixture.hpp) and with them to one that does: the same targets in the same order, the same pick.
TEST(RulesClassicDamage, TargetsAreOfferedWithoutLabelsToALabelBlindAgentOnly) {
  struct Seen {
    std::vector<std::string> labels;
    std::vector<Target> targets;
    bool bears_died = false;
  };
  auto cast_shock = [](bool blind) {
    auto t = table(standard_pool(), position("main1", player("A", {"Shock"}, {"Mountain"}),
                                             player("B", {}, {"Grizzly Bears"})));
    Game& g = *t.game;
    const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::battlefield(kB));
    Seen seen;
    // Shock by what the option names, not by its label (a blind agent's actions have none).
    t.a->then(ChoiceKind::action, [&](const Choice& c) {
      for (std::uint32_t i = 0; i < c.options.size(); ++i)
        if (c.options[i].target.is_object() &&
            g.card(c.options[i].target.object.id).name == "Shock")
          return Answer{{i}};
      return Answer{{*c.pass}};
    });
    t.a->then(ChoiceKind::target, [&](const Choice& c) {
      std::uint32_t pick = 0;
      for (std::uint32_t i = 0; i < c.options.size(); ++i) {
        seen.labels.push_back(c.options[i].label);
        seen.targets.push_back(c.options[i].target);
        if (c.options[i].target.is_object() && c.options[i].target.object.id == bears) pick = i;
      }
      return Answer{{pick}};
    });
    if (blind) g.seat(kA, std::make_shared<BlindAgent>(t.a));
    // Cast, both pass, Shock resolves, the state-based actions put the Bears in the graveyard.
    for (int i = 0; i < 6 && !find(g, "Grizzly Bears", ZoneRef::graveyard(kB)).valid(); ++i)
      if (!rules().advance(g)) break;
    seen.bears_died = find(g, "Grizzly Bears", ZoneRef::graveyard(kB)).valid();
    return seen;
  };
  const Seen sighted = cast_shock(false), blind = cast_shock(true);
  ASSERT_EQ(sighted.targets.size(), 3u);  // the Bears and the two players
  for (const std::string& label : sighted.labels) EXPECT_FALSE(label.empty());
  EXPECT_EQ(blind.labels, std::vector<std::string>(3));
  EXPECT_EQ(blind.targets, sighted.targets);
  EXPECT_TRUE(sighted.bears_died);
  EXPECT_TRUE(blind.bears_died);
}

}  // namespace
}  // namespace anvil::classic_test
