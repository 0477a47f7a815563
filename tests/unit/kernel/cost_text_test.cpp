// The cost notation every plugin reads through the kernel (cost_text.hpp): what each symbol and
// word adds, and each problem with its offset and words.
#include "anvil/cost_text.hpp"

#include <gtest/gtest.h>

#include "anvil/error.hpp"

namespace anvil::testing {
namespace {

TEST(CostText, SymbolsAddWhatTheyStandFor) {
  ManaCost cost;
  for (std::string_view s : {"2", "R", "R", "C", "X", "R/G", "2/W", "W/P", "G/W/P"})
    EXPECT_FALSE(add_mana_symbol(cost, s)) << s;
  EXPECT_EQ(cost.generic, 2);
  EXPECT_EQ(cost.colored[static_cast<std::size_t>(Color::red)], 2);
  EXPECT_EQ(cost.colorless, 1);
  EXPECT_EQ(cost.x, 1);
  EXPECT_EQ(cost.value(), 2 + 2 + 1 + 1 + 2 + 1 + 1);  // X counts 0, {2/W} counts 2
}

// ManaCost + ManaCost: a spell's cost and its kicker, symbol by symbol (the classic module's
// kicker and ai-heuristic's judging of it both add them).
TEST(CostText, CostsAddSymbolBySymbol) {
  CostText spell, kicker;
  ASSERT_FALSE(read_cost_text("{X}{R}", spell));
  ASSERT_FALSE(read_cost_text("{4}{R/G}{2/W}{B/P}{C}", kicker));
  const ManaCost both = spell.mana + kicker.mana;
  CostText whole;
  ASSERT_FALSE(read_cost_text("{X}{R}{4}{R/G}{2/W}{B/P}{C}", whole));
  EXPECT_EQ(both, whole.mana);
  EXPECT_EQ(both.value(), spell.mana.value() + kicker.mana.value());
}

TEST(CostText, ABadSymbolIsAProblemThatSaysWhy) {
  ManaCost cost;
  auto p = add_mana_symbol(cost, "Q");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->what, "unknown mana symbol '{Q}'");
  EXPECT_NE(p->hint.find("{R/G}"), std::string::npos);
  p = add_mana_symbol(cost, "P/R");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->what, "mana symbol '{P/R}' is not supported");
  EXPECT_NE(p->hint.find("hybrid Phyrexian"), std::string::npos);
  p = add_mana_symbol(cost, "99999999999999999999");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->what, "this mana cost is too large");
  p = add_mana_symbol(cost, "");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->what, "unknown mana symbol '{}'");
}

TEST(CostText, CountsThatWouldOverflowAreTooLarge) {
  ManaCost cost;
  for (int i = 0; i < 255; ++i) ASSERT_FALSE(add_mana_symbol(cost, "R"));
  const auto p = add_mana_symbol(cost, "R");
  ASSERT_TRUE(p);
  EXPECT_EQ(p->what, "this mana cost is too large");
  EXPECT_EQ(cost.colored[static_cast<std::size_t>(Color::red)], 255);  // unchanged by the refusal
  EXPECT_FALSE(add_mana_symbol(cost, "65535"));
  EXPECT_TRUE(add_mana_symbol(cost, "1"));
}

TEST(CostText, BracedManaReportsTheOffsetOfTheBadSymbol) {
  ManaCost cost;
  EXPECT_FALSE(read_braced_mana("{2}{R}{R}", cost));
  EXPECT_TRUE(cost.present);
  EXPECT_EQ(cost.value(), 4);
  ManaCost bad;
  auto p = read_braced_mana("{1}{Zz}", bad);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 3u);
  EXPECT_EQ(p->what, "unknown mana symbol '{Zz}'");
  p = read_braced_mana("{1}{R", bad);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 3u);
  EXPECT_EQ(p->what, "mana symbol '{R' has no closing '}'");
  p = read_braced_mana("{1}R", bad);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 3u);
  EXPECT_EQ(p->what, "expected '{' to start a mana symbol, found 'R'");
}

TEST(CostText, ACostReadsManaTapAndTheWords) {
  CostText c;
  EXPECT_FALSE(read_cost_text("{2}{R}, {T}, Sacrifice CARDNAME", c));
  EXPECT_TRUE(c.tap);
  EXPECT_TRUE(c.sacrifice);
  EXPECT_FALSE(c.discard);
  EXPECT_EQ(c.mana.value(), 3);
  EXPECT_FALSE(read_cost_text("{T}", c));
  EXPECT_TRUE(c.tap);
  EXPECT_TRUE(c.mana.present);  // a cost of no mana is still a cost
  EXPECT_EQ(c.mana.value(), 0);
  EXPECT_FALSE(read_cost_text("Sac<1/CARDNAME>", c));  // Forge's words
  EXPECT_TRUE(c.sacrifice);
  EXPECT_FALSE(read_cost_text("{1}, Discard this card", c));
  EXPECT_TRUE(c.discard);
}

TEST(CostText, ACostWithAnythingElseIsAProblemAtItsPlace) {
  CostText c;
  auto p = read_cost_text("{T}, Banana", c);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 5u);
  EXPECT_EQ(p->what, "'Banana' is not a part of a cost");
  EXPECT_NE(p->hint.find("Sacrifice CARDNAME"), std::string::npos);
  p = read_cost_text("{WW}", c);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->what, "unknown mana symbol '{WW}'");
  EXPECT_NE(p->hint.find("{T}"), std::string::npos) << "a cost's hint names {T} too";
  p = read_cost_text("{T}{T}", c);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 3u);
  EXPECT_EQ(p->what, "the cost says {T} twice");
  p = read_cost_text("Sacrifice CARDNAME, Sac", c);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->what, "the cost says sacrifice twice");
}

TEST(CostText, PartsAreSeparatedByCommasOrSpacesAndNoneIsEmpty) {
  CostText c;
  EXPECT_FALSE(read_cost_text("Sacrifice CARDNAME {T}", c));  // a word ends at a symbol
  EXPECT_TRUE(c.sacrifice);
  EXPECT_TRUE(c.tap);
  auto p = read_cost_text("{1}, , {T}", c);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 5u);
  EXPECT_EQ(p->what, "an empty part of the cost before this comma");
  p = read_cost_text("{1}{R},", c);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 6u);
  EXPECT_EQ(p->what, "the cost ends with a comma");
  p = read_cost_text(", {T}", c);
  ASSERT_TRUE(p);
  EXPECT_EQ(p->offset, 0u);
}

// Where fail_at's LoadError points, or nowhere if it did not throw.
SourceLocation failed_at(const Param& text, const CostProblem& problem) {
  try {
    fail_at(text, problem);
  } catch (const LoadError& e) {
    return e.where();
  }
  return {};
}

TEST(CostText, FailAtPointsAtTheProblemsColumnInAOneLineValue) {
  const Param one_line = Param::scalar("{1}{Zz}", SourceLocation{"cards.yaml", 7, 20});
  CostText c;
  const auto p = read_cost_text(one_line.text(), c);
  ASSERT_TRUE(p);
  const SourceLocation at = failed_at(one_line, *p);
  EXPECT_EQ(at.line, 7u);
  EXPECT_EQ(at.column, 23u);
  const Param two_lines = Param::scalar("{1}\n{Zz}", SourceLocation{"cards.yaml", 7, 20});
  const SourceLocation block = failed_at(two_lines, CostProblem{5, "unknown mana symbol", ""});
  EXPECT_EQ(block.line, 7u);
  EXPECT_EQ(block.column, 20u) << "a value on several lines keeps its own place";
}

}  // namespace
}  // namespace anvil::testing
