// tags: Hearthbreaker's tag format (README.md): the card loaders `hearth` (v2) and `hearth-v1`,
// and every built-in action, status, selector, condition and event, registered by name.
#include <anvil/sdk.hpp>

#include "compiler.hpp"
#include "loader.hpp"

ANVIL_PLUGIN("tags", "0.1.0", "Hearthbreaker tag format: card loaders hearth, hearth-v1 and tag parts") {
  registrar.add<anvil::CardLoader>("hearth", std::make_shared<anvil::tags::HearthLoader>(false));
  registrar.add<anvil::CardLoader>("hearth-v1", std::make_shared<anvil::tags::HearthLoader>(true));
  anvil::tags::register_actions(registrar);
  anvil::tags::register_statuses(registrar);
  anvil::tags::register_selectors(registrar);
  anvil::tags::register_conditions(registrar);
  anvil::tags::register_events(registrar);
}
