// Type lines as written in YAML cards: "Legendary Creature — Goblin Warrior" (an em dash or
// " - " before the subtypes), or a list of types with the subtypes under their own key.
#pragma once

#include <anvil/params.hpp>
#include <string>
#include <vector>

namespace anvil::format_yaml {

struct TypeLine {
  std::vector<std::string> supertypes;  // Legendary, Basic, Snow, World, Ongoing
  std::vector<std::string> types;
  std::vector<std::string> subtypes;
};

// `types` as a string ("Creature — Goblin") or a list ([Legendary, Creature]), each word a
// classic type or supertype. Throws LoadError at the offending word.
TypeLine parse_types(const Param& types);

}  // namespace anvil::format_yaml
