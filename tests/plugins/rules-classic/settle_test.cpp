// Settling (117.5) without repeating work (turn.cpp): the state-based actions and triggers are
// not checked again while only quiet edits followed a check that did nothing, and a change of
// step still counts whenever a continuous effect in play might read the turn.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// "CARDNAME gets -0/-1 as long as it is the end step": an effect the classic rules do not know,
// which reads the turn. Nothing but the step changes when the end step begins.
class EndStepFrailty final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game& game, const EffectContext& ctx, ObjectId object,
               const Characteristics&) const override {
    return object == ctx.source && step(game) == "end";
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    c.toughness -= 1;
  }
};

class FrailtyAbility final : public Ability {
 public:
  const ContinuousEffect* continuous() const override { return &effect_; }
  std::string describe() const override {
    return "CARDNAME gets -0/-1 as long as it is the end step.";
  }

 private:
  EndStepFrailty effect_;
};

std::shared_ptr<CardPool> pool_with_dusk_wisp() {
  auto p = standard_pool();
  CardDef wisp = compile(
      {.name = "Dusk Wisp", .cost = "{1}", .types = {"Creature"}, .power = 1, .toughness = 1});
  wisp.abilities.push_back(
      AbilityDef{AbilityKind::static_, "", "test", {}, std::make_shared<FrailtyAbility>()});
  p->add(std::move(wisp));
  return p;
}

TEST(RulesClassicSettle, ACreatureAnEffectKillsWhenTheEndStepBeginsDiesThen) {
  auto t = table(pool_with_dusk_wisp(),
                 position("main2", player("A", {}, {"Dusk Wisp"}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId wisp = find(g, "Dusk Wisp", ZoneRef::battlefield(kA));
  ASSERT_TRUE(wisp.valid());
  ASSERT_TRUE(rules().advance(g));  // main 2: A passes (the state was checked: nothing to do)
  ASSERT_TRUE(rules().advance(g));  // B passes: the end step begins, with A's priority next
  ASSERT_EQ(step(g), "end");
  ASSERT_TRUE(rules().advance(g));  // the check before that priority: toughness 0 (704.5f)
  EXPECT_EQ(g.object(wisp).zone, ZoneRef::graveyard(kA));
}

TEST(RulesClassicSettle, PassingPriorityIsQuietAndTheCheckIsNotRepeatedForIt) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {}, {"Grizzly Bears"}), player("B", {}, {})));
  Game& g = *t.game;
  ASSERT_TRUE(rules().advance(g));  // A passes; the check before it found nothing to do
  EXPECT_FALSE(g.journal().quiet_edits().empty());
  const std::uint64_t settled = g.rules_memo(0);
  EXPECT_EQ(settled, g.journal().changes());  // only quiet edits since: priority to B
  EXPECT_EQ(g.state().turn.priority, kB);
  // A loud edit (damage) unsettles it; the next check runs and sees a lethal amount.
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::battlefield(kA));
  g.journal().set_damage(bears, 2);
  EXPECT_NE(g.rules_memo(0), g.journal().changes());
  ASSERT_TRUE(rules().advance(g));
  EXPECT_EQ(g.object(bears).zone, ZoneRef::graveyard(kA));
}

}  // namespace
}  // namespace anvil::classic_test
