// Protection from a colour (702.16) and menace (702.110) where the scenarios under
// tests/scenarios/classic/ (702_16*, 702_110b_*) cannot reach: an Aura or an Equipment already
// attached to a creature protected from its colour (no card of the packs changes colours or
// grants protection), what `anvil play` shows, and the load error for granting protection.
#include <gtest/gtest.h>

#include <anvil/pack.hpp>
#include <filesystem>
#include <fstream>

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

// Granted protection would stop targets and blocks (they read the view) but not damage, which
// the printing card's own ability prevents: refused at load, naming the file and line.
TEST(RulesClassicProtection, GrantingProtectionIsALoadError) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / "anvil-protection-grant-test";
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir / "cards");
  std::ofstream(dir / "pack.yaml") << "name: grant-test\nversion: 0.1.0\nengine: \"^0.1\"\n"
                                      "rules: classic\ncards:\n  - cards/*.yaml\n";
  std::ofstream(dir / "cards" / "auras.yaml")
      << "- name: Cloak of Red\n"
         "  cost: \"{W}\"\n"
         "  types: Enchantment — Aura\n"
         "  abilities:\n"
         "    - enchant: {what: creature}\n"
         "    - enchanted: {grant: [Protection from red]}\n";
  const LoadedPack pack = load_pack(dir, registry());
  std::filesystem::remove_all(dir);
  ASSERT_FALSE(pack.ok());
  std::string errors;
  for (const Diagnostic& d : pack.diagnostics) errors += d.str() + "\n";
  EXPECT_NE(errors.find("auras.yaml:6:"), std::string::npos) << errors;
  EXPECT_NE(
      errors.find("'Protection from red' can be printed on a card (keywords:) but not granted yet"),
      std::string::npos)
      << errors;
}

}  // namespace
}  // namespace anvil::classic_test
