// The spell keywords beside spDamageTgt that a Drawback$ follows: spDraw (you draw cards;
// Thirst for Knowledge) and spBounceTgt (return target permanent to its owner's hand; Call to
// Heel). docs/script-reference.md, "Draw spells" and "Bounce spells".
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::keyword_damage {

// Registers spDraw and spBounceTgt.
void register_spell_keywords(Registrar& registrar);

}  // namespace anvil::keyword_damage
