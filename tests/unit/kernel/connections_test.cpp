// "Signals are a function of the state": abilities are connected exactly while their object is
// in a zone they work from, whatever path — action, rollback, fork — led there.
#include <gtest/gtest.h>

#include <tuple>
#include <utility>
#include <vector>

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

// A creation or move of an object whose abilities work in neither zone (the card pool's zone
// mask) connects and drops nothing and is passed over early: an edit slot still sees it, a
// floating effect that named the object no longer applies to the new object, and the object
// connects once it comes where its abilities work, however it gets there (a move, a rollback).
TEST(Connections, MovesWhereNoAbilityWorksConnectNothingAndAreStillSeen) {
  Cards cards;
  auto game = make_game(cards);
  std::size_t moves_seen = 0;
  const Connection watch = game->bus().on_edit([&](const Game&, const Edit& e, bool) {
    if (e.kind == EditKind::zone_move) ++moves_seen;
  });
  const ObjectId w = game->add_card(cards.watcher, PlayerId(0), ZoneRef::library(PlayerId(0)));
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const ObjectId spell = game->add_card(cards.pump, PlayerId(0), ZoneRef::graveyard(PlayerId(0)));
  pump_with(*game, cards, spell, bear);
  EXPECT_EQ(game->view(bear).power, 5);

  const auto cp = game->journal().checkpoint();
  draw(*game, PlayerId(0));  // the watcher: library to hand, where it does not trigger
  EXPECT_EQ(game->connections_of(w), 0u);
  EXPECT_EQ(moves_seen, 1u);
  move_to_zone(*game, bear, ZoneRef::hand(PlayerId(0)), Cause::bounce);  // no ability at all
  move_to_zone(*game, bear, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_EQ(moves_seen, 3u);
  EXPECT_EQ(game->view(bear).power, 2) << "a new object: the Giant Growth named the old one";

  move_to_zone(*game, w, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_EQ(game->connections_of(w), 1u);
  move_to_zone(*game, w, ZoneRef::exile(PlayerId(0)), Cause::exile);
  EXPECT_EQ(game->connections_of(w), 0u);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 0u);

  game->journal().rollback(cp);
  EXPECT_EQ(moves_seen, 10u);  // five moves, each applied and undone
  EXPECT_EQ(game->connections_of(w), 0u);
  EXPECT_EQ(game->view(bear).power, 5);
  move_to_zone(*game, w, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  const auto in_play = game->journal().checkpoint();
  move_to_zone(*game, w, ZoneRef::graveyard(PlayerId(0)), Cause::destroy);
  game->journal().rollback(in_play);  // back on the battlefield
  EXPECT_EQ(game->connections_of(w), 1u);
  deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 1);
  EXPECT_EQ(game->state().pending_triggers.size(), 1u);
}

// add_cards makes what add_card makes one card at a time: the same objects, edits and
// connections, each creation told to the bus's edit slots at the same point (the object made, the
// next not yet), and undone alike. In a library, where these cards connect nothing, and on the
// battlefield, where the watcher connects and the anthem is an effect source.
TEST(Connections, AddCardsMakesWhatAddCardMakesOneByOne) {
  Cards cards;
  const std::vector<CardId> deck = {cards.bear, cards.watcher, cards.anthem, cards.bear,
                                    cards.watcher};
  for (const ZoneRef zone : {ZoneRef::library(PlayerId(1)), ZoneRef::battlefield(PlayerId(1))}) {
    auto one = make_game(cards);
    auto batch = make_game(cards);
    using Told = std::vector<std::pair<std::uint32_t, std::size_t>>;  // subject, objects then
    Told told_one, told_batch;
    const auto tell = [](Told& told) {
      return [&told](const Game& g, const Edit& e, bool) {
        told.emplace_back(e.subject, g.state().objects.size());
      };
    };
    const ScopedConnection watch_one = one->bus().on_edit(tell(told_one));
    const ScopedConnection watch_batch = batch->bus().on_edit(tell(told_batch));
    const auto before_one = one->journal().checkpoint();
    const auto before_batch = batch->journal().checkpoint();

    std::vector<ObjectId> made;
    for (CardId card : deck) made.push_back(one->add_card(card, PlayerId(1), zone));
    const ObjectId first = batch->add_cards(deck, PlayerId(1), zone);

    EXPECT_EQ(first, made.front());
    EXPECT_TRUE(batch->state() == one->state());
    ASSERT_EQ(batch->journal().size(), one->journal().size());
    for (std::size_t i = 0; i < one->journal().size(); ++i) {
      const Edit& a = one->journal().edits()[i];
      const Edit& b = batch->journal().edits()[i];
      EXPECT_EQ(std::tie(a.kind, a.field, a.subject, a.key, a.before, a.after),
                std::tie(b.kind, b.field, b.subject, b.key, b.before, b.after));
    }
    EXPECT_EQ(told_batch, told_one);
    for (ObjectId id : made) EXPECT_EQ(batch->connections_of(id), one->connections_of(id));
    EXPECT_EQ(batch->bus().listeners<DamageEvent>(Channel::trigger),
              one->bus().listeners<DamageEvent>(Channel::trigger));
    EXPECT_EQ(batch->view(first).power, one->view(made.front()).power);

    one->journal().rollback(before_one);
    batch->journal().rollback(before_batch);
    EXPECT_EQ(hash(batch->state()), hash(one->state()));
    EXPECT_EQ(batch->bus().listeners<DamageEvent>(Channel::trigger), 0u);
  }
}

// Every card and the owner are checked before anything is made.
// reserve_objects makes room and nothing else: the state, its hash and the journal are as they
// were, and the objects made after it, up to the room made, move no object already there.
TEST(Connections, ReserveObjectsMakesRoomAndChangesNothingElse) {
  Cards cards;
  auto game = make_game(cards, 3);
  const GameState state = game->state();
  const std::uint64_t version = game->journal().version();
  game->reserve_objects(130);
  EXPECT_EQ(game->state(), state);
  EXPECT_EQ(hash(game->state()), hash(state));
  EXPECT_EQ(game->journal().version(), version);
  EXPECT_EQ(game->journal().size(), 0u);
  const GameObject* first = &game->state().objects.front();
  const std::vector<CardId> deck(65, cards.bear);
  game->add_cards(deck, PlayerId(0), ZoneRef::library(PlayerId(0)));
  game->add_cards(deck, PlayerId(1), ZoneRef::library(PlayerId(1)));
  EXPECT_EQ(&game->state().objects.front(), first) << "the list grew again";
  EXPECT_EQ(game->state().objects.size(), 136u);
}

TEST(Connections, AddCardsRecordsNothingWhenACardOrTheOwnerIsWrong) {
  Cards cards;
  auto game = make_game(cards);
  const std::size_t objects = game->state().objects.size();
  const std::vector<CardId> bad_card = {cards.bear, CardId(9999)};
  EXPECT_ANY_THROW(game->add_cards(bad_card, PlayerId(0), ZoneRef::library(PlayerId(0))));
  const std::vector<CardId> fine = {cards.bear};
  EXPECT_ANY_THROW(game->add_cards(fine, PlayerId(7), ZoneRef::library(PlayerId(0))));
  EXPECT_EQ(game->state().objects.size(), objects);
  EXPECT_EQ(game->journal().size(), 0u);
  // The journal's listener is back: a creation after the failures connects as usual.
  const ObjectId w = game->add_cards(std::vector<CardId>{cards.watcher}, PlayerId(0),
                                     ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->connections_of(w), 1u);
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

// A Game's journal tells it the structure alone while no slot of its bus watches edits
// (Journal::ListenTo): an edit slot connected at any time — mid-game, on a copy, on a refilled
// copy — sees every edit from then on, taps and life included, applied and undone.
TEST(Connections, AnEditSlotConnectedAtAnyTimeSeesEveryEditFromThen) {
  Cards cards;
  auto game = make_game(cards);
  EXPECT_EQ(game->journal().listening_to(), Journal::ListenTo::structure);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  tap(*game, bear);  // seen by no one
  std::vector<std::pair<EditKind, bool>> seen;
  const auto watch = [&seen](const Game&, const Edit& e, bool undone) {
    seen.emplace_back(e.kind, undone);
  };
  {
    const ScopedConnection slot = game->bus().on_edit(watch);
    EXPECT_EQ(game->journal().listening_to(), Journal::ListenTo::every_edit);
    const auto cp = game->journal().checkpoint();
    untap(*game, bear);
    lose_life(*game, PlayerId(1), 2);
    game->journal().rollback(cp);
    const std::vector<std::pair<EditKind, bool>> all{{EditKind::object_field, false},
                                                     {EditKind::player_field, false},
                                                     {EditKind::player_field, true},
                                                     {EditKind::object_field, true}};
    EXPECT_EQ(seen, all);
  }
  // A copy listens to the structure alone until a slot of its own bus watches edits.
  auto copy = game->fork();
  EXPECT_EQ(copy->journal().listening_to(), Journal::ListenTo::structure);
  seen.clear();
  const ScopedConnection on_copy = copy->bus().on_edit(watch);
  untap(*copy, bear);
  EXPECT_EQ(seen.size(), 1u);
  // A refilled copy too (Game::determinize_into builds its journal and bus again).
  auto lab = DecisionView(*game, PlayerId(0)).determinize(1);
  DecisionView(*game, PlayerId(0)).determinize_into(*lab, 2);
  EXPECT_EQ(lab->journal().listening_to(), Journal::ListenTo::structure);
  seen.clear();
  const ScopedConnection on_lab = lab->bus().on_edit(watch);
  lose_life(*lab, PlayerId(0), 1);
  EXPECT_EQ(seen.size(), 1u);
}

}  // namespace
}  // namespace anvil::testing
