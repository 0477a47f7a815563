// The game's rules cache (Game::rules_cache) as the classic rules keep it, and the inline ways to
// it: the mana sources, the listing, the end of each step and the target searches reach it tens
// of thousands of times a game (as calls into legal_actions.cpp they were about 1% of a random
// classic game's instructions).
#pragma once

#include <cstdint>
#include <vector>

#include "classic.hpp"
#include "kept_creatures.hpp"

namespace anvil::rules_classic {

// What the classic rules keep for one game between decisions: a SeatLists for each seat,
// pools_emptied_at's count, the kept creatures and the objects' ManaTraits. Made on first use;
// only what the state and each list's key decide, so a copy of a game starts without one.
struct ClassicCache final : RulesCache {
  std::vector<SeatLists> seats;
  std::uint64_t pools_emptied_at = 0;
  KeptCreatures creatures;              // common.cpp's
  std::vector<ManaTraits> mana_traits;  // mana_traits_memo's, indexed by ObjectId
};

// The game's cache, made and kept in it at first use (legal_actions.cpp).
ClassicCache& make_classic_cache(const Game& game);

inline ClassicCache& classic_cache(const Game& game) {
  // Only the rules module whose hooks the game has keeps a cache in it (set_rules drops any
  // other), so the game's cache is this one.
  if (RulesCache* cache = game.rules_cache()) [[likely]]
    return static_cast<ClassicCache&>(*cache);
  return make_classic_cache(game);
}

// `p`'s SeatLists in `game`, made with the game's cache (for every seat at once, so that a
// reference to one stays valid while the game lives).
inline SeatLists& seat_lists(const Game& game, PlayerId p) {
  return classic_cache(game).seats.at(p.value);
}

// empty_pools' count (classic.hpp).
inline std::uint64_t& pools_emptied_at(const Game& game) {
  return classic_cache(game).pools_emptied_at;
}

// The game's KeptCreatures (kept_creatures.hpp).
inline KeptCreatures& kept_creatures(const Game& game) { return classic_cache(game).creatures; }

// The objects' ManaTraits, indexed by ObjectId (classic.hpp).
inline std::vector<ManaTraits>& mana_traits_memo(const Game& game) {
  return classic_cache(game).mana_traits;
}

}  // namespace anvil::rules_classic
