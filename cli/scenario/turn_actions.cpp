// The scenario actions of turn-based modules (hearth): a module whose pass ends the turn lists
// every play (with its targets and board position), attack and hero power among its legal
// actions, so the runner answers the action decision with the one the scenario names, and
// refuses the action with the module's why_not() when none matches (docs/scenarios.md,
// "Hearth").
#include <fmt/core.h>

#include <algorithm>

#include "agent.hpp"

namespace anvil::cli::scenario {

namespace {

using Kind = ActionSpec::Kind;

bool turn_based(const std::vector<LegalAction>& legal) {
  return std::any_of(legal.begin(), legal.end(),
                     [](const LegalAction& l) { return l.kind == LegalAction::Kind::end_turn; });
}

bool turn_kind(Kind k) {
  return k == Kind::play || k == Kind::cast || k == Kind::attack || k == Kind::hero_power ||
         k == Kind::end_turn;
}

LegalAction::Kind legal_of(Kind k) {
  switch (k) {
    case Kind::attack: return LegalAction::Kind::attack;
    case Kind::hero_power: return LegalAction::Kind::hero_power;
    case Kind::end_turn: return LegalAction::Kind::end_turn;
    default: return LegalAction::Kind::cast;  // play and cast: a card from the hand
  }
}

}  // namespace

std::optional<Target> Script::resolve_target(const Game& judge, const TargetSpec& t) const {
  if (!t.player.empty()) return Target::of(*s_.player_id(t.player));
  const std::optional<PlayerId> of = t.of.empty() ? std::nullopt : s_.player_id(t.of);
  const CardName wanted = CardName::parse(t.card);
  for (const Player& p : judge.state().players) {
    if (of && p.id != *of) continue;
    for (ZoneKind z : {ZoneKind::battlefield, ZoneKind::command})
      for (ObjectId id : judge.state().zone(ZoneRef{z, p.id}).objects)
        if (names_object(judge, id, wanted)) return Target::of(judge.object(id).ref());
  }
  return std::nullopt;
}

// The LegalAction the scenario's action describes (value -1: no position given).
LegalAction Script::turn_wanted(const Game& judge, PlayerId player, const ActionSpec& next) {
  LegalAction w;
  w.kind = legal_of(next.kind);
  w.value = next.position.value_or(-1);
  auto target = [&](const TargetSpec& t) {
    auto r = resolve_target(judge, t);
    if (!r) refuse(fmt::format("there is no {} in play", t.str()));
    return *r;
  };
  switch (next.kind) {
    case Kind::play:
    case Kind::cast: {
      for (ObjectId id : judge.state().zone(ZoneRef::hand(player)).objects)
        if (names_object(judge, id, CardName::parse(next.card))) w.object = id;
      if (!w.object.valid()) refuse(fmt::format("{} has no card named '{}' in hand", next.player, next.card));
      break;
    }
    case Kind::attack: {
      if (next.pairs.size() != 1) refuse("a hearth attack names one attacker and one target");
      const std::string& attacker = next.pairs.front().first;
      if (attacker != next.player) {  // the player's own name is their hero
        const auto t = resolve_target(judge, TargetSpec{{}, attacker, next.player, next.where});
        if (!t) refuse(fmt::format("{} has no '{}' on the board", next.player, attacker));
        w.object = t->object.id;
        // Of namesakes, the first that may still attack: {River Crocolisk: B} twice is both.
        const CardName wanted = CardName::parse(attacker);
        for (const LegalAction& l : rules_.legal_actions(judge, player))
          if (l.kind == LegalAction::Kind::attack && l.object.valid() &&
              names_object(judge, l.object, wanted)) {
            w.object = l.object;
            break;
          }
      }
      w.targets.push_back(target(next.defenders.front()));
      return w;
    }
    default:
      break;
  }
  for (const TargetSpec& t : next.targets) w.targets.push_back(target(t));
  return w;
}

bool Script::precheck_turn(const Game& judge, PlayerId player) {
  const ActionSpec& next = s_.actions[next_action];
  if (!turn_kind(next.kind)) return false;
  const std::vector<LegalAction> legal = rules_.legal_actions(judge, player);
  if (!turn_based(legal) || legal.size() != 1) return false;
  // Ending the turn is all the player may do: the module ends it without asking.
  ++next_action;
  if (next.kind == Kind::end_turn) return true;
  begin_action();
  const LegalAction w = turn_wanted(judge, player, next);
  const std::string why = rules_.why_not(judge, player, w);
  refuse(why.empty() ? "it is not among the legal actions" : why);
}

std::optional<Answer> Script::turn_action(PlayerId player, const std::vector<LegalAction>& legal) {
  if (!turn_based(legal)) return std::nullopt;
  const ActionSpec& next = s_.actions[next_action];
  if (!turn_kind(next.kind)) return std::nullopt;
  auto end_turn = [&]() -> Answer {
    for (std::uint32_t i = 0; i < legal.size(); ++i)
      if (legal[i].kind == LegalAction::Kind::end_turn) return Answer{{i}};
    fail("protocol: no end_turn option");
  };
  if (*s_.player_id(next.player) != player) return end_turn();  // not their turn yet: it ends
  begin_action();
  ++next_action;
  if (next.kind == Kind::end_turn) return end_turn();
  const LegalAction w = turn_wanted(*game_, player, next);
  // Candidates: same kind, same card (any copy), same targets (or none given and one choice).
  std::vector<std::uint32_t> found;
  for (std::uint32_t i = 0; i < legal.size(); ++i) {
    const LegalAction& l = legal[i];
    if (l.kind != w.kind) continue;
    if (w.kind == LegalAction::Kind::cast) {
      if (!l.object.valid() || game_->card(l.object).name != game_->card(w.object).name) continue;
      if (w.value >= 0 && l.value != w.value) continue;
      if (next.ability && l.ability != *next.ability) continue;  // a Choose One option
    } else if (l.object != w.object) {
      continue;
    }
    if (!w.targets.empty() && l.targets != w.targets) continue;
    found.push_back(i);
  }
  if (w.value < 0 && !found.empty()) {  // no position: the rightmost
    std::int64_t right = 0;
    for (std::uint32_t i : found) right = std::max(right, legal[i].value);
    std::erase_if(found, [&](std::uint32_t i) { return legal[i].value != right; });
  }
  // Copies of one card in hand are the same choice.
  const auto same_choice = [&](std::uint32_t i) {
    const LegalAction& first = legal[found.front()];
    return legal[i].targets == first.targets && legal[i].value == first.value && legal[i].ability == first.ability;
  };
  if (!found.empty() && std::all_of(found.begin(), found.end(), same_choice)) return Answer{{found.front()}};
  if (found.size() > 1)
    refuse(fmt::format("{} is ambiguous: {} legal actions match (name its targets, or its Choose One "
                       "option with 'ability: N')",
                       next.str(), found.size()));
  LegalAction ask = w;
  if (ask.value < 0) ask.value = 0;
  ask.ability = next.ability.value_or(0);
  const std::string why = rules_.why_not(*game_, player, ask);
  refuse(why.empty() ? "it is not among the legal actions" : why);
}

}  // namespace anvil::cli::scenario
