#include "pack_trust.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>

#include "path_within.hpp"

namespace anvil::cli {

namespace fs = std::filesystem;

fs::path trust_file() { return anvil_home() / "trust.yaml"; }

std::vector<TrustedPlugin> read_trust(std::vector<Diagnostic>& problems) {
  std::vector<TrustedPlugin> out;
  const fs::path file = trust_file();
  std::error_code ec;
  if (!fs::exists(file, ec)) return out;
  std::ifstream in(file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::optional<Param> root = parse_yaml(text, file.string(), problems);
  if (!root) return out;
  if (root->is_scalar() && root->text().empty()) return out;  // an empty file
  if (!root->is_list()) {
    problems.push_back({Diagnostic::Severity::error, root->where(),
                        "trust.yaml must be a list of {pack, version, file, sha256}"});
    return out;
  }
  for (const Param& item : root->items()) {
    MapReader entry(item, "trusted plugin", problems);
    if (!entry.ok()) continue;
    TrustedPlugin t;
    const Param* fields[] = {entry.required("pack"), entry.required("version"),
                             entry.required("file"), entry.required("sha256")};
    entry.finish();
    if (std::any_of(std::begin(fields), std::end(fields),
                    [](const Param* p) { return p == nullptr || !p->is_scalar(); }))
      continue;
    out.push_back({fields[0]->text(), fields[1]->text(), fields[2]->text(), fields[3]->text()});
  }
  return out;
}

namespace {

std::string trust_text(const std::vector<TrustedPlugin>& records) {
  std::string out =
      "# Native plugins trusted with 'anvil pack install --trust', pinned by sha256.\n"
      "# 'anvil pack remove' drops a pack's entries; a file whose digest differs is not "
      "loaded.\n";
  if (records.empty()) out += "[]\n";
  // JSON strings are YAML double-quoted scalars: any file name round-trips.
  for (const TrustedPlugin& t : records) {
    out += "- pack: " + nlohmann::json(t.pack).dump() + "\n" +
           "  version: " + nlohmann::json(t.version).dump() + "\n" +
           "  file: " + nlohmann::json(t.file).dump() + "\n" +
           "  sha256: " + nlohmann::json(t.sha256).dump() + "\n";
  }
  return out;
}

// Writes `text` to the new file `path` and flushes it to disk, so that the rename that follows
// never leaves an empty or partial trust.yaml after a crash.
void write_synced(const fs::path& path, const std::string& text) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd < 0) throw std::runtime_error("cannot create " + path.string() + ": " + strerror(errno));
  int error = 0;
  for (std::size_t done = 0; done < text.size() && error == 0;) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n > 0)
      done += static_cast<std::size_t>(n);
    else if (n == 0 || errno != EINTR)
      error = n == 0 ? EIO : errno;
  }
  if (error == 0 && ::fsync(fd) != 0) error = errno;
  ::close(fd);
  if (error != 0) {
    std::error_code ignored;
    fs::remove(path, ignored);
    throw std::runtime_error("cannot write " + path.string() + ": " + strerror(error));
  }
}

}  // namespace

void write_trust(const std::vector<TrustedPlugin>& records) {
  const fs::path file = trust_file();
  const fs::path temp = file.string() + fmt::format(".{}.tmp", ::getpid());
  std::error_code ec;
  fs::remove(temp, ec);  // left by a killed process that had this pid
  write_synced(temp, trust_text(records));
  fs::rename(temp, file, ec);
  if (ec) {
    std::error_code ignored;
    fs::remove(temp, ignored);
    throw std::runtime_error("cannot replace " + file.string() + ": " + ec.message());
  }
}

namespace {

// Why the lock file cannot be had, with the folder to look at.
std::runtime_error cannot_lock(const fs::path& file, const std::string& why) {
  return std::runtime_error(
      fmt::format("cannot lock {}: {} (is $ANVIL_HOME, {}, a writable folder?)", file.string(), why,
                  anvil_home().string()));
}

}  // namespace

HomeLock::HomeLock() {
  const fs::path home = anvil_home();
  file_ = home / "install.lock";
  // A holder that made the lock file removes it, and the folders it made, as it lets go
  // (~HomeLock): one waiting for it then holds a lock on a file no longer there, and starts
  // again on the file as it is now.
  for (;;) {
    std::error_code ec;
    created_dirs_.clear();
    for (fs::path dir = home; !dir.empty() && !fs::exists(dir, ec); dir = dir.parent_path()) {
      created_dirs_.push_back(dir);
      if (dir == dir.parent_path()) break;
    }
    fs::create_directories(home, ec);
    if (ec) throw cannot_lock(file_, ec.message());
    created_file_ = false;
    fd_ = ::open(file_.c_str(), O_RDWR | O_CLOEXEC);
    if (fd_ < 0 && errno == ENOENT) {
      fd_ = ::open(file_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
      created_file_ = fd_ >= 0;
      if (fd_ < 0 && (errno == EEXIST || errno == ENOENT)) continue;  // raced: look again
    }
    if (fd_ < 0) throw cannot_lock(file_, strerror(errno));
    while (::flock(fd_, LOCK_EX) != 0) {
      if (errno == EINTR) continue;
      const int error = errno;
      ::close(fd_);
      throw cannot_lock(file_, strerror(error));
    }
    struct stat held {};
    struct stat named {};
    if (::fstat(fd_, &held) == 0 && ::stat(file_.c_str(), &named) == 0 &&
        held.st_dev == named.st_dev && held.st_ino == named.st_ino)
      return;
    ::close(fd_);  // its holder removed it: lock the file there now
  }
}

HomeLock::~HomeLock() {
  // Still held: the lock file goes before anyone else can lock it (they then start again), and
  // with it the folders made for it, if nothing else was put in them: a refused first install
  // leaves no trace.
  if (created_file_) {
    std::error_code ec;
    fs::remove(file_, ec);
    for (const fs::path& dir : created_dirs_) fs::remove(dir, ec);  // fails if not empty
  }
  ::close(fd_);  // closing releases the lock
}

const TrustedPlugin* find_trust(const std::vector<TrustedPlugin>& records, const std::string& pack,
                                const std::string& version, const std::string& file) {
  auto it = std::find_if(records.begin(), records.end(), [&](const TrustedPlugin& t) {
    return t.pack == pack && t.version == version && t.file == file;
  });
  return it == records.end() ? nullptr : &*it;
}

bool is_installed_pack(const fs::path& dir) {
  return is_strictly_within(dir, anvil_home() / "packs");
}

}  // namespace anvil::cli
