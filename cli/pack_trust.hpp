// The plugins the user trusted with `anvil pack install --trust`, pinned by sha256 in
// $ANVIL_HOME/trust.yaml (docs/pack-format.md, "Plugins shipped in packs"). start_engine() loads
// a plugin shipped in an installed pack only when its file still has the digest recorded here.
#pragma once

#include <anvil/extensions.hpp>
#include <filesystem>
#include <string>
#include <vector>

namespace anvil::cli {

// One trusted library: which pack (name and version) ships it, where inside the pack, and the
// sha256 it had when the user trusted it.
struct TrustedPlugin {
  std::string pack;
  std::string version;
  std::string file;  // relative to the pack folder, as in its pack.yaml
  std::string sha256;
};

// $ANVIL_HOME/trust.yaml.
std::filesystem::path trust_file();

// The records of trust_file(); none when it does not exist. Problems reading it are added to
// `problems` (a damaged file trusts nothing it cannot read).
std::vector<TrustedPlugin> read_trust(std::vector<Diagnostic>& problems);

// Replaces trust_file() with `records` atomically (written beside it, then renamed). Throws
// std::runtime_error when it cannot.
void write_trust(const std::vector<TrustedPlugin>& records);

// The record for `file` of pack `pack` `version`, or nullptr.
const TrustedPlugin* find_trust(const std::vector<TrustedPlugin>& records, const std::string& pack,
                                const std::string& version, const std::string& file);

// Whether `dir` is inside $ANVIL_HOME/packs (resolved through symlinks).
bool is_installed_pack(const std::filesystem::path& dir);

}  // namespace anvil::cli
