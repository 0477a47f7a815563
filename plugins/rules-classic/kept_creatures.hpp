// The creatures on the battlefields, kept in the game's rules cache (Game::rules_cache) for the
// searches of legal targets of "target creature" (common.cpp); the ClassicCache holds it
// (classic_cache.hpp).
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <vector>

namespace anvil::rules_classic {

// The list with the key that says whether it still holds (common.cpp's creatures_key; 0: none).
struct KeptCreatures {
  std::uint64_t key = 0;
  std::vector<ObjectId> list;
};

// The game's KeptCreatures, made with its rules cache: kept_creatures (classic_cache.hpp).

}  // namespace anvil::rules_classic
