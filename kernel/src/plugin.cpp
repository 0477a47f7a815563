#include "anvil/plugin.hpp"

#include <utility>

#include "anvil/error.hpp"

ANVIL_BEGIN_NAMESPACE

const AnvilPluginInfo& host_build_info() {
  // The same fingerprint macros ANVIL_PLUGIN expands in a plugin, expanded here in the kernel:
  // a plugin whose fingerprint differs was compiled by another toolchain than this host.
  static const AnvilPluginInfo kInfo = {
      .magic = kAnvilPluginMagic,
      .struct_size = sizeof(AnvilPluginInfo),
      .abi_major = ANVIL_ABI_MAJOR,
      .abi_minor = ANVIL_ABI_MINOR,
      .name = "anvil",
      .version = ANVIL_SDK_VERSION_STRING,
      .description = "the Anvil kernel",
      .compiler = ANVIL_COMPILER_ID,
      .stdlib = ANVIL_STDLIB_ID,
      .boost = ANVIL_BOOST_ID,
      .sdk = ANVIL_SDK_VERSION_STRING,
  };
  return kInfo;
}

Registrar::Registrar(std::string plugin, std::string version, std::string file,
                     std::shared_ptr<const void> library)
    : plugin_(std::move(plugin)),
      version_(std::move(version)),
      file_(std::move(file)),
      library_(std::move(library)) {}

void Registrar::add_erased(PluginKind kind, std::string name, std::string version,
                           std::shared_ptr<const void> impl) {
  // Name clashes are found by Registry::commit, which sees every entry at once; only what
  // cannot wait is checked here, so the error points at the add() call that caused it.
  if (!impl)
    throw PluginError(plugin_, file_,
                      "registers " + std::string(to_string(kind)) + " '" + name +
                          "' without an implementation (null pointer)",
                      "pass the object to register, e.g. std::make_shared<…>()");
  RegistryEntry e;
  e.kind = kind;
  e.name = std::move(name);
  e.version = std::move(version);
  e.provider = plugin_;
  e.file = file_;
  e.impl = std::move(impl);
  e.library = library_;
  entries_.push_back(std::move(e));
}

ANVIL_END_NAMESPACE
