// anvil pack list|show: the packs Anvil can find, and one pack loaded in full with every
// problem it has. Validate, install and remove are in cmd_pack_manage.cpp.
#include <fmt/core.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <optional>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "output.hpp"
#include "pack_archive.hpp"
#include "pack_library.hpp"
#include "pack_version.hpp"
#include "unread_pack.hpp"

namespace anvil::cli {

namespace {

namespace fs = std::filesystem;

struct Found {
  std::vector<PackDir> dirs;
  std::vector<FoundPack> packs;
};

Found find_all(const GlobalOptions& options) {
  Found f;
  f.dirs = pack_search_dirs(options);
  std::vector<fs::path> paths;
  for (const PackDir& d : f.dirs) paths.push_back(d.path);
  f.packs = find_packs(paths);
  return f;
}

// Which search folder a pack came from ("bundled", "installed", "--pack-dir").
std::string source_of(const FoundPack& pack, const std::vector<PackDir>& dirs) {
  std::string source = "?";
  for (const PackDir& d : dirs) {
    const auto rel = pack.dir.lexically_relative(d.path);
    if (!rel.empty() && *rel.begin() != "..")
      source = d.source;  // the last match, as in find_packs
  }
  return source;
}

int run_pack_list(const GlobalOptions& options, bool json) {
  Found found = find_all(options);
  // A used pack's requirements too: after 'pack remove --force' or 'pack install --force' one
  // may be unmet, and the pack then does not load in the commands that play games.
  const std::vector<FoundPack> all = found.packs;
  for (FoundPack& p : found.packs)
    if (p.used)
      for (Diagnostic& d : check_required_packs(p.manifest, all))
        p.diagnostics.push_back(std::move(d));
  for (const FoundPack& p : found.packs) print_diagnostics(stderr, p.diagnostics);
  if (json) {
    auto list = nlohmann::json::array();
    for (const FoundPack& p : found.packs) {
      list.push_back({{"name", p.manifest.name},
                      {"version", version_json(p.manifest)},
                      {"description", p.manifest.description},
                      {"rules", p.manifest.rules},
                      {"path", p.dir.string()},
                      {"source", source_of(p, found.dirs)},
                      {"used", p.used},
                      {"errors", located_json(p.diagnostics, Diagnostic::Severity::error)}});
    }
    fmt::print("{}\n", json_text(nlohmann::json{{"packs", list}}));
    return kExitOk;
  }
  if (found.packs.empty()) {
    std::string searched;
    for (const PackDir& d : found.dirs) searched += "\n  " + d.path.string();
    fmt::print("no packs found; searched:{}\n", searched);
    return kExitOk;
  }
  std::vector<std::vector<std::string>> rows{
      {"NAME", "VERSION", "RULES", "USED", "SOURCE", "PATH"}};
  for (const FoundPack& p : found.packs) {
    const bool broken = !p.diagnostics.empty() && p.manifest.name.empty();
    rows.push_back({broken ? "(unreadable)" : p.manifest.name, shown_version(p.manifest),
                    p.manifest.rules.empty() ? "-" : p.manifest.rules, p.used ? "yes" : "no",
                    source_of(p, found.dirs), p.dir.string()});
  }
  print_table(stdout, rows);
  return kExitOk;
}

// A pack argument is a path when it looks like one ("./x", "a/b", "/abs"), else a name; a bare
// word that names no pack but is a pack folder is a path too.
std::optional<fs::path> resolve(const std::string& arg, const Found& found) {
  const bool looks_like_path = arg.find('/') != std::string::npos || arg.starts_with('.');
  if (looks_like_path) return fs::path(arg);
  for (const FoundPack& p : found.packs)
    if (p.used && p.manifest.name == arg) return p.dir;
  std::error_code ec;
  if (fs::is_regular_file(fs::path(arg) / kPackManifestFile, ec)) return fs::path(arg);

  std::vector<std::string> names;
  for (const FoundPack& p : found.packs)
    if (p.used) names.push_back(p.manifest.name);
  std::string message = fmt::format("anvil: error: no pack named '{}'", arg);
  if (auto hint = did_you_mean(arg, names); !hint.empty()) message += "; " + hint;
  fmt::print(stderr, "{}\nsearched:\n", message);
  for (const PackDir& d : found.dirs) fmt::print(stderr, "  {} ({})\n", d.path.string(), d.source);
  return std::nullopt;
}

std::string requirement_list(const std::vector<PackRequirement>& reqs) {
  std::string out;
  for (const PackRequirement& r : reqs)
    out += (out.empty() ? "" : ", ") + r.name + " " + r.range.text;
  return out;
}

void print_pack(const LoadedPack& pack) {
  const PackManifest& m = pack.manifest;
  auto field = [](const char* label, const std::string& value) {
    if (!value.empty()) fmt::print("  {:<9} {}\n", label, value);
  };
  fmt::print("{} {}\n", m.name.empty() ? "(unnamed pack)" : m.name, shown_version(m));
  if (!m.description.empty()) fmt::print("  {}\n", m.description);
  field("path:", m.dir.string());
  field("rules:", m.rules);
  field("engine:", m.engine.text + " (this is SDK " ANVIL_SDK_VERSION_STRING ")");
  std::string authors;
  for (const std::string& a : m.authors) authors += (authors.empty() ? "" : ", ") + a;
  field("authors:", authors);
  field("license:", m.license);
  field("plugins:", requirement_list(m.required_plugins));
  field("packs:", requirement_list(m.required_packs));
  field("cards:",
        fmt::format("{} from {}", pack.cards.size(), count_of(pack.card_files.size(), "file")));
  for (const DeckList& d : pack.decks)
    field("deck:", fmt::format("{} ({} cards)", d.name, d.cards.size()));
}

// A warning for each plugin the pack ships that start_engine() did not load (the trust policy:
// docs/pack-format.md, "Plugins shipped in packs").
void note_unloaded_plugins(LoadedPack& pack, const Engine& engine) {
  const bool bundled = is_bundled_pack(pack.manifest.dir);
  for (const ProvidedPlugin& p : pack.manifest.provided_plugins) {
    if (p.file.empty()) continue;
    std::error_code ec;
    const fs::path file = fs::weakly_canonical(fs::absolute(pack.manifest.dir / p.file, ec), ec);
    const auto& loaded = engine.host.plugins();
    if (std::any_of(loaded.begin(), loaded.end(),
                    [&](const LoadedPlugin& l) { return !ec && l.file == file.string(); }))
      continue;
    pack.diagnostics.push_back(
        {Diagnostic::Severity::warning, p.where,
         bundled ? "plugin file '" + p.file +
                       "' is not loaded: it failed its checks or could not be loaded (see the "
                       "other messages), or another pack of this name is used"
                 : "plugin file '" + p.file +
                       "' is not loaded: the pack ships native code, and only the plugins of "
                       "bundled packs and of packs installed with 'anvil pack install --trust' "
                       "(unchanged since) are loaded, none of them whose name a plugin loaded "
                       "before it has (a --plugin-dir or $ANVIL_HOME/plugins copy); see the "
                       "warnings above"});
  }
}

// The plugins of the pack folder `dir` that start_engine() did not load, or nullptr (all loaded,
// none shipped, or not the pack used for its name).
const std::string* missing_plugins(const Engine& engine, const fs::path& dir) {
  for (const auto& [pack, files] : engine.packs_missing_plugins) {
    std::error_code ec;
    if (fs::equivalent(pack, dir, ec)) return &files;
  }
  return nullptr;
}

int run_pack_show(const GlobalOptions& options, const std::string& arg, bool json) {
  const Found found = find_all(options);
  const auto dir = resolve(arg, found);
  if (!dir) return kExitFailed;
  if (const std::string why = why_not_a_pack_folder(*dir); !why.empty()) {
    LoadedPack none;
    none.diagnostics.push_back({Diagnostic::Severity::error, {dir->string(), 0, 0}, why});
    if (json)
      fmt::print("{}\n", json_text(pack_report_json(none)));
    else
      print_diagnostics(stderr, none.diagnostics);
    return kExitFailed;
  }
  auto engine = start_engine(options);
  const std::string* missing = missing_plugins(*engine, *dir);
  LoadedPack pack = missing ? unread_pack(*dir, *missing, "the warnings about it say why")
                            : load_pack(*dir, engine->registry);
  for (Diagnostic& d : check_required_packs(pack.manifest, found.packs))
    pack.diagnostics.push_back(std::move(d));
  PackLibrary library(options, *engine);
  library.check_decks(pack);  // a deck's typo, and a deck no game can start with
  note_unloaded_plugins(pack, *engine);

  const int status = pack.ok() ? kExitOk : kExitFailed;
  if (json) {
    fmt::print("{}\n", json_text(pack_report_json(pack)));
    return status;
  }
  if (!pack.manifest.name.empty())
    print_pack(pack);  // else the manifest is unreadable: errors only
  print_diagnostics(stderr, pack.diagnostics);
  if (!pack.diagnostics.empty()) {
    fmt::print(stderr, "{}: {}, {}\n", pack.manifest.name.empty() ? arg : pack.manifest.name,
               count_of(pack.error_count(), "error"), count_of(pack.warning_count(), "warning"));
  }
  return status;
}

}  // namespace

void add_pack_commands(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out) {
  CLI::App* pack = app.add_subcommand("pack", "Find, inspect, validate, install and remove packs");

  CLI::App* list = pack->add_subcommand(
      "list", "List the packs found (bundled, $ANVIL_HOME/packs, --pack-dir) and which is used");
  auto list_json = std::make_shared<bool>(false);
  list->add_flag("--json", *list_json, "Print a JSON object {\"packs\": [...]}");
  out.push_back({list, [&options, list_json] { return run_pack_list(options, *list_json); }});

  CLI::App* show = pack->add_subcommand(
      "show", "Load one pack and print its manifest, card count and every error and warning");
  auto show_arg = std::make_shared<std::string>();
  auto show_json = std::make_shared<bool>(false);
  show->add_option("pack", *show_arg, "A pack name, or the path of a pack folder")
      ->type_name("NAME|PATH")
      ->required();
  show->add_flag("--json", *show_json,
                 R"(Print {"name", "version", "cards", "errors", "warnings"})");
  out.push_back({show, [&options, show_arg, show_json] {
                   return run_pack_show(options, *show_arg, *show_json);
                 }});
  add_pack_manage_commands(*pack, options, out);
}

}  // namespace anvil::cli
