#include "pack/glob.hpp"

#include <algorithm>
#include <system_error>

ANVIL_BEGIN_NAMESPACE
namespace pack_detail {

namespace fs = std::filesystem;

namespace {

bool has_wildcard(std::string_view s) { return s.find_first_of("*?") != std::string_view::npos; }

std::vector<std::string_view> segments(std::string_view pattern) {
  std::vector<std::string_view> out;
  std::size_t start = 0;
  while (start <= pattern.size()) {
    const std::size_t slash = std::min(pattern.find('/', start), pattern.size());
    const std::string_view seg = pattern.substr(start, slash - start);
    if (!seg.empty() && seg != ".") out.push_back(seg);  // "a//b" and "./a" mean "a/b", "a"
    start = slash + 1;
  }
  return out;
}

// Matches segments[i..] under `dir` (relative to the root as `rel`), appending to `out`.
void walk(const fs::path& dir, const fs::path& rel, const std::vector<std::string_view>& segs,
          std::size_t i, std::vector<fs::path>& out) {
  std::error_code ec;
  if (i == segs.size()) {
    if (fs::is_regular_file(dir, ec)) out.push_back(rel);
    return;
  }
  const std::string_view seg = segs[i];
  if (seg == "**") {
    walk(dir, rel, segs, i + 1, out);  // zero folders
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
      const std::string name = entry.path().filename().string();
      if (!name.starts_with('.') && entry.is_directory(ec))
        walk(entry.path(), rel / name, segs, i, out);
    }
    return;
  }
  if (!has_wildcard(seg)) {
    const fs::path next = dir / std::string(seg);
    if (fs::exists(next, ec)) walk(next, rel / std::string(seg), segs, i + 1, out);
    return;
  }
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (glob_segment_matches(seg, name)) walk(entry.path(), rel / name, segs, i + 1, out);
  }
}

}  // namespace

bool glob_segment_matches(std::string_view pattern, std::string_view name) {
  if (name.starts_with('.') && !pattern.starts_with('.')) return false;
  // Iterative match with one backtrack point for the last '*': linear enough for file names.
  std::size_t p = 0, n = 0, star = std::string_view::npos, mark = 0;
  while (n < name.size()) {
    if (p < pattern.size() && (pattern[p] == '?' || pattern[p] == name[n])) {
      ++p;
      ++n;
    } else if (p < pattern.size() && pattern[p] == '*') {
      star = p++;
      mark = n;
    } else if (star != std::string_view::npos) {
      p = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (p < pattern.size() && pattern[p] == '*') ++p;
  return p == pattern.size();
}

bool inside(const fs::path& root, const fs::path& path) {
  std::error_code ec;
  const fs::path r = fs::weakly_canonical(root, ec);
  if (ec) return false;
  const fs::path p = fs::weakly_canonical(path, ec);
  if (ec) return false;
  auto [root_end, _] = std::mismatch(r.begin(), r.end(), p.begin(), p.end());
  return root_end == r.end();
}

GlobResult expand_glob(const fs::path& root, std::string_view pattern) {
  GlobResult result;
  if (pattern.empty()) {
    result.error = "the glob is empty";
    return result;
  }
  if (pattern.starts_with('/') || pattern.find('\\') != std::string_view::npos) {
    result.error =
        "a glob is relative to the pack folder and uses '/': '" + std::string(pattern) + "'";
    return result;
  }
  const auto segs = segments(pattern);
  for (std::string_view s : segs) {
    if (s == "..") {
      result.error = "'..' would leave the pack folder: '" + std::string(pattern) + "'";
      return result;
    }
  }
  std::vector<fs::path> rel;
  walk(root, {}, segs, 0, rel);
  std::sort(rel.begin(), rel.end());
  rel.erase(std::unique(rel.begin(), rel.end()), rel.end());
  for (const fs::path& r : rel) {
    const fs::path full = root / r;
    if (!inside(root, full)) {
      result.escaping.push_back(r.generic_string());
      continue;
    }
    result.files.push_back(full);
  }
  return result;
}

}  // namespace pack_detail
ANVIL_END_NAMESPACE
