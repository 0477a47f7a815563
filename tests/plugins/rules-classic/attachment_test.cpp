// Equipment and Fortifications attached to an illegal permanent (704.5n), and the load errors of
// `fortify`, `equip` and `counter_limit`: what the scenarios under tests/scenarios/classic/
// (702_67_*, 704_5n_*, 704_5r_*) cannot reach, since no card of the packs turns a land into a
// non-land or a creature into a non-creature. The attachment is written as the module keeps it
// (the attrs attached_to, attached_zc and attached_self on the attached permanent), as if an
// effect had changed what it is attached to.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

bool attached(const Game& g, ObjectId what) {
  return g.object(what).attrs.get("attached_to"_sym) != 0;
}

TEST(RulesClassicAttachments, FortificationOnANonLandBecomesUnattachedAndStays) {
  ASSERT_NE(core(), nullptr);
  Table t = table(core(), position("main1", player("A", {}, {"Darksteel Garrison", "Grizzly Bears",
                                                            "Forest"}),
                                   player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId garrison = find(g, "Darksteel Garrison", ZoneRef::battlefield(kA));
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::battlefield(kA));
  const ObjectId forest = find(g, "Forest", ZoneRef::battlefield(kA));
  attach_raw(g, garrison, bears);  // a creature: illegal for a Fortification (301.6)
  rules().check_state(g);
  EXPECT_FALSE(attached(g, garrison));
  EXPECT_EQ(g.object(garrison).zone.kind, ZoneKind::battlefield);
  attach_raw(g, garrison, forest);  // a land: legal, and it gives indestructible
  rules().check_state(g);
  EXPECT_TRUE(attached(g, garrison));
  EXPECT_TRUE(g.view(forest).has_keyword("Indestructible"_sym));
  EXPECT_FALSE(g.view(bears).has_keyword("Indestructible"_sym));
}

// What `anvil play` shows beside a permanent names what it is attached to, and the keyword the
// attachment gives.
TEST(RulesClassicAttachments, ObjectStatusNamesTheAttachment) {
  ASSERT_NE(core(), nullptr);
  Table t =
      table(core(), position("main1", player("A", {}, {"Darksteel Garrison", "Forest", "Forest"}),
                             player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId garrison = find(g, "Darksteel Garrison", ZoneRef::battlefield(kA));
  const ObjectId second = g.state().zone(ZoneRef::battlefield(kA)).objects.at(2);
  attach_raw(g, garrison, second);
  rules().check_state(g);
  EXPECT_EQ(rules().object_status(g, garrison), "attached to Forest #2");
  EXPECT_EQ(rules().object_status(g, second), "Indestructible");
}

TEST(RulesClassicAttachments, FortificationOnAnOpponentsLandStaysAttached) {
  ASSERT_NE(core(), nullptr);
  // 301.6: the Fortification's controller and the land's need not be the same once attached.
  Table t = table(core(), position("main1", player("A", {}, {"Darksteel Garrison"}),
                                   player("B", {}, {"Mountain"})));
  Game& g = *t.game;
  const ObjectId garrison = find(g, "Darksteel Garrison", ZoneRef::battlefield(kA));
  const ObjectId mountain = find(g, "Mountain", ZoneRef::battlefield(kB));
  attach_raw(g, garrison, mountain);
  rules().check_state(g);
  EXPECT_TRUE(attached(g, garrison));
  EXPECT_TRUE(g.view(mountain).has_keyword("Indestructible"_sym));
}

TEST(RulesClassicAttachments, EquipmentOnALandOrItselfBecomesUnattached) {
  ASSERT_NE(core(), nullptr);
  Table t = table(core(), position("main1", player("A", {}, {"Bonesplitter", "Short Sword", "Plains"}),
                                   player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId bonesplitter = find(g, "Bonesplitter", ZoneRef::battlefield(kA));
  const ObjectId sword = find(g, "Short Sword", ZoneRef::battlefield(kA));
  attach_raw(g, bonesplitter, find(g, "Plains", ZoneRef::battlefield(kA)));
  attach_raw(g, sword, sword);
  rules().check_state(g);
  EXPECT_FALSE(attached(g, bonesplitter));
  EXPECT_FALSE(attached(g, sword));
  EXPECT_EQ(g.object(bonesplitter).zone.kind, ZoneKind::battlefield);
  EXPECT_EQ(g.object(sword).zone.kind, ZoneKind::battlefield);
}

TEST(RulesClassicAttachments, AbilityTexts) {
  ASSERT_NE(core(), nullptr);
  const CardDef& garrison = core()->at(*core()->find("Darksteel Garrison"));
  std::vector<std::string> texts;
  for (const AbilityDef& a : garrison.abilities) texts.push_back(a.text);
  EXPECT_EQ(texts, (std::vector<std::string>{
                       "Fortified land has indestructible.",
                       "Whenever fortified land becomes tapped, target creature you control gets "
                       "+1/+1 until end of turn.",
                       "(+N/+N)", "Fortify {3}"}));
}

TEST(RulesClassicAttachments, BadFortifyEquipAndCounterLimitAreLoadErrors) {
  // fortify on a card without the subtype Fortification; equip without Equipment.
  EXPECT_THROW(compile(CardSpec{.name = "Loose Fort",
                                .cost = "{2}",
                                .types = {"Artifact"},
                                .abilities = {{"fortify", {{"cost", "{3}"}}}}}),
               LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Loose Sword",
                                .cost = "{1}",
                                .types = {"Artifact"},
                                .abilities = {{"equip", {{"cost", "{1}"}}}}}),
               LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Tapping Fort",
                                .cost = "{2}",
                                .types = {"Artifact"},
                                .subtypes = {"Fortification"},
                                .abilities = {{"fortify", {{"cost", "{T}"}}}}}),
               LoadError);
  CardSpec limited{.name = "Limited",
                   .cost = "{G}",
                   .types = {"Creature"},
                   .power = 1,
                   .toughness = 1,
                   .abilities = {{"counter_limit", {{"kind", "+1/+1"}, {"max", "2"}}}}};
  EXPECT_EQ(compile(limited).abilities.at(0).text,
            "CARDNAME can't have more than two +1/+1 counters on it.");
  limited.abilities = {{"counter_limit", {{"kind", "+1/+1"}, {"max", "-1"}}}};
  EXPECT_THROW(compile(limited), LoadError);
  limited.abilities = {{"counter_limit", {{"kind", "+1/+1"}, {"max", "1"}}},
                       {"counter_limit", {{"kind", "+1/+1"}, {"max", "2"}}}};
  EXPECT_THROW(compile(limited), LoadError);
}

}  // namespace
}  // namespace anvil::classic_test
