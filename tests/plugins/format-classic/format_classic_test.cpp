// format-classic: card blocks, costs, type lines, and every error with file:line:column.
#include "script_fixture.hpp"

namespace anvil::script_test {
namespace {

using FormatClassic = ScriptTest;

TEST_F(FormatClassic, LoadsEverySeedCardAndReportsTheSeedsTwoBrokenCards) {
  std::vector<Diagnostic> d;
  const auto cards = load_fixture("seed_cards.txt", d);
  // 29 cards in the thread; Char misspells its keyword and Feast of Flesh has no type line.
  EXPECT_EQ(cards.size(), 27u) << dump(d);
  const auto e = errors(d);
  ASSERT_EQ(e.size(), 2u) << dump(d);
  EXPECT_TRUE(e[0]->str().ends_with(
      "seed_cards.txt:5:1: error: card 'Char': unknown keyword 'spDamgeTgtCP'; did you mean "
      "'spDamageTgtCP'?"))
      << e[0]->str();
  EXPECT_TRUE(e[1]->str().ends_with(
      "seed_cards.txt:63:1: error: card 'Feast of Flesh' has no type line (line 63 is its text); "
      "the third line is the type line, e.g. 'Sorcery'"))
      << e[1]->str();
  for (const CardDef& c : cards) {
    EXPECT_EQ(c.pack, "test");
    ASSERT_FALSE(c.abilities.empty()) << c.name;
    EXPECT_EQ(c.abilities.front().kind, AbilityKind::spell) << c.name;
    EXPECT_EQ(c.abilities.front().provider, "keyword-damage") << c.name;
    EXPECT_EQ(c.abilities.front().impl->target_count(), 1u) << c.name;
  }
}

TEST_F(FormatClassic, ReadsNameCostTypesTextAndLocation) {
  std::vector<Diagnostic> d;
  const auto cards = load_fixture("seed_cards.txt", d);
  const CardDef* helix = named(cards, "Lightning Helix");
  ASSERT_NE(helix, nullptr);
  EXPECT_EQ(helix->where.line, 7u);
  EXPECT_TRUE(helix->where.file.ends_with("seed_cards.txt"));
  EXPECT_EQ(helix->base.cost.symbols_of(Color::red), 1);
  EXPECT_EQ(helix->base.cost.symbols_of(Color::white), 1);
  EXPECT_EQ(helix->base.cost.value(), 2);
  EXPECT_TRUE(helix->base.colors.multicolor());
  EXPECT_EQ(helix->base.types, std::vector<Symbol>{"Instant"_sym});
  EXPECT_EQ(helix->rules_text, "");  // "no text"
  EXPECT_EQ(helix->abilities.front().impl->describe(),
            "Lightning Helix deals 3 damage to target creature or player and you gain 3 life.");

  const CardDef* ember = named(cards, "Ember Shot");
  ASSERT_NE(ember, nullptr);
  EXPECT_EQ(ember->rules_text, "Draw a card.");
  ASSERT_EQ(ember->abilities.size(), 2u);
  EXPECT_EQ(ember->abilities[1].text, "Cantrip");

  const CardDef* mob = named(cards, "Mob Justice");  // no text line at all
  ASSERT_NE(mob, nullptr);
  EXPECT_EQ(mob->rules_text, "");
  EXPECT_EQ(mob->base.types, std::vector<Symbol>{"Sorcery"_sym});

  const CardDef* blightning = named(cards, "Blightning");
  ASSERT_NE(blightning, nullptr);
  EXPECT_EQ(blightning->base.cost.generic, 1);
  EXPECT_EQ(blightning->base.cost.symbols_of(Color::black), 1);
  EXPECT_EQ(blightning->base.cost.symbols_of(Color::red), 1);
}

TEST_F(FormatClassic, TypeLinesWithEmDashHyphenOrNoDash) {
  std::vector<Diagnostic> d;
  const auto cards = load_fixture("seed_cards.txt", d);
  for (const char* name : {"Ire of Kaminari", "First Volley", "Spiraling Embers"}) {
    const CardDef* c = named(cards, name);
    ASSERT_NE(c, nullptr) << name;
    EXPECT_EQ(c->base.types.size(), 1u) << name;
    EXPECT_EQ(c->base.subtypes, std::vector<Symbol>{"Arcane"_sym}) << name;
  }
  EXPECT_EQ(named(cards, "Ire of Kaminari")->base.types, std::vector<Symbol>{"Instant"_sym});
  EXPECT_EQ(named(cards, "Spiraling Embers")->base.types, std::vector<Symbol>{"Sorcery"_sym});

  const CardDef snow = card("Snow Bolt\nR\nSnow Instant\nno text\nspDamageTgtCP:1\n");
  EXPECT_EQ(snow.base.supertypes, std::vector<Symbol>{"Snow"_sym});
  const CardDef goblin =
      card("Goblin Sage\n2 R\nLegendary Creature — Goblin Shaman\nno text\n2/3\n");
  EXPECT_EQ(goblin.base.supertypes, std::vector<Symbol>{"Legendary"_sym});
  EXPECT_EQ(goblin.base.types, std::vector<Symbol>{"Creature"_sym});
  EXPECT_EQ(goblin.base.subtypes, (std::vector<Symbol>{"Goblin"_sym, "Shaman"_sym}));
  EXPECT_TRUE(goblin.base.has_stats);
  EXPECT_EQ(goblin.base.power, 2);
  EXPECT_EQ(goblin.base.toughness, 3);
  const CardDef land = card("Snowy Swamp\nno cost\nBasic Snow Land - Swamp\n");
  EXPECT_FALSE(land.base.cost.present);
  EXPECT_EQ(land.base.supertypes, (std::vector<Symbol>{"Basic"_sym, "Snow"_sym}));
  EXPECT_EQ(land.base.subtypes, std::vector<Symbol>{"Swamp"_sym});
}

TEST_F(FormatClassic, CostsInEverySpelling) {
  struct Case {
    const char* cost;
    int generic, red, black, white, x;
  };
  for (const Case& c :
       {Case{"1 R", 1, 1, 0, 0, 0}, Case{"X R", 0, 1, 0, 0, 1}, Case{"2 B B", 2, 0, 2, 0, 0},
        Case{"{1}{R}", 1, 1, 0, 0, 0}, Case{"{X}{R}{R}", 0, 2, 0, 0, 1}, Case{"RW", 0, 1, 0, 1, 0},
        Case{"10 R", 10, 1, 0, 0, 0}, Case{"0", 0, 0, 0, 0, 0}}) {
    const CardDef def = card(std::string("Test Card\n") + c.cost + "\nSorcery\nno text\n");
    EXPECT_TRUE(def.base.cost.present) << c.cost;
    EXPECT_EQ(def.base.cost.generic, c.generic) << c.cost;
    EXPECT_EQ(def.base.cost.symbols_of(Color::red), c.red) << c.cost;
    EXPECT_EQ(def.base.cost.symbols_of(Color::black), c.black) << c.cost;
    EXPECT_EQ(def.base.cost.symbols_of(Color::white), c.white) << c.cost;
    EXPECT_EQ(def.base.cost.x, c.x) << c.cost;
  }
}

TEST_F(FormatClassic, TwoColourHybridSymbolsInBracesOrAsWords) {
  const std::size_t rg = ManaCost::hybrid_pair(Color::red, Color::green);
  for (const char* cost : {"{R/G}{R/G}", "R/G G/R", "{G/R}{R/G}"}) {
    const CardDef def = card(std::string("Test Card\n") + cost + "\nSorcery\nno text\n");
    EXPECT_EQ(def.base.cost.hybrid[rg], 2) << cost;
    EXPECT_EQ(def.base.cost.value(), 2) << cost;
    EXPECT_TRUE(def.base.cost.colors().has(Color::red) && def.base.cost.colors().has(Color::green))
        << cost;
  }
  const CardDef mixed = card("Test Card\n2 W/B\nSorcery\nno text\n");
  EXPECT_EQ(mixed.base.cost.generic, 2);
  EXPECT_EQ(mixed.base.cost.hybrid[ManaCost::hybrid_pair(Color::white, Color::black)], 1);
  EXPECT_EQ(mixed.base.cost.value(), 3);
}

// 107.4e-f: {2/W} (a colour or two generic, mana value 2) and {B/P} (a colour or 2 life, mana
// value 1), in braces or as words of their own; each gives its colour.
TEST_F(FormatClassic, MonocolouredHybridAndPhyrexianSymbols) {
  for (const char* cost : {"{2/W}{2/W}{2/W}", "2/W 2/W 2/W"}) {
    const CardDef def = card(std::string("Test Card\n") + cost + "\nSorcery\nno text\n");
    EXPECT_EQ(def.base.cost.mono_hybrid[static_cast<std::size_t>(Color::white)], 3) << cost;
    EXPECT_EQ(def.base.cost.value(), 6) << cost;
    EXPECT_EQ(def.base.colors.count(), 1) << cost;
    EXPECT_TRUE(def.base.colors.has(Color::white)) << cost;
  }
  for (const char* cost : {"{1}{B/P}{B/P}", "1 B/P B/P"}) {
    const CardDef def = card(std::string("Test Card\n") + cost + "\nInstant\nno text\n");
    EXPECT_EQ(def.base.cost.generic, 1) << cost;
    EXPECT_EQ(def.base.cost.phyrexian[static_cast<std::size_t>(Color::black)], 2) << cost;
    EXPECT_EQ(def.base.cost.colored[static_cast<std::size_t>(Color::black)], 0) << cost;
    EXPECT_EQ(def.base.cost.value(), 3) << cost;
    EXPECT_TRUE(def.base.colors.has(Color::black)) << cost;
  }
  for (const char* cost : {"{G/W/P}{W/G/P}", "G/W/P W/G/P"}) {  // hybrid Phyrexian, either order
    const CardDef def = card(std::string("Test Card\n") + cost + "\nInstant\nno text\n");
    EXPECT_EQ(def.base.cost.hybrid_phyrexian[ManaCost::hybrid_pair(Color::green, Color::white)], 2)
        << cost;
    EXPECT_EQ(def.base.cost.value(), 2) << cost;
    EXPECT_EQ(def.base.colors.count(), 2) << cost;
  }
}

TEST_F(FormatClassic, HybridSymbolsMixWithOthers) {
  const CardDef mixed = card("Test Card\n2 W/B\nSorcery\nno text\n");
  EXPECT_EQ(mixed.base.cost.generic, 2);
  EXPECT_EQ(mixed.base.cost.hybrid[ManaCost::hybrid_pair(Color::white, Color::black)], 1);
  EXPECT_EQ(mixed.base.cost.value(), 3);
}

TEST_F(FormatClassic, BlankLinesAndCrLfSeparateBlocks) {
  std::vector<Diagnostic> d;
  const auto cards = load_text(
      "\r\nOne\r\nR\r\nInstant\r\nno text\r\nspDamageTgtCP:1\r\n\r\n\r\nTwo\r\nR\r\nInstant\r\n",
      d);
  EXPECT_TRUE(d.empty()) << dump(d);
  ASSERT_EQ(cards.size(), 2u);
  EXPECT_EQ(cards[0].name, "One");
  EXPECT_EQ(cards[0].where.line, 2u);
  EXPECT_EQ(cards[1].name, "Two");
  EXPECT_EQ(cards[1].where.line, 9u);
}

TEST_F(FormatClassic, EveryErrorOfAFileIsReportedAndTheGoodCardsLoad) {
  std::vector<Diagnostic> d;
  const auto cards = load_text(
      "Bad Integer\nR\nInstant\nno text\nspDamageTgtCP:three\n"  // 1-5
      "\n"
      "Good\nR\nInstant\nno text\nspDamageTgtCP:3\n"  // 7-11
      "\n"
      "Bad Quality\nB\nInstant\nno text\nspDamageTgtC:Count$TypeYouCtrl.Swmp\n"  // 13-17
      "\n"
      "Bad Verb\nB\nInstant\nno text\nspDamageTgtC:2:Drawback$YouGainLfe/2\n"  // 19-23
      "\n"
      "Bad Cost\n2 Q\nInstant\n"  // 25-27
      "\n"
      "Bad Type\nR\nInstnt\n"  // 29-31
      "\n"
      "No Amount\nR\nInstant\nno text\nspDamageTgtCP\n"  // 33-37
      "\n"
      "No Stats\n1 G\nCreature — Bear\n"  // 39-41
      "\n"
      "Just A Name\n",  // 43
      d, "errors.txt");
  ASSERT_EQ(cards.size(), 1u) << dump(d);
  EXPECT_EQ(cards[0].name, "Good");
  const std::vector<std::string> expected = {
      "errors.txt:5:15: error: card 'Bad Integer': expected a whole number, found 'three'",
      "errors.txt:17:32: error: card 'Bad Quality': Count$ quality 'Swmp' is unknown; did you mean "
      "'Swamp'?",
      "errors.txt:23:25: error: card 'Bad Verb': Drawback$ verb 'YouGainLfe' is unknown; did you "
      "mean 'YouGainLife'?",
      "errors.txt:26:3: error: card 'Bad Cost': unknown mana symbol 'Q'; use a number, W, U, B, R, "
      "G, C, X or a hybrid such as R/G, 2/W or W/P, e.g. '2 R' or '{2}{R}'",
      "errors.txt:31:1: error: card 'Bad Type': type line 'Instnt': 'Instnt' is not a card type or "
      "supertype; did you mean 'Instant'?",
      "errors.txt:37:1: error: card 'No Amount': 'spDamageTgtCP' needs a damage amount: "
      "'spDamageTgtCP:3'",
      "errors.txt:41:1: error: card 'No Stats' is a creature but has no power/toughness line; add "
      "a line such as '2/2' after its text",
      "errors.txt:43:1: error: card 'Just A Name' ends after its name; a card needs a mana cost "
      "and a type line",
  };
  const auto e = errors(d);
  ASSERT_EQ(e.size(), expected.size()) << dump(d);
  for (std::size_t i = 0; i < expected.size(); ++i) EXPECT_EQ(e[i]->str(), expected[i]);
}

TEST_F(FormatClassic, MoreErrorPathsWithTheirColumns) {
  EXPECT_EQ(error_of("A\nR\nSorcery\nno text\n2/2\n"),
            "test.txt:5:1: error: card 'A' is not a creature but has power/toughness '2/2'");
  EXPECT_EQ(
      error_of("Swamp\nBasic Land — Swamp\n"),
      "test.txt:2:1: error: card 'Swamp' has no mana cost line (line 2 is its type line); write "
      "'no cost' on the second line of a card without a mana cost");
  EXPECT_EQ(error_of("A\n2 R{R}\nSorcery\n"),
            "test.txt:2:3: error: card 'A': mix of '{…}' symbols and plain symbols; write '{2}{R}' "
            "or '2 R'");
  EXPECT_EQ(
      error_of("A\nR\nInstant — Arcane — Trap\n"),
      "test.txt:3:20: error: card 'A': type line 'Instant — Arcane — Trap' has more than one dash");
  EXPECT_EQ(error_of("A\n{1}{R\nSorcery\n"),
            "test.txt:2:4: error: card 'A': mana symbol '{R' has no closing '}'");
  EXPECT_EQ(error_of("A\n{1}{G/G/P}\nSorcery\n"),
            "test.txt:2:4: error: card 'A': mana symbol '{G/G/P}' is not supported; hybrid "
            "symbols are: two colours ({R/G}), a colour or two generic ({2/W}), Phyrexian ({W/P}: "
            "a colour or 2 life) and hybrid Phyrexian ({G/W/P}: either colour or 2 life)");
  EXPECT_EQ(
      error_of("A\n1 P/R\nSorcery\n"),
      "test.txt:2:3: error: card 'A': mana symbol 'P/R' is not supported; hybrid symbols are: "
      "two colours (R/G), a colour or two generic (2/W), Phyrexian (W/P: a colour or 2 life) "
      "and hybrid Phyrexian (G/W/P: either colour or 2 life), each a word of its own: '2 R/G "
      "B/P'");
  EXPECT_EQ(
      error_of("A\nR\nInstant — \n"),
      "test.txt:3:9: error: card 'A': type line 'Instant —' has a dash but no subtypes after it");
  EXPECT_EQ(
      error_of("A\nR\nInstant\n"
               "spDamageTgtCP:3:desc:stack:extra\n"),
      "test.txt:4:28: error: card 'A': 'spDamageTgtCP' takes at most #Dmg, Drawback$, a "
      "description "
      "and a stack description; found an extra part 'extra'; a ':' inside a description splits "
      "it; reword without ':'");
  EXPECT_EQ(error_of("A\nR\nInstant\nno text\nspDamageTgtCP:99999999999999999999\n"),
            "test.txt:5:15: error: card 'A': the number '99999999999999999999' is too large");
  EXPECT_EQ(
      error_of("A\nR\nInstant\nno text\nspDamageTgtCP:Cuont$Domain\n"),
      "test.txt:5:15: error: card 'A': unknown value function 'Cuont'; did you mean 'Count'?");
}

}  // namespace
}  // namespace anvil::script_test
