#include "anvil/ability.hpp"

#include "anvil/event_bus.hpp"

ANVIL_BEGIN_NAMESPACE

const char* to_string(AbilityKind k) {
  switch (k) {
    case AbilityKind::spell: return "spell";
    case AbilityKind::activated: return "activated";
    case AbilityKind::triggered: return "triggered";
    case AbilityKind::static_: return "static";
    case AbilityKind::replacement: return "replacement";
    case AbilityKind::keyword: return "keyword";
  }
  return "?";
}

ContinuousEffect::~ContinuousEffect() = default;
bool ContinuousEffect::may_read_turn() const { return true; }
ContinuousEffect::Requirement ContinuousEffect::requirement() const { return {}; }
Ability::~Ability() = default;

ZoneMask Ability::zones() const { return zone_bit(ZoneKind::battlefield); }
void Ability::connect(Game&, ObjectId, std::vector<Connection>&) const {}
const ContinuousEffect* Ability::continuous() const { return nullptr; }
std::size_t Ability::target_count() const { return 0; }
std::string Ability::target_prompt(std::size_t index) const { return "target " + std::to_string(index + 1); }
bool Ability::can_target(const Game&, const ResolveContext&, std::size_t, const Target&) const { return false; }
Ability::TargetRequirement Ability::target_requirement(std::size_t) const { return {}; }
void Ability::resolve(Game&, const ResolveContext&) const {}
std::string Ability::describe_on_stack(const Game&, const ResolveContext&) const { return describe(); }

ANVIL_END_NAMESPACE
