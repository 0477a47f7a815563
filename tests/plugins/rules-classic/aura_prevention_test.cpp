// Auras, pump spells and prevention shields (auras.cpp, prevention.cpp, spells.cpp): the parts
// the scenarios cannot reach — the order of two shields chosen by the affected player (§2 test
// 1), damage that can't be prevented (§2 test 7), a rollback restoring a used shield (§2 test 9)
// and the classic positional spelling of the keywords.
#include <gtest/gtest.h>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

std::shared_ptr<CardPool> shield_pool() {
  return pool({
      CardSpec{.name = "Hill Giant", .cost = "{3}{R}", .types = {"Creature"}, .power = 3,
               .toughness = 3},
      CardSpec{.name = "Shield Two", .cost = "{W}", .types = {"Instant"},
               .abilities = {{"prevent", {{"amount", "2"}, {"target", "creature"}}}}},
      CardSpec{.name = "Shield Three", .cost = "{W}", .types = {"Instant"},
               .abilities = {{"prevent", {{"amount", "3"}, {"target", "any"}}}}},
      CardSpec{.name = "Might", .cost = "{B}", .types = {"Enchantment"}, .subtypes = {"Aura"},
               .abilities = {{"enchant", {{"what", "creature"}}},
                             {"enchanted", {{"power", "+2"}, {"toughness", "-1"},
                                            {"grant", "Flying First Strike"}}}}},
  });
}

// Resolves `name`'s prevention ability as if cast by B at B's Hill Giant (the card itself is put
// in B's graveyard, where a resolved instant is).
void shield(Game& g, const std::string& name, ObjectId giant) {
  const CardDef& def = g.cards().at(*g.cards().find(name));
  const ObjectId card = g.add_card(def.id, kB, ZoneRef::graveyard(kB));
  const std::vector<Target> targets{Target::of(g.object(giant).ref())};
  g.resolve(ResolveContext{g.object(card).ref(), def.id, 0, kB, targets, 0, {}});
}

// What is left of the shields, in the order they were made.
std::vector<std::int64_t> shields(const Game& g) {
  std::vector<std::int64_t> out;
  for (const FloatingEffect& f : g.state().effects) out.push_back(f.a);
  return out;
}

struct Shielded {
  Table t;
  ObjectId giant;
};

Shielded two_shields() {
  Shielded s{table(shield_pool(), position("main1", player("A", {}, {}),
                                           player("B", {}, {"Hill Giant"}))),
             {}};
  s.giant = find(*s.t.game, "Hill Giant", ZoneRef::battlefield(kB));
  shield(*s.t.game, "Shield Two", s.giant);
  shield(*s.t.game, "Shield Three", s.giant);
  return s;
}

TEST(RulesClassicPrevention, TheAffectedPlayerOrdersTwoShieldsAndEachAppliesOnce) {
  const std::pair<const char*, const char*> orders[] = {
      {"prevent damage (Shield Two)", "Shield Three"}, {"prevent damage (Shield Three)", "Shield Two"}};
  for (const auto& [first, left] : orders) {
    Shielded s = two_shields();
    Game& g = *s.t.game;
    ASSERT_EQ(shields(g), (std::vector<std::int64_t>{2, 3}));
    s.t.b->pick(ChoiceKind::replacement, {first});
    EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(g.object(s.giant).ref()), 4), 0);
    EXPECT_EQ(g.object(s.giant).damage, 0);
    ASSERT_FALSE(s.t.b->asked.empty());
    EXPECT_EQ(s.t.b->asked.back().kind, ChoiceKind::replacement);  // asked of B, who controls it
    // Two first: it is used up and Three keeps 1. Three first: it is used up, Two keeps 1.
    ASSERT_EQ(shields(g), (std::vector<std::int64_t>{1})) << first;
    EXPECT_EQ(g.cards().at(g.state().effects.front().card).name, left) << first;
  }
}

TEST(RulesClassicPrevention, DamageThatCannotBePreventedLeavesTheShieldsAlone) {
  Shielded s = two_shields();
  Game& g = *s.t.game;
  DamageOptions unpreventable;
  unpreventable.preventable = false;
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(g.object(s.giant).ref()), 2, unpreventable), 2);
  EXPECT_EQ(g.object(s.giant).damage, 2);
  EXPECT_EQ(shields(g), (std::vector<std::int64_t>{2, 3}));
}

TEST(RulesClassicPrevention, ARollbackRestoresAUsedShieldExactly) {
  Shielded s = two_shields();
  Game& g = *s.t.game;
  const std::uint64_t before = hash(g.state());
  const Journal::Checkpoint cp = g.journal().checkpoint();
  s.t.b->pick(ChoiceKind::replacement, {"prevent damage (Shield Three)"});
  EXPECT_EQ(deal_damage(g, ObjectId{}, Target::of(g.object(s.giant).ref()), 5), 0);
  EXPECT_TRUE(g.state().effects.empty());
  g.journal().rollback(cp);
  EXPECT_EQ(hash(g.state()), before);
  EXPECT_EQ(shields(g), (std::vector<std::int64_t>{2, 3}));
  EXPECT_TRUE(g.state().pending_triggers.empty());
}

TEST(RulesClassicPrevention, ShieldsEndAtCleanup) {
  Shielded s = two_shields();
  ASSERT_TRUE(run_to_step(*s.t.game, "upkeep"));
  EXPECT_TRUE(s.t.game->state().effects.empty());
}

TEST(RulesClassicAura, AnAttachedAuraChangesPowerToughnessAndKeywordsInTheirLayers) {
  auto t = table(shield_pool(), position("main1", player("A", {}, {"Hill Giant"}),
                                         player("B", {}, {})));
  Game& g = *t.game;
  const ObjectId giant = find(g, "Hill Giant", ZoneRef::battlefield(kA));
  const ObjectId aura = g.add_card(*g.cards().find("Might"), kA, ZoneRef::battlefield(kA));
  EXPECT_EQ(g.view(giant).power, 3);  // not attached yet: nothing, and SBA will bin it
  g.journal().set_attr(aura, "attached_self"_sym, g.object(aura).zone_changes + 1);
  g.journal().set_attr(aura, "attached_to"_sym, giant.value + 1);
  g.journal().set_attr(aura, "attached_zc"_sym, g.object(giant).zone_changes + 1);
  const Characteristics c = g.view(giant);
  EXPECT_EQ(c.power, 5);
  EXPECT_EQ(c.toughness, 2);
  EXPECT_TRUE(c.has_keyword("Flying"_sym));
  EXPECT_TRUE(c.has_keyword("First Strike"_sym));
  rules().check_state(g);
  EXPECT_EQ(g.object(aura).zone.kind, ZoneKind::battlefield);  // legally attached: stays
  move_to_zone(g, giant, ZoneRef::hand(kA), Cause::bounce);
  rules().check_state(g);
  EXPECT_EQ(g.object(aura).zone.kind, ZoneKind::graveyard);  // 704.5m
}

TEST(RulesClassicAura, TheKeywordsReadTheClassicPositionalSpelling) {
  CardDef d;
  d.name = "Positional";
  d.base.types = {"Enchantment"_sym};
  d.base.subtypes = {"Aura"_sym};  // `enchant` and `enchanted` are refused on any other card
  std::vector<Diagnostic> diagnostics;
  const SourceLocation where{"test", 1, 1};
  CompileContext ctx{registry(), d, where, diagnostics};
  for (const char* line : {"enchant:creature", "enchanted:+1:+2:Flying", "prevent:1:any::{T}",
                           "enchanted:::Reach:attack"})
    registry().get<KeywordHandler>(std::string_view(line).substr(0, std::string_view(line).find(':')))
        ->compile(Params::parse_classic(line, where), ctx);
  ASSERT_EQ(d.abilities.size(), 6u);  // enchant, +1/+2, Flying, prevent, its shield, Reach+restriction
  EXPECT_EQ(d.abilities[1].text, "Enchanted creature gets +1/+2.");
  EXPECT_EQ(d.abilities[2].text, "Enchanted creature has flying.");
  EXPECT_EQ(d.abilities[3].text,
            "{T}: Prevent the next 1 damage that would be dealt to any target this turn.");
  EXPECT_EQ(d.abilities[3].kind, AbilityKind::activated);
  EXPECT_EQ(d.abilities[3].cost, "{T}");
  EXPECT_EQ(d.abilities[5].text, "Enchanted creature has reach and can't attack.");
  EXPECT_THROW(registry().get<KeywordHandler>("enchanted")
                   ->compile(Params::parse_classic("enchanted:::Flyng", where), ctx),
               LoadError);
}

// A power or toughness counted by a value function is printed as a printed card has it: "+X/+Y,
// where X is … and Y is …" (Aspect of Wolf), one letter when both count the same, and a number
// beside a letter keeps its sign. Before, Aspect of Wolf read "gets X/X."
TEST(RulesClassicAura, CountedPowerAndToughnessSayWhatXAndYAre) {
  const auto text = [](const char* line) {
    CardDef d;
    d.name = "Counted";
    d.base.types = {"Enchantment"_sym};
    d.base.subtypes = {"Aura"_sym};
    std::vector<Diagnostic> diagnostics;
    const SourceLocation where{"test", 1, 1};
    CompileContext ctx{registry(), d, where, diagnostics};
    for (const char* l : {"enchant:creature", line})
      registry()
          .get<KeywordHandler>(std::string_view(l).substr(0, std::string_view(l).find(':')))
          ->compile(Params::parse_classic(l, where), ctx);
    return d.abilities.at(1).text;
  };
  const std::string forests = "half the number of Forests you control, rounded ";
  EXPECT_EQ(
      text("enchanted:Count$TypeYouCtrl.Forest/HalfDown:Count$TypeYouCtrl.Forest/HalfUp"),
      "Enchanted creature gets +X/+Y, where X is " + forests + "down, and Y is " + forests + "up.");
  EXPECT_EQ(text("enchanted:Count$TypeYouCtrl.Forest:Count$TypeYouCtrl.Forest"),
            "Enchanted creature gets +X/+X, where X is the number of Forests you control.");
  EXPECT_EQ(text("enchanted:+1:Count$TypeYouCtrl.Forest"),
            "Enchanted creature gets +1/+X, where X is the number of Forests you control.");
  EXPECT_EQ(text("enchanted:Count$TypeYouCtrl.Forest:Count$TypeYouCtrl.Island"),
            "Enchanted creature gets +X/+Y, where X is the number of Forests you control and Y "
            "is the number of Islands you control.");
}

// Half an Aura is refused at its line (docs/cards.md, "Auras"): `enchant` without the Aura
// subtype (the state-based action looks for Auras), `enchanted` without it or without `enchant`
// before it (the card would be cast with no target and enchant nothing).
TEST(RulesClassicAura, HalfAnAuraIsALoadErrorAtItsLine) {
  const auto problem = [](std::vector<Symbol> subtypes, std::vector<const char*> lines) {
    CardDef d;
    d.name = "Half";
    d.base.types = {"Enchantment"_sym};
    d.base.subtypes = std::move(subtypes);
    std::vector<Diagnostic> diagnostics;
    CompileContext ctx{registry(), d, {"test", 1, 1}, diagnostics};
    std::uint32_t n = 0;
    for (const char* line : lines) {
      const SourceLocation where{"test", ++n, 1};
      try {
        registry()
            .get<KeywordHandler>(std::string_view(line).substr(0, std::string_view(line).find(':')))
            ->compile(Params::parse_classic(line, where), ctx);
      } catch (const LoadError& e) {
        return e.where().str() + " " + e.problem();
      }
    }
    return std::string("no error");
  };
  EXPECT_EQ(problem({}, {"enchant:creature"}),
            "test:1:1 'enchant' makes an Aura, but the card has no Aura subtype");
  EXPECT_EQ(problem({}, {"enchanted:1:1"}),
            "test:1:1 'enchanted' is what an Aura gives, but the card has no Aura subtype");
  EXPECT_EQ(problem({"Aura"_sym}, {"enchanted:1:1"}),
            "test:1:1 an Aura's 'enchanted' needs its 'enchant' line before it");
  EXPECT_EQ(problem({"Aura"_sym}, {"enchanted:1:1", "enchant:creature"}),
            "test:1:1 an Aura's 'enchanted' needs its 'enchant' line before it");
  EXPECT_EQ(problem({"Aura"_sym}, {"enchant:creature", "enchanted:1:1"}), "no error");
  EXPECT_EQ(problem({}, {"equipped:1:1"}), "no error") << "Equipment is no Aura";
}

// Casts `card` once a triggered ability (not a spell) is on top of the stack; passes otherwise.
class RespondToTrigger final : public Agent {
 public:
  explicit RespondToTrigger(std::string label) : label_(std::move(label)) {}
  std::string_view name() const override { return "respond"; }
  Answer choose(const DecisionView& view, const Choice& c) override {
    if (c.kind == ChoiceKind::action && !view.stack().empty() && !view.stack().back().is_spell)
      for (std::uint32_t i = 0; i < c.options.size(); ++i)
        if (c.options[i].label == label_) return Answer{{i}};
    if (c.kind == ChoiceKind::action)
      return Answer{{static_cast<std::uint32_t>(c.options.size() - 1)}};
    return Answer{{0}};
  }

 private:
  std::string label_;
};

TEST(RulesClassicTriggerTargets, ATriggersTargetIsCheckedAgainOnResolution) {
  // 603.3d, 608.2b: Ravenous Chupacabra's trigger targets Grizzly Bears; in response B gives
  // it hexproof, so the ability does nothing.
  auto cards = classic_core_pool();
  ASSERT_NE(cards, nullptr);
  auto t = table(cards, position("main1",
                                 player("A", {"Ravenous Chupacabra"},
                                        {"Swamp", "Swamp", "Swamp", "Swamp"}),
                                 player("B", {"Ranger's Guile"}, {"Forest", "Grizzly Bears"})));
  Game& g = *t.game;
  g.seat(kB, std::make_shared<RespondToTrigger>("Cast Ranger's Guile"));
  t.a->act("Cast Ravenous Chupacabra");
  ASSERT_TRUE(advance_until(g, [](const Game& game) {
    return game.state().stack.empty() && game.state().pending_triggers.empty() &&
           game.state().zone(ZoneRef::graveyard(PlayerId{1})).objects.size() == 1;
  }));
  EXPECT_TRUE(find(g, "Grizzly Bears", ZoneRef::battlefield(kB)).valid());
  EXPECT_TRUE(find(g, "Ranger's Guile", ZoneRef::graveyard(kB)).valid());
  EXPECT_TRUE(find(g, "Ravenous Chupacabra", ZoneRef::battlefield(kA)).valid());
}

TEST(RulesClassicTriggerTargets, WithoutAResponseTheTargetIsDestroyed) {
  auto cards = classic_core_pool();
  ASSERT_NE(cards, nullptr);
  auto t = table(cards, position("main1",
                                 player("A", {"Ravenous Chupacabra"},
                                        {"Swamp", "Swamp", "Swamp", "Swamp"}),
                                 player("B", {}, {"Forest", "Grizzly Bears"})));
  Game& g = *t.game;
  t.a->act("Cast Ravenous Chupacabra");
  ASSERT_TRUE(advance_until(g, [](const Game& game) {
    return game.state().zone(ZoneRef::graveyard(PlayerId{1})).objects.size() == 1;
  }));
  EXPECT_TRUE(find(g, "Grizzly Bears", ZoneRef::graveyard(kB)).valid());
}

// The replacement keywords of replacements.cpp and gain_life's self-replacement: their texts and
// kinds, and the values they refuse (their behaviour: scenarios 614_test2_*, 616_test4*, 616_test8*).
TEST(RulesClassicReplacementKeywords, CompileToReplacementsAndRefuseUnknownValues) {
  CardDef d;
  d.name = "Replacements";
  std::vector<Diagnostic> diagnostics;
  const SourceLocation where{"test", 1, 1};
  CompileContext ctx{registry(), d, where, diagnostics};
  const auto compile = [&](std::string_view line) {
    registry().get<KeywordHandler>(line.substr(0, line.find(':')))
        ->compile(Params::parse_classic(line, where), ctx);
  };
  for (const char* line : {"double:life_gain", "double:damage", "gain_becomes_loss:opponents",
                           "gain_life:5:you:10"})
    compile(line);
  ASSERT_EQ(d.abilities.size(), 5u);  // three replacements, the spell and its self-replacement
  EXPECT_EQ(d.abilities[0].text, "If you would gain life, you gain twice that much life instead.");
  EXPECT_EQ(d.abilities[1].kind, AbilityKind::replacement);
  EXPECT_EQ(d.abilities[2].text,
            "If an opponent would gain life, that player loses that much life instead.");
  EXPECT_EQ(d.abilities[3].kind, AbilityKind::spell);
  EXPECT_EQ(d.abilities[4].kind, AbilityKind::replacement);
  EXPECT_EQ(d.abilities[4].text,
            "Ferocious — You gain 10 life instead if you control a creature with power 4 or greater.");
  EXPECT_THROW(compile("double:mana"), LoadError);
  EXPECT_THROW(compile("gain_becomes_loss:you"), LoadError);
  EXPECT_THROW(compile("gain_life:5:you:0"), LoadError);
}

// A prevention ability of a permanent (Samite Healer's "{T}: Prevent…") is activated on the
// battlefield: a cost that discards its card is refused when the card loads, not in a game.
TEST(RulesClassicPrevention, APermanentsPreventionCostCannotDiscard) {
  try {
    (void)compile(CardSpec{
        .name = "Discard Healer",
        .cost = "{W}",
        .types = {"Creature"},
        .power = 1,
        .toughness = 1,
        .abilities = {
            {"prevent", {{"amount", "1"}, {"target", "any"}, {"cost", "{T}, Discard CARDNAME"}}}}});
    ADD_FAILURE() << "a discard in a prevention ability's cost loaded";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("cannot discard its card"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace anvil::classic_test
