#include "search_agent.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>

namespace anvil::ai_search {

namespace {

using Clock = std::chrono::steady_clock;

// Answers every decision of a copied game during playouts, for all its players: searched
// decisions from the tree while the playout is in it, everything else from the rollout agent.
//
// A round is one playout per candidate of its paired decision: the first decision of the
// searching player with two candidates or more (the root; for a root with nothing else to do,
// the attack or block declaration after it). Up to there the playouts of a round are the same —
// the same copy, a rollout agent made from the same seed, the other players' decisions answered
// by that agent — and at the paired decision the k-th playout plays the k-th candidate, so that
// the differences between their results are the candidates' and not the luck of the draw.
class PlayoutAgent final : public Agent {
 public:
  PlayoutAgent(Tree& tree, const SearchSettings& settings, std::string root_signature,
               const std::vector<Candidate>& root_candidates)
      : tree_(tree),
        settings_(settings),
        root_signature_(std::move(root_signature)),
        root_candidates_(root_candidates) {}

  std::string_view name() const override { return "ai-search"; }

  // The playout's paired decision: its node, the edge taken, how many candidates it had and
  // the first one's key (the rollout agent's answer); node kNoNode when none was reached.
  struct Paired {
    std::uint32_t node = kNoNode;
    std::size_t edge = 0;
    std::size_t width = 0;
    std::string first;
    ChoiceKind kind = ChoiceKind::action;
    std::vector<std::string> keys;  // of its candidates, in order (keys[0] == first)
  };

  // A playout answered by `rollout`, playing candidate `force` at the paired decision, and with
  // `prefix` that root candidate and then, at the searcher's next decisions asked in the middle
  // of an action, the answers keyed `then` in order, the paired decision being a later one.
  void begin(Agent& rollout, std::uint64_t seed, bool check_root, std::size_t force,
             std::optional<std::size_t> prefix, const std::vector<std::string>* then) {
    explore_rng_ = SplitMix64{seed};
    prefix_ = prefix;
    then_ = then;
    step_ = 0;
    off_prefix_ = false;
    rollout_ = &rollout;
    path_.clear();
    in_tree_ = true;
    check_root_ = check_root;
    asks_ = 0;
    cutoff_ = mismatch_ = false;
    force_ = force;
    paired_ = Paired{};
  }
  bool cutoff() const { return cutoff_; }
  bool mismatch() const { return mismatch_; }
  // The prefix's answer was not offered (another determinization): the playout is no pair.
  bool off_prefix() const { return off_prefix_; }
  void stop() { cutoff_ = true; }
  const Paired& paired() const { return paired_; }

  // Adds the playout's rewards (one per player) along the path it took through the tree.
  void backpropagate(const std::vector<double>& rewards) {
    for (const auto& [node, edge] : path_) {
      Node& n = tree_.node(node);
      Edge& e = n.edges[edge];
      ++e.visits;
      e.reward += rewards.at(n.player.value);
    }
  }

  Answer choose(const DecisionView& view, const Choice& choice) override {
    Agent& rollout = *rollout_;
    if (++asks_ > settings_.max_steps) cutoff_ = true;  // scored as unfinished after this advance
    if (!in_tree_ || cutoff_ || !searched(choice.kind) || !choice.refused.empty()) {
      // The searcher's own continuation after the paired decision deviates from the rollout
      // agent now and then (`explore`): the opponent is modelled by the rollout agent, while
      // the searcher's later play is left open enough for an answer that needs a follow-up
      // the rollout agent would not find.
      if (settings_.explore > 0 && paired_.node != kNoNode &&
          choice.player == tree_.node(0).player && searched(choice.kind) &&
          choice.refused.empty() &&
          static_cast<double>(explore_rng_.next() >> 11) * 0x1.0p-53 < settings_.explore) {
        const std::vector<Candidate> any = candidates(view, choice);
        if (!any.empty()) return any[explore_rng_.below(any.size())].answer;
      }
      return rollout.choose(view, choice);
    }
    // The first searched decision of a playout must be the real one: the copy re-asks it when
    // the game runs forward from where the real game stands. A rules module that is in the
    // middle of an action there (an attack declaration) cannot be resumed from a copy.
    if (path_.empty() && check_root_ && signature(choice) != root_signature_) {
      mismatch_ = cutoff_ = true;
      return rollout.choose(view, choice);
    }
    // At the root, the real decision's candidates (the same options, in the same order);
    // elsewhere, as there, the rollout agent's answer first.
    const std::vector<Candidate>* cands = &root_candidates_;
    std::uint32_t node = 0;
    // The rollout agent is asked at the root too, as the real game asked it: its answer there is
    // the first candidate, and it may plan the targets that follow (ai-heuristic does).
    if (path_.empty()) (void)rollout.choose(view, choice);
    if (!path_.empty()) {
      local_ = candidates(view, choice, rollout.choose(view, choice));
      // Nothing to choose (a pass with only mana besides): no node, and the next decision with
      // a choice becomes the child. Before the paired decision the other players play the
      // rollout agent's answer, as in every playout of the round.
      if (local_.size() == 1 || (paired_.node == kNoNode && choice.player != tree_.node(0).player))
        return local_.front().answer;
      cands = &local_;
      const auto [parent, edge] = path_.back();
      node = tree_.node(parent).edges[edge].child;
      if (node == kNoNode) {
        node = tree_.add_node(choice.player, signature(choice));
        tree_.node(parent).edges[edge].child = node;
      }
    }
    Selection s;
    if (paired_.node != kNoNode) {
      s = tree_.select(node, *cands, settings_.exploration);  // below the paired decision
      if (s.expanded) in_tree_ = false;
    } else if (path_.empty() && prefix_) {
      s = tree_.edge(node, *cands, *prefix_);
    } else if (then_ && step_ < then_->size() && choice.kind != ChoiceKind::action) {
      const std::string& key = (*then_)[step_++];
      const auto it = std::find_if(cands->begin(), cands->end(),
                                   [&](const Candidate& c) { return c.key == key; });
      if (it == cands->end()) {
        off_prefix_ = true;
        in_tree_ = false;
        return cands->front().answer;
      }
      s = tree_.edge(node, *cands, static_cast<std::size_t>(it - cands->begin()));
    } else if (cands->size() >= 2) {
      s = tree_.edge(node, *cands, std::min(force_, cands->size() - 1));
      paired_ = Paired{node, s.edge, cands->size(), cands->front().key, choice.kind, {}};
      if (force_ == 0)  // the round's first playout: the replays look their candidates up by key
        for (const Candidate& c : *cands) paired_.keys.push_back(c.key);
      if (!settings_.below_tree) in_tree_ = false;
    } else {
      s = tree_.edge(node, *cands, 0);  // a root with one candidate: on to the declaration after it
    }
    path_.emplace_back(node, s.edge);
    return (*cands)[s.candidate].answer;
  }

 private:
  Tree& tree_;
  Agent* rollout_ = nullptr;
  const SearchSettings& settings_;
  std::string root_signature_;
  const std::vector<Candidate>& root_candidates_;
  std::vector<std::pair<std::uint32_t, std::size_t>> path_;
  std::vector<Candidate> local_;  // the candidates of a decision below the root
  bool in_tree_ = true, check_root_ = true, cutoff_ = false, mismatch_ = false;
  std::uint32_t asks_ = 0;
  std::size_t force_ = 0;
  std::optional<std::size_t> prefix_;
  SplitMix64 explore_rng_;
  const std::vector<std::string>* then_ = nullptr;
  std::size_t step_ = 0;
  bool off_prefix_ = false;
  Paired paired_;
};

// Per answer key, over the nodes of one decision in every thread's tree.
struct Stat {
  std::uint64_t visits = 0;
  double reward = 0;
  std::uint64_t pairs = 0;
  double diff = 0, diff_sq = 0;
};
struct Stats {
  std::map<std::string, Stat> by_key;
  // The baseline of the paired differences, when every node had the same one.
  std::string baseline;
  bool paired_valid = true;
};

void add_edges(Stats& stats, const Node& node) {
  for (const Edge& e : node.edges) {
    Stat& st = stats.by_key[e.key];
    st.visits += e.visits;
    st.reward += e.reward;
    st.pairs += e.pairs;
    st.diff += e.diff;
    st.diff_sq += e.diff_sq;
  }
  if (node.baseline.empty()) return;
  if (node.mixed || (!stats.baseline.empty() && stats.baseline != node.baseline))
    stats.paired_valid = false;
  stats.baseline = node.baseline;
}

// The most visited candidate (ties: the better mean, then the earlier candidate), or null.
const Candidate* most_visited(const std::vector<Candidate>& cands, const Stats& stats) {
  const Candidate* best = nullptr;
  std::uint64_t best_visits = 0;
  double best_mean = -1;
  for (const Candidate& c : cands) {
    const auto it = stats.by_key.find(c.key);
    if (it == stats.by_key.end() || it->second.visits == 0) continue;
    const double mean = it->second.reward / static_cast<double>(it->second.visits);
    if (it->second.visits > best_visits || (it->second.visits == best_visits && mean > best_mean)) {
      best = &c;
      best_visits = it->second.visits;
      best_mean = mean;
    }
  }
  return best;
}

// Fewer paired rounds than this say too little about a candidate to play it instead.
constexpr std::uint64_t kMinPairs = 8;

// The paired test alone, on answer keys: of the answers whose mean difference from the baseline
// is above zero by `gate` standard errors (at least kMinPairs rounds), the best mean; else the
// baseline. `stats` must have valid pairs.
std::string paired_choice(const Stats& stats, double gate) {
  std::string best = stats.baseline;
  double best_mean = 0;
  for (const auto& [key, st] : stats.by_key) {
    if (key == stats.baseline || st.pairs < kMinPairs) continue;
    const double n = static_cast<double>(st.pairs);
    const double mean = st.diff / n;
    const double var = std::max(st.diff_sq / n - mean * mean, 0.0) * n / (n - 1);
    // A floor on the spread: identical differences in every round are still a sample.
    const double se = std::sqrt(std::max(var, 1e-4) / n);
    if (mean > best_mean && mean / se > gate) {
      best = key;
      best_mean = mean;
    }
  }
  return best;
}

// The answer to play. With paired rounds measured from the rollout agent's answer
// (`cands.front()`): the candidate with the best mean difference among those whose difference is
// above zero by `gate` standard errors (a one-sided paired test; 1.645 is 95%). Otherwise the
// most visited candidate when it beats the rollout agent's answer by `gate` in a two-proportion
// z-test on the playout results. Failing both, the rollout agent's answer: a small budget thus
// plays at least about as well as the rollout agent, and deviates for what the playouts show.
const Candidate* decide(const std::vector<Candidate>& cands, const Stats& stats, double gate) {
  if (cands.empty()) return nullptr;
  const Candidate* policy = &cands.front();
  if (stats.paired_valid && stats.baseline == policy->key) {
    const std::string key = paired_choice(stats, gate);
    const auto it =
        std::find_if(cands.begin(), cands.end(), [&](const Candidate& c) { return c.key == key; });
    return it != cands.end() ? &*it : policy;
  }
  const Candidate* best = most_visited(cands, stats);
  if (!best || best == policy) return best;
  const auto p = stats.by_key.find(policy->key);
  if (p == stats.by_key.end() || p->second.visits == 0) return policy;  // nothing to compare
  const Stat& b = stats.by_key.at(best->key);
  const double n1 = static_cast<double>(b.visits), n2 = static_cast<double>(p->second.visits);
  const double pooled = (b.reward + p->second.reward) / (n1 + n2);
  const double spread = std::sqrt(std::max(pooled * (1 - pooled), 1e-6) * (1 / n1 + 1 / n2));
  return (b.reward / n1 - p->second.reward / n2) / spread > gate ? best : policy;
}

// Whether the paired rounds so far leave the answer `key` of `node` no chance of being played
// instead of the baseline, so that the rounds left go to the others (and a decision none of whose
// alternatives has a chance stops early): after kPrunePairs rounds, its mean difference from the
// baseline is below zero by kPruneZ standard errors, or it was exactly zero in every round (the
// same game either way, like playing a land now or after combat). A real but small advantage is
// sometimes cut off this way; the budget it frees decides the close calls that are left.
constexpr std::uint64_t kPrunePairs = 16;
constexpr double kPruneZ = 1.0;
bool hopeless(const Node& node, const std::string& key) {
  const auto it = std::find_if(node.edges.begin(), node.edges.end(),
                               [&](const Edge& e) { return e.key == key; });
  if (it == node.edges.end() || it->pairs < kPrunePairs) return false;
  if (it->diff_sq == 0) return true;
  const double n = static_cast<double>(it->pairs);
  const double mean = it->diff / n;
  const double var = std::max(it->diff_sq / n - mean * mean, 0.0) * n / (n - 1);
  return mean < -kPruneZ * std::sqrt(std::max(var, 1e-4) / n);
}

// Whether a priority decision with nothing to choose is searched all the same, because the
// combat declaration after it is asked in the middle of an action, where no copy can be resumed,
// and is answered from the tree below this decision's pass. The classic rules declare attackers
// as the beginning of combat ends and blockers as the declare-attackers step ends; the searched
// decisions are the last priority of the player who declares (the active player passes first in
// the beginning of combat, the defender last in the attackers step). Read from the classic
// prompt ("Priority in begin_combat of turn 5"); other rules modules ask no such declarations.
// Once a declaration of the kind that follows was seen resumed (SearchAgent::resumes), it is
// searched when asked instead, and this is not called.
bool feeds_combat(const DecisionView& view, const Choice& choice) {
  if (choice.kind != ChoiceKind::action) return false;
  const bool active = view.turn().active == choice.player;
  const std::string_view prompt = choice.prompt;
  if (!(active ? prompt.starts_with("Priority in begin_combat ")
               : prompt.starts_with("Priority in attackers ")))
    return false;
  // A declaration needs an untapped creature of the declaring player.
  using namespace anvil::literals;
  const auto battlefield = view.zone(ZoneRef::battlefield(choice.player));
  if (!battlefield) return false;
  return std::any_of(battlefield->begin(), battlefield->end(), [&](ObjectId id) {
    return !view.object(id).tapped && view.view(id).has_type("Creature"_sym);
  });
}

// The children of the edges named `key` of `nodes`: where the tree goes after that answer.
std::vector<std::uint32_t> below(const Tree& tree, const std::vector<std::uint32_t>& nodes,
                                 const std::string& key) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t n : nodes)
    for (const Edge& e : tree.node(n).edges)
      if (e.key == key && e.child != kNoNode) out.push_back(e.child);
  return out;
}

// The kind of decision a signature (tree.hpp) names.
ChoiceKind kind_of(const std::string& signature) {
  return static_cast<ChoiceKind>(std::stoi(signature.substr(0, signature.find(':'))));
}

// The answer the tree will give the decision most paired among `level` (per tree, the nodes of
// one depth below the answers chosen so far), when that decision is asked in the middle of an
// action; nothing when it is unpaired or searched by itself when asked (`resumes`: a priority
// decision, or a declaration the rules module resumes). `level` is narrowed to that decision's
// nodes.
std::optional<std::string> prefix_step(const std::vector<Tree>& trees,
                                       std::vector<std::vector<std::uint32_t>>& level, double gate,
                                       const std::function<bool(ChoiceKind)>& resumes) {
  std::map<std::string, std::uint64_t> pairs_by_signature;
  for (std::size_t t = 0; t < trees.size(); ++t)
    for (std::uint32_t n : level[t])
      for (const Edge& e : trees[t].node(n).edges)
        pairs_by_signature[trees[t].node(n).signature] += e.pairs;
  std::string sig;
  std::uint64_t most = 0;
  for (const auto& [signature, pairs] : pairs_by_signature)
    if (pairs > most) {
      sig = signature;
      most = pairs;
    }
  if (most == 0) return std::nullopt;
  const ChoiceKind kind = kind_of(sig);
  if (kind == ChoiceKind::action || resumes(kind)) return std::nullopt;
  Stats stats;
  for (std::size_t t = 0; t < trees.size(); ++t) {
    std::erase_if(level[t], [&](std::uint32_t n) { return trees[t].node(n).signature != sig; });
    for (std::uint32_t n : level[t]) add_edges(stats, trees[t].node(n));
  }
  if (!stats.paired_valid || stats.baseline.empty()) return std::nullopt;
  return paired_choice(stats, gate);
}

}  // namespace

SearchAgent::SearchAgent(const AgentOptions& options)
    : registry_(options.registry
                    ? *options.registry
                    : throw std::invalid_argument(
                          "ai-search needs AgentOptions::registry; make it with make_agent()")),
      settings_(settings_from(options)),
      seed_(options.seed),
      rules_name_(options.rules) {
  rollout_name_ = settings_.rollout;
  if (rollout_name_.empty())
    rollout_name_ =
        registry_.entry(PluginKind::agent, "ai-heuristic") ? "ai-heuristic" : "ai-random";
  if (rollout_name_ == "ai-search")
    throw std::invalid_argument("ai-search: rollout cannot be ai-search itself");
  std::uint64_t s = seed_ ^ 0xd1b54a32d192ed03ull;
  fallback_ = make_rollout(SplitMix64::step(s));
  if (!rules_name_.empty()) rules_ = registry_.get<RulesModule>(rules_name_);
}

SearchAgent::~SearchAgent() = default;

std::shared_ptr<Agent> SearchAgent::make_rollout(std::uint64_t seed) const {
  return make_agent(registry_, rollout_name_, AgentOptions{seed, {}, &registry_, rules_name_});
}

const RulesModule& SearchAgent::rules() {
  if (rules_) return *rules_;
  const std::vector<std::string> names = registry_.names(PluginKind::rules_module);
  if (names.size() != 1) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw std::runtime_error(
        "ai-search: " + std::to_string(names.size()) + " rules modules are loaded (" + list +
        ") and the host did not say which one this game plays (AgentOptions::rules)");
  }
  rules_ = registry_.get<RulesModule>(names[0]);
  return *rules_;
}

std::uint64_t SearchAgent::seed_for(std::uint64_t thread, std::uint64_t n) const {
  std::uint64_t s = seed_;
  s ^= SplitMix64::step(s) + decision_;
  s ^= SplitMix64::step(s) + thread * 0x9e3779b97f4a7c15ull;
  s ^= SplitMix64::step(s) + n;
  return SplitMix64::step(s);
}

void SearchAgent::search(const DecisionView& view, const Choice& choice,
                         const std::vector<Candidate>& cands, Search& out,
                         const std::optional<Prefix>& prefix, std::uint64_t playouts,
                         std::uint64_t phase) {
  const RulesModule& module = rules();
  const unsigned threads = settings_.threads;
  const std::string root_signature = signature(choice);
  const auto deadline = settings_.ms ? Clock::now() + std::chrono::milliseconds(settings_.ms)
                                     : Clock::time_point::max();
  const bool fresh = out.trees.empty();
  const std::optional<std::size_t> root_prefix =
      prefix ? std::optional(prefix->root) : std::nullopt;
  if (fresh) out.trees.resize(threads);
  std::vector<std::string> errors(threads);
  std::vector<char> resumable(threads, 1);
  std::mutex view_mutex;  // the real game is read by one determinization at a time

  auto work = [&](unsigned t) {
    // This thread's share of the playouts; the first threads take the remainder.
    const std::uint64_t quota = playouts / threads + (t < playouts % threads ? 1 : 0);
    Tree& tree = out.trees[t];
    if (fresh) tree.add_node(choice.player, root_signature);
    std::vector<double> rewards;  // of the last playout
    PlayoutAgent playout(tree, settings_, root_signature, cands);
    const std::shared_ptr<Agent> seat(std::shared_ptr<Agent>{}, &playout);  // not owned
    std::unique_ptr<Game> game;
    Journal::Checkpoint root{};
    std::uint64_t root_hash = 0, determinization = 0, in_copy = settings_.per_determinization;
    // Plays one playout from the root checkpoint; false when the copy cannot be resumed here.
    auto play = [&](Agent& rollout, std::uint64_t rollout_seed, bool check_root,
                    std::size_t force) {
      playout.begin(rollout, rollout_seed, check_root, force, root_prefix,
                    prefix ? &prefix->then : nullptr);
      std::uint64_t steps = 0;
      while (!playout.cutoff() && module.advance(*game))
        if (++steps >= settings_.max_steps) playout.stop();
      if (playout.mismatch()) return false;
      rewards = rewards_of(*game, settings_.eval);
      playout.backpropagate(rewards);
      game->journal().rollback(root);
      if (settings_.verify && hash(game->state()) != root_hash)
        throw std::logic_error("the state hash after a rollback differs from the hash at the root");
      return true;
    };
    try {
      std::uint64_t done = 0;
      for (std::uint64_t round = 0; done < quota && Clock::now() < deadline; ++round) {
        if (in_copy == settings_.per_determinization) {
          {
            const std::lock_guard lock(view_mutex);
            game = view.determinize(seed_for(t, phase + determinization++));
          }
          // The playouts read nothing of the game's history: a log of their own, started empty,
          // is not a copy of the real game's at their first decision.
          game->clear_decision_log();
          for (std::size_t p = 0; p < game->state().player_count(); ++p)
            game->seat(PlayerId(static_cast<std::uint8_t>(p)), seat);
          root = game->journal().checkpoint();
          if (settings_.verify) root_hash = hash(game->state());
          in_copy = 0;
        }
        const bool first_in_copy = in_copy++ == 0;
        // The round's first playout plays the rollout agent's answer at the paired decision; the
        // others replay it with a rollout agent from the same seed and another candidate there.
        const std::uint64_t rollout_seed = seed_for(t, phase + kRolloutSeeds + round);
        if (!play(*make_rollout(rollout_seed), rollout_seed, first_in_copy, 0)) {
          resumable[t] = 0;
          break;
        }
        ++done;
        const PlayoutAgent::Paired base = playout.paired();
        // After a prefix, only a decision that cannot be searched by itself is worth pairing.
        if (prefix && playout.off_prefix()) continue;
        if (prefix &&
            (base.node == kNoNode || base.kind == ChoiceKind::action || resumes(base.kind)))
          break;
        if (base.node == kNoNode) continue;
        Node& node = tree.node(base.node);  // not kept: replays below it may add nodes
        const PlayerId who = node.player;
        const double base_reward = rewards.at(who.value);
        if (node.baseline.empty()) node.baseline = base.first;
        node.mixed |= node.baseline != base.first;
        ++node.edges[base.edge].pairs;
        bool replayed = false;
        // The clock is read between playouts, not only between rounds: a round replays every
        // candidate, and in a hearth game with ai-heuristic rollouts it took 90 ms ("ms=1").
        for (std::size_t k = 1; k < base.width && done < quota && Clock::now() < deadline; ++k) {
          if (settings_.prune && hopeless(tree.node(base.node), base.keys[k])) continue;
          replayed = true;
          ++done;
          (void)play(*make_rollout(rollout_seed), rollout_seed, false, k);
          const PlayoutAgent::Paired& other = playout.paired();
          // A replay that went elsewhere before the paired decision (the rules or an agent drew
          // on a source of chance outside the copy and the seed) is not a pair.
          if (other.node != base.node || other.first != base.first || other.width != base.width)
            continue;
          Edge& e = tree.node(base.node).edges[other.edge];
          const double d = rewards.at(who.value) - base_reward;
          ++e.pairs;
          e.diff += d;
          e.diff_sq += d * d;
        }
        // Every other candidate is out of the running: more rounds would only replay the
        // baseline, whatever the budget left.
        if (!replayed) break;
      }
    } catch (const std::exception& e) {
      errors[t] = e.what();
    }
  };
  std::vector<std::thread> pool;
  try {
    for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
  } catch (const std::system_error& e) {
    // The system would start no more threads: the started ones finish first (a joinable thread
    // destroyed would end the process), then the decision fails with why.
    for (std::thread& th : pool) th.join();
    throw std::runtime_error("ai-search: could not start thread " +
                             std::to_string(pool.size() + 1) + " of " + std::to_string(threads) +
                             ": " + e.what() + "; ask for fewer threads");
  }
  work(0);
  for (std::thread& th : pool) th.join();

  // A thread's error is the search's: a game that breaks in a copy, or an inexact rollback.
  for (const std::string& e : errors)
    if (!e.empty()) throw std::runtime_error("ai-search: a playout failed: " + e);
  out.resumable = out.resumable &&
                  std::all_of(resumable.begin(), resumable.end(), [](char r) { return r != 0; });
}

Answer SearchAgent::choose(const DecisionView& view, const Choice& choice) {
  ++decision_;
  if (!searched(choice.kind) || !choice.refused.empty()) return fallback_->choose(view, choice);
  // The rollout agent's answer goes first: it is tried first and kept unless beaten clearly.
  const Answer policy = fallback_->choose(view, choice);
  std::vector<Candidate> cands = candidates(view, choice, policy);
  // Before a combat declaration the playouts go to the declaration: when the rollout agent
  // passes there, passing is the only candidate, and the declaration is each round's paired
  // decision (an instant cast instead is left to the rollout agent).
  const ChoiceKind declaration =
      view.turn().active == choice.player ? ChoiceKind::attackers : ChoiceKind::blockers;
  const bool combat = !resumes(declaration) && feeds_combat(view, choice);
  if (combat && choice.pass && policy.picks == std::vector<std::uint32_t>{*choice.pass})
    cands.resize(1);
  if (cands.size() < 2 && !combat) return policy;

  Search s;
  search(view, choice, cands, s, std::nullopt, settings_.playouts, 0);
  Stats stats;
  if (s.resumable) {
    resumes_.at(static_cast<std::size_t>(choice.kind)) = true;
    for (const Tree& tree : s.trees) add_edges(stats, tree.node(0));
    const Candidate* chosen = decide(cands, stats, settings_.gate);
    if (!chosen) return policy;
    // The answer's own targets (or the attack after a pass) are asked in the middle of the
    // action it starts, where no copy resumes: rounds that play it pair them now, with half
    // the budget again, for the tree to answer them when they are asked.
    Prefix prefix{static_cast<std::size_t>(chosen - cands.data()), {}};
    if (cands.size() > 1)
      search(view, choice, cands, s, prefix, settings_.playouts / 2, kPhaseSeeds);
    // And so on down the action: with the answer the tree will give the decision just paired
    // (the target), rounds that play it too pair the next one asked mid-action (an attack after
    // the spell resolves, when no priority decision is asked in between).
    std::vector<std::vector<std::uint32_t>> level(s.trees.size());
    for (std::size_t t = 0; t < s.trees.size(); ++t) level[t] = below(s.trees[t], {0}, chosen->key);
    for (int depth = 1; depth < kReuseDepth; ++depth) {
      const std::optional<std::string> next =
          prefix_step(s.trees, level, settings_.gate, [this](ChoiceKind k) { return resumes(k); });
      if (!next) break;
      prefix.then.push_back(*next);
      const std::uint64_t phase = kPhaseSeeds * static_cast<std::uint64_t>(depth + 1);
      search(view, choice, cands, s, prefix, settings_.playouts / 2, phase);
      for (std::size_t t = 0; t < s.trees.size(); ++t)
        level[t] = below(s.trees[t], level[t], *next);
    }
    trees_ = std::move(s.trees);
    frontier_.assign(trees_.size(), {});
    for (std::size_t t = 0; t < trees_.size(); ++t)
      frontier_[t] = below(trees_[t], {0}, chosen->key);
    return chosen->answer;
  }
  // In the middle of an action: what the last search learnt about this decision, below its
  // answer (its target, the attack after passing).
  const std::string sig = signature(choice);
  std::vector<std::vector<std::uint32_t>> found(trees_.size());
  for (std::size_t t = 0; t < trees_.size(); ++t) {
    found[t] = trees_[t].find(frontier_[t], sig, kReuseDepth);
    for (std::uint32_t n : found[t]) add_edges(stats, trees_[t].node(n));
  }
  const Candidate* chosen = decide(cands, stats, settings_.gate);
  if (!chosen) return policy;
  for (std::size_t t = 0; t < trees_.size(); ++t)
    frontier_[t] = below(trees_[t], found[t], chosen->key);
  return chosen->answer;
}

}  // namespace anvil::ai_search
