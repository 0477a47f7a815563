#include "path_within.hpp"

#include <algorithm>
#include <optional>
#include <system_error>

namespace anvil::cli {

namespace fs = std::filesystem;

namespace {

// 0: not within (or not resolvable), 1: inside, 2: the same folder.
int place(const fs::path& inner, const fs::path& outer) {
  std::error_code ec;
  const fs::path a = fs::weakly_canonical(inner, ec);
  if (ec) return 0;
  const fs::path b = fs::weakly_canonical(outer, ec);
  if (ec) return 0;
  auto [end, _] = std::mismatch(b.begin(), b.end(), a.begin(), a.end());
  if (end != b.end()) return 0;
  return a == b ? 2 : 1;
}

}  // namespace

bool is_within(const fs::path& inner, const fs::path& outer) { return place(inner, outer) != 0; }

bool is_strictly_within(const fs::path& inner, const fs::path& outer) {
  return place(inner, outer) == 1;
}

}  // namespace anvil::cli
