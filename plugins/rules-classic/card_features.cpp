// card_features (classic.hpp): what the cards of a game's objects have that a check at every
// settling, turn or listing would otherwise look for on every permanent or card, to find
// nothing in most games.
#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// Game::rules_memo slot kCardFeaturesSeen (13; classic.hpp lists the others): the features
// found, below the edit counts they were found at (card_features_key, classic.hpp).
constexpr int kFeatureBits = kCardFeatureBits;

std::uint64_t features_of(const CardPool& pool, CardId card) {
  const CardDef& def = pool.at(card);
  std::uint64_t found = zone_actions_of(pool, card);
  if (def.base.has_subtype(kSaga)) found |= kCardsHaveSagas;
  for (const AbilityDef& a : def.abilities)
    if (a.kind == AbilityKind::triggered && dynamic_cast<const StateTriggerAbility*>(a.impl.get()))
      found |= kCardsHaveStateTriggers;
  return found;
}

// The look through every object, when the memo is stale: apart, so that the usual call, which
// finds the memo current, saves no registers and makes no frame (the body's frame was most of
// its 34 instructions, 0.9% of a random classic game with its callers at every settling and
// listing, 7 December 2026).
[[gnu::noinline]] std::uint64_t look_at_cards(Game& game, std::uint64_t key) {
  std::uint64_t found = 0;
  CardId last;  // the objects of one card often come together (a deck's copies)
  for (const GameObject& o : game.state().objects) {
    if (o.card == last) continue;
    last = o.card;
    found |= features_of(game.cards(), o.card);
  }
  game.rules_memo(kCardFeaturesSeen) = key << kFeatureBits | found;
  return found;
}

}  // namespace

std::uint64_t card_features(Game& game) {
  // card_features_key (classic.hpp): what changes which cards a game has.
  const std::uint64_t key = card_features_key(game.journal());
  const std::uint64_t memo = game.rules_memo(kCardFeaturesSeen);
  if (memo >> kFeatureBits == key) [[likely]]
    return memo & ((1u << kFeatureBits) - 1);
  return look_at_cards(game, key);
}

}  // namespace anvil::rules_classic
