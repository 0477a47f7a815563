// The format-yaml plugin, loaded from the build as the CLI loads it.
#include <gtest/gtest.h>

#include "pack_test_support.hpp"

namespace anvil::pack_test {
namespace {

class CardYaml : public PackTest {
 protected:
  // Loads `file`, which holds one good card, `loaded`, beside bad ones: the good one loads, and
  // the errors are exactly `expected` (each the end of a diagnostic's text), in file order.
  void expect_only_card_and_errors(const std::string& file, std::string_view loaded,
                                   const std::vector<std::string>& expected) {
    std::vector<Diagnostic> d;
    const auto cards = load_cards(file, d);
    ASSERT_EQ(cards.size(), 1u) << dump(d);
    EXPECT_EQ(cards[0].name, loaded);
    const auto e = errors(d);
    ASSERT_EQ(e.size(), expected.size()) << dump(d);
    for (std::size_t i = 0; i < e.size(); ++i)
      EXPECT_TRUE(e[i]->str().ends_with(expected[i])) << e[i]->str();
  }
};

const CardDef* card_named(const std::vector<CardDef>& cards, std::string_view name) {
  for (const CardDef& c : cards)
    if (c.name == name) return &c;
  return nullptr;
}

TEST_F(CardYaml, LoadsCostTypesStatsAndKeywords) {
  std::vector<Diagnostic> d;
  const auto cards = load_cards("vanilla.yaml", d);
  EXPECT_TRUE(d.empty()) << dump(d);
  ASSERT_EQ(cards.size(), 8u);

  const CardDef& bears = cards[0];
  EXPECT_EQ(bears.name, "Grizzly Bears");
  EXPECT_EQ(bears.pack, "test");
  EXPECT_EQ(bears.rules_text, "A bear.");
  EXPECT_NE(bears.where.file.find("vanilla.yaml"), std::string::npos);
  EXPECT_EQ(bears.where.line, 1u);
  EXPECT_TRUE(bears.base.cost.present);
  EXPECT_EQ(bears.base.cost.generic, 1);
  EXPECT_EQ(bears.base.cost.symbols_of(Color::green), 1);
  EXPECT_EQ(bears.base.cost.value(), 2);
  EXPECT_TRUE(bears.base.colors.has(Color::green));
  EXPECT_EQ(bears.base.types, std::vector<Symbol>{Symbol("Creature")});
  EXPECT_EQ(bears.base.subtypes, std::vector<Symbol>{Symbol("Bear")});
  EXPECT_TRUE(bears.base.has_stats);
  EXPECT_EQ(bears.base.power, 2);
  EXPECT_EQ(bears.base.toughness, 2);

  const CardDef& forest = cards[1];  // "Basic Land - Forest": a hyphen works like the em dash
  EXPECT_FALSE(forest.base.cost.present);
  EXPECT_TRUE(forest.base.colors.colorless());
  EXPECT_EQ(forest.base.supertypes, std::vector<Symbol>{Symbol("Basic")});
  EXPECT_EQ(forest.base.types, std::vector<Symbol>{Symbol("Land")});
  EXPECT_EQ(forest.base.subtypes, std::vector<Symbol>{Symbol("Forest")});
  EXPECT_FALSE(forest.base.has_stats);

  const CardDef& statue = cards[2];  // a hearth-style number cost and list-form types
  EXPECT_EQ(statue.base.cost.generic, 4);
  EXPECT_EQ(statue.base.types, (std::vector<Symbol>{Symbol("Artifact"), Symbol("Creature")}));
  EXPECT_EQ(statue.base.subtypes, std::vector<Symbol>{Symbol("Golem")});

  const CardDef& dragon = cards[3];  // `keywords:` compiled by the registered handler
  EXPECT_EQ(dragon.base.keywords, std::vector<Symbol>{Symbol("Flying")});
  EXPECT_EQ(dragon.base.cost.symbols_of(Color::red), 2);

  const CardDef& recruit = cards[4];  // a two-colour hybrid symbol: mana value 1, both colours
  EXPECT_EQ(recruit.base.cost.hybrid[ManaCost::hybrid_pair(Color::red, Color::white)], 1);
  EXPECT_EQ(recruit.base.cost.value(), 1);
  EXPECT_TRUE(recruit.base.colors.has(Color::red) && recruit.base.colors.has(Color::white));
  EXPECT_EQ(recruit.base.colors.count(), 2);

  const CardDef& procession = cards[5];  // {2/W}: mana value 2 each (202.3f), white
  EXPECT_EQ(procession.base.cost.mono_hybrid[static_cast<std::size_t>(Color::white)], 3);
  EXPECT_EQ(procession.base.cost.value(), 6);
  EXPECT_EQ(procession.base.colors, ColorSet{1u << static_cast<unsigned>(Color::white)});

  const CardDef& probe = cards[6];  // {U/P}: mana value 1, blue
  EXPECT_EQ(probe.base.cost.phyrexian[static_cast<std::size_t>(Color::blue)], 1);
  EXPECT_EQ(probe.base.cost.value(), 1);
  EXPECT_EQ(probe.base.colors, ColorSet{1u << static_cast<unsigned>(Color::blue)});

  const CardDef& hybrid = cards[7];  // {G/W/P}: mana value 1, green and white
  EXPECT_EQ(hybrid.base.cost.hybrid_phyrexian[ManaCost::hybrid_pair(Color::green, Color::white)],
            1);
  EXPECT_EQ(hybrid.base.cost.value(), 2);
  EXPECT_EQ(hybrid.base.colors.count(), 2);
}

TEST_F(CardYaml, ThreeBadCardsGiveThreeErrorsAndTheGoodCardsStillLoad) {
  std::vector<Diagnostic> d;
  const auto cards = load_cards("three_bad.yaml", d);
  ASSERT_EQ(cards.size(), 2u) << dump(d);
  EXPECT_EQ(cards[0].name, "Good One");
  EXPECT_EQ(cards[1].name, "Good Two");
  const auto e = errors(d);
  ASSERT_EQ(e.size(), 3u) << dump(d);
  auto ends_with = [](const Diagnostic* diag, std::string_view tail) {
    return diag->str().ends_with(tail);
  };
  EXPECT_TRUE(ends_with(
      e[0],
      "three_bad.yaml:6:13: error: card 'Bad Cost': unknown mana symbol '{Q}'; use a number, W, "
      "U, B, R, G, C, X or a hybrid such as {R/G}, {2/W} or {W/P}"))
      << e[0]->str();
  EXPECT_TRUE(ends_with(e[1],
                        "three_bad.yaml:12:10: error: card 'Bad Power': expected a whole "
                        "number, found 'two'"))
      << e[1]->str();
  EXPECT_TRUE(ends_with(
      e[2], "three_bad.yaml:18:3: error: card 'No Types' is missing the required key 'types'"))
      << e[2]->str();
}

TEST_F(CardYaml, UnknownKeywordIsAnErrorWithDidYouMean) {
  std::vector<Diagnostic> d;
  const auto cards = load_cards("unknown_keyword.yaml", d);
  EXPECT_TRUE(cards.empty());
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_TRUE(d[0].str().ends_with(
      "unknown_keyword.yaml:6:14: error: card 'Wind Drake': unknown keyword 'Flyng'; did you "
      "mean 'Flying'?"))
      << d[0].str();
}

TEST_F(CardYaml, AbilitiesCompileFromTheClassicAndTheNamedFormAlike) {
  std::vector<Diagnostic> d;
  const auto cards = load_cards("abilities.yaml", d);
  const CardDef* classic = card_named(cards, "Classic Shock");
  const CardDef* named = card_named(cards, "Named Shock");
  ASSERT_TRUE(classic && named) << dump(d);
  ASSERT_EQ(classic->abilities.size(), 1u);
  ASSERT_EQ(named->abilities.size(), 1u);
  EXPECT_EQ(classic->abilities[0].text, "damage 2 then YouGainLife/2");
  EXPECT_EQ(named->abilities[0].text, classic->abilities[0].text);
  // The classic line's location is its text, inside the quotes.
  EXPECT_TRUE(classic->abilities[0].where.str().ends_with("abilities.yaml:5:8"))
      << classic->abilities[0].where.str();
}

TEST_F(CardYaml, HandlerErrorsNameTheExactValueAndSkipOnlyThatCard) {
  std::vector<Diagnostic> d;
  const auto cards = load_cards("abilities.yaml", d);
  EXPECT_EQ(cards.size(), 2u);
  EXPECT_FALSE(card_named(cards, "Typo Shock"));
  const auto e = errors(d);
  ASSERT_EQ(e.size(), 2u) << dump(d);
  EXPECT_TRUE(
      e[0]->str().ends_with("abilities.yaml:15:21: error: card 'Typo Shock': 'spDamageTgt' has no "
                            "parameter 'amont' (it takes amount, "
                            "drawback); did you mean 'amount'?"))
      << e[0]->str();
  // Inside a quoted classic line the column still points at the bad value.
  EXPECT_TRUE(e[1]->str().ends_with(
      "abilities.yaml:20:20: error: card 'Bad Amount Shock': expected a whole "
      "number, found 'x'"))
      << e[1]->str();
}

// A named parameter is reported at its name, not at its value, which may start lines below.
TEST_F(CardYaml, AnUnknownParameterIsReportedAtItsNameAboveABlockValue) {
  std::vector<Diagnostic> d;
  const auto cards = load_cards("block_parameter.yaml", d);
  EXPECT_TRUE(cards.empty());
  const auto e = errors(d);
  ASSERT_EQ(e.size(), 1u) << dump(d);
  EXPECT_TRUE(e[0]->str().ends_with(
      "block_parameter.yaml:8:9: error: card 'Block Typo Shock': 'spDamageTgt' has no parameter "
      "'drawbak' (it takes amount, drawback); did you mean 'drawback'?"))
      << e[0]->str();
}

// The classic format's types, checked as the classic format checks them: a misspelt type is an
// error at the word with a did-you-mean, never a card of type 'Instnt'.
TEST_F(CardYaml, ATypeThatIsNotAClassicTypeIsAnErrorAtTheWordWithADidYouMean) {
  expect_only_card_and_errors(
      "bad_types.yaml", "Right",
      {"bad_types.yaml:3:10: error: card 'Typo Instant': type line 'Instnt': 'Instnt' is not a "
       "card type or supertype; did you mean 'Instant'?",
       "bad_types.yaml:6:10: error: card 'Typo Creature': type line 'Creatur — Bear': 'Creatur' "
       "is not a card type or supertype; did you mean 'Creature'?",
       "bad_types.yaml:11:11: error: card 'Typo Supertype': type line 'Legendery Creature — Elf': "
       "'Legendery' is not a card type or supertype; did you mean 'Legendary'?",
       "bad_types.yaml:16:11: error: card 'Not A Type': 'Banana' is not a card type or supertype; "
       "a type line is [supertypes] types [— subtypes], e.g. 'Instant — Arcane'"});
}

// As a card written as text: a creature without power and toughness would enter as a 0/0 and die
// at once, and an instant's would mean nothing. Each is an error; a land creature loads.
TEST_F(CardYaml, ACreatureNeedsPowerAndToughnessAndNothingElseHasThem) {
  expect_only_card_and_errors(
      "stats_types.yaml", "Dryad Arbor",
      {"stats_types.yaml:4:10: error: card 'No Stats' is a creature but has no 'power' and "
       "'toughness'; add both, e.g. 'power: 2' and 'toughness: 2'",
       "stats_types.yaml:9:10: error: card 'Stats On An Instant' is not a creature but has "
       "'power' and 'toughness'; remove them, or add 'Creature' to its types"});
}

// `cost: {R}` without quotes is a YAML map: the error says so and how to write it.
TEST_F(CardYaml, AnUnquotedManaCostIsAnErrorThatSaysToQuoteIt) {
  expect_only_card_and_errors(
      "unquoted_cost.yaml", "Quoted",
      {"unquoted_cost.yaml:3:9: error: card 'Unquoted': expected a single value, found a map: "
       "YAML reads {R} unquoted as a map, not as text; quote it: \"{R}\""});
}

TEST_F(CardYaml, UnterminatedQuoteIsReportedAtTheQuote) {
  std::vector<Diagnostic> d;
  (void)load_cards("unterminated.yaml", d);
  const Diagnostic* u = find(d, "unterminated");
  ASSERT_NE(u, nullptr) << dump(d);
  EXPECT_TRUE(u->where.str().ends_with("unterminated.yaml:5:9")) << u->where.str();
}

}  // namespace
}  // namespace anvil::pack_test
