// Activated abilities of any plugin (an AbilityDef of kind activated with a `cost` in the card
// language's notation) and mana abilities at priority (117.1d).
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// "CARDNAME deals 1 damage to any target" as another plugin would compile it.
class Ping final : public Ability {
 public:
  std::size_t target_count() const override { return 1; }
  bool can_target(const Game& g, const ResolveContext&, std::size_t,
                  const Target& t) const override {
    if (t.is_player()) return true;
    return t.is_object() && g.state().is_current(t.object) &&
           g.object(t.object.id).zone.kind == ZoneKind::battlefield &&
           g.view(t.object.id).has_type("Creature"_sym);
  }
  void resolve(Game& g, const ResolveContext& c) const override {
    if (c.targets.empty() || c.targets[0].kind == Target::Kind::none) return;
    deal_damage(g, c.source.id, c.targets[0], static_cast<std::int32_t>(c.x > 0 ? c.x : 1));
  }
  std::string describe() const override { return "CARDNAME deals 1 damage to any target."; }
};

CardDef pinger(std::string name, std::string cost) {
  CardDef d = compile({.name = name,
                       .cost = "{R}",
                       .types = {"Creature"},
                       .subtypes = {"Goblin"},
                       .power = 1,
                       .toughness = 1});
  d.abilities.emplace_back(AbilityKind::activated, "ping", "test-plugin", SourceLocation{},
                           std::make_shared<Ping>(), std::move(cost));
  return d;
}

std::shared_ptr<CardPool> activated_pool() {
  auto p = standard_pool();
  p->add(pinger("Tap Pinger", "{R}, {T}"));
  p->add(pinger("Sac Pinger", "Sacrifice CARDNAME"));
  p->add(pinger("X Pinger", "{X}{R}"));
  p->add(pinger("Odd Pinger", "{T}, pay 2 life"));
  return p;
}

LegalAction activation(const Game& g, const std::string& name, PlayerId p) {
  return {LegalAction::Kind::activate, find(g, name, ZoneRef::battlefield(p)), 0, {}, 0, ""};
}

bool offers(const Game& g, PlayerId p, const std::string& label) {
  for (const LegalAction& a : rules().legal_actions(g, p))
    if (a.label == label) return true;
  return false;
}

TEST(RulesClassicActivated, APluginsAbilityIsOfferedPaidAndPutOnTheStack) {
  auto t = table(activated_pool(), position("main1", player("A", {}, {"Tap Pinger", "Mountain"}),
                                            player("B", {}, {})));
  const std::string label = "Activate Tap Pinger: Tap Pinger deals 1 damage to any target.";
  ASSERT_TRUE(offers(*t.game, kA, label));
  t.a->act(label).pick(ChoiceKind::target, {"player 1"});
  ASSERT_TRUE(rules().advance(*t.game));
  ASSERT_EQ(t.game->state().stack.size(), 1u);
  EXPECT_FALSE(t.game->state().stack.back().is_spell);
  EXPECT_TRUE(t.game->object(find(*t.game, "Tap Pinger", ZoneRef::battlefield(kA))).tapped);
  EXPECT_TRUE(t.game->object(find(*t.game, "Mountain", ZoneRef::battlefield(kA))).tapped);
  EXPECT_EQ(t.game->state().turn.priority, kA);  // 117.3c: the player who acted
  EXPECT_EQ(rules().why_not(*t.game, kA, activation(*t.game, "Tap Pinger", kA)), "it is tapped");
  ASSERT_TRUE(rules().advance(*t.game));  // A passes
  ASSERT_TRUE(rules().advance(*t.game));  // B passes: it resolves
  EXPECT_TRUE(t.game->state().stack.empty());
  EXPECT_EQ(t.game->state().players[1].life, 19);
}

TEST(RulesClassicActivated, TapCostsRespectSummoningSicknessAndManaCostsNeedMana) {
  PositionPlayer a = player("A", {}, {});
  a.battlefield.push_back(card("Tap Pinger", /*sick=*/true));
  a.battlefield.push_back(card("Mountain"));
  auto sick = table(activated_pool(), position("main1", a, player("B", {}, {})));
  EXPECT_EQ(rules().why_not(*sick.game, kA, activation(*sick.game, "Tap Pinger", kA)),
            "it has summoning sickness");
  auto poor = table(activated_pool(),
                    position("main1", player("A", {}, {"Tap Pinger"}), player("B", {}, {})));
  EXPECT_EQ(rules().why_not(*poor.game, kA, activation(*poor.game, "Tap Pinger", kA)),
            "not enough mana");
  EXPECT_EQ(rules().legal_actions(*poor.game, kA).size(), 1u);  // pass
}

TEST(RulesClassicActivated, ASacrificeCostMovesTheSourceAndTheAbilityStillResolves) {
  auto t = table(activated_pool(),
                 position("main1", player("A", {}, {"Sac Pinger"}), player("B", {}, {})));
  t.a->act("Activate Sac Pinger: Sac Pinger deals 1 damage to any target.")
      .pick(ChoiceKind::target, {"player 1"});
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_TRUE(find(*t.game, "Sac Pinger", ZoneRef::graveyard(kA)).valid());
  ASSERT_EQ(t.game->state().stack.size(), 1u);
  ASSERT_TRUE(rules().advance(*t.game));
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(t.game->state().players[1].life, 19);
}

TEST(RulesClassicActivated, XInAnActivationCostIsChosenFromTheAffordableValues) {
  auto t = table(activated_pool(),
                 position("main1", player("A", {}, {"X Pinger", "Mountain", "Mountain", "Forest"}),
                          player("B", {}, {})));
  std::vector<std::int64_t> offered;
  t.a->act("Activate X Pinger: X Pinger deals 1 damage to any target.")
      .pick(ChoiceKind::target, {"player 1"})
      .then(ChoiceKind::number, [&](const Choice& c) {
        for (const Option& o : c.options) offered.push_back(o.value);
        return Answer{{2}};
      });
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(offered, (std::vector<std::int64_t>{0, 1, 2}));
  ASSERT_EQ(t.game->state().stack.size(), 1u);
  EXPECT_EQ(t.game->state().stack.back().x, 2);
  ASSERT_TRUE(rules().advance(*t.game));
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(t.game->state().players[1].life, 18);
}

TEST(RulesClassicActivated, ACostTheRulesCannotReadIsNeverOfferedAndWhyNotSaysWhy) {
  auto t = table(activated_pool(),
                 position("main1", player("A", {}, {"Odd Pinger"}), player("B", {}, {})));
  EXPECT_EQ(rules().legal_actions(*t.game, kA).size(), 1u);
  EXPECT_NE(rules()
                .why_not(*t.game, kA, activation(*t.game, "Odd Pinger", kA))
                .find("its cost cannot be paid under the classic rules"),
            std::string::npos);
}

TEST(RulesClassicActivated, AnActivationAbandonedMidwayIsUndoneExactly) {  // 726
  auto t = table(activated_pool(), position("main1", player("A", {}, {"Tap Pinger", "Mountain"}),
                                            player("B", {}, {})));
  const std::uint64_t before = hash(t.game->state());
  t.a->act("Activate Tap Pinger: Tap Pinger deals 1 damage to any target.")
      .then(ChoiceKind::target,
            [](const Choice&) -> Answer { throw std::runtime_error("the player cancels"); });
  const ActionResult r = t.game->perform("advance", [](Game& g) { rules().advance(g); });
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(hash(t.game->state()), before);
  EXPECT_FALSE(t.game->object(find(*t.game, "Mountain", ZoneRef::battlefield(kA))).tapped);
  EXPECT_TRUE(t.game->state().stack.empty());
}

TEST(RulesClassicActivated, AManaAbilityIsAnActionAtPriorityThatKeepsPriority) {  // 117.1d
  // Grizzly Bears in hand: with something to spend mana on, the decision is asked (Game::ask
  // does not ask one whose options are mana abilities and passing).
  auto t = table(standard_pool(), position("main1",
                                           player("A", {"Grizzly Bears"}, {"Llanowar Elves", "Forest"}),
                                           player("B", {}, {})));
  const std::string label = "Activate Llanowar Elves: {T}: Add {G}.";
  ASSERT_TRUE(offers(*t.game, kA, label));
  t.a->act(label);
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_TRUE(t.game->state().stack.empty());  // 605.3a
  EXPECT_EQ(t.game->state().players[0].attrs.get("mana_pool_G"_sym), 1);
  EXPECT_EQ(t.game->state().turn.priority, kA);
  EXPECT_EQ(step(*t.game), "main1");
  // 500.4: the pool empties when the step ends.
  ASSERT_TRUE(run_to_step(*t.game, "begin_combat"));
  EXPECT_EQ(t.game->state().players[0].attrs.get("mana_pool_G"_sym), 0);
}

TEST(RulesClassicActivated, ManaInThePoolIsSpentFirst) {
  auto t = table(
      standard_pool(),
      position("main1", player("A", {"Grizzly Bears"}, {"Llanowar Elves", "Forest", "Forest"}),
               player("B", {}, {})));
  t.a->act("Activate Llanowar Elves: {T}: Add {G}.");
  ASSERT_TRUE(rules().advance(*t.game));
  t.a->act("Cast Grizzly Bears");
  ASSERT_TRUE(rules().advance(*t.game));
  EXPECT_EQ(t.game->state().players[0].attrs.get("mana_pool_G"_sym), 0);
  std::size_t untapped_forests = 0;
  for (ObjectId id : t.game->state().zone(ZoneRef::battlefield(kA)).objects)
    untapped_forests += t.game->card(id).name == "Forest" && !t.game->object(id).tapped;
  EXPECT_EQ(untapped_forests, 1u);
}

}  // namespace
}  // namespace anvil::classic_test

namespace anvil::classic_test {
namespace {

// 305.6: basic land types make mana when paying, but are not offered as priority actions (random
// agents would spend most of their choices tapping lands; docs/rules-classic.md).
// 305.6: each colour a land's basic land types make is a mana ability at priority (a dual land
// has two), flagged as one; with nothing else to do the player is not asked and passes.
TEST(RulesClassicActivated, BasicLandsOfferAManaAbilityPerColour) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {}, {"Taiga", "Forest"}), player("B", {}, {})));
  const std::vector<LegalAction> actions = rules().legal_actions(*t.game, PlayerId(0));
  ASSERT_EQ(actions.size(), 4u);
  for (std::size_t i = 0; i + 1 < actions.size(); ++i) EXPECT_TRUE(actions[i].mana) << actions[i].label;
  EXPECT_EQ(actions.back().kind, LegalAction::Kind::pass);
  ASSERT_TRUE(rules().advance(*t.game));  // the scripted agent has no answer: not asked
  EXPECT_EQ(t.game->state().turn.priority, PlayerId(1));
}

}  // namespace
}  // namespace anvil::classic_test
