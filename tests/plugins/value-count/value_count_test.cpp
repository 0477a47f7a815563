// value-count: every counting description, the math suffixes, the seed's bugs (DESIGN.md §7),
// descriptions, errors with columns, and counting descriptions added by another plugin.
#include <limits>

#include "script_fixture.hpp"

namespace anvil::script_test {
namespace {

class ValueCount : public GameTest {
 protected:
  std::shared_ptr<const ValueExpr> compile(std::string_view expr) {
    CompileContext ctx{registry_, scratch_, SourceLocation{"cards.txt", 3, 20}, diagnostics_};
    return registry_.get<ValueFunction>("Count")->compile(expr, ctx);
  }
  std::int64_t eval(std::string_view expr, PlayerId who = PlayerId{0}) {
    const ResolveContext ctx{{}, {}, 0, who, {}, 0, {}};
    return compile(expr)->eval(*game_, ctx);
  }
  std::string describe(std::string_view expr) { return compile(expr)->describe(); }
  std::string error_of(std::string_view expr) {
    try {
      (void)compile(expr);
    } catch (const LoadError& e) {
      return e.what();
    }
    return "no error";
  }

  CardDef scratch_;
  std::vector<Diagnostic> diagnostics_;
};

TEST_F(ValueCount, UntappedCountsOnlyUntappedLandsWhenTappedOnesArePresent) {
  // The seed filtered Untapped and then Tapped too ("Untapped" contains "Tapped"): always 0.
  on_battlefield("Mountain", opp);
  on_battlefield("Mountain", opp);
  game_->journal().set_tapped(on_battlefield("Swamp", opp), true);
  on_battlefield("Forest", me);
  EXPECT_EQ(eval("TypeUntappedOppCtrl.Land"), 2);
  EXPECT_EQ(eval("TypeTappedOppCtrl.Land"), 1);
  EXPECT_EQ(eval("TypeOppCtrl.Land"), 3);
  EXPECT_EQ(eval("UntappedTypeOnBattlefield.Land"), 3);
}

TEST_F(ValueCount, HalfUpRoundsUpAndHalfDownRoundsDown) {
  // The seed divided integers before Math.ceil: HalfUp of 3 gave 1.
  fill("Forest", me, ZoneRef::battlefield(me), 3);
  EXPECT_EQ(eval("TypeYouCtrl.Forest/HalfUp"), 2);
  EXPECT_EQ(eval("TypeYouCtrl.Forest/HalfDown"), 1);
  EXPECT_EQ(eval("TypeYouCtrl.Forest/Twice"), 6);
  EXPECT_EQ(eval("TypeYouCtrl.Forest/Plus.4"), 7);
  EXPECT_EQ(eval("TypeYouCtrl.Forest/Minus.1"), 2);
  EXPECT_EQ(eval("TypeYouCtrl.Forest/NMinus.10"), 7);
  EXPECT_EQ(eval("TypeYouCtrl.Forest/Twice/Plus.1"), 7);    // suffixes apply left to right
  EXPECT_EQ(eval("TypeYouCtrl.Forest/Minus.4/HalfUp"), 0);  // -1 / 2 rounded up
  EXPECT_EQ(eval("TypeYouCtrl.Forest/Minus.4/HalfDown"), -1);
}

TEST_F(ValueCount, MathSaturatesAtTheEndsOfTheRangeInsteadOfOverflowing) {
  // Found by tests/fuzz/fuzz_count: "YourLifeTotal/Plus.9223372036854775807" compiled and then
  // overflowed a signed 64-bit integer when evaluated (undefined behaviour).
  constexpr std::int64_t max = std::numeric_limits<std::int64_t>::max();
  constexpr std::int64_t min = std::numeric_limits<std::int64_t>::min();
  EXPECT_EQ(eval("YourLifeTotal/Plus.9223372036854775807"), max);
  EXPECT_EQ(eval("YourLifeTotal/Minus.9223372036854775807/Minus.9223372036854775807"), min);
  EXPECT_EQ(eval("YourLifeTotal/NMinus.-9223372036854775808"), min);
  EXPECT_EQ(eval("YourLifeTotal/Plus.9223372036854775807/Twice"), max);
  EXPECT_EQ(eval("YourLifeTotal/Plus.9223372036854775807/HalfUp"), max / 2 + 1);
  EXPECT_EQ(eval("YourLifeTotal/Plus.9223372036854775807/HalfDown"), max / 2);
  EXPECT_EQ(eval("YourLifeTotal/NMinus.-9223372036854775808/HalfUp"), min / 2);
  EXPECT_EQ(eval("YourLifeTotal/NMinus.-9223372036854775808/HalfDown"), min / 2);
  // 20 + max saturates to max, so taking max away again leaves 0, not 20.
  EXPECT_EQ(eval("YourLifeTotal/Plus.9223372036854775807/Minus.9223372036854775807"), 0);
}

TEST_F(ValueCount, InAllYardsCountsBothGraveyards) {
  // Kindle: the seed assigned `OY = false` instead of comparing and skipped the opponent's yard.
  put("Kindle", me, ZoneRef::graveyard(me));
  put("Kindle", opp, ZoneRef::graveyard(opp));
  put("Kindle", opp, ZoneRef::graveyard(opp));
  put("Kindle", opp, ZoneRef::hand(opp));
  put("Lightning Bolt", me, ZoneRef::graveyard(me));
  EXPECT_EQ(eval("NamedInAllYards.Kindle/Plus.2"), 5);
  EXPECT_EQ(eval("NamedInYourYard.Kindle"), 1);
  EXPECT_EQ(eval("NamedInOppYard.Kindle"), 2);
  EXPECT_EQ(eval("NamedInAllHands.Kindle"), 1);
  EXPECT_EQ(eval("NamedInOppHand.Kindle"), 1);
}

TEST_F(ValueCount, HellbentMeansAnEmptyHandNotOneCard) {
  EXPECT_EQ(eval("Hellbent.5.3"), 5);
  put("Kindle", me, ZoneRef::hand(me));  // the seed's "<= 1" counted this as hellbent
  EXPECT_EQ(eval("Hellbent.5.3"), 3);
  EXPECT_EQ(eval("Hellbent.5.3", opp), 5);
}

TEST_F(ValueCount, ThresholdNeedsSevenCardsInYourGraveyard) {
  fill("Kindle", me, ZoneRef::graveyard(me), 6);
  fill("Kindle", opp, ZoneRef::graveyard(opp), 7);
  EXPECT_EQ(eval("Threshold.5.3"), 3);
  put("Kindle", me, ZoneRef::graveyard(me));
  EXPECT_EQ(eval("Threshold.5.3"), 5);
}

TEST_F(ValueCount, InYourHandWithoutATypeCountsEveryCard) {
  put("Kindle", me, ZoneRef::hand(me));
  put("Swamp", me, ZoneRef::hand(me));
  put("Grizzly Bears", me, ZoneRef::hand(me));
  put("Grizzly Bears", opp, ZoneRef::hand(opp));
  EXPECT_EQ(eval("InYourHand"), 3);
  EXPECT_EQ(eval("InAllHands"), 4);
  EXPECT_EQ(eval("TypeInYourHand.Creature"), 1);
}

TEST_F(ValueCount, ChangelingIsEveryCreatureTypeButNoLandType) {
  on_battlefield("Goblin Piker", me);
  on_battlefield("Mistform Ultimus", me);  // Changeling
  on_battlefield("Swamp", me);
  EXPECT_EQ(eval("TypeYouCtrl.Goblin"), 2);
  EXPECT_EQ(eval("TypeYouCtrl.Cleric"), 1);
  EXPECT_EQ(eval("TypeYouCtrl.Swamp"), 1);
  EXPECT_EQ(eval("TypeYouCtrl.Creature"), 2);
  EXPECT_EQ(eval("TypeYouCtrl.Legendary"), 1);
}

TEST_F(ValueCount, DomainLifeTotalsAndChroma) {
  on_battlefield("Swamp", me);
  on_battlefield("Forest", me);
  on_battlefield("Forest", me);
  on_battlefield("Snow-Covered Mountain", me);
  on_battlefield("Island", opp);
  EXPECT_EQ(eval("Domain"), 3);
  EXPECT_EQ(eval("Domain", opp), 1);
  game_->journal().set_life(opp, 13);
  EXPECT_EQ(eval("YourLifeTotal"), 20);
  EXPECT_EQ(eval("OppLifeTotal"), 13);
  EXPECT_EQ(eval("OppLifeTotal", opp), 20);
  on_battlefield("Goblin Piker", me);     // {1}{R}
  on_battlefield("Glorious Anthem", me);  // {1}{W}{W}
  on_battlefield("Goblin Piker", opp);
  EXPECT_EQ(eval("Chroma.R"), 1);
  EXPECT_EQ(eval("Chroma.W"), 2);
  EXPECT_EQ(eval("Chroma.G"), 0);
}

// Forge's Count$xPaid (Blaze: "deals X damage"): the X announced as the spell was cast, which
// the rules pass on in the ResolveContext; the math applies to it as to any count.
TEST_F(ValueCount, XPaidIsTheXTheSpellWasCastWith) {
  ResolveContext ctx{{}, {}, 0, me, {}, 5, {}};
  EXPECT_EQ(compile("xPaid")->eval(*game_, ctx), 5);
  EXPECT_EQ(compile("xPaid/Twice")->eval(*game_, ctx), 10);
  ctx.x = 0;
  EXPECT_EQ(compile("xPaid")->eval(*game_, ctx), 0);
  EXPECT_EQ(describe("xPaid"), "the mana paid for {X}");
  EXPECT_NE(error_of("xPaid.3").find("takes no '.3'"), std::string::npos) << error_of("xPaid.3");
}

TEST_F(ValueCount, ColourAndSnowFilters) {
  on_battlefield("Grizzly Bears", me);
  on_battlefield("Grizzly Bears", opp);
  on_battlefield("Goblin Piker", opp);
  on_battlefield("Ornithopter", me);
  on_battlefield("Snow-Covered Mountain", me);
  EXPECT_EQ(eval("GreenTypeOnBattlefield.Creature/Plus.1"), 3);  // An-Havva Inn
  EXPECT_EQ(eval("RedTypeOppCtrl.Creature"), 1);
  EXPECT_EQ(eval("MonocolorTypeOnBattlefield.Creature"), 3);
  EXPECT_EQ(eval("MulticolorTypeOnBattlefield.Creature"), 0);
  EXPECT_EQ(eval("TypeYouCtrl.Snow"), 1);  // Skred
  EXPECT_EQ(eval("TypeYouCtrl.Artifact"), 1);
  EXPECT_EQ(eval("YouCtrl"), 3);
}

TEST_F(ValueCount, DescriptionsReadAsRulesText) {
  EXPECT_EQ(describe("TypeYouCtrl.Swamp"), "the number of Swamps you control");
  EXPECT_EQ(describe("NamedInAllYards.Feast of Flesh/Plus.1"),
            "1 plus the number of cards named Feast of Flesh in all graveyards");
  EXPECT_EQ(describe("TypeUntappedOppCtrl.Land"),
            "the number of untapped lands your opponents control");
  EXPECT_EQ(describe("TypeYouCtrl.Forest/HalfUp"),
            "half the number of Forests you control, rounded up");
  EXPECT_EQ(describe("TypeInYourYard.Arcane"), "the number of Arcane cards in your graveyard");
  EXPECT_EQ(describe("InYourHand"), "the number of cards in your hand");
  EXPECT_EQ(describe("TypeYouCtrl.Snow"), "the number of snow permanents you control");
  EXPECT_EQ(describe("Domain"), "the number of basic land types among lands you control");
  EXPECT_EQ(describe("Hellbent.5.3"), "5 if you have no cards in hand, otherwise 3");
  EXPECT_EQ(describe("Threshold.5.3"),
            "5 if seven or more cards are in your graveyard, otherwise 3");
  EXPECT_EQ(describe("Chroma.R"),
            "the number of red mana symbols in the mana costs of permanents you control");
  EXPECT_EQ(describe("GreenTypeOnBattlefield.Creature"),
            "the number of green creatures on the battlefield");
}

TEST_F(ValueCount, UnknownWordsAreLoadErrorsWithColumnAndHint) {
  // The expression starts at cards.txt:3:20.
  EXPECT_EQ(error_of("Domian"),
            "cards.txt:3:20: Count$ description 'Domian' is unknown; did you mean 'Domain'?");
  EXPECT_EQ(error_of("TypeYouCtrl.Swmp"),
            "cards.txt:3:32: Count$ quality 'Swmp' is unknown; did you mean 'Swamp'?");
  EXPECT_EQ(error_of("TypeYuoCtrl.Swamp"),
            "cards.txt:3:24: Count$ description 'YuoCtrl' is unknown; did you mean 'YouCtrl'?");
  EXPECT_EQ(error_of("TypeYouCtrl.Swamp/Plsu.1"),
            "cards.txt:3:38: Count$ math 'Plsu' is unknown; did you mean 'Plus'?");
  EXPECT_EQ(error_of("TypeYouCtrl.Swamp/Plus.one"),
            "cards.txt:3:43: expected a whole number for Count$ math 'Plus', found 'one'");
  EXPECT_EQ(error_of("Hellbent.5"),
            "cards.txt:3:29: Count$Hellbent needs two numbers: 'Hellbent.5.3' (5 when it applies, "
            "3 otherwise)");
  EXPECT_EQ(error_of("TypeYouCtrl"),
            "cards.txt:3:31: Count$ Type needs a type: 'TypeYouCtrl.Swamp'");
  EXPECT_EQ(error_of("Type.Swamp"),
            "cards.txt:3:20: Count$ 'Type' names no location; add one of YouCtrl, OppCtrl, "
            "OnBattlefield, "
            "InYourYard, InOppYard, InAllYards, InYourHand, InOppHand, InAllHands, TgtCtrl, "
            "InTgtYard, InTgtHand");
  EXPECT_EQ(error_of("Chroma.Q"),
            "cards.txt:3:27: Count$Chroma needs one colour letter: Chroma.W, .U, .B, .R or .G; "
            "found 'Q'");
  // Types are open-ended: a word far from every known type is taken as written.
  EXPECT_EQ(error_of("TypeYouCtrl.Homunculus"), "no error");
}

// A counting description from another plugin: registered as "Count.<Description>".
class Devotion final : public ValueFunction {
 public:
  std::shared_ptr<const ValueExpr> compile(std::string_view expr, CompileContext&) const override {
    struct Expr final : ValueExpr {
      std::int64_t eval(const Game&, const ResolveContext&) const override { return 4; }
      std::string describe() const override { return "your devotion to red"; }
    };
    EXPECT_EQ(expr, "R");
    return std::make_shared<Expr>();
  }
};

TEST_F(ValueCount, OtherPluginsAddCountingDescriptions) {
  registry_.add<ValueFunction>("Count.Devotion", std::make_shared<Devotion>());
  EXPECT_EQ(eval("Devotion.R/HalfUp"), 2);
  EXPECT_EQ(describe("Devotion.R/Twice"), "twice your devotion to red");
  EXPECT_EQ(error_of("Devotoin.R"),
            "cards.txt:3:20: Count$ description 'Devotoin' is unknown; did you mean 'Devotion'?");
}

TEST_F(ValueCount, TgtLocationsCountForThePlayerTheTargetNames) {
  on_battlefield("Mountain", opp);
  game_->journal().set_tapped(on_battlefield("Mountain", opp), true);
  on_battlefield("Forest", me);
  put("Kindle", opp, ZoneRef::graveyard(opp));
  put("Kindle", opp, ZoneRef::hand(opp));
  put("Kindle", opp, ZoneRef::hand(opp));
  auto count = [&](std::string_view expr, Target tgt) {
    const std::vector<Target> targets{tgt};
    const ResolveContext ctx{{}, {}, 0, me, targets, 0, {}};
    return compile(expr)->eval(*game_, ctx);
  };
  EXPECT_EQ(count("TypeUntappedTgtCtrl.Land", Target::of(opp)), 1);
  EXPECT_EQ(count("TypeTgtCtrl.Land", Target::of(opp)), 2);
  EXPECT_EQ(count("TypeTgtCtrl.Land", Target::of(me)), 1);
  const ObjectId bears = on_battlefield("Grizzly Bears", opp);  // a creature: its controller
  EXPECT_EQ(count("TypeTgtCtrl.Land", target(bears)), 2);
  EXPECT_EQ(count("InTgtHand", Target::of(opp)), 2);
  EXPECT_EQ(count("NamedInTgtYard.Kindle", Target::of(opp)), 1);
  EXPECT_EQ(eval("TypeTgtCtrl.Land"), 1);  // no target: you
  EXPECT_EQ(describe("TypeUntappedTgtCtrl.Land"),
            "the number of untapped lands that player controls");
  EXPECT_EQ(describe("InTgtHand"), "the number of cards in that player's hand");
}

TEST_F(ValueCount, CardsCountAsANameInGraveyardsForSpellsOfThatName) {
  // Pardic Firecat: CountsAsNamedInYard:Flame Burst.
  put("Pardic Firecat", me, ZoneRef::graveyard(me));
  put("Flame Burst", opp, ZoneRef::graveyard(opp));
  on_battlefield("Pardic Firecat", me);  // not in a graveyard: never counts
  auto count_for = [&](std::string_view spell, std::string_view expr) {
    const ObjectId source = put(spell, me, ZoneRef::stack());
    const ResolveContext ctx{game_->object(source).ref(), id(spell), 0, me, {}, 0, {}};
    return compile(expr)->eval(*game_, ctx);
  };
  EXPECT_EQ(count_for("Flame Burst", "NamedInAllYards.Flame Burst"), 2);
  EXPECT_EQ(count_for("Flame Burst", "NamedInYourYard.Flame Burst"), 1);
  EXPECT_EQ(count_for("Flame Burst", "NamedYouCtrl.Flame Burst"), 0);
  // Another spell counting Flame Bursts does not see the Firecat as one.
  EXPECT_EQ(count_for("Lightning Bolt", "NamedInAllYards.Flame Burst"), 1);
  EXPECT_EQ(pool_->at(id("Pardic Firecat")).abilities.at(0).impl->describe(),
            "If CARDNAME is in a graveyard, effects from spells named Flame Burst count it as a "
            "card named Flame Burst.");
}

}  // namespace
}  // namespace anvil::script_test
