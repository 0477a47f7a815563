// Compares a game with a scenario's `expect` (docs/scenarios.md): zones as multisets (the
// library top first), counts, life, counters, mana pools, card status and current
// characteristics, the winner, the step, who has priority, the stack and the decision log.
#pragma once

#include <anvil/game.hpp>
#include <anvil/rules.hpp>
#include <optional>
#include <string>
#include <vector>

#include "scenario.hpp"

namespace anvil::cli::scenario {

// What the scenario agent saw of a decision it answered, which the kernel's log does not keep
// (a DecisionRecord holds who, which kind and the indices picked): the options picked.
struct AnsweredDecision {
  PlayerId player;
  ChoiceKind kind = ChoiceKind::option;
  struct Pick {
    std::string label;
    std::string target;  // the option's target: a card's name, a player's scenario name, or ""
  };
  std::vector<Pick> picked;  // in pick order
};
// By DecisionRecord::index: answered[i] is what the agent saw of the decision logged at i.
using AnsweredDecisions = std::vector<std::optional<AnsweredDecision>>;

// One line per difference ("A: life 17, expected 18"); empty when the game is as expected.
// `answered` names the options of the decision log's picks (`expect.decisions`).
std::vector<std::string> check_expect(const Scenario& scenario, const Game& game,
                                      const RulesModule& rules, const AnsweredDecisions& answered);

// The zone a scenario names ("hand", "battlefield"…) as a ZoneKind; ZoneKind::none if unknown.
ZoneKind zone_kind(std::string_view name);

}  // namespace anvil::cli::scenario
