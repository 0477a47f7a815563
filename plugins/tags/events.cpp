// The events of HEARTH-TAGS.md §7: player events (matched by player scope) and object events
// (fired on the owner itself). The defaults that exclude the owner are written out here; only
// version 1 files take them (Compiler::default_conditions): Hearthbreaker's PlayerEvent
// __from_json__ passes no condition when the JSON has none, and its data writes them out.
#include "compiler.hpp"

namespace anvil::tags {

namespace {

class Event final : public EventFactory {
 public:
  Event(bool player, const char* default_condition)
      : player_(player), default_(default_condition) {}
  bool player_event() const override { return player_; }
  std::shared_ptr<const Condition> default_condition(Compiler& c) const override {
    if (!default_) return nullptr;
    return c.condition(Param::map({{"name", Param::scalar(default_, {})}}, {}));
  }

 private:
  bool player_;
  const char* default_;
};

// Version 1's either {event1, event2} ("until played or the turn ends"): each event compiles
// as it would alone, and the first's chain ends with the second.
class Either final : public EventFactory {
 public:
  bool player_event() const override { return true; }
  std::optional<EventSpec> compile(const Param& tag, Compiler& c) const override {
    const Param* a = tag.find("event1");
    const Param* b = tag.find("event2");
    if (!a || !b) tag.fail("either needs 'event1' and 'event2' (two events)");
    auto first = c.event(*a);
    auto second = c.event(*b);
    if (!first || !second) return std::nullopt;
    return chain(std::move(*first), *second);
  }

 private:
  static EventSpec chain(EventSpec a, const EventSpec& b) {
    a.or_else = std::make_shared<const EventSpec>(a.or_else ? chain(*a.or_else, b) : b);
    return a;
  }
};

}  // namespace

void register_events(Registrar& r) {
  auto player = [&](const char* name, const char* def = nullptr) {
    r.add<EventFactory>(name, std::make_shared<Event>(true, def));
  };
  auto object = [&](const char* name) { r.add<EventFactory>(name, std::make_shared<Event>(false, nullptr)); };
  for (const char* n : {"turn_started", "turn_ended", "card_played", "spell_cast",
                        "card_discarded", "minion_died", "character_damaged",
                        "character_healed", "character_attack", "armor_increased",
                        "secret_revealed", "used_power"})
    player(n);
  // Hearthbreaker: these constructors default to MinionIsNotTarget / CardIsNotTarget (not the
  // owner itself); in version 2 files the condition is what the JSON says.
  player("after_added", "minion_is_not_target");
  player("minion_placed", "minion_is_not_target");
  player("minion_summoned", "minion_is_not_target");
  player("card_used", "card_is_not_target");
  player("card_drawn", "card_is_not_target");
  for (const char* n : {"attack", "attack_completed", "did_damage", "damaged", "weapon_destroyed",
                        "drawn", "spell_targeted"})
    object(n);
  r.add<EventFactory>("either", std::make_shared<Either>());
}

}  // namespace anvil::tags
