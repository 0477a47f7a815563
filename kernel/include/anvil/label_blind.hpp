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

// PromptBlind: an agent that never reads Choice::prompt says so by deriving from it too. A rules
// module may then leave the prompts of the choices that agent answers empty (classic's
// "Priority in main1 of turn 3" was 0.8% of a random classic game), and must then make the
// prompt itself for any error it reports about such a choice. Not implied by LabelBlind, nor
// does it imply it: an agent may read prompts and no labels (ai-heuristic reads which step a
// priority decision is in from its prompt). Only the seated agent counts, as for LabelBlind.
//
//   class RandomAgent final : public Agent, public LabelBlind, public PromptBlind { ... };
//   if (!game.seat_prompt_blind(choice.player)) choice.prompt = ...;   // the rules module
class ANVIL_API PromptBlind {
 public:
  virtual ~PromptBlind() = default;
};

// Whether `agent` declared it never reads prompts (null: no agent, prompts are made).
inline bool prompt_blind(const Agent* agent) {
  return dynamic_cast<const PromptBlind*>(agent) != nullptr;
}

ANVIL_END_NAMESPACE
