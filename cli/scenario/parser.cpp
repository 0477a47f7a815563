// Reads scenario files with the kernel's strict YAML helpers (pack.hpp): every problem is
// reported at its file:line:column, and reading goes on so one run finds them all.
#include <fmt/core.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <anvil/pack.hpp>

#include "scenario.hpp"

namespace anvil::cli::scenario {

namespace {

constexpr std::string_view kZones[] = {"hand", "library", "graveyard", "battlefield", "exile"};

// The decision kinds an `expect.decisions` entry may name, as to_string(ChoiceKind) spells them.
constexpr ChoiceKind kChoiceKinds[] = {
    ChoiceKind::action,        ChoiceKind::target,          ChoiceKind::attackers,
    ChoiceKind::blockers,      ChoiceKind::damage_division, ChoiceKind::replacement,
    ChoiceKind::trigger_order, ChoiceKind::discard,         ChoiceKind::mulligan,
    ChoiceKind::yes_no,        ChoiceKind::option,          ChoiceKind::number};

class Parser {
 public:
  Parser(Scenario& s, std::vector<Diagnostic>& d) : s_(s), d_(d) {}

  void read(const Param& root) {
    MapReader r(root, "the scenario", d_);
    if (!r.ok()) return;
    if (const Param* v = r.required("name")) collect(d_, [&] { s_.name = text(*v, "'name'"); });
    if (const Param* v = r.required("rules")) {
      collect(d_, [&] { s_.rules = text(*v, "'rules'"); });
      s_.rules_where = v->where();
    }
    if (const Param* v = r.optional("packs")) collect(d_, [&] { read_packs(*v); });
    if (const Param* v = r.optional("seed")) {
      collect(d_, [&] { s_.position.seed = static_cast<std::uint64_t>(v->integer()); });
    }
    const Param* active = r.optional("active");
    if (const Param* v = r.optional("step"))
      collect(d_, [&] { s_.position.step = text(*v, "'step'"); });
    if (const Param* v = r.required("players")) collect(d_, [&] { read_players(*v); });
    if (active) {
      collect(d_, [&] {
        auto id = s_.player_id(active->text());
        if (!id) active->fail("'active' names no player of 'players'");
        s_.position.active = id->value;
      });
    }
    if (const Param* v = r.optional("actions")) collect(d_, [&] { read_actions(*v); });
    if (const Param* v = r.optional("choices")) collect(d_, [&] { read_choices(*v); });
    if (const Param* v = r.optional("expect")) collect(d_, [&] { read_expect(*v); });
    r.finish();
  }

 private:
  static const std::string& text(const Param& v, std::string_view what) {
    const std::string& t = v.text();
    if (t.empty()) v.fail(std::string(what) + " is empty");
    return t;
  }
  // A card named in an action, a target or an expectation: "Soldier" or "Soldier #2".
  // Recorded in card_refs, for the check against the packs.
  const std::string& card_name(const Param& v, std::string_view what) {
    const std::string& t = text(v, what);
    if (const std::string problem = ordinal_problem(t); !problem.empty()) v.fail(problem);
    s_.card_refs.emplace_back(CardName::parse(t).name, v.where());
    return t;
  }
  static const std::vector<Param>& list(const Param& v, std::string_view what) {
    if (!v.is_list()) v.fail(std::string(what) + " must be a list");
    return v.items();
  }
  static const std::vector<std::pair<std::string, Param>>& map(const Param& v,
                                                               std::string_view what) {
    if (!v.is_map()) v.fail(std::string(what) + " must be a map");
    return v.entries();
  }
  std::string player(const Param& v) const {
    const std::string& name = text(v, "a player");
    if (!s_.player_id(name)) {
      std::vector<std::string> names;
      for (const auto& p : s_.position.players) names.push_back(p.name);
      v.fail("no player named '" + name + "'", did_you_mean(name, names));
    }
    return name;
  }

  void read_packs(const Param& v) {
    for (const Param& p : list(v, "'packs'")) {
      s_.packs.push_back(text(p, "a pack name"));
      s_.pack_wheres.push_back(p.where());
    }
  }

  void read_players(const Param& v) {
    for (const auto& entry : map(v, "'players'")) {
      PositionPlayer p;
      p.name = entry.first;
      s_.position.players.push_back(p);
    }
    if (s_.position.players.empty()) v.fail("'players' names no player");
    std::size_t i = 0;
    for (const auto& [name, body] : v.entries()) {
      collect(d_,
              [&, &body = body, &name = name] { read_player(body, name, s_.position.players[i]); });
      ++i;
    }
  }

  void read_player(const Param& body, const std::string& name, PositionPlayer& p) {
    if (body.is_scalar() && body.text().empty()) return;  // `B:` alone: defaults
    MapReader r(body, "player '" + name + "'", d_);
    if (!r.ok()) return;
    if (const Param* v = r.optional("life")) {
      collect(d_, [&] { p.life = static_cast<std::int32_t>(v->integer()); });
    }
    if (const Param* v = r.optional("poison")) {
      collect(d_,
              [&] { p.counters.emplace_back("poison", static_cast<std::int32_t>(v->integer())); });
    }
    if (const Param* v = r.optional("counters")) collect(d_, [&] { read_counts(*v, p.counters); });
    read_hearth_player(r, p);
    std::vector<PositionCard>* zones[] = {&p.hand, &p.library, &p.graveyard, &p.battlefield,
                                          &p.exile};
    for (std::size_t z = 0; z < std::size(kZones); ++z) {
      if (const Param* v = r.optional(kZones[z])) collect(d_, [&] { read_cards(*v, *zones[z]); });
    }
    r.finish();
  }

  // hearth: hero, armor, mana (crystals and mana this turn) and weapon ({card, durability}).
  void read_hearth_player(MapReader& r, PositionPlayer& p) {
    for (const char* key : {"hero", "armor", "mana"})
      if (const Param* v = r.optional(key)) collect(d_, [&] { p.settings.emplace_back(key, text(*v, key)); });
    if (const Param* v = r.optional("weapon")) {
      collect(d_, [&] {
        if (v->is_scalar()) {
          p.settings.emplace_back("weapon", text(*v, "'weapon'"));
          return;
        }
        MapReader w(*v, "'weapon'", d_);
        if (const Param* c = w.required("card")) p.settings.emplace_back("weapon", text(*c, "'card'"));
        if (const Param* n = w.optional("durability"))
          p.settings.emplace_back("weapon_durability", std::to_string(n->integer()));
        w.finish();
      });
    }
  }

  template <class Int>
  void read_counts(const Param& v, std::vector<std::pair<std::string, Int>>& out,
                   const char* what = "'counters'") {
    for (const auto& [key, n] : map(v, what)) {
      collect(d_,
              [&, &key = key, &n = n] { out.emplace_back(key, static_cast<Int>(n.integer())); });
    }
  }

  // {Flying: true, Haste: false}: each name, and whether it must be there.
  void read_flags(const Param& v, const char* what,
                  std::vector<std::pair<std::string, bool>>& out) {
    for (const auto& [key, b] : map(v, what)) {
      collect(d_, [&, &key = key, &b = b] { out.emplace_back(key, b.boolean()); });
    }
  }

  void read_cards(const Param& v, std::vector<PositionCard>& out) {
    for (const Param& item : list(v, "a zone")) {
      collect(d_, [&] {
        PositionCard c;
        if (item.is_scalar()) {
          c.card = card_name(item, "a card name");
          out.push_back(std::move(c));
          return;
        }
        MapReader r(item, "a card", d_);
        if (!r.ok()) return;
        if (const Param* n = r.required("card"))
          collect(d_, [&] { c.card = card_name(*n, "'card'"); });
        if (const Param* n = r.optional("tapped")) collect(d_, [&] { c.tapped = n->boolean(); });
        if (const Param* n = r.optional("damage")) {
          collect(d_, [&] { c.damage = static_cast<std::int32_t>(n->integer()); });
        }
        if (const Param* n = r.optional("sick")) collect(d_, [&] { c.sick = n->boolean(); });
        if (const Param* n = r.optional("counters"))
          collect(d_, [&] { read_counts(*n, c.counters); });
        r.finish();
        out.push_back(std::move(c));
      });
    }
  }

  TargetSpec read_target(const Param& v) {
    TargetSpec t;
    t.where = v.where();
    if (v.is_scalar()) {
      t.player = player(v);
      return t;
    }
    MapReader r(v, "a target", d_);
    if (!r.ok()) v.fail("a target is a player's name or {card: NAME, of: PLAYER}");
    if (const Param* n = r.required("card")) collect(d_, [&] { t.card = card_name(*n, "'card'"); });
    if (const Param* n = r.optional("of")) collect(d_, [&] { t.of = player(*n); });
    r.finish();
    return t;
  }

  void read_pairs(const Param& v, ActionSpec& a, std::string_view what) {
    if (v.is_scalar() && v.text().empty()) return;  // `attack: {}` is "no attackers"
    for (const auto& [left, right] : map(v, what)) {
      if (const std::string problem = ordinal_problem(left); !problem.empty()) v.fail(problem);
      // A list: one creature of that name for each entry ({Soldier: [B, B]}).
      if (right.is_list()) {
        if (right.items().empty())
          right.fail(std::string(what) + ": '" + left + "' has an empty list");
        for (const Param& one : right.items()) read_pair(left, one, a, what);
      } else {
        read_pair(left, right, a, what);
      }
    }
  }

  void read_pair(const std::string& left, const Param& right, ActionSpec& a,
                 std::string_view what) {
    // hearth: the defender may be {card: NAME, of: PLAYER}.
    a.pairs.emplace_back(left, right.is_map() ? std::string() : text(right, what));
    if (right.is_map()) {
      a.defenders.push_back(read_target(right));
      return;
    }
    if (const std::string problem = ordinal_problem(right.text()); !problem.empty())
      right.fail(problem);
    TargetSpec t;
    t.where = right.where();
    (s_.player_id(right.text()) ? t.player : t.card) = right.text();
    a.defenders.push_back(std::move(t));
  }

  void read_actions(const Param& v) {
    for (const Param& item : list(v, "'actions'")) collect(d_, [&] { read_action(item); });
  }

  void read_action(const Param& item) {
    ActionSpec a;
    a.where = item.where();
    MapReader r(item, "an action", d_);
    if (!r.ok()) return;
    if (const Param* n = r.optional("player")) collect(d_, [&] { a.player = player(*n); });
    int kinds = 0;
    auto kind = [&](const char* key, ActionSpec::Kind k) -> const Param* {
      const Param* n = r.optional(key);
      if (n) {
        a.kind = k;
        ++kinds;
      }
      return n;
    };
    if (const Param* n = kind("cast", ActionSpec::Kind::cast)) a.card = card_name(*n, "'cast'");
    if (const Param* n = kind("play", ActionSpec::Kind::play)) a.card = card_name(*n, "'play'");
    if (const Param* n = kind("activate", ActionSpec::Kind::activate))
      a.card = card_name(*n, "'activate'");
    if (const Param* n = kind("pass", ActionSpec::Kind::pass)) {
      if (!n->boolean()) n->fail("'pass' can only be true");
    }
    if (const Param* n = kind("resolve", ActionSpec::Kind::resolve)) {
      if (!n->boolean()) n->fail("'resolve' can only be true");
    }
    if (const Param* n = kind("advance", ActionSpec::Kind::advance)) a.step = text(*n, "'advance'");
    if (const Param* n = kind("attack", ActionSpec::Kind::attack)) read_pairs(*n, a, "'attack'");
    if (const Param* n = kind("block", ActionSpec::Kind::block)) read_pairs(*n, a, "'block'");
    if (const Param* n = kind("end_turn", ActionSpec::Kind::end_turn)) {
      if (!n->boolean()) n->fail("'end_turn' can only be true");
    }
    if (const Param* n = kind("hero_power", ActionSpec::Kind::hero_power)) {
      if (!n->boolean()) n->fail("'hero_power' can only be true");
    }
    if (const Param* n = kind("undo", ActionSpec::Kind::undo)) {
      if (!n->boolean()) n->fail("'undo' can only be true");
    }
    if (const Param* n = kind("agent", ActionSpec::Kind::agent)) {
      a.agent = text(*n, "'agent'");
      a.agent_where = n->where();
    }
    const Param* until = r.optional("until");
    if (until) collect(d_, [&] { a.step = text(*until, "'until'"); });
    if (const Param* n = r.optional("position")) collect(d_, [&] { a.position = n->integer(); });
    if (const Param* n = r.optional("ability")) {
      collect(d_, [&] { a.ability = static_cast<std::uint16_t>(n->integer()); });
    }
    if (const Param* n = r.optional("targets")) {
      collect(d_, [&] {
        for (const Param& t : list(*n, "'targets'")) a.targets.push_back(read_target(t));
      });
    }
    if (const Param* n = r.optional("x")) collect(d_, [&] { a.x = n->integer(); });
    if (const Param* n = r.optional("pay")) {  // manual payment: mana sources, in order
      collect(d_, [&] {
        for (const Param& s : list(*n, "'pay'")) a.pay.push_back(text(s, "'pay'"));
        a.has_pay = true;
      });
    }
    r.finish();
    if (kinds != 1) {
      item.fail(
          "an action has exactly one of cast, play, activate, pass, resolve, advance, attack, "
          "block, end_turn, hero_power, undo, agent");
    }
    const bool agent = a.kind == ActionSpec::Kind::agent;
    if (until && !agent) until->fail("'until' belongs to an 'agent' action");
    // What the agent does is its own: the scenario's answers would never be used.
    if (agent && (!a.targets.empty() || a.x || a.has_pay || a.ability || a.position))
      item.fail("an 'agent' action takes only 'player', 'agent' and 'until'");
    const bool needs_player = a.kind != ActionSpec::Kind::resolve &&
                              a.kind != ActionSpec::Kind::advance && a.kind != ActionSpec::Kind::undo;
    if (needs_player && a.player.empty()) item.fail("this action needs 'player'");
    if (a.kind == ActionSpec::Kind::undo &&
        (s_.actions.empty() || s_.actions.back().kind == ActionSpec::Kind::undo))
      item.fail("'undo' takes back the action before it: it cannot come first or follow an undo");
    // The decisions an agent made are not part of the journal's state: nothing to go back to.
    if (a.kind == ActionSpec::Kind::undo && s_.actions.back().kind == ActionSpec::Kind::agent)
      item.fail("'undo' cannot take back an 'agent' action");
    s_.actions.push_back(std::move(a));
  }

  void read_choices(const Param& v) {
    for (const auto& [name, items] : map(v, "'choices'")) {
      collect(d_, [&, &name = name, &items = items] {
        if (!s_.player_id(name)) items.fail("'choices' names no player '" + name + "'");
        std::vector<ChoiceSpec> out;
        for (const Param& item : list(items, "choices"))
          collect(d_, [&] { out.push_back(read_choice(item)); });
        s_.choices.emplace_back(name, std::move(out));
      });
    }
  }

  static ChoiceSpec read_choice(const Param& item) {
    const bool number_to =
        item.is_map() && item.entries().size() == 2 && item.find("number") && item.find("to");
    if (number_to) {
      ChoiceSpec c;
      c.where = item.where();
      c.kind = ChoiceSpec::Kind::number;
      c.number = item.find("number")->integer();
      c.to = item.find("to")->text();
      return c;
    }
    if (!item.is_map() || item.entries().size() != 1) {
      item.fail(
          "a choice is one of {order: [..]}, {card: NAME}, {player: NAME}, {number: N}, "
          "{option: LABEL}, {yes: BOOL}, {picks: [..]}");
    }
    ChoiceSpec c;
    c.where = item.where();
    const auto& [key, value] = item.entries().front();
    if (key == "order" || key == "picks") {
      c.kind = key == "order" ? ChoiceSpec::Kind::order : ChoiceSpec::Kind::picks;
      for (const Param& n : list(value, key)) c.numbers.push_back(n.integer());
    } else if (key == "card" || key == "player" || key == "option") {
      c.kind = key == "card"     ? ChoiceSpec::Kind::card
               : key == "player" ? ChoiceSpec::Kind::player
                                 : ChoiceSpec::Kind::option;
      c.text = value.text();
    } else if (key == "number") {
      c.kind = ChoiceSpec::Kind::number;
      c.number = value.integer();
    } else if (key == "yes") {
      c.kind = ChoiceSpec::Kind::yes;
      c.number = value.boolean() ? 1 : 0;
    } else {
      item.fail("unknown choice '" + key + "'",
                did_you_mean(key, std::vector<std::string>{"order", "card", "player", "number",
                                                           "option", "yes", "picks"}));
    }
    return c;
  }

  ZoneExpect read_zone(const Param& v, std::string zone) {
    ZoneExpect z;
    z.zone = std::move(zone);
    if (v.is_scalar()) {
      const std::int64_t n = v.integer();
      if (n < 0) v.fail("a count cannot be negative");
      z.count = static_cast<std::size_t>(n);
      return z;
    }
    for (const Param& item : list(v, "a zone")) z.names.push_back(text(item, "a card name"));
    return z;
  }

  void read_expect(const Param& v) {
    MapReader r(v, "'expect'", d_);
    if (!r.ok()) return;
    for (const PositionPlayer& p : s_.position.players) {
      if (const Param* n = r.optional(p.name)) collect(d_, [&] { read_player_expect(*n, p.name); });
    }
    if (const Param* n = r.optional("cards")) {
      collect(d_, [&] {
        for (const Param& c : list(*n, "'cards'")) collect(d_, [&] { read_card_expect(c); });
      });
    }
    if (const Param* n = r.optional("winner")) {
      collect(d_, [&] {
        const std::string& w = text(*n, "'winner'");
        if (w != "none" && w != "draw") player(*n);
        s_.expect.winner = w;
      });
    }
    if (const Param* n = r.optional("error"))
      collect(d_, [&] { s_.expect.error = text(*n, "'error'"); });
    if (const Param* n = r.optional("step"))
      collect(d_, [&] { s_.expect.step = text(*n, "'step'"); });
    if (const Param* n = r.optional("priority"))
      collect(d_, [&] { s_.expect.priority = player(*n); });
    if (const Param* n = r.optional("stack"))
      collect(d_, [&] { s_.expect.stack = read_zone(*n, "stack"); });
    if (const Param* n = r.optional("decisions")) collect(d_, [&] { read_decisions(*n); });
    r.finish();
  }

  // {contains: [..]}, {exactly: [..]} and/or {absent: [..]}: see DecisionsExpect.
  void read_decisions(const Param& v) {
    if (!v.is_map())
      v.fail("'decisions' is a map of 'contains', 'exactly' or 'absent'",
             "decisions: {contains: [{player: A, kind: target, picked: B}]}");
    DecisionsExpect out;
    MapReader r(v, "'decisions'", d_);
    const Param* contains = r.optional("contains");
    const Param* exactly = r.optional("exactly");
    const Param* absent = r.optional("absent");
    if (contains) collect(d_, [&] { out.contains = read_decision_list(*contains, "contains"); });
    if (exactly) collect(d_, [&] { out.exactly = read_decision_list(*exactly, "exactly"); });
    if (absent) collect(d_, [&] { out.absent = read_decision_list(*absent, "absent"); });
    r.finish();
    if (!contains && !exactly && !absent)
      v.fail("'decisions' needs 'contains', 'exactly' or 'absent'");
    if (contains && exactly)
      v.fail("'decisions' has both 'contains' and 'exactly'", "'exactly' lists the whole log");
    s_.expect.decisions = std::move(out);
  }

  // An empty `exactly` says no decision was asked; an empty `contains` or `absent` would pass
  // whatever the log holds, so it is an error.
  std::vector<DecisionExpect> read_decision_list(const Param& v, const std::string& key) {
    const std::string what = "'decisions." + key + "'";
    std::vector<DecisionExpect> out;
    for (const Param& item : list(v, what))
      collect(d_, [&] { out.push_back(read_decision(item)); });
    if (out.empty() && v.items().empty() && key != "exactly")
      v.fail(what + " is empty, so it would pass whatever the log holds");
    return out;
  }

  DecisionExpect read_decision(const Param& item) {
    DecisionExpect e;
    e.where = item.where();
    if (!item.is_map())
      item.fail("a decision is a map of 'player', 'kind', 'picked' and 'agent'",
                "{player: A, kind: target, picked: Grizzly Bears}");
    MapReader r(item, "a decision", d_);
    const Param* who = r.optional("player");
    const Param* kind = r.optional("kind");
    const Param* picked = r.optional("picked");
    const Param* agent = r.optional("agent");
    r.finish();
    if (!who && !kind && !picked && !agent)
      item.fail("a decision names at least one of 'player', 'kind', 'picked', 'agent'");
    if (who) e.player = player(*who);
    if (agent) e.agent = text(*agent, "'agent'");
    if (kind) e.kind = choice_kind(*kind);
    if (picked) e.picked = read_picked(*picked);
    return e;
  }

  static ChoiceKind choice_kind(const Param& v) {
    const std::string& name = text(v, "'kind'");
    std::vector<std::string> names;
    for (ChoiceKind k : kChoiceKinds) {
      if (name == to_string(k)) return k;
      names.emplace_back(to_string(k));
    }
    v.fail("unknown decision kind '" + name + "'", did_you_mean(name, names));
  }

  // A name, or a list of names for a decision answered with several picks (none: []).
  static std::vector<std::string> read_picked(const Param& v) {
    if (v.is_scalar()) return {text(v, "'picked'")};
    if (!v.is_list()) v.fail("'picked' is an option's name, or a list of them");
    std::vector<std::string> out;
    for (const Param& name : v.items()) out.push_back(text(name, "a picked option"));
    return out;
  }

  // "{R}{R}{G}" in any order, or "" (or {}) for an empty pool: a string of symbols in braces.
  // Which symbols a pool may hold is the rules module's business (RulesModule::mana_pool).
  std::string read_mana_pool(const Param& v) const {
    if (v.is_map() && v.entries().empty()) return std::string();
    if (!v.is_scalar())
      v.fail("'mana_pool' is a string of mana symbols", "quote it: mana_pool: \"{R}{R}{G}\"");
    std::string bad;
    if (!mana_pool_symbols(v.text(), &bad))
      v.fail("'mana_pool': '" + bad + "' is not a mana symbol",
             "write the pool as symbols in braces, such as \"{R}{R}{G}\"");
    return v.text();
  }

  void read_player_expect(const Param& v, const std::string& name) {
    PlayerExpect p;
    p.player = name;
    MapReader r(v, "'expect." + name + "'", d_);
    if (!r.ok()) return;
    if (const Param* n = r.optional("life")) collect(d_, [&] { p.life = n->integer(); });
    if (const Param* n = r.optional("poison")) collect(d_, [&] { p.poison = n->integer(); });
    if (const Param* n = r.optional("counters")) collect(d_, [&] { read_counts(*n, p.counters); });
    for (const char* key : {"armor", "mana"})  // hearth
      if (const Param* n = r.optional(key)) collect(d_, [&] { p.attrs.emplace_back(key, n->integer()); });
    if (const Param* n = r.optional("attrs"))
      collect(d_, [&] { read_counts(*n, p.attrs, "'attrs'"); });
    if (const Param* n = r.optional("mana_pool"))
      collect(d_, [&] { p.mana_pool = read_mana_pool(*n); });
    if (const Param* n = r.optional("weapon")) {
      collect(d_, [&] {
        if (n->is_scalar()) {
          p.weapon = text(*n, "'weapon'");
          return;
        }
        MapReader w(*n, "'weapon'", d_);
        if (const Param* c = w.required("card")) p.weapon = text(*c, "'card'");
        if (const Param* d = w.optional("durability")) p.weapon_durability = d->integer();
        w.finish();
      });
    }
    for (std::string_view zone : kZones) {
      if (const Param* n = r.optional(zone)) {
        collect(d_, [&] { p.zones.push_back(read_zone(*n, std::string(zone))); });
      }
    }
    r.finish();
    s_.expect.players.push_back(std::move(p));
  }

  void read_card_expect(const Param& v) {
    CardExpect c;
    c.where = v.where();
    MapReader r(v, "a card expectation", d_);
    if (!r.ok()) return;
    if (const Param* n = r.required("card")) collect(d_, [&] { c.card = card_name(*n, "'card'"); });
    if (const Param* n = r.optional("of")) collect(d_, [&] { c.of = player(*n); });
    if (const Param* n = r.optional("zone")) {
      collect(d_, [&] {
        const std::string& z = text(*n, "'zone'");
        if (std::find(std::begin(kZones), std::end(kZones), z) == std::end(kZones) && z != "stack" &&
            z != "command")  // a dungeon (classic) or a hearth weapon
          n->fail("unknown zone '" + z + "'");
        c.zone = z;
      });
    }
    if (const Param* n = r.optional("damage")) collect(d_, [&] { c.damage = n->integer(); });
    if (const Param* n = r.optional("tapped")) collect(d_, [&] { c.tapped = n->boolean(); });
    if (const Param* n = r.optional("power")) collect(d_, [&] { c.power = n->integer(); });
    if (const Param* n = r.optional("toughness")) collect(d_, [&] { c.toughness = n->integer(); });
    if (const Param* n = r.optional("counters")) collect(d_, [&] { read_counts(*n, c.counters); });
    if (const Param* n = r.optional("effects"))
      collect(d_, [&] { read_counts(*n, c.effects, "'effects'"); });
    if (const Param* n = r.optional("face_down")) collect(d_, [&] { c.face_down = n->boolean(); });
    if (const Param* n = r.optional("attrs"))
      collect(d_, [&] { read_counts(*n, c.attrs, "'attrs'"); });
    if (const Param* n = r.optional("keywords"))
      collect(d_, [&] { read_flags(*n, "'keywords'", c.keywords); });
    if (const Param* n = r.optional("types"))
      collect(d_, [&] { read_flags(*n, "'types'", c.types); });
    if (const Param* n = r.optional("count")) {
      collect(d_,
              [&] { c.count = static_cast<std::size_t>(std::max<std::int64_t>(0, n->integer())); });
    }
    r.finish();
    s_.expect.cards.push_back(std::move(c));
  }

  Scenario& s_;
  std::vector<Diagnostic>& d_;
};

}  // namespace

std::string TargetSpec::str() const {
  return card.empty() ? player : card + (of.empty() ? "" : " of " + of);
}

std::string ActionSpec::str() const {
  switch (kind) {
    case Kind::cast:
      return player + " casts " + card;
    case Kind::play:
      return player + " plays " + card;
    case Kind::activate:
      return player + " activates " + card;
    case Kind::pass:
      return player + " passes";
    case Kind::resolve:
      return "resolve";
    case Kind::undo:
      return "undo";
    case Kind::agent:
      return player + " lets " + agent + " decide" + (step.empty() ? "" : " until " + step);
    case Kind::advance:
      return "advance to " + step;
    case Kind::attack:
      return player + " attacks";
    case Kind::block:
      return player + " blocks";
    case Kind::end_turn:
      return player + " ends the turn";
    case Kind::hero_power:
      return player + " uses the hero power";
  }
  return "?";
}

std::string ChoiceSpec::str() const {
  auto joined = [&] {
    std::string out;
    for (std::int64_t n : numbers) out += (out.empty() ? "" : ", ") + std::to_string(n);
    return out;
  };
  switch (kind) {
    case Kind::order:
      return "{order: [" + joined() + "]}";
    case Kind::picks:
      return "{picks: [" + joined() + "]}";
    case Kind::card:
      return "{card: " + text + "}";
    case Kind::player:
      return "{player: " + text + "}";
    case Kind::option:
      return "{option: " + text + "}";
    case Kind::number:
      return "{number: " + std::to_string(number) + (to.empty() ? "" : ", to: " + to) + "}";
    case Kind::yes:
      return number ? "{yes: true}" : "{yes: false}";
  }
  return "?";
}

std::string CardExpect::str() const { return card + (of.empty() ? "" : " of " + of); }

std::string DecisionExpect::str() const {
  std::vector<std::string> fields;
  if (!player.empty()) fields.push_back("player: " + player);
  if (kind) fields.push_back(std::string("kind: ") + to_string(*kind));
  if (!agent.empty()) fields.push_back("agent: " + agent);
  if (picked) {
    fields.push_back("picked: " + (picked->size() == 1
                                       ? picked->front()
                                       : fmt::format("[{}]", fmt::join(*picked, ", "))));
  }
  return fmt::format("{{{}}}", fmt::join(fields, ", "));
}

std::optional<PlayerId> Scenario::player_id(std::string_view name) const {
  for (std::size_t i = 0; i < position.players.size(); ++i) {
    if (position.players[i].name == name) return PlayerId{static_cast<std::uint8_t>(i)};
  }
  return std::nullopt;
}

std::optional<Scenario> parse_scenario(std::string_view text, const std::string& file,
                                       std::vector<Diagnostic>& diagnostics) {
  const std::size_t before = diagnostics.size();
  std::optional<Param> root = parse_yaml(text, file, diagnostics);
  if (!root) return std::nullopt;
  Scenario s;
  s.file = file;
  collect(diagnostics, [&] { Parser(s, diagnostics).read(*root); });
  for (std::size_t i = before; i < diagnostics.size(); ++i) {
    if (diagnostics[i].severity == Diagnostic::Severity::error) return std::nullopt;
  }
  return s;
}

}  // namespace anvil::cli::scenario
