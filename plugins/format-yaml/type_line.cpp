#include "type_line.hpp"

#include <array>
#include <string_view>

namespace anvil::format_yaml {

namespace {

constexpr std::string_view kEmDash = "\xE2\x80\x94";  // —

std::vector<std::string> words(std::string_view s) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i < s.size()) {
    while (i < s.size() && s[i] == ' ') ++i;
    const std::size_t start = i;
    while (i < s.size() && s[i] != ' ') ++i;
    if (i > start) out.emplace_back(s.substr(start, i - start));
  }
  return out;
}

void add_type_word(TypeLine& line, std::string word) {
  (is_supertype(word) ? line.supertypes : line.types).push_back(std::move(word));
}

}  // namespace

bool is_supertype(std::string_view word) {
  constexpr std::array<std::string_view, 5> kSupertypes = {"Legendary", "Basic", "Snow", "World",
                                                           "Ongoing"};
  for (std::string_view s : kSupertypes)
    if (s == word) return true;
  return false;
}

TypeLine parse_types(const Param& types) {
  TypeLine line;
  if (types.is_list()) {
    for (const Param& item : types.items()) {
      const std::string& word = item.text();
      if (word.empty() || word.find(' ') != std::string::npos)
        item.fail("each item of 'types' is one word, e.g. [Legendary, Creature]; found '" + word +
                  "'");
      add_type_word(line, word);
    }
    if (line.types.empty()) types.fail("'types' names no card type (only supertypes)");
    return line;
  }
  const std::string& text = types.text();
  std::string_view left = text, right;
  bool dashed = true;
  if (auto dash = text.find(kEmDash); dash != std::string::npos) {
    left = std::string_view(text).substr(0, dash);
    right = std::string_view(text).substr(dash + kEmDash.size());
  } else if (auto hyphen = text.find(" - "); hyphen != std::string::npos) {
    left = std::string_view(text).substr(0, hyphen);
    right = std::string_view(text).substr(hyphen + 3);
  } else {
    dashed = false;
  }
  for (std::string& w : words(left)) add_type_word(line, std::move(w));
  line.subtypes = words(right);
  if (line.types.empty()) types.fail("type line '" + text + "' names no card type");
  if (dashed && line.subtypes.empty())
    types.fail("type line '" + text + "' has a dash but no subtypes after it");
  if (right.find(kEmDash) != std::string_view::npos || right.find(" - ") != std::string_view::npos)
    types.fail("type line '" + text + "' has more than one dash");
  return line;
}

}  // namespace anvil::format_yaml
