// Mana costs as written in YAML cards: "{2}{R}{R}", "{X}{U}", "{C}", "{0}" — or a plain number
// ("3") for games whose costs have no colours (the hearth module).
#pragma once

#include <anvil/characteristics.hpp>
#include <anvil/params.hpp>

namespace anvil::format_yaml {

// Throws LoadError at the column of the offending symbol.
ManaCost parse_mana_cost(const Param& value);

}  // namespace anvil::format_yaml
