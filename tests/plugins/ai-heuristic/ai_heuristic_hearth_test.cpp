// ai-heuristic in the hearth game: each action judged by playing it on a copy (docs/agents.md,
// "The hearth game"), from positions of the hearth rules' test pack.
#include <gtest/gtest.h>

#include <array>
#include <cstdlib>

#include "../rules-hearth/fixture.hpp"

namespace anvil::hearth_test {
namespace {

const PlayerId A(0), B(1);
const ZoneRef kBoardA = ZoneRef::battlefield(A), kBoardB = ZoneRef::battlefield(B);

std::shared_ptr<Agent> heuristic(std::uint64_t seed = 7) {
  return make_agent(registry(), "ai-heuristic", AgentOptions{seed, {}, &registry(), "hearth"});
}

// A is ai-heuristic; B only ends its turns. Runs A's decisions until A ends its turn (or
// `limit` decisions), and returns the number A made.
int play_turn(Game& g, int limit = 12) {
  g.seat(A, heuristic());
  g.seat(B, std::make_shared<ScriptAgent>(std::vector<std::string>{}));
  int decisions = 0;
  while (decisions < limit && !g.state().over && g.state().turn.active == A) {
    rules().advance(g);
    ++decisions;
  }
  return decisions;
}

bool has(const Game& g, ZoneRef z, std::string_view name) { return find(g, z, name).valid(); }

TEST(AiHeuristicHearth, AttacksTheHeroForLethal) {
  // Killing the Raider is worth more than 4 damage to a hero at 30; at 4 health it is the game.
  auto g = position({.board = {"Test Yeti"}}, {.board = {"Test Raider"}, .life = 4});
  play_turn(*g);
  EXPECT_TRUE(g->state().over);
  EXPECT_EQ(g->state().player(A).outcome, Outcome::won);
}

TEST(AiHeuristicHearth, TradesIntoAThreatRatherThanHittingTheHero) {
  // Test Yeti (4/5) kills Test Kirin (4/3) and lives: a 4-attack minion gone is worth more than
  // 4 damage to a hero at 30. (A Warrior's hero power gives armor; B has cards to draw.)
  auto g = position({.hero = "Warrior", .board = {"Test Yeti"}},
                    {.board = {"Test Kirin"}, .library = {"Test Raider"}});
  play_turn(*g);
  EXPECT_FALSE(has(*g, kBoardB, "Test Kirin"));
  EXPECT_TRUE(has(*g, kBoardA, "Test Yeti"));
  EXPECT_EQ(g->state().player(B).life, 30);
}

TEST(AiHeuristicHearth, GoesFaceWhenNothingIsWorthKilling) {
  // The Footman (1/2, taunt) must be attacked first; after it, the hero.
  auto g = position({.board = {"Test Yeti", "Test Ogre"}}, {.board = {"Test Footman"}});
  play_turn(*g);
  EXPECT_FALSE(has(*g, kBoardB, "Test Footman"));
  EXPECT_LT(g->state().player(B).life, 30);
}

TEST(AiHeuristicHearth, SpendsItsManaOnTheBiggestMinionFirst) {
  // Four mana: the Yeti, not the Raider and the Footman (which would leave two mana unspent and
  // a smaller board); then nothing else fits.
  auto g = position({.hand = {"Test Raider", "Test Yeti", "Test Footman"}, .mana = 4}, {});
  play_turn(*g);
  EXPECT_TRUE(has(*g, kBoardA, "Test Yeti"));
  EXPECT_TRUE(has(*g, ZoneRef::hand(A), "Test Raider"));
}

// A minion with charge is judged with its attack: Test Leeroy (6/2, charge; two 1/1s for the
// opponent) is worth less on the board than in hand, and was never played; with its 6 damage
// to the hero it is played and attacks.
TEST(AiHeuristicHearth, PlaysAChargeMinionForTheAttackItMakesAtOnce) {
  auto g = position({.hand = {"Test Leeroy"}, .mana = 5}, {.life = 12});
  play_turn(*g);
  EXPECT_TRUE(has(*g, kBoardA, "Test Leeroy"));
  EXPECT_LE(g->state().player(B).life, 6) << "Leeroy attacked the hero";
}

TEST(AiHeuristicHearth, KeepsACardThatWouldDoNothing) {
  // Silencing a vanilla Yeti spends a card for nothing: it ends its turn instead.
  auto g = position({.hand = {"Test Silence"}, .mana = 10}, {.board = {"Test Yeti"}});
  play_turn(*g);
  EXPECT_TRUE(has(*g, ZoneRef::hand(A), "Test Silence"));
  EXPECT_EQ(g->state().turn.active, B);
}

TEST(AiHeuristicHearth, BurnsAMinionItCanKillAndNotOneItCannot) {
  // Test Bolt deals 3: it kills the Kirin (4/3), not the Yeti (4/5).
  auto kill = position({.hand = {"Test Bolt"}, .mana = 2}, {.board = {"Test Kirin"}});
  play_turn(*kill);
  EXPECT_FALSE(has(*kill, kBoardB, "Test Kirin"));
  auto waste = position({.hand = {"Test Bolt"}, .mana = 2}, {.board = {"Test Yeti"}});
  play_turn(*waste);
  EXPECT_TRUE(has(*waste, kBoardB, "Test Yeti"));
}

TEST(AiHeuristicHearth, PlaysTheCoinOnlyForWhatItThenPays) {
  // Three mana: the Coin makes four, and the Yeti follows. With nothing to follow, or with
  // mana enough without it, or only a hero power to follow, the Coin stays in hand.
  auto yeti = position({.hand = {"Test Coin", "Test Yeti"}, .mana = 3}, {});
  play_turn(*yeti);
  EXPECT_TRUE(has(*yeti, kBoardA, "Test Yeti"));
  EXPECT_FALSE(has(*yeti, ZoneRef::hand(A), "Test Coin"));
  auto alone = position({.hand = {"Test Coin"}, .mana = 3}, {});
  play_turn(*alone);
  EXPECT_TRUE(has(*alone, ZoneRef::hand(A), "Test Coin"));
  auto enough = position({.hand = {"Test Coin", "Test Yeti"}, .mana = 4}, {});
  play_turn(*enough);
  EXPECT_TRUE(has(*enough, kBoardA, "Test Yeti"));
  EXPECT_TRUE(has(*enough, ZoneRef::hand(A), "Test Coin"));
  // Nor for a hero power: one mana, and a Paladin's Silver Hand Recruit would take two.
  auto power = position({.hero = "Paladin", .hand = {"Test Coin"}, .mana = 1}, {});
  play_turn(*power);
  EXPECT_TRUE(has(*power, ZoneRef::hand(A), "Test Coin"));
}

TEST(AiHeuristicHearth, EquipsAWeaponAndAttacksWithIt) {
  // Test Axe (3 attack, 2 durability) is worth its card: it is damage still to deal. With it
  // the hero hits the undefended opponent.
  auto g =
      position({.hero = "Warrior", .hand = {"Test Axe"}, .mana = 2}, {.library = {"Test Raider"}});
  play_turn(*g);
  EXPECT_FALSE(has(*g, ZoneRef::hand(A), "Test Axe"));
  EXPECT_EQ(g->state().player(B).life, 27);
}

TEST(AiHeuristicHearth, PutsBackTheExpensiveCardsAtTheMulligan) {
  auto g = position({.hand = {"Test Yeti", "Test Raider", "Test Loatheb", "Test Footman"}}, {});
  Choice c;
  c.kind = ChoiceKind::mulligan;
  c.player = A;
  for (ObjectId id : g->state().zone(ZoneRef::hand(A)).objects)
    c.options.push_back({g->card(id).name, Target::of(g->object(id).ref()), 0});
  c.min_picks = 0;
  c.max_picks = static_cast<std::uint32_t>(c.options.size());
  const Answer a = heuristic()->choose(DecisionView(*g, A), c);
  std::vector<std::string> back;
  for (std::uint32_t i : a.picks) back.push_back(c.options[i].label);
  EXPECT_EQ(back, (std::vector<std::string>{"Test Yeti", "Test Loatheb"}));
}

// Tracking's pick (the top three cards of its deck, which the decision shows it: the dearest it
// can pay for next turn, else the cheapest.
TEST(AiHeuristicHearth, PicksTheDearestCardItCanPlayNextTurn) {
  const std::vector<std::string> four = {"Test Velen", "Test Yeti", "Test Berserker",
                                         "Test Raider"};
  struct Case {
    std::vector<std::string> top;  // top first
    int crystals;
    std::string picked;
  };
  for (const Case& c : {Case{four, 3, "Test Yeti"}, Case{four, 1, "Test Berserker"},
                        Case{four, 0, "Test Raider"},
                        Case{{"Test Velen", "Test Yeti"}, 1, "Test Yeti"}}) {  // none: the cheapest
    auto g = position({.library = c.top, .mana = c.crystals}, {});
    const auto& deck = g->state().zone(ZoneRef::library(A)).objects;  // the top is the back
    Choice pick;
    pick.kind = ChoiceKind::option;
    pick.player = A;
    pick.prompt = "Choose the card to draw";
    for (std::size_t i = 0; i < c.top.size(); ++i) {
      const ObjectId id = deck[deck.size() - 1 - i];
      pick.options.push_back({g->card(id).name, Target::of(g->object(id).ref()), 0});
    }
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {  // a rule, not a lucky random pick
      const Answer a = heuristic(seed)->choose(DecisionView(*g, A, pick.options), pick);
      ASSERT_EQ(a.picks.size(), 1u);
      EXPECT_EQ(pick.options[a.picks[0]].label, c.picked) << c.crystals << " crystals";
    }
  }
}

// Whole games on the bundled decks: it beats ai-random nearly always (docs/agents.md has the
// measured rates), and the same seeds play the same game.
TEST(AiHeuristicHearth, BeatsAiRandomAndReplaysForASeed) {
  const LoadedPack* basic = basic_pack();
  if (!basic) GTEST_SKIP() << "the hearth-basic pack is not loadable here";
  const auto pool = pool_of(*basic);
  int wins = 0;
  const int games = 20;
  std::vector<std::uint64_t> hashes;
  for (int i = 0; i < games; ++i) {
    MatchConfig config;
    config.seed = 1000 + static_cast<std::uint64_t>(i);
    for (int seat = 0; seat < 2; ++seat) config.decks.push_back(basic->decks[0]);
    for (int run = 0; run < (i == 0 ? 2 : 1); ++run) {
      auto g = rules().setup(pool, config);
      const PlayerId h(static_cast<std::uint8_t>(i % 2));
      g->seat(h, heuristic(config.seed));
      g->seat(PlayerId(static_cast<std::uint8_t>(1 - i % 2)),
              make_agent(registry(), "ai-random", AgentOptions{config.seed + 1, {}}));
      int steps = 0;
      while (rules().advance(*g) && ++steps < 5000) {
      }
      ASSERT_TRUE(g->state().over) << "game " << i << " did not end";
      if (run == 0) wins += g->state().player(h).outcome == Outcome::won;
      if (i == 0) hashes.push_back(hash(g->state()));
    }
  }
  EXPECT_GE(wins, 18) << "of " << games;
  ASSERT_EQ(hashes.size(), 2u);
  EXPECT_EQ(hashes[0], hashes[1]) << "the same seed played a different game";
}

// Random decks of every card of hearth-basic (minions, spells, weapons, secrets, the tokens
// too), 30 cards and a random hero: ai-heuristic and ai-random, each against ai-random, play
// every pair to its end without an exception or a fault; with ANVIL_SOAK, 25 times as many.
// (The classic twin is AiHeuristic.PlaysRandomDecksOfEveryCardToTheEnd.)
TEST(AiHeuristicHearth, PlaysRandomDecksOfEveryCardToTheEnd) {
  const LoadedPack* basic = basic_pack();
  if (!basic) GTEST_SKIP() << "the hearth-basic pack is not loadable here";
  const auto pool = pool_of(*basic);
  ASSERT_GT(pool->size(), 100u);
  constexpr std::array<const char*, 9> kHeroes{"Mage",    "Warrior", "Hunter",  "Rogue", "Priest",
                                               "Warlock", "Shaman",  "Paladin", "Druid"};
  SplitMix64 rng(2026);
  const auto random_deck = [&](int n) {
    DeckList d{"Random " + std::to_string(n), {}, {{"hero", kHeroes[rng.below(kHeroes.size())]}}};
    for (int i = 0; i < 30; ++i)
      d.cards.push_back(pool->at(CardId(static_cast<std::uint32_t>(rng.below(pool->size())))).name);
    return d;
  };
  const int pairs = std::getenv("ANVIL_SOAK") ? 200 : 8;
  std::uint64_t turns = 0;
  for (int n = 0; n < pairs; ++n) {
    const DeckList a = random_deck(2 * n), b = random_deck(2 * n + 1);
    for (const char* agent : {"ai-heuristic", "ai-random"}) {
      const auto seed = static_cast<std::uint64_t>(n + 1);
      MatchConfig config;
      config.decks = {a, b};
      config.seed = seed;
      auto g = rules().setup(pool, config);
      g->seat(A, std::string_view(agent) == "ai-heuristic"
                     ? heuristic(seed)
                     : make_agent(registry(), "ai-random", AgentOptions{seed, {}}));
      g->seat(B, make_agent(registry(), "ai-random", AgentOptions{seed + 1000, {}}));
      int steps = 0;
      ASSERT_NO_THROW({
        while (rules().advance(*g) && ++steps < 20000) {
        }
      }) << agent
         << ", pair " << n;
      EXPECT_TRUE(g->state().over) << agent << ", pair " << n;
      EXPECT_TRUE(g->faults().empty()) << agent << ", pair " << n;
      turns += g->state().turn.number;
    }
  }
  EXPECT_GT(turns, static_cast<std::uint64_t>(pairs) * 2 * 5) << "games of five turns at least";
}

}  // namespace
}  // namespace anvil::hearth_test
