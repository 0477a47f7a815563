// A plugin correct in every way but its ABI: CMake builds it with ANVIL_PLUGIN_ABI_MAJOR or
// ANVIL_PLUGIN_ABI_MINOR overridden, as a plugin built against another Anvil would be. The host
// must refuse it before running its register function.
#include <anvil/sdk.hpp>
#include <stdexcept>

ANVIL_PLUGIN(TEST_PLUGIN_NAME, "1.0.0", "test plugin built for another plugin ABI") {
  (void)registrar;
  throw std::logic_error("the host ran the register function of a plugin with another ABI");
}
