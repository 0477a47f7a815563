#include "mana_cost.hpp"

#include <optional>
#include <string>

#include "source_column.hpp"

namespace anvil::format_classic {

namespace {

constexpr const char* kSlashSymbols =
    "hybrid symbols are: two colours (R/G), a colour or two generic (2/W), Phyrexian (W/P: a "
    "colour or 2 life) and hybrid Phyrexian (G/W/P: either colour or 2 life)";

// A problem the kernel's reader found, at its column.
void fail_at(const std::optional<CostProblem>& problem, const SourceLocation& where,
             std::size_t offset) {
  if (problem)
    throw LoadError(column(where, offset + problem->offset), problem->what, problem->hint);
}

// A plain word that is not symbols: the notation's own words for what is wrong with it.
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
  if (text.front() == '{') {  // the kernel's notation (cost_text.hpp)
    fail_at(read_braced_mana(text, cost), where, 0);
    return cost;
  }
  // Space-separated words; in a word a run of digits is one number and each letter one symbol
  // ("2RR" = 2 R R), and a symbol with a slash is a word of its own ("R/G", "2/W", "B/P"). A
  // word with anything else is reported whole. Each symbol is the kernel's to add.
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
      fail_at(add_mana_symbol(cost, word), where, i);
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
      fail_at(add_mana_symbol(cost, word.substr(j, k - j)), where, i + j);
      j = k;
    }
    i = end;
  }
  return cost;
}

}  // namespace anvil::format_classic
