// A streaming 64-bit hash over integers, for hash(GameState). Hand-written rather than taken
// from a library because it must be stable forever (replays and saved hashes compare across
// versions) and fast on a stream of small integers; each value is mixed with the
// MurmurHash3 finalizer, then folded in.
#pragma once

#include <cstdint>
#include <type_traits>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

class HashStream {
 public:
  template <class T>
    requires std::is_integral_v<T>
  HashStream& add(T value) {
    std::uint64_t v = static_cast<std::uint64_t>(static_cast<std::int64_t>(value));
    if constexpr (std::is_same_v<T, std::uint64_t>) v = value;
    state_ = (state_ ^ mix(v + count_++)) * 0x9e3779b97f4a7c15ull;
    return *this;
  }
  std::uint64_t digest() const { return mix(state_ ^ count_); }

 private:
  static constexpr std::uint64_t mix(std::uint64_t k) {
    k ^= k >> 33;
    k *= 0xff51afd7ed558ccdull;
    k ^= k >> 33;
    k *= 0xc4ceb9fe1a85ec53ull;
    k ^= k >> 33;
    return k;
  }
  std::uint64_t state_ = 0x243f6a8885a308d3ull;
  std::uint64_t count_ = 0;
};

ANVIL_END_NAMESPACE
