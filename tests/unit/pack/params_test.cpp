#include "anvil/params.hpp"

#include <gtest/gtest.h>

#include "anvil/error.hpp"

namespace anvil {
namespace {

// EXPECT that `f` throws a LoadError whose message contains `text`; returns it for more checks.
template <class F>
LoadError expect_load_error(F&& f, std::string_view text) {
  try {
    f();
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find(text), std::string::npos) << e.what();
    return e;
  }
  ADD_FAILURE() << "no LoadError; expected one containing: " << text;
  return LoadError({}, "none");
}

TEST(Params, ParseClassicSplitsOnColonsWithOneBasedColumns) {
  const Params p =
      Params::parse_classic("spDamageTgtCP:3:Drawback$YouGainLife/3", {"burn.txt", 41, 1});
  EXPECT_EQ(p.keyword(), "spDamageTgtCP");
  EXPECT_FALSE(p.is_named());
  ASSERT_EQ(p.size(), 2u);
  EXPECT_EQ(p.at(0)->text(), "3");
  EXPECT_EQ(p.at(0)->where().str(), "burn.txt:41:15");
  EXPECT_EQ(p.at(1)->text(), "Drawback$YouGainLife/3");
  EXPECT_EQ(p.at(1)->where().str(), "burn.txt:41:17");
  EXPECT_EQ(p.where().column, 1u);
  EXPECT_EQ(p.at(2), nullptr);
}

TEST(Params, ParseClassicCountsColumnsFromWhereTheLineStarts) {
  // A line inside a YAML list item, starting at column 7; and a whole-line location (column 0).
  EXPECT_EQ(Params::parse_classic("kw:a", {"f", 3, 7}).at(0)->where().column, 10u);
  EXPECT_EQ(Params::parse_classic("kw:a", {"f", 3, 0}).at(0)->where().column, 4u);
}

TEST(Params, ParseClassicKeepsEmptyParts) {
  const Params p = Params::parse_classic("kw:a::b:", {"f", 1, 1});
  ASSERT_EQ(p.size(), 4u);
  EXPECT_EQ(p.at(1)->text(), "");
  EXPECT_EQ(p.at(1)->where().column, 6u);
  EXPECT_EQ(p.at(3)->text(), "");
  EXPECT_EQ(Params::parse_classic("Flying", {"f", 1, 1}).size(), 0u);
}

TEST(Params, BindPositionalFillsTheSchemaInOrder) {
  const Params p = Params::parse_classic("spDamageTgt:3", {"f", 2, 1});
  const Bound b = p.bind({"amount", "drawback?", "description?"});
  EXPECT_EQ(b.required("amount").integer(), 3);
  EXPECT_EQ(b.optional("drawback"), nullptr);
  EXPECT_EQ(b.optional("description"), nullptr);
}

TEST(Params, BindNamedFindsValuesByName) {
  const Params p = Params::named("spDamageTgt",
                                 {{"drawback", Param::scalar("YouGainLife/3", {"f", 5, 30})},
                                  {"amount", Param::scalar("3", {"f", 5, 20})}},
                                 {"f", 5, 3});
  EXPECT_TRUE(p.is_named());
  const Bound b = p.bind({"amount", "drawback?"});
  EXPECT_EQ(b.required("amount").integer(), 3);
  ASSERT_NE(b.optional("drawback"), nullptr);
  EXPECT_EQ(b.optional("drawback")->text(), "YouGainLife/3");
  EXPECT_EQ(p.get("amount")->text(), "3");
  EXPECT_EQ(p.at(0), nullptr);  // a named Params has no positions
}

TEST(Params, MissingRequiredValueIsALoadErrorAtTheKeyword) {
  const Params p = Params::named("spDamageTgt", {}, {"f", 9, 5});
  const Bound b = p.bind({"amount"});
  const LoadError e = expect_load_error([&] { (void)b.required("amount"); }, "'amount'");
  EXPECT_EQ(e.where().str(), "f:9:5");
}

TEST(Params, UnknownNameIsALoadErrorWithDidYouMean) {
  const Params p =
      Params::named("spDamageTgt", {{"amont", Param::scalar("3", {"f", 2, 12})}}, {"f", 2, 3});
  const LoadError e = expect_load_error([&] { (void)p.bind({"amount", "drawback?"}); }, "'amont'");
  EXPECT_EQ(e.hint(), "did you mean 'amount'?");
  EXPECT_EQ(e.where().str(), "f:2:12");
}

// From a map read from a file, a name is located at its key; the value may be a block below.
TEST(Params, NamedFromAMapReportsABadNameAtItsKey) {
  const Param map = Param::map({{"amont", Param::list({}, {"f", 3, 5})},
                                {"amount", Param::scalar("3", {"f", 4, 11})},
                                {"amount", Param::scalar("4", {"f", 5, 11})}},
                               {{"f", 2, 3}, {"f", 4, 3}, {"f", 5, 3}}, {"f", 2, 3});
  const Params p = Params::named_map("spDamageTgt", map, {"f", 1, 3});
  EXPECT_EQ(p.get("amont")->where().str(), "f:3:5");
  LoadError e = expect_load_error([&] { (void)p.bind({"amount", "drawback?"}); }, "'amont'");
  EXPECT_EQ(e.where().str(), "f:2:3");
  e = expect_load_error([&] { (void)p.bind({"amount", "amont"}); }, "'amount' is given twice");
  EXPECT_EQ(e.where().str(), "f:5:3");
  expect_load_error([] { (void)Params::named_map("kw", Param::scalar("x", {}), {}); }, "a map");
}

TEST(Params, TooManyPositionalValuesIsALoadErrorAtTheFirstExtra) {
  const Params p = Params::parse_classic("kw:1:2:3", {"f", 1, 1});
  const LoadError e = expect_load_error([&] { (void)p.bind({"a", "b?"}); }, "at most 2 values");
  EXPECT_EQ(e.where().column, 8u);
  const Params one = Params::parse_classic("kw:1:2", {"f", 1, 1});
  (void)expect_load_error([&] { (void)one.bind({"amount"}); },
                          "'kw' takes at most 1 value (amount); found 2");
}

TEST(Params, ParamAccessorsCheckTheirKindAndSyntax) {
  EXPECT_EQ(Param::scalar("-3", {}).integer(), -3);
  EXPECT_EQ(Param::scalar("+4", {}).integer(), 4);
  expect_load_error([] { (void)Param::scalar("3x", {}).integer(); }, "whole number");
  expect_load_error([] { (void)Param::scalar("", {}).integer(); }, "whole number");
  expect_load_error([] { (void)Param::scalar("99999999999999999999", {}).integer(); }, "too large");
  EXPECT_TRUE(Param::scalar("yes", {}).boolean());
  EXPECT_FALSE(Param::scalar("false", {}).boolean());
  expect_load_error([] { (void)Param::scalar("maybe", {}).boolean(); }, "true or false");
  const Param list = Param::list({Param::scalar("a", {})}, {"f", 4, 2});
  const LoadError e = expect_load_error([&] { (void)list.text(); }, "found a list");
  EXPECT_EQ(e.where().str(), "f:4:2");
  const Param map = Param::map({{"k", Param::scalar("v", {})}}, {});
  EXPECT_EQ(map.find("k")->text(), "v");
  EXPECT_EQ(map.find("x"), nullptr);
  EXPECT_EQ(list.find("k"), nullptr);
}

// A map keeps where each key is, apart from its value (a block value starts a line below its
// key); a map built without key locations answers with its values' locations.
TEST(Param, AMapKnowsWhereEachKeyIs) {
  const Param read = Param::map(
      {{"name", Param::scalar("Bolt", {"f", 1, 7})}, {"play", Param::list({}, {"f", 3, 3})}},
      {{"f", 1, 1}, {"f", 2, 1}}, {"f", 1, 1});
  EXPECT_EQ(read.key_where(0).str(), "f:1:1");
  EXPECT_EQ(read.key_where(1).str(), "f:2:1");
  EXPECT_EQ(read.find("play")->where().str(), "f:3:3");
  const Param built = Param::map({{"name", Param::scalar("Bolt", {"f", 4, 9})}}, {"f", 4, 1});
  EXPECT_EQ(built.key_where(0).str(), "f:4:9");
  EXPECT_THROW((void)built.key_where(1), RulesError);
  expect_load_error([] { (void)Param::scalar("x", {}).key_where(0); }, "expected a map");
  EXPECT_THROW((void)Param::map({{"k", Param::scalar("v", {})}}, {}, {}), RulesError);
}

// ParamAudit: found keys are read, keys never asked for (and nothing below them) are listed in
// file order, entries() reads a whole map, a Pause reads nothing, and audits nest.
TEST(ParamAudit, ListsTheKeysNobodyReadAndOnlyThose) {
  const SourceLocation at{"cards.json", 1, 1};
  const auto scalar = [&](const char* t) { return Param::scalar(t, at); };
  const Param card = Param::map(
      {{"name", scalar("Bolt")},
       {"play",
        Param::list({Param::map({{"damage", scalar("2")}, {"amout", scalar("3")}}, at)}, at)},
       {"extra", Param::map({{"deep", scalar("x")}}, at)},
       {"listed", Param::map({{"a", scalar("1")}, {"b", scalar("2")}}, at)}},
      at);
  ParamAudit audit;
  ASSERT_NE(card.find("name"), nullptr);
  EXPECT_EQ(card.find("missing"), nullptr);
  const Param* play = card.find("play");
  (void)play->items()[0].find("damage");
  (void)card.find("listed")->entries();
  {
    const ParamAudit::Pause pause;
    (void)card.find("extra");  // looked at, not read
    ParamAudit inner;          // an inner audit notes for itself only
    (void)play->items()[0].find("amout");
  }
  const std::vector<ParamAudit::Unread> unread = audit.unread(card);
  ASSERT_EQ(unread.size(), 2u);
  EXPECT_EQ(unread[0].key, "amout");
  EXPECT_EQ(unread[0].map, &play->items()[0]);
  EXPECT_EQ(unread[1].key, "extra");  // alone: "deep" below it is not listed
  EXPECT_EQ(unread[1].value, card.find("extra"));
}

// asked(): the keys find() looked for in a map and did not find, once each, in order; only while
// this audit noted (not paused, not an inner audit's), and only of that map.
TEST(ParamAudit, AskedListsTheKeysLookedForInVainInAMap) {
  const SourceLocation at{"cards.json", 1, 1};
  const Param damage =
      Param::map({{"name", Param::scalar("damage", at)}, {"amout", Param::scalar("2", at)}}, at);
  const Param other = Param::map({{"name", Param::scalar("heal", at)}}, at);
  ParamAudit audit;
  (void)damage.find("name");
  (void)damage.find("amount");
  (void)damage.find("multiplier");
  (void)damage.find("amount");
  (void)other.find("count");
  {
    const ParamAudit::Pause pause;
    (void)damage.find("paused");
    ParamAudit inner;
    (void)damage.find("inner");
    EXPECT_EQ(inner.asked(damage), std::vector<std::string>{"inner"});
  }
  EXPECT_EQ(audit.asked(damage), (std::vector<std::string>{"amount", "multiplier"}));
  EXPECT_EQ(audit.asked(other), std::vector<std::string>{"count"});
  EXPECT_EQ(did_you_mean("amout", audit.asked(damage)), "did you mean 'amount'?");
}

TEST(ParamAudit, AnUnreadKeyIsLocatedAtTheKey) {
  const Param card =
      Param::map({{"name", Param::scalar("Bolt", {"f", 1, 7})},
                  {"extra", Param::map({{"deep", Param::scalar("x", {"f", 3, 9})}}, {"f", 3, 3})}},
                 {{"f", 1, 1}, {"f", 2, 1}}, {"f", 1, 1});
  const ParamAudit audit;
  (void)card.find("name");
  const std::vector<ParamAudit::Unread> unread = audit.unread(card);
  ASSERT_EQ(unread.size(), 1u);
  EXPECT_EQ(unread[0].key, "extra");
  EXPECT_EQ(unread[0].key_where.str(), "f:2:1");
  EXPECT_EQ(unread[0].value->where().str(), "f:3:3");
}

}  // namespace
}  // namespace anvil
