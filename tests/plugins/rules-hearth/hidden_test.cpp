// What the opponent cannot see of a hearth game stays unseen: a secret played is face down in its
// player's exile (not face up in the graveyard), and a determinized copy for the opponent deals
// it again from the secrets it could be (RulesHooks::face_down_could_be, hidden.cpp).
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "fixture.hpp"

// Its own namespace: the unity build compiles it with rules_test.cpp, which has an A and a B too.
namespace anvil::hearth_test::hidden {
namespace {

const PlayerId A(0), B(1);

// A Paladin with Repentance and Eye for an Eye in play (played from the hand), and in the hand
// and library: another Eye for an Eye, Snipe (a Hunter's secret in a Paladin's deck: any secret
// of the deck could be one) and cards that are no secrets.
std::unique_ptr<Game> two_secrets_played() {
  const LoadedPack* basic = basic_pack();
  if (!basic) return nullptr;
  Side a{.hero = "Paladin",
         .hand = {"Repentance", "Eye for an Eye", "Wisp", "Eye for an Eye"},
         .library = {"Snipe", "Chillwind Yeti", "Fireball", "Wisp"},
         .mana = 10};
  auto g = position(a, Side{}, pool_of(*basic));
  act(*g, {"Play Repentance", "Play Eye for an Eye"});
  return g;
}

std::multiset<std::string> cards_of(const Game& g, PlayerId p) {
  std::multiset<std::string> out;
  for (ZoneRef z :
       {ZoneRef::hand(p), ZoneRef::library(p), ZoneRef::exile(p), ZoneRef::graveyard(p)})
    for (const std::string& n : names(g, z)) out.insert(n);
  return out;
}

TEST(HearthHidden, APlayedSecretIsFaceDownInExileAndOnlyItsPlayerSeesIt) {
  auto g = two_secrets_played();
  if (!g) GTEST_SKIP() << "hearth-basic did not load";
  EXPECT_TRUE(g->state().zone(ZoneRef::graveyard(A)).objects.empty());
  const auto& exile = g->state().zone(ZoneRef::exile(A)).objects;
  ASSERT_EQ(exile.size(), 2u);
  for (ObjectId id : exile) {
    EXPECT_TRUE(g->state().object(id).face_down);
    EXPECT_TRUE(DecisionView(*g, A).can_see(id));
    EXPECT_FALSE(DecisionView(*g, B).can_see(id));
  }
}

// What every player may know of a secret in play is that it is one: `anvil play` shows the
// opponent's as "a face-down card (secret)", and the person's own by name, "(secret)" beside it.
TEST(HearthHidden, AWaitingSecretsStatusSaysItIsASecret) {
  auto g = two_secrets_played();
  if (!g) GTEST_SKIP() << "hearth-basic did not load";
  for (ObjectId id : g->state().zone(ZoneRef::exile(A)).objects)
    EXPECT_EQ(rules().object_status(*g, id), "secret");
}

// A secret Kezan Mystic takes is no secret to the player it was taken from, who saw which of
// theirs it was: they see it in its new player's exile (still face down, still waiting).
TEST(HearthHidden, ASecretKezanMysticTakesIsSeenByThePlayerItWasTakenFrom) {
  const LoadedPack* basic = basic_pack();
  if (!basic) GTEST_SKIP() << "hearth-basic did not load";
  auto g = position({.hero = "Paladin", .hand = {"Eye for an Eye"}, .library = {"Wisp"}},
                    {.hand = {"Kezan Mystic"}, .library = {"Wisp"}}, pool_of(*basic));
  act(*g, {"Play Eye for an Eye", "End turn", "Play Kezan Mystic at 0"});
  EXPECT_TRUE(g->state().zone(ZoneRef::exile(A)).objects.empty());
  const auto& taken = g->state().zone(ZoneRef::exile(B)).objects;
  ASSERT_EQ(taken.size(), 1u);
  EXPECT_TRUE(g->state().object(taken[0]).face_down);
  EXPECT_EQ(rules().object_status(*g, taken[0]), "secret");
  ASSERT_TRUE(DecisionView(*g, A).can_see(taken[0]));
  EXPECT_EQ(DecisionView(*g, A).card(taken[0]).name, "Eye for an Eye");
}

TEST(HearthHidden, TheOpponentsCopyDealsASecretFromTheSecretsItCouldBe) {
  auto g = two_secrets_played();
  if (!g) GTEST_SKIP() << "hearth-basic did not load";
  const std::multiset<std::string> before = cards_of(*g, A);
  std::map<std::string, int> seen;  // the secrets the copies hold
  for (std::uint64_t seed = 1; seed <= 200; ++seed) {
    auto copy = DecisionView(*g, B).determinize(seed);
    ASSERT_EQ(cards_of(*copy, A), before) << "seed " << seed;  // the same cards, dealt again
    const std::vector<std::string> secrets = names(*copy, ZoneRef::exile(A));
    ASSERT_EQ(secrets.size(), 2u);
    EXPECT_NE(secrets[0], secrets[1]) << "seed " << seed;  // one copy of each secret
    for (const std::string& s : secrets) {
      EXPECT_TRUE(s == "Repentance" || s == "Eye for an Eye" || s == "Snipe") << s;
      ++seen[s];
    }
  }
  EXPECT_GT(seen["Snipe"], 0);
  EXPECT_GT(seen["Repentance"], 0);
  EXPECT_GT(seen["Eye for an Eye"], 0);
  // Its own player's copy keeps the secrets it knows.
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto copy = DecisionView(*g, A).determinize(seed);
    EXPECT_EQ(names(*copy, ZoneRef::exile(A)), names(*g, ZoneRef::exile(A)));
  }
}

TEST(HearthHidden, ARedealtSecretSpringsAsTheCardItBecame) {
  const LoadedPack* basic = basic_pack();
  if (!basic) GTEST_SKIP() << "hearth-basic did not load";
  // Snipe in play; its player's only other secret is a Repentance in the library. In the
  // opponent's copies where the secret became Repentance, the minion played next has 1 health;
  // where it stayed Snipe, it takes 4 damage.
  Side a{.hero = "Hunter", .hand = {"Snipe"}, .library = {"Repentance", "Wisp"}, .mana = 2};
  Side b{.hand = {"Chillwind Yeti"}, .mana = 4};
  auto g = position(a, b, pool_of(*basic));
  act(*g, {"Play Snipe"});  // with no mana left the turn ends by itself
  ASSERT_EQ(g->state().turn.active, B);
  int snipes = 0, repentances = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    auto copy = DecisionView(*g, B).determinize(seed);
    const std::string secret = names(*copy, ZoneRef::exile(A)).at(0);
    act(*copy, {"Play Chillwind Yeti at 0"});
    const ObjectId yeti = find(*copy, ZoneRef::battlefield(B), "Chillwind Yeti");
    ASSERT_TRUE(yeti.valid()) << "seed " << seed;
    const Characteristics c = copy->view(yeti);
    if (secret == "Snipe") {
      ++snipes;
      EXPECT_EQ(copy->state().object(yeti).damage, 4) << "seed " << seed;
    } else {
      ++repentances;
      EXPECT_EQ(secret, "Repentance");
      EXPECT_EQ(c.toughness - copy->state().object(yeti).damage, 1) << "seed " << seed;
    }
  }
  EXPECT_GT(snipes, 0);
  EXPECT_GT(repentances, 0);
}

}  // namespace
}  // namespace anvil::hearth_test::hidden
