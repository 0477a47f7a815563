#include "pack_archive.hpp"

#include <archive.h>
#include <archive_entry.h>
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <system_error>

namespace anvil::cli {

namespace fs = std::filesystem;

namespace {

struct ArchiveFree {
  void operator()(archive* a) const { archive_read_free(a); }
};

struct Fd {
  int fd = -1;
  ~Fd() {
    if (fd >= 0) ::close(fd);
  }
};

[[noreturn]] void refuse(const fs::path& archive, std::string_view entry, const std::string& why) {
  throw std::runtime_error(archive.string() + ": entry '" + std::string(entry) + "' " + why +
                           "; the archive is refused");
}

// The entry's path relative to the target, or empty for the archive's root ("./").
std::string relative_path(const fs::path& archive, std::string_view name) {
  if (name.empty()) refuse(archive, name, "has no name");
  if (name.starts_with('/')) refuse(archive, name, "has an absolute path");
  if (name.find('\\') != std::string_view::npos || name.find('\0') != std::string_view::npos)
    refuse(archive, name, "has a backslash or NUL in its path");
  std::string out;
  std::size_t start = 0;
  while (start <= name.size()) {
    const std::size_t slash = std::min(name.find('/', start), name.size());
    const std::string_view segment = name.substr(start, slash - start);
    start = slash + 1;
    if (segment.empty() || segment == ".") continue;
    if (segment == "..") refuse(archive, name, "uses '..', which would leave the pack");
    out += (out.empty() ? "" : "/") + std::string(segment);
  }
  return out;
}

// Creates `dir` and its parents for entry `name`; a part of its path that an earlier entry made a
// file refuses the archive (not a raw filesystem error naming the staging folder).
void make_folders(const fs::path& archive, std::string_view name, const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (!ec) return;
  if (ec == std::errc::not_a_directory || ec == std::errc::file_exists)
    refuse(archive, name, "is inside a path that is also a file of the archive");
  refuse(archive, name, "cannot be written: " + ec.message());
}

}  // namespace

bool is_archive(const fs::path& path) {
  std::error_code ec;
  return fs::is_regular_file(path, ec);
}

std::string why_not_a_pack_folder(const fs::path& path) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) return {};
  if (!fs::exists(path, ec)) return "does not exist";
  if (path.filename() == kPackManifestFile) {
    const fs::path dir = path.parent_path().empty() ? fs::path(".") : path.parent_path();
    return fmt::format("is a pack's manifest, not its folder: give the folder that holds {} ({})",
                       kPackManifestFile, dir.string());
  }
  return fmt::format("is a file, not a pack folder: give the folder that holds {}",
                     kPackManifestFile);
}

void unpack_archive(const fs::path& archive_path, const fs::path& into,
                    const PackFileLimits& limits) {
  std::unique_ptr<archive, ArchiveFree> a(archive_read_new());
  if (!a) throw std::runtime_error("libarchive could not start");
  archive_read_support_filter_all(a.get());
  archive_read_support_format_tar(a.get());
  archive_read_support_format_gnutar(a.get());
  if (archive_read_open_filename(a.get(), archive_path.c_str(), 64 * 1024) != ARCHIVE_OK) {
    throw std::runtime_error(archive_path.string() +
                             " cannot be read as a tar archive: " + archive_error_string(a.get()));
  }
  std::size_t count = 0;
  std::uint64_t total = 0;
  std::array<char, 64 * 1024> buffer{};
  for (;;) {
    archive_entry* entry = nullptr;
    const int r = archive_read_next_header(a.get(), &entry);
    if (r == ARCHIVE_EOF) break;
    if (r != ARCHIVE_OK && r != ARCHIVE_WARN) {
      throw std::runtime_error(archive_path.string() +
                               " is damaged: " + archive_error_string(a.get()));
    }
    const char* raw = archive_entry_pathname(entry);
    const std::string name = raw ? raw : "";
    if (++count > limits.max_files) {
      refuse(archive_path, name,
             "is past the limit of " + std::to_string(limits.max_files) + " files and folders");
    }
    const std::string rel = relative_path(archive_path, name);
    if (archive_entry_hardlink(entry) != nullptr) refuse(archive_path, name, "is a hardlink");
    const auto type = archive_entry_filetype(entry);
    if (type == AE_IFLNK) refuse(archive_path, name, "is a symlink (packs may hold none)");
    if (type == AE_IFDIR) {
      if (!rel.empty()) make_folders(archive_path, name, into / rel);
      continue;
    }
    if (type != AE_IFREG)
      refuse(archive_path, name, "is not a regular file or folder (a device, FIFO or socket)");
    if (rel.empty()) refuse(archive_path, name, "is a file without a name");
    // Only data blocks are stored for a sparse file: reading them as one stream would write a
    // file shorter than the one archived, its size never counted against the limits.
    if (archive_entry_sparse_count(entry) > 0)
      refuse(archive_path, name, "is a sparse file (made with 'tar -S'), which packs may not hold");
    if (archive_entry_size_is_set(entry) &&
        static_cast<std::uint64_t>(archive_entry_size(entry)) > limits.max_file_bytes) {
      refuse(archive_path, name,
             "is over the limit of " + std::to_string(limits.max_file_bytes) + " bytes");
    }
    const fs::path target = into / rel;
    make_folders(archive_path, name, target.parent_path());
    const mode_t mode = (archive_entry_perm(entry) & 0111) != 0 ? 0755 : 0644;
    Fd out{::open(target.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)};
    if (out.fd < 0) {
      const int error = errno;
      std::error_code ec;
      if (error == EEXIST && fs::is_directory(target, ec))
        refuse(archive_path, name, "is both a file and a folder of the archive");
      refuse(
          archive_path, name,
          error == EEXIST ? "appears twice" : "cannot be written: " + std::string(strerror(error)));
    }
    std::uint64_t size = 0;
    for (;;) {
      const la_ssize_t n = archive_read_data(a.get(), buffer.data(), buffer.size());
      if (n == 0) break;
      if (n < 0) {
        throw std::runtime_error(archive_path.string() + ": entry '" + name +
                                 "' is damaged: " + archive_error_string(a.get()));
      }
      size += static_cast<std::uint64_t>(n);
      total += static_cast<std::uint64_t>(n);
      if (size > limits.max_file_bytes) {
        refuse(archive_path, name,
               "is over the limit of " + std::to_string(limits.max_file_bytes) + " bytes");
      }
      if (total > limits.max_total_bytes) {
        refuse(archive_path, name,
               "takes the archive over the limit of " + std::to_string(limits.max_total_bytes) +
                   " bytes unpacked");
      }
      if (::write(out.fd, buffer.data(), static_cast<std::size_t>(n)) != n) {
        refuse(archive_path, name, "cannot be written: " + std::string(strerror(errno)));
      }
    }
  }
}

}  // namespace anvil::cli
