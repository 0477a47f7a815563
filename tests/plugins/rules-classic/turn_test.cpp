// Turn structure, priority (rule 117), land plays, timing, why_not, and the advance() protocol.
#include <gtest/gtest.h>

#include <memory>
#include <stdexcept>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// Passes always and logs every priority decision as "step:player".
class Recorder final : public Agent {
 public:
  explicit Recorder(std::vector<std::string>& log) : log_(log) {}
  std::string_view name() const override { return "recorder"; }
  Answer choose(const DecisionView& view, const Choice& c) override {
    if (c.kind == ChoiceKind::action)
      log_.push_back(c.prompt.substr(12, c.prompt.find(" of turn") - 12) + ":" +
                     std::to_string(view.viewer().value));
    if (c.kind == ChoiceKind::action)
      return Answer{{static_cast<std::uint32_t>(c.options.size() - 1)}};
    return Answer{};
  }

 private:
  std::vector<std::string>& log_;
};

// A game set up from two decks of twenty Forests, seed 3, no agent seated yet.
std::unique_ptr<Game> twenty_forests_each() {
  MatchConfig config;
  DeckList deck;
  deck.cards.assign(20, "Forest");
  config.decks = {deck, deck};
  config.seed = 3;
  return rules().setup(standard_pool(), config);
}

TEST(RulesClassicTurn, StepsRunInOrderWithPriorityActiveFirstAndNoneInUntapOrCleanup) {
  // Both players hold an instant they can cast, so every priority decision is really asked.
  auto t = table(standard_pool(), position("upkeep", player("A", {"Shock"}, {"Mountain"}),
                                           player("B", {"Shock"}, {"Mountain"})));
  std::vector<std::string> log;
  t.game->seat(PlayerId(0), std::make_shared<Recorder>(log));
  t.game->seat(PlayerId(1), std::make_shared<Recorder>(log));
  const std::size_t hand_before = count(*t.game, ZoneRef::hand(PlayerId(0)));
  ASSERT_TRUE(advance_until(*t.game, [](const Game& g) { return g.state().turn.number == 3; }));
  const std::vector<std::string> expected{
      "upkeep:0",    "upkeep:1",    "draw:0",         "draw:1",
      "main1:0",     "main1:1",     "begin_combat:0", "begin_combat:1",
      "attackers:0", "attackers:1", "end_combat:0",   "end_combat:1",
      "main2:0",     "main2:1",     "end:0",          "end:1"};
  EXPECT_EQ(log, expected);
  EXPECT_EQ(count(*t.game, ZoneRef::hand(PlayerId(0))), hand_before + 1);  // drew in the draw step
  log.clear();
  ASSERT_TRUE(run_to_step(*t.game, "draw"));
  EXPECT_EQ(log, (std::vector<std::string>{"upkeep:1", "upkeep:0"}));  // turn 3: B is active
}

TEST(RulesClassicTurn, TheFirstPlayerSkipsTheFirstDraw) {
  auto game = twenty_forests_each();
  auto a = std::make_shared<TestAgent>(), b = std::make_shared<TestAgent>();
  game->seat(PlayerId(0), a);
  game->seat(PlayerId(1), b);
  EXPECT_EQ(count(*game, ZoneRef::hand(PlayerId(0))), 7u);
  EXPECT_EQ(count(*game, ZoneRef::library(PlayerId(0))), 13u);
  EXPECT_EQ(game->state().players[0].life, 20);
  ASSERT_TRUE(run_to_step(*game, "main1"));
  EXPECT_EQ(count(*game, ZoneRef::hand(PlayerId(0))), 7u);
  ASSERT_TRUE(advance_until(
      *game, [](const Game& g) { return g.state().turn.number == 2 && step(g) == "main1"; }));
  EXPECT_EQ(count(*game, ZoneRef::hand(PlayerId(1))), 8u);
}

TEST(RulesClassicTurn, OneLandPerTurnInYourMainPhaseWithAnEmptyStack) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Forest", "Mountain"}, {}), player("B", {}, {})));
  Game& g = *t.game;
  auto actions = rules().legal_actions(g, PlayerId(0));
  ASSERT_EQ(actions.size(), 3u);
  EXPECT_EQ(actions[0].label, "Play Forest");
  EXPECT_EQ(actions[1].label, "Play Mountain");
  EXPECT_EQ(actions.back().kind, LegalAction::Kind::pass);
  EXPECT_TRUE(rules().legal_actions(g, PlayerId(1)).empty());
  EXPECT_EQ(rules().why_not(g, PlayerId(1), actions[0]), "you do not have priority");
  t.a->act("Play Forest");
  ASSERT_TRUE(rules().advance(g));
  EXPECT_TRUE(find(g, "Forest", ZoneRef::battlefield(PlayerId(0))).valid());
  actions = non_mana_actions(g, PlayerId(0));
  ASSERT_EQ(actions.size(), 1u);
  LegalAction mountain{
      LegalAction::Kind::play_land, find(g, "Mountain", ZoneRef::hand(PlayerId(0))), 0, {}, 0, ""};
  EXPECT_EQ(rules().why_not(g, PlayerId(0), mountain), "you already played a land this turn");
  // A's next turn: a new land play.
  ASSERT_TRUE(advance_until(
      g, [](const Game& x) { return x.state().turn.number == 4 && step(x) == "main1"; }));
  t.a->act("Play Mountain");
  ASSERT_TRUE(rules().advance(g));
  EXPECT_TRUE(find(g, "Mountain", ZoneRef::battlefield(PlayerId(0))).valid());
  EXPECT_EQ(t.a->pending(), 0u);
}

TEST(RulesClassicTurn, SorceriesNeedYourMainPhaseAndAnEmptyStackInstantsDoNot) {
  auto t = table(
      standard_pool(),
      position("upkeep",
               player("A", {"Lava Axe", "Shock"},
                      {"Mountain", "Mountain", "Mountain", "Mountain", "Mountain", "Mountain"}),
               player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId axe = find(g, "Lava Axe", ZoneRef::hand(PlayerId(0)));
  const LegalAction cast_axe{LegalAction::Kind::cast, axe, 0, {}, 0, ""};
  EXPECT_EQ(rules().why_not(g, PlayerId(0), cast_axe), "it is not your main phase");
  auto actions = non_mana_actions(g, PlayerId(0));
  ASSERT_EQ(actions.size(), 2u);
  EXPECT_EQ(actions[0].label, "Cast Shock");
  ASSERT_TRUE(run_to_step(g, "main1"));
  t.a->act("Cast Shock").pick(ChoiceKind::target, {"player 1"});
  ASSERT_TRUE(rules().advance(g));  // main1 begins and A casts Shock
  ASSERT_EQ(g.state().stack.size(), 1u);
  EXPECT_EQ(g.state().turn.priority, PlayerId(0));  // 117.3c: the caster keeps priority
  EXPECT_EQ(rules().why_not(g, PlayerId(0), cast_axe), "the stack is not empty");
  ASSERT_TRUE(rules().advance(g));  // A passes
  EXPECT_EQ(g.state().turn.priority, PlayerId(1));
  ASSERT_TRUE(rules().advance(g));  // B passes: Shock resolves
  EXPECT_TRUE(g.state().stack.empty());
  EXPECT_EQ(g.state().players[1].life, 18);
  EXPECT_EQ(g.state().turn.priority, PlayerId(0));  // 117.3b: the active player
  EXPECT_EQ(step(g), "main1");
  EXPECT_EQ(rules().why_not(g, PlayerId(0), cast_axe), "");
}

class Thrower final : public Agent {
 public:
  explicit Thrower(const Game& g) : game_(g) {}
  std::string_view name() const override { return "thrower"; }
  Answer choose(const DecisionView&, const Choice&) override {
    hash_when_asked = hash(game_.state());
    throw std::logic_error("agent gave up");
  }
  std::uint64_t hash_when_asked = 0;

 private:
  const Game& game_;
};

TEST(RulesClassicTurn, AnAgentsExceptionLeavesAdvanceUnchangedWithTheStateAsWhenAsked) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Shock"}, {"Mountain"}), player("B", {}, {})));
  auto thrower = std::make_shared<Thrower>(*t.game);
  t.game->seat(PlayerId(0), thrower);
  try {
    rules().advance(*t.game);
    FAIL() << "advance did not throw";
  } catch (const RulesError& e) {  // naming the agent: in a match of two, which one failed
    EXPECT_EQ(std::string(e.what()).find("agent 'thrower' failed to answer '"), 0u) << e.what();
    EXPECT_TRUE(std::string(e.what()).ends_with("': agent gave up")) << e.what();
  }
  EXPECT_EQ(hash(t.game->state()), thrower->hash_when_asked);
  // Mid-cast: the target choice throws; the spell is still in hand, nothing tapped.
  t.game->seat(PlayerId(0), t.a);
  t.a->act("Cast Shock");
  t.game->seat(PlayerId(0), t.a);
  auto second = std::make_shared<TestAgent>();
  second->act("Cast Shock").then(ChoiceKind::target, [](const Choice&) -> Answer {
    throw std::logic_error("no");
  });
  t.game->seat(PlayerId(0), second);
  EXPECT_THROW(rules().advance(*t.game), RulesError);
  EXPECT_TRUE(find(*t.game, "Shock", ZoneRef::hand(PlayerId(0))).valid());
  EXPECT_FALSE(t.game->object(find(*t.game, "Mountain", ZoneRef::battlefield(PlayerId(0)))).tapped);
}

TEST(RulesClassicTurn, StepNamesAreTheProtocolsAndUnknownStepsAndCardsAreLoadErrors) {
  EXPECT_EQ(
      rules().step_names(),
      (std::vector<std::string>{"untap", "upkeep", "draw", "main1", "begin_combat", "attackers",
                                "blockers", "damage", "end_combat", "main2", "end", "cleanup"}));
  EXPECT_THROW(rules().setup_position(standard_pool(),
                                      position("combat", player("A", {}, {}), player("B", {}, {}))),
               LoadError);
  EXPECT_THROW(rules().setup_position(standard_pool(), position("main1", player("A", {"Nope"}, {}),
                                                                player("B", {}, {}))),
               LoadError);
  MatchConfig config;
  config.decks = {DeckList{}, DeckList{}};
  config.options = {{"max_turnz", "3"}};
  EXPECT_THROW(rules().setup(standard_pool(), config), LoadError);
}

TEST(RulesClassicTurn, TheTurnCapDrawsTheGame) {
  MatchConfig config;
  DeckList deck;
  deck.cards.assign(30, "Forest");
  config.decks = {deck, deck};
  config.options = {{"max_turns", "4"}};
  auto game = rules().setup(standard_pool(), config);
  game->seat(PlayerId(0), std::make_shared<TestAgent>());
  game->seat(PlayerId(1), std::make_shared<TestAgent>());
  int n = 0;
  while (rules().advance(*game)) ASSERT_LT(++n, 1000);
  EXPECT_EQ(game->state().turn.number, 4u);
  auto out = rules().outcome(*game);
  EXPECT_EQ(out, (std::vector<Outcome>{Outcome::drew, Outcome::drew}));
  EXPECT_EQ(game->state().turn.passes, 0u);  // the last round of passes is cleared at the end
}

// advance() remembers finding the step begun and nothing pending at the game-attr edit count of
// its look: a rollback to the game's start undoes the first step's beginning (its kStepBegun
// edit counts again, undone), and the game then begins again and goes on as it first did.
TEST(RulesClassicTurn, ARollbackToTheStartBeginsTheGameAgainAsItFirstDid) {
  auto game = twenty_forests_each();
  game->seat(PlayerId(0), std::make_shared<TestAgent>());
  game->seat(PlayerId(1), std::make_shared<TestAgent>());
  const Journal::Checkpoint start = game->journal().checkpoint();
  std::vector<std::uint64_t> first;
  for (int i = 0; i < 40; ++i) {
    ASSERT_TRUE(rules().advance(*game));
    first.push_back(hash(game->state()));
  }
  EXPECT_GE(game->state().turn.number, 2u);  // past the first turn's steps
  game->journal().rollback(start);
  EXPECT_EQ(game->state().attrs.get("step_begun"_sym), 0);
  for (int i = 0; i < 40; ++i) {
    ASSERT_TRUE(rules().advance(*game));
    EXPECT_EQ(hash(game->state()), first[static_cast<std::size_t>(i)]) << "advance " << i;
  }
}

// The pass count of the round that ends a step is cleared as the next step begins, in the edit
// that gives the active player priority; undoing the last pass brings both back.
TEST(RulesClassicTurn, AStepEndedByPassesBeginsTheNextWithNoPassesAndTheActivePlayerFirst) {
  auto t = table(standard_pool(), position("upkeep", player("A", {"Shock"}, {"Mountain"}),
                                           player("B", {"Shock"}, {"Mountain"})));
  Game& g = *t.game;
  ASSERT_TRUE(rules().advance(g));  // A passes
  EXPECT_EQ(g.state().turn.passes, 1u);
  EXPECT_EQ(g.state().turn.priority, kB);
  const std::uint64_t hash_before = hash(g.state());
  const Journal::Checkpoint cp = g.journal().checkpoint();
  ASSERT_TRUE(rules().advance(g));  // B passes: the draw step begins
  EXPECT_EQ(step(g), "draw");
  EXPECT_EQ(g.state().turn.passes, 0u);
  EXPECT_EQ(g.state().turn.priority, kA);
  g.journal().rollback(cp);
  EXPECT_EQ(step(g), "upkeep");
  EXPECT_EQ(g.state().turn.passes, 1u);
  EXPECT_EQ(g.state().turn.priority, kB);
  EXPECT_EQ(hash(g.state()), hash_before);
}

// A round of passes is as long as the players still playing: counted again once an outcome has
// changed (turn.cpp's players_playing keeps the count while no player field is edited). Here B
// is made to lose by a bare journal edit, with the game going on (nothing looks for a loser
// that is not playing): A's pass alone then ends the step.
TEST(RulesClassicTurn, APassAfterAnOutcomeChangedCountsThePlayersStillPlaying) {
  auto t = table(standard_pool(), position("upkeep", player("A", {"Shock"}, {"Mountain"}),
                                           player("B", {"Shock"}, {"Mountain"})));
  Game& g = *t.game;
  ASSERT_TRUE(rules().advance(g));  // A passes, with two players playing
  ASSERT_EQ(g.state().turn.priority, kB);
  ASSERT_TRUE(rules().advance(g));  // B passes: the draw step
  ASSERT_EQ(step(g), "draw");
  const Journal::Checkpoint cp = g.journal().checkpoint();
  g.journal().set_outcome(kB, Outcome::lost);
  ASSERT_TRUE(rules().advance(g));  // A passes, the only player playing
  EXPECT_EQ(step(g), "main1");
  EXPECT_EQ(g.state().turn.priority, kA);
  g.journal().rollback(cp);  // both playing again: A's pass hands priority to B
  ASSERT_TRUE(rules().advance(g));
  EXPECT_EQ(step(g), "draw");
  EXPECT_EQ(g.state().turn.priority, kB);
}

// The step bookkeeping attrs are 0 once the game has left their own step (go_next looks at
// them only then): the damage step's phase after a first-strike combat, and the cleanup's
// "acted" after a cleanup that put a trigger on the stack (the cleanup that follows it, acting
// on nothing, leaves 0 too).
TEST(RulesClassicTurn, TheDamagePhaseAndCleanupMarksAreClearedAsTheirStepsEnd) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"First Bear"}),
                                           player("B", {}, {"Grizzly Bears"})));
  t.a->pick(ChoiceKind::attackers, {"First Bear → player 1"});
  t.b->pick(ChoiceKind::blockers, {"Grizzly Bears → First Bear"});
  Game& g = *t.game;
  bool split = false;
  ASSERT_TRUE(advance_until(g, [&split](const Game& x) {
    split = split || x.state().attrs.get("damage_phase"_sym) == 1;
    return step(x) == "end_combat";
  }));
  EXPECT_TRUE(split);  // there was a first-strike damage step
  EXPECT_EQ(g.state().attrs.get("damage_phase"_sym), 0);

  auto u = table(standard_pool(), position("end",
                                           player("A",
                                                  {"Forest", "Forest", "Forest", "Forest", "Forest",
                                                   "Forest", "Forest", "Forest"},
                                                  {"Discard Watcher"}),
                                           player("B", {}, {})));
  Game& h = *u.game;
  ASSERT_TRUE(advance_until(
      h, [](const Game& x) { return step(x) == "cleanup" && x.state().stack.size() == 1; }));
  EXPECT_EQ(h.state().attrs.get("cleanup_acted"_sym), 1);
  const std::uint32_t next = h.state().turn.number + 1;  // its upkeep, before any other cleanup
  ASSERT_TRUE(advance_until(h, [next](const Game& x) { return x.state().turn.number == next; }));
  EXPECT_EQ(h.state().attrs.get("cleanup_acted"_sym), 0);
}

// The untap step untaps every permanent its active player controls, however many (the walk keeps
// 64 of them on the stack and the rest on the heap), and nobody else's.
TEST(RulesClassicTurn, TheUntapStepUntapsAllTheActivePlayersPermanentsBeyondSixtyFour) {
  const std::vector<std::string> many(70, "Mountain");
  auto t = table(standard_pool(), position("end", player("A", {}, many),
                                           player("B", {}, {"Mountain", "Mountain"}), 1));
  Game& g = *t.game;
  for (std::size_t seat = 0; seat < 2; ++seat)
    for (ObjectId id :
         g.state().zone(ZoneRef::battlefield(PlayerId(static_cast<std::uint8_t>(seat)))).objects)
      g.journal().set_tapped(id, true);
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().turn.active == kA; }));
  ASSERT_TRUE(run_to_step(g, "upkeep"));
  const auto& mine = g.state().zone(ZoneRef::battlefield(kA)).objects;
  ASSERT_EQ(mine.size(), 70u);
  for (ObjectId id : mine) EXPECT_FALSE(g.object(id).tapped);
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(kB)).objects)
    EXPECT_TRUE(g.object(id).tapped);
}

// The untap step untaps what the active player controls once the step has been announced, not
// what they controlled as the turn began: the list turn_begins makes as it walks is made again
// after an edit that could change it. Here a replacement effect of the untap step's announcement
// (which changes nothing of the event) hands A a tapped Mountain of B's.
TEST(RulesClassicTurn, TheUntapStepUntapsAPermanentGainedAsTheStepIsAnnounced) {
  auto t = table(standard_pool(),
                 position("end", player("A", {}, {"Mountain"}), player("B", {}, {"Mountain"}), 1));
  Game& g = *t.game;
  for (std::size_t seat = 0; seat < 2; ++seat)
    for (ObjectId id :
         g.state().zone(ZoneRef::battlefield(PlayerId(static_cast<std::uint8_t>(seat)))).objects)
      g.journal().set_tapped(id, true);
  const ObjectId theirs = g.state().zone(ZoneRef::battlefield(kB)).objects.at(0);
  const Connection handing = g.bus().on_replacement<TurnStepEvent>(
      [theirs](const Game& game,
               const TurnStepEvent& e) -> std::optional<Replacement<TurnStepEvent>> {
        // The untap step (step 0) of A's turn, while B still controls the Mountain.
        if (e.step != 0 || e.active != kA || game.object(theirs).controller == kA)
          return std::nullopt;
        Replacement<TurnStepEvent> r;
        r.description = "A gains control of B's Mountain";
        r.apply = [theirs](Game& game, TurnStepEvent&) {
          game.journal().set_controller(theirs, kA);
        };
        return r;
      });
  ASSERT_TRUE(advance_until(g, [](const Game& x) { return x.state().turn.active == kA; }));
  ASSERT_TRUE(run_to_step(g, "upkeep"));
  EXPECT_EQ(g.object(theirs).controller, kA);
  EXPECT_FALSE(g.object(theirs).tapped);
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(kA)).objects)
    EXPECT_FALSE(g.object(id).tapped);
}

}  // namespace
}  // namespace anvil::classic_test
