// Battles (310, 704.5v-x) and dungeons (309, 701.46, 704.5t) with classic-core's real cards
// (Invasion of Dominaria, Shock, Veteran Dungeoneer, Lost Mine of Phandelver): what the scenarios
// under tests/scenarios/classic/ cannot reach — the attack declaration every agent sees, a Siege
// whose controller became its protector (704.5x), the load errors — and random games with them.
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

constexpr Symbol kProtector = "protector"_sym;
constexpr Symbol kProtectorZc = "protector_zc"_sym;

bool offered(const Choice& c, const std::string& label) {
  return std::any_of(c.options.begin(), c.options.end(),
                     [&](const Option& o) { return o.label == label; });
}

// 310.8, 508.1b: the attack declaration (what legal_actions' attack counterpart, the attackers
// decision, offers every agent — ai-random picks among these options) lists a battle its
// protector's opponent may attack, as it lists a planeswalker.
TEST(RulesClassicBattles, TheAttackDeclarationOffersABattleToItsProtectorsOpponents) {
  ASSERT_TRUE(core());
  Table t =
      table(core(), position("main1", player("A", {}, {"Grizzly Bears", "Invasion of Dominaria"}),
                             player("B", {}, {"Wall of Wood"})));
  Game& g = *t.game;
  ASSERT_TRUE(advance_until(g, [&](const Game&) {
    return std::any_of(t.a->asked.begin(), t.a->asked.end(),
                       [](const Choice& c) { return c.kind == ChoiceKind::attackers; });
  }));
  const auto attack = std::find_if(t.a->asked.begin(), t.a->asked.end(),
                                   [](const Choice& c) { return c.kind == ChoiceKind::attackers; });
  EXPECT_TRUE(offered(*attack, "Grizzly Bears → player 1"));
  EXPECT_TRUE(offered(*attack, "Grizzly Bears → Invasion of Dominaria"));
  EXPECT_FALSE(offered(*attack, "Invasion of Dominaria → player 1"));  // not a creature
  const ObjectId battle = find(g, "Invasion of Dominaria", ZoneRef::battlefield(kA));
  EXPECT_EQ(g.object(battle).attrs.get(kProtector), 2);        // B, chosen by 704.5w
  EXPECT_EQ(g.object(battle).counters.get("defense"_sym), 5);  // a position's printed defense
}

// 704.5x: a Siege whose controller is also its protector (here set by hand: the packs have no
// control-changing effect) gets an opponent as its protector at the next state-based check.
TEST(RulesClassicBattles, ASiegeProtectedByItsControllerGetsAnOpponentAsProtector) {
  ASSERT_TRUE(core());
  Table t = table(
      core(), position("main1", player("A", {}, {"Invasion of Dominaria"}), player("B", {}, {})));
  Game& g = *t.game;
  rules().check_state(g);
  const ObjectId battle = find(g, "Invasion of Dominaria", ZoneRef::battlefield(kA));
  ASSERT_EQ(g.object(battle).attrs.get(kProtector), 2);
  g.journal().set_attr(battle, kProtector, 1);  // A, its controller
  rules().check_state(g);
  EXPECT_EQ(g.object(battle).attrs.get(kProtector), 2);
  EXPECT_EQ(g.object(battle).zone.kind, ZoneKind::battlefield);
  // A battle that left and came back is a new object: no protector until one is chosen again.
  EXPECT_EQ(g.object(battle).attrs.get(kProtectorZc),
            static_cast<std::int64_t>(g.object(battle).zone_changes) + 1);
}

// Combat damage and a spell's damage to a battle are the same result (120.3h): defense counters,
// no marked damage, and its protector loses no life.
TEST(RulesClassicBattles, DamageToABattleRemovesDefenseCountersOnly) {
  ASSERT_TRUE(core());
  Table t = table(
      core(), position("main1", player("A", {}, {"Invasion of Dominaria"}), player("B", {}, {})));
  Game& g = *t.game;
  rules().check_state(g);
  const ObjectId battle = find(g, "Invasion of Dominaria", ZoneRef::battlefield(kA));
  const ObjectId bears = g.add_card(*g.cards().find("Grizzly Bears"), kB, ZoneRef::battlefield(kB));
  EXPECT_EQ(deal_damage(g, bears, Target::of(g.object(battle).ref()), 4), 4);
  EXPECT_EQ(g.object(battle).counters.get("defense"_sym), 1);
  EXPECT_EQ(g.object(battle).damage, 0);
  EXPECT_EQ(g.state().players[1].life, 20);
  EXPECT_EQ(g.state().pending_triggers.size(), 0u);  // not its last counter: not defeated
  deal_damage(g, bears, Target::of(g.object(battle).ref()), 3);  // more than it has left
  EXPECT_EQ(g.object(battle).counters.get("defense"_sym), 0);
  EXPECT_EQ(g.state().pending_triggers.size(), 1u);  // defeated (310.11c)
}

TEST(RulesClassicBattles, DefenseIsForBattlesAndDamageForAnyTarget) {
  CardSpec not_battle{.name = "Not A Battle",
                      .cost = "{W}",
                      .types = {"Enchantment"},
                      .abilities = {{"defense", {{"amount", "3"}}}}};
  EXPECT_THROW(compile(not_battle), LoadError);
  CardSpec bad_defense{.name = "Bad Defense",
                       .cost = "{W}",
                       .types = {"Battle"},
                       .subtypes = {"Siege"},
                       .abilities = {{"defense", {{"amount", "-1"}}}}};
  EXPECT_THROW(compile(bad_defense), LoadError);
  CardSpec siege{.name = "Test Siege",
                 .cost = "{W}",
                 .types = {"Battle"},
                 .subtypes = {"Siege"},
                 .abilities = {{"defense", {{"amount", "3"}}}}};
  const CardDef def = compile(siege);
  ASSERT_EQ(def.abilities.size(), 2u);  // the defense and the Siege's "defeated" trigger
  EXPECT_EQ(def.abilities[1].kind, AbilityKind::triggered);
  CardSpec bolt{.name = "Test Bolt",
                .cost = "{R}",
                .types = {"Instant"},
                .abilities = {{"damage", {{"amount", "0"}}}}};
  EXPECT_THROW(compile(bolt), LoadError);
}

// 701.22a: the Scry verb takes any number of cards from one ("YouScry/3"); none is a load error.
TEST(RulesClassicDungeons, ScryTakesANumberOfCardsOfAtLeastOne) {
  CardSpec seer{.name = "Test Seer",
                .cost = "{U}",
                .types = {"Creature"},
                .power = 1,
                .toughness = 1,
                .abilities = {{"trigger", {{"when", "enters"}, {"do", "YouScry/3"}}}}};
  const CardDef def = compile(seer);
  ASSERT_EQ(def.abilities.size(), 1u);
  EXPECT_NE(def.abilities[0].text.find("you scry 3"), std::string::npos) << def.abilities[0].text;
  CardSpec blind{.name = "Test Blind Seer",
                 .cost = "{U}",
                 .types = {"Creature"},
                 .power = 1,
                 .toughness = 1,
                 .abilities = {{"trigger", {{"when", "enters"}, {"do", "YouScry/0"}}}}};
  try {
    compile(blind);
    ADD_FAILURE() << "YouScry/0 compiled";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("at least 1"), std::string::npos) << e.what();
  }
}

// 701.46c: venturing with the marker on the bottommost room (its ability still on the stack, so
// 704.5t has not removed the dungeon yet) completes that dungeon and begins a new one.
TEST(RulesClassicDungeons, VenturingFromTheBottommostRoomCompletesTheDungeonAndBeginsANewOne) {
  ASSERT_TRUE(core());
  Table t = table(
      core(), position("main1", player("A", {}, {}, {"Plains", "Plains"}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId mine =
      g.add_card(*g.cards().find("Lost Mine of Phandelver"), kA, ZoneRef::command(kA));
  const CardDef& def = g.card(mine);
  std::uint16_t temple = 0;
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (def.abilities[i].text.starts_with("Temple of Dumathoin"))
      temple = static_cast<std::uint16_t>(i);
  ASSERT_NE(temple, 0);
  g.journal().set_attr(mine, "venture_room"_sym, 7);  // on Temple of Dumathoin, the bottommost
  g.fire_trigger(PendingTrigger{g.object(mine).ref(), g.object(mine).card, temple, kA, {}});
  const ObjectId dungeoneer =
      g.add_card(*g.cards().find("Veteran Dungeoneer"), kA, ZoneRef::hand(kA));
  move_to_zone(g, dungeoneer, ZoneRef::battlefield(kA), Cause::put);  // its venture triggers
  rules().check_state(g);
  EXPECT_EQ(g.object(mine).zone.kind, ZoneKind::command);  // 704.5t: Temple is pending
  // A orders Temple first (it resolves last): the venture resolves with the marker on Temple.
  ASSERT_TRUE(advance_until(g, [](const Game& game) {
    return game.state().pending_triggers.empty() && game.state().stack.empty();
  }));
  EXPECT_EQ(g.object(mine).zone.kind, ZoneKind::none);  // completed, removed from the game
  EXPECT_EQ(g.state().players[0].attrs.get("dungeons_completed"_sym), 1);
  const auto& command = g.state().zone(ZoneRef::command(kA)).objects;
  ASSERT_EQ(command.size(), 1u);  // a new Lost Mine, its marker on Cave Entrance
  EXPECT_EQ(g.card(command[0]).name, "Lost Mine of Phandelver");
  EXPECT_EQ(g.object(command[0]).attrs.get("venture_room"_sym), 1);
  EXPECT_EQ(count(g, ZoneRef::hand(kA)), 1u);  // Temple's "Draw a card." resolved too
}

// 704.5t is not looked for while the command zones are as empty as the last look at every object
// saw them (state_based.cpp); a dungeon moved into one after such checks, its marker on the
// bottommost room and nothing of it pending, is completed by the next check all the same, and so
// is one whose marker reaches that room while it is there.
TEST(RulesClassicDungeons, ADungeonMovedIntoTheCommandZoneAfterChecksIsCompleted) {
  ASSERT_TRUE(core());
  Table t = table(core(), position("main1", player("A", {}, {}), player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId mine =
      g.add_card(*g.cards().find("Lost Mine of Phandelver"), kA, ZoneRef::exile(kA));
  // On Temple of Dumathoin, the bottommost room.
  g.journal().set_attr(mine, "venture_room"_sym, 7);
  rules().check_state(g);  // nothing to do: no dungeon in a command zone
  rules().check_state(g);
  ASSERT_EQ(g.object(mine).zone, ZoneRef::exile(kA));
  g.journal().move_object(mine, ZoneRef::command(kA));
  rules().check_state(g);
  EXPECT_EQ(g.object(mine).zone.kind, ZoneKind::none);  // completed, removed from the game
  EXPECT_EQ(g.state().players[0].attrs.get("dungeons_completed"_sym), 1);
  // A dungeon already there whose marker moves to the bottommost room (an attr edit, which the
  // look at every object does not follow) is completed too.
  const ObjectId next =
      g.add_card(*g.cards().find("Lost Mine of Phandelver"), kA, ZoneRef::command(kA));
  g.journal().set_attr(next, "venture_room"_sym, 1);
  rules().check_state(g);  // nothing to do: on Cave Entrance
  rules().check_state(g);
  ASSERT_EQ(g.object(next).zone, ZoneRef::command(kA));
  g.journal().set_attr(next, "venture_room"_sym, 7);
  rules().check_state(g);
  EXPECT_EQ(g.object(next).zone.kind, ZoneKind::none);
  EXPECT_EQ(g.state().players[0].attrs.get("dungeons_completed"_sym), 2);
}

// The rooms' texts, generated from the `dungeon` keyword, read as the printed card does.
TEST(RulesClassicDungeons, LostMineOfPhandelverRoomTexts) {
  ASSERT_TRUE(core());
  const CardDef& mine = core()->at(*core()->find("Lost Mine of Phandelver"));
  std::vector<std::string> texts;
  for (const AbilityDef& a : mine.abilities) texts.push_back(a.text);
  EXPECT_EQ(texts,
            (std::vector<std::string>{
                "Cave Entrance \u2014 You scry 1.", "Goblin Lair \u2014 You create a Goblin token.",
                "Mine Tunnels \u2014 You create a Treasure token.",
                "Storeroom \u2014 Put a +1/+1 counter on target creature.",
                "Dark Pool \u2014 Your opponent loses 1 life, then you gain 1 life.",
                "Fungi Cavern \u2014 Target creature gets -4/-0 until your next turn.",
                "Temple of Dumathoin \u2014 You draw a card.", "(until your next turn)"}));
  const CardDef& dungeoneer = core()->at(*core()->find("Veteran Dungeoneer"));
  ASSERT_EQ(dungeoneer.abilities.size(), 1u);
  EXPECT_EQ(dungeoneer.abilities[0].text, "When CARDNAME enters, you venture into the dungeon.");
}

// What no deck may hold: a dungeon begins the game outside it (309.2a) and a token is made during
// it (111.1). A pack's deck naming one of its own tokens is refused by load_pack() at its line;
// these come from another pack (classic-core's), so only the rules' setup can refuse them, and it
// names the card, which `anvil pack validate` reports at the deck line naming it.
TEST(RulesClassicDungeons, NoDeckMayHoldADungeonOrAToken) {
  ASSERT_TRUE(core());
  for (const auto& [card, what] : std::vector<std::pair<std::string, std::string>>{
           {"Lost Mine of Phandelver", "is a dungeon, which begins the game outside it (309.2a)"},
           {"Goblin", "is a token, made during a game (111.1)"}}) {
    DeckList deck;
    for (int i = 0; i < 20; ++i) deck.cards.push_back("Mountain");
    deck.cards.push_back(card);
    MatchConfig config;
    config.decks = {deck, deck};
    try {
      (void)rules().setup(core(), config);
      ADD_FAILURE() << card << " was put in a library";
    } catch (const LoadError& e) {
      EXPECT_EQ(e.problem(), "'" + card + "' " + what + ": no deck may hold one") << e.what();
    }
  }
}

// The same refusal when the host gives the cards found by name (MatchConfig::deck_cards): the
// list is checked as the names are.
TEST(RulesClassicDungeons, NoDeckMayHoldADungeonOrATokenGivenAsFound) {
  ASSERT_TRUE(core());
  for (const auto& [card, what] : std::vector<std::pair<std::string, std::string>>{
           {"Lost Mine of Phandelver", "is a dungeon, which begins the game outside it (309.2a)"},
           {"Goblin", "is a token, made during a game (111.1)"}}) {
    DeckList deck;
    std::vector<CardId> found;
    for (int i = 0; i < 20; ++i) deck.cards.push_back("Mountain");
    deck.cards.push_back(card);
    for (const std::string& name : deck.cards) found.push_back(*core()->find(name));
    MatchConfig config;
    config.decks = {deck, deck};
    config.deck_cards = {found, found};
    try {
      (void)rules().setup(core(), config);
      ADD_FAILURE() << card << " was put in a library";
    } catch (const LoadError& e) {
      EXPECT_EQ(e.problem(), "'" + card + "' " + what + ": no deck may hold one") << e.what();
    }
  }
}

// Random agents play whole games with battles, a Siege-hitting spell and a venturing creature in
// both decks: no exception, and every game ends.
TEST(RulesClassicDungeons, RandomGamesWithBattlesAndDungeonsEnd) {
  ASSERT_TRUE(core());
  DeckList white, red;
  for (int i = 0; i < 12; ++i) white.cards.push_back("Plains");
  for (int i = 0; i < 12; ++i) red.cards.push_back("Mountain");
  for (const char* c :
       {"Veteran Dungeoneer", "Invasion of Dominaria", "Grizzly Bears", "Savannah Lions"})
    for (int i = 0; i < 4; ++i) white.cards.push_back(c);
  for (const char* c : {"Shock", "Hill Giant", "Gray Ogre", "Raging Goblin"})
    for (int i = 0; i < 4; ++i) red.cards.push_back(c);
  int completed = 0, defeated = 0;
  for (std::uint64_t seed = 1; seed <= 40; ++seed) {
    MatchConfig config;
    config.decks = {white, red};
    config.seed = seed;
    config.options = {{"max_turns", "40"}};
    auto game = rules().setup(core(), config);
    game->seat(kA, std::make_shared<RandomAgent>(seed * 2));
    game->seat(kB, std::make_shared<RandomAgent>(seed * 2 + 1));
    int advances = 0;
    while (rules().advance(*game)) {
      ASSERT_LT(++advances, 100000) << "seed " << seed;
      if (game->journal().size() > 100000) game->journal().clear();
    }
    EXPECT_TRUE(game->state().over) << "seed " << seed;
    completed += static_cast<int>(game->state().players[0].attrs.get("dungeons_completed"_sym));
    for (ObjectId id : game->state().zone(ZoneRef::exile(kA)).objects)
      defeated += game->card(id).name == "Invasion of Dominaria";
  }
  // Not a speed or strength test: only that both mechanisms were reached at all.
  EXPECT_GT(completed, 0);
  EXPECT_GT(defeated, 0);
}

}  // namespace
}  // namespace anvil::classic_test
