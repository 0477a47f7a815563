// Last known information (last_known.cpp): a permanent's record, written as it leaves the
// battlefield in a few packed attrs, gives back every part of what it was.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// A creature whose record fills every part of the packing: a negative power and toughness, a
// controller other than its owner, keywords from both ends of the module's list, a colour, and
// the printed subtypes.
TEST(RulesClassicLastKnown, ARecordGivesBackEveryPartOfWhatThePermanentWas) {
  auto p = pool({{.name = "Packed Beast",
                  .cost = "{G}",
                  .types = {"Creature"},
                  .subtypes = {"Beast"},
                  .power = 1,
                  .toughness = 2,
                  .keywords = {"Flying", "Shroud"}}});
  PositionPlayer a = player("A", {}, {});
  a.battlefield.push_back(card("Packed Beast"));
  a.battlefield.back().counters = {{"-1/-1", 3}};
  auto t = table(p, position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId beast = find(g, "Packed Beast", ZoneRef::battlefield(kA));
  g.journal().set_controller(beast, kB);  // as a Threaten of B's would
  EXPECT_FALSE(g.last_known(beast)) << "still on the battlefield";
  rules().check_state(g);  // -2/-1: put into its owner's graveyard
  ASSERT_EQ(g.object(beast).zone, ZoneRef::graveyard(kA));
  const std::optional<LastKnown> lk = g.last_known(beast);
  ASSERT_TRUE(lk);
  EXPECT_EQ(lk->controller, kB);
  EXPECT_EQ(lk->characteristics.power, -2);
  EXPECT_EQ(lk->characteristics.toughness, -1);
  EXPECT_TRUE(lk->characteristics.has_type("Creature"_sym));
  EXPECT_TRUE(lk->characteristics.has_subtype("Beast"_sym));
  EXPECT_TRUE(lk->characteristics.has_keyword("Flying"_sym));
  EXPECT_TRUE(lk->characteristics.has_keyword("Shroud"_sym));
  EXPECT_FALSE(lk->characteristics.has_keyword("Haste"_sym));
  EXPECT_TRUE(lk->characteristics.colors.has(Color::green));
  // Valid only while it stays where it went: moved on, it is a new object with no record.
  move_to_zone(g, beast, ZoneRef::exile(kA), Cause::exile);
  EXPECT_FALSE(g.last_known(beast));
}

}  // namespace
}  // namespace anvil::classic_test
