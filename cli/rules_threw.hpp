// The words every command uses when a rules module's own code threw something that is not a
// std::exception (what plugin abilities throw, the kernel names: docs/sdk.md), so that sim,
// play and scenario run say it alike. A header of its own: the scenario runner's library does not
// depend on the rest of the commands.
#pragma once

namespace anvil::cli {

inline constexpr const char* kRulesThrewNotAnException =
    "the rules module threw something that is not a std::exception";

}  // namespace anvil::cli
