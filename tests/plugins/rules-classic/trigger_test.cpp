// Triggered abilities go on the stack before priority, APNAP, each player ordering their own;
// a refused declaration fires nothing. Resolution rechecks targets. Keyword parameters are
// checked at load time.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

TEST(RulesClassicTriggers, ActivePlayersTriggersGoOnTheStackFirstSoTheOthersResolveFirst) {
  auto t = table(standard_pool(), position("end", player("A", {}, {"Upkeep Cleric"}),
                                           player("B", {}, {"Upkeep Priest"})));
  std::vector<std::pair<int, int>> gains;  // (player, amount) in order
  Connection c = t.game->bus().on_observe<LifeChangeEvent>(
      [&](const Game&, const LifeChangeEvent& e) { gains.emplace_back(e.player.value, e.delta); });
  // Turn 3 (B active): the upkeep begins and both trigger; they go on the stack before B is asked.
  ASSERT_TRUE(run_to_step(*t.game, "upkeep"));
  EXPECT_EQ(t.game->state().pending_triggers.size(), 2u);
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(t.game->state().stack.size(), 2u);
  EXPECT_EQ(t.game->state().stack.back().controller, kA);  // A's on top: B's went first (APNAP)
  ASSERT_TRUE(advance_until(*t.game, [](const Game& g) { return g.state().stack.empty(); }));
  EXPECT_EQ(gains, (std::vector<std::pair<int, int>>{{0, 1}, {1, 2}}));
  c.disconnect();
}

TEST(RulesClassicTriggers, APlayerOrdersTheirOwnTriggers) {
  auto t = table(
      standard_pool(),
      position("end", player("A", {}, {"Upkeep Cleric", "Upkeep Priest"}), player("B", {}, {}), 1));
  std::vector<std::string> offered;
  t.a->then(ChoiceKind::trigger_order, [&](const Choice& c) {
    for (const Option& o : c.options) offered.push_back(o.label);
    return Answer{{1, 0}};  // the Priest's first: the Cleric's ends on top
  });
  std::vector<int> gains;
  Connection c = t.game->bus().on_observe<LifeChangeEvent>(
      [&](const Game&, const LifeChangeEvent& e) { gains.push_back(e.delta); });
  ASSERT_TRUE(run_to_step(*t.game, "upkeep"));
  ASSERT_TRUE(rules().advance(*t.game));
  ASSERT_TRUE(advance_until(*t.game, [](const Game& g) { return g.state().stack.empty(); }));
  EXPECT_EQ(offered, (std::vector<std::string>{
                         "Upkeep Cleric: At the beginning of each upkeep, you gain 1 life.",
                         "Upkeep Priest: At the beginning of each upkeep, you gain 2 life."}));
  EXPECT_EQ(gains, (std::vector<int>{1, 2}));
  c.disconnect();
}

TEST(RulesClassicTriggers, ARefusedAttackFiresNothingAndALegalOneTriggers) {
  PositionPlayer a = player("A", {}, {"Battle Watcher"});
  a.battlefield.push_back(card("Savannah Lions", /*sick=*/true));
  auto t = table(standard_pool(), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  std::size_t pending_on_retry = 99;
  std::uint64_t hash_first = 0, hash_retry = 1;
  std::string refused;
  t.a->then(ChoiceKind::attackers,
            [&](const Choice&) {
              hash_first = hash(g.state());
              return Answer{{0, 1}};  // both: the Lions are summoning sick
            })
      .then(ChoiceKind::attackers, [&](const Choice& c) {
        hash_retry = hash(g.state());
        pending_on_retry = g.state().pending_triggers.size() + g.state().stack.size();
        refused = c.refused;
        for (std::uint32_t i = 0; i < c.options.size(); ++i)
          if (c.options[i].label == "Battle Watcher → player 1") return Answer{{i}};
        return Answer{};
      });
  ASSERT_TRUE(run_to_step(g, "attackers"));
  ASSERT_TRUE(rules().advance(g));
  EXPECT_EQ(refused, "Savannah Lions has summoning sickness");
  EXPECT_EQ(hash_first, hash_retry);
  EXPECT_EQ(pending_on_retry, 0u);
  EXPECT_EQ(g.state().stack.size(), 1u);  // one "whenever a creature attacks"
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().stack.empty(); }));
  EXPECT_EQ(g.state().players[0].life, 21);
}

TEST(RulesClassicTriggers, ASpellWhoseOnlyTargetIsGoneDoesNothing) {
  auto t =
      table(standard_pool(),
            position("main1", player("A", {"Shock", "Bolt Creature"}, {"Mountain", "Mountain"}),
                     player("B", {}, {"Grizzly Bears"})));
  Game& g = *t.game;
  t.a->act("Cast Shock").pick(ChoiceKind::target, {"Grizzly Bears"});
  t.a->act("Cast Bolt Creature").pick(ChoiceKind::target, {"Grizzly Bears"});
  ASSERT_TRUE(rules().advance(g));
  ASSERT_TRUE(rules().advance(g));  // holds priority and casts again
  ASSERT_EQ(g.state().stack.size(), 2u);
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().stack.empty(); }));
  EXPECT_TRUE(find(g, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
  EXPECT_TRUE(find(g, "Shock", ZoneRef::graveyard(kA)).valid());
  EXPECT_EQ(g.state().players[1].life, 20);
}

TEST(RulesClassicTriggers, ASpellWithOneOfTwoTargetsGoneStillResolvesForTheOther) {
  auto t =
      table(standard_pool(),
            position("main1", player("A", {"Twin Shot", "Bolt Creature"}, {"Mountain", "Mountain"}),
                     player("B", {}, {"Grizzly Bears", "Hill Giant"})));
  Game& g = *t.game;
  t.a->act("Cast Twin Shot")
      .pick(ChoiceKind::target, {"Grizzly Bears"});  // Hill Giant: the only other
  t.a->act("Cast Bolt Creature").pick(ChoiceKind::target, {"Grizzly Bears"});
  ASSERT_TRUE(rules().advance(g));
  ASSERT_TRUE(rules().advance(g));
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().stack.empty(); }));
  EXPECT_TRUE(find(g, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
  EXPECT_EQ(g.object(find(g, "Hill Giant", ZoneRef::battlefield(kB))).damage, 2);
  EXPECT_EQ(t.a->pending(), 0u);
}

TEST(RulesClassicTriggers, ATriggerWithoutALegalTargetIsRemovedWithoutAsking) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Pinger", "Pinger"}, {"Mountain", "Mountain"}),
                          player("B", {}, {})));
  Game& g = *t.game;
  t.a->act("Cast Pinger");
  ASSERT_TRUE(rules().advance(g));
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().stack.empty(); }));
  ASSERT_TRUE(find(g, "Pinger", ZoneRef::battlefield(kA)).valid());
  EXPECT_EQ(g.state().pending_triggers.size(), 1u);
  ASSERT_TRUE(rules().advance(g));  // the trigger has no legal target: removed
  EXPECT_TRUE(g.state().pending_triggers.empty());
  EXPECT_TRUE(g.state().stack.empty());
  for (const Choice& c : t.a->asked) EXPECT_NE(c.kind, ChoiceKind::target);

  // With an opposing creature, the trigger targets it.
  auto u = table(standard_pool(), position("main1", player("A", {"Pinger"}, {"Mountain"}),
                                           player("B", {}, {"Savannah Lions"})));
  u.a->act("Cast Pinger");
  ASSERT_TRUE(rules().advance(*u.game));
  ASSERT_TRUE(advance_until(*u.game, [](const Game& x) { return x.state().stack.empty(); }));
  ASSERT_TRUE(rules().advance(*u.game));  // the trigger goes on the stack
  ASSERT_EQ(u.game->state().stack.size(), 1u);
  ASSERT_TRUE(advance_until(*u.game, [](const Game& x) { return x.state().stack.empty(); }));
  rules().check_state(*u.game);
  EXPECT_TRUE(find(*u.game, "Savannah Lions", ZoneRef::graveyard(kB)).valid());
}

TEST(RulesClassicTriggers, CleanupDiscardsDownToSeven) {
  auto t = table(standard_pool(), position("end",
                                           player("A",
                                                  {"Forest", "Forest", "Forest", "Forest", "Forest",
                                                   "Forest", "Forest", "Mountain", "Mountain"},
                                                  {}),
                                           player("B", {}, {})));
  t.a->pick(ChoiceKind::discard, {"Mountain", "Mountain"});
  ASSERT_TRUE(advance_until(*t.game, [](const Game& g) { return g.state().turn.number == 3; }));
  EXPECT_EQ(count(*t.game, ZoneRef::hand(kA)), 7u);
  EXPECT_EQ(count(*t.game, ZoneRef::graveyard(kA)), 2u);
  EXPECT_EQ(t.a->pending(), 0u);
}

TEST(RulesClassicTriggers, ATriggerDuringCleanupGivesPriorityAndAnotherCleanupFollows) {
  auto t = table(standard_pool(), position("end",
                                           player("A",
                                                  {"Forest", "Forest", "Forest", "Forest", "Forest",
                                                   "Forest", "Forest", "Forest"},
                                                  {"Discard Watcher"}),
                                           player("B", {}, {})));
  Game& g = *t.game;
  // The discard triggers: the trigger goes on the stack and A will get priority in cleanup.
  ASSERT_TRUE(advance_until(
      g, [](const Game& x) { return step(x) == "cleanup" && x.state().stack.size() == 1; }));
  EXPECT_EQ(g.state().turn.priority, PlayerId(0));
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().turn.number == 3; }));
  EXPECT_EQ(g.state().players[0].life, 21);
  EXPECT_EQ(count(g, ZoneRef::hand(PlayerId(0))), 7u);
}

TEST(RulesClassicKeywords, ChangelingIsEveryCreatureTypeButNoLandType) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Gladecover Scout"}, {"Gladecover Scout"}),
                          player("B", {}, {"Grizzly Bears"})));
  const Game& g = *t.game;
  for (ZoneRef z : {ZoneRef::battlefield(kA), ZoneRef::hand(kA)}) {
    const Characteristics c = g.view(find(g, "Gladecover Scout", z));
    EXPECT_TRUE(c.has_subtype("Goblin"_sym));
    EXPECT_TRUE(c.has_subtype("Assembly-Worker"_sym));
    EXPECT_FALSE(c.has_subtype("Forest"_sym));
  }
  EXPECT_FALSE(
      g.view(find(g, "Grizzly Bears", ZoneRef::battlefield(kB))).has_subtype("Goblin"_sym));
}

TEST(RulesClassicKeywords, BadParametersAreLoadErrorsAtTheirLocation) {
  auto compile_one = [](const std::string& kw,
                        std::vector<std::pair<std::string, std::string>> values) {
    CardDef d;
    std::vector<Diagnostic> diagnostics;
    CompileContext ctx{registry(), d, {"cards.yaml", 3, 5}, diagnostics};
    std::vector<std::pair<std::string, Param>> named;
    for (auto& [k, v] : values)
      named.emplace_back(k, Param::scalar(v, SourceLocation{"cards.yaml", 4, 12}));
    registry().get<KeywordHandler>(kw)->compile(
        Params::named(kw, std::move(named), {"cards.yaml", 3, 5}), ctx);
    return d;
  };
  try {
    compile_one("mana", {{"cost", "{T}"}, {"add", "{Q}"}});
    FAIL() << "no error";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("cards.yaml:4:12"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("{Q}"), std::string::npos) << e.what();
  }
  EXPECT_THROW(compile_one("mana", {{"cost", "{1}"}, {"add", "{G}"}}), LoadError);
  EXPECT_THROW(compile_one("destroy_all", {{"filter", "goblins"}}), LoadError);
  EXPECT_THROW(compile_one("regenerate", {{"cots", "{G}"}}), LoadError);
  EXPECT_THROW(compile_one("Flying", {{"x", "1"}}), LoadError);
  const CardDef elves = compile_one("mana", {{"cost", "{T}"}, {"add", "{G}"}});
  ASSERT_EQ(elves.abilities.size(), 1u);
  EXPECT_EQ(elves.abilities[0].kind, AbilityKind::activated);
  const CardDef walker = compile_one("loyalty", {{"amount", "4"}});
  EXPECT_EQ(walker.base.loyalty, 4);
  const CardDef flyer = compile_one("Flying", {});
  EXPECT_TRUE(flyer.base.has_keyword(Symbol("Flying")));
}

}  // namespace
}  // namespace anvil::classic_test
