// Cards that work from the hand and the graveyard: activated abilities whose zones() leave out
// the battlefield (cycling, 702.29, unearth, 702.84, and any plugin's "Discard CARDNAME" ability)
// and spells cast from the graveyard (flashback, 702.34).
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// "{1}, Discard CARDNAME: CARDNAME deals 1 damage to any target", activated from the hand, as
// another plugin would write it: an AbilityDef of kind activated with a cost, whose ability says
// it works from the hand.
class HandPing final : public Ability {
 public:
  explicit HandPing(ZoneMask zones) : zones_(zones) {}
  ZoneMask zones() const override { return zones_; }
  std::size_t target_count() const override { return 1; }
  bool can_target(const Game&, const ResolveContext&, std::size_t, const Target& t) const override {
    return t.is_player();
  }
  void resolve(Game& g, const ResolveContext& c) const override {
    if (!c.targets.empty() && c.targets[0].is_player()) lose_life(g, c.targets[0].player, 1);
  }
  std::string describe() const override { return "CARDNAME pings a player."; }

 private:
  ZoneMask zones_;
};

CardDef hand_pinger(std::string name, std::string cost, ZoneMask zones) {
  CardDef d = compile({.name = name, .cost = "{R}", .types = {"Instant"}});
  d.abilities.emplace_back(AbilityKind::activated, "ping", "test-plugin", SourceLocation{},
                           std::make_shared<HandPing>(zones), std::move(cost));
  return d;
}

std::shared_ptr<CardPool> zones_pool() {
  auto p = standard_pool();
  p->add(hand_pinger("Hand Pinger", "{1}, Discard CARDNAME", zone_bit(ZoneKind::hand)));
  // Works from every zone, the battlefield among them: activated from the battlefield alone.
  ZoneMask every = 0;
  for (ZoneKind z : {ZoneKind::library, ZoneKind::hand, ZoneKind::battlefield, ZoneKind::graveyard,
                     ZoneKind::stack, ZoneKind::exile})
    every |= zone_bit(z);
  p->add(hand_pinger("Everywhere Pinger", "{1}", every));
  return p;
}

std::vector<std::string> labels(const Game& g, PlayerId p) {
  std::vector<std::string> out;
  for (const LegalAction& a : non_mana_actions(g, p)) out.push_back(a.label);
  return out;
}

bool offers(const Game& g, PlayerId p, const std::string& label) {
  const auto all = labels(g, p);
  return std::find(all.begin(), all.end(), label) != all.end();
}

TEST(RulesClassicCardZones, APluginsDiscardAbilityIsActivatedFromTheHand) {
  auto t =
      table(zones_pool(), position("main1", player("A", {"Hand Pinger"}, {"Mountain", "Mountain"}),
                                   player("B", {}, {})));
  const std::string label = "Activate Hand Pinger: Hand Pinger pings a player.";
  ASSERT_TRUE(offers(*t.game, kA, label));
  t.a->act(label).pick(ChoiceKind::target, {"player 1"});
  ASSERT_TRUE(rules().advance(*t.game));
  // The discard is part of the cost: the card is in the graveyard before the ability resolves.
  EXPECT_EQ(count(*t.game, ZoneRef::hand(kA)), 0u);
  EXPECT_EQ(count(*t.game, ZoneRef::graveyard(kA)), 1u);
  ASSERT_EQ(t.game->state().stack.size(), 1u);
  EXPECT_FALSE(t.game->state().stack.back().is_spell);
  ASSERT_TRUE(rules().advance(*t.game));  // A passes
  ASSERT_TRUE(rules().advance(*t.game));  // B passes: it resolves
  EXPECT_EQ(t.game->state().players[1].life, 19);
  // From the graveyard it is not offered: it works from the hand only.
  EXPECT_FALSE(offers(*t.game, kA, label));
}

TEST(RulesClassicCardZones, AnAbilityThatWorksEverywhereIsActivatedFromTheBattlefieldOnly) {
  auto t = table(zones_pool(), position("main1", player("A", {"Everywhere Pinger"}, {"Mountain"}),
                                        player("B", {}, {})));
  EXPECT_FALSE(
      offers(*t.game, kA, "Activate Everywhere Pinger: Everywhere Pinger pings a player."));
  const LegalAction wanted{LegalAction::Kind::activate,
                           find(*t.game, "Everywhere Pinger", ZoneRef::hand(kA)),
                           0,
                           {},
                           0,
                           ""};
  EXPECT_EQ(rules().why_not(*t.game, kA, wanted),
            "that card is not on the battlefield (it is in your hand)");
}

TEST(RulesClassicCardZones, CyclingAndFlashbackAreOfferedWithTheirLabels) {
  auto core_cards = core();
  ASSERT_TRUE(core_cards);
  PositionPlayer a =
      player("A", {"Hundroog"}, {"Mountain", "Mountain", "Mountain", "Mountain", "Mountain"});
  a.graveyard.push_back(card("Firebolt"));
  auto t = table(core_cards, position("main1", a, player("B", {}, {})));
  const auto offered = labels(*t.game, kA);
  EXPECT_NE(std::find(offered.begin(), offered.end(),
                      "Activate Hundroog: Cycling {3} ({3}, Discard this card: Draw a card.)"),
            offered.end());
  EXPECT_NE(std::find(offered.begin(), offered.end(), "Cast Firebolt with flashback"),
            offered.end());
  // A card in the graveyard without flashback is not cast from there.
  PositionPlayer b = player("A", {}, {"Mountain"});
  b.graveyard.push_back(card("Shock"));
  auto u = table(core_cards, position("main1", b, player("B", {}, {})));
  const LegalAction shock{
      LegalAction::Kind::cast, find(*u.game, "Shock", ZoneRef::graveyard(kA)), 0, {}, 0, ""};
  EXPECT_EQ(rules().why_not(*u.game, kA, shock),
            "that card is not in your hand (only a card with flashback, escape or retrace is cast "
            "from a graveyard)");
}

// Unearth (702.84) is activated from the graveyard only, in the owner's main phase.
TEST(RulesClassicCardZones, UnearthIsOfferedFromTheGraveyardAsASorcery) {
  auto core_cards = core();
  ASSERT_TRUE(core_cards);
  PositionPlayer a = player("A", {"Dregscape Zombie"}, {"Swamp", "Swamp"});
  a.graveyard.push_back(card("Dregscape Zombie"));
  auto t = table(core_cards, position("main1", a, player("B", {}, {})));
  std::size_t unearths = 0;
  for (const std::string& label : labels(*t.game, kA))
    unearths += label.starts_with("Activate Dregscape Zombie: Unearth {B}");
  EXPECT_EQ(unearths, 1u) << "the one in the graveyard, not the one in the hand";
  EXPECT_TRUE(offers(*t.game, kA, "Cast Dregscape Zombie"));
  auto u = table(core_cards, position("upkeep", a, player("B", {}, {})));
  for (const std::string& label : labels(*u.game, kA))
    EXPECT_FALSE(label.starts_with("Activate Dregscape Zombie")) << label;
}

// Escape (702.138) is a cast from the graveyard, offered while enough other cards are there.
TEST(RulesClassicCardZones, EscapeIsOfferedWhileTheGraveyardHoldsEnoughOtherCards) {
  auto core_cards = core();
  ASSERT_TRUE(core_cards);
  PositionPlayer a = player("A", {}, {"Mountain", "Mountain", "Mountain", "Mountain"});
  for (const char* name : {"Underworld Rage-Hound", "Shock", "Forest"})
    a.graveyard.push_back(card(name));
  auto two = table(core_cards, position("main1", a, player("B", {}, {})));
  EXPECT_FALSE(offers(*two.game, kA, "Cast Underworld Rage-Hound with escape"));
  a.graveyard.push_back(card("Island"));
  auto three = table(core_cards, position("main1", a, player("B", {}, {})));
  EXPECT_TRUE(offers(*three.game, kA, "Cast Underworld Rage-Hound with escape"));
}

// Retrace (702.81) is a cast from the graveyard, offered while the hand holds a land card.
TEST(RulesClassicCardZones, RetraceIsOfferedWhileTheHandHoldsALandCard) {
  auto core_cards = core();
  ASSERT_TRUE(core_cards);
  PositionPlayer a = player("A", {"Shock"}, {"Mountain"});
  a.graveyard.push_back(card("Flame Jab"));
  auto no_land = table(core_cards, position("main1", a, player("B", {}, {})));
  EXPECT_FALSE(offers(*no_land.game, kA, "Cast Flame Jab with retrace"));
  a.hand.push_back(card("Forest"));
  auto land = table(core_cards, position("main1", a, player("B", {}, {})));
  EXPECT_TRUE(offers(*land.game, kA, "Cast Flame Jab with retrace"));
}

TEST(RulesClassicCardZones, BadGraveyardKeywordsAreLoadErrors) {
  EXPECT_THROW(compile(CardSpec{.name = "Retrace Bear",
                                .cost = "{1}{G}",
                                .types = {"Creature"},
                                .power = 2,
                                .toughness = 2,
                                .abilities = {{"retrace", {}}}}),
               LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Escape Nothing",
                                .cost = "{R}",
                                .types = {"Creature"},
                                .power = 1,
                                .toughness = 1,
                                .abilities = {{"escape", {{"cost", "{R}"}, {"exile", "0"}}}}}),
               LoadError);
  EXPECT_THROW(
      compile(CardSpec{
          .name = "Escape Counters On A Spell",
          .cost = "{R}",
          .types = {"Sorcery"},
          .abilities = {{"escape", {{"cost", "{R}"}, {"exile", "2"}, {"counters", "1"}}}}}),
      LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Unearth Bolt",
                                .cost = "{R}",
                                .types = {"Instant"},
                                .abilities = {{"unearth", {{"cost", "{R}"}}}}}),
               LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Tap Unearther",
                                .cost = "{1}{B}",
                                .types = {"Creature"},
                                .power = 2,
                                .toughness = 2,
                                .abilities = {{"unearth", {{"cost", "{T}"}}}}}),
               LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Flashback Bear",
                                .cost = "{1}{G}",
                                .types = {"Creature"},
                                .power = 2,
                                .toughness = 2,
                                .abilities = {{"flashback", {{"cost", "{3}"}}}}}),
               LoadError);
  EXPECT_THROW(compile(CardSpec{.name = "Tap Cycler",
                                .cost = "{1}{G}",
                                .types = {"Sorcery"},
                                .abilities = {{"cycling", {{"cost", "{T}"}}}}}),
               LoadError);
  // "Discard CARDNAME" belongs to activation costs only (a ward cost is paid by another player).
  EXPECT_THROW(compile(CardSpec{.name = "Discard Ward",
                                .cost = "{1}{G}",
                                .types = {"Creature"},
                                .power = 2,
                                .toughness = 2,
                                .abilities = {{"ward", {{"cost", "Discard CARDNAME"}}}}}),
               LoadError);
}

}  // namespace
}  // namespace anvil::classic_test
