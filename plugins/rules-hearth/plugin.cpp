// rules-hearth: the Hearthstone-like rules module "hearth" (README.md).
#include "module.hpp"
#include "tag_actions.hpp"

ANVIL_PLUGIN("rules-hearth", "0.1.0", "Hearth (Hearthstone-like) rules: heroes, mana crystals, boards of seven") {
  registrar.add<anvil::RulesModule>("hearth", std::make_shared<anvil::rules_hearth::HearthRules>());
  anvil::rules_hearth::register_tag_actions(registrar);
}
