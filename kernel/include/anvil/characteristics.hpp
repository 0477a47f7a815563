// Characteristics: what an object is (name, cost, colours, types, power and toughness,
// keywords), as printed on its card or as modified by continuous effects.
//
// A CardDef holds the printed ("base") characteristics; the game never writes them. The
// current characteristics of an object are computed on query, `game.view(obj)`, by applying
// the active continuous effects in layer and timestamp order (DESIGN.md §2, "State").
//
//   Characteristics c = game.view(bear);
//   if (c.has_type("Creature"_sym) && c.power >= 3) …
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/symbol.hpp"
#include "anvil/symbol_list.hpp"

ANVIL_BEGIN_NAMESPACE

enum class Color : std::uint8_t { white, blue, black, red, green };
inline constexpr std::size_t kColorCount = 5;

// A set of colours. Empty means colourless.
struct ColorSet {
  std::uint8_t bits = 0;

  constexpr bool has(Color c) const { return bits & (1u << static_cast<unsigned>(c)); }
  constexpr void add(Color c) { bits |= static_cast<std::uint8_t>(1u << static_cast<unsigned>(c)); }
  constexpr int count() const { return __builtin_popcount(bits); }
  constexpr bool colorless() const { return bits == 0; }
  constexpr bool multicolor() const { return count() > 1; }
  constexpr bool monocolor() const { return count() == 1; }
  friend constexpr bool operator==(ColorSet, ColorSet) = default;
};

// The two-colour hybrid mana symbols (rule 107.4e), {W/U} to {R/G}: one pair of colours each,
// the pairs numbered in WUBRG order of their first colour, then of their second.
inline constexpr std::size_t kHybridPairs = 10;
inline constexpr std::array<std::array<Color, 2>, kHybridPairs> kHybridColors{{
    {Color::white, Color::blue},
    {Color::white, Color::black},
    {Color::white, Color::red},
    {Color::white, Color::green},
    {Color::blue, Color::black},
    {Color::blue, Color::red},
    {Color::blue, Color::green},
    {Color::black, Color::red},
    {Color::black, Color::green},
    {Color::red, Color::green},
}};

// A mana cost: `{X}{2}{R}{R}` is x=1, generic=2, colored[red]=2; `{R/G}{R/G}` is two of the
// hybrid pair red-green, each paid with either colour; `{2/W}` is mono_hybrid[white] (one white
// mana or two generic), `{B/P}` phyrexian[black] (one black mana or 2 life), `{G/W/P}`
// hybrid_phyrexian of the pair green-white (green or white mana, or 2 life). Games without
// colours (the hearth module) use `generic` only.
struct ManaCost {
  bool present = false;  // lands and tokens have no mana cost, which is not a cost of {0}
  std::uint16_t generic = 0;
  std::array<std::uint8_t, kColorCount> colored{};
  std::uint8_t colorless = 0;  // {C}: must be paid with colourless mana
  std::uint8_t x = 0;          // number of {X} symbols
  std::array<std::uint8_t, kHybridPairs> hybrid{};  // by pair (hybrid_pair)
  // {2/W} (rule 107.4e, monocoloured hybrid) and {W/P} (107.4f, Phyrexian), by colour.
  std::array<std::uint8_t, kColorCount> mono_hybrid{};
  std::array<std::uint8_t, kColorCount> phyrexian{};
  // {G/W/P} (107.4f, hybrid Phyrexian), by pair (hybrid_pair).
  std::array<std::uint8_t, kHybridPairs> hybrid_phyrexian{};

  // This cost and `other` paid together, symbol by symbol (a spell's cost and its kicker, 601.2f).
  constexpr ManaCost& operator+=(const ManaCost& other) {
    generic = static_cast<std::uint16_t>(generic + other.generic);
    colorless = static_cast<std::uint8_t>(colorless + other.colorless);
    x = static_cast<std::uint8_t>(x + other.x);
    const auto add = [](auto& to, const auto& from) {
      for (std::size_t i = 0; i < to.size(); ++i)
        to[i] = static_cast<std::uint8_t>(to[i] + from[i]);
    };
    add(colored, other.colored);
    add(hybrid, other.hybrid);
    add(mono_hybrid, other.mono_hybrid);
    add(phyrexian, other.phyrexian);
    add(hybrid_phyrexian, other.hybrid_phyrexian);
    present = present || other.present;
    return *this;
  }
  friend constexpr ManaCost operator+(ManaCost a, const ManaCost& b) { return a += b; }

  // Converted cost / mana value (rule 202.3), counting X as 0, a hybrid or Phyrexian symbol as
  // 1 and a {2/W} as 2 (202.3f: its largest component).
  constexpr int value() const {
    int v = generic + colorless;
    for (auto n : colored) v += n;
    for (auto n : hybrid) v += n;
    for (auto n : mono_hybrid) v += 2 * n;
    for (auto n : phyrexian) v += n;
    for (auto n : hybrid_phyrexian) v += n;
    return v;
  }
  // The symbols of colour `c` (as chroma and devotion count them, 700.5): its coloured ones and
  // every hybrid, {2/C} and Phyrexian symbol that is that colour.
  constexpr int symbols_of(Color c) const {
    const auto i = static_cast<std::size_t>(c);
    int n = colored[i] + mono_hybrid[i] + phyrexian[i];
    for (std::size_t p = 0; p < kHybridPairs; ++p)
      if ((hybrid[p] || hybrid_phyrexian[p]) && hybrid_color_set(p).has(c))
        n += hybrid[p] + hybrid_phyrexian[p];
    return n;
  }
  // The colours a cost makes a card (rule 105.2): a hybrid symbol (Phyrexian or not) gives both
  // of its own, a {2/W} or Phyrexian symbol its one.
  constexpr ColorSet colors() const {
    ColorSet s;
    for (std::size_t i = 0; i < kColorCount; ++i)
      if (colored[i] || mono_hybrid[i] || phyrexian[i]) s.add(static_cast<Color>(i));
    for (std::size_t i = 0; i < kHybridPairs; ++i)
      if (hybrid[i] || hybrid_phyrexian[i]) s.bits |= hybrid_color_set(i).bits;
    return s;
  }
  // The hybrid pair of two different colours, in either order.
  static constexpr std::size_t hybrid_pair(Color a, Color b) {
    auto i = static_cast<std::size_t>(a), j = static_cast<std::size_t>(b);
    if (i > j) std::swap(i, j);
    // Pairs before first colour i: (kColorCount - 1) + … + (kColorCount - i).
    return i * (2 * kColorCount - i - 1) / 2 + (j - i - 1);
  }
  // The two colours of pair `p` (< kHybridPairs), in WUBRG order, and as a set (its bits, one a
  // colour in WUBRG order, are what a payment matches sources against).
  static constexpr std::array<Color, 2> hybrid_colors(std::size_t p) { return kHybridColors[p]; }
  static constexpr ColorSet hybrid_color_set(std::size_t p) {
    ColorSet s;
    s.add(kHybridColors[p][0]);
    s.add(kHybridColors[p][1]);
    return s;
  }
  // The pair a symbol's text names ("R/G" or "G/R", without braces), if it is a two-colour
  // hybrid symbol: for the card formats' parsers.
  static constexpr std::optional<std::size_t> hybrid_symbol(std::string_view text) {
    constexpr std::string_view kLetters = "WUBRG";
    if (text.size() != 3 || text[1] != '/') return std::nullopt;
    const std::size_t a = kLetters.find(text[0]), b = kLetters.find(text[2]);
    if (a == std::string_view::npos || b == std::string_view::npos || a == b) return std::nullopt;
    return hybrid_pair(static_cast<Color>(a), static_cast<Color>(b));
  }
  // The count a symbol written with a slash adds one to, for the card formats' parsers: "R/G"
  // (either order) a hybrid pair's, "2/W" a colour's mono_hybrid, "W/P" a colour's phyrexian,
  // "G/W/P" (either order of the colours) a pair's hybrid_phyrexian (the text without braces);
  // nullptr for any other text.
  constexpr std::uint8_t* slash_symbol(std::string_view text) {
    if (const auto pair = hybrid_symbol(text)) return &hybrid[*pair];
    if (text.size() == 5 && text.substr(3) == "/P") {
      if (const auto pair = hybrid_symbol(text.substr(0, 3))) return &hybrid_phyrexian[*pair];
      return nullptr;
    }
    constexpr std::string_view kLetters = "WUBRG";
    if (text.size() != 3 || text[1] != '/') return nullptr;
    if (text[0] == '2' && kLetters.find(text[2]) != std::string_view::npos)
      return &mono_hybrid[kLetters.find(text[2])];
    if (text[2] == 'P' && kLetters.find(text[0]) != std::string_view::npos)
      return &phyrexian[kLetters.find(text[0])];
    return nullptr;
  }
  friend constexpr bool operator==(const ManaCost&, const ManaCost&) = default;
};

struct ANVIL_API Characteristics {
  // The name as printed; points into the CardDef, which outlives every game using it.
  std::string_view name;
  ManaCost cost;
  ColorSet colors;
  // Short lists kept inline (symbol_list.hpp): a view copies them at every query.
  SymbolList supertypes;  // Legendary, Basic, Snow
  SymbolList types;       // Creature, Instant, Minion, Weapon…
  SymbolList subtypes;    // Goblin, Swamp, Arcane, Beast…
  SymbolList keywords;    // Flying, Taunt… (abilities without parameters)
  bool has_stats = false;          // power/toughness (classic) or attack/health (hearth)
  std::int32_t power = 0;
  std::int32_t toughness = 0;
  std::int32_t loyalty = 0;

  bool has_type(Symbol t) const { return types.contains(t); }
  bool has_subtype(Symbol t) const { return subtypes.contains(t); }
  bool has_supertype(Symbol t) const { return supertypes.contains(t); }
  bool has_keyword(Symbol k) const { return keywords.contains(k); }
  void add_keyword(Symbol k);
  void remove_keyword(Symbol k);
};

ANVIL_END_NAMESPACE
