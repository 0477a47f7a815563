// Copies and rollbacks are exact: after every action of random games, a fork and its original
// reach the same hash after the same next 20 actions, and applying then rolling back an action
// restores the hash.
#include <gtest/gtest.h>

#include <cstdlib>

#include "fixture.hpp"

namespace anvil::hearth_test {
namespace {

void seat(Game& g, std::uint64_t seed) {
  for (std::uint8_t p = 0; p < 2; ++p) {
    auto a = std::make_shared<HashAgent>(seed + p);
    a->game = &g;
    g.seat(PlayerId(p), a);
  }
}

// The issue asks for 200 games; a full run of them takes about 5 s (release), so ctest runs
// ANVIL_CLONE_STRESS_GAMES of them (default 50, 15 under AddressSanitizer, which is about ten
// times slower) and the full count is a setting away.
std::uint64_t games() {
  if (const char* n = std::getenv("ANVIL_CLONE_STRESS_GAMES")) return std::strtoull(n, nullptr, 10);
#ifdef __SANITIZE_ADDRESS__
  return 15;
#else
  return 50;
#endif
}

TEST(HearthCloneStress, ForksAndRollbacksReproduceTheSameGame) {
  const LoadedPack* basic = basic_pack();
  const LoadedPack& pack = basic ? *basic : test_pack();
  const auto pool = pool_of(pack);
  for (std::uint64_t seed = 1; seed <= games(); ++seed) {
    MatchConfig config;
    config.decks = {pack.decks[seed % pack.decks.size()], pack.decks[(seed + 1) % pack.decks.size()]};
    config.seed = seed;
    // The original's hash after each action; every fork must reach hashes[t + 20].
    auto original = rules().setup(pool, config);
    seat(*original, seed);
    auto start = original->fork();
    std::vector<std::uint64_t> hashes{hash(original->state())};
    while (rules().advance(*original)) hashes.push_back(hash(original->state()));
    hashes.push_back(hash(original->state()));
    auto game = std::move(start);
    seat(*game, seed);
    for (std::size_t t = 0; t + 1 < hashes.size(); ++t) {
      ASSERT_EQ(hash(game->state()), hashes[t]) << "seed " << seed << " action " << t;
      // apply + rollback restores the hash (on a copy: the decision log is not journaled, and the
      // agents choose by it)
      {
        auto probe = game->fork();
        seat(*probe, seed);
        const auto cp = probe->journal().checkpoint();
        rules().advance(*probe);
        probe->journal().rollback(cp);
        ASSERT_EQ(hash(probe->state()), hashes[t]) << "rollback, seed " << seed << " action " << t;
      }
      // a copy goes on exactly as the original did
      auto copy = game->fork();
      seat(*copy, seed);
      const std::size_t ahead = std::min<std::size_t>(t + 20, hashes.size() - 1);
      for (std::size_t k = t; k < ahead && rules().advance(*copy); ++k) {
      }
      ASSERT_EQ(hash(copy->state()), hashes[ahead]) << "copy, seed " << seed << " action " << t;
      if (!rules().advance(*game)) break;
    }
  }
}

}  // namespace
}  // namespace anvil::hearth_test
