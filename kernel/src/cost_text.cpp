#include "anvil/cost_text.hpp"

#include <algorithm>
#include <charconv>
#include <limits>

ANVIL_BEGIN_NAMESPACE

namespace {

constexpr std::string_view kColors = "WUBRG";

constexpr const char* kSymbolHint =
    "use a number, W, U, B, R, G, C, X or a hybrid such as {R/G}, {2/W} or {W/P}";
constexpr const char* kSlashHint =
    "hybrid symbols are: two colours ({R/G}), a colour or two generic ({2/W}), Phyrexian ({W/P}: "
    "a colour or 2 life) and hybrid Phyrexian ({G/W/P}: either colour or 2 life)";
constexpr const char* kCostHint =
    "a cost is mana symbols such as {2}{R}, {R/G} or {X}, {T}, 'Sacrifice CARDNAME' and "
    "'Discard CARDNAME', separated by commas";

CostProblem problem(std::size_t offset, std::string what, std::string hint = {}) {
  return CostProblem{offset, std::move(what), std::move(hint)};
}

// Adds `n` to a count, or says the cost is too large for ManaCost's fields.
template <class Int>
bool bump(Int& field, unsigned long n) {
  if (n > static_cast<unsigned long>(std::numeric_limits<Int>::max() - field)) return false;
  field = static_cast<Int>(field + n);
  return true;
}

bool all_digits(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

std::string_view trim(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

}  // namespace

std::optional<CostProblem> add_mana_symbol(ManaCost& cost, std::string_view symbol) {
  const auto too_large = [] { return problem(0, "this mana cost is too large"); };
  if (std::uint8_t* slashed = cost.slash_symbol(symbol))
    return bump(*slashed, 1) ? std::nullopt : std::optional(too_large());
  if (all_digits(symbol)) {
    unsigned long n = 0;
    const auto [end, ec] = std::from_chars(symbol.data(), symbol.data() + symbol.size(), n);
    if (ec != std::errc() || !bump(cost.generic, n)) return too_large();
    return std::nullopt;
  }
  if (symbol.size() == 1) {
    std::uint8_t* field = nullptr;
    if (const auto c = kColors.find(symbol[0]); c != std::string_view::npos)
      field = &cost.colored[c];
    if (symbol[0] == 'C') field = &cost.colorless;
    if (symbol[0] == 'X') field = &cost.x;
    if (field) return bump(*field, 1) ? std::nullopt : std::optional(too_large());
  }
  if (symbol.find('/') != std::string_view::npos)
    return problem(0, "mana symbol '{" + std::string(symbol) + "}' is not supported", kSlashHint);
  return problem(0, "unknown mana symbol '{" + std::string(symbol) + "}'", kSymbolHint);
}

std::optional<CostProblem> read_braced_mana(std::string_view text, ManaCost& cost) {
  cost.present = true;
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] != '{')
      return problem(
          i, "expected '{' to start a mana symbol, found '" + std::string(1, text[i]) + "'");
    const std::size_t close = text.find('}', i);
    if (close == std::string_view::npos)
      return problem(i, "mana symbol '" + std::string(text.substr(i)) + "' has no closing '}'");
    if (auto p = add_mana_symbol(cost, text.substr(i + 1, close - i - 1))) {
      p->offset = i;
      return p;
    }
    i = close + 1;
  }
  return std::nullopt;
}

std::optional<CostProblem> read_cost_text(std::string_view text, CostText& out) {
  out = CostText{};
  out.mana.present = true;
  // Parts are separated by commas or spaces; a comma with no part before it, or none after the
  // last, is a slip worth saying ("{1}, , {T}").
  bool part_since_comma = false;
  const auto once = [](bool& part, std::size_t at,
                       std::string_view said) -> std::optional<CostProblem> {
    if (part) return problem(at, "the cost says " + std::string(said) + " twice");
    part = true;
    return std::nullopt;
  };
  for (std::size_t i = 0; i < text.size();) {
    if (text[i] == ',') {
      if (!part_since_comma)
        return problem(i, "an empty part of the cost before this comma", kCostHint);
      part_since_comma = false;
      ++i;
      continue;
    }
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    part_since_comma = true;
    if (text[i] == '{') {
      const std::size_t close = text.find('}', i);
      if (close == std::string_view::npos)
        return problem(i, "mana symbol '" + std::string(text.substr(i)) + "' has no closing '}'",
                       kCostHint);
      const std::string_view symbol = text.substr(i + 1, close - i - 1);
      if (symbol == "T") {
        if (auto p = once(out.tap, i, "{T}")) return p;
      } else if (auto p = add_mana_symbol(out.mana, symbol)) {
        p->offset = i;
        if (p->hint == kSymbolHint) p->hint = kCostHint;  // {T} and the words belong here too
        return p;
      }
      i = close + 1;
      continue;
    }
    // A word, up to the next comma or symbol: what to sacrifice or discard.
    std::size_t end = text.find_first_of(",{", i);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = trim(text.substr(i, end - i));
    if (word == "Sacrifice CARDNAME" || word == "Sac" || word == "Sac<1/CARDNAME>") {
      if (auto p = once(out.sacrifice, i, "sacrifice")) return p;
    } else if (word == "Discard CARDNAME" || word == "Discard this card") {
      if (auto p = once(out.discard, i, "discard")) return p;
    } else {
      return problem(i, "'" + std::string(word) + "' is not a part of a cost", kCostHint);
    }
    i = end;
  }
  const std::size_t last = text.find_last_not_of(' ');
  if (last != std::string_view::npos && text[last] == ',')
    return problem(last, "the cost ends with a comma", kCostHint);
  return std::nullopt;
}

std::string hybrid_letters(std::size_t pair) {
  const auto colors = ManaCost::hybrid_colors(pair);  // WUBRG order
  auto a = static_cast<std::size_t>(colors[0]), b = static_cast<std::size_t>(colors[1]);
  if (b - a > 2) std::swap(a, b);  // from the first colour to its neighbour or the one after
  return std::string{kColors[a], '/', kColors[b]};
}

std::string mana_symbols(const ManaCost& cost, std::optional<std::int64_t> x) {
  std::string out;
  const auto repeat = [&out](int n, std::string_view symbol) {
    for (int i = 0; i < n; ++i) out.append("{").append(symbol).append("}");
  };
  std::int64_t generic = cost.generic;
  if (x)
    generic += std::max<std::int64_t>(0, *x) * cost.x;
  else
    repeat(cost.x, "X");
  if (generic > 0) out += "{" + std::to_string(generic) + "}";
  for (std::size_t c = 0; c < kColorCount; ++c) repeat(cost.colored[c], kColors.substr(c, 1));
  repeat(cost.colorless, "C");
  for (std::size_t h = 0; h < kHybridPairs; ++h) repeat(cost.hybrid[h], hybrid_letters(h));
  for (std::size_t c = 0; c < kColorCount; ++c) {
    repeat(cost.mono_hybrid[c], "2/" + std::string(kColors.substr(c, 1)));
    repeat(cost.phyrexian[c], std::string(kColors.substr(c, 1)) + "/P");
  }
  for (std::size_t h = 0; h < kHybridPairs; ++h)
    repeat(cost.hybrid_phyrexian[h], hybrid_letters(h) + "/P");
  return out.empty() ? "{0}" : out;
}

void fail_at(const Param& text, const CostProblem& problem) {
  SourceLocation where = text.where();
  // The column is the problem's only on one line as written (the loaders give a scalar's column
  // after an opening quote); a block scalar keeps the value's own place.
  if (where.column != 0 && text.is_scalar() && text.text().find('\n') == std::string::npos)
    where.column += static_cast<std::uint32_t>(problem.offset);
  throw LoadError(where, problem.what, problem.hint);
}

ANVIL_END_NAMESPACE
