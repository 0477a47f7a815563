// Scry N (701.22a): the player looks at the top N cards of their library, puts any number of
// them on the bottom in any order and the rest on top in any order. The `Scry` effect verb
// (dungeons.cpp, "YouScry/2") calls scry() for each player it names.
//
// Scry 1 is one question, "Top" or "Bottom", as it has always been asked (saved replays of games
// with Lost Mine of Phandelver answer it). Scry 2 or more is up to two:
//  1. which of the cards go to the bottom (`ChoiceKind::option`, 0 to N picks, each option one of
//     the cards, top first); they go there in the order picked, the last picked at the very
//     bottom;
//  2. when two or more stay, their order on top (as many picks as cards; the first picked on
//     top).
// The cards are offered in the options, so the deciding player's view shows them (they are the
// player's to look at) and no other player's does.
#include <string>
#include <utility>
#include <vector>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// The top `n` cards of p's library, top first.
std::vector<ObjectId> top_cards(const Game& game, PlayerId p, std::int64_t n) {
  const auto& library = game.state().zone(ZoneRef::library(p)).objects;
  std::vector<ObjectId> out;
  for (auto it = library.rbegin();
       it != library.rend() && static_cast<std::int64_t>(out.size()) < n; ++it)
    out.push_back(*it);
  return out;
}

// A scry question to p (`ChoiceKind::option`), without its options.
Choice question(PlayerId p, ObjectId source, std::string prompt) {
  Choice choice;
  choice.kind = ChoiceKind::option;
  choice.player = p;
  choice.prompt = std::move(prompt);
  choice.source = source;
  return choice;
}

// A scry question whose options are `cards`, in order.
Choice question_about(const Game& game, PlayerId p, ObjectId source, std::string prompt,
                      const std::vector<ObjectId>& cards) {
  Choice choice = question(p, source, std::move(prompt));
  for (std::size_t i = 0; i < cards.size(); ++i)
    choice.options.push_back({object_label(game, cards[i]), Target::of(game.object(cards[i]).ref()),
                              static_cast<std::int64_t>(i)});
  return choice;
}

void to_bottom(Game& game, ObjectId card, ObjectId source) {
  move_to_zone(game, card, ZoneRef::library(game.object(card).owner), Cause::effect, source, 0);
}

void scry_one(Game& game, PlayerId p, ObjectId top, ObjectId source) {
  Choice choice = question(p, source,
                           "Scry 1: keep " + object_label(game, top) +
                               " on top of your library or put it on the bottom");
  const Target card = Target::of(game.object(top).ref());
  choice.options = {{"Top", card, 0}, {"Bottom", card, 1}};
  if (game.ask(choice).picks.at(0) == 1) to_bottom(game, top, source);
}

}  // namespace

void scry(Game& game, PlayerId p, std::int64_t n, ObjectId source) {
  const std::vector<ObjectId> cards = top_cards(game, p, n);
  if (cards.empty()) return;
  if (n == 1) return scry_one(game, p, cards.front(), source);

  const std::string scry_n = "Scry " + std::to_string(n) + ": ";
  Choice bottom = question_about(
      game, p, source,
      scry_n +
          "choose the cards to put on the bottom of your library, the last chosen at the "
          "very bottom; the others stay on top",
      cards);
  bottom.min_picks = 0;
  bottom.max_picks = static_cast<std::uint32_t>(cards.size());
  const Answer to_the_bottom = game.ask(bottom);
  std::vector<bool> goes_down(cards.size(), false);
  for (std::uint32_t pick : to_the_bottom.picks) goes_down[pick] = true;
  std::vector<ObjectId> staying;
  for (std::size_t i = 0; i < cards.size(); ++i)
    if (!goes_down[i]) staying.push_back(cards[i]);

  // Each card put on the bottom goes beneath the ones put there before it.
  for (std::uint32_t pick : to_the_bottom.picks) to_bottom(game, cards[pick], source);
  if (staying.size() < 2) return;
  Choice order = question_about(
      game, p, source,
      scry_n + "put the other cards back on top of your library: the first chosen on top", staying);
  order.min_picks = order.max_picks = static_cast<std::uint32_t>(staying.size());
  const Answer on_top = game.ask(order);
  // Put back in reverse, so the first chosen ends on top.
  for (auto it = on_top.picks.rbegin(); it != on_top.picks.rend(); ++it)
    move_to_zone(game, staying[*it], ZoneRef::library(game.object(staying[*it]).owner),
                 Cause::effect, source);
}

}  // namespace anvil::rules_classic
