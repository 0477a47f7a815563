// The only-pass memo (legal_actions.cpp, advance()): a player whose last listing offered passing
// alone is not listed for again while nothing the listing reads has changed. Only quiet edits
// (passes, a new step) may come between, and then what the listing reads of the turn must be the
// same: these tests change just one of those things and check that the new action is offered.
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// Whether `agent` was asked at priority with an option labelled `label`.
bool asked_with(const TestAgent& agent, const std::string& label) {
  return std::any_of(agent.asked.begin(), agent.asked.end(), [&](const Choice& c) {
    return c.kind == ChoiceKind::action &&
           std::any_of(c.options.begin(), c.options.end(),
                       [&](const Option& o) { return o.label == label; });
  });
}

TEST(RulesClassicOnlyPass, ASorceryIsOfferedInTheMainPhaseAfterACombatOfPassesAlone) {
  auto t = table(standard_pool(), position("begin_combat", player("A", {"Blaze"}, {"Mountain"}),
                                           player("B", {}, {})));
  Game& g = *t.game;
  ASSERT_TRUE(rules().advance(g));  // A passes: a sorcery waits for the main phase
  const std::uint64_t changes = g.journal().changes();
  ASSERT_TRUE(run_to_step(g, "main2"));
  ASSERT_EQ(g.state().turn.priority, kA);
  // Nothing but passes and new steps since A's listing in the beginning of combat: only the step
  // tells that A may now cast Blaze.
  ASSERT_EQ(g.journal().changes(), changes);
  EXPECT_FALSE(asked_with(*t.a, "Cast Blaze"));
  ASSERT_TRUE(rules().advance(g));
  EXPECT_TRUE(asked_with(*t.a, "Cast Blaze"));
}

TEST(RulesClassicOnlyPass, AnInstantIsOfferedOnceAManaSourceUntaps) {
  PositionPlayer b = player("B", {"Shock"}, {});
  b.battlefield.push_back(card("Mountain"));
  b.battlefield.back().tapped = true;
  auto t = table(standard_pool(), position("begin_combat", player("A", {}, {}), b));
  Game& g = *t.game;
  ASSERT_TRUE(rules().advance(g));  // A passes
  ASSERT_TRUE(rules().advance(g));  // B passes: Shock, but no untapped Mountain
  ASSERT_EQ(step(g), "attackers");
  ASSERT_TRUE(rules().advance(g));  // A passes again
  ASSERT_EQ(g.state().turn.priority, kB);
  EXPECT_FALSE(asked_with(*t.b, "Cast Shock"));
  const ObjectId mountain = find(g, "Mountain", ZoneRef::battlefield(kB));
  g.journal().set_tapped(mountain, false);  // the one loud edit since B's listing
  ASSERT_TRUE(rules().advance(g));
  EXPECT_TRUE(asked_with(*t.b, "Cast Shock"));
}

}  // namespace
}  // namespace anvil::classic_test
