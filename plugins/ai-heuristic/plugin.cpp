// The ai-heuristic plugin: registers the agent factory "ai-heuristic".
#include <anvil/sdk.hpp>
#include <memory>
#include <stdexcept>

#include "heuristic_agent.hpp"

namespace anvil::ai_heuristic {
namespace {

class Factory final : public AgentFactory {
 public:
  std::unique_ptr<Agent> make(const AgentOptions& options) const override {
    if (!options.settings.empty())
      throw std::invalid_argument("ai-heuristic has no setting '" + options.settings.front().first +
                                  "' (it has none)");
    return std::make_unique<HeuristicAgent>(options.seed);
  }
  std::string summary() const override {
    return "scored rules for the classic game (lands, curve, combat by creature value, burn judged "
           "by its effect); seeded random legal choices for other games";
  }
};

}  // namespace
}  // namespace anvil::ai_heuristic

ANVIL_PLUGIN("ai-heuristic", "0.1.0", "A scored-rules agent in the spirit of Forge's AI") {
  registrar.add<anvil::AgentFactory>("ai-heuristic", std::make_shared<anvil::ai_heuristic::Factory>());
}
