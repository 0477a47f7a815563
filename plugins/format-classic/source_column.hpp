// Where an error inside a card line is: the mana cost and type line parsers are given the location
// of their text's first character and report a bad symbol at its own column.
#pragma once

#include <anvil/sdk.hpp>
#include <cstddef>
#include <cstdint>

namespace anvil::format_classic {

// `where` moved `offset` columns to the right; unchanged when it names no line (text that did not
// come from a file).
inline SourceLocation column(const SourceLocation& where, std::size_t offset) {
  SourceLocation w = where;
  if (w.line != 0) w.column = (w.column == 0 ? 1 : w.column) + static_cast<std::uint32_t>(offset);
  return w;
}

}  // namespace anvil::format_classic
