// Mana: automatic payment from basic land types and mana abilities, coloured and generic costs,
// X, and the pool emptying between steps.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

bool all_tapped(const Game& g, PlayerId p) {
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(p)).objects)
    if (!g.object(id).tapped) return false;
  return true;
}

TEST(RulesClassicMana, XIsChosenFromTheAffordableValuesAndPaidWithTheRest) {
  auto t = table(
      standard_pool(),
      position("main1", player("A", {"Blaze"}, {"Mountain", "Mountain", "Forest", "Mountain"}),
               player("B", {}, {})));
  std::vector<std::int64_t> offered;
  t.a->act("Cast Blaze")
      .pick(ChoiceKind::target, {"player 1"})
      .then(ChoiceKind::number, [&](const Choice& c) {
        for (const Option& o : c.options) offered.push_back(o.value);
        return Answer{{3}};
      });
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(offered, (std::vector<std::int64_t>{0, 1, 2, 3}));
  EXPECT_TRUE(all_tapped(*t.game, kA));
  ASSERT_EQ(t.game->state().stack.size(), 1u);
  EXPECT_EQ(t.game->state().stack.back().x, 3);
  ASSERT_TRUE(rules().advance(*t.game));
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(t.game->state().players[1].life, 17);
  EXPECT_TRUE(find(*t.game, "Blaze", ZoneRef::graveyard(kA)).valid());
}

TEST(RulesClassicMana, ColouredSymbolsAreMatchedToLandsThatCanMakeThem) {
  auto poor =
      table(standard_pool(),
            position("main1", player("A", {"Boggart Ram-Gang"}, {"Forest", "Mountain", "Mountain"}),
                     player("B", {}, {})));
  const LegalAction cast{LegalAction::Kind::cast,
                         find(*poor.game, "Boggart Ram-Gang", ZoneRef::hand(kA)),
                         0,
                         {},
                         0,
                         ""};
  EXPECT_EQ(rules().why_not(*poor.game, kA, cast), "not enough mana");
  EXPECT_EQ(non_mana_actions(*poor.game, kA).size(), 1u);

  // Taiga is listed first but must make {G}: the Mountain pays {R}.
  auto rich =
      table(standard_pool(),
            position("main1", player("A", {"Boggart Ram-Gang"}, {"Taiga", "Mountain", "Forest"}),
                     player("B", {}, {})));
  rich.a->act("Cast Boggart Ram-Gang");
  ASSERT_TRUE(rules().advance(*rich.game));
  EXPECT_TRUE(all_tapped(*rich.game, kA));
  ASSERT_EQ(rich.game->state().stack.size(), 1u);
  ASSERT_TRUE(rules().advance(*rich.game));
  ASSERT_TRUE(rules().advance(*rich.game));
  EXPECT_TRUE(find(*rich.game, "Boggart Ram-Gang", ZoneRef::battlefield(kA)).valid());
}

// 107.4e: a hybrid symbol is paid with either of its colours, and the matching gives each
// symbol a land that can pay it: {W}{R/W}{R/W} takes the Plains for {W} and the Mountains for
// the hybrid ones, in whatever order the lands are listed.
TEST(RulesClassicMana, HybridSymbolsArePaidWithEitherColour) {
  struct Case {
    std::string card;
    std::vector<std::string> lands;
    bool castable;
  };
  for (const Case& c :
       {Case{"Boros Recruit", {"Mountain"}, true}, Case{"Boros Recruit", {"Plains"}, true},
        Case{"Boros Recruit", {"Forest"}, false},
        Case{"Hybrid Knight", {"Mountain", "Mountain", "Plains"}, true},
        Case{"Hybrid Knight", {"Plains", "Plains", "Plains"}, true},
        Case{"Hybrid Knight", {"Mountain", "Mountain", "Mountain"}, false},
        Case{"Hybrid Knight", {"Plains", "Mountain", "Forest"}, false}}) {
    std::string lands;
    for (const std::string& l : c.lands) lands += l + " ";
    auto t = table(standard_pool(),
                   position("main1", player("A", {c.card}, c.lands), player("B", {}, {})));
    const LegalAction cast{
        LegalAction::Kind::cast, find(*t.game, c.card, ZoneRef::hand(kA)), 0, {}, 0, ""};
    EXPECT_EQ(rules().why_not(*t.game, kA, cast), c.castable ? "" : "not enough mana")
        << c.card << " with " << lands;
    EXPECT_EQ(non_mana_actions(*t.game, kA).size(), c.castable ? 2u : 1u)
        << c.card << " with " << lands;
    if (!c.castable) continue;
    t.a->act("Cast " + c.card);
    ASSERT_TRUE(rules().advance(*t.game)) << c.card << " with " << lands;
    EXPECT_TRUE(all_tapped(*t.game, kA)) << c.card << " with " << lands;
    ASSERT_TRUE(rules().advance(*t.game));
    ASSERT_TRUE(rules().advance(*t.game));
    EXPECT_TRUE(find(*t.game, c.card, ZoneRef::battlefield(kA)).valid())
        << c.card << " with " << lands;
  }
}

// Hybrid symbols are costs only: mana is made one colour at a time, so a mana ability adding
// "{R/G}" is refused when the card loads (it would otherwise make nothing).
TEST(RulesClassicMana, AHybridSymbolIsACostNotManaMade) {
  EXPECT_THROW(compile(CardSpec{.name = "Hybrid Elf",
                                .cost = "{G}",
                                .types = {"Creature"},
                                .power = 1,
                                .toughness = 1,
                                .abilities = {{"mana", {{"cost", "{T}"}, {"add", "{R/G}"}}}}}),
               LoadError);
}

TEST(RulesClassicMana, ManaAbilitiesPayWithoutTheStackAndUnspentManaEmptiesAtTheEndOfTheStep) {
  auto t = table(
      standard_pool(),
      position("main1", player("A", {"Llanowar Elves"}, {"Elvish Pair"}), player("B", {}, {})));
  // Casting, the Pair's mana ability (117.1d, flagged as one) and passing are offered.
  const std::vector<LegalAction> offered = rules().legal_actions(*t.game, kA);
  ASSERT_EQ(offered.size(), 3u);
  EXPECT_TRUE(offered[1].mana);
  t.a->act("Cast Llanowar Elves");
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(t.game->state().stack.size(), 1u);  // only the spell
  EXPECT_EQ(t.game->state().players[0].attrs.get("mana_pool_G"_sym), 1);
  ASSERT_TRUE(rules().advance(*t.game));  // A passes
  ASSERT_TRUE(rules().advance(*t.game));  // B passes: the Elves resolve
  EXPECT_EQ(t.game->state().players[0].attrs.get("mana_pool_G"_sym), 1);
  ASSERT_TRUE(run_to_step(*t.game, "begin_combat"));
  EXPECT_EQ(t.game->state().players[0].attrs.get("mana_pool_G"_sym), 0);
}

// 305.6, 117.1d: a basic land's intrinsic "{T}: Add {G}" is a mana ability offered at priority
// like Llanowar Elves', flagged as one (LegalAction::mana); it adds its mana without the stack.
TEST(RulesClassicMana, BasicLandsOfferTheirManaAbilitiesAtPriority) {
  auto t = table(standard_pool(), position("main1", player("A", {"Llanowar Elves"}, {"Forest", "Plains"}),
                                           player("B", {}, {})));
  std::vector<std::string> mana;
  for (const LegalAction& l : rules().legal_actions(*t.game, kA))
    if (l.mana) mana.push_back(l.label);
  EXPECT_EQ(mana, (std::vector<std::string>{"Activate Forest: {T}: Add {G}.",
                                            "Activate Plains: {T}: Add {W}."}));
  t.a->act("Activate Forest: {T}: Add {G}.");
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_TRUE(t.game->state().stack.empty());
  EXPECT_EQ(t.game->state().players[0].attrs.get("mana_pool_G"_sym), 1);
  // What `anvil play` shows beside each player's life: the pool, and poison when there is any.
  EXPECT_EQ(rules().player_status(*t.game, kA), "mana pool {G}");
  EXPECT_EQ(rules().player_status(*t.game, kB), "");
  t.game->journal().set_counter(kB, "poison"_sym, 3);
  EXPECT_EQ(rules().player_status(*t.game, kB), "3 poison");
  EXPECT_TRUE(t.game->object(find(*t.game, "Forest", ZoneRef::battlefield(kA))).tapped);
  EXPECT_EQ(t.game->state().turn.priority, kA);  // no stack, no priority for the opponent
  // The Forest is tapped now: only the Plains' ability is left to offer.
  std::size_t offered = 0;
  for (const LegalAction& l : rules().legal_actions(*t.game, kA)) offered += l.mana;
  EXPECT_EQ(offered, 1u);
}

TEST(RulesClassicMana, ASummoningSickCreatureCannotTapForMana) {
  PositionPlayer a = player("A", {"Llanowar Elves"}, {});
  a.battlefield.push_back(card("Llanowar Elves", /*sick=*/true));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  const LegalAction cast{
      LegalAction::Kind::cast, find(*t.game, "Llanowar Elves", ZoneRef::hand(kA)), 0, {}, 0, ""};
  EXPECT_EQ(rules().why_not(*t.game, kA, cast), "not enough mana");
}

}  // namespace
}  // namespace anvil::classic_test
