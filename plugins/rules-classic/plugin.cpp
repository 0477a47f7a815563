// rules-classic: the Magic-like rules module "classic" and its keywords (README.md).
#include "classic.hpp"
#include "module.hpp"

ANVIL_PLUGIN("rules-classic", "0.1.0",
             "Classic (Magic-like) rules: turn, priority, stack, mana, combat") {
  registrar.add<anvil::RulesModule>("classic",
                                    std::make_shared<anvil::rules_classic::ClassicRules>());
  anvil::rules_classic::register_keywords(registrar);
}
