// Random agents play the decks of the bundled classic-core pack, when it is there and loads (it
// belongs to another folder: this test skips rather than depend on it).
#include <gtest/gtest.h>

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <filesystem>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// Issue 3's "done when": 1,000 complete games between the two decks, without an exception, an
// invariant violation (a fault) or a game that does not end.
TEST(RulesClassicPackGames, RandomAgentsPlayTheClassicCorePackDecksToTheEnd) {
  const std::filesystem::path pack_dir = CLASSIC_CORE_PACK_DIR;
  if (!std::filesystem::exists(pack_dir / "pack.yaml")) GTEST_SKIP() << "no classic-core pack";
  Registry registry;
  PluginHost host(registry);
  (void)host.load_dir(std::filesystem::path(RULES_CLASSIC_PLUGIN).parent_path());
  LoadedPack pack = load_pack(pack_dir, registry);
  if (!pack.ok() || pack.decks.size() < 2) GTEST_SKIP() << "classic-core does not load here";
  auto cards = std::make_shared<CardPool>();
  for (CardDef& c : pack.cards) cards->add(std::move(c));
  const auto rules = registry.get<RulesModule>("classic");
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    MatchConfig config;
    config.decks = {pack.decks[0], pack.decks[1]};
    config.seed = seed;
    config.options = {{"max_turns", "200"}};
    auto game = rules->setup(cards, config);
    game->seat(PlayerId(0), std::make_shared<RandomAgent>(seed * 2));
    game->seat(PlayerId(1), std::make_shared<RandomAgent>(seed * 2 + 1));
    int advances = 0;
    while (rules->advance(*game)) ASSERT_LT(++advances, 100000) << "seed " << seed;
    EXPECT_TRUE(game->state().over);
    EXPECT_TRUE(game->faults().empty());
  }
}

}  // namespace
}  // namespace anvil::classic_test
