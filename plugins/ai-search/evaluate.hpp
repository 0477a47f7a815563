// What a playout's final position is worth to each player: the result when the game is over,
// and when a playout stops before that (`max_steps`), an estimate from the board.
#pragma once

#include <anvil/sdk.hpp>
#include <vector>

namespace anvil::ai_search {

// How an unfinished game is scored (the `eval` setting).
enum class Evaluation {
  life,   // life totals only
  board,  // life, the creatures on the battlefield, cards in hand, lands (the default)
};

// Each player's reward in [0, 1]: 1 for a win, 0 for a loss, ½ for a draw; an unfinished game
// by `eval` against the average opponent, kept within [0.05, 0.95] so that any finished game
// counts for more than any estimate. Reads the whole copy (a determinized game the searcher
// owns, so its hidden cards are guesses, and only their number is used).
std::vector<double> rewards_of(const Game& game, Evaluation eval);

// The board estimate of one player's position, in "points" (a life point is one, a vanilla
// 2/2 creature six, a card in hand three); exposed for tests.
double board_points(const Game& game, PlayerId p);

}  // namespace anvil::ai_search
