#include "anvil/semver.hpp"

#include <algorithm>
#include <charconv>
#include <string>
#include <utility>

#include "semver_problem.hpp"

ANVIL_BEGIN_NAMESPACE

namespace {

bool is_digit(char c) { return c >= '0' && c <= '9'; }
bool is_ident_char(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-';
}
bool all_digits(std::string_view s) {
  for (char c : s)
    if (!is_digit(c)) return false;
  return !s.empty();
}

// A numeric identifier with a leading zero ("01"), which semver forbids (§2, §9); "0" alone is
// fine.
bool zero_led(std::string_view id) { return all_digits(id) && id.size() > 1 && id[0] == '0'; }

// A numeric component: digits, no leading zero (semver §2), fits 32 bits.
std::optional<std::uint32_t> parse_number(std::string_view s) {
  if (!all_digits(s) || zero_led(s)) return std::nullopt;
  std::uint32_t n = 0;
  auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
  if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
  return n;
}

// Dot-separated identifiers of a prerelease or build part. Numeric prerelease identifiers may
// not have leading zeros; build identifiers may.
bool valid_identifiers(std::string_view s, bool numeric_rules) {
  if (s.empty()) return false;
  std::size_t start = 0;
  while (true) {
    const std::size_t dot = s.find('.', start);
    const std::string_view id = s.substr(start, dot == std::string_view::npos ? dot : dot - start);
    if (id.empty()) return false;
    for (char c : id)
      if (!is_ident_char(c)) return false;
    if (numeric_rules && zero_led(id)) return false;
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

std::vector<std::string_view> split(std::string_view s, char sep) {
  std::vector<std::string_view> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t at = s.find(sep, start);
    parts.push_back(s.substr(start, at == std::string_view::npos ? at : at - start));
    if (at == std::string_view::npos) return parts;
    start = at + 1;
  }
}

// Semver §11: numeric identifiers compare numerically and sort before alphanumeric ones; a
// shorter list of equal leading identifiers sorts first; any prerelease sorts before none.
std::strong_ordering compare_prerelease(std::string_view a, std::string_view b) {
  if (a.empty() || b.empty()) return a.empty() <=> b.empty();  // a release sorts last
  const auto as = split(a, '.'), bs = split(b, '.');
  for (std::size_t i = 0; i < as.size() && i < bs.size(); ++i) {
    const bool an = all_digits(as[i]), bn = all_digits(bs[i]);
    if (an && bn) {
      if (as[i].size() != bs[i].size()) return as[i].size() <=> bs[i].size();
      if (auto c = as[i].compare(bs[i]); c != 0) return c <=> 0;
    } else if (an != bn) {
      return an ? std::strong_ordering::less : std::strong_ordering::greater;
    } else if (auto c = as[i].compare(bs[i]); c != 0) {
      return c <=> 0;
    }
  }
  return as.size() <=> bs.size();
}

// A version in a range may be partial ("1", "1.2", "1.x"); missing parts are wildcards.
struct Partial {
  std::optional<std::uint32_t> major, minor, patch;
  std::string prerelease;
};

std::optional<Partial> parse_partial(std::string_view s) {
  Partial p;
  if (const auto plus = s.find('+'); plus != std::string_view::npos) s = s.substr(0, plus);
  if (const auto dash = s.find('-'); dash != std::string_view::npos) {
    p.prerelease = std::string(s.substr(dash + 1));
    if (!valid_identifiers(p.prerelease, true)) return std::nullopt;
    s = s.substr(0, dash);
  }
  const auto parts = split(s, '.');
  if (parts.size() > 3) return std::nullopt;
  std::optional<std::uint32_t>* slots[] = {&p.major, &p.minor, &p.patch};
  bool wildcard_seen = false;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    if (parts[i] == "x" || parts[i] == "X" || parts[i] == "*") {
      wildcard_seen = true;
      continue;
    }
    if (wildcard_seen) return std::nullopt;  // "1.x.3" means nothing
    auto n = parse_number(parts[i]);
    if (!n) return std::nullopt;
    *slots[i] = n;
  }
  // A prerelease belongs to a full version only.
  if (!p.prerelease.empty() && !p.patch) return std::nullopt;
  return p;
}

Version lower(const Partial& p) {
  return Version{p.major.value_or(0), p.minor.value_or(0), p.patch.value_or(0), p.prerelease, {}};
}

// The first version above every version matching the partial: "1.2" → 1.3.0, "1" → 2.0.0.
Version bump_missing(const Partial& p) {
  if (!p.minor) return Version{*p.major + 1, 0, 0, {}, {}};
  return Version{*p.major, *p.minor + 1, 0, {}, {}};
}

using Op = Comparator::Op;

bool desugar(std::string_view op, const Partial& p, std::vector<Comparator>& out) {
  const bool any = !p.major;
  const bool full = p.patch.has_value();
  if (op.empty() || op == "=") {
    if (any) return true;
    if (full) {
      out.push_back({Op::eq, lower(p)});
      return true;
    }
    out.push_back({Op::ge, lower(p)});
    out.push_back({Op::lt, bump_missing(p)});
    return true;
  }
  if (any) {
    // ">*" or "<*" match nothing useful; "<=*", ">=*" everything. Keep it simple: refuse.
    return op == ">=" || op == "<=";
  }
  if (op == ">=") {
    out.push_back({Op::ge, lower(p)});
  } else if (op == "<") {
    out.push_back({Op::lt, lower(p)});
  } else if (op == ">") {
    out.push_back(full ? Comparator{Op::gt, lower(p)} : Comparator{Op::ge, bump_missing(p)});
  } else if (op == "<=") {
    out.push_back(full ? Comparator{Op::le, lower(p)} : Comparator{Op::lt, bump_missing(p)});
  } else if (op == "~") {
    out.push_back({Op::ge, lower(p)});
    out.push_back({Op::lt, p.minor ? Version{*p.major, *p.minor + 1, 0, {}, {}}
                                   : Version{*p.major + 1, 0, 0, {}, {}}});
  } else if (op == "^") {
    out.push_back({Op::ge, lower(p)});
    // Bump the first non-zero component that was given; ^0.0.3 pins the patch.
    Version upper;
    if (*p.major != 0 || !p.minor) {
      upper = Version{*p.major + 1, 0, 0, {}, {}};
    } else if (*p.minor != 0 || !p.patch) {
      upper = Version{0, *p.minor + 1, 0, {}, {}};
    } else {
      upper = Version{0, 0, *p.patch + 1, {}, {}};
    }
    out.push_back({Op::lt, upper});
  } else {
    return false;
  }
  return true;
}

std::string_view take_operator(std::string_view& token) {
  for (std::string_view op : {">=", "<=", ">", "<", "=", "^", "~"}) {
    if (token.starts_with(op)) {
      token.remove_prefix(op.size());
      return op;
    }
  }
  return {};
}

bool is_space(char c) { return c == ' ' || c == '\t'; }

std::vector<std::string_view> tokens(std::string_view s) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && is_space(s[i])) ++i;
    const std::size_t start = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    if (i > start) out.push_back(s.substr(start, i - start));
  }
  return out;
}

bool holds(const Comparator& c, const Version& v) {
  const auto order = v <=> c.version;
  switch (c.op) {
    case Op::eq:
      return std::is_eq(order);
    case Op::lt:
      return std::is_lt(order);
    case Op::le:
      return std::is_lteq(order);
    case Op::gt:
      return std::is_gt(order);
    case Op::ge:
      return std::is_gteq(order);
  }
  return false;
}

}  // namespace

std::string Version::str() const {
  std::string s = std::to_string(major) + '.' + std::to_string(minor) + '.' + std::to_string(patch);
  if (!prerelease.empty()) s += '-' + prerelease;
  if (!build.empty()) s += '+' + build;
  return s;
}

std::strong_ordering operator<=>(const Version& a, const Version& b) {
  if (auto c = a.major <=> b.major; std::is_neq(c)) return c;
  if (auto c = a.minor <=> b.minor; std::is_neq(c)) return c;
  if (auto c = a.patch <=> b.patch; std::is_neq(c)) return c;
  return compare_prerelease(a.prerelease, b.prerelease);
}

std::optional<Version> parse_version(std::string_view text) {
  Version v;
  if (const auto plus = text.find('+'); plus != std::string_view::npos) {
    v.build = std::string(text.substr(plus + 1));
    if (!valid_identifiers(v.build, false)) return std::nullopt;
    text = text.substr(0, plus);
  }
  if (const auto dash = text.find('-'); dash != std::string_view::npos) {
    v.prerelease = std::string(text.substr(dash + 1));
    if (!valid_identifiers(v.prerelease, true)) return std::nullopt;
    text = text.substr(0, dash);
  }
  const auto parts = split(text, '.');
  if (parts.size() != 3) return std::nullopt;
  auto major = parse_number(parts[0]), minor = parse_number(parts[1]),
       patch = parse_number(parts[2]);
  if (!major || !minor || !patch) return std::nullopt;
  v.major = *major;
  v.minor = *minor;
  v.patch = *patch;
  return v;
}

namespace {

// The first zero-led identifier among the dot-separated ones of `s`, or "".
std::string_view first_zero_led(std::string_view s) {
  for (std::string_view id : split(s, '.'))
    if (zero_led(id)) return id;
  return {};
}

// `s` with the leading zeros of each numeric identifier dropped: "01.002" -> "1.2".
std::string without_leading_zeros(std::string_view s) {
  std::string out;
  for (std::string_view id : split(s, '.')) {
    if (zero_led(id)) id = id.substr(std::min(id.find_first_not_of('0'), id.size() - 1));
    out.append(id).append(".");
  }
  out.pop_back();  // split() gives at least one identifier, so one '.' too many
  return out;
}

}  // namespace

std::string version_problem(std::string_view text) {
  if (parse_version(text)) return {};
  const std::string_view whole = text;
  std::string_view build, pre;
  const std::size_t plus = text.find('+');
  if (plus != std::string_view::npos) {
    build = text.substr(plus);  // kept as written, '+' included: build identifiers may be "01"
    text = text.substr(0, plus);
  }
  const std::size_t dash = text.find('-');
  if (dash != std::string_view::npos) {
    pre = text.substr(dash + 1);
    text = text.substr(0, dash);
  }
  const std::string_view in_core = first_zero_led(text), in_pre = first_zero_led(pre);
  const std::string fixed = without_leading_zeros(text) +
                            (dash == std::string_view::npos ? "" : "-") +
                            without_leading_zeros(pre) + std::string(build);
  if ((in_core.empty() && in_pre.empty()) || fixed == whole || !parse_version(fixed))
    return "write MAJOR.MINOR.PATCH, e.g. 0.1.0";
  const std::string what =
      !in_core.empty()
          ? "its number '" + std::string(in_core) + "' has a leading zero, which semver 2.0.0 §2"
          : "its prerelease identifier '" + std::string(in_pre) +
                "' is a number with a leading zero, which semver 2.0.0 §9";
  return what + " forbids; write " + fixed;
}

bool VersionRange::contains(const Version& v) const {
  for (const auto& set : sets) {
    bool all = true;
    for (const Comparator& c : set) all = all && holds(c, v);
    if (all) return true;
  }
  return false;
}

std::optional<VersionRange> parse_range(std::string_view text, std::string* why) {
  auto fail = [&](std::string_view part) -> std::optional<VersionRange> {
    if (why) *why = "'" + std::string(part) + "' is not a version or comparison";
    return std::nullopt;
  };
  VersionRange range;
  range.text = std::string(text);
  range.sets.clear();
  std::size_t start = 0;
  while (true) {
    const std::size_t bar = text.find("||", start);
    const std::string_view alternative =
        text.substr(start, bar == std::string_view::npos ? bar : bar - start);
    std::vector<Comparator> set;
    const auto toks = tokens(alternative);
    if (toks.empty() && (bar != std::string_view::npos || start > 0)) return fail("||");
    for (std::size_t i = 0; i < toks.size(); ++i) {
      std::string_view token = toks[i];
      const std::string_view op = take_operator(token);
      // ">= 0.1" is written with a space as often as without.
      if (token.empty() && !op.empty() && i + 1 < toks.size()) token = toks[++i];
      const auto partial = parse_partial(token);
      if (!partial || !desugar(op, *partial, set)) return fail(toks[i]);
    }
    range.sets.push_back(std::move(set));
    if (bar == std::string_view::npos) break;
    start = bar + 2;
  }
  return range;
}

ANVIL_END_NAMESPACE
