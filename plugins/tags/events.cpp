// The events of HEARTH-TAGS.md §7: player events (matched by player scope) and object events
// (fired on the owner itself). The defaults that exclude the owner are written out here.
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
  // Hearthbreaker: these default to MinionIsNotTarget / CardIsNotTarget (not the owner itself).
  player("after_added", "minion_is_not_target");
  player("minion_placed", "minion_is_not_target");
  player("minion_summoned", "minion_is_not_target");
  player("card_used", "card_is_not_target");
  player("card_drawn", "card_is_not_target");
  for (const char* n : {"attack", "attack_completed", "did_damage", "damaged", "weapon_destroyed",
                        "drawn", "spell_targeted"})
    object(n);
}

}  // namespace anvil::tags
