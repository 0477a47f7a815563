// anvil scenario run FILE…: runs scenario files (docs/scenarios.md) and prints PASS or FAIL per
// scenario and a summary line. Exit 0 when all passed, 1 when any failed, 2 when a file is
// malformed (reported with file:line:column; the well-formed files still run).
#include <fmt/core.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <anvil/rules.hpp>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "output.hpp"
#include "pack_library.hpp"
#include "scenario/runner.hpp"
#include "scenario/scenario.hpp"

namespace anvil::cli {

namespace {

using scenario::Scenario;

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

// The scenario's packs, then the packs they require that it does not list, as a deck's are
// (docs/scenarios.md). The listed packs keep their order, so a scenario listing every pack it
// needs gets the same cards, in the same order, as before.
std::vector<std::string> packs_of(const Scenario& s, const PackLibrary& packs) {
  std::vector<std::string> out = s.packs;
  for (const std::string& p : packs.with_requirements(s.packs))
    if (std::ranges::find(out, p) == out.end()) out.push_back(p);
  return out;
}

scenario::Result run_one(const Scenario& s, const Registry& registry, PackLibrary& packs) {
  auto rules = registry.find<RulesModule>(s.rules);
  if (!rules)
    return {false, fmt::format("{}: {}", s.rules_where.str(), no_rules_module(registry, s.rules))};
  for (std::size_t i = 0; i < s.packs.size(); ++i) {
    const std::string missing = packs.not_found(s.packs[i]);
    if (missing.empty()) continue;
    if (i >= s.pack_wheres.size()) return {false, missing};
    return {false, fmt::format("{}: {}", s.pack_wheres[i].str(), missing)};
  }
  std::string error;
  auto pool = packs.pool(packs_of(s, packs), error);
  if (!pool) return {false, error};
  return scenario::run_scenario(s, pool, *rules, &registry);
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
  PackLibrary packs(options, *engine);
  int passed = 0, failed = 0;
  for (const Scenario& s : scenarios) {
    const scenario::Result r = run_one(s, engine->registry, packs);
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
