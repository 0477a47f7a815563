// Where a folder really is: its path resolved through symlinks and `..`, not where its name says.
// A pack's folder is bundled, installed, or holds $ANVIL_HOME by where it resolves to.
#pragma once

#include <filesystem>

namespace anvil::cli {

// Whether `inner` is `outer` or inside it, both resolved; false when either cannot be resolved.
bool is_within(const std::filesystem::path& inner, const std::filesystem::path& outer);

// Whether `inner` is inside `outer` and not `outer` itself, both resolved.
bool is_strictly_within(const std::filesystem::path& inner, const std::filesystem::path& outer);

}  // namespace anvil::cli
