// Mana: automatic payment from basic land types and mana abilities, coloured and generic costs,
// X, and the pool emptying between steps.
#include <gtest/gtest.h>

#include <algorithm>

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

// The kept list is sorted least flexible first only when a source can make several kinds
// (list_kept_sources): with the Taiga listed before the Mountain, {R} is still paid by the
// Mountain, the Taiga kept for whatever else it could pay.
TEST(RulesClassicMana, ALandOfSeveralKindsIsKeptForLastWhenItIsListedFirst) {
  auto t = table(standard_pool(), position("main1", player("A", {"Shock"}, {"Taiga", "Mountain"}),
                                           player("B", {}, {"Grizzly Bears"})));
  Game& g = *t.game;
  t.a->act("Cast Shock").pick(ChoiceKind::target, {"Grizzly Bears"});
  ASSERT_TRUE(rules().advance(g));
  ASSERT_EQ(g.state().stack.size(), 1u);
  EXPECT_TRUE(g.object(find(g, "Mountain", ZoneRef::battlefield(kA))).tapped);
  EXPECT_FALSE(g.object(find(g, "Taiga", ZoneRef::battlefield(kA))).tapped);
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
// "{R/G}", "{2/G}" or "{G/P}" is refused when the card loads (it would otherwise make nothing).
TEST(RulesClassicMana, AHybridSymbolIsACostNotManaMade) {
  for (const char* made : {"{R/G}", "{2/G}", "{G/P}"})
    EXPECT_THROW(compile(CardSpec{.name = "Hybrid Elf",
                                  .cost = "{G}",
                                  .types = {"Creature"},
                                  .power = 1,
                                  .toughness = 1,
                                  .abilities = {{"mana", {{"cost", "{T}"}, {"add", made}}}}}),
                 LoadError)
        << made;
}

// A permanent's mana ability cannot discard its card: there is no card in a hand to discard,
// and the discard was once read and then ignored (a free {G}).
TEST(RulesClassicMana, AManaAbilityCostCannotDiscard) {
  try {
    (void)compile(
        CardSpec{.name = "Discard Stone",
                 .cost = "{1}",
                 .types = {"Artifact"},
                 .abilities = {{"mana", {{"cost", "{T}, Discard this card"}, {"add", "{G}"}}}}});
    ADD_FAILURE() << "a discard in a mana ability's cost loaded";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("a mana ability's cost must be exactly {T}"),
              std::string::npos)
        << e.what();
  }
}

std::size_t tapped_count(const Game& g, PlayerId p) {
  std::size_t n = 0;
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(p)).objects) n += g.object(id).tapped;
  return n;
}

// 107.4e: each {2/W} is paid with one white mana or two generic mana; payment takes the white
// where it can (the least mana), and the cast check counts both ways.
TEST(RulesClassicMana, MonocolouredHybridSymbolsArePaidWithTheirColourOrTwoGeneric) {
  struct Case {
    std::vector<std::string> lands;
    bool castable;
    std::size_t tapped;
  };
  for (const Case& c : {Case{{"Plains", "Plains", "Plains"}, true, 3},
                        Case{{"Forest", "Forest", "Forest", "Forest", "Forest", "Forest"}, true, 6},
                        Case{{"Plains", "Forest", "Forest", "Forest", "Forest"}, true, 5},
                        Case{{"Plains", "Plains", "Plains", "Forest", "Forest", "Forest"}, true, 3},
                        Case{{"Forest", "Forest", "Forest", "Forest", "Forest"}, false, 0},
                        Case{{"Plains", "Plains", "Forest"}, false, 0}}) {
    std::string lands;
    for (const std::string& l : c.lands) lands += l + " ";
    auto t = table(standard_pool(), position("main1", player("A", {"Procession Knight"}, c.lands),
                                             player("B", {}, {})));
    const LegalAction cast{LegalAction::Kind::cast,
                           find(*t.game, "Procession Knight", ZoneRef::hand(kA)),
                           0,
                           {},
                           0,
                           ""};
    EXPECT_EQ(rules().why_not(*t.game, kA, cast), c.castable ? "" : "not enough mana") << lands;
    EXPECT_EQ(non_mana_actions(*t.game, kA).size(), c.castable ? 2u : 1u) << lands;
    if (!c.castable) continue;
    t.a->act("Cast Procession Knight");
    ASSERT_TRUE(rules().advance(*t.game)) << lands;
    EXPECT_EQ(tapped_count(*t.game, kA), c.tapped) << lands;
    if (c.tapped == 3 && c.lands.size() == 6) {  // the Plains paid, the Forests are left
      EXPECT_FALSE(t.game->object(find(*t.game, "Forest", ZoneRef::battlefield(kA))).tapped);
    }
    EXPECT_EQ(t.game->state().players[0].life, 20) << lands;
  }
}

// 107.4f, 119.4: each {G/P} is paid with green mana or 2 life. When the player could pay
// either way, they are asked how (each option's value is the life it costs); life is paid only
// by a player who has that much.
TEST(RulesClassicMana, PhyrexianSymbolsArePaidWithTheirColourOrTwoLife) {
  {  // three Forests: {G}{G}, {G} and 2 life, or 4 life
    auto t =
        table(standard_pool(),
              position("main1", player("A", {"Phyrexian Hulk"}, {"Forest", "Forest", "Forest"}),
                       player("B", {}, {})));
    std::vector<std::string> labels;
    std::vector<std::int64_t> values;
    t.a->act("Cast Phyrexian Hulk").then(ChoiceKind::option, [&](const Choice& c) {
      EXPECT_EQ(c.prompt, "Pay {1}{G/P}{G/P}: mana or 2 life for each Phyrexian symbol");
      for (const Option& o : c.options) {
        labels.push_back(o.label);
        values.push_back(o.value);
      }
      return Answer{{2}};
    });
    ASSERT_TRUE(rules().advance(*t.game));
    EXPECT_EQ(labels, (std::vector<std::string>{"{G}{G}", "{G} and 2 life", "4 life"}));
    EXPECT_EQ(values, (std::vector<std::int64_t>{0, 2, 4}));
    EXPECT_EQ(t.game->state().players[0].life, 16);
    EXPECT_EQ(tapped_count(*t.game, kA), 1u);  // {1} only
    ASSERT_TRUE(rules().advance(*t.game));
    ASSERT_TRUE(rules().advance(*t.game));
    EXPECT_TRUE(find(*t.game, "Phyrexian Hulk", ZoneRef::battlefield(kA)).valid());
  }
  struct Case {
    std::vector<std::string> lands;
    std::int32_t life;
    bool castable;
    std::int32_t life_after;
  };
  for (const Case& c : {Case{{"Mountain"}, 20, true, 16},  // no choice: only life can pay
                        Case{{"Mountain"}, 4, true, 0},    // all of it (119.4), then 704.5a
                        Case{{"Mountain"}, 3, false, 3}, Case{{"Forest", "Forest"}, 1, false, 1},
                        Case{{"Forest", "Forest"}, 2, true, 0}}) {
    PositionPlayer a = player("A", {"Phyrexian Hulk"}, c.lands);
    a.life = c.life;
    auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
    const std::string what =
        std::to_string(c.lands.size()) + " lands, life " + std::to_string(c.life);
    EXPECT_EQ(non_mana_actions(*t.game, kA).size(), c.castable ? 2u : 1u) << what;
    const LegalAction cast{LegalAction::Kind::cast,
                           find(*t.game, "Phyrexian Hulk", ZoneRef::hand(kA)),
                           0,
                           {},
                           0,
                           ""};
    EXPECT_EQ(rules().why_not(*t.game, kA, cast), c.castable ? "" : "not enough mana or life")
        << what;
    if (!c.castable) continue;
    std::size_t asked = 0;  // no option decision: only one way is payable
    t.a->act("Cast Phyrexian Hulk").then(ChoiceKind::option, [&](const Choice&) {
      ++asked;
      return Answer{{0}};
    });
    ASSERT_TRUE(rules().advance(*t.game)) << what;
    EXPECT_EQ(asked, 0u) << what;
    EXPECT_EQ(t.game->state().players[0].life, c.life_after) << what;
    // At 0 life A loses as the state-based actions are next checked (704.5a).
    EXPECT_EQ(rules().advance(*t.game), c.life_after > 0) << what;
  }
}

// 107.4f: a hybrid Phyrexian symbol ({G/W/P}) is paid with either colour or 2 life; the
// choice names the mana as the hybrid symbol it becomes.
TEST(RulesClassicMana, HybridPhyrexianSymbolsArePaidWithEitherColourOrTwoLife) {
  auto t =
      table(standard_pool(),
            position("main1", player("A", {"Compleated Hulk"}, {"Forest", "Plains", "Mountain"}),
                     player("B", {}, {})));
  std::vector<std::string> labels;
  t.a->act("Cast Compleated Hulk").then(ChoiceKind::option, [&](const Choice& c) {
    EXPECT_EQ(c.prompt, "Pay {1}{G/W/P}{G/W/P}: mana or 2 life for each Phyrexian symbol");
    for (const Option& o : c.options) labels.push_back(o.label);
    return Answer{{0}};
  });
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(labels, (std::vector<std::string>{"{G/W}{G/W}", "{G/W} and 2 life", "4 life"}));
  EXPECT_EQ(t.game->state().players[0].life, 20);
  EXPECT_EQ(tapped_count(*t.game, kA), 3u);  // Forest and Plains for the symbols, Mountain {1}
  // Two Mountains and 2 life: no choice, one symbol cannot be paid with mana at all.
  PositionPlayer poor = player("A", {"Compleated Hulk"}, {"Mountain", "Mountain"});
  poor.life = 3;
  auto u = table(standard_pool(), position("main1", poor, player("B", {}, {})));
  const LegalAction cast{
      LegalAction::Kind::cast, find(*u.game, "Compleated Hulk", ZoneRef::hand(kA)), 0, {}, 0, ""};
  EXPECT_EQ(rules().why_not(*u.game, kA, cast), "not enough mana or life");
  EXPECT_EQ(standard_pool()->at(*standard_pool()->find("Compleated Hulk")).base.cost.value(), 3);
  EXPECT_EQ(standard_pool()->at(*standard_pool()->find("Compleated Hulk")).base.colors.count(), 2);
}

// X with a Phyrexian symbol: X may use the mana the symbol would have taken (its life paid
// instead), and the payment then offers only what X left.
TEST(RulesClassicMana, XWithAPhyrexianSymbolCountsTheLifeThatCouldPayIt) {
  for (const std::int64_t x : {3, 2}) {
    auto t = table(
        standard_pool(),
        position("main1", player("A", {"Phyrexian Blaze"}, {"Mountain", "Mountain", "Mountain"}),
                 player("B", {}, {})));
    std::vector<std::int64_t> offered_x, offered_life;
    t.a->act("Cast Phyrexian Blaze")
        .pick(ChoiceKind::target, {"player 1"})
        .then(ChoiceKind::number,
              [&](const Choice& c) {
                for (const Option& o : c.options) offered_x.push_back(o.value);
                return Answer{{static_cast<std::uint32_t>(x)}};
              })
        .then(ChoiceKind::option, [&](const Choice& c) {
          for (const Option& o : c.options) offered_life.push_back(o.value);
          return Answer{{0}};
        });
    ASSERT_TRUE(rules().advance(*t.game));
    EXPECT_EQ(offered_x, (std::vector<std::int64_t>{0, 1, 2, 3}));
    if (x == 3) {
      EXPECT_TRUE(offered_life.empty());  // nothing to choose: the life pays {R/P}
      EXPECT_EQ(t.game->state().players[0].life, 18);
    } else {
      EXPECT_EQ(offered_life, (std::vector<std::int64_t>{0, 2}));
      EXPECT_EQ(t.game->state().players[0].life, 20);  // it picked the mana
    }
    EXPECT_TRUE(all_tapped(*t.game, kA));
  }
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

// empty_pools skips its look at the pools while no player attr was edited since it last left
// them empty (pools_emptied_at): mana added after that, by any edit, still empties at the end
// of the step, and so does mana a rollback brings back.
TEST(RulesClassicMana, ManaAddedAfterThePoolsWereEmptiedStillEmptiesAtTheEndOfTheStep) {
  auto t =
      table(standard_pool(), position("upkeep", player("A", {}, {"Forest"}), player("B", {}, {})));
  Game& g = *t.game;
  const auto pool_g = [&] { return g.state().players[0].attrs.get("mana_pool_G"_sym); };
  ASSERT_TRUE(run_to_step(g, "main1"));  // the pools emptied at the end of each step so far
  g.journal().set_attr(kA, "mana_pool_G"_sym, 2);
  ASSERT_TRUE(run_to_step(g, "begin_combat"));
  EXPECT_EQ(pool_g(), 0);
  g.journal().set_attr(kA, "mana_pool_G"_sym, 3);
  const auto filled = g.journal().checkpoint();
  ASSERT_TRUE(run_to_step(g, "main2"));
  EXPECT_EQ(pool_g(), 0);
  g.journal().rollback(filled);  // the mana back, in begin_combat: emptied at its end again
  ASSERT_EQ(pool_g(), 3);
  ASSERT_TRUE(run_to_step(g, "main2"));
  EXPECT_EQ(pool_g(), 0);
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
  EXPECT_EQ(rules().mana_pool(*t.game, kA), "{G}");  // what scenarios compare (`mana_pool:`)
  EXPECT_EQ(rules().mana_pool(*t.game, kB), "");
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

// The mana sources are listed from each permanent's card (ManaTraits in mana.cpp) while views
// apply the classic rule effects alone: counters and changeling change no type, basic land type
// or keyword. A land creature with changeling and counters still taps for its land type's mana,
// a summoning-sick one does not, and a creature's mana ability waits out summoning sickness
// unless it has haste; what the listing offers is what a look at each permanent's view finds.
TEST(RulesClassicMana, CountersAndChangelingLeaveAPermanentsManaAsItsCardMakesIt) {
  const auto cards = pool({{.name = "Grove Shifter",
                            .types = {"Land", "Creature"},
                            .subtypes = {"Forest"},
                            .power = 1,
                            .toughness = 1,
                            .keywords = {"Changeling"}},
                           {.name = "Hasty Shifter",
                            .cost = "{G}",
                            .types = {"Creature"},
                            .power = 1,
                            .toughness = 1,
                            .keywords = {"Changeling", "Haste"},
                            .abilities = {{"mana", {{"cost", "{T}"}, {"add", "{R}"}}}}},
                           {.name = "Slow Shifter",
                            .cost = "{G}",
                            .types = {"Creature"},
                            .power = 1,
                            .toughness = 1,
                            .keywords = {"Changeling"},
                            .abilities = {{"mana", {{"cost", "{T}"}, {"add", "{W}"}}}}}});
  PositionPlayer a = player("A", {}, {"Grove Shifter", "Forest"});
  a.battlefield.push_back(card("Grove Shifter", /*sick=*/true));
  a.battlefield.push_back(card("Hasty Shifter", /*sick=*/true));
  a.battlefield.push_back(card("Slow Shifter", /*sick=*/true));
  auto t = table(cards, position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(kA)).objects)
    g.journal().set_counter(id, "+1/+1"_sym, 2);
  ASSERT_TRUE(g.only_rule_effects());  // the sources are listed from the cards
  std::vector<std::string> mana;
  for (const LegalAction& l : rules().legal_actions(g, kA))
    if (l.mana) mana.push_back(l.label);
  EXPECT_EQ(mana, (std::vector<std::string>{"Activate Hasty Shifter: {T}: Add {R}.",
                                            "Activate Grove Shifter: {T}: Add {G}.",
                                            "Activate Forest: {T}: Add {G}."}));
  // The rule effects did apply: the counters to power, changeling to the creature types.
  const ObjectId grove = find(g, "Grove Shifter", ZoneRef::battlefield(kA));
  EXPECT_EQ(g.view(grove).power, 3);
  EXPECT_TRUE(g.view(grove).has_subtype("Elf"_sym));
}

// The listing answers most "can the player pay?" questions by counting the kept sources' mana
// of each kind (counted_can_pay in classic_cache.hpp), and the rest by matching: each answer
// here is worked out by hand, with basic lands, a bundle ({G}{G} at once), mana in the pool, a
// land tapped since the list was made, and a dual land (mana of two kinds, which only the
// matching decides).
TEST(RulesClassicMana, CostsAreAnsweredByCountingTheKeptSourcesOfEachKind) {
  const std::vector<std::pair<const char*, const char*>> costs = {{"GGG", "{G}{G}{G}"},
                                                                  {"GGGG", "{G}{G}{G}{G}"},
                                                                  {"RRGGG", "{R}{R}{G}{G}{G}"},
                                                                  {"RGGG", "{R}{G}{G}{G}"},
                                                                  {"Four", "{4}"},
                                                                  {"Five", "{5}"},
                                                                  {"Six", "{6}"},
                                                                  {"RRR", "{R}{R}{R}"},
                                                                  {"W", "{W}"},
                                                                  {"C", "{C}"},
                                                                  {"TwoRRG", "{2}{R}{R}{G}"},
                                                                  {"OneRRR", "{1}{R}{R}{R}"},
                                                                  {"Hybrid", "{R/W}{R/W}{R/W}"}};
  std::vector<CardSpec> specs;
  for (const auto& [name, cost] : costs)
    specs.push_back({.name = std::string("Cost ") + name,
                     .cost = cost,
                     .types = {"Creature"},
                     .power = 1,
                     .toughness = 1});
  specs.push_back({.name = "Taiga", .types = {"Land"}, .subtypes = {"Mountain", "Forest"}});
  specs.push_back({.name = "Elvish Pair",
                   .cost = "{G}",
                   .types = {"Creature"},
                   .power = 1,
                   .toughness = 1,
                   .abilities = {{"mana", {{"cost", "{T}"}, {"add", "{G}{G}"}}}}});
  std::vector<std::string> hand;
  for (const auto& [name, cost] : costs) hand.push_back(std::string("Cost ") + name);
  auto t =
      table(pool(specs),
            position("main1", player("A", hand, {"Forest", "Mountain", "Mountain", "Elvish Pair"}),
                     player("B", {}, {})));
  Game& g = *t.game;
  ASSERT_TRUE(g.only_rule_effects());  // the sources are kept, and counted
  const auto castable = [&g] {
    std::vector<std::string> out;
    for (const LegalAction& l : rules().legal_actions(g, kA))
      if (l.label.starts_with("Cast Cost ")) out.push_back(l.label.substr(10));
    std::sort(out.begin(), out.end());
    return out;
  };
  using Names = std::vector<std::string>;
  // {G} from the Forest, {G}{G} from the Pair, {R} from each Mountain.
  EXPECT_EQ(castable(), (Names{"Five", "Four", "GGG", "RGGG", "RRGGG", "TwoRRG"}));
  g.journal().set_tapped(find(g, "Mountain", ZoneRef::battlefield(kA)), true);  // one {R} fewer
  EXPECT_EQ(castable(), (Names{"Four", "GGG", "RGGG"}));
  g.journal().set_attr(kA, "mana_pool_W"_sym, 1);  // {W} in the pool
  EXPECT_EQ(castable(), (Names{"Five", "Four", "GGG", "RGGG", "W"}));
  g.journal().set_attr(kA, "mana_pool_W"_sym, 0);
  g.journal().set_attr(kA, "mana_pool_C"_sym, 2);  // {C}{C} in the pool
  EXPECT_EQ(castable(), (Names{"C", "Five", "Four", "GGG", "RGGG", "Six"}));
  g.journal().set_attr(kA, "mana_pool_C"_sym, 0);
  // A Taiga makes {R} or {G}: the matching decides what the counts cannot.
  g.journal().create_object(*g.cards().find("Taiga"), kA, ZoneRef::battlefield(kA), false);
  EXPECT_EQ(castable(), (Names{"Five", "Four", "GGG", "GGGG", "RGGG", "RRGGG", "TwoRRG"}));
}

// A payment is planned in fixed arrays when its mana fits them (up to 64 mana, pay_fixed in
// mana.cpp) and in vectors otherwise (pay_large): both tap the same sources and send a bundle's
// spare mana to the pool. {R}{G} takes the Mountain and one of the Pair's {G}{G} (the sources
// least flexible first: the Taiga last), whose other {G} goes to the pool; the Forest, the
// Taiga and the Plains stay untapped. With 70 Plains more the payment has 75 mana to plan from.
TEST(RulesClassicMana, APaymentTapsTheSameSourcesWithFewOrManySources) {
  const std::vector<CardSpec> specs = {
      {.name = "Cost RG", .cost = "{R}{G}", .types = {"Creature"}, .power = 1, .toughness = 1},
      {.name = "Taiga", .types = {"Land"}, .subtypes = {"Mountain", "Forest"}},
      {.name = "Elvish Pair",
       .cost = "{G}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .abilities = {{"mana", {{"cost", "{T}"}, {"add", "{G}{G}"}}}}}};
  for (const std::size_t plains : {std::size_t{0}, std::size_t{70}}) {
    SCOPED_TRACE(plains);
    std::vector<std::string> lands = {"Taiga", "Mountain", "Elvish Pair", "Forest"};
    lands.insert(lands.end(), plains, "Plains");
    auto t =
        table(pool(specs), position("main1", player("A", {"Cost RG"}, lands), player("B", {}, {})));
    Game& g = *t.game;
    t.a->act("Cast Cost RG");
    ASSERT_TRUE(rules().advance(g));
    ASSERT_EQ(g.state().stack.size(), 1u);
    std::vector<std::string> tapped;
    for (ObjectId id : g.state().zone(ZoneRef::battlefield(kA)).objects)
      if (g.object(id).tapped) tapped.push_back(g.card(id).name);
    EXPECT_EQ(tapped, (std::vector<std::string>{"Mountain", "Elvish Pair"}));
    EXPECT_EQ(g.state().players[0].attrs.get("mana_pool_G"_sym), 1);
  }
}

}  // namespace
}  // namespace anvil::classic_test
