// Random agents play the decks of the bundled classic-core pack, when it is there and loads (it
// belongs to another folder: this test skips rather than depend on it).
#include <gtest/gtest.h>

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <filesystem>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// classic-core as anvil loads it: this build's plugins, the pack, and its cards in one pool.
struct ClassicCore {
  Registry registry;
  PluginHost host{registry};
  LoadedPack pack;
  std::shared_ptr<CardPool> cards = std::make_shared<CardPool>();
  bool present = false;

  ClassicCore() {
    const std::filesystem::path dir = CLASSIC_CORE_PACK_DIR;
    present = std::filesystem::exists(dir / "pack.yaml");
    if (!present) return;
    (void)host.load_dir(std::filesystem::path(RULES_CLASSIC_PLUGIN).parent_path());
    pack = load_pack(dir, registry);
    for (CardDef& c : pack.cards) cards->add(std::move(c));
  }
};

// One game between random agents (seeded from `config.seed`), played to its end: no exception,
// no fault, and it ends.
void play_to_the_end(const ClassicCore& core, MatchConfig config) {
  const auto rules = core.registry.get<RulesModule>("classic");
  const std::uint64_t seed = config.seed;
  auto game = rules->setup(core.cards, config);
  game->seat(PlayerId(0), std::make_shared<RandomAgent>(seed * 2));
  game->seat(PlayerId(1), std::make_shared<RandomAgent>(seed * 2 + 1));
  int advances = 0;
  while (rules->advance(*game)) ASSERT_LT(++advances, 100000) << "seed " << seed;
  EXPECT_TRUE(game->state().over) << "seed " << seed;
  EXPECT_TRUE(game->faults().empty()) << "seed " << seed;
}

// Issue 3's "done when": 1,000 complete games between the two decks, without an exception, an
// invariant violation (a fault) or a game that does not end.
TEST(RulesClassicPackGames, RandomAgentsPlayTheClassicCorePackDecksToTheEnd) {
  const ClassicCore core;
  if (!core.present) GTEST_SKIP() << "no classic-core pack";
  if (!core.pack.ok() || core.pack.decks.size() < 2) GTEST_SKIP() << "classic-core does not load here";
  for (std::uint64_t seed = 1; seed <= 1000; ++seed) {
    MatchConfig config;
    config.decks = {core.pack.decks[0], core.pack.decks[1]};
    config.seed = seed;
    config.options = {{"max_turns", "200"}};
    play_to_the_end(core, config);
  }
}

DeckList deck_of(std::string name, const std::vector<std::pair<int, std::string>>& entries) {
  DeckList deck{std::move(name), {}, {}};
  for (const auto& [copies, card] : entries)
    for (int i = 0; i < copies; ++i) deck.cards.push_back(card);
  return deck;
}

// The cards the packs' decks do not play — Auras, prevention and redirection, pump, bounce and
// modal spells, targeted, "may" and delayed triggers, attack requirements and taxes — with
// mulligans on: 50 games without an exception, a fault or a game that does not end.
TEST(RulesClassicPackGames, RandomAgentsPlayDecksOfTheAuraPreventionAndTriggerCards) {
  const ClassicCore core;
  if (!core.present) GTEST_SKIP() << "no classic-core pack";
  ASSERT_TRUE(core.pack.ok());
  const DeckList white = deck_of(
      "Tricks", {{8, "Plains"}, {6, "Forest"}, {4, "Island"}, {2, "Holy Strength"},
                 {2, "Pacifism"}, {2, "Unflinching Courage"}, {2, "Giant Growth"},
                 {2, "Ranger's Guile"}, {2, "Unsummon"}, {2, "Holy Day"}, {2, "Healing Salve"},
                 {2, "Samite Healer"}, {2, "Flickerwisp"}, {2, "Soul's Attendant"},
                 {2, "Propaganda"}, {2, "Pariah"}, {2, "Sea Serpent"}, {4, "Grizzly Bears"}});
  const DeckList black = deck_of(
      "Bruisers", {{10, "Swamp"}, {10, "Mountain"}, {3, "Unholy Strength"},
                   {3, "Ravenous Chupacabra"}, {4, "Bloodrock Cyclops"}, {4, "Typhoid Rats"},
                   {4, "Hill Giant"}, {2, "Llanowar Elves"}});
  for (std::uint64_t seed = 1; seed <= 50; ++seed) {
    MatchConfig config;
    config.decks = {white, black};
    config.seed = seed;
    config.options = {{"max_turns", "200"}, {"mulligans", "1"}};
    play_to_the_end(core, config);
  }
}

// Menace, protection (printed and given), fear, intimidate, shadow, landwalk and counterspells:
// 100 games between random agents, which cast counterspells at whatever they may target and
// declare blocks the rules refuse, without an exception, a fault or a game that does not end.
TEST(RulesClassicPackGames, RandomAgentsPlayDecksOfTheEvasionProtectionAndCounterspellCards) {
  const ClassicCore core;
  if (!core.present) GTEST_SKIP() << "no classic-core pack";
  ASSERT_TRUE(core.pack.ok());
  const DeckList blue_white = deck_of("Knights and counters", {{8, "Plains"},
                                                               {8, "Island"},
                                                               {4, "White Knight"},
                                                               {4, "Silver Knight"},
                                                               {4, "Soltari Foot Soldier"},
                                                               {2, "Red Ward"},
                                                               {4, "Counterspell"},
                                                               {4, "Mana Leak"},
                                                               {2, "Essence Scatter"},
                                                               {2, "Negate"}});
  const DeckList black_red = deck_of("Evasion", {{8, "Swamp"},
                                                 {8, "Mountain"},
                                                 {4, "Black Knight"},
                                                 {4, "Severed Legion"},
                                                 {4, "Bog Wraith"},
                                                 {4, "Boggart Brute"},
                                                 {4, "Bladetusk Boar"},
                                                 {4, "Shock"}});
  for (std::uint64_t seed = 1; seed <= 100; ++seed) {
    MatchConfig config;
    config.decks = {blue_white, black_red};
    config.seed = seed;
    config.options = {{"max_turns", "200"}};
    play_to_the_end(core, config);
  }
}

}  // namespace
}  // namespace anvil::classic_test
