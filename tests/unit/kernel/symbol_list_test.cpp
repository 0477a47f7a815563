// SymbolList: Characteristics' inline symbol lists behave like the std::vector<Symbol> they
// replaced, inline and after they outgrow their inline room.
#include <gtest/gtest.h>

#include <algorithm>
#include <utility>
#include <vector>

#include "anvil/symbol_list.hpp"

namespace anvil::testing {
namespace {

using namespace anvil::literals;

std::vector<Symbol> numbered(std::size_t n) {
  std::vector<Symbol> out;
  for (std::size_t i = 0; i < n; ++i) out.push_back(Symbol::from_raw(i + 1));
  return out;
}

TEST(SymbolList, BuildsAssignsAndComparesLikeAVector) {
  SymbolList types = {"Artifact"_sym, "Creature"_sym};
  EXPECT_EQ(types, (std::vector<Symbol>{"Artifact"_sym, "Creature"_sym}));
  EXPECT_EQ(types.size(), 2u);
  EXPECT_TRUE(types.contains("Creature"_sym));
  EXPECT_FALSE(types.contains("Land"_sym));
  types = std::vector<Symbol>{"Land"_sym};
  EXPECT_EQ(types, std::vector<Symbol>{"Land"_sym});
  types.clear();
  EXPECT_TRUE(types.empty());
  EXPECT_EQ(types, std::vector<Symbol>{});
}

TEST(SymbolList, GrowsPastItsInlineRoomAndKeepsEverySymbol) {
  for (std::size_t n : {SymbolList::kInline, SymbolList::kInline + 1, std::size_t{300}}) {
    SymbolList list;
    for (Symbol s : numbered(n)) list.push_back(s);
    EXPECT_EQ(list, numbered(n)) << n;
    const SymbolList copy = list;  // a copy owns its own symbols
    list.push_back("extra"_sym);
    EXPECT_EQ(copy, numbered(n)) << n;
    SymbolList moved = std::move(list);
    EXPECT_EQ(moved.size(), n + 1) << n;
    EXPECT_EQ(moved.back(), "extra"_sym) << n;
    SymbolList assigned = {"x"_sym};
    assigned = moved;
    EXPECT_EQ(assigned, moved) << n;
  }
}

TEST(SymbolList, EraseAndInsertKeepTheOrder) {
  SymbolList list = numbered(6);
  list.erase(std::remove(list.begin(), list.end(), Symbol::from_raw(3)), list.end());
  EXPECT_EQ(list, (std::vector<Symbol>{Symbol::from_raw(1), Symbol::from_raw(2), Symbol::from_raw(4),
                                       Symbol::from_raw(5), Symbol::from_raw(6)}));
  list.erase(list.begin());
  list.insert(list.begin() + 1, "mid"_sym);
  EXPECT_EQ(list, (std::vector<Symbol>{Symbol::from_raw(2), "mid"_sym, Symbol::from_raw(4),
                                       Symbol::from_raw(5), Symbol::from_raw(6)}));
}

}  // namespace
}  // namespace anvil::testing
