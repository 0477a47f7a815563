// move_simultaneously: one zone-change event for many objects (state-based actions, wraths).
#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

// "Whenever a creature leaves the battlefield": counts zone changes out of play and records,
// for each, how many creatures were still on the battlefield when the trigger slot ran.
TEST(BatchMove, AppliesEveryMoveBeforeAnyTriggerAndSkipsReplacedOnes) {
  Cards cards;
  auto game = make_game(cards, 0);
  const PlayerId p0{0};
  const ObjectId a = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  const ObjectId b = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  const ObjectId c = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  std::vector<std::size_t> seen_in_play;
  Connection trig = game->bus().on_trigger<ZoneChangeEvent>([&](Game& g, const ZoneChangeEvent&) {
    seen_in_play.push_back(g.state().zone(ZoneRef::battlefield(PlayerId{0})).objects.size());
  });
  // A shield on `b`: its move is replaced away.
  Connection shield = game->bus().on_replacement<ZoneChangeEvent>(
      [b](const Game&, const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
        if (e.object != b) return std::nullopt;
        return Replacement<ZoneChangeEvent>{"shield", b,
                                            [](Game&, ZoneChangeEvent& z) { z.cancelled = true; }};
      });
  const auto cp = game->journal().checkpoint();
  const auto before = hash(game->state());
  const std::vector<ZoneMove> moves{{a, ZoneRef::graveyard(p0), Cause::destroy, {}},
                                    {b, ZoneRef::graveyard(p0), Cause::destroy, {}},
                                    {c, ZoneRef::graveyard(p0), Cause::destroy, {}},
                                    {a, ZoneRef::exile(p0), Cause::exile, {}}};
  const std::vector<bool> moved = move_simultaneously(*game, moves);
  EXPECT_EQ(moved, (std::vector<bool>{true, false, true, false}));
  EXPECT_EQ(game->object(a).zone, ZoneRef::graveyard(p0));
  EXPECT_EQ(game->object(b).zone, ZoneRef::battlefield(p0));
  EXPECT_EQ(game->object(c).zone, ZoneRef::graveyard(p0));
  EXPECT_EQ(seen_in_play, (std::vector<std::size_t>{1, 1}));  // both moves applied before triggers
  game->journal().rollback(cp);
  EXPECT_EQ(hash(game->state()), before);
  trig.disconnect();
  shield.disconnect();
}

// RulesHooks::before_moves sees a batch once, after replacement and before any move, and
// Game::last_known returns what the rules module answers.
class Recorder final : public RulesHooks {
 public:
  std::vector<std::vector<ObjectId>> batches;
  std::vector<std::size_t> in_play_then;
  void before_moves(Game& game, std::span<const ZoneChangeEvent> moves) override {
    std::vector<ObjectId> ids;
    for (const ZoneChangeEvent& e : moves) ids.push_back(e.object);
    batches.push_back(std::move(ids));
    in_play_then.push_back(game.state().zone(ZoneRef::battlefield(PlayerId{0})).objects.size());
  }
  std::optional<LastKnown> last_known(const Game& game, ObjectId id) const override {
    if (game.object(id).zone.kind == ZoneKind::battlefield) return std::nullopt;
    LastKnown lk{game.view(id), PlayerId{0}};
    lk.characteristics.power = 99;
    return lk;
  }
};

TEST(BatchMove, TheRulesModuleSeesEachBatchBeforeAnyMove) {
  Cards cards;
  auto game = make_game(cards, 0);
  auto recorder = std::make_shared<Recorder>();
  game->set_rules(recorder);
  const PlayerId p0{0};
  const ObjectId a = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  const ObjectId b = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  const ObjectId c = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  Connection shield = game->bus().on_replacement<ZoneChangeEvent>(
      [b](const Game&, const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
        if (e.object != b) return std::nullopt;
        return Replacement<ZoneChangeEvent>{"shield", b,
                                            [](Game&, ZoneChangeEvent& z) { z.cancelled = true; }};
      });
  EXPECT_FALSE(game->last_known(a));
  const std::vector<ZoneMove> moves{{a, ZoneRef::graveyard(p0), Cause::destroy, {}},
                                    {b, ZoneRef::graveyard(p0), Cause::destroy, {}}};
  move_simultaneously(*game, moves);
  move_to_zone(*game, c, ZoneRef::hand(p0), Cause::bounce);
  // The replaced move is not announced; the batch is one call, made with both still in play.
  EXPECT_EQ(recorder->batches, (std::vector<std::vector<ObjectId>>{{a}, {c}}));
  EXPECT_EQ(recorder->in_play_then, (std::vector<std::size_t>{3, 2}));
  ASSERT_TRUE(game->last_known(a));
  EXPECT_EQ(game->last_known(a)->characteristics.power, 99);
  EXPECT_FALSE(game->last_known(b));  // still on the battlefield
  shield.disconnect();
}

// A batch is passed to before_moves and to the triggers as it is when every move happens, and
// filtered, in its order, when one does not: whichever place the move that does not happen has.
TEST(BatchMove, TheRulesModuleAndTriggersSeeTheMovesThatHappenInTheBatchsOrder) {
  Cards cards;
  auto game = make_game(cards, 0);
  auto recorder = std::make_shared<Recorder>();
  game->set_rules(recorder);
  const PlayerId p0{0};
  std::vector<ObjectId> ids;
  for (int i = 0; i < 5; ++i)
    ids.push_back(game->add_card(cards.bear, p0, ZoneRef::battlefield(p0)));
  const ObjectId shielded = ids[0];
  Connection shield = game->bus().on_replacement<ZoneChangeEvent>(
      [shielded](const Game&,
                 const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
        if (e.object != shielded) return std::nullopt;
        return Replacement<ZoneChangeEvent>{"shield", shielded,
                                            [](Game&, ZoneChangeEvent& z) { z.cancelled = true; }};
      });
  std::vector<ObjectId> triggered;
  Connection trig = game->bus().on_trigger<ZoneChangeEvent>(
      [&](Game&, const ZoneChangeEvent& e) { triggered.push_back(e.object); });
  const std::vector<ZoneMove> first_replaced{{ids[0], ZoneRef::graveyard(p0), Cause::destroy, {}},
                                             {ids[1], ZoneRef::graveyard(p0), Cause::destroy, {}},
                                             {ids[2], ZoneRef::graveyard(p0), Cause::destroy, {}}};
  EXPECT_EQ(move_simultaneously(*game, first_replaced), (std::vector<bool>{false, true, true}));
  const std::vector<ZoneMove> all_happen{{ids[4], ZoneRef::graveyard(p0), Cause::destroy, {}},
                                         {ids[3], ZoneRef::exile(p0), Cause::exile, {}}};
  EXPECT_EQ(move_simultaneously(*game, all_happen), (std::vector<bool>{true, true}));
  EXPECT_EQ(recorder->batches,
            (std::vector<std::vector<ObjectId>>{{ids[1], ids[2]}, {ids[4], ids[3]}}));
  EXPECT_EQ(triggered, (std::vector<ObjectId>{ids[1], ids[2], ids[4], ids[3]}));
  EXPECT_EQ(game->object(ids[3]).zone, ZoneRef::exile(p0));
  trig.disconnect();
  shield.disconnect();
}

}  // namespace
}  // namespace anvil::testing
