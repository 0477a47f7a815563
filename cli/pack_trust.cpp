#include "pack_trust.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/file.h>
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

HomeLock::HomeLock() {
  const fs::path home = anvil_home();
  std::error_code ec;
  fs::create_directories(home, ec);
  const fs::path file = home / "install.lock";
  fd_ = ::open(file.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw std::runtime_error("cannot create the lock file " + file.string() + ": " +
                             strerror(errno));
  while (::flock(fd_, LOCK_EX) != 0) {
    if (errno == EINTR) continue;
    const int error = errno;
    ::close(fd_);
    throw std::runtime_error("cannot lock " + file.string() + ": " + strerror(error));
  }
}

HomeLock::~HomeLock() { ::close(fd_); }  // closing releases the lock

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
