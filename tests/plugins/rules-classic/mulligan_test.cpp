// The London mulligan (103.5), with the option `mulligans: 1`: asked at the first advance(),
// in turn order; each mulligan is a new seven, and as many cards as mulligans taken go to the
// bottom of the library once the player keeps.
#include <gtest/gtest.h>

#include <span>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

std::unique_ptr<Game> mulligan_game(const std::vector<std::pair<std::string, std::string>>& options) {
  DeckList deck{"Bears", {}, {}};
  for (int i = 0; i < 20; ++i) deck.cards.push_back("Plains");
  for (int i = 0; i < 20; ++i) deck.cards.push_back("Grizzly Bears");
  MatchConfig config{{deck, deck}, 7, options};
  return rules().setup(standard_pool(), config);
}

// A host that found the decks' cards once (MatchConfig::deck_cards, anvil sim) sets up the game
// the names set up: the same state, hash and journal, for each option setting.
TEST(RulesClassicSetup, DeckCardsFoundOnceSetUpTheGameTheNamesSetUp) {
  DeckList bears{"Bears", {}, {}}, shocks{"Shocks", {}, {}};
  for (int i = 0; i < 20; ++i) bears.cards.push_back("Plains");
  for (int i = 0; i < 20; ++i) bears.cards.push_back("Grizzly Bears");
  for (int i = 0; i < 24; ++i) shocks.cards.push_back(i % 3 == 0 ? "Shock" : "Mountain");
  const auto pool = standard_pool();
  std::vector<CardId> found[2];
  for (const std::string& name : bears.cards) found[0].push_back(*pool->find(name));
  for (const std::string& name : shocks.cards) found[1].push_back(*pool->find(name));
  for (const std::string mulligans : {"0", "1"}) {
    MatchConfig named{{bears, shocks}, 11, {{"mulligans", mulligans}}};
    MatchConfig given = named;
    given.deck_cards = {found[0], found[1]};
    const auto a = rules().setup(pool, named);
    const auto b = rules().setup(pool, given);
    EXPECT_EQ(hash(a->state()), hash(b->state())) << "mulligans " << mulligans;
    EXPECT_EQ(a->journal().version(), b->journal().version());
    EXPECT_EQ(a->state().zone(ZoneRef::hand(kB)).objects,
              b->state().zone(ZoneRef::hand(kB)).objects);
    ASSERT_EQ(b->state().zone(ZoneRef::library(kB)).objects.size(), 24u - 7u);
  }
}

// Lists that do not match the decks are the host's slip, refused rather than half used.
TEST(RulesClassicSetup, DeckCardsThatDoNotMatchTheDecksAreRefused) {
  DeckList deck{"Plains", std::vector<std::string>(10, "Plains"), {}};
  const auto pool = standard_pool();
  const std::vector<CardId> plains(10, *pool->find("Plains"));
  const std::vector<CardId> short_list(9, *pool->find("Plains"));
  const std::vector<CardId> unknown(10, CardId(static_cast<std::uint32_t>(pool->size())));
  for (const auto& lists : std::vector<std::vector<std::span<const CardId>>>{
           {plains}, {plains, short_list}, {plains, unknown}}) {
    MatchConfig config{{deck, deck}, 1, {}};
    config.deck_cards = lists;
    EXPECT_THROW((void)rules().setup(pool, config), LoadError);
  }
}

TEST(RulesClassicMulligan, ATwiceMulliganedHandKeepsFiveAndPutsTwoOnTheBottom) {
  auto game = mulligan_game({{"mulligans", "1"}});
  auto a = std::make_shared<TestAgent>();
  auto b = std::make_shared<TestAgent>();
  game->seat(kA, a);
  game->seat(kB, b);
  auto answer = [](std::uint32_t pick) { return [pick](const Choice&) { return Answer{{pick}}; }; };
  a->then(ChoiceKind::mulligan, answer(1)).then(ChoiceKind::mulligan, answer(1));
  ObjectId first_bottom, second_bottom;
  a->then(ChoiceKind::option, [&](const Choice& c) {
    EXPECT_EQ(c.min_picks, 2u);
    EXPECT_EQ(c.options.size(), 7u);
    first_bottom = c.options[0].target.object.id;
    second_bottom = c.options[3].target.object.id;
    return Answer{{0, 3}};
  });
  ASSERT_TRUE(rules().advance(*game));
  const GameState& s = game->state();
  EXPECT_EQ(s.zone(ZoneRef::hand(kA)).objects.size(), 5u);
  EXPECT_EQ(s.zone(ZoneRef::library(kA)).objects.size(), 35u);
  EXPECT_EQ(s.zone(ZoneRef::hand(kB)).objects.size(), 7u);  // B kept (the default answer)
  const auto& library = s.zone(ZoneRef::library(kA)).objects;  // front() is the bottom
  EXPECT_EQ(library[0], second_bottom);
  EXPECT_EQ(library[1], first_bottom);
  std::size_t mulligan_questions = 0;
  for (const Choice& c : a->asked) mulligan_questions += c.kind == ChoiceKind::mulligan;
  EXPECT_EQ(mulligan_questions, 3u);  // mulligan, mulligan, keep
  EXPECT_EQ(a->pending(), 0u);
}

TEST(RulesClassicMulligan, WithoutTheOptionNobodyIsAsked) {
  auto game = mulligan_game({});
  auto a = std::make_shared<TestAgent>();
  auto b = std::make_shared<TestAgent>();
  game->seat(kA, a);
  game->seat(kB, b);
  ASSERT_TRUE(rules().advance(*game));
  for (const Choice& c : a->asked) EXPECT_NE(c.kind, ChoiceKind::mulligan);
  EXPECT_EQ(game->state().zone(ZoneRef::hand(kA)).objects.size(), 7u);
}

}  // namespace
}  // namespace anvil::classic_test
