// A plugin that calls a function defined nowhere. Linked without -z defs, it builds; loaded with
// RTLD_NOW, it must fail at load with dlerror naming the symbol, before any of it runs.
#include <anvil/sdk.hpp>

extern "C" int anvil_test_defined_nowhere();

ANVIL_PLUGIN(TEST_PLUGIN_NAME, "1.0.0", "test plugin with an unresolved symbol") {
  (void)registrar;
  (void)anvil_test_defined_nowhere();
}
