// The rules of HEARTH-TAGS.md §10 and the statuses of the test pack, each from a position.
#include <gtest/gtest.h>

#include <algorithm>

#include <anvil/label_blind.hpp>

#include "fixture.hpp"

namespace anvil::hearth_test {
namespace {

const PlayerId A(0), B(1);
const ZoneRef kBoardA = ZoneRef::battlefield(A), kBoardB = ZoneRef::battlefield(B);

bool offered(const std::vector<LegalAction>& actions, std::string_view label) {
  return std::any_of(actions.begin(), actions.end(), [&](const LegalAction& a) { return a.label == label; });
}

LegalAction play(const Game& g, std::string_view card, std::int64_t pos = 0) {
  return LegalAction{LegalAction::Kind::cast, find(g, ZoneRef::hand(A), card), 0, {}, pos, {}};
}

TEST(HearthRules, AMinionCannotBePlayedOnAFullBoard) {
  auto g = position({.hand = {"Test Yeti"}, .board = std::vector<std::string>(7, "Test Raider")}, {});
  EXPECT_FALSE(offered(rules().legal_actions(*g, A), "Play Test Yeti at 7"));
  EXPECT_EQ(rules().why_not(*g, A, play(*g, "Test Yeti", 7)), "the board is full");
}

// A position's setting out of range is refused, naming it: mana 12 was set up as 10 without a word.
TEST(HearthRules, APositionSettingOutOfRangeIsRefused) {
  const auto refusal = [](const Side& a) {
    try {
      (void)position(a, {});
    } catch (const LoadError& e) {
      return std::string(e.what());
    }
    return std::string("accepted");
  };
  EXPECT_NE(refusal({.mana = 12})
                .find("hearth setting 'mana' must be a whole number from 0 to 10, not '12'"),
            std::string::npos)
      << refusal({.mana = 12});
  EXPECT_NE(refusal({.armor = -1}).find("'armor' must be a whole number of at least 0, not '-1'"),
            std::string::npos)
      << refusal({.armor = -1});
  EXPECT_EQ(refusal({.mana = 10, .armor = 0}), "accepted");
}

TEST(HearthRules, ASummonOnAFullBoardDoesNothing) {
  // Test Golem dies (Test Bolt); its deathrattle summons into the gap it left, not past 7.
  std::vector<std::string> board(6, "Test Raider");
  board.insert(board.begin() + 2, "Test Golem");
  auto g = position({.hand = {"Test Bolt"}}, {.board = board});
  act(*g, {"Play Test Bolt targeting Test Golem"});
  const auto b = names(*g, kBoardB);
  ASSERT_EQ(b.size(), 7u);
  EXPECT_EQ(b[2], "Test Raider");
  EXPECT_EQ(std::count(b.begin(), b.end(), "Test Golem"), 0);
}

// A hero card's own power replaces the class's: its name in the label, its mana, its targets
// (the user picker of its tags: both heroes and every minion), its effect.
TEST(HearthRules, AHeroCardBringsItsOwnHeroPower) {
  auto g = position({.hand = {"Test Overlord"}, .board = {"Test Yeti"}, .mana = 4},
                    {.board = {"Test Raider"}, .life = 30});
  EXPECT_TRUE(offered(rules().legal_actions(*g, A), "Hero power targeting player 1"));  // Fireblast
  act(*g, {"Play Test Overlord at 1"});
  EXPECT_EQ(g->state().player(A).life, 12);
  const auto actions = rules().legal_actions(*g, A);
  for (const char* target : {"player 0", "player 1", "Test Yeti", "Test Raider"})
    EXPECT_TRUE(offered(actions, std::string("Hero power (Test Smite) targeting ") + target))
        << target;
  EXPECT_FALSE(offered(actions, "Hero power targeting player 1"));
  act(*g, {"Hero power (Test Smite) targeting player 1"});
  EXPECT_EQ(g->state().player(B).life, 28);  // 2 damage: not Fireblast's 1
  EXPECT_EQ(g->state().player(A).attrs.get("mana"_sym), 0);
  EXPECT_EQ(rules().player_status(*g, A),
            "mana 0/4, next draw 1 fatigue, hero power Test Smite (used)");
  EXPECT_EQ(rules().why_not(
                *g, A, LegalAction{LegalAction::Kind::hero_power, {}, 0, {Target::of(B)}, 0, {}}),
            "the hero power was already used this turn");
}

// What `anvil play` shows beside a minion: its damage and the keywords in force on it.
TEST(HearthRules, ObjectStatusShowsDamageAndKeywords) {
  auto g =
      position({.hand = {"Test Bolt"}}, {.board = {"Test Footman", "Test Squire", "Test Yeti"}});
  act(*g, {"Play Test Bolt targeting Test Yeti"});
  const auto& board = g->state().zone(kBoardB).objects;
  ASSERT_EQ(board.size(), 3u);
  EXPECT_EQ(rules().object_status(*g, board[0]), "taunt");
  EXPECT_EQ(rules().object_status(*g, board[1]), "divine shield");
  EXPECT_EQ(rules().object_status(*g, board[2]), "3 damage, frozen");
}

// Namesakes in play are numbered in labels, from the left: a person, or ai-search (which keys
// moves by label), tells two Test Raiders apart.
TEST(HearthRules, LabelsNumberMinionsOfOneName) {
  auto g =
      position({.board = {"Test Raider", "Test Yeti", "Test Raider"}}, {.board = {"Test Yeti"}});
  const auto actions = rules().legal_actions(*g, A);
  EXPECT_TRUE(offered(actions, "Attack with Test Raider #1 \xE2\x86\x92 player 1"));
  EXPECT_TRUE(offered(actions, "Attack with Test Raider #2 \xE2\x86\x92 Test Yeti"));
  EXPECT_TRUE(offered(actions, "Attack with Test Yeti \xE2\x86\x92 player 1"));  // one of its name
  act(*g, {"Attack with Test Raider #2 \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).life, 28);
  EXPECT_FALSE(
      offered(rules().legal_actions(*g, A), "Attack with Test Raider #2 \xE2\x86\x92 player 1"));
  EXPECT_TRUE(
      offered(rules().legal_actions(*g, A), "Attack with Test Raider #1 \xE2\x86\x92 player 1"));
}

TEST(HearthRules, AnOverdrawnCardIsDestroyed) {
  std::vector<std::string> hand(9, "Test Raider");
  hand.push_back("Test Intellect");
  auto g = position({.hand = hand, .library = {"Test Yeti", "Test Footman"}}, {});
  act(*g, {"Play Test Intellect"});
  EXPECT_EQ(g->state().zone(ZoneRef::hand(A)).objects.size(), 10u);
  const auto grave = names(*g, ZoneRef::graveyard(A));
  EXPECT_NE(std::find(grave.begin(), grave.end(), "Test Footman"), grave.end()) << "the second draw burns";
}

TEST(HearthRules, FatigueGrowsOneTwoThree) {
  auto g = position({.life = 30}, {.life = 30});
  act(*g, {"End turn", "End turn", "End turn", "End turn", "End turn"});
  // A ends; B draws from an empty deck (1), A (1), B (2), A (2), B (3).
  EXPECT_EQ(g->state().player(B).life, 30 - 1 - 2 - 3);
  EXPECT_EQ(g->state().player(A).life, 30 - 1 - 2);
}

TEST(HearthRules, TauntForcesTheTarget) {
  auto g = position({.board = {"Test Yeti"}}, {.board = {"Test Raider", "Test Footman"}});
  const auto actions = rules().legal_actions(*g, A);
  EXPECT_TRUE(offered(actions, "Attack with Test Yeti \xE2\x86\x92 Test Footman"));
  EXPECT_FALSE(offered(actions, "Attack with Test Yeti \xE2\x86\x92 player 1"));
  EXPECT_FALSE(offered(actions, "Attack with Test Yeti \xE2\x86\x92 Test Raider"));
  LegalAction face{LegalAction::Kind::attack, find(*g, kBoardA, "Test Yeti"), 0, {Target::of(B)}, 0, {}};
  EXPECT_EQ(rules().why_not(*g, A, face), "a minion with taunt is in the way");
}

TEST(HearthRules, DivineShieldAbsorbsTheFirstDamage) {
  auto g = position({.board = {"Test Yeti"}}, {.board = {"Test Squire"}});
  act(*g, {"Attack with Test Yeti \xE2\x86\x92 Test Squire"});
  const ObjectId squire = find(*g, kBoardB, "Test Squire");
  ASSERT_TRUE(squire.valid()) << "the shield took the hit";
  EXPECT_EQ(g->object(squire).damage, 0);
  EXPECT_EQ(g->object(find(*g, kBoardA, "Test Yeti")).damage, 1) << "combat damage is simultaneous";
  auto g2 = g->fork();
  act(*g2, {"End turn", "End turn", "Attack with Test Yeti \xE2\x86\x92 Test Squire"});
  EXPECT_FALSE(find(*g2, kBoardB, "Test Squire").valid()) << "the second hit kills";
}

TEST(HearthRules, AFrozenMinionMissesItsNextAttackAndThaws) {
  auto g = position({.hand = {"Test Bolt"}, .library = {"Test Yeti", "Test Yeti"}},
                    {.board = {"Test Yeti"}, .library = {"Test Yeti", "Test Yeti"}});
  act(*g, {"Play Test Bolt targeting Test Yeti", "End turn"});
  // B's turn: the Yeti is frozen.
  EXPECT_FALSE(offered(rules().legal_actions(*g, B), "Attack with Test Yeti \xE2\x86\x92 player 0"));
  act(*g, {"End turn", "End turn"});
  EXPECT_TRUE(offered(rules().legal_actions(*g, B), "Attack with Test Yeti \xE2\x86\x92 player 0"))
      << "thawed at the end of B's turn";
}

TEST(HearthRules, SummoningSicknessAndCharge) {
  auto g = position({.hand = {"Test Raider", "Test Boar"}}, {});
  act(*g, {"Play Test Raider at 0", "Play Test Boar at 1"});
  const auto actions = rules().legal_actions(*g, A);
  EXPECT_FALSE(offered(actions, "Attack with Test Raider \xE2\x86\x92 player 1"));
  EXPECT_TRUE(offered(actions, "Attack with Test Boar \xE2\x86\x92 player 1"));
}

TEST(HearthRules, OneAttackPerTurn) {
  auto g = position({.board = {"Test Yeti"}}, {});
  act(*g, {"Attack with Test Yeti \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).life, 26);
  EXPECT_FALSE(offered(rules().legal_actions(*g, A), "Attack with Test Yeti \xE2\x86\x92 player 1"));
}

TEST(HearthRules, SilenceRemovesAurasAndBuffs) {
  auto g = position({.hand = {"Test Silence", "Test Cleric"}, .board = {"Test Leader", "Test Raider"},
                     .library = {"Test Yeti"}},
                    {.library = {"Test Yeti"}});
  act(*g, {"Play Test Cleric at 2 targeting Test Raider", "Attack with Test Raider \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).life, 30 - 4) << "2 printed + 1 aura + 1 buff";
  act(*g, {"Play Test Silence targeting Test Leader", "End turn", "End turn",
           "Attack with Test Raider \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).life, 26 - 3) << "the aura is gone; the Raider's own buff stays";
  auto g2 = position({.hand = {"Test Silence"}, .board = {"Test Leader", "Test Raider"}}, {});
  act(*g2, {"Play Test Silence targeting Test Raider", "Attack with Test Raider \xE2\x86\x92 player 1"});
  EXPECT_EQ(g2->state().player(B).life, 27) << "silence does not stop another minion's aura";
}

TEST(HearthRules, EnrageIsOnOnlyWhileDamaged) {
  auto calm = position({.board = {"Test Berserker"}}, {});
  act(*calm, {"Attack with Test Berserker \xE2\x86\x92 player 1"});
  EXPECT_EQ(calm->state().player(B).life, 28);
  auto g = position({.hand = {"Test Lightning"}, .board = {"Test Berserker"}}, {});
  act(*g, {"Play Test Lightning targeting Test Berserker", "Attack with Test Berserker \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).life, 25);
}

TEST(HearthRules, SpellDamageAddsToSpells) {
  auto g = position({.hand = {"Test Bolt"}, .board = {"Test Geomancer"}}, {});
  act(*g, {"Play Test Bolt targeting player 1"});
  EXPECT_EQ(g->state().player(B).life, 26);
}

TEST(HearthRules, OverloadLocksCrystalsNextTurn) {
  auto g = position({.hand = {"Test Lightning"}, .mana = 5}, {});
  act(*g, {"Play Test Lightning targeting player 1", "End turn", "End turn"});
  EXPECT_EQ(g->state().player(A).attrs.get("crystals"_sym), 6);
  EXPECT_EQ(g->state().player(A).attrs.get("mana"_sym), 5);
  EXPECT_EQ(rules().player_status(*g, A),
            "mana 5/6 (1 locked), next draw 2 fatigue, hero power Fireblast");  // as `anvil play`
                                                                                // shows it
}

TEST(HearthRules, ManaChangeMinimumNeverRaisesALowerCost) {
  auto g = position({.hand = {"Test Yeti", "Test Raider", "Test Coin"}, .board = {"Test Portal"}, .mana = 2}, {});
  const auto actions = rules().legal_actions(*g, A);
  EXPECT_TRUE(offered(actions, "Play Test Yeti at 0")) << "4 - 2 = 2";
  act(*g, {"Play Test Raider at 0"});
  EXPECT_EQ(g->state().player(A).attrs.get("mana"_sym), 1) << "1 stays 1: max(min(1, 1), 1 - 2)";
}

TEST(HearthRules, DeathrattleSummonsWhereTheMinionDied) {
  auto g = position({.hand = {"Test Bolt"}}, {.board = {"Test Footman", "Test Golem", "Test Yeti"}});
  act(*g, {"Play Test Bolt targeting Test Golem"});
  EXPECT_EQ(names(*g, kBoardB), (std::vector<std::string>{"Test Footman", "Test Raider", "Test Yeti"}));
}

TEST(HearthRules, AWeaponLosesDurabilityWhenTheHeroAttacks) {
  auto g = position({.hand = {"Test Axe"}, .library = {"Test Yeti"}}, {.library = {"Test Yeti"}});
  act(*g, {"Play Test Axe", "Attack with your hero \xE2\x86\x92 player 1", "End turn", "End turn",
           "Attack with your hero \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).life, 24);
  EXPECT_TRUE(g->state().zone(ZoneRef::command(A)).objects.empty()) << "2 durability, 2 attacks";
}

// What `anvil play` shows of a weapon: the durability it has left, not only its printed stats;
// of a minion that cannot attack yet, that; of a frozen hero, that.
TEST(HearthRules, StatusShowsDurabilityLeftSicknessAndAFrozenHero) {
  auto g = position({.hand = {"Test Axe", "Test Yeti"}, .library = {"Test Yeti"}},
                    {.hand = {"Test Bolt"}, .library = {"Test Yeti"}});
  act(*g, {"Play Test Axe"});
  const ObjectId axe = g->state().zone(ZoneRef::command(A)).objects.at(0);
  EXPECT_EQ(rules().object_status(*g, axe), "3 attack, 2 durability");
  act(*g, {"Attack with your hero \xE2\x86\x92 player 1", "Play Test Yeti at 0"});
  EXPECT_EQ(rules().object_status(*g, axe), "3 attack, 1 durability");
  const ObjectId yeti = g->state().zone(kBoardA).objects.at(0);
  EXPECT_EQ(rules().object_status(*g, yeti), "summoning sickness");
  act(*g, {"End turn", "Play Test Bolt targeting player 0"});
  EXPECT_EQ(rules().object_status(*g, yeti), "") << "not on the turn of the other player";
  EXPECT_NE(rules().player_status(*g, A).find(", frozen"), std::string::npos)
      << rules().player_status(*g, A);
}

// What `anvil play` shows beside a hero whose deck is empty: the fatigue its next draw deals, one
// more after each draw from it.
TEST(HearthRules, PlayerStatusShowsTheFatigueAnEmptyDecksNextDrawDeals) {
  auto g = position({.hand = {"Test Yeti"}}, {.library = {"Test Yeti"}});
  EXPECT_EQ(rules().player_status(*g, A), "mana 10/10, next draw 1 fatigue, hero power Fireblast");
  act(*g, {"End turn", "End turn"});  // B draws its Test Yeti; A takes 1 fatigue
  ASSERT_EQ(g->state().player(A).life, 29);
  EXPECT_NE(rules().player_status(*g, A).find(", next draw 2 fatigue,"), std::string::npos)
      << rules().player_status(*g, A);
  EXPECT_NE(rules().player_status(*g, B).find(", next draw 1 fatigue,"), std::string::npos)
      << "its one card drawn, none taken yet: " << rules().player_status(*g, B);
}

// What `anvil play` shows beside a hero: the attack its weapon gives it, on either player's turn
// (the weapon stays in sight), and its class's power by name, as the portrait shows them.
TEST(HearthRules, PlayerStatusShowsTheHerosAttackAndItsPowerByName) {
  auto g =
      position({.hero = "Warrior", .hand = {"Test Axe", "Test Yeti"}, .library = {"Test Yeti"}},
               {.hero = "Priest", .library = {"Test Yeti"}});
  EXPECT_EQ(rules().player_status(*g, A), "mana 10/10, hero power Armor Up!");
  EXPECT_EQ(rules().player_status(*g, B), "mana 10/10, hero power Lesser Heal");
  act(*g, {"Play Test Axe"});
  EXPECT_EQ(rules().player_status(*g, A), "mana 8/10, attack 3, hero power Armor Up!");
  act(*g, {"End turn"});
  EXPECT_EQ(rules().player_status(*g, A), "mana 8/10, attack 3, hero power Armor Up!");
}

// Gorehowl's effect: target_is_minion reads the character attacked (the event's other target),
// and the hero's +1 Attack ends as the hero's own attack completes.
TEST(HearthRules, AttackingAMinionWithGorehowlCostsAttackNotDurability) {
  auto g = position({.hero = "Warrior", .hand = {"Test Gorehowl"}, .library = {"Test Yeti"}},
                    {.board = {"Test Wall"}, .library = {"Test Yeti"}});
  act(*g, {"Play Test Gorehowl", "Attack with your hero \xE2\x86\x92 Test Wall"});
  EXPECT_EQ(g->object(find(*g, kBoardB, "Test Wall")).damage, 7)
      << "6 of the weapon, 1 for the hero";
  ASSERT_EQ(g->state().zone(ZoneRef::command(A)).objects.size(), 1u) << "the durability is kept";
  act(*g, {"End turn", "End turn", "Attack with your hero \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).life, 24)
      << "6 Attack left, and the +1 ended with the first attack";
  EXPECT_TRUE(g->state().zone(ZoneRef::command(A)).objects.empty())
      << "a hero attack spends durability";
}

// A buff given to a card in the hand (Bolvar Fordragon's +1 Attack per friendly death) stays
// with the minion the card is played as.
TEST(HearthRules, ABuffGivenInTheHandStaysWithThePlayedMinion) {
  auto g = position({.hand = {"Test Bolvar"}, .board = {"Test Raider"}}, {});
  act(*g, {"Hero power targeting Test Raider"});
  EXPECT_EQ(g->view(find(*g, ZoneRef::hand(A), "Test Bolvar")).power, 2) << "in the hand";
  act(*g, {"Play Test Bolvar at 0"});
  EXPECT_EQ(g->view(find(*g, kBoardA, "Test Bolvar")).power, 2) << "in play";
}

// Modifiers held by an aura on the player (Hearthbreaker's Auchenai Soulpriest, Prophet Velen,
// Baron Rivendare give their player the status, not their minions) count as a minion's own do.
TEST(HearthRules, PlayerAurasModifyHealsSpellsAndDeathrattles) {
  auto soul =
      position({.hero = "Priest", .board = {"Test Soulpriest"}}, {.board = {"Test Raider"}});
  act(*soul, {"Hero power targeting Test Raider"});
  EXPECT_FALSE(find(*soul, kBoardB, "Test Raider").valid()) << "Lesser Heal deals 2 instead";
  auto velen =
      position({.hero = "Priest", .hand = {"Test Bolt"}, .board = {"Test Velen"}, .life = 20},
               {.board = {"Test Yeti"}});
  act(*velen, {"Hero power targeting player 0", "Play Test Bolt targeting Test Yeti"});
  EXPECT_EQ(velen->state().player(A).life, 24) << "Lesser Heal restores 2 x 2";
  EXPECT_FALSE(find(*velen, kBoardB, "Test Yeti").valid()) << "Test Bolt deals 3 x 2";
  auto baron = position({.hand = {"Test Bolt"}, .board = {"Test Rivendare", "Test Golem"}}, {});
  act(*baron, {"Play Test Bolt targeting Test Golem"});
  EXPECT_EQ(names(*baron, kBoardA),
            (std::vector<std::string>{"Test Rivendare", "Test Raider", "Test Raider"}));
}

TEST(HearthRules, HeroPowers) {
  // A card left to play keeps A's turn going after the power (else it would end by itself, and
  // nothing would be offered to A at all).
  auto mage = position({.hand = {"Test Yeti"}}, {.board = {"Test Raider"}});
  act(*mage, {"Hero power targeting Test Raider"});
  EXPECT_FALSE(find(*mage, kBoardB, "Test Raider").valid());
  EXPECT_EQ(mage->state().player(A).attrs.get("mana"_sym), 8);
  ASSERT_EQ(mage->state().turn.active, A);
  EXPECT_TRUE(offered(rules().legal_actions(*mage, A), "Play Test Yeti at 0"));
  EXPECT_FALSE(offered(rules().legal_actions(*mage, A), "Hero power targeting player 1")) << "once a turn";
  auto paladin = position({.hero = "Paladin"}, {});
  act(*paladin, {"Hero power"});
  EXPECT_EQ(names(*paladin, kBoardA), std::vector<std::string>{"Silver Hand Recruit"});
  auto warrior = position({.hero = "Warrior"}, {});
  act(*warrior, {"Hero power"});
  EXPECT_EQ(warrior->state().player(A).attrs.get("armor"_sym), 2);
}

TEST(HearthRules, PlayerStatusShowsManaArmorAndTheHeroPowerUsedThisTurn) {
  // A card left to play keeps the turn going after the hero power (with End turn alone left,
  // the turn would end by itself).
  auto warrior = position({.hero = "Warrior", .hand = {"Test Yeti"}}, {});
  act(*warrior, {"Hero power"});
  ASSERT_EQ(warrior->state().turn.active, A);
  EXPECT_EQ(rules().player_status(*warrior, A),
            "mana 8/10, armor 2, next draw 1 fatigue, hero power Armor Up! (used)");
  act(*warrior, {"End turn"});
  ASSERT_EQ(warrior->state().turn.active, B);
  EXPECT_EQ(rules().player_status(*warrior, A),
            "mana 8/10, armor 2, next draw 1 fatigue, hero power Armor Up!")
      << "used: this turn only";
}

TEST(HearthRules, ChooseOneOffersEachOptionAsItsOwnPlay) {
  auto g = position({.hand = {"Test Keeper"}}, {.board = {"Test Leader"}});
  const auto actions = rules().legal_actions(*g, A);
  EXPECT_TRUE(offered(actions, "Play Test Keeper (Test Moonfire) at 0 targeting player 1"));
  EXPECT_TRUE(offered(actions, "Play Test Keeper (Test Dispel) at 0 targeting Test Leader"));
  EXPECT_FALSE(offered(actions, "Play Test Keeper (Test Dispel) at 0 targeting player 1")) << "minions only";
  act(*g, {"Play Test Keeper (Test Moonfire) at 0 targeting Test Leader"});
  EXPECT_FALSE(find(*g, kBoardB, "Test Leader").valid()) << "2 damage to a 2/2";
  EXPECT_EQ(names(*g, kBoardA), std::vector<std::string>{"Test Keeper"});
}

// Loatheb (HEARTH-TAGS §9): "friendly" in the given aura is relative to the receiving player, so
// it lasts until the end of the enemy's turn, not the giver's.
TEST(HearthRules, AnAuraGivenToAPlayerIsScopedFromTheReceiver) {
  auto g = position({.hand = {"Test Loatheb"}, .library = {"Test Yeti", "Test Yeti"}},
                    {.hand = {"Test Bolt"}, .library = {"Test Yeti", "Test Yeti"}});
  const ObjectId bolt = find(*g, ZoneRef::hand(B), "Test Bolt");
  act(*g, {"Play Test Loatheb at 0"});
  EXPECT_EQ(g->view(bolt).cost.generic, 7);
  act(*g, {"End turn"});
  EXPECT_EQ(g->view(bolt).cost.generic, 7) << "still on B's turn";
  act(*g, {"End turn"});
  EXPECT_EQ(g->view(bolt).cost.generic, 2) << "gone as B's turn ended";
}

TEST(HearthRules, AnAuraUntilAnEventEndsWhenItFires) {
  auto g = position({.hand = {"Test Kirin", "Test Bolt", "Test Lightning"}, .mana = 3}, {});
  act(*g, {"Play Test Kirin at 0"});
  EXPECT_EQ(g->view(find(*g, ZoneRef::hand(A), "Test Bolt")).cost.generic, 0);
  act(*g, {"Play Test Bolt targeting player 1"});
  EXPECT_EQ(g->view(find(*g, ZoneRef::hand(A), "Test Lightning")).cost.generic, 1) << "the next spell pays";
}

TEST(HearthRules, ChangeTargetRedirectsAnAttack) {
  auto g = position({.board = {"Test Ogre"}}, {.board = {"Test Yeti"}});
  act(*g, {"Attack with Test Ogre \xE2\x86\x92 Test Yeti"});
  EXPECT_EQ(g->state().player(B).life, 26);
  EXPECT_EQ(g->object(find(*g, kBoardB, "Test Yeti")).damage, 0);
  EXPECT_EQ(g->object(find(*g, kBoardA, "Test Ogre")).damage, 0) << "a hero does not strike back";
}

TEST(HearthRules, ResurrectFriendlyReturnsWhatDiedThisTurn) {
  auto g = position({.hand = {"Test Bolt"}, .board = {"Test Kel", "Test Raider"}, .library = {"Test Yeti"}},
                    {.library = {"Test Yeti"}});
  act(*g, {"Play Test Bolt targeting Test Raider", "End turn"});
  EXPECT_EQ(names(*g, kBoardA), (std::vector<std::string>{"Test Kel", "Test Raider"}));
}

TEST(HearthRules, ArmorAbsorbsDamageFirst) {
  auto g = position({.board = {"Test Yeti"}}, {.armor = 3});
  act(*g, {"Attack with Test Yeti \xE2\x86\x92 player 1"});
  EXPECT_EQ(g->state().player(B).attrs.get("armor"_sym), 0);
  EXPECT_EQ(g->state().player(B).life, 29);
}

TEST(HearthRules, AGameEndsWhenAHeroDies) {
  auto g = position({.board = {"Test Yeti"}}, {.life = 4});
  act(*g, {"Attack with Test Yeti \xE2\x86\x92 player 1"});
  EXPECT_TRUE(g->state().over);
  EXPECT_EQ(rules().outcome(*g), (std::vector<Outcome>{Outcome::won, Outcome::lost}));
}

// Effects that trigger each other without end and kill nobody (armor that gains armor) are an
// error of the cards, said as such; a loop that kills a hero ends the game instead
// (scenario card_mistress_of_pain_with_auchenai_soulpriest.yaml).
TEST(HearthRules, ALoopThatKillsNobodyIsAnError) {
  auto g =
      position({.hero = "Warrior", .hand = {"Test Yeti"}, .board = {"Test Armorsmith Loop"}}, {});
  try {
    act(*g, {"Hero power"});
    FAIL() << "the loop ended";
  } catch (const RulesError& e) {
    EXPECT_NE(std::string(e.what()).find("effects triggered each other more than 256 deep"),
              std::string::npos)
        << e.what();
  }
}

}  // namespace
}  // namespace anvil::hearth_test

namespace anvil::hearth_test {
namespace {

TEST(HearthTags, SwapStatsTradesAttackAndHealthOfTheTarget) {
  // Crazed Alchemist: a 4/5 becomes a 5/4, whatever buffs made its numbers.
  auto g = position({.hand = {"Test Alchemist"}}, {.board = {"Test Yeti"}});
  act(*g, {"Play Test Alchemist at 0 targeting Test Yeti"});
  const Characteristics yeti = g->view(find(*g, ZoneRef::battlefield(PlayerId(1)), "Test Yeti"));
  EXPECT_EQ(yeti.power, 5);
  EXPECT_EQ(yeti.toughness, 4);
}

TEST(HearthTags, SwapStatsWithTheOwnerTradesHealth) {
  // Vol'jin (6/2) and a damaged Yeti (4 health left of 5) swap their current health.
  auto g = position({.hand = {"Test Voljin"}, .mana = 5}, {.board = {"Test Yeti"}});
  g->journal().set_damage(find(*g, ZoneRef::battlefield(PlayerId(1)), "Test Yeti"), 1);
  act(*g, {"Play Test Voljin at 0 targeting Test Yeti"});
  const ObjectId voljin = find(*g, ZoneRef::battlefield(PlayerId(0)), "Test Voljin");
  const ObjectId yeti = find(*g, ZoneRef::battlefield(PlayerId(1)), "Test Yeti");
  EXPECT_EQ(g->view(voljin).toughness - g->object(voljin).damage, 4);
  EXPECT_EQ(g->view(yeti).toughness - g->object(yeti).damage, 2);
}

}  // namespace
}  // namespace anvil::hearth_test

namespace anvil::hearth_test {
namespace {

TEST(HearthTags, SwapWithHandTradesTheMinionForAMinionCardOfTheHand) {
  // Alarm-o-Bot: at the start of A's turn it goes back to the hand and the only minion card of
  // the hand (not the spells, nor the one drawn) takes its place, between the two Raiders.
  auto g = position({.hand = {"Test Bolt", "Test Yeti"}, .board = {"Test Raider", "Test Alarm", "Test Raider"},
                     .library = {"Test Bolt", "Test Bolt"}},
                    {.library = {"Test Footman"}});
  act(*g, {"End turn", "End turn"});
  EXPECT_EQ(names(*g, ZoneRef::battlefield(PlayerId(0))),
            (std::vector<std::string>{"Test Raider", "Test Yeti", "Test Raider"}));
  const auto hand = names(*g, ZoneRef::hand(PlayerId(0)));
  EXPECT_NE(std::find(hand.begin(), hand.end(), "Test Alarm"), hand.end());
}

}  // namespace
}  // namespace anvil::hearth_test

namespace anvil::hearth_test {
namespace {

bool can_attack_with_warhorse(const Game& g) {
  const auto actions = rules().legal_actions(g, PlayerId(0));
  return std::any_of(actions.begin(), actions.end(), [](const LegalAction& a) {
    return a.label == "Attack with Test Warhorse \xE2\x86\x92 player 1";
  });
}

TEST(HearthTags, AJoustWonByACostlierMinionRunsTheWinAction) {
  // A reveals a Yeti (4) against B's Raider (1): the Warhorse gains charge and attacks at once.
  auto g = position({.hand = {"Test Warhorse"}, .library = {"Test Bolt", "Test Yeti"}, .mana = 4}, {.library = {"Test Raider"}});
  act(*g, {"Play Test Warhorse at 0"});
  EXPECT_TRUE(can_attack_with_warhorse(*g));
}

TEST(HearthTags, AJoustLostOrWithoutAMinionDoesNothing) {
  auto lost = position({.hand = {"Test Warhorse"}, .library = {"Test Raider"}, .mana = 4}, {.library = {"Test Yeti"}});
  act(*lost, {"Play Test Warhorse at 0"});
  EXPECT_FALSE(can_attack_with_warhorse(*lost)) << "1 against 4";
  auto none = position({.hand = {"Test Warhorse"}, .library = {"Test Bolt"}, .mana = 4}, {.library = {}});
  act(*none, {"Play Test Warhorse at 0"});
  EXPECT_FALSE(can_attack_with_warhorse(*none)) << "no minion in A's deck: A loses";
}

}  // namespace
}  // namespace anvil::hearth_test

namespace anvil::hearth_test {
namespace {

TEST(HearthTags, AHandCardSourceWithConditionsPicksOnlyMatchingCards) {
  // Of Yeti, Bolt and Raider only the Raider is a Murloc: every pick copies it.
  auto g = position({.hand = {"Test Yeti", "Test Echo", "Test Bolt", "Test Raider"}}, {});
  act(*g, {"Play Test Echo"});
  EXPECT_EQ(names(*g, ZoneRef::hand(PlayerId(0))),
            (std::vector<std::string>{"Test Yeti", "Test Bolt", "Test Raider", "Test Raider"}));
}

// remove_from_hand then summon of `same` (Test Recruit): the hand query picks only a card the
// summon takes (Action::takes), so on a full board the minion stays in the hand, in its place.
TEST(HearthTags, ACardTakenFromTheHandForAFullBoardStaysInTheHand) {
  auto g = position({.hand = {"Test Yeti", "Test Recruit", "Test Bolt"},
                     .board = std::vector<std::string>(7, "Test Raider")},
                    {});
  act(*g, {"Play Test Recruit"});
  EXPECT_EQ(names(*g, ZoneRef::hand(A)), (std::vector<std::string>{"Test Yeti", "Test Bolt"}));
  EXPECT_EQ(names(*g, kBoardA).size(), 7u);
  EXPECT_TRUE(names(*g, ZoneRef::exile(A)).empty());
}

TEST(HearthTags, ACardTakenFromTheHandWithRoomIsSummoned) {
  auto g = position({.hand = {"Test Yeti", "Test Recruit", "Test Bolt"}}, {});
  act(*g, {"Play Test Recruit"});
  EXPECT_EQ(names(*g, ZoneRef::hand(A)), (std::vector<std::string>{"Test Bolt"}));
  EXPECT_EQ(names(*g, kBoardA), (std::vector<std::string>{"Test Yeti"}));
}

// Labels are made only for agents that read them (anvil/label_blind.hpp): a LabelBlind agent is
// asked the same options, with empty labels.
class FirstOption : public Agent {
 public:
  std::string_view name() const override { return "first"; }
  Answer choose(const DecisionView&, const Choice& c) override {
    labels.clear();
    for (const Option& o : c.options) labels.push_back(o.label);
    return Answer{{0}};
  }
  std::vector<std::string> labels;  // of the last choice
};
class BlindFirstOption final : public FirstOption, public LabelBlind {};

TEST(HearthRules, LabelsAreLeftOutForALabelBlindAgentOnly) {
  auto decide = [](std::shared_ptr<FirstOption> agent, std::vector<std::string>* legal) {
    auto g = position({.hand = {"Test Yeti"}, .board = {"Test Raider"}}, {.board = {"Test Footman"}});
    for (const LegalAction& a : rules().legal_actions(*g, A)) legal->push_back(a.label);
    g->seat(A, agent);
    rules().advance(*g);
    return agent->labels;
  };
  std::vector<std::string> legal, ignored;
  const auto sighted = decide(std::make_shared<FirstOption>(), &legal);
  const auto blind = decide(std::make_shared<BlindFirstOption>(), &ignored);
  ASSERT_GT(legal.size(), 2u);
  EXPECT_EQ(sighted, legal) << "a sighted agent reads the labels of legal_actions";
  ASSERT_EQ(blind.size(), legal.size()) << "the same options";
  EXPECT_TRUE(std::all_of(blind.begin(), blind.end(), [](const std::string& l) { return l.empty(); }));
  EXPECT_TRUE(label_blind(std::make_shared<BlindFirstOption>().get()));
  EXPECT_FALSE(label_blind(std::make_shared<FirstOption>().get()));
  // Across shared objects: the ai-random plugin's agent, seen from here as from rules-hearth.
  const auto random = registry().find<AgentFactory>("ai-random");
  ASSERT_TRUE(random);
  EXPECT_TRUE(label_blind(random->make(AgentOptions{1, {}, &registry(), "hearth"}).get()));
}

}  // namespace
}  // namespace anvil::hearth_test

namespace anvil::hearth_test {
namespace {

std::size_t effects_on(const Game& g, PlayerId p) {
  const auto& effects = g.state().effects;
  return static_cast<std::size_t>(
      std::count_if(effects.begin(), effects.end(), [&](const FloatingEffect& fe) {
        return fe.affected.is_player() && fe.affected.player == p;
      }));
}

// Echoing Ooze's shape: the battlecry gives its player a turn_ended effect. As Hearthbreaker's
// Player.add_effect: the effect's owner is the hero (the tag-level `self`, which gains the
// Armor), it runs once, the first time its event comes, and duplicate's own selector `self` is
// the minion that gave the effect (GiveEffect fixes it on the giver).
TEST(HearthTags, AnEffectGivenToAPlayerRunsOnceAsItsHerosWithSelfTheGiver) {
  auto g = position(
      {.hand = {"Test Ooze"}, .board = {"Test Yeti"}, .library = {"Test Raider", "Test Raider"}},
      {.library = {"Test Raider", "Test Raider"}});
  act(*g, {"Play Test Ooze at 0"});
  EXPECT_EQ(effects_on(*g, A), 1u) << "the player holds the effect";
  act(*g, {"End turn"});
  EXPECT_EQ(names(*g, kBoardA), (std::vector<std::string>{"Test Ooze", "Test Ooze", "Test Yeti"}))
      << "the copy stands right of the Ooze";
  EXPECT_EQ(g->state().player(A).attrs.get("armor"_sym), 1) << "the tag's own `self` is the hero";
  EXPECT_EQ(effects_on(*g, A), 0u) << "it ran once and is gone";
  act(*g, {"End turn", "End turn"});
  EXPECT_EQ(names(*g, kBoardA).size(), 3u) << "no copy at later turn ends";
  EXPECT_EQ(g->state().player(A).attrs.get("armor"_sym), 1);
}

TEST(HearthTags, AnEffectGivenToAPlayerFindsNoGiverThatLeftPlay) {
  auto g = position({.hand = {"Test Ooze", "Test Bolt"}, .library = {"Test Raider"}, .mana = 4},
                    {.library = {"Test Raider"}});
  act(*g, {"Play Test Ooze at 0", "Play Test Bolt targeting Test Ooze", "End turn"});
  EXPECT_TRUE(names(*g, kBoardA).empty()) << "the Ooze died before the turn ended: nothing to copy";
  EXPECT_EQ(g->state().player(A).attrs.get("armor"_sym), 1) << "the effect still ran";
  EXPECT_EQ(effects_on(*g, A), 0u);
}

// Puts back every card at the mulligan, and counts the cards it put back that are in a hand at
// the next decision: the second player's mulligan (the first player has its replacements, and
// nobody has drawn for a turn yet), and the first action, where it stops the game (then only the
// cards of the player not on turn: the one on turn has just drawn, which may be one of them).
class PutBackAll final : public Agent {
 public:
  explicit PutBackAll(const Game& game) : game_(game) {}
  std::string_view name() const override { return "put-back-all"; }
  Answer choose(const DecisionView&, const Choice& c) override {
    const GameState& s = game_.state();
    for (ObjectId id : put_back)
      if (c.kind == ChoiceKind::mulligan || s.object(id).owner != s.turn.active)
        in_hand += s.object(id).zone.kind == ZoneKind::hand;
    if (c.kind != ChoiceKind::mulligan) throw Done{};
    Answer a;
    for (std::uint32_t i = 0; i < c.options.size(); ++i) {
      a.picks.push_back(i);
      put_back.push_back(c.options[i].target.object.id);
    }
    return a;
  }
  std::vector<ObjectId> put_back;
  int in_hand = 0;

 private:
  const Game& game_;
};

TEST(HearthRules, AMulliganedCardIsNotDrawnAgainInItsPlace) {
  // Replacements are drawn before the cards go back into the deck (they are shuffled in after).
  // Drawn after, each replacement would be one of the cards put back about one time in ten.
  ASSERT_GE(test_pack().decks.size(), 2u);
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    MatchConfig config;
    config.decks = {test_pack().decks[0], test_pack().decks[1]};
    config.seed = seed;
    auto g = rules().setup(test_pool(), config);
    auto agent = std::make_shared<PutBackAll>(*g);
    g->seat(A, agent);
    g->seat(B, agent);
    try {
      while (rules().advance(*g)) {
      }
    } catch (const Done&) {
    }
    ASSERT_EQ(agent->put_back.size(), 7u) << "3 cards and 4";
    EXPECT_EQ(agent->in_hand, 0) << "seed " << seed;
  }
}

// The command line tells a hearth game in Hearthstone's words (RulesModule::term): cards played,
// minions summoned, heroes' health, the deck, the board, the hero's weapon and secrets, and
// `skip` ends the turn; the graveyard keeps its name. Each wording passes the kernel's check of
// its pattern.
TEST(HearthRules, TellsItsGameInHearthstonesWords) {
  EXPECT_EQ(rules().wording("cast"), "plays");
  EXPECT_EQ(rules().wording("enter"), "{card} is summoned for {player}");
  EXPECT_EQ(rules().wording("life"), "health");
  EXPECT_EQ(rules().wording("zone.library"), "deck");
  EXPECT_EQ(rules().wording("zone.battlefield"), "board");
  EXPECT_EQ(rules().wording("zone.command"), "weapon");
  EXPECT_EQ(rules().wording("zone.exile"), "secrets and cards out of play");
  EXPECT_EQ(rules().wording("zone.graveyard"), "graveyard");
  EXPECT_EQ(rules().wording("skipping"), "Ending your turn.");
  EXPECT_EQ(rules().wording("skip").find("stack"), std::string::npos) << "hearth has no stack";
  for (std::string_view key : RulesModule::term_keys())
    EXPECT_NO_THROW((void)rules().wording(key)) << key;
  EXPECT_EQ(rules().term("no.such.key"), std::nullopt);
}

}  // namespace
}  // namespace anvil::hearth_test
