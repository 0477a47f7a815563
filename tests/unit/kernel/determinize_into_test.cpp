// Game::determinize_into: a determinized copy made into a game kept for it must be
// indistinguishable from a new copy (DecisionView::determinize) of the same seed, whatever the
// kept game was before: bigger, smaller, mid-trial, with caches of its own.
#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

// "Whenever a player is dealt damage, …" from the graveyard: an ability that works where a
// copy's connections must find it off the battlefield.
class GraveWatcher final : public DamageWatcher {
 public:
  ZoneMask zones() const override { return zone_bit(ZoneKind::graveyard); }
  std::string describe() const override { return "From the graveyard: whenever …"; }
};

class SomeCache final : public RulesCache {};

struct Table {
  Cards cards;
  CardId ghost =
      cards.add("Ghost", true, 1, 1, {{AbilityKind::triggered, std::make_shared<GraveWatcher>()}});
};

// A game with something of everything a copy carries: hidden cards in hands and libraries, a
// trigger on the battlefield and one in the graveyard, an effect source, a quiet edit.
std::unique_ptr<Game> busy_game(Table& t, int per_player, std::uint64_t seed) {
  auto game = make_game(t.cards, per_player, seed);
  for (std::uint8_t p = 0; p < 2; ++p) {
    for (int i = 0; i < 3; ++i) draw(*game, PlayerId(p));
    game->add_card(t.cards.watcher, PlayerId(p), ZoneRef::battlefield(PlayerId(p)));
    game->add_card(t.ghost, PlayerId(p), ZoneRef::graveyard(PlayerId(p)));
    game->add_card(t.cards.land, PlayerId(p), ZoneRef::library(PlayerId(p)));
  }
  game->add_card(t.cards.anthem, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  game->journal().add_quiet(EditKind::game_field, static_cast<std::uint8_t>(GameField::passes));
  game->journal().clear();
  return game;
}

// The board compared: state, connections, views, and what the connections do (damage to a
// player fires the same triggers, in the same order).
void expect_same_board(Game& lab, Game& fresh) {
  EXPECT_EQ(hash(lab.state()), hash(fresh.state()));
  EXPECT_TRUE(lab.state() == fresh.state());
  EXPECT_EQ(lab.bus().listeners<DamageEvent>(Channel::trigger),
            fresh.bus().listeners<DamageEvent>(Channel::trigger));
  EXPECT_EQ(lab.views_may_read_turn(), fresh.views_may_read_turn());
  EXPECT_EQ(lab.only_rule_effects(), fresh.only_rule_effects());
  for (const GameObject& o : fresh.state().objects) {
    EXPECT_EQ(lab.connections_of(o.id), fresh.connections_of(o.id)) << "object " << o.id.value;
    const Characteristics a = lab.view(o.id), b = fresh.view(o.id);
    EXPECT_EQ(a.power, b.power) << "object " << o.id.value;
    EXPECT_EQ(a.toughness, b.toughness) << "object " << o.id.value;
  }
  const std::size_t triggers = lab.state().pending_triggers.size();
  deal_damage(lab, ObjectId{}, Target::of(PlayerId(1)), 1);
  deal_damage(fresh, ObjectId{}, Target::of(PlayerId(1)), 1);
  EXPECT_GT(lab.state().pending_triggers.size(), triggers) << "the watchers saw the damage";
  EXPECT_EQ(hash(lab.state()), hash(fresh.state()));
}

// Everything a copy is, compared: its journal, memo, cache, seats and log, then its board.
void expect_same(Game& lab, Game& fresh) {
  EXPECT_EQ(lab.journal().size(), fresh.journal().size());
  EXPECT_EQ(lab.journal().holds(), fresh.journal().holds());
  EXPECT_EQ(lab.journal().changes(), fresh.journal().changes());
  EXPECT_EQ(lab.journal().version(), fresh.journal().version());
  EXPECT_EQ(lab.journal().checkpoint().position, fresh.journal().checkpoint().position);
  EXPECT_EQ(lab.journal().checkpoint().epoch, fresh.journal().checkpoint().epoch);
  EXPECT_EQ(lab.journal().quiet_edits(), fresh.journal().quiet_edits());
  for (std::size_t k = 0; k < kEditKinds; ++k)
    EXPECT_EQ(lab.journal().changes(static_cast<EditKind>(k)),
              fresh.journal().changes(static_cast<EditKind>(k)));
  for (std::size_t slot = 0; slot < Game::kRulesMemoSlots; ++slot)
    EXPECT_EQ(lab.rules_memo(slot), fresh.rules_memo(slot));
  EXPECT_EQ(lab.rules_cache(), nullptr);
  EXPECT_EQ(fresh.rules_cache(), nullptr);
  EXPECT_EQ(lab.card_pool(), fresh.card_pool());
  EXPECT_EQ(&lab.rules(), &fresh.rules());
  EXPECT_EQ(lab.rule_effects(), fresh.rule_effects());
  EXPECT_EQ(&lab.decisions(), &fresh.decisions()) << "both share the original's log";
  EXPECT_TRUE(lab.faults().empty());
  for (std::uint8_t p = 0; p < 2; ++p) EXPECT_EQ(lab.agent(PlayerId(p)), nullptr);
  EXPECT_EQ(lab.journal().changes(), fresh.journal().changes());  // before the board's damage
  expect_same_board(lab, fresh);
  EXPECT_EQ(lab.journal().changes(), fresh.journal().changes());
}

// Gives the lab what a used lab has that a copy must not: memo marks, a rules cache, edits
// made since, its own seats.
void use(Game& lab) {
  lab.rules_memo(3) = 99;
  lab.keep_rules_cache(std::make_unique<SomeCache>());
  lab.seat(PlayerId(0), std::make_shared<FixedAgent>(0));
  (void)lab.view(ObjectId(0));
  lab.journal().checkpoint();
  deal_damage(lab, ObjectId{}, Target::of(PlayerId(0)), 2);
  lab.add_card(lab.state().objects.back().card, PlayerId(1), ZoneRef::battlefield(PlayerId(1)));
}

TEST(DeterminizeInto, ARefilledGameIsAFreshDeterminizedCopy) {
  Table t;
  auto game = busy_game(t, 10, 3);
  auto bigger = busy_game(t, 25, 5);
  auto lab = DecisionView(*bigger, PlayerId(1)).determinize(1);
  use(*lab);
  DecisionView(*game, PlayerId(0)).determinize_into(*lab, 42);
  auto fresh = DecisionView(*game, PlayerId(0)).determinize(42);
  expect_same(*lab, *fresh);
}

// Refilled again and again, from states that grew and shrank, as an agent refills its lab at
// every decision: each time the same as a new copy.
TEST(DeterminizeInto, RefilledRepeatedlyAcrossStatesThatGrowAndShrink) {
  Table t;
  auto game = busy_game(t, 10, 3);
  auto lab = DecisionView(*game, PlayerId(0)).determinize(1);
  for (int round = 0; round < 6; ++round) {
    use(*lab);
    if (round % 2 == 0) {  // the game grows: cards come, a watcher dies
      for (int i = 0; i < 4; ++i)
        game->add_card(t.ghost, PlayerId(1), ZoneRef::library(PlayerId(1)));
      const auto& field = game->state().zone(ZoneRef::battlefield(PlayerId(1))).objects;
      if (!field.empty()) destroy(*game, field.front());
    }
    const auto smaller = busy_game(t, 4, 9);
    Game& from = round == 3 ? *smaller : *game;  // a smaller game once
    const std::uint64_t seed = 100 + static_cast<std::uint64_t>(round);
    const PlayerId viewer(static_cast<std::uint8_t>(round % 2));
    DecisionView(from, viewer).determinize_into(*lab, seed);
    auto fresh = DecisionView(from, viewer).determinize(seed);
    SCOPED_TRACE(round);
    expect_same(*lab, *fresh);
  }
}

// A refilled game plays as a copy does: a trial rolled back through its journal leaves it as it
// was, and as a new copy is after the same trial (a watcher brought back by a rollback connects
// again after the others, in both).
TEST(DeterminizeInto, RollbackInsideARefilledGame) {
  Table t;
  auto game = busy_game(t, 10, 3);
  auto lab = busy_game(t, 20, 4);
  DecisionView(*game, PlayerId(0)).determinize_into(*lab, 7);
  auto fresh = DecisionView(*game, PlayerId(0)).determinize(7);
  const std::uint64_t before = hash(lab->state());
  for (Game* g : {lab.get(), fresh.get()}) {
    const auto cp = g->journal().checkpoint();
    destroy(*g, g->state().zone(ZoneRef::battlefield(PlayerId(1))).objects.front());
    deal_damage(*g, ObjectId{}, Target::of(PlayerId(1)), 3);
    g->journal().rollback(cp);
    EXPECT_EQ(hash(g->state()), before);
  }
  EXPECT_EQ(lab->journal().changes(), fresh->journal().changes());
  expect_same_board(*lab, *fresh);
}

// Each plain field of an object (those copied as one block) is the game's after a refill, over a
// lab whose same object differs in every one of them: controller, tapped, damage, summoning
// sickness, timestamp, zone and zone changes; a token made in the game only.
TEST(DeterminizeInto, EveryPlainFieldOfAnObjectIsCopied) {
  Table t;
  auto game = busy_game(t, 10, 3);
  auto lab = DecisionView(*game, PlayerId(0)).determinize(1);
  const ObjectId watcher = game->state().zone(ZoneRef::battlefield(PlayerId(1))).objects.front();
  Journal& j = game->journal();
  j.set_controller(watcher, PlayerId(0));
  j.set_tapped(watcher, true);
  j.set_damage(watcher, 2);
  j.set_summoning_sick(watcher, true);
  const ObjectId moved = game->state().zone(ZoneRef::graveyard(PlayerId(0))).objects.front();
  j.move_object(moved, ZoneRef::exile(PlayerId(0)));
  const ObjectId token =
      game->add_card(t.cards.land, PlayerId(1), ZoneRef::battlefield(PlayerId(1)), true);
  j.clear();
  DecisionView(*game, PlayerId(0)).determinize_into(*lab, 5);
  auto fresh = DecisionView(*game, PlayerId(0)).determinize(5);
  for (const ObjectId id : {watcher, moved, token}) {
    const GameObject& a = lab->state().objects[id.value];
    const GameObject& b = game->state().objects[id.value];
    EXPECT_EQ(a.controller, b.controller);
    EXPECT_EQ(a.tapped, b.tapped);
    EXPECT_EQ(a.damage, b.damage);
    EXPECT_EQ(a.summoning_sick, b.summoning_sick);
    EXPECT_EQ(a.timestamp, b.timestamp);
    EXPECT_EQ(a.zone, b.zone);
    EXPECT_EQ(a.zone_changes, b.zone_changes);
    EXPECT_EQ(a.token, b.token);
    EXPECT_EQ(a.card, b.card);
    EXPECT_EQ(a.owner, b.owner);
    EXPECT_EQ(a.id, b.id);
  }
  EXPECT_TRUE(lab->state().objects[watcher.value].tapped) << "the game's, not the lab's before";
  expect_same(*lab, *fresh);
}

TEST(DeterminizeInto, RefusesItselfAndAHeldGame) {
  Table t;
  auto game = busy_game(t, 10, 3);
  EXPECT_THROW(DecisionView(*game, PlayerId(0)).determinize_into(*game, 1), RulesError);
  auto lab = DecisionView(*game, PlayerId(0)).determinize(1);
  {
    const Journal::Hold hold = lab->journal().hold();
    EXPECT_THROW(DecisionView(*game, PlayerId(0)).determinize_into(*lab, 1), RulesError);
  }
  DecisionView(*game, PlayerId(0)).determinize_into(*lab, 1);
  auto fresh = DecisionView(*game, PlayerId(0)).determinize(1);
  expect_same(*lab, *fresh);
}

}  // namespace
}  // namespace anvil::testing
