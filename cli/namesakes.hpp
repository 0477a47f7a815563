// Telling namesakes apart the way the board does. The rules modules' labels, the scenarios and
// `anvil play`'s board number the permanents of one name on a battlefield ("Grizzly Bears #2"),
// so the game log, which names the same permanents, numbers them alike: "Spirit Wolf #2
// attacks P1" is then the Spirit Wolf the board calls #2.
#pragma once

#include <anvil/agent.hpp>
#include <anvil/game.hpp>
#include <cstddef>

namespace anvil::cli {

// The place of `id` among the objects of its battlefield made from the same card as `viewer`
// sees them (a face-down namesake neither counts nor is counted), from 1; 0 when it is the only
// one there, or not on a battlefield.
std::size_t namesake_number(const DecisionView& viewer, ObjectId id);

// The same for a reader who sees every card (a replay's log, the demo's).
std::size_t namesake_number(const GameState& state, ObjectId id);

}  // namespace anvil::cli
