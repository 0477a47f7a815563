#include "engine_setup.hpp"

#include <fmt/core.h>

namespace anvil::cli {

std::unique_ptr<Engine> start_engine(const GlobalOptions& options) {
  auto engine = std::make_unique<Engine>();
  engine->plugin_dirs.push_back(bundled_plugin_dir());
  engine->plugin_dirs.push_back(anvil_home() / "plugins");
  for (const std::string& dir : options.plugin_dirs) engine->plugin_dirs.emplace_back(dir);
  for (const auto& dir : engine->plugin_dirs) {
    for (const PluginError& e : engine->host.load_dir(dir))
      fmt::print(stderr, "anvil: warning: {}\n", e.what());
  }
  return engine;
}

std::vector<PackDir> pack_search_dirs(const GlobalOptions& options) {
  std::vector<PackDir> dirs{{bundled_pack_dir(), "bundled"}, {anvil_home() / "packs", "installed"}};
  for (const std::string& dir : options.pack_dirs) dirs.push_back({dir, "--pack-dir"});
  return dirs;
}

}  // namespace anvil::cli
