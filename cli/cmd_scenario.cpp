// anvil scenario run FILE…: runs scenario files (docs/scenarios.md) and prints PASS or FAIL per
// scenario and a summary line. Exit 0 when all passed, 1 when any failed, 2 when a file is
// malformed (reported with file:line:column; the well-formed files still run).
#include <fmt/core.h>

#include <anvil/pack.hpp>
#include <anvil/rules.hpp>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "output.hpp"
#include "scenario/runner.hpp"
#include "scenario/scenario.hpp"

namespace anvil::cli {

namespace {

namespace fs = std::filesystem;
using scenario::Scenario;

// Card pools by the packs they hold, built once per run.
class Pools {
 public:
  Pools(const GlobalOptions& options, const Registry& registry) : registry_(registry) {
    std::vector<fs::path> dirs;
    for (const PackDir& d : pack_search_dirs(options)) dirs.push_back(d.path);
    found_ = find_packs(dirs);
  }

  // The pool of `packs`, or an error message.
  std::shared_ptr<const CardPool> get(const std::vector<std::string>& packs, std::string& error) {
    std::string key;
    for (const std::string& p : packs) key += p + '\n';
    if (auto it = pools_.find(key); it != pools_.end()) return it->second;
    auto pool = std::make_shared<CardPool>();
    for (const std::string& name : packs) {
      const LoadedPack* pack = load(name, error);
      if (!pack) return nullptr;
      for (const CardDef& card : pack->cards) {
        try {
          pool->add(card);
        } catch (const LoadError& e) {
          error = e.what();
          return nullptr;
        }
      }
    }
    pools_.emplace(key, pool);
    return pool;
  }

 private:
  const LoadedPack* load(const std::string& name, std::string& error) {
    if (auto it = packs_.find(name); it != packs_.end()) return &it->second;
    const FoundPack* found = nullptr;
    std::vector<std::string> names;
    for (const FoundPack& p : found_) {
      if (!p.used) continue;
      names.push_back(p.manifest.name);
      if (p.manifest.name == name) found = &p;
    }
    if (!found) {
      std::string hint = did_you_mean(name, names);
      error = fmt::format("no pack named '{}'{}", name, hint.empty() ? "" : "; " + hint);
      return nullptr;
    }
    LoadedPack pack = load_pack(found->dir, registry_);
    if (!pack.ok()) {
      print_diagnostics(stderr, pack.diagnostics);
      error = fmt::format("pack '{}' has {}", name, count_of(pack.error_count(), "error"));
      return nullptr;
    }
    return &packs_.emplace(name, std::move(pack)).first->second;
  }

  const Registry& registry_;
  std::vector<FoundPack> found_;
  std::map<std::string, LoadedPack> packs_;
  std::map<std::string, std::shared_ptr<const CardPool>> pools_;
};

std::optional<Scenario> read(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  if (!in) {
    fmt::print(stderr, "{}: error: cannot read the file\n", file);
    return std::nullopt;
  }
  std::ostringstream text;
  text << in.rdbuf();
  std::vector<Diagnostic> diagnostics;
  auto s = scenario::parse_scenario(text.str(), file, diagnostics);
  print_diagnostics(stderr, diagnostics);
  return s;
}

scenario::Result run_one(const Scenario& s, const Registry& registry, Pools& pools) {
  auto rules = registry.find<RulesModule>(s.rules);
  if (!rules) {
    std::string hint = did_you_mean(s.rules, registry.names(PluginKind::rules_module));
    return {false, fmt::format("{}: no rules module named '{}' is loaded{}", s.rules_where.str(),
                               s.rules, hint.empty() ? "" : "; " + hint)};
  }
  std::string error;
  auto pool = pools.get(s.packs, error);
  if (!pool) return {false, error};
  return scenario::run_scenario(s, pool, *rules);
}

int run_scenarios(const GlobalOptions& options, const std::vector<std::string>& files) {
  std::vector<Scenario> scenarios;
  bool malformed = false;
  for (const std::string& file : files) {
    if (auto s = read(file)) {
      scenarios.push_back(std::move(*s));
    } else {
      malformed = true;
    }
  }
  auto engine = start_engine(options);
  Pools pools(options, engine->registry);
  int passed = 0, failed = 0;
  for (const Scenario& s : scenarios) {
    const scenario::Result r = run_one(s, engine->registry, pools);
    if (r.passed) {
      ++passed;
      fmt::print("PASS {}\n", s.name);
    } else {
      ++failed;
      fmt::print("FAIL {}: {}\n", s.name, r.message);
    }
  }
  fmt::print("{} passed, {} failed\n", passed, failed);
  std::fflush(stdout);
  if (malformed) return kExitUsage;
  return failed ? kExitFailed : kExitOk;
}

}  // namespace

void add_scenario_commands(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out) {
  CLI::App* group = app.add_subcommand("scenario", "Run rules scenarios (docs/scenarios.md)");
  CLI::App* run = group->add_subcommand(
      "run", "Run scenario files: PASS or FAIL for each, then 'N passed, M failed'");
  auto files = std::make_shared<std::vector<std::string>>();
  run->add_option("files", *files, "Scenario YAML files")->type_name("FILE")->required();
  out.push_back({run, [&options, files] { return run_scenarios(options, *files); }});
}

}  // namespace anvil::cli
