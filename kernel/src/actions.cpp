// The shared actions: event → replacements → journaled change → triggers and observers.
#include "anvil/actions.hpp"

#include <algorithm>
#include <limits>
#include <string>

#include "anvil/error.hpp"
#include "anvil/game.hpp"

ANVIL_BEGIN_NAMESPACE

namespace {

constexpr std::size_t kTop = static_cast<std::size_t>(-1);

// Applies a zone change that survived replacement.
void apply_move(Game& game, const ZoneChangeEvent& e) {
  game.journal().move_object(e.object, e.to, e.position);
  const GameObject& o = game.object(e.object);
  // A permanent leaving the battlefield loses its status (rule 400.7): it is a new object.
  if (e.from.kind == ZoneKind::battlefield && e.to.kind != ZoneKind::battlefield) {
    game.journal().set_tapped(o.id, false);
    game.journal().set_damage(o.id, 0);
  }
  if (e.to.kind == ZoneKind::battlefield && e.from.kind != ZoneKind::battlefield) {
    game.journal().set_controller(o.id, e.to.owner.valid() ? e.to.owner : o.owner);
    game.journal().set_summoning_sick(o.id, true);
  }
}

bool run_zone_change(Game& game, ZoneChangeEvent& e) {
  if (!game.bus().replace(game, e)) return false;
  if (!game.state().exists(e.object) || game.object(e.object).zone != e.from) return false;
  game.rules().before_moves(game, std::span<const ZoneChangeEvent>(&e, 1));
  apply_move(game, e);
  game.look_back(std::span<const ZoneChangeEvent>(&e, 1));
  game.bus().after(game, e);
  return true;
}

ZoneChangeEvent zone_change(const Game& game, ObjectId object, ZoneRef to, Cause cause, ObjectId source,
                            PlayerId player, std::size_t position = kTop) {
  const GameObject& o = game.object(object);
  ZoneChangeEvent e;
  e.object = object;
  e.from = o.zone;
  e.to = to;
  e.cause = cause;
  e.source = source;
  // Outside the battlefield and the stack a card is its zone's owner's (who discards or mills
  // it), even one that was under another player's control when it left the battlefield.
  const bool controlled = o.zone.kind == ZoneKind::battlefield || o.zone.kind == ZoneKind::stack;
  e.player = player.valid()                        ? player
             : !controlled && o.zone.owner.valid() ? o.zone.owner
                                                   : o.controller;
  e.position = position;
  return e;
}

void require_positive(std::int64_t n, const char* what) {
  if (n < 0) throw RulesError(std::string(what) + " with a negative amount");
}

}  // namespace

std::int32_t deal_damage(Game& game, ObjectId source, Target target, std::int32_t amount, DamageOptions options) {
  DamageEvent e;
  e.source = source;
  e.target = target;
  e.amount = amount;
  e.combat = options.combat;
  e.preventable = options.preventable;
  // The one-event path of deal_damage_simultaneously, without its vectors: no allocation.
  require_positive(amount, "deal_damage");
  if (amount == 0 || !game.bus().replace(game, e) || e.amount <= 0) return 0;
  game.rules().apply_damage(game, e);
  game.bus().after(game, e);
  return e.amount;
}

std::vector<std::int32_t> deal_damage_simultaneously(Game& game, std::span<const DamageEvent> events) {
  std::vector<DamageEvent> applied(events.begin(), events.end());
  std::vector<std::int32_t> dealt(applied.size(), 0);
  std::vector<bool> happens(applied.size(), false);
  for (std::size_t i = 0; i < applied.size(); ++i) {
    require_positive(applied[i].amount, "deal_damage");
    if (applied[i].amount == 0) continue;
    happens[i] = game.bus().replace(game, applied[i]) && applied[i].amount > 0;
  }
  for (std::size_t i = 0; i < applied.size(); ++i) {
    if (!happens[i]) continue;
    game.rules().apply_damage(game, applied[i]);
    dealt[i] = applied[i].amount;
  }
  for (std::size_t i = 0; i < applied.size(); ++i)
    if (happens[i]) game.bus().after(game, applied[i]);
  return dealt;
}

bool move_to_zone(Game& game, ObjectId object, ZoneRef to, Cause cause, ObjectId source, std::size_t position) {
  ZoneChangeEvent e = zone_change(game, object, to, cause, source, PlayerId::none(), position);
  return run_zone_change(game, e);
}

std::vector<bool> move_simultaneously(Game& game, std::span<const ZoneMove> moves) {
  std::vector<ZoneChangeEvent> events;
  events.reserve(moves.size());
  std::vector<bool> happens(moves.size(), false);
  for (const ZoneMove& m : moves)
    events.push_back(zone_change(game, m.object, m.to, m.cause, m.source, PlayerId::none()));
  for (std::size_t i = 0; i < events.size(); ++i) happens[i] = game.bus().replace(game, events[i]);
  // The rules module sees every move of the batch before any of them happens (last known
  // information of objects whose characteristics depend on each other). Most batches move every
  // object as asked: they are passed as they are, without a filtered copy.
  const auto in_place = [&](std::size_t i) {
    return happens[i] && game.state().exists(events[i].object) &&
           game.object(events[i].object).zone == events[i].from;
  };
  std::size_t first_not = 0;
  while (first_not < events.size() && in_place(first_not)) ++first_not;
  std::vector<ZoneChangeEvent> leaving;
  std::span<const ZoneChangeEvent> seen = events;
  if (first_not < events.size()) {
    leaving.assign(events.begin(), events.begin() + static_cast<std::ptrdiff_t>(first_not));
    for (std::size_t i = first_not + 1; i < events.size(); ++i)
      if (in_place(i)) leaving.push_back(events[i]);
    seen = leaving;
  }
  if (!seen.empty()) game.rules().before_moves(game, seen);
  for (std::size_t i = 0; i < events.size(); ++i) {
    const ZoneChangeEvent& e = events[i];
    if (!happens[i]) continue;
    // An object may be in the batch twice, or a replacement may have moved it already.
    if (!game.state().exists(e.object) || game.object(e.object).zone != e.from) {
      happens[i] = false;
      continue;
    }
    apply_move(game, e);
  }
  std::vector<ZoneChangeEvent> kept;  // the moves that happened, if not all of them did
  std::span<const ZoneChangeEvent> moved = events;
  if (std::find(happens.begin(), happens.end(), false) != happens.end()) {
    for (std::size_t i = 0; i < events.size(); ++i)
      if (happens[i]) kept.push_back(events[i]);
    moved = kept;
  }
  game.look_back(moved);
  for (const ZoneChangeEvent& e : moved) game.bus().after(game, e);
  return happens;
}

bool destroy(Game& game, ObjectId object, ObjectId source) {
  const GameObject& o = game.object(object);
  if (o.zone.kind != ZoneKind::battlefield) return false;
  ZoneChangeEvent e = zone_change(game, object, ZoneRef::graveyard(o.owner), Cause::destroy, source, PlayerId::none());
  return run_zone_change(game, e);
}

bool sacrifice(Game& game, ObjectId object, ObjectId source) {
  const GameObject& o = game.object(object);
  if (o.zone.kind != ZoneKind::battlefield) return false;
  ZoneChangeEvent e =
      zone_change(game, object, ZoneRef::graveyard(o.owner), Cause::sacrifice, source, o.controller);
  return run_zone_change(game, e);
}

std::optional<ObjectId> draw(Game& game, PlayerId player, ObjectId source) {
  const Zone& library = game.state().zone(ZoneRef::library(player));
  if (library.objects.empty()) {
    game.rules().draw_from_empty(game, player);
    return std::nullopt;
  }
  const ObjectId top = library.objects.back();
  ZoneChangeEvent e = zone_change(game, top, ZoneRef::hand(player), Cause::draw, source, player);
  if (!run_zone_change(game, e)) return std::nullopt;
  return top;
}

int draw(Game& game, PlayerId player, int count, ObjectId source) {
  require_positive(count, "draw");
  int drawn = 0;
  for (int i = 0; i < count; ++i)
    if (draw(game, player, source)) ++drawn;
  return drawn;
}

bool discard(Game& game, ObjectId card, ObjectId source) {
  const GameObject& o = game.object(card);
  if (o.zone.kind != ZoneKind::hand) return false;
  ZoneChangeEvent e = zone_change(game, card, ZoneRef::graveyard(o.owner), Cause::discard, source, o.zone.owner);
  return run_zone_change(game, e);
}

int mill(Game& game, PlayerId player, int count, ObjectId source) {
  require_positive(count, "mill");
  // The top `count` cards go at once, as one event (701.13a), the top card first.
  const std::vector<ObjectId>& library = game.state().zone(ZoneRef::library(player)).objects;
  const std::size_t n = std::min(library.size(), static_cast<std::size_t>(count));
  std::vector<ZoneMove> moves;
  moves.reserve(n);
  for (std::size_t i = 0; i < n; ++i) {
    const ObjectId card = library[library.size() - 1 - i];
    moves.push_back({card, ZoneRef::graveyard(game.object(card).owner), Cause::mill, source});
  }
  const std::vector<bool> moved = move_simultaneously(game, moves);
  return static_cast<int>(std::count(moved.begin(), moved.end(), true));
}

namespace {
std::int32_t change_life(Game& game, PlayerId player, std::int32_t delta, ObjectId source) {
  LifeChangeEvent e;
  e.player = player;
  e.delta = delta;
  e.source = source;
  if (!game.bus().replace(game, e) || e.delta == 0) return 0;
  // Saturates rather than overflows: life totals near the int32 limits stay at them.
  const std::int64_t life = std::int64_t{game.state().player(player).life} + e.delta;
  game.journal().set_life(player, static_cast<std::int32_t>(std::clamp<std::int64_t>(
                                      life, std::numeric_limits<std::int32_t>::min(),
                                      std::numeric_limits<std::int32_t>::max())));
  game.bus().after(game, e);
  return e.delta;
}
}  // namespace

std::int32_t gain_life(Game& game, PlayerId player, std::int32_t amount, ObjectId source) {
  require_positive(amount, "gain_life");
  if (amount == 0) return 0;
  return std::max(0, change_life(game, player, amount, source));
}

std::int32_t lose_life(Game& game, PlayerId player, std::int32_t amount, ObjectId source) {
  require_positive(amount, "lose_life");
  if (amount == 0) return 0;
  return std::max(0, -change_life(game, player, -amount, source));
}

std::optional<ObjectId> create_token(Game& game, CardId card, PlayerId controller, ObjectId source) {
  // The token exists nowhere first, so the zone change into play is a replaceable event like
  // any other ("if a token would be created…", a full hearth board).
  const ObjectId token = game.add_card(card, controller, ZoneRef::nowhere(), true);
  ZoneChangeEvent e = zone_change(game, token, ZoneRef::battlefield(controller), Cause::create, source, controller);
  if (!run_zone_change(game, e)) return std::nullopt;
  return token;
}

namespace {
std::int32_t change_counters(Game& game, Target target, Symbol kind, std::int32_t delta, ObjectId source) {
  CounterChangeEvent e;
  e.target = target;
  e.kind = kind;
  e.delta = delta;
  e.source = source;
  if (!game.bus().replace(game, e) || e.delta == 0) return 0;
  // The event's target and kind may have been replaced; re-read current counts after.
  std::int32_t changed = 0;
  if (e.target.is_player()) {
    const std::int64_t have = game.state().player(e.target.player).counters.get(e.kind);
    const std::int64_t now = std::max<std::int64_t>(0, have + e.delta);
    changed = static_cast<std::int32_t>(now - have);
    game.journal().set_counter(e.target.player, e.kind, now);
  } else if (e.target.is_object()) {
    const std::int64_t have = game.object(e.target.object.id).counters.get(e.kind);
    const std::int64_t now = std::max<std::int64_t>(0, have + e.delta);
    changed = static_cast<std::int32_t>(now - have);
    game.journal().set_counter(e.target.object.id, e.kind, now);
  }
  if (changed == 0) return 0;
  e.delta = changed;
  game.bus().after(game, e);
  return changed;
}
}  // namespace

std::int32_t add_counters(Game& game, Target target, Symbol kind, std::int32_t count, ObjectId source) {
  require_positive(count, "add_counters");
  if (count == 0) return 0;
  return std::max(0, change_counters(game, target, kind, count, source));
}

std::int32_t remove_counters(Game& game, Target target, Symbol kind, std::int32_t count, ObjectId source) {
  require_positive(count, "remove_counters");
  if (count == 0) return 0;
  return std::max(0, -change_counters(game, target, kind, -count, source));
}

namespace {
bool set_tapped(Game& game, ObjectId object, bool tapped, ObjectId source) {
  if (game.object(object).tapped == tapped) return false;
  TapEvent e;
  e.object = object;
  e.tapped = tapped;
  e.source = source;
  if (!game.bus().replace(game, e)) return false;
  game.journal().set_tapped(object, e.tapped);
  game.bus().after(game, e);
  return true;
}
}  // namespace

bool tap(Game& game, ObjectId object, ObjectId source) { return set_tapped(game, object, true, source); }
bool untap(Game& game, ObjectId object, ObjectId source) { return set_tapped(game, object, false, source); }

void shuffle(Game& game, PlayerId player, ObjectId source) {
  ShuffleEvent e;
  e.zone = ZoneRef::library(player);
  e.source = source;
  if (!game.bus().replace(game, e)) return;
  game.journal().shuffle_zone(e.zone);
  game.bus().after(game, e);
}

namespace {
template <class E>
bool announce(Game& game, E& event) {
  if (!game.bus().replace(game, event)) return false;
  game.bus().after(game, event);
  return true;
}
}  // namespace

bool emit(Game& game, TurnStepEvent& event) { return announce(game, event); }
bool emit(Game& game, CastEvent& event) { return announce(game, event); }
bool emit(Game& game, AttackEvent& event) { return announce(game, event); }
bool emit(Game& game, BlockEvent& event) { return announce(game, event); }
bool emit(Game& game, CustomEvent& event) { return announce(game, event); }

ANVIL_END_NAMESPACE
