// The tag actions the hearth rules register for the tags plugin to compile (tag_actions.cpp).
#pragma once

#include "hearth.hpp"

namespace anvil::rules_hearth {

// summon_copy {selector}: docs/hearth-tags.md.
void register_tag_actions(Registrar& registrar);

}  // namespace anvil::rules_hearth
