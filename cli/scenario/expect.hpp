// Compares a game with a scenario's `expect` (docs/scenarios.md): zones as multisets (the
// library top first), counts, life, counters, card status and current characteristics, the
// winner, the step, who has priority and the stack.
#pragma once

#include <anvil/game.hpp>
#include <anvil/rules.hpp>
#include <string>
#include <vector>

#include "scenario.hpp"

namespace anvil::cli::scenario {

// One line per difference ("A: life 17, expected 18"); empty when the game is as expected.
std::vector<std::string> check_expect(const Scenario& scenario, const Game& game,
                                      const RulesModule& rules);

// The zone a scenario names ("hand", "battlefield"…) as a ZoneKind; ZoneKind::none if unknown.
ZoneKind zone_kind(std::string_view name);

}  // namespace anvil::cli::scenario
