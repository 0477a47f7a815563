#include "anvil/state.hpp"

#include <algorithm>

#include "anvil/error.hpp"
#include "hash_stream.hpp"

ANVIL_BEGIN_NAMESPACE

const char* to_string(ZoneKind k) {
  switch (k) {
    case ZoneKind::none: return "nowhere";
    case ZoneKind::library: return "library";
    case ZoneKind::hand: return "hand";
    case ZoneKind::battlefield: return "battlefield";
    case ZoneKind::graveyard: return "graveyard";
    case ZoneKind::exile: return "exile";
    case ZoneKind::command: return "command";
    case ZoneKind::stack: return "stack";
  }
  return "?";
}

void SymbolCounts::set(Symbol key, std::int64_t value) {
  auto it = std::lower_bound(items.begin(), items.end(), key,
                             [](const auto& item, Symbol k) { return item.first < k; });
  const bool present = it != items.end() && it->first == key;
  if (value == 0) {
    if (present) items.erase(it);  // zero entries are dropped so equal maps hash equal
    return;
  }
  if (present)
    it->second = value;
  else
    items.insert(it, {key, value});
}

GameState::GameState(std::size_t player_count, std::uint64_t seed) {
  if (player_count == 0 || player_count >= PlayerId::kNone)
    throw RulesError("a game needs between 1 and 254 players");
  players.resize(player_count);
  for (std::size_t i = 0; i < player_count; ++i) players[i].id = PlayerId(static_cast<std::uint8_t>(i));
  zones.reserve(player_count * kPlayerZoneKinds + 1);
  for (std::size_t i = 0; i < player_count; ++i)
    for (std::size_t k = 0; k < kPlayerZoneKinds; ++k)
      zones.push_back(Zone{ZoneRef{static_cast<ZoneKind>(k + 1), players[i].id}, {}});
  zones.push_back(Zone{ZoneRef::stack(), {}});
  // Room for what a game's hands, battlefields, graveyards and stack commonly hold, made once:
  // grown one move at a time from nothing (1, 2, 4, 8…), they were about 30 allocations and
  // copies a random classic game, at the moves that grew them. Capacity only: the state, and
  // a copy's lists (which take their sizes), are the same.
  for (Zone& z : zones) {
    switch (z.ref.kind) {
      case ZoneKind::hand:
        z.objects.reserve(8);
        break;
      case ZoneKind::battlefield:
      case ZoneKind::graveyard:
        z.objects.reserve(16);
        break;
      case ZoneKind::stack:
        z.objects.reserve(4);
        break;
      default:
        break;
    }
  }
  rng.state = seed;
  turn.active = PlayerId(0);
  turn.priority = PlayerId(0);
}

void GameState::no_player(PlayerId p) {
  throw RulesError("no player " + std::to_string(p.valid() ? p.value : -1));
}

void GameState::no_object(ObjectId id) {
  throw RulesError("no object #" + std::to_string(id.valid() ? id.value : -1l));
}

bool GameState::is_current(ObjectRef ref) const {
  return exists(ref.id) && objects[ref.id.value].zone_changes == ref.zone_changes;
}

void GameState::no_zone(ZoneRef z) {
  throw RulesError(std::string("no zone ") + to_string(z.kind) + " for that player");
}

namespace {

void feed(HashStream& h, const SymbolCounts& c) {
  h.add(c.items.size());
  for (const auto& [k, v] : c.items) h.add(k.raw()).add(v);
}
void feed(HashStream& h, const Target& t) {
  h.add(static_cast<int>(t.kind)).add(t.player.value).add(t.object.id.value).add(t.object.zone_changes);
}
void feed(HashStream& h, const EventRecord& e) {
  h.add(e.kind.raw());
  feed(h, e.subject);
  feed(h, e.other);
  h.add(e.amount);
}

// The game attrs, the pass count among them as the attr `passes` (in its sorted place) while it is
// not 0: rules-classic kept the count there before TurnState::passes (ABI 14), and fed this way
// every state hashes as it did then, so the final hash of every replay recorded before still
// checks, a game conceded between two passes included.
void feed_game_attrs(HashStream& h, const SymbolCounts& attrs, std::uint32_t passes) {
  if (passes == 0) return feed(h, attrs);
  constexpr Symbol kPasses("passes");
  h.add(attrs.items.size() + 1);
  bool fed = false;
  for (const auto& [k, v] : attrs.items) {
    if (!fed && kPasses < k) {
      h.add(kPasses.raw()).add(std::int64_t{passes});
      fed = true;
    }
    h.add(k.raw()).add(v);
  }
  if (!fed) h.add(kPasses.raw()).add(std::int64_t{passes});
}

}  // namespace

std::uint64_t hash(const GameState& s) {
  HashStream h;
  h.add(s.players.size());
  for (const Player& p : s.players) {
    h.add(p.id.value).add(p.life).add(static_cast<int>(p.outcome));
    feed(h, p.counters);
    feed(h, p.attrs);
  }
  h.add(s.objects.size());
  for (const GameObject& o : s.objects) {
    h.add(o.id.value).add(o.card.value).add(o.owner.value).add(o.controller.value);
    h.add(static_cast<int>(o.zone.kind)).add(o.zone.owner.value).add(o.zone_changes).add(o.timestamp);
    h.add(o.damage).add(o.tapped).add(o.face_down).add(o.token).add(o.summoning_sick);
    feed(h, o.counters);
    feed(h, o.attrs);
  }
  for (const Zone& z : s.zones) {
    h.add(z.objects.size());
    for (ObjectId id : z.objects) h.add(id.value);
  }
  h.add(s.stack.size());
  for (const StackItem& i : s.stack) {
    h.add(i.id).add(i.source.id.value).add(i.source.zone_changes).add(i.card.value).add(i.ability);
    h.add(i.controller.value).add(i.is_spell).add(i.x).add(i.targets.size());
    for (const Target& t : i.targets) feed(h, t);
    feed(h, i.trigger_event);
  }
  h.add(s.pending_triggers.size());
  for (const PendingTrigger& t : s.pending_triggers) {
    h.add(t.source.id.value).add(t.source.zone_changes).add(t.card.value).add(t.ability);
    h.add(t.controller.value);
    feed(h, t.event);
  }
  h.add(s.effects.size());
  for (const FloatingEffect& e : s.effects) {
    h.add(e.id).add(e.source.id.value).add(e.source.zone_changes).add(e.card.value).add(e.ability);
    h.add(e.controller.value).add(e.timestamp).add(static_cast<int>(e.until)).add(e.a).add(e.b);
    feed(h, e.affected);
  }
  h.add(s.turn.number).add(s.turn.step).add(s.turn.active.value).add(s.turn.priority.value);
  h.add(s.rng.state);
  feed_game_attrs(h, s.attrs, s.turn.passes);
  h.add(s.next_timestamp).add(s.next_stack_id).add(s.next_effect_id).add(s.over);
  return h.digest();
}

ANVIL_END_NAMESPACE
