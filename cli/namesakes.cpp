#include "namesakes.hpp"

#include <string_view>

namespace anvil::cli {

std::size_t namesake_number(const DecisionView& viewer, ObjectId id) {
  const GameObject& o = viewer.object(id);
  if (o.zone.kind != ZoneKind::battlefield) return 0;
  const std::string_view name = viewer.card(id).name;
  std::size_t same = 0, position = 0;
  const auto zone = viewer.zone(o.zone);  // a battlefield is public
  for (ObjectId other : *zone) {
    if (!viewer.can_see(other) || viewer.card(other).name != name) continue;
    ++same;
    if (other == id) position = same;
  }
  return same > 1 ? position : 0;
}

std::size_t namesake_number(const GameState& state, ObjectId id) {
  if (state.object(id).zone.kind != ZoneKind::battlefield) return 0;
  const NamesakePlace at = namesake_place(state, id);
  return at.count > 1 ? at.position : 0;
}

}  // namespace anvil::cli
