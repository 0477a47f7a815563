// keyword-damage: the seed's spDamageTgt keyword family and Cantrip (README.md).
#include <anvil/sdk.hpp>

#include "damage.hpp"

ANVIL_PLUGIN("keyword-damage", "0.1.0", "spDamageTgt (C, P, CP) damage spells and Cantrip") {
  anvil::keyword_damage::register_keywords(registrar);
}
