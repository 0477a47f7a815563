// A test-only LD_PRELOAD library: the process that loads it kills itself (SIGKILL, which nothing
// can catch or clean up after) when it is about to rename something to a path containing
// $ANVIL_TEST_KILL_AT_RENAME_TO. pack_manage_test.cmake uses it to kill `anvil pack install` at
// the rename that installs, and checks that nothing changed — without any test hook in the
// shipped `anvil`. std::filesystem::rename calls rename(3), so that is the call interposed.
#include <dlfcn.h>

#include <csignal>
#include <cstdlib>
#include <cstring>

extern "C" __attribute__((visibility("default"))) int rename(const char* from, const char* to) {
  const char* at = std::getenv("ANVIL_TEST_KILL_AT_RENAME_TO");
  if (at != nullptr && *at != '\0' && to != nullptr && std::strstr(to, at) != nullptr)
    std::raise(SIGKILL);
  using RenameFn = int (*)(const char*, const char*);
  static const auto real = reinterpret_cast<RenameFn>(dlsym(RTLD_NEXT, "rename"));
  return real(from, to);
}
