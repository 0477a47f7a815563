// format-yaml: reads .yaml/.yml card files. Registered as the card loader "yaml", which a pack
// may also name explicitly (`cards: [{glob: "cards/*.cards", format: yaml}]`).
#include <anvil/sdk.hpp>

#include "yaml_card_loader.hpp"

ANVIL_PLUGIN("format-yaml", "0.1.0", "YAML card files (.yaml, .yml)") {
  registrar.add<anvil::CardLoader>("yaml", std::make_shared<anvil::format_yaml::YamlCardLoader>());
}
