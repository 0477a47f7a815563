// The settings of ai-search (AgentOptions::settings), read once when the agent is made.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <limits>
#include <string>

namespace anvil::ai_search {

struct SearchSettings {
  // Playouts per searched decision, over all threads. With `ms` and no `playouts`, unlimited.
  std::uint64_t playouts = 1000;
  std::uint64_t ms = 0;  // milliseconds per searched decision; 0: no time limit
  unsigned threads = 1;  // root parallelism: one tree and one copy of the game per thread
  std::string rollout;   // agent for rollouts and unsearched decisions; empty: the default
  double exploration = 0.7;            // the UCB1 constant, for rewards in [0, 1]
  std::uint32_t per_determinization = 25;  // playouts from one determinized copy
  std::uint32_t max_steps = 100;  // advances in one playout before it is scored by life totals
  bool verify = false;  // check after every rollback that the copy's hash is the root's
};

// Throws std::invalid_argument naming a bad or unknown setting and listing the known ones.
SearchSettings settings_from(const AgentOptions& options);

}  // namespace anvil::ai_search
