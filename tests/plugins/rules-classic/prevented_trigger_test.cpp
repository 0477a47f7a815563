// "When damage is prevented" triggers (615.13, prevented_triggers.cpp) and excess damage
// (120.4a, excess_damage.cpp): the parts the scenarios cannot reach — the `do:` form of
// prevented_trigger, what a pending trigger records, a rollback taking the trigger back with the
// shield, and lethal damage computed for the split.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

std::shared_ptr<CardPool> squire_pool() {
  return pool({
      CardSpec{.name = "Grateful Monk",
               .cost = "{1}{W}",
               .types = {"Creature"},
               .power = 1,
               .toughness = 1,
               .abilities = {{"prevented_trigger", {{"to", "you"}, {"do", "YouGainLife/X"}}}}},
      CardSpec{.name = "Shield Three",
               .cost = "{W}",
               .types = {"Instant"},
               .abilities = {{"prevent", {{"amount", "3"}, {"target", "any"}}}}},
      CardSpec{.name = "Hill Giant",
               .cost = "{3}{R}",
               .types = {"Creature"},
               .power = 3,
               .toughness = 3},
      CardSpec{.name = "Venom Giant",
               .cost = "{3}{B}",
               .types = {"Creature"},
               .power = 3,
               .toughness = 3,
               .keywords = {"Deathtouch"}},
  });
}

// Resolves Shield Three as if cast by A at `protected_target`.
void shield(Game& g, Target protected_target) {
  const CardDef& def = g.cards().at(*g.cards().find("Shield Three"));
  const ObjectId card = g.add_card(def.id, kA, ZoneRef::graveyard(kA));
  const std::vector<Target> targets{protected_target};
  g.resolve(ResolveContext{g.object(card).ref(), def.id, 0, kA, targets, 0, {}});
}

TEST(RulesClassicPreventedTrigger, EachPreventionTriggersOnceWithTheAmountItPrevented) {
  auto t = table(squire_pool(),
                 position("main1", player("A", {}, {"Grateful Monk"}), player("B", {}, {})));
  Game& g = *t.game;
  shield(g, Target::of(kA));
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(kA), 2), 0);  // all prevented
  ASSERT_EQ(g.state().pending_triggers.size(), 1u);
  EXPECT_EQ(g.state().pending_triggers[0].event.amount, 2);
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(kA), 2), 1);  // 1 prevented, 1 dealt
  ASSERT_EQ(g.state().pending_triggers.size(), 2u);
  EXPECT_EQ(g.state().pending_triggers[1].event.amount, 1);
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(kA), 2), 2);  // the shield is used up
  EXPECT_EQ(g.state().pending_triggers.size(), 2u);
  // `do: "YouGainLife/X"`: X is that many.
  ASSERT_TRUE(advance_until(g, [](const Game& game) {
    return game.state().pending_triggers.empty() && game.state().stack.empty();
  }));
  EXPECT_EQ(g.state().player(kA).life, 20 - 1 - 2 + 2 + 1);
}

TEST(RulesClassicPreventedTrigger, DamageToACreatureOrAnOpponentIsNotDamageToYou) {
  auto t = table(squire_pool(), position("main1", player("A", {}, {"Grateful Monk", "Hill Giant"}),
                                         player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId giant = find(g, "Hill Giant", ZoneRef::battlefield(kA));
  shield(g, Target::of(g.object(giant).ref()));
  shield(g, Target::of(kB));
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(g.object(giant).ref()), 2), 0);
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(kB), 2), 0);
  EXPECT_TRUE(g.state().pending_triggers.empty());
}

TEST(RulesClassicPreventedTrigger, ARollbackTakesBackTheTriggerWithTheShield) {
  auto t = table(squire_pool(),
                 position("main1", player("A", {}, {"Grateful Monk"}), player("B", {}, {})));
  Game& g = *t.game;
  shield(g, Target::of(kA));
  const std::uint64_t before = hash(g.state());
  const Journal::Checkpoint cp = g.journal().checkpoint();
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(kA), 3), 0);
  EXPECT_EQ(g.state().pending_triggers.size(), 1u);
  g.journal().rollback(cp);
  EXPECT_EQ(hash(g.state()), before);
  EXPECT_TRUE(g.state().pending_triggers.empty());
  ASSERT_EQ(g.state().effects.size(), 1u);
  EXPECT_EQ(g.state().effects[0].a, 3);
}

TEST(RulesClassicExcessDamage, LethalDamageCountsMarkedDamageAndDeathtouch) {
  // lethal_damage is the module's; it is reached here through the damage it splits: a 3/3 with
  // 1 damage marked needs 2 more, but from a deathtouch source 1 is lethal (702.2c).
  auto t = table(squire_pool(), position("main1", player("A", {}, {"Venom Giant"}),
                                         player("B", {}, {"Hill Giant"})));
  Game& g = *t.game;
  const ObjectId giant = find(g, "Hill Giant", ZoneRef::battlefield(kB));
  const ObjectId venom = find(g, "Venom Giant", ZoneRef::battlefield(kA));
  const CardDef spill =
      compile(CardSpec{.name = "Spill",
                       .cost = "{2}{R}",
                       .types = {"Instant"},
                       .abilities = {{"excess_damage", {{"amount", "4"}, {"to", "controller"}}}}});
  ASSERT_EQ(spill.abilities.size(), 1u);
  const Ability& split = *spill.abilities[0].impl;
  const std::vector<Target> targets{Target::of(g.object(giant).ref())};
  g.journal().set_damage(giant, 1);
  // The Venom Giant as the source: 1 is lethal, 3 go to B (without deathtouch: 2 and 2).
  split.resolve(g,
                ResolveContext{g.object(venom).ref(), g.object(venom).card, 0, kA, targets, 0, {}});
  EXPECT_EQ(g.object(giant).damage, 2);
  EXPECT_EQ(g.state().player(kB).life, 17);
  // Lethal damage already marked: everything is excess.
  g.journal().set_damage(giant, 3);
  split.resolve(g,
                ResolveContext{g.object(venom).ref(), g.object(venom).card, 0, kA, targets, 0, {}});
  EXPECT_EQ(g.object(giant).damage, 3);
  EXPECT_EQ(g.state().player(kB).life, 13);
}

}  // namespace
}  // namespace anvil::classic_test
