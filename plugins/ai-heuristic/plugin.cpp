// The ai-heuristic plugin: registers the agent factory "ai-heuristic".
#include <algorithm>
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
    const std::string name = rules_name(options);
    std::shared_ptr<const RulesModule> rules =
        options.registry && !name.empty() ? options.registry->find<RulesModule>(name) : nullptr;
    if (name == "hearth") return std::make_unique<HeuristicAgent>(options.seed, std::move(rules));
    return std::make_unique<HeuristicAgent>(options.seed, nullptr, std::move(rules));
  }
  std::string summary() const override {
    return "scored rules for the classic game (lands, curve, combat by creature value, burn judged "
           "by its effect, responses and combat tricks played out); in the hearth game each "
           "action judged on a copy; seeded random legal choices for other games";
  }

 private:
  // The rules module the agent plays: the one the host names (AgentOptions::rules), else the
  // only one loaded, else "classic" (whose priority decisions the agent's rules are written
  // for) when it is loaded. Empty when none is known.
  static std::string rules_name(const AgentOptions& options) {
    if (!options.rules.empty() || !options.registry) return options.rules;
    const std::vector<std::string> loaded = options.registry->names(PluginKind::rules_module);
    if (loaded.size() == 1) return loaded.front();
    return std::find(loaded.begin(), loaded.end(), "classic") != loaded.end() ? "classic" : "";
  }
};

}  // namespace
}  // namespace anvil::ai_heuristic

ANVIL_PLUGIN("ai-heuristic", "0.1.0", "A scored-rules agent in the spirit of Forge's AI") {
  registrar.add<anvil::AgentFactory>("ai-heuristic", std::make_shared<anvil::ai_heuristic::Factory>());
}
