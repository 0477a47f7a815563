// RandomAgent: a uniformly random legal answer to every decision, reproducible from its seed.
#pragma once

#include <anvil/label_blind.hpp>
#include <anvil/sdk.hpp>
#include <cstdint>
#include <string_view>
#include <vector>

namespace anvil::ai_random {

// Label-blind and prompt-blind: it picks by index, so the rules may leave option labels and
// prompts empty.
class RandomAgent final : public Agent, public LabelBlind, public PromptBlind {
 public:
  // REQUIRES: 0 <= pass_probability <= 1.
  RandomAgent(std::uint64_t seed, double pass_probability);

  std::string_view name() const override { return "ai-random"; }
  Answer choose(const DecisionView& view, const Choice& choice) override;

 private:
  bool chance(double probability);
  // An attack or block choice that is a declaration: every option is a creature's
  // (Option::target), and a creature may be declared once.
  static bool is_declaration(const Choice& choice);
  Answer declare(const Choice& choice);
  // A decision of exactly one pick: as choose() would answer it, with the same draws.
  Answer choose_one(const Choice& choice);

  SplitMix64 rng_;
  double pass_probability_;
  // choose()'s list of the options it may pick, kept between calls: one allocation per agent
  // instead of one per decision (random games make little else).
  std::vector<std::uint32_t> candidates_;
  // declare()'s marks of the options already gone through, kept between calls as well.
  std::vector<std::uint8_t> declared_;
  // Declarations refused in a row (Choice::refused), for when to give the rules' example.
  std::uint32_t refusals_in_a_row_ = 0;
};

// Reads AgentOptions settings; throws std::invalid_argument naming a bad or unknown setting.
double pass_probability_from(const AgentOptions& options);

}  // namespace anvil::ai_random
