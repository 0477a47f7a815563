// anvil: parses the command line and runs one command (docs/cli.md). The commands live in
// cmd_*.cpp; this file maps outcomes to exit codes and keeps every error on stderr.
#include <fmt/core.h>

#include <CLI/CLI.hpp>
#include <algorithm>
#include <anvil/error.hpp>
#include <cctype>
#include <charconv>
#include <exception>
#include <limits>
#include <string>
#include <vector>

#include "commands.hpp"
#include "exit_codes.hpp"

namespace {

// What is wrong with `text` as a whole number from `least` to `most` (all of it; from_chars
// refuses a '-'), in the words `range` gives the range; empty when nothing is.
std::string whole_problem(const std::string& text, std::uint64_t least, std::uint64_t most,
                          const std::string& range) {
  std::uint64_t n = 0;
  const char* end = text.data() + text.size();
  const auto [stop, error] = std::from_chars(text.data(), end, n);
  if (stop == end && !text.empty() && error == std::errc::result_out_of_range)
    return fmt::format("'{}' is too large: the largest is {}", text, most);  // whole, too large
  if (error == std::errc{} && stop == end && n >= least && n <= most) return {};
  return fmt::format("'{}' is not {}", text, range);
}

}  // namespace

CLI::Validator anvil::cli::at_least(std::uint64_t least) {
  return CLI::Validator(
      [least](std::string& text) -> std::string {
        return whole_problem(text, least, std::numeric_limits<std::uint64_t>::max(),
                             fmt::format("a whole number of at least {}", least));
      },
      "");
}

CLI::Validator anvil::cli::whole_number(std::uint64_t least, std::uint64_t most) {
  return CLI::Validator(
      [least, most](std::string& text) -> std::string {
        return whole_problem(text, least, most,
                             fmt::format("a whole number from {} to {}", least, most));
      },
      "");
}

CLI::Validator anvil::cli::capped_count(std::uint64_t cap, std::string what) {
  return CLI::Validator(
      [cap, what](std::string& text) -> std::string {
        const bool digits = !text.empty() && std::all_of(text.begin(), text.end(), [](char c) {
          return std::isdigit(static_cast<unsigned char>(c));
        });
        if (!digits) return fmt::format("'{}' is not {}", text, what);
        // Past the cap, however many digits: the cap is what would be used.
        if (text.size() > 19 || std::stoull(text) > cap) text = std::to_string(cap);
        return {};
      },
      "");
}

CLI::Validator anvil::cli::key_value() {
  return CLI::Validator(
      [](std::string& text) -> std::string {
        if (const std::size_t eq = text.find('='); eq != std::string::npos && eq > 0) return {};
        return fmt::format("'{}' is not KEY=VALUE (mulligans=1)", text);
      },
      "");
}

namespace {

using namespace anvil::cli;

// CLI11's check, without its ":DIR" suffix in the help (the type name says DIR already).
CLI::Validator existing_dir() {
  CLI::Validator v = CLI::ExistingDirectory;
  v.description("");
  return v;
}

void add_global_options(CLI::App& app, GlobalOptions& options) {
  app.add_option("--plugin-dir", options.plugin_dirs,
                 "Also load the plugins in DIR, after the bundled ones and before "
                 "$ANVIL_HOME/plugins, whose copy of a plugin it has is then refused (repeatable)")
      ->type_name("DIR")
      ->allow_extra_args(false)  // one folder per --plugin-dir, so a command name is never eaten
      ->check(existing_dir());
  app.add_option("--pack-dir", options.pack_dirs,
                 "Also look for packs in DIR, after the bundled ones and $ANVIL_HOME/packs "
                 "(repeatable)")
      ->type_name("DIR")
      ->allow_extra_args(false)
      ->check(existing_dir());
}

// Runs a command; an exception that escapes it is a failed operation, reported, never a crash.
int run(const Command& command) {
  try {
    return command.run();
  } catch (const std::exception& e) {
    fmt::print(stderr, "anvil: error: {}\n", e.what());
    return kExitFailed;
  }
}

// The deepest command given ("anvil" when none was), and its name as typed: "anvil pack".
const CLI::App& deepest_parsed(const CLI::App& app, std::string& path) {
  const CLI::App* deepest = &app;
  for (bool descended = true; descended;) {
    descended = false;
    for (const CLI::App* sub : deepest->get_subcommands({}))
      if (sub->parsed()) {
        deepest = sub;
        descended = true;
        break;
      }
  }
  path.clear();
  for (const CLI::App* a = deepest; a != nullptr; a = a->get_parent())
    path.insert(0, (a == &app ? "anvil" : a->get_name()) + std::string(path.empty() ? "" : " "));
  return *deepest;
}

std::string command_names(const CLI::App& app) {
  std::string names;
  for (const CLI::App* sub : app.get_subcommands({}))
    names += (names.empty() ? "" : ", ") + sub->get_name();
  return names;
}

// A word where a command was expected that is none ("anvil sims", "anvil pack instal x"): named
// as an unknown command, with the commands there are, rather than as an unexpected argument.
// False when the extra words came after a command that takes no more of them.
bool unknown_command(const CLI::App& app) {
  std::string path;
  const CLI::App& deepest = deepest_parsed(app, path);
  const std::vector<std::string> extras = app.remaining(true);
  if (deepest.get_subcommands({}).empty() || extras.empty() || extras.front().starts_with("-"))
    return false;
  const std::string& word = extras.front();
  std::vector<std::string> names;
  for (const CLI::App* sub : deepest.get_subcommands({})) names.push_back(sub->get_name());
  const std::string hint = anvil::did_you_mean(word, names);
  fmt::print(stderr,
             "anvil: error: unknown command '{}' (the commands of '{}' are {}){}\nRun '{} --help' "
             "for more information.\n",
             word, path, command_names(deepest), hint.empty() ? "" : "; " + hint, path);
  return true;
}

// No leaf command was given ("anvil", "anvil pack"). Checked here rather than with CLI11's
// require_subcommand(), which would report a missing command before an unknown option.
int missing_command(const CLI::App& app) {
  std::string path;
  const CLI::App& deepest = deepest_parsed(app, path);
  fmt::print(stderr,
             "anvil: error: '{}' needs a command ({})\nRun '{} --help' for more information.\n",
             path, command_names(deepest), path);
  return kExitUsage;
}

// CLI11's own bad-usage errors ("source is required", an unknown option, an option without its
// value) in the words of every other error: "anvil: error: ", the message with a lowercase first
// word ("The following argument…"), and the help of the command given. Help and version
// requests are CLI11's to print, as they are.
int bad_usage(const CLI::App& app, const CLI::ParseError& e) {
  if (e.get_exit_code() == static_cast<int>(CLI::ExitCodes::Success))
    return app.exit(e) == 0 ? kExitOk : kExitUsage;
  std::string what = e.what();
  if (what.size() > 1 && std::isupper(static_cast<unsigned char>(what[0])) &&
      std::islower(static_cast<unsigned char>(what[1])))
    what[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(what[0])));
  std::string path;
  (void)deepest_parsed(app, path);
  fmt::print(stderr, "anvil: error: {}\nRun '{} --help' for more information.\n", what, path);
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{"Anvil: a card-game rules engine with plugins.", "anvil"};
  app.footer("Exit status: 0 success, 1 failed operation, 2 bad usage. See docs/cli.md.");
  app.fallthrough();  // global options may follow the command name; inherited by subcommands
  GlobalOptions options;
  add_global_options(app, options);

  std::vector<Command> commands;
  add_version_command(app, options, commands);
  add_plugins_commands(app, options, commands);
  add_pack_commands(app, options, commands);
  add_scenario_commands(app, options, commands);
  add_sim_command(app, options, commands);
  add_replay_command(app, options, commands);
  add_bench_command(app, options, commands);
  add_play_command(app, options, commands);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ExtrasError& e) {
    if (unknown_command(app)) return kExitUsage;
    return bad_usage(app, e);
  } catch (const CLI::ParseError& e) {
    // Help (exit 0), or an error; CLI11's own codes (105, 106…) all mean bad usage.
    return bad_usage(app, e);
  }
  for (const Command& command : commands)
    if (command.app->parsed()) return run(command);
  return missing_command(app);
}
