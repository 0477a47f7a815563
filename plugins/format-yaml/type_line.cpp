// The type words and the type line grammar are format-classic's (compiled into this plugin too,
// CMakeLists.txt): a YAML card and a classic card know the same types and say the same about a
// misspelt one ("'Instnt' is not a card type or supertype; did you mean 'Instant'?").
#include "type_line.hpp"

#include "../format-classic/type_line.hpp"

namespace anvil::format_yaml {

TypeLine parse_types(const Param& types) {
  TypeLine line;
  if (types.is_list()) {
    for (const Param& item : types.items()) {
      const std::string& word = item.text();
      if (word.empty() || word.find(' ') != std::string::npos)
        item.fail("each item of 'types' is one word, e.g. [Legendary, Creature]; found '" + word +
                  "'");
      format_classic::check_type_word(word, item.where());
      (format_classic::is_supertype(word) ? line.supertypes : line.types).push_back(word);
    }
    if (line.types.empty()) types.fail("'types' names no card type (only supertypes)");
    return line;
  }
  // The value's location is its first character (parse_yaml() steps over an opening quote), so
  // the columns the classic parser adds point into the text.
  format_classic::TypeLine classic = format_classic::parse_type_line(types.text(), types.where());
  line.supertypes = std::move(classic.supertypes);
  line.types = std::move(classic.types);
  line.subtypes = std::move(classic.subtypes);
  return line;
}

}  // namespace anvil::format_yaml
