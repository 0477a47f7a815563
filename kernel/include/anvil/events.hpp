// The events every card game needs. Actions (actions.hpp) build one, let replacement effects
// modify or cancel it, apply it through the Journal, then fire triggers (DESIGN.md §2).
//
// Drawing, discarding, destroying, sacrificing, milling, summoning and creating a token are all
// a ZoneChange with a Cause, so one replacement ("if a card would be put into a graveyard from
// anywhere, exile it instead") sees them all.
//
// A replacement effect edits the event in place; setting `cancelled` prevents it entirely
// (prevention, regeneration, indestructible).
#pragma once

#include <cstdint>

#include "anvil/config.hpp"
#include "anvil/ids.hpp"
#include "anvil/state.hpp"
#include "anvil/symbol.hpp"

ANVIL_BEGIN_NAMESPACE

enum class Cause : std::uint8_t {
  none,
  draw,
  discard,
  destroy,
  sacrifice,
  mill,
  cast,        // a spell moved to the stack
  resolve,     // a spell moved off the stack as it resolved
  counter,     // a spell countered
  put,         // put onto the battlefield (summon, "put onto the battlefield", play a land)
  create,      // a token coming into existence
  bounce,      // returned to hand
  exile,
  state_based, // a state-based action (lethal damage, 0 toughness, legend rule…)
  rules,       // any other rule of the rules module (cleanup discard, overdraw…)
  effect,      // any other effect
};
ANVIL_API const char* to_string(Cause c);

struct EventBase {
  bool cancelled = false;
};

struct ZoneChangeEvent : EventBase {
  ObjectId object;
  ZoneRef from;
  ZoneRef to;
  Cause cause = Cause::none;
  ObjectId source;  // the spell or ability that caused it, if any
  PlayerId player;  // the player who drew, discarded, sacrificed, …
  std::size_t position = static_cast<std::size_t>(-1);  // in `to`; -1 = on top
};

struct DamageEvent : EventBase {
  ObjectId source;
  Target target;
  std::int32_t amount = 0;
  bool combat = false;
  bool preventable = true;
};

// delta > 0 is life gain, delta < 0 life loss.
struct LifeChangeEvent : EventBase {
  PlayerId player;
  std::int32_t delta = 0;
  ObjectId source;
};

struct CounterChangeEvent : EventBase {
  Target target;
  Symbol kind;
  std::int32_t delta = 0;  // > 0 put, < 0 removed
  ObjectId source;
};

struct TapEvent : EventBase {
  ObjectId object;
  bool tapped = true;  // false: untap
  ObjectId source;
};

// The start of a step or phase (the rules module's numbering).
struct TurnStepEvent : EventBase {
  std::uint32_t turn = 0;
  std::uint16_t step = 0;
  PlayerId active;
};

struct CastEvent : EventBase {
  ObjectId spell;
  PlayerId controller;
};

struct AttackEvent : EventBase {
  ObjectId attacker;
  Target defender;
};

struct BlockEvent : EventBase {
  ObjectId blocker;
  ObjectId attacker;
};

struct ShuffleEvent : EventBase {
  ZoneRef zone;
  ObjectId source;
};

// An event type that a rules module or plugin adds by name ("overload", "combo", "minion_placed").
struct CustomEvent : EventBase {
  Symbol kind;
  Target subject;
  Target other;
  std::int64_t amount = 0;
  ObjectId source;
};

// Every event type the bus carries, for code that must handle them all (the bus, the tests).
#define ANVIL_EVENT_TYPES(X)  \
  X(ZoneChangeEvent, zone_change) \
  X(DamageEvent, damage)          \
  X(LifeChangeEvent, life_change) \
  X(CounterChangeEvent, counter_change) \
  X(TapEvent, tap)                \
  X(TurnStepEvent, turn_step)     \
  X(CastEvent, cast)              \
  X(AttackEvent, attack)          \
  X(BlockEvent, block)            \
  X(ShuffleEvent, shuffle)        \
  X(CustomEvent, custom)

// The event's record kept by pending triggers ("that much damage", "that creature"). Objects
// are referenced as they are in `state` (call it after the event was applied).
ANVIL_API EventRecord record_of(const GameState& state, const ZoneChangeEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const DamageEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const LifeChangeEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const CounterChangeEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const TapEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const TurnStepEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const CastEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const AttackEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const BlockEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const ShuffleEvent& e);
ANVIL_API EventRecord record_of(const GameState& state, const CustomEvent& e);

ANVIL_END_NAMESPACE
