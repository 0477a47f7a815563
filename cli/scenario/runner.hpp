// Runs one scenario against a rules module: sets up the position, seats a ScenarioAgent for
// every player, drives RulesModule::advance() until the actions are done, runs the
// state-based actions and compares the game with `expect` (docs/scenarios.md).
//
//   Result r = run_scenario(scenario, pool, *rules);
//   fmt::print("{} {}{}\n", r.passed ? "PASS" : "FAIL", scenario.name, r.passed ? "" : ": " +
//   r.message);
#pragma once

#include <anvil/card.hpp>
#include <anvil/registry.hpp>
#include <anvil/rules.hpp>
#include <memory>
#include <string>

#include "scenario.hpp"

namespace anvil::cli::scenario {

struct Result {
  bool passed = false;
  std::string message;  // what differed, when not passed
};

// Never throws for a failing game: every problem, including exceptions from the module, is a
// failed Result. `registry` makes the agents of `agent` actions (a scenario with one fails
// without it).
Result run_scenario(const Scenario& scenario, std::shared_ptr<const CardPool> pool,
                    const RulesModule& rules, const Registry* registry = nullptr);

}  // namespace anvil::cli::scenario
