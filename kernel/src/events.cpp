#include "anvil/events.hpp"

ANVIL_BEGIN_NAMESPACE

using namespace literals;

const char* to_string(Cause c) {
  switch (c) {
    case Cause::none: return "none";
    case Cause::draw: return "draw";
    case Cause::discard: return "discard";
    case Cause::destroy: return "destroy";
    case Cause::sacrifice: return "sacrifice";
    case Cause::mill: return "mill";
    case Cause::cast: return "cast";
    case Cause::resolve: return "resolve";
    case Cause::counter: return "counter";
    case Cause::put: return "put";
    case Cause::create: return "create";
    case Cause::bounce: return "bounce";
    case Cause::exile: return "exile";
    case Cause::state_based: return "state_based";
    case Cause::rules: return "rules";
    case Cause::effect: return "effect";
  }
  return "?";
}

namespace {
Target object_in(const GameState& s, ObjectId id) {
  return s.exists(id) ? Target::of(s.objects[id.value].ref()) : Target{};
}
}  // namespace

EventRecord record_of(const GameState& s, const ZoneChangeEvent& e) {
  return {"zone_change"_sym, object_in(s, e.object), object_in(s, e.source), static_cast<std::int64_t>(e.cause)};
}
EventRecord record_of(const GameState& s, const DamageEvent& e) { return {"damage"_sym, e.target, object_in(s, e.source), e.amount}; }
EventRecord record_of(const GameState& s, const LifeChangeEvent& e) {
  return {"life_change"_sym, Target::of(e.player), object_in(s, e.source), e.delta};
}
EventRecord record_of(const GameState& s, const CounterChangeEvent& e) {
  return {"counter_change"_sym, e.target, object_in(s, e.source), e.delta};
}
EventRecord record_of(const GameState& s, const TapEvent& e) {
  return {"tap"_sym, object_in(s, e.object), object_in(s, e.source), e.tapped ? 1 : 0};
}
EventRecord record_of(const GameState&, const TurnStepEvent& e) {
  return {"turn_step"_sym, Target::of(e.active), Target{}, e.step};
}
EventRecord record_of(const GameState& s, const CastEvent& e) {
  return {"cast"_sym, object_in(s, e.spell), Target::of(e.controller), 0};
}
EventRecord record_of(const GameState& s, const AttackEvent& e) { return {"attack"_sym, object_in(s, e.attacker), e.defender, 0}; }
EventRecord record_of(const GameState& s, const BlockEvent& e) {
  return {"block"_sym, object_in(s, e.blocker), object_in(s, e.attacker), 0};
}
EventRecord record_of(const GameState& s, const ShuffleEvent& e) {
  return {"shuffle"_sym, Target::of(e.zone.owner), object_in(s, e.source), 0};
}
EventRecord record_of(const GameState&, const CustomEvent& e) { return {e.kind, e.subject, e.other, e.amount}; }

ANVIL_END_NAMESPACE
