// The ai-random plugin: registers the agent factory "ai-random".
#include <anvil/sdk.hpp>
#include <memory>

#include "random_agent.hpp"

namespace anvil::ai_random {
namespace {

class Factory final : public AgentFactory {
 public:
  std::unique_ptr<Agent> make(const AgentOptions& options) const override {
    return std::make_unique<RandomAgent>(options.seed, pass_probability_from(options));
  }
  std::string summary() const override {
    return "uniformly random legal choices, seeded; passes with probability pass_probability";
  }
};

}  // namespace
}  // namespace anvil::ai_random

ANVIL_PLUGIN("ai-random", "0.1.0", "A seeded agent that answers every decision at random") {
  registrar.add<anvil::AgentFactory>("ai-random", std::make_shared<anvil::ai_random::Factory>());
}
