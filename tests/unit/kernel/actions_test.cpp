// The shared actions and their default, game-agnostic results.
#include <gtest/gtest.h>

#include <limits>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

TEST(Actions, DrawTakesTheTopCardAndAnEmptyLibraryCallsTheRulesHook) {
  Cards cards;
  auto game = make_game(cards, 2);
  const ObjectId top = game->state().zone(ZoneRef::library(PlayerId(0))).objects.back();
  EXPECT_EQ(draw(*game, PlayerId(0)), top);
  EXPECT_EQ(game->object(top).zone, ZoneRef::hand(PlayerId(0)));
  EXPECT_EQ(draw(*game, PlayerId(0), 3, ObjectId{}), 1);
  EXPECT_EQ(game->state().players[0].attrs.get("drew_from_empty"_sym), 1);
}

class Fatigue final : public RulesHooks {
 public:
  void draw_from_empty(Game& game, PlayerId p) override {
    const auto n = game.state().player(p).attrs.get("fatigue"_sym) + 1;
    game.journal().set_attr(p, "fatigue"_sym, n);
    deal_damage(game, ObjectId{}, Target::of(p), static_cast<std::int32_t>(n));
  }
};

TEST(Actions, RulesModuleDecidesWhatAnEmptyDrawMeans) {
  Cards cards;
  auto game = make_game(cards, 0);
  game->set_rules(std::make_shared<Fatigue>());
  draw(*game, PlayerId(1), 3, ObjectId{});
  EXPECT_EQ(game->state().players[1].life, 20 - 1 - 2 - 3);
}

TEST(Actions, DamageToAnObjectIsMarkedAndLeavingPlayClearsIt) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(deal_damage(*game, ObjectId{}, Target::of(game->object(bear).ref()), 1), 1);
  tap(*game, bear);
  EXPECT_EQ(game->object(bear).damage, 1);
  EXPECT_TRUE(destroy(*game, bear));
  EXPECT_EQ(game->object(bear).zone, ZoneRef::graveyard(PlayerId(0)));
  EXPECT_EQ(game->object(bear).damage, 0);
  EXPECT_FALSE(game->object(bear).tapped);
  EXPECT_FALSE(destroy(*game, bear)) << "only permanents can be destroyed";
}

TEST(Actions, SimultaneousDamageRunsAllReplacementsThenAppliesThenTriggers) {
  Cards cards;
  auto game = make_game(cards);
  std::vector<std::int32_t> life_seen;
  game->bus().on_trigger<DamageEvent>([&](Game& g, const DamageEvent&) {
    life_seen.push_back(g.state().players[0].life + g.state().players[1].life);
  });
  DamageEvent a, b;
  a.target = Target::of(PlayerId(0));
  a.amount = 2;
  b.target = Target::of(PlayerId(1));
  b.amount = 3;
  const DamageEvent both[] = {a, b};
  const auto dealt = deal_damage_simultaneously(*game, both);
  EXPECT_EQ(dealt, (std::vector<std::int32_t>{2, 3}));
  EXPECT_EQ(life_seen, (std::vector<std::int32_t>{35, 35})) << "every trigger sees all damage applied";
}

TEST(Actions, CountersNeverGoBelowZeroAndReportWhatChanged) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const Target t = Target::of(game->object(bear).ref());
  EXPECT_EQ(add_counters(*game, t, "+1/+1"_sym, 2), 2);
  EXPECT_EQ(remove_counters(*game, t, "+1/+1"_sym, 5), 2);
  EXPECT_EQ(game->object(bear).counters.get("+1/+1"_sym), 0);
  EXPECT_EQ(add_counters(*game, Target::of(PlayerId(1)), "poison"_sym, 3), 3);
  EXPECT_EQ(game->state().players[1].counters.get("poison"_sym), 3);
}

TEST(Actions, TapUntapMillDiscardLifeAndTokens) {
  Cards cards;
  auto game = make_game(cards, 5);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_TRUE(tap(*game, bear));
  EXPECT_FALSE(tap(*game, bear));
  EXPECT_TRUE(untap(*game, bear));

  EXPECT_EQ(mill(*game, PlayerId(1), 3), 3);
  EXPECT_EQ(game->state().zone(ZoneRef::graveyard(PlayerId(1))).objects.size(), 3u);

  const ObjectId card = *draw(*game, PlayerId(0));
  EXPECT_TRUE(discard(*game, card));
  EXPECT_EQ(game->object(card).zone, ZoneRef::graveyard(PlayerId(0)));

  EXPECT_EQ(gain_life(*game, PlayerId(0), 4), 4);
  EXPECT_EQ(lose_life(*game, PlayerId(0), 10), 10);
  EXPECT_EQ(game->state().players[0].life, 14);

  const auto token = create_token(*game, cards.bear, PlayerId(1));
  ASSERT_TRUE(token);
  EXPECT_TRUE(game->object(*token).token);
  EXPECT_EQ(game->object(*token).zone, ZoneRef::battlefield(PlayerId(1)));
  EXPECT_EQ(game->object(*token).controller, PlayerId(1));
}

TEST(Actions, TokenCreationCanBeReplacedAway) {
  Cards cards;
  auto game = make_game(cards);
  game->bus().on_replacement<ZoneChangeEvent>([](const Game&, const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
    if (e.cause != Cause::create) return std::nullopt;
    return Replacement<ZoneChangeEvent>{"board full", {}, [](Game&, ZoneChangeEvent& z) { z.cancelled = true; }};
  });
  EXPECT_FALSE(create_token(*game, cards.bear, PlayerId(0)));
  EXPECT_TRUE(game->state().zone(ZoneRef::battlefield(PlayerId(0))).objects.empty());
}

TEST(Actions, NegativeAmountsAreErrors) {
  Cards cards;
  auto game = make_game(cards);
  EXPECT_THROW(deal_damage(*game, ObjectId{}, Target::of(PlayerId(0)), -1), RulesError);
  EXPECT_THROW(gain_life(*game, PlayerId(0), -1), RulesError);
}

TEST(Actions, LifeAndMarkedDamageSaturateAtTheInt32LimitsInsteadOfOverflowing) {
  // Found by tests/fuzz/fuzz_drawback: "YouGainLife/99999999999&YouGainLife/99999999999&…" and
  // repeated damage overflowed the int32 life total and marked damage (undefined behaviour).
  constexpr std::int32_t max = std::numeric_limits<std::int32_t>::max();
  constexpr std::int32_t min = std::numeric_limits<std::int32_t>::min();
  Cards cards;
  auto game = make_game(cards);
  const PlayerId p(0);
  EXPECT_EQ(gain_life(*game, p, max), max);
  EXPECT_EQ(game->state().players[0].life, max);
  EXPECT_EQ(lose_life(*game, p, max), max);
  EXPECT_EQ(lose_life(*game, p, max), max);
  EXPECT_EQ(lose_life(*game, p, max), max);
  EXPECT_EQ(game->state().players[0].life, min);
  EXPECT_EQ(deal_damage(*game, ObjectId{}, Target::of(p), max), max);
  EXPECT_EQ(game->state().players[0].life, min);

  const ObjectId bear = game->add_card(cards.bear, p, ZoneRef::battlefield(p));
  const Target target = Target::of(game->object(bear).ref());
  EXPECT_EQ(deal_damage(*game, ObjectId{}, target, max), max);
  EXPECT_EQ(deal_damage(*game, ObjectId{}, target, max), max);
  EXPECT_EQ(game->object(bear).damage, max);
}

}  // namespace
}  // namespace anvil::testing
