#include "anvil/journal.hpp"

#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

// Applies one random edit of any kind the journal records.
void random_edit(Game& game, const Cards& cards, SplitMix64& rng) {
  Journal& j = game.journal();
  const GameState& s = game.state();
  const PlayerId p(static_cast<std::uint8_t>(rng.below(2)));
  const ObjectId o(static_cast<std::uint32_t>(rng.below(s.objects.size())));
  const Symbol keys[] = {"+1/+1"_sym, "poison"_sym, "frozen"_sym};
  const Symbol key = keys[rng.below(3)];
  const auto value = static_cast<std::int64_t>(rng.below(4));
  switch (rng.below(22)) {
    case 0: j.set_life(p, static_cast<std::int32_t>(rng.below(40))); break;
    case 1: j.set_counter(o, key, value); break;
    case 2: j.set_attr(o, key, value); break;
    case 3: j.set_counter(p, key, value); break;
    case 4: j.set_attr(p, key, value); break;
    case 5: j.set_tapped(o, rng.below(2) == 1); break;
    case 6: j.set_damage(o, static_cast<std::int32_t>(value)); break;
    case 7: {
      const ZoneKind kinds[] = {ZoneKind::library, ZoneKind::hand, ZoneKind::battlefield, ZoneKind::graveyard,
                                ZoneKind::exile, ZoneKind::none};
      const ZoneKind k = kinds[rng.below(6)];
      const ZoneRef to = k == ZoneKind::none ? ZoneRef::nowhere() : ZoneRef{k, p};
      j.move_object(o, to, rng.below(3) == 0 ? 0 : Journal::npos);
      break;
    }
    case 8: j.create_object(rng.below(2) ? cards.bear : cards.watcher, p, ZoneRef::battlefield(p), rng.below(2) == 1); break;
    case 9: j.shuffle_zone(ZoneRef::library(p)); break;
    case 10: j.push_trigger(PendingTrigger{s.objects[o.value].ref(), cards.watcher, 0, p, {}}); break;
    case 11:
      if (!s.pending_triggers.empty()) j.take_trigger(rng.below(s.pending_triggers.size()));
      break;
    case 12: {
      StackItem item;
      item.source = s.objects[o.value].ref();
      item.controller = p;
      item.targets = {Target::of(p)};
      j.push_stack(std::move(item));
      break;
    }
    case 13:
      if (!s.stack.empty()) j.take_stack(rng.below(s.stack.size()));
      break;
    case 14: j.add_effect(FloatingEffect{0, s.objects[o.value].ref(), cards.pump, 0, p, Target::of(s.objects[o.value].ref()), 0, Duration::end_of_turn, 3, 3}); break;
    case 15:
      if (!s.effects.empty()) j.remove_effect(rng.below(s.effects.size()));
      break;
    case 16: j.random_below(6); break;
    case 17: j.set_controller(o, p); break;
    case 18: j.set_step(static_cast<std::uint16_t>(rng.below(12))); break;
    case 19: j.set_game_attr(key, value); break;
    case 20: j.set_passes(static_cast<std::uint32_t>(value)); break;
    case 21:
      j.set_priority(p, static_cast<std::uint32_t>(value));
      break;
  }
}

TEST(Journal, RollbackRestoresStateHashAfterRandomEdits) {
  Cards cards;
  auto game = make_game(cards, 10);
  SplitMix64 rng{2024};
  for (int sequence = 0; sequence < 2000; ++sequence) {
    struct Saved {
      Journal::Checkpoint cp;
      std::uint64_t hash;
      GameState state;
    };
    std::vector<Saved> saved;
    const int edits = 1 + static_cast<int>(rng.below(30));
    for (int i = 0; i < edits; ++i) {
      if (rng.below(4) == 0) saved.push_back({game->journal().checkpoint(), hash(game->state()), game->state()});
      random_edit(*game, cards, rng);
    }
    // Roll back to random earlier checkpoints, newest-to-oldest in random strides.
    while (!saved.empty()) {
      saved.resize(saved.size() - rng.below(saved.size()));
      const Saved& target = saved.back();
      game->journal().rollback(target.cp);
      ASSERT_EQ(hash(game->state()), target.hash) << "sequence " << sequence;
      ASSERT_EQ(game->state(), target.state) << "sequence " << sequence;
      saved.pop_back();
    }
    if (rng.below(8) == 0) game->journal().clear();  // let history go now and then, as a game does
  }
}

TEST(Journal, RollbackRestoresConnectionsOfMovedObjects) {
  Cards cards;
  auto game = make_game(cards, 0);
  const ObjectId w = game->add_card(cards.watcher, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  const auto cp = game->journal().checkpoint();
  game->journal().move_object(w, ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(game->connections_of(w), 1u);
  game->journal().rollback(cp);
  EXPECT_EQ(game->connections_of(w), 0u);
  EXPECT_EQ(game->bus().listeners<DamageEvent>(Channel::trigger), 0u);
}

TEST(Journal, UnchangedValuesAreNotRecorded) {
  Cards cards;
  auto game = make_game(cards, 1);
  const std::size_t before = game->journal().size();
  game->journal().set_life(PlayerId(0), 20);
  game->journal().set_tapped(ObjectId(0), false);
  EXPECT_EQ(game->journal().size(), before);
}

TEST(Journal, CheckpointFromBeforeClearIsRefused) {
  Cards cards;
  auto game = make_game(cards, 1);
  const auto cp = game->journal().checkpoint();
  game->journal().set_life(PlayerId(0), 3);
  game->journal().clear();
  EXPECT_THROW(game->journal().rollback(cp), RulesError);
  EXPECT_EQ(game->state().players[0].life, 3);
}

TEST(Journal, RollingBackPastACheckpointInvalidatesIt) {
  Cards cards;
  auto game = make_game(cards, 1);
  const auto early = game->journal().checkpoint();
  game->journal().set_life(PlayerId(0), 3);
  const auto late = game->journal().checkpoint();
  game->journal().set_life(PlayerId(0), 4);
  game->journal().rollback(early);
  EXPECT_THROW(game->journal().rollback(late), RulesError);
}

TEST(Journal, ShuffleIsSeededAndUndoable) {
  Cards cards;
  auto a = make_game(cards, 20, 99);
  auto b = make_game(cards, 20, 99);
  const auto order = a->state().zone(ZoneRef::library(PlayerId(0))).objects;
  shuffle(*a, PlayerId(0));
  shuffle(*b, PlayerId(0));
  EXPECT_EQ(a->state().zone(ZoneRef::library(PlayerId(0))).objects,
            b->state().zone(ZoneRef::library(PlayerId(0))).objects);
  EXPECT_NE(a->state().zone(ZoneRef::library(PlayerId(0))).objects, order);
  a->journal().rollback({0, a->journal().checkpoint().epoch});
  EXPECT_EQ(a->state().zone(ZoneRef::library(PlayerId(0))).objects, order);
}

// A creation is one edit: the next timestamp advances with it and goes back when it is undone.
TEST(Journal, ACreationIsOneEditThatTakesItsTimestampBackWhenUndone) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  const std::uint32_t next = game->state().next_timestamp;
  const auto cp = j.checkpoint();
  const std::size_t edits = j.size();
  const ObjectId id = game->add_card(cards.bear, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  EXPECT_EQ(j.size(), edits + 1);
  EXPECT_EQ(game->object(id).timestamp, next);
  EXPECT_EQ(game->state().next_timestamp, next + 1);
  j.rollback(cp);
  EXPECT_FALSE(game->state().exists(id));
  EXPECT_EQ(game->state().next_timestamp, next);
}

// Journal::create_objects is create_object for each card in order: the same objects, ids,
// timestamps and edits in a zone and nowhere, the same counts, and a rollback undoes them all.
TEST(Journal, CreateObjectsIsCreateObjectForEachCardInOrder) {
  Cards cards;
  auto one_by_one = make_game(cards);
  auto batch = make_game(cards);
  const CardId deck[] = {cards.bear, cards.anthem, cards.land, cards.bear};
  const auto cp = batch->journal().checkpoint();
  const std::size_t before = batch->journal().size();
  for (const ZoneRef zone : {ZoneRef::library(PlayerId(1)), ZoneRef::nowhere()}) {
    ObjectId first;
    for (std::size_t i = 0; i < std::size(deck); ++i) {
      const ObjectId id = one_by_one->journal().create_object(deck[i], PlayerId(1), zone, false);
      if (i == 0) first = id;
    }
    EXPECT_EQ(batch->journal().create_objects(deck, PlayerId(1), zone), first);
  }
  EXPECT_TRUE(batch->state() == one_by_one->state());
  ASSERT_EQ(batch->journal().size(), one_by_one->journal().size());
  EXPECT_EQ(batch->journal().size(), before + 2 * std::size(deck));
  for (std::size_t i = 0; i < batch->journal().size(); ++i) {
    const Edit& a = batch->journal().edits()[i];
    const Edit& b = one_by_one->journal().edits()[i];
    EXPECT_TRUE(a.kind == b.kind && a.subject == b.subject && a.key == b.key &&
                a.before == b.before && a.after == b.after)
        << "edit " << i;
  }
  EXPECT_EQ(batch->journal().changes(), one_by_one->journal().changes());
  EXPECT_EQ(batch->journal().version(), one_by_one->journal().version());
  const std::uint64_t start_hash = hash(make_game(cards)->state());
  batch->journal().rollback(cp);
  EXPECT_EQ(hash(batch->state()), start_hash);
  EXPECT_THROW(batch->journal().create_objects(deck, PlayerId(7), ZoneRef::nowhere()), RulesError);
  EXPECT_EQ(hash(batch->state()), start_hash) << "a wrong owner records nothing";
}

// A move finds its object wherever it is in the zone it leaves (the journal looks from the top):
// the bottom, the middle and the top card of a library each leave from their own place, and a
// rollback puts each back there.
TEST(Journal, AMoveLeavesFromWhereverTheObjectIsInItsZone) {
  Cards cards;
  auto game = make_game(cards);  // ten Grizzly Bears in each library
  Journal& j = game->journal();
  const ZoneRef library = ZoneRef::library(PlayerId(0));
  const std::vector<ObjectId> order = game->state().zone(library).objects;
  ASSERT_EQ(order.size(), 10u);
  const auto cp = j.checkpoint();
  const std::uint64_t start = hash(game->state());
  const ZoneRef hand = ZoneRef::hand(PlayerId(0));
  for (const std::size_t at : {std::size_t{0}, std::size_t{4}, std::size_t{7}}) {
    const std::size_t edits = j.size();
    j.move_object(order[at], hand);
    ASSERT_EQ(j.size(), edits + 1);
    const Edit& move = j.edits().back();
    EXPECT_EQ(static_cast<std::uint32_t>(move.before), at - (at == 0   ? 0
                                                             : at == 4 ? 1
                                                                       : 2))
        << "the position it left, counted from the bottom";
  }
  std::vector<ObjectId> left = order;
  for (const std::size_t at : {std::size_t{7}, std::size_t{4}, std::size_t{0}})
    left.erase(left.begin() + static_cast<std::ptrdiff_t>(at));
  EXPECT_EQ(game->state().zone(library).objects, left);
  EXPECT_EQ(game->state().zone(hand).objects,
            (std::vector<ObjectId>{order[0], order[4], order[7]}));
  j.rollback(cp);
  EXPECT_EQ(game->state().zone(library).objects, order);
  EXPECT_EQ(hash(game->state()), start);
}

// A move takes the object out of its place and puts it where it is asked to go (a position past
// the end is the top), within one zone or across two; a move of an object that does not exist,
// or to a zone that does not exist, throws and changes nothing.
TEST(Journal, AMoveTakesTheObjectFromItsPlaceToThePlaceAskedAndABadMoveChangesNothing) {
  Cards cards;
  auto game = make_game(cards, 5);
  Journal& j = game->journal();
  const PlayerId p(0);
  const ZoneRef library = ZoneRef::library(p), hand = ZoneRef::hand(p);
  const std::vector<ObjectId> order = game->state().zone(library).objects;
  ASSERT_EQ(order.size(), 5u);
  const auto cp = j.checkpoint();
  const std::uint64_t start = hash(game->state());

  j.move_object(order[4], library, 0);  // the top card to the bottom
  EXPECT_EQ(game->state().zone(library).objects,
            (std::vector<ObjectId>{order[4], order[0], order[1], order[2], order[3]}));
  j.move_object(order[2], hand);
  j.move_object(order[0], hand, 0);  // under the card already there
  j.move_object(order[1], hand, 1);  // between the two
  EXPECT_EQ(game->state().zone(library).objects, (std::vector<ObjectId>{order[4], order[3]}));
  EXPECT_EQ(game->state().zone(hand).objects,
            (std::vector<ObjectId>{order[0], order[1], order[2]}));
  j.move_object(order[1], library, 99);  // past the end: the top
  EXPECT_EQ(game->state().zone(library).objects,
            (std::vector<ObjectId>{order[4], order[3], order[1]}));

  const std::size_t edits = j.size();
  const std::uint64_t now = hash(game->state());
  EXPECT_THROW(j.move_object(ObjectId(9999), hand), RulesError);
  EXPECT_THROW(j.move_object(order[3], ZoneRef::hand(PlayerId(7))), RulesError);
  EXPECT_EQ(j.size(), edits);
  EXPECT_EQ(hash(game->state()), now);

  j.rollback(cp);
  EXPECT_EQ(game->state().zone(library).objects, order);
  EXPECT_TRUE(game->state().zone(hand).objects.empty());
  EXPECT_EQ(hash(game->state()), start);
}

// A move to another zone is one edit: the object's new timestamp and the game's next one are in
// it (key: before in the low 32 bits, after in the high 32), and undoing it gives both back. A
// move within one zone keeps the timestamp (key 0).
TEST(Journal, AMoveToAnotherZoneIsOneEditThatTakesItsTimestampsBackWhenUndone) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  const PlayerId p(0);
  const ObjectId bear = game->add_card(cards.bear, p, ZoneRef::hand(p));
  const ObjectId other = game->add_card(cards.bear, p, ZoneRef::hand(p));
  const std::uint32_t old_stamp = game->object(bear).timestamp;
  const std::uint32_t next = game->state().next_timestamp;
  const std::uint64_t hash_before = hash(game->state());
  const auto cp = j.checkpoint();
  const std::size_t edits = j.size();

  j.move_object(bear, ZoneRef::battlefield(p));
  ASSERT_EQ(j.size(), edits + 1);
  const Edit& move = j.edits().back();
  EXPECT_EQ(move.kind, EditKind::zone_move);
  EXPECT_EQ(move.key, (std::uint64_t{next} << 32) | old_stamp);
  EXPECT_EQ(game->object(bear).timestamp, next);
  EXPECT_EQ(game->object(bear).zone_changes, 1u);
  EXPECT_EQ(game->state().next_timestamp, next + 1);

  j.move_object(other, ZoneRef::hand(p), 0);  // to the bottom of the same hand: a reorder
  EXPECT_EQ(j.size(), edits + 2);
  EXPECT_EQ(j.edits().back().key, 0u);
  EXPECT_EQ(game->state().next_timestamp, next + 1);

  j.move_object(bear, ZoneRef::graveyard(p));  // a second new object, a second new timestamp
  EXPECT_EQ(game->object(bear).timestamp, next + 1);
  EXPECT_EQ(game->state().next_timestamp, next + 2);

  j.rollback(cp);
  EXPECT_EQ(game->object(bear).timestamp, old_stamp);
  EXPECT_EQ(game->object(bear).zone_changes, 0u);
  EXPECT_EQ(game->object(bear).zone, ZoneRef::hand(p));
  EXPECT_EQ(game->state().next_timestamp, next);
  EXPECT_EQ(hash(game->state()), hash_before);
}

// --- trimming: a game's journal keeps only what a live checkpoint can still roll back ------

TEST(JournalTrim, RollbackToAHeldCheckpointRestoresTheExactStateAfterTrims) {
  Cards cards;
  auto game = make_game(cards, 10);
  SplitMix64 rng{77};
  std::int64_t probe = 0;
  for (int sequence = 0; sequence < 600; ++sequence) {
    struct Saved {
      Journal::Hold hold;
      std::uint64_t hash;
      GameState state;
    };
    std::vector<Saved> saved;
    std::vector<Journal::Checkpoint> unheld;  // made before a trim() and not held: gone
    const int edits = 1 + static_cast<int>(rng.below(40));
    for (int i = 0; i < edits; ++i) {
      if (rng.below(5) == 0) saved.push_back({game->journal().hold(), hash(game->state()), game->state()});
      if (rng.below(6) == 0) {
        unheld.push_back(game->journal().checkpoint());
        game->journal().set_game_attr("probe"_sym, ++probe);  // surely recorded, unlike a no-op
        game->journal().trim();  // a safe point: the game driver's, between two decisions
        if (saved.empty()) {
          EXPECT_EQ(game->journal().size(), 0u);
        }
      }
      random_edit(*game, cards, rng);
    }
    for (const Journal::Checkpoint& cp : unheld) {
      if (!saved.empty() && cp.position >= saved.front().hold.checkpoint().position) continue;  // still kept
      const std::uint64_t before = hash(game->state());
      EXPECT_THROW(game->journal().rollback(cp), RulesError) << "sequence " << sequence;
      ASSERT_EQ(hash(game->state()), before) << "a refused rollback undoes nothing";
    }
    while (!saved.empty()) {
      saved.resize(saved.size() - rng.below(saved.size()));
      game->journal().rollback(saved.back().hold.checkpoint());
      ASSERT_EQ(hash(game->state()), saved.back().hash) << "sequence " << sequence;
      ASSERT_EQ(game->state(), saved.back().state) << "sequence " << sequence;
      saved.pop_back();
      if (rng.below(3) == 0) game->journal().trim();  // the released holds' edits may go now
    }
    EXPECT_EQ(game->journal().holds(), 0u);
  }
}

TEST(JournalTrim, RollbackToATrimmedCheckpointIsRefusedAndChangesNothing) {
  Cards cards;
  auto game = make_game(cards, 1);
  const auto cp = game->journal().checkpoint();
  game->journal().set_life(PlayerId(0), 3);
  EXPECT_EQ(game->journal().trim(), 1u);
  game->journal().set_life(PlayerId(0), 4);
  EXPECT_THROW(game->journal().rollback(cp), RulesError);
  EXPECT_THROW((void)game->journal().hold(cp), RulesError);
  EXPECT_EQ(game->state().players[0].life, 4);
  const auto after = game->journal().checkpoint();
  game->journal().set_life(PlayerId(0), 5);
  game->journal().rollback(after);
  EXPECT_EQ(game->state().players[0].life, 4);
}

TEST(JournalTrim, AHoldKeepsItsEditsUntilItGoes) {
  Cards cards;
  auto game = make_game(cards, 1);
  Journal& j = game->journal();
  j.set_life(PlayerId(0), 3);
  Journal::Hold held = j.hold();
  j.set_life(PlayerId(0), 4);
  j.set_life(PlayerId(1), 9);
  EXPECT_EQ(j.trim(), 1u) << "only the edit before the hold goes";
  EXPECT_EQ(j.size(), 2u);
  Journal::Hold moved = std::move(held);
  EXPECT_FALSE(held.held());
  EXPECT_EQ(j.holds(), 1u);
  EXPECT_EQ(j.trim(), 0u);
  j.rollback(moved.checkpoint());
  EXPECT_EQ(game->state().players[0].life, 3);
  EXPECT_EQ(game->state().players[1].life, 20);
  moved.release();
  EXPECT_EQ(j.holds(), 0u);
  j.set_life(PlayerId(0), 6);
  EXPECT_EQ(j.trim(), 1u);
  EXPECT_EQ(j.size(), 0u);
}

// trim_inline() is trim() with its usual case inline: it forgets the same edits and returns the
// same count with nothing held and nothing aside, with a hold (whose edits stay, so that its
// rollback works) and with a side vector's entry (a shuffle's old order), which trim() empties.
TEST(JournalTrim, TrimInlineForgetsWhatTrimForgets) {
  Cards cards;
  auto game = make_game(cards, 10);
  Journal& j = game->journal();
  j.set_life(PlayerId(0), 3);
  j.set_life(PlayerId(1), 4);
  EXPECT_EQ(j.trim_inline(), 2u);
  EXPECT_EQ(j.size(), 0u);
  j.set_life(PlayerId(0), 5);
  Journal::Hold held = j.hold();
  const std::uint64_t before = hash(game->state());
  j.shuffle_zone(ZoneRef::library(PlayerId(0)));  // its random draws, and the old order aside
  j.set_life(PlayerId(0), 6);
  EXPECT_EQ(j.trim_inline(), 1u) << "only the edit before the hold goes";
  EXPECT_EQ(j.size(), 3u);
  j.rollback(held.checkpoint());
  EXPECT_EQ(hash(game->state()), before);
  held.release();
  j.shuffle_zone(ZoneRef::library(PlayerId(1)));
  EXPECT_EQ(j.trim_inline(), 2u);
  EXPECT_EQ(j.size(), 0u);
  const auto cp = j.checkpoint();
  j.set_life(PlayerId(1), 7);
  EXPECT_EQ(j.trim_inline(), 1u) << "the old order went with its edit: the usual case again";
  EXPECT_THROW(j.rollback(cp), RulesError);
}

TEST(JournalTrim, MemoryStaysBoundedOverALongGame) {
  Cards cards;
  auto game = make_game(cards, 10);
  SplitMix64 rng{5};
  std::size_t capacity_after_warmup = 0;
  for (int turn = 0; turn < 1000; ++turn) {
    // A turn's worth of edits, and a look-ahead that rolls back, as an agent's would.
    for (int i = 0; i < 20; ++i) random_edit(*game, cards, rng);
    {
      const Journal::Hold look = game->journal().hold();
      const std::uint64_t before = hash(game->state());
      for (int i = 0; i < 10; ++i) random_edit(*game, cards, rng);
      game->journal().trim();
      game->journal().rollback(look.checkpoint());
      ASSERT_EQ(hash(game->state()), before);
    }
    game->journal().trim();
    ASSERT_EQ(game->journal().size(), 0u);
    if (turn == 100) capacity_after_warmup = game->journal().edits().capacity();
  }
  // Without trim() the journal would hold about 1000 × 20 edits.
  EXPECT_LE(game->journal().edits().capacity(), std::max<std::size_t>(capacity_after_warmup, 64) * 2);
}

// --- the decision log is shared by copies until one of them decides ------------------------

// A game whose two players answer every decision with option 1.
std::unique_ptr<Game> game_picking_option_1(const Cards& cards) {
  auto game = make_game(cards, 5);
  auto agent = std::make_shared<FixedAgent>(1);
  game->seat(PlayerId(0), agent);
  game->seat(PlayerId(1), agent);
  return game;
}

// A decision of player 0 between two options.
Choice two_options() {
  return Choice{
      ChoiceKind::option, PlayerId(0), "pick", {{"a", {}, 0}, {"b", {}, 0}}, 1, 1, {}, {}, {}, {}};
}

TEST(GameCopy, SharesTheDecisionLogUntilOneSideDecides) {
  Cards cards;
  auto game = game_picking_option_1(cards);
  const Choice c = two_options();
  (void)game->ask(c);
  auto copy = game->determinize(PlayerId(0), 3);
  EXPECT_EQ(&copy->decisions(), &game->decisions()) << "a copy does not copy the log";
  (void)copy->ask(c);
  EXPECT_EQ(copy->decisions().size(), 2u);
  EXPECT_EQ(game->decisions().size(), 1u) << "the copy's decision is its own";
  auto fork = game->fork();
  (void)game->ask(c);
  (void)game->ask(c);
  EXPECT_EQ(game->decisions().size(), 3u);
  EXPECT_EQ(fork->decisions().size(), 1u) << "the original's decisions are its own";
  EXPECT_EQ(copy->decisions().size(), 2u);
  EXPECT_EQ(game->decisions()[2].index, 2u);
}

// A copy that plays on without the game's history starts a log of its own, empty: its
// decisions are its own from the first, and the original's log is as it was.
TEST(GameCopy, ClearsItsDecisionLogWithoutTouchingTheOriginals) {
  Cards cards;
  auto game = game_picking_option_1(cards);
  const Choice c = two_options();
  (void)game->ask(c);
  (void)game->ask(c);
  auto copy = game->determinize(PlayerId(0), 3);
  copy->clear_decision_log();
  EXPECT_TRUE(copy->decisions().empty());
  EXPECT_EQ(game->decisions().size(), 2u);
  (void)copy->ask(c);
  ASSERT_EQ(copy->decisions().size(), 1u);
  EXPECT_EQ(copy->decisions()[0].index, 0u);
  EXPECT_EQ(game->decisions().size(), 2u) << "the original's log is its own";
}

// A host that keeps a finished game's log (anvil sim's replay) takes it rather than copying it:
// the game's log is then empty and goes on from index 0, and a copy that shared the log keeps
// every record of it.
TEST(GameCopy, TakingTheDecisionLogLeavesItEmptyAndACopysLogWhole) {
  Cards cards;
  auto game = game_picking_option_1(cards);
  const Choice c = two_options();
  (void)game->ask(c);
  (void)game->ask(c);
  std::vector<DecisionRecord> taken = game->take_decision_log();
  ASSERT_EQ(taken.size(), 2u);
  EXPECT_EQ(taken[1].index, 1u);
  EXPECT_EQ(taken[1].picks, std::vector<std::uint32_t>{1});
  EXPECT_TRUE(game->decisions().empty());
  (void)game->ask(c);
  ASSERT_EQ(game->decisions().size(), 1u);
  EXPECT_EQ(game->decisions()[0].index, 0u);

  auto copy = game->determinize(PlayerId(0), 3);  // shares the game's log of one record
  taken = game->take_decision_log();
  EXPECT_EQ(taken.size(), 1u);
  EXPECT_TRUE(game->decisions().empty());
  EXPECT_EQ(copy->decisions().size(), 1u) << "the copy's log is whole";
  taken = copy->take_decision_log();
  EXPECT_EQ(taken.size(), 1u);
  EXPECT_TRUE(copy->decisions().empty());
}

// Game::ask_one is ask(choice).picks.at(0) with the picks moved into the log: the same record,
// the same decisions left unasked and unlogged, the same refusals, and a copy's log its own.
TEST(GameCopy, AskOneAsksLogsAndRefusesAsAskDoes) {
  Cards cards;
  auto game = game_picking_option_1(cards);
  const Choice c = two_options();
  EXPECT_EQ(game->ask_one(c), 1u);
  ASSERT_EQ(game->decisions().size(), 1u);
  const DecisionRecord& r = game->decisions()[0];
  EXPECT_EQ(r.index, 0u);
  EXPECT_EQ(r.player, PlayerId(0));
  EXPECT_EQ(r.agent, "fixed");
  EXPECT_EQ(r.kind, ChoiceKind::option);
  EXPECT_EQ(r.picks, std::vector<std::uint32_t>{1});

  Choice one = two_options();
  one.options.pop_back();
  EXPECT_EQ(game->ask_one(one), 0u) << "no real alternative";
  Choice pass_or_mana = two_options();
  pass_or_mana.options[0].mana = true;
  pass_or_mana.pass = 1;
  EXPECT_EQ(game->ask_one(pass_or_mana), 1u) << "passing, with mana abilities only";
  EXPECT_EQ(game->decisions().size(), 1u) << "neither was asked nor logged";

  auto copy = game->determinize(PlayerId(0), 3);  // shares the log
  EXPECT_EQ(copy->ask_one(c), 1u);
  EXPECT_EQ(copy->decisions().size(), 2u);
  EXPECT_EQ(copy->decisions()[1].index, 1u);
  EXPECT_EQ(game->decisions().size(), 1u) << "the copy's decision is its own";

  game->seat(PlayerId(0), std::make_shared<FixedAgent>(2));
  EXPECT_THROW(game->ask_one(c), RulesError) << "option 2 does not exist";
  EXPECT_EQ(game->decisions().size(), 1u) << "a refused answer is not logged";
}

// Quiet edits (journal.hpp): changes() counts every applied and undone edit but the game
// fields and game attrs a rules module declared quiet.
TEST(Journal, QuietFieldsAndAttrsLeaveChangesAsTheyWere) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  j.add_quiet(EditKind::game_field, static_cast<std::uint64_t>(GameField::priority_player));
  j.add_quiet(EditKind::game_attr, "passes"_sym.raw());
  EXPECT_THROW(j.add_quiet(EditKind::game_field, 40), RulesError);
  EXPECT_THROW(j.add_quiet(EditKind::player_attr, "passes"_sym.raw()), RulesError);
  const std::uint64_t before = j.changes();
  const auto cp = j.checkpoint();
  j.set_priority_player(PlayerId(1));
  j.set_game_attr("passes"_sym, 1);
  EXPECT_EQ(j.changes(), before);
  j.rollback(cp);  // undoing quiet edits is quiet too
  EXPECT_EQ(j.changes(), before);
  j.set_step(3);  // not declared: the field next to it counts
  EXPECT_EQ(j.changes(), before + 1);
  j.set_game_attr("rounds"_sym, 1);
  EXPECT_EQ(j.changes(), before + 2);
  j.set_attr(PlayerId(0), "passes"_sym, 1);  // a player's attr of the same name is not quiet
  EXPECT_EQ(j.changes(), before + 3);
  auto fork = game->fork();  // a copy gets the same quiet edits
  const std::uint64_t in_fork = fork->journal().changes();
  fork->journal().set_priority_player(PlayerId(0));
  EXPECT_EQ(fork->journal().changes(), in_fork);
  fork->journal().set_game_attr("passes"_sym, 2);
  EXPECT_EQ(fork->journal().changes(), in_fork);
  fork->journal().set_active_player(PlayerId(1));
  EXPECT_EQ(fork->journal().changes(), in_fork + 1);
  EXPECT_EQ(fork->journal().quiet_edits(), j.quiet_edits());
  auto hidden = game->determinize(PlayerId(0), 7);  // so does a determinized one
  EXPECT_EQ(hidden->journal().quiet_edits(), j.quiet_edits());
  const std::uint64_t in_hidden = hidden->journal().changes();
  hidden->journal().set_game_attr("passes"_sym, 3);
  EXPECT_EQ(hidden->journal().changes(), in_hidden);
}

// The pass count (TurnState::passes) is a game field like the priority holder: recorded, undone
// by a rollback, quiet when declared so, and copied with the game.
TEST(Journal, ThePassCountIsAGameFieldThatRollsBackAndCanBeQuiet) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  const auto cp = j.checkpoint();
  const std::size_t edits = j.size();
  j.set_passes(1);
  EXPECT_EQ(game->state().turn.passes, 1u);
  ASSERT_EQ(j.size(), edits + 1);
  EXPECT_EQ(j.edits().back().kind, EditKind::game_field);
  EXPECT_EQ(j.edits().back().field, static_cast<std::uint8_t>(GameField::passes));
  j.set_passes(1);  // unchanged: not recorded
  EXPECT_EQ(j.size(), edits + 1);
  EXPECT_EQ(game->fork()->state().turn.passes, 1u);
  j.rollback(cp);
  EXPECT_EQ(game->state().turn.passes, 0u);
  j.add_quiet(EditKind::game_field, static_cast<std::uint64_t>(GameField::passes));
  const std::uint64_t before = j.changes();
  j.set_passes(2);
  j.set_passes(0);
  EXPECT_EQ(j.changes(), before);
}

// Journal::set_priority: a pass that hands priority on and counts itself is one edit, undone in
// one step; when only one of the two changes it is that field's own edit, as before; and the
// edit of both is quiet only when both fields are.
TEST(Journal, SetPriorityRecordsOneEditWhenTheHolderAndThePassCountBothChange) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  j.set_priority_player(PlayerId(0));
  const auto cp = j.checkpoint();
  const std::uint64_t start_hash = hash(game->state());
  const std::size_t edits = j.size();
  j.set_priority(PlayerId(1), 1);
  EXPECT_EQ(game->state().turn.priority, PlayerId(1));
  EXPECT_EQ(game->state().turn.passes, 1u);
  ASSERT_EQ(j.size(), edits + 1);
  EXPECT_EQ(j.edits().back().field, static_cast<std::uint8_t>(GameField::priority_and_passes));
  j.set_priority(PlayerId(1), 2);  // the count alone: its own edit
  ASSERT_EQ(j.size(), edits + 2);
  EXPECT_EQ(j.edits().back().field, static_cast<std::uint8_t>(GameField::passes));
  j.set_priority(PlayerId(0), 2);  // the holder alone
  ASSERT_EQ(j.size(), edits + 3);
  EXPECT_EQ(j.edits().back().field, static_cast<std::uint8_t>(GameField::priority_player));
  j.set_priority(PlayerId(0), 2);  // neither: nothing recorded
  EXPECT_EQ(j.size(), edits + 3);
  j.rollback(cp);
  EXPECT_EQ(game->state().turn.priority, PlayerId(0));
  EXPECT_EQ(game->state().turn.passes, 0u);
  EXPECT_EQ(hash(game->state()), start_hash);

  j.add_quiet(EditKind::game_field, static_cast<std::uint64_t>(GameField::priority_player));
  std::uint64_t before = j.changes();
  j.set_priority(PlayerId(1), 1);  // the pass count is not quiet yet
  EXPECT_EQ(j.changes(), before + 1);
  j.add_quiet(EditKind::game_field, static_cast<std::uint64_t>(GameField::passes));
  before = j.changes();
  j.set_priority(PlayerId(0), 2);
  j.rollback(cp);  // undoing it is quiet too
  EXPECT_EQ(j.changes(), before);
  auto fork = game->fork();  // and in a copy
  const std::uint64_t in_fork = fork->journal().changes();
  fork->journal().set_priority(PlayerId(1), 1);
  EXPECT_EQ(fork->journal().changes(), in_fork);
  EXPECT_EQ(fork->state().turn.passes, 1u);
}

// Journal::set_step_and_priority: a step's start (a new step, priority to a player, a pass
// count) is one edit, the same state as set_step then set_priority, undone in one step with all
// three fields; a step that stays is set_priority's edit alone; the edit is quiet only when all
// three fields are; and set_priority afterwards (classic's begin_step) records nothing.
TEST(Journal, SetStepAndPriorityIsOneEditThatUndoesTheStepTheHolderAndThePassCount) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  j.set_step(3);
  j.set_priority(PlayerId(1), 2);
  const auto cp = j.checkpoint();
  const std::uint64_t start_hash = hash(game->state());
  const std::size_t edits = j.size();
  j.set_step_and_priority(4, PlayerId(0), 0);
  EXPECT_EQ(game->state().turn.step, 4u);
  EXPECT_EQ(game->state().turn.priority, PlayerId(0));
  EXPECT_EQ(game->state().turn.passes, 0u);
  ASSERT_EQ(j.size(), edits + 1);
  EXPECT_EQ(j.edits().back().kind, EditKind::game_field);
  EXPECT_EQ(j.edits().back().field, static_cast<std::uint8_t>(GameField::step_and_priority));
  j.set_priority(PlayerId(0), 0);  // already so: nothing recorded
  EXPECT_EQ(j.size(), edits + 1);
  j.set_step_and_priority(4, PlayerId(1), 0);  // the same step: the holder's own edit
  ASSERT_EQ(j.size(), edits + 2);
  EXPECT_EQ(j.edits().back().field, static_cast<std::uint8_t>(GameField::priority_player));
  // A large pass count and step survive the packing.
  j.set_step_and_priority(0xabcd, PlayerId(0), 0x12345678u);
  EXPECT_EQ(game->state().turn.step, 0xabcdu);
  EXPECT_EQ(game->state().turn.passes, 0x12345678u);
  auto fork = game->fork();  // a copy has the state, not the edits
  EXPECT_EQ(hash(fork->state()), hash(game->state()));
  j.rollback(cp);
  EXPECT_EQ(game->state().turn.step, 3u);
  EXPECT_EQ(game->state().turn.priority, PlayerId(1));
  EXPECT_EQ(game->state().turn.passes, 2u);
  EXPECT_EQ(hash(game->state()), start_hash);

  // Quiet only when the step, the holder and the pass count all are.
  for (GameField f : {GameField::priority_player, GameField::passes}) {
    j.add_quiet(EditKind::game_field, static_cast<std::uint64_t>(f));
  }
  std::uint64_t before = j.changes();
  j.set_step_and_priority(5, PlayerId(0), 0);  // the step is not quiet yet
  EXPECT_EQ(j.changes(), before + 1);
  j.rollback(cp);
  j.add_quiet(EditKind::game_field, static_cast<std::uint64_t>(GameField::step));
  before = j.changes();
  j.set_step_and_priority(5, PlayerId(0), 0);
  j.rollback(cp);  // undoing it is quiet too
  EXPECT_EQ(j.changes(), before);
  auto copy = game->fork();  // and in a copy
  const std::uint64_t in_copy = copy->journal().changes();
  copy->journal().set_step_and_priority(6, PlayerId(0), 0);
  EXPECT_EQ(copy->journal().changes(), in_copy);
  EXPECT_EQ(copy->state().turn.step, 6u);
}

// The marks a rules module keeps next to the quiet edits (game.hpp): zero in a copy, and a slot
// past the last is an error, not a write past the array.
TEST(Journal, RulesMemoSlotsAreTheGamesOwnAndCheckedForRange) {
  Cards cards;
  auto game = make_game(cards);
  game->rules_memo(Game::kRulesMemoSlots - 1) = 7;
  EXPECT_EQ(game->rules_memo(Game::kRulesMemoSlots - 1), 7u);
  EXPECT_EQ(game->fork()->rules_memo(Game::kRulesMemoSlots - 1), 0u);
  EXPECT_THROW(game->rules_memo(Game::kRulesMemoSlots), RulesError);
}

// Journal::changes(EditKind): applied and undone edits of each kind, quiet ones included; a copy
// of the game counts from 0.
TEST(Journal, ChangesOfAKindCountAppliedAndUndoneEdits) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  j.add_quiet(EditKind::game_attr, "passes"_sym.raw());
  const std::uint64_t attrs = j.changes(EditKind::game_attr);
  const std::uint64_t moves = j.changes(EditKind::zone_move);
  const std::uint64_t creations = j.changes(EditKind::object_create);
  const auto cp = j.checkpoint();
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  EXPECT_EQ(j.changes(EditKind::object_create), creations + 1);
  move_to_zone(*game, bear, ZoneRef::battlefield(PlayerId(0)), Cause::put);
  EXPECT_EQ(j.changes(EditKind::zone_move), moves + 1);
  j.set_game_attr("passes"_sym, 1);  // quiet, and counted here
  EXPECT_EQ(j.changes(EditKind::game_attr), attrs + 1);
  j.set_game_attr("passes"_sym, 1);  // no edit: the value is already 1
  EXPECT_EQ(j.changes(EditKind::game_attr), attrs + 1);
  j.rollback(cp);  // undone edits count too: the state differs from the one counted before
  EXPECT_EQ(j.changes(EditKind::game_attr), attrs + 2);
  EXPECT_EQ(j.changes(EditKind::zone_move), moves + 2);
  EXPECT_EQ(j.changes(EditKind::object_create), creations + 2);
  EXPECT_EQ(game->fork()->journal().changes(EditKind::zone_move), 0u);
}

TEST(Journal, ChangesOfAnObjectFieldCountThatFieldAlone) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  const std::uint64_t taps = j.changes(ObjectField::tapped);
  const std::uint64_t damage = j.changes(ObjectField::damage);
  const auto cp = j.checkpoint();
  j.set_tapped(bear, true);
  EXPECT_EQ(j.changes(ObjectField::tapped), taps + 1);
  EXPECT_EQ(j.changes(ObjectField::damage), damage) << "a tap is no damage";
  j.set_damage(bear, 2);
  EXPECT_EQ(j.changes(ObjectField::damage), damage + 1);
  EXPECT_EQ(j.changes(ObjectField::tapped), taps + 1);
  j.rollback(cp);  // undone edits count too
  EXPECT_EQ(j.changes(ObjectField::tapped), taps + 2);
  EXPECT_EQ(j.changes(ObjectField::damage), damage + 2);
  EXPECT_EQ(game->fork()->journal().changes(ObjectField::damage), 0u);
}

// moves_from counts the zone each move leaves, moves_to the zone it enters; an undone move
// leaves the zone it had gone to and enters the one it came from.
TEST(Journal, MovesFromAndMovesToCountTheZonesEachMoveLeavesAndEntersAppliedOrUndone) {
  Cards cards;
  auto game = make_game(cards);
  Journal& j = game->journal();
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::hand(PlayerId(0)));
  const auto counts = [&j] {
    std::vector<std::uint64_t> c;
    for (ZoneKind k : {ZoneKind::hand, ZoneKind::battlefield, ZoneKind::graveyard})
      c.insert(c.end(), {j.moves_from(k), j.moves_to(k)});
    return c;
  };
  // hand from, hand to, battlefield from, battlefield to, graveyard from, graveyard to:
  const std::vector<std::uint64_t> start = counts();
  const auto after = [&start](std::vector<std::uint64_t> more) {
    for (std::size_t i = 0; i < more.size(); ++i) more[i] += start[i];
    return more;
  };
  const auto cp = j.checkpoint();
  j.move_object(bear, ZoneRef::battlefield(PlayerId(0)));
  EXPECT_EQ(counts(), after({1, 0, 0, 1, 0, 0}));
  j.move_object(bear, ZoneRef::graveyard(PlayerId(0)));
  EXPECT_EQ(counts(), after({1, 0, 1, 1, 0, 1}));
  j.rollback(cp);  // newest first: graveyard → battlefield, then battlefield → hand
  EXPECT_EQ(counts(), after({1, 1, 2, 2, 1, 1}));
  const auto copy = game->fork();
  EXPECT_EQ(copy->journal().moves_from(ZoneKind::hand), 0u);
  EXPECT_EQ(copy->journal().moves_to(ZoneKind::battlefield), 0u);
}

// A listener that listens to the structure alone (Journal::ListenTo::structure) is told of
// creations, moves, card and controller changes and floating effects coming or going, applied
// and undone, and of nothing else; by default it is told of every edit.
TEST(Journal, AListenerOfTheStructureIsToldOfTheStructureAloneAppliedAndUndone) {
  struct Told final : JournalListener {
    std::vector<std::pair<EditKind, bool>> edits;
    void on_edit(const Edit& e, bool undone) override { edits.emplace_back(e.kind, undone); }
  };
  Cards cards;
  GameState state(2, 1);
  Journal j(state);
  Told told;
  j.set_listener(&told);
  EXPECT_EQ(j.listening_to(), Journal::ListenTo::every_edit);
  const ObjectId bear = j.create_object(cards.bear, PlayerId(0), ZoneRef::hand(PlayerId(0)), false);
  j.set_life(PlayerId(0), 20);
  EXPECT_EQ(told.edits.size(), 2u) << "every edit, by default";

  told.edits.clear();
  j.listen_to(Journal::ListenTo::structure);
  const auto cp = j.checkpoint();
  j.set_life(PlayerId(0), 19);
  j.set_tapped(bear, true);
  j.set_damage(bear, 1);
  j.set_attr(bear, "frozen"_sym, 1);
  j.set_game_attr("rounds"_sym, 2);
  j.set_priority(PlayerId(1), 1);
  j.set_step_and_priority(3, PlayerId(0), 0);
  j.random_below(6);
  EXPECT_TRUE(told.edits.empty()) << "no structure yet";
  j.move_object(bear, ZoneRef::battlefield(PlayerId(0)));
  j.set_controller(bear, PlayerId(1));
  j.set_card(bear, cards.watcher);
  j.add_effect(FloatingEffect{0, state.objects[bear.value].ref(), cards.pump, 0, PlayerId(0),
                              Target::of(state.objects[bear.value].ref()), 0, Duration::end_of_turn,
                              3, 3});
  j.remove_effect(0);
  j.create_object(cards.bear, PlayerId(1), ZoneRef::library(PlayerId(1)), false);
  const std::vector<std::pair<EditKind, bool>> applied{
      {EditKind::zone_move, false},     {EditKind::object_field, false},
      {EditKind::object_card, false},   {EditKind::effect_add, false},
      {EditKind::effect_remove, false}, {EditKind::object_create, false}};
  EXPECT_EQ(told.edits, applied);
  for (const auto& [kind, undone] : applied)
    EXPECT_TRUE(Journal::is_structure(Edit{kind, 0})) << static_cast<int>(kind);
  EXPECT_FALSE(Journal::is_structure(
      Edit{EditKind::object_field, static_cast<std::uint8_t>(ObjectField::tapped)}));
  EXPECT_FALSE(Journal::is_structure(Edit{EditKind::object_attr, 0}));

  told.edits.clear();
  j.rollback(cp);  // newest first; the other edits are undone untold
  const std::vector<std::pair<EditKind, bool>> undone{
      {EditKind::object_create, true}, {EditKind::effect_remove, true},
      {EditKind::effect_add, true},    {EditKind::object_card, true},
      {EditKind::object_field, true},  {EditKind::zone_move, true}};
  EXPECT_EQ(told.edits, undone);
  EXPECT_EQ(state.players[0].life, 20);

  told.edits.clear();
  j.listen_to(Journal::ListenTo::every_edit);
  j.set_tapped(bear, true);
  EXPECT_EQ(told.edits.size(), 1u);
}

}  // namespace
}  // namespace anvil::testing
