#include "search_agent.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <map>
#include <mutex>
#include <stdexcept>
#include <thread>

namespace anvil::ai_search {

namespace {

using Clock = std::chrono::steady_clock;

// `cands` with `policy` (the rollout agent's answer) moved or added to the front.
std::vector<Candidate> with_policy(const Choice& choice, Answer policy, std::vector<Candidate> cands) {
  std::string key = answer_key(choice, policy.picks);
  std::erase_if(cands, [&](const Candidate& c) { return c.key == key; });
  cands.insert(cands.begin(), Candidate{std::move(key), std::move(policy)});
  return cands;
}

// Answers every decision of a copied game during playouts, for all its players: searched
// decisions from the tree while the playout is in it, everything else from the rollout agent.
class PlayoutAgent final : public Agent {
 public:
  PlayoutAgent(Tree& tree, Agent& rollout, const SearchSettings& settings, std::string root_signature,
               const std::vector<Candidate>& root_candidates)
      : tree_(tree),
        rollout_(rollout),
        settings_(settings),
        root_signature_(std::move(root_signature)),
        root_candidates_(root_candidates) {}

  std::string_view name() const override { return "ai-search"; }

  void begin(bool check_root) {
    path_.clear();
    in_tree_ = true;
    check_root_ = check_root;
    asks_ = 0;
    cutoff_ = mismatch_ = false;
  }
  bool cutoff() const { return cutoff_; }
  bool mismatch() const { return mismatch_; }
  void stop() { cutoff_ = true; }

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
    if (++asks_ > settings_.max_steps) cutoff_ = true;  // scored as unfinished after this advance
    if (!in_tree_ || cutoff_ || !searched(choice.kind) || !choice.refused.empty())
      return rollout_.choose(view, choice);
    std::uint32_t node = 0;
    if (path_.empty()) {
      // The first searched decision of a playout must be the real one: the copy re-asks it when
      // the game runs forward from where the real game stands. A rules module that is in the
      // middle of an action there (an attack declaration) cannot be resumed from a copy.
      if (check_root_ && signature(choice) != root_signature_) {
        mismatch_ = cutoff_ = true;
        return rollout_.choose(view, choice);
      }
    } else {
      const auto [parent, edge] = path_.back();
      node = tree_.node(parent).edges[edge].child;
      if (node == kNoNode) {
        node = tree_.add_node(choice.player, signature(choice));
        tree_.node(parent).edges[edge].child = node;
      }
    }
    // At the root, the real decision's candidates (the same options, in the same order);
    // elsewhere, as there, the rollout agent's answer first.
    const std::vector<Candidate> cands =
        node == 0 ? root_candidates_ : with_policy(choice, rollout_.choose(view, choice), candidates(choice));
    if (cands.empty()) return rollout_.choose(view, choice);
    const Selection s = tree_.select(node, cands, settings_.exploration);
    path_.emplace_back(node, s.edge);
    if (s.expanded) in_tree_ = false;
    return cands[s.candidate].answer;
  }

 private:
  Tree& tree_;
  Agent& rollout_;
  const SearchSettings& settings_;
  std::string root_signature_;
  const std::vector<Candidate>& root_candidates_;
  std::vector<std::pair<std::uint32_t, std::size_t>> path_;
  bool in_tree_ = true, check_root_ = true, cutoff_ = false, mismatch_ = false;
  std::uint32_t asks_ = 0;
};

// Each player's reward in [0, 1]: 1 for a win, 0 for a loss, ½ for a draw; an unfinished game
// by life totals against the average opponent.
std::vector<double> rewards_of(const GameState& s) {
  std::vector<double> r(s.player_count(), 0.5);
  bool decided = s.over;
  for (const Player& p : s.players) decided |= p.outcome != Outcome::playing;
  double total_life = 0;
  for (const Player& p : s.players) total_life += p.life;
  for (const Player& p : s.players) {
    if (decided) {
      r[p.id.value] = p.outcome == Outcome::won ? 1.0 : p.outcome == Outcome::lost ? 0.0 : 0.5;
    } else if (s.player_count() > 1) {
      const double others = (total_life - p.life) / static_cast<double>(s.player_count() - 1);
      r[p.id.value] = std::clamp(0.5 + (p.life - others) / 40.0, 0.05, 0.95);
    }
  }
  return r;
}

using Stats = std::map<std::string, std::pair<std::uint64_t, double>>;  // key → visits, reward

void add_edges(Stats& stats, const Node& node) {
  for (const Edge& e : node.edges) {
    auto& [visits, reward] = stats[e.key];
    visits += e.visits;
    reward += e.reward;
  }
}

// The most visited candidate (ties: the better mean, then the earlier candidate), or null.
const Candidate* most_visited(const std::vector<Candidate>& cands, const Stats& stats) {
  const Candidate* best = nullptr;
  std::uint64_t best_visits = 0;
  double best_mean = -1;
  for (const Candidate& c : cands) {
    const auto it = stats.find(c.key);
    if (it == stats.end() || it->second.first == 0) continue;
    const auto [visits, reward] = it->second;
    const double mean = reward / static_cast<double>(visits);
    if (visits > best_visits || (visits == best_visits && mean > best_mean)) {
      best = &c;
      best_visits = visits;
      best_mean = mean;
    }
  }
  return best;
}

// The answer to play: the most visited candidate when it is better than the rollout agent's
// answer (`cands.front()`) with confidence — a one-sided two-proportion z-test at 95% — else the
// rollout agent's. A small budget thus plays at least as well as the rollout agent does, and
// deviates only for what the playouts show clearly (a lethal spell, a losing attack).
const Candidate* decide(const std::vector<Candidate>& cands, const Stats& stats) {
  const Candidate* best = most_visited(cands, stats);
  if (!best || best == &cands.front()) return best;
  const auto policy = stats.find(cands.front().key);
  if (policy == stats.end() || policy->second.first == 0) return &cands.front();  // nothing to compare
  const auto [nb, rb] = stats.at(best->key);
  const auto [np, rp] = policy->second;
  const double n1 = static_cast<double>(nb), n2 = static_cast<double>(np);
  const double pooled = (rb + rp) / (n1 + n2);
  const double spread = std::sqrt(std::max(pooled * (1 - pooled), 1e-6) * (1 / n1 + 1 / n2));
  return (rb / n1 - rp / n2) / spread > 1.645 ? best : &cands.front();
}

// The children of the edges named `key` of `nodes`: where the tree goes after that answer.
std::vector<std::uint32_t> below(const Tree& tree, const std::vector<std::uint32_t>& nodes, const std::string& key) {
  std::vector<std::uint32_t> out;
  for (std::uint32_t n : nodes)
    for (const Edge& e : tree.node(n).edges)
      if (e.key == key && e.child != kNoNode) out.push_back(e.child);
  return out;
}

}  // namespace

SearchAgent::SearchAgent(const AgentOptions& options)
    : registry_(options.registry ? *options.registry
                                 : throw std::invalid_argument(
                                       "ai-search needs AgentOptions::registry; make it with make_agent()")),
      settings_(settings_from(options)),
      seed_(options.seed),
      rules_name_(options.rules) {
  std::string rollout = settings_.rollout;
  if (rollout.empty())
    rollout = registry_.entry(PluginKind::agent, "ai-heuristic") ? "ai-heuristic" : "ai-random";
  if (rollout == "ai-search") throw std::invalid_argument("ai-search: rollout cannot be ai-search itself");
  auto make = [&](std::uint64_t salt) {
    std::uint64_t s = seed_ ^ (0xd1b54a32d192ed03ull * (salt + 1));
    return make_agent(registry_, rollout, AgentOptions{SplitMix64::step(s), {}, &registry_, rules_name_});
  };
  fallback_ = make(0);
  for (unsigned t = 0; t < settings_.threads; ++t) rollouts_.push_back(make(t + 1));
  if (!rules_name_.empty()) rules_ = registry_.get<RulesModule>(rules_name_);
}

SearchAgent::~SearchAgent() = default;

const RulesModule& SearchAgent::rules() {
  if (rules_) return *rules_;
  const std::vector<std::string> names = registry_.names(PluginKind::rules_module);
  if (names.size() != 1) {
    std::string list;
    for (const std::string& n : names) list += (list.empty() ? "" : ", ") + n;
    throw std::runtime_error("ai-search: " + std::to_string(names.size()) + " rules modules are loaded (" + list +
                             ") and the host did not say which one this game plays (AgentOptions::rules)");
  }
  rules_ = registry_.get<RulesModule>(names[0]);
  return *rules_;
}

std::uint64_t SearchAgent::seed_for(std::uint64_t thread, std::uint64_t determinization) const {
  std::uint64_t s = seed_;
  s ^= SplitMix64::step(s) + decision_;
  s ^= SplitMix64::step(s) + thread * 0x9e3779b97f4a7c15ull;
  s ^= SplitMix64::step(s) + determinization;
  return SplitMix64::step(s);
}

SearchAgent::Search SearchAgent::search(const DecisionView& view, const Choice& choice,
                                        const std::vector<Candidate>& cands) {
  const RulesModule& module = rules();
  const unsigned threads = settings_.threads;
  const std::string root_signature = signature(choice);
  const auto deadline =
      settings_.ms ? Clock::now() + std::chrono::milliseconds(settings_.ms) : Clock::time_point::max();
  Search out;
  out.trees.resize(threads);
  std::vector<std::string> errors(threads);
  std::vector<char> resumable(threads, 1);
  std::mutex view_mutex;  // the real game is read by one determinization at a time

  auto work = [&](unsigned t) {
    // This thread's share of the playouts; the first threads take the remainder.
    const std::uint64_t quota = settings_.playouts / threads + (t < settings_.playouts % threads ? 1 : 0);
    Tree& tree = out.trees[t];
    tree.add_node(choice.player, root_signature);
    PlayoutAgent playout(tree, *rollouts_[t], settings_, root_signature, cands);
    const std::shared_ptr<Agent> seat(std::shared_ptr<Agent>{}, &playout);  // not owned
    std::unique_ptr<Game> game;
    Journal::Checkpoint root{};
    std::uint64_t root_hash = 0, determinization = 0, in_copy = settings_.per_determinization;
    try {
      for (std::uint64_t done = 0; done < quota && Clock::now() < deadline; ++done) {
        if (in_copy == settings_.per_determinization) {
          {
            const std::lock_guard lock(view_mutex);
            game = view.determinize(seed_for(t, determinization++));
          }
          for (std::size_t p = 0; p < game->state().player_count(); ++p)
            game->seat(PlayerId(static_cast<std::uint8_t>(p)), seat);
          root = game->journal().checkpoint();
          if (settings_.verify) root_hash = hash(game->state());
          in_copy = 0;
        }
        playout.begin(in_copy++ == 0);
        std::uint64_t steps = 0;
        while (!playout.cutoff() && module.advance(*game))
          if (++steps >= settings_.max_steps) playout.stop();
        if (playout.mismatch()) {
          resumable[t] = 0;
          break;
        }
        playout.backpropagate(rewards_of(game->state()));
        game->journal().rollback(root);
        if (settings_.verify && hash(game->state()) != root_hash)
          throw std::logic_error("the state hash after a rollback differs from the hash at the root");
      }
    } catch (const std::exception& e) {
      errors[t] = e.what();
    }
  };
  std::vector<std::thread> pool;
  for (unsigned t = 1; t < threads; ++t) pool.emplace_back(work, t);
  work(0);
  for (std::thread& th : pool) th.join();

  // A thread's error is the search's: a game that breaks in a copy, or an inexact rollback.
  for (const std::string& e : errors)
    if (!e.empty()) throw std::runtime_error("ai-search: a playout failed: " + e);
  out.resumable = std::all_of(resumable.begin(), resumable.end(), [](char r) { return r != 0; });
  return out;
}

Answer SearchAgent::choose(const DecisionView& view, const Choice& choice) {
  ++decision_;
  if (!searched(choice.kind) || !choice.refused.empty()) return fallback_->choose(view, choice);
  // The rollout agent's answer goes first: it is tried first and kept unless beaten clearly.
  const Answer policy = fallback_->choose(view, choice);
  const std::vector<Candidate> cands = with_policy(choice, policy, candidates(choice));
  if (cands.size() < 2) return policy;

  Search s = search(view, choice, cands);
  Stats stats;
  if (s.resumable) {
    for (const Tree& tree : s.trees) add_edges(stats, tree.node(0));
    const Candidate* chosen = decide(cands, stats);
    if (!chosen) return policy;
    trees_ = std::move(s.trees);
    frontier_.assign(trees_.size(), {});
    for (std::size_t t = 0; t < trees_.size(); ++t) frontier_[t] = below(trees_[t], {0}, chosen->key);
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
  const Candidate* chosen = decide(cands, stats);
  if (!chosen) return policy;
  for (std::size_t t = 0; t < trees_.size(); ++t) frontier_[t] = below(trees_[t], found[t], chosen->key);
  return chosen->answer;
}

}  // namespace anvil::ai_search
