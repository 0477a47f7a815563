// How commands plug into main: each command group adds its CLI11 subcommands and, for each leaf
// command, the function that runs it once parsing has finished (so global options given after
// the subcommand are already read).
#pragma once

#include <CLI/CLI.hpp>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace anvil::cli {

// Options every command accepts, before or after the command name.
struct GlobalOptions {
  std::vector<std::string> plugin_dirs;  // --plugin-dir DIR, repeatable
  std::vector<std::string> pack_dirs;    // --pack-dir DIR, repeatable
};

struct Command {
  CLI::App* app;
  std::function<int()> run;  // returns the exit status (exit_codes.hpp)
};

// Checks that a count or seed on the command line is a whole number of at least `least`, with a
// message that says so. CLI11 2.1 reads "-3" into a std::size_t as 2^64 - 3, and its own range
// checks print the range of a double.
CLI::Validator at_least(std::uint64_t least);
// A whole number from `least` to `most`, said the same way ("… is not a whole number from 1 to
// 100000000"): for counts whose type or memory has a ceiling.
CLI::Validator whole_number(std::uint64_t least, std::uint64_t most);
// A whole number of at least 0, `what` in its message ("'-1' is not a whole number of threads,
// 0 for one per core"). One above `cap`, however large, is read as `cap`, which is what would be
// used (sim -j: at most 256 threads), rather than refused with a range no one needs: so it goes
// to transform(), as check() may not change the text.
CLI::Validator capped_count(std::uint64_t cap, std::string what);
// A setting given as KEY=VALUE (--option mulligans=1), with a non-empty key.
CLI::Validator key_value();

void add_version_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out);
void add_plugins_commands(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out);
void add_pack_commands(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out);
// validate, install and remove, under the `pack` command that add_pack_commands() made.
void add_pack_manage_commands(CLI::App& pack, const GlobalOptions& options,
                              std::vector<Command>& out);
void add_scenario_commands(CLI::App& app, const GlobalOptions& options,
                           std::vector<Command>& out);
void add_sim_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out);
void add_replay_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out);
void add_bench_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out);
void add_play_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out);

}  // namespace anvil::cli
