// Read ahead (714.3c) and the chapters on creatures (Triumph of Gerrard's `counter` and `grant`),
// on test Sagas compiled through the `read_ahead` and `chapter` keywords: what the scenarios
// under tests/scenarios/classic/ (714_3c_*, 714_triumph_*) do not reach — a read-ahead Saga put
// onto the battlefield by an effect, the counters after the one it entered with, and the load
// errors.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

CardSpec read_ahead_spec() {
  return CardSpec{.name = "Ahead Saga",
                  .cost = "{1}{B}",
                  .types = {"Enchantment"},
                  .subtypes = {"Saga"},
                  .abilities = {{"read_ahead", {}},
                                {"chapter", {{"n", "1"}, {"do", "YouGainLife/1"}}},
                                {"chapter", {{"n", "2"}, {"do", "YouGainLife/10"}}},
                                {"chapter", {{"n", "3"}, {"do", "YouGainLife/100"}}}}};
}

TEST(RulesClassicReadAhead, PutOntoTheBattlefieldItAsksAndSkipsTheLowerChapters) {
  Table t = table(pool({read_ahead_spec()}),
                  position("main1", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  t.a->pick(ChoiceKind::number, {"chapter II"});
  const ObjectId saga = g.add_card(*g.cards().find("Ahead Saga"), kA, ZoneRef::hand(kA));
  move_to_zone(g, saga, ZoneRef::battlefield(kA), Cause::put);  // any way in, not only casting
  EXPECT_EQ(t.a->pending(), 0u);
  ASSERT_FALSE(t.a->asked.empty());
  EXPECT_EQ(t.a->asked.back().options.size(), 3u);  // one to the final chapter
  EXPECT_EQ(g.object(saga).counters.get(kLore), 2);
  EXPECT_EQ(pending_texts(g), (std::vector<std::string>{"II \u2014 You gain 10 life."}));
  // The next counter triggers chapter III as for any Saga: the choice is no longer there.
  add_counters(g, Target::of(g.object(saga).ref()), kLore, 1);
  EXPECT_EQ(pending_texts(g).back(), "III \u2014 You gain 100 life.");
  EXPECT_EQ(g.object(saga).attrs.get("read_ahead_chapter"_sym), 0);
}

TEST(RulesClassicReadAhead, ChapterTextsOfTriumphOfGerrard) {
  auto core = classic_core_pool();
  ASSERT_NE(core, nullptr);
  const CardDef& def = core->at(*core->find("Triumph of Gerrard"));
  std::vector<std::string> texts;
  for (const AbilityDef& a : def.abilities) texts.push_back(a.text);
  EXPECT_EQ(texts,
            (std::vector<std::string>{
                "(As this Saga enters and after your draw step, add a lore counter. Sacrifice "
                "after III.)",
                "I \u2014 Put a +1/+1 counter on target creature you control with the greatest "
                "power.",
                "II \u2014 Put a +1/+1 counter on target creature you control with the greatest "
                "power.",
                "(keywords)",
                "III \u2014 Target creature you control with the greatest power gains flying, "
                "first strike, and lifelink until end of turn."}));
}

TEST(RulesClassicReadAhead, BadReadAheadAndCreatureChaptersAreLoadErrors) {
  CardSpec not_saga = read_ahead_spec();
  not_saga.subtypes.clear();
  EXPECT_THROW(compile(not_saga), LoadError);
  CardSpec twice = read_ahead_spec();
  twice.abilities.insert(twice.abilities.begin(), {"read_ahead", {}});
  EXPECT_THROW(compile(twice), LoadError);
  using Ability = std::pair<std::string, std::vector<std::pair<std::string, std::string>>>;
  const std::vector<Ability> bad = {
      // `do` on a creature target; `counter` without one; two effects; none.
      {"chapter", {{"n", "1"}, {"target", "creature_you_control"}, {"do", "YouGainLife/1"}}},
      {"chapter", {{"n", "1"}, {"counter", "+1/+1"}}},
      {"chapter",
       {{"n", "1"}, {"target", "creature_you_control"}, {"counter", "+1/+1"}, {"grant", "Flying"}}},
      {"chapter", {{"n", "1"}}},
      {"chapter", {{"n", "1"}, {"target", "player"}, {"greatest_power", "true"}, {"do", "TgtLoseLife/1"}}},
      {"chapter", {{"n", "1"}, {"target", "creature_you_control"}, {"grant", "Flyin"}}},
  };
  for (const Ability& a : bad) {
    CardSpec spec = read_ahead_spec();
    spec.abilities = {a};
    EXPECT_THROW(compile(spec), LoadError) << a.second.size();
  }
}

}  // namespace
}  // namespace anvil::classic_test
