#include "engine_setup.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <system_error>

#include "output.hpp"
#include "pack_trust.hpp"
#include "pack_version.hpp"
#include "path_within.hpp"

namespace anvil::cli {

namespace {

namespace fs = std::filesystem;

void warn(const std::string& message) { fmt::print(stderr, "anvil: warning: {}\n", message); }

// Whether plugin `p` of the installed pack `m` was trusted at install and its file still has
// the digest recorded then; warns and returns false when not. (This check gives the clear
// message; PluginHost::load_verified checks the bytes it maps again, so a change after this
// check is refused too.)
bool trusted_now(const PackManifest& m, const ProvidedPlugin& p,
                 const std::vector<TrustedPlugin>& trusted, const std::string& which,
                 bool trust_unreadable) {
  const TrustedPlugin* record = find_trust(trusted, m.name, m.version.str(), p.file);
  if (record == nullptr && trust_unreadable) {
    warn(fmt::format("{}: plugin file '{}' is not loaded: {} cannot be read (above)", which, p.file,
                     trust_file().string()));
    return false;
  }
  if (record == nullptr) {
    warn(
        fmt::format("{}: plugin file '{}' is not loaded: it is not trusted (the pack was "
                    "installed without --trust, or copied by hand); reinstall it with 'anvil "
                    "pack install --trust'",
                    which, p.file));
    return false;
  }
  std::string actual;
  try {
    actual = sha256_file(m.dir / p.file);
  } catch (const LoadError& e) {
    warn(fmt::format("{}: plugin file '{}' is not loaded: {}", which, p.file, e.problem()));
    return false;
  }
  if (actual != record->sha256) {
    warn(
        fmt::format("{}: plugin file '{}' is refused: it changed after it was trusted at "
                    "install (trusted sha256 {}, the file now has {}); if the change is yours, "
                    "reinstall the pack with 'anvil pack install --trust'",
                    which, p.file, record->sha256, actual));
    return false;
  }
  return true;
}

// The trust policy for plugins shipped in packs (docs/pack-format.md, "Plugins shipped in
// packs"): those of bundled packs load, each only if its sha256 matches the manifest; those of
// installed packs load when trusted_now(); those of packs from anywhere else are refused. Only the
// pack used for its name counts. Every refusal or failure is a warning; the command goes on.
void load_pack_plugins(Engine& engine, const GlobalOptions& options, std::string_view checked_pack,
                       const PackPins& pins) {
  const std::vector<PackDir> dirs = pack_search_dirs(options);
  std::vector<fs::path> paths;
  for (const PackDir& d : dirs) paths.push_back(d.path);
  std::vector<Diagnostic> trust_problems;
  const std::vector<TrustedPlugin> trusted = read_trust(trust_problems);
  for (const Diagnostic& d : trust_problems) warn(located(d));
  if (!trust_problems.empty()) {
    warn(fmt::format(
        "{} cannot be read, so the plugins of installed packs it records are not trusted and "
        "not loaded; fix it where the warnings above say ('anvil pack install' and 'pack "
        "remove' leave it as it is until then)",
        trust_file().string()));
  }
  std::vector<FoundPack> found = find_packs(paths);
  pin_versions(found, pins);
  for (const FoundPack& pack : found) {
    const PackManifest& m = pack.manifest;
    if (!pack.used || m.provided_plugins.empty()) continue;
    if (!checked_pack.empty() && m.name == checked_pack) continue;
    // Every way out below but a load leaves the pack without that plugin: its cards and decks
    // are then not read (unread_pack()), rather than failing one by one for its keywords.
    const auto missing = [&](const std::string& file) {
      std::string& files = engine.packs_missing_plugins[pack.dir];
      files += (files.empty() ? "" : ", ") + file;
    };
    const std::string which =
        fmt::format("pack '{}' {} ({})", m.name, shown_version(m), pack.dir.string());
    const bool bundled = is_bundled_pack(pack.dir);
    if (!bundled && !is_installed_pack(pack.dir)) {
      warn(fmt::format(
          "{} ships native code ({}); it is not loaded: only the plugins of packs bundled with "
          "Anvil, or installed with 'anvil pack install --trust', are loaded",
          which, provided_plugin_files(m)));
      missing(provided_plugin_files(m));
      continue;
    }
    const bool manifest_ok =
        std::none_of(pack.diagnostics.begin(), pack.diagnostics.end(),
                     [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::error; });
    if (!manifest_ok) {
      warn(
          fmt::format("{}: its plugins ({}) are not loaded because its pack.yaml has errors; "
                      "'anvil pack show {}' lists them",
                      which, provided_plugin_files(m), pack.dir.string()));
      continue;  // load_pack() reads none of its cards: the pack.yaml's errors say why
    }
    for (const ProvidedPlugin& p : m.provided_plugins) {
      try {
        if (!bundled && !trusted_now(m, p, trusted, which, !trust_problems.empty())) {
          missing(p.file);
          continue;
        }
        if (auto problem = verify_provided_plugin(m, p)) {
          warn(fmt::format("{}; the library is not loaded", located(*problem)));
          missing(p.file);
          continue;
        }
        // The manifest's digest: for an installed pack trusted_now() found it equal to the one
        // recorded at install. The host hashes the very bytes it maps against it.
        (void)engine.host.load_verified(m.dir / p.file, p.sha256);
      } catch (const PluginError& e) {
        warn(fmt::format("{}: plugin file '{}': {}", which, p.file, e.what()));
        // Another copy of the plugin loaded first (a --plugin-dir one being developed): its
        // keywords are there, and the cards are read with them.
        if (!e.problem().starts_with("is already loaded from ")) missing(p.file);
      } catch (const std::exception& e) {  // anything unexpected: never fatal
        warn(fmt::format("{}: plugin file '{}': {}", which, p.file, e.what()));
        missing(p.file);
      }
    }
  }
}

}  // namespace

std::string no_rules_module(const Registry& registry, std::string_view name) {
  const std::vector<std::string> loaded = registry.names(PluginKind::rules_module);
  std::string hint = did_you_mean(name, loaded);
  if (hint.empty()) {
    hint = loaded.empty() ? "none is" : "loaded:";
    for (std::size_t i = 0; i < loaded.size(); ++i) hint += (i ? ", " : " ") + loaded[i];
  }
  return fmt::format("no rules module named '{}' is loaded; {}", name, hint);
}

std::unique_ptr<Engine> start_engine(const GlobalOptions& options, std::string_view checked_pack,
                                     const PackPins& pins) {
  auto engine = std::make_unique<Engine>();
  // A plugin name loads once, so the first folder holding it decides. Bundled plugins come first:
  // nothing replaces or shadows them (or the keywords they register) under the packs written for
  // them. Then each --plugin-dir, before $ANVIL_HOME/plugins: what a run names explicitly — a
  // plugin being developed — is what it runs, not an older copy installed earlier (that copy
  // is refused with a warning naming both files).
  engine->plugin_dirs.push_back(bundled_plugin_dir());
  for (const std::string& dir : options.plugin_dirs) engine->plugin_dirs.emplace_back(dir);
  engine->plugin_dirs.push_back(anvil_home() / "plugins");
  for (const auto& dir : engine->plugin_dirs) {
    for (const PluginError& e : engine->host.load_dir(dir)) warn(e.what());
  }
  load_pack_plugins(*engine, options, checked_pack, pins);
  return engine;
}

void pin_versions(std::vector<FoundPack>& found, const PackPins& pins) {
  for (const auto& [name, version] : pins) {
    const auto is_pinned = [&](const FoundPack& f) {
      return f.manifest.name == name && f.manifest.version.str() == version;
    };
    // The last of that version, as find_packs() prefers the later folder on equal versions.
    const auto pinned = std::find_if(found.rbegin(), found.rend(), is_pinned);
    if (pinned == found.rend()) continue;
    for (FoundPack& f : found)
      if (f.manifest.name == name) f.used = &f == &*pinned;
  }
}

bool is_bundled_pack(const fs::path& dir) { return is_strictly_within(dir, bundled_pack_dir()); }

std::vector<PackDir> pack_search_dirs(const GlobalOptions& options) {
  std::vector<PackDir> dirs{{bundled_pack_dir(), "bundled"}, {anvil_home() / "packs", "installed"}};
  for (const std::string& dir : options.pack_dirs) dirs.push_back({dir, "--pack-dir"});
  return dirs;
}

std::vector<FoundPack> find_searched_packs(const GlobalOptions& options) {
  std::vector<fs::path> paths;
  for (const PackDir& d : pack_search_dirs(options)) paths.push_back(d.path);
  return find_packs(paths);
}

std::string provided_plugin_files(const PackManifest& m) {
  std::string files;
  for (const ProvidedPlugin& p : m.provided_plugins)
    files += (files.empty() ? "" : ", ") + (p.file.empty() ? std::string("?") : p.file);
  return files;
}

}  // namespace anvil::cli
