// GameState: the whole game as plain data — players, objects, zones, the stack, pending
// triggers, floating effects, the turn record and the RNG. Copyable, comparable, hashable:
// a copy is a complete independent game (parallel simulations copy; search rolls back).
//
// Nothing here is mutated directly during a game: every change goes through the Journal
// (journal.hpp), which is what makes checkpoint/rollback exact. Reading is free:
//
//   const GameState& s = game.state();
//   for (ObjectId id : s.zone(ZoneRef::battlefield(PlayerId{0})).objects) …
//   std::uint64_t h = hash(s);   // stable across runs, processes and copies
//
// Ordering: in every zone, `objects.back()` is the top (of a library, graveyard or the
// stack) or the most recent arrival (hand, battlefield). The stack's top is `stack.back()`.
#pragma once

#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/ids.hpp"
#include "anvil/rng.hpp"
#include "anvil/symbol.hpp"

ANVIL_BEGIN_NAMESPACE

enum class ZoneKind : std::uint8_t {
  none,  // ceased to exist (a token that left the battlefield) or not yet anywhere
  library,
  hand,
  battlefield,
  graveyard,
  exile,
  command,
  stack,  // one shared zone; its owner is PlayerId::none()
};
inline constexpr std::size_t kPlayerZoneKinds = 6;  // library .. command, one set per player
ANVIL_API const char* to_string(ZoneKind k);

// A zone: its kind and, for every zone but the stack, the player it belongs to. The
// battlefield is kept per player (the side an object's controller plays it on), which hearth
// boards need for positions and classic ignores.
struct ZoneRef {
  ZoneKind kind = ZoneKind::none;
  PlayerId owner;

  static constexpr ZoneRef library(PlayerId p) { return {ZoneKind::library, p}; }
  static constexpr ZoneRef hand(PlayerId p) { return {ZoneKind::hand, p}; }
  static constexpr ZoneRef battlefield(PlayerId p) { return {ZoneKind::battlefield, p}; }
  static constexpr ZoneRef graveyard(PlayerId p) { return {ZoneKind::graveyard, p}; }
  static constexpr ZoneRef exile(PlayerId p) { return {ZoneKind::exile, p}; }
  static constexpr ZoneRef command(PlayerId p) { return {ZoneKind::command, p}; }
  static constexpr ZoneRef stack() { return {ZoneKind::stack, PlayerId::none()}; }
  static constexpr ZoneRef nowhere() { return {}; }
  friend constexpr auto operator<=>(const ZoneRef&, const ZoneRef&) = default;
};

// A small map from Symbol to integer: counters (`+1/+1`, `poison`, `loyalty`) and attributes
// (a rules module's per-object or per-player status: `frozen`, `attacks_this_turn`, `armor`).
// Kept sorted and without zero entries so equal maps compare and hash equal.
struct ANVIL_API SymbolCounts {
  std::vector<std::pair<Symbol, std::int64_t>> items;

  // Inline: the rules read attrs and counters at every check, and an object has few (sorted).
  std::int64_t get(Symbol key) const {
    for (const auto& [k, v] : items) {
      if (k == key) return v;
      if (key < k) break;
    }
    return 0;
  }
  // REQUIRES: called by the Journal only (it records the old value first).
  void set(Symbol key, std::int64_t value);
  friend bool operator==(const SymbolCounts&, const SymbolCounts&) = default;
};

// A card, token or copy in the game. Base characteristics live in the CardDef (`card`);
// everything here is status, which changes as the game goes on.
struct GameObject {
  ObjectId id;
  CardId card;
  PlayerId owner;
  PlayerId controller;
  ZoneRef zone;
  std::uint32_t zone_changes = 0;  // bumps on every zone move: a moved object is a new object
  std::uint32_t timestamp = 0;     // rule 613.7: when it entered its zone
  std::int32_t damage = 0;         // marked damage
  bool tapped = false;
  bool face_down = false;
  bool token = false;
  bool summoning_sick = false;
  SymbolCounts counters;
  SymbolCounts attrs;

  ObjectRef ref() const { return ObjectRef{id, zone_changes}; }
  friend bool operator==(const GameObject&, const GameObject&) = default;
};

enum class Outcome : std::uint8_t { playing, won, lost, drew };

struct Player {
  PlayerId id;
  std::int32_t life = 0;
  Outcome outcome = Outcome::playing;
  SymbolCounts counters;  // poison…
  SymbolCounts attrs;     // armor, lands_played, fatigue…
  friend bool operator==(const Player&, const Player&) = default;
};

struct Zone {
  ZoneRef ref;
  std::vector<ObjectId> objects;  // back() is the top / most recent
  friend bool operator==(const Zone&, const Zone&) = default;
};

// What a triggered ability remembers of the event that triggered it ("that much damage",
// "that creature"). Small and fixed so pending triggers stay plain data.
struct EventRecord {
  Symbol kind;         // the event type's name, e.g. "damage"_sym
  Target subject;      // what the event happened to (damaged object or player, moved card)
  Target other;        // the other party (damage source, …)
  std::int64_t amount = 0;
  friend auto operator<=>(const EventRecord&, const EventRecord&) = default;
};

// A spell or ability on the stack. For a spell, `source` is the card itself, in the stack zone.
struct StackItem {
  std::uint32_t id = 0;
  ObjectRef source;
  CardId card;  // the source's card when it was put on the stack (its abilities are used)
  std::uint16_t ability = 0;  // index into card's abilities
  PlayerId controller;
  bool is_spell = false;
  std::int64_t x = 0;
  std::vector<Target> targets;
  EventRecord trigger_event;  // for a triggered ability: what triggered it
  friend bool operator==(const StackItem&, const StackItem&) = default;
};

// A triggered ability that fired and waits to be put on the stack (rule 603.3).
struct PendingTrigger {
  ObjectRef source;
  CardId card;
  std::uint16_t ability = 0;
  PlayerId controller;
  EventRecord event;
  friend bool operator==(const PendingTrigger&, const PendingTrigger&) = default;
};

// How long a floating effect lasts.
enum class Duration : std::uint8_t {
  end_of_turn,       // "until end of turn": ended by Game::end_effects(Duration::end_of_turn)
  source_in_play,    // while its source stays on the battlefield with the same zone_changes
  permanent,         // until the affected object leaves its zone or the game ends
};

// A continuous effect created by a resolving spell or ability ("target creature gets +3/+3
// until end of turn", a Hearthbreaker buff). Its behaviour is the ContinuousEffect of
// `card.abilities[ability]`; `a` and `b` are that effect's numbers (+3, +3).
// Static abilities of permanents ("auras") are not stored: they are derived from the objects
// in play at every query, so removing the source removes the effect.
struct FloatingEffect {
  std::uint32_t id = 0;
  ObjectRef source;
  CardId card;
  std::uint16_t ability = 0;
  PlayerId controller;
  Target affected;
  std::uint32_t timestamp = 0;
  Duration until = Duration::end_of_turn;
  std::int64_t a = 0;
  std::int64_t b = 0;
  friend bool operator==(const FloatingEffect&, const FloatingEffect&) = default;
};

// Where the game is in its turn. `step` is the rules module's own numbering.
struct TurnState {
  std::uint32_t number = 0;
  std::uint16_t step = 0;
  PlayerId active;
  PlayerId priority;
  // Consecutive priority passes since the last action (rule 117.4: when every player has passed
  // in a row, the top of the stack resolves or the step ends). Kept here for any rules module in
  // which priority goes round, rather than in a game attr: a pass is the commonest edit of a
  // game, and a field is cheaper to set and to clear than a sorted attr list (Journal::set_passes).
  // hash() counts it as the game attr `passes` it once was, so every state hashes as before.
  std::uint32_t passes = 0;
  friend bool operator==(const TurnState&, const TurnState&) = default;
};

struct ANVIL_API GameState {
  std::vector<Player> players;
  std::vector<GameObject> objects;  // indexed by ObjectId; ids are never reused
  std::vector<Zone> zones;          // per player kPlayerZoneKinds zones, then the stack
  std::vector<StackItem> stack;     // back() is the top
  std::vector<PendingTrigger> pending_triggers;
  std::vector<FloatingEffect> effects;
  TurnState turn;
  SplitMix64 rng;
  SymbolCounts attrs;  // game-wide values a rules module keeps (e.g. "rounds")
  std::uint32_t next_timestamp = 1;
  std::uint32_t next_stack_id = 1;
  std::uint32_t next_effect_id = 1;
  bool over = false;

  GameState() = default;
  // A game for `players` seats, its RNG seeded with `seed`, every zone empty.
  GameState(std::size_t players, std::uint64_t seed);

  std::size_t player_count() const { return players.size(); }
  // Both throw RulesError for an id with no player or object. Inline: they are called at
  // every step of every query.
  const Player& player(PlayerId p) const {
    if (!p.valid() || p.value >= players.size()) [[unlikely]] no_player(p);
    return players[p.value];
  }
  const GameObject& object(ObjectId id) const {
    if (!exists(id)) [[unlikely]] no_object(id);
    return objects[id.value];
  }
  // Compared in bytes: the object count is a division by sizeof(GameObject), a multiply at every
  // look-up, and the invalid id (all ones) is far past the end of any list.
  bool exists(ObjectId id) const {
    return std::size_t{id.value} * sizeof(GameObject) <
           static_cast<std::size_t>(objects.end() - objects.begin()) * sizeof(GameObject);
  }
  // True when `ref` still names the same object in the same zone it was referenced in.
  bool is_current(ObjectRef ref) const;
  // Inline with their check kept (a zone that does not exist throws RulesError): the rules
  // look zones up at every check.
  const Zone& zone(ZoneRef z) const { return zones[zone_index(z)]; }
  std::size_t zone_index(ZoneRef z) const {
    if (z.kind == ZoneKind::stack) return zones.size() - 1;
    if (z.kind == ZoneKind::none || !z.owner.valid() || z.owner.value >= players.size())
        [[unlikely]]
      no_zone(z);
    return z.owner.value * kPlayerZoneKinds + (static_cast<std::size_t>(z.kind) - 1);
  }

  friend bool operator==(const GameState&, const GameState&) = default;

 private:
  [[noreturn]] static void no_player(PlayerId p);
  [[noreturn]] static void no_object(ObjectId id);
  [[noreturn]] static void no_zone(ZoneRef z);
};

// A stable 64-bit hash of everything in the state: same game, same hash, in any process.
// Does not depend on memory addresses or on the iteration order of any hash container.
ANVIL_API std::uint64_t hash(const GameState& state);

// Where object `id` stands among the objects of its zone made from the same card (a pool has one
// card of each name: its namesakes there): its place in the zone's order, from 1, and how many
// there are. The rules modules' labels and the scenarios' "Grizzly Bears #2" both count by it.
// REQUIRES: the object is in a zone (not ZoneKind::none).
struct NamesakePlace {
  std::size_t position = 0;
  std::size_t count = 0;
};
inline NamesakePlace namesake_place(const GameState& state, ObjectId id) {
  const GameObject& o = state.object(id);
  NamesakePlace out;
  for (ObjectId other : state.zone(o.zone).objects) {
    if (state.objects[other.value].card != o.card) continue;
    ++out.count;
    if (other == id) out.position = out.count;
  }
  return out;
}

ANVIL_END_NAMESPACE
