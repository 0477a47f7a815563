// Removed from combat (506.4) and first strike lost between the two damage steps (510.4): what
// the scenarios under tests/scenarios/classic/ (506_4*, 510_4_*) cannot reach, since no card of
// the packs changes control, turns a creature into a non-creature or takes first strike away.
// The change is written as an effect would make it: the controller through the journal, the
// rest as a floating effect of a test card whose continuous effect removes a type or a keyword
// from the creature it is aimed at.
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// "Affected creature loses <keyword>" (layer 6) or "… is no longer a <type>" (layer 4).
class LoseEffect final : public ContinuousEffect {
 public:
  LoseEffect(Layer layer, Symbol what) : layer_(layer), what_(what) {}
  Layer layer() const override { return layer_; }
  bool affects(const Game&, const EffectContext& ctx, ObjectId object,
               const Characteristics&) const override {
    return ctx.affected.is_object() && ctx.affected.object.id == object;
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    if (layer_ == Layer::ability) {
      c.remove_keyword(what_);
      return;
    }
    c.types.erase(std::remove(c.types.begin(), c.types.end(), what_), c.types.end());
  }

 private:
  Layer layer_;
  Symbol what_;
};

class LoseAbility final : public Ability {
 public:
  LoseAbility(Layer layer, Symbol what) : effect_(layer, what) {}
  ZoneMask zones() const override { return ZoneMask{0}; }  // only ever a floating effect
  const ContinuousEffect* continuous() const override { return &effect_; }
  std::string describe() const override { return "(loses it)"; }

 private:
  LoseEffect effect_;
};

CardDef loser(std::string name, Layer layer, Symbol what) {
  CardDef d = compile(CardSpec{.name = std::move(name), .cost = "{U}", .types = {"Instant"}});
  d.abilities.push_back(AbilityDef{AbilityKind::static_, "(loses it)", "test", {},
                                   std::make_shared<LoseAbility>(layer, what)});
  return d;
}

std::shared_ptr<CardPool> combat_pool() {
  auto p = pool({
      {.name = "Grizzly Bears", .cost = "{1}{G}", .types = {"Creature"}, .power = 2, .toughness = 2},
      {.name = "Hill Giant", .cost = "{3}{R}", .types = {"Creature"}, .power = 3, .toughness = 3},
      {.name = "First Bear",
       .cost = "{1}{W}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"First Strike"}},
  });
  p->add(loser("Unstriking", Layer::ability, "First Strike"_sym));
  p->add(loser("Uncreaturing", Layer::type, "Creature"_sym));
  return p;
}

// Aims the test card's "loses it" effect at `creature` until end of turn.
void lose(Game& g, const std::string& card, ObjectId creature) {
  FloatingEffect f;
  f.card = *g.cards().find(card);
  // The last of the card's abilities: see loser().
  f.ability = static_cast<std::uint16_t>(g.cards().at(f.card).abilities.size() - 1);
  f.controller = kA;
  f.affected = Target::of(g.object(creature).ref());
  g.add_effect(f);
}

bool in_first_strike_step(const Game& g) { return g.state().attrs.get("damage_phase"_sym) == 1; }

TEST(RulesClassicRemovedFromCombat, AnAttackerWhoseControlChangedDealsNoDamage) {
  auto t = table(combat_pool(), position("main1", player("A", {}, {"Hill Giant"}),
                                         player("B", {}, {})));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::attackers, {"Hill Giant → player 1"});
  ASSERT_TRUE(run_to_step(g, "blockers"));
  const ObjectId giant = find(g, "Hill Giant", ZoneRef::battlefield(kA));
  g.journal().set_controller(giant, kB);  // as a Threaten of B's would
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  EXPECT_EQ(g.state().players[0].life, 20);
  EXPECT_EQ(g.state().players[1].life, 20);
}

TEST(RulesClassicRemovedFromCombat, ABlockerWhoseControlChangedDealsNoDamageAndTheAttackerStaysBlocked) {
  auto t = table(combat_pool(), position("main1", player("A", {}, {"Hill Giant"}),
                                         player("B", {}, {"Grizzly Bears"})));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::attackers, {"Hill Giant → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Grizzly Bears → Hill Giant"});
  ASSERT_TRUE(run_to_step(g, "blockers"));
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::battlefield(kB));
  g.journal().set_controller(bears, kA);
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  const ObjectId giant = find(g, "Hill Giant", ZoneRef::battlefield(kA));
  ASSERT_TRUE(giant.valid());
  EXPECT_EQ(g.object(giant).damage, 0);
  EXPECT_EQ(g.object(bears).damage, 0);
  EXPECT_EQ(g.state().players[1].life, 20);  // blocked (509.1h), no trample
}

TEST(RulesClassicRemovedFromCombat, AnAttackerThatStoppedBeingACreatureDealsNoDamage) {
  auto t = table(combat_pool(), position("main1", player("A", {}, {"Hill Giant", "Grizzly Bears"}),
                                         player("B", {}, {})));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::attackers, {"Hill Giant → player 1", "Grizzly Bears → player 1"});
  ASSERT_TRUE(run_to_step(g, "blockers"));
  lose(g, "Uncreaturing", find(g, "Hill Giant", ZoneRef::battlefield(kA)));
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  EXPECT_EQ(g.state().players[1].life, 18);  // the Bears' 2 only
}

TEST(RulesClassicRemovedFromCombat, LosingFirstStrikeDoesNotLetACreatureDealDamageTwice) {
  auto t = table(combat_pool(), position("main1", player("A", {}, {"First Bear", "Grizzly Bears"}),
                                         player("B", {}, {})));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::attackers, {"First Bear → player 1", "Grizzly Bears → player 1"});
  ASSERT_TRUE(advance_until(g, in_first_strike_step));
  EXPECT_EQ(g.state().players[1].life, 18);  // the first striker's 2
  const ObjectId first = find(g, "First Bear", ZoneRef::battlefield(kA));
  lose(g, "Unstriking", first);
  ASSERT_FALSE(g.view(first).has_keyword("First Strike"_sym));
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  EXPECT_EQ(g.state().players[1].life, 16);  // the Bears' 2; not the First Bear's again
}

}  // namespace
}  // namespace anvil::classic_test
