// The exit status of every `anvil` command (docs/cli.md).
#pragma once

namespace anvil::cli {

inline constexpr int kExitOk = 0;      // the command did what was asked
inline constexpr int kExitFailed = 1;  // a failed operation: a pack with errors, an unknown pack
inline constexpr int kExitUsage = 2;   // bad usage: unknown option, missing argument, bad value

}  // namespace anvil::cli
