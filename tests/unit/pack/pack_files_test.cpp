// check_pack_files and the YAML bounds at their defaults: what a hostile pack may not hold
// (issue 7).
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>

#include "anvil/pack.hpp"
#include "pack_test_support.hpp"

namespace anvil::pack_test {
namespace {

namespace fs = std::filesystem;

// A fresh folder under the test's temporary folder, removed at the end.
class PackFiles : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("anvil-pack-files-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
    fs::create_directories(root_ / "pack" / "cards");
    write("pack/pack.yaml", "name: p\n");
  }
  void TearDown() override { fs::remove_all(root_); }
  void write(const std::string& rel, const std::string& text) {
    std::ofstream(root_ / rel) << text;
  }
  fs::path pack() const { return root_ / "pack"; }
  fs::path root_;
};

TEST_F(PackFiles, APlainPackHasNoProblems) {
  write("pack/cards/a.yaml", "- name: A\n");
  EXPECT_TRUE(check_pack_files(pack()).empty()) << dump(check_pack_files(pack()));
}

TEST_F(PackFiles, SymlinkToAFileInsideThePackIsAllowed) {
  write("pack/cards/a.yaml", "- name: A\n");
  fs::create_symlink("a.yaml", pack() / "cards" / "b.yaml");
  EXPECT_TRUE(check_pack_files(pack()).empty()) << dump(check_pack_files(pack()));
}

// `pack install` copies files, and a link to a folder would be copied as an empty folder or as a
// second copy of it: refused by the check validate and install share.
TEST_F(PackFiles, SymlinkToAFolderInsideThePackIsAnErrorNamingIt) {
  write("pack/cards/a.yaml", "- name: A\n");
  fs::create_directory_symlink("cards", pack() / "more");
  const auto d = check_pack_files(pack());
  ASSERT_EQ(errors(d).size(), 1u) << dump(d);
  EXPECT_EQ(d[0].where.file, (pack() / "more").string());
  EXPECT_NE(d[0].message.find("is a symlink to a folder"), std::string::npos) << dump(d);
}

TEST_F(PackFiles, SymlinkOutOfThePackIsAnErrorNamingIt) {
  write("secret.txt", "x");
  fs::create_symlink("../../secret.txt", pack() / "cards" / "s.yaml");
  fs::create_directory_symlink("/", pack() / "root");
  const auto d = check_pack_files(pack());
  ASSERT_EQ(errors(d).size(), 2u) << dump(d);
  const Diagnostic* file = find(d, "resolves outside the pack");
  ASSERT_NE(file, nullptr);
  EXPECT_TRUE(find(d, "resolves outside the pack (to /)")) << dump(d);  // never walked into
}

TEST_F(PackFiles, DanglingSymlinkIsAnError) {
  fs::create_symlink("nowhere.yaml", pack() / "cards" / "gone.yaml");
  EXPECT_TRUE(find(check_pack_files(pack()), "points nowhere"));
}

TEST_F(PackFiles, FifoIsAnError) {
  ASSERT_EQ(::mkfifo((pack() / "pipe").c_str(), 0600), 0);
  const auto d = check_pack_files(pack());
  ASSERT_NE(find(d, "not a regular file"), nullptr) << dump(d);
  EXPECT_NE(find(d, "not a regular file")->where.file.find("pipe"), std::string::npos);
}

TEST_F(PackFiles, FileCountAndSizesAreBounded) {
  for (int i = 0; i < 5; ++i) write("pack/cards/" + std::to_string(i) + ".yaml", "0123456789");
  PackFileLimits limits;
  limits.max_files = 4;
  EXPECT_TRUE(find(check_pack_files(pack(), limits), "more than 4 files"));
  limits = {};
  limits.max_file_bytes = 9;
  EXPECT_EQ(errors(check_pack_files(pack(), limits)).size(), 5u);
  EXPECT_TRUE(find(check_pack_files(pack(), limits), "10 bytes, over the limit of 9"));
  limits = {};
  limits.max_total_bytes = 30;
  EXPECT_TRUE(find(check_pack_files(pack(), limits), "more than 30 bytes"));
}

TEST_F(PackFiles, AMissingFolderIsOneError) {
  const auto d = check_pack_files(root_ / "absent");
  ASSERT_EQ(d.size(), 1u);
  EXPECT_TRUE(find(d, "is not a folder"));
}

// The real thing at the default limits: ten levels of ten-fold aliases would be 10^10 values.
TEST(YamlDefaults, BillionLaughsIsRefusedQuickly) {
  std::string text = "a0: &a0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n";
  for (int i = 1; i <= 9; ++i) {
    const std::string prev = "*a" + std::to_string(i - 1);
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) text += prev + (j < 9 ? ", " : "]\n");
  }
  const auto start = std::chrono::steady_clock::now();
  std::vector<Diagnostic> d;
  (void)parse_yaml(text, "laughs.yaml", d);
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(10));
  EXPECT_TRUE(find(d, "more than 1000000 values")) << dump(d);
  EXPECT_EQ(errors(d).size(), 1u) << "reported once, not once per value";
}

TEST(YamlDefaults, DeepNestingIsRefusedAtSixtyFourLevels) {
  const std::string text = std::string(100, '[') + "1" + std::string(100, ']');
  std::vector<Diagnostic> d;
  (void)parse_yaml(text, "deep.yaml", d);
  EXPECT_TRUE(find(d, "nested deeper than 64 levels")) << dump(d);
  EXPECT_EQ(errors(d).size(), 1u) << dump(d);
}

// yaml-cpp's own parser recurses; past its guard it throws, which is a syntax error, not a crash.
TEST(YamlDefaults, VeryDeepNestingIsAnErrorNotAStackOverflow) {
  const std::size_t depth = 100'000;
  const std::string text = std::string(depth, '[') + "1" + std::string(depth, ']');
  std::vector<Diagnostic> d;
  EXPECT_FALSE(parse_yaml(text, "deep.yaml", d).has_value());
  EXPECT_FALSE(errors(d).empty());
}

TEST(YamlDefaults, ManifestWithABillionLaughsIsAnErrorNotAHang) {
  std::string text = "name: p\nversion: 1.0.0\na0: &a0 [x, x, x, x, x, x, x, x, x, x]\n";
  for (int i = 1; i <= 9; ++i) {
    text += "a" + std::to_string(i) + ": &a" + std::to_string(i) + " [";
    for (int j = 0; j < 10; ++j) text += "*a" + std::to_string(i - 1) + (j < 9 ? ", " : "]\n");
  }
  const ManifestResult m = parse_manifest(text, "p");
  EXPECT_FALSE(m.ok());
  EXPECT_TRUE(find(m.diagnostics, "more than 1000000 values")) << dump(m.diagnostics);
}

}  // namespace
}  // namespace anvil::pack_test
