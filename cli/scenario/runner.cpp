#include "runner.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

#include "agent.hpp"
#include "expect.hpp"
#include "rules_threw.hpp"

namespace anvil::cli::scenario {

namespace {

// advance() calls without finishing the actions before the scenario is declared stuck.
constexpr int kMaxAdvances = 5000;

Result failed(std::string message) { return Result{false, std::move(message)}; }

std::string unknown_steps(const Scenario& s, const std::vector<std::string>& steps) {
  auto known = [&](const std::string& step) {
    return step.empty() || std::find(steps.begin(), steps.end(), step) != steps.end();
  };
  if (!known(s.position.step)) return s.position.step;
  for (const ActionSpec& a : s.actions)
    if ((a.kind == ActionSpec::Kind::advance || a.kind == ActionSpec::Kind::agent) &&
        !known(a.step))
      return a.step;
  if (s.expect.step && !known(*s.expect.step)) return *s.expect.step;
  return {};
}

// The refusal against `expect.error`; empty when it is what the scenario expects.
std::string check_refusal(const Scenario& s, const Script& script, const Game& game) {
  const bool expected = s.expect.error.has_value();
  if (!script.refused) {
    if (!expected) return {};
    return fmt::format("expected the last action to be refused with '{}', but it was not",
                       *s.expect.error);
  }
  const ActionSpec& a = s.actions[script.refused_action];
  if (!expected) {
    return fmt::format("action {} ({}) was refused: {}", script.refused_action + 1, a.str(),
                       script.refusal);
  }
  if (script.refused_action + 1 != s.actions.size()) {
    return fmt::format("action {} ({}) was refused, not the last: {}", script.refused_action + 1,
                       a.str(), script.refusal);
  }
  if (script.refusal.find(*s.expect.error) == std::string::npos) {
    return fmt::format("refused with '{}', expected '{}'", script.refusal, *s.expect.error);
  }
  if (hash(game.state()) != script.hash_before_refused)
    return "the refused action changed the game";
  return {};
}

// How driving the game ended: the game is over, or an error that fails the scenario.
// The action the game was busy with, for a failure's message: "during action 3 (resolve) at
// line 14", numbered from 1 as every other message numbers actions, or "after the last action".
std::string during(const Scenario& s, const Script& script) {
  if (script.next_action >= s.actions.size()) return "after the last action";
  const ActionSpec& a = s.actions[script.next_action];
  return fmt::format("during action {} ({}) at {}", script.next_action + 1, a.str(), a.where.str());
}

struct Driven {
  bool over = false;
  std::string error;
};

// Calls advance() until the script is done, stops the game, or the game ends.
Driven drive(Game& game, Script& script, const Scenario& s, const RulesModule& rules) {
  Driven out;
  int advances = 0;
  bool new_step = false;
  // Where each action began, held so that trimming keeps it, for an `undo` after it: the
  // journal's position between two advance() calls, the last one before the action was taken
  // up (an action taken up inside an advance() began where that advance() began).
  Journal& journal = game.journal();
  struct Beginning {
    Journal::Hold at;
    bool new_step;  // as the runner judged it then (see Script::precheck)
  };
  std::vector<std::optional<Beginning>> began(s.actions.size());
  std::size_t recorded = 0;               // began[0, recorded) are set
  std::optional<Journal::Hold> previous;  // where the last advance() began
  const auto record_beginnings = [&] {
    Journal::Hold now = journal.hold();
    for (; recorded <= script.next_action && recorded < began.size(); ++recorded) {
      const bool inside_last = recorded < script.next_action && previous;
      began[recorded] = Beginning{journal.hold(inside_last ? previous->checkpoint() : now.checkpoint()), new_step};
    }
    previous = std::move(now);
  };
  // `undo`: back to where the action before it began (the parser makes sure there is one).
  const auto undo = [&] {
    if (script.next_action >= s.actions.size() || s.actions[script.next_action].kind != ActionSpec::Kind::undo)
      return false;
    const std::size_t taken_back = script.next_action - 1;
    journal.rollback(began.at(taken_back)->at.checkpoint());
    new_step = began[taken_back]->new_step;
    // What was held after that point is gone with the edits; from here it is recorded anew.
    for (std::size_t i = taken_back; i < began.size(); ++i) began[i].reset();
    previous.reset();
    ++script.next_action;
    recorded = script.next_action;
    return true;
  };
  // A resolution leaves the state-based actions it causes for the next time a player would get
  // priority (117.5). Before `resolve` is judged done, perform them, so that what they bring —
  // a creature dying of its damage, its dies trigger waiting — is part of what the scenario
  // waits for rather than left for the final check.
  const auto settle = [&] {
    // Targets the game chose itself (a single legal one) are checked once the action is on the
    // stack, not at the next decision someone is asked, which may be turns away.
    if (script.inputs_left() && script.inputs_action_done()) script.settle_unasked_inputs();
    const GameState& st = game.state();
    if (script.next_action < s.actions.size() &&
        s.actions[script.next_action].kind == ActionSpec::Kind::resolve && !st.over &&
        st.stack.empty() && st.pending_triggers.empty())
      rules.check_state(game);
  };
  try {
    for (settle(), script.drop_satisfied(); !script.done(); settle(), script.drop_satisfied()) {
      if (++advances > kMaxAdvances) {
        // Every action taken up: what is left is the last `agent` action, deciding until a step.
        std::size_t open = script.next_action;
        if (open >= s.actions.size()) {
          open = s.actions.size() - 1;
          while (open > 0 && s.actions[open].kind != ActionSpec::Kind::agent) --open;
        }
        out.error = fmt::format("stuck: {} advances without finishing action {} ({})", kMaxAdvances,
                                open + 1, s.actions[open].str());
        return out;
      }
      record_beginnings();
      if (undo()) continue;
      script.precheck(new_step);
      const TurnState before = game.state().turn;
      if (!rules.advance(game)) {
        out.over = true;
        return out;
      }
      const TurnState& after = game.state().turn;
      new_step = after.number != before.number || after.step != before.step;
    }
  } catch (const Stop&) {
    // The script stopped the game where it stands.
  } catch (const std::exception& e) {
    // A Stop that module code wrapped into its own error still means what the script said.
    if (script.failure.empty() && !script.refused)
      out.error = fmt::format("the game threw {}: {}", during(s, script), e.what());
  } catch (...) {  // the rules module's own code (what plugins' abilities throw, the kernel names)
    out.error = fmt::format("the game threw {}: {}", during(s, script), kRulesThrewNotAnException);
  }
  return out;
}

// The cards the scenario names that its packs do not define, each at its line with a
// did-you-mean; empty when there is none.
std::string unknown_cards(const Scenario& s, const CardPool& pool) {
  std::vector<std::string> problems;
  std::vector<std::string> names;  // made on the first unknown name only
  for (const auto& [name, where] : s.card_refs) {
    if (pool.find(name)) continue;
    if (names.empty()) names = pool.names();
    const std::string hint = did_you_mean(name, names);
    const std::string in = s.packs.empty() ? std::string("the game's cards")
                                           : fmt::format("the packs {}", fmt::join(s.packs, ", "));
    problems.push_back(fmt::format("{}: no card named '{}' in {}{}", where.str(), name, in,
                                   hint.empty() ? "" : "; " + hint));
  }
  return fmt::format("{}", fmt::join(problems, "\n  "));
}

// Makes the agent of each `agent` action, as `anvil play` makes its opponent, with the
// scenario's seed (0 without `seed:`) so that a run is repeatable. Returns the problems, each at
// its line: an unknown agent name has a did-you-mean.
std::string make_agents(const Scenario& s, const Registry* registry, Script& script) {
  std::vector<std::string> problems;
  script.agents.resize(s.actions.size());
  for (std::size_t i = 0; i < s.actions.size(); ++i) {
    const ActionSpec& a = s.actions[i];
    if (a.kind != ActionSpec::Kind::agent) continue;
    if (!registry) {
      problems.push_back(fmt::format("{}: no agents are loaded", a.agent_where.str()));
      continue;
    }
    try {
      script.agents[i] =
          make_agent(*registry, a.agent, AgentOptions{s.position.seed, {}, registry, s.rules});
    } catch (const std::exception& e) {
      problems.push_back(fmt::format("{}: {}", a.agent_where.str(), e.what()));
    }
  }
  return fmt::format("{}", fmt::join(problems, "\n  "));
}

}  // namespace

Result run_scenario(const Scenario& s, std::shared_ptr<const CardPool> pool,
                    const RulesModule& rules, const Registry* registry) {
  if (std::string unknown = unknown_cards(s, *pool); !unknown.empty()) return failed(unknown);
  if (std::string bad = unknown_steps(s, rules.step_names()); !bad.empty()) {
    return failed(fmt::format("unknown step '{}' (the steps are {})", bad,
                              fmt::join(rules.step_names(), ", ")));
  }
  std::unique_ptr<Game> game;
  try {
    game = rules.setup_position(std::move(pool), s.position);
  } catch (const std::exception& e) {
    return failed(fmt::format("the position cannot be set up: {}", e.what()));
  } catch (...) {
    return failed(fmt::format("the position cannot be set up: {}", kRulesThrewNotAnException));
  }
  Script script(s, rules);
  if (std::string bad = make_agents(s, registry, script); !bad.empty()) return failed(bad);
  script.start(*game);
  for (std::size_t i = 0; i < s.position.players.size(); ++i) {
    const PlayerId seat{static_cast<std::uint8_t>(i)};
    game->seat(seat, std::make_shared<ScenarioAgent>(script, seat));
  }

  const Driven driven = drive(*game, script, s, rules);
  if (!driven.error.empty()) return failed(driven.error);
  const bool over = driven.over;
  if (!script.failure.empty()) return failed(script.failure);
  if (script.inputs_left() && !script.refused) {
    try {
      script.settle_unasked_inputs();
    } catch (const Stop&) {  // it recorded the failure
    }
    if (!script.failure.empty()) return failed(script.failure);
  }
  if (script.inputs_left() && !script.refused) {
    return failed(fmt::format("the game did not ask for every target or X given to action {}",
                              script.next_action));
  }
  if (over && !script.refused) {
    // resolve and advance actions left when the game ends are moot; any other is not.
    for (std::size_t i = script.next_action; i < s.actions.size(); ++i) {
      const auto kind = s.actions[i].kind;
      if (kind == ActionSpec::Kind::resolve || kind == ActionSpec::Kind::advance) continue;
      return failed(fmt::format("the game ended before action {} ({})", i + 1, s.actions[i].str()));
    }
  }
  if (std::string d = check_refusal(s, script, *game); !d.empty()) return failed(d);
  try {
    rules.check_state(*game);  // may ask decisions (the legend rule), answered from `choices:`
  } catch (const Stop&) {
    if (!script.failure.empty()) return failed(script.failure);
  } catch (const std::exception& e) {
    return failed(fmt::format("check_state threw: {}", e.what()));
  } catch (...) {
    return failed(fmt::format("check_state threw: {}", kRulesThrewNotAnException));
  }
  for (std::size_t i = 0; i < script.choices.size(); ++i) {
    if (!script.choices[i].empty()) {
      return failed(fmt::format("unused choice {} for {}", script.choices[i].front().str(),
                                s.position.players[i].name));
    }
  }
  const std::vector<std::string> differences = check_expect(s, *game, rules, script.answered);
  if (!differences.empty()) return failed(fmt::format("{}", fmt::join(differences, "; ")));
  return Result{true, {}};
}

}  // namespace anvil::cli::scenario
