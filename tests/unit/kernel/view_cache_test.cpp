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
  FloatingEffect f;
  f.source = game->object(spell).ref();
  f.card = cards.pump;
  f.controller = PlayerId(0);
  f.affected = Target::of(game->object(bear).ref());
  f.a = 3;
  f.b = 3;
  game->add_effect(f);
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

}  // namespace
}  // namespace anvil::testing
