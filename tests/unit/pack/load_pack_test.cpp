#include <gtest/gtest.h>

#include <algorithm>
#include <stdexcept>

#include "anvil/rules.hpp"
#include "pack_test_support.hpp"

namespace anvil::pack_test {
namespace {

using LoadPack = PackTest;

// A rules module "judge" that only looks at cards (RulesModule::check_card): an error in a card
// with an ability, at the ability; a warning about Odd; Bomb and Dud make it throw. A pack is
// only loaded here, never played.
class JudgeRules final : public RulesModule {
 public:
  std::vector<Diagnostic> check_card(const CardDef& card) const override {
    if (card.name == "Bomb") throw std::runtime_error("the judge tripped");
    if (card.name == "Dud") throw 7;
    std::vector<Diagnostic> found;
    for (const AbilityDef& a : card.abilities)
      found.push_back({Diagnostic::Severity::error, a.where, "'" + a.text + "' is not allowed"});
    if (card.name == "Odd") found.push_back({Diagnostic::Severity::warning, card.where, "is odd"});
    return found;
  }
  std::unique_ptr<Game> setup(std::shared_ptr<const CardPool>, const MatchConfig&) const override {
    throw std::logic_error("not played");
  }
  bool advance(Game&) const override { throw std::logic_error("not played"); }
  std::vector<LegalAction> legal_actions(const Game&, PlayerId) const override { return {}; }
  void check_state(Game&) const override {}
  std::unique_ptr<Game> setup_position(std::shared_ptr<const CardPool>,
                                       const Position&) const override {
    throw std::logic_error("not played");
  }
  std::vector<std::string> step_names() const override { return {"main"}; }
  std::string step_name(const Game&) const override { return "main"; }
  std::string why_not(const Game&, PlayerId, const LegalAction&) const override { return {}; }
};

TEST_F(LoadPack, BundledDemoBasicsLoadsEightCardsAndItsDeck) {
  const LoadedPack pack = load_pack(bundled_packs() / "demo-basics", registry_);
  EXPECT_EQ(pack.error_count(), 0u) << dump(pack.diagnostics);
  EXPECT_EQ(pack.cards.size(), 8u);
  // The one warning: the classic rules module does not exist yet.
  ASSERT_EQ(pack.warning_count(), 1u) << dump(pack.diagnostics);
  EXPECT_TRUE(find(pack.diagnostics, "rules module 'classic' is not loaded"));
  ASSERT_EQ(pack.decks.size(), 1u);
  EXPECT_EQ(pack.decks[0].name, "Demo Stompy");
  EXPECT_EQ(pack.decks[0].cards.size(), 40u);
  ASSERT_EQ(pack.deck_files.size(), 1u);  // where each deck came from, for messages about it
  EXPECT_EQ(pack.deck_files[0].filename(), "demo.yaml");
  for (const CardDef& card : pack.cards) EXPECT_EQ(card.pack, "demo-basics");
}

TEST_F(LoadPack, CardGlobsMayNameTheirLoader) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "good", registry_);
  EXPECT_EQ(pack.error_count(), 0u) << dump(pack.diagnostics);
  ASSERT_EQ(pack.cards.size(), 2u);
  EXPECT_EQ(pack.cards[1].name, "Forest");  // from extra.cards, read as yaml by `format:`
  ASSERT_EQ(pack.decks.size(), 1u);
  EXPECT_EQ(pack.decks[0].cards.size(), 20u);
}

TEST_F(LoadPack, FileWithoutALoaderNamesThePluginToInstall) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "no-loader", registry_);
  EXPECT_EQ(pack.cards.size(), 1u);  // the yaml file still loads
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(pack.diagnostics);
  EXPECT_EQ(e[0]->message,
            "no card loader for '.txt' files; is the format-classic plugin installed?");
  EXPECT_TRUE(e[0]->where.file.ends_with("burn.txt"));
}

TEST_F(LoadPack, DeckEntriesAreCheckedAgainstThePack) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "bad-deck", registry_);
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 2u) << dump(pack.diagnostics);
  // In file order, although the unknown card is found after the file is read.
  EXPECT_TRUE(
      e[0]->str().ends_with("typo.yaml:3:7: error: deck 'Typo' names card 'Grizly Bears', "
                            "which is not in this pack; did you mean 'Grizzly Bears'?"))
      << e[0]->str();
  EXPECT_TRUE(
      e[1]->str().ends_with("typo.yaml:4:5: error: deck entry 'four Grizzly Bears' must be "
                            "'<copies> <card name>', e.g. '4 Grizzly Bears'"))
      << e[1]->str();
}

// Decks are chosen as PACK:DECK: two decks of one pack with one name could never be told apart,
// so the second is an error at its name naming the first file, and is left out.
TEST_F(LoadPack, TwoDecksWithOneNameAreAnErrorNamingBothFiles) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "same-deck-names", registry_);
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(pack.diagnostics);
  EXPECT_TRUE(e[0]->str().ends_with(
      "b.yaml:2:7: error: deck name 'Bears' is already the name of the deck in " +
      (data_dir() / "packs" / "same-deck-names" / "decks" / "a.yaml").string() +
      ":1:7; decks of a pack need distinct names"))
      << e[0]->str();
  ASSERT_EQ(pack.decks.size(), 1u);
  EXPECT_EQ(pack.decks[0].cards.size(), 4u);
  EXPECT_EQ(pack.deck_files.size(), 1u);
}

// A token is made during a game and never put in a deck (CardDef::token): a deck naming one of
// the pack's tokens is an error at its line. deck_lines keeps every line of every deck, for the
// errors found later (a rules module refusing a deck, cli/pack_library.cpp).
TEST_F(LoadPack, ADeckNamingATokenIsAnErrorAtItsLine) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "token-deck", registry_);
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(pack.diagnostics);
  EXPECT_TRUE(
      e[0]->str().ends_with("army.yaml:4:7: error: deck 'Army' names card 'Soldier', a "
                            "token: tokens are made during a game, never put in a deck"))
      << e[0]->str();
  ASSERT_EQ(pack.deck_lines.size(), 1u);
  ASSERT_EQ(pack.deck_lines[0].size(), 2u);
  EXPECT_EQ(pack.deck_lines[0][0].card, "Grizzly Bears");
  EXPECT_TRUE(pack.deck_lines[0][0].where.str().ends_with("army.yaml:3:7"))
      << pack.deck_lines[0][0].where.str();
}

// A pack that requires another cannot check its decks alone: the cards it does not define are
// left (their lines are in deck_lines), and check_deck_cards() reports those the required packs
// do not define either, at their deck lines.
TEST_F(LoadPack, DeckCardsOfRequiredPacksAreCheckedAgainstThem) {
  const LoadedPack needs = load_pack(data_dir() / "packs" / "needs-good", registry_);
  EXPECT_EQ(needs.error_count(), 0u) << dump(needs.diagnostics);
  std::size_t elsewhere = 0;  // deck lines naming a card the pack does not define
  for (const std::vector<DeckLine>& deck : needs.deck_lines)
    for (const DeckLine& line : deck)
      elsewhere += std::none_of(needs.cards.begin(), needs.cards.end(),
                                [&](const CardDef& c) { return c.name == line.card; });
  ASSERT_EQ(elsewhere, 3u);
  const LoadedPack good = load_pack(data_dir() / "packs" / "good", registry_);
  std::vector<std::string> names;
  for (const CardDef& c : good.cards) names.push_back(c.name);
  const std::vector<Diagnostic> d = check_deck_cards(needs, names);
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].severity, Diagnostic::Severity::error);
  EXPECT_TRUE(d[0].str().ends_with(
      "mixed.yaml:4:7: error: deck 'Mixed' names card 'Grizly Bears', which neither this pack "
      "nor the packs it requires define; did you mean 'Grizzly Bears'?"))
      << d[0].str();
  EXPECT_TRUE(check_deck_cards(good, {}).empty()) << "a pack that requires none has none to check";
}

// A pack that ships plugins, with an error in pack.yaml: no host loads its plugins, so its cards
// (which use them) are not read, rather than each failing as an unknown keyword; one warning
// says why, after the manifest's error.
TEST_F(LoadPack, ABrokenManifestOfAPackWithPluginsStopsBeforeItsCards) {
  const std::filesystem::path dir = data_dir() / "packs" / "broken-manifest-plugin";
  const LoadedPack pack = load_pack(dir, registry_);
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(pack.diagnostics);
  EXPECT_NE(e[0]->message.find("version"), std::string::npos) << e[0]->message;
  ASSERT_EQ(pack.diagnostics.size(), 2u) << dump(pack.diagnostics);
  EXPECT_EQ(pack.diagnostics[1].str(),
            (dir / "pack.yaml").string() +
                ": warning: the cards and decks are not read: the pack ships plugins, and none is "
                "loaded from a pack.yaml with errors; fix the errors above first");
  EXPECT_TRUE(pack.cards.empty());
}

// A card naming a card the pack lacks (CardDef::needs: a token it makes) is an error at the
// name when the pack loads, with a did-you-mean, and the card is left out; a card naming one of
// the pack's cards loads.
TEST_F(LoadPack, ACardNamingACardThePackLacksIsAnErrorAtTheName) {
  const std::filesystem::path dir = data_dir() / "packs" / "token-typo";
  const LoadedPack pack = load_pack(dir, registry_);
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(pack.diagnostics);
  EXPECT_EQ(e[0]->str(), (dir / "cards" / "goblins.yaml").string() +
                             ":10:14: error: card 'Goblin Call': no card named 'Goblin Tokn' is "
                             "in this pack; did you mean 'Goblin Token'?");
  std::vector<std::string> names;
  for (const CardDef& c : pack.cards) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Goblin Token", "Goblin Muster"}));
  ASSERT_EQ(pack.cards[1].needs.size(), 1u);
  EXPECT_EQ(pack.cards[1].needs[0].name, "Goblin Token");
}

// A pack that requires another cannot check its cards' needs alone: check_card_needs() checks
// those the pack does not meet against the required packs' cards.
TEST_F(LoadPack, CardNeedsOfAPackThatRequiresAnotherAreCheckedAgainstIt) {
  const std::filesystem::path dir = data_dir() / "packs" / "needs-good-token";
  LoadedPack needs = load_pack(dir, registry_);
  EXPECT_EQ(needs.error_count(), 0u) << dump(needs.diagnostics);
  EXPECT_EQ(needs.cards.size(), 3u);
  LoadedPack good = load_pack(data_dir() / "packs" / "good", registry_);
  std::vector<std::string> names;
  for (const CardDef& c : good.cards) names.push_back(c.name);
  check_card_needs(needs, names);
  const auto e = errors(needs.diagnostics);
  ASSERT_EQ(e.size(), 1u) << dump(needs.diagnostics);
  EXPECT_EQ(e[0]->str(), (dir / "cards" / "calls.yaml").string() +
                             ":10:14: error: card 'Bear Cal': no card named 'Grizly Bears' is in "
                             "this pack or the packs it requires; did you mean 'Grizzly Bears'?");
  EXPECT_EQ(needs.cards.size(), 2u) << "the card naming no card is left out";
  const std::size_t before = good.diagnostics.size();
  check_card_needs(good, {});
  EXPECT_EQ(good.diagnostics.size(), before) << "a pack that requires none has none to check";
}

// A deck naming a card that failed to compile is told so, and where the card's error is: the
// card is there, only left out.
TEST_F(LoadPack, ADeckNamingACardThatFailedToLoadSaysWhere) {
  const std::filesystem::path dir = data_dir() / "packs" / "failed-card";
  const LoadedPack pack = load_pack(dir, registry_);
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 2u) << dump(pack.diagnostics);
  const std::string card_error = (dir / "cards" / "bears.yaml").string() + ":9:14";
  EXPECT_EQ(e[0]->str(), card_error +
                             ": error: card 'Flyng Bears': unknown keyword 'Flyng'; did you mean "
                             "'Flying'?");
  EXPECT_TRUE(e[1]->str().ends_with(
      "bears.yaml:4:7: error: deck 'Bears' names card 'Flyng Bears', which this pack defines but "
      "could not load (see the error at " +
      card_error + ")"))
      << e[1]->str();
}

// A card file YAML cannot read yields no card and no error naming one: a deck naming a card is
// pointed at that file instead of being told that the pack does not define the card.
TEST_F(LoadPack, ADeckNamingACardOfAnUnreadableFileSaysWhichFile) {
  const std::filesystem::path dir = data_dir() / "packs" / "unread-card";
  const LoadedPack pack = load_pack(dir, registry_);
  const auto e = errors(pack.diagnostics);
  ASSERT_EQ(e.size(), 2u) << dump(pack.diagnostics);
  const std::string file = (dir / "cards" / "bears.yaml").string();
  EXPECT_EQ(e[0]->str(), file +
                             ":2:12: error: YAML syntax error: end of map not found; YAML reads "
                             "{1}{G} unquoted as maps, not as text; quote it: \"{1}{G}\"");
  EXPECT_TRUE(e[1]->str().ends_with(
      "bears.yaml:3:7: error: deck 'Bears' names card 'Grizzly "
      "Bears', which may be in " +
      file + ": that file could not be read (see the error at " + file + ":2:12)"))
      << e[1]->str();
}

// The same in a pack that requires another, where check_deck_cards() finds it.
TEST_F(LoadPack, ADeckOfAPackThatRequiresAnotherNamingACardThatFailedToLoadSaysWhere) {
  const std::filesystem::path dir = data_dir() / "packs" / "needs-good-failed-card";
  const LoadedPack needs = load_pack(dir, registry_);
  const LoadedPack good = load_pack(data_dir() / "packs" / "good", registry_);
  std::vector<std::string> names;
  for (const CardDef& c : good.cards) names.push_back(c.name);
  const std::vector<Diagnostic> d = check_deck_cards(needs, names);
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_TRUE(d[0].str().ends_with(
      "bears.yaml:4:7: error: deck 'Mixed Bears' names card 'Flyng Bears', which this pack "
      "defines but could not load (see the error at " +
      (dir / "cards" / "bears.yaml").string() + ":9:14)"))
      << d[0].str();
}

TEST_F(LoadPack, DuplicateCardsAndMissingPluginsAreErrors) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "dupes", registry_);
  EXPECT_EQ(pack.cards.size(), 1u);
  EXPECT_TRUE(
      find(pack.diagnostics, "requires plugin 'keyword-damage' (^1.0), which is not loaded"))
      << dump(pack.diagnostics);
  const Diagnostic* dup = find(pack.diagnostics, "card 'Grizzly Bears' is defined twice");
  ASSERT_NE(dup, nullptr) << dump(pack.diagnostics);
  EXPECT_TRUE(dup->where.str().ends_with("b.yaml:1:3"));
  EXPECT_NE(dup->message.find("a.yaml:1:3"), std::string::npos);
}

// The pack's rules module looks at each card as it loads: its errors are the card's, prefixed
// with the card's name, and leave it out (a deck naming it says where); a warning keeps it; what
// the module throws is that card's error, naming the module, and the other cards go on.
TEST_F(LoadPack, TheRulesModuleChecksEachCardAndLeavesOutThoseWithErrors) {
  registry_.add<RulesModule>("judge", std::make_shared<JudgeRules>());
  const std::filesystem::path dir = data_dir() / "packs" / "rules-checked";
  const LoadedPack pack = load_pack(dir, registry_);
  const std::string cards = (dir / "cards" / "cards.yaml").string();
  std::vector<std::string> shown;
  for (const Diagnostic& d : pack.diagnostics) shown.push_back(d.str());
  EXPECT_EQ(shown,
            (std::vector<std::string>{
                cards + ":5:16: error: card 'Bad': 'damage 2' is not allowed",
                cards + ":6:3: warning: card 'Odd': is odd",
                cards + ":8:3: error: card 'Bomb': rules module 'judge' (plugin 'host') failed "
                        "checking it: the judge tripped",
                cards + ":10:3: error: card 'Dud': rules module 'judge' (plugin 'host') failed "
                        "checking it: it threw something that is not a std::exception",
                (dir / "decks" / "judged.yaml").string() +
                    ":4:7: error: deck 'Judged' names card 'Bad', which this pack defines "
                    "but could not load (see the error at " +
                    cards + ":5:16)"}));
  std::vector<std::string> names;
  for (const CardDef& c : pack.cards) names.push_back(c.name);
  EXPECT_EQ(names, (std::vector<std::string>{"Good", "Odd"}));
}

// Without its rules module loaded, a pack's cards are not judged (load_pack warns that the module
// is missing): the same pack keeps every card.
TEST_F(LoadPack, CardsOfAPackWhoseRulesModuleIsNotLoadedAreNotJudged) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "rules-checked", registry_);
  EXPECT_EQ(pack.cards.size(), 5u) << dump(pack.diagnostics);
  EXPECT_TRUE(find(pack.diagnostics, "rules module 'judge' is not loaded"))
      << dump(pack.diagnostics);
}

// A card file named without a wildcard must be there; a glob may match nothing (yet).
TEST_F(LoadPack, AMissingCardFileIsAnErrorAndAnEmptyGlobAWarning) {
  const std::filesystem::path dir = data_dir() / "packs" / "missing-file";
  const LoadedPack pack = load_pack(dir, registry_);
  std::vector<std::string> shown;
  for (const Diagnostic& d : pack.diagnostics) shown.push_back(d.str());
  const std::string manifest = (dir / "pack.yaml").string();
  EXPECT_EQ(shown, (std::vector<std::string>{
                       manifest + ":6:8: warning: rules module 'classic' is not loaded: the cards "
                                  "can be read but not played",
                       manifest + ":9:5: error: card file 'cards/extra.yaml' does not exist in "
                                  "the pack",
                       manifest + ":10:5: warning: card glob 'more/*.yaml' matches no file"}));
  ASSERT_EQ(pack.cards.size(), 1u);
  EXPECT_EQ(pack.error_count(), 1u);
}

TEST_F(LoadPack, NothingOutsideThePackIsRead) {
  const LoadedPack pack = load_pack(data_dir() / "packs" / "escape", registry_);
  EXPECT_TRUE(pack.cards.empty());
  EXPECT_TRUE(find(pack.diagnostics, "'..' would leave the pack folder")) << dump(pack.diagnostics);
  EXPECT_TRUE(find(pack.diagnostics, "'cards/link.yaml' resolves to a file outside the pack"))
      << dump(pack.diagnostics);
}

TEST(FindPacks, HigherVersionWinsThenTheLaterFolder) {
  const std::vector<std::filesystem::path> dirs{data_dir() / "search" / "bundled",
                                                data_dir() / "search" / "installed",
                                                data_dir() / "search" / "extra"};
  const auto found = find_packs(dirs);
  ASSERT_EQ(found.size(), 4u);
  EXPECT_EQ(found[0].manifest.name, "alpha");
  EXPECT_EQ(found[0].manifest.version.str(), "0.1.0");
  EXPECT_FALSE(found[0].used);
  EXPECT_EQ(found[1].manifest.version.str(), "0.2.0");  // installed layout: <name>/<version>/
  EXPECT_TRUE(found[1].used);
  EXPECT_EQ(found[2].manifest.name, "beta");
  EXPECT_FALSE(found[2].used);
  EXPECT_TRUE(found[3].used);
  EXPECT_NE(found[3].dir.string().find("extra"), std::string::npos);
  for (const FoundPack& p : found) EXPECT_TRUE(p.diagnostics.empty()) << dump(p.diagnostics);
}

TEST(FindPacks, RequiredPacksAreCheckedAgainstThoseFound) {
  const std::vector<std::filesystem::path> dirs{data_dir() / "search" / "bundled",
                                                data_dir() / "search" / "installed"};
  const auto found = find_packs(dirs);
  const auto beta = std::find_if(found.begin(), found.end(),
                                 [](const FoundPack& p) { return p.manifest.name == "beta"; });
  ASSERT_NE(beta, found.end());
  const auto d = check_required_packs(beta->manifest, found);
  ASSERT_EQ(d.size(), 2u) << dump(d);
  EXPECT_NE(
      d[0].message.find(
          "requires pack 'alpha' in '^0.3' but the version used (the highest found) is 0.2.0"),
      std::string::npos);
  EXPECT_NE(d[1].message.find("requires pack 'gamma' (^1.0), which is not installed"),
            std::string::npos);
}

TEST(FindPacks, ARequirementCycleIsNamedAtTheRequirementThatStartsIt) {
  const auto pack = [](const std::string& name, const std::string& requires_pack) {
    ManifestResult m = parse_manifest(
        "name: " + name + "\nversion: 1.0.0\ndescription: d\nengine: \"*\"\nrules: classic\n" +
            "cards: [cards/*.yaml]\nrequires:\n  packs: {" + requires_pack + ": \"^1.0\"}\n",
        "/packs/" + name);
    EXPECT_TRUE(m.ok()) << dump(m.diagnostics);
    return FoundPack{"/packs/" + name, m.manifest, {}, true};
  };
  // a -> b -> c -> b: a is in no cycle, b and c are.
  const std::vector<FoundPack> found{pack("a", "b"), pack("b", "c"), pack("c", "b")};
  EXPECT_TRUE(check_required_packs(found[0].manifest, found).empty());
  const auto d = check_required_packs(found[1].manifest, found);
  ASSERT_EQ(d.size(), 1u) << dump(d);
  EXPECT_EQ(d[0].where.str(), "/packs/b/pack.yaml:8:15");
  EXPECT_NE(d[0].message.find("requires itself through pack 'c': b -> c -> b;"), std::string::npos)
      << d[0].message;
}

}  // namespace
}  // namespace anvil::pack_test
