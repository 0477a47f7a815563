// Semantic versions and version ranges: what `version:`, `engine:` and `requires:` in a
// pack.yaml hold (docs/pack-format.md), and what plugins report in their handshake.
//
//   std::optional<Version> v = parse_version("0.1.3");
//   std::optional<VersionRange> r = parse_range(">=0.1 <0.2");   // or "^0.1", "~0.1.2", "0.1.x"
//   if (v && r && r->contains(*v)) …
//
// Versions follow semver 2.0: MAJOR.MINOR.PATCH, an optional "-prerelease" that sorts before
// the release, and "+build" metadata that is kept out of comparisons. Ranges are a small,
// npm-like subset, enough for manifests:
//   comparators  =V  >V  >=V  <V  <=V   (V may be partial: ">=0.1" is ">=0.1.0")
//   caret        ^1.2.3 := >=1.2.3 <2.0.0;  ^0.2.3 := >=0.2.3 <0.3.0;  ^0.0.3 := >=0.0.3 <0.0.4
//   tilde        ~1.2.3 := >=1.2.3 <1.3.0;  ~1 := >=1.0.0 <2.0.0
//   partial      1.2 or 1.2.x := >=1.2.0 <1.3.0;  * or x := any version
//   space        all comparators of a set must hold;  `||` joins sets, any may hold
// Unlike npm, a prerelease is not excluded specially: it simply sorts before its release.
#pragma once

#include <compare>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

struct ANVIL_API Version {
  std::uint32_t major = 0;
  std::uint32_t minor = 0;
  std::uint32_t patch = 0;
  std::string prerelease;  // "beta.2", without the '-'; empty for a release
  std::string build;       // "+build" metadata, without the '+'; ignored by comparisons

  // "1.2.3-beta.2+exp.7"
  std::string str() const;
};

// Semver precedence: build metadata ignored; "1.0.0-alpha" < "1.0.0-alpha.1" < "1.0.0".
ANVIL_API std::strong_ordering operator<=>(const Version& a, const Version& b);
inline bool operator==(const Version& a, const Version& b) { return std::is_eq(a <=> b); }

// A full version "MAJOR.MINOR.PATCH[-pre][+build]", or nullopt. No leading zeros, no 'v'.
[[nodiscard]] ANVIL_API std::optional<Version> parse_version(std::string_view text);

// One `op version` test of a range.
struct Comparator {
  enum class Op : std::uint8_t { eq, lt, le, gt, ge };
  Op op = Op::ge;
  Version version;
};

// A parsed range. Default-constructed, it matches every version ("*").
struct ANVIL_API VersionRange {
  std::string text = "*";  // as written
  // Alternatives (joined by ||), each a list of comparators that must all hold.
  std::vector<std::vector<Comparator>> sets = {{}};

  bool contains(const Version& v) const;
};

// Parses a range (syntax above). On failure returns nullopt and, if `why` is given, says which
// part is wrong: "'>=0.1 <<0.2': '<<0.2' is not a version".
[[nodiscard]] ANVIL_API std::optional<VersionRange> parse_range(std::string_view text,
                                                                std::string* why = nullptr);

ANVIL_END_NAMESPACE
