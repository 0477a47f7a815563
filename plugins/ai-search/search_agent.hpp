// SearchAgent: Monte Carlo tree search over the decisions of a game (ai-search's README.md).
//
// At a searched decision it plays the game forward many times from determinized copies of what
// it can see: one copy per determinization, and per playout a journal checkpoint, the game run
// to its end by a tree policy then the rollout agent, and a rollback to the checkpoint — the
// real game is never touched. Threads search separate trees on separate copies (root
// parallelism); their root statistics are added up and the most visited answer is played.
//
// A copy resumes a game at a decision only when running the rules module forward from it asks
// that decision again (classic: priority). Decisions asked in the middle of an action (the
// target of a spell just cast, the attack declaration) are answered from the previous search's
// trees, which explored them below the answer it chose; failing that, by the rollout agent.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "settings.hpp"
#include "tree.hpp"

namespace anvil::ai_search {

class SearchAgent final : public Agent {
 public:
  // REQUIRES: options.registry (make_agent() fills it in). Throws std::invalid_argument or
  // LoadError for bad settings, an unknown rollout agent or rules module.
  explicit SearchAgent(const AgentOptions& options);
  ~SearchAgent() override;

  std::string_view name() const override { return "ai-search"; }
  Answer choose(const DecisionView& view, const Choice& choice) override;

 private:
  // How many decisions below the last answer a decision asked mid-action is looked for.
  static constexpr int kReuseDepth = 3;

  struct Search {
    std::vector<Tree> trees;  // one per thread
    bool resumable = true;    // false: the copies could not be resumed at this decision
  };
  Search search(const DecisionView& view, const Choice& choice, const std::vector<Candidate>& cands);
  const RulesModule& rules();
  std::uint64_t seed_for(std::uint64_t thread, std::uint64_t determinization) const;

  const Registry& registry_;
  SearchSettings settings_;
  std::uint64_t seed_;
  std::string rules_name_;
  std::shared_ptr<const RulesModule> rules_;
  std::shared_ptr<Agent> fallback_;              // unsearched decisions of the real game
  std::vector<std::shared_ptr<Agent>> rollouts_;  // one per thread
  std::uint64_t decision_ = 0;
  // The last search's trees, and per tree the nodes its chosen answers lead to.
  std::vector<Tree> trees_;
  std::vector<std::vector<std::uint32_t>> frontier_;
};

}  // namespace anvil::ai_search
