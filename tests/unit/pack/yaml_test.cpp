// parse_yaml and MapReader: the strictness yaml-cpp lacks (DESIGN.md §3).
#include <gtest/gtest.h>

#include "anvil/pack.hpp"
#include "pack_test_support.hpp"

namespace anvil::pack_test {
namespace {

std::optional<Param> parse(std::string_view text, std::vector<Diagnostic>& d,
                           const YamlLimits& limits = {}) {
  return parse_yaml(text, "t.yaml", d, limits);
}

TEST(Yaml, EveryValueCarriesItsOneBasedLocation) {
  std::vector<Diagnostic> d;
  auto root = parse("name: Bears\nlist:\n  - a\n  - {k: v}\n", d);
  ASSERT_TRUE(root) << dump(d);
  EXPECT_TRUE(d.empty()) << dump(d);
  EXPECT_EQ(root->where().str(), "t.yaml:1:1");
  EXPECT_EQ(root->find("name")->where().str(), "t.yaml:1:7");
  const auto& items = root->find("list")->items();
  EXPECT_EQ(items[0].where().str(), "t.yaml:3:5");
  EXPECT_EQ(items[1].find("k")->where().str(), "t.yaml:4:9");
}

TEST(Yaml, QuotedTextIsLocatedAtItsFirstCharacter) {
  std::vector<Diagnostic> d;
  auto root = parse("a: \"x:y\"\n", d);
  ASSERT_TRUE(root);
  EXPECT_EQ(root->find("a")->where().column, 5u);  // the x, not the quote
}

TEST(Yaml, EmptyValueIsLocatedAtItsKeyNotAtTheNextLine) {
  std::vector<Diagnostic> d;
  auto root = parse("a:\nb: 1\n", d);
  ASSERT_TRUE(root);
  EXPECT_EQ(root->find("a")->text(), "");
  EXPECT_EQ(root->find("a")->where().str(), "t.yaml:1:1");
}

TEST(Yaml, DuplicateKeyIsAnErrorAtTheSecondAndTheFirstIsKept) {
  std::vector<Diagnostic> d;
  auto root = parse("name: a\ncost: 1\nname: b\n", d);
  ASSERT_TRUE(root);
  ASSERT_EQ(errors(d).size(), 1u) << dump(d);
  EXPECT_EQ(d[0].where.str(), "t.yaml:3:1");
  EXPECT_NE(d[0].message.find("duplicate key 'name' (first given at line 1)"), std::string::npos);
  EXPECT_EQ(root->find("name")->text(), "a");
  EXPECT_EQ(root->entries().size(), 2u);
}

TEST(Yaml, UnterminatedQuoteIsReportedWhereItOpens) {
  // yaml-cpp accepts this, reading the rest of the file into the string.
  std::vector<Diagnostic> d;
  auto root = parse("- name: ok\n- name: \"Hill Giant\n  power: 3\n", d);
  ASSERT_EQ(errors(d).size(), 1u) << dump(d);
  EXPECT_EQ(d[0].where.str(), "t.yaml:2:9");
  EXPECT_NE(d[0].message.find("unterminated"), std::string::npos);
}

TEST(Yaml, SyntaxErrorIsADiagnosticWithItsLocation) {
  std::vector<Diagnostic> d;
  EXPECT_FALSE(parse("a: 1\n  b: 2\n", d));
  ASSERT_EQ(d.size(), 1u);
  EXPECT_EQ(d[0].where.str(), "t.yaml:2:4");
  EXPECT_NE(d[0].message.find("YAML syntax error"), std::string::npos);
}

TEST(Yaml, SecondDocumentIsAnError) {
  std::vector<Diagnostic> d;
  EXPECT_TRUE(parse("a: 1\n---\nb: 2\n", d));
  ASSERT_EQ(errors(d).size(), 1u);
  EXPECT_NE(d[0].message.find("second YAML document"), std::string::npos);
}

// yaml-cpp 0.7's LoadAll looped forever, allocating, on a ',' it cannot read on from (found by
// fuzz_pack_yaml): a pack.yaml of one ',' hung `anvil pack validate` until memory ran out.
TEST(Yaml, AStrayCommaIsASyntaxErrorNotAHang) {
  for (const auto& [text, where] :
       {std::pair{",", "t.yaml:1:1"},
        std::pair{"- name: x\n  cost: 1\n,  types: y\n", "t.yaml:3:1"}}) {
    std::vector<Diagnostic> d;
    EXPECT_FALSE(parse(text, d)) << text;
    ASSERT_EQ(d.size(), 1u) << text;
    EXPECT_EQ(d[0].where.str(), where);
    EXPECT_NE(d[0].message.find("YAML syntax error"), std::string::npos) << d[0].message;
    EXPECT_NE(d[0].message.find("a ',' outside"), std::string::npos) << d[0].message;
  }
  std::vector<Diagnostic> d;
  EXPECT_TRUE(parse("a: [1, 2]\nb: {c: 3, d: 4}\n", d)) << "commas inside flow collections";
  EXPECT_TRUE(d.empty());
}

TEST(Yaml, ANulByteIsOneErrorWhereItIsNamingWhatPrecedesIt) {
  using namespace std::string_view_literals;  // "…"sv keeps the NUL
  for (const std::string_view text :
       {"name: Bears\ntypes: Creature \0 Bear\n"sv, "name: Bears\ntypes: Creature \0\\s\n"sv}) {
    std::vector<Diagnostic> d;
    EXPECT_FALSE(parse(text, d));
    ASSERT_EQ(d.size(), 1u) << dump(d);
    EXPECT_EQ(d[0].where.str(), "t.yaml:2:17");
    EXPECT_NE(d[0].message.find("a NUL byte (0x00) after 'types: Creature '"), std::string::npos)
        << d[0].message;
  }
}

TEST(Yaml, AliasExpansionAndNestingAreBounded) {
  YamlLimits limits;
  limits.max_values = 50;
  std::vector<Diagnostic> d;
  // Each level doubles: 2^6 leaves from a short text ("billion laughs" in miniature).
  EXPECT_FALSE(parse("a: &a [x, x]\nb: &b [*a, *a]\nc: &c [*b, *b]\nd: &d [*c, *c]\ne: [*d, *d]\n",
                     d, limits));
  EXPECT_TRUE(find(d, "more than 50 values")) << dump(d);

  limits = {};
  limits.max_depth = 3;
  d.clear();
  EXPECT_FALSE(parse("[[[[[1]]]]]", d, limits));
  EXPECT_TRUE(find(d, "nested deeper than 3")) << dump(d);
}

// `cost: {1}{G}` reads as a map followed by more text: the syntax error says to quote it, as the
// error about a single `{G}` does. A value that is not braces gets no such hint.
TEST(Yaml, UnquotedManaSymbolsGetAQuoteItHint) {
  std::vector<Diagnostic> d;
  EXPECT_FALSE(parse("- name: Bear\n  cost: {1}{G}{G}\n  power: 2\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].str(),
            "t.yaml:2:12: error: YAML syntax error: end of map not found; YAML reads {1}{G}{G} "
            "unquoted as maps, not as text; quote it: \"{1}{G}{G}\"");
  d.clear();
  EXPECT_FALSE(parse("- name: Bear\n  cost: {a: 1} b\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].message.find("quote it"), std::string::npos) << dump(d);
}

// A key without its colon ("power 2"): yaml-cpp reads it as text running on into the next key
// and fails at that key's ':', or with a comment between fails at the line itself without
// saying why. The error is at the line missing the colon, with the fix.
TEST(Yaml, AKeyWithoutItsColonIsAnErrorAtThatLine) {
  std::vector<Diagnostic> d;
  EXPECT_FALSE(
      parse("- name: Savannah Lions\n  cost: \"{W}\"\n  power 2\n\n  # its toughness\n"
            "  toughness: 1\n",
            d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].str(),
            "t.yaml:3:3: error: YAML syntax error: 'power 2' has no ':' after its key; write "
            "'power: 2' (yaml-cpp: end of map not found)");
  d.clear();
  EXPECT_FALSE(parse("- name: Savannah Lions\n  power 2\n  toughness: 1\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].str(),
            "t.yaml:2:3: error: YAML syntax error: 'power 2' has no ':' after its key; write "
            "'power: 2' (YAML reads the line as text running on into line 3, and fails there: "
            "3:12: illegal map value)");
  d.clear();
  EXPECT_FALSE(parse("name: demo\nlicense CC0-1.0\nengine: \"^0.1\"\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].where.str(), "t.yaml:2:1");
  EXPECT_NE(d[0].message.find("write 'license: CC0-1.0'"), std::string::npos) << dump(d);
  // The same failure after a line that has its colon, or is indented as text running on, gets
  // yaml-cpp's message where yaml-cpp stopped.
  d.clear();
  EXPECT_FALSE(parse("a: 1\nb: c: 2\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].message.find("has no ':'"), std::string::npos) << dump(d);
  d.clear();
  EXPECT_FALSE(parse("text: one\n  two\n  three: 3\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].message.find("has no ':'"), std::string::npos) << dump(d);
}

// Past a quote that never closes, the rest of the file is that text: errors about what follows
// would all stem from it, so the file is refused with that one error.
TEST(Yaml, AnUnterminatedQuoteIsTheFilesOnlyError) {
  std::vector<Diagnostic> d;
  EXPECT_FALSE(parse("- name: Bear\n  cost: \"{1}{G}\n  types: Creature\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].where.str(), "t.yaml:2:9");
}

// A quote left open is an error at the quote: when it runs to the end of the file, and when a
// later quote on another line closes it and YAML fails on that line (yaml-cpp reports only
// where it stopped, after the later quote, far from the mistake).
TEST(Yaml, AQuoteLeftOpenIsAnErrorAtTheQuote) {
  std::vector<Diagnostic> d;
  (void)parse("- name: Bears\n  power: 2\n- name: \"Hill Giant\n  power: 3\n", d);
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].where.str(), "t.yaml:3:9");
  EXPECT_NE(d[0].message.find("unterminated quoted text"), std::string::npos) << dump(d);
  d.clear();
  EXPECT_FALSE(
      parse("# Don't \"quote\" me\n- name: Bears\n  text: It's big\n"
            "- name: \"Hill Giant\n  power: 3\n  text: \"big\"\n",
            d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].str(),
            "t.yaml:4:9: error: the double quote opened here is closed only on line 6, where the "
            "YAML then fails (6:10: end of map not found); is its closing quote missing?");
  // A quoted value may span lines: with the error elsewhere, it is reported where it is.
  d.clear();
  EXPECT_FALSE(parse("- name: 'Hill\n    Giant'\n  power: 3\n   bad: 1\n", d));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].message.find("YAML syntax error"), 0u) << dump(d);
}

// A file over a limit is refused whole: nothing of it is returned (readers would load the values
// before the limit and report the empty stand-ins after it as errors), with one error where the
// limit is crossed.
TEST(Yaml, AFileOverTheValueLimitIsRefusedWithOneErrorWhereItIsCrossed) {
  YamlLimits limits;
  limits.max_values = 10;
  std::vector<Diagnostic> d;
  EXPECT_FALSE(
      parse("- {name: a, cost: 1}\n- {name: b, cost: 2}\n- {name: c, cost: 3}\n"
            "- {name: d, cost: 4}\n",
            d, limits));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(
      d[0].str(),
      "t.yaml:4:3: error: more than 10 values (after expanding aliases); the file is refused");
  limits = {};
  limits.max_depth = 2;
  d.clear();
  EXPECT_FALSE(parse("- [[1], [[2]], [[3]]]\n", d, limits));
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].str(),
            "t.yaml:1:5: error: values nested deeper than 2 levels; the file is refused");
}

TEST(MapReader, ReportsMissingAndUnknownKeysWithDidYouMean) {
  std::vector<Diagnostic> d;
  auto root = parse("nmae: Bears\ncost: 1\n", d);
  ASSERT_TRUE(root);
  {
    MapReader r(*root, "card", d);
    EXPECT_EQ(r.required("name"), nullptr);
    EXPECT_NE(r.optional("cost"), nullptr);
    // finish() runs in the destructor.
  }
  ASSERT_EQ(d.size(), 2u) << dump(d);
  EXPECT_EQ(d[0].str(), "t.yaml:1:1: error: card is missing the required key 'name'");
  EXPECT_EQ(d[1].str(), "t.yaml:1:1: error: unknown key 'nmae' in card; did you mean 'name'?");
}

// A key whose value is a block starts a line above it: every map knows where its keys are, and
// an unknown key is reported there, not where its value begins.
TEST(MapReader, AnUnknownKeyIsReportedAtTheKeyNotAtItsBlockValue) {
  std::vector<Diagnostic> d;
  auto root = parse("name: Bears\nabilites:\n  - Flying\nflavour: >\n  Big.\n", d);
  ASSERT_TRUE(root) << dump(d);
  EXPECT_EQ(root->key_where(1).str(), "t.yaml:2:1");
  EXPECT_EQ(root->entries()[1].second.where().str(), "t.yaml:3:3");
  {
    MapReader r(*root, "card", d);
    EXPECT_NE(r.required("name"), nullptr);
    (void)r.optional("abilities");
    (void)r.optional("flavor");
  }
  ASSERT_EQ(d.size(), 2u) << dump(d);
  EXPECT_EQ(d[0].str(),
            "t.yaml:2:1: error: unknown key 'abilites' in card; did you mean 'abilities'?");
  EXPECT_EQ(d[1].str(), "t.yaml:4:1: error: unknown key 'flavour' in card; did you mean 'flavor'?");
}

TEST(MapReader, ANonMapIsOneErrorAndNoMore) {
  std::vector<Diagnostic> d;
  auto root = parse("- a\n- b\n", d);
  MapReader r(*root, "pack.yaml", d);
  EXPECT_FALSE(r.ok());
  EXPECT_EQ(r.required("name"), nullptr);
  r.finish();
  ASSERT_EQ(d.size(), 1u);
  EXPECT_NE(d[0].message.find("must be a map"), std::string::npos);
}

}  // namespace
}  // namespace anvil::pack_test
