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

// The options of a priority decision are kept from one decision to the next and written over
// (turn.cpp's priority_choice): a label-blind seat asked after a labelled one, with fewer options,
// sees nothing of the earlier decision in its own: no label, no bar, its own targets, values and
// abilities, and the pass last with no target.
TEST(RulesClassicLabels, ALabelBlindSeatAskedAfterALabelledOneSeesNothingOfItsOptions) {
  auto t =
      table(standard_pool(),
            position("main1",
                     player("A", {"Forest", "Grizzly Bears", "Shock"},
                            {"Taiga", "Swamp", "Forest", "Llanowar Elves", "Drudge Skeletons"}),
                     player("B", {"Shock"}, {"Mountain"})));
  Game& g = *t.game;
  g.seat(kB, std::make_shared<BlindAgent>(t.b));
  ASSERT_TRUE(rules().advance(g));  // A is asked, with labels, and passes
  ASSERT_EQ(t.a->asked.size(), 1u);
  const std::vector<LegalAction> listed = rules().legal_actions(g, kB);
  ASSERT_TRUE(rules().advance(g));  // B is asked (Shock and the Mountain's mana), and passes
  ASSERT_EQ(t.b->asked.size(), 1u);
  const Choice& c = t.b->asked[0];
  ASSERT_EQ(c.options.size(), listed.size());
  ASSERT_LT(c.options.size(), t.a->asked[0].options.size());
  for (std::size_t i = 0; i < c.options.size(); ++i) {
    const Option& o = c.options[i];
    EXPECT_TRUE(o.label.empty()) << o.label;
    EXPECT_TRUE(o.barred.empty()) << o.barred;
    EXPECT_EQ(o.value, static_cast<std::int64_t>(i));
    EXPECT_EQ(o.mana, listed[i].mana) << listed[i].label;
    const Target target =
        listed[i].object.valid() ? Target::of(g.object(listed[i].object).ref()) : Target{};
    EXPECT_EQ(o.target, target) << listed[i].label;
    if (!listed[i].label.starts_with("Cast Shock")) {
      EXPECT_EQ(o.ability, -1) << listed[i].label;
    }
  }
  ASSERT_TRUE(c.pass.has_value());
  EXPECT_EQ(*c.pass, c.options.size() - 1);
  EXPECT_EQ(listed.back().label, "Pass");
}

// Advances the game to its next decision: the RulesError's message if that throws, else "".
std::string error_of_advance(Game& game) {
  try {
    EXPECT_TRUE(rules().advance(game));
  } catch (const RulesError& e) {
    return e.what();
  }
  return {};
}

// The prompt of a priority decision is left out for an agent that reads none, whether or not it
// reads labels; the options are the same. An invalid answer fails with the message a sighted
// agent's gets, prompt included.
TEST(RulesClassicLabels, APromptBlindAgentIsAskedWithoutThePromptAndItsErrorsStillNameIt) {
  struct Seen {
    Choice asked;
    std::string error;
  };
  const auto ask = [](std::shared_ptr<Agent> (*seat)(std::shared_ptr<TestAgent>), bool invalid) {
    auto t = every_kind_of_action();
    if (invalid) t.a->then(ChoiceKind::action, [](const Choice&) { return Answer{{99}}; });
    if (seat) t.game->seat(kA, seat(t.a));
    Seen seen;
    seen.error = error_of_advance(*t.game);
    EXPECT_EQ(t.a->asked.size(), 1u);
    if (!t.a->asked.empty()) seen.asked = t.a->asked[0];
    return seen;
  };
  using Seat = std::shared_ptr<Agent> (*)(std::shared_ptr<TestAgent>);
  const Seat sighted = nullptr;
  const Seat blind = [](std::shared_ptr<TestAgent> a) -> std::shared_ptr<Agent> {
    return std::make_shared<PromptBlindAgent<>>(std::move(a));
  };
  const Seat blind_to_both = [](std::shared_ptr<TestAgent> a) -> std::shared_ptr<Agent> {
    return std::make_shared<PromptBlindAgent<LabelBlind>>(std::move(a));
  };
  const std::string prompt = "Priority in main1 of turn 2";
  const Seen read = ask(sighted, false);
  EXPECT_EQ(read.asked.prompt, prompt);
  for (const Seat s : {blind, blind_to_both}) {
    const Seen unread = ask(s, false);
    EXPECT_EQ(unread.asked.prompt, "");
    ASSERT_EQ(unread.asked.options.size(), read.asked.options.size());
    for (std::size_t i = 0; i < read.asked.options.size(); ++i) {
      EXPECT_EQ(unread.asked.options[i].target, read.asked.options[i].target);
      EXPECT_EQ(unread.asked.options[i].value, read.asked.options[i].value);
    }
  }
  EXPECT_EQ(ask(blind, false).asked.options.back().label, "Pass") << "labels still made";
  EXPECT_EQ(ask(blind_to_both, false).asked.options.back().label, "") << "nor labels";

  const std::string error = ask(sighted, true).error;
  EXPECT_EQ(error,
            "agent 'test' gave an invalid answer to '" + prompt + "': option 99 does not exist");
  EXPECT_EQ(ask(blind, true).error, error);
  EXPECT_EQ(ask(blind_to_both, true).error, error);
}

// A target choice is asked without its prompt as well (choose_targets), with the same options,
// and an invalid answer fails with the sighted agent's message, prompt included.
TEST(RulesClassicLabels, APromptBlindAgentChoosesTargetsWithoutThePromptAndItsErrorsStillNameIt) {
  struct Seen {
    Choice asked;
    std::string error;
  };
  using Seat = std::shared_ptr<Agent> (*)(std::shared_ptr<TestAgent>);
  const auto cast_shock = [](Seat seat, bool invalid) {
    auto t = every_kind_of_action();
    t.a->act("Cast Shock").then(ChoiceKind::target, [invalid](const Choice&) {
      return Answer{{invalid ? 99u : 0u}};
    });
    if (seat) t.game->seat(kA, seat(t.a));
    Seen seen;
    seen.error = error_of_advance(*t.game);
    for (const Choice& c : t.a->asked)
      if (c.kind == ChoiceKind::target) seen.asked = c;
    return seen;
  };
  const Seat sighted = nullptr;
  const Seat blind = [](std::shared_ptr<TestAgent> a) -> std::shared_ptr<Agent> {
    return std::make_shared<PromptBlindAgent<>>(std::move(a));  // labels read: "Cast Shock"
  };
  const Seen read = cast_shock(sighted, false);
  ASSERT_FALSE(read.asked.prompt.empty());
  ASSERT_GE(read.asked.options.size(), 3u) << "both players and B's Grizzly Bears at least";
  const Seen unread = cast_shock(blind, false);
  EXPECT_EQ(unread.asked.prompt, "");
  ASSERT_EQ(unread.asked.options.size(), read.asked.options.size());
  for (std::size_t i = 0; i < read.asked.options.size(); ++i) {
    EXPECT_EQ(unread.asked.options[i].target, read.asked.options[i].target);
    EXPECT_EQ(unread.asked.options[i].label, read.asked.options[i].label);
  }

  const std::string error = cast_shock(sighted, true).error;
  EXPECT_EQ(error, "agent 'test' gave an invalid answer to '" + read.asked.prompt +
                       "': option 99 does not exist");
  EXPECT_EQ(cast_shock(blind, true).error, error);
}

}  // namespace
}  // namespace anvil::classic_test
