#include "agent.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <utility>

namespace anvil::cli::scenario {

namespace {

using Kind = ActionSpec::Kind;

std::optional<LegalAction::Kind> legal_kind(Kind k) {
  switch (k) {
    case Kind::cast:
      return LegalAction::Kind::cast;
    case Kind::play:
      return LegalAction::Kind::play_land;
    case Kind::activate:
      return LegalAction::Kind::activate;
    default:
      return std::nullopt;
  }
}

// "Grizzly Bears → player 1": the two sides of a declaration option's label.
std::pair<std::string, std::string> sides(const std::string& label) {
  static constexpr std::string_view kArrow = " \xE2\x86\x92 ";  // →
  const auto at = label.find(kArrow);
  if (at == std::string::npos) return {label, {}};
  return {label.substr(0, at), label.substr(at + kArrow.size())};
}

}  // namespace

Script::Script(const Scenario& s, const RulesModule& rules) : s_(s), rules_(rules) {
  choices.resize(s.position.players.size());
  for (const auto& [name, list] : s.choices) {
    auto& queue = choices[s.player_id(name)->value];
    queue.insert(queue.end(), list.begin(), list.end());
  }
}

void Script::fail(std::string message) {
  failure = std::move(message);
  throw Stop{};
}

void Script::refuse(std::string why) {
  refused = true;
  refusal = why.empty() ? "refused without a reason" : std::move(why);
  refused_action = next_action == 0 ? 0 : next_action - 1;
  if (action_start_) {  // back to before the action, as a refused action leaves the game
    try {
      game_->journal().rollback(*action_start_);
    } catch (const std::exception&) {
      // The module already rolled back past it; the state is what it left.
    }
  }
  throw Stop{};
}

// Remembers the state when an action starts, to undo and compare it if the action is refused.
void Script::begin_action() {
  action_start_ = game_->journal().checkpoint();
  hash_before_refused = hash(game_->state());
}

std::string Script::name_of(PlayerId p) const {
  return p.valid() && p.value < s_.position.players.size() ? s_.position.players[p.value].name
                                                           : "?";
}

std::string Script::describe(const Choice& c) const {
  std::vector<std::string> labels;
  for (const Option& o : c.options) labels.push_back("'" + o.label + "'");
  return fmt::format("{} decision for {} '{}' (options: {})", to_string(c.kind), name_of(c.player),
                     c.prompt, fmt::join(labels, ", "));
}

void Script::drop_satisfied() {
  // Whether the game is in `step` or passed through it since the last look (for the action that
  // was waiting then: entering a step is what ends the wait, not what another action waits for).
  const std::vector<std::string> entered = std::exchange(entered_, {});
  const auto reached = [&](const std::string& step, bool waiting_then) {
    return rules_.step_name(*game_) == step ||
           (waiting_then && std::find(entered.begin(), entered.end(), step) != entered.end());
  };
  if (delegation_ && !delegation_->until.empty() && reached(delegation_->until, true))
    delegation_.reset();
  const std::size_t waiting = next_action;
  while (next_action < s_.actions.size()) {
    const ActionSpec& a = s_.actions[next_action];
    // An agent deciding until a step takes over at once (the actions after it go on for the
    // other players meanwhile); one with no step waits for its player's priority decision.
    if (a.kind == Kind::agent && !a.step.empty() && !delegation_) {
      delegation_ = Delegation{*s_.player_id(a.player), agents.at(next_action).get(), a.step};
      ++next_action;
      if (rules_.step_name(*game_) == a.step) delegation_.reset();  // as `advance` would: done
      continue;
    }
    const GameState& st = game_->state();
    const bool satisfied =
        (a.kind == Kind::resolve && st.stack.empty() && st.pending_triggers.empty()) ||
        (a.kind == Kind::advance && reached(a.step, next_action == waiting));
    if (!satisfied) return;
    ++next_action;
  }
}

bool Script::done() const {
  return next_action >= s_.actions.size() && targets_.empty() && !x_ && !delegation_;
}

Agent* Script::deciding_agent(PlayerId player, const Choice& choice) {
  if (refused || !failure.empty()) return nullptr;  // answer() stops the game
  const bool priority_decision = choice.kind == ChoiceKind::action;
  if (delegation_) {
    const Delegation& d = *delegation_;
    // The step is checked here too: the decisions advance() asks as it enters the step (the
    // attack declaration) come before the runner's check between advance() calls.
    const bool over =
        d.until.empty() ? d.decided && priority_decision : rules_.step_name(*game_) == d.until;
    if (over) delegation_.reset();
  }
  if (!delegation_ && priority_decision && next_action < s_.actions.size()) {
    const ActionSpec& a = s_.actions[next_action];
    if (a.kind == Kind::agent && a.step.empty() && *s_.player_id(a.player) == player) {
      delegation_ = Delegation{player, agents.at(next_action).get(), {}};
      ++next_action;
    }
  }
  if (!delegation_ || delegation_->player != player) return nullptr;
  if (priority_decision) delegation_->decided = true;
  return delegation_->agent;
}

Answer Script::answer(PlayerId player, const Choice& choice) {
  // Already stopped: module code that caught the Stop (Game::perform, Game::invoke turn it
  // into an error) must not go on with answers from a script that gave up.
  if (refused || !failure.empty()) throw Stop{};
  std::optional<Answer> a;
  switch (choice.kind) {
    case ChoiceKind::action:
      a = priority(player, choice);
      break;
    case ChoiceKind::target:
      a = target(choice);
      break;
    case ChoiceKind::attackers:
    case ChoiceKind::blockers:
      a = declaration(player, choice);
      break;
    case ChoiceKind::option:
      a = payment(choice);
      break;
    case ChoiceKind::number:
      if (x_) {
        for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
          if (choice.options[i].value == *x_) a = Answer{{i}};
        }
        if (!a) refuse(fmt::format("X = {} is not allowed", *x_));
        x_.reset();
      }
      break;
    default:
      break;
  }
  if (!a) a = from_choices(player, choice);
  note_answer(choice, *a);
  return *a;
}

void Script::note_answer(const Choice& choice, const Answer& answer) {
  AnsweredDecision seen{choice.player, choice.kind, {}};
  for (std::uint32_t i : answer.picks) {
    if (i >= choice.options.size()) return;  // the kernel refuses the answer: it is not logged
    const Option& o = choice.options[i];
    seen.picked.push_back({o.label, target_name(o.target)});
  }
  const std::size_t index = game_->decisions().size();
  if (answered.size() <= index) answered.resize(index + 1);
  answered[index] = std::move(seen);
}

void Script::agent_answered(PlayerId player, const Choice& choice, const Answer& answer) {
  note_answer(choice, answer);
  if (!delegation_ || !delegation_->until.empty() || choice.kind != ChoiceKind::action ||
      answer.picks.size() != 1)
    return;
  // The priority decision's options are the legal actions, in order (priority() checks it).
  const std::vector<LegalAction> legal = rules_.legal_actions(*game_, player);
  const std::uint32_t pick = answer.picks.front();
  if (pick < legal.size() && (legal[pick].kind == LegalAction::Kind::pass ||
                              legal[pick].kind == LegalAction::Kind::end_turn))
    delegation_.reset();
}

// A player's scenario name or a card's name, for matching `to:`.
std::string Script::target_name(const Target& t) const {
  if (t.is_player()) return name_of(t.player);
  if (t.is_object() && game_->state().exists(t.object.id)) return game_->card(t.object.id).name;
  return {};
}

bool Script::names(const Target& t, const std::string& text) const {
  if (t.is_player()) return name_of(t.player) == text;
  return t.is_object() && names_object(*game_, t.object.id, CardName::parse(text));
}

std::optional<ObjectId> Script::find_card(PlayerId player, const std::string& name) const {
  const CardName wanted = CardName::parse(name);
  for (ZoneKind z : {ZoneKind::hand, ZoneKind::battlefield, ZoneKind::graveyard, ZoneKind::exile,
                     ZoneKind::library, ZoneKind::command}) {
    for (ObjectId id : game_->state().zone(ZoneRef{z, player}).objects) {
      if (names_object(*game_, id, wanted)) return id;
    }
  }
  return std::nullopt;
}

void Script::precheck(bool new_step) {
  if (next_action >= s_.actions.size()) return;
  const ActionSpec& next = s_.actions[next_action];
  const auto wanted = legal_kind(next.kind);
  const bool turn_kind =
      next.kind == Kind::end_turn || next.kind == Kind::hero_power || next.kind == Kind::attack;
  // An agent making one decision: a player the kernel passes for made it (below).
  const bool one_decision = next.kind == Kind::agent && next.step.empty();
  if (!wanted && !turn_kind && next.kind != Kind::pass && !one_decision) return;
  const PlayerId player = *s_.player_id(next.player);
  // A step just entered has not begun: its first priority goes to the active player (117.3a),
  // which the module sets when the step begins. Judge on a copy where it already has.
  std::unique_ptr<Game> copy;
  const Game* judge = game_;
  if (new_step) {
    copy = game_->fork();
    copy->journal().set_priority_player(copy->state().turn.active);
    judge = copy.get();
  }
  if (judge->state().turn.priority != player) return;
  // Game::ask does not ask a decision with one option, nor a priority decision whose options
  // are passing and mana abilities.
  const std::vector<LegalAction> legal = rules_.legal_actions(*judge, player);
  const bool asked = legal.size() > 1 && std::any_of(legal.begin(), legal.end(), [](const LegalAction& l) {
    return l.kind != LegalAction::Kind::pass && !l.mana;
  });
  if (next.kind == Kind::pass || one_decision) {
    // A player who may only pass is not asked (the kernel answers for them): their `pass`
    // (or the agent's one decision) happens now, in the advance() about to run.
    if (!asked) ++next_action;
    return;
  }
  if (precheck_turn(*judge, player) || !wanted) return;
  if (asked) return;  // the agent will be asked
  begin_action();
  ++next_action;
  refuse_action(*judge, player, next, *wanted);
}

void Script::refuse_action(const Game& judge, PlayerId player, const ActionSpec& next,
                           LegalAction::Kind kind) {
  LegalAction w;
  w.kind = kind;
  w.ability = next.ability.value_or(0);
  const auto object = find_card(player, next.card);
  if (!object) refuse(fmt::format("{} has no card named '{}'", next.player, next.card));
  w.object = *object;
  const std::string why = rules_.why_not(judge, player, w);
  refuse(why.empty() ? "it is not among the legal actions" : why);
}

// A manual payment decision ("Pay {4}{G}{G}: activate a mana ability") of an action with
// `pay:`: the next source named, or, with none left and the cost not paid, the action is
// refused as the player cancelling midway (726: the whole action is undone).
std::optional<Answer> Script::payment(const Choice& choice) {
  if (!pay_ || !choice.prompt.starts_with("Pay ")) return std::nullopt;
  if (pay_->empty())
    refuse(fmt::format("not enough mana: the sources in 'pay:' do not cover '{}'", choice.prompt));
  const std::string source = pay_->front();
  pay_->pop_front();
  for (std::uint32_t i = 0; i < choice.options.size(); ++i)
    if (choice.options[i].target.is_object() && label_names(choice.options[i].label, source))
      return Answer{{i}};
  refuse(fmt::format("{} is not an untapped mana source", source));
}

std::optional<Answer> Script::priority(PlayerId player, const Choice& choice) {
  if (pay_ && !pay_->empty())
    fail(fmt::format("'pay:' names more sources than the payment used: {}",
                     fmt::join(*pay_, ", ")));
  pay_.reset();
  settle_unasked_inputs();
  drop_satisfied();
  if (done()) throw Stop{};  // everything is done: the game stops here, before this decision
  const std::vector<LegalAction> legal = rules_.legal_actions(*game_, player);
  if (legal.size() != choice.options.size()) {
    fail(fmt::format("protocol: the priority decision has {} options but legal_actions lists {}",
                     choice.options.size(), legal.size()));
  }
  // Waiting for an agent that decides for another player until a step: pass, or end the turn.
  if (next_action >= s_.actions.size()) return pass(legal, true);
  if (auto turn = turn_action(player, legal)) return turn;
  const ActionSpec& next = s_.actions[next_action];
  // The runner takes an `undo` between two advance() calls, as the action before it is done;
  // a decision asked first would be played past what the undo takes back.
  if (next.kind == Kind::undo)
    fail(fmt::format("action {} (undo): {} was asked to act before the action before it was over",
                     next_action + 1, name_of(player)));
  // `pass`: this player passes once, here; anyone else asked before them passes too (below).
  if (next.kind == Kind::pass && *s_.player_id(next.player) == player) ++next_action;
  const auto wanted = legal_kind(next.kind);
  if (wanted && *s_.player_id(next.player) == player) {
    begin_action();
    ++next_action;
    for (std::uint32_t i = 0; i < legal.size(); ++i) {
      const LegalAction& l = legal[i];
      if (l.kind != *wanted || !l.object.valid() ||
          !names_object(*game_, l.object, CardName::parse(next.card)))
        continue;
      if (next.ability && l.ability != *next.ability) continue;
      targets_.assign(next.targets.begin(), next.targets.end());
      x_ = next.x;
      if (next.has_pay) {  // the module asks for this payment source by source
        pay_.emplace(next.pay.begin(), next.pay.end());
        game_->journal().set_attr(player, Symbol("pay_manually"), 1);
      }
      inputs_for_ = next_action - 1;
      pushed_.reset();
      return Answer{{i}};
    }
    refuse_action(*game_, player, next, *wanted);
  }
  return pass(legal, next.kind == Kind::agent);
}

// Passing; with `or_end_turn`, in a module whose turn ends by passing (hearth), ending the turn.
Answer Script::pass(const std::vector<LegalAction>& legal, bool or_end_turn) {
  for (std::uint32_t i = 0; i < legal.size(); ++i)
    if (legal[i].kind == LegalAction::Kind::pass) return Answer{{i}};
  for (std::uint32_t i = 0; i < legal.size() && or_end_turn; ++i)
    if (legal[i].kind == LegalAction::Kind::end_turn) return Answer{{i}};
  fail("protocol: the priority decision has no pass option");
}

bool Script::target_matches(const Target& o, const TargetSpec& t) const {
  if (!t.player.empty()) return o.is_player() && o.player == *s_.player_id(t.player);
  if (!o.is_object() || !names_object(*game_, o.object.id, CardName::parse(t.card))) return false;
  const GameObject& obj = game_->object(o.object.id);
  if (!t.of.empty()) {
    const PlayerId of = *s_.player_id(t.of);
    if (obj.owner != of && obj.controller != of) return false;
  }
  return true;
}

std::optional<std::uint32_t> Script::match_target(const Choice& c, const TargetSpec& t) const {
  for (std::uint32_t i = 0; i < c.options.size(); ++i)
    if (target_matches(c.options[i].target, t)) return i;
  return std::nullopt;
}

void Script::start(Game& game) {
  game_ = &game;
  watch_stack_ = game.bus().on_edit([this](const Game& g, const Edit& e, bool undone) {
    if (e.kind == EditKind::stack_push && !undone && inputs_left()) pushed_ = g.state().stack.back();
    // A step is entered by its own edit or by a step's start with priority (set_step_and_priority).
    const auto step = static_cast<std::uint8_t>(GameField::step),
               start = static_cast<std::uint8_t>(GameField::step_and_priority);
    if (e.kind == EditKind::game_field && (e.field == step || e.field == start) && !undone)
      entered_.push_back(rules_.step_name(g));
  });
}

void Script::settle_unasked_inputs() {
  if (!inputs_left()) return;
  const std::size_t number = inputs_for_ + 1;  // 1-based, as the runner's messages count
  const std::string action = s_.actions[inputs_for_].str();
  if (!pushed_)
    fail(fmt::format("the game did not ask for every target or X given to action {} ({})",
                     number, action));
  const StackItem& item = *pushed_;  // what the action put on the stack, maybe resolved since
  if (targets_.size() > item.targets.size())
    fail(fmt::format("action {} ({}) names {} more targets than the game chose", number, action,
                     targets_.size() - item.targets.size()));
  // The unasked targets are the last ones: the earlier slots were asked and used the rest.
  const std::size_t first = item.targets.size() - targets_.size();
  for (std::size_t i = 0; i < targets_.size(); ++i) {
    const Target& chosen = item.targets[first + i];
    if (!target_matches(chosen, targets_[i]))
      fail(fmt::format("action {} ({}): the game chose its only legal target {}, not {}", number,
                       action, target_name(chosen), targets_[i].str()));
  }
  if (x_ && *x_ != item.x)
    fail(fmt::format("action {} ({}): the game chose its only possible X, {}, not {}", number,
                     action, item.x, *x_));
  targets_.clear();
  x_.reset();
  pushed_.reset();
}

std::optional<Answer> Script::target(const Choice& choice) {
  if (targets_.empty()) return std::nullopt;
  const TargetSpec t = targets_.front();
  targets_.pop_front();
  if (auto i = match_target(choice, t)) return Answer{{*i}};
  refuse(fmt::format("{} is not a legal target", t.str()));
}

std::optional<Answer> Script::declaration(PlayerId player, const Choice& choice) {
  const Kind want = choice.kind == ChoiceKind::attackers ? Kind::attack : Kind::block;
  if (!choice.refused.empty()) refuse(choice.refused);  // our declaration was rolled back
  drop_satisfied();
  const bool ours = next_action < s_.actions.size() && s_.actions[next_action].kind == want &&
                    *s_.player_id(s_.actions[next_action].player) == player;
  if (!ours) {
    if (choice.min_picks == 0) return Answer{};  // no attack or block was asked for
    return std::nullopt;
  }
  begin_action();
  const ActionSpec& a = s_.actions[next_action++];
  Answer answer;
  // Each creature is declared once: a name given twice ({Soldier: [B, B]}) means two of them.
  std::vector<ObjectId> declared;
  for (const auto& [left, right] : a.pairs) {
    std::optional<std::uint32_t> found;
    for (std::uint32_t i = 0; i < choice.options.size() && !found; ++i) {
      const Option& o = choice.options[i];
      if (o.target.is_object() &&
          std::find(declared.begin(), declared.end(), o.target.object.id) != declared.end())
        continue;
      if (std::find(answer.picks.begin(), answer.picks.end(), i) != answer.picks.end()) continue;
      const auto [l, r] = sides(o.label);
      // The creature declared is the option's target (a module need not number its labels).
      if (!label_names(l, left) &&
          !(o.target.is_object() &&
            names_object(*game_, o.target.object.id, CardName::parse(left))))
        continue;
      // A defending player is labelled by seat ("player 1"), a planeswalker by its name.
      const auto defender = s_.player_id(right);
      if (label_names(r, right) || (defender && r == fmt::format("player {}", defender->value)))
        found = i;
    }
    if (found && choice.options[*found].target.is_object())
      declared.push_back(choice.options[*found].target.object.id);
    if (!found) {
      refuse(
          fmt::format("{} → {} is not among the {} options", left, right, to_string(choice.kind)));
    }
    answer.picks.push_back(*found);
  }
  return answer;
}

Answer Script::from_choices(PlayerId player, const Choice& choice) {
  auto& queue = choices[player.value];
  if (queue.empty()) fail("no answer for the " + describe(choice));
  ChoiceSpec& c = queue.front();
  const auto& opts = choice.options;
  auto by = [&](auto&& pred) -> std::optional<std::uint32_t> {
    for (std::uint32_t i = 0; i < opts.size(); ++i)
      if (pred(opts[i])) return i;
    return std::nullopt;
  };
  std::optional<std::uint32_t> pick;
  Answer answer;
  switch (c.kind) {
    case ChoiceSpec::Kind::order: {
      // 1-based option numbers; a decision taking fewer picks uses the first ones and keeps the
      // rest for the next trigger-order decision.
      const std::size_t n = std::min<std::size_t>(c.numbers.size(), choice.max_picks);
      for (std::size_t k = 0; k < n; ++k) {
        if (c.numbers[k] < 1 || static_cast<std::size_t>(c.numbers[k]) > opts.size())
          fail(fmt::format("choice {} does not fit the {}", c.str(), describe(choice)));
        answer.picks.push_back(static_cast<std::uint32_t>(c.numbers[k] - 1));
      }
      c.numbers.erase(c.numbers.begin(), c.numbers.begin() + static_cast<std::ptrdiff_t>(n));
      if (c.numbers.empty()) queue.pop_front();
      return answer;
    }
    case ChoiceSpec::Kind::picks:
      for (std::int64_t n : c.numbers) {
        if (n < 0 || static_cast<std::size_t>(n) >= opts.size())
          fail(fmt::format("choice {} does not fit the {}", c.str(), describe(choice)));
        answer.picks.push_back(static_cast<std::uint32_t>(n));
      }
      queue.pop_front();
      return answer;
    case ChoiceSpec::Kind::card:
      pick = by([&](const Option& o) {
        return (o.target.is_object() &&
                names_object(*game_, o.target.object.id, CardName::parse(c.text))) ||
               o.label == c.text;
      });
      break;
    case ChoiceSpec::Kind::player:
      pick = by([&](const Option& o) {
        return (o.target.is_player() && o.target.player == *s_.player_id(c.text)) ||
               o.label == c.text;
      });
      break;
    case ChoiceSpec::Kind::number:
      if (!c.to.empty() && !opts.empty() && !names(opts.front().target, c.to))
        fail(fmt::format("choice {} does not fit the {}", c.str(), describe(choice)));
      pick = by([&](const Option& o) { return o.value == c.number; });
      break;
    case ChoiceSpec::Kind::option:
      pick = by([&](const Option& o) { return o.label == c.text; });
      break;
    case ChoiceSpec::Kind::yes:
      if (static_cast<std::size_t>(c.number) < opts.size())
        pick = static_cast<std::uint32_t>(c.number);
      break;
  }
  if (!pick) fail(fmt::format("choice {} does not fit the {}", c.str(), describe(choice)));
  queue.pop_front();
  return Answer{{*pick}};
}

}  // namespace anvil::cli::scenario
