// keyword-damage: the four positional forms and the named form, descriptions, targets, and
// resolution — target rechecked, damage through the kernel, the drawback with X and Tgt.
#include "descriptions.hpp"
#include "script_fixture.hpp"

namespace anvil::script_test {
namespace {

using KeywordDamage = GameTest;

std::string spell(std::string_view name, std::string_view line) {
  return std::string(name) + "\nR\nInstant\nno text\n" + std::string(line) + "\n";
}

TEST_F(KeywordDamage, AllFourPositionalFormsCompile) {
  EXPECT_EQ(card(spell("Bolt", "spDamageTgtCP:3")).abilities.at(0).impl->describe(),
            "Bolt deals 3 damage to target creature or player.");
  EXPECT_EQ(card(spell("Helix", "spDamageTgtCP:3:Drawback$YouGainLife/3"))
                .abilities.at(0)
                .impl->describe(),
            "Helix deals 3 damage to target creature or player and you gain 3 life.");
  EXPECT_EQ(
      card(spell("Shock", "spDamageTgtCP:2:CARDNAME deals 2 damage to any target.:CARDNAME - 2"))
          .abilities.at(0)
          .impl->describe(),
      "Shock deals 2 damage to any target.");
  const CardDef both =
      card(spell("Char", "spDamageTgtCP:4:Drawback$DamageYou/2:Given text.:Stack text"));
  ASSERT_EQ(both.abilities.size(), 1u);
  EXPECT_EQ(both.abilities[0].impl->describe(), "Given text.");
  EXPECT_EQ(both.abilities[0].text, "spDamageTgtCP:4:Drawback$DamageYou/2:Given text.:Stack text");
  EXPECT_EQ(both.abilities[0].provider, "keyword-damage");
  EXPECT_EQ(both.abilities[0].where.line, 5u);
}

TEST_F(KeywordDamage, GeneratedDescriptionsCoverTargetsXAndDrawbacks) {
  auto describe = [&](std::string_view name) { return spell_of(name).describe(); };
  EXPECT_EQ(
      describe("Tendrils of Corruption"),
      "Tendrils of Corruption deals X damage to target creature and you gain X life, where X is "
      "the number of Swamps you control.");
  EXPECT_EQ(
      describe("First Volley"),
      "First Volley deals 1 damage to target creature and 1 damage to that creature's controller.");
  EXPECT_EQ(describe("Blightning"),
            "Blightning deals 3 damage to target player and that player discards two cards.");
  EXPECT_EQ(
      describe("Kindle"),
      "Kindle deals X damage to target creature or player, where X is 2 plus the number of cards "
      "named Kindle in all graveyards.");
  EXPECT_EQ(describe("Char"),
            "Char deals 4 damage to target creature or player and 2 damage to you.");
}

TEST_F(KeywordDamage, TheStackDescriptionIsWhatTheAbilityShowsOnTheStack) {
  const CardDef given =
      card(spell("Char", "spDamageTgtCP:4:Drawback$DamageYou/2:Given text.:CARDNAME - 4"));
  const CardDef generated = card(spell("Bolt", "spDamageTgtC:3"));
  const ResolveContext ctx{};
  EXPECT_EQ(given.abilities.at(0).impl->describe_on_stack(*game_, ctx), "Char - 4");
  EXPECT_EQ(generated.abilities.at(0).impl->describe_on_stack(*game_, ctx),
            "Bolt - deals 3 damage.");
}

TEST_F(KeywordDamage, GeneratedStackDescriptions) {
  using keyword_damage::DamageText;
  using keyword_damage::TargetKind;
  EXPECT_EQ(keyword_damage::stack_description(DamageText{TargetKind::creature, "3", "", ""}),
            "CARDNAME - deals 3 damage.");
  EXPECT_EQ(keyword_damage::stack_description(
                DamageText{TargetKind::player, "X", "your life total", "you gain X life"}),
            "CARDNAME - deals X damage and you gain X life.");
  EXPECT_EQ(keyword_damage::with_name("CARDNAME hits; CARDNAME heals.", "Helix"),
            "Helix hits; Helix heals.");
}

TEST_F(KeywordDamage, AmountsOfAnySizeThatFits) {
  // The seed parsed only amounts of at most two characters.
  const CardDef big = card(spell("Big Bolt", "spDamageTgtCP:100"));
  EXPECT_EQ(big.abilities.at(0).impl->describe(),
            "Big Bolt deals 100 damage to target creature or player.");
  EXPECT_EQ(error_of(spell("Huge", "spDamageTgtCP:2147483648")),
            "test.txt:5:15: error: card 'Huge': damage amount 2147483648 is out of range (0 to "
            "2147483647)");
  EXPECT_EQ(
      error_of(spell("Negative", "spDamageTgtCP:-1")),
      "test.txt:5:15: error: card 'Negative': damage amount -1 is out of range (0 to 2147483647)");
}

TEST_F(KeywordDamage, TheBareKeywordIsOnlyTheNamedForm) {
  EXPECT_EQ(
      error_of(spell("Bare", "spDamageTgt:3")),
      "test.txt:5:1: error: card 'Bare': 'spDamageTgt' is the named form: spDamageTgt: {target: "
      "creature, amount: 3}; for the classic line, write spDamageTgtC, spDamageTgtP or "
      "spDamageTgtCP");
}

TEST_F(KeywordDamage, AMisspeltKeywordIsALoadErrorWithDidYouMean) {
  EXPECT_EQ(error_of(spell("Char", "spDamgeTgtCP:4:Drawback$DamageYou/2")),
            "test.txt:5:1: error: card 'Char': unknown keyword 'spDamgeTgtCP'; did you mean "
            "'spDamageTgtCP'?");
  EXPECT_EQ(
      error_of(spell("Bad", "spDamageTgtCP:3:Drawback$YouGainLife/3:desc:stack:more")),
      "test.txt:5:51: error: card 'Bad': 'spDamageTgtCP' takes at most #Dmg, Drawback$, a "
      "description "
      "and a stack description; found an extra part 'more'; a ':' inside a description splits it; "
      "reword without ':'");
}

// The outside tester's lines: a misspelt Drawback$ was taken as the spell's description, so the
// drawback silently never happened.
TEST_F(KeywordDamage, AMisspeltDrawbackPrefixIsALoadErrorAtItsColumn) {
  EXPECT_EQ(error_of(spell("Bolt", "spDamageTgtCP:3:Drawbak$YouGainLife/1")),
            "test.txt:5:17: error: card 'Bolt': 'spDamageTgtCP' knows no prefix 'Drawbak$'; a "
            "description cannot start with one; did you mean 'Drawback$'?");
  EXPECT_EQ(error_of(spell("Draw", "spDraw:1:Drawbak$OppMill/2")),
            "test.txt:5:10: error: card 'Draw': 'spDraw' knows no prefix 'Drawbak$'; a "
            "description cannot start with one; did you mean 'Drawback$'?");
  EXPECT_EQ(error_of(spell("Heel", "spBounceTgt:Creature:Drawbak$TgtDraw/1")),
            "test.txt:5:22: error: card 'Heel': 'spBounceTgt' knows no prefix 'Drawbak$'; a "
            "description cannot start with one; did you mean 'Drawback$'?");
  EXPECT_NE(error_of(spell("Far", "spDamageTgtCP:3:Desc:Unheard$X/1")).find("5:22:"),
            std::string::npos);
  EXPECT_NE(error_of(spell("Late", "spDamageTgtCP:3:Desc:Drawback$YouGainLife/1"))
                .find("5:22: error: card 'Late': the Drawback$ part comes right after the damage"),
            std::string::npos);
}

TEST_F(KeywordDamage, ADescriptionThatReadsAsADrawbackStepIsAWarning) {
  std::vector<Diagnostic> d;
  const auto cards = load_text(spell("Helix", "spDamageTgtCP:3:YouGainLife/1"), d);
  EXPECT_EQ(cards.size(), 1u);
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].str(),
            "test.txt:5:17: warning: card 'Helix': the description 'YouGainLife/1' reads as a "
            "drawback step; write Drawback$YouGainLife/1 if it is one");
  // Descriptions that are text, and one after a drawback, are not steps.
  (void)card(spell("Given", "spDamageTgtCP:3:CARDNAME hits.:Domain"));
  (void)card(spell("After", "spDamageTgtCP:3:Drawback$YouGainLife/1:YouGainLife/1"));
}

TEST_F(KeywordDamage, AnEmptyDescriptionIsIgnoredWithAWarning) {
  std::vector<Diagnostic> d;
  const auto cards = load_text(spell("Bolt", "spDamageTgtCP:3:"), d);
  ASSERT_EQ(cards.size(), 1u);
  EXPECT_EQ(cards[0].abilities.at(0).impl->describe(),
            "Bolt deals 3 damage to target creature or player.");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].str(),
            "test.txt:5:17: warning: card 'Bolt': the description is empty, so it is ignored and "
            "the generated one is used; drop the empty part");
}

TEST_F(KeywordDamage, TooManyYamlListValuesGiveNoHintAboutColons) {
  CardDef def;
  def.name = "Listed";
  std::vector<Diagnostic> diagnostics;
  CompileContext ctx{registry_, def, {"cards.yaml", 7, 7}, diagnostics};
  std::vector<Param> values;
  std::uint32_t column = 23;  // spDamageTgtCP: [3, Desc, a, b] — one space after each comma
  for (const char* v : {"3", "Desc", "a", "b"}) {
    values.push_back(Param::scalar(v, {"cards.yaml", 7, column}));
    column += static_cast<std::uint32_t>(std::string_view(v).size()) + 2;
  }
  try {
    compile_keyword(Params::positional("spDamageTgtCP", std::move(values), {"cards.yaml", 7, 7}),
                    ctx);
    ADD_FAILURE() << "no error";
  } catch (const LoadError& e) {
    EXPECT_EQ(std::string(e.what()),
              "cards.yaml:7:35: 'spDamageTgtCP' takes at most #Dmg, Drawback$, a description and "
              "a stack description; found an extra part 'b'");
  }
}

class NamedForm : public KeywordDamage {
 protected:
  CardDef compile(std::vector<std::pair<std::string, Param>> values,
                  std::string keyword = "spDamageTgt") {
    CardDef def;
    def.name = "Named Bolt";
    CompileContext ctx{registry_, def, where_, diagnostics_};
    compile_keyword(Params::named(std::move(keyword), std::move(values), where_), ctx);
    return def;
  }
  Param scalar(std::string text, std::uint32_t column) {
    return Param::scalar(std::move(text), {"cards.yaml", 4, column});
  }
  std::string error_of_named(std::vector<std::pair<std::string, Param>> values,
                             std::string keyword = "spDamageTgt") {
    try {
      (void)compile(std::move(values), std::move(keyword));
    } catch (const LoadError& e) {
      return e.what();
    }
    return "no error";
  }
  SourceLocation where_{"cards.yaml", 3, 5};
  std::vector<Diagnostic> diagnostics_;
};

TEST_F(NamedForm, TheYamlSpellingCompilesTheSameSpell) {
  const CardDef def = compile({{"target", scalar("creature_or_player", 13)},
                               {"amount", scalar("Count$TypeYouCtrl.Swamp", 13)},
                               {"drawback", scalar("YouGainLife/X", 15)}});
  ASSERT_EQ(def.abilities.size(), 1u);
  EXPECT_EQ(
      def.abilities[0].impl->describe(),
      "Named Bolt deals X damage to target creature or player and you gain X life, where X is the "
      "number of Swamps you control.");
  EXPECT_EQ(def.abilities[0].impl->target_count(), 1u);
  const CardDef given = compile({{"target", scalar("player", 13)},
                                 {"amount", scalar("3", 13)},
                                 {"description", scalar("CARDNAME hits a player.", 18)}});
  EXPECT_EQ(given.abilities.at(0).impl->describe(), "Named Bolt hits a player.");
}

TEST_F(NamedForm, ErrorsNameTheValueAndSuggest) {
  EXPECT_EQ(error_of_named({{"target", scalar("creture", 13)}, {"amount", scalar("3", 13)}}),
            "cards.yaml:4:13: target 'creture' is unknown; did you mean 'creature'?");
  EXPECT_EQ(error_of_named({{"target", scalar("player", 13)}}),
            "cards.yaml:3:5: 'spDamageTgt' needs a value for 'amount'");
  EXPECT_EQ(error_of_named({{"target", scalar("player", 13)},
                            {"amount", scalar("Count$TypeYouCtrl.Swmp", 13)}}),
            "cards.yaml:4:31: Count$ quality 'Swmp' is unknown; did you mean 'Swamp'?");
  EXPECT_EQ(error_of_named({{"target", scalar("player", 13)},
                            {"amount", scalar("3", 13)},
                            {"drawback", scalar("Drawback$YouGainLfe/3", 15)}}),
            "cards.yaml:4:24: Drawback$ verb 'YouGainLfe' is unknown; did you mean 'YouGainLife'?");
  EXPECT_EQ(error_of_named({{"amount", scalar("3", 13)}}),
            "cards.yaml:3:5: 'spDamageTgt' needs a value for 'target'");
  EXPECT_EQ(error_of_named({{"amount", scalar("3", 13)}}, "spDamageTgtC").substr(0, 5), "no er");
  EXPECT_NE(error_of_named({{"target", scalar("player", 13)},
                            {"amount", scalar("3", 13)},
                            {"drawbak", scalar("YouGainLife/3", 15)}})
                .find("did you mean 'drawback'?"),
            std::string::npos);
}

TEST_F(KeywordDamage, TargetsAreCreaturesOnTheBattlefieldOrPlayersAsTheKeywordSays) {
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  const ObjectId swamp = on_battlefield("Swamp", opp);
  const ObjectId in_hand = put("Goblin Piker", opp, ZoneRef::hand(opp));
  const ResolveContext ctx{{}, {}, 0, me, {}, 0, {}};
  auto can = [&](std::string_view card, Target t) {
    return spell_of(card).can_target(*game_, ctx, 0, t);
  };
  EXPECT_TRUE(can("Lightning Bolt", target(bears)));
  EXPECT_TRUE(can("Lightning Bolt", Target::of(opp)));
  EXPECT_TRUE(can("Lightning Bolt", Target::of(me)));
  EXPECT_FALSE(can("Lightning Bolt", target(swamp)));
  EXPECT_FALSE(can("Lightning Bolt", target(in_hand)));
  EXPECT_TRUE(can("First Volley", target(bears)));
  EXPECT_FALSE(can("First Volley", Target::of(opp)));
  EXPECT_TRUE(can("Blightning", Target::of(opp)));
  EXPECT_FALSE(can("Blightning", target(bears)));
  EXPECT_EQ(spell_of("Lightning Bolt").target_count(), 1u);
}

// What each spell says its target must be (Ability::target_requirement) is only a necessary
// condition: every candidate can_target accepts meets it, and it excludes what the keyword says.
TEST_F(KeywordDamage, EachTargetRequirementHoldsForEveryTargetTheSpellAccepts) {
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  const ObjectId swamp = on_battlefield("Swamp", opp);
  const ObjectId in_hand = put("Goblin Piker", opp, ZoneRef::hand(opp));
  const ResolveContext ctx{{}, {}, 0, me, {}, 0, {}};
  auto meets = [&](const Ability::TargetRequirement& needs, const Target& t) {
    if (t.is_player()) return needs.players;
    const GameObject& o = game_->object(t.object.id);
    if (!(needs.zones & zone_bit(o.zone.kind))) return false;
    return needs.card_type.empty() || game_->view(t.object.id).has_type(needs.card_type);
  };
  const std::vector<Target> candidates = {Target::of(me), Target::of(opp), target(bears),
                                          target(swamp), target(in_hand)};
  for (std::string_view card : {"Lightning Bolt", "First Volley", "Blightning", "Call to Heel"}) {
    SCOPED_TRACE(card);
    const Ability& a = spell_of(card);
    const Ability::TargetRequirement needs = a.target_requirement(0);
    for (const Target& t : candidates)
      if (a.can_target(*game_, ctx, 0, t)) {
        EXPECT_TRUE(meets(needs, t));
      }
  }
  // "target creature" excludes players and lands, "target player" every object.
  EXPECT_FALSE(meets(spell_of("First Volley").target_requirement(0), target(swamp)));
  EXPECT_FALSE(meets(spell_of("First Volley").target_requirement(0), Target::of(opp)));
  EXPECT_FALSE(meets(spell_of("Blightning").target_requirement(0), target(bears)));
  EXPECT_FALSE(meets(spell_of("Call to Heel").target_requirement(0), target(swamp)));
  EXPECT_TRUE(meets(spell_of("Lightning Bolt").target_requirement(0), Target::of(opp)));
}

TEST_F(KeywordDamage, ATargetThatMovedMakesTheSpellDoNothing) {
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  on_battlefield("Swamp", me);
  const Target chosen = target(bears);
  const ActionResult bounce = game_->perform("bounce", [&](Game& g) {
    move_to_zone(g, bears, ZoneRef::hand(opp), Cause::bounce);
    move_to_zone(g, bears, ZoneRef::battlefield(opp), Cause::put);  // back, but a new object
  });
  ASSERT_TRUE(bounce.ok());
  cast("Tendrils of Corruption", me, {chosen});
  EXPECT_EQ(game_->object(bears).damage, 0);
  EXPECT_EQ(life(me), 20);  // no drawback either
}

TEST_F(KeywordDamage, FirstVolleyHitsTheCreatureAndItsController) {
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  cast("First Volley", me, {target(bears)});
  EXPECT_EQ(game_->object(bears).damage, 1);
  EXPECT_EQ(life(opp), 19);
  EXPECT_EQ(life(me), 20);
}

TEST_F(KeywordDamage, BlightningAgainstAOneCardHand) {
  put("Kindle", opp, ZoneRef::hand(opp));
  cast("Blightning", me, {Target::of(opp)});
  EXPECT_EQ(life(opp), 17);
  EXPECT_EQ(size(ZoneRef::hand(opp)), 0u);
  EXPECT_EQ(size(ZoneRef::graveyard(opp)), 1u);
}

TEST_F(KeywordDamage, TendrilsWithXSwampsDealsXAndGainsX) {
  fill("Swamp", me, ZoneRef::battlefield(me), 3);
  on_battlefield("Swamp", opp);
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  cast("Tendrils of Corruption", me, {target(bears)});
  EXPECT_EQ(game_->object(bears).damage, 3);
  EXPECT_EQ(life(me), 23);
}

TEST_F(KeywordDamage, CacklingFlamesCountsTheHandAtResolution) {
  // Cast from hand: by resolution the hand is empty, so it is hellbent (the seed needed "<= 1").
  cast("Cackling Flames", me, {Target::of(opp)});
  EXPECT_EQ(life(opp), 15);
  put("Kindle", me, ZoneRef::hand(me));
  cast("Cackling Flames", me, {Target::of(opp)});
  EXPECT_EQ(life(opp), 12);
}

TEST_F(KeywordDamage, KindleCountsKindlesInBothGraveyards) {
  put("Kindle", me, ZoneRef::graveyard(me));
  put("Kindle", opp, ZoneRef::graveyard(opp));
  cast("Kindle", me, {Target::of(opp)});
  EXPECT_EQ(life(opp), 16);
}

TEST_F(KeywordDamage, ThermalBlastHasThreshold) {
  fill("Kindle", me, ZoneRef::graveyard(me), 7);
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  cast("Thermal Blast", me, {target(bears)});
  EXPECT_EQ(game_->object(bears).damage, 5);
}

TEST_F(KeywordDamage, DamageGoesThroughTheKernelSoPreventionApplies) {
  // A shield preventing 2 damage to the opponent: the spell's damage is an ordinary DamageEvent.
  ScopedConnection shield = game_->bus().on_replacement<DamageEvent>(
      [this](const Game&, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
        if (!e.target.is_player() || e.target.player != opp) return std::nullopt;
        return Replacement<DamageEvent>{"prevent 2", ObjectId{}, [](Game&, DamageEvent& d) {
                                          d.amount = std::max(0, d.amount - 2);
                                          if (d.amount == 0) d.cancelled = true;
                                        }};
      });
  cast("Lightning Bolt", me, {Target::of(opp)});
  EXPECT_EQ(life(opp), 19);
}

TEST_F(KeywordDamage, CantripDrawsAfterTheDamageWhereverItsLineIs) {
  put("Kindle", me, ZoneRef::library(me));
  put("Kindle", me, ZoneRef::library(me));
  cast("Ember Shot", me, {Target::of(opp)});
  EXPECT_EQ(life(opp), 17);
  EXPECT_EQ(size(ZoneRef::hand(me)), 1u);

  // "Shot Then Draw" has its Cantrip line first; the damage spell is still the first ability,
  // so it is the one whose target the rules module asks for.
  const CardDef& def = pool_->at(id("Shot Then Draw"));
  ASSERT_EQ(def.abilities.size(), 2u);
  EXPECT_EQ(def.abilities[0].impl->target_count(), 1u);
  EXPECT_EQ(def.abilities[0].provider, "keyword-damage");
  EXPECT_EQ(def.abilities[0].where.line, 25u);
  EXPECT_EQ(def.abilities[1].text, "Cantrip");
  EXPECT_EQ(def.abilities[1].impl->describe(), "Draw a card.");
  cast("Shot Then Draw", me, {Target::of(opp)});
  EXPECT_EQ(life(opp), 15);
  EXPECT_EQ(size(ZoneRef::hand(me)), 2u);
}

// A value function registered by another plugin ("host" here) that throws while the damage
// spell resolves is named as that plugin's, with its name: not as keyword-damage's, whose spell
// it runs in (compile_value, attributed).
class Throwing final : public ValueExpr {
 public:
  std::int64_t eval(const Game&, const ResolveContext&) const override { throw 42; }
  std::string describe() const override { return "a number that is never there"; }
};
class Boom final : public ValueFunction {
 public:
  std::shared_ptr<const ValueExpr> compile(std::string_view, CompileContext&) const override {
    return std::make_shared<Throwing>();
  }
};

TEST_F(KeywordDamage, AValueFunctionThatThrowsIsNamedAsItsOwnPlugins) {
  registry_.add<ValueFunction>("Boom", std::make_shared<Boom>());
  auto pool = std::make_shared<CardPool>();
  const CardId bolt = pool->add(card(spell("Boom Bolt", "spDamageTgtP:Boom$anything")));
  Game game(pool, 2, 1);
  const ObjectId spell = game.add_card(bolt, me, ZoneRef::stack());
  const std::vector<Target> targets{Target::of(opp)};
  const ResolveContext ctx{game.object(spell).ref(), bolt, 0, me, targets, 0, {}};
  const ActionResult r = game.perform("resolve", [&](Game& g) { g.resolve(ctx); });
  ASSERT_FALSE(r.ok());
  EXPECT_EQ(r.plugin, "host");
  EXPECT_EQ(r.card, "Boom Bolt");
  EXPECT_NE(r.message.find("its value 'Boom$' failed: an exception that is not a std::exception"),
            std::string::npos)
      << r.message;
}

}  // namespace
}  // namespace anvil::script_test

namespace anvil::script_test {
namespace {

std::string creature(std::string_view name, std::string_view line) {
  return std::string(name) + "\n2 R\nCreature — Orc\nno text\n1/3\n" + std::string(line) + "\n";
}

TEST_F(KeywordDamage, AbDamageIsAnActivatedAbilityWithItsCost) {
  const CardDef artillery =
      card(creature("Orcish Artillery", "abDamageTgtCP:{T}:2:Drawback$DamageYou/3"));
  ASSERT_EQ(artillery.abilities.size(), 1u);
  const AbilityDef& a = artillery.abilities[0];
  EXPECT_EQ(a.kind, AbilityKind::activated);
  EXPECT_EQ(a.cost, "{T}");
  EXPECT_EQ(a.provider, "keyword-damage");
  EXPECT_EQ(a.text, "abDamageTgtCP:{T}:2:Drawback$DamageYou/3");
  EXPECT_EQ(a.impl->describe(),
            "{T}: Orcish Artillery deals 2 damage to target creature or player and 3 damage to "
            "you.");
  EXPECT_EQ(a.impl->target_count(), 1u);

  const CardDef pinger = card(creature("Pinger", "abDamageTgtC:{1}{R}, {T}:1"));
  EXPECT_EQ(pinger.abilities.at(0).cost, "{1}{R}, {T}");
  const CardDef face = card(creature("Face", "abDamageTgtP:{R}:1:Given text.:Stack text"));
  EXPECT_EQ(face.abilities.at(0).impl->describe(), "Given text.");
}

TEST_F(KeywordDamage, AbDamageAcceptsForgesCostSpelling) {
  EXPECT_EQ(card(creature("A", "abDamageTgtCP:T:1")).abilities.at(0).cost, "{T}");
  EXPECT_EQ(card(creature("B", "abDamageTgtCP:1 R T:1")).abilities.at(0).cost, "{1}{R}, {T}");
  EXPECT_EQ(card(creature("C", "abDamageTgtCP:Sac<1/CARDNAME>:1")).abilities.at(0).cost,
            "Sacrifice CARDNAME");
  EXPECT_EQ(card(creature("D", "abDamageTgtCP:Sacrifice CARDNAME:1")).abilities.at(0).cost,
            "Sacrifice CARDNAME");
  EXPECT_NE(error_of(creature("E", "abDamageTgtCP:Tap it:1")).find("cannot read the cost"),
            std::string::npos);
  EXPECT_NE(error_of(creature("F", "abDamageTgtCP:{T}")).find("needs a damage amount"),
            std::string::npos);
  // In braces, only what the rules can read: a symbol or a word they could not is said at load.
  EXPECT_EQ(
      card(creature("G", "abDamageTgtCP:{2}{R/G}, {T}, Sacrifice CARDNAME:1")).abilities.at(0).cost,
      "{2}{R/G}, {T}, Sacrifice CARDNAME");
  EXPECT_NE(error_of(creature("H", "abDamageTgtCP:{Zz}:1")).find("cannot read the cost '{Zz}'"),
            std::string::npos);
  EXPECT_NE(error_of(creature("I", "abDamageTgtCP:{T}, Banana:1")).find("'Banana'"),
            std::string::npos);
  // Read as the rules read it (the kernel's read_cost_text): symbols made of the right letters
  // but no symbol, and a part twice, are refused too.
  EXPECT_NE(error_of(creature("J", "abDamageTgtCP:{WW}:1"))
                .find("cannot read the cost '{WW}': unknown mana symbol '{WW}'"),
            std::string::npos);
  EXPECT_NE(error_of(creature("K", "abDamageTgtCP:{T}{T}:1")).find("the cost says {T} twice"),
            std::string::npos);
  // The error is at the symbol's column (the cost starts at column 15), and a discard is refused:
  // the ability is activated on the battlefield, with no card in a hand.
  EXPECT_NE(error_of(creature("L", "abDamageTgtCP:{1}{Z}:1"))
                .find("test.txt:6:18: error: card 'L': cannot read the cost '{1}{Z}': unknown "
                      "mana symbol '{Z}'"),
            std::string::npos)
      << error_of(creature("L", "abDamageTgtCP:{1}{Z}:1"));
  EXPECT_NE(error_of(creature("M", "abDamageTgtCP:{T}, Discard CARDNAME:1"))
                .find("an ability of a permanent cannot discard its card"),
            std::string::npos);
}

// Forge's spelling is read word by word into the same notation, and what it makes is read as
// the rules read it: a hybrid or Phyrexian word is a symbol, a word twice or a number too large
// is an error at load, at the word.
TEST_F(KeywordDamage, AbDamageForgeSpellingIsCheckedWordByWord) {
  EXPECT_EQ(card(creature("A", "abDamageTgtCP:R/P T:1")).abilities.at(0).cost, "{R/P}, {T}");
  EXPECT_EQ(card(creature("B", "abDamageTgtCP:2/W T:1")).abilities.at(0).cost, "{2/W}, {T}");
  EXPECT_NE(
      error_of(creature("C", "abDamageTgtCP:99999999 T:1")).find("this mana cost is too large"),
      std::string::npos);
  EXPECT_NE(error_of(creature("D", "abDamageTgtCP:1 T T:1")).find("it says T twice"),
            std::string::npos);
  EXPECT_NE(error_of(creature("E", "abDamageTgtCP:1 Z T:1"))
                .find("test.txt:6:17: error: card 'E': cannot read the cost '1 Z T': 'Z' is no "
                      "mana symbol, T or Sac"),
            std::string::npos)
      << error_of(creature("E", "abDamageTgtCP:1 Z T:1"));
}

TEST_F(KeywordDamage, AbDamageResolvesLikeTheSpellWithItsDrawback) {
  CardDef def = card(creature("Orcish Artillery", "abDamageTgtCP:{T}:2:Drawback$DamageYou/3"));
  auto pool = std::make_shared<CardPool>();
  const CardId artillery = pool->add(std::move(def));
  Game game(pool, 2, 1);
  for (PlayerId p : {me, opp}) game.journal().set_life(p, 20);
  const ObjectId source = game.add_card(artillery, me, ZoneRef::battlefield(me));
  const std::vector<Target> targets{Target::of(opp)};
  const ResolveContext ctx{game.object(source).ref(), artillery, 0, me, targets, 0, {}};
  const ActionResult r = game.perform("resolve", [&](Game& g) { g.resolve(ctx); });
  ASSERT_TRUE(r.ok()) << r.message;
  EXPECT_EQ(game.state().player(opp).life, 18);
  EXPECT_EQ(game.state().player(me).life, 17);
}

}  // namespace
}  // namespace anvil::script_test

namespace anvil::script_test {
namespace {

// A shield on the bus preventing `n` damage to `who` (a player or an object), as a prevention
// card would register it.
ScopedConnection prevent(Game& game, Target who, std::int32_t n) {
  return game.bus().on_replacement<DamageEvent>(
      [who, n](const Game&, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
        if (!(e.target == who)) return std::nullopt;
        return Replacement<DamageEvent>{"prevent", ObjectId{}, [n](Game&, DamageEvent& d) {
                                          d.amount = std::max(0, d.amount - n);
                                          if (d.amount == 0) d.cancelled = true;
                                        }};
      });
}

TEST_F(KeywordDamage, CorruptGainsTheDamageDealtTendrilsGainsX) {
  // Corrupt: Drawback$YouGainLife/Dealt — deal_damage's return value, after prevention.
  fill("Swamp", me, ZoneRef::battlefield(me), 4);
  {
    ScopedConnection shield = prevent(*game_, Target::of(opp), 3);
    cast("Corrupt", me, {Target::of(opp)});
  }
  EXPECT_EQ(life(opp), 19);
  EXPECT_EQ(life(me), 21);
  cast("Corrupt", me, {Target::of(opp)});  // nothing prevented: all 4
  EXPECT_EQ(life(opp), 15);
  EXPECT_EQ(life(me), 25);
  // Tendrils of Corruption: Drawback$YouGainLife/X — X, whatever was prevented.
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  ScopedConnection shield = prevent(*game_, target(bears), 3);
  cast("Tendrils of Corruption", me, {target(bears)});
  EXPECT_EQ(game_->object(bears).damage, 1);
  EXPECT_EQ(life(me), 29);
  EXPECT_EQ(spell_of("Corrupt").describe(),
            "Corrupt deals X damage to target creature or player and you gain that much life, "
            "where X is the number of Swamps you control.");
}

TEST_F(KeywordDamage, SpDrawDrawsThenRunsItsDrawback) {
  fill("Swamp", me, ZoneRef::library(me), 4);
  const ObjectId thopter = put("Ornithopter", me, ZoneRef::hand(me));
  agent(me).script.push_back({1});  // yes: discard the artifact instead
  cast("Thirst for Knowledge", me, {});
  EXPECT_EQ(size(ZoneRef::library(me)), 1u);
  EXPECT_EQ(size(ZoneRef::hand(me)), 3u);
  EXPECT_EQ(game_->object(thopter).zone.kind, ZoneKind::graveyard);
  EXPECT_EQ(spell_of("Thirst for Knowledge").describe(),
            "Draw three cards. Then discard two cards unless you discard an artifact card.");
  EXPECT_EQ(spell_of("Thirst for Knowledge").target_count(), 0u);
  EXPECT_EQ(card("Draw X\nU\nSorcery\nno text\nspDraw:Count$YourLifeTotal/HalfDown\n")
                .abilities.at(0)
                .impl->describe(),
            "Draw X cards, where X is half your life total, rounded down.");
  EXPECT_NE(error_of("No Amount\nU\nSorcery\nno text\nspDraw\n").find("needs the number of cards"),
            std::string::npos);
  EXPECT_NE(error_of("Typo\nU\nSorcery\nno text\nspDarw:3\n").find("did you mean 'spDraw'?"),
            std::string::npos);
  EXPECT_NE(error_of("Typo\nU\nSorcery\nno text\nspBounceTgtC:Creature\n")
                .find("did you mean 'spBounceTgt'?"),
            std::string::npos);
}

TEST_F(KeywordDamage, SpBounceReturnsThePermanentAndItsControllerDraws) {
  put("Swamp", opp, ZoneRef::library(opp));
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  cast("Call to Heel", me, {target(bears)});
  EXPECT_EQ(size(ZoneRef::hand(opp)), 2u);  // the Bears and the card drawn
  EXPECT_EQ(size(ZoneRef::hand(me)), 0u);
  EXPECT_EQ(game_->object(bears).zone.kind, ZoneKind::hand);
  EXPECT_EQ(spell_of("Call to Heel").describe(),
            "Return target creature to its owner's hand. Its controller draws a card.");
  // The target gone (a new object now): nothing happens, no card drawn.
  const ObjectId piker = on_battlefield("Goblin Piker", opp);
  const Target gone = target(piker);
  move_to_zone(*game_, piker, ZoneRef::graveyard(opp), Cause::destroy);
  cast("Call to Heel", me, {gone});
  EXPECT_EQ(size(ZoneRef::hand(opp)), 2u);
  // Types: a list, or Permanent; a misspelt one is a load error.
  EXPECT_EQ(card("Bounce\nU\nInstant\nno text\nspBounceTgt:Artifact,Enchantment\n")
                .abilities.at(0)
                .impl->describe(),
            "Return target artifact or enchantment to its owner's hand.");
  EXPECT_EQ(error_of("Bad\nU\nInstant\nno text\nspBounceTgt:Creture\n"),
            "test.txt:5:13: error: card 'Bad': spBounceTgt type 'Creture' is unknown; did you "
            "mean 'Creature'?");
}

TEST_F(KeywordDamage, AbDamageSelfDamagesThePermanentItself) {
  // Stuffy Doll's "{T}: CARDNAME deals 1 damage to itself" — no target.
  const CardDef& def = pool_->at(id("Chosen Idol"));
  const AbilityDef& a = def.abilities.at(1);
  EXPECT_EQ(a.kind, AbilityKind::activated);
  EXPECT_EQ(a.cost, "{T}");
  EXPECT_EQ(a.impl->target_count(), 0u);
  EXPECT_EQ(a.impl->describe(),
            "{T}: Chosen Idol deals 1 damage to itself and 1 damage to its controller.");
  const ObjectId idol = on_battlefield("Chosen Idol", opp);
  const ResolveContext ctx{game_->object(idol).ref(), def.id, 1, opp, {}, 0, {}};
  ASSERT_TRUE(game_->perform("resolve", [&](Game& g) { g.resolve(ctx); }).ok());
  EXPECT_EQ(game_->object(idol).damage, 1);
  EXPECT_EQ(life(opp), 19);
}

}  // namespace
}  // namespace anvil::script_test
