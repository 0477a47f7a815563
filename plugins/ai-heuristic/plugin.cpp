// The ai-heuristic plugin: registers the agent factory "ai-heuristic".
#include <anvil/sdk.hpp>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "heuristic_agent.hpp"

namespace anvil::ai_heuristic {
namespace {

class Factory final : public AgentFactory {
 public:
  std::unique_ptr<Agent> make(const AgentOptions& options) const override {
    if (!options.settings.empty())
      throw std::invalid_argument("ai-heuristic has no setting '" + options.settings.front().first +
                                  "' (it has none)");
    return std::make_unique<HeuristicAgent>(options.seed, hearth_rules(options));
  }
  std::string summary() const override {
    return "scored rules for the classic game (lands, curve, combat by creature value, burn judged "
           "by its effect); in the hearth game each action judged on a copy; seeded random legal "
           "choices for other games";
  }

 private:
  // The hearth rules module when the game is hearth's: the host names it (AgentOptions::rules),
  // or says nothing and it is the only rules module loaded. Null otherwise.
  static std::shared_ptr<const RulesModule> hearth_rules(const AgentOptions& options) {
    if (!options.registry) return nullptr;
    std::string name = options.rules;
    if (name.empty()) {
      const std::vector<std::string> loaded = options.registry->names(PluginKind::rules_module);
      if (loaded.size() == 1) name = loaded.front();
    }
    if (name != "hearth") return nullptr;
    return options.registry->find<RulesModule>(name);
  }
};

}  // namespace
}  // namespace anvil::ai_heuristic

ANVIL_PLUGIN("ai-heuristic", "0.1.0", "A scored-rules agent in the spirit of Forge's AI") {
  registrar.add<anvil::AgentFactory>("ai-heuristic", std::make_shared<anvil::ai_heuristic::Factory>());
}
