// Triggers are journaled; rollback removes them, fires nothing, and is seen by observers.
#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

TEST(Triggers, FiredTriggerIsPendingAndRemembersTheEvent) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId w = game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 4);
  ASSERT_EQ(game->state().pending_triggers.size(), 1u);
  const PendingTrigger& t = game->state().pending_triggers[0];
  EXPECT_EQ(t.source.id, w);
  EXPECT_EQ(t.controller, PlayerId(0));
  EXPECT_EQ(t.event.kind, "damage"_sym);
  EXPECT_EQ(t.event.amount, 4);
  EXPECT_EQ(t.event.subject, Target::of(PlayerId(1)));
}

TEST(Triggers, TriggerFiredByARolledBackActionIsGone) {
  Cards cards;
  auto game = make_game(cards);
  game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const std::uint64_t before = hash(game->state());
  const auto cp = game->journal().checkpoint();
  deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 4);
  ASSERT_EQ(game->state().pending_triggers.size(), 1u);
  game->journal().rollback(cp);
  EXPECT_TRUE(game->state().pending_triggers.empty());
  EXPECT_EQ(game->state().players[1].life, 20);
  EXPECT_EQ(hash(game->state()), before);
}

TEST(Triggers, ObserversSeeTheRollbackAndRollbackFiresNoTrigger) {
  Cards cards;
  auto game = make_game(cards);
  game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  int trigger_calls = 0;
  game->bus().on_trigger<LifeChangeEvent>([&](Game&, const LifeChangeEvent&) { ++trigger_calls; });
  std::vector<std::pair<Edit, bool>> seen;
  game->bus().on_edit([&](const Game&, const Edit& e, bool undone) { seen.emplace_back(e, undone); });

  const auto cp = game->journal().checkpoint();
  deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 4);
  EXPECT_EQ(trigger_calls, 1);
  const std::size_t applied = seen.size();
  ASSERT_GE(applied, 2u);  // the life change and the pending trigger at least
  game->journal().rollback(cp);

  EXPECT_EQ(trigger_calls, 1) << "a rollback fires no trigger";
  ASSERT_EQ(seen.size(), applied * 2) << "every applied edit is seen undone";
  for (std::size_t i = 0; i < applied; ++i) {
    EXPECT_FALSE(seen[i].second);
    EXPECT_TRUE(seen[applied + i].second);
    // Undone newest first.
    EXPECT_EQ(seen[applied + i].first.kind, seen[applied - 1 - i].first.kind);
  }
  const auto life = std::find_if(seen.begin() + static_cast<std::ptrdiff_t>(applied), seen.end(), [](const auto& s) {
    return s.first.kind == EditKind::player_field && s.first.field == static_cast<std::uint8_t>(PlayerField::life);
  });
  ASSERT_NE(life, seen.end());
  EXPECT_EQ(life->first.before, 20);
  EXPECT_EQ(life->first.after, 16);
}

TEST(Triggers, FailedActionIsRolledBackWithItsTriggers) {
  Cards cards;
  auto game = make_game(cards);
  game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId bolt = game->add_card(cards.thrower, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  const std::uint64_t before = hash(game->state());

  ActionResult r = game->perform("cast Buggy Bolt", [&](Game& g) {
    deal_damage(g, bolt, Target::of(PlayerId(1)), 2);  // fires the watcher
    g.resolve(ResolveContext{g.object(bolt).ref(), cards.thrower, 0, PlayerId(0), {}, 0, {}});
  });

  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.plugin, "test-plugin");
  EXPECT_EQ(r.card, "Buggy Bolt");
  EXPECT_EQ(r.ability, "throws");
  EXPECT_NE(r.message.find("boom"), std::string::npos);
  EXPECT_NE(r.message.find("cast Buggy Bolt"), std::string::npos);
  EXPECT_EQ(hash(game->state()), before);
  EXPECT_TRUE(game->state().pending_triggers.empty());

  // The game goes on.
  EXPECT_TRUE(game->perform("bolt", [&](Game& g) { deal_damage(g, bolt, Target::of(PlayerId(1)), 3); }).ok());
  EXPECT_EQ(game->state().players[1].life, 17);
}

}  // namespace
}  // namespace anvil::testing
