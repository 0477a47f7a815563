// The game's rules cache (Game::rules_cache) as the classic rules keep it, and the inline ways to
// it: the mana sources, the listing, the end of each step and the target searches reach it tens
// of thousands of times a game (as calls into legal_actions.cpp they were about 1% of a random
// classic game's instructions).
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "classic.hpp"
#include "kept_creatures.hpp"

namespace anvil::rules_classic {

// A seat's kept mana sources (kept_mana_sources) counted, made with the list and kept up to date
// with it (mana.cpp): enough to answer most of can_pay's questions without the matching. The
// listing asks can_pay of every card in hand at every priority (10 666 times in 40 random classic
// games); most players' mana is basic lands and pools, each mana of one kind only, and then a
// cost is payable exactly when there is enough mana of each kind its symbols name and enough in
// all (counted_can_pay).
struct KeptManaCounts {
  // Byte k (k < kManaKinds): the mana that can be of kind k and no other, 127 for 127 or more
  // (counted_can_pay leaves a cost asking 128 or more of a kind to can_pay).
  std::uint64_t of_kind = 0;
  std::uint32_t mana = 0;     // every mana, as can_pay counts its units
  bool one_kind_each = true;  // no mana can be of several kinds (a dual land, "any colour")
};

// can_pay(sources, life, cost, 0)'s answer from the counts of those sources, when the counts
// decide it: 1 yes, 0 no, -1 ask can_pay. They decide a cost without {2/W}, Phyrexian or hybrid
// symbols (each a choice between kinds, or life): not enough mana in all is a no whatever the
// kinds; with each mana of one kind only, a symbol of kind k takes a mana of kind k and generic
// any mana left, so enough of each kind and enough in all is a yes and anything less a no. The
// cost's bytes are read a word at a time (as a loop over its arrays this was about 65
// instructions a call).
inline int counted_can_pay(const KeptManaCounts& n, const ManaCost& cost) {
  static_assert(std::endian::native == std::endian::little);
  // The symbols that choose: hybrid, {2/W}, Phyrexian and hybrid Phyrexian, 30 bytes in a row.
  static_assert(offsetof(ManaCost, mono_hybrid) == offsetof(ManaCost, hybrid) + kHybridPairs &&
                offsetof(ManaCost, phyrexian) == offsetof(ManaCost, mono_hybrid) + kColorCount &&
                offsetof(ManaCost, hybrid_phyrexian) ==
                    offsetof(ManaCost, phyrexian) + kColorCount &&
                2 * kHybridPairs + 2 * kColorCount == 30);
  const auto word = [&cost](std::size_t at) {
    std::uint64_t w;
    std::memcpy(&w, reinterpret_cast<const unsigned char*>(&cost) + at, sizeof w);
    return w;
  };
  const std::size_t choose = offsetof(ManaCost, hybrid);
  if ((word(choose) | word(choose + 8) | word(choose + 16) | word(choose + 22)) != 0) return -1;
  // The symbols of one kind each: the coloured ones then {C}, a byte each (k: kind k).
  static_assert(offsetof(ManaCost, colorless) == offsetof(ManaCost, colored) + kColorCount &&
                kColorless == kColorCount && kManaKinds == 6);
  constexpr std::uint64_t kKindBytes = 0x0000'ffff'ffff'ffff, kHigh = 0x8080'8080'8080'8080;
  const std::uint64_t kinds = word(offsetof(ManaCost, colored)) & kKindBytes;
  if (kinds & kHigh) return -1;  // 128 or more of a kind
  // The six bytes added up: pairs into 16-bit lanes, then the lanes by a multiply.
  const std::uint64_t pairs =
      (kinds & 0x00ff'00ff'00ff'00ff) + ((kinds >> 8) & 0x00ff'00ff'00ff'00ff);
  const std::uint64_t symbols = cost.generic + ((pairs * 0x0001'0001'0001'0001) >> 48);
  if (symbols > n.mana) return 0;
  if (!n.one_kind_each) return -1;
  // Each byte of of_kind at least kinds' (both under 128): its high bit survives the subtraction.
  return (((n.of_kind | kHigh) - kinds) & kHigh) == kHigh ? 1 : 0;
}

// can_pay(kept, life, cost, x) for a seat's kept list (kept_mana_sources) and its counts
// (kept_mana_counts): by counting when the counts decide (no X to pay, counted_can_pay), else by
// can_pay's matching.
inline bool can_pay_kept(const std::vector<ManaSource>& kept, const KeptManaCounts& counts,
                         std::int64_t life, const ManaCost& cost, std::int64_t x) {
  if (x == 0)
    if (const int counted = counted_can_pay(counts, cost); counted >= 0) return counted != 0;
  return can_pay(kept, life, cost, x);
}

// The lists a declaration of attackers fills (combat.cpp): the active player's creatures, each
// with why it cannot attack on its own account, the defenders, the pairs offered and their
// options. Kept between declarations rather than allocated at each (about four allocations for
// each of the 422 declarations with a creature in 40 random classic games); what they hold
// between declarations says nothing.
struct AttackDeclarationLists {
  std::vector<std::pair<ObjectId, std::string>> creatures;
  std::vector<Target> defenders;
  std::vector<std::pair<ObjectId, Target>> pairs;  // attacker and defender, as the options
  std::vector<Option> options;
  bool lent = false;  // while a declaration fills them
};

// What the classic rules keep for one game between decisions: a SeatLists for each seat,
// pools_emptied_at's count, the kept creatures, the objects' ManaTraits, the cards' kinds for
// the state-based pass and for the listing's hand, two buffers of the listing's (a list given
// back, a view scratch), two of choose_targets' (the candidates, the options) and the lists of
// the declaration of attackers, whose contents mean nothing. Made on first use; only what the state, each list's key and the
// card pool decide, so a copy of a game starts without one.
struct ClassicCache final : RulesCache {
  std::vector<SeatLists> seats;
  std::uint64_t pools_emptied_at = 0;
  KeptCreatures creatures;              // common.cpp's
  std::vector<ManaTraits> mana_traits;  // mana_traits_memo's, indexed by ObjectId
  std::vector<KeptManaCounts> kept_counts;  // each seat's, with seats[seat].sources (mana.cpp)
  std::vector<std::uint16_t> sba_kinds;     // state_based.cpp's printed_kinds, indexed by CardId
  std::vector<LegalAction> spare_listing;   // give_back_listing's, for the next priority_actions
  Characteristics listing_scratch;          // listing_scratch's
  std::vector<Target> spare_targets;        // choose_targets' buffers (casting.cpp)
  std::vector<Option> spare_options;
  AttackDeclarationLists attack_lists;      // combat.cpp's
  std::vector<std::uint8_t> hand_kinds;     // legal_actions.cpp's hand_kinds, indexed by CardId
  // combat.cpp's combat_kinds, indexed by CardId (0: not read yet): a byte a card of the pool.
  std::vector<std::uint8_t> combat_kinds;
  // combat.cpp's attack_tax: the battlefield_key at which no permanent's card had an attack tax
  // (0: not known).
  std::uint64_t untaxed_at = 0;
  // The battlefield moves ClassicHooks::before_moves announced (note_battlefield_moves, mana.cpp),
  // counted as the journal counts them (Journal::moves_from + moves_to of the battlefield): with
  // each seat's SeatLists::sources_moved, kept_mana_sources' list outlives the moves that touch
  // none of the seat's possible sources (mostly the other seat's moves).
  std::uint64_t announced_moves = 0;
  // state_based.cpp's: Journal::changes(EditKind::object_attr) + 1 at the look at the permanents
  // that rules memo slot 15 remembers (0: none), so that a look at the newcomers after it knows
  // whether any attr, a deathtouch mark among them, can have changed since (look_at_battlefield's
  // `newcomers_only`).
  std::uint64_t sba_attrs_at = 0;
  // The options of advance()'s priority decisions (turn.cpp's priority_choice), kept between
  // decisions and written over in place: their own, not spare_options, which choose_targets
  // clears, so that most decisions find their options made by an earlier one.
  std::vector<Option> priority_options;
  // The players still playing (Outcome::playing), as turn.cpp's pass_priority counts them at each
  // pass, and 1 + Journal::changes(EditKind::player_field) when they were counted (0: never).
  std::uint64_t playing_at = 0;
  std::uint32_t playing = 0;
};

// The game's cache, made and kept in it at first use (legal_actions.cpp).
ClassicCache& make_classic_cache(const Game& game);

inline ClassicCache& classic_cache(const Game& game) {
  // Only the rules module whose hooks the game has keeps a cache in it (set_rules drops any
  // other), so the game's cache is this one.
  if (RulesCache* cache = game.rules_cache()) [[likely]]
    return static_cast<ClassicCache&>(*cache);
  return make_classic_cache(game);
}

// `p`'s SeatLists in `game`, made with the game's cache (for every seat at once, so that a
// reference to one stays valid while the game lives).
inline SeatLists& seat_lists(const Game& game, PlayerId p) {
  return classic_cache(game).seats.at(p.value);
}

// empty_pools' count (classic.hpp), read by empty_pools below.
inline std::uint64_t& pools_emptied_at(const Game& game) {
  return classic_cache(game).pools_emptied_at;
}

// 500.4: empties every player's mana pools. Asked at every step (15 000 times in 40 random
// games), nearly always with nothing to empty and no player attr edited since the last time:
// then the pools are still empty, and this inline test is all it costs (the call was about 0.4%
// of a random classic game).
inline void empty_pools(Game& game) {
  if (pools_emptied_at(game) != 1 + game.journal().changes(EditKind::player_attr))
    empty_pools_looking(game);
}

// The game's KeptCreatures (kept_creatures.hpp).
inline KeptCreatures& kept_creatures(const Game& game) { return classic_cache(game).creatures; }

// `p`'s KeptManaCounts: those of the list kept_mana_sources(game, p) last returned.
inline KeptManaCounts& kept_mana_counts(const Game& game, PlayerId p) {
  return classic_cache(game).kept_counts[p.value];
}

// A list priority_actions made, given back by advance() once it is done with it, so that the
// next listing fills it (its actions are cleared then) rather than allocate its own: every
// listing allocated one, and a list with lands' mana abilities grew it again (together about 80
// instructions a listing, 12 386 listings in 40 random classic games). Only the buffer is kept:
// what it held says nothing.
inline void give_back_listing(const Game& game, std::vector<LegalAction>&& actions) {
  classic_cache(game).spare_listing = std::move(actions);
}

// The buffer give_back_listing kept, emptied (a new vector if none was given back).
inline std::vector<LegalAction> take_spare_listing(const Game& game) {
  std::vector<LegalAction> spare = std::move(classic_cache(game).spare_listing);
  spare.clear();
  return spare;
}

// The listing memo's list for `player` while it still holds (classic.hpp), taken out of the memo.
// Inline, the count first: advance() asks at nearly every priority it lists for (12 639 times in
// 40 random classic games) and nearly every time the count has moved since the remembered
// listing (253 were taken); as a call the miss cost about 35 instructions.
inline std::optional<std::vector<LegalAction>> take_known_listing(Game& game, PlayerId player) {
  if (!player.valid() || seat_lists(game, player).listed_at != game.journal().changes())
    return std::nullopt;
  return take_listing_at_count(game, player);
}

// The scratch priority_actions views its cards through (Game::view), kept rather than made at
// every listing. What it holds between listings says nothing: a view through it fills it.
inline Characteristics& listing_scratch(const Game& game) {
  return classic_cache(game).listing_scratch;
}

// The objects' ManaTraits, indexed by ObjectId (classic.hpp).
inline std::vector<ManaTraits>& mana_traits_memo(const Game& game) {
  return classic_cache(game).mana_traits;
}

}  // namespace anvil::rules_classic
