// "Signals are a function of the state": abilities are connected exactly while their object is
// in a zone they work from, whatever path — action, rollback, fork — led there.
#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

TEST(Connections, AbilitiesConnectInTheirZoneAndDisconnectWhenTheyLeave) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId w = game->add_card(cards.watcher, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  EXPECT_EQ(game->connections_of(w), 0u);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 0u);

  move_to_zone(*game, w, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_EQ(game->connections_of(w), 1u);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 1u);

  destroy(*game, w);
  EXPECT_EQ(game->connections_of(w), 0u);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 0u);
  deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 1);
  EXPECT_TRUE(game->state().pending_triggers.empty()) << "a card in the graveyard does not trigger";
}

TEST(Connections, RollbackOfALeaveReconnects) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId w = game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const auto cp = game->journal().checkpoint();
  destroy(*game, w);
  game->journal().rollback(cp);
  EXPECT_EQ(game->connections_of(w), 1u);
  deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 1);
  EXPECT_EQ(game->state().pending_triggers.size(), 1u);
}

TEST(Connections, UndoingACreationDisconnects) {
  Cards cards;
  auto game = make_game(cards);
  const auto cp = game->journal().checkpoint();
  auto token = create_token(*game, cards.watcher, PlayerId(1));
  ASSERT_TRUE(token);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 1u);
  game->journal().rollback(cp);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 0u);
  EXPECT_FALSE(game->state().exists(*token));
}

// The list of connections grows only as far as an object that has any (a library's cards at
// setup have none there): an object created past its end connects when it comes to a zone its
// abilities work from, and undoing creations leaves no connection behind.
TEST(Connections, ObjectsCreatedWithoutConnectionsConnectWhenTheyArrive) {
  Cards cards;
  auto game = make_game(cards);
  const auto cp = game->journal().checkpoint();
  const ObjectId first = game->add_card(cards.watcher, PlayerId(0), ZoneRef::library(PlayerId(0)));
  for (int i = 0; i < 5; ++i)
    game->add_card(cards.bear, PlayerId(0), ZoneRef::library(PlayerId(0)));
  const ObjectId last = game->add_card(cards.watcher, PlayerId(1), ZoneRef::library(PlayerId(1)));
  EXPECT_EQ(game->connections_of(first), 0u);
  EXPECT_EQ(game->connections_of(last), 0u);
  move_to_zone(*game, last, ZoneRef::battlefield(PlayerId(1)), Cause::put);
  EXPECT_EQ(game->connections_of(last), 1u);
  const ObjectId in_play =
      game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->connections_of(in_play), 1u);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 2u);
  game->journal().rollback(cp);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 0u);
  const ObjectId again =
      game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->connections_of(again), 1u);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 1u);
}

TEST(Connections, ForkBuildsItsOwnBusFromItsState) {
  Cards cards;
  auto game = make_game(cards);
  game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  auto copy = game->fork();
  EXPECT_EQ(hash(copy->state()), hash(game->state()));
  EXPECT_EQ(copy->bus().listeners<DamageEvent>(Channel::trigger), 1u);

  deal_damage(*copy, ObjectId{}, Target::of(PlayerId(1)), 2);
  EXPECT_EQ(copy->state().pending_triggers.size(), 1u);
  EXPECT_TRUE(game->state().pending_triggers.empty()) << "the original is untouched";
  EXPECT_EQ(game->state().players[1].life, 20);

  game.reset();  // the copy outlives its original
  deal_damage(*copy, ObjectId{}, Target::of(PlayerId(1)), 2);
  EXPECT_EQ(copy->state().pending_triggers.size(), 2u);
}

// A watcher that works from the graveyard only (like a card that returns from there).
class GraveyardWatcher final : public Ability {
 public:
  ZoneMask zones() const override { return zone_bit(ZoneKind::graveyard); }
  void connect(Game& game, ObjectId, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_trigger<DamageEvent>([](Game&, const DamageEvent&) {}));
  }
  std::string describe() const override { return "from the graveyard, whenever …"; }
};

TEST(Connections, ThePoolKnowsWhichZonesACardsAbilitiesWorkFrom) {
  Cards cards;
  const CardId both = cards.add("Two-Zone Watcher", true, 1, 1,
                                {{AbilityKind::triggered, std::make_shared<DamageWatcher>()},
                                 {AbilityKind::triggered, std::make_shared<GraveyardWatcher>()}});
  EXPECT_EQ(cards.pool->ability_zones(cards.bear), 0u) << "no abilities";
  EXPECT_EQ(cards.pool->ability_zones(cards.watcher), zone_bit(ZoneKind::battlefield));
  EXPECT_EQ(cards.pool->ability_zones(both),
            zone_bit(ZoneKind::battlefield) | zone_bit(ZoneKind::graveyard));

  // A copy connects each ability in its own zone and nothing elsewhere (Game::attach skips an
  // object by that mask before asking its abilities).
  auto game = make_game(cards);
  const ObjectId in_yard = game->add_card(both, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  const ObjectId in_play = game->add_card(both, PlayerId(1), ZoneRef::battlefield(PlayerId(1)));
  const ObjectId in_hand = game->add_card(both, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  EXPECT_EQ(game->connections_of(in_yard), 1u);
  EXPECT_EQ(game->connections_of(in_play), 1u);
  EXPECT_EQ(game->connections_of(in_hand), 0u);
  auto copy = game->fork();
  EXPECT_EQ(copy->connections_of(in_yard), 1u);
  EXPECT_EQ(copy->connections_of(in_play), 1u);
  EXPECT_EQ(copy->connections_of(in_hand), 0u);
  EXPECT_EQ(copy->bus().listeners<DamageEvent>(Channel::trigger), 2u);
}

TEST(Connections, UnlistenedEventTypesHaveNoSlots) {
  Cards cards;
  auto game = make_game(cards);
  game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->bus().listeners<TapEvent>(Channel::replacement), 0u);
  EXPECT_EQ(game->bus().listeners<TapEvent>(Channel::trigger), 0u);
  EXPECT_EQ(game->bus().listeners<TapEvent>(Channel::observer), 0u);
}

TEST(Connections, ScopedConnectionDisconnectsAndCountsFollow) {
  Cards cards;
  auto game = make_game(cards);
  {
    ScopedConnection c = game->bus().on_observe<TapEvent>([](const Game&, const TapEvent&) {});
    EXPECT_EQ(game->bus().listeners<TapEvent>(Channel::observer), 1u);
  }
  EXPECT_EQ(game->bus().listeners<TapEvent>(Channel::observer), 0u);
}

TEST(Connections, ConnectionMayOutliveItsBus) {
  Cards cards;
  Connection c;
  {
    auto game = make_game(cards);
    c = game->bus().on_observe<TapEvent>([](const Game&, const TapEvent&) {});
    EXPECT_TRUE(c.connected());
  }
  EXPECT_FALSE(c.connected());
  c.disconnect();  // harmless
}

}  // namespace
}  // namespace anvil::testing
