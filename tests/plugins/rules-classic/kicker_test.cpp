// Kicker (702.33): what the keyword refuses as a card loads, and what a kicked spell's damage says.
// Casting kicked and not kicked is in the scenarios tests/scenarios/classic/702_33_*.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

TEST(RulesClassicKicker, BadKickerIsALoadError) {
  // {T} and {X} are no kicker costs; a card without a mana cost is never cast, so never kicked.
  for (const std::string cost : {"{T}", "{X}{R}"})
    EXPECT_THROW(compile(CardSpec{.name = "Odd Kicker",
                                  .cost = "{R}",
                                  .types = {"Instant"},
                                  .abilities = {{"kicker", {{"cost", cost}}}}}),
                 LoadError)
        << cost;
  EXPECT_THROW(compile(CardSpec{.name = "Costless Kicker",
                                .types = {"Instant"},
                                .abilities = {{"kicker", {{"cost", "{2}"}}}}}),
               LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Zero Burst",
                                .cost = "{R}",
                                .types = {"Instant"},
                                .abilities = {{"damage", {{"amount", "2"}, {"kicked", "0"}}}}}),
               LoadError);
}

TEST(RulesClassicKicker, AKickedDamageSpellSaysWhatItDeals) {
  const CardDef burst =
      compile(CardSpec{.name = "Test Burst",
                       .cost = "{R}",
                       .types = {"Instant"},
                       .abilities = {{"kicker", {{"cost", "{4}"}}},
                                     {"damage", {{"amount", "2"}, {"kicked", "4"}}}}});
  ASSERT_EQ(burst.abilities.size(), 2u);
  EXPECT_EQ(burst.abilities[0].impl->describe(),
            "Kicker {4} (You may pay an additional {4} as you cast this spell.)");
  EXPECT_EQ(burst.abilities[1].impl->describe(),
            "CARDNAME deals 2 damage to any target. If this spell was kicked, it deals 4 damage "
            "instead.");
}

}  // namespace
}  // namespace anvil::classic_test
