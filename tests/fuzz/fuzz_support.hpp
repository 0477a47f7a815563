// What the fuzz targets share: one Registry with the card-script plugins and card loaders loaded
// through PluginHost (once per process, as the CLI does), the small card pool of game_cards.txt,
// and small two-player games seated with agents that answer at random.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <random>
#include <string_view>
#include <vector>

#include "anvil/agent.hpp"
#include "anvil/card.hpp"
#include "anvil/game.hpp"
#include "anvil/registry.hpp"

namespace anvil::fuzz {

// format-classic, format-yaml, tags (the hearth card loader), keyword-damage, value-count and
// effect-drawback from ANVIL_FUZZ_PLUGIN_DIR,
// plus "Changeling" as a plain keyword (the classic rules module, not loaded here, registers it).
// Loaded on first use and never unloaded; aborts if a plugin does not load.
const Registry& registry();

// The cards of the script tests' fixture tests/plugins/format-classic/data/game_cards.txt,
// loaded with the classic loader on first use.
std::shared_ptr<const CardPool> game_pool();
// Those cards and `extra` (a card whose name is taken already is left out).
std::shared_ptr<const CardPool> game_pool_with(std::vector<CardDef> extra);

// Picks a valid answer at random: between min_picks and max_picks distinct options.
class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(std::uint64_t seed) : rng_(seed) {}
  std::string_view name() const override { return "fuzz-random"; }
  Answer choose(const DecisionView& view, const Choice& choice) override;

 private:
  std::mt19937_64 rng_;
};

// Two players at 20 life, each with lands and creatures on the battlefield, cards in hand,
// library and graveyard, and a RandomAgent seeded from `seed` in each seat.
std::unique_ptr<Game> small_game(std::uint64_t seed,
                                 std::shared_ptr<const CardPool> pool = game_pool());

// The cards the registered CardLoader `loader` reads from `text` (as file `file`); what it
// reports is turned into text (Diagnostic::str) and dropped. A loader that throws instead of
// reporting fails the input, as it should.
std::vector<CardDef> load_cards(std::string_view loader, std::string_view file,
                                std::string_view text);

// Casts the first few of `cards` (loaded from fuzzed input) on a small_game(seed) whose pool
// holds them too: each spell or activated ability is described and resolved inside
// game.perform(), targeting the opponent or one of their creatures, with random agents
// answering. An exception there is an ActionResult, but the game must then be exactly as
// before: otherwise this aborts, which the fuzzer reports with the input.
void cast_on_small_game(std::vector<CardDef> cards, std::uint64_t seed);

// A seed for the agents that depends on the input, so a crash reproduces from its input alone.
std::uint64_t seed_of(const std::uint8_t* data, std::size_t size);

}  // namespace anvil::fuzz
