// The London mulligan (103.5), with the option `mulligans: 1`: asked at the first advance(),
// in turn order; each mulligan is a new seven, and as many cards as mulligans taken go to the
// bottom of the library once the player keeps.
#include <gtest/gtest.h>

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
