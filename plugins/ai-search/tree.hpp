// The search tree of one thread. A node is a searched decision (priority, targets, attack and
// block declarations); its edges are candidate answers, keyed by the labels of the options they
// pick, because option indices differ between determinizations while labels name the same
// action ("Cast Lightning Bolt", "Grizzly Bears → Player 2"). An edge leads to the next searched
// decision of either player. Rewards are kept for the player deciding at the node (ISMCTS with
// availability: a candidate that is not legal in this determinization is simply not offered).
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

namespace anvil::ai_search {

inline constexpr std::uint32_t kNoNode = std::numeric_limits<std::uint32_t>::max();

// Decisions the tree branches on; every other kind goes to the rollout agent.
bool searched(ChoiceKind kind);

// One answer worth trying, and the key that names it across determinizations.
struct Candidate {
  std::string key;
  Answer answer;
};

// The key of an answer: the labels of the options it picks, sorted ("[]" for none).
std::string answer_key(const Choice& choice, const std::vector<std::uint32_t>& picks);

// The answers the search tries for `choice`, without duplicate keys, in option order.
// One pick: every option. Several (attackers, blockers): none, each option alone, and all of
// them when every option is a different object (a full attack).
std::vector<Candidate> candidates(const Choice& choice);

// candidates(choice) without the actions that only make mana: activating an ability of a land
// the player controls. Payment is automatic, so mana made in advance is at best the same as
// passing; leaving them out keeps a priority decision with nothing else to do from branching.
std::vector<Candidate> candidates(const DecisionView& view, const Choice& choice);

// The candidates of a searched decision: `policy` (the rollout agent's answer) first, then
// candidates(view, choice), and for a declaration (attackers, blockers) also the answers one
// step from the policy's: one option more or less, or one creature's option swapped for
// another of the same creature (a blocker moved to another attacker). The policy's
// neighbourhood is where a better declaration most likely is; each option alone, none and all
// are far from it.
std::vector<Candidate> candidates(const DecisionView& view, const Choice& choice, Answer policy);

// What identifies a decision point: its kind, player and option labels.
std::string signature(const Choice& choice);

struct Edge {
  std::string key;
  std::uint32_t child = kNoNode;
  std::uint64_t visits = 0;
  double reward = 0;  // summed, for the node's player
  // Paired comparisons (the node was a round's paired decision, search_agent.hpp): how many
  // rounds played this answer, and the sums of its reward minus the reward of the node's
  // baseline answer in the same round, and of their squares.
  std::uint64_t pairs = 0;
  double diff = 0, diff_sq = 0;
};

struct Node {
  PlayerId player;
  std::string signature;  // of the decision (signature()), to find it again after the search
  std::vector<Edge> edges;
  // The key of the answer the paired differences are measured from (the rollout agent's
  // answer); `mixed` when it was not the same in every round, which voids them.
  std::string baseline;
  bool mixed = false;
};

struct Selection {
  std::size_t candidate = 0;
  std::size_t edge = 0;
  bool expanded = false;  // a new edge: the playout leaves the tree after it
};

class Tree {
 public:
  std::uint32_t add_node(PlayerId player, std::string signature);
  Node& node(std::uint32_t index) { return nodes_[index]; }
  const Node& node(std::uint32_t index) const { return nodes_[index]; }
  std::size_t size() const { return nodes_.size(); }

  // Nodes with `signature` at most `depth` edges below `from`, for a decision the real game asks
  // in the middle of an action (a target, an attack), which a copy cannot be resumed at: the
  // previous search explored it below the answer it chose.
  std::vector<std::uint32_t> find(const std::vector<std::uint32_t>& from,
                                  const std::string& signature, int depth) const;

  // The first candidate without an edge (which gets one), else the UCB1 choice among the
  // candidates' edges. Ties go to the earlier candidate, so a seed decides everything.
  Selection select(std::uint32_t node, const std::vector<Candidate>& candidates,
                   double exploration);
  // The edge of `node` named `key`, added when there is none (`expanded`).
  Selection edge(std::uint32_t node, const std::vector<Candidate>& candidates,
                 std::size_t candidate);

 private:
  std::vector<Node> nodes_;
};

}  // namespace anvil::ai_search
