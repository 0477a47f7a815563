// Characteristics are computed on query from base + active effects (rule 613).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

FloatingEffect floating(const Game& g, CardId card, ObjectId source, ObjectId affected, std::int64_t a,
                        std::int64_t b, Duration until = Duration::end_of_turn) {
  FloatingEffect f;
  f.source = g.object(source).ref();
  f.card = card;
  f.controller = g.object(source).controller;
  f.affected = Target::of(g.object(affected).ref());
  f.until = until;
  f.a = a;
  f.b = b;
  return f;
}

TEST(View, StaticAbilityAppliesOnlyWhileItsSourceIsInPlay) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId theirs = game->add_card(cards.bear, PlayerId(1), ZoneRef::battlefield(PlayerId(1)));
  const ObjectId anthem = game->add_card(cards.anthem, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  EXPECT_EQ(game->view(bear).power, 2);

  move_to_zone(*game, anthem, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_EQ(game->view(bear).power, 3);
  EXPECT_EQ(game->view(bear).toughness, 3);
  EXPECT_EQ(game->view(theirs).power, 2) << "only its controller's creatures";
  EXPECT_EQ(game->cards().at(cards.bear).base.power, 2) << "base characteristics are never written";

  const auto cp = game->journal().checkpoint();
  destroy(*game, anthem);
  EXPECT_EQ(game->view(bear).power, 2) << "removing the source removes the effect";
  game->journal().rollback(cp);
  EXPECT_EQ(game->view(bear).power, 3);
}

TEST(View, LayersApplyInLayerOrderWhateverTheTimestamps) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId spell = game->add_card(cards.pump, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  game->add_effect(floating(*game, cards.pump, spell, bear, 3, 3));   // +3/+3 (7c), earlier
  game->add_effect(floating(*game, cards.setter, spell, bear, 0, 0)); // power becomes 0 (7b), later
  EXPECT_EQ(game->view(bear).power, 3) << "set (7b) applies before modify (7c)";
  EXPECT_EQ(game->view(bear).toughness, 5);
}

TEST(View, SameLayerAppliesInTimestampOrder) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId spell = game->add_card(cards.setter, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  game->add_effect(floating(*game, cards.setter, spell, bear, 1, 0));
  game->add_effect(floating(*game, cards.setter, spell, bear, 5, 0));
  EXPECT_EQ(game->view(bear).power, 5) << "the later effect wins";
}

TEST(View, FloatingEffectsEndAtTheirDurationOrWhenTheObjectLeaves) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId spell = game->add_card(cards.pump, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  game->add_effect(floating(*game, cards.pump, spell, bear, 3, 3));
  game->add_effect(floating(*game, cards.pump, spell, bear, 1, 1, Duration::permanent));
  EXPECT_EQ(game->view(bear).power, 6);
  game->end_effects(Duration::end_of_turn);
  EXPECT_EQ(game->view(bear).power, 3);

  move_to_zone(*game, bear, ZoneRef::hand(PlayerId(0)), Cause::bounce);
  move_to_zone(*game, bear, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_EQ(game->view(bear).power, 2) << "a moved object is a new object (rule 400.7)";
}

TEST(View, AddingAnEffectWithoutAContinuousPartIsAnError) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_THROW(game->add_effect(floating(*game, cards.watcher, bear, bear, 1, 1)), RulesError);
}

// The ten two-colour hybrid symbols: numbered once each in either order, worth 1 each to the
// mana value, and giving a cost both of their colours.
TEST(ManaCosts, HybridSymbolsArePairsOfColours) {
  std::array<bool, kHybridPairs> seen{};
  for (std::size_t i = 0; i < kColorCount; ++i)
    for (std::size_t j = 0; j < kColorCount; ++j) {
      if (i == j) continue;
      const std::size_t p = ManaCost::hybrid_pair(static_cast<Color>(i), static_cast<Color>(j));
      ASSERT_LT(p, kHybridPairs);
      EXPECT_EQ(p, ManaCost::hybrid_pair(static_cast<Color>(j), static_cast<Color>(i)));
      const auto colors = ManaCost::hybrid_colors(p);
      EXPECT_EQ(static_cast<std::size_t>(colors[0]), std::min(i, j));
      EXPECT_EQ(static_cast<std::size_t>(colors[1]), std::max(i, j));
      seen[p] = true;
    }
  EXPECT_TRUE(std::all_of(seen.begin(), seen.end(), [](bool b) { return b; }));
  EXPECT_EQ(ManaCost::hybrid_symbol("G/R"), ManaCost::hybrid_pair(Color::red, Color::green));
  for (const char* bad : {"R/R", "2/W", "W/P", "RG", "R/", "R/G/B"})
    EXPECT_FALSE(ManaCost::hybrid_symbol(bad).has_value()) << bad;
  ManaCost slashed;  // every symbol with a slash, each counted where it belongs
  for (const char* good : {"U/W", "2/G", "B/P", "2/G", "G/W/P"}) {
    std::uint8_t* count = slashed.slash_symbol(good);
    ASSERT_NE(count, nullptr) << good;
    ++*count;
  }
  EXPECT_EQ(slashed.hybrid[ManaCost::hybrid_pair(Color::white, Color::blue)], 1);
  EXPECT_EQ(slashed.mono_hybrid[static_cast<std::size_t>(Color::green)], 2);
  EXPECT_EQ(slashed.phyrexian[static_cast<std::size_t>(Color::black)], 1);
  EXPECT_EQ(slashed.hybrid_phyrexian[ManaCost::hybrid_pair(Color::green, Color::white)], 1);
  EXPECT_EQ(slashed.value(), 1 + 4 + 1 + 1);  // 202.3f: a {2/G} counts 2
  EXPECT_EQ(slashed.colors().count(), 4);
  EXPECT_EQ(slashed.symbols_of(Color::white), 2);  // chroma and devotion count every kind (700.5)
  EXPECT_EQ(slashed.symbols_of(Color::green), 3);
  EXPECT_EQ(slashed.symbols_of(Color::black), 1);
  EXPECT_EQ(slashed.symbols_of(Color::red), 0);
  for (const char* bad :
       {"R/R", "P/W", "W/2", "3/W", "2/C", "C/P", "G/G/P", "2/W/P", "G/W/X", "2/", "/P"})
    EXPECT_EQ(slashed.slash_symbol(bad), nullptr) << bad;
  ManaCost cost;  // {1}{W/U}{W/U}
  cost.generic = 1;
  cost.hybrid[ManaCost::hybrid_pair(Color::white, Color::blue)] = 2;
  EXPECT_EQ(cost.value(), 3);
  EXPECT_EQ(cost.colors().count(), 2);
  EXPECT_TRUE(cost.colors().has(Color::white) && cost.colors().has(Color::blue));
}

}  // namespace
}  // namespace anvil::testing
