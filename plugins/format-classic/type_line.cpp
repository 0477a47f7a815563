#include "type_line.hpp"

#include <array>

#include "source_column.hpp"

namespace anvil::format_classic {

namespace {

constexpr std::string_view kEmDash = "\xE2\x80\x94";  // —
constexpr std::string_view kEnDash = "\xE2\x80\x93";  // –
constexpr auto kSupertypes =
    std::to_array<std::string_view>({"Basic", "Legendary", "Snow", "World", "Ongoing"});
constexpr auto kCardTypes = std::to_array<std::string_view>(
    {"Artifact", "Battle", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
     "Planeswalker", "Sorcery", "Tribal"});

template <std::size_t N>
bool in(const std::array<std::string_view, N>& list, std::string_view w) {
  for (std::string_view s : list)
    if (s == w) return true;
  return false;
}

struct Word {
  std::string_view text;
  std::size_t offset;
};

std::vector<Word> words(std::string_view s, std::size_t base) {
  std::vector<Word> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.push_back({s.substr(start, i - start), base + start});
  }
  return out;
}

}  // namespace

bool is_supertype(std::string_view word) { return in(kSupertypes, word); }

void check_type_word(std::string_view word, const SourceLocation& where, std::string_view line) {
  if (in(kSupertypes, word) || in(kCardTypes, word)) return;
  std::vector<std::string_view> known(kSupertypes.begin(), kSupertypes.end());
  known.insert(known.end(), kCardTypes.begin(), kCardTypes.end());
  std::string hint = did_you_mean(word, known);
  const std::string in_line = line.empty() ? "" : "type line '" + std::string(line) + "': ";
  throw LoadError(where, in_line + "'" + std::string(word) + "' is not a card type or supertype",
                  hint.empty()
                      ? "a type line is [supertypes] types [— subtypes], e.g. 'Instant — Arcane'"
                      : hint);
}

TypeLine parse_type_line(std::string_view text, const SourceLocation& where) {
  std::size_t dash = std::string_view::npos, dash_size = 0;
  for (std::string_view d : {kEmDash, kEnDash, std::string_view(" - ")}) {
    if (const auto at = text.find(d); at != std::string_view::npos && at < dash) {
      dash = at;
      dash_size = d.size();
    }
  }
  const std::string_view left = text.substr(0, dash);
  TypeLine line;
  for (const Word& w : words(left, 0)) {
    if (in(kSupertypes, w.text)) {
      if (!line.types.empty() || !line.subtypes.empty())
        throw LoadError(column(where, w.offset),
                        "supertype '" + std::string(w.text) + "' comes before the card types");
      line.supertypes.emplace_back(w.text);
    } else if (in(kCardTypes, w.text)) {
      if (!line.subtypes.empty())
        throw LoadError(column(where, w.offset),
                        "card type '" + std::string(w.text) + "' comes after a subtype");
      line.types.emplace_back(w.text);
    } else if (!line.types.empty() && dash == std::string_view::npos) {
      line.subtypes.emplace_back(w.text);  // "Sorcery Arcane": subtypes without a dash
    } else {
      check_type_word(w.text, column(where, w.offset), text);
    }
  }
  if (line.types.empty())
    throw LoadError(column(where, 0), "type line '" + std::string(text) + "' names no card type",
                    "e.g. 'Instant', 'Sorcery — Arcane', 'Creature — Goblin'");
  if (dash != std::string_view::npos) {
    const std::string_view right = text.substr(dash + dash_size);
    for (const Word& w : words(right, dash + dash_size)) {
      if (w.text == "-" || w.text == kEmDash || w.text == kEnDash)
        throw LoadError(column(where, w.offset),
                        "type line '" + std::string(text) + "' has more than one dash");
      line.subtypes.emplace_back(w.text);
    }
    if (line.subtypes.empty())
      throw LoadError(column(where, dash),
                      "type line '" + std::string(text) + "' has a dash but no subtypes after it");
  }
  return line;
}

}  // namespace anvil::format_classic
