// check_pack_files: what a pack folder holds besides its cards — no link out of it or to a
// folder, no special files, and no more than the limits allow. Walks without following
// symlinks, so a link to a folder is reported, never entered.
#include <system_error>

#include "anvil/pack.hpp"
#include "pack/glob.hpp"

ANVIL_BEGIN_NAMESPACE

namespace fs = std::filesystem;

namespace {

SourceLocation at(const fs::path& file) { return {file.string(), 0, 0}; }

Diagnostic problem(const fs::path& file, std::string message) {
  return {Diagnostic::Severity::error, at(file), std::move(message)};
}

}  // namespace

std::vector<Diagnostic> check_pack_files(const fs::path& dir, const PackFileLimits& limits) {
  std::vector<Diagnostic> out;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) {
    out.push_back(problem(dir, "is not a folder"));
    return out;
  }
  std::size_t count = 0;
  std::uint64_t total = 0;
  fs::recursive_directory_iterator it(dir, fs::directory_options::none, ec);
  if (ec) {
    out.push_back(problem(dir, "cannot be read: " + ec.message()));
    return out;
  }
  for (; it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) {
      out.push_back(problem(dir, "cannot be read: " + ec.message()));
      break;
    }
    const fs::path& path = it->path();
    if (++count > limits.max_files) {
      out.push_back(problem(dir, "holds more than " + std::to_string(limits.max_files) +
                                     " files and folders; the pack is refused"));
      break;
    }
    const fs::file_status status = it->symlink_status(ec);
    if (fs::is_symlink(status)) {
      std::error_code target_ec;
      const bool resolves = fs::exists(path, target_ec);
      if (!resolves)
        out.push_back(
            problem(path, "is a symlink that points nowhere (or to an unreadable place)"));
      else if (!pack_detail::inside(dir, path))
        out.push_back(problem(path, "is a symlink that resolves outside the pack (to " +
                                        fs::weakly_canonical(path, target_ec).string() + ")"));
      else if (fs::is_directory(path, target_ec))  // install copies files, not folders, by links
        out.push_back(problem(path, std::string(kSymlinkToFolder)));
      continue;  // never followed
    }
    if (fs::is_directory(status)) continue;
    if (!fs::is_regular_file(status)) {
      out.push_back(problem(path,
                            "is not a regular file, folder or symlink (a device, FIFO or "
                            "socket); packs may hold none"));
      continue;
    }
    const std::uint64_t size = it->file_size(ec);
    if (size > limits.max_file_bytes) {
      out.push_back(problem(path, "is " + std::to_string(size) + " bytes, over the limit of " +
                                      std::to_string(limits.max_file_bytes) + " for one file"));
    }
    total += size;
    if (total > limits.max_total_bytes) {
      out.push_back(problem(dir, "holds more than " + std::to_string(limits.max_total_bytes) +
                                     " bytes of files; the pack is refused"));
      break;
    }
  }
  return out;
}

ANVIL_END_NAMESPACE
