// anvil pack validate|install|remove (issue 7): check a pack as install would, install it into
// $ANVIL_HOME/packs/NAME/VERSION atomically (staged beside its destination, validated there,
// then renamed), and remove it again. Trust of shipped native plugins: pack_trust.hpp.
#include <fmt/core.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <algorithm>
#include <anvil/error.hpp>
#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/semver.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
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
#include "pack_version.hpp"
#include "path_within.hpp"
#include "unread_pack.hpp"

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

// Why plugin `p` of a pack being checked did not load. The host's fix for a plugin name loaded
// twice is about the plugin folders; here the other copy is in a plugin folder or another pack.
std::string plugin_not_loaded(const ProvidedPlugin& p, const PluginError& e) {
  std::string why = "plugin file '" + p.file + "' cannot be loaded: ";
  if (!e.problem().starts_with("is already loaded from ")) return why + e.what();
  return why + "its plugin '" + e.plugin() + "' " + e.problem() +
         ", and a plugin name loads only once; remove that copy, or give this plugin another name";
}

// Everything install checks, on the pack folder `dir`: its files (check_pack_files), the
// manifest and every card and deck (load_pack), the packs it requires, and its native plugins.
// With `trust` the plugins the pack ships are loaded into `engine` first (after their sha256
// check), so that the keywords they register resolve; without it, a pack that ships plugins is
// an error when `installing`, a warning when only validating.
LoadedPack check_pack(const GlobalOptions& options, const fs::path& dir, Engine& engine,
                      const std::vector<FoundPack>& found, bool trust, bool installing,
                      const std::string& given) {
  std::vector<Diagnostic> files = check_pack_files(dir);
  ManifestResult m = read_manifest(dir);
  const bool ships_plugins = m.ok() && !m.manifest.provided_plugins.empty();
  std::string not_loaded;  // the pack's own plugins that did not load, for unread_pack()
  const auto failed = [&](const ProvidedPlugin& p) {
    not_loaded += (not_loaded.empty() ? "" : ", ") + p.file;
  };
  if (trust && ships_plugins) {
    for (const ProvidedPlugin& p : m.manifest.provided_plugins) {
      if (verify_provided_plugin(m.manifest, p)) {  // unread_pack() reports it
        failed(p);
        continue;
      }
      try {
        (void)engine.host.load(dir / p.file);
      } catch (const PluginError& e) {
        files.push_back({Diagnostic::Severity::error, p.where, plugin_not_loaded(p, e)});
        failed(p);
      } catch (const std::exception& e) {
        files.push_back({Diagnostic::Severity::error, p.where,
                         "plugin file '" + p.file + "' cannot be loaded: " + e.what()});
        failed(p);
      }
    }
  }
  // Without its own plugins the pack's cards would fail one by one for their keywords, and its
  // `requires: plugins` name them as not loaded: one message says what to do instead.
  LoadedPack pack;
  if (ships_plugins && !trust) {
    pack = unread_pack(
        dir, provided_plugin_files(m.manifest),
        installing ? "it is installed only with --trust" : "validate loads it only with --trust");
    // Before unread_pack()'s warning, which follows from it.
    pack.diagnostics.insert(
        pack.diagnostics.end() - 1,
        {Diagnostic::Severity::error, m.manifest.provided_plugins.front().where,
         installing ? "the pack ships native code (" + provided_plugin_files(m.manifest) +
                          "), which runs with your rights; install it only if you trust its "
                          "authors, with 'anvil pack install --trust'"
                    : "the pack ships native code (" + provided_plugin_files(m.manifest) +
                          "), which its cards need and which is loaded for validation only "
                          "with --trust: 'anvil pack validate --trust " +
                          given +
                          "' (loading it runs its code: give --trust only to a pack you would "
                          "install with it)"});
  } else if (!not_loaded.empty()) {
    pack = unread_pack(dir, not_loaded, "the error above says why");
  } else {
    pack = load_pack(dir, engine.registry);
  }
  pack.diagnostics.insert(pack.diagnostics.begin(), files.begin(), files.end());
  check_undeclared_plugins(pack);
  // The pack itself may already be installed or bundled: a pack never requires itself.
  std::vector<FoundPack> others;
  for (const FoundPack& f : found)
    if (f.manifest.name != pack.manifest.name) others.push_back(f);
  for (Diagnostic& d : check_required_packs(pack.manifest, others))
    pack.diagnostics.push_back(std::move(d));
  PackLibrary library(options, engine);
  library.check_decks(pack);  // a deck's typo, and a deck no game can start with
  return pack;
}

int report(const LoadedPack& pack, const std::string& arg, bool json) {
  const int status = pack.ok() ? kExitOk : kExitFailed;
  if (json) {
    fmt::print("{}\n", json_text(pack_report_json(pack)));
    return status;
  }
  // The diagnostics on stderr, as every command's; the count line is what was asked for.
  print_diagnostics(stderr, pack.diagnostics);
  std::fflush(stderr);
  fmt::print(stdout, "{}: {}, {}, {}\n", pack.manifest.name.empty() ? arg : pack.manifest.name,
             count_of(pack.cards.size(), "card"), count_of(pack.error_count(), "error"),
             count_of(pack.warning_count(), "warning"));
  return status;
}

std::string cannot_install_into(const fs::path& packs, const std::error_code& ec) {
  return fmt::format(
      "cannot install into {}: {} (is $ANVIL_HOME, {}, a writable folder?); "
      "nothing was changed",
      packs.string(), ec.message(), anvil_home().string());
}

// A folder under $ANVIL_HOME/packs whose name starts with '.', so find_packs() never sees it,
// removed with everything in it when the install ends, however it ends (but a kill).
// REQUIRES: a HomeLock is held, from before it is made until after it is destroyed.
class Staging {
 public:
  Staging() {
    const fs::path packs = anvil_home() / "packs";
    std::error_code ec;
    for (fs::path dir = packs; !dir.empty() && !fs::exists(dir, ec); dir = dir.parent_path()) {
      created_.push_back(dir);
      if (dir == dir.parent_path()) break;
    }
    fs::create_directories(packs, ec);
    if (ec) throw std::runtime_error(cannot_install_into(packs, ec));
    remove_abandoned(packs);
    std::random_device random;
    for (int attempt = 0; attempt < 100; ++attempt) {
      path_ = packs / fmt::format(".staging-{}-{:08x}", ::getpid(), random());
      if (fs::create_directory(path_, ec)) return;
      if (ec) throw std::runtime_error(cannot_install_into(packs, ec));
    }
    throw std::runtime_error("cannot create a staging folder in " + packs.string());
  }
  // Also removes the folder it created for it ($ANVIL_HOME/packs), if still empty: a refused
  // first install leaves no trace (the HomeLock removes $ANVIL_HOME if it made it).
  ~Staging() {
    std::error_code ec;
    fs::remove_all(path_, ec);
    for (const fs::path& dir : created_) fs::remove(dir, ec);  // fails, harmlessly, if not empty
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
  std::vector<fs::path> created_;  // innermost first
};

// Copies the pack folder `from` into `to`: folders and regular files; a symlink inside the pack
// (check_pack_files() refused those leading out or to a folder) is copied as the file it names.
void copy_pack(const fs::path& from, const fs::path& to) {
  fs::create_directories(to);
  for (auto it = fs::recursive_directory_iterator(from); it != fs::recursive_directory_iterator();
       ++it) {
    const fs::path rel = it->path().lexically_relative(from);
    if (it->is_symlink() && it->is_directory())  // made since check_pack_files() looked
      throw std::runtime_error(it->path().string() + " " + std::string(kSymlinkToFolder));
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

// Replaces the staged folder `root` by `shown` in the messages of `pack` (a plugin error names
// the file it loaded), so that nothing names the hidden staging folder.
void show_source_paths(LoadedPack& pack, const fs::path& root, const fs::path& shown) {
  const std::string from = root.string(), to = shown.string();
  for (Diagnostic& d : pack.diagnostics) {
    const fs::path rel = fs::path(d.where.file).lexically_relative(root);
    if (!d.where.file.empty() && !rel.empty() && *rel.begin() != "..")
      d.where.file = (shown / rel).lexically_normal().string();
    for (std::size_t at = d.message.find(from); at != std::string::npos;
         at = d.message.find(from, at + to.size()))
      d.message.replace(at, from.size(), to);
  }
}

// The trust records with those of `m`'s plugins (from the validated copy in `root`) in place of
// any it had; nullopt, after saying why, when trust.yaml cannot be read: rewriting it would drop
// the records it holds.
std::optional<std::vector<TrustedPlugin>> trust_with(const PackManifest& m, const fs::path& root) {
  std::vector<Diagnostic> problems;
  std::vector<TrustedPlugin> records = read_trust(problems);
  if (!problems.empty()) {
    print_diagnostics(stderr, problems);
    fmt::print(stderr,
               "anvil: error: {} cannot be read, and rewriting it would lose the trust it "
               "records; fix it where the errors above say (or move it away: every installed "
               "pack's plugins are then untrusted until reinstalled with --trust); {} {} is not "
               "installed; nothing was changed\n",
               trust_file().string(), m.name, m.version.str());
    return std::nullopt;
  }
  std::erase_if(records, [&](const TrustedPlugin& t) {
    return t.pack == m.name && t.version == m.version.str();
  });
  for (const ProvidedPlugin& p : m.provided_plugins)
    records.push_back({m.name, m.version.str(), p.file, sha256_file(root / p.file)});
  return records;
}

// Moves the validated pack `root` to its place `target` and, with `records`, records its trust;
// under the HomeLock. The rename comes first: a failure or a kill before it changes nothing,
// and a kill between the two leaves the pack installed without trust, its plugins not loaded
// (a trust record for a pack that is not installed would trust a copy put there by hand).
int commit_install(const fs::path& root, const fs::path& target,
                   const std::optional<std::vector<TrustedPlugin>>& records) {
  std::error_code ec;
  const fs::path parent = target.parent_path();
  const bool new_parent = !fs::exists(parent, ec);
  fs::create_directories(parent, ec);
  if (!ec) fs::rename(root, target, ec);
  if (ec) {
    std::error_code ignored;
    if (new_parent) fs::remove(parent, ignored);  // only if still empty
    fmt::print(stderr, "anvil: error: cannot move the pack into {}: {}; nothing was changed\n",
               target.string(), ec.message());
    return kExitFailed;
  }
  if (!records) return kExitOk;
  try {
    write_trust(*records);
  } catch (const std::exception& e) {
    std::error_code ignored;
    fs::rename(target, root, ignored);
    if (new_parent) fs::remove(parent, ignored);
    fmt::print(stderr, "anvil: error: {}; the pack is not installed; nothing was changed\n",
               e.what());
    return kExitFailed;
  }
  return kExitOk;
}

// Why pack_root() found none: several top folders with a pack.yaml, or none.
std::string why_no_pack_root(const fs::path& unpacked) {
  std::vector<std::string> packs;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(unpacked, ec))
    if (fs::is_regular_file(e.path() / kPackManifestFile, ec))
      packs.push_back(e.path().filename().string());
  std::sort(packs.begin(), packs.end());
  if (packs.size() < 2)
    return fmt::format("holds no pack: no {} at its top or in its only folder", kPackManifestFile);
  std::string names;
  for (const std::string& p : packs) names += (names.empty() ? "" : ", ") + p;
  return fmt::format(
      "holds {} packs ({}); install them one at a time, from one folder or archive "
      "each",
      packs.size(), names);
}

// The packs among `found` whose requirement on pack `name` the version used now meets and
// `after` would not: the version used once an install or remove is done (nullopt: none is left).
// Commands use one version of a name, the highest found (find_packs()), and check requirements
// against it alone; so does this. One line each: "user 1.0.0 (requires base ^1.0, PATH)".
std::vector<std::string> requirements_broken(const std::vector<FoundPack>& found,
                                             const std::string& name,
                                             const std::optional<Version>& after) {
  const auto used = std::find_if(found.begin(), found.end(), [&](const FoundPack& f) {
    return f.used && f.manifest.name == name;
  });
  if (used == found.end()) return {};
  std::vector<std::string> out;
  for (const FoundPack& f : found) {
    if (f.manifest.name == name) continue;
    for (const PackRequirement& r : f.manifest.required_packs) {
      if (r.name != name || !r.range.contains(used->manifest.version)) continue;
      if (after && r.range.contains(*after)) continue;
      out.push_back(fmt::format("{} {} (requires {} {}, {})", f.manifest.name,
                                shown_version(f.manifest), name, r.range.text, f.dir.string()));
    }
  }
  return out;
}

// The version of `name` used once `added` is installed: the higher of it and the one used now.
Version used_after_install(const std::vector<FoundPack>& found, const PackManifest& added) {
  Version out = added.version;
  for (const FoundPack& f : found)
    if (f.used && f.manifest.name == added.name && out < f.manifest.version)
      out = f.manifest.version;
  return out;
}

// A folder of its own in the temporary folder ($TMPDIR), removed with everything in it however
// the command ends (but a kill): where `pack validate` unpacks an archive, as it changes nothing
// under $ANVIL_HOME.
class ScratchFolder {
 public:
  ScratchFolder() {
    std::string name = (fs::temp_directory_path() / "anvil-validate-XXXXXX").string();
    if (::mkdtemp(name.data()) == nullptr)
      throw std::runtime_error(
          fmt::format("cannot make a folder to unpack the archive in: {}", std::strerror(errno)));
    path_ = name;
  }
  ~ScratchFolder() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  ScratchFolder(const ScratchFolder&) = delete;
  ScratchFolder& operator=(const ScratchFolder&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// `pack validate ARCHIVE`: unpacked as `pack install` unpacks it (refusing the same entries),
// into a scratch folder, and checked there, its problems named in the archive ("ARCHIVE:path").
int validate_archive(const GlobalOptions& options, const std::string& arg, bool trust, bool json) {
  const ScratchFolder scratch;
  unpack_archive(arg, scratch.path(), PackFileLimits{});
  const std::optional<fs::path> root = pack_root(scratch.path());
  if (!root) {
    fmt::print(stderr, "anvil: error: '{}' {}\n", arg, why_no_pack_root(scratch.path()));
    return kExitFailed;
  }
  auto engine = start_engine(options, read_manifest(*root).manifest.name);
  LoadedPack pack =
      check_pack(options, *root, *engine, find_searched_packs(options), trust, false, arg);
  show_source_paths(pack, *root,
                    fs::path(arg + ":" + root->lexically_relative(scratch.path()).string()));
  return report(pack, arg, json);
}

int run_validate(const GlobalOptions& options, const std::string& arg, bool trust, bool json) {
  const fs::path dir(arg);
  if (std::error_code ec;
      fs::is_regular_file(dir, ec) && dir.filename() != kPackManifestFile && is_archive(dir))
    return validate_archive(options, arg, trust, json);
  if (const std::string why = why_not_a_pack_folder(dir); !why.empty()) {
    fmt::print(stderr, "anvil: error: '{}' {}\n", arg, why);
    return kExitFailed;
  }
  auto engine = start_engine(options, read_manifest(dir).manifest.name);
  const LoadedPack pack =
      check_pack(options, dir, *engine, find_searched_packs(options), trust, false, arg);
  return report(pack, arg, json);
}

int run_install(const GlobalOptions& options, const std::string& arg, bool trust, bool force) {
  const fs::path source(arg);
  std::error_code ec;
  if (!fs::exists(source, ec)) {
    fmt::print(stderr, "anvil: error: '{}' does not exist\n", arg);
    return kExitFailed;
  }
  if (source.filename() == kPackManifestFile) {  // any other file is taken as an archive
    fmt::print(stderr, "anvil: error: '{}' {}; nothing was changed\n", arg,
               why_not_a_pack_folder(source));
    return kExitFailed;
  }
  // Copying a folder that holds the staging folder would copy the copy, and so on.
  if (!is_archive(source) && is_within(anvil_home(), source)) {
    fmt::print(stderr,
               "anvil: error: '{}' holds $ANVIL_HOME ({}), where packs are installed, so it "
               "cannot be copied there; set ANVIL_HOME to a folder outside the pack; nothing "
               "was changed\n",
               arg, anvil_home().string());
    return kExitFailed;
  }
  // From here to the end no other install or remove runs: the installed packs, their plugins and
  // trust.yaml that the pack is checked against are those it is installed beside, so installs and
  // removes run at once end as if run one after another. Taken before the staging folder is
  // made, as two first installs would each make $ANVIL_HOME/packs, and one remove it under the
  // other's staging folder; a refused install removes what it made under the lock.
  std::optional<HomeLock> lock;
  try {
    lock.emplace();
  } catch (const std::exception& e) {
    fmt::print(stderr, "anvil: error: cannot install into {}: {}; nothing was changed\n",
               (anvil_home() / "packs").string(), e.what());
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
      fmt::print(stderr, "anvil: error: '{}' is not installed ({} above); nothing was changed\n",
                 arg, count_of(files.size(), "error"));
      return kExitFailed;
    }
    copy_pack(source, unpacked);
  }
  const std::optional<fs::path> root = pack_root(unpacked);
  if (!root) {
    fmt::print(stderr, "anvil: error: '{}' {}; nothing was changed\n", arg,
               why_no_pack_root(unpacked));
    return kExitFailed;
  }

  const ManifestResult manifest = read_manifest(*root);
  if (!trust && !manifest.manifest.provided_plugins.empty()) {
    fmt::print(stderr,
               "anvil: error: {} ships native code ({}), which would run with your rights; "
               "if you trust its authors, install it with 'anvil pack install --trust {}'; "
               "nothing was changed\n",
               manifest.manifest.name.empty() ? arg : manifest.manifest.name,
               provided_plugin_files(manifest.manifest), arg);
    return kExitFailed;
  }
  // Not the plugins of the installed versions of this pack: the new version's own are loaded
  // instead (an upgrade ships the same plugins, which cannot be loaded twice).
  auto engine = start_engine(options, manifest.manifest.name);
  const std::vector<FoundPack> found = find_searched_packs(options);
  LoadedPack pack = check_pack(options, *root, *engine, found, trust, true, arg);
  // Problems name the files the user has: in the folder given, or "ARCHIVE:path/in/archive".
  const fs::path shown = is_archive(source)
                             ? fs::path(arg + ":" + root->lexically_relative(unpacked).string())
                             : source;
  show_source_paths(pack, *root, shown);
  if (!pack.ok()) {
    (void)report(pack, arg, false);
    fmt::print(stderr, "anvil: error: '{}' is not installed ({} above); nothing was changed\n", arg,
               count_of(pack.error_count(), "error"));
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
  // Packs that require another version of this one: once it is installed, this version is the
  // one they get (the highest is used), and their requirement is no longer met.
  const std::vector<std::string> dependents =
      requirements_broken(found, m.name, used_after_install(found, m));
  if (!dependents.empty() && !force) {
    fmt::print(stderr,
               "anvil: error: {} {} is not installed: other packs require another version of "
               "'{}', and would get this one:\n",
               m.name, m.version.str(), m.name);
    for (const std::string& d : dependents) fmt::print(stderr, "  {}\n", d);
    fmt::print(stderr, "upgrade or remove them first, or pass --force; nothing was changed\n");
    return kExitFailed;
  }
  std::optional<std::vector<TrustedPlugin>> records;
  if (trust && !m.provided_plugins.empty()) {
    records = trust_with(m, *root);
    if (!records) return kExitFailed;
  }
  if (const int status = commit_install(*root, target, records); status != kExitOk) return status;
  print_diagnostics(stderr, pack.diagnostics);  // warnings only
  fmt::print(
      "installed {} {} ({}) into {}{}\n", m.name, m.version.str(),
      count_of(pack.cards.size(), "card"), target.string(),
      records ? fmt::format("; trusted {} by sha256", provided_plugin_files(m)) : std::string());
  // An older version installs beside the higher one, which stays the one used: said, as
  // installing reads as "use this".
  if (const Version used = used_after_install(found, m); used != m.version)
    fmt::print(
        "{} {} stays the version used (the highest found); {} is used by replays recorded with "
        "it, or once the higher versions are removed (anvil pack remove {} --version {})\n",
        m.name, used.str(), m.version.str(), m.name, used.str());
  if (!dependents.empty())
    fmt::print(stderr,
               "anvil: warning: installed with --force; these packs now miss {} in the "
               "versions they require:\n",
               m.name);
  for (const std::string& d : dependents) fmt::print(stderr, "  {}\n", d);
  return kExitOk;
}

// A pack named `name` found under $ANVIL_HOME/packs through a symlink that leads out of it
// (`pack list` shows it as installed; is_installed_pack() does not), or nullptr.
const FoundPack* linked_into_packs(const std::vector<FoundPack>& found, const std::string& name) {
  const fs::path packs = anvil_home() / "packs";
  for (const FoundPack& f : found) {
    const fs::path rel = f.dir.lexically_relative(packs);
    if (f.manifest.name == name && !rel.empty() && *rel.begin() != ".." &&
        !is_installed_pack(f.dir))
      return &f;
  }
  return nullptr;
}

// Why `pack remove NAME --version V` finds nothing to remove, and what there is: the versions
// of NAME installed (when V is not one of them, or no version at all), or the closest installed
// name to a misspelt one.
std::string not_installed(const std::vector<FoundPack>& found, const std::string& name,
                          const std::string& version) {
  std::vector<std::string> names, versions;
  for (const FoundPack& f : found) {
    if (!is_installed_pack(f.dir)) continue;
    if (std::ranges::find(names, f.manifest.name) == names.end()) names.push_back(f.manifest.name);
    if (f.manifest.name == name) versions.push_back(installed_version(f));
  }
  const std::string packs = (anvil_home() / "packs").string();
  const std::string installed = fmt::format("{}", fmt::join(versions, ", "));
  if (!version.empty() && !parse_version(version))
    return fmt::format(
        "--version '{}' is not a version: write MAJOR.MINOR.PATCH, e.g. 1.0.0; {}", version,
        versions.empty() ? fmt::format("no version of '{}' is installed in {}", name, packs)
                         : fmt::format("the installed versions of '{}' are {}", name, installed));
  std::string out = fmt::format("no installed pack '{}'{} in {}", name,
                                version.empty() ? "" : " version " + version, packs);
  if (!versions.empty()) return out + "; the installed versions are " + installed;
  if (const std::string hint = did_you_mean(name, names); !hint.empty()) return out + "; " + hint;
  if (names.empty()) return out + " (no pack is installed there)";
  return fmt::format("{} (the installed packs are {})", out, fmt::join(names, ", "));
}

int run_remove(const GlobalOptions& options, const std::string& name, const std::string& version,
               bool force) {
  std::error_code home_ec;
  std::optional<HomeLock> lock;  // from before the packs are found: no install or remove between
  if (fs::is_directory(anvil_home(), home_ec)) lock.emplace();
  const std::vector<FoundPack> found = find_searched_packs(options);
  std::vector<const FoundPack*> targets;
  for (const FoundPack& f : found) {
    if (f.manifest.name != name || !is_installed_pack(f.dir)) continue;
    if (!version.empty() && installed_version(f) != version) continue;
    targets.push_back(&f);
  }
  if (targets.empty()) {
    const auto bundled = std::find_if(found.begin(), found.end(), [&](const FoundPack& f) {
      return f.manifest.name == name && is_bundled_pack(f.dir) &&
             (version.empty() || shown_version(f.manifest) == version);
    });
    if (bundled != found.end()) {
      fmt::print(stderr,
                 "anvil: error: '{}' {} is bundled with anvil ({}) and cannot be removed: "
                 "remove deletes only packs installed into {}\n",
                 name, shown_version(bundled->manifest), bundled->dir.string(),
                 (anvil_home() / "packs").string());
      return kExitFailed;
    }
    if (const FoundPack* linked = linked_into_packs(found, name)) {
      fmt::print(stderr,
                 "anvil: error: '{}' in {} leads through a symlink to {}, outside it: it was not "
                 "installed by 'anvil pack install', and remove deletes nothing there; remove "
                 "the link itself\n",
                 name, (anvil_home() / "packs").string(),
                 fs::weakly_canonical(linked->dir).string());
      return kExitFailed;
    }
    fmt::print(stderr, "anvil: error: {}\n", not_installed(found, name, version));
    return kExitFailed;
  }
  // Who would lose a requirement: the packs the version used now satisfies and the version used
  // after (the highest of those that stay: another installed version, or a bundled one) not.
  std::optional<Version> after;
  for (const FoundPack& f : found) {
    if (f.manifest.name != name || std::ranges::find(targets, &f) != targets.end()) continue;
    if (!after || *after < f.manifest.version) after = f.manifest.version;
  }
  const std::vector<std::string> dependents = requirements_broken(found, name, after);
  if (!dependents.empty() && !force) {
    fmt::print(stderr, "anvil: error: '{}' is not removed: other packs require it:\n", name);
    for (const std::string& d : dependents) fmt::print(stderr, "  {}\n", d);
    fmt::print(stderr, "remove them first, or pass --force\n");
    return kExitFailed;
  }
  // Only packs that ship plugins have trust records; for those, a trust.yaml that cannot be
  // read refuses the remove, as rewriting it would lose the records it holds.
  const bool has_plugins = std::any_of(targets.begin(), targets.end(), [](const FoundPack* t) {
    return !t->manifest.provided_plugins.empty();
  });
  std::vector<Diagnostic> trust_problems;
  std::vector<TrustedPlugin> records;
  if (has_plugins) records = read_trust(trust_problems);
  if (!trust_problems.empty()) {
    print_diagnostics(stderr, trust_problems);
    fmt::print(stderr,
               "anvil: error: '{}' is not removed: it ships plugins, and {} cannot be read to "
               "drop their trust (rewriting it would lose the trust it records); fix it where "
               "the errors above say; nothing was changed\n",
               name, trust_file().string());
    return kExitFailed;
  }
  const std::size_t trusted = records.size();
  for (const FoundPack* t : targets) {
    const std::string v = installed_version(*t);
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
      "validate", "Check a pack folder or archive as 'pack install' would, changing nothing");
  auto validate_arg = std::make_shared<std::string>();
  auto validate_trust = std::make_shared<bool>(false);
  auto validate_json = std::make_shared<bool>(false);
  validate
      ->add_option("path", *validate_arg,
                   "The pack folder, or a .tar, .tar.gz, .tgz or .tar.xz of one")
      ->type_name("PATH|ARCHIVE")
      ->required();
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
  auto install_force = std::make_shared<bool>(false);
  install
      ->add_option("source", *install_arg,
                   "A pack folder, or a .tar, .tar.gz, .tgz or .tar.xz of one")
      ->type_name("PATH|ARCHIVE")
      ->required();
  install->add_flag("--trust", *install_trust,
                    "Trust the native plugins the pack ships, pinned by their sha256");
  install->add_flag("--force", *install_force,
                    "Install it even if packs that require another version of it then miss it");
  out.push_back({install, [&options, install_arg, install_trust, install_force] {
                   return run_install(options, *install_arg, *install_trust, *install_force);
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
