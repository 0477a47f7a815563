// Loyalty abilities (606): the `loyalty_ability` keyword on a test planeswalker (classic-core
// has no planeswalker whose every ability the card language can express yet): +N and -N are
// costs paid as it is activated, sorcery speed only, one loyalty ability per permanent per
// turn, and -N needs N loyalty counters.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

std::shared_ptr<CardPool> walker_pool() {
  return pool({CardSpec{
      .name = "Test Walker",
      .cost = "{2}{W}",
      .supertypes = {"Legendary"},
      .types = {"Planeswalker"},
      .loyalty = 3,
      .abilities = {{"loyalty_ability", {{"cost", "+1"}, {"do", "YouGainLife/2"}}},
                    {"loyalty_ability",
                     {{"cost", "-3"}, {"do", "TgtLoseLife/3"}, {"target", "opponent"}}}}}});
}

struct Walker {
  Table t;
  ObjectId walker;
};

Walker walker_in_play(const std::string& step = "main1") {
  Walker w{table(walker_pool(), position(step, player("A", {}, {}), player("B", {}, {}))), {}};
  Game& g = *w.t.game;
  w.walker = g.add_card(*g.cards().find("Test Walker"), kA, ZoneRef::battlefield(kA));
  add_counters(g, Target::of(g.object(w.walker).ref()), "loyalty"_sym, 3);
  return w;
}

std::vector<std::string> walker_actions(const Game& g) {
  std::vector<std::string> out;
  for (const LegalAction& a : non_mana_actions(g, kA))
    if (a.kind == LegalAction::Kind::activate) out.push_back(a.label);
  return out;
}

TEST(RulesClassicLoyalty, PlusOnePaysWithACounterAndResolvesOnTheStack) {
  Walker w = walker_in_play();
  Game& g = *w.t.game;
  ASSERT_EQ(walker_actions(g), (std::vector<std::string>{"Activate Test Walker: +1: You gain 2 life.",
                                                        "Activate Test Walker: \u22123: Target opponent loses 3 life."}));
  w.t.a->act("Activate Test Walker: +1: You gain 2 life.");
  ASSERT_TRUE(advance_until(g, [](const Game& game) { return !game.state().stack.empty(); }));
  EXPECT_EQ(g.object(w.walker).counters.get("loyalty"_sym), 4);  // paid before resolving
  EXPECT_EQ(g.state().players[0].life, 20);
  ASSERT_TRUE(advance_until(g, [](const Game& game) { return game.state().stack.empty(); }));
  EXPECT_EQ(g.state().players[0].life, 22);
  EXPECT_TRUE(walker_actions(g).empty());  // 606.3: once per turn
}

TEST(RulesClassicLoyalty, MinusThreeNeedsThreeCountersAndTheWalkerThenDies) {
  Walker w = walker_in_play();
  Game& g = *w.t.game;
  w.t.a->act("Activate Test Walker: \u22123: Target opponent loses 3 life.");
  ASSERT_TRUE(advance_until(g, [](const Game& game) {
    return game.state().stack.empty() && game.state().players[1].life == 17;
  }));
  EXPECT_EQ(g.object(w.walker).zone.kind, ZoneKind::graveyard);  // 0 loyalty: 704.5i
}

TEST(RulesClassicLoyalty, NotAtInstantSpeedNorWithTooFewCounters) {
  Walker w = walker_in_play("upkeep");
  Game& g = *w.t.game;
  EXPECT_TRUE(walker_actions(g).empty());
  LegalAction plus{LegalAction::Kind::activate, w.walker, 0, {}, 0, ""};
  EXPECT_EQ(rules().why_not(g, kA, plus), "a loyalty ability is activated only at sorcery speed");
  Walker low = walker_in_play();
  remove_counters(*low.t.game, Target::of(low.t.game->object(low.walker).ref()), "loyalty"_sym, 1);
  LegalAction minus{LegalAction::Kind::activate, low.walker, 1, {}, 0, ""};
  EXPECT_EQ(rules().why_not(*low.t.game, kA, minus), "it has too few loyalty counters");
}

}  // namespace
}  // namespace anvil::classic_test
