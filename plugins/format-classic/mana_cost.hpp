// Classic mana costs: "2 R", "1 B R", "X R", "RW", "0", hybrids as words of their own ("2 R/G",
// "1 B/P"), or the kernel's braced notation "{1}{R}" (cost_text.hpp).
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::format_classic {

// `where` is the location of the first character of `text`. Throws LoadError at the column of
// the bad symbol.
ManaCost parse_mana_cost(std::string_view text, const SourceLocation& where);

}  // namespace anvil::format_classic
