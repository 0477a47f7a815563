#include "expect.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>

namespace anvil::cli::scenario {

namespace {

std::string listed(std::vector<std::string> names) {
  return fmt::format("[{}]", fmt::join(names, ", "));
}

// Compares names (in order when `order` names it: "top first", "left to right") or a count; ""
// when equal.
std::string compare_zone(const std::string& what, std::vector<std::string> actual,
                         const ZoneExpect& want, std::string_view order) {
  const bool ordered = !order.empty();
  if (want.count) {
    if (actual.size() == *want.count) return {};
    return fmt::format("{} has {} cards {}, expected {}", what, actual.size(), listed(actual),
                       *want.count);
  }
  std::vector<std::string> expected = want.names;
  if (!ordered) {
    std::sort(actual.begin(), actual.end());
    std::sort(expected.begin(), expected.end());
  }
  if (actual == expected) return {};
  return fmt::format("{} is {}, expected {}{}", what, listed(actual), listed(expected),
                     ordered ? fmt::format(" ({})", order) : std::string());
}

std::vector<std::string> names_in(const Game& game, ZoneRef zone, bool top_first) {
  std::vector<std::string> out;
  for (ObjectId id : game.state().zone(zone).objects) out.push_back(game.card(id).name);
  if (top_first) std::reverse(out.begin(), out.end());
  return out;
}

std::string player_name(const Scenario& s, PlayerId p) {
  return p.valid() && p.value < s.position.players.size() ? s.position.players[p.value].name
                                                          : "nobody";
}

void check_mana_pool(const Scenario& s, const Game& game, const RulesModule& rules, PlayerId id,
                     const PlayerExpect& want, std::vector<std::string>& out) {
  const std::optional<std::string> have = rules.mana_pool(game, id);
  if (!have) {
    out.push_back(fmt::format("{}: rules module '{}' keeps no mana pool (RulesModule::mana_pool)",
                              want.player, s.rules));
    return;
  }
  if (mana_pool_symbols(*have) == mana_pool_symbols(*want.mana_pool)) return;
  auto shown = [](const std::string& pool) { return pool.empty() ? std::string("empty") : pool; };
  out.push_back(fmt::format("{}: mana pool {}, expected {}", want.player, shown(*have),
                            shown(*want.mana_pool)));
}

// hearth: a hero's weapon is the object in its command zone; its durability is its toughness
// less its damage.
void check_weapon(const Game& game, PlayerId id, const PlayerExpect& want, std::vector<std::string>& out) {
  const auto& held = game.state().zone(ZoneRef::command(id)).objects;
  const std::string have = held.empty() ? "none" : game.card(held.back()).name;
  if (have != *want.weapon) {
    out.push_back(fmt::format("{}: weapon {}, expected {}", want.player, have, *want.weapon));
    return;
  }
  if (!want.weapon_durability || held.empty()) return;
  const std::int64_t durability = game.view(held.back()).toughness - game.object(held.back()).damage;
  if (durability != *want.weapon_durability)
    out.push_back(fmt::format("{}: weapon durability {}, expected {}", want.player, durability,
                              *want.weapon_durability));
}

void check_player(const Scenario& s, const Game& game, const RulesModule& rules,
                  const PlayerExpect& want, std::vector<std::string>& out) {
  const PlayerId id = *s.player_id(want.player);
  const Player& p = game.state().player(id);
  if (want.life && p.life != *want.life)
    out.push_back(fmt::format("{}: life {}, expected {}", want.player, p.life, *want.life));
  if (want.poison) {
    const auto poison = p.counters.get(Symbol("poison"));
    if (poison != *want.poison)
      out.push_back(fmt::format("{}: {} poison, expected {}", want.player, poison, *want.poison));
  }
  for (const auto& [name, n] : want.counters) {
    const auto have = p.counters.get(Symbol(name));
    if (have != n)
      out.push_back(fmt::format("{}: {} '{}' counters, expected {}", want.player, have, name, n));
  }
  for (const auto& [name, n] : want.attrs) {
    const auto have = p.attrs.get(Symbol(name));
    if (have != n) out.push_back(fmt::format("{}: {} {}, expected {}", want.player, name, have, n));
  }
  if (want.mana_pool) check_mana_pool(s, game, rules, id, want, out);
  if (want.weapon) check_weapon(game, id, want, out);
  for (const ZoneExpect& z : want.zones) {
    const ZoneKind kind = zone_kind(z.zone);
    // A hearth board is a row whose order is part of the game (adjacency, where a token comes):
    // compared left to right. A classic battlefield's order is only when things arrived.
    const bool board = kind == ZoneKind::battlefield && s.rules == "hearth";
    const bool library = kind == ZoneKind::library;
    std::string d =
        compare_zone(want.player + "'s " + z.zone, names_in(game, ZoneRef{kind, id}, library), z,
                     library ? "top first"
                     : board ? "left to right"
                             : "");
    if (!d.empty()) out.push_back(std::move(d));
  }
}

// The differences between one object and a card expectation; empty when it matches.
std::vector<std::string> card_differences(const Game& game, ObjectId id, const CardExpect& want) {
  std::vector<std::string> d;
  const GameObject& o = game.object(id);
  if (want.zone && zone_kind(*want.zone) != o.zone.kind)
    d.push_back(fmt::format("zone {}, expected {}", to_string(o.zone.kind), *want.zone));
  if (want.damage && o.damage != *want.damage)
    d.push_back(fmt::format("damage {}, expected {}", o.damage, *want.damage));
  if (want.tapped && o.tapped != *want.tapped)
    d.push_back(fmt::format("{}, expected {}", o.tapped ? "tapped" : "untapped",
                            *want.tapped ? "tapped" : "untapped"));
  for (const auto& [name, n] : want.attrs) {
    const auto have = o.attrs.get(Symbol(name));
    if (have != n) d.push_back(fmt::format("{} {}, expected {}", name, have, n));
  }
  if (want.face_down && o.face_down != *want.face_down)
    d.push_back(fmt::format("{}, expected {}", o.face_down ? "face down" : "face up",
                            *want.face_down ? "face down" : "face up"));
  if (want.power || want.toughness || !want.keywords.empty() || !want.types.empty()) {
    const Characteristics c = game.view(id);
    if (want.power && c.power != *want.power)
      d.push_back(fmt::format("power {}, expected {}", c.power, *want.power));
    if (want.toughness && c.toughness != *want.toughness)
      d.push_back(fmt::format("toughness {}, expected {}", c.toughness, *want.toughness));
    for (const auto& [name, wanted] : want.keywords)
      if (c.has_keyword(Symbol(name)) != wanted)
        d.push_back(fmt::format("{} '{}', expected {}", wanted ? "without" : "with", name,
                                wanted ? "with it" : "without it"));
    for (const auto& [name, wanted] : want.types) {
      const Symbol t(name);
      if ((c.has_type(t) || c.has_subtype(t) || c.has_supertype(t)) != wanted)
        d.push_back(fmt::format("{} type '{}', expected {}", wanted ? "without" : "with", name,
                                wanted ? "with it" : "without it"));
    }
  }
  for (const auto& [name, n] : want.counters) {
    const auto have = o.counters.get(Symbol(name));
    if (have != n) d.push_back(fmt::format("{} '{}' counters, expected {}", have, name, n));
  }
  for (const auto& [source, n] : want.effects) {
    std::int64_t have = 0;
    for (const FloatingEffect& f : game.state().effects)
      if (f.affected.is_object() && f.affected.object.id == id &&
          game.state().is_current(f.affected.object) && game.state().exists(f.source.id) &&
          game.card(f.source.id).name == source)
        have += f.a;
    if (have != n) d.push_back(fmt::format("effects of '{}' at {}, expected {}", source, have, n));
  }
  return d;
}

void check_card(const Scenario& s, const Game& game, const CardExpect& want,
                std::vector<std::string>& out) {
  const std::optional<PlayerId> of = want.of.empty() ? std::nullopt : s.player_id(want.of);
  const CardName wanted = CardName::parse(want.card);
  std::vector<ObjectId> candidates;
  for (const GameObject& o : game.state().objects) {
    if (o.zone.kind == ZoneKind::none || !names_object(game, o.id, wanted)) continue;
    if (of && o.owner != *of && o.controller != *of) continue;
    candidates.push_back(o.id);
  }
  std::size_t matching = 0;
  // The differences told: of the first candidate in the zone expected, or without one on the
  // battlefield, where an expectation is most often about; else of the first one (a namesake in
  // a library may come first).
  const ZoneKind preferred = want.zone ? zone_kind(*want.zone) : ZoneKind::battlefield;
  std::vector<std::string> first_difference;
  ObjectId told;
  for (ObjectId id : candidates) {
    std::vector<std::string> d = card_differences(game, id, want);
    if (d.empty()) {
      ++matching;
    } else if (first_difference.empty() || (game.object(told).zone.kind != preferred &&
                                            game.object(id).zone.kind == preferred)) {
      first_difference = std::move(d);
      told = id;
    }
  }
  if (want.count) {
    if (matching != *want.count)
      out.push_back(fmt::format("{}: {} match, expected {}", want.str(), matching, *want.count));
    return;
  }
  if (matching > 0) return;
  if (candidates.empty()) {
    out.push_back(fmt::format("{}: no such card in the game", want.str()));
    return;
  }
  // Without `zone:` the card may be any of several in different zones: say which one this is.
  const std::string which =
      want.zone || candidates.size() < 2
          ? std::string()
          : fmt::format(" (the one {} the {}, of {} of that name)",
                        game.object(told).zone.kind == ZoneKind::battlefield ? "on" : "in",
                        to_string(game.object(told).zone.kind), candidates.size());
  out.push_back(fmt::format("{}{}: {}", want.str(), which, fmt::join(first_difference, ", ")));
}

void check_winner(const Scenario& s, const Game& game, const RulesModule& rules,
                  const std::string& want, std::vector<std::string>& out) {
  const std::vector<Outcome> outcomes = rules.outcome(game);
  std::string actual = "none";
  const bool drew =
      std::any_of(outcomes.begin(), outcomes.end(), [](Outcome o) { return o == Outcome::drew; });
  const bool all_lost =
      !outcomes.empty() &&
      std::all_of(outcomes.begin(), outcomes.end(), [](Outcome o) { return o == Outcome::lost; });
  if (drew || all_lost) actual = "draw";
  for (std::size_t i = 0; i < outcomes.size() && actual == "none"; ++i) {
    if (outcomes[i] == Outcome::won)
      actual = player_name(s, PlayerId{static_cast<std::uint8_t>(i)});
  }
  if (actual == "none") {  // the last one standing wins even if the module only marked losers
    std::size_t standing = 0, last = 0;
    for (std::size_t i = 0; i < outcomes.size(); ++i) {
      if (outcomes[i] != Outcome::lost) ++standing, last = i;
    }
    if (standing == 1 && outcomes.size() > 1)
      actual = player_name(s, PlayerId{static_cast<std::uint8_t>(last)});
  }
  if (actual != want) out.push_back(fmt::format("winner {}, expected {}", actual, want));
}

// What the agent saw of a logged decision; nullptr if it saw none that fits the record (a
// decision asked by another agent, which a scenario never seats).
const AnsweredDecision* seen_of(const DecisionRecord& r, const AnsweredDecisions& answered) {
  if (r.index >= answered.size() || !answered[r.index]) return nullptr;
  const AnsweredDecision& a = *answered[r.index];
  const bool fits = a.player == r.player && a.kind == r.kind && a.picked.size() == r.picks.size();
  return fits ? &a : nullptr;
}

// A pick is named by its option's label or by its target's name.
bool names_pick(const AnsweredDecision::Pick& pick, const std::string& name) {
  return pick.label == name || (!pick.target.empty() && pick.target == name);
}

bool decision_matches(const Scenario& s, const DecisionRecord& r, const AnsweredDecision* seen,
                      const DecisionExpect& want) {
  if (!want.player.empty() && *s.player_id(want.player) != r.player) return false;
  if (want.kind && *want.kind != r.kind) return false;
  if (!want.agent.empty() && want.agent != r.agent) return false;
  if (!want.picked) return true;
  if (!seen || seen->picked.size() != want.picked->size()) return false;
  for (std::size_t i = 0; i < seen->picked.size(); ++i)
    if (!names_pick(seen->picked[i], (*want.picked)[i])) return false;
  return true;
}

// "#2 A target: player 1 (B)": the log's number (1-based), who, which kind and the options
// picked, each with its target's name when the label does not say it.
std::string describe_decision(const Scenario& s, const DecisionRecord& r,
                              const AnsweredDecision* seen) {
  std::vector<std::string> picks;
  for (std::size_t i = 0; i < r.picks.size(); ++i) {
    if (!seen) {
      picks.push_back(fmt::format("option {}", r.picks[i]));
      continue;
    }
    const AnsweredDecision::Pick& p = seen->picked[i];
    const bool label_names_target = p.target.empty() || p.label.find(p.target) != std::string::npos;
    picks.push_back(label_names_target ? p.label : fmt::format("{} ({})", p.label, p.target));
  }
  // Only another agent than the scenario's is named, as `anvil play`'s log names who decided.
  const std::string who = r.agent == "scenario" ? "" : " (" + r.agent + ")";
  return fmt::format("#{} {}{} {}: {}", r.index + 1, player_name(s, r.player), who,
                     to_string(r.kind),
                     picks.empty() ? "none" : fmt::format("{}", fmt::join(picks, ", ")));
}

std::string describe_log(const Scenario& s, const std::vector<DecisionRecord>& log,
                         const AnsweredDecisions& answered) {
  std::vector<std::string> entries;
  for (const DecisionRecord& r : log)
    entries.push_back(describe_decision(s, r, seen_of(r, answered)));
  return listed(std::move(entries));
}

// `exactly`: the whole log, entry for entry.
void check_whole_log(const Scenario& s, const std::vector<DecisionRecord>& log,
                     const AnsweredDecisions& answered, const std::vector<DecisionExpect>& want,
                     std::vector<std::string>& out) {
  if (log.size() != want.size()) {
    out.push_back(fmt::format("decisions: the log has {} decisions, expected {}: {}", log.size(),
                              want.size(), describe_log(s, log, answered)));
    return;
  }
  for (std::size_t i = 0; i < log.size(); ++i) {
    const AnsweredDecision* seen = seen_of(log[i], answered);
    if (decision_matches(s, log[i], seen, want[i])) continue;
    out.push_back(fmt::format("decisions: {}, expected {}", describe_decision(s, log[i], seen),
                              want[i].str()));
  }
}

// `contains`: each entry matches a decision after the one the entry before it matched.
void check_log_contains(const Scenario& s, const std::vector<DecisionRecord>& log,
                        const AnsweredDecisions& answered, const std::vector<DecisionExpect>& want,
                        std::vector<std::string>& out) {
  std::size_t next = 0;  // the first decision the next entry may match
  for (const DecisionExpect& w : want) {
    while (next < log.size() && !decision_matches(s, log[next], seen_of(log[next], answered), w))
      ++next;
    if (next == log.size()) {
      out.push_back(fmt::format("decisions: no {} in the log{}: {}", w.str(),
                                &w == &want.front() ? "" : " after the entries before it matched",
                                describe_log(s, log, answered)));
      return;
    }
    ++next;
  }
}

// `absent`: no decision matches any of the entries.
void check_log_lacks(const Scenario& s, const std::vector<DecisionRecord>& log,
                     const AnsweredDecisions& answered, const std::vector<DecisionExpect>& absent,
                     std::vector<std::string>& out) {
  for (const DecisionExpect& w : absent) {
    for (const DecisionRecord& r : log) {
      const AnsweredDecision* seen = seen_of(r, answered);
      if (decision_matches(s, r, seen, w))
        out.push_back(fmt::format("decisions: {} matches {}, expected none to",
                                  describe_decision(s, r, seen), w.str()));
    }
  }
}

void check_decisions(const Scenario& s, const Game& game, const AnsweredDecisions& answered,
                     std::vector<std::string>& out) {
  const DecisionsExpect& want = *s.expect.decisions;
  const std::vector<DecisionRecord>& log = game.decisions();
  if (want.exactly) check_whole_log(s, log, answered, *want.exactly, out);
  if (want.contains) check_log_contains(s, log, answered, *want.contains, out);
  check_log_lacks(s, log, answered, want.absent, out);
}

}  // namespace

std::optional<std::vector<std::string>> mana_pool_symbols(std::string_view pool, std::string* bad) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < pool.size();) {
    const std::size_t close = pool.find('}', at);
    const bool symbol = pool[at] == '{' && close != std::string_view::npos && close > at + 1 &&
                        pool.find('{', at + 1) > close;
    if (!symbol) {
      if (bad) *bad = pool.substr(at, close == std::string_view::npos ? close : close + 1 - at);
      return std::nullopt;
    }
    out.emplace_back(pool.substr(at, close + 1 - at));
    at = close + 1;
  }
  std::sort(out.begin(), out.end());
  return out;
}

ZoneKind zone_kind(std::string_view name) {
  if (name == "library") return ZoneKind::library;
  if (name == "hand") return ZoneKind::hand;
  if (name == "battlefield") return ZoneKind::battlefield;
  if (name == "graveyard") return ZoneKind::graveyard;
  if (name == "exile") return ZoneKind::exile;
  if (name == "command") return ZoneKind::command;
  if (name == "stack") return ZoneKind::stack;
  return ZoneKind::none;
}

std::vector<std::string> check_expect(const Scenario& s, const Game& game, const RulesModule& rules,
                                      const AnsweredDecisions& answered) {
  std::vector<std::string> out;
  for (const PlayerExpect& p : s.expect.players) check_player(s, game, rules, p, out);
  for (const CardExpect& c : s.expect.cards) check_card(s, game, c, out);
  if (s.expect.winner) check_winner(s, game, rules, *s.expect.winner, out);
  if (s.expect.step) {
    const std::string step = rules.step_name(game);
    if (step != *s.expect.step)
      out.push_back(fmt::format("step {}, expected {}", step, *s.expect.step));
  }
  if (s.expect.priority) {
    const std::string who = player_name(s, game.state().turn.priority);
    if (who != *s.expect.priority)
      out.push_back(fmt::format("{} has priority, expected {}", who, *s.expect.priority));
  }
  if (s.expect.stack) {
    std::vector<std::string> names;
    const auto& stack = game.state().stack;
    for (auto it = stack.rbegin(); it != stack.rend(); ++it)
      names.push_back(game.cards().at(it->card).name);
    std::string d = compare_zone("the stack", names, *s.expect.stack, "top first");
    if (!d.empty()) out.push_back(std::move(d));
  }
  if (s.expect.decisions) check_decisions(s, game, answered, out);
  return out;
}

}  // namespace anvil::cli::scenario
