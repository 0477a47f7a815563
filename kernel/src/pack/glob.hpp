// File globs inside a pack folder: `*` and `?` within one path segment, `**` for any number of
// folders. A glob may not be absolute or climb out with `..`, and no file it matches may
// resolve (through a symlink) outside the pack.
#pragma once

#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE
namespace pack_detail {

struct GlobResult {
  std::vector<std::filesystem::path> files;  // root / match, sorted, regular files only
  std::string error;                         // set when the glob itself is refused
  std::vector<std::string> escaping;         // matches that resolve outside `root`
};

GlobResult expand_glob(const std::filesystem::path& root, std::string_view pattern);

// Whether one path segment matches one glob segment (`*`, `?`, literal characters). A leading
// '.' is matched only by a literal '.', as in the shell.
bool glob_segment_matches(std::string_view pattern, std::string_view name);

// Whether `path` resolves to somewhere inside `root` (both resolved through symlinks).
bool inside(const std::filesystem::path& root, const std::filesystem::path& path);

}  // namespace pack_detail
ANVIL_END_NAMESPACE
