// Agents decide through the kernel; the decision log replays a game exactly.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>

#include "anvil/label_blind.hpp"
#include "fixtures.hpp"

namespace anvil::testing {
namespace {

// A toy game loop on the kernel: draw, maybe put a card from hand into play, attack with any
// untapped creatures for 2 each. `before_turn` may swap agents.
void play_toy_game(Game& game, int turns, const std::function<void(Game&, int)>& before_turn = {}) {
  for (int turn = 0; turn < turns && !game.state().over; ++turn) {
    if (before_turn) before_turn(game, turn);
    const PlayerId me(static_cast<std::uint8_t>(turn % 2));
    const PlayerId them(static_cast<std::uint8_t>(1 - turn % 2));
    game.journal().set_turn_number(static_cast<std::uint32_t>(turn + 1));
    game.journal().set_active_player(me);
    for (ObjectId id : std::vector<ObjectId>(game.state().zone(ZoneRef::battlefield(me)).objects)) untap(game, id);
    draw(game, me);

    Choice play{ChoiceKind::action, me, "play a card or pass", {}, 1, 1, {}, {}, {}, {}};
    const auto hand = game.state().zone(ZoneRef::hand(me)).objects;
    for (ObjectId id : hand) play.options.push_back({"play " + game.card(id).name, Target::of(game.object(id).ref()), 0});
    play.options.push_back({"pass", {}, 0});
    const auto pick = game.ask(play).picks.front();
    if (pick < hand.size()) move_to_zone(game, hand[pick], ZoneRef::battlefield(me), Cause::put);

    Choice attack{ChoiceKind::attackers, me, "attack with", {}, 0, 0, {}, {}, {}, {}};
    std::vector<ObjectId> ready;
    for (ObjectId id : game.state().zone(ZoneRef::battlefield(me)).objects)
      if (!game.object(id).tapped) ready.push_back(id);
    for (ObjectId id : ready) attack.options.push_back({game.card(id).name, Target::of(game.object(id).ref()), 0});
    attack.max_picks = static_cast<std::uint32_t>(ready.size());
    for (auto i : game.ask(attack).picks) {
      tap(game, ready[i]);
      deal_damage(game, ready[i], Target::of(them), game.view(ready[i]).power, {.combat = true});
    }
    if (game.state().player(them).life <= 0) game.journal().set_over(true);
  }
}

TEST(Agents, SwappingAnAgentMidGameTakesEffectAtTheNextDecision) {
  Cards cards;
  auto game = make_game(cards, 15);
  game->seat(PlayerId(0), std::make_shared<RandomAgent>(1, "first"));
  game->seat(PlayerId(1), std::make_shared<RandomAgent>(2, "opponent"));
  play_toy_game(*game, 12, [](Game& g, int turn) {
    if (turn == 6) g.seat(PlayerId(0), std::make_shared<RandomAgent>(3, "second"));
  });
  bool saw_first = false, saw_second = false;
  bool second_started = false;
  for (const DecisionRecord& r : game->decisions()) {
    if (r.player != PlayerId(0)) continue;
    if (r.agent == "second") second_started = true, saw_second = true;
    if (r.agent == "first") {
      saw_first = true;
      EXPECT_FALSE(second_started) << "no decision by the old agent after the swap";
    }
  }
  EXPECT_TRUE(saw_first);
  EXPECT_TRUE(saw_second);
}

TEST(Agents, DecisionLogReplayReproducesTheFinalHash) {
  Cards cards;
  auto original = make_game(cards, 15, 11);
  original->seat(PlayerId(0), std::make_shared<RandomAgent>(5, "a"));
  original->seat(PlayerId(1), std::make_shared<RandomAgent>(6, "b"));
  play_toy_game(*original, 20, [](Game& g, int turn) {
    if (turn == 9) g.seat(PlayerId(1), std::make_shared<RandomAgent>(77, "c"));
  });
  ASSERT_GT(original->decisions().size(), 10u);

  auto replay = make_game(cards, 15, 11);
  auto seat0 = std::make_shared<ScriptedAgent>(decisions_of(original->decisions(), PlayerId(0)));
  auto seat1 = std::make_shared<ScriptedAgent>(decisions_of(original->decisions(), PlayerId(1)));
  replay->seat(PlayerId(0), seat0);
  replay->seat(PlayerId(1), seat1);
  play_toy_game(*replay, 20);

  EXPECT_EQ(hash(replay->state()), hash(original->state()));
  EXPECT_EQ(seat0->remaining(), 0u);
  EXPECT_EQ(seat1->remaining(), 0u);
}

// Game::ask makes each record in its place in a log given room at its first decision: past that
// room, and with a name too long to be kept inside a std::string, every record still says who
// answered what, in order.
TEST(Agents, EachAnswerIsLoggedWholeAndInOrderPastTheLogsFirstRoom) {
  Cards cards;
  auto game = make_game(cards);
  const std::string name = "an agent whose name is longer than a short string";
  game->seat(PlayerId(1), std::make_shared<RandomAgent>(3, name));
  Choice c{ChoiceKind::target,
           PlayerId(1),
           "pick",
           {{"a", {}, 0}, {"b", {}, 1}, {"c", {}, 2}},
           1,
           2,
           {},
           {},
           {},
           {}};
  std::vector<Answer> answers;
  for (int i = 0; i < 300; ++i) answers.push_back(game->ask(c));
  ASSERT_EQ(game->decisions().size(), answers.size());
  for (std::size_t i = 0; i < answers.size(); ++i) {
    const DecisionRecord& r = game->decisions()[i];
    EXPECT_EQ(r.index, i);
    EXPECT_EQ(r.player, PlayerId(1));
    EXPECT_EQ(r.agent, name);
    EXPECT_EQ(r.kind, ChoiceKind::target);
    EXPECT_EQ(r.picks, answers[i].picks) << "decision " << i;
  }
}

TEST(Agents, InvalidAnswersAreRefusedNamingTheAgent) {
  Cards cards;
  auto game = make_game(cards);
  game->seat(PlayerId(0), std::make_shared<FixedAgent>(7));
  Choice c{
      ChoiceKind::option, PlayerId(0), "pick", {{"a", {}, 0}, {"b", {}, 0}}, 1, 1, {}, {}, {}, {}};
  try {
    (void)game->ask(c);
    FAIL() << "expected RulesError";
  } catch (const RulesError& e) {
    EXPECT_NE(std::string(e.what()).find("fixed"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("does not exist"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(game->decisions().empty());
}

TEST(Agents, AnswerProblemSaysWhatIsWrongWithAnAnswer) {
  Choice c{ChoiceKind::option,
           PlayerId(0),
           "pick",
           {{"a", {}, 0}, {"b", {}, 0}, {"c", {}, 0}},
           1,
           2,
           {},
           {},
           {},
           {}};
  EXPECT_EQ(answer_problem(c, Answer{{1}}), "");
  EXPECT_EQ(answer_problem(c, Answer{{2, 0}}), "");
  EXPECT_EQ(answer_problem(c, Answer{}), "0 picks, expected 1..2");
  EXPECT_EQ(answer_problem(c, Answer{{0, 1, 2}}), "3 picks, expected 1..2");
  EXPECT_EQ(answer_problem(c, Answer{{3}}), "option 3 does not exist");
  EXPECT_EQ(answer_problem(c, Answer{{0, 5}}), "option 5 does not exist");
  EXPECT_EQ(answer_problem(c, Answer{{1, 1}}), "an option picked twice");
  c.min_picks = 0;
  EXPECT_EQ(answer_problem(c, Answer{}), "");
}

TEST(Agents, ChoicesWithoutAlternativeAreNotAskedAndEmptySeatsAreErrors) {
  Cards cards;
  auto game = make_game(cards);
  Choice forced{
      ChoiceKind::target, PlayerId(0), "the only target", {{"it", {}, 0}}, 1, 1, {}, {}, {}, {}};
  EXPECT_EQ(game->ask(forced).picks, (std::vector<std::uint32_t>{0}));
  // Passing and mana abilities only (Option::mana): the player passes, unasked.
  Choice mana_only{ChoiceKind::action,
                   PlayerId(0),
                   "priority",
                   {{"tap Forest", {}, 0, true}, {"tap Plains", {}, 1, true}, {"pass", {}, 2}},
                   1,
                   1,
                   {},
                   {},
                   2,
                   {}};
  EXPECT_EQ(game->ask(mana_only).picks, (std::vector<std::uint32_t>{2}));
  Choice real{
      ChoiceKind::option, PlayerId(0), "pick", {{"a", {}, 0}, {"b", {}, 0}}, 1, 1, {}, {}, {}, {}};
  EXPECT_THROW((void)game->ask(real), RulesError);
  mana_only.options[0].mana = false;  // something else to do: asked (no agent seated here)
  EXPECT_THROW((void)game->ask(mana_only), RulesError);
}

TEST(Agents, DecisionViewHidesWhatThePlayerCannotSee) {
  Cards cards;
  auto game = make_game(cards, 5);
  const ObjectId mine = *draw(*game, PlayerId(0));
  const ObjectId theirs = *draw(*game, PlayerId(1));
  const ObjectId in_play = game->add_card(cards.bear, PlayerId(1), ZoneRef::battlefield(PlayerId(1)));
  DecisionView view(*game, PlayerId(0));
  EXPECT_TRUE(view.can_see(mine));
  EXPECT_FALSE(view.can_see(theirs));
  EXPECT_TRUE(view.can_see(in_play));
  EXPECT_THROW(view.object(theirs), RulesError);
  EXPECT_FALSE(view.zone(ZoneRef::hand(PlayerId(1))).has_value());
  EXPECT_FALSE(view.zone(ZoneRef::library(PlayerId(0))).has_value()) << "library order is hidden from everyone";
  EXPECT_EQ(view.zone_size(ZoneRef::hand(PlayerId(1))), 1u);
  EXPECT_EQ(view.view(in_play).power, 2);
}

// A decision that offers a face-up card in a hidden zone shows it to the player choosing (the
// top cards of their library, a card of an opponent's hand); Game::ask makes the view so.
// Face-down objects and the cards not offered stay hidden.
TEST(Agents, ADecisionShowsTheCardsItOffers) {
  Cards cards;
  auto game = make_game(cards, 5);
  const auto& library = game->state().zone(ZoneRef::library(PlayerId(0))).objects;
  const ObjectId top = library.back(), next = library[library.size() - 2];
  const ObjectId theirs = *draw(*game, PlayerId(1));
  const ObjectId hidden = game->add_card(cards.bear, PlayerId(1), ZoneRef::exile(PlayerId(1)));
  game->journal().set_face_down(hidden, true);
  const std::vector<Option> offered = {{"top", Target::of(game->object(top).ref()), 0},
                                       {"theirs", Target::of(game->object(theirs).ref()), 0},
                                       {"face down", Target::of(game->object(hidden).ref()), 0}};
  const DecisionView view(*game, PlayerId(0), offered);
  EXPECT_TRUE(view.can_see(top));
  EXPECT_TRUE(view.can_see(theirs));
  EXPECT_FALSE(view.can_see(hidden));
  EXPECT_FALSE(view.can_see(next));
  EXPECT_EQ(view.card(top).id, game->object(top).card);
  EXPECT_FALSE(DecisionView(*game, PlayerId(0)).can_see(top));  // only for that decision

  // Game::ask gives the agent the view with the decision's options.
  struct Looks final : Agent {
    std::string_view name() const override { return "looks"; }
    Answer choose(const DecisionView& v, const Choice& c) override {
      for (const Option& o : c.options) seen.push_back(v.can_see(o.target.object.id));
      return Answer{{0}};
    }
    std::vector<bool> seen;
  };
  auto looks = std::make_shared<Looks>();
  game->seat(PlayerId(0), looks);
  Choice pick{
      ChoiceKind::option, PlayerId(0), "Choose the card to draw", offered, 1, 1, {}, {}, {}, {}};
  game->ask(pick);
  EXPECT_EQ(looks->seen, (std::vector<bool>{true, true, false}));
}

// An agent's copy asks none of the real game's agents: whatever it runs there would change
// their state (a random agent's draws) and may race with the real game's thread.
TEST(Agents, ADeterminizedCopySeatsNoAgent) {
  Cards cards;
  auto game = make_game(cards);
  game->seat(PlayerId(0), std::make_shared<FixedAgent>(0));
  game->seat(PlayerId(1), std::make_shared<FixedAgent>(1));
  auto copy = DecisionView(*game, PlayerId(0)).determinize(7);
  EXPECT_EQ(copy->agent(PlayerId(0)), nullptr);
  EXPECT_EQ(copy->agent(PlayerId(1)), nullptr);
  Choice c{
      ChoiceKind::option, PlayerId(1), "pick", {{"a", {}, 0}, {"b", {}, 0}}, 1, 1, {}, {}, {}, {}};
  EXPECT_THROW((void)copy->ask(c), RulesError);
  EXPECT_NE(game->agent(PlayerId(1)), nullptr) << "the real game keeps its seats";
  EXPECT_EQ(game->ask(c).picks, (std::vector<std::uint32_t>{1}));
}

TEST(Agents, DeterminizeRedealsOnlyHiddenCards) {
  Cards cards;
  auto game = std::make_unique<Game>(cards.pool, 2, 3);
  const CardId kinds[] = {cards.bear, cards.anthem, cards.watcher, cards.land};
  for (std::uint8_t p = 0; p < 2; ++p)
    for (int i = 0; i < 12; ++i) game->add_card(kinds[i % 4], PlayerId(p), ZoneRef::library(PlayerId(p)));
  for (int i = 0; i < 4; ++i) draw(*game, PlayerId(0)), draw(*game, PlayerId(1));
  game->add_card(cards.bear, PlayerId(1), ZoneRef::battlefield(PlayerId(1)));

  auto sample = DecisionView(*game, PlayerId(0)).determinize(42);
  const GameState& a = game->state();
  const GameState& b = sample->state();
  auto cards_in = [](const GameState& s, ZoneRef z) {
    std::vector<std::uint32_t> out;
    for (ObjectId id : s.zone(z).objects) out.push_back(s.objects[id.value].card.value);
    return out;
  };
  EXPECT_EQ(cards_in(a, ZoneRef::hand(PlayerId(0))), cards_in(b, ZoneRef::hand(PlayerId(0)))) << "own hand known";
  EXPECT_EQ(cards_in(a, ZoneRef::battlefield(PlayerId(1))), cards_in(b, ZoneRef::battlefield(PlayerId(1))));
  EXPECT_EQ(b.zone(ZoneRef::hand(PlayerId(1))).objects.size(), 4u);
  // The opponent's hidden cards are the same cards, dealt differently.
  auto hidden = [&](const GameState& s) {
    auto h = cards_in(s, ZoneRef::hand(PlayerId(1)));
    auto l = cards_in(s, ZoneRef::library(PlayerId(1)));
    h.insert(h.end(), l.begin(), l.end());
    std::sort(h.begin(), h.end());
    return h;
  };
  EXPECT_EQ(hidden(a), hidden(b));
  EXPECT_NE(cards_in(a, ZoneRef::library(PlayerId(1))), cards_in(b, ZoneRef::library(PlayerId(1))));
  EXPECT_EQ(hash(DecisionView(*game, PlayerId(0)).determinize(42)->state()), hash(b)) << "deterministic per seed";
}

// Cards a decision shows the viewer (Tracking's top three) are known to it: a determinized copy
// made for that decision keeps them where they are, with their cards; the rest of the library is
// dealt again.
TEST(Agents, DeterminizeKeepsTheCardsTheDecisionShows) {
  Cards cards;
  auto game = std::make_unique<Game>(cards.pool, 2, 3);
  const CardId kinds[] = {cards.bear, cards.anthem, cards.watcher, cards.land};
  for (int i = 0; i < 16; ++i)
    game->add_card(kinds[i % 4], PlayerId(0), ZoneRef::library(PlayerId(0)));
  const std::vector<ObjectId> library = game->state().zone(ZoneRef::library(PlayerId(0))).objects;
  std::vector<Option> offered;
  for (int i = 0; i < 3; ++i)
    offered.push_back({"card", Target::of(game->object(library[i]).ref()), 0});
  bool others_moved = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto copy = DecisionView(*game, PlayerId(0), offered).determinize(seed);
    for (int i = 0; i < 3; ++i)
      EXPECT_EQ(copy->state().object(library[i]).card, game->state().object(library[i]).card)
          << seed;
    for (std::size_t i = 3; i < library.size(); ++i)
      others_moved |=
          copy->state().object(library[i]).card != game->state().object(library[i]).card;
    auto blind = DecisionView(*game, PlayerId(0)).determinize(seed);  // no decision: all dealt
    others_moved |= blind->state().object(library[0]).card != game->state().object(library[0]).card;
  }
  EXPECT_TRUE(others_moved) << "the cards not shown are dealt again";
}

// Face-down objects the viewer cannot see: dealt only where the rules say (face_down_could_be).
// These rules: a face-down object could be a bear or an anthem, and no two are the same card.
class BearsOrAnthems final : public RulesHooks {
 public:
  BearsOrAnthems(CardId bear, CardId anthem) : bear_(bear), anthem_(anthem) {}
  bool face_down_could_be(const Game&, const GameState& dealing, ObjectId object,
                          CardId card) const override {
    if (card != bear_ && card != anthem_) return false;
    for (const GameObject& o : dealing.objects)
      if (o.face_down && o.id != object && o.card == card) return false;
    return true;
  }

 private:
  CardId bear_, anthem_;
};

TEST(Agents, DeterminizeDealsFaceDownCardsWhereTheRulesSayTheyCouldBe) {
  Cards cards;
  auto game = std::make_unique<Game>(cards.pool, 2, 3);
  const PlayerId me(0), them(1);
  for (CardId c : {cards.land, cards.land, cards.bear, cards.watcher, cards.anthem})
    game->add_card(c, them, ZoneRef::library(them));
  const ObjectId down = game->add_card(cards.bear, them, ZoneRef::exile(them));
  game->journal().set_face_down(down, true);
  const ObjectId mine = game->add_card(cards.watcher, me, ZoneRef::exile(me));
  game->journal().set_face_down(mine, true);
  auto sorted_cards = [&](const Game& g) {
    std::vector<std::uint32_t> out;
    for (ZoneRef z : {ZoneRef::library(them), ZoneRef::exile(them)})
      for (ObjectId id : g.state().zone(z).objects)
        out.push_back(g.state().objects[id.value].card.value);
    std::sort(out.begin(), out.end());
    return out;
  };

  // The default rules say nothing of face-down cards: each keeps its own.
  for (std::uint64_t seed = 1; seed <= 20; ++seed)
    EXPECT_EQ(DecisionView(*game, me).determinize(seed)->state().object(down).card, cards.bear);

  game->set_rules(std::make_shared<BearsOrAnthems>(cards.bear, cards.anthem));
  int anthems = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto copy = DecisionView(*game, me).determinize(seed);
    const CardId dealt = copy->state().object(down).card;
    EXPECT_TRUE(dealt == cards.bear || dealt == cards.anthem) << "seed " << seed;
    anthems += dealt == cards.anthem;
    EXPECT_EQ(sorted_cards(*copy), sorted_cards(*game)) << "the same cards, dealt again";
    EXPECT_EQ(copy->state().object(mine).card, cards.watcher) << "the viewer's own face-down card";
    // Its player sees it: no copy of theirs changes it.
    EXPECT_EQ(DecisionView(*game, them).determinize(seed)->state().object(down).card, cards.bear);
  }
  EXPECT_GT(anthems, 0);
  EXPECT_LT(anthems, 40);

  // Two face-down objects, and rules that let no two be the same card: a bear and an anthem,
  // in either order, whatever the library holds.
  const ObjectId second = game->add_card(cards.anthem, them, ZoneRef::exile(them));
  game->journal().set_face_down(second, true);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    auto copy = DecisionView(*game, me).determinize(seed);
    const CardId x = copy->state().object(down).card, y = copy->state().object(second).card;
    EXPECT_NE(x, y) << "seed " << seed;
    EXPECT_EQ(sorted_cards(*copy), sorted_cards(*game)) << "seed " << seed;
  }
}

// An agent answering the first option that declares, by deriving from each of `Marks`
// (LabelBlind, PromptBlind: anvil/label_blind.hpp), what it does not read.
template <class... Marks>
class MarkedAgent final : public Agent, public Marks... {
 public:
  std::string_view name() const override { return "marked"; }
  Answer choose(const DecisionView&, const Choice&) override { return Answer{{0}}; }
};
using Blind = MarkedAgent<LabelBlind>;
using Unprompted = MarkedAgent<PromptBlind>;

// An agent that declares it reads no label (anvil/label_blind.hpp) is known as such from the
// moment it is seated, a swap to a sighted agent undoes that, an empty seat is sighted, and a
// fork seats the same agents alike.
TEST(Agents, SeatLabelBlindIsWorkedOutWhenSeatedAndFollowsSwapsAndCopies) {
  Cards cards;
  auto game = make_game(cards);
  EXPECT_FALSE(game->seat_label_blind(PlayerId(0)));  // no agent yet
  game->seat(PlayerId(0), std::make_shared<Blind>());
  game->seat(PlayerId(1), std::make_shared<FixedAgent>(0));
  EXPECT_TRUE(game->seat_label_blind(PlayerId(0)));
  EXPECT_FALSE(game->seat_label_blind(PlayerId(1)));
  const auto copy = game->fork();
  EXPECT_TRUE(copy->seat_label_blind(PlayerId(0)));
  EXPECT_FALSE(copy->seat_label_blind(PlayerId(1)));
  game->seat(PlayerId(0), std::make_shared<FixedAgent>(0));
  game->seat(PlayerId(1), std::make_shared<Blind>());
  EXPECT_FALSE(game->seat_label_blind(PlayerId(0)));
  EXPECT_TRUE(game->seat_label_blind(PlayerId(1)));
  EXPECT_TRUE(copy->seat_label_blind(PlayerId(0))) << "the copy's seats are its own";
  game->seat(PlayerId(1), nullptr);
  EXPECT_FALSE(game->seat_label_blind(PlayerId(1)));
  EXPECT_THROW(game->seat_label_blind(PlayerId(7)), RulesError);
}

// An agent that declares it reads no prompt is known as such when seated, apart from whether it
// reads labels; a swap undoes it, an empty seat reads prompts, and a fork keeps the seats alike.
TEST(Agents, SeatPromptBlindIsWorkedOutWhenSeatedApartFromLabels) {
  Cards cards;
  auto game = make_game(cards);
  EXPECT_FALSE(game->seat_prompt_blind(PlayerId(0)));  // no agent yet
  game->seat(PlayerId(0), std::make_shared<Unprompted>());
  game->seat(PlayerId(1), std::make_shared<Blind>());
  EXPECT_TRUE(game->seat_prompt_blind(PlayerId(0)));
  EXPECT_FALSE(game->seat_label_blind(PlayerId(0)));
  EXPECT_FALSE(game->seat_prompt_blind(PlayerId(1))) << "label-blind is not prompt-blind";
  EXPECT_TRUE(game->seat_label_blind(PlayerId(1)));
  const auto copy = game->fork();
  EXPECT_TRUE(copy->seat_prompt_blind(PlayerId(0)));
  EXPECT_FALSE(copy->seat_prompt_blind(PlayerId(1)));
  game->seat(PlayerId(0), std::make_shared<FixedAgent>(0));
  EXPECT_FALSE(game->seat_prompt_blind(PlayerId(0)));
  EXPECT_TRUE(copy->seat_prompt_blind(PlayerId(0))) << "the copy's seats are its own";
  game->seat(PlayerId(1), std::make_shared<Unprompted>());
  EXPECT_TRUE(game->seat_prompt_blind(PlayerId(1)));
  game->seat(PlayerId(1), nullptr);
  EXPECT_FALSE(game->seat_prompt_blind(PlayerId(1)));
  EXPECT_THROW(game->seat_prompt_blind(PlayerId(7)), RulesError);
}

}  // namespace
}  // namespace anvil::testing
