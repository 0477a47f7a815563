// What plugin code throws from any hook the kernel calls names the card, the ability and the
// plugin it belongs to, whatever it threw (a std::exception or not), and the action that ran it
// is rolled back: a trigger's slot, a replacement effect's check and its apply, a continuous
// effect's affects and apply, and a question asked through Game::as_ability.
#include <gtest/gtest.h>

#include <stdexcept>
#include <string>

#include "anvil/error.hpp"
#include "fixtures.hpp"

namespace anvil::testing {
namespace {

enum class Throw { runtime_error, integer };

[[noreturn]] void go_off(Throw what, const char* where) {
  if (what == Throw::integer) throw 42;
  throw std::runtime_error(std::string(where) + " went off");
}

// "Whenever a player is dealt damage, …", whose slot throws every time it is called.
class ThrowingWatcher final : public Ability {
 public:
  explicit ThrowingWatcher(Throw what) : what_(what) {}
  void connect(Game& game, ObjectId, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_trigger<DamageEvent>(
        [what = what_](Game&, const DamageEvent&) { go_off(what, "trigger"); }));
  }
  std::string describe() const override { return "Whenever a player is dealt damage, boom."; }

 private:
  Throw what_;
};

// "Prevent all damage", whose check or whose apply throws.
class ThrowingShield final : public Ability {
 public:
  ThrowingShield(Throw what, bool in_apply) : what_(what), in_apply_(in_apply) {}
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<DamageEvent>(
        [what = what_, in_apply = in_apply_, self](
            const Game&, const DamageEvent&) -> std::optional<Replacement<DamageEvent>> {
          if (!in_apply) go_off(what, "replacement check");
          Replacement<DamageEvent> r;
          r.description = "prevent it";
          r.source = self;
          r.apply = [what](Game&, DamageEvent&) { go_off(what, "replacement apply"); };
          return r;
        }));
  }
  std::string describe() const override { return "Prevent all damage, boom."; }

 private:
  Throw what_;
  bool in_apply_;
};

// "Creatures get +1/+1", whose affects() or apply() throws for creatures.
class ThrowingAnthem final : public Ability, public ContinuousEffect {
 public:
  ThrowingAnthem(Throw what, bool in_apply) : what_(what), in_apply_(in_apply) {}
  const ContinuousEffect* continuous() const override { return this; }
  std::string describe() const override { return "Creatures get +1/+1, boom."; }
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game&, const EffectContext&, ObjectId,
               const Characteristics& c) const override {
    if (!in_apply_ && c.has_type(kCreature)) go_off(what_, "affects");
    return c.has_type(kCreature);
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics&) const override {
    go_off(what_, "apply");
  }

 private:
  Throw what_;
  bool in_apply_;
};

struct Failure {
  ActionResult result;
  std::uint64_t hash_before = 0;
  std::uint64_t hash_after = 0;
};

// Puts a card with `ability` on player 0's battlefield, then deals 3 damage to player 1 as one
// action.
Failure deal_damage_past(std::shared_ptr<const Ability> ability, const std::string& name) {
  Cards cards;
  const CardId card = cards.add(name, false, 0, 0, {{AbilityKind::static_, std::move(ability)}});
  auto game = make_game(cards);
  game->add_card(card, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  Failure f;
  f.hash_before = hash(game->state());
  f.result = game->perform("deal 3",
                           [](Game& g) { deal_damage(g, ObjectId{}, Target::of(PlayerId(1)), 3); });
  f.hash_after = hash(game->state());
  return f;
}

void expect_named(const Failure& f, const std::string& card, const std::string& ability,
                  const std::string& problem) {
  ASSERT_FALSE(f.result.ok());
  EXPECT_EQ(f.result.plugin, "test-plugin");
  EXPECT_EQ(f.result.card, card);
  EXPECT_EQ(f.result.ability, ability);
  EXPECT_NE(f.result.message.find(problem), std::string::npos) << f.result.message;
  EXPECT_NE(f.result.message.find("deal 3"), std::string::npos) << f.result.message;
  EXPECT_EQ(f.hash_after, f.hash_before) << "the failed action is rolled back";
}

TEST(PluginErrors, ATriggerSlotThatThrowsNamesItsCardAndAbility) {
  expect_named(
      deal_damage_past(std::make_shared<ThrowingWatcher>(Throw::runtime_error), "Tripwire"),
      "Tripwire", "Whenever a player is dealt damage, boom.", "trigger went off");
}

TEST(PluginErrors, ATriggerSlotThatThrowsWhatIsNotAStdExceptionIsNamedToo) {
  expect_named(deal_damage_past(std::make_shared<ThrowingWatcher>(Throw::integer), "Tripwire"),
               "Tripwire", "Whenever a player is dealt damage, boom.",
               "an exception that is not a std::exception");
}

TEST(PluginErrors, AReplacementCheckThatThrowsNamesItsCardAndAbility) {
  expect_named(
      deal_damage_past(std::make_shared<ThrowingShield>(Throw::runtime_error, false), "Aegis"),
      "Aegis", "Prevent all damage, boom.", "replacement check went off");
  expect_named(deal_damage_past(std::make_shared<ThrowingShield>(Throw::integer, false), "Aegis"),
               "Aegis", "Prevent all damage, boom.", "not a std::exception");
}

TEST(PluginErrors, AReplacementApplyThatThrowsNamesItsCardAndAbility) {
  expect_named(
      deal_damage_past(std::make_shared<ThrowingShield>(Throw::runtime_error, true), "Aegis"),
      "Aegis", "Prevent all damage, boom.", "replacement apply went off");
  expect_named(deal_damage_past(std::make_shared<ThrowingShield>(Throw::integer, true), "Aegis"),
               "Aegis", "Prevent all damage, boom.", "not a std::exception");
}

TEST(PluginErrors, ASlotConnectedOutsideAnyAbilityThrowsAsItIs) {
  Cards cards;
  auto game = make_game(cards);
  auto c = game->bus().on_trigger<DamageEvent>(
      [](Game&, const DamageEvent&) { throw std::runtime_error("the host's own slot"); });
  const ActionResult r = game->perform(
      "deal 3", [](Game& g) { deal_damage(g, ObjectId{}, Target::of(PlayerId(1)), 3); });
  ASSERT_FALSE(r.ok());
  EXPECT_TRUE(r.plugin.empty());
  EXPECT_TRUE(r.card.empty());
  EXPECT_NE(r.message.find("the host's own slot"), std::string::npos);
}

// A continuous effect runs whenever anything is viewed; what it throws names it.
void expect_view_names_effect(bool in_apply, Throw what, const std::string& problem) {
  Cards cards;
  const CardId card =
      cards.add("Cracked Banner", false, 0, 0,
                {{AbilityKind::static_, std::make_shared<ThrowingAnthem>(what, in_apply)}});
  auto game = make_game(cards);
  const ObjectId bear = game->add_card(cards.bear, PlayerId(1), ZoneRef::battlefield(PlayerId(1)));
  game->add_card(card, PlayerId(0), ZoneRef::battlefield(PlayerId(0)));
  for (int by_scratch = 0; by_scratch < 2; ++by_scratch) {
    try {
      Characteristics scratch;
      if (by_scratch)
        (void)game->view(bear, scratch);
      else
        (void)game->view(bear);
      ADD_FAILURE() << "the view did not throw";
    } catch (const AbilityError& e) {
      EXPECT_EQ(e.plugin(), "test-plugin");
      EXPECT_EQ(e.card(), "Cracked Banner");
      EXPECT_EQ(e.ability(), "Creatures get +1/+1, boom.");
      EXPECT_NE(e.problem().find(problem), std::string::npos) << e.problem();
    }
  }
}

TEST(PluginErrors, AContinuousEffectThatThrowsNamesItsCardAndAbility) {
  expect_view_names_effect(false, Throw::runtime_error, "affects went off");
  expect_view_names_effect(false, Throw::integer, "not a std::exception");
  expect_view_names_effect(true, Throw::runtime_error, "apply went off");
  expect_view_names_effect(true, Throw::integer, "not a std::exception");
}

TEST(PluginErrors, AsAbilityNamesTheAbilityAndPassesKernelErrorsOn) {
  Cards cards;
  auto game = make_game(cards);
  EXPECT_EQ(game->as_ability(cards.thrower, 0, [] { return 7; }), 7);
  try {
    (void)game->as_ability(cards.thrower, 0, []() -> bool { throw 42; });
    ADD_FAILURE() << "did not throw";
  } catch (const AbilityError& e) {
    EXPECT_EQ(e.card(), "Buggy Bolt");
    EXPECT_EQ(e.ability(), "throws");
    EXPECT_EQ(e.problem(), "an exception that is not a std::exception");
  }
  // The kernel's own complaint and an already named failure go on unchanged.
  EXPECT_THROW((void)game->as_ability(cards.thrower, 0, []() -> bool { throw RulesError("no"); }),
               RulesError);
  try {
    (void)game->as_ability(cards.thrower, 0, []() -> bool {
      throw AbilityError("inner-plugin", "Inner Card", "inner ability", "inner problem");
    });
    ADD_FAILURE() << "did not throw";
  } catch (const AbilityError& e) {
    EXPECT_EQ(e.plugin(), "inner-plugin");
    EXPECT_EQ(e.card(), "Inner Card");
  }
}

TEST(PluginErrors, RethrowAsAbilityErrorPutsItsPrefixBeforeTheProblem) {
  try {
    try {
      throw std::runtime_error("no such count");
    } catch (...) {
      rethrow_as_ability_error("value-count", "Kindle", "Count$", "Count$ failed: ");
    }
  } catch (const AbilityError& e) {
    EXPECT_EQ(e.plugin(), "value-count");
    EXPECT_EQ(e.problem(), "Count$ failed: no such count");
  }
}

}  // namespace
}  // namespace anvil::testing
