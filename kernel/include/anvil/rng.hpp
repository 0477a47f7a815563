// The game's random number generator. Its whole state is one 64-bit word stored in GameState,
// so a checkpoint/rollback restores it and a copied game continues the same sequence.
// SplitMix64 (Steele, Lea, Flood 2014): tiny state, full period, passes BigCrush.
#pragma once

#include <cstdint>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

__extension__ typedef unsigned __int128 Uint128;  // __extension__: GNU type, quiet under -Wpedantic

struct SplitMix64 {
  std::uint64_t state = 0;

  static constexpr std::uint64_t step(std::uint64_t& s) {
    std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  constexpr std::uint64_t next() { return step(state); }
  // Uniform in [0, bound) without modulo bias (Lemire's method). REQUIRES: bound > 0.
  constexpr std::uint64_t below(std::uint64_t bound) {
    Uint128 m = static_cast<Uint128>(next()) * bound;
    auto low = static_cast<std::uint64_t>(m);
    if (low < bound) {
      const std::uint64_t threshold = -bound % bound;
      while (low < threshold) {
        m = static_cast<Uint128>(next()) * bound;
        low = static_cast<std::uint64_t>(m);
      }
    }
    return static_cast<std::uint64_t>(m >> 64);
  }
  friend constexpr bool operator==(const SplitMix64&, const SplitMix64&) = default;
};

ANVIL_END_NAMESPACE
