// Game::view gathers the active effects once per journal version (src/active_effects.hpp):
// whatever changes which effects apply must be seen by the next view.
#include <gtest/gtest.h>

#include <memory>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

class PlusTwoToughness final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game&, const EffectContext&, ObjectId, const Characteristics& c) const override {
    return c.has_type(kCreature);
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override { c.toughness += 2; }
};

TEST(ViewCache, AFloatingEffectOnOneObjectLeavesTheOthersAlone) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId other = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId spell = game->add_card(cards.pump, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  pump_with(*game, cards, spell, bear);
  // Same journal version for all three views: one gathered list serves them.
  EXPECT_EQ(game->view(bear).power, 5);
  EXPECT_EQ(game->view(other).power, 2);
  EXPECT_EQ(game->view(bear).power, 5);
}

TEST(ViewCache, ARuleEffectAddedAfterAViewAppliesToTheNextOne) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->view(bear).toughness, 2);
  game->add_rule_effect(std::make_shared<PlusTwoToughness>());  // no journal edit
  EXPECT_EQ(game->view(bear).toughness, 4);
}

TEST(ViewCache, RollbackBringsBackWhatWasActive) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId anthem = game->add_card(cards.anthem, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->view(bear).power, 3);
  const auto cp = game->journal().checkpoint();
  move_to_zone(*game, anthem, ZoneRef::hand(PlayerId(0)), Cause::bounce);
  EXPECT_EQ(game->view(bear).power, 2);
  game->journal().rollback(cp);
  EXPECT_EQ(game->view(bear).power, 3);
  auto fork = game->fork();
  EXPECT_EQ(fork->view(bear).power, 3) << "a fork gathers its own list";
}

// Reads the object only, and says so.
class PlusOnePowerObjectsOnly final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game&, const EffectContext&, ObjectId,
               const Characteristics& c) const override {
    return c.has_type(kCreature);
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    c.power += 1;
  }
  bool may_read_turn() const override { return false; }
};

TEST(ViewCache, ViewsMayReadTheTurnWhileAnEffectThatMightApplies) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_FALSE(game->views_may_read_turn()) << "no effect at all";
  game->add_rule_effect(std::make_shared<PlusOnePowerObjectsOnly>());
  EXPECT_FALSE(game->views_may_read_turn());
  EXPECT_EQ(game->view(bear).power, 3);
  // The anthem's effect keeps the default (it might read anything) while it applies.
  const ObjectId anthem = game->add_card(cards.anthem, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  EXPECT_FALSE(game->views_may_read_turn()) << "a static ability works from the battlefield only";
  move_to_zone(*game, anthem, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_TRUE(game->views_may_read_turn());
  const auto cp = game->journal().checkpoint();
  move_to_zone(*game, anthem, ZoneRef::graveyard(PlayerId(0)), Cause::destroy);
  EXPECT_FALSE(game->views_may_read_turn());
  game->journal().rollback(cp);
  EXPECT_TRUE(game->views_may_read_turn());
  game->add_rule_effect(std::make_shared<PlusTwoToughness>());
  EXPECT_TRUE(game->fork()->views_may_read_turn());
}

// Game::only_rule_effects: the rule effects alone, until a static ability works from where
// its object is; again once it has left, and after a rollback past its arrival.
TEST(ViewCache, OnlyRuleEffectsUntilAStaticAbilityWorks) {
  Cards cards;
  auto game = make_game(cards);
  EXPECT_TRUE(game->only_rule_effects()) << "no effect at all";
  game->add_rule_effect(std::make_shared<PlusTwoToughness>());
  EXPECT_TRUE(game->only_rule_effects());
  const ObjectId anthem = game->add_card(cards.anthem, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  EXPECT_TRUE(game->only_rule_effects()) << "a static ability works from the battlefield only";
  const auto cp = game->journal().checkpoint();
  move_to_zone(*game, anthem, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_FALSE(game->only_rule_effects());
  EXPECT_FALSE(game->fork()->only_rule_effects());
  game->journal().rollback(cp);
  EXPECT_TRUE(game->only_rule_effects());
}

// only_rule_effects() keeps its answer while the gathered list stands (inline, plugin ABI 15.4):
// asked before and after each change with no view between, it must see each one: a floating
// effect added and rolled back, a source created on the battlefield, the source moved away, and a
// refilled copy. It fails if any of these leaves the kept answer in place.
TEST(ViewCache, OnlyRuleEffectsKeptAnswerIsDroppedByEveryChangeOfTheList) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId spell = game->add_card(cards.pump, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  EXPECT_TRUE(game->only_rule_effects());
  const auto cp = j.checkpoint();
  pump_with(*game, cards, spell, bear);
  EXPECT_FALSE(game->only_rule_effects()) << "a floating effect lasts";
  j.rollback(cp);
  EXPECT_TRUE(game->only_rule_effects()) << "and is rolled back";
  const ObjectId anthem =
      game->add_card(cards.anthem, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_FALSE(game->only_rule_effects()) << "a static ability works from where it is created";
  auto lab = game->fork();
  EXPECT_FALSE(lab->only_rule_effects());
  move_to_zone(*game, anthem, ZoneRef::hand(PlayerId(0)), Cause::bounce);
  EXPECT_TRUE(game->only_rule_effects()) << "its source left the battlefield";
  game->determinize_into(*lab, PlayerId(0), 1);
  EXPECT_TRUE(lab->only_rule_effects()) << "a refilled copy asks its own list";
}

// The edits Game::on_edit tells the bus only (a tap, damage) leave the gathered list as it is;
// those that can change it are seen by the next view, each alone: a source's controller (its
// effects' context), a floating effect added or removed, a move of a source, and each undone.
TEST(ViewCache, EveryEditThatCanChangeTheActiveEffectsIsSeenByTheNextView) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  const ObjectId mine = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId theirs =
      game->add_card(cards.bear, PlayerId(1), ZoneRef::battlefield(PlayerId(1)));
  const ObjectId anthem =
      game->add_card(cards.anthem, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->view(mine).power, 3);
  EXPECT_EQ(game->view(theirs).power, 2);
  j.set_tapped(anthem, true);
  j.set_damage(mine, 1);
  EXPECT_EQ(game->view(mine).power, 3) << "a tap and damage change no effect";
  const auto start = j.checkpoint();
  j.set_controller(anthem, PlayerId(1));
  EXPECT_EQ(game->view(mine).power, 2) << "the anthem's controller is its effect's context";
  EXPECT_EQ(game->view(theirs).power, 3);
  const ObjectId spell = game->add_card(cards.pump, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  const auto before_pump = j.checkpoint();
  pump_with(*game, cards, spell, mine);
  EXPECT_EQ(game->view(mine).power, 5) << "a floating effect added";
  j.rollback(before_pump);
  EXPECT_EQ(game->view(mine).power, 2) << "and taken away";
  move_to_zone(*game, anthem, ZoneRef::hand(PlayerId(0)), Cause::bounce);
  EXPECT_EQ(game->view(theirs).power, 2) << "a source moved away";
  j.rollback(start);
  EXPECT_EQ(game->view(mine).power, 3) << "every edit undone";
  EXPECT_EQ(game->view(theirs).power, 2);
}

TEST(ViewCache, AViewIntoScratchIsThePrintedCardUntilAnEffectApplies) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId land = game->add_card(cards.land, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  Characteristics scratch;
  const Characteristics& plain = game->view(bear, scratch);
  EXPECT_EQ(&plain, &game->card(bear).base) << "no effect: the printed characteristics, not a copy";
  EXPECT_EQ(plain.power, 2);
  game->add_rule_effect(std::make_shared<PlusTwoToughness>());
  const Characteristics& pumped = game->view(bear, scratch);
  EXPECT_EQ(&pumped, &scratch);
  EXPECT_EQ(pumped.toughness, 4);
  EXPECT_EQ(pumped.toughness, game->view(bear).toughness);
  EXPECT_EQ(game->card(bear).base.toughness, 2) << "the card is never written";
  // The same scratch for another object the effect does not apply to.
  EXPECT_EQ(&game->view(land, scratch), &game->card(land).base);
  const ObjectId anthem =
      game->add_card(cards.anthem, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const Characteristics full = game->view(bear);
  const Characteristics& into = game->view(bear, scratch);
  EXPECT_EQ(into.power, full.power);
  EXPECT_EQ(into.toughness, full.toughness);
  EXPECT_EQ(into.types, full.types);
  EXPECT_EQ(game->view(anthem, scratch).power, game->view(anthem).power);
}

// Makes every creature blue, in the colour layer: an effect a view through Layer::ability sees.
class EveryCreatureBlue final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::color; }
  bool affects(const Game&, const EffectContext&, ObjectId,
               const Characteristics& c) const override {
    return c.has_type(kCreature);
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    c.colors = ColorSet{};
    c.colors.add(Color::blue);
  }
};

// view(id, through, scratch): the effects of the layers up to `through` only, into scratch when
// one applies, else the printed card; the same as view(id, through) either way.
TEST(ViewCache, AViewThroughALayerIntoScratchStopsAtThatLayer) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  game->add_rule_effect(std::make_shared<PlusTwoToughness>());
  Characteristics scratch;
  const Characteristics& what = game->view(bear, Layer::ability, scratch);
  EXPECT_EQ(&what, &game->card(bear).base) << "the toughness effect is past the ability layer";
  EXPECT_EQ(what.toughness, 2);
  EXPECT_EQ(game->view(bear, Layer::pt_modify, scratch).toughness, 4);
  game->add_rule_effect(std::make_shared<EveryCreatureBlue>());
  const Characteristics& blue = game->view(bear, Layer::ability, scratch);
  EXPECT_EQ(&blue, &scratch);
  EXPECT_TRUE(blue.colors.has(Color::blue) && blue.colors.monocolor());
  EXPECT_EQ(blue.toughness, 2) << "still not the toughness effect";
  const Characteristics by_value = game->view(bear, Layer::ability);
  EXPECT_EQ(blue.colors, by_value.colors);
  EXPECT_EQ(blue.toughness, by_value.toughness);
  EXPECT_EQ(game->view(bear, Layer::cost, scratch).toughness, game->view(bear).toughness);
}

// Counts the objects it is asked about: +1/+1 for a creature with a counter, its requirement
// (ContinuousEffect::requirement) saying so, so that Game::view asks only those.
class CountedCounterEffect final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game& game, const EffectContext&, ObjectId object,
               const Characteristics&) const override {
    ++asked;
    return !game.object(object).counters.items.empty();
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    c.power += 1;
    c.toughness += 1;
  }
  Requirement requirement() const override { return {.counters = true, .keyword = {}}; }
  mutable int asked = 0;
};

// Asks for a keyword instead, and would answer yes to anything.
class KeywordRequired final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game&, const EffectContext&, ObjectId, const Characteristics&) const override {
    ++asked;
    return true;
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override { c.power += 10; }
  Requirement requirement() const override { return {.counters = false, .keyword = "Flying"_sym}; }
  mutable int asked = 0;
};

TEST(ViewCache, AnEffectIsNotAskedAboutAnObjectWithoutWhatItRequires) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  auto counters = std::make_shared<CountedCounterEffect>();
  auto keyword = std::make_shared<KeywordRequired>();
  game->add_rule_effect(counters);
  game->add_rule_effect(keyword);
  Characteristics scratch;
  EXPECT_EQ(game->view(bear).power, 2);
  EXPECT_EQ(game->view(bear, scratch).power, 2);
  EXPECT_EQ(counters->asked, 0) << "no counter: not asked";
  EXPECT_EQ(keyword->asked, 0) << "no Flying: not asked, though it would have said yes";
  game->journal().set_counter(bear, "+1/+1"_sym, 1);
  EXPECT_EQ(game->view(bear).power, 3);
  EXPECT_EQ(game->view(bear, scratch).toughness, 3);
  EXPECT_EQ(counters->asked, 2) << "a counter: asked at each view";
  game->journal().set_counter(bear, "+1/+1"_sym, 0);
  EXPECT_EQ(game->view(bear).power, 2);
  EXPECT_EQ(counters->asked, 2);
  EXPECT_EQ(keyword->asked, 0);
}

// Game::view's shortcut while every effect requires something (ActiveEffects::all_gated): an
// object with neither a counter nor a required keyword is its printed card, without a copy. One
// with the keyword is still asked about, and so is every object once an effect requires nothing.
TEST(ViewCache, AViewSkipsTheEffectsOnlyWhileNoneCanApply) {
  Cards cards;
  CardDef flier;
  flier.name = "Wind Drake";
  flier.base.types = {kCreature};
  flier.base.has_stats = true;
  flier.base.power = 2;
  flier.base.toughness = 2;
  flier.base.keywords = {"Flying"_sym};
  const CardId drake_card = cards.pool->add(std::move(flier));
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId drake = game->add_card(drake_card, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  auto keyword = std::make_shared<KeywordRequired>();
  game->add_rule_effect(keyword);
  Characteristics scratch;
  EXPECT_EQ(&game->view(bear, scratch), &game->cards().at(cards.bear).base);
  EXPECT_EQ(keyword->asked, 0);
  EXPECT_EQ(game->view(drake, scratch).power, 12) << "Flying: asked, and it applies";
  EXPECT_EQ(keyword->asked, 1);
  game->add_rule_effect(std::make_shared<PlusTwoToughness>());  // requires nothing
  EXPECT_EQ(game->view(bear, scratch).toughness, 4);
  EXPECT_EQ(game->view(drake, scratch).power, 12);
  EXPECT_EQ(game->view(drake, scratch).toughness, 4);
}

}  // namespace
}  // namespace anvil::testing
