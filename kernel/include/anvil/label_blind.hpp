// LabelBlind: an agent that never reads Option::label says so by deriving from it too. A rules
// module may then leave the labels of the choices that agent answers empty: a label for every
// legal action of every decision is nearly a quarter of a random hearth game (docs/performance.md,
// "Hearth speed"), and a random agent reads none of them.
//
//   class RandomAgent final : public Agent, public LabelBlind { ... };   // the agent
//   const bool labels = !game.seat_label_blind(choice.player);          // the rules module
//
// Only the seated agent counts: an agent that wraps another (a recorder, a search that reads
// labels of its own choices) is not label-blind unless it says so itself.
#pragma once

#include "anvil/agent.hpp"
#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

// Exported (default visibility) so that plugins loaded apart agree on what it is.
class ANVIL_API LabelBlind {
 public:
  virtual ~LabelBlind() = default;
};

// Whether `agent` declared it never reads labels (null: no agent, labels are built).
inline bool label_blind(const Agent* agent) { return dynamic_cast<const LabelBlind*>(agent) != nullptr; }

ANVIL_END_NAMESPACE
