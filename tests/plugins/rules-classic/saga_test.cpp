// Sagas (714, 704.5s), on a test Saga compiled through the `chapter` keyword: what the scenarios
// under tests/scenarios/classic/ (714_*, 704_5s_*) cannot reach — lore counters put on or
// removed by an effect, several chapters crossed by one event, Sagas of the player whose turn it
// is not, and the load errors.
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

CardSpec saga_spec(std::string name = "Test Saga") {
  return CardSpec{.name = std::move(name),
                  .cost = "{1}{B}",
                  .types = {"Enchantment"},
                  .subtypes = {"Saga"},
                  .abilities = {{"chapter", {{"n", "1"}, {"do", "YouGainLife/1"}}},
                                {"chapter", {{"n", "2"}, {"do", "YouGainLife/10"}}},
                                {"chapter", {{"n", "3"}, {"do", "YouGainLife/100"}}}}};
}

TEST(RulesClassicSagas, ChapterTextsAndTheLoreCounterItEntersWith) {
  const CardDef def = compile(saga_spec());
  std::vector<std::string> texts;
  for (const AbilityDef& a : def.abilities) texts.push_back(a.text);
  EXPECT_EQ(texts, (std::vector<std::string>{
                       "(As this Saga enters and after your draw step, add a lore counter. "
                       "Sacrifice after III.)",
                       "I \u2014 You gain 1 life.", "II \u2014 You gain 10 life.",
                       "III \u2014 You gain 100 life."}));
}

TEST(RulesClassicSagas, OneEventCrossingTwoChaptersTriggersBothAndRemovingTriggersNothing) {
  Table t = table(pool({saga_spec()}), position("main1", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId saga = g.add_card(*g.cards().find("Test Saga"), kA, ZoneRef::battlefield(kA));
  const Target self = Target::of(g.object(saga).ref());
  add_counters(g, self, kLore, 2);  // 0 → 2: chapters I and II (714.2b)
  EXPECT_EQ(pending_texts(g), (std::vector<std::string>{"I \u2014 You gain 1 life.",
                                                        "II \u2014 You gain 10 life."}));
  remove_counters(g, self, kLore, 2);  // removing triggers nothing
  EXPECT_EQ(g.state().pending_triggers.size(), 2u);
  add_counters(g, self, kLore, 1);  // 0 → 1 again: chapter I triggers again
  EXPECT_EQ(pending_texts(g).back(), "I \u2014 You gain 1 life.");
  EXPECT_EQ(g.state().pending_triggers.size(), 3u);
  add_counters(g, self, kLore, 1);  // 1 → 2: II only, not I again
  EXPECT_EQ(pending_texts(g).back(), "II \u2014 You gain 10 life.");
  EXPECT_EQ(g.state().pending_triggers.size(), 4u);
}

TEST(RulesClassicSagas, FinalChapterWaitingKeepsTheSagaThenItIsSacrificed) {
  Table t = table(pool({saga_spec()}), position("main1", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId saga = g.add_card(*g.cards().find("Test Saga"), kA, ZoneRef::battlefield(kA));
  add_counters(g, Target::of(g.object(saga).ref()), kLore, 3);  // I, II and III, all waiting
  rules().check_state(g);
  EXPECT_EQ(g.object(saga).zone.kind, ZoneKind::battlefield);  // 704.5s: chapters pending
  ASSERT_TRUE(advance_until(g, [](const Game& game) {
    return game.state().pending_triggers.empty() && game.state().stack.empty();
  }));
  EXPECT_EQ(g.state().players[0].life, 131);
  rules().check_state(g);
  EXPECT_EQ(g.object(saga).zone.kind, ZoneKind::graveyard);
}

TEST(RulesClassicSagas, OnlyTheActivePlayersSagasGetALoreCounterAtTheirPrecombatMain) {
  Table t = table(pool({saga_spec()}), position("draw", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const CardId id = *g.cards().find("Test Saga");
  const ObjectId mine = g.add_card(id, kA, ZoneRef::battlefield(kA));
  const ObjectId theirs = g.add_card(id, kB, ZoneRef::battlefield(kB));
  ASSERT_TRUE(run_to_step(g, "begin_combat"));
  EXPECT_EQ(g.object(mine).counters.get(kLore), 1);
  EXPECT_EQ(g.object(theirs).counters.get(kLore), 0);
  EXPECT_EQ(g.state().players[0].life, 21);  // chapter I resolved in main1
}

TEST(RulesClassicSagas, EnteringTheBattlefieldPutsTheLoreCounterOnBeforeAnyPriority) {
  Table t = table(pool({saga_spec()}), position("main1", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId saga = g.add_card(*g.cards().find("Test Saga"), kA, ZoneRef::hand(kA));
  move_to_zone(g, saga, ZoneRef::battlefield(kA), Cause::put);  // any way in, not only casting
  EXPECT_EQ(g.object(saga).counters.get(kLore), 1);
  EXPECT_EQ(pending_texts(g), (std::vector<std::string>{"I \u2014 You gain 1 life."}));
}

TEST(RulesClassicSagas, BadChaptersAreLoadErrors) {
  CardSpec not_saga = saga_spec("Not A Saga");
  not_saga.subtypes.clear();
  EXPECT_THROW(compile(not_saga), LoadError);
  for (const char* n : {"0", "11", "two"}) {
    CardSpec bad = saga_spec("Bad Chapter");
    bad.abilities = {{"chapter", {{"n", n}, {"do", "YouGainLife/1"}}}};
    EXPECT_THROW(compile(bad), LoadError) << n;
  }
  CardSpec bad_target = saga_spec("Bad Target");
  bad_target.abilities = {{"chapter", {{"n", "1"}, {"do", "YouGainLife/1"}, {"target", "creature"}}}};
  EXPECT_THROW(compile(bad_target), LoadError);
}

}  // namespace
}  // namespace anvil::classic_test
