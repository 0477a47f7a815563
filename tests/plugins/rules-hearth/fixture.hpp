// Test support for the hearth rules: the bundled plugins loaded as the CLI loads them, the test
// pack (data/) and, when it loads, the bundled hearth-basic pack, positions, and agents.
#pragma once

#include <anvil/pack.hpp>
#include <anvil/sdk.hpp>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace anvil::hearth_test {

using namespace anvil::literals;

const Registry& registry();
const RulesModule& rules();
// The test pack's cards and decks (fails the test if it does not load).
const LoadedPack& test_pack();
std::shared_ptr<const CardPool> test_pool();
// The bundled hearth-basic pack, or nullptr when it is absent or does not load.
const LoadedPack* basic_pack();
std::shared_ptr<const CardPool> pool_of(const LoadedPack& pack);

// A position: each player's hand, board and library by card name; A is active.
struct Side {
  std::string hero = "Mage";
  std::vector<std::string> hand{}, board{}, library{};
  std::optional<int> life{}, mana{}, armor{};
};
std::unique_ptr<Game> position(const Side& a, const Side& b,
                               std::shared_ptr<const CardPool> pool = test_pool());

// Answers action choices by label, in order ("Play Test Yeti at 0", "End turn"); when its
// list is empty it stops the game by throwing Done.
struct Done {};
class ScriptAgent final : public Agent {
 public:
  explicit ScriptAgent(std::vector<std::string> labels) : labels_(labels.begin(), labels.end()) {}
  std::string_view name() const override { return "script"; }
  Answer choose(const DecisionView&, const Choice& c) override;
  std::vector<std::string> seen;  // labels of the last action choice

 private:
  std::deque<std::string> labels_;
};

// Runs `labels` as A's actions from the position; returns when they are used up.
void act(Game& game, std::vector<std::string> labels);

// Random, but a function of the game (its decision count and RNG state): a copy and its
// original choose the same and so go on identically (clone stress).
class HashAgent final : public Agent {
 public:
  explicit HashAgent(std::uint64_t seed) : seed_(seed) {}
  std::string_view name() const override { return "hash"; }
  Answer choose(const DecisionView& view, const Choice& c) override;
  const Game* game = nullptr;

 private:
  std::uint64_t seed_;
};

// The state's invariants: boards of at most 7, hands of at most 10, health within maximum,
// every object in the zone it names.
void check_invariants(const Game& game);

// Objects of a zone by card name.
std::vector<std::string> names(const Game& game, ZoneRef zone);
ObjectId find(const Game& game, ZoneRef zone, std::string_view name);

}  // namespace anvil::hearth_test
