// Symbol: a name (a counter kind, a status, a card type, a keyword) reduced to a 64-bit hash.
//
// Game state stores Symbols, never strings, so copying, comparing and hashing a state does no
// string work and the hash does not depend on load order or on a process-wide intern table.
// Names are hashed with 64-bit FNV-1a at compile time where they are literals:
//
//   using namespace anvil::literals;
//   constexpr Symbol kFrozen = "frozen"_sym;
//   game.set_attr(minion, kFrozen, 1);
//
// Two different names colliding in 64 bits is treated as impossible for a game's vocabulary.
// To print a Symbol, keep its name beside it (CardDef and Registry do).
#pragma once

#include <cstdint>
#include <functional>
#include <string_view>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

class Symbol {
 public:
  constexpr Symbol() = default;
  constexpr explicit Symbol(std::string_view name) : value_(fnv1a(name)) {}

  static constexpr Symbol from_raw(std::uint64_t raw) {
    Symbol s;
    s.value_ = raw;
    return s;
  }

  constexpr std::uint64_t raw() const { return value_; }
  constexpr bool empty() const { return value_ == 0; }
  constexpr explicit operator bool() const { return value_ != 0; }
  friend constexpr auto operator<=>(Symbol, Symbol) = default;

 private:
  static constexpr std::uint64_t fnv1a(std::string_view s) {
    if (s.empty()) return 0;  // the empty name is the empty Symbol
    std::uint64_t h = 0xcbf29ce484222325ull;
    for (char c : s) {
      h ^= static_cast<unsigned char>(c);
      h *= 0x100000001b3ull;
    }
    return h;
  }

  std::uint64_t value_ = 0;
};

namespace literals {
constexpr Symbol operator""_sym(const char* s, std::size_t n) { return Symbol(std::string_view(s, n)); }
}  // namespace literals

ANVIL_END_NAMESPACE

template <>
struct std::hash<anvil::Symbol> {
  std::size_t operator()(anvil::Symbol s) const noexcept { return static_cast<std::size_t>(s.raw()); }
};
