// What commands share: the registry with every plugin loaded, and where packs are looked for.
// Search order, for plugins and packs alike: bundled (beside the executable), then
// $ANVIL_HOME, then each --plugin-dir / --pack-dir in the order given; plugins shipped in bundled
// packs load last.
#pragma once

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/registry.hpp>
#include <filesystem>
#include <map>
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
  // The used packs that ship plugins of which some did not load (refused by the trust policy,
  // failing their sha256, unreadable, or failing to load), by pack folder: the files, for the
  // one warning that says their cards and decks are not read (unread_pack()). A plugin whose
  // name another copy loaded first is not counted: its keywords are there.
  std::map<std::filesystem::path, std::string> packs_missing_plugins;
};

// Pack versions to use instead of the highest: name → version (`anvil replay`, which plays a
// game with the versions it was recorded with).
using PackPins = std::map<std::string, std::string>;

// Marks, for each pack `pins` names, the found pack of that version as the one used and the
// others of its name as not; a name whose pinned version is not among `found` is left as it is
// (PackLibrary::use_version() says so).
void pin_versions(std::vector<FoundPack>& found, const PackPins& pins);

// Loads every plugin found in the plugin folders, then the plugins shipped in the used packs:
// those of bundled packs (is_bundled_pack) when their sha256 matches the pack's manifest, those
// of packs installed in $ANVIL_HOME/packs only when `anvil pack install --trust` recorded them
// in $ANVIL_HOME/trust.yaml and the file still has that digest (pack_trust.hpp); packs from
// anywhere else that ship plugins get a warning and are not loaded (docs/pack-format.md,
// "Plugins shipped in packs"). A plugin that fails to load or is refused is reported on stderr
// as a warning ("anvil: warning: …") and the others still load. The plugins of the packs named
// `checked_pack` are not loaded: `pack validate` and `pack install` load those of the version
// they check instead (a new version ships the same plugins, and one plugin loads only once).
// With `pins`, the plugins of the pinned versions are the ones loaded (pin_versions()).
std::unique_ptr<Engine> start_engine(const GlobalOptions& options,
                                     std::string_view checked_pack = {}, const PackPins& pins = {});

// Why no rules module is found by `name`: "no rules module named 'clasic' is loaded; did you
// mean 'classic'?", or with nothing close, the ones that are loaded.
std::string no_rules_module(const Registry& registry, std::string_view name);

// Whether the pack folder `dir` is inside the bundled pack folder (bundled_pack_dir(), which
// $ANVIL_PACK_DIR overrides), both resolved through symlinks: trust follows where the files are.
bool is_bundled_pack(const std::filesystem::path& dir);

// A pack folder to search, and what to call it in listings.
struct PackDir {
  std::filesystem::path path;
  std::string source;  // "bundled", "installed" or "--pack-dir"
};
std::vector<PackDir> pack_search_dirs(const GlobalOptions& options);
// Every pack in the folders pack_search_dirs() names, as find_packs() reports them.
std::vector<FoundPack> find_searched_packs(const GlobalOptions& options);

// The files of the plugins pack `m` ships, comma-separated ("?" for one with no file), for
// messages about them.
std::string provided_plugin_files(const PackManifest& m);

}  // namespace anvil::cli
