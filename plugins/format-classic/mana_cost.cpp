#include "mana_cost.hpp"

#include <limits>
#include <string>

#include "source_column.hpp"

namespace anvil::format_classic {

namespace {

constexpr std::string_view kColors = "WUBRG";

template <class Int>
void bump(Int& field, unsigned long add, const SourceLocation& where) {
  const unsigned long sum = field + add;
  if (sum > std::numeric_limits<Int>::max()) throw LoadError(where, "this mana cost is too large");
  field = static_cast<Int>(sum);
}

constexpr const char* kSlashSymbols =
    "hybrid symbols are: two colours (R/G), a colour or two generic (2/W), Phyrexian (W/P: a "
    "colour or 2 life) and hybrid Phyrexian (G/W/P: either colour or 2 life)";

// One symbol: a number, W U B R G, C, X, or a symbol with a slash (R/G, 2/W, W/P, G/W/P).
void add_symbol(ManaCost& cost, std::string_view symbol, const SourceLocation& where) {
  if (std::uint8_t* slashed = cost.slash_symbol(symbol)) return bump(*slashed, 1, where);
  if (!symbol.empty() && symbol.find_first_not_of("0123456789") == std::string_view::npos) {
    if (symbol.size() > 5) throw LoadError(where, "this mana cost is too large");
    bump(cost.generic, std::stoul(std::string(symbol)), where);
    return;
  }
  if (symbol.size() == 1) {
    if (const auto c = kColors.find(symbol[0]); c != std::string_view::npos) {
      bump(cost.colored[c], 1, where);
      return;
    }
    if (symbol[0] == 'X') return bump(cost.x, 1, where);
    if (symbol[0] == 'C') return bump(cost.colorless, 1, where);
  }
  if (symbol.find('/') != std::string_view::npos)
    throw LoadError(where, "mana symbol '" + std::string(symbol) + "' is not supported",
                    kSlashSymbols);
  throw LoadError(where, "unknown mana symbol '" + std::string(symbol) + "'",
                  "use a number, W, U, B, R, G, C, X or a hybrid such as R/G, 2/W or W/P, e.g. "
                  "'2 R' or '{2}{R}'");
}

[[noreturn]] void fail_on_word(std::string_view word, const SourceLocation& where, bool braces) {
  if (braces)
    throw LoadError(where, "mix of '{…}' symbols and plain symbols", "write '{2}{R}' or '2 R'");
  if (word.find('/') != std::string_view::npos)
    throw LoadError(where, "mana symbol '" + std::string(word) + "' is not supported",
                    std::string(kSlashSymbols) + ", each a word of its own: '2 R/G B/P'");
  throw LoadError(where, "unknown mana symbol '" + std::string(word) + "'",
                  "use a number, W, U, B, R, G, C, X or a hybrid such as R/G, 2/W or W/P, e.g. "
                  "'2 R' or '{2}{R}'");
}

}  // namespace

ManaCost parse_mana_cost(std::string_view text, const SourceLocation& where) {
  ManaCost cost;
  cost.present = true;
  if (text.empty())
    throw LoadError(where, "the mana cost line is empty", "write 'no cost' for a card without one");
  if (text.front() == '{') {
    std::size_t i = 0;
    while (i < text.size()) {
      if (text[i] != '{')
        throw LoadError(column(where, i), "expected '{' to start a mana symbol, found '" +
                                              std::string(1, text[i]) + "'");
      const std::size_t close = text.find('}', i);
      if (close == std::string_view::npos)
        throw LoadError(column(where, i),
                        "mana symbol '" + std::string(text.substr(i)) + "' has no closing '}'");
      add_symbol(cost, text.substr(i + 1, close - i - 1), column(where, i));
      i = close + 1;
    }
    return cost;
  }
  // Space-separated words; in a word a run of digits is one number and each letter one symbol
  // ("2RR" = 2 R R), and a symbol with a slash is a word of its own ("R/G", "2/W", "B/P"). A
  // word with anything else is reported whole.
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = text.find(' ', i);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view word = text.substr(i, end - i);
    if (ManaCost{}.slash_symbol(word)) {  // "R/G", "2/W", "B/P": a word of its own
      add_symbol(cost, word, column(where, i));
      i = end;
      continue;
    }
    if (word.find_first_not_of("0123456789WUBRGXC") != std::string_view::npos) {
      const bool braces = word.find('{') != std::string_view::npos;
      fail_on_word(word, column(where, i), braces);
    }
    for (std::size_t j = 0; j < word.size();) {
      std::size_t k = j + 1;
      if (word[j] >= '0' && word[j] <= '9')
        while (k < word.size() && word[k] >= '0' && word[k] <= '9') ++k;
      add_symbol(cost, word.substr(j, k - j), column(where, i + j));
      j = k;
    }
    i = end;
  }
  return cost;
}

}  // namespace anvil::format_classic
