// Game::rules_cache: a rules module's per-game lists. Each game owns its own; a copy starts
// without one (its journal counts from the start again, and it may play on another thread);
// set_rules and add_rule_effect drop it; undo and rollback leave it alone.
#include <gtest/gtest.h>

#include <memory>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

struct CountCache final : RulesCache {
  explicit CountCache(int v) : value(v) {}
  int value;
};

int cached(const Game& game) {
  const auto* c = static_cast<const CountCache*>(game.rules_cache());
  return c ? c->value : -1;
}

class NoEffect final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game&, const EffectContext&, ObjectId, const Characteristics&) const override {
    return false;
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics&) const override {}
};

TEST(RulesCache, NoneUntilKeptThenTheGamesOwn) {
  Cards cards;
  auto game = make_game(cards);
  EXPECT_EQ(game->rules_cache(), nullptr);
  const Game& read_only = *game;  // a listing keeps its lists through a const Game
  RulesCache& kept = read_only.keep_rules_cache(std::make_unique<CountCache>(3));
  EXPECT_EQ(&kept, game->rules_cache());
  EXPECT_EQ(cached(*game), 3);
  game->keep_rules_cache(std::make_unique<CountCache>(4));  // replaces the one before
  EXPECT_EQ(cached(*game), 4);
  EXPECT_THROW(game->keep_rules_cache(nullptr), RulesError);
  EXPECT_EQ(cached(*game), 4);
}

TEST(RulesCache, ACopyStartsWithoutOne) {
  Cards cards;
  auto game = make_game(cards);
  game->keep_rules_cache(std::make_unique<CountCache>(5));
  auto fork = game->fork();
  auto dealt = game->determinize(PlayerId(0), 11);
  EXPECT_EQ(fork->rules_cache(), nullptr);
  EXPECT_EQ(dealt->rules_cache(), nullptr);
  fork->keep_rules_cache(std::make_unique<CountCache>(6));  // each keeps its own
  EXPECT_EQ(cached(*game), 5);
  EXPECT_EQ(cached(*fork), 6);
  EXPECT_EQ(dealt->rules_cache(), nullptr);
}

TEST(RulesCache, SetRulesAndRuleEffectsDropIt) {
  Cards cards;
  auto game = make_game(cards);
  game->keep_rules_cache(std::make_unique<CountCache>(1));
  game->set_rules(std::make_shared<RulesHooks>());
  EXPECT_EQ(game->rules_cache(), nullptr);
  game->keep_rules_cache(std::make_unique<CountCache>(2));
  game->add_rule_effect(std::make_shared<NoEffect>());  // views may change without an edit
  EXPECT_EQ(game->rules_cache(), nullptr);
}

TEST(RulesCache, UndoAndRollbackLeaveItAlone) {
  Cards cards;
  auto game = make_game(cards);
  game->keep_rules_cache(std::make_unique<CountCache>(7));
  const auto cp = game->journal().checkpoint();
  game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  game->journal().rollback(cp);
  // Kept: a module checks its key (Journal::changes(), which counted the undone edit too).
  EXPECT_EQ(cached(*game), 7);
}

}  // namespace
}  // namespace anvil::testing
