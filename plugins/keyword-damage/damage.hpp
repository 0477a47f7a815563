// The keyword handlers of keyword-damage.
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::keyword_damage {

// Registers spDamageTgtC, spDamageTgtP, spDamageTgtCP, spDamageTgt, Cantrip and the activated
// abDamageTgtC, abDamageTgtP, abDamageTgtCP and abDamageSelf.
void register_keywords(Registrar& registrar);

}  // namespace anvil::keyword_damage
