#include <gtest/gtest.h>

#include "anvil/pack.hpp"
#include "pack_test_support.hpp"

namespace anvil::pack_test {
namespace {

// A valid manifest to break one key at a time.
constexpr const char* kMinimal =
    "name: mini\n"
    "version: 0.1.0\n"
    "engine: ^0.1\n"
    "rules: classic\n"
    "cards: [cards/*.yaml]\n";

ManifestResult parse(std::string text) { return parse_manifest(text, "p"); }

TEST(Manifest, ReadsEveryKeyOfAGoodManifest) {
  const ManifestResult r = read_manifest(data_dir() / "packs" / "good");
  ASSERT_TRUE(r.ok()) << dump(r.diagnostics);
  EXPECT_TRUE(r.diagnostics.empty()) << dump(r.diagnostics);
  const PackManifest& m = r.manifest;
  EXPECT_EQ(m.name, "good");
  EXPECT_EQ(m.version.str(), "1.2.3-beta.1");
  EXPECT_EQ(m.description, "A pack with every manifest key");
  EXPECT_EQ(m.authors, (std::vector<std::string>{"Ann", "Bob"}));
  EXPECT_EQ(m.license, "MIT");
  EXPECT_EQ(m.engine.text, ">=0.1 <0.2");
  EXPECT_EQ(m.rules, "classic");
  EXPECT_EQ(m.rules_where.line, 7u);
  ASSERT_EQ(m.required_plugins.size(), 1u);
  EXPECT_EQ(m.required_plugins[0].name, "format-yaml");
  EXPECT_EQ(m.required_plugins[0].range.text, "^0.1");
  ASSERT_EQ(m.required_packs.size(), 1u);
  EXPECT_EQ(m.required_packs[0].name, "demo-basics");
  ASSERT_EQ(m.cards.size(), 2u);
  EXPECT_EQ(m.cards[0].pattern, "cards/*.yaml");
  EXPECT_EQ(m.cards[1].pattern, "cards/extra.cards");
  EXPECT_EQ(m.cards[1].format, "yaml");
  ASSERT_EQ(m.decks.size(), 1u);
  EXPECT_EQ(m.decks[0].pattern, "decks/*.yaml");
}

TEST(Manifest, ReadsProvidedPlugins) {
  const ManifestResult r =
      parse(std::string(kMinimal) + "provides:\n  plugins:\n    - file: lib/x.so\n      sha256: " +
            std::string(64, 'a') + "\n");
  ASSERT_TRUE(r.ok()) << dump(r.diagnostics);
  ASSERT_EQ(r.manifest.provided_plugins.size(), 1u);
  EXPECT_EQ(r.manifest.provided_plugins[0].file, "lib/x.so");
}

TEST(Manifest, MissingRequiredKeyIsReportedAtTheManifest) {
  const ManifestResult r = parse("name: mini\nversion: 0.1.0\nrules: classic\ncards: [a]\n");
  ASSERT_EQ(errors(r.diagnostics).size(), 1u) << dump(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].str(),
            "p/pack.yaml:1:1: error: pack.yaml is missing the required key 'engine'");
}

TEST(Manifest, UnknownKeyIsAnErrorWithDidYouMean) {
  const ManifestResult r = parse(std::string(kMinimal) + "licence: MIT\n");
  ASSERT_EQ(errors(r.diagnostics).size(), 1u) << dump(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].str(),
            "p/pack.yaml:6:1: error: unknown key 'licence' in pack.yaml; did you mean 'license'?");
}

TEST(Manifest, DuplicateKeyIsAnError) {
  const ManifestResult r = parse(std::string(kMinimal) + "rules: hearth\n");
  ASSERT_EQ(errors(r.diagnostics).size(), 1u) << dump(r.diagnostics);
  EXPECT_EQ(r.diagnostics[0].where.str(), "p/pack.yaml:6:1");
  EXPECT_NE(r.diagnostics[0].message.find("duplicate key 'rules'"), std::string::npos);
  EXPECT_EQ(r.manifest.rules, "classic");
}

TEST(Manifest, WrongTypesAreErrorsAtTheValue) {
  const ManifestResult r = parse(
      "name: [mini]\nversion: 0.1.0\nengine: ^0.1\nrules: classic\ncards: [a]\n"
      "authors: {ann: 1}\nrequires: [format-yaml]\n");
  const auto e = errors(r.diagnostics);
  ASSERT_EQ(e.size(), 3u) << dump(r.diagnostics);
  EXPECT_EQ(e[0]->str(), "p/pack.yaml:1:7: error: 'name' must be a single text value, not a list");
  EXPECT_EQ(e[1]->where.str(), "p/pack.yaml:6:10");
  EXPECT_EQ(e[2]->where.str(), "p/pack.yaml:7:11");
}

TEST(Manifest, BadNameVersionAndRangesAreErrors) {
  const ManifestResult r = parse(
      "name: My_Pack\nversion: 1.0\nengine: \">=0.1 <<0.2\"\nrules: classic\ncards: [a]\n"
      "requires:\n  plugins:\n    format-yaml: one\n");
  const auto e = errors(r.diagnostics);
  ASSERT_EQ(e.size(), 4u) << dump(r.diagnostics);
  EXPECT_NE(e[0]->message.find("pack name 'My_Pack'"), std::string::npos);
  EXPECT_NE(e[1]->message.find("not a semantic version"), std::string::npos);
  EXPECT_NE(e[2]->message.find("'<<0.2'"), std::string::npos);
  EXPECT_EQ(e[3]->where.str(), "p/pack.yaml:8:18");
}

TEST(Manifest, VersionWithBuildMetadataIsAnError) {
  const ManifestResult r =
      parse("name: mini\nversion: 1.0.0+b\nengine: ^0.1\nrules: classic\ncards: [a]\n");
  const auto e = errors(r.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(r.diagnostics);
  EXPECT_EQ(e[0]->where.str(), "p/pack.yaml:2:10");
  EXPECT_NE(e[0]->message.find("version '1.0.0+b' has build metadata ('+b')"), std::string::npos)
      << e[0]->message;
  EXPECT_TRUE(
      parse("name: mini\nversion: 1.0.0-rc.1\nengine: ^0.1\nrules: classic\ncards: [a]\n").ok());
}

// The rule a number with a leading zero breaks is named, with the version to write, rather than
// "write MAJOR.MINOR.PATCH", which such a version already is.
TEST(Manifest, VersionWithALeadingZeroSaysSoAndWhatToWrite) {
  const auto message = [](const std::string& version) {
    const ManifestResult r =
        parse("name: mini\nversion: " + version + "\nengine: ^0.1\nrules: classic\ncards: [a]\n");
    const auto e = errors(r.diagnostics);
    return e.size() == 1 ? e[0]->message : dump(r.diagnostics);
  };
  EXPECT_EQ(message("1.0.0-01"),
            "version '1.0.0-01' is not a semantic version; its prerelease identifier '01' is a "
            "number with a leading zero, which semver 2.0.0 §9 forbids; write 1.0.0-1");
  EXPECT_EQ(message("1.0.0-rc.007"),
            "version '1.0.0-rc.007' is not a semantic version; its prerelease identifier '007' is "
            "a number with a leading zero, which semver 2.0.0 §9 forbids; write 1.0.0-rc.7");
  EXPECT_EQ(message("1.02.0"),
            "version '1.02.0' is not a semantic version; its number '02' has a leading zero, "
            "which semver 2.0.0 §2 forbids; write 1.2.0");
  // Something else wrong besides: the general advice.
  EXPECT_EQ(message("1.0-01"),
            "version '1.0-01' is not a semantic version; write MAJOR.MINOR.PATCH, e.g. 0.1.0");
  EXPECT_EQ(message("banana"),
            "version 'banana' is not a semantic version; write MAJOR.MINOR.PATCH, e.g. 0.1.0");
}

TEST(Manifest, PackRequiringItselfIsAnErrorAtTheRequirement) {
  const ManifestResult r = parse(std::string(kMinimal) + "requires:\n  packs: {mini: \"*\"}\n");
  const auto e = errors(r.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(r.diagnostics);
  EXPECT_EQ(e[0]->str(),
            "p/pack.yaml:7:18: error: the pack requires itself ('mini' is its own name); remove "
            "it from 'requires: packs'");
  EXPECT_TRUE(r.manifest.required_packs.empty());
}

TEST(Manifest, EngineRangeExcludingThisSdkIsAnError) {
  const ManifestResult r =
      parse("name: mini\nversion: 0.1.0\nengine: ^1.0\nrules: classic\ncards: [a]\n");
  ASSERT_EQ(errors(r.diagnostics).size(), 1u) << dump(r.diagnostics);
  EXPECT_NE(r.diagnostics[0].message.find(
                "needs an Anvil SDK in '^1.0' but this is SDK " ANVIL_SDK_VERSION_STRING),
            std::string::npos);
}

TEST(Manifest, UnterminatedQuoteIsReportedWithItsLocation) {
  const ManifestResult r = parse("name: mini\ndescription: \"oops\nversion: 0.1.0\n");
  const Diagnostic* d = find(r.diagnostics, "unterminated");
  ASSERT_NE(d, nullptr) << dump(r.diagnostics);
  EXPECT_EQ(d->where.str(), "p/pack.yaml:2:14");
}

TEST(Manifest, EveryProblemIsReportedNotOnlyTheFirst) {
  const ManifestResult r =
      parse("name: Bad Name\nversoin: 1\nengine: ^9\ncards: {a: b}\nextra: 1\n");
  // bad name, missing version, engine, rules, cards not a list, unknown versoin, unknown extra
  EXPECT_EQ(errors(r.diagnostics).size(), 7u) << dump(r.diagnostics);
  EXPECT_TRUE(find(r.diagnostics, "unknown key 'versoin' in pack.yaml; did you mean 'version'?"));
}

TEST(Manifest, MissingOrEmptyManifestIsAnError) {
  EXPECT_TRUE(find(read_manifest(data_dir() / "cards").diagnostics, "no pack.yaml"));
  EXPECT_TRUE(find(read_manifest(data_dir() / "nowhere").diagnostics, "no such pack folder"));
  EXPECT_TRUE(find(parse("").diagnostics, "pack.yaml is empty"));
}

}  // namespace
}  // namespace anvil::pack_test
