// The content digest of a pack: what a replay records beside each pack's name and version, so
// that `anvil replay` can tell a pack whose files changed without a new version (a card edited
// and installed again as the same version) from the one the game was played with, before
// playing it to a final hash that merely differs (docs/cli.md, "anvil replay").
#pragma once

#include <anvil/pack.hpp>
#include <string>

namespace anvil::cli {

// The SHA-256, as 64 lowercase hex digits, of the files that define play: pack.yaml, then every
// card file and deck file of `pack`, in the order of their paths relative to the pack folder,
// each as its relative path (with '/'), its size and its bytes, so that renaming or moving a
// file changes it too. README files and shipped plugins are left out: the plugins are pinned by
// their own sha256 in pack.yaml. Throws std::runtime_error naming a file that cannot be read.
[[nodiscard]] std::string pack_content_digest(const LoadedPack& pack);

}  // namespace anvil::cli
