// Labels of the priority decision (turn.cpp): advance() lists without labels and labels only a
// list it asks an agent about that reads them. What that agent sees must be what the listing
// with labels says, for every kind of action a priority list holds.
#include <gtest/gtest.h>

#include <algorithm>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

bool any_label_with(const std::vector<std::string>& labels, std::string_view part) {
  return std::any_of(labels.begin(), labels.end(),
                     [&](const std::string& l) { return l.find(part) != std::string::npos; });
}

TEST(RulesClassicLabels, AnAgentThatReadsLabelsIsAskedWithTheListingsOwnLabels) {
  auto t =
      table(standard_pool(),
            position("main1",
                     player("A", {"Forest", "Grizzly Bears", "Shock"},
                            {"Taiga", "Swamp", "Forest", "Llanowar Elves", "Drudge Skeletons"}),
                     player("B", {}, {"Grizzly Bears"})));
  Game& g = *t.game;
  std::vector<std::string> expected;
  for (const LegalAction& a : rules().legal_actions(g, kA)) expected.push_back(a.label);
  // Every kind of label: a land to play, spells to cast, a card's activated abilities (a mana
  // ability and another) and the lands' intrinsic mana (a dual land's two), and passing.
  ASSERT_TRUE(any_label_with(expected, "Play Forest"));
  ASSERT_TRUE(any_label_with(expected, "Cast Grizzly Bears"));
  ASSERT_TRUE(any_label_with(expected, "Cast Shock"));
  ASSERT_TRUE(any_label_with(expected, "Activate Llanowar Elves"));
  ASSERT_TRUE(any_label_with(expected, "Activate Drudge Skeletons"));
  ASSERT_TRUE(any_label_with(expected, "Activate Taiga: {T}: Add {R}."));
  ASSERT_TRUE(any_label_with(expected, "Activate Taiga: {T}: Add {G}."));
  ASSERT_EQ(expected.back(), "Pass");

  ASSERT_TRUE(rules().advance(g));  // A is asked, and passes (the test agent's default)
  ASSERT_EQ(t.a->asked.size(), 1u);
  std::vector<std::string> seen;
  for (const Option& o : t.a->asked[0].options) seen.push_back(o.label);
  EXPECT_EQ(seen, expected);
}

}  // namespace
}  // namespace anvil::classic_test
