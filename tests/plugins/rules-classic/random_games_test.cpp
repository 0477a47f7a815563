// Random agents play complete games: no exception, the state's invariants hold after every
// advance, and every game ends (the turn cap draws it).
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

DeckList deck(std::vector<std::pair<std::string, int>> cards) {
  DeckList d;
  for (const auto& [name, n] : cards)
    for (int i = 0; i < n; ++i) d.cards.push_back(name);
  return d;
}

// Every object is in the zone list its `zone` names, once, and in no other.
void check_invariants(const Game& game, const std::vector<std::int64_t>& expected_life) {
  const GameState& s = game.state();
  std::vector<int> seen(s.objects.size(), 0);
  for (const Zone& z : s.zones)
    for (ObjectId id : z.objects) {
      ASSERT_TRUE(s.exists(id));
      ASSERT_EQ(s.object(id).zone, z.ref);
      ++seen[id.value];
    }
  for (const GameObject& o : s.objects)
    ASSERT_EQ(seen[o.id.value], o.zone.kind == ZoneKind::none ? 0 : 1) << o.id.value;
  for (const Player& p : s.players) ASSERT_EQ(p.life, expected_life[p.id.value]);
  std::size_t playing = 0;
  for (const Player& p : s.players) playing += p.outcome == Outcome::playing;
  ASSERT_EQ(s.over, playing < 2);
}

TEST(RulesClassicRandomGames, TwoHundredGamesEndWithoutExceptionAndKeepTheirInvariants) {
  const auto cards = standard_pool();
  const DeckList green_red = deck({{"Forest", 9},
                                   {"Mountain", 8},
                                   {"Llanowar Elves", 2},
                                   {"Grizzly Bears", 2},
                                   {"River Boa", 2},
                                   {"Craw Wurm", 2},
                                   {"Giant Spider", 2},
                                   {"Raging Goblin", 2},
                                   {"Boggart Ram-Gang", 2},
                                   {"Shock", 3},
                                   {"Blaze", 2},
                                   {"Gladecover Scout", 2}});
  const DeckList white_black = deck({{"Plains", 10},
                                     {"Swamp", 7},
                                     {"Serra Angel", 2},
                                     {"White Knight", 2},
                                     {"Fencing Ace", 2},
                                     {"Vampire Nighthawk", 2},
                                     {"Plague Stinger", 2},
                                     {"Darksteel Myr", 2},
                                     {"Wall of Stone", 2},
                                     {"Isamaru, Hound of Konda", 3},
                                     {"Wrath of God", 1},
                                     {"Ajani Test", 2},
                                     {"Tremor Test", 1}});
  int finished = 0, capped = 0;
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    MatchConfig config;
    config.decks = {green_red, white_black};
    config.seed = seed;
    config.options = {{"max_turns", "50"}};
    auto game = rules().setup(cards, config);
    game->seat(PlayerId(0), std::make_shared<RandomAgent>(seed * 2));
    game->seat(PlayerId(1), std::make_shared<RandomAgent>(seed * 2 + 1));
    std::vector<std::int64_t> life{20, 20};
    Connection watch = game->bus().on_observe<LifeChangeEvent>(
        [&](const Game&, const LifeChangeEvent& e) { life[e.player.value] += e.delta; });
    int advances = 0;
    while (rules().advance(*game)) {
      ASSERT_NO_FATAL_FAILURE(check_invariants(*game, life)) << "seed " << seed;
      ASSERT_LT(++advances, 100000) << "seed " << seed;
      if (game->journal().size() > 100000) game->journal().clear();
    }
    ASSERT_NO_FATAL_FAILURE(check_invariants(*game, life)) << "seed " << seed;
    ASSERT_TRUE(game->state().over);
    ASSERT_LE(game->state().turn.number, 50u);
    ++finished;
    bool drawn = true;
    for (const Player& p : game->state().players) drawn = drawn && p.outcome == Outcome::drew;
    capped += drawn && game->state().turn.number == 50;
    watch.disconnect();
  }
  EXPECT_EQ(finished, 200);
  EXPECT_LT(capped, 200);  // most games are decided, not capped
}

TEST(RulesClassicRandomGames, AForkPlaysOnLikeTheOriginalAndARollbackRestoresTheHash) {
  const auto cards = standard_pool();
  MatchConfig config;
  config.decks = {deck({{"Forest", 10}, {"Grizzly Bears", 6}, {"River Boa", 4}}),
                  deck({{"Mountain", 10}, {"Raging Goblin", 6}, {"Shock", 4}})};
  config.seed = 11;
  auto game = rules().setup(cards, config);
  game->seat(PlayerId(0), std::make_shared<RandomAgent>(1));
  game->seat(PlayerId(1), std::make_shared<RandomAgent>(2));
  for (int i = 0; i < 60; ++i) ASSERT_TRUE(rules().advance(*game));

  const std::uint64_t before = hash(game->state());
  const auto cp = game->journal().checkpoint();
  for (int i = 0; i < 40 && rules().advance(*game); ++i) {
  }
  game->journal().rollback(cp);
  EXPECT_EQ(hash(game->state()), before);

  auto copy = game->fork();
  for (Game* g : {game.get(), copy.get()}) {
    g->seat(PlayerId(0), std::make_shared<RandomAgent>(5));
    g->seat(PlayerId(1), std::make_shared<RandomAgent>(6));
    while (rules().advance(*g)) {
    }
  }
  EXPECT_EQ(hash(game->state()), hash(copy->state()));
  EXPECT_TRUE(game->state().over);
}

}  // namespace
}  // namespace anvil::classic_test
