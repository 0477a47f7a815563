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

// A's first main phase with every kind of priority action: a land to play, a permanent spell and
// a spell with a spell ability to cast, a mana ability and another activated ability, and lands'
// intrinsic mana abilities (a dual land's two). B has a creature for Shock to target.
Table every_kind_of_action() {
  return table(standard_pool(),
               position("main1",
                        player("A", {"Forest", "Grizzly Bears", "Shock"},
                               {"Taiga", "Swamp", "Forest", "Llanowar Elves", "Drudge Skeletons"}),
                        player("B", {}, {"Grizzly Bears"})));
}

TEST(RulesClassicLabels, AnAgentThatReadsLabelsIsAskedWithTheListingsOwnLabels) {
  auto t = every_kind_of_action();
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

// Option::ability names the card's ability an action uses, so that an agent that reads no labels
// (ai-heuristic) can tell two abilities of one permanent apart: the spell ability cast, the
// activated ability activated; nothing for a land played, a permanent spell (it casts no ability),
// a land's intrinsic mana ability (none of its card's) or passing.
TEST(RulesClassicLabels, OptionsNameTheAbilityTheyUse) {
  auto t = every_kind_of_action();
  Game& g = *t.game;
  ASSERT_TRUE(rules().advance(g));
  ASSERT_EQ(t.a->asked.size(), 1u);
  const auto index_of = [&](const Option& o, AbilityKind kind) {
    const CardDef& def = g.card(o.target.object.id);
    for (std::size_t i = 0; i < def.abilities.size(); ++i)
      if (def.abilities[i].kind == kind) return static_cast<std::int32_t>(i);
    return -2;  // no such ability: never what an option says
  };
  int named = 0;
  for (const Option& o : t.a->asked[0].options) {
    const std::string& l = o.label;
    if (l.starts_with("Cast Shock")) {
      EXPECT_EQ(o.ability, index_of(o, AbilityKind::spell)) << l;
      ++named;
    } else if (l.starts_with("Activate Llanowar Elves") || l.starts_with("Activate Drudge")) {
      EXPECT_EQ(o.ability, index_of(o, AbilityKind::activated)) << l;
      ++named;
    } else {
      EXPECT_EQ(o.ability, -1) << l;
    }
  }
  EXPECT_EQ(named, 3) << "Shock, the Elves' and the Skeletons' abilities";
}

}  // namespace
}  // namespace anvil::classic_test
