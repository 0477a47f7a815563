// State-based actions (704), destroy and regeneration, indestructible, hexproof and shroud.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

void resolve_all(Game& g) {
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().stack.empty(); }));
}

TEST(RulesClassicStateBased, BothPlayersAtZeroLifeAtOnceIsADraw) {
  PositionPlayer a = player("A", {"Tremor Test"}, {"Swamp"});
  PositionPlayer b = player("B", {}, {});
  a.life = 1;
  b.life = 1;
  auto t = table(standard_pool(), position("main1", a, b));
  t.a->act("Cast Tremor Test");
  ASSERT_TRUE(rules().advance(*t.game));
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_TRUE(rules().advance(*t.game));  // B passes: it resolves, both at 0
  EXPECT_EQ(t.game->state().players[0].life, 0);
  EXPECT_FALSE(rules().advance(*t.game));  // the next check ends the game
  EXPECT_EQ(rules().outcome(*t.game), (std::vector<Outcome>{Outcome::drew, Outcome::drew}));
}

TEST(RulesClassicStateBased, DrawingFromAnEmptyLibraryLosesAtTheNextCheck) {
  PositionPlayer a = player("A", {}, {}, {});
  auto t = table(standard_pool(), position("upkeep", a, player("B", {}, {})));
  ASSERT_TRUE(rules().advance(*t.game));   // upkeep: A passes
  ASSERT_TRUE(rules().advance(*t.game));   // B passes; the step ends
  EXPECT_FALSE(rules().advance(*t.game));  // draw from empty, then the state-based check
  EXPECT_EQ(rules().outcome(*t.game), (std::vector<Outcome>{Outcome::lost, Outcome::won}));
}

TEST(RulesClassicStateBased, TheLegendRuleKeepsTheOneTheControllerChooses) {
  auto t = table(standard_pool(), position("main1",
                                           player("A", {"Isamaru, Hound of Konda"},
                                                  {"Isamaru, Hound of Konda", "Plains"}),
                                           player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId old = find(g, "Isamaru, Hound of Konda", ZoneRef::battlefield(kA));
  std::string prompt;
  std::vector<std::string> labels;
  t.a->act("Cast Isamaru, Hound of Konda").then(ChoiceKind::option, [&](const Choice& c) {
    prompt = c.prompt;
    for (const Option& o : c.options) labels.push_back(o.label);
    for (std::uint32_t i = 0; i < c.options.size(); ++i)
      if (c.options[i].target.object.id != old) return Answer{{i}};  // keep the new one
    return Answer{{0}};
  });
  ASSERT_TRUE(rules().advance(g));
  resolve_all(g);
  ASSERT_TRUE(rules().advance(g));  // the check before the next priority
  EXPECT_EQ(prompt, "Legend rule: choose the Isamaru, Hound of Konda to keep");
  // Namesakes numbered as the board numbers them, in the order they came onto it.
  EXPECT_EQ(labels,
            (std::vector<std::string>{"Isamaru, Hound of Konda #1", "Isamaru, Hound of Konda #2"}));
  EXPECT_EQ(count(g, ZoneRef::graveyard(kA)), 1u);
  EXPECT_EQ(g.object(old).zone, ZoneRef::graveyard(kA));
  EXPECT_TRUE(find(g, "Isamaru, Hound of Konda", ZoneRef::battlefield(kA)).valid());
}

TEST(RulesClassicStateBased, PlusAndMinusCountersAnnihilate) {
  PositionPlayer a = player("A", {}, {});
  a.battlefield.push_back(card("Hill Giant"));
  a.battlefield.back().counters = {{"+1/+1", 2}, {"-1/-1", 3}};
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  const ObjectId giant = find(*t.game, "Hill Giant", ZoneRef::battlefield(kA));
  EXPECT_EQ(t.game->view(giant).power, 2);
  rules().check_state(*t.game);
  EXPECT_EQ(t.game->object(giant).counters.get("+1/+1"_sym), 0);
  EXPECT_EQ(t.game->object(giant).counters.get("-1/-1"_sym), 1);
  EXPECT_EQ(t.game->view(giant).toughness, 2);
}

TEST(RulesClassicStateBased, TokensOffTheBattlefieldCeaseToExist) {
  PositionPlayer a = player("A", {}, {});
  a.graveyard.push_back(card("Soldier"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  const ObjectId soldier = find(*t.game, "Soldier", ZoneRef::graveyard(kA));
  ASSERT_TRUE(t.game->object(soldier).token);
  rules().check_state(*t.game);
  EXPECT_EQ(count(*t.game, ZoneRef::graveyard(kA)), 0u);
  EXPECT_EQ(t.game->object(soldier).zone.kind, ZoneKind::none);
}

// Tokens and counters off the battlefield are found by the next check, whatever moved them:
// here edits behind the rules' back, after a check that found nothing, and a rollback past one.
TEST(RulesClassicStateBased, WhatLeavesTheBattlefieldAfterACheckThatFoundNothingIsSeenByTheNext) {
  PositionPlayer a = player("A", {}, {"Soldier"});
  a.battlefield.push_back(card("Grizzly Bears"));
  a.battlefield.back().counters = {{"+1/+1", 1}};
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId soldier = find(g, "Soldier", ZoneRef::battlefield(kA));
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::battlefield(kA));
  rules().check_state(g);  // nothing to do
  rules().check_state(g);
  ASSERT_EQ(g.object(soldier).zone, ZoneRef::battlefield(kA));
  g.journal().move_object(soldier, ZoneRef::graveyard(kA));
  g.journal().move_object(bears, ZoneRef::hand(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(soldier).zone.kind, ZoneKind::none);
  EXPECT_EQ(g.object(bears).counters.get("+1/+1"_sym), 0);
}

// The look at every object is taken again only after edits that can change what it finds
// (objects_look_key, state_based.cpp): a counter or a creation is one, and a life change or an
// attr edit in between is not. A copy of a spell is marked as it is made (copies.cpp).
TEST(RulesClassicStateBased, ACounterOrACopyMadeOffTheBattlefieldAfterACheckIsSeen) {
  PositionPlayer a = player("A", {}, {});
  a.graveyard.push_back(card("Grizzly Bears"));
  a.graveyard.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const auto& yard = g.state().zone(ZoneRef::graveyard(kA)).objects;
  ASSERT_EQ(yard.size(), 2u);
  const ObjectId bears = yard[0];
  const ObjectId other = yard[1];
  rules().check_state(g);  // nothing to do
  g.journal().set_life(kB, 19);
  g.journal().set_attr(other, "kicked"_sym, 1);
  rules().check_state(g);  // nothing again, without the look
  g.journal().set_counter(bears, "+1/+1"_sym, 2);
  rules().check_state(g);
  EXPECT_EQ(g.object(bears).counters.get("+1/+1"_sym), 0);
  const ObjectId copy = g.add_card(g.object(other).card, kA, ZoneRef::graveyard(kA));
  g.journal().set_attr(copy, "spell_copy"_sym, 1);  // a copy off the stack ceases to exist
  rules().check_state(g);
  EXPECT_EQ(g.object(copy).zone.kind, ZoneKind::none);
  EXPECT_EQ(g.object(other).zone, ZoneRef::graveyard(kA));
}

// A copy made on the stack after a check that found nothing is seen by the next look (a
// creation); from then on a move off the stack is looked at too, though moves off the stack are
// not while no copy is there (a resolved spell cannot make a finding).
TEST(RulesClassicStateBased, ACopyMadeAfterACheckIsSeenOnceItLeavesTheStack) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Shock", "Shock"}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const auto& hand = g.state().zone(ZoneRef::hand(kA)).objects;
  ASSERT_EQ(hand.size(), 2u);
  const ObjectId shock = hand[0];
  const ObjectId other = hand[1];
  rules().check_state(g);  // nothing to do
  g.journal().move_object(other, ZoneRef::stack());
  g.journal().move_object(other, ZoneRef::graveyard(kA));  // a spell resolved
  rules().check_state(g);                                  // nothing again, without the look
  g.journal().move_object(shock, ZoneRef::stack());
  const ObjectId copy = g.add_card(g.object(shock).card, kA, ZoneRef::stack());  // as Twincast
  g.journal().set_attr(copy, "spell_copy"_sym, 1);
  rules().check_state(g);  // nothing to do: a copy on the stack
  rules().check_state(g);
  ASSERT_EQ(g.object(copy).zone, ZoneRef::stack());
  g.journal().move_object(copy, ZoneRef::graveyard(kA));  // countered
  rules().check_state(g);
  EXPECT_EQ(g.object(copy).zone.kind, ZoneKind::none);
  EXPECT_EQ(g.object(shock).zone, ZoneRef::stack());
}

// 704.5d: a token bounced to its owner's hand or library after checks that found nothing, with
// spells resolved and combat marks set in between (which the look does not follow), ceases to
// exist at the next check.
TEST(RulesClassicStateBased, ATokenBouncedAfterChecksThatFoundNothingCeasesToExist) {
  PositionPlayer a = player("A", {"Shock"}, {"Soldier", "Soldier"});
  a.battlefield.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const auto& field = g.state().zone(ZoneRef::battlefield(kA)).objects;
  std::vector<ObjectId> soldiers;
  for (ObjectId id : field)
    if (g.object(id).token) soldiers.push_back(id);
  ASSERT_EQ(soldiers.size(), 2u);
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::battlefield(kA));
  const ObjectId shock = find(g, "Shock", ZoneRef::hand(kA));
  rules().check_state(g);  // nothing to do
  g.journal().move_object(shock, ZoneRef::stack());
  rules().check_state(g);
  g.journal().move_object(shock, ZoneRef::graveyard(kA));  // resolved
  g.journal().set_attr(bears, "attacking"_sym, 1);
  rules().check_state(g);  // nothing again
  g.journal().move_object(soldiers[0], ZoneRef::hand(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(soldiers[0]).zone.kind, ZoneKind::none);
  rules().check_state(g);  // nothing to do
  g.journal().move_object(soldiers[1], ZoneRef::library(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(soldiers[1]).zone.kind, ZoneKind::none);
  EXPECT_EQ(g.object(bears).zone, ZoneRef::battlefield(kA));
}

// A spell copy on the stack stays there; once it leaves, the next check removes it, though the
// look at every object is not taken again after every move (a draw or a cast cannot make a
// finding): a move off the stack can (Journal::moves_from).
TEST(RulesClassicStateBased, ACopyThatLeavesTheStackAfterACheckIsSeen) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Shock"}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId shock = find(g, "Shock", ZoneRef::hand(kA));
  g.journal().move_object(shock, ZoneRef::stack());
  g.journal().set_attr(shock, "spell_copy"_sym, 1);
  rules().check_state(g);  // nothing to do: a copy on the stack
  ASSERT_EQ(g.object(shock).zone, ZoneRef::stack());
  g.journal().move_object(shock, ZoneRef::graveyard(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(shock).zone.kind, ZoneKind::none);
}

// The look at every permanent is not taken again after a tap (state_based.cpp,
// permanents_look_key); damage, a -1/-1 counter or a change of controller after a check that
// found nothing are seen by the next one.
TEST(RulesClassicStateBased, DamageOrACounterAfterACheckThatFoundNothingIsSeenThoughATapIsNot) {
  PositionPlayer a = player("A", {}, {});
  a.battlefield.push_back(card("Grizzly Bears"));
  a.battlefield.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const auto& field = g.state().zone(ZoneRef::battlefield(kA)).objects;
  ASSERT_EQ(field.size(), 2u);
  const ObjectId bears = field[0];
  const ObjectId other = field[1];
  rules().check_state(g);  // nothing to do
  g.journal().set_tapped(bears, true);
  rules().check_state(g);  // nothing again, without the look
  ASSERT_EQ(g.object(bears).zone, ZoneRef::battlefield(kA));
  g.journal().set_damage(bears, 2);
  rules().check_state(g);
  EXPECT_EQ(g.object(bears).zone, ZoneRef::graveyard(kA)) << "lethal damage after a tap";
  rules().check_state(g);  // nothing to do
  g.journal().set_counter(other, "-1/-1"_sym, 2);
  rules().check_state(g);
  EXPECT_EQ(g.object(other).zone, ZoneRef::graveyard(kA)) << "toughness 0 after a counter";
}

// Nor after a move between other zones; a creature that enters with lethal damage marked is
// seen (the key counts moves onto the battlefield as well as off it).
TEST(RulesClassicStateBased, ACreatureEnteringAfterACheckThatFoundNothingIsSeen) {
  PositionPlayer a = player("A", {"Grizzly Bears", "Shock"}, {});
  a.battlefield.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::hand(kA));
  const ObjectId shock = find(g, "Shock", ZoneRef::hand(kA));
  rules().check_state(g);  // nothing to do
  g.journal().move_object(shock, ZoneRef::graveyard(kA));
  g.journal().set_damage(bears, 2);  // in the hand: nothing to see yet
  rules().check_state(g);
  ASSERT_EQ(g.object(bears).zone, ZoneRef::hand(kA));
  rules().check_state(g);  // nothing to do
  g.journal().move_object(bears, ZoneRef::battlefield(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(bears).zone, ZoneRef::graveyard(kA)) << "lethal damage, entered";
}

// After a check that found nothing, permanents entering alone are looked at without the others
// (state_based.cpp, kPermanentsBeforeEntering): a legend entering beside one already there is
// still seen by the legend rule, and lethal damage marked before a creature entered is seen.
TEST(RulesClassicStateBased, PermanentsEnteringAfterACheckAreSeenBesideThoseThere) {
  PositionPlayer a = player(
      "A", {"Isamaru, Hound of Konda", "Isamaru, Hound of Konda", "Grizzly Bears", "Grizzly Bears"},
      {});
  a.battlefield.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const auto hand = g.state().zone(ZoneRef::hand(kA)).objects;
  ASSERT_EQ(hand.size(), 4u);
  rules().check_state(g);                                      // nothing to do
  g.journal().move_object(hand[0], ZoneRef::battlefield(kA));  // a legend alone
  rules().check_state(g);
  ASSERT_EQ(g.object(hand[0]).zone, ZoneRef::battlefield(kA));
  g.journal().move_object(hand[2], ZoneRef::battlefield(kA));
  rules().check_state(g);                                      // nothing to do
  g.journal().move_object(hand[1], ZoneRef::battlefield(kA));  // its namesake
  t.a->asked.clear();
  rules().check_state(g);
  ASSERT_EQ(t.a->asked.size(), 1u);
  EXPECT_EQ(t.a->asked[0].prompt, "Legend rule: choose the Isamaru, Hound of Konda to keep");
  EXPECT_EQ(count(g, ZoneRef::graveyard(kA)), 1u);
  rules().check_state(g);              // nothing to do
  g.journal().set_damage(hand[3], 2);  // in the hand: nothing to see yet
  rules().check_state(g);
  g.journal().move_object(hand[3], ZoneRef::battlefield(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(hand[3]).zone, ZoneRef::graveyard(kA)) << "lethal damage, entered";
}

// After a check that found nothing, an attr edit alone does not make the look view every
// permanent again, but a deathtouch mark is seen (704.5h): the creature marked is destroyed, its
// neighbour left alone.
TEST(RulesClassicStateBased, ADeathtouchMarkAfterACheckThatFoundNothingIsSeen) {
  PositionPlayer a = player("A", {}, {});
  a.battlefield.push_back(card("Grizzly Bears"));
  a.battlefield.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const auto field = g.state().zone(ZoneRef::battlefield(kA)).objects;
  ASSERT_EQ(field.size(), 2u);
  rules().check_state(g);  // nothing to do
  g.journal().set_attr(field[0], "attacking"_sym, 1);
  rules().check_state(g);  // nothing again
  g.journal().set_attr(field[1], "deathtouch_damage"_sym, 1);
  rules().check_state(g);
  EXPECT_EQ(g.object(field[1]).zone, ZoneRef::graveyard(kA));
  EXPECT_EQ(g.object(field[0]).zone, ZoneRef::battlefield(kA));
}

// After a check that found nothing and no attr edit since, the look after permanents entered
// finds them at the end of each battlefield list and visits no older permanent
// (look_at_battlefield's `newcomers_only`): one that entered below the permanents already there is
// seen all the same, and so is a deathtouch mark put on an older permanent by an attr edit.
TEST(RulesClassicStateBased, APermanentEnteringBelowThoseThereAfterACheckIsSeen) {
  PositionPlayer a = player("A", {"Grizzly Bears", "Grizzly Bears", "Forest"}, {});
  a.battlefield.push_back(card("Grizzly Bears"));
  a.battlefield.push_back(card("Forest"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const auto hand = g.state().zone(ZoneRef::hand(kA)).objects;
  ASSERT_EQ(hand.size(), 3u);
  const ObjectId there = find(g, "Grizzly Bears", ZoneRef::battlefield(kA));
  g.journal().set_damage(hand[0], 2);                             // in the hand: nothing to see yet
  rules().check_state(g);                                         // nothing to do
  g.journal().move_object(hand[2], ZoneRef::battlefield(kA));     // a land, on top
  rules().check_state(g);                                         // nothing to do
  g.journal().move_object(hand[0], ZoneRef::battlefield(kA), 0);  // at the bottom
  ASSERT_EQ(g.state().zone(ZoneRef::battlefield(kA)).objects.front(), hand[0]);
  rules().check_state(g);
  EXPECT_EQ(g.object(hand[0]).zone, ZoneRef::graveyard(kA)) << "lethal damage, entered below";
  rules().check_state(g);  // nothing to do
  g.journal().set_attr(there, "deathtouch_damage"_sym, 1);
  g.journal().move_object(hand[1], ZoneRef::battlefield(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(there).zone, ZoneRef::graveyard(kA)) << "a deathtouch mark, older";
  EXPECT_EQ(g.object(hand[1]).zone, ZoneRef::battlefield(kA));
}

// A rollback past a move off the battlefield brings the creature back with the timestamp it had,
// counted as a move onto the battlefield: the look after permanents entered, which views the
// newer ones alone, sees it all the same (here the move and its damage are behind the rules'
// back, so that nothing else the look follows is undone with it).
TEST(RulesClassicStateBased, ACreatureBroughtBackByARollbackPastACheckIsSeenAgain) {
  PositionPlayer a = player("A", {"Grizzly Bears"}, {});
  a.battlefield.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId there = find(g, "Grizzly Bears", ZoneRef::battlefield(kA));
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::hand(kA));
  g.journal().set_damage(bears, 2);  // in the hand: nothing to see yet
  rules().check_state(g);            // nothing to do
  g.journal().move_object(bears, ZoneRef::battlefield(kA));
  const auto before = g.journal().checkpoint();
  g.journal().move_object(bears, ZoneRef::graveyard(kA));
  rules().check_state(g);        // nothing to do
  g.journal().rollback(before);  // the Bears are back, lethal damage marked, their timestamp old
  ASSERT_EQ(g.object(bears).zone, ZoneRef::battlefield(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(bears).zone, ZoneRef::graveyard(kA));
  EXPECT_EQ(g.object(there).zone, ZoneRef::battlefield(kA));
}

TEST(RulesClassicStateBased, ATokenBroughtBackByARollbackPastACheckIsSeenAgain) {
  PositionPlayer a = player("A", {}, {});
  a.graveyard.push_back(card("Soldier"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId soldier = find(g, "Soldier", ZoneRef::graveyard(kA));
  const auto before = g.journal().checkpoint();
  rules().check_state(g);  // the token ceases to exist
  rules().check_state(g);  // and this check finds nothing
  ASSERT_EQ(g.object(soldier).zone.kind, ZoneKind::none);
  const std::uint64_t after = g.journal().checkpoint().position;
  g.journal().rollback(before);  // undone: the token is in the graveyard again
  ASSERT_EQ(g.object(soldier).zone, ZoneRef::graveyard(kA));
  // As many other edits as were undone: the journal is as long as it was after the checks.
  for (std::uint64_t i = before.position; i < after; ++i)
    g.journal().set_life(kB, g.state().player(kB).life + 1);
  rules().check_state(g);
  EXPECT_EQ(g.object(soldier).zone.kind, ZoneKind::none);
}

// With no token, no counters and no copy of a spell anywhere at a check that found nothing, a
// move off the battlefield carries none along, and the look at every object is not taken again
// for it (kNothingToCarry, state_based.cpp). A counter put, a counter brought back by a rollback
// or a token made is seen, and then so are the moves that carry it.
TEST(RulesClassicStateBased, WhatAMoveCarriesOffTheBattlefieldIsSeenOnceATokenOrACounterIsMade) {
  PositionPlayer a = player("A", {}, {});
  a.battlefield.push_back(card("Grizzly Bears"));
  a.battlefield.push_back(card("Grizzly Bears"));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const auto& field = g.state().zone(ZoneRef::battlefield(kA)).objects;
  ASSERT_EQ(field.size(), 2u);
  const ObjectId bears = field[0];
  const ObjectId other = field[1];
  rules().check_state(g);                                  // nothing to do, nothing to carry
  g.journal().move_object(other, ZoneRef::graveyard(kA));  // carries nothing
  rules().check_state(g);
  EXPECT_EQ(g.object(other).zone, ZoneRef::graveyard(kA));
  g.journal().set_counter(bears, "+1/+1"_sym, 1);
  rules().check_state(g);  // a counter on the battlefield: nothing to do
  g.journal().move_object(bears, ZoneRef::hand(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(bears).counters.get("+1/+1"_sym), 0);
  rules().check_state(g);  // nothing to do, nothing to carry
  g.journal().move_object(bears, ZoneRef::battlefield(kA));
  g.journal().set_counter(bears, "+1/+1"_sym, 1);
  const auto before = g.journal().checkpoint();
  g.journal().set_counter(bears, "+1/+1"_sym, 0);
  rules().check_state(g);        // nothing to do, nothing to carry
  g.journal().rollback(before);  // the counter is back
  g.journal().move_object(bears, ZoneRef::graveyard(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(bears).counters.get("+1/+1"_sym), 0);
  const std::optional<ObjectId> made = create_token(g, *g.cards().find("Soldier"), kA);
  ASSERT_TRUE(made && g.object(*made).token);
  const ObjectId soldier = *made;
  rules().check_state(g);  // a token on the battlefield: nothing to do
  ASSERT_EQ(g.object(soldier).zone, ZoneRef::battlefield(kA));
  g.journal().move_object(soldier, ZoneRef::graveyard(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(soldier).zone.kind, ZoneKind::none);
}

// The module pays a regeneration ability's cost itself, but writes it on the AbilityDef too
// (AbilityDef::cost, as the card says it), where an agent reads whether a shield can be paid.
// While views apply the classic rule effects alone, the look at the permanents reads a
// permanent's kinds from its card, and a land, no creature, is not viewed. An effect that makes
// a land a creature (Living Lands' "All Forests are 1/1 creatures", as floating effects) is seen
// through the view: the Forest, damaged before and passed over then, dies of that damage.
TEST(RulesClassicStateBased, ALandMadeACreatureByAnEffectDiesOfTheDamageItHad) {
  std::shared_ptr<CardPool> pool = standard_pool();
  pool->add(
      compile({.name = "Living Lands",
               .cost = "{3}{G}",
               .types = {"Enchantment"},
               .abilities = {{"lands_are_creatures",
                              {{"subtype", "Forest"}, {"power", "1"}, {"toughness", "1"}}}}}));
  auto t = table(pool, position("main1", player("A", {"Living Lands"}, {"Forest", "Forest"}),
                                player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId forest = find(g, "Forest", ZoneRef::battlefield(kA));
  g.journal().set_damage(forest, 1);
  rules().check_state(g);  // a land with damage: nothing to do
  EXPECT_EQ(g.object(forest).zone, ZoneRef::battlefield(kA));
  const GameObject& lands = g.object(find(g, "Living Lands", ZoneRef::hand(kA)));
  for (std::uint16_t half : {0, 1}) {  // the type-changing one, the power and toughness one
    FloatingEffect animate;
    animate.source = lands.ref();
    animate.card = lands.card;
    animate.ability = half;
    animate.controller = kA;
    g.journal().add_effect(animate);
  }
  rules().check_state(g);
  EXPECT_EQ(g.object(forest).zone, ZoneRef::graveyard(kA));
  EXPECT_EQ(count(g, ZoneRef::battlefield(kA)), 1u);  // the other Forest, undamaged
}

TEST(RulesClassicStateBased, ARegenerationAbilityWritesItsCost) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {}, {}), player("B", {}, {"Drudge Skeletons"})));
  const CardDef& def = t.game->card(find(*t.game, "Drudge Skeletons", ZoneRef::battlefield(kB)));
  ASSERT_EQ(def.abilities.size(), 1u);
  EXPECT_EQ(def.abilities[0].text, "Regenerate CARDNAME.");
  EXPECT_EQ(def.abilities[0].cost, "{1}{B}");
}

TEST(RulesClassicStateBased, RegenerationSavesFromLethalDamageButNotFromWrath) {
  auto t =
      table(standard_pool(),
            position("main1",
                     player("A", {"Shock", "Wrath of God"},
                            {"Mountain", "Plains", "Plains", "Plains", "Plains"}),
                     player("B", {}, {"Drudge Skeletons", "Swamp", "Swamp", "Swamp", "Swamp"})));
  Game& g = *t.game;
  const ObjectId drudge = find(g, "Drudge Skeletons", ZoneRef::battlefield(kB));
  const std::string regenerate = "Activate Drudge Skeletons: Regenerate Drudge Skeletons.";
  t.a->act("Cast Shock").pick(ChoiceKind::target, {"Drudge Skeletons"});
  t.b->act(regenerate);
  ASSERT_TRUE(rules().advance(g));  // A casts Shock
  resolve_all(g);                   // B regenerates in response; both resolve
  ASSERT_TRUE(find(g, "Shock", ZoneRef::graveyard(kA)).valid());
  ASSERT_TRUE(rules().advance(g));  // the check: regenerated, not dead
  EXPECT_EQ(g.object(drudge).zone, ZoneRef::battlefield(kB));
  EXPECT_TRUE(g.object(drudge).tapped);
  EXPECT_EQ(g.object(drudge).damage, 0);
  EXPECT_EQ(g.object(drudge).attrs.get("regen_shields"_sym), 0);

  // Wrath of God: "they can't be regenerated", even with a fresh shield.
  ASSERT_TRUE(advance_until(
      g, [](const Game& x) { return x.state().turn.number == 4 && step(x) == "main1"; }));
  t.a->act("Cast Wrath of God");
  t.b->act(regenerate);
  ASSERT_TRUE(rules().advance(g));
  resolve_all(g);
  EXPECT_EQ(g.object(drudge).zone, ZoneRef::graveyard(kB));
  EXPECT_EQ(t.b->pending(), 0u);
}

TEST(RulesClassicStateBased, ZeroToughnessDiesEvenWithARegenerationShield) {
  auto t =
      table(standard_pool(), position("main1", player("A", {}, {"Wither Bear"}),
                                      player("B", {}, {"Drudge Skeletons", "Swamp", "Swamp"})));
  Game& g = *t.game;
  t.b->act("Activate Drudge Skeletons: Regenerate Drudge Skeletons.");
  t.a->pick(ChoiceKind::attackers, {"Wither Bear → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Drudge Skeletons → Wither Bear"});
  ASSERT_TRUE(run_to_step(g, "begin_combat"));
  const ObjectId drudge = find(g, "Drudge Skeletons", ZoneRef::battlefield(kB));
  EXPECT_EQ(g.object(drudge).attrs.get("regen_shields"_sym), 1);
  ASSERT_TRUE(run_to_step(g, "end_combat"));
  EXPECT_EQ(g.object(drudge).zone, ZoneRef::graveyard(kB));
}

TEST(RulesClassicStateBased, IndestructibleSurvivesWrathAndLethalDamage) {
  auto t = table(
      standard_pool(),
      position("main1", player("A", {"Wrath of God"}, {"Plains", "Plains", "Plains", "Plains"}),
               player("B", {}, {"Darksteel Myr", "Grizzly Bears"})));
  Game& g = *t.game;
  t.a->act("Cast Wrath of God");
  ASSERT_TRUE(rules().advance(g));
  resolve_all(g);
  EXPECT_TRUE(find(g, "Darksteel Myr", ZoneRef::battlefield(kB)).valid());
  EXPECT_TRUE(find(g, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
}

TEST(RulesClassicStateBased, HexproofAndShroudLimitTargets) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Bolt Creature"}, {"Mountain", "Shroud Bear"}),
                          player("B", {}, {"Gladecover Scout"})));
  Game& g = *t.game;
  const LegalAction bolt{
      LegalAction::Kind::cast, find(g, "Bolt Creature", ZoneRef::hand(kA)), 0, {}, 0, ""};
  EXPECT_EQ(rules().why_not(g, kA, bolt), "no legal target");
  EXPECT_EQ(non_mana_actions(g, kA).size(), 1u);

  // Hexproof stops only opponents: its controller may target it.
  auto own =
      table(standard_pool(),
            position("main1", player("A", {"Bolt Creature"}, {"Mountain", "Gladecover Scout"}),
                     player("B", {}, {})));
  std::vector<std::string> offered;
  own.a->act("Cast Bolt Creature").then(ChoiceKind::target, [&](const Choice& c) {
    for (const Option& o : c.options) offered.push_back(o.label);
    return Answer{{0}};
  });
  ASSERT_TRUE(rules().advance(*own.game));
  EXPECT_EQ(own.game->state().stack.size(), 1u);
  EXPECT_TRUE(offered.empty());  // the only legal target: chosen without asking
  EXPECT_EQ(own.game->state().stack.back().targets.at(0).object.id,
            find(*own.game, "Gladecover Scout", ZoneRef::battlefield(kA)));
}

}  // namespace
}  // namespace anvil::classic_test
