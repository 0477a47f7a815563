// HeuristicAgent: ai-heuristic, a scored-rules player for the classic rules (DESIGN.md §2,
// "Decisions and agents"; docs/agents.md). At each priority decision it scores the legal
// actions and takes the best one worth taking, else passes:
//   - a land, in its main phases, first;
//   - removal and other spells or abilities with targets, judged by what they really do
//     (effects.hpp), in its main phases, and instants and abilities also in the opponent's end
//     step;
//   - responses to an opponent's spell or ability on the stack and combat tricks once blockers
//     are declared (either player's combat): instants and abilities judged by playing the game
//     forward with and without them (playout.hpp);
//   - permanents curving out: the set its untapped lands can pay that spends the most mana,
//     colours counted, but for those whose triggers would cost it more than they give;
//     permanents with flash on the opponent's turn, once attackers are declared or at its end.
// With the London mulligan it keeps two to five lands, and parts with excess lands, then the
// dearest spells.
// Combat is in combat.hpp. Targets are the ones the judged plan chose. It reads only the
// DecisionView. Deterministic for a seed: the seed drives the determinized copies it judges
// effects on, and the fallback.
//
// In the hearth game (the rules module the host names in AgentOptions::rules, or the only one
// loaded, is "hearth") its actions are judged by playing each on a copy (hearth.hpp). Another
// rules module (a priority prompt that is not classic's "Priority in <step> of turn <n>") or a
// choice it has no rule for gets a seeded random legal answer, passing with probability 0.2
// when it can, like ai-random: a sensible default that never stalls a game.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>
#include <vector>

#include "effects.hpp"

namespace anvil::ai_heuristic {

// Label-blind (anvil/label_blind.hpp): it tells options apart by what they name (Option::target,
// Option::ability, Option::mana), never by their text, so the rules need not build the labels.
class HeuristicAgent final : public Agent, public LabelBlind {
 public:
  // `hearth`: the hearth rules module when the game is hearth's, else null. `classic`: the rules
  // module of a classic game, which plays out responses and combat tricks (playout.hpp); without
  // it they are not made.
  HeuristicAgent(std::uint64_t seed, std::shared_ptr<const RulesModule> hearth = nullptr,
                 std::shared_ptr<const RulesModule> classic = nullptr);

  std::string_view name() const override { return "ai-heuristic"; }
  Answer choose(const DecisionView& view, const Choice& choice) override;

 private:
  Answer action(const DecisionView& view, const Choice& choice);
  Answer target(const DecisionView& view, const Choice& choice);
  // A copy spell in hand (Twincast) cast on the spell on the stack whose copy, under its own
  // control and at the best targets, is worth most and at least a card (EffectLab::best_copy):
  // its own burn again at a second creature, the opponent's burn at their creature. nullopt: no
  // such cast.
  std::optional<Answer> copy_a_spell(const DecisionView& view, const Choice& choice);
  // "Choose new targets for the copy of …?": yes when targets judged anew are worth more than
  // the original's (EffectLab::best_copy), the plan naming them for the decisions that follow.
  Answer new_targets_for_copy(const DecisionView& view, const Choice& choice);
  Answer fallback(const Choice& choice);

  // The spell or ability chosen at the last priority decision, with its judged targets: the
  // target decisions that follow pick them.
  struct Plan {
    ObjectId source;
    std::uint16_t ability = 0;
    std::vector<Target> targets;
    std::size_t next_slot = 0;
    std::optional<std::int64_t> x;  // the X to announce for an {X} in its cost (107.3)
    bool kicked = false;            // its kicker is paid (judged kicked: kicker_cost)
  };
  std::optional<Plan> plan_;
  bool declared_nothing_ = false;  // its last attack or block declaration was empty
  SplitMix64 rng_;
  KeptLab kept_lab_;  // the EffectLabs' copy of the game, refilled at each decision
  std::shared_ptr<const RulesModule> hearth_;
  std::shared_ptr<const RulesModule> classic_;
};

}  // namespace anvil::ai_heuristic
