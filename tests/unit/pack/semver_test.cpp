#include "anvil/semver.hpp"

#include <gtest/gtest.h>

#include <ostream>

namespace anvil {

// gtest prints versions as text, not bytes.
void PrintTo(const Version& v, std::ostream* out) { *out << v.str(); }

namespace {

Version v(std::string_view text) {
  auto parsed = parse_version(text);
  EXPECT_TRUE(parsed) << text;
  return parsed.value_or(Version{});
}

bool in(std::string_view range, std::string_view version) {
  auto r = parse_range(range);
  EXPECT_TRUE(r) << range;
  return r && r->contains(v(version));
}

TEST(Semver, ParsesFullVersionsAndRejectsPartialOnesAndLeadingZeros) {
  const Version full = v("1.2.3-beta.2+build.7");
  EXPECT_EQ(full.major, 1u);
  EXPECT_EQ(full.minor, 2u);
  EXPECT_EQ(full.patch, 3u);
  EXPECT_EQ(full.prerelease, "beta.2");
  EXPECT_EQ(full.build, "build.7");
  EXPECT_EQ(full.str(), "1.2.3-beta.2+build.7");
  for (auto bad : {"1.2", "1", "01.2.3", "1.2.3-", "1.2.3-01", "v1.2.3", "1.2.3.4", "", "1..3"})
    EXPECT_FALSE(parse_version(bad)) << bad;
}

TEST(Semver, OrdersPrereleasesBeforeTheirReleaseBySemverRules) {
  // The example chain of semver.org §11.
  const char* chain[] = {"1.0.0-alpha",  "1.0.0-alpha.1", "1.0.0-alpha.beta", "1.0.0-beta",
                         "1.0.0-beta.2", "1.0.0-beta.11", "1.0.0-rc.1",       "1.0.0"};
  for (std::size_t i = 0; i + 1 < std::size(chain); ++i)
    EXPECT_LT(v(chain[i]), v(chain[i + 1])) << chain[i] << " < " << chain[i + 1];
  EXPECT_EQ(v("1.0.0+a"), v("1.0.0+b"));  // build metadata does not count
  EXPECT_LT(v("0.9.9"), v("0.10.0"));
}

TEST(Semver, CaretPinsTheFirstNonZeroComponent) {
  EXPECT_TRUE(in("^0.1", "0.1.0"));
  EXPECT_TRUE(in("^0.1", "0.1.9"));
  EXPECT_FALSE(in("^0.1", "0.2.0"));
  EXPECT_FALSE(in("^0.1", "0.0.9"));
  EXPECT_TRUE(in("^1.2", "1.9.0"));
  EXPECT_FALSE(in("^1.2", "2.0.0"));
  EXPECT_TRUE(in("^0.0.3", "0.0.3"));
  EXPECT_FALSE(in("^0.0.3", "0.0.4"));
}

TEST(Semver, ComparatorsTildesPartialsAndAlternatives) {
  EXPECT_TRUE(in(">=0.1 <0.2", "0.1.5"));
  EXPECT_FALSE(in(">=0.1 <0.2", "0.2.0"));
  EXPECT_TRUE(in(">= 0.1", "3.0.0"));  // a space after the operator
  EXPECT_TRUE(in("~1.2.3", "1.2.9"));
  EXPECT_FALSE(in("~1.2.3", "1.3.0"));
  EXPECT_TRUE(in("1.2.x", "1.2.7"));
  EXPECT_FALSE(in("1.2", "1.3.0"));
  EXPECT_TRUE(in("1.2.3", "1.2.3"));
  EXPECT_FALSE(in("1.2.3", "1.2.4"));
  EXPECT_TRUE(in(">1.2", "1.3.0"));
  EXPECT_FALSE(in(">1.2", "1.2.9"));
  EXPECT_TRUE(in("<=1.2", "1.2.9"));
  EXPECT_TRUE(in("<1.0.0 || >=2.0.0", "2.1.0"));
  EXPECT_FALSE(in("<1.0.0 || >=2.0.0", "1.5.0"));
  EXPECT_TRUE(in("*", "7.7.7"));
  EXPECT_TRUE(VersionRange{}.contains(v("0.0.1")));
}

TEST(Semver, MalformedRangeSaysWhichPartIsWrong) {
  std::string why;
  EXPECT_FALSE(parse_range(">=0.1 <<0.2", &why));
  EXPECT_NE(why.find("'<<0.2'"), std::string::npos) << why;
  for (auto bad : {"1.x.3", "abc", "||", ">=", "^1.2.3.4", "1.2 ||"})
    EXPECT_FALSE(parse_range(bad)) << bad;
}

}  // namespace
}  // namespace anvil
