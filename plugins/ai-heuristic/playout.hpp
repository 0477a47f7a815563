// PlayOut: judges what ai-heuristic can do at instant speed where what happens next decides its
// worth: a response to an opponent's spell or ability on the stack, and a combat trick once
// blockers are declared. The EffectLab resolves one effect and looks (effects.hpp); a Giant
// Growth resolved that way does nothing worth a card. Here the determinized copy of the game is
// played forward by the rules module itself — the agent's action, then every player passing —
// until the stack is empty and, in combat, combat damage has been dealt; and the result is
// compared with the same copy played forward after passing. So +3/+3 is cast where it wins a
// fight or saves a creature from a Shock, a regeneration shield is raised where the creature
// would die, and a Shock is not spent on an attacker that dies in combat anyway.
//
// The opponent is assumed to do nothing more (it passes, declares nothing), but for the
// regeneration shields its untapped lands can pay for (board.hpp's OpposingShields), which are
// up from the start: the one the agent's first target could raise before any other, the rest
// most valuable first. So a Shock is not spent in response on Drudge Skeletons with a Swamp
// behind them, and a blocker's kill they would regenerate from is not counted. Targets: for the
// first target slot, each object the rules offer that the moment is about — what the stack's
// spells and abilities are and aim at, and the creatures in combat — is tried; the later slots
// take the first offered. Other targets (a player's face, a creature elsewhere) are worth the
// same later, where the EffectLab judges them, and so are not worth a response now.
// One copy per decision, each play-out rolled back through the journal; the play-out after
// passing is made once.
//
// An Aura is judged the same way in the agent's main phase (Focus::board): cast on each
// permanent the rules offer, played until it has resolved and entered attached, and scored with
// what the creature it is on gained or lost (judge()'s attachment).
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "board.hpp"
#include "effects.hpp"
#include "judge.hpp"

namespace anvil::ai_heuristic {

class PlayOut {
 public:
  // Which objects a first target may be: what the moment is about (above), or every permanent
  // (an Aura's enchant target).
  enum class Focus { moment, board };

  // `choice`: the real priority decision of `choice.player`; `rules` plays the game it is in.
  PlayOut(const DecisionView& view, const Choice& choice, const RulesModule& rules,
          std::uint64_t seed, Focus focus = Focus::moment);
  ~PlayOut();
  PlayOut(const PlayOut&) = delete;
  PlayOut& operator=(const PlayOut&) = delete;

  // Whether a decision in step `step` (classic_step) plays out through combat damage.
  static bool through_combat(std::string_view step) {
    return step == "blockers" || step == "damage";
  }

  // The best targets for taking option `option` of the choice (casting a spell, activating an
  // ability of `source`) and what it is worth against passing: Judgement::score is the
  // difference, Judgement::best_own_lost the value of the most valuable of the agent's creatures
  // that die with it and not without (`source` aside: a sacrifice is part of the cost, and the
  // score counts it). A target of its own creature that dies is never chosen, even one that
  // would die anyway. nullopt when the copy cannot play it out, or has no other target.
  std::optional<Judgement> best(std::uint32_t option, ObjectId source);

  // Whether the agent's creature `id` dies in the play-out after passing: what is on the stack
  // (or the combat under way) kills it. False when the copy cannot play the pass out.
  bool dies_anyway(ObjectId id);

  class Script;  // the copy's agent, in every seat (playout.cpp)

 private:
  // The result of one play-out: the judgement and which of before_.creatures died.
  struct Result {
    double score;
    std::vector<char> dead;
    Target first_target;  // what the first target decision of the source was answered with
    std::size_t first_target_options = 0;
    bool attaches = false;  // Judgement::attaches
  };
  // Plays the copy from the root: the option (or passing, when nullopt), the `target`-th option
  // of the source's first target decision. nullopt when the copy could not play it.
  std::optional<Result> play(std::optional<std::uint32_t> option, ObjectId source,
                             std::size_t target);
  bool past_horizon() const;
  // The play-out after passing, made on first use.
  const std::optional<Result>& passing();

  const Choice& choice_;
  const RulesModule& rules_;
  PlayerId me_;
  std::unique_ptr<Game> game_;
  std::vector<ObjectId> involved_;  // what the moment is about (above)
  std::shared_ptr<Script> script_;
  Journal::Checkpoint root_{};
  TurnState root_turn_;
  bool through_combat_ = false;
  std::uint16_t damage_step_ = 0;  // with through_combat_: the turn's combat damage step
  bool go_face_ = false;
  Before before_;
  OpposingShields opposing_;  // the opponent's shields, read off the view
  std::vector<char> marks_;
  std::optional<Result> passing_;  // the play-out after passing, made on first use
  bool passing_tried_ = false;
};

}  // namespace anvil::ai_heuristic
