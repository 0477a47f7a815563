// SearchAgent: Monte Carlo search over the decisions of a game (ai-search's README.md).
//
// At a searched decision it plays the game forward many times from determinized copies of what
// it can see: per playout a journal checkpoint, the game run to its end (or `max_steps`, then
// scored by the board) by the tree and the rollout agent, and a rollback to the checkpoint — the
// real game is never touched. Playouts come in rounds: one per candidate of the round's paired
// decision, on the same copy with rollout agents made from the same seed, so that candidates are
// compared by paired differences; an answer whose rounds leave it no chance against the rollout
// agent's is no longer replayed, and the search of a decision stops when that is every other
// answer. Threads search separate trees on separate copies (root parallelism); their statistics
// are added up.
//
// A copy resumes a game at a decision only when running the rules module forward from it asks
// that decision again (classic: priority). Decisions asked in the middle of an action (the
// target of a spell just cast, the attack declaration) are paired in extra rounds that play the
// answer just chosen (and then the answer the tree gives the target, to pair the attack after
// it), and answered from those trees; failing that, by the rollout agent.
#pragma once

#include <anvil/sdk.hpp>
#include <array>
#include <cstdint>
#include <memory>
#include <optional>
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
  // How many decisions below the last answer a decision asked mid-action is looked for, and how
  // many of them in a row (the spell's target, the attack after it) are paired after a search.
  static constexpr int kReuseDepth = 3;

  // The answers every playout of a round plays before its paired decision: `root` (a candidate
  // of the searched decision), then at each of the searcher's next decisions asked in the middle
  // of an action the answer keyed `then[i]` (the spell's target, then the attack after it).
  struct Prefix {
    std::size_t root = 0;
    std::vector<std::string> then;
  };
  struct Search {
    std::vector<Tree> trees;  // one per thread
    bool resumable = true;    // false: the copies could not be resumed at this decision
  };
  // Rounds of playouts from this decision into `out` (its trees made when empty). With `prefix`,
  // every playout plays its answers (this decision's, then the later ones it names), and the
  // rounds pair the next decision of the same player, when that one is asked in the middle of an
  // action (a target, an attack); they stop as soon as a round shows it is not. `phase` keeps
  // the seeds of the root's rounds and of each prefix's apart.
  void search(const DecisionView& view, const Choice& choice, const std::vector<Candidate>& cands,
              Search& out, const std::optional<Prefix>& prefix, std::uint64_t playouts,
              std::uint64_t phase);
  const RulesModule& rules();
  // The seed of thread `thread`'s n-th determinization, or with kRolloutSeeds added, of its
  // n-th round's rollout agents, or with kPhaseSeeds, the same for the rounds after a prefix;
  // different for every decision.
  std::uint64_t seed_for(std::uint64_t thread, std::uint64_t n) const;
  static constexpr std::uint64_t kRolloutSeeds = std::uint64_t{1} << 40;
  static constexpr std::uint64_t kPhaseSeeds = std::uint64_t{1} << 41;
  std::shared_ptr<Agent> make_rollout(std::uint64_t seed) const;

  // Whether a decision of this kind was seen resumed from a copy (a search at it found its
  // playouts asking it again): such a decision is searched when it is asked, and is neither
  // paired below an earlier answer nor searched ahead from the priority before it. Learnt from
  // the game because it is the rules module's to say (classic resumes priority and combat
  // declarations, not targets); until then every kind is treated as not resumable.
  std::array<bool, static_cast<std::size_t>(ChoiceKind::number) + 1> resumes_{};
  bool resumes(ChoiceKind kind) const { return resumes_.at(static_cast<std::size_t>(kind)); }

  const Registry& registry_;
  SearchSettings settings_;
  std::uint64_t seed_;
  std::string rules_name_;
  std::shared_ptr<const RulesModule> rules_;
  std::string rollout_name_;
  std::shared_ptr<Agent> fallback_;  // the rollout agent's answers in the real game
  std::uint64_t decision_ = 0;
  // The last search's trees, and per tree the nodes its chosen answers lead to.
  std::vector<Tree> trees_;
  std::vector<std::vector<std::uint32_t>> frontier_;
};

}  // namespace anvil::ai_search
