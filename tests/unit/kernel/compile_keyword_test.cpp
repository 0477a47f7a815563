// compile_keyword: the one path from a card line to abilities, used by every card loader.
#include <gtest/gtest.h>

#include "anvil/extensions.hpp"
#include "fixtures.hpp"

namespace anvil::testing {
namespace {

class Vanilla final : public Ability {
 public:
  std::string describe() const override { return "nothing"; }
};

class Adds final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() > 0 && params.at(0)->text() == "bad") params.at(0)->fail("'bad' is not allowed");
    if (params.size() > 0 && params.at(0)->text() == "crash") {
      ctx.card.abilities.push_back({AbilityKind::spell, "half-built", "", {}, std::make_shared<Vanilla>()});
      throw std::runtime_error("handler bug");
    }
    ctx.card.abilities.push_back({AbilityKind::spell, params.keyword(), "", {}, std::make_shared<Vanilla>()});
  }
  std::string summary() const override { return "adds an ability"; }
};

struct Fixture {
  Registry registry;
  CardDef card;
  std::vector<Diagnostic> diagnostics;
  CompileContext ctx{registry, card, SourceLocation{"cards.txt", 3, 1}, diagnostics};
  Fixture() { registry.add<KeywordHandler>("spAdd", std::make_shared<Adds>(), "1.2.0", "adds-plugin"); }
};

TEST(CompileKeyword, StampsTheProviderAndKeepsThePluginAliveWhileTheCardLives) {
  Fixture f;
  const auto users = [&] { return f.registry.entry(PluginKind::keyword, "spAdd")->impl.use_count(); };
  const long before = users();
  {
    CardDef card;
    CompileContext ctx{f.registry, card, SourceLocation{"cards.txt", 3, 1}, f.diagnostics};
    compile_keyword(Params::parse_classic("spAdd", {"cards.txt", 3, 1}), ctx);
    ASSERT_EQ(card.abilities.size(), 1u);
    EXPECT_EQ(card.abilities[0].provider, "adds-plugin");
    EXPECT_EQ(card.abilities[0].where.line, 3u);
    EXPECT_EQ(users(), before + 1) << "the card's ability holds the plugin's handler";
  }
  EXPECT_EQ(users(), before) << "and lets go of it with the card";
}

TEST(CompileKeyword, UnknownKeywordIsALoadErrorWithAHint) {
  Fixture f;
  try {
    compile_keyword(Params::parse_classic("spAd:3", {"cards.txt", 3, 1}), f.ctx);
    FAIL() << "expected LoadError";
  } catch (const LoadError& e) {
    EXPECT_EQ(e.where().line, 3u);
    EXPECT_NE(std::string(e.what()).find("unknown keyword 'spAd'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("did you mean 'spAdd'"), std::string::npos) << e.what();
  }
}

TEST(LoadErrorMessage, NamesTheLocationWhenThereIsOne) {
  EXPECT_STREQ(LoadError({"cards.txt", 3, 5}, "bad token", "fix it").what(),
               "cards.txt:3:5: bad token; fix it");
  EXPECT_STREQ(LoadError({"", 3, 0}, "bad token").what(), "<input>:3: bad token");
  EXPECT_STREQ(LoadError({}, "unknown agent 'x'").what(), "unknown agent 'x'");
}

TEST(CompileKeyword, AFailingHandlerLeavesTheCardAsItWasAndIsNamed) {
  Fixture f;
  EXPECT_THROW(compile_keyword(Params::parse_classic("spAdd:bad", {"cards.txt", 3, 1}), f.ctx), LoadError);
  try {
    compile_keyword(Params::parse_classic("spAdd:crash", {"cards.txt", 3, 1}), f.ctx);
    FAIL() << "expected LoadError";
  } catch (const LoadError& e) {
    EXPECT_NE(std::string(e.what()).find("plugin 'adds-plugin'"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("handler bug"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(f.card.abilities.empty()) << "no half-compiled ability is kept";
}

}  // namespace
}  // namespace anvil::testing
