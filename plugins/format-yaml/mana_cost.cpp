#include "mana_cost.hpp"

#include <anvil/cost_text.hpp>
#include <optional>
#include <string>

namespace anvil::format_yaml {

namespace {

SourceLocation column_of(const Param& value, std::size_t offset) {
  SourceLocation where = value.where();
  if (where.column != 0) where.column += static_cast<std::uint32_t>(offset);
  return where;
}

}  // namespace

ManaCost parse_mana_cost(const Param& value) {
  const std::string& text = value.text();
  ManaCost cost;
  cost.present = true;
  std::optional<CostProblem> problem;
  if (!text.empty() && text.find_first_not_of("0123456789") == std::string::npos)
    problem = add_mana_symbol(cost, text);  // hearth-like: a number of (colourless) crystals
  else if (!text.empty() && text[0] == '{')
    problem = read_braced_mana(text, cost);  // the symbols of the kernel's cost notation
  else
    value.fail("cost '" + text + "' must be mana symbols such as '{2}{R}', or a number");
  if (problem) throw LoadError(column_of(value, problem->offset), problem->what, problem->hint);
  return cost;
}

}  // namespace anvil::format_yaml
