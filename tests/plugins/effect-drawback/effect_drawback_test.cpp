// effect-drawback: every verb of the seed's table, players before or after the verb, X, choices
// through the agents, unknown verbs at load time, and verbs added by another plugin.
#include "script_fixture.hpp"

namespace anvil::script_test {
namespace {

class Drawback : public GameTest {
 protected:
  std::shared_ptr<const EffectStep> compile(std::string_view text) {
    CompileContext ctx{registry_, scratch_, SourceLocation{"cards.txt", 5, 30}, diagnostics_};
    return registry_.get<EffectVerb>("Drawback")->compile(text, ctx);
  }
  // Runs `text` as the drawback of a spell `me` controls whose target is `tgt`.
  void run(std::string_view text, std::int64_t x = 0, Target tgt = Target::of(PlayerId{1})) {
    auto step = compile(text);
    const ObjectId source = put("Lightning Bolt", me, ZoneRef::stack());
    targets_ = {tgt};
    const ResolveContext ctx{
        game_->object(source).ref(), id("Lightning Bolt"), 0, me, targets_, 0, {}};
    const ActionResult r = game_->perform("drawback", [&](Game& g) { step->run(g, ctx, x); });
    ASSERT_TRUE(r.ok()) << r.message;
  }
  std::string error_of(std::string_view text) {
    try {
      (void)compile(text);
    } catch (const LoadError& e) {
      return e.what();
    }
    return "no error";
  }
  std::string describe(std::string_view text) { return compile(text)->describe(); }

  CardDef scratch_;
  std::vector<Diagnostic> diagnostics_;
};

TEST_F(Drawback, PlayerWordsBeforeOrAfterTheVerb) {
  run("YouGainLife/3");
  EXPECT_EQ(life(me), 23);
  run("GainLifeYou/2");
  EXPECT_EQ(life(me), 25);
  run("DamageYou/2");
  EXPECT_EQ(life(me), 23);
  run("OppLoseLife/4");
  EXPECT_EQ(life(opp), 16);
  run("TgtDamage/1");
  EXPECT_EQ(life(opp), 15);
  run("TgtPLoseLife/X", 5);  // the seed's "TgtP" spelling, with X
  EXPECT_EQ(life(opp), 10);
}

TEST_F(Drawback, LoseLifeGoesToTheNamedPlayerNotTheTarget) {
  // The seed's doDrawBack always took life from TgtP.
  run("YouLoseLife/3", 0, Target::of(opp));
  EXPECT_EQ(life(me), 17);
  EXPECT_EQ(life(opp), 20);
}

TEST_F(Drawback, TgtIsTheControllerOfATargetedCreature) {
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);
  run("TgtDamage/1", 0, target(bears));
  EXPECT_EQ(life(opp), 19);
  EXPECT_EQ(life(me), 20);
}

TEST_F(Drawback, XIsTheNumberPassedToTheStep) {
  run("YouGainLife/X", 7);
  EXPECT_EQ(life(me), 27);
  run("YouGainLife/X&OppLoseLife/X", 2);  // several steps joined with '&'
  EXPECT_EQ(life(me), 29);
  EXPECT_EQ(life(opp), 18);
}

TEST_F(Drawback, DiscardingMoreThanTheHandHoldsDiscardsTheHand) {
  put("Kindle", opp, ZoneRef::hand(opp));  // Blightning against a one-card hand
  run("TgtDiscard/2");
  EXPECT_EQ(size(ZoneRef::hand(opp)), 0u);
  EXPECT_EQ(size(ZoneRef::graveyard(opp)), 1u);
  run("TgtDiscard/2");  // and an empty hand is no error either
  EXPECT_EQ(size(ZoneRef::graveyard(opp)), 1u);
}

TEST_F(Drawback, TheDiscardingPlayerChoosesWhichCards) {
  put("Kindle", opp, ZoneRef::hand(opp));
  const ObjectId swamp = put("Swamp", opp, ZoneRef::hand(opp));
  const ObjectId bears = put("Grizzly Bears", opp, ZoneRef::hand(opp));
  agent(opp).script.push_back({2, 1});
  run("OppDiscard/2");
  ASSERT_EQ(agent(opp).asked.size(), 1u);
  EXPECT_EQ(agent(opp).asked[0].kind, ChoiceKind::discard);
  EXPECT_EQ(agent(opp).asked[0].min_picks, 2u);
  EXPECT_EQ(game_->object(swamp).zone.kind, ZoneKind::graveyard);
  EXPECT_EQ(game_->object(bears).zone.kind, ZoneKind::graveyard);
  EXPECT_EQ(size(ZoneRef::hand(opp)), 1u);
}

TEST_F(Drawback, DiscardAtRandomAsksNobody) {
  fill("Kindle", opp, ZoneRef::hand(opp), 4);
  run("OppDiscard/3/AtRandom");
  EXPECT_TRUE(agent(opp).asked.empty());
  EXPECT_EQ(size(ZoneRef::hand(opp)), 1u);
  EXPECT_EQ(size(ZoneRef::graveyard(opp)), 3u);
}

TEST_F(Drawback, DiscardUnlessDiscardTypeOffersTheTypedCard) {
  // Thirst for Knowledge: discard two cards unless you discard an artifact card.
  put("Kindle", me, ZoneRef::hand(me));
  put("Swamp", me, ZoneRef::hand(me));
  const ObjectId thopter = put("Ornithopter", me, ZoneRef::hand(me));
  agent(me).script.push_back({1});  // yes: discard the artifact (the only one: not asked which)
  run("YouDiscard/2/UnlessDiscardType.Artifact");
  ASSERT_EQ(agent(me).asked.size(), 1u);
  EXPECT_EQ(agent(me).asked.at(0).kind, ChoiceKind::yes_no);
  EXPECT_EQ(agent(me).asked.at(0).prompt, "Discard an artifact card instead of 2 cards?");
  EXPECT_EQ(game_->object(thopter).zone.kind, ZoneKind::graveyard);
  EXPECT_EQ(size(ZoneRef::hand(me)), 2u);
  run("YouDiscard/2/UnlessDiscardType.Artifact");  // no artifact left: two cards
  EXPECT_EQ(size(ZoneRef::hand(me)), 0u);
}

TEST_F(Drawback, HandToLibraryTopBottomOrEither) {
  const ObjectId kindle = put("Kindle", me, ZoneRef::hand(me));
  const ObjectId swamp = put("Swamp", me, ZoneRef::hand(me));
  put("Forest", me, ZoneRef::library(me));
  agent(me).script.push_back({0});
  run("YouHandToLibrary/1/Top");
  EXPECT_EQ(game_->state().zone(ZoneRef::library(me)).objects.back(), kindle);
  run("YouHandToLibrary/1/Bottom");
  EXPECT_EQ(game_->state().zone(ZoneRef::library(me)).objects.front(), swamp);
  const ObjectId bears = put("Grizzly Bears", me, ZoneRef::hand(me));
  agent(me).script.push_back({1});  // Bottom
  run("YouHandToLibrary/1/TopOrBottom");
  EXPECT_EQ(game_->state().zone(ZoneRef::library(me)).objects.front(), bears);
}

TEST_F(Drawback, DrawGenTokenReturnFromYardAndSacrifice) {
  fill("Kindle", opp, ZoneRef::library(opp), 3);
  run("TgtDraw/2");  // Call to Heel
  EXPECT_EQ(size(ZoneRef::hand(opp)), 2u);

  run("YouGenToken/2/Goblin Token");
  const auto& field = game_->state().zone(ZoneRef::battlefield(me)).objects;
  ASSERT_EQ(field.size(), 2u);
  EXPECT_TRUE(game_->object(field[0]).token);
  EXPECT_EQ(game_->view(field[0]).name, "Goblin Token");

  put("Kindle", me, ZoneRef::graveyard(me));
  const ObjectId bears = put("Grizzly Bears", me, ZoneRef::graveyard(me));
  run("YouReturnFromYard/1/Creature");
  EXPECT_EQ(game_->object(bears).zone.kind, ZoneKind::hand);
  EXPECT_EQ(size(ZoneRef::graveyard(me)), 1u);

  const ObjectId piker = on_battlefield("Goblin Piker", opp);
  on_battlefield("Swamp", opp);
  run("OppSacrifice/1/Creature");
  EXPECT_EQ(game_->object(piker).zone.kind, ZoneKind::graveyard);
  EXPECT_EQ(size(ZoneRef::battlefield(opp)), 1u);
}

TEST_F(Drawback, GenTokenOfACardNotInThePoolFailsTheActionAndRollsBack) {
  auto step = compile("YouGainLife/1&YouGenToken/1/No Such Token");
  const ObjectId source = put("Lightning Bolt", me, ZoneRef::stack());
  const ResolveContext ctx{game_->object(source).ref(), id("Lightning Bolt"), 0, me, {}, 0, {}};
  const ActionResult r = game_->perform("drawback", [&](Game& g) { step->run(g, ctx, 0); });
  EXPECT_FALSE(r.ok());
  EXPECT_NE(r.message.find("No Such Token"), std::string::npos) << r.message;
  EXPECT_EQ(life(me), 20);
}

// GenToken declares the card it makes (CardDef::needs, at the name), so that loading the pack
// reports a name no card has; the check above is what a pool built by hand still meets.
TEST_F(Drawback, GenTokenDeclaresTheCardItMakesAtItsName) {
  (void)compile("YouGainLife/1&YouGenToken/2/Goblin Tokn");
  ASSERT_EQ(scratch_.needs.size(), 1u);
  EXPECT_EQ(scratch_.needs[0].name, "Goblin Tokn");
  EXPECT_EQ(scratch_.needs[0].where.str(), "cards.txt:5:58");
}

TEST_F(Drawback, DescriptionsReadAsRulesText) {
  EXPECT_EQ(describe("YouGainLife/3"), "you gain 3 life");
  EXPECT_EQ(describe("DamageYou/2"), "CARDNAME deals 2 damage to you");
  EXPECT_EQ(describe("TgtDiscard/2"), "that player discards two cards");
  EXPECT_EQ(describe("OppDiscard/1/AtRandom"), "your opponent discards a card at random");
  EXPECT_EQ(describe("YouDiscard/2/UnlessDiscardType.Artifact"),
            "you discard two cards unless you discard an artifact card");
  EXPECT_EQ(describe("YouDiscard/1/UnlessDiscardType.Goblin"),
            "you discard a card unless you discard a Goblin card");
  EXPECT_EQ(describe("YouGainLife/X&OppLoseLife/X"),
            "you gain X life, then your opponent loses X life");
  EXPECT_EQ(describe("TgtDraw/1"), "that player draws a card");
  EXPECT_EQ(describe("YouHandToLibrary/1/TopOrBottom"),
            "you put a card from your hand on top of or on the bottom of your library");
  EXPECT_EQ(describe("YouGenToken/2/Goblin Token"), "you create two Goblin Token tokens");
  EXPECT_EQ(describe("YouReturnFromYard/1/Creature"),
            "you return a creature card from your graveyard to your hand");
  EXPECT_EQ(describe("OppSacrifice/1/Creature"), "your opponent sacrifices a creature");
  EXPECT_EQ(describe("OppSacrifice/1/Artifact"), "your opponent sacrifices an artifact");
  EXPECT_EQ(describe("OppSacrifice/2/Goblin"), "your opponent sacrifices two Goblins");
}

TEST_F(Drawback, UnknownVerbsAndBadArgumentsAreLoadErrors) {
  // The text starts at cards.txt:5:30. The seed ignored unknown verbs silently.
  EXPECT_EQ(error_of("YouGainLfe/3"),
            "cards.txt:5:30: Drawback$ verb 'YouGainLfe' is unknown; did you mean 'YouGainLife'?");
  EXPECT_EQ(error_of("YouGainLife/3&DamgeYou/1"),
            "cards.txt:5:44: Drawback$ verb 'DamgeYou' is unknown; did you mean 'DamageYou'?");
  EXPECT_EQ(error_of("YouGainLife/three"),
            "cards.txt:5:42: expected a number, X or Dealt after 'GainLife/', found 'three'");
  EXPECT_EQ(error_of("YouGainLife"),
            "cards.txt:5:41: effect verb 'GainLife' needs a number, X or Dealt: 'GainLife/2'");
  EXPECT_EQ(error_of("YouDiscard/2/AtRandm"),
            "cards.txt:5:43: Discard field 'AtRandm' is unknown; did you mean 'AtRandom'?");
  EXPECT_EQ(error_of("YouHandToLibrary/1"),
            "cards.txt:5:48: effect verb 'HandToLibrary' needs 1 field(s) after the number");
  EXPECT_EQ(error_of("YouGainLife/3/Extra"),
            "cards.txt:5:44: effect verb 'GainLife' takes nothing after the number; found 'Extra'");
  EXPECT_EQ(error_of(""),
            "cards.txt:5:30: Drawback$ is empty; write a step such as 'YouGainLife/3'");
}

// A type word that no card has would make the step never offer a card: a near miss of a card
// type is a load error with a did-you-mean, after UnlessDiscardType. and in Sacrifice and
// ReturnFromYard. Any other word is a subtype, taken as written, those near a card type too.
TEST_F(Drawback, AMisspeltCardTypeIsALoadErrorWithADidYouMean) {
  EXPECT_EQ(error_of("YouDiscard/1/UnlessDiscardType.Lnad"),
            "cards.txt:5:61: Discard type 'Lnad' is unknown; did you mean 'Land'?");
  EXPECT_EQ(error_of("OppSacrifice/1/Creture"),
            "cards.txt:5:45: Sacrifice type 'Creture' is unknown; did you mean 'Creature'?");
  EXPECT_EQ(error_of("YouReturnFromYard/1/artifact"),
            "cards.txt:5:50: ReturnFromYard type 'artifact' is unknown; did you mean 'Artifact'?");
  for (const char* fine :
       {"YouDiscard/1/UnlessDiscardType.Goblin", "YouDiscard/1/UnlessDiscardType.Island",
        "YouDiscard/1/UnlessDiscardType.Land", "OppSacrifice/1/Treasure",
        "YouReturnFromYard/1/Bard"})
    EXPECT_EQ(error_of(fine), "no error") << fine;
}

// A verb from another plugin, found by name like the built-in ones ("bury": put the top cards
// of the library into the graveyard, through the kernel's mill()).
class Bury final : public EffectVerb {
 public:
  std::shared_ptr<const EffectStep> compile(std::string_view args, CompileContext&) const override {
    struct Step final : EffectStep {
      int n;
      explicit Step(int count) : n(count) {}
      void run(Game& game, const ResolveContext& ctx, std::int64_t) const override {
        mill(game, PlayerId{static_cast<std::uint8_t>(1 - ctx.controller.value)}, n);
      }
      std::string describe() const override { return "your opponent buries"; }
    };
    EXPECT_EQ(args, "Opp/2");  // the player word comes first
    return std::make_shared<Step>(2);
  }
};

TEST_F(Drawback, OtherPluginsAddVerbs) {
  registry_.add<EffectVerb>("Bury", std::make_shared<Bury>());
  fill("Kindle", opp, ZoneRef::library(opp), 3);
  run("OppBury/2");
  EXPECT_EQ(size(ZoneRef::graveyard(opp)), 2u);
}

// "TgtP" (the seed's spelling of Tgt) does not swallow a verb that starts with P: "TgtPoison" is
// Tgt + Poison when Poison is a verb.
class Poison final : public EffectVerb {
 public:
  std::shared_ptr<const EffectStep> compile(std::string_view args, CompileContext&) const override {
    struct Step final : EffectStep {
      void run(Game&, const ResolveContext&, std::int64_t) const override {}
      std::string describe() const override { return "poison"; }
    };
    EXPECT_EQ(args, "Tgt/2");
    return std::make_shared<Step>();
  }
};

TEST_F(Drawback, APlayerWordIsReadSoThatTheRestIsAVerb) {
  registry_.add<EffectVerb>("Poison", std::make_shared<Poison>());
  EXPECT_EQ(compile("TgtPoison/2")->describe(), "poison");
  EXPECT_EQ(compile("TgtPDraw/1")->describe(), compile("TgtDraw/1")->describe());
  // Misspelt, each is suggested as the reading nearest to what was written.
  EXPECT_EQ(error_of("TgtPoisn/2"),
            "cards.txt:5:30: Drawback$ verb 'TgtPoisn' is unknown; did you mean 'TgtPoison'?");
  EXPECT_EQ(error_of("TgtPDrw/1"),
            "cards.txt:5:30: Drawback$ verb 'TgtPDrw' is unknown; did you mean 'TgtPDraw'?");
}

// Another plugin's verb that reads its arguments as the plugin guide's Poison does, and says
// what it cannot read at ctx.where (all it was given) or at the place of the bad count.
class Tithe final : public EffectVerb {
 public:
  std::shared_ptr<const EffectStep> compile(std::string_view args,
                                            CompileContext& ctx) const override {
    if (args.ends_with("/x")) {  // the count, 4 characters into "You/x"
      SourceLocation at = ctx.where;
      at.column += static_cast<std::uint32_t>(args.size() - 1);
      throw LoadError(at, "Tithe takes a number, not x");
    }
    throw LoadError(ctx.where, "cannot read Tithe '" + std::string(args) + "'");
  }
};

// Column 30 is the step's first character. A problem the verb puts at ctx.where is told there,
// not inside the verb's name (column 35, where "You/" would start were it written before "x"); a
// problem at a place further on keeps its column (the x at 39).
TEST_F(Drawback, AnotherPluginsVerbIsToldAtTheStepOrAtItsPlace) {
  registry_.add<EffectVerb>("Tithe", std::make_shared<Tithe>());
  EXPECT_EQ(error_of("YouTithe/two"), "cards.txt:5:30: cannot read Tithe 'You/two'");
  EXPECT_EQ(error_of("YouTithe/x"), "cards.txt:5:39: Tithe takes a number, not x");
  EXPECT_EQ(error_of("YouGainLife/1&TitheOpp/two"), "cards.txt:5:44: cannot read Tithe 'Opp/two'");
}

// The built-in Mill: the top N of the library, or all of a smaller one.
TEST_F(Drawback, MillPutsTheTopCardsIntoTheGraveyard) {
  fill("Kindle", opp, ZoneRef::library(opp), 3);
  run("OppMill/2");
  EXPECT_EQ(size(ZoneRef::graveyard(opp)), 2u);
  EXPECT_EQ(size(ZoneRef::library(opp)), 1u);
  run("OppMill/5");
  EXPECT_EQ(size(ZoneRef::graveyard(opp)), 3u);
  EXPECT_EQ(size(ZoneRef::library(opp)), 0u);
  EXPECT_EQ(compile("TgtMill/20")->describe(), "that player mills 20 cards");
}

// 603.6a, 603.10a: the objects of one step move at once, so when the first move's triggers
// fire every move has been made. Records, at each zone change's trigger signal, how many of
// the step's objects have arrived.
TEST_F(Drawback, EveryVerbWithACountMovesItsObjectsAsOneEvent) {
  const auto arrivals = [&](std::string_view text, ZoneRef to) {
    std::vector<std::size_t> seen;
    Connection c = game_->bus().on_trigger<ZoneChangeEvent>([&](Game& g, const ZoneChangeEvent&) {
      seen.push_back(g.state().zone(to).objects.size());
    });
    run(text);
    c.disconnect();
    return seen;
  };
  using Seen = std::vector<std::size_t>;
  EXPECT_EQ(arrivals("YouGenToken/2/Goblin Token", ZoneRef::battlefield(me)), (Seen{2, 2}));
  on_battlefield("Goblin Piker", opp);
  on_battlefield("Goblin Piker", opp);
  EXPECT_EQ(arrivals("OppSacrifice/2/Creature", ZoneRef::graveyard(opp)), (Seen{2, 2}));
  fill("Kindle", opp, ZoneRef::hand(opp), 2);
  EXPECT_EQ(arrivals("OppDiscard/2", ZoneRef::graveyard(opp)), (Seen{4, 4}));
  fill("Kindle", opp, ZoneRef::hand(opp), 2);
  EXPECT_EQ(arrivals("OppDiscard/2/AtRandom", ZoneRef::graveyard(opp)), (Seen{6, 6}));
  fill("Kindle", opp, ZoneRef::library(opp), 2);
  EXPECT_EQ(arrivals("OppMill/2", ZoneRef::graveyard(opp)), (Seen{8, 8}));
  EXPECT_EQ(arrivals("OppReturnFromYard/2/Creature", ZoneRef::hand(opp)), (Seen{2, 2}));
}

TEST_F(Drawback, DealtIsTheAmountOfTheEventXTheNumberPassed) {
  // Corrupt's "you gain life equal to the damage dealt this way": a damage spell puts what
  // deal_damage returned in ctx.event; a trigger has its event there already.
  auto step = compile("YouGainLife/Dealt&OppLoseLife/X");
  const ObjectId source = put("Lightning Bolt", me, ZoneRef::stack());
  ResolveContext ctx{game_->object(source).ref(), id("Lightning Bolt"), 0, me, {}, 0, {}};
  ctx.event.amount = 2;
  ASSERT_TRUE(game_->perform("drawback", [&](Game& g) { step->run(g, ctx, 5); }).ok());
  EXPECT_EQ(life(me), 22);
  EXPECT_EQ(life(opp), 15);
  EXPECT_EQ(describe("YouGainLife/Dealt"), "you gain that much life");
  EXPECT_EQ(describe("ChosenDamage/Dealt"), "CARDNAME deals that much damage to the chosen player");
  EXPECT_EQ(describe("TgtDraw/Dealt"), "that player draws that many cards");
}

TEST_F(Drawback, ChoosePlayerAsItEntersAndChosenActsOnThatPlayer) {
  // Stuffy Doll: "As CARDNAME enters the battlefield, choose a player."
  const ObjectId idol = put("Chosen Idol", me, ZoneRef::hand(me));
  agent(me).script.push_back({1});  // player 1
  ASSERT_TRUE(
      game_
          ->perform("enter",
                    [&](Game& g) { move_to_zone(g, idol, ZoneRef::battlefield(me), Cause::put); })
          .ok());
  ASSERT_EQ(agent(me).asked.size(), 1u);
  EXPECT_EQ(agent(me).asked[0].options.size(), 2u);
  EXPECT_EQ(agent(me).asked[0].options[1].target, Target::of(opp));
  EXPECT_EQ(pool_->at(id("Chosen Idol")).abilities.at(0).impl->describe(),
            "As CARDNAME enters the battlefield, choose a player.");
  auto step = compile("ChosenDamage/2");
  const ResolveContext ctx{game_->object(idol).ref(), id("Chosen Idol"), 0, me, {}, 0, {}};
  ASSERT_TRUE(game_->perform("drawback", [&](Game& g) { step->run(g, ctx, 0); }).ok());
  EXPECT_EQ(life(opp), 18);
  EXPECT_EQ(life(me), 20);
  // A source with no chosen player (put there directly): Chosen acts on nobody.
  const ObjectId other = on_battlefield("Chosen Idol", me);
  const ResolveContext none{game_->object(other).ref(), id("Chosen Idol"), 0, me, {}, 0, {}};
  ASSERT_TRUE(game_->perform("drawback", [&](Game& g) { step->run(g, none, 0); }).ok());
  EXPECT_EQ(life(opp), 18);
  EXPECT_EQ(life(me), 20);
}

TEST_F(Drawback, AValueFunctionAmountIsEvaluatedWithTheStepsTgt) {
  // Citadel of Pain: TgtDamage/Count$TypeUntappedTgtCtrl.Land, Tgt the player whose end step it
  // is. The expression's own '/' suffixes stay with it.
  on_battlefield("Mountain", opp);
  on_battlefield("Mountain", opp);
  game_->journal().set_tapped(on_battlefield("Swamp", opp), true);
  on_battlefield("Forest", me);
  run("TgtDamage/Count$TypeUntappedTgtCtrl.Land");
  EXPECT_EQ(life(opp), 18);
  run("TgtDamage/Count$TypeUntappedTgtCtrl.Land/Plus.1", 0, Target::of(me));
  EXPECT_EQ(life(me), 18);
  EXPECT_EQ(describe("TgtDamage/Count$TypeUntappedTgtCtrl.Land"),
            "CARDNAME deals X damage to that player, where X is the number of untapped lands "
            "that player controls");
  EXPECT_NE(error_of("TgtDamage/Count$TypeUntapedTgtCtrl.Land")
                .find("Count$ description 'Untaped' is unknown; did you mean 'Untapped'?"),
            std::string::npos);
}

}  // namespace
}  // namespace anvil::script_test
