// Classic type lines: "Instant — Arcane", "Instant - Arcane", "Sorcery Arcane",
// "Snow Instant", "Legendary Creature — Goblin Shaman".
#pragma once

#include <anvil/sdk.hpp>
#include <string>
#include <vector>

namespace anvil::format_classic {

struct TypeLine {
  std::vector<std::string> supertypes, types, subtypes;
};

// Throws LoadError at the column of the offending word.
TypeLine parse_type_line(std::string_view text, const SourceLocation& where);

// Whether `word` is a supertype (rule 205.4a: Basic, Legendary, Snow, World, Ongoing).
bool is_supertype(std::string_view word);

// Throws LoadError at `where` when `word` is neither a card type nor a supertype ("'Instnt' is
// not a card type or supertype; did you mean 'Instant'?"). `line`, when given, is the whole type
// line it came from, named in the message. Shared with format-yaml (its CMakeLists compiles this
// file), so that both formats know the same types.
void check_type_word(std::string_view word, const SourceLocation& where,
                     std::string_view line = {});

}  // namespace anvil::format_classic
