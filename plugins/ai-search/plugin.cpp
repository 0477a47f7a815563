// The ai-search plugin: registers the agent factory "ai-search".
#include <anvil/sdk.hpp>
#include <memory>

#include "search_agent.hpp"

namespace anvil::ai_search {
namespace {

class Factory final : public AgentFactory {
 public:
  std::unique_ptr<Agent> make(const AgentOptions& options) const override {
    return std::make_unique<SearchAgent>(options);
  }
  std::string summary() const override {
    return "Monte Carlo tree search with determinization and rollouts; playouts, ms, threads, "
           "rollout";
  }
};

}  // namespace
}  // namespace anvil::ai_search

ANVIL_PLUGIN("ai-search", "0.1.0",
             "A Monte Carlo tree search agent over determinized copies of the game") {
  registrar.add<anvil::AgentFactory>("ai-search", std::make_shared<anvil::ai_search::Factory>());
}
