// ai-heuristic in the hearth game (docs/hearth.md): every action of a turn judged by what it
// does. The hearth rules name only the card or minion of an action in its option (the target is
// in the label, which a label-blind agent does not get), so the agent does not read the option:
// it plays each one on a determinized copy of the game (DecisionView::determinize: the cards it
// cannot see dealt at random from what they could be), scores the position that follows with
// hearth_points, and rolls the copy back through its journal. It takes the best action that
// gains something and ends its turn when none does: one step of look-ahead, "greedy", as the
// simple agents of Hearthstone simulators play (Metastone's GreedyOptimizeMove). When no single
// action wins, a lethal search first looks on the same copy for a line of two or three actions
// that wins this turn (gated by an estimate of the damage within reach, and pruned), and takes
// its first action.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <optional>

namespace anvil::ai_heuristic {

// What the position is worth to `me`, in points: its side's worth minus the opponent's (a win
// +1000, a loss -1000). A side is worth its hero's health and armor (each point under 10 counts
// twice: near death a point decides more), its minions (1 + attack + health left, and more for
// taunt, divine shield, windfury and stealth; the opponent's attack counts half again: it hits
// next turn) and 2 a card in hand.
double hearth_points(const Game& game, PlayerId me);

// The answer to a hearth action decision (ChoiceKind::action on the player's turn): the first
// action of a line of up to three found to win this turn, else the option whose position scores
// best, or the choice's pass (ending the turn) when no option gains more than a quarter of a
// point. `seed` deals the copy's hidden cards.
Answer hearth_action(const DecisionView& view, const Choice& choice, const RulesModule& rules,
                     std::uint64_t seed);

// The cards put back at the hearth mulligan: those costing 4 or more, which the first turns
// cannot play.
Answer hearth_mulligan(const DecisionView& view, const Choice& choice);

// A card chosen from several it can see (Tracking: which of the top three cards to draw): the
// dearest it can pay for by its next turn (its mana crystals + 1, at most 10), else the
// cheapest. nullopt for any other choice (options that are not all cards it can see).
std::optional<Answer> hearth_pick_card(const DecisionView& view, const Choice& choice);

}  // namespace anvil::ai_heuristic
