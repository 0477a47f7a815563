// Random agents play complete hearth games: no exception, the invariants hold after every
// decision, and every game ends.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::hearth_test {
namespace {

void play_games(const LoadedPack& pack, std::uint64_t games) {
  const auto pool = pool_of(pack);
  const auto random = registry().get<AgentFactory>("ai-random");
  for (std::uint64_t seed = 1; seed <= games; ++seed) {
    MatchConfig config;
    config.decks = {pack.decks[seed % pack.decks.size()], pack.decks[(seed / 2 + 1) % pack.decks.size()]};
    config.seed = seed;
    auto game = rules().setup(pool, config);
    game->seat(PlayerId(0), random->make({seed * 2, {}}));
    game->seat(PlayerId(1), random->make({seed * 2 + 1, {}}));
    int advances = 0;
    while (rules().advance(*game)) {
      check_invariants(*game);
      if (::testing::Test::HasFatalFailure()) FAIL() << "seed " << seed;
      ASSERT_LT(++advances, 20000) << "seed " << seed;
    }
    check_invariants(*game);
    ASSERT_TRUE(game->state().over) << "seed " << seed;
    ASSERT_TRUE(game->faults().empty()) << "seed " << seed;
  }
}

TEST(HearthRandomGames, TheTestPackDecksPlayToTheEnd) {
  ASSERT_GE(test_pack().decks.size(), 2u);
  play_games(test_pack(), 150);
}

TEST(HearthRandomGames, AThousandGamesWithTheHearthBasicDecks) {
  const LoadedPack* basic = basic_pack();
  if (!basic) GTEST_SKIP() << "packs/hearth-basic is absent or does not load";
  play_games(*basic, 1000);
}

}  // namespace
}  // namespace anvil::hearth_test
