#include "tree.hpp"

#include <algorithm>
#include <cmath>
#include <set>

namespace anvil::ai_search {

bool searched(ChoiceKind kind) {
  switch (kind) {
    case ChoiceKind::action:
    case ChoiceKind::target:
    case ChoiceKind::attackers:
    case ChoiceKind::blockers:
      return true;
    default:
      return false;
  }
}

std::string answer_key(const Choice& choice, const std::vector<std::uint32_t>& picks) {
  std::vector<const std::string*> labels;
  for (std::uint32_t i : picks) labels.push_back(&choice.options[i].label);
  std::sort(labels.begin(), labels.end(),
            [](const std::string* a, const std::string* b) { return *a < *b; });
  std::string key = "[";  // "[]" is the empty answer, which no option label can be confused with
  for (const std::string* l : labels) {
    key += *l;
    key += '\x1f';
  }
  key += ']';
  return key;
}

namespace {

// Candidates in the order they are offered, each answer once (by its key).
class CandidateList {
 public:
  explicit CandidateList(const Choice& choice) : choice_(choice) {}
  // Adds the answer `picks` when the choice allows that many picks, the rules do not refuse any
  // of them in every answer (Option::barred: a tapped creature's attack), and it is new.
  void add_picks(std::vector<std::uint32_t> picks) {
    if (picks.size() < choice_.min_picks || picks.size() > choice_.max_picks) return;
    for (std::uint32_t i : picks)
      if (!choice_.options[i].barred.empty()) return;
    std::string key = answer_key(choice_, picks);
    add(Candidate{std::move(key), Answer{std::move(picks)}});
  }
  // Adds `c` when its answer is new, whatever its number of picks.
  void add(Candidate c) {
    if (seen_.insert(c.key).second) out_.push_back(std::move(c));
  }
  std::vector<Candidate> take() { return std::move(out_); }

 private:
  const Choice& choice_;
  std::set<std::string> seen_;
  std::vector<Candidate> out_;
};

}  // namespace

std::vector<Candidate> candidates(const Choice& choice) {
  const auto n = static_cast<std::uint32_t>(choice.options.size());
  CandidateList out(choice);
  if (choice.max_picks <= 1) {
    if (choice.min_picks == 0) out.add_picks({});
    for (std::uint32_t i = 0; i < n; ++i) out.add_picks({i});
    return out.take();
  }
  out.add_picks({});
  for (std::uint32_t i = 0; i < n; ++i) out.add_picks({i});
  // Everything at once: every option not barred, when each names a different object (each
  // creature able to attack, against the one defender).
  std::vector<std::uint32_t> all;
  std::set<std::uint64_t> objects;
  for (std::uint32_t i = 0; i < n; ++i)
    if (choice.options[i].barred.empty()) {
      all.push_back(i);
      objects.insert(choice.options[i].target.object.id.value);
    }
  if (objects.size() == all.size() && all.size() > 1) out.add_picks(std::move(all));
  return out.take();
}

std::vector<Candidate> candidates(const DecisionView& view, const Choice& choice) {
  std::vector<Candidate> out = candidates(choice);
  if (choice.kind != ChoiceKind::action) return out;
  using namespace anvil::literals;
  std::erase_if(out, [&](const Candidate& c) {
    if (c.answer.picks.size() != 1) return false;
    const Option& o = choice.options[c.answer.picks[0]];
    if (o.mana) return true;  // mana abilities: payment is automatic (Option::mana)
    if (!o.target.is_object() || !view.can_see(o.target.object.id)) return false;
    const GameObject& obj = view.object(o.target.object.id);
    return obj.zone.kind == ZoneKind::battlefield && obj.controller == choice.player &&
           view.view(o.target.object.id).has_type("Land"_sym);
  });
  return out;
}

std::vector<Candidate> candidates(const DecisionView& view, const Choice& choice, Answer policy) {
  CandidateList out(choice);
  const std::vector<std::uint32_t> base = policy.picks;
  out.add(
      {answer_key(choice, base), std::move(policy)});  // first, whatever it is: the rollout agent's
  if (choice.kind == ChoiceKind::attackers || choice.kind == ChoiceKind::blockers) {
    // A creature is in a declaration once: its options (an attacker's defenders, a blocker's
    // attackers) name it as their target.
    auto creature = [&](std::uint32_t i) { return choice.options[i].target.object.id.value; };
    const auto n = static_cast<std::uint32_t>(choice.options.size());
    for (std::size_t k = 0; k < base.size(); ++k) {
      std::vector<std::uint32_t> less = base;
      less.erase(less.begin() + static_cast<std::ptrdiff_t>(k));
      out.add_picks(less);
      for (std::uint32_t j = 0; j < n; ++j) {
        if (creature(j) != creature(base[k]) ||
            std::find(base.begin(), base.end(), j) != base.end())
          continue;
        std::vector<std::uint32_t> swapped = less;
        swapped.push_back(j);
        out.add_picks(std::move(swapped));
      }
    }
    for (std::uint32_t j = 0; j < n; ++j) {
      if (std::any_of(base.begin(), base.end(),
                      [&](std::uint32_t i) { return creature(i) == creature(j); }))
        continue;
      std::vector<std::uint32_t> more = base;
      more.push_back(j);
      out.add_picks(std::move(more));
    }
  }
  for (Candidate& c : candidates(view, choice)) out.add(std::move(c));
  return out.take();
}

std::string signature(const Choice& choice) {
  std::string s =
      std::to_string(static_cast<int>(choice.kind)) + ":" + std::to_string(choice.player.value);
  for (const Option& o : choice.options) {
    s += '\x1e';
    s += o.label;
  }
  return s;
}

std::uint32_t Tree::add_node(PlayerId player, std::string signature) {
  nodes_.push_back(Node{player, std::move(signature), {}, {}, false});
  return static_cast<std::uint32_t>(nodes_.size() - 1);
}

std::vector<std::uint32_t> Tree::find(const std::vector<std::uint32_t>& from,
                                      const std::string& signature, int depth) const {
  std::vector<std::uint32_t> found, level = from;
  for (int d = 0; d <= depth && !level.empty(); ++d) {
    std::vector<std::uint32_t> next;
    for (std::uint32_t n : level) {
      if (nodes_[n].signature == signature) {
        found.push_back(n);
        continue;  // the decision itself, not a later one like it
      }
      for (const Edge& e : nodes_[n].edges)
        if (e.child != kNoNode) next.push_back(e.child);
    }
    level = std::move(next);
  }
  return found;
}

Selection Tree::edge(std::uint32_t index, const std::vector<Candidate>& candidates,
                     std::size_t candidate) {
  Node& node = nodes_[index];
  const std::string& key = candidates[candidate].key;
  const auto it = std::find_if(node.edges.begin(), node.edges.end(),
                               [&](const Edge& e) { return e.key == key; });
  if (it != node.edges.end())
    return Selection{candidate, static_cast<std::size_t>(it - node.edges.begin()), false};
  node.edges.push_back(Edge{key});
  return Selection{candidate, node.edges.size() - 1, true};
}

Selection Tree::select(std::uint32_t index, const std::vector<Candidate>& candidates,
                       double exploration) {
  Node& node = nodes_[index];
  std::vector<std::size_t> edge_of(candidates.size());
  std::uint64_t total = 0;
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    const auto it = std::find_if(node.edges.begin(), node.edges.end(),
                                 [&](const Edge& e) { return e.key == candidates[c].key; });
    if (it == node.edges.end()) {
      node.edges.push_back(Edge{candidates[c].key});
      return Selection{c, node.edges.size() - 1, true};
    }
    edge_of[c] = static_cast<std::size_t>(it - node.edges.begin());
    total += it->visits;
  }
  const double log_total = std::log(static_cast<double>(std::max<std::uint64_t>(total, 1)));
  Selection best;
  double best_score = -1;
  for (std::size_t c = 0; c < candidates.size(); ++c) {
    const Edge& e = node.edges[edge_of[c]];
    const double n = static_cast<double>(std::max<std::uint64_t>(e.visits, 1));
    const double score = e.reward / n + exploration * std::sqrt(log_total / n);
    if (score > best_score) {
      best_score = score;
      best = Selection{c, edge_of[c], false};
    }
  }
  return best;
}

}  // namespace anvil::ai_search
