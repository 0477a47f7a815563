// The replacement loop of rule 616, through the kernel's actions.
#include <gtest/gtest.h>

#include "fixtures.hpp"

namespace anvil::testing {
namespace {

// A shield on player `p` that prevents the next `n` damage, then is used up. Its remaining
// amount lives in the game state, as any per-game value must.
Connection prevention_shield(Game& game, PlayerId p, Symbol name, int n) {
  game.journal().set_attr(p, name, n);
  return game.bus().on_replacement<DamageEvent>(
      [p, name](const Game& g, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
        if (!e.target.is_player() || e.target.player != p) return std::nullopt;
        if (g.state().player(p).attrs.get(name) <= 0) return std::nullopt;
        return Replacement<DamageEvent>{"prevent damage", {}, [p, name](Game& g2, DamageEvent& d) {
          const auto left = g2.state().player(p).attrs.get(name);
          const auto prevented = std::min<std::int64_t>(left, d.amount);
          d.amount -= static_cast<std::int32_t>(prevented);
          g2.journal().set_attr(p, name, left - prevented);
          if (d.amount == 0) d.cancelled = true;
        }};
      });
}

// "If damage would be dealt to p, half that damage (rounded down) is dealt instead."
Connection halver(Game& game, PlayerId p) {
  return game.bus().on_replacement<DamageEvent>(
      [p](const Game&, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
        if (!e.target.is_player() || e.target.player != p) return std::nullopt;
        return Replacement<DamageEvent>{"halve damage", {}, [](Game&, DamageEvent& d) { d.amount /= 2; }};
      });
}

TEST(Replacement, TwoShieldsAskTheAffectedPlayerAndBothOrdersGiveTheRightRemainder) {
  Cards cards;
  for (std::uint32_t first : {0u, 1u}) {
    auto game = make_game(cards);
    auto agent = std::make_shared<FixedAgent>(first);
    game->seat(PlayerId(1), agent);
    prevention_shield(*game, PlayerId(1), "shield"_sym, 3);
    halver(*game, PlayerId(1));
    const int dealt = deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 10);
    // prevent 3 then halve: (10-3)/2 = 3; halve then prevent 3: 10/2-3 = 2.
    EXPECT_EQ(dealt, first == 0 ? 3 : 2);
    EXPECT_EQ(game->state().players[1].life, 20 - dealt);
    EXPECT_EQ(agent->asked, 1) << "asked once; afterwards a single effect applies without a choice";
    ASSERT_EQ(game->decisions().size(), 1u);
    EXPECT_EQ(game->decisions()[0].player, PlayerId(1)) << "the affected player chooses";
    EXPECT_EQ(game->decisions()[0].kind, ChoiceKind::replacement);
  }
}

TEST(Replacement, EachShieldAppliesOnceToOneEvent) {
  Cards cards;
  auto game = make_game(cards);
  game->seat(PlayerId(1), std::make_shared<FixedAgent>(0));
  prevention_shield(*game, PlayerId(1), "a"_sym, 2);
  prevention_shield(*game, PlayerId(1), "b"_sym, 3);
  EXPECT_EQ(deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 10), 5);
  EXPECT_EQ(game->state().players[1].life, 15);
  // Both are used up; the next damage goes through.
  EXPECT_EQ(deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 1), 1);
}

TEST(Replacement, GainTwiceThatTwiceGivesFourTimesNotALoop) {
  Cards cards;
  auto game = make_game(cards);
  game->seat(PlayerId(0), std::make_shared<FixedAgent>(0));
  auto doubler = [](const Game&, const LifeChangeEvent& e) -> std::optional<Replacement<LifeChangeEvent>> {
    if (e.delta <= 0) return std::nullopt;
    return Replacement<LifeChangeEvent>{"gain twice that", {}, [](Game&, LifeChangeEvent& l) { l.delta *= 2; }};
  };
  game->bus().on_replacement<LifeChangeEvent>(doubler);
  game->bus().on_replacement<LifeChangeEvent>(doubler);
  EXPECT_EQ(gain_life(*game, PlayerId(0), 3), 12);
  EXPECT_EQ(game->state().players[0].life, 32);
}

TEST(Replacement, ApplicableSetIsRecomputedAfterEachApplication) {
  Cards cards;
  auto game = make_game(cards);
  // "+1 if damage is at least 5" only applies after the doubling.
  game->bus().on_replacement<DamageEvent>([](const Game&, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
    if (e.amount < 5) return std::nullopt;
    return Replacement<DamageEvent>{"plus one", {}, [](Game&, DamageEvent& d) { d.amount += 1; }};
  });
  game->bus().on_replacement<DamageEvent>([](const Game&, const DamageEvent&) -> std::optional<Replacement<DamageEvent>> {
    return Replacement<DamageEvent>{"double", {}, [](Game&, DamageEvent& d) { d.amount *= 2; }};
  });
  EXPECT_EQ(deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 3), 7);
}

TEST(Replacement, CancelledEventChangesNothingAndFiresNothing) {
  Cards cards;
  auto game = make_game(cards);
  game->add_card(cards.watcher, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  int observed = 0;
  game->bus().on_observe<DamageEvent>([&](const Game&, const DamageEvent&) { ++observed; });
  game->bus().on_replacement<DamageEvent>([](const Game&, const DamageEvent&) -> std::optional<Replacement<DamageEvent>> {
    return Replacement<DamageEvent>{"prevent all", {}, [](Game&, DamageEvent& d) { d.cancelled = true; }};
  });
  const std::uint64_t before = hash(game->state());
  const std::size_t edits = game->journal().size();
  EXPECT_EQ(deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 5), 0);
  EXPECT_EQ(hash(game->state()), before);
  EXPECT_EQ(game->journal().size(), edits);
  EXPECT_TRUE(game->state().pending_triggers.empty());
  EXPECT_EQ(observed, 0);
}

TEST(Replacement, DestroyCanBeReplacedByRegeneration) {
  Cards cards;
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  game->journal().set_damage(bear, 2);
  game->bus().on_replacement<ZoneChangeEvent>(
      [bear](const Game&, const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
        if (e.object != bear || e.cause != Cause::destroy) return std::nullopt;
        return Replacement<ZoneChangeEvent>{"regenerate", bear, [](Game& g, ZoneChangeEvent& z) {
          z.cancelled = true;
          g.journal().set_tapped(z.object, true);
          g.journal().set_damage(z.object, 0);
        }};
      });
  EXPECT_FALSE(destroy(*game, bear));
  EXPECT_EQ(game->object(bear).zone.kind, ZoneKind::battlefield);
  EXPECT_TRUE(game->object(bear).tapped);
  EXPECT_EQ(game->object(bear).damage, 0);
  EXPECT_TRUE(sacrifice(*game, bear)) << "regeneration replaces destroy, not sacrifice";
}

}  // namespace
}  // namespace anvil::testing

namespace anvil::testing {
namespace {

TEST(Replacement, SelfReplacementIsAppliedFirstWithoutAsking) {
  Cards cards;
  auto game = make_game(cards);
  auto agent = std::make_shared<FixedAgent>(0);
  game->seat(PlayerId(1), agent);
  halver(*game, PlayerId(1));
  // "…deals 4 damage; if [condition], it deals 6 instead" — the spell's own replacement.
  game->bus().on_replacement<DamageEvent>([](const Game&, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
    if (e.amount != 4) return std::nullopt;
    Replacement<DamageEvent> r{"deal 6 instead", {}, [](Game&, DamageEvent& d) { d.amount = 6; }};
    r.category = ReplacementCategory::self;
    return r;
  });
  EXPECT_EQ(deal_damage(*game, ObjectId{}, Target::of(PlayerId(1)), 4), 3) << "6 halved, not 4 halved";
  EXPECT_EQ(agent->asked, 0);
}

// Each channel of each event type runs its own slots only, and a cancelled event none. The bus
// reads a channel's count through the edit counter's place in the same array (event_bus.cpp):
// an offset wrong by one would run another channel's slots, or skip its own. The first and the
// last event types of ANVIL_EVENT_TYPES are the ones next to the ends of that array.
TEST(EventBus, EachChannelOfEachEventTypeRunsItsOwnSlotsOnly) {
  Cards cards;
  auto game = make_game(cards);
  EventBus& bus = game->bus();
  int replaced = 0, triggered = 0, observed = 0, edits = 0;
  ScopedConnection r = bus.on_replacement<CustomEvent>(
      [&](const Game&, const CustomEvent&) -> std::optional<Replacement<CustomEvent>> {
        ++replaced;
        return std::nullopt;
      });
  ScopedConnection t =
      bus.on_trigger<ZoneChangeEvent>([&](Game&, const ZoneChangeEvent&) { ++triggered; });
  ScopedConnection o =
      bus.on_observe<CustomEvent>([&](const Game&, const CustomEvent&) { ++observed; });
  ScopedConnection e = bus.on_edit([&](const Game&, const Edit&, bool) { ++edits; });

  ZoneChangeEvent move;
  TurnStepEvent step;
  CustomEvent custom;
  EXPECT_TRUE(bus.replace(*game, move));
  EXPECT_TRUE(bus.replace(*game, step));
  EXPECT_EQ(replaced, 0) << "no replacement slot on those types";
  EXPECT_TRUE(bus.replace(*game, custom));
  EXPECT_EQ(replaced, 1);
  bus.after(*game, custom);
  EXPECT_EQ(observed, 1);
  EXPECT_EQ(triggered, 0) << "the trigger slot is the zone change's";
  bus.after(*game, move);
  EXPECT_EQ(triggered, 1);
  EXPECT_EQ(observed, 1) << "the observer slot is the custom event's";
  bus.after(*game, step);
  EXPECT_EQ(triggered + observed, 2);
  EXPECT_EQ(edits, 0) << "no edit was made";

  CustomEvent cancelled;
  cancelled.cancelled = true;
  EXPECT_FALSE(bus.replace(*game, cancelled));
  EXPECT_EQ(replaced, 1) << "a cancelled event asks no slot";

  r.disconnect();
  EXPECT_TRUE(bus.replace(*game, custom));
  EXPECT_EQ(replaced, 1) << "a disconnected slot is not run";
  game->journal().set_life(PlayerId(0), 7);
  EXPECT_EQ(edits, 1) << "the edit slot sees edits only";
  EXPECT_EQ(triggered + observed + replaced, 3);
}

}  // namespace
}  // namespace anvil::testing
