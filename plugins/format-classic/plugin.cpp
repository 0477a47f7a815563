// format-classic: reads the seed's classic card blocks from .txt files (README.md).
#include <anvil/sdk.hpp>

#include "classic_loader.hpp"

ANVIL_PLUGIN("format-classic", "0.1.0", "classic card text blocks (.txt)") {
  registrar.add<anvil::CardLoader>("classic",
                                   std::make_shared<anvil::format_classic::ClassicLoader>());
}
