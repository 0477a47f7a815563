// How ai-heuristic scores what an effect did: the board before (life, hand sizes, creatures and
// their worth) against the game after. Shared by the EffectLab, which resolves one effect on a
// copy (effects.hpp), and the PlayOut, which plays a copy forward (playout.hpp).
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <optional>
#include <vector>

namespace anvil::ai_heuristic {

// The board as a judgement compares it: life, hand sizes, creatures and their worth,
// planeswalkers and their loyalty.
struct Before {
  std::vector<std::int32_t> life;
  std::vector<char> dead_on_board;  // by player: their next attack is lethal past their blockers
  std::vector<std::int64_t> reach;  // by player: attack_reach of the creatures they control
  std::vector<std::size_t> hand;
  struct Creature {
    ObjectId id;
    std::uint32_t zone_changes;
    PlayerId controller;
    double value;
    double board;  // board_worth (board.hpp), 0 for most creatures
  };
  std::vector<Creature> creatures;
  struct Planeswalker {
    ObjectId id;
    std::uint32_t zone_changes;
    PlayerId controller;
    std::int64_t loyalty;
  };
  std::vector<Planeswalker> planeswalkers;
};

// Reads the board of `g` into `b` (every permanent viewed once).
void snapshot(const Game& g, Before& b);

// The points `me` gains from the board `b` to the game `g` now (effects.hpp lists the scores).
// `marks` is scratch space, reused so that a judgement allocates nothing; on return its first
// b.creatures.size() entries say which of b.creatures are dead (gone, or dying at the next
// state-based check), but for `ignored`. `best_own_lost` is set to the value of the most
// valuable of the agent's own creatures that die (0 if none). `ignored`, a permanent judged as
// neither dead nor a threat (a permanent whose own trigger sacrifices it). `attached`: the
// effect attached an Aura or Equipment (attached_now() of its source): what every creature that
// stays gained or lost in worth counts too (creature_value: Holy Strength's +1/+2 on its own
// creature, Pacifism on the opponent's, an Equipment moved from one creature to another), and
// what board_worth says each is worth besides (Red Ward's protection from the opponent's red
// creatures, Lure on a creature their blockers would feed), since what it gives lasts while it
// stays. Otherwise only deaths count: a pump until end of turn is
// worth nothing by itself.
double judge(const Game& g, const Before& b, PlayerId me, bool go_face, std::vector<char>& marks,
             double& best_own_lost, std::optional<ObjectId> ignored = std::nullopt,
             bool attached = false);

// judge()'s score both ways of counting damage to the opponent (its `go_face`). They differ only
// when an opponent's life changed and stays at 5 or more: the EffectLab works out its burn-out
// plan, which decides the way, only for a judgement they differ in. Each is exactly the number
// judge() returns with that `go_face` (the same additions in the same order).
struct Scores {
  double chip;  // go_face false
  double face;  // go_face true
};
Scores judge_both(const Game& g, const Before& b, PlayerId me, std::vector<char>& marks,
                  double& best_own_lost, std::optional<ObjectId> ignored = std::nullopt,
                  bool attached = false);

// Whether `id` is an Aura or Equipment attached to something in `g` (board.hpp's attached()).
bool attached_now(const Game& g, ObjectId id);

}  // namespace anvil::ai_heuristic
