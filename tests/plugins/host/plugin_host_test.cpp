// PluginHost against every way a plugin can be wrong (the test plugins beside this file, built
// into ANVIL_TEST_PLUGIN_DIR). Each refusal must name the file (and the plugin once its
// handshake is read), say what is wrong and how to fix it, leave the registry exactly as it
// was, and leave the host able to load the next plugin.
#include <dlfcn.h>
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/sdk.hpp>
#include <atomic>
#include <boost/version.hpp>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace {

namespace fs = std::filesystem;
using namespace anvil;
using ::testing::AllOf;
using ::testing::HasSubstr;
using ::testing::Not;
using ::testing::StartsWith;

const fs::path kPluginDir = ANVIL_TEST_PLUGIN_DIR;

fs::path plugin_file(std::string_view name) { return kPluginDir / (std::string(name) + ".so"); }

std::string canonical_path(const fs::path& p) { return fs::weakly_canonical(p).string(); }

// "gcc 12, libstdc++ 12 cxx11-abi, boost 107400, sdk 0.1.0" for this build.
std::string host_fingerprint() {
  const AnvilPluginInfo& h = host_build_info();
  return std::string(h.compiler) + ", " + h.stdlib + ", boost " + h.boost + ", sdk " + h.sdk;
}

std::string host_abi() {
  const AnvilPluginInfo& h = host_build_info();
  return std::to_string(h.abi_major) + "." + std::to_string(h.abi_minor);
}

std::string rebuild_fix() {
  const AnvilPluginInfo& h = host_build_info();
  return std::string("rebuild the plugin against Anvil SDK ") + h.sdk + " with " + h.compiler;
}

// Everything a registry holds, as comparable text.
std::vector<std::string> snapshot(const Registry& registry) {
  std::vector<std::string> out;
  for (const RegistryEntry* e : registry.all())
    out.push_back(std::string(to_string(e->kind)) + " " + e->name + " " + e->version + " " +
                  e->provider + " " + e->file);
  return out;
}

// A fresh folder under the system temp dir, removed with everything in it.
class TempDir {
 public:
  TempDir() {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() / ("anvil-plugin-host-test-" + std::to_string(::getpid()) +
                                         "-" + std::to_string(counter++));
    fs::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

// Whether /proc/self/maps shows `path` replaced on disk but still mapped.
bool deleted_but_mapped(const std::string& path) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  const std::string needle = " " + path + " (deleted)";
  while (std::getline(maps, line))
    if (line.size() >= needle.size() &&
        line.compare(line.size() - needle.size(), needle.size(), needle) == 0)
      return true;
  return false;
}

// Sets (or unsets) an environment variable for one scope.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value)
      ::setenv(name, value, 1);
    else
      ::unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      ::setenv(name_, old_->c_str(), 1);
    else
      ::unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

class PluginHostTest : public ::testing::Test {
 protected:
  // Loads `name` expecting a refusal; the registry and the list of plugins must not change.
  PluginError refusal(std::string_view name) {
    const std::vector<std::string> before = snapshot(registry_);
    const std::size_t plugins_before = host_.plugins().size();
    try {
      (void)host_.load(plugin_file(name));
    } catch (const PluginError& e) {
      EXPECT_EQ(snapshot(registry_), before)
          << "a refused plugin changed the registry: " << e.what();
      EXPECT_EQ(host_.plugins().size(), plugins_before);
      EXPECT_EQ(e.file(), canonical_path(plugin_file(name)));
      EXPECT_THAT(e.what(), HasSubstr(std::string(name) + ".so"));
      return e;
    }
    ADD_FAILURE() << name << " was loaded, but the host should have refused it";
    return {"", "", "not refused"};
  }

  void expect_host_still_works() {
    const LoadedPlugin& good = host_.load(plugin_file("test-good"));
    EXPECT_EQ(good.name, "test-good");
    ASSERT_NE(registry_.find<KeywordHandler>("testKeyword"), nullptr);
    EXPECT_THAT(registry_.find<KeywordHandler>("testKeyword")->summary(), HasSubstr("test-good"));
  }

  Registry registry_;
  PluginHost host_{registry_};
};

// --- loading what is right ------------------------------------------------------------------

TEST_F(PluginHostTest, LoadsAGoodPluginAndRegistersEverythingItProvides) {
  const LoadedPlugin& p = host_.load(plugin_file("test-good"));
  EXPECT_EQ(p.name, "test-good");
  EXPECT_EQ(p.version, "1.0.0");
  EXPECT_THAT(p.description, HasSubstr("keyword"));
  EXPECT_EQ(p.file, canonical_path(plugin_file("test-good")));
  EXPECT_EQ(p.abi_major, host_build_info().abi_major);
  EXPECT_EQ(p.abi_minor, host_build_info().abi_minor);
  EXPECT_EQ(p.fingerprint, host_fingerprint());
  EXPECT_THAT(p.provides, ::testing::UnorderedElementsAre(
                              std::pair{PluginKind::keyword, std::string("testKeyword")},
                              std::pair{PluginKind::effect_verb, std::string("TestGainLife")},
                              std::pair{PluginKind::agent, std::string("test-first")}));

  const RegistryEntry* e = registry_.entry(PluginKind::keyword, "testKeyword");
  ASSERT_NE(e, nullptr);
  EXPECT_EQ(e->provider, "test-good");
  EXPECT_EQ(e->file, p.file);
  EXPECT_EQ(e->version, "1.0.0");
  EXPECT_NE(e->library, nullptr);

  // The registered objects are the plugin's and work.
  EXPECT_EQ(registry_.get<KeywordHandler>("testKeyword")->summary(),
            "testKeyword: marks a card (test-good 1.0.0)");
  CardDef card;
  std::vector<Diagnostic> diagnostics;
  CompileContext ctx{registry_, card, SourceLocation{"cards.txt", 4, 9}, diagnostics};
  auto verb = registry_.get<EffectVerb>("TestGainLife");
  EXPECT_EQ(verb->compile("3", ctx)->describe(), "you gain 3 life");
  try {
    (void)verb->compile("three", ctx);
    ADD_FAILURE() << "TestGainLife accepted 'three'";
  } catch (const LoadError& error) {  // a kernel type thrown by plugin code, caught by type
    EXPECT_EQ(error.where().str(), "cards.txt:4:9");
    EXPECT_THAT(error.what(), HasSubstr("'three'"));
  }
}

TEST_F(PluginHostTest, LoadingTheSameFileTwiceIsANoOpReturningTheFirstLoad) {
  const LoadedPlugin* first = &host_.load(plugin_file("test-good"));
  const std::vector<std::string> registered = snapshot(registry_);
  const LoadedPlugin* again = &host_.load(plugin_file("test-good"));
  const LoadedPlugin* respelled = &host_.load(kPluginDir / "." / "reload" / ".." / "test-good.so");
  EXPECT_EQ(first, again);
  EXPECT_EQ(first, respelled);
  EXPECT_EQ(host_.plugins().size(), 1u);
  EXPECT_EQ(snapshot(registry_), registered);
}

TEST_F(PluginHostTest, ASecondCopyOfALoadedPluginIsRefusedNamingTheFirst) {
  (void)host_.load(plugin_file("test-good"));
  TempDir tmp;
  const fs::path copy = tmp.path() / "copy-of-good.so";
  fs::copy_file(plugin_file("test-good"), copy);
  const std::vector<std::string> before = snapshot(registry_);
  try {
    (void)host_.load(copy);
    ADD_FAILURE() << "a second copy of test-good was loaded";
  } catch (const PluginError& e) {
    EXPECT_EQ(e.plugin(), "test-good");
    EXPECT_THAT(e.what(), AllOf(HasSubstr("copy-of-good.so"), HasSubstr("already loaded from"),
                                HasSubstr(canonical_path(plugin_file("test-good")))));
  }
  EXPECT_EQ(snapshot(registry_), before);
}

// --- files that are not plugins -----------------------------------------------------------

TEST_F(PluginHostTest, RefusesAMissingFile) {
  try {
    (void)host_.load(kPluginDir / "no-such-plugin.so");
    ADD_FAILURE() << "loaded a file that does not exist";
  } catch (const PluginError& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("no-such-plugin.so"), HasSubstr("no such file")));
  }
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesATextFileAsNotASharedLibrary) {
  const PluginError e = refusal("not-a-library");
  EXPECT_THAT(e.problem(), HasSubstr("is not a shared library"));
  EXPECT_THAT(e.problem(), HasSubstr("ELF"));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesATruncatedLibraryAsTruncatedNamingBothSizes) {
  TempDir tmp;
  const std::string bytes = [] {
    std::ifstream in(plugin_file("test-good"), std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }();
  for (const std::size_t kept : {std::size_t{40}, std::size_t{3000}, bytes.size() - 1}) {
    const fs::path cut = tmp.path() / ("cut-" + std::to_string(kept) + ".so");
    std::ofstream(cut, std::ios::binary) << bytes.substr(0, kept);
    try {
      (void)host_.load(cut);
      ADD_FAILURE() << "loaded test-good.so cut to " << kept << " bytes";
    } catch (const PluginError& e) {
      EXPECT_THAT(e.what(), AllOf(HasSubstr(cut.filename().string()),
                                  HasSubstr("is truncated: it has " + std::to_string(kept) +
                                            " bytes, and its ELF header "),
                                  HasSubstr("copy or build the library again"),
                                  Not(HasSubstr("iostream error"))));
    }
  }
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesALibraryWithoutEitherHandshakeAlias) {
  const PluginError e = refusal("test-no-aliases");
  EXPECT_THAT(e.problem(), AllOf(HasSubstr("not an Anvil plugin"), HasSubstr("anvil_plugin_info"),
                                 HasSubstr("anvil_plugin_register")));
  EXPECT_EQ(e.fix(), "build it with ANVIL_PLUGIN from <anvil/sdk.hpp>");
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesALibraryWithoutTheRegisterAliasNamingIt) {
  const PluginError e = refusal("test-info-only");
  EXPECT_THAT(e.problem(), HasSubstr("exports no anvil_plugin_register"));
  EXPECT_THAT(e.problem(), Not(HasSubstr("anvil_plugin_info")));
  EXPECT_THAT(e.fix(), HasSubstr("ANVIL_PLUGIN"));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesAnUnresolvedSymbolAtLoadTimeNamingTheSymbol) {
  const PluginError e = refusal("test-missing-symbol");
  EXPECT_THAT(e.problem(), AllOf(HasSubstr("cannot be loaded"), HasSubstr("undefined symbol"),
                                 HasSubstr("anvil_test_defined_nowhere")));
  EXPECT_THAT(e.fix(), HasSubstr("-z defs"));
  expect_host_still_works();
}

// --- handshakes that do not match this host ----------------------------------------------

TEST_F(PluginHostTest, RefusesAnotherAbiMajorNamingBothVersionsAndTheFix) {
  const PluginError e = refusal("test-wrong-abi");
  EXPECT_EQ(e.plugin(), "test-wrong-abi");
  EXPECT_THAT(e.what(),
              AllOf(HasSubstr("plugin 'test-wrong-abi'"), HasSubstr("ABI 99."),
                    HasSubstr("ABI " + host_abi()), HasSubstr("version 1.0.0 was built for")));
  EXPECT_EQ(e.fix(), rebuild_fix());
  expect_host_still_works();
}

// ABI 15.0 added a virtual function to Ability (target_requirement), which changed the table of
// every ability's functions: a plugin built against the 14.1 headers, the last before it, is
// refused by any 15.x host, naming both ABIs.
TEST_F(PluginHostTest, RefusesAPluginBuiltForAbi14) {
  static_assert(ANVIL_ABI_MAJOR == 15, "a new major: build the test plugin for the last one");
  const PluginError e = refusal("abi-14/test-abi-14");
  EXPECT_EQ(e.plugin(), "test-abi-14");
  EXPECT_THAT(e.problem(), AllOf(HasSubstr("was built for plugin ABI 14.1"),
                                 HasSubstr("has plugin ABI " + host_abi())));
  EXPECT_EQ(e.fix(), rebuild_fix());
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesANewerAbiMinor) {
  const PluginError e = refusal("test-newer-minor");
  EXPECT_EQ(e.plugin(), "test-newer-minor");
  EXPECT_THAT(e.problem(), AllOf(HasSubstr(std::to_string(host_build_info().abi_major) + ".7"),
                                 HasSubstr("newer"), HasSubstr("ABI " + host_abi())));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesAHandshakeWithoutTheAnvilMagicNumber) {
  const PluginError e = refusal("test-foreign-magic");
  EXPECT_THAT(e.problem(), HasSubstr("magic"));
  EXPECT_THAT(e.fix(), HasSubstr("ANVIL_PLUGIN"));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesAHandshakeTooShortToRead) {
  const PluginError e = refusal("test-foreign-struct-size");
  EXPECT_THAT(e.problem(), AllOf(HasSubstr("8 bytes"),
                                 HasSubstr("reads " + std::to_string(sizeof(AnvilPluginInfo)))));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesAnotherCompilerNamingBoth) {
  const PluginError e = refusal("test-foreign-compiler");
  EXPECT_EQ(e.plugin(), "test-foreign-compiler");
  EXPECT_THAT(e.problem(),
              AllOf(HasSubstr("built with gcc 3"), HasSubstr(host_build_info().compiler)));
  EXPECT_EQ(e.fix(), rebuild_fix());
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesAnotherStandardLibraryNamingBoth) {
  const PluginError e = refusal("test-foreign-stdlib");
  EXPECT_THAT(e.problem(), AllOf(HasSubstr("libc++ 7000"), HasSubstr(host_build_info().stdlib)));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesTheOldLibstdcxxStringAbiNamingTheMacroAsTheFix) {
  if (!std::string_view(host_build_info().stdlib).ends_with(" cxx11-abi"))
    GTEST_SKIP() << "this host is not built with libstdc++'s C++11 ABI";
  const PluginError e = refusal("test-foreign-old-abi");
  EXPECT_THAT(e.problem(), AllOf(HasSubstr("old-abi"), HasSubstr(host_build_info().stdlib)));
  EXPECT_THAT(e.fix(), HasSubstr("without -D_GLIBCXX_USE_CXX11_ABI=0"));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesAnotherBoostNamingBothVersions) {
  const PluginError e = refusal("test-foreign-boost");
  const std::string host_boost = std::to_string(BOOST_VERSION / 100000) + "." +
                                 std::to_string(BOOST_VERSION / 100 % 1000) + "." +
                                 std::to_string(BOOST_VERSION % 100);
  EXPECT_THAT(e.problem(), AllOf(HasSubstr("Boost 1.66.0"), HasSubstr("Boost " + host_boost)));
  expect_host_still_works();
}

TEST_F(PluginHostTest, RefusesAnotherSdkMinorWhileTheSdkIsZeroDotSomething) {
  const PluginError e = refusal("test-foreign-sdk");
  EXPECT_THAT(e.problem(),
              AllOf(HasSubstr("0.0.9"), HasSubstr(std::string("SDK ") + host_build_info().sdk)));
  EXPECT_EQ(e.fix(), rebuild_fix());
  expect_host_still_works();
}

// --- registration ---------------------------------------------------------------------------

TEST_F(PluginHostTest, ARegisterFunctionThatThrowsRegistersNothing) {
  const PluginError e = refusal("test-register-throws");
  EXPECT_EQ(e.plugin(), "test-register-throws");
  EXPECT_THAT(e.what(),
              AllOf(HasSubstr("plugin 'test-register-throws'"),
                    HasSubstr("failed while registering: deliberate failure after one add")));
  EXPECT_EQ(registry_.entry(PluginKind::keyword, "throwsKeyword"), nullptr);
  expect_host_still_works();
}

TEST_F(PluginHostTest, ARegisterFunctionThatThrowsANonStdExceptionIsReportedToo) {
  const PluginError e = refusal("test-register-throws-int");
  EXPECT_THAT(e.problem(),
              AllOf(HasSubstr("failed while registering"), HasSubstr("not a std::exception")));
  EXPECT_EQ(registry_.entry(PluginKind::keyword, "throwsKeyword"), nullptr);
  expect_host_still_works();
}

TEST_F(PluginHostTest, ANameAlreadyRegisteredRefusesThePluginNamingBothAndKeepsNoneOfIt) {
  const LoadedPlugin& good = host_.load(plugin_file("test-good"));
  const PluginError e = refusal("test-same-name");
  EXPECT_EQ(e.plugin(), "test-same-name");
  EXPECT_THAT(e.what(),
              AllOf(HasSubstr("plugin 'test-same-name'"), HasSubstr("keyword 'testKeyword'"),
                    HasSubstr("already registered by plugin 'test-good' (" + good.file + ")")));
  EXPECT_THAT(e.fix(), HasSubstr("remove one of the plugins"));
  EXPECT_EQ(registry_.entry(PluginKind::keyword, "uniqueToSameName"), nullptr);
  EXPECT_EQ(registry_.entry(PluginKind::keyword, "testKeyword")->provider, "test-good");
}

TEST_F(PluginHostTest, EveryRefusalLeavesTheHostAbleToLoadAgain) {
  // All refusals in one host, in a row, then a good plugin: no refusal leaves state behind.
  for (const char* bad : {"not-a-library", "test-no-aliases", "test-info-only",
                          "test-missing-symbol", "test-wrong-abi", "test-newer-minor",
                          "test-foreign-magic", "test-foreign-struct-size", "test-foreign-compiler",
                          "test-foreign-stdlib", "test-foreign-old-abi", "test-foreign-boost",
                          "test-foreign-sdk", "test-register-throws", "test-register-throws-int"}) {
    SCOPED_TRACE(bad);
    (void)refusal(bad);
    (void)refusal(bad);  // refused again the same way, not remembered as loaded
  }
  EXPECT_TRUE(host_.plugins().empty());
  EXPECT_TRUE(registry_.all().empty());
  expect_host_still_works();
}

// --- directories ----------------------------------------------------------------------------

TEST_F(PluginHostTest, LoadDirLoadsTheGoodPluginsAndReturnsEveryFailure) {
  const std::vector<PluginError> errors = host_.load_dir(kPluginDir);

  std::vector<std::string> loaded;
  for (const LoadedPlugin& p : host_.plugins()) loaded.push_back(p.name);
  EXPECT_THAT(loaded, ::testing::ElementsAre("test-good", "test-throwing-step"));  // sorted by file

  std::vector<std::string> failed;
  for (const PluginError& e : errors) failed.push_back(fs::path(e.file()).filename().string());
  EXPECT_THAT(failed, ::testing::ElementsAre(
                          "not-a-library.so", "test-foreign-boost.so", "test-foreign-compiler.so",
                          "test-foreign-magic.so", "test-foreign-old-abi.so", "test-foreign-sdk.so",
                          "test-foreign-stdlib.so", "test-foreign-struct-size.so",
                          "test-info-only.so", "test-missing-symbol.so", "test-newer-minor.so",
                          "test-no-aliases.so", "test-register-throws-int.so",
                          "test-register-throws.so", "test-same-name.so", "test-wrong-abi.so"));
  // Not recursive: reload/test-good-v2.so is not looked at.
  for (const PluginError& e : errors) EXPECT_THAT(e.file(), Not(HasSubstr("reload")));
  EXPECT_NE(registry_.entry(PluginKind::effect_verb, "TestGainThenThrow"), nullptr);
}

TEST_F(PluginHostTest, LoadDirOfAFolderThatDoesNotExistIsNoError) {
  EXPECT_TRUE(host_.load_dir(kPluginDir / "no-such-folder").empty());
  EXPECT_TRUE(host_.plugins().empty());
}

// --- loading only the bytes that were checked (packs' plugins) -------------------------------

// Whether /proc/self/maps has a mapping named exactly `name`.
bool mapped_as(const std::string& name) {
  std::ifstream maps("/proc/self/maps");
  for (std::string line; std::getline(maps, line);)
    if (line.ends_with(" " + name) || line.ends_with(" " + name + " (deleted)")) return true;
  return false;
}

TEST_F(PluginHostTest, LoadVerifiedMapsTheSealedCopyItHashedNotTheFile) {
  TempDir tmp;
  const fs::path file = tmp.path() / "shipped.so";
  fs::copy_file(plugin_file("test-good"), file);
  const std::string digest = sha256_file(file);

  const LoadedPlugin& p = host_.load_verified(file, digest);
  EXPECT_EQ(p.name, "test-good");
  EXPECT_EQ(p.file, canonical_path(file));
  // The code runs from the in-memory copy: changing the file now cannot change what runs, and
  // nothing between the digest and the mapping read the file twice.
  EXPECT_TRUE(mapped_as("/memfd:" + canonical_path(file)));
  EXPECT_FALSE(mapped_as(canonical_path(file)));
  { std::ofstream(file, std::ios::trunc) << "replaced after loading"; }
  EXPECT_EQ(registry_.get<KeywordHandler>("testKeyword")->summary(),
            "testKeyword: marks a card (test-good 1.0.0)");
  // Asking again for the same file is the first load, not a second copy.
  EXPECT_EQ(&host_.load(file), &p);
}

TEST_F(PluginHostTest, LoadVerifiedRefusesAnotherDigestNamingBothAndRegistersNothing) {
  TempDir tmp;
  const fs::path file = tmp.path() / "shipped.so";
  fs::copy_file(plugin_file("test-good"), file);
  const std::string actual = sha256_file(file);
  const std::string trusted(64, 'a');
  try {
    (void)host_.load_verified(file, trusted);
    ADD_FAILURE() << "a library with another digest was loaded";
  } catch (const PluginError& e) {
    EXPECT_EQ(e.file(), canonical_path(file));
    EXPECT_THAT(e.what(), AllOf(HasSubstr(trusted), HasSubstr(actual)));
    EXPECT_THAT(e.fix(), HasSubstr("--trust"));
  }
  EXPECT_TRUE(snapshot(registry_).empty());
  EXPECT_TRUE(host_.plugins().empty());
  EXPECT_FALSE(mapped_as("/memfd:" + canonical_path(file)));
  expect_host_still_works();
}

// --- lifetime -------------------------------------------------------------------------------

TEST(PluginLifetime, RegistryEntriesAndHandedOutObjectsKeepTheLibraryLoaded) {
  std::shared_ptr<const KeywordHandler> handler;
  std::shared_ptr<const void> library;
  {
    Registry registry;
    PluginHost host(registry);
    (void)host.load(plugin_file("test-good"));
    const RegistryEntry* e = registry.entry(PluginKind::keyword, "testKeyword");
    ASSERT_NE(e, nullptr);
    library = e->library;
    const long held = library.use_count();
    handler = registry.get<KeywordHandler>("testKeyword");
    EXPECT_EQ(library.use_count(), held + 1) << "get<>() must hold the library too";
  }
  // The host and the registry are gone; the handler still holds its library and works.
  EXPECT_EQ(library.use_count(), 2);  // `library` here and the one inside `handler`
  EXPECT_EQ(handler->summary(), "testKeyword: marks a card (test-good 1.0.0)");
}

TEST(PluginLifetime, AnAgentKeepsItsPluginLoadedAndUnknownAgentsGetADidYouMean) {
  Registry registry;
  PluginHost host(registry);
  (void)host.load(plugin_file("test-good"));
  const RegistryEntry* e = registry.entry(PluginKind::agent, "test-first");
  ASSERT_NE(e, nullptr);
  const long held = e->library.use_count();
  std::shared_ptr<Agent> agent = make_agent(registry, "test-first");
  ASSERT_NE(agent, nullptr);
  EXPECT_EQ(agent->name(), "test-first");
  EXPECT_GT(e->library.use_count(), held);
  agent.reset();
  EXPECT_EQ(e->library.use_count(), held);
  try {
    (void)make_agent(registry, "test-frist");
    ADD_FAILURE() << "made an agent that is not registered";
  } catch (const LoadError& error) {
    // A name from no file: no "<input>: " in front of it.
    EXPECT_THAT(error.what(), AllOf(StartsWith("unknown agent 'test-frist'"),
                                    HasSubstr("did you mean 'test-first'?")));
  }
}

// --- the SDK template ---------------------------------------------------------------------

TEST(TemplatePlugin, DoubledCompilesToTwiceNAndRefusesWhatIsNotANumberAtTheCardsLocation) {
  Registry registry;
  PluginHost host(registry);
  EXPECT_EQ(host.load(kPluginDir / "template" / "test-template-doubled.so").name, "value-doubled");
  auto doubled = registry.get<ValueFunction>("Doubled");

  CardDef card;
  std::vector<Diagnostic> diagnostics;
  CompileContext ctx{registry, card, SourceLocation{"packs/p/cards/c.txt", 12, 30}, diagnostics};
  Game game(std::make_shared<CardPool>(), 2, 1);
  const ResolveContext resolve;
  const auto three = doubled->compile("3", ctx);
  EXPECT_EQ(three->eval(game, resolve), 6);
  EXPECT_EQ(three->describe(), "twice 3");
  EXPECT_EQ(doubled->compile("-4", ctx)->eval(game, resolve), -8);

  for (const char* bad : {"", "x", "3x", "2.5", "9223372036854775807"}) {
    SCOPED_TRACE(bad);
    try {
      (void)doubled->compile(bad, ctx);
      ADD_FAILURE() << "Doubled$ accepted '" << bad << "'";
    } catch (const LoadError& e) {
      EXPECT_EQ(e.where().str(), "packs/p/cards/c.txt:12:30");
      EXPECT_THAT(e.problem(), HasSubstr("'" + std::string(bad) + "'"));
    }
  }
  EXPECT_TRUE(diagnostics.empty());
}

// --- plugin code failing during a game ---------------------------------------------------

// A spell whose only ability runs an effect step compiled by a plugin.
class StepAbility final : public Ability {
 public:
  explicit StepAbility(std::shared_ptr<const EffectStep> step) : step_(std::move(step)) {}
  void resolve(Game& game, const ResolveContext& ctx) const override {
    step_->run(game, ctx, ctx.x);
  }
  std::string describe() const override { return step_->describe(); }

 private:
  std::shared_ptr<const EffectStep> step_;
};

// A card whose one spell ability is `verb` of the loaded plugins, compiled like a loader would.
CardId add_step_card(const Registry& registry, CardPool& pool, std::string name,
                     const std::string& verb) {
  CardDef card;
  card.name = std::move(name);
  std::vector<Diagnostic> diagnostics;
  CompileContext ctx{registry, card, SourceLocation{"cards.txt", 7, 1}, diagnostics};
  AbilityDef ability;
  ability.kind = AbilityKind::spell;
  ability.text = "Drawback$" + verb + "/3";
  ability.provider = registry.entry(PluginKind::effect_verb, verb)->provider;
  ability.where = ctx.where;
  ability.impl = std::make_shared<StepAbility>(registry.get<EffectVerb>(verb)->compile("3", ctx));
  card.abilities.push_back(std::move(ability));
  return pool.add(std::move(card));
}

TEST(PluginInGame, AnExceptionInAPluginStepRollsTheActionBackAndNamesPluginCardAndAbility) {
  Registry registry;
  PluginHost host(registry);
  (void)host.load(plugin_file("test-good"));
  (void)host.load(plugin_file("test-throwing-step"));

  auto pool = std::make_shared<CardPool>();
  const CardId faulty = add_step_card(registry, *pool, "Faulty Charm", "TestGainThenThrow");
  const CardId healing = add_step_card(registry, *pool, "Healing Charm", "TestGainLife");
  Game game(pool, 2, 42);
  const PlayerId me{0};
  const ObjectId faulty_obj = game.add_card(faulty, me, ZoneRef::hand(me));
  const ObjectId healing_obj = game.add_card(healing, me, ZoneRef::hand(me));

  auto resolve = [&](CardId card, ObjectId obj) {
    ResolveContext ctx;
    ctx.source = game.object(obj).ref();
    ctx.card = card;
    ctx.ability = 0;
    ctx.controller = me;
    return game.perform("resolve " + pool->at(card).name, [&](Game& g) { g.resolve(ctx); });
  };

  const std::uint64_t before = hash(game.state());
  const std::int32_t life_before = game.state().player(me).life;
  const ActionResult failed = resolve(faulty, faulty_obj);
  EXPECT_FALSE(failed.ok());
  EXPECT_EQ(failed.plugin, "test-throwing-step");
  EXPECT_EQ(failed.card, "Faulty Charm");
  EXPECT_EQ(failed.ability, "Drawback$TestGainThenThrow/3");
  EXPECT_THAT(failed.message, AllOf(HasSubstr("test-throwing-step"), HasSubstr("Faulty Charm"),
                                    HasSubstr("Drawback$TestGainThenThrow/3"),
                                    HasSubstr("the step broke after gaining 3 life")));
  // The step gained 3 life before it threw; the rollback took that back.
  EXPECT_EQ(game.state().player(me).life, life_before);
  EXPECT_EQ(hash(game.state()), before);

  // The game goes on: the next action works and is kept.
  const ActionResult healed = resolve(healing, healing_obj);
  EXPECT_TRUE(healed.ok()) << healed.message;
  EXPECT_EQ(game.state().player(me).life, life_before + 3);
  EXPECT_NE(hash(game.state()), before);
}

// --- plugin code throwing what is not a std::exception ------------------------------------

// `throw 7` from a keyword's compile(), a card loader's load() or an agent's choose() is reported
// naming the plugin (and the keyword, the file, the agent), never std::terminate.
struct ThrowsSeven {
  Registry registry;
  PluginHost host{registry};
  ThrowsSeven() { (void)host.load(kPluginDir / "throws-at-load" / "test-throws-at-load.so"); }
};

TEST(PluginThrowsNonStd, AKeywordsCompileIsALoadErrorNamingKeywordAndPlugin) {
  ThrowsSeven t;
  CardDef card;
  card.name = "Seven";
  std::vector<Diagnostic> diagnostics;
  const SourceLocation where{"packs/p/cards/c.txt", 3, 1};
  CompileContext ctx{t.registry, card, where, diagnostics};
  try {
    compile_keyword(Params::positional("testSeven", {}, where), ctx);
    ADD_FAILURE() << "compile_keyword did not throw";
  } catch (const LoadError& e) {
    EXPECT_EQ(e.where().str(), "packs/p/cards/c.txt:3:1");
    EXPECT_EQ(e.problem(),
              "keyword 'testSeven' (plugin 'test-throws-at-load') failed: it threw something "
              "that is not a std::exception");
  }
  EXPECT_TRUE(card.abilities.empty());
}

TEST(PluginThrowsNonStd, ACardLoaderIsAnErrorAtTheFileNamingLoaderAndPlugin) {
  ThrowsSeven t;
  const fs::path dir = fs::temp_directory_path() / ("anvil-seven-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir / "cards");
  std::ofstream(dir / "pack.yaml") << "name: seven\nversion: 1.0.0\nengine: \"^0.1\"\n"
                                      "rules: classic\ncards: [cards/*.seven]\n";
  std::ofstream(dir / "cards" / "a.seven") << "anything\n";
  const LoadedPack pack = load_pack(dir, t.registry);
  fs::remove_all(dir);
  std::vector<std::string> errors;
  for (const Diagnostic& d : pack.diagnostics)
    if (d.severity == Diagnostic::Severity::error) errors.push_back(d.str());
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_THAT(errors[0], AllOf(HasSubstr("a.seven: error: card loader 'test-seven' (plugin "
                                         "'test-throws-at-load') failed on this file: it threw "
                                         "something that is not a std::exception")));
}

// Something else an agent throws goes through untouched: hosts throw their own types from an
// agent to stop a game (the scenario runner, test fixtures) and catch them around advance().
TEST(PluginThrowsNonStd, AnAgentsNonStdExceptionGoesThroughUntouched) {
  ThrowsSeven t;
  Game game(std::make_shared<CardPool>(), 2, 1);
  game.seat(PlayerId(0), make_agent(t.registry, "test-seven"));
  Choice choice;
  choice.player = PlayerId(0);
  choice.prompt = "Pick one";
  choice.options.resize(2);
  choice.options[0].label = "a";
  choice.options[1].label = "b";
  try {
    (void)game.ask(choice);
    ADD_FAILURE() << "ask did not throw";
  } catch (int seven) {
    EXPECT_EQ(seven, 7);
  }
}

// --- reload (debug builds only) ----------------------------------------------------------

TEST(PluginReload, WithoutReloadCompiledInReloadIsAClearError) {
  if (PluginHost::reload_supported()) GTEST_SKIP() << "this build supports reload";
  Registry registry;
  PluginHost host(registry);
  (void)host.load(plugin_file("test-good"));
  try {
    (void)host.reload("test-good");
    ADD_FAILURE() << "reload worked in a build without ANVIL_PLUGIN_RELOAD";
  } catch (const PluginError& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("test-good"), HasSubstr("no plugin reload")));
    EXPECT_THAT(e.fix(), HasSubstr("debug"));
  }
  EXPECT_NE(registry.find<KeywordHandler>("testKeyword"), nullptr);
}

class PluginReloadTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!PluginHost::reload_supported())
      GTEST_SKIP() << "reload is compiled in only with ANVIL_PLUGIN_RELOAD (the debug preset)";
    // A private copy: no other test (or earlier host in this process) has mapped this path.
    fs::copy_file(plugin_file("test-good"), file_);
  }

  // Replaces the file the way a rebuild does: a new file renamed over the old one. Writing into
  // a mapped library in place would change the code under the running process.
  void replace_with(const fs::path& source) {
    const fs::path next = tmp_.path() / "next.so";
    fs::copy_file(source, next);
    fs::rename(next, file_);
  }

  TempDir tmp_;
  fs::path file_ = tmp_.path() / "reloadable.so";
  Registry registry_;
  PluginHost host_{registry_};
};

TEST_F(PluginReloadTest, ReloadUnmapsTheOldLibraryAndRunsTheNewFile) {
  EXPECT_EQ(host_.load(file_).version, "1.0.0");
  replace_with(kPluginDir / "reload" / "test-good-v2.so");

  const LoadedPlugin& again = host_.reload("test-good");
  EXPECT_EQ(again.version, "2.0.0");  // would still be 1.0.0 had dlopen handed back the old mapping
  EXPECT_EQ(host_.plugins().size(), 1u);
  EXPECT_EQ(registry_.get<KeywordHandler>("testKeyword")->summary(),
            "testKeyword: marks a card (test-good 2.0.0)");
  EXPECT_EQ(registry_.entry(PluginKind::keyword, "testKeyword")->version, "2.0.0");
  EXPECT_FALSE(deleted_but_mapped(canonical_path(file_))) << "the old library is still mapped";
}

TEST_F(PluginReloadTest, ReloadIsRefusedWhileSomethingStillUsesThePlugin) {
  (void)host_.load(file_);
  auto handler = registry_.get<KeywordHandler>("testKeyword");
  const std::vector<std::string> before = snapshot(registry_);
  try {
    (void)host_.reload("test-good");
    ADD_FAILURE() << "reloaded a plugin whose handler is still held";
  } catch (const PluginError& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("test-good"), HasSubstr("in use"),
                                HasSubstr("keyword 'testKeyword'")));
  }
  EXPECT_EQ(snapshot(registry_), before);
  EXPECT_EQ(handler->summary(), "testKeyword: marks a card (test-good 1.0.0)");

  handler.reset();
  EXPECT_EQ(host_.reload("test-good").name, "test-good");
}

TEST_F(PluginReloadTest, ReloadThatCannotUnmapTheLibrarySaysSoAndKeepsThePlugin) {
  (void)host_.load(file_);
  // Pin the library as an STB_GNU_UNIQUE symbol or a thread_local destructor would.
  void* pin = ::dlopen(file_.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
  ASSERT_NE(pin, nullptr) << ::dlerror();
  ::dlclose(pin);
  try {
    (void)host_.reload("test-good");
    ADD_FAILURE() << "reload claimed success with the old library still mapped";
  } catch (const PluginError& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("test-good"), HasSubstr("not unmapped")));
    EXPECT_THAT(e.fix(), HasSubstr("-fno-gnu-unique"));
  }
  EXPECT_EQ(host_.plugins().size(), 1u);
  EXPECT_NE(registry_.find<KeywordHandler>("testKeyword"), nullptr);
}

TEST_F(PluginReloadTest, ReloadOfAPluginThatIsNotLoadedNamesTheLoadedOnes) {
  (void)host_.load(file_);
  try {
    (void)host_.reload("test-godo");
    ADD_FAILURE() << "reloaded a plugin that is not loaded";
  } catch (const PluginError& e) {
    EXPECT_THAT(e.what(), AllOf(HasSubstr("not loaded"), HasSubstr("did you mean 'test-good'?")));
  }
}

// --- where things are -----------------------------------------------------------------------

TEST(PluginDirs, BundledFoldersAreBesideTheExecutableUnlessTheEnvironmentSaysOtherwise) {
  const fs::path prefix = fs::read_symlink("/proc/self/exe").parent_path().parent_path();
  {
    ScopedEnv plugins("ANVIL_PLUGIN_DIR", nullptr), packs("ANVIL_PACK_DIR", nullptr);
    EXPECT_EQ(bundled_plugin_dir(), prefix / "lib" / "anvil" / "plugins");
    EXPECT_EQ(bundled_pack_dir(), prefix / "share" / "anvil" / "packs");
  }
  {
    ScopedEnv plugins("ANVIL_PLUGIN_DIR", "/opt/p"), packs("ANVIL_PACK_DIR", "/opt/k");
    EXPECT_EQ(bundled_plugin_dir(), fs::path("/opt/p"));
    EXPECT_EQ(bundled_pack_dir(), fs::path("/opt/k"));
  }
  {
    ScopedEnv plugins("ANVIL_PLUGIN_DIR", "");  // set but empty: the default
    EXPECT_EQ(bundled_plugin_dir(), prefix / "lib" / "anvil" / "plugins");
  }
}

TEST(PluginDirs, AnvilHomeIsTheEnvironmentOrUnderHome) {
  {
    ScopedEnv home("ANVIL_HOME", "/srv/anvil");
    EXPECT_EQ(anvil_home(), fs::path("/srv/anvil"));
  }
  ScopedEnv anvil("ANVIL_HOME", nullptr), home("HOME", "/home/tester");
  EXPECT_EQ(anvil_home(), fs::path("/home/tester/.local/share/anvil"));
}

}  // namespace
