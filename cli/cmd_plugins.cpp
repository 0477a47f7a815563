// anvil plugins list [--json]: every plugin loaded from the plugin folders, with what it
// provides. Plugins that fail to load are warned about on stderr and left out.
#include <fmt/core.h>

#include <anvil/extensions.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/registry.hpp>
#include <map>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "output.hpp"

namespace anvil::cli {

namespace {

// A kind with more names than kNamesInFull shows its first kNamesShown and counts the rest
// ("… 108 in all"): a rules module provides a hundred keywords and the tags plugin as many tags;
// listed in full, one row was thousands of characters wide, and every other row was padded to
// it. --json lists them all.
constexpr std::size_t kNamesInFull = 12;
constexpr std::size_t kNamesShown = 6;

// "card loader(yaml), keyword(spDamageTgt, spDamageTgtC)"
std::string provides_summary(const LoadedPlugin& plugin) {
  std::map<std::string, std::vector<std::string>> by_kind;
  for (const auto& [kind, name] : plugin.provides) by_kind[to_string(kind)].push_back(name);
  std::string out;
  for (const auto& [kind, names] : by_kind) {
    if (!out.empty()) out += ", ";
    out += kind + "(";
    const std::size_t shown = names.size() > kNamesInFull ? kNamesShown : names.size();
    for (std::size_t i = 0; i < shown; ++i) out += (i == 0 ? "" : ", ") + names[i];
    if (shown < names.size()) out += fmt::format(", … {} in all", names.size());
    out += ")";
  }
  return out.empty() ? "-" : out;
}

std::string abi_of(const LoadedPlugin& p) { return fmt::format("{}.{}", p.abi_major, p.abi_minor); }

// The one line a keyword handler or an agent factory says of itself (summary()); null for the
// kinds that have none. A plugin whose summary() throws is shown saying so, not dropped.
nlohmann::json summary_of(const Registry& registry, PluginKind kind, const std::string& name) {
  try {
    if (kind == PluginKind::keyword)
      if (const auto k = registry.find<KeywordHandler>(name)) return k->summary();
    if (kind == PluginKind::agent)
      if (const auto a = registry.find<AgentFactory>(name)) return a->summary();
  } catch (const std::exception& e) {
    return fmt::format("[it could not say what it is: {}]", e.what());
  } catch (...) {
    return "[it could not say what it is]";
  }
  return nullptr;
}

int run_plugins_list(const GlobalOptions& options, bool json) {
  auto engine = start_engine(options);
  const auto& plugins = engine->host.plugins();
  if (json) {
    auto list = nlohmann::json::array();
    for (const LoadedPlugin& p : plugins) {
      auto provides = nlohmann::json::array();
      for (const auto& [kind, name] : p.provides)
        provides.push_back({{"kind", to_string(kind)},
                            {"name", name},
                            {"summary", summary_of(engine->registry, kind, name)}});
      list.push_back({{"name", p.name},
                      {"version", p.version},
                      {"description", p.description},
                      {"file", p.file},
                      {"abi", abi_of(p)},
                      {"build", p.fingerprint},
                      {"provides", provides}});
    }
    fmt::print("{}\n", json_text(nlohmann::json{{"plugins", list}}));
    return kExitOk;
  }
  if (plugins.empty()) {
    std::string searched;
    for (const auto& dir : engine->plugin_dirs) searched += "\n  " + dir.string();
    fmt::print("no plugins loaded; searched:{}\n", searched);
    return kExitOk;
  }
  // PROVIDES last: the one column whose width varies most is not padded.
  std::vector<std::vector<std::string>> rows{{"NAME", "VERSION", "ABI", "FILE", "PROVIDES"}};
  for (const LoadedPlugin& p : plugins)
    rows.push_back({p.name, p.version, abi_of(p), p.file, provides_summary(p)});
  print_table(stdout, rows);
  return kExitOk;
}

// For plugin authors iterating on a plugin: unloads it, checks the library is really unmapped,
// and loads the file again. Only in builds with ANVIL_PLUGIN_RELOAD (the debug preset).
int run_plugins_reload(const GlobalOptions& options, const std::string& name) {
  if (!PluginHost::reload_supported()) {
    fmt::print(stderr,
               "anvil: error: 'plugins reload' is only available in debug builds configured with "
               "-DANVIL_PLUGIN_RELOAD=ON (cmake --preset debug)\n");
    return kExitFailed;
  }
  auto engine = start_engine(options);
  try {
    const LoadedPlugin& p = engine->host.reload(name);
    fmt::print("reloaded {} {} from {}\n", p.name, p.version, p.file);
    return kExitOk;
  } catch (const PluginError& e) {
    fmt::print(stderr, "anvil: error: {}\n", e.what());
    return kExitFailed;
  }
}

}  // namespace

void add_plugins_commands(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out) {
  CLI::App* plugins = app.add_subcommand("plugins", "Inspect the plugins Anvil loads");
  CLI::App* list = plugins->add_subcommand(
      "list", "List loaded plugins: name, version, ABI, file, what they provide");
  auto json = std::make_shared<bool>(false);
  list->add_flag("--json", *json, "Print a JSON object {\"plugins\": [...]}");
  out.push_back({list, [&options, json] { return run_plugins_list(options, *json); }});

  CLI::App* reload = plugins->add_subcommand(
      "reload", "Unload a plugin and load its file again (debug builds only, for plugin authors)");
  auto name = std::make_shared<std::string>();
  reload->add_option("NAME", *name, "The plugin's name, as 'plugins list' shows it")->required();
  out.push_back({reload, [&options, name] { return run_plugins_reload(options, *name); }});
}

}  // namespace anvil::cli
