// The settings of ai-search (AgentOptions::settings), read once when the agent is made.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <limits>
#include <string>

#include "evaluate.hpp"

namespace anvil::ai_search {

struct SearchSettings {
  // Playouts per searched decision, over all threads. With `ms` and no `playouts`, unlimited.
  std::uint64_t playouts = 1000;
  std::uint64_t ms = 0;      // milliseconds per searched decision; 0: no time limit
  unsigned threads = 1;      // root parallelism: one tree and one copy of the game per thread
  static constexpr unsigned kMaxThreads = 256;  // the most `threads` may ask for
  std::string rollout;       // agent for rollouts and unsearched decisions; empty: the default
  double exploration = 0.7;  // the UCB1 constant, for rewards in [0, 1] (with below_tree)
  std::uint32_t per_determinization = 1;  // rounds (search_agent.hpp) from one determinized copy
  std::uint32_t max_steps = 100;          // advances in one playout before it is scored by `eval`
  bool verify = false;  // check after every rollback that the copy's hash is the root's
  Evaluation eval = Evaluation::board;  // how a playout stopped by max_steps is scored
  // The standard errors by which an answer's mean paired difference from the rollout agent's
  // answer must be above zero for it to be played instead (one-sided; 1.645 is 95%). Also the
  // z-score of the two-proportion test used when there are no pairs to compare.
  double gate = 1.645;
  // Below a round's paired decision: true, the tree goes on (UCB1 over later decisions of both
  // players); false, the rollout agent plays the rest, so that the round's playouts differ only
  // in the paired answer.
  bool below_tree = false;
  // Stop replaying an answer whose paired rounds leave it no chance against the baseline, and
  // a decision when that is every answer but the baseline (search_agent.cpp, hopeless()).
  bool prune = true;
  // The probability that a decision of the searcher's own after a round's paired decision is
  // answered by a random candidate instead of the rollout agent (the opponent's never are).
  double explore = 0.0;
};

// Throws std::invalid_argument naming a bad or unknown setting and listing the known ones.
SearchSettings settings_from(const AgentOptions& options);

}  // namespace anvil::ai_search
