// Protection from a colour (702.16) and menace (702.110) where the scenarios under
// tests/scenarios/classic/ (702_16*, 702_110b_*) cannot reach: an Aura or an Equipment already
// attached to a creature protected from its colour (no card of the packs changes colours), what
// `anvil play` shows, and protection given twice.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// 702.16c, 704.5m: an Aura attached to a creature with protection from its colour goes to its
// owner's graveyard; an Aura of another colour stays.
TEST(RulesClassicProtection, AnAuraOfAColourTheCreatureIsProtectedFromFallsOff) {
  ASSERT_NE(core(), nullptr);
  Table t =
      table(core(),
            position("main1",
                     player("A", {}, {"Pacifism", "Holy Strength", "Black Knight", "White Knight"}),
                     player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId pacifism = find(g, "Pacifism", ZoneRef::battlefield(kA));
  const ObjectId holy = find(g, "Holy Strength", ZoneRef::battlefield(kA));
  attach_raw(g, pacifism, find(g, "Black Knight", ZoneRef::battlefield(kA)));  // white on pro-white
  attach_raw(g, holy, find(g, "White Knight", ZoneRef::battlefield(kA)));      // white on pro-black
  rules().check_state(g);
  EXPECT_EQ(g.object(pacifism).zone, ZoneRef::graveyard(kA));
  EXPECT_EQ(g.object(holy).zone, ZoneRef::battlefield(kA));
  EXPECT_EQ(g.view(find(g, "White Knight", ZoneRef::battlefield(kA))).power, 3);  // +1/+1
}

// 702.16d, 704.5n: an Equipment of a colour the creature is protected from becomes unattached
// and stays on the battlefield. No Equipment of the packs has a colour: a red one is made here.
TEST(RulesClassicProtection, AnEquipmentOfAColourTheCreatureIsProtectedFromComesOff) {
  const CardSpec sword{.name = "Red Sword",
                       .cost = "{R}",
                       .types = {"Artifact"},
                       .subtypes = {"Equipment"},
                       .abilities = {{"equip", {{"cost", "{1}"}}}}};
  const CardSpec knight{.name = "Red-Proof Knight",
                        .cost = "{W}{W}",
                        .types = {"Creature"},
                        .power = 2,
                        .toughness = 2,
                        .keywords = {"Protection from red"}};
  const CardSpec bears{
      .name = "Bears", .cost = "{1}{G}", .types = {"Creature"}, .power = 2, .toughness = 2};
  Table t = table(pool({sword, knight, bears}),
                  position("main1", player("A", {}, {"Red Sword", "Red-Proof Knight", "Bears"}),
                           player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId red_sword = find(g, "Red Sword", ZoneRef::battlefield(kA));
  attach_raw(g, red_sword, find(g, "Bears", ZoneRef::battlefield(kA)));
  rules().check_state(g);
  EXPECT_NE(g.object(red_sword).attrs.get("attached_to"_sym), 0) << "legal on the Bears";
  attach_raw(g, red_sword, find(g, "Red-Proof Knight", ZoneRef::battlefield(kA)));
  rules().check_state(g);
  EXPECT_EQ(g.object(red_sword).attrs.get("attached_to"_sym), 0);
  EXPECT_EQ(g.object(red_sword).zone, ZoneRef::battlefield(kA));
}

TEST(RulesClassicProtection, ObjectStatusNamesProtectionAndMenace) {
  ASSERT_NE(core(), nullptr);
  Table t = table(core(), position("main1", player("A", {}, {"Silver Knight", "Boggart Brute"}),
                                   player("B", {}, {})));
  Game& g = *t.game;
  EXPECT_EQ(rules().object_status(g, find(g, "Silver Knight", ZoneRef::battlefield(kA))),
            "First Strike, Protection from red");
  EXPECT_EQ(rules().object_status(g, find(g, "Boggart Brute", ZoneRef::battlefield(kA))), "Menace");
}

// A creature with protection from red twice over (printed, and given by Red Ward): red damage is
// prevented by one prevention effect, so its controller is asked no order of replacements
// (616.1), and the Ward's text says what it brings.
TEST(RulesClassicProtection, ProtectionFromTwoPlacesPreventsTheDamageOnce) {
  ASSERT_NE(core(), nullptr);
  Table t = table(core(), position("main1", player("A", {}, {"Silver Knight", "Red Ward"}),
                                   player("B", {}, {"Bloodrock Cyclops"})));
  Game& g = *t.game;
  const ObjectId knight = find(g, "Silver Knight", ZoneRef::battlefield(kA));
  attach_raw(g, find(g, "Red Ward", ZoneRef::battlefield(kA)), knight);
  rules().check_state(g);
  const std::size_t asked = g.decisions().size();
  const ObjectId cyclops = find(g, "Bloodrock Cyclops", ZoneRef::battlefield(kB));
  EXPECT_EQ(deal_damage(g, cyclops, Target::of(g.object(knight).ref()), 3), 0);
  EXPECT_EQ(g.object(knight).damage, 0);
  EXPECT_EQ(g.decisions().size(), asked);
  std::vector<std::string> texts;
  for (const AbilityDef& a : g.card(find(g, "Red Ward", ZoneRef::battlefield(kA))).abilities)
    texts.push_back(a.impl->describe());
  EXPECT_EQ(texts, (std::vector<std::string>{
                       "Enchant creature", "Enchanted creature has protection from red.",
                       "(Protection from red: damage from red sources is prevented.)"}));
}

}  // namespace
}  // namespace anvil::classic_test
