// What an ability says its targets must be (Ability::target_requirement): the target search asks
// can_target only of the candidates that meet it, and without one asks every candidate as before.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// Asks of what it was asked about: players, lands and creatures.
struct Asked {
  int players = 0, lands = 0, creatures = 0;
};

// "CARDNAME deals 1 damage to target creature", as another plugin would compile it, counting
// what can_target is asked about; `stated`: it says so in its requirement too.
class CreaturePing final : public Ability {
 public:
  CreaturePing(bool stated, std::shared_ptr<Asked> asked)
      : stated_(stated), asked_(std::move(asked)) {}
  std::size_t target_count() const override { return 1; }
  bool can_target(const Game& g, const ResolveContext&, std::size_t,
                  const Target& t) const override {
    if (t.is_player()) {
      ++asked_->players;
      return false;
    }
    if (!t.is_object() || !g.state().is_current(t.object)) return false;
    const Characteristics c = g.view(t.object.id);
    if (c.has_type("Land"_sym)) ++asked_->lands;
    if (!c.has_type("Creature"_sym)) return false;
    ++asked_->creatures;
    return g.object(t.object.id).zone.kind == ZoneKind::battlefield;
  }
  TargetRequirement target_requirement(std::size_t index) const override {
    if (!stated_) return Ability::target_requirement(index);
    return {
        .players = false, .zones = zone_bit(ZoneKind::battlefield), .card_type = "Creature"_sym};
  }
  void resolve(Game& g, const ResolveContext& c) const override {
    if (c.targets.empty() || c.targets[0].kind == Target::Kind::none) return;
    deal_damage(g, c.source.id, c.targets[0], 1);
  }
  std::string describe() const override { return "CARDNAME deals 1 damage to target creature."; }

 private:
  bool stated_;
  std::shared_ptr<Asked> asked_;
};

// An artifact, so that the only creatures are those a test puts there.
CardDef pinger(std::string name, bool stated, std::shared_ptr<Asked> asked) {
  CardDef d = compile({.name = std::move(name), .cost = "{1}", .types = {"Artifact"}});
  d.abilities.emplace_back(AbilityKind::activated, "ping", "test-plugin", SourceLocation{},
                           std::make_shared<CreaturePing>(stated, std::move(asked)), "{R}");
  return d;
}

struct Pingers {
  std::shared_ptr<Asked> stated = std::make_shared<Asked>();
  std::shared_ptr<Asked> unstated = std::make_shared<Asked>();
  std::shared_ptr<CardPool> pool = standard_pool();
  Pingers() {
    pool->add(pinger("Stated Pinger", true, stated));
    pool->add(pinger("Unstated Pinger", false, unstated));
  }
};

std::string name_of(bool stated) { return stated ? "Stated Pinger" : "Unstated Pinger"; }

std::string label_of(bool stated) {
  const std::string name = name_of(stated);
  return "Activate " + name + ": " + name + " deals 1 damage to target creature.";
}

bool offers(const Game& g, const std::string& label) {
  for (const LegalAction& a : rules().legal_actions(g, kA))
    if (a.label == label) return true;
  return false;
}

// Three lands and two creatures besides the pinger: the listing and the casting find the
// creatures either way. Said in the requirement, the lands and players are never asked about; by
// default every candidate is, as before there were requirements.
TEST(RulesClassicTargetRequirement, ALandIsNeverAskedAboutByTargetCreatureThatSaysSo) {
  for (const bool stated : {true, false}) {
    SCOPED_TRACE(stated ? "stated" : "default");
    Pingers p;
    auto t =
        table(p.pool, position("main1", player("A", {}, {name_of(stated), "Mountain", "Mountain"}),
                               player("B", {}, {"Forest", "Grizzly Bears", "Giant Spider"})));
    const Asked& asked = stated ? *p.stated : *p.unstated;
    // The listing stops at the first legal target, the Bears.
    ASSERT_TRUE(offers(*t.game, label_of(stated)));
    EXPECT_EQ(asked.players, stated ? 0 : 2);
    EXPECT_EQ(asked.lands, stated ? 0 : 3);
    EXPECT_EQ(asked.creatures, 1);
    // Activating lists the actions again, then every legal target.
    std::vector<std::string> offered;
    t.a->act(label_of(stated)).then(ChoiceKind::target, [&](const Choice& c) {
      for (const Option& o : c.options) offered.push_back(o.label);
      return Answer{{1}};
    });
    ASSERT_TRUE(rules().advance(*t.game));
    EXPECT_EQ(offered, (std::vector<std::string>{"Grizzly Bears", "Giant Spider"}));
    EXPECT_EQ(asked.players, stated ? 0 : 2 + 2 + 2);
    EXPECT_EQ(asked.lands, stated ? 0 : 3 + 3 + 3);
    EXPECT_EQ(asked.creatures, 1 + 1 + 2);
    ASSERT_EQ(t.game->state().stack.size(), 1u);
    EXPECT_EQ(t.game->state().stack.back().targets.at(0).object.id,
              find(*t.game, "Giant Spider", ZoneRef::battlefield(kB)));
  }
}

// No creature at all: "target creature" is not offered, and a stated requirement finds that out
// without asking the ability anything.
TEST(RulesClassicTargetRequirement, WithNoCreatureTheAbilityIsNotOfferedEitherWay) {
  for (const bool stated : {true, false}) {
    SCOPED_TRACE(stated ? "stated" : "default");
    Pingers p;
    auto t =
        table(p.pool, position("main1", player("A", {}, {name_of(stated), "Mountain", "Mountain"}),
                               player("B", {}, {"Forest"})));
    const Asked& asked = stated ? *p.stated : *p.unstated;
    EXPECT_FALSE(offers(*t.game, label_of(stated)));
    EXPECT_EQ(asked.players, stated ? 0 : 2);
    EXPECT_EQ(asked.lands, stated ? 0 : 3);
    EXPECT_EQ(asked.creatures, 0);
  }
}

// A "target creature" search looks only through the creatures the game keeps, listed again
// whenever a creature may have come or gone: one entering, one leaving, a leaving rolled back.
TEST(RulesClassicTargetRequirement, TheKeptCreaturesFollowTheBattlefield) {
  Pingers p;
  auto t = table(p.pool,
                 position("main1", player("A", {}, {name_of(true), "Mountain", "Mountain"}),
                          player("B", {"Grizzly Bears"}, {"Forest"})));
  Game& g = *t.game;
  EXPECT_FALSE(offers(g, label_of(true)));
  const ObjectId bears = find(g, "Grizzly Bears", ZoneRef::hand(kB));
  move_to_zone(g, bears, ZoneRef::battlefield(kB), Cause::put);
  EXPECT_TRUE(offers(g, label_of(true)));
  const ActionResult undone = g.perform("destroy, then fail", [&](Game& game) {
    move_to_zone(game, bears, ZoneRef::graveyard(kB), Cause::destroy);
    EXPECT_FALSE(offers(game, label_of(true)));
    throw RulesError("rolled back");
  });
  ASSERT_FALSE(undone.ok());
  EXPECT_TRUE(offers(g, label_of(true)));  // the Bears are back
  move_to_zone(g, bears, ZoneRef::graveyard(kB), Cause::destroy);
  EXPECT_FALSE(offers(g, label_of(true)));
  EXPECT_EQ(p.stated->lands, 0);
}

// An effect may make a land a creature: then every permanent is looked through, as no list kept
// by the cards can say, and the animated Forest is a legal target. Here the effect begins with no
// permanent coming or going (a floating effect of Living Lands' "All Forests are 1/1 creatures",
// as an instant would make one), so a kept list would not even have been made again.
TEST(RulesClassicTargetRequirement, ALandMadeACreatureByAnEffectIsATarget) {
  Pingers p;
  p.pool->add(compile({.name = "Living Lands",
                       .cost = "{3}{G}",
                       .types = {"Enchantment"},
                       .abilities = {{"lands_are_creatures",
                                      {{"subtype", "Forest"}, {"power", "1"}, {"toughness", "1"}}}}}));
  auto t = table(p.pool,
                 position("main1", player("A", {}, {name_of(true), "Mountain", "Mountain"}),
                          player("B", {"Living Lands"}, {"Forest"})));
  Game& g = *t.game;
  EXPECT_FALSE(offers(g, label_of(true)));  // the kept list is made: no creature
  const GameObject& lands = g.object(find(g, "Living Lands", ZoneRef::hand(kB)));
  for (std::uint16_t half : {0, 1}) {  // the type-changing one, the power and toughness one
    FloatingEffect animate;
    animate.source = lands.ref();
    animate.card = lands.card;
    animate.ability = half;
    animate.controller = kB;
    g.journal().add_effect(animate);
  }
  ASSERT_TRUE(offers(g, label_of(true)));
  t.a->act(label_of(true));
  ASSERT_TRUE(rules().advance(g));
  ASSERT_EQ(g.state().stack.size(), 1u);
  EXPECT_EQ(g.state().stack.back().targets.at(0).object.id,
            find(g, "Forest", ZoneRef::battlefield(kB)));
}

// While the rule effects alone apply (Game::only_rule_effects), the target searches over the kept
// creatures, a cast's cost and a resolving spell's kinds read each card's printed
// characteristics instead of its view: classic's rule effects (changeling's creature types, the
// counters' power and toughness) must leave the name, cost, colours, types, supertypes and
// keywords as printed, in every zone. A rule effect that changed one would fail here.
TEST(RulesClassicTargetRequirement, TheRuleEffectsLeaveWhatIsReadFromTheCardAsPrinted) {
  const CardSpec shifter{.name = "Legendary Shifter",
                         .cost = "{1}{G}",
                         .supertypes = {"Legendary"},
                         .types = {"Creature"},
                         .subtypes = {"Shapeshifter"},
                         .power = 1,
                         .toughness = 1,
                         .keywords = {"Changeling", "Flying", "Hexproof"}};
  PositionPlayer a = player("A", {"Legendary Shifter"}, {"Forest"});
  a.battlefield.push_back(card("Legendary Shifter"));
  auto t = table(pool({shifter}), position("main1", a, player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId in_hand = find(g, "Legendary Shifter", ZoneRef::hand(kA));
  const ObjectId on_field = find(g, "Legendary Shifter", ZoneRef::battlefield(kA));
  g.journal().set_counter(on_field, "+1/+1"_sym, 2);
  ASSERT_TRUE(g.only_rule_effects());
  std::vector<ObjectId> looked{in_hand};
  for (ObjectId id : g.state().zone(ZoneRef::battlefield(kA)).objects) looked.push_back(id);
  for (ObjectId id : looked) {
    const Characteristics& printed = g.card(id).base;
    const Characteristics view = g.view(id);
    EXPECT_EQ(view.name, printed.name);
    EXPECT_EQ(view.cost, printed.cost);
    EXPECT_EQ(view.colors.bits, printed.colors.bits);
    EXPECT_EQ(view.types, printed.types);
    EXPECT_EQ(view.supertypes, printed.supertypes);
    EXPECT_EQ(view.keywords, printed.keywords);
  }
  // The changeling's view does differ from its card where the rule effects act: its creature
  // types and, with counters, its power and toughness.
  const Characteristics view = g.view(on_field);
  EXPECT_TRUE(view.has_subtype("Goblin"_sym));
  EXPECT_FALSE(g.card(on_field).base.has_subtype("Goblin"_sym));
  EXPECT_EQ(view.power, 3);
}

}  // namespace
}  // namespace anvil::classic_test
