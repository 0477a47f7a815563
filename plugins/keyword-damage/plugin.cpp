// keyword-damage: the seed's spDamageTgt keyword family, Cantrip, spDraw, spBounceTgt (README.md).
#include <anvil/sdk.hpp>

#include "damage.hpp"
#include "spells.hpp"

ANVIL_PLUGIN("keyword-damage", "0.1.0",
             "damage spells and abilities, Cantrip, spDraw, spBounceTgt") {
  anvil::keyword_damage::register_keywords(registrar);
  anvil::keyword_damage::register_spell_keywords(registrar);
}
