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

// Replaces trust_file() with `records` atomically (written to a file of its own beside it,
// flushed to disk, then renamed over it). Throws std::runtime_error when it cannot. Call it only
// with records read_trust() read without problems: a file that could not be read is never
// rewritten, since the records it could not read would be lost for good.
// REQUIRES: a HomeLock is held, so that no other install or remove writes between the read and
// this write.
void write_trust(const std::vector<TrustedPlugin>& records);

// An exclusive lock (flock) on $ANVIL_HOME/install.lock, held by `pack install` and `pack remove`
// from before they look at the installed packs and trust.yaml until they changed them: two at
// once would each check against, and write trust.yaml from, what the other is changing. Waits
// for the other to finish; released when destroyed (or when the process dies). Makes $ANVIL_HOME
// when it is not there; the lock file and the folders it made are removed as it is released
// (those folders only if empty), so a lock leaves nothing behind but what was done under it.
// Throws std::runtime_error ("cannot lock …: why (is $ANVIL_HOME … a writable folder?)") when
// the lock file cannot be made or locked.
class HomeLock {
 public:
  HomeLock();
  ~HomeLock();
  HomeLock(const HomeLock&) = delete;
  HomeLock& operator=(const HomeLock&) = delete;

 private:
  std::filesystem::path file_;
  int fd_ = -1;
  bool created_file_ = false;
  std::vector<std::filesystem::path> created_dirs_;  // innermost first
};

// The record for `file` of pack `pack` `version`, or nullptr.
const TrustedPlugin* find_trust(const std::vector<TrustedPlugin>& records, const std::string& pack,
                                const std::string& version, const std::string& file);

// Whether `dir` is inside $ANVIL_HOME/packs (resolved through symlinks).
bool is_installed_pack(const std::filesystem::path& dir);

}  // namespace anvil::cli
