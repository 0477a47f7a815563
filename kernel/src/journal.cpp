#include "anvil/journal.hpp"

#include <algorithm>
#include <string>
#include <utility>

#include "anvil/error.hpp"
#include "make_room.hpp"

ANVIL_BEGIN_NAMESPACE

namespace {

constexpr std::uint32_t kNowhere = 0xffffffffu;

std::int64_t pack(std::uint32_t zone_index, std::size_t position) {
  return static_cast<std::int64_t>((static_cast<std::uint64_t>(zone_index) << 32) |
                                   static_cast<std::uint32_t>(position));
}
std::uint32_t zone_of(std::int64_t packed) { return static_cast<std::uint64_t>(packed) >> 32; }
std::size_t position_of(std::int64_t packed) { return static_cast<std::uint32_t>(packed); }

// A zone_move edit's key for a move to another zone: the object's timestamp before the move in
// the low 32 bits, after it (the game's next timestamp then) in the high 32.
std::uint64_t pack_stamps(std::uint32_t before, std::uint32_t after) {
  return (std::uint64_t{after} << 32) | before;
}
std::uint32_t stamp_before(std::uint64_t stamps) { return static_cast<std::uint32_t>(stamps); }
std::uint32_t stamp_after(std::uint64_t stamps) { return static_cast<std::uint32_t>(stamps >> 32); }

// A new object of `card`, owned and controlled by `owner`, said to be in `zone` (not yet in the
// zone's list), built in its place at the end of the game's objects with the game's next
// timestamp. The timestamp advances with the creation and goes back when it is undone (the
// creation's edit keeps it): one edit instead of two for every object a game creates, and a setup
// creates a hundred or so. Inlined: as a call it made a random classic game 0.12% dearer.
[[gnu::always_inline]] inline GameObject& append_object(GameState& state, CardId card,
                                                        PlayerId owner, ZoneRef zone) {
  const std::uint32_t timestamp = state.next_timestamp;
  state.next_timestamp = timestamp + 1;
  GameObject& o = state.objects.emplace_back();
  o.id = ObjectId(static_cast<std::uint32_t>(state.objects.size() - 1));
  o.card = card;
  o.owner = owner;
  o.controller = owner;
  o.zone = zone;
  o.timestamp = timestamp;
  return o;
}

}  // namespace

JournalListener::~JournalListener() = default;

Journal::Journal(GameState& state) : state_(state) {}

namespace {

// push_back's growth (the same sizes), out of line: inlined into Journal::record, its call made
// record save six registers and make a frame at every edit, about 16 of its 49 instructions
// (7 December 2026). Rare: trim() keeps the capacity.
[[gnu::noinline]] void grow(std::vector<Edit>& edits) {
  edits.reserve(edits.capacity() + std::max<std::size_t>(edits.capacity(), 1));
}

}  // namespace

void Journal::record(const Edit& e) {
  if (edits_.size() == edits_.capacity()) [[unlikely]] {
    // Grows, then records with room: out of line, and so a tail call, so that this path needs no
    // frame either (saving two registers at every edit was about 0.7% of a random classic game,
    // 7 December 2026).
    const auto grow_and_record = [this](const Edit& edit) __attribute__((noinline)) {
      grow(edits_);
      record(edit);
    };
    return grow_and_record(e);
  }
  edits_.push_back(e);
  ++version_;
  ++kind_changes_[static_cast<std::size_t>(e.kind)];
  if (e.kind == EditKind::object_field) ++field_changes_[e.field];
  if (!quiet(e)) ++changes_;
  // Most edits are told to no one while the listener listens to the structure alone: their
  // call, and the listener's own tests, were about 15 instructions of each edit's 45 (7 December
  // 2026, late evening).
  if (tells(e) && listener_) listener_->on_edit(e, false);
}

// record() for one kind of edit, which is not structure (Journal::is_structure) unless it is a
// controller's edit: the kind's tests (an object field's count, whether it may be quiet, whether
// the listener is told) are settled when it is compiled, and the edit comes in registers, so that
// a setter calls it with no frame of its own, as a tail call. Through record(), which took the
// edit from the setter's stack and tested its kind, an edit was about 60 instructions with the
// setter's own (a pass, set_priority: about 11 600 in 40 random classic games, 8 December 2026).
template <EditKind K>
[[gnu::flatten]] void Journal::record_as(std::uint8_t field, std::uint32_t subject,
                                         std::uint64_t key, std::int64_t before,
                                         std::int64_t after) {
  static_assert(((kStructureKinds >> static_cast<unsigned>(K)) & 1u) == 0);
  if (edits_.size() == edits_.capacity()) [[unlikely]] {
    // As record(): grows out of line, then records with room, as a tail call.
    const auto grow_and_record = [this](std::uint8_t f, std::uint32_t s, std::uint64_t k,
                                        std::int64_t b, std::int64_t a) __attribute__((noinline)) {
      grow(edits_);
      record_as<K>(f, s, k, b, a);
    };
    return grow_and_record(field, subject, key, before, after);
  }
  // An lvalue: push_back(const Edit&) inlines here, its rvalue overload (emplace_back) did not.
  const Edit edit{K, field, subject, key, before, after};
  edits_.push_back(edit);
  ++version_;
  ++kind_changes_[static_cast<std::size_t>(K)];
  if constexpr (K == EditKind::object_field) ++field_changes_[field];
  // quiet() for a kind known here: only game fields and game attrs can be quiet.
  if constexpr (K == EditKind::game_field) {
    if (!(field < 32 && ((quiet_fields_ >> field) & 1u))) ++changes_;
  } else if constexpr (K == EditKind::game_attr) {
    if (!quiet(edits_.back())) ++changes_;
  } else {
    ++changes_;
  }
  // tells(): of these kinds only a controller's edit is structure.
  bool told = listen_to_ == ListenTo::every_edit;
  if constexpr (K == EditKind::object_field) told = told || field == 0;
  if (!told || !listener_) return;
  // A copy: the listener may record edits of its own, which may move the list.
  const Edit e = edits_.back();
  listener_->on_edit(e, false);
}

GameObject& Journal::obj(ObjectId id) {
  if (!state_.exists(id)) throw RulesError("journal: no object #" + std::to_string(id.value));
  return state_.objects[id.value];
}

Player& Journal::player(PlayerId p) {
  if (!p.valid() || p.value >= state_.players.size())
    throw RulesError("journal: no player " + std::to_string(p.value));
  return state_.players[p.value];
}

// --- fields -------------------------------------------------------------------------------

static std::int64_t read(const GameObject& o, ObjectField f) {
  switch (f) {
    case ObjectField::controller: return o.controller.value;
    case ObjectField::tapped: return o.tapped;
    case ObjectField::damage: return o.damage;
    case ObjectField::summoning_sick: return o.summoning_sick;
    case ObjectField::face_down: return o.face_down;
    case ObjectField::timestamp: return o.timestamp;
  }
  return 0;
}

static void write(GameObject& o, ObjectField f, std::int64_t v) {
  switch (f) {
    case ObjectField::controller: o.controller = PlayerId(static_cast<std::uint8_t>(v)); break;
    case ObjectField::tapped: o.tapped = v != 0; break;
    case ObjectField::damage: o.damage = static_cast<std::int32_t>(v); break;
    case ObjectField::summoning_sick: o.summoning_sick = v != 0; break;
    case ObjectField::face_down: o.face_down = v != 0; break;
    case ObjectField::timestamp: o.timestamp = static_cast<std::uint32_t>(v); break;
  }
}

static std::int64_t read(const Player& p, PlayerField f) {
  return f == PlayerField::life ? p.life : static_cast<std::int64_t>(p.outcome);
}

static void write(Player& p, PlayerField f, std::int64_t v) {
  if (f == PlayerField::life)
    p.life = static_cast<std::int32_t>(v);
  else
    p.outcome = static_cast<Outcome>(v);
}

// GameField::priority_and_passes's value: the pass count above the priority holder's 8 bits.
static std::int64_t pack_priority(const TurnState& t) {
  return static_cast<std::int64_t>((std::uint64_t{t.passes} << 8) | t.priority.value);
}

// GameField::step_and_priority's value: the pass count above the step's 16 bits, above the
// priority holder's 8.
static std::int64_t pack_step(const TurnState& t) {
  return static_cast<std::int64_t>((std::uint64_t{t.passes} << 24) | (std::uint64_t{t.step} << 8) |
                                   t.priority.value);
}

static std::int64_t read(const GameState& s, GameField f) {
  switch (f) {
    case GameField::turn_number: return s.turn.number;
    case GameField::step: return s.turn.step;
    case GameField::active_player: return s.turn.active.value;
    case GameField::priority_player: return s.turn.priority.value;
    case GameField::over: return s.over;
    case GameField::next_timestamp: return s.next_timestamp;
    case GameField::next_stack_id: return s.next_stack_id;
    case GameField::next_effect_id: return s.next_effect_id;
    case GameField::passes: return s.turn.passes;
    case GameField::priority_and_passes:
      return pack_priority(s.turn);
    case GameField::step_and_priority:
      return pack_step(s.turn);
  }
  return 0;
}

static void write(GameState& s, GameField f, std::int64_t v) {
  switch (f) {
    case GameField::turn_number: s.turn.number = static_cast<std::uint32_t>(v); break;
    case GameField::step: s.turn.step = static_cast<std::uint16_t>(v); break;
    case GameField::active_player: s.turn.active = PlayerId(static_cast<std::uint8_t>(v)); break;
    case GameField::priority_player: s.turn.priority = PlayerId(static_cast<std::uint8_t>(v)); break;
    case GameField::over: s.over = v != 0; break;
    case GameField::next_timestamp: s.next_timestamp = static_cast<std::uint32_t>(v); break;
    case GameField::next_stack_id: s.next_stack_id = static_cast<std::uint32_t>(v); break;
    case GameField::next_effect_id: s.next_effect_id = static_cast<std::uint32_t>(v); break;
    case GameField::passes: s.turn.passes = static_cast<std::uint32_t>(v); break;
    case GameField::priority_and_passes:
      s.turn.priority = PlayerId(static_cast<std::uint8_t>(v));
      s.turn.passes = static_cast<std::uint32_t>(static_cast<std::uint64_t>(v) >> 8);
      break;
    case GameField::step_and_priority:
      s.turn.priority = PlayerId(static_cast<std::uint8_t>(v));
      s.turn.step = static_cast<std::uint16_t>(v >> 8);
      s.turn.passes = static_cast<std::uint32_t>(static_cast<std::uint64_t>(v) >> 24);
      break;
  }
}

void Journal::set_object_field(ObjectId id, ObjectField f, std::int64_t v) {
  GameObject& o = obj(id);
  const std::int64_t old = read(o, f);
  if (old == v) return;  // no-op edits are not recorded: they would only grow the journal
  write(o, f, v);
  record_as<EditKind::object_field>(static_cast<std::uint8_t>(f), id.value, 0, old, v);
}

void Journal::set_player_field(PlayerId p, PlayerField f, std::int64_t v) {
  Player& pl = player(p);
  const std::int64_t old = read(pl, f);
  if (old == v) return;
  write(pl, f, v);
  record_as<EditKind::player_field>(static_cast<std::uint8_t>(f), p.value, 0, old, v);
}

void Journal::set_game_field(GameField f, std::int64_t v) {
  const std::int64_t old = read(state_, f);
  if (old == v) return;
  write(state_, f, v);
  record_as<EditKind::game_field>(static_cast<std::uint8_t>(f), 0, 0, old, v);
}

void Journal::set_controller(ObjectId id, PlayerId c) { set_object_field(id, ObjectField::controller, c.value); }
void Journal::set_tapped(ObjectId id, bool t) { set_object_field(id, ObjectField::tapped, t); }
void Journal::set_damage(ObjectId id, std::int32_t d) { set_object_field(id, ObjectField::damage, d); }
void Journal::set_summoning_sick(ObjectId id, bool s) { set_object_field(id, ObjectField::summoning_sick, s); }
void Journal::set_face_down(ObjectId id, bool f) { set_object_field(id, ObjectField::face_down, f); }

void Journal::set_card(ObjectId id, CardId card) {
  GameObject& o = obj(id);
  if (o.card == card) return;
  const std::int64_t old = o.card.value;
  o.card = card;
  record({EditKind::object_card, 0, id.value, 0, old, card.value});
}

namespace {

// Sets `key` to `value` in `m` as SymbolCounts::set does (sorted, no zero entries) and returns the
// old value, with one look through the list instead of get()'s and set()'s two: attr edits are
// most of a game's edits (the pass count, the step bookkeeping, mana pools).
std::int64_t exchange_count(SymbolCounts& m, Symbol key, std::int64_t value) {
  auto& items = m.items;
  auto it = items.begin();
  while (it != items.end() && it->first < key) ++it;
  const bool present = it != items.end() && it->first == key;
  const std::int64_t old = present ? it->second : 0;
  if (old == value) return old;
  if (value == 0)
    items.erase(it);  // present: old is not 0
  else if (present)
    it->second = value;
  else
    items.insert(it, {key, value});
  return old;
}

}  // namespace

void Journal::set_counter(ObjectId id, Symbol kind, std::int64_t count) {
  GameObject& o = obj(id);
  const std::int64_t old = exchange_count(o.counters, kind, count);
  if (old == count) return;
  record_as<EditKind::object_counter>(0, id.value, kind.raw(), old, count);
}

void Journal::set_attr(ObjectId id, Symbol key, std::int64_t value) {
  GameObject& o = obj(id);
  const std::int64_t old = exchange_count(o.attrs, key, value);
  if (old == value) return;
  record_as<EditKind::object_attr>(0, id.value, key.raw(), old, value);
}

void Journal::set_life(PlayerId p, std::int32_t life) { set_player_field(p, PlayerField::life, life); }
void Journal::set_outcome(PlayerId p, Outcome o) {
  set_player_field(p, PlayerField::outcome, static_cast<std::int64_t>(o));
}

void Journal::set_counter(PlayerId p, Symbol kind, std::int64_t count) {
  Player& pl = player(p);
  const std::int64_t old = exchange_count(pl.counters, kind, count);
  if (old == count) return;
  record_as<EditKind::player_counter>(0, p.value, kind.raw(), old, count);
}

void Journal::set_attr(PlayerId p, Symbol key, std::int64_t value) {
  Player& pl = player(p);
  const std::int64_t old = exchange_count(pl.attrs, key, value);
  if (old == value) return;
  record_as<EditKind::player_attr>(0, p.value, key.raw(), old, value);
}

void Journal::set_turn_number(std::uint32_t n) { set_game_field(GameField::turn_number, n); }
void Journal::set_step(std::uint16_t s) { set_game_field(GameField::step, s); }
void Journal::set_active_player(PlayerId p) { set_game_field(GameField::active_player, p.value); }
void Journal::set_priority_player(PlayerId p) { set_game_field(GameField::priority_player, p.value); }
void Journal::set_passes(std::uint32_t n) { set_game_field(GameField::passes, n); }
void Journal::set_over(bool over) { set_game_field(GameField::over, over); }

void Journal::set_priority(PlayerId p, std::uint32_t passes) {
  TurnState& t = state_.turn;
  // Nothing changes: a step's start after set_step_and_priority, which a rules module may not
  // know it called (classic's begin_step hands priority on at every step it begins).
  if (t.priority == p && t.passes == passes) return;
  if (t.priority == p || t.passes == passes) [[unlikely]] {  // one field changes: its own edit
    // Out of line, so that the usual path (both change) makes no frame for these two calls.
    const auto one_field = [this](PlayerId holder, std::uint32_t count) __attribute__((noinline)) {
      set_passes(count);
      set_priority_player(holder);
    };
    return one_field(p, passes);
  }
  // Both: one edit instead of two (a record and a listener call fewer), the same state either
  // way, and undone in one step.
  const std::int64_t before = pack_priority(t);
  t.priority = p;
  t.passes = passes;
  record_as<EditKind::game_field>(static_cast<std::uint8_t>(GameField::priority_and_passes), 0, 0,
                                  before, pack_priority(t));
}

void Journal::set_step_and_priority(std::uint16_t step, PlayerId p, std::uint32_t passes) {
  TurnState& t = state_.turn;
  if (t.step == step) return set_priority(p, passes);
  // One edit instead of set_step's and set_priority's (usually both record): a record and a
  // listener call fewer at every step, the same state, undone in one step.
  const std::int64_t before = pack_step(t);
  t.step = step;
  t.priority = p;
  t.passes = passes;
  record_as<EditKind::game_field>(static_cast<std::uint8_t>(GameField::step_and_priority), 0, 0,
                                  before, pack_step(t));
}

void Journal::set_game_attr(Symbol key, std::int64_t value) {
  const std::int64_t old = exchange_count(state_.attrs, key, value);
  if (old == value) return;
  record_as<EditKind::game_attr>(0, 0, key.raw(), old, value);
}

std::uint64_t Journal::random_below(std::uint64_t bound) {
  if (bound == 0) throw RulesError("random_below(0)");
  const auto old = static_cast<std::int64_t>(state_.rng.state);
  const std::uint64_t r = state_.rng.below(bound);
  record({EditKind::rng, 0, 0, 0, old, static_cast<std::int64_t>(state_.rng.state)});
  return r;
}

// --- zones --------------------------------------------------------------------------------

void Journal::place(ObjectId id, std::size_t zone_index, std::size_t position) {
  if (zone_index == kNowhere) return;
  auto& list = state_.zones[zone_index].objects;
  list.insert(list.begin() + static_cast<std::ptrdiff_t>(position), id);
}

void Journal::unplace(ObjectId id, std::size_t zone_index, std::size_t position) {
  if (zone_index == kNowhere) return;
  auto& list = state_.zones[zone_index].objects;
  if (position >= list.size() || list[position] != id)
    throw RulesError("journal: zone lists out of step with the journal");
  list.erase(list.begin() + static_cast<std::ptrdiff_t>(position));
}

ObjectId Journal::create_object(CardId card, PlayerId owner, ZoneRef zone, bool token) {
  player(owner);  // validates
  const std::uint32_t zone_index =
      zone.kind == ZoneKind::none ? kNowhere : static_cast<std::uint32_t>(state_.zone_index(zone));
  GameObject& o = append_object(state_, card, owner, zone);
  o.token = token;
  const ObjectId id = o.id;
  const std::uint32_t timestamp = o.timestamp;
  std::size_t position = 0;
  if (zone_index != kNowhere) {
    position = state_.zones[zone_index].objects.size();
    place(id, zone_index, position);
  }
  record({EditKind::object_create, 0, id.value, 0, timestamp, pack(zone_index, position)});
  return id;
}

ObjectId Journal::create_objects(std::span<const CardId> cards, PlayerId owner, ZoneRef zone) {
  player(owner);  // validates
  const ObjectId first(static_cast<std::uint32_t>(state_.objects.size()));
  const std::uint32_t zone_index =
      zone.kind == ZoneKind::none ? kNowhere : static_cast<std::uint32_t>(state_.zone_index(zone));
  // create_object's steps, with what is the same for every card worked out once and each object
  // built in its place rather than moved in: about 240 instructions a card at setup before
  // (7 December 2026). The listener is told of each creation as it is made, with the objects
  // before it made and none after, as create_object's caller would have it.
  for (const CardId card : cards) {
    const GameObject& o = append_object(state_, card, owner, zone);
    const ObjectId id = o.id;
    const std::uint32_t timestamp = o.timestamp;
    std::size_t position = 0;
    if (zone_index != kNowhere) {
      // Looked up at each card: the listener (a plugin's connect()) might have added a zone's
      // object, though zones themselves never move.
      std::vector<ObjectId>& list = state_.zones[zone_index].objects;
      position = list.size();
      list.push_back(id);
    }
    record({EditKind::object_create, 0, id.value, 0, timestamp, pack(zone_index, position)});
  }
  return first;
}

void Journal::reserve(std::size_t edits) {
  make_room(edits_, edits);  // the capacity grow() would reach one edit at a time
}

void Journal::move_object(ObjectId id, ZoneRef to, std::size_t position) {
  // obj()'s check inline, and the zone lists edited here rather than by place() and unplace()
  // (undo's): their calls and checks were about a fifth of a move's own instructions, 5 000
  // moves in 40 random classic games (7 December 2026).
  if (!state_.exists(id)) [[unlikely]]
    obj(id);  // throws
  GameObject& o = state_.objects[id.value];
  const std::uint32_t from_index =
      o.zone.kind == ZoneKind::none ? kNowhere : static_cast<std::uint32_t>(state_.zone_index(o.zone));
  const std::uint32_t to_index =
      to.kind == ZoneKind::none ? kNowhere : static_cast<std::uint32_t>(state_.zone_index(to));

  std::size_t from_pos = 0;
  if (from_index != kNowhere) {
    // Looked for from the top: a draw takes a library's top card, a cast or a resolution the
    // hand's or the stack's newest (an object is in its zone's list once, so either end finds
    // the same place). From the bottom, a draw scanned most of a 60-card library.
    auto& list = state_.zones[from_index].objects;
    const auto top = std::find(list.rbegin(), list.rend(), id);
    if (top == list.rend()) [[unlikely]]
      unplace(id, from_index, list.size());  // throws: the lists are out of step
    from_pos = static_cast<std::size_t>(list.rend() - top) - 1;
    list.erase(top.base() - 1);
  }
  std::size_t to_pos = 0;
  if (to_index != kNowhere) {
    auto& list = state_.zones[to_index].objects;
    to_pos = std::min(position, list.size());
    list.insert(list.begin() + static_cast<std::ptrdiff_t>(to_pos), id);
  }
  ++moves_from_[static_cast<std::size_t>(o.zone.kind)];
  o.zone = to;
  ++moves_to_[static_cast<std::size_t>(to.kind)];
  // A new object (400.7) takes the next timestamp, in the move's own edit, which keeps both
  // timestamps for undo (as a creation keeps its own): one edit instead of three for every move
  // to another zone, about 5 000 of them in 40 random classic games (ABI 15).
  std::uint64_t stamps = 0;
  if (from_index != to_index) {
    const std::uint32_t stamp = state_.next_timestamp;
    stamps = pack_stamps(o.timestamp, stamp);
    state_.next_timestamp = stamp + 1;
    o.timestamp = stamp;
    ++o.zone_changes;
  }
  record({EditKind::zone_move, 0, id.value, stamps, pack(from_index, from_pos),
          pack(to_index, to_pos)});
}

void Journal::reorder_zone(ZoneRef zone, std::vector<ObjectId> order) {
  const std::size_t index = state_.zone_index(zone);
  auto& list = state_.zones[index].objects;
  std::vector<ObjectId> sorted_old = list, sorted_new = order;
  std::sort(sorted_old.begin(), sorted_old.end());
  std::sort(sorted_new.begin(), sorted_new.end());
  if (sorted_old != sorted_new) throw RulesError("reorder_zone: not a permutation of the zone");
  replace_order(index, std::move(order));
}

void Journal::replace_order(std::size_t zone_index, std::vector<ObjectId> order) {
  old_orders_.push_back(std::exchange(state_.zones[zone_index].objects, std::move(order)));
  side_entries_ = true;
  record({EditKind::zone_reorder, 0, static_cast<std::uint32_t>(zone_index), 0,
          static_cast<std::int64_t>(old_orders_.size() - 1), 0});
}

void Journal::shuffle_zone(ZoneRef zone) {
  const std::size_t index = state_.zone_index(zone);
  std::vector<ObjectId> order = state_.zones[index].objects;
  if (order.size() < 2) return;
  // Fisher–Yates with the game's RNG: journal the RNG once, then the new order.
  const auto old_rng = static_cast<std::int64_t>(state_.rng.state);
  for (std::size_t i = order.size() - 1; i > 0; --i)
    std::swap(order[i], order[state_.rng.below(i + 1)]);
  record({EditKind::rng, 0, 0, 0, old_rng, static_cast<std::int64_t>(state_.rng.state)});
  // The order is the zone's own, swapped: reorder_zone's check that it is a permutation (two
  // sorted copies) would only cost, about half of a library's shuffle.
  replace_order(index, std::move(order));
}

// --- triggers, stack, effects -------------------------------------------------------------

void Journal::push_trigger(PendingTrigger trigger) {
  state_.pending_triggers.push_back(std::move(trigger));
  record({EditKind::trigger_push, 0, static_cast<std::uint32_t>(state_.pending_triggers.size() - 1), 0, 0, 0});
}

PendingTrigger Journal::take_trigger(std::size_t index) {
  auto& v = state_.pending_triggers;
  if (index >= v.size()) throw RulesError("take_trigger: no pending trigger at that index");
  taken_triggers_.push_back(v[index]);
  side_entries_ = true;
  v.erase(v.begin() + static_cast<std::ptrdiff_t>(index));
  record({EditKind::trigger_take, 0, static_cast<std::uint32_t>(index), 0, 0, 0});
  return taken_triggers_.back();
}

std::uint32_t Journal::push_stack(StackItem item) {
  item.id = state_.next_stack_id;
  set_game_field(GameField::next_stack_id, item.id + 1);
  state_.stack.push_back(std::move(item));
  record({EditKind::stack_push, 0, static_cast<std::uint32_t>(state_.stack.size() - 1), 0, 0, 0});
  return state_.stack.back().id;
}

StackItem Journal::take_stack(std::size_t index) {
  auto& v = state_.stack;
  if (index >= v.size()) throw RulesError("take_stack: no stack item at that index");
  taken_stack_.push_back(v[index]);
  side_entries_ = true;
  v.erase(v.begin() + static_cast<std::ptrdiff_t>(index));
  record({EditKind::stack_take, 0, static_cast<std::uint32_t>(index), 0, 0, 0});
  return taken_stack_.back();
}

std::uint32_t Journal::add_effect(FloatingEffect effect) {
  effect.id = state_.next_effect_id;
  set_game_field(GameField::next_effect_id, effect.id + 1);
  if (effect.timestamp == 0) {
    effect.timestamp = state_.next_timestamp;
    set_game_field(GameField::next_timestamp, effect.timestamp + 1);
  }
  state_.effects.push_back(std::move(effect));
  record({EditKind::effect_add, 0, static_cast<std::uint32_t>(state_.effects.size() - 1), 0, 0, 0});
  return state_.effects.back().id;
}

FloatingEffect Journal::remove_effect(std::size_t index) {
  auto& v = state_.effects;
  if (index >= v.size()) throw RulesError("remove_effect: no floating effect at that index");
  removed_effects_.push_back(v[index]);
  side_entries_ = true;
  v.erase(v.begin() + static_cast<std::ptrdiff_t>(index));
  record({EditKind::effect_remove, 0, static_cast<std::uint32_t>(index), 0, 0, 0});
  return removed_effects_.back();
}

// --- undo ---------------------------------------------------------------------------------

void Journal::undo(const Edit& e) {
  switch (e.kind) {
    case EditKind::object_field:
      write(state_.objects[e.subject], static_cast<ObjectField>(e.field), e.before);
      break;
    case EditKind::object_counter:
      state_.objects[e.subject].counters.set(Symbol::from_raw(e.key), e.before);
      break;
    case EditKind::object_attr:
      state_.objects[e.subject].attrs.set(Symbol::from_raw(e.key), e.before);
      break;
    case EditKind::object_card:
      state_.objects[e.subject].card = CardId(static_cast<std::uint32_t>(e.before));
      break;
    case EditKind::player_field:
      write(state_.players[e.subject], static_cast<PlayerField>(e.field), e.before);
      break;
    case EditKind::player_counter:
      state_.players[e.subject].counters.set(Symbol::from_raw(e.key), e.before);
      break;
    case EditKind::player_attr:
      state_.players[e.subject].attrs.set(Symbol::from_raw(e.key), e.before);
      break;
    case EditKind::game_field:
      write(state_, static_cast<GameField>(e.field), e.before);
      break;
    case EditKind::game_attr:
      state_.attrs.set(Symbol::from_raw(e.key), e.before);
      break;
    case EditKind::rng:
      state_.rng.state = static_cast<std::uint64_t>(e.before);
      break;
    case EditKind::object_create: {
      const ObjectId id(e.subject);
      unplace(id, zone_of(e.after), position_of(e.after));
      state_.objects.pop_back();
      state_.next_timestamp = static_cast<std::uint32_t>(e.before);
      break;
    }
    case EditKind::zone_move: {
      const ObjectId id(e.subject);
      const std::uint32_t from = zone_of(e.before), to = zone_of(e.after);
      unplace(id, to, position_of(e.after));
      place(id, from, position_of(e.before));
      GameObject& o = state_.objects[e.subject];
      ++moves_from_[static_cast<std::size_t>(o.zone.kind)];  // the zone it leaves now
      o.zone = from == kNowhere ? ZoneRef::nowhere() : state_.zones[from].ref;
      ++moves_to_[static_cast<std::size_t>(o.zone.kind)];  // the zone it goes back to
      if (from != to) {
        --o.zone_changes;
        o.timestamp = stamp_before(e.key);
        state_.next_timestamp = stamp_after(e.key);  // the move had taken it
      }
      break;
    }
    case EditKind::zone_reorder:
      state_.zones[e.subject].objects = std::move(old_orders_.back());
      old_orders_.pop_back();
      break;
    case EditKind::trigger_push:
      state_.pending_triggers.pop_back();
      break;
    case EditKind::trigger_take:
      state_.pending_triggers.insert(state_.pending_triggers.begin() + e.subject,
                                     std::move(taken_triggers_.back()));
      taken_triggers_.pop_back();
      break;
    case EditKind::stack_push:
      state_.stack.pop_back();
      break;
    case EditKind::stack_take:
      state_.stack.insert(state_.stack.begin() + e.subject, std::move(taken_stack_.back()));
      taken_stack_.pop_back();
      break;
    case EditKind::effect_add:
      state_.effects.pop_back();
      break;
    case EditKind::effect_remove:
      state_.effects.insert(state_.effects.begin() + e.subject, std::move(removed_effects_.back()));
      removed_effects_.pop_back();
      break;
  }
}

void Journal::valid_target(Checkpoint cp, const char* what) const {
  if (cp.epoch != epoch_)
    throw RulesError(std::string(what) + ": the checkpoint is from before the journal was cleared");
  if (cp.position > base_ + edits_.size())
    throw RulesError(std::string(what) + ": the journal was already rolled back past this checkpoint");
  if (cp.position < base_)
    throw RulesError(std::string(what) + ": the checkpoint's edits were trimmed (" + std::to_string(base_ - cp.position) +
                     " of them); a checkpoint kept across trim() must be held (Journal::hold)");
}

void Journal::rollback(Checkpoint cp) {
  valid_target(cp, "rollback");
  const std::size_t keep = static_cast<std::size_t>(cp.position - base_);
  while (edits_.size() > keep) {
    const Edit e = edits_.back();
    edits_.pop_back();
    undo(e);
    ++version_;
    ++kind_changes_[static_cast<std::size_t>(e.kind)];
    if (e.kind == EditKind::object_field) ++field_changes_[e.field];
    if (!quiet(e)) ++changes_;
    if (tells(e) && listener_) listener_->on_edit(e, true);
  }
}

void Journal::add_quiet(EditKind kind, std::uint64_t field_or_key) {
  if (kind != EditKind::game_field && kind != EditKind::game_attr)
    throw RulesError("journal: only game fields and game attrs can be quiet edits");
  if (kind == EditKind::game_field && field_or_key >= 32)
    throw RulesError("journal: no game field " + std::to_string(field_or_key));
  const std::pair<EditKind, std::uint64_t> q{kind, field_or_key};
  if (std::find(quiet_.begin(), quiet_.end(), q) != quiet_.end()) return;
  quiet_.push_back(q);
  if (kind == EditKind::game_field) quiet_fields_ |= 1u << field_or_key;
  // The edit of both is quiet when each of its two fields is.
  constexpr std::uint32_t kBoth = (1u << static_cast<unsigned>(GameField::priority_player)) |
                                  (1u << static_cast<unsigned>(GameField::passes));
  if ((quiet_fields_ & kBoth) == kBoth)
    quiet_fields_ |= 1u << static_cast<unsigned>(GameField::priority_and_passes);
  // And the edit of all three when each of its three fields is.
  constexpr std::uint32_t kAll = kBoth | (1u << static_cast<unsigned>(GameField::step));
  if ((quiet_fields_ & kAll) == kAll)
    quiet_fields_ |= 1u << static_cast<unsigned>(GameField::step_and_priority);
  if (kind == EditKind::game_attr) quiet_attrs_.push_back(field_or_key);
}

void Journal::copy_quiet_from(const Journal& other) {
  // One copy of each list (a game copy made them one add_quiet at a time: 9 searches and a few
  // growths of two vectors, 1% of a heuristic game, which copies often).
  quiet_ = other.quiet_;
  quiet_fields_ = other.quiet_fields_;
  quiet_attrs_ = other.quiet_attrs_;
}

void Journal::clear() {
  edits_.clear();
  taken_triggers_.clear();
  taken_stack_.clear();
  removed_effects_.clear();
  old_orders_.clear();
  side_entries_ = false;
  base_ = 0;
  ++epoch_;
}

std::size_t Journal::trim() {
  // The usual call, between two decisions: nothing held and nothing bulky removed since the last
  // trim (no side vector to empty). Kept apart so that it calls nothing and saves no registers:
  // the whole body cost about 54 instructions a call, 1.1% of a random classic game (7 December
  // 2026). One flag for the four side vectors: their eight pointers were about half of what is
  // left (7 December 2026, evening).
  if (holds_.empty() && !side_entries_) [[likely]] {
    const std::size_t n = edits_.size();
    edits_.clear();
    base_ += n;
    return n;
  }
  // Otherwise the edits after the oldest held checkpoint stay, with their side vectors' entries.
  // Out of line (a lambda, for the members), so that the path above makes no frame.
  const auto trim_held = [this]() __attribute__((noinline)) {
    std::uint64_t keep_from = base_ + edits_.size();
    for (const Checkpoint& h : holds_)
      if (h.epoch == epoch_) keep_from = std::min(keep_from, h.position);
    // Wherever this returns, the flag says again whether a side vector holds an entry (a
    // rollback may have emptied them since it was set, a hold may keep some).
    const auto recheck = [this] {
      side_entries_ = !taken_triggers_.empty() || !taken_stack_.empty() ||
                      !removed_effects_.empty() || !old_orders_.empty();
    };
    if (keep_from <= base_) {
      recheck();
      return std::size_t{0};
    }
    const std::size_t n = static_cast<std::size_t>(keep_from - base_);
    if (n == edits_.size()) {
      // Nothing held, with side vectors to empty. clear() keeps the capacity, so the journal's
      // memory is that of the busiest stretch between two trims.
      edits_.clear();
      taken_triggers_.clear();
      taken_stack_.clear();
      removed_effects_.clear();
      old_orders_.clear();
    } else {
      // The side vectors are in edit order (undo takes them from the back): the trimmed edits'
      // entries are their first ones.
      std::size_t triggers = 0, stack = 0, effects = 0, orders = 0;
      for (std::size_t i = 0; i < n; ++i) switch (edits_[i].kind) {
          case EditKind::trigger_take:
            ++triggers;
            break;
          case EditKind::stack_take:
            ++stack;
            break;
          case EditKind::effect_remove:
            ++effects;
            break;
          case EditKind::zone_reorder:
            ++orders;
            break;
          default:
            break;
        }
      auto drop_front = [](auto& v, std::size_t k) {
        v.erase(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(k));
      };
      drop_front(edits_, n);
      drop_front(taken_triggers_, triggers);
      drop_front(taken_stack_, stack);
      drop_front(removed_effects_, effects);
      drop_front(old_orders_, orders);
    }
    base_ = keep_from;
    recheck();
    return n;
  };
  return trim_held();
}

// --- holds --------------------------------------------------------------------------------

Journal::Hold Journal::hold(Checkpoint cp) {
  valid_target(cp, "hold");
  holds_.push_back(cp);
  return Hold(this, cp);
}

void Journal::release(const Checkpoint& cp) noexcept {
  for (std::size_t i = 0; i < holds_.size(); ++i)
    if (holds_[i].position == cp.position && holds_[i].epoch == cp.epoch) {
      holds_[i] = holds_.back();
      holds_.pop_back();
      return;
    }
}

Journal::Hold::Hold(Hold&& other) noexcept
    : journal_(std::exchange(other.journal_, nullptr)), cp_(other.cp_) {}

Journal::Hold& Journal::Hold::operator=(Hold&& other) noexcept {
  if (this != &other) {
    release();
    journal_ = std::exchange(other.journal_, nullptr);
    cp_ = other.cp_;
  }
  return *this;
}

Journal::Hold::~Hold() { release(); }

void Journal::Hold::release() noexcept {
  if (journal_) std::exchange(journal_, nullptr)->release(cp_);
}

ANVIL_END_NAMESPACE
