// EffectLab: judges a spell or ability by what it would do. The seed's damage-spell AI guessed
// from the card's keyword ("is it a creature-or-player spell? how much damage?"); this resolves
// the ability itself on a determinized copy of the game (hidden cards dealt at random from what
// they could be, DecisionView::determinize), reads the result and rolls the copy back through
// its journal. So every card the plugins can express is judged by its real effect: Count$
// amounts, drawbacks that hurt the caster (Char, Psionic Blast, Orcish Artillery), life gain,
// discard, and a creature that turns damage dealt to it into damage to a player (Stuffy Doll),
// recognised by what its triggered ability does, not by its name.
//
// One copy per decision (the agent's kept game, refilled: KeptLab), made only when a decision has
// a spell or ability worth judging; each candidate target costs a checkpoint, one resolution and
// a rollback. Between trials the copy is always back in the same state, so what depends only on
// that state is read once per decision: which permanents can be targeted at all (shroud,
// hexproof), and the board before a source's trials (the same for each of its candidate
// targets).
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <utility>
#include <vector>

#include "board.hpp"
#include "judge.hpp"

namespace anvil::ai_heuristic {

// How the agent scores outcomes. Points are creature-value points (board.hpp).
struct Judgement {
  double score = 0;
  std::vector<Target> targets;  // one per target slot
  // The value of the most valuable of the agent's own creatures the effect kills (0 if none).
  double best_own_lost = 0;
  // Whether the effect attached its source, an Aura or Equipment, to a creature (judge()).
  bool attaches = false;
};

// The determinized copy an agent keeps from one decision to the next, so that its labs refill it
// (DecisionView::determinize_into) rather than make and destroy a copy at each decision: that was
// about a sixth of a heuristic game. Lent to one lab at a time; a lab made while another has it
// makes a copy of its own. Each agent keeps its own: nothing in it is shared with another agent,
// game or thread, and a refill leaves nothing of the game it was before (another match's).
struct KeptLab {
  std::unique_ptr<Game> game;  // null until a lab first gives its copy back, and while one has it
};

class EffectLab {
 public:
  // `kept`: where the lab borrows its copy from and gives it back to when it goes (null: a copy
  // of its own). REQUIRES: `kept` outlives the lab.
  EffectLab(const DecisionView& view, PlayerId me, std::uint64_t seed, KeptLab* kept = nullptr);
  ~EffectLab();
  EffectLab(const EffectLab&) = delete;
  EffectLab& operator=(const EffectLab&) = delete;

  // The best targets for ability `ability` of `source` and what they are worth: cast from the
  // hand (the card moves to the stack first, as when it is cast) or activated on the
  // battlefield. `cost_value` is what paying costs beyond mana loses (a sacrificed creature);
  // `x` the X announced for an {X} in its cost (107.3: Blaze's damage).
  // nullopt when the ability has targets but none is legal, or it cannot be judged.
  // `kicked`: the spell is judged kicked (its kicker paid: Burst Lightning's 4 damage).
  std::optional<Judgement> best(ObjectId source, std::uint16_t ability, double cost_value = 0,
                                std::int64_t x = 0, bool kicked = false);

  // What a copy of the spell `original` (on the stack) under the agent's control is worth
  // (707.10: Twincast's), the object `copy` its source (the copy, or the original before the copy
  // exists), and its best targets when `new_targets` (each slot the best given the ones before),
  // else the original's. Judged as the stack would resolve: the copy, then the original, against
  // the original alone; so a copy of the opponent's Bolt at its own creature is worth what the
  // copy does elsewhere, and a second Bolt at the creature the first kills is worth nothing.
  // Judgement::best_own_lost counts only creatures the original alone leaves alive. nullopt when
  // the spell has no targets, or none is legal for the copy.
  std::optional<Judgement> best_copy(const StackItem& original, ObjectId copy, bool new_targets);

  // What a permanent's triggered ability without targets does for the agent, resolved once
  // for it as if the permanent were on the battlefield: Phyrexian Arena's card and life. Scored
  // as best() scores a spell's result, without the permanent itself leaving the battlefield
  // (sacrificing itself is part of what the card is); -infinity when it cannot be tried out.
  // A trigger about "that player" (the player its event is about) is resolved with an event
  // about the player its text names: an opponent (Megrim: "Whenever an opponent discards a
  // card, … to that player"), else each player in turn, the scores added (Spellshock).
  double trigger_score(ObjectId permanent, std::uint16_t ability);

  // How much life `player` loses if the ability, with X `x`, targets them (0 if it cannot), and
  // how much the agent loses with it (a drawback: Char's 2 to its caster).
  struct LifeLost {
    std::int32_t target = 0;
    std::int32_t self = 0;
  };
  LifeLost damage_to(ObjectId source, std::uint16_t ability, PlayerId player, std::int64_t x = 0);
  // Face damage counts fully from now on: the agent has the burn to finish the opponent.
  void go_face() { go_face_ = true; }
  // A one-target spell in the agent's hand, and how many identical cards it stands for; `x`,
  // the largest X it could pay for an {X} in its cost.
  struct Burn {
    ObjectId source;
    std::uint16_t ability = 0;
    std::int64_t copies = 1;
    std::int64_t x = 0;
  };
  // The burn-out plan: face damage counts fully when the damage `spells` deal to `opponent`,
  // each judged on its own, adds up to their life before what they cost the agent's own life
  // adds up to its own (two Chars at 4 life kill their caster first): those costing it no life
  // counted first. Worked out at the first judgement it would change (one whose effect changes an
  // opponent's life and leaves them 5 or more: judge_both), as it would have come out before the
  // first judgement; not at all when none does, or the agent's hand is full (face damage then
  // counts fully anyway). The caller leaves out spells its mana sources cannot pay for.
  void burn_out(std::vector<Burn> spells, PlayerId opponent);

 private:
  struct Trial {
    double score;
    double best_own_lost;  // Judgement::best_own_lost
    bool attaches = false;  // Judgement::attaches
  };
  // Resolves the ability on the copy and judges the result; a card in the hand is first moved
  // where it would be: the stack when cast, the battlefield for a permanent's trigger.
  Trial trial(ObjectId source, std::uint16_t ability, const std::vector<Target>& targets,
              ZoneKind from_hand_to, const EventRecord& event = {}, std::int64_t x = 0);
  // Resolves `first` (if any), then `then`, on the copy, and judges the result; the board before
  // is read with `then`'s source as its key (nothing moves: both are on the stack).
  Trial trial_stack(const ResolveContext* first, const ResolveContext& then);
  Game& game();
  // Works out the burn-out plan (burn_out()), once, on the copy in its state between trials.
  void settle_burn_out();
  // The score of a trial's `scores`, the copy rolled back: the plan is worked out first if it
  // decides between them. `full_hand`: the agent's hand, read before the trial, is full.
  double counted(const Scores& scores, bool full_hand);
  const std::vector<Target>& targetable();
  bool shielded(ObjectId id);
  // Raises on the copy the regeneration and prevention shields the opponent could raise in
  // response to an effect with `targets` (board.hpp's OpposingShields): a creature they would
  // save is not killed.
  void raise_opposing_shields(std::span<const Target> targets);
  const OpposingShields& opposing_shields();
  // The regeneration shields the agent could raise for its own creatures in answer to an effect
  // of its own (board.hpp's OwnShields); empty nearly always.
  const OwnShields& own_shields();
  std::vector<Target> candidates(const Ability& ability, const ResolveContext& ctx,
                                 std::size_t slot);
  // A card best() has moved from the hand to the stack once for all the trials of one target
  // slot, instead of each trial moving it and rolling the move back: `before`, the checkpoint
  // before the move; `full_hand`, whether the hand was full with the card still in it (trial()
  // reads it so). Only a card none of whose abilities works from the hand or the stack: the move
  // then connects and disconnects nothing, and the copy in each trial is as the trial's own move
  // would have left it.
  struct Cast {
    ObjectId source;
    Journal::Checkpoint before;
    bool full_hand = false;
  };
  std::optional<Cast> cast_;
  // Moves `source` for the trials to come (cast_) when it is such a card in the hand, the agent
  // raises no shields of its own (trial() reads the mana it spends from the hand) and the move
  // can be made; else leaves the copy as it is, each trial moving the card itself.
  void cast_once(ObjectId source);
  // Rolls cast_'s move back, if any: the copy is in its state between trials again.
  void uncast();

  const DecisionView& view_;
  PlayerId me_;
  std::uint64_t seed_;
  std::unique_ptr<Game> game_;  // made (or borrowed from kept_ and refilled) on first use
  KeptLab* kept_;
  bool go_face_ = false;
  bool kicked_ = false;  // the spell best() judges is kicked: trial() marks it so on the stack
  LifeLost try_damage_to(ObjectId source, std::uint16_t ability, PlayerId player, std::int64_t x);
  // damage_to's answers so far: its own tries, and those a trial at a player's face found on the
  // way (trial(): the spell alone, resolved as a try would resolve it, from the same state).
  struct DamageTo {
    ObjectId source;
    std::uint16_t ability;
    PlayerId player;
    std::int64_t x;
    LifeLost lost;
  };
  std::vector<DamageTo> damage_to_;
  // The answer damage_to_ already holds for these, if any.
  const LifeLost* known_damage_to(ObjectId source, std::uint16_t ability, PlayerId player,
                                  std::int64_t x) const;
  std::vector<Burn> burn_;  // burn_out()'s, until settled
  PlayerId burn_target_;
  // Read off the copy in its unchanging state between trials, on first use: players still in
  // the game and permanents, which an ability may target; which permanents have shroud or
  // hexproof against the agent (per object id: -1 not yet viewed, else 0 or 1), viewed only once
  // an ability could target them; the board before the trials of `before_source_`'s card,
  // already where the trials put it (Trial).
  std::optional<std::vector<Target>> targetable_;
  std::vector<signed char> shielded_;
  std::optional<std::pair<ObjectId, ZoneKind>> before_source_;
  Before before_;
  std::vector<char> scratch_;  // judge()'s per-object marks, reused
  std::optional<OpposingShields> opposing_shields_;  // read off the view on first use
  std::optional<OwnShields> own_shields_;            // the same
};

// Scores of outcomes, shared with the tests' expectations (docs/agents.md):
// a kill is worth the creature's value (against, for the agent's own; 1.5 times when the
// opponent's creatures together could deal lethal damage to it); damage to the
// opponent counts 0.25 a point, or kGoingFace and 4 a point when it would leave them under 5
// life, the agent's hand is full or the damage of the spells in its hand is enough to finish
// them; own life lost
// counts 0.5 + 10 / (life left) a point, three times that within reach of the opponent's
// creatures the effect leaves, and life gained a quarter of that; a lost game ±1000.
inline constexpr double kWorthCasting = 1.0;
inline constexpr double kGameOver = 1000.0;
// Being dead on board (board.hpp: the opponent's next attack lethal past all its blockers): a
// game lost unless something changes, so more than any creature or life it costs to get out,
// and less than a game won now. An effect that gets it out gains this much, one that gets it in
// loses it; the same for the opponent the other way round.
inline constexpr double kDeadOnBoard = kGameOver / 10;
// Damage that goes face by the go-face rules (above): more than any creature is worth, so a
// spell that may go face does (the rule, which the seed checked before any creature),
// and less than getting out of being dead on board.
inline constexpr double kGoingFace = kDeadOnBoard / 2;
inline constexpr double kFacePoint = 4.0;

// Whether a judged effect is worth its card: kWorthCasting points at least and, when it kills
// creatures of the agent's own too (Damnation with creatures on both sides), ahead by more than
// the best of them: trading boards evenly spends a card for nothing.
inline bool worth_using(const Judgement& j) { return j.score >= kWorthCasting + j.best_own_lost; }

// A permanent is not cast when one of its triggered abilities, resolved once for the agent
// (EffectLab::trigger_score), scores below this: Phyrexian Arena's card is worth its life
// point at 20 life (score 0), no longer at 6 or within reach of the opponent's creatures.
inline constexpr double kHarmfulTrigger = -1.0;

}  // namespace anvil::ai_heuristic
