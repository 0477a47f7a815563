// Leaves-the-battlefield abilities look back in time (603.10a, Game::look_back): a "dies"
// trigger written with the default zones() — the battlefield — sees its own object's death,
// although the move disconnects it before the move's trigger signal is emitted.
#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

// "When CARDNAME dies, …" (`any`: "Whenever a creature dies, …"), as a plugin author writes it
// first: the default zones(), one ZoneChangeEvent slot.
class DiesWatcher final : public Ability {
 public:
  explicit DiesWatcher(bool any = false, ZoneMask zones = zone_bit(ZoneKind::battlefield))
      : any_(any), zones_(zones) {}
  ZoneMask zones() const override { return zones_; }
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const bool any = any_;
    out.push_back(game.bus().on_trigger<ZoneChangeEvent>([self, any](Game& g,
                                                                     const ZoneChangeEvent& e) {
      if (!any && e.object != self) return;
      if (e.from.kind != ZoneKind::battlefield || e.to.kind != ZoneKind::graveyard) return;
      const GameObject& me = g.object(self);
      g.fire_trigger(PendingTrigger{me.ref(), me.card, 0, me.controller, record_of(g.state(), e)});
    }));
  }
  std::string describe() const override {
    return any_ ? "Whenever a creature dies, …" : "When CARDNAME dies, …";
  }

 private:
  bool any_;
  ZoneMask zones_;
};

struct LookBack : ::testing::Test {
  Cards cards;
  CardId dies = cards.add("Deathcurse Rat", true, 1, 1,
                          {{AbilityKind::triggered, std::make_shared<DiesWatcher>()}});
  CardId any_dies = cards.add("Blood Watcher", true, 0, 1,
                              {{AbilityKind::triggered, std::make_shared<DiesWatcher>(true)}});
  // Connected in the graveyard as well (rules-classic's dies triggers do so): it sees the move
  // there, and must not see it twice.
  CardId two_zone =
      cards.add("Two-Zone Rat", true, 1, 1,
                {{AbilityKind::triggered,
                  std::make_shared<DiesWatcher>(
                      false, zone_bit(ZoneKind::battlefield) | zone_bit(ZoneKind::graveyard))}});
  std::unique_ptr<Game> game = make_game(cards);
  PlayerId p0{0};
  const std::vector<PendingTrigger>& pending() const { return game->state().pending_triggers; }
};

TEST_F(LookBack, ADiesTriggerWithTheDefaultZonesSeesItsOwnDeath) {
  const ObjectId rat = game->add_card(dies, p0, ZoneRef::battlefield(p0));
  ASSERT_TRUE(destroy(*game, rat));
  ASSERT_EQ(pending().size(), 1u);
  EXPECT_EQ(pending()[0].source, game->object(rat).ref()) << "the card as it is now, in the yard";
  EXPECT_EQ(pending()[0].controller, p0);
  EXPECT_EQ(pending()[0].event.kind, "zone_change"_sym);
  EXPECT_EQ(game->connections_of(rat), 0u) << "nothing stays connected in the graveyard";
  EXPECT_EQ(game->bus().listeners<ZoneChangeEvent>(Channel::trigger), 0u);
}

TEST_F(LookBack, EveryDeathOfOneEventIsSeenByTheCreaturesDyingInIt) {
  const ObjectId watcher = game->add_card(any_dies, p0, ZoneRef::battlefield(p0));
  const ObjectId bear = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  const std::vector<ZoneMove> wrath{{watcher, ZoneRef::graveyard(p0), Cause::destroy, {}},
                                    {bear, ZoneRef::graveyard(p0), Cause::destroy, {}}};
  EXPECT_EQ(move_simultaneously(*game, wrath), (std::vector<bool>{true, true}));
  ASSERT_EQ(pending().size(), 2u) << "its own death and the bear's";
  EXPECT_EQ(pending()[0].event.subject, Target::of(game->object(watcher).ref()));
  EXPECT_EQ(pending()[1].event.subject, Target::of(game->object(bear).ref()));
}

TEST_F(LookBack, TheDeadSeeNothingAfterTheirOwnEvent) {
  const ObjectId watcher = game->add_card(any_dies, p0, ZoneRef::battlefield(p0));
  const ObjectId bear = game->add_card(cards.bear, p0, ZoneRef::battlefield(p0));
  ASSERT_TRUE(destroy(*game, watcher));
  ASSERT_EQ(pending().size(), 1u);
  ASSERT_TRUE(destroy(*game, bear));
  EXPECT_EQ(pending().size(), 1u) << "a creature in the graveyard does not see a later death";
}

TEST_F(LookBack, AnAbilityAlsoConnectedWhereTheObjectWentTriggersOnce) {
  const ObjectId rat = game->add_card(two_zone, p0, ZoneRef::battlefield(p0));
  ASSERT_TRUE(destroy(*game, rat));
  EXPECT_EQ(pending().size(), 1u);
  EXPECT_EQ(game->connections_of(rat), 1u);
}

TEST_F(LookBack, AMoveThatIsRolledBackLeavesNoTrigger) {
  const ObjectId rat = game->add_card(dies, p0, ZoneRef::battlefield(p0));
  const std::uint64_t before = hash(game->state());
  const auto cp = game->journal().checkpoint();
  ASSERT_TRUE(destroy(*game, rat));
  game->journal().rollback(cp);
  EXPECT_TRUE(pending().empty());
  EXPECT_EQ(hash(game->state()), before);
  EXPECT_EQ(game->connections_of(rat), 1u) << "connected again on the battlefield";
}

}  // namespace
}  // namespace anvil::testing
