// The cost notation of the card languages, read in one place for every plugin: a format's mana
// cost line, a keyword's activation cost and a rules module's costs mean the same symbols.
//
//   mana symbols   {2} {R} {C} {X} {R/G} {2/W} {W/P} {G/W/P}        (rules 107.4)
//   a cost         "{2}{R}, {T}"   "{1}, Sacrifice CARDNAME"   "Discard CARDNAME"
//
// Forge's words for the last two are read too ("Sac", "Sac<1/CARDNAME>", "Discard this card").
// A rules module gives the parts their meaning (what paying them does); a keyword plugin that is
// handed a cost reads it at load, so a card whose cost nothing could read is refused there, at
// its file and line, rather than in a game. Problems are values: what is wrong, where in the
// text, and a hint a card author can act on.
//
//   CostText cost;
//   if (auto problem = read_cost_text(param.text(), cost)) fail_at(param, *problem);
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "anvil/characteristics.hpp"
#include "anvil/config.hpp"
#include "anvil/params.hpp"

ANVIL_BEGIN_NAMESPACE

struct CostProblem {
  std::size_t offset = 0;  // where in the text the problem starts (a symbol's '{', a word)
  std::string what;        // "unknown mana symbol {Z}"
  std::string hint;        // "use a number, W, U, B, R, G, C, X or a hybrid such as …"
};

// Adds one mana symbol, written without its braces ("2", "R", "R/G", "G/W/P"), to `cost`.
// A number is generic mana; the counts saturate nowhere: a total past what ManaCost holds is a
// problem ("this mana cost is too large"). `offset` is 0 in a returned problem.
ANVIL_API std::optional<CostProblem> add_mana_symbol(ManaCost& cost, std::string_view symbol);

// A mana cost written as braced symbols only, "{2}{R}{R}"; `cost.present` is set.
ANVIL_API std::optional<CostProblem> read_braced_mana(std::string_view text, ManaCost& cost);

// A cost: braced mana symbols, {T}, and the words above, separated by commas or spaces, each
// part at most once ({T} twice is a problem); a word runs to the next comma or brace, and an
// empty part ("{1}, , {T}", a trailing comma) is a problem. `mana.present` is set even without
// mana symbols.
struct CostText {
  ManaCost mana;
  bool tap = false;        // {T}
  bool sacrifice = false;  // "Sacrifice CARDNAME"
  bool discard = false;    // "Discard CARDNAME" (cycling, 702.29)
};
ANVIL_API std::optional<CostProblem> read_cost_text(std::string_view text, CostText& out);

// `cost` written back in mana symbols, in the order rules text writes them: X, generic, the
// colours (WUBRG), colorless, hybrids, two-generic hybrids and Phyrexian symbols; "{0}" for a
// cost of nothing. "{X}{1}{G}" as a card prints it; with `x`, the cost being paid for that X,
// X counted into the generic part ("{X}{R}" with x = 3 is "{3}{R}"). A hybrid pair's letters go
// round the colour wheel as cards print them: {W/U}, {W/B}, but {R/W} and {G/W}.
ANVIL_API std::string mana_symbols(const ManaCost& cost,
                                   std::optional<std::int64_t> x = std::nullopt);
// The letters of hybrid pair `pair` (ManaCost::hybrid_colors) as mana_symbols writes them: "G/W".
ANVIL_API std::string hybrid_letters(std::size_t pair);

// Throws the LoadError of `problem` in the cost `text` was read from, at the problem's column
// when `text` is a one-line value from a file (else at `text`'s own place).
[[noreturn]] ANVIL_API void fail_at(const Param& text, const CostProblem& problem);

ANVIL_END_NAMESPACE
