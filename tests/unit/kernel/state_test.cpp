#include "anvil/state.hpp"

#include <gtest/gtest.h>

#include <vector>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

TEST(GameState, CopiesAreIndependentAndHashEqual) {
  Cards cards;
  auto game = make_game(cards, 5);
  GameState copy = game->state();
  EXPECT_EQ(hash(copy), hash(game->state()));
  draw(*game, PlayerId(0));
  EXPECT_NE(hash(copy), hash(game->state()));
  EXPECT_EQ(copy.zone(ZoneRef::hand(PlayerId(0))).objects.size(), 0u);
}

TEST(GameState, EqualStatesFromDifferentHistoriesHashEqual) {
  Cards cards;
  auto a = make_game(cards, 3);
  auto b = make_game(cards, 3);
  a->journal().set_attr(PlayerId(0), "frozen"_sym, 1);
  a->journal().set_attr(PlayerId(0), "frozen"_sym, 0);  // back to absent
  b->journal().set_counter(ObjectId(0), "x"_sym, 2);
  b->journal().set_counter(ObjectId(0), "x"_sym, 0);
  EXPECT_EQ(a->state(), b->state());
  EXPECT_EQ(hash(a->state()), hash(b->state()));
}

TEST(GameState, HashIsStableAcrossRunsAndBuilds) {
  // A fixed state must hash to a fixed value forever: saved replays compare against it.
  GameState s(2, 12345);
  s.players[0].life = 20;
  s.players[1].life = 17;
  EXPECT_EQ(hash(s), hash(GameState(s)));
  EXPECT_EQ(hash(s), 0xc789c728d1903f00ull) << std::hex << hash(s);
}

// The pass count hashes as the game attr `passes` that rules-classic kept it in before ABI 14,
// in its sorted place among the other attrs, so replays recorded then keep their final hashes.
TEST(GameState, ThePassCountHashesAsTheGameAttrItReplaced) {
  for (const std::vector<const char*>& others :
       {std::vector<const char*>{}, {"max_turns", "step_begun"}, {"a", "zz", "declaring"}}) {
    GameState field(2, 7), attr(2, 7);
    for (const char* name : others) {
      field.attrs.set(Symbol(name), 3);
      attr.attrs.set(Symbol(name), 3);
    }
    field.turn.passes = 1;
    attr.attrs.set(Symbol("passes"), 1);
    EXPECT_EQ(hash(field), hash(attr)) << others.size() << " other attrs";
    field.turn.passes = 0;
    attr.attrs.set(Symbol("passes"), 0);
    EXPECT_EQ(hash(field), hash(attr));
  }
}

TEST(GameState, HashSeesEveryPartOfTheState) {
  GameState base(2, 1);
  const std::uint64_t h = hash(base);
  auto differs = [&](auto change) {
    GameState s = base;
    change(s);
    return hash(s) != h;
  };
  EXPECT_TRUE(differs([](GameState& s) { s.rng.state = 2; }));
  EXPECT_TRUE(differs([](GameState& s) { s.turn.step = 3; }));
  EXPECT_TRUE(differs([](GameState& s) { s.turn.passes = 1; }));
  EXPECT_TRUE(differs([](GameState& s) { s.pending_triggers.push_back({}); }));
  EXPECT_TRUE(differs([](GameState& s) { s.stack.push_back({}); }));
  EXPECT_TRUE(differs([](GameState& s) { s.effects.push_back({}); }));
  EXPECT_TRUE(differs([](GameState& s) { s.attrs.set(Symbol("rounds"), 1); }));
  EXPECT_TRUE(differs([](GameState& s) { s.players[1].outcome = Outcome::lost; }));
}

}  // namespace
}  // namespace anvil::testing
