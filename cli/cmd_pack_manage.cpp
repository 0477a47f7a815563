// anvil pack validate|install|remove (issue 7): check a pack as install would, install it into
// $ANVIL_HOME/packs/NAME/VERSION atomically (staged beside its destination, validated there,
// then renamed), and remove it again. Trust of shipped native plugins: pack_trust.hpp.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <set>
#include <system_error>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "output.hpp"
#include "pack_archive.hpp"
#include "pack_library.hpp"
#include "pack_trust.hpp"

namespace anvil::cli {

namespace {

namespace fs = std::filesystem;

// A warning for each plugin whose abilities the pack's cards use but which `requires: plugins`
// does not name: its version is then never checked against the pack. One per plugin, at the
// first card that uses it.
void check_undeclared_plugins(LoadedPack& pack) {
  std::set<std::string, std::less<>> declared;
  for (const PackRequirement& r : pack.manifest.required_plugins) declared.insert(r.name);
  std::set<std::string, std::less<>> reported;
  for (const CardDef& card : pack.cards) {
    for (const AbilityDef& a : card.abilities) {
      if (a.provider.empty() || a.provider == "host" || declared.contains(a.provider) ||
          !reported.insert(a.provider).second)
        continue;
      pack.diagnostics.push_back(
          {Diagnostic::Severity::warning, a.where,
           "card '" + card.name + "' uses '" + a.text + "' from plugin '" + a.provider +
               "', which pack.yaml does not require; add it under 'requires: plugins' with the "
               "versions the cards are written for"});
    }
  }
}

// Everything install checks, on the pack folder `dir`: its files (check_pack_files), the
// manifest and every card and deck (load_pack), the packs it requires, and its native plugins.
// With `trust` the plugins the pack ships are loaded into `engine` first (after their sha256
// check), so that the keywords they register resolve; without it, a pack that ships plugins is
// an error when `installing`, a warning when only validating.
LoadedPack check_pack(const GlobalOptions& options, const fs::path& dir, Engine& engine,
                      const std::vector<FoundPack>& found, bool trust, bool installing) {
  std::vector<Diagnostic> files = check_pack_files(dir);
  ManifestResult m = read_manifest(dir);
  if (trust && m.ok()) {
    for (const ProvidedPlugin& p : m.manifest.provided_plugins) {
      if (verify_provided_plugin(m.manifest, p)) continue;  // load_pack reports it
      try {
        (void)engine.host.load(dir / p.file);
      } catch (const std::exception& e) {
        files.push_back({Diagnostic::Severity::error, p.where,
                         "plugin file '" + p.file + "' cannot be loaded: " + e.what()});
      }
    }
  }
  LoadedPack pack = load_pack(dir, engine.registry);
  pack.diagnostics.insert(pack.diagnostics.begin(), files.begin(), files.end());
  check_undeclared_plugins(pack);
  // The pack itself may already be installed or bundled: a pack never requires itself.
  std::vector<FoundPack> others;
  for (const FoundPack& f : found)
    if (f.manifest.name != pack.manifest.name) others.push_back(f);
  for (Diagnostic& d : check_required_packs(pack.manifest, others))
    pack.diagnostics.push_back(std::move(d));
  PackLibrary library(options, engine.registry);
  library.check_decks(pack);  // a deck's typo, and a deck no game can start with
  if (!trust && !pack.manifest.provided_plugins.empty()) {
    pack.diagnostics.push_back(
        {installing ? Diagnostic::Severity::error : Diagnostic::Severity::warning,
         pack.manifest.provided_plugins.front().where,
         installing ? "the pack ships native code (" + provided_plugin_files(pack.manifest) +
                          "), which runs with your rights; install it only if you trust its "
                          "authors, with 'anvil pack install --trust'"
                    : "the pack ships native code (" + provided_plugin_files(pack.manifest) +
                          "), not loaded for this check: cards using its keywords fail; "
                          "'--trust' loads it"});
  }
  return pack;
}

int report(const LoadedPack& pack, const std::string& arg, bool json) {
  const int status = pack.ok() ? kExitOk : kExitFailed;
  if (json) {
    fmt::print("{}\n", json_text(pack_report_json(pack)));
    return status;
  }
  print_diagnostics(stderr, pack.diagnostics);
  fmt::print(stderr, "{}: {}, {}, {}\n", pack.manifest.name.empty() ? arg : pack.manifest.name,
             count_of(pack.cards.size(), "card"), count_of(pack.error_count(), "error"),
             count_of(pack.warning_count(), "warning"));
  return status;
}

int run_validate(const GlobalOptions& options, const std::string& arg, bool trust, bool json) {
  const fs::path dir(arg);
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    fmt::print(stderr, "anvil: error: '{}' is not a pack folder\n", arg);
    return kExitFailed;
  }
  auto engine = start_engine(options);
  const LoadedPack pack =
      check_pack(options, dir, *engine, find_searched_packs(options), trust, false);
  return report(pack, arg, json);
}

// A folder under $ANVIL_HOME/packs whose name starts with '.', so find_packs() never sees it,
// removed with everything in it when the install ends, however it ends (but a kill).
class Staging {
 public:
  Staging() {
    const fs::path packs = anvil_home() / "packs";
    fs::create_directories(packs);
    remove_abandoned(packs);
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
      path_ = packs / fmt::format(".staging-{}-{:08x}", ::getpid(), random());
      if (fs::create_directory(path_)) return;
    }
    throw std::runtime_error("cannot create a staging folder in " + packs.string());
  }
  ~Staging() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  Staging(const Staging&) = delete;
  Staging& operator=(const Staging&) = delete;
  const fs::path& path() const { return path_; }

 private:
  // The staging folders of installs that were killed: ".staging-<pid>-…" whose process is gone.
  static void remove_abandoned(const fs::path& packs) {
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(packs, ec)) {
      const std::string name = entry.path().filename().string();
      if (!name.starts_with(".staging-")) continue;
      const std::string pid = name.substr(9, name.find('-', 9) - 9);
      if (pid.empty() || fs::exists(fs::path("/proc") / pid, ec)) continue;
      fs::remove_all(entry.path(), ec);
    }
  }
  fs::path path_;
};

// Copies the pack folder `from` into `to`: folders and regular files; a symlink inside the pack
// (check_pack_files() refused those leading out) is copied as the file it names.
void copy_pack(const fs::path& from, const fs::path& to) {
  fs::create_directories(to);
  for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator();
       ++it) {
    const fs::path rel = it->path().lexically_relative(from);
    if (it->is_symlink() && it->is_directory())
      throw std::runtime_error(it->path().string() + " is a symlink to a folder; copy it instead");
    if (it->is_directory())
      fs::create_directories(to / rel);
    else if (it->is_regular_file())
      fs::copy_file(it->path(), to / rel);
    else
      throw std::runtime_error(it->path().string() + " is not a regular file or folder");
  }
}

// The pack folder inside what was unpacked: its root, or its only folder.
std::optional<fs::path> pack_root(const fs::path& unpacked) {
  if (fs::is_regular_file(unpacked / kPackManifestFile)) return unpacked;
  std::vector<fs::path> children;
  for (const auto& e : fs::directory_iterator(unpacked)) children.push_back(e.path());
  if (children.size() == 1 && fs::is_regular_file(children[0] / kPackManifestFile))
    return children[0];
  return std::nullopt;
}

int run_install(const GlobalOptions& options, const std::string& arg, bool trust) {
  const fs::path source(arg);
  std::error_code ec;
  if (!fs::exists(source, ec)) {
    fmt::print(stderr, "anvil: error: '{}' does not exist\n", arg);
    return kExitFailed;
  }
  const PackFileLimits limits;
  Staging staging;
  const fs::path unpacked = staging.path() / "unpacked";
  fs::create_directory(unpacked);
  if (is_archive(source)) {
    unpack_archive(source, unpacked, limits);
  } else {
    std::vector<Diagnostic> files = check_pack_files(source, limits);
    if (!files.empty()) {
      print_diagnostics(stderr, files);
      fmt::print(stderr, "anvil: error: '{}' is not installed ({}); nothing was changed\n", arg,
                 count_of(files.size(), "error"));
      return kExitFailed;
    }
    copy_pack(source, unpacked);
  }
  const std::optional<fs::path> root = pack_root(unpacked);
  if (!root) {
    fmt::print(stderr, "anvil: error: '{}' holds no pack: no {} at its top or in its only folder\n",
               arg, kPackManifestFile);
    return kExitFailed;
  }

  if (!trust) {
    const ManifestResult m = read_manifest(*root);
    if (!m.manifest.provided_plugins.empty()) {
      fmt::print(stderr,
                 "anvil: error: {} ships native code ({}), which would run with your rights; "
                 "if you trust its authors, install it with 'anvil pack install --trust {}'; "
                 "nothing was changed\n",
                 m.manifest.name.empty() ? arg : m.manifest.name, provided_plugin_files(m.manifest),
                 arg);
      return kExitFailed;
    }
  }
  auto engine = start_engine(options);
  LoadedPack pack = check_pack(options, *root, *engine, find_searched_packs(options), trust, true);
  // Problems name the files the user has: in the folder given, or "ARCHIVE:path/in/archive".
  const fs::path shown = is_archive(source)
                             ? fs::path(arg + ":" + root->lexically_relative(unpacked).string())
                             : source;
  for (Diagnostic& d : pack.diagnostics) {
    const fs::path rel = fs::path(d.where.file).lexically_relative(*root);
    if (!d.where.file.empty() && !rel.empty() && *rel.begin() != "..")
      d.where.file = (shown / rel).lexically_normal().string();
  }
  if (!pack.ok()) {
    (void)report(pack, arg, false);
    fmt::print(stderr, "anvil: error: '{}' is not installed; nothing was changed\n", arg);
    return kExitFailed;
  }
  const PackManifest& m = pack.manifest;
  const fs::path target = anvil_home() / "packs" / m.name / m.version.str();
  if (fs::exists(target, ec)) {
    fmt::print(stderr,
               "anvil: error: {} {} is already installed in {}; 'anvil pack remove {} --version "
               "{}' first\n",
               m.name, m.version.str(), target.string(), m.name, m.version.str());
    return kExitFailed;
  }

  // Trust first (a record for files not installed yet trusts nothing), then the rename.
  std::vector<Diagnostic> trust_problems;
  std::vector<TrustedPlugin> records = read_trust(trust_problems);
  const std::vector<TrustedPlugin> before = records;
  if (trust && !m.provided_plugins.empty()) {
    std::erase_if(records, [&](const TrustedPlugin& t) {
      return t.pack == m.name && t.version == m.version.str();
    });
    for (const ProvidedPlugin& p : m.provided_plugins)
      records.push_back({m.name, m.version.str(), p.file, sha256_file(*root / p.file)});
    write_trust(records);
  }
  fs::create_directories(target.parent_path());
  fs::rename(*root, target, ec);
  if (ec) {
    if (records.size() != before.size() || trust) write_trust(before);
    fmt::print(stderr, "anvil: error: cannot move the pack into {}: {}; nothing was changed\n",
               target.string(), ec.message());
    return kExitFailed;
  }
  print_diagnostics(stderr, pack.diagnostics);  // warnings only
  fmt::print("installed {} {} ({}) into {}{}\n", m.name, m.version.str(),
             count_of(pack.cards.size(), "card"), target.string(),
             trust && !m.provided_plugins.empty()
                 ? fmt::format("; trusted {} by sha256", provided_plugin_files(m))
                 : std::string());
  return kExitOk;
}

int run_remove(const GlobalOptions& options, const std::string& name, const std::string& version,
               bool force) {
  const std::vector<FoundPack> found = find_searched_packs(options);
  std::vector<const FoundPack*> targets;
  for (const FoundPack& f : found) {
    if (f.manifest.name != name || !is_installed_pack(f.dir)) continue;
    if (!version.empty() && f.manifest.version.str() != version) continue;
    targets.push_back(&f);
  }
  if (targets.empty()) {
    fmt::print(stderr, "anvil: error: no installed pack '{}'{} in {}\n", name,
               version.empty() ? "" : " version " + version, (anvil_home() / "packs").string());
    return kExitFailed;
  }
  // Who would lose a requirement: any other pack found that requires `name`, unless a version
  // that stays (another installed version, or a bundled one) still satisfies it.
  std::vector<std::string> dependents;
  for (const FoundPack& f : found) {
    if (f.manifest.name == name) continue;
    for (const PackRequirement& r : f.manifest.required_packs) {
      if (r.name != name) continue;
      const bool still_met = std::any_of(found.begin(), found.end(), [&](const FoundPack& o) {
        return o.manifest.name == name && r.range.contains(o.manifest.version) &&
               std::none_of(targets.begin(), targets.end(),
                            [&](const FoundPack* t) { return t == &o; });
      });
      if (!still_met)
        dependents.push_back(fmt::format("{} {} (requires {} {}, {})", f.manifest.name,
                                         f.manifest.version.str(), name, r.range.text,
                                         f.dir.string()));
    }
  }
  if (!dependents.empty() && !force) {
    fmt::print(stderr, "anvil: error: '{}' is not removed: other packs require it:\n", name);
    for (const std::string& d : dependents) fmt::print(stderr, "  {}\n", d);
    fmt::print(stderr, "remove them first, or pass --force\n");
    return kExitFailed;
  }
  std::vector<Diagnostic> trust_problems;
  std::vector<TrustedPlugin> records = read_trust(trust_problems);
  const std::size_t trusted = records.size();
  for (const FoundPack* t : targets) {
    const std::string v = t->manifest.version.str();
    // Renamed away first, so that the pack disappears at once even if deleting takes a while.
    const fs::path doomed = t->dir.parent_path() / fmt::format(".removing-{}-{}", v, ::getpid());
    fs::rename(t->dir, doomed);
    fs::remove_all(doomed);
    std::error_code ec;
    if (fs::is_empty(t->dir.parent_path(), ec)) fs::remove(t->dir.parent_path(), ec);
    std::erase_if(records,
                  [&](const TrustedPlugin& r) { return r.pack == name && r.version == v; });
    fmt::print("removed {} {} ({})\n", name, v, t->dir.string());
  }
  if (records.size() != trusted) write_trust(records);
  if (!dependents.empty())
    fmt::print(stderr, "anvil: warning: removed with --force; these packs now miss it:\n");
  for (const std::string& d : dependents) fmt::print(stderr, "  {}\n", d);
  return kExitOk;
}

}  // namespace

void add_pack_manage_commands(CLI::App& pack, const GlobalOptions& options,
                              std::vector<Command>& out) {
  CLI::App* validate = pack.add_subcommand(
      "validate", "Check a pack folder as 'pack install' would, changing nothing");
  auto validate_arg = std::make_shared<std::string>();
  auto validate_trust = std::make_shared<bool>(false);
  auto validate_json = std::make_shared<bool>(false);
  validate->add_option("path", *validate_arg, "The pack folder")->type_name("PATH")->required();
  validate->add_flag("--trust", *validate_trust,
                     "Load the native plugins the pack ships, so cards using them are checked");
  validate->add_flag("--json", *validate_json,
                     R"(Print {"name", "version", "cards", "errors", "warnings"})");
  out.push_back({validate, [&options, validate_arg, validate_trust, validate_json] {
                   return run_validate(options, *validate_arg, *validate_trust, *validate_json);
                 }});

  CLI::App* install = pack.add_subcommand(
      "install", "Validate a pack folder or archive and install it into $ANVIL_HOME/packs");
  auto install_arg = std::make_shared<std::string>();
  auto install_trust = std::make_shared<bool>(false);
  install->add_option("source", *install_arg, "A pack folder, or a .tar/.tar.gz of one")
      ->type_name("PATH|ARCHIVE")
      ->required();
  install->add_flag("--trust", *install_trust,
                    "Trust the native plugins the pack ships, pinned by their sha256");
  out.push_back({install, [&options, install_arg, install_trust] {
                   return run_install(options, *install_arg, *install_trust);
                 }});

  CLI::App* remove = pack.add_subcommand("remove", "Remove an installed pack");
  auto remove_name = std::make_shared<std::string>();
  auto remove_version = std::make_shared<std::string>();
  auto remove_force = std::make_shared<bool>(false);
  remove->add_option("name", *remove_name, "The pack's name")->type_name("NAME")->required();
  remove->add_option("--version", *remove_version, "Only this version (default: every one)")
      ->type_name("V");
  remove->add_flag("--force", *remove_force, "Remove it even if other packs require it");
  out.push_back({remove, [&options, remove_name, remove_version, remove_force] {
                   return run_remove(options, *remove_name, *remove_version, *remove_force);
                 }});
}

}  // namespace anvil::cli
