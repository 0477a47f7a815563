// What a card's plugin code throws while the classic rules ask it something (a target check in
// the priority listing) names that card, its ability and its plugin, even when it is not a
// std::exception, rather than reaching the host as an int.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

TEST(RulesClassicPluginErrors, ATargetCheckThatThrowsNamesItsCardWhileTheListingIsMade) {
  auto t =
      table(pool({{.name = "Cursed Bolt",
                   .cost = "{R}",
                   .types = {"Instant"},
                   .burn = Burn::target_check_throws,
                   .amount = 2}}),
            position("main1", player("A", {"Cursed Bolt"}, {"Mountain"}), player("B", {}, {})));
  try {
    while (rules().advance(*t.game)) {
    }
    ADD_FAILURE() << "the game went on past the target check";
  } catch (const AbilityError& e) {
    EXPECT_EQ(e.plugin(), "test");
    EXPECT_EQ(e.card(), "Cursed Bolt");
    EXPECT_EQ(e.ability(), "CARDNAME deals damage.");
    EXPECT_EQ(e.problem(), "an exception that is not a std::exception");
  }
}

}  // namespace
}  // namespace anvil::classic_test
