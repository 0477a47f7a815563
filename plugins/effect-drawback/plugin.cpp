// effect-drawback: Drawback$ and its verbs, each an EffectVerb of its own (README.md).
#include <anvil/sdk.hpp>

#include "drawback.hpp"

ANVIL_PLUGIN("effect-drawback", "0.1.0", "Drawback$: extra effects of spells (doDrawBack)") {
  registrar.add<anvil::EffectVerb>("Drawback",
                                   std::make_shared<anvil::effect_drawback::Drawback>());
  anvil::effect_drawback::register_verbs(registrar);
  anvil::effect_drawback::register_choice_keywords(registrar);
}
