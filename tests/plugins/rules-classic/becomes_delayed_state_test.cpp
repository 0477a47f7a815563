// RULES-CLASSIC §3 beyond the scenarios: "becomes" triggers fire on the transition only (603.2f),
// tested where no card can reach — tapping a permanent that is already tapped — and the load
// errors of `delay` and `state_trigger`. The scenarios 603_2f_*, 603_7_* and 603_8_* play the rest.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

CardSpec watcher(std::string name, std::string when) {
  CardSpec c{.name = std::move(name),
             .cost = "{W}",
             .types = {"Creature"},
             .subtypes = {"Spirit"},
             .power = 1,
             .toughness = 1};
  c.abilities = {{"trigger", {{"when", std::move(when)}, {"do", "YouGainLife/1"}}}};
  return c;
}

TEST(RulesClassicBecomesTriggers, OnlyTheTransitionTriggers) {  // 603.2f
  auto t = table(
      pool(
          {watcher("Tap Watcher", "becomes_tapped"), watcher("Untap Watcher", "becomes_untapped")}),
      position("main1", player("A", {}, {"Tap Watcher", "Untap Watcher"}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId tapper = find(g, "Tap Watcher", ZoneRef::battlefield(PlayerId{0}));
  const ObjectId untapper = find(g, "Untap Watcher", ZoneRef::battlefield(PlayerId{0}));
  ASSERT_TRUE(g.state().pending_triggers.empty());

  EXPECT_FALSE(untap(g, untapper));  // untapping an untapped permanent: no event, no trigger
  EXPECT_TRUE(g.state().pending_triggers.empty());
  EXPECT_TRUE(tap(g, tapper));  // untapped → tapped: one trigger
  EXPECT_EQ(g.state().pending_triggers.size(), 1u);
  EXPECT_FALSE(tap(g, tapper));  // tapped → tapped: nothing
  EXPECT_EQ(g.state().pending_triggers.size(), 1u);
  EXPECT_TRUE(untap(g, tapper));  // the Tap Watcher becoming untapped is not its event
  EXPECT_TRUE(tap(g, tapper));    // a second transition triggers again
  EXPECT_EQ(g.state().pending_triggers.size(), 2u);
  EXPECT_TRUE(tap(g, untapper));  // the Untap Watcher becoming tapped is not its event
  EXPECT_TRUE(untap(g, untapper));
  EXPECT_EQ(g.state().pending_triggers.size(), 3u);
}

TEST(RulesClassicBecomesTriggers, TheCardTextsAreGenerated) {
  EXPECT_EQ(compile(watcher("Tap Watcher", "becomes_tapped")).abilities.at(0).text,
            "Whenever CARDNAME becomes tapped, you gain 1 life.");
  CardSpec afflict = watcher("Afflicted", "becomes_blocked");
  afflict.abilities = {{"trigger", {{"when", "becomes_blocked"}, {"do", "OppLoseLife/1"}}}};
  EXPECT_EQ(compile(afflict).abilities.at(0).text,
            "Whenever CARDNAME becomes blocked, your opponent loses 1 life.");
  CardSpec later = watcher("Scholar", "enters");
  later.abilities = {
      {"trigger", {{"when", "enters"}, {"delay", "next_upkeep"}, {"do", "YouDraw/1"}}}};
  const CardDef scholar = compile(later);
  ASSERT_EQ(scholar.abilities.size(), 2u);  // the trigger, then the delayed ability it creates
  EXPECT_EQ(scholar.abilities[0].text,
            "When CARDNAME enters, at the beginning of the next upkeep, you draw a card.");
  EXPECT_EQ(scholar.abilities[1].text, "At the beginning of the next upkeep, you draw a card.");
}

TEST(RulesClassicBecomesTriggers, BadDelaysAndStateConditionsAreLoadErrors) {
  CardSpec c = watcher("Bad Delay", "enters");
  c.abilities = {{"trigger", {{"when", "enters"}, {"delay", "someday"}, {"do", "YouDraw/1"}}}};
  EXPECT_THROW(compile(c), std::exception);
  c.abilities = {
      {"trigger",
       {{"when", "enters"}, {"delay", "next_upkeep"}, {"target", "player"}, {"do", "TgtDraw/1"}}}};
  EXPECT_THROW(compile(c), std::exception);  // a delayed effect has no target
  c.abilities = {{"state_trigger", {{"if", "it is Tuesday"}, {"do", "YouDraw/1"}}}};
  EXPECT_THROW(compile(c), std::exception);
  c.abilities = {{"state_trigger", {{"if", "you have x or less life"}, {"do", "YouDraw/1"}}}};
  EXPECT_THROW(compile(c), std::exception);
  c.abilities = {{"state_trigger", {{"if", "you have 5 or less life"}, {"do", "YouGainLife/1"}}}};
  EXPECT_EQ(compile(c).abilities.at(0).text, "When you have 5 or less life, you gain 1 life.");
}

TEST(RulesClassicBecomesTriggers, BecomesTheTargetTextsAndLoadErrors) {  // 603.2, 701.17a
  CardSpec bear = watcher("Phantasmal Bear", "becomes_target");
  bear.abilities = {{"trigger", {{"when", "becomes_target"}, {"do", "SacrificeSelf"}}}};
  // "When": a permanent that sacrifices itself cannot become the target again.
  EXPECT_EQ(compile(bear).abilities.at(0).text,
            "When CARDNAME becomes the target of a spell or ability, sacrifice CARDNAME.");
  CardSpec informant = watcher("Wary Informant", "becomes_target");
  informant.abilities = {
      {"trigger", {{"when", "becomes_target"}, {"by", "opponent"}, {"do", "YouDraw/1"}}}};
  EXPECT_EQ(compile(informant).abilities.at(0).text,
            "Whenever CARDNAME becomes the target of a spell or ability an opponent controls, you "
            "draw a card.");
  CardSpec ball = watcher("Ball Lightning", "end_step");
  ball.abilities = {{"trigger", {{"when", "end_step"}, {"whose", "any"}, {"do", "SacrificeSelf"}}}};
  EXPECT_EQ(compile(ball).abilities.at(0).text,
            "At the beginning of each player's end step, sacrifice CARDNAME.");

  CardSpec c = watcher("Bad", "becomes_target");
  c.abilities = {{"trigger", {{"when", "dies"}, {"by", "opponent"}, {"do", "YouDraw/1"}}}};
  EXPECT_THROW(compile(c), LoadError);  // `by` is for becomes_target only
  c.abilities = {{"trigger", {{"when", "becomes_target"}, {"by", "nobody"}, {"do", "YouDraw/1"}}}};
  EXPECT_THROW(compile(c), LoadError);
  c.abilities = {{"trigger", {{"when", "enters"}, {"target", "player"}, {"do", "SacrificeSelf"}}}};
  EXPECT_THROW(compile(c), LoadError);  // sacrificing CARDNAME has no target
  c.abilities = {
      {"trigger", {{"when", "enters"}, {"delay", "next_upkeep"}, {"do", "SacrificeSelf"}}}};
  EXPECT_THROW(compile(c), LoadError);
}

// 702.32a, 702.63a: fading is one ability, vanishing two (the upkeep removal, then "when the last
// time counter is removed"); a count outside 1..100 is a load error at the keyword.
TEST(RulesClassicBecomesTriggers, FadingAndVanishingAbilitiesAndLoadErrors) {
  CardSpec c = watcher("Fader", "enters");
  c.abilities = {{"fading", {{"count", "3"}}}};
  const CardDef fader = compile(c);
  ASSERT_EQ(fader.abilities.size(), 1u);
  EXPECT_TRUE(
      fader.abilities[0].text.starts_with("Fading 3 (This permanent enters with 3 fade "
                                          "counters on it."))
      << fader.abilities[0].text;
  c.abilities = {{"vanishing", {{"count", "1"}}}};
  const CardDef vanisher = compile(c);
  ASSERT_EQ(vanisher.abilities.size(), 2u);
  EXPECT_TRUE(vanisher.abilities[0].text.starts_with(
      "Vanishing 1 (This permanent enters with a time counter on it."))
      << vanisher.abilities[0].text;
  EXPECT_EQ(vanisher.abilities[1].text,
            "When the last time counter is removed from CARDNAME, sacrifice it.");
  c.abilities = {{"fading", {{"count", "0"}}}};
  EXPECT_THROW(compile(c), LoadError);
  c.abilities = {{"vanishing", {{"count", "many"}}}};
  EXPECT_THROW(compile(c), LoadError);
}

// 701.17a and 400.7: "sacrifice CARDNAME" sacrifices the trigger's source only while it is the
// same permanent, controlled by the trigger's controller. Resolved directly: no card of the packs
// can flicker or take a permanent while its trigger waits.
TEST(RulesClassicBecomesTriggers, SacrificeSelfSacrificesOnlyTheSamePermanentItsControllerHas) {
  CardSpec ball = watcher("Ball", "end_step");
  ball.abilities = {{"trigger", {{"when", "end_step"}, {"whose", "any"}, {"do", "SacrificeSelf"}}}};
  auto t = table(pool({ball}), position("main1", player("A", {}, {"Ball"}), player("B", {}, {})));
  Game& g = *t.game;
  const PlayerId a{0}, b{1};
  const ObjectId id = find(g, "Ball", ZoneRef::battlefield(a));
  const CardId card = g.object(id).card;
  const ObjectRef before = g.object(id).ref();
  g.journal().move_object(id, ZoneRef::exile(a));  // out and back: a new object (400.7)
  g.journal().move_object(id, ZoneRef::battlefield(a));
  g.resolve(ResolveContext{before, card, 0, a, {}, 0, {}});
  EXPECT_EQ(g.object(id).zone, ZoneRef::battlefield(a));
  g.resolve(ResolveContext{g.object(id).ref(), card, 0, b, {}, 0, {}});  // not B's to sacrifice
  EXPECT_EQ(g.object(id).zone, ZoneRef::battlefield(a));
  g.resolve(ResolveContext{g.object(id).ref(), card, 0, a, {}, 0, {}});
  EXPECT_EQ(g.object(id).zone, ZoneRef::graveyard(a));
}

}  // namespace
}  // namespace anvil::classic_test
