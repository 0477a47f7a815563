// The ways to pay a cost with monocoloured hybrid ({2/W}, 107.4e) or Phyrexian ({W/P} and
// {G/W/P}, 107.4f) symbols. Each such symbol is paid one of two ways, so the cost is paid as one of
// several plain costs (with life beside the mana for Phyrexian symbols): its shapes. Payment, the
// cast checks and X work on shapes (mana.cpp); nothing here reads the game.
#include <algorithm>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// A card with more than this many ways to pay has more {2/W} and Phyrexian symbols than any
// printed card (Spectral Procession's three {2/W} are 4 shapes, Dismember's two {B/P} 3).
constexpr std::size_t kMaxShapes = 4096;

}  // namespace

std::vector<CostShape> cost_shapes(const ManaCost& cost) {
  if (!any_alternative(cost)) return {CostShape{cost, 0, {}, {}}};
  // Counting in a mixed radix, a digit for each kind of symbol with two ways to pay: digit 2c is
  // how many {2/c} are paid as {2}, digit 2c+1 how many {c/P} with life, digit 2*kColorCount+p
  // how many hybrid Phyrexian symbols of pair p with life. top[d] is the digit's largest value.
  constexpr std::size_t kDigits = 2 * kColorCount + kHybridPairs;
  std::array<std::uint8_t, kDigits> top{};
  for (std::size_t c = 0; c < kColorCount; ++c) {
    top[2 * c] = cost.mono_hybrid[c];
    top[2 * c + 1] = cost.phyrexian[c];
  }
  for (std::size_t p = 0; p < kHybridPairs; ++p)
    top[2 * kColorCount + p] = cost.hybrid_phyrexian[p];
  std::size_t count = 1;
  for (std::uint8_t t : top) {
    count *= static_cast<std::size_t>(t) + 1;
    if (count > kMaxShapes)
      throw RulesError(
          "this cost has more {2/W} and Phyrexian symbols than the classic rules "
          "pay (at most " +
          std::to_string(kMaxShapes) + " ways to pay it)");
  }
  ManaCost plain = cost;
  plain.mono_hybrid = {};
  plain.phyrexian = {};
  plain.hybrid_phyrexian = {};
  std::vector<CostShape> shapes;
  shapes.reserve(count);
  std::array<std::uint8_t, kDigits> digit{};
  for (std::size_t n = 0; n < count; ++n) {
    CostShape s{plain, 0, {}, {}};
    for (std::size_t c = 0; c < kColorCount; ++c) {
      const int as_two = digit[2 * c], with_life = digit[2 * c + 1];
      s.mana.colored[c] = static_cast<std::uint8_t>(s.mana.colored[c] + cost.mono_hybrid[c] -
                                                    as_two + cost.phyrexian[c] - with_life);
      s.mana.generic = static_cast<std::uint16_t>(s.mana.generic + 2 * as_two);
      s.life += 2 * with_life;
      s.life_by_color[c] = static_cast<std::uint8_t>(with_life);
    }
    for (std::size_t p = 0; p < kHybridPairs; ++p) {
      const int with_life = digit[2 * kColorCount + p];
      s.mana.hybrid[p] =
          static_cast<std::uint8_t>(s.mana.hybrid[p] + cost.hybrid_phyrexian[p] - with_life);
      s.life += 2 * with_life;
      s.life_by_pair[p] = static_cast<std::uint8_t>(with_life);
    }
    shapes.push_back(s);
    for (std::size_t d = 0; d < kDigits; ++d) {  // the next number
      if (digit[d] < top[d]) {
        ++digit[d];
        break;
      }
      digit[d] = 0;
    }
  }
  std::stable_sort(shapes.begin(), shapes.end(), [](const CostShape& a, const CostShape& b) {
    return a.life != b.life ? a.life < b.life : a.mana.value() < b.mana.value();
  });
  return shapes;
}

}  // namespace anvil::rules_classic
