// Registry, Registrar and the interfaces' kernel-side defaults, without loading any library:
// entries are added the way the host program and PluginHost add them.
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <anvil/sdk.hpp>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace anvil;
using ::testing::AllOf;
using ::testing::ElementsAre;
using ::testing::HasSubstr;

class NamedKeyword final : public KeywordHandler {
 public:
  explicit NamedKeyword(std::string summary) : summary_(std::move(summary)) {}
  void compile(const Params&, CompileContext&) const override {}
  std::string summary() const override { return summary_; }

 private:
  std::string summary_;
};

class NoValue final : public ValueFunction {
 public:
  std::shared_ptr<const ValueExpr> compile(std::string_view, CompileContext&) const override {
    return nullptr;
  }
};

RegistryEntry entry(PluginKind kind, std::string name, std::string provider,
                    std::string file = {}) {
  RegistryEntry e;
  e.kind = kind;
  e.name = std::move(name);
  e.version = "1.0.0";
  e.provider = std::move(provider);
  e.file = std::move(file);
  e.impl = std::make_shared<NamedKeyword>(e.name);
  return e;
}

std::vector<std::string> names_of(const std::vector<const RegistryEntry*>& entries) {
  std::vector<std::string> out;
  for (const RegistryEntry* e : entries) out.push_back(e->name);
  return out;
}

TEST(Registry, ADuplicateNameIsRefusedNamingBothProvidersAndTheFix) {
  Registry registry;
  registry.commit({entry(PluginKind::keyword, "spDamageTgt", "a", "/p/a.so")});
  try {
    registry.commit({entry(PluginKind::keyword, "spDamageTgt", "b", "/p/b.so")});
    ADD_FAILURE() << "a duplicate keyword was registered";
  } catch (const PluginError& e) {
    EXPECT_EQ(e.plugin(), "b");
    EXPECT_EQ(e.file(), "/p/b.so");
    EXPECT_EQ(e.problem(),
              "registers keyword 'spDamageTgt', already registered by plugin 'a' (/p/a.so)");
    EXPECT_THAT(e.fix(), HasSubstr("remove one of the plugins"));
    EXPECT_THAT(e.what(), HasSubstr("plugin 'b' (/p/b.so)"));
  }
  EXPECT_EQ(registry.entry(PluginKind::keyword, "spDamageTgt")->provider, "a");
}

TEST(Registry, CommitIsAllOrNothing) {
  Registry registry;
  registry.commit({entry(PluginKind::value_function, "Count", "a")});
  std::vector<RegistryEntry> batch;
  batch.push_back(entry(PluginKind::keyword, "fresh", "b"));
  batch.push_back(entry(PluginKind::value_function, "Count", "b"));
  EXPECT_THROW(registry.commit(std::move(batch)), PluginError);
  EXPECT_EQ(registry.entry(PluginKind::keyword, "fresh"), nullptr);
  EXPECT_EQ(registry.all().size(), 1u);
}

TEST(Registry, TheSameNameTwiceInOneCommitIsRefused) {
  Registry registry;
  std::vector<RegistryEntry> batch;
  batch.push_back(entry(PluginKind::effect_verb, "Draw", "a"));
  batch.push_back(entry(PluginKind::effect_verb, "Draw", "a"));
  try {
    registry.commit(std::move(batch));
    ADD_FAILURE() << "one plugin registered the same verb twice";
  } catch (const PluginError& e) {
    EXPECT_THAT(e.problem(), HasSubstr("effect verb 'Draw'"));
    EXPECT_THAT(e.fix(), HasSubstr("once"));
  }
  EXPECT_TRUE(registry.all().empty());
}

TEST(Registry, TheSameNameOfAnotherKindIsAnotherEntry) {
  Registry registry;
  registry.commit({entry(PluginKind::keyword, "Drawback", "a"),
                   entry(PluginKind::effect_verb, "Drawback", "b")});
  EXPECT_EQ(registry.entry(PluginKind::keyword, "Drawback")->provider, "a");
  EXPECT_EQ(registry.entry(PluginKind::effect_verb, "Drawback")->provider, "b");
}

TEST(Registry, AnEntryWithoutANameOrImplementationIsRefused) {
  Registry registry;
  RegistryEntry unnamed = entry(PluginKind::keyword, "", "a");
  EXPECT_THROW(registry.commit({unnamed}), PluginError);
  RegistryEntry empty = entry(PluginKind::keyword, "hollow", "a");
  empty.impl.reset();
  try {
    registry.commit({empty});
    ADD_FAILURE() << "an entry without an implementation was registered";
  } catch (const PluginError& e) {
    EXPECT_THAT(e.problem(),
                AllOf(HasSubstr("keyword 'hollow'"), HasSubstr("without an implementation")));
  }
  EXPECT_TRUE(registry.all().empty());
}

TEST(Registry, GetOfAnUnknownNameIsALoadErrorAtTheCallersLocationWithDidYouMean) {
  Registry registry;
  registry.add<ValueFunction>("Count", std::make_shared<NoValue>());
  try {
    (void)registry.get<ValueFunction>("Cuont", SourceLocation{"packs/x/cards/burn.txt", 41, 5});
    ADD_FAILURE() << "get<>() returned an unknown name";
  } catch (const LoadError& e) {
    EXPECT_EQ(e.where().str(), "packs/x/cards/burn.txt:41:5");
    EXPECT_EQ(e.problem(), "unknown value function 'Cuont'");
    EXPECT_EQ(e.hint(), "did you mean 'Count'?");
  }
}

TEST(Registry, GetOfAKindNobodyProvidesSaysSo) {
  Registry registry;
  try {
    (void)registry.get<RulesModule>("classic");
    ADD_FAILURE() << "get<>() returned from an empty registry";
  } catch (const LoadError& e) {
    EXPECT_THAT(e.hint(), AllOf(HasSubstr("no rules module is registered"), HasSubstr("plugin")));
  }
}

TEST(Registry, GetOfAFarOffNameListsTheKnownOnes) {
  Registry registry;
  registry.add<ValueFunction>("Count", std::make_shared<NoValue>());
  registry.add<ValueFunction>("Doubled", std::make_shared<NoValue>());
  try {
    (void)registry.get<ValueFunction>("Something");
    ADD_FAILURE();
  } catch (const LoadError& e) {
    EXPECT_EQ(e.hint(), "known value functions: Count, Doubled");
  }
}

TEST(Registry, EntriesOfAKindAreSortedByNameAndFindReturnsNullForUnknown) {
  Registry registry;
  registry.commit({entry(PluginKind::keyword, "b", "p"), entry(PluginKind::keyword, "a", "p"),
                   entry(PluginKind::effect_verb, "c", "p")});
  EXPECT_THAT(names_of(registry.entries(PluginKind::keyword)), ElementsAre("a", "b"));
  EXPECT_THAT(registry.names(PluginKind::effect_verb), ElementsAre("c"));
  EXPECT_TRUE(registry.entries(PluginKind::agent).empty());
  EXPECT_EQ(registry.all().size(), 3u);
  EXPECT_EQ(registry.find<KeywordHandler>("zzz"), nullptr);
  EXPECT_EQ(registry.find<KeywordHandler>("a")->summary(), "a");
}

TEST(Registry, RemoveProviderTakesOutExactlyThatProvidersEntries) {
  Registry registry;
  registry.commit({entry(PluginKind::keyword, "k1", "a"), entry(PluginKind::keyword, "k2", "b"),
                   entry(PluginKind::agent, "ai", "a")});
  const std::vector<RegistryEntry> removed = registry.remove_provider("a");
  std::vector<std::string> names;
  for (const RegistryEntry& e : removed) names.push_back(e.name);
  EXPECT_THAT(names, ::testing::UnorderedElementsAre("k1", "ai"));
  EXPECT_THAT(names_of(registry.all()), ElementsAre("k2"));
  EXPECT_TRUE(registry.remove_provider("nobody").empty());
}

TEST(Registry, EveryPluginKindHasAName) {
  std::vector<std::string> seen;
  for (std::size_t k = 0; k < kPluginKindCount; ++k) {
    const std::string name = to_string(static_cast<PluginKind>(k));
    EXPECT_NE(name, "unknown plugin kind") << k;
    EXPECT_THAT(seen, ::testing::Not(::testing::Contains(name)));
    seen.push_back(name);
  }
}

TEST(Registrar, AddedEntriesCarryPluginVersionFileAndLibrary) {
  auto library = std::make_shared<int>(7);  // stands in for the library handle
  Registrar registrar("value-doubled", "1.2.0", "/p/doubled.so", library);
  registrar.add<KeywordHandler>("dbl", std::make_shared<NamedKeyword>("dbl"));
  registrar.add<KeywordHandler>("dbl2", "2.0.0", std::make_shared<NamedKeyword>("dbl2"));
  std::vector<RegistryEntry> entries = registrar.take();
  ASSERT_EQ(entries.size(), 2u);
  EXPECT_EQ(entries[0].provider, "value-doubled");
  EXPECT_EQ(entries[0].file, "/p/doubled.so");
  EXPECT_EQ(entries[0].version, "1.2.0");
  EXPECT_EQ(entries[1].version, "2.0.0");
  EXPECT_EQ(entries[0].library, library);
  EXPECT_EQ(entries[0].kind, PluginKind::keyword);
}

TEST(Registrar, AddingANullImplementationThrowsNamingThePlugin) {
  Registrar registrar("p", "1.0.0", "/p/p.so", nullptr);
  try {
    registrar.add<KeywordHandler>("nothing", std::shared_ptr<const KeywordHandler>());
    ADD_FAILURE();
  } catch (const PluginError& e) {
    EXPECT_EQ(e.plugin(), "p");
    EXPECT_THAT(e.problem(), HasSubstr("keyword 'nothing'"));
  }
}

TEST(HostBuildInfo, DescribesThisBuildTheWayAnvilPluginDoes) {
  const AnvilPluginInfo& h = host_build_info();
  EXPECT_EQ(h.magic, kAnvilPluginMagic);
  EXPECT_EQ(h.struct_size, sizeof(AnvilPluginInfo));
  EXPECT_EQ(h.abi_major, static_cast<std::uint32_t>(ANVIL_ABI_MAJOR));
  EXPECT_EQ(h.abi_minor, static_cast<std::uint32_t>(ANVIL_ABI_MINOR));
  EXPECT_STREQ(h.compiler, ANVIL_COMPILER_ID);
  EXPECT_STREQ(h.stdlib, ANVIL_STDLIB_ID);
  EXPECT_STREQ(h.boost, ANVIL_BOOST_ID);
  EXPECT_STREQ(h.sdk, ANVIL_SDK_VERSION_STRING);
}

TEST(Diagnostic, StrIsLocationSeverityAndMessage) {
  Diagnostic error{Diagnostic::Severity::error, SourceLocation{"cards.txt", 3, 7}, "bad token"};
  EXPECT_EQ(error.str(), "cards.txt:3:7: error: bad token");
  Diagnostic warning{Diagnostic::Severity::warning, SourceLocation{"pack.yaml", 2, 0}, "unused"};
  EXPECT_EQ(warning.str(), "pack.yaml:2: warning: unused");
}

// A rules module that only counts its steps, to check the kernel's defaults.
class CountdownRules final : public RulesModule {
 public:
  std::unique_ptr<Game> setup(std::shared_ptr<const CardPool> cards,
                              const MatchConfig&) const override {
    return std::make_unique<Game>(std::move(cards), 2, 1);
  }
  bool advance(Game&) const override { return ++steps_ < 5; }
  std::vector<LegalAction> legal_actions(const Game&, PlayerId) const override { return {}; }
  void check_state(Game&) const override {}
  std::unique_ptr<Game> setup_position(std::shared_ptr<const CardPool> cards, const Position&) const override {
    return std::make_unique<Game>(std::move(cards), 2, 1);
  }
  std::vector<std::string> step_names() const override { return {"only"}; }
  std::string step_name(const Game&) const override { return "only"; }
  std::string why_not(const Game&, PlayerId, const LegalAction&) const override { return "nothing is ever legal"; }
  int steps() const { return steps_; }

 private:
  mutable int steps_ = 0;
};

TEST(RulesModuleDefaults, PlayAdvancesUntilOverAndOutcomeIsThePlayersOutcomes) {
  CountdownRules rules;
  std::unique_ptr<Game> game = rules.setup(std::make_shared<CardPool>(), MatchConfig{});
  rules.play(*game);
  EXPECT_EQ(rules.steps(), 5);
  game->journal().set_outcome(PlayerId{1}, Outcome::won);
  EXPECT_THAT(rules.outcome(*game), ElementsAre(Outcome::playing, Outcome::won));
}

}  // namespace
