// sha256_file() and verify_provided_plugins(): the checks a native plugin shipped in a pack must
// pass before anything may load it.
#include <gmock/gmock.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "anvil/pack.hpp"
#include "pack_test_support.hpp"

namespace anvil::pack_test {
namespace {

namespace fs = std::filesystem;
using ::testing::HasSubstr;

constexpr const char* kAbc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
constexpr const char* kEmpty = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

// A fresh folder under the system temp folder, removed at the end of the test.
class ProvidedPlugins : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    root_ = fs::temp_directory_path() /
            ("anvil-provided-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "pack" / "lib");
  }
  void TearDown() override { fs::remove_all(root_); }

  fs::path pack() const { return root_ / "pack"; }

  static void write(const fs::path& file, const std::string& bytes) {
    fs::create_directories(file.parent_path());
    std::ofstream(file, std::ios::binary) << bytes;
  }

  // Writes pack.yaml with one `provides: plugins` entry (on line 7) and reads it back.
  PackManifest manifest(const std::string& file, const std::string& sha256) {
    write(pack() / "pack.yaml",
          "name: native\n"
          "version: 1.0.0\n"
          "engine: \"*\"\n"
          "rules: classic\n"
          "provides:\n"
          "  plugins:\n"
          "    - file: " + file + "\n"
          "      sha256: " + sha256 + "\n"
          "cards: [cards/*.yaml]\n");
    ManifestResult r = read_manifest(pack());
    EXPECT_TRUE(r.ok()) << dump(r.diagnostics);
    return r.manifest;
  }

  fs::path root_;
};

TEST_F(ProvidedPlugins, Sha256OfKnownContents) {
  write(root_ / "abc.txt", "abc");
  write(root_ / "empty.txt", "");
  EXPECT_EQ(sha256_file(root_ / "abc.txt"), kAbc);
  EXPECT_EQ(sha256_file(root_ / "empty.txt"), kEmpty);
  // Longer than one read buffer: the NIST vector of a million 'a'.
  write(root_ / "million.txt", std::string(1'000'000, 'a'));
  EXPECT_EQ(sha256_file(root_ / "million.txt"),
            "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST_F(ProvidedPlugins, Sha256OfAnUnreadableFileIsALoadErrorNamingIt) {
  try {
    (void)sha256_file(root_ / "missing.so");
    FAIL() << "no LoadError";
  } catch (const LoadError& e) {
    EXPECT_EQ(e.where().file, (root_ / "missing.so").string());
    EXPECT_THAT(e.problem(), HasSubstr("cannot compute the sha256"));
  }
  EXPECT_THROW((void)sha256_file(root_), LoadError);  // a folder
}

TEST_F(ProvidedPlugins, AMatchingFilePasses) {
  write(pack() / "lib" / "x.so", "abc");
  const PackManifest m = manifest("lib/x.so", kAbc);
  ASSERT_EQ(m.provided_plugins.size(), 1u);
  EXPECT_FALSE(verify_provided_plugin(m, m.provided_plugins[0]).has_value());
  EXPECT_TRUE(verify_provided_plugins(m).empty());
}

TEST_F(ProvidedPlugins, AMismatchNamesTheLineTheFileAndBothDigests) {
  write(pack() / "lib" / "x.so", "abc, changed after packing");
  const std::string actual = sha256_file(pack() / "lib" / "x.so");
  const auto problems = verify_provided_plugins(manifest("lib/x.so", kAbc));
  ASSERT_EQ(problems.size(), 1u);
  const Diagnostic& d = problems[0];
  EXPECT_EQ(d.severity, Diagnostic::Severity::error);
  EXPECT_EQ(d.where.file, (pack() / "pack.yaml").string());
  EXPECT_EQ(d.where.line, 7u);
  EXPECT_THAT(d.message, HasSubstr("'lib/x.so'"));
  EXPECT_THAT(d.message, HasSubstr(std::string("expects ") + kAbc));
  EXPECT_THAT(d.message, HasSubstr("the file has " + actual));
  EXPECT_THAT(d.str(), HasSubstr("pack.yaml:7:"));
}

TEST_F(ProvidedPlugins, AMissingFileIsAnError) {
  const auto problems = verify_provided_plugins(manifest("lib/gone.so", kAbc));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_EQ(problems[0].message, "plugin file 'lib/gone.so' does not exist in the pack");
}

TEST_F(ProvidedPlugins, PathsThatLeaveThePackAreRefusedBeforeReading) {
  write(root_ / "outside.so", "abc");  // exists and matches: only the path is wrong
  auto problems = verify_provided_plugins(manifest("../outside.so", kAbc));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_THAT(problems[0].message, HasSubstr("'..'"));

  problems = verify_provided_plugins(manifest("lib/../../outside.so", kAbc));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_THAT(problems[0].message, HasSubstr("'..'"));

  problems = verify_provided_plugins(manifest((root_ / "outside.so").string(), kAbc));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_THAT(problems[0].message, HasSubstr("relative to the pack folder"));
}

TEST_F(ProvidedPlugins, ASymlinkOutOfThePackIsRefused) {
  write(root_ / "outside.so", "abc");
  fs::create_symlink(root_ / "outside.so", pack() / "lib" / "link.so");
  const auto problems = verify_provided_plugins(manifest("lib/link.so", kAbc));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_THAT(problems[0].message, HasSubstr("outside the pack"));

  // A symlink that stays inside the pack is fine.
  write(pack() / "lib" / "real.so", "abc");
  fs::create_symlink("real.so", pack() / "lib" / "inner.so");
  EXPECT_TRUE(verify_provided_plugins(manifest("lib/inner.so", kAbc)).empty());
}

TEST_F(ProvidedPlugins, AFolderIsNotAPlugin) {
  fs::create_directories(pack() / "lib" / "dir.so");
  const auto problems = verify_provided_plugins(manifest("lib/dir.so", kAbc));
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_THAT(problems[0].message, HasSubstr("not a regular file"));
}

TEST_F(ProvidedPlugins, LoadPackReportsAMismatchAsAnError) {
  write(pack() / "lib" / "x.so", "tampered");
  (void)manifest("lib/x.so", kAbc);
  Registry registry;
  const LoadedPack loaded = load_pack(pack(), registry);
  const auto e = errors(loaded.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(loaded.diagnostics);
  EXPECT_THAT(e[0]->message, HasSubstr("does not match its sha256"));
}

}  // namespace
}  // namespace anvil::pack_test
