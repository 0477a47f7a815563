// value-count: Count$ (xCount) and the keyword CountsAsNamedInYard. Other plugins add counting
// descriptions as ValueFunctions named "Count.<Description>" (README.md).
#include <anvil/sdk.hpp>

#include "alias.hpp"
#include "count.hpp"

ANVIL_PLUGIN("value-count", "0.1.0", "Count$: counting descriptions for X amounts (xCount)") {
  registrar.add<anvil::ValueFunction>("Count", std::make_shared<anvil::value_count::Count>());
  anvil::value_count::register_alias_keyword(registrar);
}
