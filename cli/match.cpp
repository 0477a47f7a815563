#include "match.hpp"

#include <fmt/core.h>

#include <anvil/label_blind.hpp>
#include <optional>
#include <stdexcept>
#include <utility>

namespace anvil::cli {

namespace {

// A seated agent that names itself in what it throws that is not a std::exception (Game::ask
// names it in a std::exception, and lets anything else through for hosts that stop games so):
// a match's failure then says which agent failed. `Bases` keeps the agent's LabelBlind and
// PromptBlind, which the game looks for with dynamic_cast when the agent is seated.
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

// `deck_cards`: MatchConfig::deck_cards, the decks' cards found once for many games, or none.
MatchConfig config_of(const std::vector<DeckRef>& decks, std::uint64_t seed,
                      const RulesOptions& options,
                      const std::vector<std::span<const CardId>>& deck_cards = {}) {
  MatchConfig c;
  c.seed = seed;
  c.options = options;
  for (const DeckRef& d : decks) c.decks.push_back(d.deck);
  c.deck_cards = deck_cards;
  return c;
}

// Where a replayed game is conceded: set by the seats' agents (Conceding) when the recorded
// concession's question comes, read by play_conceded() around advance().
struct ConcessionPoint {
  Concession concession;
  bool reached = false;
};

// A replayed seat's agent, in a conceded game: once its script is used up, the next question is
// where the game was conceded — the conceding player's, or at `advance`, anyone's — and it
// throws there as the person's `concede` did at `anvil play` (a std::exception that is not an
// anvil::Error, so that the kernel and the rules module handle it alike). Any other question
// past the script is the script's own error.
class Conceding final : public Agent {
 public:
  Conceding(std::shared_ptr<ScriptedAgent> script, PlayerId player, ConcessionPoint& point)
      : script_(std::move(script)), player_(player), point_(point) {}
  std::string_view name() const override { return script_->name(); }
  Answer choose(const DecisionView& view, const Choice& choice) override {
    const bool here =
        point_.concession.at == Concession::At::advance || point_.concession.player == player_;
    if (script_->remaining() > 0 || !here) return script_->choose(view, choice);
    point_.reached = true;
    throw std::runtime_error(fmt::format("player {} concedes", player_.value));
  }

 private:
  std::shared_ptr<ScriptedAgent> script_;
  PlayerId player_;
  ConcessionPoint& point_;
};

// A replayed seat's agent that checks, before answering, that the recording gives the question
// the game asks to this seat: a decision whose "player" was edited otherwise showed only later,
// as another seat's answer of the wrong kind. The game's decision log holds every question
// asked before this one, so its size is this question's place in the recording.
class SeatChecked final : public Agent {
 public:
  SeatChecked(std::shared_ptr<Agent> agent, PlayerId player, const Game& game,
              const std::vector<DecisionRecord>& recording)
      : agent_(std::move(agent)), player_(player), game_(game) {
    for (const DecisionRecord& d : recording) recorded_.push_back(d.player);
  }
  std::string_view name() const override { return agent_->name(); }
  Answer choose(const DecisionView& view, const Choice& choice) override {
    const std::size_t i = game_.decisions().size();
    if (i < recorded_.size() && recorded_[i] != player_)
      throw RulesError(fmt::format(
          "decision {} of \"decisions\": the game asked P{} ('{}'), the recording says P{}", i + 1,
          player_.value + 1, choice.prompt, recorded_[i].value + 1));
    return agent_->choose(view, choice);
  }

 private:
  std::shared_ptr<Agent> agent_;
  PlayerId player_;
  const Game& game_;                // the game this agent sits in
  std::vector<PlayerId> recorded_;  // who decided each recorded decision
};

// Plays a replayed game up to its recorded concession and concedes it there (at `advance`, the
// advance() it came in taken back first, as `anvil play` took it back).
void play_conceded(const RulesModule& rules, Game& game, const ConcessionPoint& point) {
  for (;;) {
    const Journal::Checkpoint start = game.journal().checkpoint();
    try {
      if (!rules.advance(game)) break;
    } catch (const std::exception&) {
      if (!point.reached) throw;  // the rules module may wrap it: the point says it was ours
      if (point.concession.at == Concession::At::advance) game.journal().rollback(start);
      concede(game, point.concession.player);
      return;
    }
    game.journal().trim();
  }
  throw std::runtime_error(
      fmt::format("the game ended before player {} conceded it, as the recording says",
                  point.concession.player.value));
}

// Runs the game to its end or to a failure, filling the replay's result fields; a conceded one
// (`point`) to its concession.
// `take_log`: the game's decision log is moved into the replay (play_match), not copied.
void run(const RulesModule& rules, MatchResult& result, std::size_t max_advances, bool final_hash,
         bool take_log, const std::function<void(Game&)>& before_play,
         const ConcessionPoint* point = nullptr) {
  Game& game = *result.game;
  Replay& r = result.replay;
  try {
    if (before_play) before_play(game);
    std::size_t advances = 0;
    if (point) {
      play_conceded(rules, game, *point);
    } else {
      while (rules.advance(game)) {
        // Nothing rolls this game back: keep one advance()'s edits only.
        game.journal().trim_inline();
        if (++advances >= max_advances) {
          r.error = fmt::format("the game did not end within {} decisions", max_advances);
          break;
        }
      }
    }
  } catch (const std::exception& e) {
    r.error = e.what();
  } catch (...) {
    r.error = kRulesThrewNotAnException;
  }
  if (take_log)
    r.decisions = game.take_decision_log();
  else
    r.decisions = game.decisions();
  r.turns = game.state().turn.number;
  r.outcome.clear();
  for (Outcome o : rules.outcome(game)) r.outcome.push_back(to_string(o));
  if (r.error.empty() && final_hash) r.final_hash = hex_hash(hash(game.state()));
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
  const bool labels = !label_blind(agent.get()), prompts = !prompt_blind(agent.get());
  if (!labels && !prompts)
    return std::make_shared<NamedAgent<LabelBlind, PromptBlind>>(std::move(agent));
  if (!labels) return std::make_shared<NamedAgent<LabelBlind>>(std::move(agent));
  if (!prompts) return std::make_shared<NamedAgent<PromptBlind>>(std::move(agent));
  return std::make_shared<NamedAgent<>>(std::move(agent));
}

void concede(Game& game, PlayerId player) {
  Journal& j = game.journal();
  for (const Player& p : game.state().players)
    if (p.outcome == Outcome::playing)
      j.set_outcome(p.id, p.id == player ? Outcome::lost : Outcome::won);
  j.set_over(true);
}

std::vector<CardId> found_cards(const CardPool& cards, const DeckList& deck) {
  std::vector<CardId> found;
  found.reserve(deck.cards.size());
  for (const std::string& name : deck.cards) {
    const std::optional<CardId> id = cards.find(name);
    if (!id) return {};
    found.push_back(*id);
  }
  return found;
}

std::uint64_t agent_seed(std::uint64_t seed, std::size_t seat) {
  std::uint64_t s = seed ^ (0x9e3779b97f4a7c15ull * (seat + 1));
  return SplitMix64::step(s);
}

namespace {

// What `call` (a rules module's code) returns; anything it throws that is not a std::exception
// becomes a std::runtime_error saying so (kRulesThrewNotAnException).
template <class F>
decltype(auto) as_rules_module(F&& call) {
  try {
    return std::forward<F>(call)();
  } catch (const std::exception&) {
    throw;
  } catch (...) {
    throw std::runtime_error(kRulesThrewNotAnException);
  }
}

}  // namespace

bool advance_rules(const RulesModule& rules, Game& game) {
  return as_rules_module([&] { return rules.advance(game); });
}

std::unique_ptr<Game> setup_rules(const RulesModule& rules, std::shared_ptr<const CardPool> cards,
                                  const MatchConfig& config) {
  return as_rules_module([&] { return rules.setup(std::move(cards), config); });
}

MatchResult play_match(const RulesModule& rules, std::shared_ptr<const CardPool> cards,
                       const Registry& registry, const MatchPlan& plan,
                       const std::function<void(Game&)>& before_play) {
  MatchResult result;
  result.replay = replay_header(plan);
  try {
    result.game = setup_rules(rules, std::move(cards),
                              config_of(plan.decks, plan.seed, plan.options, plan.deck_cards));
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
  run(rules, result, plan.max_advances, plan.final_hash, /*take_log=*/true, before_play);
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
  std::optional<ConcessionPoint> point;
  if (replay.conceded) point = ConcessionPoint{*replay.conceded};
  try {
    result.game =
        setup_rules(rules, std::move(cards), config_of(decks, replay.seed, replay.options));
    for (std::size_t seat = 0; seat < decks.size(); ++seat) {
      const PlayerId p(static_cast<std::uint8_t>(seat));
      scripts.push_back(
          std::make_shared<ScriptedAgent>(decisions_of(replay.decisions, p), "replay"));
      std::shared_ptr<Agent> agent = scripts.back();
      if (point) agent = std::make_shared<Conceding>(scripts.back(), p, *point);
      result.game->seat(
          p, std::make_shared<SeatChecked>(std::move(agent), p, *result.game, replay.decisions));
    }
  } catch (const std::exception& e) {
    result.replay.error = fmt::format("setting up the game failed: {}", e.what());
    result.game.reset();
    return result;
  }
  run(rules, result, std::numeric_limits<std::size_t>::max(), /*final_hash=*/true,
      /*take_log=*/false, before_play, point ? &*point : nullptr);
  for (const auto& s : scripts) result.unused_decisions += s->remaining();
  return result;
}

}  // namespace anvil::cli
