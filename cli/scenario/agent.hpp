// ScenarioAgent: answers a seat's decisions from a scenario's actions and choices, following
// the protocol of docs/scenarios.md ("How the runner drives the game"). All seats share one
// Script, which holds what is left to do; a seat that must stop the game (the actions are done,
// an action was refused, a decision has no answer) throws Stop, which the rules module lets
// propagate out of advance().
#pragma once

#include <anvil/agent.hpp>
#include <anvil/event_bus.hpp>
#include <anvil/game.hpp>
#include <anvil/journal.hpp>
#include <anvil/rules.hpp>
#include <cstdint>
#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "expect.hpp"
#include "scenario.hpp"

namespace anvil::cli::scenario {

// Thrown by a ScenarioAgent to stop the game where it stands. Private to the runner.
struct Stop {};

class Script {
 public:
  Script(const Scenario& s, const RulesModule& rules);
  // Remembers what each action puts on the stack, for settle_unasked_inputs().
  void start(Game& game);

  // Drops the resolve/advance actions the game already satisfies.
  void drop_satisfied();
  // Every action was taken and every queued target and X used.
  bool done() const;
  // Targets or an X given to an action that the game has not asked for yet.
  bool inputs_left() const { return !targets_.empty() || x_.has_value(); }
  // Whether the action those inputs belong to has put its spell or ability on the stack.
  bool inputs_action_done() const { return pushed_.has_value(); }
  // Game::ask answers a choice with a single option itself, so a target or X the scenario names
  // may never be asked. Compares what is left with what the game put on the stack: a match
  // uses them up; a difference fails the scenario naming both.
  void settle_unasked_inputs();
  Answer answer(PlayerId player, const Choice& choice);
  // The agent that makes this decision of `player` instead of the script, or nullptr: an
  // `agent` action hands the player's decisions to `agents[i]` for a while (docs/scenarios.md,
  // "Letting an agent decide"). Starts and ends those hand-overs as the decisions come.
  Agent* deciding_agent(PlayerId player, const Choice& choice);
  // Notes what `answer` picks, at the index the log will give the decision if the kernel takes
  // the answer (a later decision asked at the same index replaces a note of one it refused).
  void note_answer(const Choice& choice, const Answer& answer);
  // An agent's answer, noted; an agent put in charge of one priority decision that passed (or
  // ended the turn) is done at once: nothing it passed for is its to decide, and the game
  // stops, as after a `pass`, when the actions after it are done.
  void agent_answered(PlayerId player, const Choice& choice, const Answer& answer);
  // Before advance(): if the next action is a priority action of the player holding priority
  // and pass is all they may do, that priority decision will not be asked (Game::ask answers
  // a choice without alternatives itself), so the action is refused here.
  // `new_step`: the last advance() entered a new step (or turn).
  void precheck(bool new_step);

  // Set when the scenario stopped because an action was refused.
  bool refused = false;
  std::string refusal;
  std::size_t refused_action = 0;
  std::uint64_t hash_before_refused = 0;  // the state when the refused action was attempted
  // Set when the scenario fails outright (an unanswered decision, a protocol mismatch).
  std::string failure;
  std::size_t next_action = 0;
  std::vector<std::deque<ChoiceSpec>> choices;  // by seat
  // The options picked in each decision answered, by the index the kernel's log gives it
  // (`expect.decisions` names picks by label or target; the log keeps only their indices).
  AnsweredDecisions answered;
  // By action index: the agent an `agent` action names (run_scenario makes them), else null.
  std::vector<std::shared_ptr<Agent>> agents;

 private:
  // An `agent` action being carried out.
  struct Delegation {
    PlayerId player;
    Agent* agent = nullptr;
    std::string until;     // a step name; empty: one priority decision and what follows it
    bool decided = false;  // the agent made the player's priority decision
  };
  [[noreturn]] void fail(std::string message);
  [[noreturn]] void refuse(std::string why);
  [[noreturn]] void refuse_action(const Game& judge, PlayerId player, const ActionSpec& next,
                                  LegalAction::Kind kind);
  void begin_action();
  std::optional<Answer> priority(PlayerId player, const Choice& choice);
  Answer pass(const std::vector<LegalAction>& legal, bool or_end_turn);
  std::optional<Answer> target(const Choice& choice);
  std::optional<Answer> payment(const Choice& choice);
  std::optional<Answer> declaration(PlayerId player, const Choice& choice);
  // Turn-based modules (hearth; turn_actions.cpp): plays, attacks, hero powers, end_turn.
  std::optional<Answer> turn_action(PlayerId player, const std::vector<LegalAction>& legal);
  bool precheck_turn(const Game& judge, PlayerId player);
  LegalAction turn_wanted(const Game& judge, PlayerId player, const ActionSpec& next);
  std::optional<Target> resolve_target(const Game& judge, const TargetSpec& t) const;
  Answer from_choices(PlayerId player, const Choice& choice);
  std::optional<std::uint32_t> match_target(const Choice& choice, const TargetSpec& t) const;
  bool target_matches(const Target& o, const TargetSpec& t) const;
  std::optional<ObjectId> find_card(PlayerId player, const std::string& name) const;
  std::string name_of(PlayerId p) const;
  std::string target_name(const Target& t) const;
  // Whether `t` is what `text` names: a player by scenario name, a card by CardName.
  bool names(const Target& t, const std::string& text) const;
  std::string describe(const Choice& choice) const;

  const Scenario& s_;
  const RulesModule& rules_;
  Game* game_ = nullptr;
  std::deque<TargetSpec> targets_;
  std::optional<std::int64_t> x_;
  std::optional<std::deque<std::string>> pay_;  // the `pay:` sources of the current action
  std::optional<Journal::Checkpoint> action_start_;
  // The stack item the current action pushed: it may resolve before the agent is asked anything.
  std::optional<StackItem> pushed_;
  std::size_t inputs_for_ = 0;  // the action whose targets and X are queued
  ScopedConnection watch_stack_;
  std::optional<Delegation> delegation_;
  // The steps the game entered since drop_satisfied last looked, by name: a step in which nobody
  // gets priority (untap; cleanup unless something triggers, 514.3a) is entered and left inside
  // one advance() call, and an `advance` to it is done once the game has passed through it.
  std::vector<std::string> entered_;
};

// The agent in every seat. It answers from the script, or passes the decision on to the agent
// an `agent` action put in charge; its name is whoever made the last decision, which is what
// Game::ask writes in the decision log (DecisionRecord::agent).
class ScenarioAgent final : public Agent {
 public:
  ScenarioAgent(Script& script, PlayerId seat) : script_(script), seat_(seat) {}
  std::string_view name() const override { return decided_by_; }
  Answer choose(const DecisionView& view, const Choice& choice) override {
    if (Agent* agent = script_.deciding_agent(seat_, choice)) {
      decided_by_ = agent->name();
      Answer answer = agent->choose(view, choice);
      script_.agent_answered(seat_, choice, answer);
      return answer;
    }
    decided_by_ = "scenario";
    return script_.answer(seat_, choice);
  }

 private:
  Script& script_;
  PlayerId seat_;
  std::string decided_by_ = "scenario";
};

}  // namespace anvil::cli::scenario
