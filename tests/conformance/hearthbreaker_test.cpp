// Hearthbreaker's card_defs.json as a third-party pack: wrapped in a generated manifest in a
// temporary folder, loaded like any pack, every entry required to load, every unsupported tag
// required to be listed in docs/hearth.md, and random games played with decks drawn from it.
#include <gtest/gtest.h>

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/sdk.hpp>
#include <anvil/tags/card_script.hpp>
#include <filesystem>
#include <fstream>
#include <optional>
#include <nlohmann/json.hpp>
#include <algorithm>
#include <cstdlib>
#include <set>
#include <sstream>

namespace anvil {
namespace {

namespace fs = std::filesystem;

std::string read(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// The names in backticks of docs/hearth.md's "Not supported yet" section (empty when it lists
// none); nullopt when the section is missing.
std::optional<std::set<std::string>> documented_unsupported() {
  const std::string doc = read(HEARTH_DOC);
  const auto start = doc.find("## Not supported yet");
  if (start == std::string::npos) return std::nullopt;
  const auto end = doc.find("\n## ", start + 1);
  const std::string section = doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
  std::set<std::string> out;
  for (std::size_t open = section.find('`'); open != std::string::npos;) {
    const std::size_t close = section.find('`', open + 1);
    if (close == std::string::npos) break;
    out.insert(section.substr(open + 1, close - open - 1));
    open = section.find('`', close + 1);
  }
  return out;
}

struct Fixture {
  Registry registry;
  PluginHost host{registry};
  fs::path dir;
  Fixture() {
    (void)host.load_dir(fs::path(BUNDLED_PLUGIN_DIR));
    dir = fs::temp_directory_path() / ("anvil-hearthbreaker-" + std::to_string(::getpid()));
    fs::create_directories(dir / "cards");
    fs::copy_file(HEARTHBREAKER_DATA, dir / "cards" / "card_defs.json", fs::copy_options::overwrite_existing);
    std::ofstream(dir / "pack.yaml") << "name: hearthbreaker\nversion: 0.1.0\nengine: \"^0.1\"\nrules: hearth\n"
                                        "requires:\n  plugins:\n    tags: \"^0.1\"\ncards:\n  - cards/*.json\n";
  }
  ~Fixture() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
};

TEST(HearthConformance, EveryHearthbreakerCardLoadsAndEveryUnsupportedTagIsDocumented) {
  if (!fs::exists(HEARTHBREAKER_DATA))
    GTEST_SKIP() << "no Hearthbreaker data at " << HEARTHBREAKER_DATA
                 << " (set -DANVIL_HEARTHBREAKER_DATA=<card_defs.json>)";
  Fixture f;
  const LoadedPack pack = load_pack(f.dir, f.registry);
  for (const Diagnostic& d : pack.diagnostics)
    if (d.severity == Diagnostic::Severity::error) ADD_FAILURE() << d.str();
  const auto entries = nlohmann::json::parse(read(HEARTHBREAKER_DATA)).size();
  EXPECT_EQ(pack.cards.size(), entries) << "every entry loads";

  const std::optional<std::set<std::string>> listed = documented_unsupported();
  ASSERT_TRUE(listed) << "docs/hearth.md has no '## Not supported yet' section";
  const std::set<std::string>& documented = *listed;
  constexpr std::string_view kMark = "unsupported tag '";
  std::set<std::string> seen;
  for (const Diagnostic& d : pack.diagnostics) {
    const std::size_t at = d.message.find(kMark);
    if (d.severity != Diagnostic::Severity::warning || at == std::string::npos) continue;
    const std::size_t start = at + kMark.size();
    const std::string name = d.message.substr(start, d.message.find('\'', start) - start);
    seen.insert(name);
    EXPECT_TRUE(documented.count(name)) << "'" << name << "' is unsupported but not listed in docs/hearth.md: "
                                        << d.str();
  }
  for (const std::string& name : documented)
    if (!seen.count(name)) ADD_FAILURE() << "docs/hearth.md lists '" << name << "' but no card reports it";
  // The list is empty: every tag of the data is supported, so not one warning may say otherwise.
  EXPECT_TRUE(documented.empty()) << "docs/hearth.md lists unsupported tags again";
  EXPECT_TRUE(seen.empty()) << seen.size() << " unsupported tag names reported";
}

TEST(HearthConformance, RandomGamesWithDecksDrawnFromHearthbreakerCards) {
  if (!fs::exists(HEARTHBREAKER_DATA))
    GTEST_SKIP() << "no Hearthbreaker data at " << HEARTHBREAKER_DATA;
  Fixture f;
  LoadedPack pack = load_pack(f.dir, f.registry);
  ASSERT_TRUE(pack.ok());
  auto pool = std::make_shared<CardPool>();
  for (CardDef& c : pack.cards) pool->add(std::move(c));
  // Decks of collectible cards whose tags name only cards the data defines: Hearthbreaker's data
  // has no spells, so cards that make one (Spare Parts…) cannot be played from it alone.
  std::vector<std::string> collectible;
  std::size_t unplayable = 0;
  for (const std::string& name : pool->names()) {
    const tags::CardScript* s = tags::card_script(pool->at(*pool->find(name)));
    if (!s || !s->collectible) continue;
    if (tags::missing_references(*s, *pool).empty())
      collectible.push_back(name);
    else
      ++unplayable;
  }
  std::sort(collectible.begin(), collectible.end());  // names() has no order to rely on
  EXPECT_LT(unplayable, 40u) << "cards naming cards outside the data";
  ASSERT_GT(collectible.size(), 100u);
  const auto rules = f.registry.get<RulesModule>("hearth");
  const auto random = f.registry.get<AgentFactory>("ai-random");
  const char* heroes[] = {"Mage", "Warrior", "Hunter", "Rogue", "Priest", "Warlock", "Shaman", "Paladin", "Druid"};
  // 500 games (the number), 5,000 in a soak run (ANVIL_SOAK), or ANVIL_CONFORMANCE_GAMES;
  // ANVIL_CONFORMANCE_FROM starts at a later seed, to play again the game a failure names.
  const char* more = std::getenv("ANVIL_CONFORMANCE_GAMES");
  const std::uint64_t games = more                        ? std::strtoull(more, nullptr, 10)
                              : std::getenv("ANVIL_SOAK") ? 5000
                                                          : 500;
  const char* from = std::getenv("ANVIL_CONFORMANCE_FROM");
  for (std::uint64_t seed = from ? std::strtoull(from, nullptr, 10) : 1; seed <= games; ++seed) {
    SplitMix64 rng{seed};
    MatchConfig config;
    config.seed = seed;
    for (int p = 0; p < 2; ++p) {
      DeckList d;
      d.name = "drawn " + std::to_string(p);
      d.settings.emplace_back("hero", heroes[rng.below(std::size(heroes))]);
      for (int i = 0; i < 30; ++i) d.cards.push_back(collectible[rng.below(collectible.size())]);
      config.decks.push_back(std::move(d));
    }
    auto game = rules->setup(pool, config);
    game->seat(PlayerId(0), random->make({seed * 2, {}}));
    game->seat(PlayerId(1), random->make({seed * 2 + 1, {}}));
    int advances = 0;
    try {
      while (rules->advance(*game)) ASSERT_LT(++advances, 20000) << "seed " << seed;
    } catch (const std::exception& e) {
      std::string log;  // the position the game stopped in: what to set up in a scenario
      for (const Player& p : game->state().players) {
        log += "\nP" + std::to_string(p.id.value) + " life " + std::to_string(p.life) + " board: ";
        for (ObjectId id : game->state().zone(ZoneRef::battlefield(p.id)).objects)
          log += game->card(id).name + ", ";
        log += " hand: ";
        for (ObjectId id : game->state().zone(ZoneRef::hand(p.id)).objects)
          log += game->card(id).name + ", ";
      }
      FAIL() << "seed " << seed << ": " << e.what() << log;
    }
    ASSERT_TRUE(game->state().over) << "seed " << seed;
    for (const Player& p : game->state().players) {
      std::string board;
      for (ObjectId id : game->state().zone(ZoneRef::battlefield(p.id)).objects) board += game->card(id).name + ", ";
      ASSERT_LE(game->state().zone(ZoneRef::battlefield(p.id)).objects.size(), 7u) << "seed " << seed << ": " << board;
      ASSERT_LE(game->state().zone(ZoneRef::hand(p.id)).objects.size(), 10u);
    }
  }
}

}  // namespace
}  // namespace anvil
