// card_features (card_features.cpp): the checks that look for state triggers and Sagas only in
// games whose cards have them must see a card that comes into the game after they last looked.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

CardSpec low_life_watcher() {
  CardSpec c{.name = "Lifeline Wisp",
             .cost = "{W}",
             .types = {"Creature"},
             .subtypes = {"Spirit"},
             .power = 1,
             .toughness = 1};
  c.abilities = {{"state_trigger", {{"if", "you have 5 or less life"}, {"do", "YouGainLife/1"}}}};
  return c;
}

CardSpec saga() {
  return CardSpec{.name = "Late Saga",
                  .cost = "{1}{B}",
                  .types = {"Enchantment"},
                  .subtypes = {"Saga"},
                  .abilities = {{"chapter", {{"n", "1"}, {"do", "YouGainLife/1"}}},
                                {"chapter", {{"n", "2"}, {"do", "YouGainLife/10"}}}}};
}

TEST(RulesClassicCardFeatures, AStateTriggerOfACardMadeAfterTheLastLookTriggers) {  // 603.8
  Table t = table(pool({low_life_watcher()}),
                  position("main1", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  g.journal().set_life(kA, 3);
  ASSERT_TRUE(rules().advance(g));  // settled: no card of the game has a state trigger
  ASSERT_TRUE(g.state().stack.empty());
  g.add_card(*g.cards().find("Lifeline Wisp"), kA, ZoneRef::battlefield(kA));
  ASSERT_TRUE(advance_until(
      g, [](const Game& game) { return !game.state().stack.empty(); }, 4));
  EXPECT_EQ(g.card(g.state().stack.back().source.id).name, "Lifeline Wisp");
}

TEST(RulesClassicCardFeatures, ASagaMadeAfterTheLastLookGetsItsLoreCounter) {  // 714.3b
  Table t = table(pool({saga()}), position("upkeep", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const std::uint32_t first_turn = g.state().turn.number;
  ASSERT_TRUE(run_to_step(g, "main1"));  // A's precombat main: no Saga to add a counter to
  const ObjectId late = g.add_card(*g.cards().find("Late Saga"), kA, ZoneRef::battlefield(kA));
  ASSERT_EQ(g.object(late).counters.get(kLore), 0);
  ASSERT_TRUE(advance_until(g, [&](const Game& game) {
    return game.state().turn.number > first_turn + 1 && game.state().turn.active == kA &&
           step(game) == "main1";
  }));
  EXPECT_EQ(g.object(late).counters.get(kLore), 1);
}

}  // namespace
}  // namespace anvil::classic_test
