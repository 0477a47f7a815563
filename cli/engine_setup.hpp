// What commands share: the registry with every plugin loaded, and where packs are looked for.
// Search order, for plugins and packs alike: bundled (beside the executable), then
// $ANVIL_HOME, then each --plugin-dir / --pack-dir in the order given.
#pragma once

#include <anvil/plugin_host.hpp>
#include <anvil/registry.hpp>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "commands.hpp"

namespace anvil::cli {

// The registry and the host that filled it. Not movable: the host refers to the registry.
struct Engine {
  Registry registry;
  PluginHost host{registry};
  std::vector<std::filesystem::path> plugin_dirs;  // searched, in order
};

// Loads every plugin found. A plugin that fails to load is reported on stderr as a warning
// ("anvil: warning: …") and the others still load.
std::unique_ptr<Engine> start_engine(const GlobalOptions& options);

// A pack folder to search, and what to call it in listings.
struct PackDir {
  std::filesystem::path path;
  std::string source;  // "bundled", "installed" or "--pack-dir"
};
std::vector<PackDir> pack_search_dirs(const GlobalOptions& options);

}  // namespace anvil::cli
