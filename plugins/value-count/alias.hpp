// CountsAsNamedInYard:<name> — a card that counts as a card named <name> while it is in a
// graveyard, for the effects of spells named <name>:
//
//   Pardic Firecat
//   1 R R
//   Creature — Elemental Cat
//   …
//   CountsAsNamedInYard:Flame Burst
//
// Flame Burst's Count$NamedInAllYards.Flame Burst/Plus.2 then counts a Pardic Firecat in any
// graveyard. A card may have several such lines; nothing in this names Flame Burst.
#pragma once

#include <anvil/sdk.hpp>
#include <string_view>

namespace anvil::value_count {

// Whether `card` says it counts as a card named `name` in a graveyard.
bool counts_as_named(const CardDef& card, std::string_view name);

// Registers the keyword CountsAsNamedInYard.
void register_alias_keyword(Registrar& registrar);

}  // namespace anvil::value_count
