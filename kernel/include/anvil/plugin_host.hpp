// PluginHost: finds, checks and loads plugin libraries with Boost.DLL, then registers what
// they provide into a Registry.
//
//   Registry registry;
//   PluginHost host(registry);
//   for (const PluginError& e : host.load_dir(bundled_plugin_dir())) report(e);
//   host.load("/home/me/build/value-doubled.so");     // throws PluginError
//
// Loading one library, in order: list its exports with boost::dll::library_info without
// running it (a file that is not a shared library is refused here); require both handshake
// aliases; load it with rtld_now so a missing symbol fails now, not mid-game; read and check
// the handshake (magic, ABI, compiler, standard library, Boost, SDK); run its register
// function into a Registrar; commit the entries all together. Any failure leaves the registry
// as it was and the host running.
//
// Policy: a loaded library stays loaded until the process exits (plugins are never unloaded;
// swapping an agent or rules module means selecting another entry). `reload` exists for plugin
// authors, in builds with ANVIL_PLUGIN_RELOAD, and really unmaps the old library.
#pragma once

#include <cstdint>
#include <deque>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/error.hpp"
#include "anvil/registry.hpp"

ANVIL_BEGIN_NAMESPACE

struct LoadedPlugin {
  std::string name;
  std::string version;
  std::string description;
  std::string file;
  std::uint32_t abi_major = 0;
  std::uint32_t abi_minor = 0;
  std::string fingerprint;  // "gcc 12, libstdc++ 12 cxx11-abi, boost 107400, sdk 0.1.0"
  std::vector<std::pair<PluginKind, std::string>> provides;
};

class ANVIL_API PluginHost {
 public:
  explicit PluginHost(Registry& registry);
  ~PluginHost();
  PluginHost(const PluginHost&) = delete;
  PluginHost& operator=(const PluginHost&) = delete;

  // Loads one library. Throws PluginError naming the file (and the plugin once known).
  // Loading the same file twice is a no-op returning the first load.
  const LoadedPlugin& load(const std::filesystem::path& file);
  // Loads a library only if its bytes have the SHA-256 `expected_sha256` (64 lowercase hex
  // digits): the plugins that packs ship (docs/pack-format.md). The file is read once into a
  // sealed in-memory copy (memfd); the digest is of that copy and that copy is what gets
  // mapped, so the file cannot change between the check and the load. Throws PluginError on a
  // mismatch, naming both digests. Such a library may depend only on the kernel and system
  // libraries: mapped from memory, its $ORIGIN is not the pack folder.
  const LoadedPlugin& load_verified(const std::filesystem::path& file,
                                    std::string_view expected_sha256);
  // Loads every shared library in `dir` (not recursive, sorted by name). Failures are
  // returned, not thrown: one bad plugin does not stop the others. A missing dir is no error.
  std::vector<PluginError> load_dir(const std::filesystem::path& dir);

  // A deque: references returned by load() stay valid as more plugins load.
  const std::deque<LoadedPlugin>& plugins() const { return plugins_; }

  // Debug builds only (ANVIL_PLUGIN_RELOAD): drops the plugin's registry entries, unloads the
  // library and loads the file again. Throws PluginError if entries of it are still in use
  // elsewhere or if reload is not compiled in.
  const LoadedPlugin& reload(const std::string& plugin_name);
  static bool reload_supported();

 private:
  struct Library;
  const LoadedPlugin& load_library(const std::string& file, std::shared_ptr<Library> library);
  Registry& registry_;
  std::deque<LoadedPlugin> plugins_;
  std::vector<std::shared_ptr<Library>> libraries_;
};

// Where the bundled plugins and packs are, relative to the running executable
// (<prefix>/bin/anvil → <prefix>/lib/anvil/plugins, <prefix>/share/anvil/packs), and the user's
// folder ($ANVIL_HOME, default ~/.local/share/anvil).
ANVIL_API std::filesystem::path bundled_plugin_dir();
ANVIL_API std::filesystem::path bundled_pack_dir();
ANVIL_API std::filesystem::path anvil_home();

ANVIL_END_NAMESPACE
