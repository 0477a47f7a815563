#include "toy_rules.hpp"

#include <anvil/agent.hpp>
#include <anvil/error.hpp>
#include <anvil/game.hpp>
#include <anvil/state.hpp>
#include <stdexcept>

namespace anvil::testing {

namespace {

using namespace anvil::literals;
enum Step : std::uint16_t { kMain1, kAttackers, kEnd, kStepCount };
const char* const kStepNames[] = {"main1", "attackers", "end"};

std::string name_of(const Game& g, ObjectId id) { return g.card(id).name; }
bool is(const Game& g, ObjectId id, Symbol type) { return g.view(id).has_type(type); }

PlayerId next_player(const Game& g, PlayerId p) {
  return PlayerId{static_cast<std::uint8_t>((p.value + 1) % g.state().player_count())};
}

int untapped_lands(const Game& g, PlayerId p) {
  int n = 0;
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(p)).objects)
    n += is(g, id, "Land"_sym) && !g.object(id).tapped;
  return n;
}

void pay(Game& g, PlayerId p, int amount) {
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(p)).objects) {
    if (amount == 0) return;
    if (is(g, id, "Land"_sym) && !g.object(id).tapped) {
      g.journal().set_tapped(id, true);
      --amount;
    }
  }
}

void put(Game& g, const CardPool& pool, const PositionCard& c, PlayerId owner, ZoneRef zone) {
  auto card = pool.find(c.card);
  if (!card) throw LoadError({}, "unknown card '" + c.card + "'");
  ObjectId id = g.add_card(*card, owner, zone);
  g.journal().set_tapped(id, c.tapped);
  g.journal().set_damage(id, c.damage);
  g.journal().set_summoning_sick(id, c.sick.value_or(false));
  for (const auto& [kind, n] : c.counters) g.journal().set_counter(id, Symbol(kind), n);
}

void declare_attackers(Game& g) {
  const PlayerId p = g.state().turn.active;
  Choice c;
  c.kind = ChoiceKind::attackers;
  c.player = p;
  c.prompt = "Declare attackers";
  c.min_picks = 0;
  std::vector<ObjectId> creatures;
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(p)).objects) {
    if (!is(g, id, "Creature"_sym) || g.object(id).tapped || g.object(id).summoning_sick) continue;
    creatures.push_back(id);
    c.options.push_back(
        {name_of(g, id) + " \xE2\x86\x92 player " + std::to_string(next_player(g, p).value),
         Target::of(g.object(id).ref()), 0});
  }
  c.max_picks = static_cast<std::uint32_t>(c.options.size());
  if (c.options.empty()) return;
  for (;;) {
    const auto cp = g.journal().checkpoint();
    const Answer a = g.ask(c);
    std::string refused;
    for (std::uint32_t i : a.picks) {
      const ObjectId id = creatures[i];
      if (g.view(id).has_subtype("Wall"_sym))
        refused = name_of(g, id) + " is a Wall and cannot attack";
      g.journal().set_tapped(id, true);
      g.journal().set_life(next_player(g, p),
                           g.state().player(next_player(g, p)).life - g.view(id).power);
    }
    if (refused.empty()) return;
    g.journal().rollback(cp);
    c.refused = refused;
  }
}

void resolve_top(Game& g) {
  const StackItem item = g.journal().pop_stack();
  const ObjectId id = item.source.id;
  const std::string name = g.cards().at(item.card).name;
  if (name == "Shock") {
    const Target t = item.targets.at(0);
    if (t.is_player()) {
      g.journal().set_life(t.player, g.state().player(t.player).life - 2);
    } else if (g.state().is_current(t.object)) {
      g.journal().set_damage(t.object.id, g.object(t.object.id).damage + 2);
    }
    g.journal().move_object(id, ZoneRef::graveyard(g.object(id).owner));
  } else if (name == "Bomb") {  // a card whose resolution fails, as a plugin's might
    throw std::runtime_error("toy: the Bomb went off");
  } else if (name == "Dud") {  // the same with something that is not a std::exception
    throw 42;
  } else if (name == "Coin") {
    Choice c;
    c.kind = ChoiceKind::number;
    c.player = item.controller;
    c.prompt = "How much life?";
    for (int n = 1; n <= 3; ++n) c.options.push_back({std::to_string(n), {}, n});
    const Answer a = g.ask(c);
    const PlayerId p = item.controller;
    g.journal().set_life(
        p, g.state().player(p).life + static_cast<std::int32_t>(c.options[a.picks[0]].value));
    g.journal().move_object(id, ZoneRef::graveyard(g.object(id).owner));
  } else if (name == "Ritual") {
    const PlayerId p = item.controller;
    for (const Symbol pool : {"toy_pool_R"_sym, "toy_pool_R"_sym, "toy_pool_G"_sym})
      g.journal().set_attr(p, pool, g.state().player(p).attrs.get(pool) + 1);
    g.journal().move_object(id, ZoneRef::graveyard(g.object(id).owner));
  } else {
    g.journal().move_object(id, ZoneRef::battlefield(item.controller));
    g.journal().set_summoning_sick(id, true);
  }
}

void on_all_passed(Game& g) {
  g.journal().set_game_attr("passes"_sym, 0);
  g.journal().set_priority_player(g.state().turn.active);
  if (!g.state().stack.empty()) {
    resolve_top(g);
    return;
  }
  const std::uint16_t step = static_cast<std::uint16_t>((g.state().turn.step + 1) % kStepCount);
  g.journal().set_step(step);
  if (step == kMain1) {
    const PlayerId next = next_player(g, g.state().turn.active);
    g.journal().set_active_player(next);
    g.journal().set_priority_player(next);
    g.journal().set_turn_number(g.state().turn.number + 1);
    g.journal().set_attr(next, "lands"_sym, 0);
    for (ObjectId id : g.state().zone(ZoneRef::battlefield(next)).objects) {
      g.journal().set_tapped(id, false);
      g.journal().set_summoning_sick(id, false);
    }
  }
  if (step == kAttackers) declare_attackers(g);
}

void perform(Game& g, PlayerId p, const LegalAction& a) {
  g.journal().set_game_attr("passes"_sym, 0);
  if (a.kind == LegalAction::Kind::play_land) {
    g.journal().move_object(a.object, ZoneRef::battlefield(p));
    g.journal().set_attr(p, "lands"_sym, 1);
    return;
  }
  const std::string name = name_of(g, a.object);
  StackItem item;
  item.controller = p;
  item.card = g.object(a.object).card;
  item.is_spell = true;
  if (name == "Shock") {
    Choice c;
    c.kind = ChoiceKind::target;
    c.player = p;
    c.prompt = "Target for Shock";
    for (std::size_t i = 0; i < g.state().player_count(); ++i)
      c.options.push_back(
          {"player " + std::to_string(i), Target::of(PlayerId{static_cast<std::uint8_t>(i)}), 0});
    for (std::size_t i = 0; i < g.state().player_count(); ++i) {
      for (ObjectId id :
           g.state().zone(ZoneRef::battlefield(PlayerId{static_cast<std::uint8_t>(i)})).objects)
        if (is(g, id, "Creature"_sym))
          c.options.push_back({name_of(g, id), Target::of(g.object(id).ref()), 0});
    }
    item.targets.push_back(c.options[g.ask(c).picks[0]].target);
  }
  pay(g, p, g.view(a.object).cost.value());
  g.journal().move_object(a.object, ZoneRef::stack());
  item.source = g.object(a.object).ref();
  g.journal().push_stack(item);
}

}  // namespace

std::shared_ptr<CardPool> toy_pool() {
  auto pool = std::make_shared<CardPool>();
  auto card = [&](std::string name, std::vector<Symbol> types, int cost, int power, int toughness,
                  std::vector<Symbol> subtypes = {}, std::vector<Symbol> keywords = {}) {
    CardDef d;
    d.name = std::move(name);
    d.base.types = std::move(types);
    d.base.subtypes = std::move(subtypes);
    d.base.keywords = std::move(keywords);
    d.base.cost.present = cost >= 0;
    d.base.cost.generic = static_cast<std::uint16_t>(cost < 0 ? 0 : cost);
    d.base.has_stats = power >= 0;
    d.base.power = power;
    d.base.toughness = toughness;
    pool->add(std::move(d));
  };
  card("Grizzly Bears", {"Creature"_sym}, 2, 2, 2, {"Bear"_sym});
  card("Wall of Wood", {"Creature"_sym}, 1, 0, 3, {"Wall"_sym}, {"Defender"_sym});
  card("Forest", {"Land"_sym}, -1, -1, 0);
  card("Shock", {"Instant"_sym}, 1, -1, 0);
  card("Coin", {"Instant"_sym}, 0, -1, 0);
  card("Ritual", {"Instant"_sym}, 0, -1, 0);
  card("Bomb", {"Instant"_sym}, 0, -1, 0);
  card("Dud", {"Instant"_sym}, 0, -1, 0);
  return pool;
}

std::unique_ptr<Game> ToyRules::setup(std::shared_ptr<const CardPool>, const MatchConfig&) const {
  throw RulesError("toy: only positions");
}

std::unique_ptr<Game> ToyRules::setup_position(std::shared_ptr<const CardPool> cards,
                                               const Position& position) const {
  auto game = std::make_unique<Game>(cards, position.players.size(), position.seed);
  Journal& j = game->journal();
  for (std::size_t i = 0; i < position.players.size(); ++i) {
    const PositionPlayer& pp = position.players[i];
    const PlayerId p{static_cast<std::uint8_t>(i)};
    j.set_life(p, pp.life.value_or(20));
    for (const auto& [kind, n] : pp.counters) j.set_counter(p, Symbol(kind), n);
    for (auto it = pp.library.rbegin(); it != pp.library.rend(); ++it)
      put(*game, *cards, *it, p, ZoneRef::library(p));
    for (const auto& c : pp.hand) put(*game, *cards, c, p, ZoneRef::hand(p));
    for (const auto& c : pp.graveyard) put(*game, *cards, c, p, ZoneRef::graveyard(p));
    for (const auto& c : pp.battlefield) put(*game, *cards, c, p, ZoneRef::battlefield(p));
    for (const auto& c : pp.exile) put(*game, *cards, c, p, ZoneRef::exile(p));
  }
  std::uint16_t step = kMain1;
  for (std::uint16_t s = 0; s < kStepCount; ++s)
    if (position.step == kStepNames[s]) step = s;
  if (!position.step.empty() && position.step != kStepNames[step])
    throw LoadError({}, "unknown step '" + position.step + "'");
  const PlayerId active{static_cast<std::uint8_t>(position.active)};
  j.set_turn_number(1);
  j.set_step(step);
  j.set_active_player(active);
  j.set_priority_player(active);
  return game;
}

bool ToyRules::advance(Game& g) const {
  if (g.state().over) return false;
  const PlayerId p = g.state().turn.priority;
  const std::vector<LegalAction> legal = legal_actions(g, p);
  Choice c;
  c.kind = ChoiceKind::action;
  c.player = p;
  c.prompt = "Priority";
  for (const LegalAction& a : legal) {
    c.options.push_back(
        {a.label, a.object.valid() ? Target::of(g.object(a.object).ref()) : Target{}, 0});
  }
  const Answer answer = g.ask(c);
  const LegalAction& chosen = legal[answer.picks[0]];
  if (chosen.kind != LegalAction::Kind::pass) {
    perform(g, p, chosen);
    return true;
  }
  const auto passes = g.state().attrs.get("passes"_sym) + 1;
  if (static_cast<std::size_t>(passes) == g.state().player_count()) {
    on_all_passed(g);
  } else {
    g.journal().set_game_attr("passes"_sym, passes);
    g.journal().set_priority_player(next_player(g, p));
  }
  check_state(g);
  return !g.state().over;
}

std::vector<LegalAction> ToyRules::legal_actions(const Game& g, PlayerId p) const {
  std::vector<LegalAction> out;
  for (ObjectId id : g.state().zone(ZoneRef::hand(p)).objects) {
    LegalAction a;
    a.object = id;
    a.kind = is(g, id, "Land"_sym) ? LegalAction::Kind::play_land : LegalAction::Kind::cast;
    a.label = (a.kind == LegalAction::Kind::cast ? "Cast " : "Play ") + name_of(g, id);
    if (why_not(g, p, a).empty()) out.push_back(a);
  }
  LegalAction pass;
  pass.label = "Pass";
  out.push_back(pass);
  return out;
}

std::string ToyRules::why_not(const Game& g, PlayerId p, const LegalAction& a) const {
  if (a.kind == LegalAction::Kind::pass) return {};
  if (!g.state().exists(a.object) || g.object(a.object).zone != ZoneRef::hand(p))
    return "it is not in your hand";
  const bool sorcery_speed =
      g.state().turn.active == p && g.state().turn.step == kMain1 && g.state().stack.empty();
  if (a.kind == LegalAction::Kind::play_land) {
    if (!sorcery_speed) return "it is not your main phase";
    if (g.state().player(p).attrs.get("lands"_sym) > 0)
      return "you already played a land this turn";
    return {};
  }
  if (!is(g, a.object, "Instant"_sym) && !sorcery_speed) return "it is not your main phase";
  if (untapped_lands(g, p) < g.view(a.object).cost.value()) return "not enough mana";
  return {};
}

void ToyRules::check_state(Game& g) const {
  std::vector<ObjectId> dead;
  for (std::size_t i = 0; i < g.state().player_count(); ++i) {
    const PlayerId p{static_cast<std::uint8_t>(i)};
    for (ObjectId id : g.state().zone(ZoneRef::battlefield(p)).objects)
      if (is(g, id, "Creature"_sym) && g.object(id).damage >= g.view(id).toughness)
        dead.push_back(id);
  }
  for (ObjectId id : dead) g.journal().move_object(id, ZoneRef::graveyard(g.object(id).owner));
  bool anyone_lost = false;
  for (std::size_t i = 0; i < g.state().player_count(); ++i) {
    const PlayerId p{static_cast<std::uint8_t>(i)};
    if (g.state().player(p).life <= 0 && g.state().player(p).outcome == Outcome::playing) {
      g.journal().set_outcome(p, Outcome::lost);
      anyone_lost = true;
    }
  }
  if (anyone_lost) g.journal().set_over(true);
}

std::vector<std::string> ToyRules::step_names() const {
  return {kStepNames, kStepNames + kStepCount};
}

std::string ToyRules::step_name(const Game& g) const { return kStepNames[g.state().turn.step]; }

std::optional<std::string> ToyRules::mana_pool(const Game& g, PlayerId p) const {
  if (!keeps_mana_pool_) return std::nullopt;
  std::string pool;
  for (const char kind : {'R', 'G'})
    for (auto n = g.state().player(p).attrs.get(Symbol(std::string("toy_pool_") + kind)); n > 0;
         --n)
      pool += std::string("{") + kind + "}";
  return pool;
}

}  // namespace anvil::testing
