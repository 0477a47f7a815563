// A shared library with one exported function and no Anvil handshake: the host must refuse it
// as "not an Anvil plugin" without loading it.
extern "C" __attribute__((visibility("default"))) int anvil_test_not_a_plugin() { return 42; }
