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

}  // namespace anvil::format_classic
