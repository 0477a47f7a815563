// Mana: cost parsing, mana sources (basic land types, mana abilities, the pool) and automatic
// payment. Payment is a bipartite matching of coloured symbols to sources, then generic from
// what is left: it never fails when can_pay() said yes, and is deterministic.
#include <algorithm>
#include <array>
#include <cstring>
#include <memory_resource>
#include <string>

#include "classic.hpp"
#include "classic_cache.hpp"

namespace anvil::rules_classic {

namespace {

constexpr const std::array<char, kManaKinds>& kKindLetters = kManaLetters;
constexpr std::array<Symbol, kManaKinds> kPools{"mana_pool_W"_sym, "mana_pool_U"_sym,
                                                "mana_pool_B"_sym, "mana_pool_R"_sym,
                                                "mana_pool_G"_sym, "mana_pool_C"_sym};
// Basic land types and the colour each makes (rule 305.6).
constexpr std::array<Symbol, kColorCount> kBasicTypes{"Plains"_sym, "Island"_sym, "Swamp"_sym,
                                                      "Mountain"_sym, "Forest"_sym};

struct Unit {
  std::size_t source;  // index into sources
  // The kinds it can be: a view of the source's own (ManaSource::kinds, which views storage
  // that outlives the plan), not a copy: a plan is made at every payment and cast check.
  std::span<const std::uint8_t> kinds;
};

// The kinds of mana that pay one coloured, colourless or hybrid symbol, a bit each (a colour's
// kind is its index, so a ColorSet's bits are kind bits).
constexpr std::uint8_t kind_bit(std::size_t kind) { return static_cast<std::uint8_t>(1u << kind); }

// The symbols that need mana of particular kinds (all but generic and X), as kind masks: a
// coloured one its colour, {C} colourless, a hybrid one either of its colours. Calls `slot`
// once a symbol; stops and returns false when `slot` does.
template <class Slot>
bool for_each_symbol_mask(const ManaCost& cost, Slot slot) {
  for (std::size_t c = 0; c < kColorCount; ++c)
    for (int i = 0; i < cost.colored[c]; ++i)
      if (!slot(kind_bit(c))) return false;
  for (int i = 0; i < cost.colorless; ++i)
    if (!slot(kind_bit(kColorless))) return false;
  if (!any_hybrid(cost)) return true;
  for (std::size_t h = 0; h < kHybridPairs; ++h)
    for (int i = 0; i < cost.hybrid[h]; ++i)
      if (!slot(ManaCost::hybrid_color_set(h).bits)) return false;
  return true;
}

// A plan: which units pay which symbol. Its vectors are allocated from `memory`: a payment's
// from a buffer on the stack (pay_plain).
struct Plan {
  explicit Plan(std::pmr::memory_resource* memory)
      : units(memory), slots(memory), unit_of_slot(memory) {}
  std::pmr::vector<Unit> units;
  std::pmr::vector<std::uint8_t> slots;  // the kinds each symbol of for_each_symbol_mask takes
  std::pmr::vector<int> unit_of_slot;
  std::size_t generic = 0;
  bool ok = false;
};

bool augment(const Plan& plan, std::size_t slot, std::pmr::vector<int>& slot_of_unit,
             std::pmr::vector<std::uint8_t>& seen) {
  for (std::size_t u = 0; u < plan.units.size(); ++u) {
    if (seen[u]) continue;
    const auto& k = plan.units[u].kinds;
    if (std::none_of(k.begin(), k.end(),
                     [&](std::uint8_t kind) { return plan.slots[slot] & kind_bit(kind); }))
      continue;
    seen[u] = 1;
    if (slot_of_unit[u] < 0 ||
        augment(plan, static_cast<std::size_t>(slot_of_unit[u]), slot_of_unit, seen)) {
      slot_of_unit[u] = static_cast<int>(slot);
      return true;
    }
  }
  return false;
}

Plan make_plan(std::span<const ManaSource> sources, const ManaCost& cost, std::int64_t x,
               std::pmr::memory_resource* memory = std::pmr::get_default_resource()) {
  Plan plan(memory);
  plan.units.reserve(sources.size());  // one unit a source, but for bundles
  for (std::size_t s = 0; s < sources.size(); ++s) {
    if (sources[s].bundle) {
      for (std::size_t k = 0; k < sources[s].kinds.size(); ++k)
        plan.units.push_back({s, sources[s].kinds.subspan(k, 1)});
    } else {
      plan.units.push_back({s, sources[s].kinds});
    }
  }
  for_each_symbol_mask(cost, [&](std::uint8_t mask) {
    plan.slots.push_back(mask);
    return true;
  });
  const std::int64_t generic = cost.generic + std::max<std::int64_t>(0, x) * cost.x;
  plan.generic = static_cast<std::size_t>(generic);
  if (plan.slots.size() + plan.generic > plan.units.size()) return plan;
  std::pmr::vector<int> slot_of_unit(plan.units.size(), -1, memory);
  std::pmr::vector<std::uint8_t> seen(memory);
  for (std::size_t slot = 0; slot < plan.slots.size(); ++slot) {
    seen.assign(plan.units.size(), 0);
    if (!augment(plan, slot, slot_of_unit, seen)) return plan;
  }
  plan.unit_of_slot.assign(plan.slots.size(), -1);
  for (std::size_t u = 0; u < slot_of_unit.size(); ++u)
    if (slot_of_unit[u] >= 0)
      plan.unit_of_slot[static_cast<std::size_t>(slot_of_unit[u])] = static_cast<int>(u);
  plan.ok = true;
  return plan;
}

}  // namespace

Symbol pool_symbol(std::size_t kind) { return kPools.at(kind); }

bool any_hybrid(const ManaCost& cost) {
  static_assert(kHybridPairs == 10);
  std::uint64_t head = 0;
  std::uint16_t tail = 0;
  std::memcpy(&head, cost.hybrid.data(), sizeof head);
  std::memcpy(&tail, cost.hybrid.data() + sizeof head, sizeof tail);
  return (head | tail) != 0;
}

namespace {

// Every mana kind once, in order: the kinds of mana in the pool (one each).
constexpr std::array<std::uint8_t, kManaKinds> kEachKind{0, 1, 2, 3, 4, 5};

// For each set of basic land types (bit k: the type making colour k), the colours it makes, in
// order, and how many.
struct LandKinds {
  std::array<std::array<std::uint8_t, kColorCount>, 1u << kColorCount> kinds{};
  std::array<std::uint8_t, 1u << kColorCount> count{};
};
constexpr LandKinds kLandKinds = [] {
  LandKinds t;
  for (std::size_t set = 0; set < t.count.size(); ++set)
    for (std::size_t k = 0; k < kColorCount; ++k)
      if (set & (1u << k)) t.kinds[set][t.count[set]++] = static_cast<std::uint8_t>(k);
  return t;
}();

// A land's basic land types (305.6), bit k for the type making colour k; none for a permanent
// that is not a land.
std::uint8_t land_set(const Characteristics& c) {
  if (!c.has_type(kLand)) return 0;
  // One look through the subtypes (a land has one or two) instead of one for each basic type.
  std::uint8_t set = 0;
  for (Symbol s : c.subtypes)
    for (std::size_t k = 0; k < kColorCount; ++k)
      if (s == kBasicTypes[k]) set = static_cast<std::uint8_t>(set | (1u << k));
  return set;
}

// The colours of the basic land types `set` (land_set), in colour order, as a view of kLandKinds.
std::span<const std::uint8_t> set_kinds(std::uint8_t set) {
  return std::span(kLandKinds.kinds[set].data(), kLandKinds.count[set]);
}

// The colours a land's basic land types make (305.6), in colour order; none for a permanent that
// is not a land.
std::span<const std::uint8_t> land_kinds(const Characteristics& c) {
  return set_kinds(land_set(c));
}

// Whether `p` has any mana in a pool: one look through the player's attrs instead of one for
// each kind of mana (mostly they have none, and this is asked at every step and listing).
bool any_pool(const Player& p) {
  for (const auto& [key, n] : p.attrs.items)
    for (Symbol pool : kPools)
      if (key == pool) return true;
  return false;
}

}  // namespace

std::vector<std::uint8_t> land_mana_kinds(const Characteristics& c) {
  const std::span<const std::uint8_t> kinds = land_kinds(c);
  return {kinds.begin(), kinds.end()};
}

ParsedCost parse_cost(const Param& text) {
  ParsedCost out;
  if (auto problem = read_cost_text(text.text(), out)) fail_at(text, *problem);
  if (out.sacrifice) text.fail("this cost cannot include a sacrifice");
  if (out.discard) text.fail("this cost cannot include a discard");
  return out;
}

ManaCost parse_mana_only(const Param& text, std::string_view what, std::string_view example) {
  CostText read;
  if (auto problem = read_cost_text(text.text(), read)) {
    problem->hint = "write " + std::string(what) + " as mana symbols: " + std::string(example);
    fail_at(text, *problem);
  }
  const ParsedCost cost = parse_cost(text);
  if (cost.tap || cost.mana.x != 0 || !cost.mana.present)
    text.fail(std::string(what) + " is mana without {X} or {T}", std::string(example));
  return cost.mana;
}

std::optional<ActivationCost> activation_cost(const AbilityDef& a) {
  if (!a.impl) return std::nullopt;
  if (const auto* l = dynamic_cast<const LoyaltyAbility*>(a.impl.get())) {
    ActivationCost out;
    out.cost.loyalty = true;
    out.cost.loyalty_change = l->change;
    return out;
  }
  if (const auto* c = classic_ability(a)) {
    ActivationCost out;
    out.cost.mana = c->cost;
    out.cost.tap = c->tap;
    out.cost.sorcery = c->sorcery;
    out.cost.sacrifice = c->sacrifice;
    out.cost.discard = c->discard;
    out.mana_ability = c->is_mana();
    return out;
  }
  if (a.kind != AbilityKind::activated || a.cost.empty()) return std::nullopt;
  ActivationCost out;
  if (read_cost_text(a.cost, out.cost)) return std::nullopt;
  return out;
}

namespace {

// The index of the first of a card's abilities that is a mana ability making mana (the one a
// permanent without basic land types is tapped for), or ManaTraits::kNoAbility.
std::uint16_t first_mana_ability(const CardDef& def) {
  for (std::size_t i = 0; i < def.abilities.size(); ++i) {
    const ClassicActivated* a = classic_ability(def.abilities[i]);
    if (a && a->is_mana() && !a->produces.empty()) return static_cast<std::uint16_t>(i);
  }
  return ManaTraits::kNoAbility;
}

// The source a permanent without basic land types is, for its mana ability `i`.
ManaSource ability_source(const CardDef& def, ObjectId id, std::size_t i) {
  const ClassicActivated* a = classic_ability(def.abilities[i]);
  return {id, a->produces, a->produces.size() > 1 && !a->any_color, i, false, a->sacrifice};
}

// Reads the ManaTraits of `card` into `t` (traits_of's first look at an object, or its look
// after a card change).
[[gnu::noinline]] void read_traits(const Game& game, ManaTraits& t, CardId card) {
  const CardDef& def = game.cards().at(card);
  t.card = card;
  t.land_set = land_set(def.base);
  t.creature = def.base.has_type(kCreature);
  t.haste = def.base.has_keyword(kHaste);
  t.ability = t.land_set ? ManaTraits::kNoAbility : first_mana_ability(def);
}

// The ManaTraits of object `id`, whose card is `card`, from `memo` (mana_traits_memo), read from
// the card when the memo has none for it. Inline: asked of every permanent a seat controls at
// each walk of the battlefields (as a call, about a fifth of the walk).
[[gnu::always_inline]] inline const ManaTraits& traits_of(const Game& game,
                                                          std::vector<ManaTraits>& memo,
                                                          ObjectId id, CardId card) {
  if (id.value >= memo.size()) [[unlikely]]
    memo.resize(std::max<std::size_t>(game.state().objects.size(), id.value + 1));
  ManaTraits& t = memo[id.value];
  if (t.card != card) [[unlikely]]
    read_traits(game, t, card);
  return t;
}

// The mana in p's pools, one source a mana, into `out` (emptied first).
void pool_sources(const Player& player, std::vector<ManaSource>& out) {
  out.clear();
  if (any_pool(player))
    for (std::size_t k = 0; k < kManaKinds; ++k)
      for (std::int64_t i = 0; i < player.attrs.get(kPools[k]); ++i)
        out.push_back({ObjectId{}, std::span(&kEachKind[k], 1), false, 0});
}

// Least flexible first, so that lands making several colours are kept for coloured symbols.
// A stable insertion sort: the same order as std::stable_sort, without its buffer (a player
// has a handful of sources, and this runs at every legal-action listing).
void sort_by_flexibility(std::vector<ManaSource>& out) {
  const auto before = [](const ManaSource& a, const ManaSource& b) {
    const bool pa = !a.object.valid(), pb = !b.object.valid();
    if (pa != pb) return pa;
    const std::size_t fa = a.bundle ? 1 : a.kinds.size(), fb = b.bundle ? 1 : b.kinds.size();
    return fa < fb;
  };
  for (std::size_t i = 1; i < out.size(); ++i) {
    if (!before(out[i], out[i - 1])) continue;
    ManaSource moving = std::move(out[i]);
    std::size_t j = i;
    for (; j > 0 && before(moving, out[j - 1]); --j) out[j] = std::move(out[j - 1]);
    out[j] = std::move(moving);
  }
}

// mana_sources' list, into `out` (emptied first), from each permanent's view.
void list_mana_sources(const Game& game, PlayerId p, ObjectId exclude,
                       std::vector<ManaSource>& out) {
  pool_sources(game.state().player(p), out);
  // The permanents p controls, in controlled()'s order, without building its list.
  const GameState& s = game.state();
  Characteristics scratch;  // for the permanents an effect applies to (Game::view)
  for (const Player& seat : s.players) {
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) {
      const GameObject& o = game.object(id);
      if (o.controller != p || o.tapped || id == exclude) continue;
      const Characteristics& c = game.view(id, scratch);
      // 302.6: a creature's {T} abilities wait until its controller has controlled it since the
      // turn began; a land's own mana ability too, once the land is a creature (Living Lands).
      if (c.has_type(kCreature) && o.summoning_sick && !c.has_keyword(kHaste)) continue;
      ManaSource land{id, land_kinds(c), false, 0, true};
      if (!land.kinds.empty()) {
        out.push_back(std::move(land));
        continue;
      }
      const CardDef& def = game.card(id);
      if (const std::uint16_t i = first_mana_ability(def); i != ManaTraits::kNoAbility)
        out.push_back(ability_source(def, id, i));
    }
  }
  sort_by_flexibility(out);
}

// Adds a source's mana to `n`, as can_pay counts its units: a bundle's mana one each, any other
// source one mana of one of its kinds.
void count_source(KeptManaCounts& n, const ManaSource& s) {
  std::array<std::uint8_t, sizeof n.of_kind> of_kind;
  std::memcpy(of_kind.data(), &n.of_kind, sizeof n.of_kind);
  const auto add = [&of_kind](std::uint8_t kind) {
    of_kind[kind] = static_cast<std::uint8_t>(of_kind[kind] + (of_kind[kind] < 127));
  };
  if (s.bundle) {
    for (std::uint8_t k : s.kinds) add(k);
    n.mana += static_cast<std::uint32_t>(s.kinds.size());
  } else {
    ++n.mana;
    if (s.kinds.size() == 1)
      add(s.kinds.front());
    else
      n.one_kind_each = false;
  }
  std::memcpy(&n.of_kind, of_kind.data(), sizeof n.of_kind);
}

// The counts of a kept list (KeptManaCounts), each source as count_source counts it.
KeptManaCounts count_kept(const std::vector<ManaSource>& sources) {
  KeptManaCounts n;
  for (const ManaSource& s : sources) count_source(n, s);
  return n;
}

// The mana in p's pools, kind by kind (pools_of).
using Pools = std::array<std::int64_t, kManaKinds>;

// The mana in `pools`, one source a mana, into `out` (emptied first): pool_sources' list.
void push_pools(const Pools& pools, std::vector<ManaSource>& out) {
  out.clear();
  for (std::size_t k = 0; k < kManaKinds; ++k)
    for (std::int64_t i = 0; i < pools[k]; ++i)
      out.push_back({ObjectId{}, std::span(&kEachKind[k], 1), false, 0});
}

// Whether a permanent watched as `w` (SourceWatch), whose ManaTraits are `t`, is a source now:
// untapped, and not a creature waiting out summoning sickness (302.6: a creature's {T}
// abilities wait until its controller has controlled it since the turn began; a land's own mana
// ability too, once the land is a creature).
[[gnu::always_inline]] inline bool usable(const SourceWatch& w, const ManaTraits& t) {
  return !w.tapped && !(t.creature && w.summoning_sick && !t.haste);
}

// The source a usable permanent `id` with ManaTraits `t` is.
[[gnu::always_inline]] inline ManaSource source_of(const Game& game, ObjectId id,
                                                   const ManaTraits& t) {
  return t.land_set ? ManaSource{id, set_kinds(t.land_set), false, 0, true}
                    : ability_source(game.card(id), id, t.ability);
}

// Whether a source is one mana of one kind, or a bundle: then it sorts with the least flexible
// (sort_by_flexibility), and the walk's order is the sort's.
bool one_kind(const ManaSource& s) { return s.bundle || s.kinds.size() == 1; }

// What a walk of the battlefields found (watch_sources).
struct Watched {
  std::size_t count = 0;      // p's possible sources, watched or not
  bool extends = true;        // the new SourceWatch list begins with the old one's `old` entries
  bool tapped_since = false;  // ... some of them tapped since
};

// p's possible sources, in the walk's order, into the seat's SourceWatch list (the first
// kMaxSourceWatch of them): each permanent p controls whose ManaTraits (read from its card: the
// caller has found Game::only_rule_effects() true, so that they are what its view would show)
// give it basic land types or a mana ability, with its tapped and summoning-sick bits. Each
// entry is compared with the one it replaces, among the first `old`: the same permanent with the
// same summoning sickness, untapped then or tapped now, extends the old list.
Watched watch_sources(const Game& game, PlayerId p, SeatLists& seat, std::size_t old) {
  Watched out;
  const GameState& s = game.state();
  // The objects and the memo as locals: the watch list's stores (bools) may alias anything, and
  // the compiler would load each vector's bounds again for every permanent (a zone's ids are
  // the state's objects: no look-up check is needed).
  const GameObject* const objects = s.objects.data();
  std::vector<ManaTraits>& memo = mana_traits_memo(game);
  ManaTraits* traits = memo.data();
  std::size_t traits_size = memo.size();
  SourceWatch* const watch = seat.sources_watch.data();
  for (const Player& owner : s.players) {
    for (ObjectId id : s.zone(ZoneRef::battlefield(owner.id)).objects) {
      const GameObject& o = objects[id.value];
      if (o.controller != p) continue;
      if (id.value >= traits_size) [[unlikely]] {
        memo.resize(std::max<std::size_t>(s.objects.size(), id.value + 1));
        traits = memo.data();
        traits_size = memo.size();
      }
      ManaTraits& t = traits[id.value];
      if (t.card != o.card) [[unlikely]]
        read_traits(game, t, o.card);
      if (!t.land_set && t.ability == ManaTraits::kNoAbility) continue;  // never a source
      if (out.count < SeatLists::kMaxSourceWatch) {
        SourceWatch& w = watch[out.count];
        if (out.count < old && out.extends) {
          out.extends =
              w.object == id && w.summoning_sick == o.summoning_sick && o.tapped >= w.tapped;
          out.tapped_since = out.tapped_since || o.tapped != w.tapped;
        }
        w = {id, o.tapped, o.summoning_sick};
      }
      ++out.count;
    }
  }
  out.extends = out.extends && old <= out.count && out.count <= SeatLists::kMaxSourceWatch;
  seat.sources_watch_count = std::min(out.count, SeatLists::kMaxSourceWatch + 1);
  return out;
}

// The kept list from the pools and the seat's SourceWatch list (all of p's possible sources, in
// the walk's order, their ManaTraits in the memo: watch_sources has just read them), with its
// counts: the pools' mana first, one source a mana, then each usable watched permanent's source,
// sorted least flexible first.
[[gnu::flatten]] void list_from_watch(const Game& game, PlayerId p, SeatLists& seat,
                                      const Pools& pools) {
  std::vector<ManaSource>& out = seat.sources;
  push_pools(pools, out);
  const std::vector<ManaTraits>& memo = mana_traits_memo(game);
  bool one_each = true;  // every source so far one mana of one kind (or a bundle): sorted
  for (const SourceWatch& w : std::span(seat.sources_watch.data(), seat.sources_watch_count)) {
    const ManaTraits& t = memo[w.object.value];
    if (!usable(w, t)) continue;
    // The copying push_back, whose room test is inline (the moving one is a call to
    // emplace_back, about 35 instructions a source); the kept list keeps its capacity.
    const ManaSource source = source_of(game, w.object, t);
    out.push_back(source);
    one_each = one_each && one_kind(source);
  }
  // The pools' mana comes first and is one mana of one kind each: when every permanent's is
  // too (basic lands, most mana creatures), the walk's order is already the sort's.
  if (!one_each) sort_by_flexibility(out);
  kept_mana_counts(game, p) = count_kept(out);
}

// The same list made by a walk of its own, for a seat with more possible sources than its
// SourceWatch list holds (sources_watch_count is then kMaxSourceWatch + 1, and the list is made
// again at every tap).
void list_many_sources(const Game& game, PlayerId p, SeatLists& seat, const Pools& pools) {
  std::vector<ManaSource>& out = seat.sources;
  push_pools(pools, out);
  const GameState& s = game.state();
  std::vector<ManaTraits>& memo = mana_traits_memo(game);
  for (const Player& owner : s.players) {
    for (ObjectId id : s.zone(ZoneRef::battlefield(owner.id)).objects) {
      const GameObject& o = game.object(id);
      if (o.controller != p) continue;
      const ManaTraits& t = traits_of(game, memo, id, o.card);
      if (!t.land_set && t.ability == ManaTraits::kNoAbility) continue;
      if (usable({id, o.tapped, o.summoning_sick}, t)) out.push_back(source_of(game, id, t));
    }
  }
  sort_by_flexibility(out);
  kept_mana_counts(game, p) = count_kept(out);
}

// Takes out of the seat's kept list the sources tapped since it was made, and counts it again:
// a source tapped since is not one now, whatever else it was, and dropping entries from a stable
// sort of the walk's sources leaves what a new walk and sort would give.
void drop_tapped(const Game& game, PlayerId p, SeatLists& seat) {
  std::erase_if(seat.sources, [&game](const ManaSource& s) {
    return s.object.valid() && game.object(s.object).tapped;
  });
  kept_mana_counts(game, p) = count_kept(seat.sources);
}

// The seat's kept list made again, from a new walk of the battlefields (watch_sources). When
// only moves onto, off or within the battlefields (or any zone's reorder) happened since it was
// made (`follow`: nothing else its key reads changed — no creation and no card change, so an
// object still there has the card, and so the ManaTraits, it had), most of the list may be kept:
// most moves are the other seat's, or of permanents that are no sources (a creature cast or
// dying), and most others add a land at the end of the walk. When the new SourceWatch list
// begins with the old one, bit for bit but for sources tapped since, the old list holds for
// those (follow_taps' argument): the tapped ones are dropped, and the new ones, usable,
// appended in the walk's order, which is the sort's while every source is one mana of one kind
// or a bundle. Anything else lists again from the new watch list, without another walk.
[[gnu::noinline]] void relist_kept_sources(const Game& game, PlayerId p, SeatLists& seat,
                                           const Pools& pools, bool follow) {
  const std::size_t old = follow ? seat.sources_watch_count : 0;
  const Watched watched = watch_sources(game, p, seat, old);
  if (watched.count > SeatLists::kMaxSourceWatch) return list_many_sources(game, p, seat, pools);
  KeptManaCounts& counts = kept_mana_counts(game, p);
  if (!follow || !watched.extends) return list_from_watch(game, p, seat, pools);
  if (watched.tapped_since) drop_tapped(game, p, seat);
  if (watched.count == old) return;
  if (!counts.one_kind_each) return list_from_watch(game, p, seat, pools);
  const std::vector<ManaTraits>& memo = mana_traits_memo(game);
  for (const SourceWatch& w : std::span(seat.sources_watch.data() + old, watched.count - old)) {
    const ManaTraits& t = memo[w.object.value];
    if (!usable(w, t)) continue;
    const ManaSource source = source_of(game, w.object, t);
    if (!one_kind(source)) return list_from_watch(game, p, seat, pools);
    seat.sources.push_back(source);
    count_source(counts, source);
  }
}

// What kept_mana_sources' list reads, while views apply the classic rule effects alone, other
// than the seat's pools, the tapped and summoning-sick bits of its possible sources (the
// list's SourceWatch, compared bit by bit) and the battlefields' moves (moves_key): which
// object each id is and its card (creations: a creation undone and another made has the same
// id; card changes), their controllers, whether they are face down, and their views (their
// counters then; effects added or removed, for a floating effect that began or ended).
std::uint64_t mana_sources_key(const Journal& j) {
  return 1 + j.changes(EditKind::object_create) + j.changes(EditKind::object_card) +
         j.changes(EditKind::object_counter) + j.changes(EditKind::effect_add) +
         j.changes(EditKind::effect_remove) + j.changes(ObjectField::controller) +
         j.changes(ObjectField::face_down);
}

// The rest of battlefield_key: moves onto, off and within the battlefields, and reorders. After
// these alone, the list follows the moves (relist_kept_sources) rather than being made anew.
std::uint64_t moves_key(const Journal& j) {
  return j.moves_from(ZoneKind::battlefield) + j.moves_to(ZoneKind::battlefield) +
         j.changes(EditKind::zone_reorder);
}

// The counts of the edits that may change the bits a SourceWatch holds. The game's, not the
// seat's: most are the other player's (their lands tapped for a spell, their attackers, their
// untap step), and then the seat's watched bits are found the same.
std::uint64_t taps_key(const Journal& j) {
  return j.changes(ObjectField::tapped) + j.changes(ObjectField::summoning_sick);
}

// The seat's kept list brought up to date after edits of taps and summoning sickness alone
// (taps_key; its key and moves_key the same): the battlefields hold the same objects in the same
// order with the same cards and controllers, so the SourceWatch list still names every possible
// source of the seat, in the walk's order (a permanent the seat controls that is not watched is
// never a source, tapped or not: no basic land type, no mana ability, its ManaTraits read from
// its card; and the others' permanents are not its sources). Only the watched bits may differ,
// and they are read again: all the same, the list holds; some sources tapped since and nothing
// else, those are dropped (drop_tapped); anything else (a permanent untapped, summoning sickness
// gained or lost) lists again from the watch list, without a walk of the battlefields.
void follow_taps(const Game& game, PlayerId p, SeatLists& seat, const Pools& pools) {
  if (seat.sources_watch_count > SeatLists::kMaxSourceWatch)  // not all watched
    return list_many_sources(game, p, seat, pools);
  const std::span<SourceWatch> watch(seat.sources_watch.data(), seat.sources_watch_count);
  bool tapped_since = false;
  for (SourceWatch& w : watch) {
    const GameObject& o = game.object(w.object);
    if (o.summoning_sick != w.summoning_sick || (w.tapped && !o.tapped)) {
      for (SourceWatch& all : watch)
        all = {all.object, game.object(all.object).tapped, game.object(all.object).summoning_sick};
      return list_from_watch(game, p, seat, pools);
    }
    if (o.tapped != w.tapped) w.tapped = tapped_since = true;
  }
  if (tapped_since) drop_tapped(game, p, seat);
}

// Whether the seat's kept list outlives the moves since it last held (its key and pools the same):
// the journal's moves onto, off and within the battlefields and its reorders since then
// (moves_key, `moves`) are all moves note_battlefield_moves announced (the two counts grew by
// as much), and none of them was of a permanent that may be one of the seat's possible sources
// and that the seat controlled, owned or was to control (SeatLists::sources_moved). Then the seat's
// SourceWatch list still names its possible sources in the walk's order: a permanent that is never
// a source (its ManaTraits, read from its card, which has not changed: the key counts card changes
// and creations) or that another seat controls before and after its move is not in it, and taking
// such a permanent out of a zone's list, or putting it in, leaves the others' order as it was.
// The moves' own taps and sickness edits are of those permanents, which follow_taps, reading
// only the watched bits, finds the same. Why equal counts mean only announced moves: the
// announced count never runs ahead of the moves that happen (note_battlefield_moves, the last
// step of ClassicHooks::before_moves: a look at the sources from plugin code run by its earlier
// steps counts the moves about to happen as made, and lists again at its next look); any other
// move (a plugin's Journal::move_object, an undone move: undo counts them too) or a reorder
// grows the journal's count alone, and the counts only grow, so it stays ahead and this list is
// made again. A copy of the game (a fork, a determinized copy, a refill) starts without the
// cache and with its journal counting from 0, and Game::rules_cache goes with set_rules and
// add_rule_effect: the counts compared are always of one journal and one cache.
[[gnu::always_inline]] inline bool moves_passed_by(const SeatLists& seat, std::uint64_t announced,
                                                   std::uint64_t moves) {
  return seat.sources_moved == seat.sources_moved_at &&
         moves - seat.sources_moves == announced - seat.sources_announced_at;
}

// The mana in p's pools, kind by kind, in one look through the player's attrs.
std::array<std::int64_t, kManaKinds> pools_of(const Player& p) {
  std::array<std::int64_t, kManaKinds> pools{};
  for (const auto& [key, n] : p.attrs.items)
    for (std::size_t k = 0; k < kManaKinds; ++k)
      if (key == kPools[k]) pools[k] = n;
  return pools;
}

}  // namespace

std::vector<ManaSource> mana_sources(const Game& game, PlayerId p, ObjectId exclude) {
  if (!exclude.valid())
    if (const std::vector<ManaSource>* kept = kept_mana_sources(game, p)) return *kept;
  std::vector<ManaSource> out;
  out.reserve(16);  // one allocation for most players' sources
  list_mana_sources(game, p, exclude, out);
  return out;
}

const std::vector<ManaSource>* kept_mana_sources(const Game& game, PlayerId p) {
  SeatLists& seat = seat_lists(game, p);
  const Journal& j = game.journal();
  // Nothing but quiet edits since the seat's last look (priority passed, the pass count, the
  // step's bookkeeping: Journal::add_quiet, which nothing here reads): the same state for the
  // list and for only_rule_effects. changes() only grows, an undone edit counting too.
  if (seat.sources_seen == j.changes()) return &seat.sources;
  // Another effect may read anything (the turn, another object): then nothing is kept.
  if (!game.only_rule_effects()) return nullptr;
  const std::uint64_t key = mana_sources_key(j), moves = moves_key(j), taps = taps_key(j);
  // The pools are player attrs: read again only after a player attr edit (1 + the count: a
  // copy's journal counts from 0, and its pools may hold mana).
  const std::uint64_t attrs = 1 + j.changes(EditKind::player_attr);
  Pools pools = seat.sources_pools;
  bool same = seat.sources_key == key;
  if (seat.sources_attrs != attrs) {
    pools = pools_of(game.state().player(p));
    same = same && seat.sources_pools == pools;
    seat.sources_attrs = attrs;
  }
  const std::uint64_t announced = classic_cache(game).announced_moves;
  if (!same || (seat.sources_moves != moves && !moves_passed_by(seat, announced, moves))) {
    relist_kept_sources(game, p, seat, pools, same);
    seat.sources_key = key;
    seat.sources_pools = pools;
  } else if (seat.sources_taps != taps) {
    follow_taps(game, p, seat, pools);
  }
  // The three counts of moves_passed_by, always taken at one moment.
  seat.sources_moves = moves;
  seat.sources_moved_at = seat.sources_moved;
  seat.sources_announced_at = announced;
  seat.sources_taps = taps;
  seat.sources_seen = j.changes();
  return &seat.sources;
}

void note_battlefield_moves(const Game& game, std::span<const ZoneChangeEvent> moves) {
  ClassicCache& cache = classic_cache(game);
  std::vector<ManaTraits>& memo = cache.mana_traits;
  const auto bump = [&cache](PlayerId seat) {
    if (seat.valid() && seat.value < cache.seats.size()) ++cache.seats[seat.value].sources_moved;
  };
  std::uint64_t announced = 0;  // added to the cache's count once the loop is through
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const ZoneChangeEvent& e = moves[i];
    const bool from = e.from.kind == ZoneKind::battlefield, to = e.to.kind == ZoneKind::battlefield;
    if (!from && !to) continue;
    // Counted as Journal::move_object counts a move: once for the zone it leaves, once for the one
    // it enters. Every move announced here happens (RulesHooks::before_moves; this is the last
    // thing ClassicHooks::before_moves does, so nothing of its own can throw between this and the
    // moves), but for an object the batch moves twice: the kernel skips its second move when the
    // first has taken it out of the zone the second starts from. Only an object's first move of
    // the batch is counted, so that this count never runs ahead of the journal's
    // (moves_passed_by's argument): a second move that happens after all (the first within its
    // zone) only leaves it behind.
    const bool again = std::any_of(moves.begin(), moves.begin() + static_cast<std::ptrdiff_t>(i),
                                   [&e](const ZoneChangeEvent& m) { return m.object == e.object; });
    if (!again) announced += std::uint64_t{from} + std::uint64_t{to};
    // Whose possible sources it may be among: its controller's now, its owner's, and the
    // zone's owner's (an entering permanent's controller, apply_move): more than needed, never
    // fewer. A permanent whose card gives it no basic land type and no mana ability is nobody's.
    const GameObject& o = game.object(e.object);
    const ManaTraits& t = traits_of(game, memo, e.object, o.card);
    if (!t.land_set && t.ability == ManaTraits::kNoAbility) continue;
    bump(o.controller);
    if (o.owner != o.controller) bump(o.owner);
    if (e.to.owner != o.owner && e.to.owner != o.controller) bump(e.to.owner);
  }
  cache.announced_moves += announced;
}

bool can_pay(const Game& game, PlayerId p, const ManaCost& cost, std::int64_t x, ObjectId exclude) {
  if (!exclude.valid())
    if (const std::vector<ManaSource>* kept = kept_mana_sources(game, p))
      return can_pay_kept(*kept, kept_mana_counts(game, p), game.state().player(p).life, cost, x);
  return can_pay(mana_sources(game, p, exclude), game.state().player(p).life, cost, x);
}

namespace {

// 119.4: life is paid only by a player who has at least that much.
bool can_pay_life(std::int64_t life, const CostShape& shape) {
  return shape.life == 0 || life >= shape.life;
}

}  // namespace

bool can_pay(const std::vector<ManaSource>& sources, std::int64_t life, const ManaCost& cost,
             std::int64_t x) {
  if (any_alternative(cost)) {  // one of its shapes, each a cost without such symbols
    for (const CostShape& shape : cost_shapes(cost))
      if (can_pay_life(life, shape) && can_pay(sources, life, shape.mana, x)) return true;
    return false;
  }
  // make_plan's answer without building the plan (a vector per mana): the legal-action listing
  // asks this for every card in hand at every priority. First its count test: fewer mana than
  // the cost's symbols.
  std::size_t units = 0;
  for (const ManaSource& s : sources) units += s.bundle ? s.kinds.size() : 1;
  const std::int64_t generic = cost.generic + std::max<std::int64_t>(0, x) * cost.x;
  std::size_t symbols = static_cast<std::size_t>(generic) + cost.colorless;
  for (std::size_t c = 0; c < kColorCount; ++c) symbols += cost.colored[c];
  if (any_hybrid(cost))
    for (std::size_t h = 0; h < kHybridPairs; ++h) symbols += cost.hybrid[h];
  if (symbols > units) return false;
  // Then whether every coloured, colourless and hybrid symbol gets a mana it takes (generic is
  // paid from what is left, and the count test says enough is left): the same bipartite
  // matching, with each mana's kinds as a bit set in fixed arrays. Whether a matching exists
  // does not depend on the order it is searched in, so the answer is make_plan's.
  constexpr std::size_t kMaxUnits = 64, kMaxSlots = 16;
  std::array<std::uint8_t, kMaxSlots> slots{};  // kind masks
  std::size_t n_slots = 0;
  if (!for_each_symbol_mask(cost, [&](std::uint8_t mask) {
        if (n_slots == kMaxSlots) return false;
        slots[n_slots++] = mask;
        return true;
      }))
    return make_plan(sources, cost, x).ok;
  if (n_slots == 0) return true;
  if (units > kMaxUnits) return make_plan(sources, cost, x).ok;
  std::array<std::uint8_t, kMaxUnits> kinds{};  // bit k: the unit can be mana of kind k
  std::size_t n_units = 0;
  for (const ManaSource& s : sources) {
    if (s.bundle) {
      for (std::uint8_t k : s.kinds) kinds[n_units++] = static_cast<std::uint8_t>(1u << k);
    } else {
      std::uint8_t bits = 0;
      for (std::uint8_t k : s.kinds) bits = static_cast<std::uint8_t>(bits | (1u << k));
      kinds[n_units++] = bits;
    }
  }
  std::array<int, kMaxUnits> slot_of_unit;
  slot_of_unit.fill(-1);
  std::array<bool, kMaxUnits> seen{};
  // Kuhn's augmenting paths, as make_plan's augment().
  const auto augment = [&](auto& self, std::size_t slot) -> bool {
    for (std::size_t u = 0; u < n_units; ++u) {
      if (seen[u] || !(kinds[u] & slots[slot])) continue;
      seen[u] = true;
      if (slot_of_unit[u] < 0 || self(self, static_cast<std::size_t>(slot_of_unit[u]))) {
        slot_of_unit[u] = static_cast<int>(slot);
        return true;
      }
    }
    return false;
  };
  for (std::size_t slot = 0; slot < n_slots; ++slot) {
    seen.fill(false);
    if (!augment(augment, slot)) return false;
  }
  return true;
}

std::int64_t max_affordable_x(const Game& game, PlayerId p, const ManaCost& cost,
                              ObjectId exclude) {
  if (cost.x == 0) return 0;
  const std::vector<ManaSource> sources = mana_sources(game, p, exclude);
  const std::int64_t life = game.state().player(p).life;
  std::int64_t most = -1;
  for (const CostShape& shape : cost_shapes(cost)) {  // X as large as any shape allows
    if (!can_pay_life(life, shape)) continue;
    const Plan plan = make_plan(sources, shape.mana, 0);
    if (!plan.ok) continue;
    const std::size_t spare = plan.units.size() - plan.slots.size() - plan.generic;
    most = std::max(most, static_cast<std::int64_t>(spare / cost.x));
  }
  return most;
}

namespace {

// What a shape pays for the cost's Phyrexian symbols: "{B}{B}", "{B} and 2 life", "4 life",
// "{G/W}" (a hybrid Phyrexian symbol paid with either colour).
std::string phyrexian_label(const ManaCost& cost, const CostShape& shape) {
  std::string mana;
  for (std::size_t c = 0; c < kColorCount; ++c)
    for (int i = shape.life_by_color[c]; i < cost.phyrexian[c]; ++i)
      mana += std::string("{") + kKindLetters[c] + "}";
  for (std::size_t h = 0; h < kHybridPairs; ++h)
    for (int i = shape.life_by_pair[h]; i < cost.hybrid_phyrexian[h]; ++i)
      mana += "{" + hybrid_letters(h) + "}";
  if (shape.life == 0) return mana;
  const std::string life = std::to_string(shape.life) + " life";
  return mana.empty() ? life : mana + " and " + life;
}

// 601.2g-h for a player who pays by hand (player attr "pay_manually", one payment): they
// activate mana abilities one at a time — each picked source is tapped and its mana added to
// the pool — until the pool alone pays one of `ways` (the plain costs the cost may be paid as:
// one, or a {2/W} cost's shapes, most coloured first), then that one is paid. Returns its
// index; nullopt when the player chose "Pay the rest automatically", which leaves the rest to
// automatic payment. "Cancel" abandons the action, which the caller's checkpoint
// (Game::perform) undoes whole, mana abilities included (726). `shown` is the cost as printed.
std::optional<std::size_t> pay_manually(Game& game, PlayerId p, const std::string& shown,
                                        std::span<const ManaCost> ways, std::int64_t x,
                                        ObjectId exclude) {
  game.journal().set_attr(p, kPayManually, 0);
  Journal& j = game.journal();
  const ManaCost& cost = ways.front();  // the colours a multi-colour source is asked for
  for (;;) {
    std::vector<ManaSource> pool, objects;
    for (ManaSource& s : mana_sources(game, p, exclude))
      (s.object.valid() ? objects : pool).push_back(std::move(s));
    for (std::size_t w = 0; w < ways.size(); ++w)
      if (make_plan(pool, ways[w], x).ok) return w;
    Choice choice;
    choice.kind = ChoiceKind::option;
    choice.player = p;
    choice.prompt = "Pay " + shown + ": activate a mana ability";
    for (std::size_t i = 0; i < objects.size(); ++i)
      choice.options.push_back({numbered_label(game, objects[i].object),  // two Forests differ
                                Target::of(game.object(objects[i].object).ref()),
                                static_cast<std::int64_t>(i)});
    choice.options.push_back({"Pay the rest automatically", {}, -1});
    choice.options.push_back({"Cancel", {}, -2});
    const std::int64_t v = choice.options.at(game.ask(choice).picks.at(0)).value;
    if (v == -1) return std::nullopt;
    if (v == -2) throw RulesError("payment cancelled");
    const ManaSource& s = objects.at(static_cast<std::size_t>(v));
    if (!tap(game, s.object, s.object)) throw RulesError(object_label(game, s.object) + " could not be tapped");
    std::vector<std::uint8_t> made(s.kinds.begin(), s.kinds.end());
    if (!s.bundle) {  // one mana: the colour the cost still needs, if it can make it
      std::uint8_t kind = s.kinds.front();
      for (std::uint8_t k : s.kinds) {
        const std::int64_t have = game.state().player(p).attrs.get(kPools[k]);
        int need = k < kColorCount ? cost.colored[k] : cost.colorless;
        for (std::size_t h = 0; h < kHybridPairs && k < kColorCount; ++h) {
          const auto colors = ManaCost::hybrid_colors(h);
          if (static_cast<std::size_t>(colors[0]) == k || static_cast<std::size_t>(colors[1]) == k)
            need += cost.hybrid[h];  // a hybrid symbol wants either of its colours
        }
        if (have < need) {
          kind = k;
          break;
        }
      }
      made = {kind};
    }
    for (std::uint8_t k : made)
      j.set_attr(p, kPools[k], game.state().player(p).attrs.get(kPools[k]) + 1);
    if (s.sacrifice && !sacrifice(game, s.object, s.object))  // a Treasure's cost
      throw RulesError(object_label(game, s.object) + " could not be sacrificed");
  }
}

void pay_plain(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x, ObjectId exclude);

// 601.2f-h for a cost with {2/W} or Phyrexian symbols: the payable shapes, one for each way of
// paying the Phyrexian symbols (the least mana for the {2/W} ones); p picks among them when
// there are several; the mana is paid, then the life.
void pay_alternatives(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x,
                      ObjectId exclude) {
  const std::vector<ManaSource> sources = mana_sources(game, p, exclude);
  const std::int64_t life = game.state().player(p).life;
  const std::vector<CostShape> shapes = cost_shapes(cost);
  std::vector<CostShape> payable;  // the first payable shape of each Phyrexian split
  for (const CostShape& shape : shapes) {
    if (!can_pay_life(life, shape) || !can_pay(sources, life, shape.mana, x)) continue;
    if (std::none_of(payable.begin(), payable.end(),
                     [&](const CostShape& s) { return s.same_life_split(shape); }))
      payable.push_back(shape);
  }
  if (payable.empty()) throw RulesError("not enough mana or life to pay " + mana_symbols(cost, x));
  std::size_t pick = 0;
  if (payable.size() > 1) {
    Choice choice;
    choice.kind = ChoiceKind::option;
    choice.player = p;
    choice.prompt = "Pay " + mana_symbols(cost, x) + ": mana or 2 life for each Phyrexian symbol";
    for (const CostShape& shape : payable)
      choice.options.push_back({phyrexian_label(cost, shape), Target{}, shape.life});
    pick = game.ask(choice).picks.at(0);
  }
  const CostShape& shape = payable.at(pick);
  if (game.state().player(p).attrs.get(kPayManually) != 0) {
    // By hand: the pool may end up paying any of this life split's ways of paying the {2/W}
    // symbols (four Mountains tapped pay {2/W}{2/W} as {2}{2}), not only the most coloured.
    std::vector<ManaCost> ways;
    for (const CostShape& s : shapes)
      if (s.same_life_split(shape) && can_pay(sources, life, s.mana, x)) ways.push_back(s.mana);
    const auto covered = pay_manually(game, p, mana_symbols(cost, x), ways, x, exclude);
    // Left to automatic payment: the most coloured way the sources still allow.
    const std::vector<ManaSource> now = mana_sources(game, p, exclude);
    std::size_t w = covered.value_or(0);
    if (!covered)
      while (w + 1 < ways.size() && !make_plan(now, ways[w], x).ok) ++w;
    pay_plain(game, p, ways.at(w), x, exclude);
  } else {
    pay_plain(game, p, shape.mana, x, exclude);
  }
  if (shape.life > 0) lose_life(game, p, static_cast<std::int32_t>(shape.life));
}

}  // namespace

void pay(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x, ObjectId exclude) {
  if (any_alternative(cost)) return pay_alternatives(game, p, cost, x, exclude);
  pay_plain(game, p, cost, x, exclude);
}

namespace {

// A payment's plan in fixed arrays, for the payments whose mana and symbols fit them (all of a
// random game's): the units, symbols and matching of make_plan, each unit's kinds as a bit set.
// It also keeps what the taps read of each source, as tapping runs plugin code, which may list
// the player's sources again into the kept list the plan was made from.
struct FixedPlan {
  static constexpr std::size_t kMaxUnits = 64, kMaxSlots = 16;
  std::array<std::uint8_t, kMaxUnits> source;      // index into sources
  std::array<std::uint8_t, kMaxUnits> kinds;       // bit k: the unit can be mana of kind k
  std::array<std::uint8_t, kMaxUnits> first_kind;  // its first kind: a bundle's spare mana's
  std::array<std::int8_t, kMaxUnits> slot_of_unit;
  std::array<std::uint8_t, kMaxSlots> slots;  // kind masks, as for_each_symbol_mask gives them
  std::size_t units = 0, n_slots = 0, generic = 0;
  bool ok = false;  // whether the mana pays the cost
};

// make_plan's plan for `sources` into `plan`: the same units in the same order and the same
// augmenting paths, so the same units pay the same symbols. Returns false when the payment does
// not fit the arrays (the caller makes the plan with make_plan); else plan.ok says whether the
// mana pays the cost.
bool make_fixed_plan(std::span<const ManaSource> sources, const ManaCost& cost, std::int64_t x,
                     FixedPlan& plan) {
  if (sources.size() > FixedPlan::kMaxUnits) return false;
  // The count in a local: the byte arrays' stores may alias plan.units, which the compiler would
  // otherwise load again after each.
  std::size_t units = plan.units;
  const auto add_unit = [&plan, &units](std::size_t s, std::uint8_t bits, std::uint8_t first) {
    plan.source[units] = static_cast<std::uint8_t>(s);
    plan.kinds[units] = bits;
    plan.first_kind[units] = first;
    plan.slot_of_unit[units] = -1;
    ++units;
  };
  for (std::size_t s = 0; s < sources.size(); ++s) {
    const std::span<const std::uint8_t> kinds = sources[s].kinds;
    if (!sources[s].bundle) {  // one unit, one mana of any of its kinds (most: a land's one)
      if (units == FixedPlan::kMaxUnits) return false;
      std::uint8_t bits = 0;
      for (std::uint8_t kind : kinds) bits = static_cast<std::uint8_t>(bits | kind_bit(kind));
      add_unit(s, bits, kinds.empty() ? 0 : kinds.front());
      continue;
    }
    if (units + kinds.size() > FixedPlan::kMaxUnits) return false;
    for (std::uint8_t kind : kinds) add_unit(s, kind_bit(kind), kind);  // a unit each
  }
  plan.units = units;
  if (!for_each_symbol_mask(cost, [&](std::uint8_t mask) {
        if (plan.n_slots == FixedPlan::kMaxSlots) return false;
        plan.slots[plan.n_slots++] = mask;
        return true;
      }))
    return false;
  plan.generic = static_cast<std::size_t>(cost.generic + std::max<std::int64_t>(0, x) * cost.x);
  if (plan.n_slots + plan.generic > plan.units) return true;
  std::array<bool, FixedPlan::kMaxUnits> seen;
  // Kuhn's augmenting paths, as make_plan's augment().
  const auto augment = [&](auto& self, std::size_t slot) -> bool {
    for (std::size_t u = 0; u < plan.units; ++u) {
      if (seen[u] || !(plan.kinds[u] & plan.slots[slot])) continue;
      seen[u] = true;
      if (plan.slot_of_unit[u] < 0 || self(self, static_cast<std::size_t>(plan.slot_of_unit[u]))) {
        plan.slot_of_unit[u] = static_cast<std::int8_t>(slot);
        return true;
      }
    }
    return false;
  };
  for (std::size_t slot = 0; slot < plan.n_slots; ++slot) {
    std::fill_n(seen.begin(), plan.units, false);
    if (!augment(augment, slot)) return true;
  }
  plan.ok = true;
  return true;
}

// What paying taps, pays from the pool or sacrifices for one source the plan uses, read from the
// source before anything is tapped. Plain fields without initializers, so that an array of them
// is not filled before use (an ObjectId sets itself to none: 64 of them were 300 instructions a
// payment).
struct Spend {
  std::uint32_t object;  // ObjectId::value, none for mana in the pool
  std::uint8_t source;
  std::uint8_t pool_kind;  // for mana in the pool
  bool bundle;
  bool sacrifice;
};

// pay_plain's payment when its plan fits a FixedPlan; false, having done nothing, when it does
// not. The same sources are tapped in the same order as pay_large's, with the same mana to
// the pool.
bool pay_fixed(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x,
               std::span<const ManaSource> sources) {
  FixedPlan plan;
  if (!make_fixed_plan(sources, cost, x, plan)) return false;
  if (!plan.ok) throw RulesError("not enough mana to pay " + mana_symbols(cost, x));
  std::array<std::uint8_t, FixedPlan::kMaxUnits> used{}, source_used{};  // bytes, not bits
  for (std::size_t u = 0; u < plan.units; ++u)
    if (plan.slot_of_unit[u] >= 0) used[u] = source_used[plan.source[u]] = 1;
  // Generic: mana of sources already used first (a bundle's spare mana), then in order.
  std::size_t generic = plan.generic;
  for (int pass = 0; pass < 2 && generic > 0; ++pass) {
    for (std::size_t u = 0; u < plan.units && generic > 0; ++u) {
      if (used[u] || (pass == 0 && !source_used[plan.source[u]])) continue;
      used[u] = source_used[plan.source[u]] = 1;
      --generic;
    }
  }
  std::array<Spend, FixedPlan::kMaxUnits> spends;
  std::size_t n_spends = 0;
  for (std::size_t s = 0; s < sources.size(); ++s) {
    if (!source_used[s]) continue;
    const ManaSource& src = sources[s];
    spends[n_spends++] = {src.object.value, static_cast<std::uint8_t>(s),
                          src.kinds.empty() ? std::uint8_t{0} : src.kinds.front(), src.bundle,
                          src.sacrifice};
  }
  // `sources` is not read past here: tapping may list the player's sources again.
  Journal& j = game.journal();
  for (const Spend& spend : std::span(spends.data(), n_spends)) {
    const ObjectId object(spend.object);
    if (!object.valid()) {
      const Symbol pool = kPools[spend.pool_kind];
      j.set_attr(p, pool, game.state().player(p).attrs.get(pool) - 1);
      continue;
    }
    tap(game, object, object);
    // A bundle's mana not spent goes to the pool (it empties at the end of the step).
    for (std::size_t u = 0; spend.bundle && u < plan.units; ++u) {
      if (plan.source[u] != spend.source || used[u]) continue;
      const Symbol pool = kPools[plan.first_kind[u]];
      j.set_attr(p, pool, game.state().player(p).attrs.get(pool) + 1);
    }
    if (spend.sacrifice) sacrifice(game, object, object);  // a Treasure's cost
  }
  return true;
}

// pay_plain's payment when its plan does not fit a FixedPlan: the same steps with make_plan.
void pay_large(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x,
               std::span<const ManaSource> listed) {
  // The sources, the plan and the marks in a buffer on the stack, the marks bytes rather than
  // bits. The sources are a copy: tapping them runs plugin code, which may list the player's
  // sources again. A payment with more than the buffer holds allocates the rest.
  std::array<std::byte, 4096> buffer;
  std::pmr::monotonic_buffer_resource memory(buffer.data(), buffer.size());
  const std::pmr::vector<ManaSource> sources(listed.begin(), listed.end(), &memory);
  const Plan plan = make_plan(sources, cost, x, &memory);
  if (!plan.ok) throw RulesError("not enough mana to pay " + mana_symbols(cost, x));
  std::pmr::vector<std::uint8_t> used(plan.units.size(), 0, &memory);  // bytes, not bits
  std::pmr::vector<std::uint8_t> source_used(sources.size(), 0, &memory);
  for (int u : plan.unit_of_slot) {
    used[static_cast<std::size_t>(u)] = 1;
    source_used[plan.units[static_cast<std::size_t>(u)].source] = 1;
  }
  // Generic: mana of sources already used first (a bundle's spare mana), then in order.
  std::size_t generic = plan.generic;
  for (int pass = 0; pass < 2 && generic > 0; ++pass) {
    for (std::size_t u = 0; u < plan.units.size() && generic > 0; ++u) {
      if (used[u]) continue;
      if (pass == 0 && !source_used[plan.units[u].source]) continue;
      used[u] = 1;
      source_used[plan.units[u].source] = 1;
      --generic;
    }
  }
  Journal& j = game.journal();
  for (std::size_t s = 0; s < sources.size(); ++s) {
    if (!source_used[s]) continue;
    const ManaSource& src = sources[s];
    if (!src.object.valid()) {
      const Symbol pool = kPools[src.kinds.front()];
      j.set_attr(p, pool, game.state().player(p).attrs.get(pool) - 1);
      continue;
    }
    tap(game, src.object, src.object);
    // A bundle's mana not spent goes to the pool (it empties at the end of the step). Only a
    // bundle's units are looked for: a look through every unit for every source tapped was a
    // sixth of a payment's instructions, for the few bundles there are.
    for (std::size_t u = 0; src.bundle && u < plan.units.size(); ++u) {
      if (plan.units[u].source != s || used[u]) continue;
      const Symbol pool = kPools[plan.units[u].kinds.front()];
      j.set_attr(p, pool, game.state().player(p).attrs.get(pool) + 1);
    }
    if (src.sacrifice) sacrifice(game, src.object, src.object);  // a Treasure's cost
  }
}

void pay_plain(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x, ObjectId exclude) {
  if (game.state().player(p).attrs.get(kPayManually) != 0)
    pay_manually(game, p, mana_symbols(cost, x), std::span<const ManaCost>(&cost, 1), x, exclude);
  // The kept list itself, not a copy: pay_fixed reads what it needs of it before the first tap.
  // A copy of the sources, a plan in std::pmr vectors and their marks were about 1 500
  // instructions a payment (1 035 payments in 40 random games, 7 December 2026).
  std::vector<ManaSource> listed;
  const std::vector<ManaSource>* sources = exclude.valid() ? nullptr : kept_mana_sources(game, p);
  if (!sources) {
    listed = mana_sources(game, p, exclude);
    sources = &listed;
  }
  if (!pay_fixed(game, p, cost, x, *sources)) pay_large(game, p, cost, x, *sources);
}

}  // namespace

const ClassicActivated* classic_ability(const AbilityDef& a) {
  return dynamic_cast<const ClassicActivated*>(a.impl.get());
}

void activate_intrinsic_mana(Game& game, PlayerId p, ObjectId land, std::size_t k) {
  const std::vector<std::uint8_t> kinds = land_mana_kinds(game.view(land));
  if (k >= kinds.size()) throw RulesError(object_label(game, land) + " has no such mana ability");
  if (!tap(game, land, land)) throw RulesError(object_label(game, land) + " could not be tapped");
  const Symbol pool = kPools[kinds[k]];
  game.journal().set_attr(p, pool, game.state().player(p).attrs.get(pool) + 1);
}

void empty_pools_looking(Game& game) {
  std::uint64_t& emptied_at = pools_emptied_at(game);
  for (const Player& p : game.state().players) {
    if (!any_pool(p)) continue;
    for (Symbol pool : kPools)
      if (p.attrs.get(pool) != 0) game.journal().set_attr(p.id, pool, 0);
  }
  emptied_at = 1 + game.journal().changes(EditKind::player_attr);
}

void ManaAbility::resolve(Game& game, const ResolveContext& ctx) const {
  if (any_color) {  // activated at priority (117.1d): the colour is chosen as it resolves
    Choice choice;
    choice.kind = ChoiceKind::option;
    choice.player = ctx.controller;
    choice.prompt = "Add one mana of any color";
    choice.source = ctx.source.id;
    for (std::uint8_t k : produces)
      choice.options.push_back({std::string("{") + kKindLetters[k] + "}", Target{}, k});
    const Symbol pool = kPools[produces.at(game.ask(choice).picks.at(0))];
    game.journal().set_attr(ctx.controller, pool,
                            game.state().player(ctx.controller).attrs.get(pool) + 1);
    return;
  }
  for (std::uint8_t k : produces) {
    const Symbol pool = kPools[k];
    game.journal().set_attr(ctx.controller, pool,
                            game.state().player(ctx.controller).attrs.get(pool) + 1);
  }
}

std::string ManaAbility::describe() const {
  if (any_color)
    return std::string(sacrifice ? "{T}, Sacrifice CARDNAME" : "{T}") +
           ": Add one mana of any color.";
  std::string made;
  for (std::uint8_t k : produces) made += std::string("{") + kKindLetters[k] + "}";
  return "{T}: Add " + made + ".";
}

}  // namespace anvil::rules_classic
