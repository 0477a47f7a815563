// Kicker (702.33): what the keyword refuses as a card loads, what a kicked spell's damage says,
// and what multikicker's question offers.
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

// 702.33c: the multikicker question offers as many kicks as the caster could pay: with five
// Forests, Gnarlid Pack ({1}{G}, multikicker {1}{G}) is kicked 0 or 1 times.
TEST(RulesClassicKicker, MultikickerOffersAsManyKicksAsCanBePaid) {
  auto core_cards = core();
  ASSERT_TRUE(core_cards);
  auto t = table(core_cards, position("main1",
                                      player("A", {"Gnarlid Pack"},
                                             {"Forest", "Forest", "Forest", "Forest", "Forest"}),
                                      player("B", {}, {})));
  t.a->act("Cast Gnarlid Pack");
  ASSERT_TRUE(rules().advance(*t.game));
  const auto question = std::find_if(t.a->asked.begin(), t.a->asked.end(),
                                     [](const Choice& c) { return c.kind == ChoiceKind::number; });
  ASSERT_NE(question, t.a->asked.end());
  EXPECT_EQ(question->prompt, "How many times do you pay multikicker {1}{G} for Gnarlid Pack?");
  std::vector<std::int64_t> offered;
  for (const Option& o : question->options) offered.push_back(o.value);
  EXPECT_EQ(offered, (std::vector<std::int64_t>{0, 1}));
}

TEST(RulesClassicKicker, ACardHasOneKickerAtMost) {
  EXPECT_THROW(compile(CardSpec{.name = "Double Kicker",
                                .cost = "{G}",
                                .types = {"Sorcery"},
                                .abilities = {{"kicker", {{"cost", "{1}"}}},
                                              {"multikicker", {{"cost", "{G}"}}}}}),
               LoadError);
}

}  // namespace
}  // namespace anvil::classic_test
