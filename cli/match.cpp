#include "match.hpp"

#include <fmt/core.h>

#include <anvil/label_blind.hpp>

namespace anvil::cli {

namespace {

// A seated agent that names itself in what it throws that is not a std::exception (Game::ask
// names it in a std::exception, and lets anything else through for hosts that stop games so):
// a match's failure then says which agent failed. `Bases` keeps the agent's LabelBlind, which
// rules modules look for with dynamic_cast.
template <class... Bases>
class NamedAgent final : public Agent, public Bases... {
 public:
  explicit NamedAgent(std::shared_ptr<Agent> agent) : agent_(std::move(agent)) {}
  std::string_view name() const override { return agent_->name(); }
  Answer choose(const DecisionView& view, const Choice& choice) override {
    try {
      return agent_->choose(view, choice);
    } catch (const std::exception&) {
      throw;
    } catch (...) {
      throw RulesError(fmt::format(
          "agent '{}' failed to answer '{}': it threw something that is not a std::exception",
          agent_->name(), choice.prompt));
    }
  }

 private:
  std::shared_ptr<Agent> agent_;
};

MatchConfig config_of(const std::vector<DeckRef>& decks, std::uint64_t seed,
                      const RulesOptions& options) {
  MatchConfig c;
  c.seed = seed;
  c.options = options;
  for (const DeckRef& d : decks) c.decks.push_back(d.deck);
  return c;
}

// Runs the game to its end or to a failure, filling the replay's result fields.
void run(const RulesModule& rules, MatchResult& result, std::size_t max_advances,
         const std::function<void(Game&)>& before_play) {
  Game& game = *result.game;
  Replay& r = result.replay;
  try {
    if (before_play) before_play(game);
    std::size_t advances = 0;
    while (rules.advance(game)) {
      game.journal().trim();  // nothing rolls this game back: keep one advance()'s edits only
      if (++advances >= max_advances) {
        r.error = fmt::format("the game did not end within {} decisions", max_advances);
        break;
      }
    }
  } catch (const std::exception& e) {
    r.error = e.what();
  } catch (...) {
    r.error = "an exception that is not a std::exception";
  }
  r.decisions = game.decisions();
  r.turns = game.state().turn.number;
  r.outcome.clear();
  for (Outcome o : rules.outcome(game)) r.outcome.push_back(to_string(o));
  if (r.error.empty()) r.final_hash = hex_hash(hash(game.state()));
}

Replay replay_header(const MatchPlan& plan) {
  Replay r;
  r.engine = ANVIL_ENGINE_VERSION;
  r.rules = plan.rules;
  r.seed = plan.seed;
  r.packs = plan.packs;
  r.options = plan.options;
  for (const DeckRef& d : plan.decks) r.decks.push_back(d.pack + ":" + d.deck.name);
  r.agents = plan.agents;
  return r;
}

}  // namespace

std::shared_ptr<Agent> named(std::shared_ptr<Agent> agent) {
  if (label_blind(agent.get())) return std::make_shared<NamedAgent<LabelBlind>>(std::move(agent));
  return std::make_shared<NamedAgent<>>(std::move(agent));
}

std::uint64_t agent_seed(std::uint64_t seed, std::size_t seat) {
  std::uint64_t s = seed ^ (0x9e3779b97f4a7c15ull * (seat + 1));
  return SplitMix64::step(s);
}

MatchResult play_match(const RulesModule& rules, std::shared_ptr<const CardPool> cards,
                       const Registry& registry, const MatchPlan& plan,
                       const std::function<void(Game&)>& before_play) {
  MatchResult result;
  result.replay = replay_header(plan);
  try {
    result.game = rules.setup(std::move(cards), config_of(plan.decks, plan.seed, plan.options));
    for (std::size_t seat = 0; seat < plan.agents.size(); ++seat)
      result.game->seat(
          PlayerId(static_cast<std::uint8_t>(seat)),
          named(make_agent(registry, plan.agents[seat],
                           AgentOptions{agent_seed(plan.seed, seat), {}, &registry, plan.rules})));
  } catch (const std::exception& e) {
    result.replay.error = fmt::format("setting up the game failed: {}", e.what());
    result.game.reset();
    return result;
  }
  run(rules, result, plan.max_advances, before_play);
  return result;
}

MatchResult replay_match(const RulesModule& rules, std::shared_ptr<const CardPool> cards,
                         const Replay& replay, const std::vector<DeckRef>& decks,
                         const std::function<void(Game&)>& before_play) {
  MatchResult result;
  result.replay = replay;
  result.replay.final_hash.clear();
  result.replay.error.clear();
  std::vector<std::shared_ptr<ScriptedAgent>> scripts;
  try {
    result.game = rules.setup(std::move(cards), config_of(decks, replay.seed, replay.options));
    for (std::size_t seat = 0; seat < decks.size(); ++seat) {
      const PlayerId p(static_cast<std::uint8_t>(seat));
      scripts.push_back(
          std::make_shared<ScriptedAgent>(decisions_of(replay.decisions, p), "replay"));
      result.game->seat(p, scripts.back());
    }
  } catch (const std::exception& e) {
    result.replay.error = fmt::format("setting up the game failed: {}", e.what());
    result.game.reset();
    return result;
  }
  run(rules, result, std::numeric_limits<std::size_t>::max(), before_play);
  for (const auto& s : scripts) result.unused_decisions += s->remaining();
  return result;
}

}  // namespace anvil::cli
