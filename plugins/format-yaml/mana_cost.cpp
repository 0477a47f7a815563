#include "mana_cost.hpp"

#include <charconv>
#include <limits>
#include <string>

namespace anvil::format_yaml {

namespace {

SourceLocation column_of(const Param& value, std::size_t offset) {
  SourceLocation where = value.where();
  if (where.column != 0) where.column += static_cast<std::uint32_t>(offset);
  return where;
}

bool all_digits(std::string_view s) {
  if (s.empty()) return false;
  for (char c : s)
    if (c < '0' || c > '9') return false;
  return true;
}

template <class Int>
Int checked_add(Int current, unsigned long add, const Param& value, std::size_t offset) {
  const unsigned long sum = current + add;
  if (sum > std::numeric_limits<Int>::max())
    throw LoadError(column_of(value, offset), "this cost is too large");
  return static_cast<Int>(sum);
}

}  // namespace

ManaCost parse_mana_cost(const Param& value) {
  const std::string& text = value.text();
  ManaCost cost;
  cost.present = true;
  if (all_digits(text)) {  // hearth-like: a number of (colourless) crystals
    unsigned long n = 0;
    std::from_chars(text.data(), text.data() + text.size(), n);
    cost.generic = checked_add<std::uint16_t>(0, n, value, 0);
    return cost;
  }
  if (text.empty() || text[0] != '{') {
    value.fail("cost '" + text + "' must be mana symbols such as '{2}{R}', or a number");
  }
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] != '{') {
      throw LoadError(column_of(value, i), "expected '{' to start a mana symbol, found '" +
                                               std::string(1, text[i]) + "'");
    }
    const std::size_t close = text.find('}', i);
    if (close == std::string::npos)
      throw LoadError(column_of(value, i),
                      "mana symbol '" + text.substr(i) + "' has no closing '}'");
    const std::string symbol = text.substr(i + 1, close - i - 1);
    if (all_digits(symbol)) {
      unsigned long n = 0;
      std::from_chars(symbol.data(), symbol.data() + symbol.size(), n);
      cost.generic = checked_add<std::uint16_t>(cost.generic, n, value, i);
    } else if (symbol.size() == 1 &&
               std::string_view("WUBRG").find(symbol[0]) != std::string_view::npos) {
      const auto color = std::string_view("WUBRG").find(symbol[0]);
      cost.colored[color] = checked_add<std::uint8_t>(cost.colored[color], 1, value, i);
    } else if (symbol == "C") {
      cost.colorless = checked_add<std::uint8_t>(cost.colorless, 1, value, i);
    } else if (symbol == "X") {
      cost.x = checked_add<std::uint8_t>(cost.x, 1, value, i);
    } else if (std::uint8_t* slashed = cost.slash_symbol(symbol)) {
      *slashed = checked_add<std::uint8_t>(*slashed, 1, value, i);
    } else if (symbol.find('/') != std::string::npos) {
      throw LoadError(column_of(value, i), "mana symbol '{" + symbol + "}' is not supported",
                      "hybrid symbols are: two colours ({R/G}), a colour or two generic ({2/W}), "
                      "Phyrexian ({W/P}: a colour or 2 life) and hybrid Phyrexian ({G/W/P}: "
                      "either colour or 2 life)");
    } else {
      throw LoadError(column_of(value, i), "unknown mana symbol '{" + symbol + "}'",
                      "use a number, W, U, B, R, G, C, X or a hybrid such as {R/G}, {2/W} or "
                      "{W/P}");
    }
    i = close + 1;
  }
  return cost;
}

}  // namespace anvil::format_yaml
