// The `trigger` keyword (RULES-CLASSIC §3) on the real cards of classic-core: controller's order,
// look-back, intervening-if at trigger and resolution, and determinism.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

#define REQUIRE_CORE() \
  if (!core()) GTEST_SKIP() << "classic-core does not load here"

std::vector<std::string> stack_names(const Game& g) {  // top first
  std::vector<std::string> out;
  for (auto it = g.state().stack.rbegin(); it != g.state().stack.rend(); ++it)
    out.push_back(g.cards().at(it->card).name);
  return out;
}

// Casts Elvish Visionary beside Soul Warden and lets it resolve; returns the stack once A has
// ordered the two triggers with `picks`.
std::vector<std::string> order_two_triggers(std::vector<std::uint32_t> picks,
                                            std::vector<std::string>* offered = nullptr) {
  auto t = table(core(), position("main1",
                                  player("A", {"Elvish Visionary"},
                                         {"Forest", "Forest", "Soul Warden"}, {"Island"}),
                                  player("B", {}, {})));
  t.a->act("Cast Elvish Visionary").then(ChoiceKind::trigger_order, [&](const Choice& c) {
    if (offered)
      for (const Option& o : c.options) offered->push_back(o.label);
    return Answer{picks};
  });
  EXPECT_TRUE(rules().advance(*t.game));  // cast
  EXPECT_TRUE(rules().advance(*t.game));  // A passes
  EXPECT_TRUE(rules().advance(*t.game));  // B passes: the Visionary resolves
  // 603.3: nothing went on the stack during the resolution; the triggers wait.
  EXPECT_TRUE(t.game->state().stack.empty());
  EXPECT_EQ(t.game->state().pending_triggers.size(), 2u);
  EXPECT_TRUE(rules().advance(*t.game));  // triggers go on the stack, A orders; A passes
  return stack_names(*t.game);
}

TEST(RulesClassicTriggerKeyword, TheControllerOrdersTwoEntersTriggers) {  // §3 test 1
  REQUIRE_CORE();
  std::vector<std::string> offered;
  const auto first = order_two_triggers({0, 1}, &offered);
  ASSERT_EQ(offered.size(), 2u);
  EXPECT_NE(std::find(offered.begin(), offered.end(),
                      "Elvish Visionary: When Elvish Visionary enters, you draw a card."),
            offered.end())
      << offered[0] << " / " << offered[1];
  // The first pick goes on the stack first: the other one is on top and resolves first.
  const std::string picked_first = offered[0].substr(0, offered[0].find(':'));
  const std::string picked_second = offered[1].substr(0, offered[1].find(':'));
  EXPECT_EQ(first, (std::vector<std::string>{picked_second, picked_first}));
  EXPECT_EQ(order_two_triggers({1, 0}), (std::vector<std::string>{picked_first, picked_second}));
}

TEST(RulesClassicTriggerKeyword, ADiesTriggerInTheGraveyardIgnoresLaterDeaths) {  // 603.10a
  REQUIRE_CORE();
  // Put a Cutthroat straight into A's graveyard: it never saw the Wrath's event.
  PositionPlayer a =
      player("A", {"Wrath of God"}, {"Plains", "Plains", "Plains", "Plains", "Grizzly Bears"});
  a.graveyard.push_back(card("Zulaport Cutthroat"));
  auto g = table(core(), position("main1", a, player("B", {}, {})));
  g.a->act("Cast Wrath of God");
  ASSERT_TRUE(advance_until(*g.game, [](const Game& x) {
    return x.state().stack.empty() && x.state().pending_triggers.empty() &&
           count(x, ZoneRef::battlefield(PlayerId(0))) == 4;
  }));
  EXPECT_EQ(g.game->state().players[1].life, 20);
  EXPECT_EQ(g.game->state().players[0].life, 20);
}

// A card compiled through the registry's `trigger` handler, with a Drawback$ effect.
CardDef trigger_card(std::string name, std::vector<std::pair<std::string, std::string>> values) {
  CardSpec spec{.name = std::move(name),
                .cost = "{W}",
                .types = {"Creature"},
                .subtypes = {"Human"},
                .power = 1,
                .toughness = 1};
  spec.abilities.push_back({"trigger", values});
  return compile(spec);
}

TEST(RulesClassicTriggerKeyword, AnInterveningIfIsCheckedAtTriggerAndAtResolution) {  // §3 test 5
  auto pool = standard_pool();
  pool->add(trigger_card("Lonely Hermit", {{"when", "upkeep"},
                                           {"whose", "you"},
                                           {"if", "you control no other creatures"},
                                           {"do", "YouGainLife/3"}}));
  EXPECT_EQ(pool->at(*pool->find("Lonely Hermit")).abilities.at(0).text,
            "At the beginning of your upkeep, if you control no other creatures, you gain 3 life.");
  // False at trigger time: it does not trigger at all.
  {
    auto t = table(pool, position("untap", player("A", {}, {"Lonely Hermit", "Grizzly Bears"}),
                                  player("B", {}, {})));
    ASSERT_TRUE(run_to_step(*t.game, "upkeep"));
    ASSERT_TRUE(rules().advance(*t.game));
    EXPECT_TRUE(t.game->state().stack.empty());
    EXPECT_TRUE(t.game->state().pending_triggers.empty());
  }
  // True at trigger time, false at resolution: it does nothing.
  {
    auto t =
        table(pool, position("untap", player("A", {"Llanowar Elves"}, {"Lonely Hermit", "Forest"}),
                             player("B", {}, {})));
    ASSERT_TRUE(run_to_step(*t.game, "upkeep"));
    ASSERT_TRUE(rules().advance(*t.game));  // the trigger goes on the stack; A passes
    ASSERT_EQ(t.game->state().stack.size(), 1u);
    // Another creature arrives before it resolves (put directly, as an effect would).
    const ObjectId elves = find(*t.game, "Llanowar Elves", ZoneRef::hand(kA));
    move_to_zone(*t.game, elves, ZoneRef::battlefield(kA), Cause::put);
    ASSERT_TRUE(advance_until(*t.game, [](const Game& g) { return g.state().stack.empty(); }));
    EXPECT_EQ(t.game->state().players[0].life, 20);
  }
  // True both times: A gains 3.
  {
    auto t =
        table(pool, position("untap", player("A", {}, {"Lonely Hermit"}), player("B", {}, {})));
    ASSERT_TRUE(run_to_step(*t.game, "upkeep"));
    ASSERT_TRUE(advance_until(*t.game, [](const Game& g) {
      return g.state().players[0].life == 23 || rules().step_name(g) != "upkeep";
    }));
    EXPECT_EQ(t.game->state().players[0].life, 23);
  }
}

TEST(RulesClassicTriggerKeyword, BadParametersAreLoadErrors) {
  EXPECT_THROW(trigger_card("Bad When", {{"when", "explodes"}, {"do", "YouGainLife/1"}}),
               std::exception);
  EXPECT_THROW(trigger_card("Bad Do", {{"when", "enters"}, {"do", "YouFly/1"}}), std::exception);
  EXPECT_THROW(trigger_card("Bad If",
                            {{"when", "enters"}, {"if", "it is Tuesday"}, {"do", "YouGainLife/1"}}),
               std::exception);
  const CardDef ok = trigger_card(
      "Warden", {{"when", "enters"}, {"other", "true"}, {"whose", "you"}, {"do", "YouGainLife/1"}});
  EXPECT_EQ(ok.abilities.at(0).kind, AbilityKind::triggered);
  EXPECT_EQ(ok.abilities.at(0).text,
            "Whenever another creature you control enters, you gain 1 life.");
  const CardDef cycler = trigger_card("Cycler", {{"when", "cycled"}, {"do", "YouGainLife/2"}});
  EXPECT_EQ(cycler.abilities.at(0).text, "When you cycle CARDNAME, you gain 2 life.");
  // With `whose` or `other`, a permanent's trigger on other cards being cycled.
  EXPECT_EQ(trigger_card(
                "Stinger",
                {{"when", "cycled"}, {"whose", "you"}, {"other", "true"}, {"do", "OppLoseLife/1"}})
                .abilities.at(0)
                .text,
            "Whenever you cycle another card, your opponent loses 1 life.");
  EXPECT_EQ(trigger_card("Tollkeeper",
                         {{"when", "cycled"}, {"whose", "opponent"}, {"do", "TgtLoseLife/1"}})
                .abilities.at(0)
                .text,
            "Whenever an opponent cycles a card, that player loses 1 life.");
  EXPECT_EQ(trigger_card("Slide", {{"when", "cycled"}, {"other", "true"}, {"do", "YouGainLife/1"}})
                .abilities.at(0)
                .text,
            "Whenever a player cycles another card, you gain 1 life.");
}

TEST(RulesClassicTriggerKeyword, TheSameSeedAndChoicesGiveTheSameGame) {  // §3 test 8
  REQUIRE_CORE();
  auto play = [](std::uint64_t seed) {
    auto t = table(
        core(),
        position(
            "main1",
            player("A", {"Wrath of God", "Elvish Visionary"},
                   {"Plains", "Plains", "Plains", "Plains", "Forest", "Forest", "Soul Warden",
                    "Zulaport Cutthroat", "Grizzly Bears", "Phyrexian Arena"}),
            player("B", {"Forest"},
                   {"Zulaport Cutthroat", "Bottomless Pit", "Soul Warden", "Llanowar Elves"})));
    t.game->seat(kA, std::make_shared<RandomAgent>(seed));
    t.game->seat(kB, std::make_shared<RandomAgent>(seed + 1));
    std::vector<std::uint64_t> hashes;
    for (int i = 0; i < 300 && rules().advance(*t.game); ++i)
      hashes.push_back(hash(t.game->state()));
    return hashes;
  };
  for (std::uint64_t seed : {1u, 7u, 42u}) EXPECT_EQ(play(seed), play(seed)) << "seed " << seed;
}

}  // namespace
}  // namespace anvil::classic_test
