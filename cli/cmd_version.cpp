// anvil version [--json]: the engine, SDK and plugin ABI versions and the build fingerprint a
// plugin must match (DESIGN.md, "The plugin boundary").
#include <fmt/core.h>

#include <anvil/config.hpp>
#include <anvil/plugin.hpp>
#include <nlohmann/json.hpp>

#include "commands.hpp"
#include "exit_codes.hpp"
#include "output.hpp"

namespace anvil::cli {

namespace {

int run_version(bool json) {
  const AnvilPluginInfo& host = host_build_info();
  const std::string abi = fmt::format("{}.{}", ANVIL_ABI_MAJOR, ANVIL_ABI_MINOR);
  const std::string fingerprint =
      fmt::format("{}, {}, boost {}, sdk {}", host.compiler, host.stdlib, host.boost, host.sdk);
  if (json) {
    nlohmann::json out = {{"engine", ANVIL_ENGINE_VERSION},
                          {"sdk", ANVIL_SDK_VERSION_STRING},
                          {"abi", abi},
                          {"build", fingerprint}};
    fmt::print("{}\n", json_text(out));
    return kExitOk;
  }
  fmt::print("anvil {}\n", ANVIL_ENGINE_VERSION);
  fmt::print("SDK {}, plugin ABI {}\n", ANVIL_SDK_VERSION_STRING, abi);
  fmt::print("build: {}\n", fingerprint);
  return kExitOk;
}

}  // namespace

void add_version_command(CLI::App& app, const GlobalOptions&, std::vector<Command>& out) {
  CLI::App* cmd = app.add_subcommand(
      "version", "Print the engine, SDK and ABI versions and the build fingerprint");
  auto json = std::make_shared<bool>(false);
  cmd->add_flag("--json", *json, "Print a JSON object");
  out.push_back({cmd, [json] { return run_version(*json); }});
}

}  // namespace anvil::cli
