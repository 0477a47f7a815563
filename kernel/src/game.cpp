#include "anvil/game.hpp"

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <cstring>
#include <limits>
#include <memory>
#include <string>
#include <type_traits>
#include <utility>

#include "active_effects.hpp"
#include "anvil/actions.hpp"
#include "anvil/error.hpp"
#include "anvil/label_blind.hpp"
#include "make_room.hpp"
#include "running_ability.hpp"

ANVIL_BEGIN_NAMESPACE

using namespace literals;

namespace {

thread_local RunningAbility running_now;

// Game::invoke's body, for any callable: refresh() connects every ability of a copied game
// through it, and a lambda that big would cost std::function an allocation each time. The slots
// `fn` connects are connected in the ability's name (running_ability.hpp).
template <class F>
void call_as(const Game& game, CardId card, std::uint16_t ability, F&& fn) {
  const RunningAbilityScope running({card, ability});
  try {
    fn();
  } catch (...) {
    game.rethrow_as_ability(card, ability);
  }
}

}  // namespace

// --- RulesHooks defaults ------------------------------------------------------------------

RulesHooks::~RulesHooks() = default;

void RulesHooks::apply_damage(Game& game, const DamageEvent& damage) {
  if (damage.target.is_player()) {
    lose_life(game, damage.target.player, damage.amount, damage.source);
    return;
  }
  if (!damage.target.is_object()) return;
  const GameObject& o = game.object(damage.target.object.id);
  // Marked damage saturates at the int32 limit rather than overflow.
  const std::int64_t marked = std::int64_t{o.damage} + damage.amount;
  game.journal().set_damage(
      o.id, static_cast<std::int32_t>(std::min<std::int64_t>(marked, std::numeric_limits<std::int32_t>::max())));
}

void RulesHooks::draw_from_empty(Game& game, PlayerId player) {
  game.journal().set_attr(player, "drew_from_empty"_sym, 1);
}

void RulesHooks::before_moves(Game&, std::span<const ZoneChangeEvent>) {}

RulesCache::~RulesCache() = default;

std::optional<LastKnown> RulesHooks::last_known(const Game&, ObjectId) const { return std::nullopt; }

bool RulesHooks::face_down_could_be(const Game&, const GameState&, ObjectId, CardId) const {
  return false;
}

std::optional<LastKnown> Game::last_known(ObjectId id) const { return rules_->last_known(*this, id); }

// --- construction -------------------------------------------------------------------------

namespace {

// A Game's journal tells it the structure alone (Journal::ListenTo), every edit once a slot of
// its bus watches edits: what on_edit() does with any other edit is to tell that bus.
void listen_to_structure(Journal& journal, EventBus& bus) {
  journal.listen_to(Journal::ListenTo::structure);
  bus.watch_edits_for(journal);
}

}  // namespace

Game::Game(std::shared_ptr<const CardPool> cards, std::size_t players, std::uint64_t seed)
    : cards_(std::move(cards)),
      state_(players, seed),
      journal_(state_),
      bus_(std::make_unique<EventBus>()),
      rules_(std::make_shared<RulesHooks>()),
      seats_(players),
      decisions_(std::make_shared<std::vector<DecisionRecord>>()) {
  if (!cards_) throw RulesError("a Game needs a CardPool");
  journal_.set_listener(this);
  listen_to_structure(journal_, *bus_);
}

Game::Game(CopyTag, const Game& other, GameState state)
    : cards_(other.cards_),
      state_(std::move(state)),
      journal_(state_),
      bus_(std::make_unique<EventBus>()),
      rules_(other.rules_),
      rule_effects_(other.rule_effects_),
      seats_(other.seats_),
      decisions_(other.decisions_) {
  journal_.set_listener(this);
  listen_to_structure(journal_, *bus_);
  journal_.copy_quiet_from(other.journal_);
  connect_all();
}

void Game::refill_from(const Game& other) {
  // Each member as the copy constructor leaves it (Game(CopyTag, …)), in its order:
  //   state_           assigned and dealt by the caller before this;
  //   connections_     disconnected first, while the bus they are on lives (as ~Game does); the
  //                    lists keep their storage and connect_all fills them again below;
  //   bus_             a new one, as a copy's: slots connected by anything but connect_all
  //                    (a plugin's observer) go with the old one, and the order of the new
  //                    bus's slots is the order connect_all connects them in, a copy's order;
  //   cards_, rules_, rule_effects_, seats_, decisions_   the other game's, shared or copied
  //                    as a copy's (the decision log shared until one of them decides);
  //   journal_         built again for this state: no edits, no holds (checked by the caller),
  //                    counts from the start, the other game's quiet edits;
  //   effect_sources_  emptied and gathered again by connect_all;
  //   faults_          emptied: a copy has none;
  //   rules_memo_      all 0, as a copy's;
  //   view_depth_      0 (no view of this game is under way: a REQUIREment);
  //   active_          kept for its storage but marked stale, so the first view gathers the
  //                    effect list again from scratch (view.cpp sets every field of it);
  //   rules_cache_     dropped: a copy starts without one.
  for (auto& list : connections_)
    for (auto& c : list) c.disconnect();
  bus_ = std::make_unique<EventBus>();
  cards_ = other.cards_;
  rules_ = other.rules_;
  rule_effects_ = other.rule_effects_;
  seats_ = other.seats_;
  decisions_ = other.decisions_;
  // A Journal cannot be assigned (it edits the state it was built for): this one is built
  // again in its place, for the same state, as the copy constructor builds its own.
  std::destroy_at(&journal_);
  std::construct_at(&journal_, state_);
  journal_.set_listener(this);
  listen_to_structure(journal_, *bus_);
  journal_.copy_quiet_from(other.journal_);
  faults_.clear();
  rules_memo_.fill(0);
  view_depth_ = 0;
  drop_active_effects();
  rules_cache_.reset();
  connect_all();
}

Game::~Game() {
  // Disconnect before the bus goes: slots may hold references into this game.
  for (auto& list : connections_)
    for (auto& c : list) c.disconnect();
}

std::unique_ptr<Game> Game::fork() const {
  return std::unique_ptr<Game>(new Game(CopyTag{}, *this, state_));
}

namespace {

// The face-down objects of `owner` that `viewer` cannot see, wherever they are.
std::vector<ObjectId> unseen_face_down(const GameState& s, PlayerId owner, PlayerId viewer) {
  std::vector<ObjectId> down;
  for (const GameObject& o : s.objects)
    if (o.face_down && o.owner == owner && o.controller != viewer &&
        o.attrs.get("revealed"_sym) == 0)
      down.push_back(o.id);
  return down;
}

// Each face-down object in `down` gets a card of the pool it shares with `hidden` (its owner's
// hidden cards, already dealt): one the rules say it could be, at random, exchanged with the
// object that had it. The objects not dealt yet have no card meanwhile, so the rules judge each
// against the ones dealt before it. If one finds no card it could be (the others took them), the
// face-down objects keep their own cards and the hidden ones those they were dealt.
void deal_face_down(const Game& game, GameState& s, const std::vector<ObjectId>& down,
                    const std::vector<ObjectId>& hidden, SplitMix64& rng) {
  std::vector<CardId> shuffled;  // the hidden cards as they were dealt, for the fallback
  shuffled.reserve(hidden.size());
  for (ObjectId id : hidden) shuffled.push_back(s.objects[id.value].card);
  std::vector<CardId> own;  // each face-down object's card, until it is dealt
  own.reserve(down.size());
  for (ObjectId id : down) {
    own.push_back(s.objects[id.value].card);
    s.objects[id.value].card = CardId{};
  }
  // A candidate: a hidden card (index into `hidden`) or a face-down one not dealt yet (index
  // `hidden.size() + k` for down[k], its card in own[k]).
  std::vector<std::size_t> fits;
  for (std::size_t k = 0; k < down.size(); ++k) {
    const auto card_of = [&](std::size_t c) {
      return c < hidden.size() ? s.objects[hidden[c].value].card : own[c - hidden.size()];
    };
    fits.clear();
    for (std::size_t c = 0; c < hidden.size() + down.size(); ++c)
      if ((c < hidden.size() || c - hidden.size() >= k) &&
          game.rules().face_down_could_be(game, s, down[k], card_of(c)))
        fits.push_back(c);
    if (fits.empty()) {  // keep them all as they were
      for (std::size_t i = 0; i < hidden.size(); ++i) s.objects[hidden[i].value].card = shuffled[i];
      for (ObjectId id : down) s.objects[id.value].card = game.state().objects[id.value].card;
      return;
    }
    const std::size_t c = fits[rng.below(fits.size())];
    const CardId dealt = card_of(c);
    if (c < hidden.size())
      s.objects[hidden[c].value].card = own[k];
    else
      own[c - hidden.size()] = own[k];
    s.objects[down[k].value].card = dealt;
  }
}

// Deals `s`, a copy of `game`'s state, as Game::determinize describes: every card `viewer`
// cannot see, at random with `seed`, from the cards it could be.
void deal_hidden(const Game& game, GameState& s, PlayerId viewer, std::uint64_t seed,
                 std::span<const ObjectId> shown) {
  SplitMix64 rng{seed};
  // Fisher–Yates on the objects' cards where they are: the same draws and the same deal as
  // shuffling a list of their cards and handing it back, without the list.
  auto shuffle_cards = [&](const std::vector<ObjectId>& objects) {
    for (std::size_t i = objects.size(); i > 1; --i)
      std::swap(s.objects[objects[i - 1].value].card, s.objects[objects[rng.below(i)].value].card);
  };
  // Face-down objects are rare (hearth secrets): looked for once, dealt only where there are.
  const bool any_down = std::any_of(s.objects.begin(), s.objects.end(),
                                    [](const GameObject& o) { return o.face_down; });
  std::vector<ObjectId> hidden;
  // The objects of `zone` dealt again: not known to the viewer, that is neither revealed nor
  // shown by the decision (rare: the list is looked through only when there is one).
  const auto gather = [&](const std::vector<ObjectId>& zone) {
    for (ObjectId id : zone) {
      if (s.objects[id.value].attrs.get("revealed"_sym) != 0) continue;
      if (!shown.empty() && std::find(shown.begin(), shown.end(), id) != shown.end()) continue;
      hidden.push_back(id);
    }
  };
  for (const Player& p : s.players) {
    hidden.clear();
    const std::vector<ObjectId>& library = s.zone(ZoneRef::library(p.id)).objects;
    const std::vector<ObjectId>& hand = s.zone(ZoneRef::hand(p.id)).objects;
    hidden.reserve(library.size() + hand.size());
    gather(library);
    if (p.id != viewer) gather(hand);
    shuffle_cards(hidden);
    if (any_down)
      if (const std::vector<ObjectId> down = unseen_face_down(s, p.id, viewer); !down.empty())
        deal_face_down(game, s, down, hidden, rng);
  }
}

}  // namespace

std::unique_ptr<Game> Game::determinize(PlayerId viewer, std::uint64_t seed,
                                        std::span<const ObjectId> shown) const {
  GameState s = state_;
  deal_hidden(*this, s, viewer, seed, shown);
  return std::unique_ptr<Game>(new Game(CopyTag{}, *this, std::move(s)));
}

namespace {

// A's counts or attrs made B's, the assignment skipped when both are empty (most objects have
// neither): a vector's copy assignment is a call of some 40 instructions even then, and it was
// most of a refill's copy of the objects.
void assign_counts(SymbolCounts& to, const SymbolCounts& from) {
  if (!to.items.empty() || !from.items.empty()) to.items = from.items;
}

// The bytes of a GameObject before its counters: its plain fields, each trivially copyable.
constexpr std::size_t kPlainObjectBytes = 32;

// `from` copied into `to`, reusing to's storage: what `to = from` does, the objects' counters and
// attrs assigned only where there are any (assign_counts).
void assign_state(GameState& to, const GameState& from) {
  static_assert(sizeof(GameObject) == 80 && sizeof(GameState) == 208,
                "a member was added: copy it here too (Game::determinize_into)");
  static_assert(offsetof(GameObject, id) == 0 &&
                    offsetof(GameObject, counters) == kPlainObjectBytes &&
                    offsetof(GameObject, summoning_sick) < kPlainObjectBytes,
                "GameObject's plain fields moved: kPlainObjectBytes copies id … summoning_sick");
  static_assert(std::is_trivially_copyable_v<ObjectId> && std::is_trivially_copyable_v<CardId> &&
                    std::is_trivially_copyable_v<PlayerId> && std::is_trivially_copyable_v<ZoneRef>,
                "GameObject's plain fields are copied as bytes");
  to.players = from.players;
  to.objects.resize(from.objects.size());
  for (std::size_t i = 0; i < from.objects.size(); ++i) {
    GameObject& t = to.objects[i];
    const GameObject& f = from.objects[i];
    // The plain fields before the counters (id … summoning_sick) as one block: field by field
    // was some 24 instructions an object, the compiler unable to merge them (t might alias f).
    std::memcpy(static_cast<void*>(&t), &f, kPlainObjectBytes);
    assign_counts(t.counters, f.counters);
    assign_counts(t.attrs, f.attrs);
  }
  to.zones = from.zones;
  to.stack = from.stack;
  to.pending_triggers = from.pending_triggers;
  to.effects = from.effects;
  to.turn = from.turn;
  to.rng = from.rng;
  to.attrs = from.attrs;
  to.next_timestamp = from.next_timestamp;
  to.next_stack_id = from.next_stack_id;
  to.next_effect_id = from.next_effect_id;
  to.over = from.over;
}

}  // namespace

void Game::determinize_into(Game& lab, PlayerId viewer, std::uint64_t seed,
                            std::span<const ObjectId> shown) const {
  if (&lab == this) throw RulesError("determinize_into: a game cannot be made into itself");
  if (lab.journal_.holds() != 0)
    throw RulesError("determinize_into: the game made into holds a checkpoint");
  // Copied in place: each object's counters and attrs, each zone's list keep their storage.
  assign_state(lab.state_, state_);
  deal_hidden(*this, lab.state_, viewer, seed, shown);
  lab.refill_from(*this);
}

ObjectId Game::add_card(CardId card, PlayerId owner, ZoneRef zone, bool token) {
  cards_->at(card);  // validates the id before anything is recorded
  return journal_.create_object(card, owner, zone, token);
}

ObjectId Game::add_cards(std::span<const CardId> cards, PlayerId owner, ZoneRef zone) {
  // Everything validated before anything is recorded, as add_card does for its one card.
  for (CardId card : cards) cards_->at(card);
  state_.player(owner);
  const ObjectId first(static_cast<std::uint32_t>(state_.objects.size()));
  if (cards.empty()) return first;
  // Room made once: a 60-card library grew each list about seven times, one creation at a time.
  make_room(state_.objects, cards.size());
  if (zone.kind != ZoneKind::none)
    make_room(state_.zones[state_.zone_index(zone)].objects, cards.size());
  journal_.reserve(cards.size());
  // Each creation is told to on_edit as add_card's is, which passes over a card that connects
  // nothing where it is made (connects_nothing): most of a library's.
  return journal_.create_objects(cards, owner, zone);
}

void Game::reserve_objects(std::size_t more) { make_room(state_.objects, more); }

// --- connections: a function of the state -------------------------------------------------

namespace {

// Whether `edit` may change an effect source's context (view.cpp gathers the sources' effects with
// their controller and timestamp; a floating effect keeps its own). A timestamp changes only with
// a move to another zone, in its zone_move edit.
bool changes_source_context(const Edit& edit) {
  return edit.kind == EditKind::object_field &&
         edit.field == static_cast<std::uint8_t>(ObjectField::controller);
}

// The kind of zone a zone_move or object_create edit's packed position names (Journal: the zone
// index in the high 32 bits, all ones for nowhere).
ZoneKind packed_zone_kind(const GameState& s, std::int64_t packed) {
  const auto index = static_cast<std::uint32_t>(static_cast<std::uint64_t>(packed) >> 32);
  return index < s.zones.size() ? s.zones[index].ref.kind : ZoneKind::none;
}

// Whether a creation or a move (applied or undone) has nothing to connect or drop: what attach()
// connects for an object works where it is (the card's zone mask, CardPool::ability_zones), and
// every move and card change drops it first, so an object whose card's abilities work in
// neither zone of a move, or not where it was created, has nothing connected, is no effect
// source, and gets nothing. Most are such: a library's cards at setup, a draw, a cast, a
// vanilla creature's death. An undone creation takes the long way (it shrinks the lists). Passing
// these over in on_edit(), before reconnect()'s frame, refresh() and the two looks through the
// effect sources, with look_back's own pass-over, was 1.3% of a random classic game (7 December
// 2026).
bool connects_nothing(const GameState& state, const CardPool& cards, const Edit& edit,
                      bool undone) {
  ZoneMask zones;
  if (edit.kind == EditKind::zone_move)
    zones = zone_bit(packed_zone_kind(state, edit.before)) |
            zone_bit(packed_zone_kind(state, edit.after));
  else if (edit.kind == EditKind::object_create && !undone)
    zones = zone_bit(packed_zone_kind(state, edit.after));
  else
    return false;
  const GameObject& o = state.objects[edit.subject];
  if (!cards.at_or_null(o.card)) return false;  // attach() reports it
  return (cards.ability_zones(o.card) & zones) == 0;
}

}  // namespace

void Game::on_edit(const Edit& edit, bool undone) {
  // The journal tells this listener the structure alone (Journal::is_structure) while no slot of
  // the bus watches edits (listen_to_structure): most edits of a game (fields, counters, attrs)
  // connect nothing and change no effect view() applies, and are told to no one. With a slot, it
  // tells every edit, and those others only tell the bus.
  if (!Journal::is_structure(edit)) [[unlikely]]
    return bus_->edit(*this, edit, undone);
  if (edit.kind == EditKind::object_create || edit.kind == EditKind::zone_move) {
    if (!connects_nothing(state_, *cards_, edit, undone)) return reconnect(edit, undone);
    // A floating effect may name the object, which is no longer current or new.
    if (!state_.effects.empty()) drop_active_effects();
  } else if (edit.kind == EditKind::object_card || changes_source_context(edit)) {
    return reconnect(edit, undone);
  } else {                  // effect_add, effect_remove
    drop_active_effects();  // floating effects come or go: view.cpp gathers the list again
  }
  bus_->edit(*this, edit, undone);
}

void Game::reconnect(const Edit& edit, bool undone) {
  // on_edit() has passed over the creations and moves that connect nothing (connects_nothing).
  // The effect list view() applies changes with these edits only if the object is an effect
  // source before or after (its static abilities come or go, or their context changes) or, for
  // a creation, a move or a new card, if a floating effect lasts (it may name the object, which
  // is then no longer current). Most are neither (a draw, a cast, a land played): gathering the
  // list again after each was about 1% of a random classic game (7 December 2026). A view made
  // while the object was being reconnected (a plugin's connect()) saw the effect sources half
  // refreshed: that list is dropped too, unless the object is no source, when a half refreshed
  // list is the whole one.
  const ObjectId id(edit.subject);
  const auto is_source = [&] {
    return std::find(effect_sources_.begin(), effect_sources_.end(), id) != effect_sources_.end();
  };
  bool changes_effects = is_source();
  switch (edit.kind) {
    case EditKind::object_create:
      if (undone) {
        drop(id);
        if (connections_.size() > state_.objects.size()) connections_.resize(state_.objects.size());
      } else {
        attach(id);  // a new object: nothing of it is connected yet
      }
      break;
    case EditKind::zone_move:
    case EditKind::object_card:
      if (!undone) {
        refresh(id);  // a failure here aborts the action, which rolls back
        break;
      }
      try {
        refresh(id);
      } catch (const std::exception& e) {
        faults_.emplace_back(e.what());
      }
      break;
    default:  // a source's controller: nothing to connect
      break;
  }
  if (edit.kind != EditKind::object_field)
    changes_effects = changes_effects || !state_.effects.empty() || is_source();
  if (changes_effects) drop_active_effects();
  bus_->edit(*this, edit, undone);
}

void Game::drop(ObjectId id) {
  if (id.value < connections_.size()) {
    for (auto& c : connections_[id.value]) c.disconnect();
    connections_[id.value].clear();
  }
  std::erase(effect_sources_, id);
}

void Game::refresh(ObjectId id) {
  drop(id);
  attach(id);
}

namespace {

// Whether any ability of `o`'s card works from the zone `o` is in (CardPool::ability_zones),
// ZoneKind::none included: an ability that says it works there outlives its object (a delayed
// return made by a token that has ceased to exist). The card must be in the pool.
bool works_where_it_is(const CardPool& cards, const GameObject& o) {
  return (cards.ability_zones(o.card) & zone_bit(o.zone.kind)) != 0;
}

}  // namespace

void Game::attach(ObjectId id) {
  if (!state_.exists(id)) return;
  const GameObject& o = state_.objects[id.value];
  const CardDef& def = cards_->at(o.card);
  if (!works_where_it_is(*cards_, o)) return;
  // The list of connections grows to the objects that have any: most new objects (a library's
  // cards at setup) have none where they are, and growing it by one at each creation was about
  // a sixth of what a creation cost.
  if (connections_.size() <= id.value) connections_.resize(state_.objects.size());
  const ZoneMask here = zone_bit(o.zone.kind);
  bool has_static = false;
  for (std::size_t i = 0; i < def.abilities.size(); ++i) {
    const AbilityDef& a = def.abilities[i];
    if (!a.impl || !(a.impl->zones() & here)) continue;
    if (a.impl->continuous()) has_static = true;
    call_as(*this, def.id, static_cast<std::uint16_t>(i),
            [&] { a.impl->connect(*this, id, connections_[id.value]); });
  }
  if (has_static) effect_sources_.push_back(id);
}

void Game::connect_all() {
  // Each list emptied in place: a game refilled by determinize_into keeps their storage (their
  // connections were disconnected first). Grown default-constructed: cheaper than assign's copies.
  for (auto& list : connections_) list.clear();
  connections_.resize(state_.objects.size());
  effect_sources_.clear();
  // Nothing is connected yet, so there is nothing to drop first (refresh would look through
  // effect_sources_ for every object of a copy: 3% of a heuristic game, which copies often).
  // Most objects (a library's) have no ability that works where they are: they are passed over
  // here, without the call (attach asks the same after its own checks, at about 50 instructions
  // an object). A card not in the pool goes to attach, which reports it.
  const std::size_t cards = cards_->size();
  for (const GameObject& o : state_.objects) {
    const bool known = o.card.valid() && o.card.value < cards;
    if (known && !works_where_it_is(*cards_, o)) continue;
    attach(o.id);
  }
}

std::size_t Game::connections_of(ObjectId id) const {
  if (id.value >= connections_.size()) return 0;
  return static_cast<std::size_t>(std::count_if(connections_[id.value].begin(), connections_[id.value].end(),
                                                [](const Connection& c) { return c.connected(); }));
}

// --- triggers and effects -----------------------------------------------------------------

void Game::fire_trigger(const PendingTrigger& trigger) { journal_.push_trigger(trigger); }

namespace {

// Whether an ability working from `zones` was disconnected by the move `e`: it worked from the
// zone left and does not from the zone entered.
bool lost_in(ZoneMask zones, const ZoneChangeEvent& e) {
  return (zones & zone_bit(e.from.kind)) != 0 && (zones & zone_bit(e.to.kind)) == 0;
}

}  // namespace

void Game::look_back(std::span<const ZoneChangeEvent> moves) {
  // The abilities the moves disconnected are connected to a bus of their own, which is shown
  // the moves and then dropped: they see these moves and no other event. Most moves (draws,
  // casts, a vanilla creature's death) lose none: the pool's zone mask passes them over here,
  // with no frame and no bus or list made (the long way out of line).
  const auto may_lose = [this](const ZoneChangeEvent& e) {
    if (!state_.exists(e.object) || e.from.kind == e.to.kind) return false;
    const GameObject& o = state_.objects[e.object.value];
    // at_or_null: the pool's size() is a deque's, a dozen instructions.
    return o.zone.kind == e.to.kind && cards_->at_or_null(o.card) &&
           (cards_->ability_zones(o.card) & zone_bit(e.from.kind)) != 0;
  };
  if (std::none_of(moves.begin(), moves.end(), may_lose)) [[likely]]
    return;
  const auto connect_and_show = [this, &may_lose](std::span<const ZoneChangeEvent> moves)
                                    __attribute__((noinline)) {
    std::unique_ptr<EventBus> past;
    std::vector<Connection> slots;
    for (const ZoneChangeEvent& e : moves) {
      if (!may_lose(e)) continue;
      const CardDef& def = cards_->at(state_.objects[e.object.value].card);
      for (std::size_t i = 0; i < def.abilities.size(); ++i) {
        const AbilityDef& a = def.abilities[i];
        if (!a.impl || !lost_in(a.impl->zones(), e)) continue;
        if (!past) {
          past = std::make_unique<EventBus>();
          // An edit slot connected to it (it stands in for the game's bus while connect runs)
          // sees every edit from then on, as one of the game's own bus would.
          past->watch_edits_for(journal_);
        }
        // connect() connects to game.bus(): the look-back bus stands in for it meanwhile, and the
        // game's own is back even if connect throws (that aborts the action, which rolls back).
        std::swap(bus_, past);
        struct SwapBack {
          std::unique_ptr<EventBus>& game_bus;
          std::unique_ptr<EventBus>& stand_in;
          ~SwapBack() { std::swap(game_bus, stand_in); }
        } back{bus_, past};
        call_as(*this, def.id, static_cast<std::uint16_t>(i),
                [&] { a.impl->connect(*this, e.object, slots); });
      }
    }
    if (!past) return;
    for (const ZoneChangeEvent& e : moves) past->after(*this, e);
    for (Connection& c : slots) c.disconnect();
  };
  return connect_and_show(moves);
}

std::uint32_t Game::add_effect(FloatingEffect effect) {
  const CardDef& def = cards_->at(effect.card);
  if (effect.ability >= def.abilities.size() || !def.abilities[effect.ability].impl ||
      !def.abilities[effect.ability].impl->continuous())
    throw RulesError("floating effect: ability " + std::to_string(effect.ability) + " of '" + def.name +
                     "' has no continuous effect");
  return journal_.add_effect(std::move(effect));
}

void Game::end_effects(Duration until) {
  for (std::size_t i = state_.effects.size(); i-- > 0;)
    if (state_.effects[i].until == until) journal_.remove_effect(i);
}

void Game::add_rule_effect(std::shared_ptr<const ContinuousEffect> effect) {
  if (!effect) throw RulesError("add_rule_effect: null effect");
  rule_effects_.push_back(std::move(effect));
  drop_active_effects();
  rules_memo_.fill(0);  // views may change without an edit: no "nothing changed" mark holds
  rules_cache_.reset();
}

void Game::set_rules(std::shared_ptr<RulesHooks> hooks) {
  if (!hooks) throw RulesError("set_rules: null hooks");
  rules_ = std::move(hooks);
  rules_memo_.fill(0);
  rules_cache_.reset();  // another module's, or kept for what these hooks no longer decide
}

RulesCache& Game::keep_rules_cache(std::unique_ptr<RulesCache> cache) const {
  if (!cache) throw RulesError("keep_rules_cache: null cache");
  rules_cache_ = std::move(cache);
  return *rules_cache_;
}

void Game::no_memo_slot(std::size_t slot) {
  throw RulesError("rules_memo: slot " + std::to_string(slot) + " of " +
                   std::to_string(kRulesMemoSlots));
}

// --- agents -------------------------------------------------------------------------------

void Game::seat(PlayerId player, std::shared_ptr<Agent> agent) {
  state_.player(player);  // validates
  const bool blind = label_blind(agent.get()), unprompted = prompt_blind(agent.get());
  seats_[player.value] = Seat{std::move(agent), blind, unprompted};
}

Agent* Game::agent(PlayerId player) const {
  state_.player(player);
  return seats_[player.value].agent.get();
}

bool Game::seat_label_blind(PlayerId player) const {
  state_.player(player);
  return seats_[player.value].label_blind;
}

bool Game::seat_prompt_blind(PlayerId player) const {
  state_.player(player);
  return seats_[player.value].prompt_blind;
}

namespace {

// The agent's answer; a std::exception it throws names the agent, as an invalid answer does: in
// a match of two plugins' agents the message would not say which one failed. Anything else is
// let through untouched: test fixtures and scenario hosts throw their own types from an agent to
// stop a game and catch them around advance().
[[gnu::always_inline]] inline Answer answer_of(Agent& agent, const DecisionView& view,
                                               const Choice& choice) {
  try {
    return agent.choose(view, choice);
  } catch (const Error&) {
    throw;  // the kernel's or another plugin's error, already with its context
  } catch (const std::exception& e) {
    throw RulesError("agent '" + std::string(agent.name()) + "' failed to answer '" +
                     choice.prompt + "': " + e.what());
  }
}

// The agent's name for its DecisionRecord, made in the record's place: the std::string that
// the conversion returns initializes DecisionRecord::agent itself, where a std::string argument
// would be made and then moved in (two copies of its characters).
struct AgentName {
  std::string_view name;
  operator std::string() const { return std::string(name); }
};

// The agent's checked answer to `choice`, with the agent in `asked`; or, with `asked` null, the
// answer given without asking (no real alternative: Game::ask), which is not logged. Inline in
// both of its callers: a call of its own cost ask() 0.2% of a random classic game.
[[gnu::always_inline]] inline Answer checked_answer(const Game& game, const Choice& choice,
                                                    Agent*& asked) {
  asked = nullptr;
  const std::uint32_t n = static_cast<std::uint32_t>(choice.options.size());
  if (choice.min_picks > choice.max_picks || choice.min_picks > n)
    throw RulesError("choice '" + choice.prompt + "' cannot be answered: " + std::to_string(n) +
                     " options for at least " + std::to_string(choice.min_picks) + " picks");
  if (choice.max_picks == 0) return {};
  if (n == 1 && choice.min_picks == 1) return Answer{{0}};  // no real alternative: not asked
  // Nothing but mana abilities besides passing (Option::mana): not asked either, the player
  // passes. Mana made now could pay for nothing and would empty at the end of the step.
  if (choice.pass && *choice.pass < n && choice.max_picks == 1 &&
      std::all_of(choice.options.begin(), choice.options.end(), [&](const Option& o) {
        return o.mana || &o == &choice.options[*choice.pass];
      }))
    return Answer{{*choice.pass}};

  Agent* a = game.agent(choice.player);
  if (!a) throw RulesError("no agent is seated for player " + std::to_string(choice.player.value));
  Answer answer = answer_of(*a, DecisionView(game, choice.player, choice.options), choice);

  // One pick (most answers): answer_problem's checks for it, made here, where its call and the
  // empty string it returns were 0.3% of a random classic game; it names what is wrong.
  const bool one_valid_pick = answer.picks.size() == 1 && choice.min_picks <= 1 &&
                              choice.max_picks >= 1 && answer.picks[0] < n;
  if (!one_valid_pick)
    if (std::string why = answer_problem(choice, answer); !why.empty())
      throw RulesError("agent '" + std::string(a->name()) + "' gave an invalid answer to '" +
                       choice.prompt + "': " + why);
  asked = a;
  return answer;
}

// The decision log to append to: this game's own, copied first if a copy of the game still
// shares it.
[[gnu::always_inline]] inline std::vector<DecisionRecord>& own_log(
    std::shared_ptr<std::vector<DecisionRecord>>& decisions) {
  if (decisions.use_count() > 1) {
    decisions = std::make_shared<std::vector<DecisionRecord>>(*decisions);
  } else {
    // Another thread's copy may have just let go of the log: see its reads as done.
    std::atomic_thread_fence(std::memory_order_acquire);
  }
  std::vector<DecisionRecord>& log = *decisions;
  // Room for a game's decisions at its first (a random classic game asks about 84): growing a
  // doubling at a time moved every record so far, seven times a game.
  if (log.capacity() == 0) log.reserve(128);
  return log;
}

// Appends the record of `agent`'s answer to `choice`, its picks copied or moved in as `Picks`
// says.
template <class Picks>
[[gnu::always_inline]] inline DecisionRecord& log_decision(std::vector<DecisionRecord>& log,
                                                           const Choice& choice, const Agent& agent,
                                                           Picks&& picks) {
#if defined(__cpp_aggregate_paren_init)
  // Made in its place (C++20's parenthesised aggregate initialisation: GCC 10 on, not Clang 15).
  return log.emplace_back(log.size(), choice.player, AgentName{agent.name()}, choice.kind,
                          std::forward<Picks>(picks));
#else
  log.push_back(DecisionRecord{log.size(), choice.player, AgentName{agent.name()}, choice.kind,
                               std::forward<Picks>(picks)});
  return log.back();
#endif
}

}  // namespace

Answer Game::ask(const Choice& choice) {
  Agent* asked = nullptr;
  Answer answer = checked_answer(*this, choice, asked);
  if (asked) log_decision(own_log(decisions_), choice, *asked, answer.picks);
  return answer;
}

std::uint32_t Game::ask_one(const Choice& choice) {
  Agent* asked = nullptr;
  Answer answer = checked_answer(*this, choice, asked);
  if (!asked) return answer.picks.at(0);
  // The picks moved into the record, not copied: an allocation fewer at each decision.
  return log_decision(own_log(decisions_), choice, *asked, std::move(answer.picks)).picks.at(0);
}

void Game::clear_decision_log() { decisions_ = std::make_shared<std::vector<DecisionRecord>>(); }

std::vector<DecisionRecord> Game::take_decision_log() {
  if (decisions_.use_count() > 1) {
    std::vector<DecisionRecord> log = *decisions_;  // a copy reads these records too
    clear_decision_log();
    return log;
  }
  // As in ask(): another thread's copy may have just let go of the log.
  std::atomic_thread_fence(std::memory_order_acquire);
  std::vector<DecisionRecord> log = std::move(*decisions_);
  decisions_->clear();  // a vector moved from is only "valid": make it the empty log it reads as
  return log;
}

// --- calling plugin code ------------------------------------------------------------------

void Game::invoke(CardId card, std::uint16_t ability, const std::function<void()>& fn) {
  call_as(*this, card, ability, fn);
}

void Game::rethrow_as_ability(CardId card, std::uint16_t ability) const {
  rethrow_as_ability(card, ability, {}, {});
}

void Game::rethrow_as_ability(CardId card, std::uint16_t ability, std::string_view plugin,
                              std::string_view prefix) const {
  if (!card.valid()) throw;  // no card's code: as it is
  const auto named = [&](std::string_view provider) { return plugin.empty() ? provider : plugin; };
  if (card.value >= cards_->size())
    rethrow_as_ability_error(named("?"), "?", "#" + std::to_string(ability), prefix);
  const CardDef& def = cards_->at(card);
  const AbilityDef* a = ability < def.abilities.size() ? &def.abilities[ability] : nullptr;
  if (!a) rethrow_as_ability_error(named("?"), def.name, "#" + std::to_string(ability), prefix);
  rethrow_as_ability_error(named(a->provider), def.name,
                           a->text.empty() ? std::string_view(to_string(a->kind)) : a->text,
                           prefix);
}

RunningAbility running_ability() noexcept { return running_now; }

RunningAbilityScope::RunningAbilityScope(RunningAbility running) noexcept : before_(running_now) {
  running_now = running;
}

RunningAbilityScope::~RunningAbilityScope() { running_now = before_; }

void Game::resolve(const ResolveContext& ctx) {
  const CardDef& def = cards_->at(ctx.card);
  if (ctx.ability >= def.abilities.size() || !def.abilities[ctx.ability].impl)
    throw RulesError("'" + def.name + "' has no ability " + std::to_string(ctx.ability));
  const Ability& a = *def.abilities[ctx.ability].impl;
  // call_as itself rather than invoke(): the lambda (three references) is larger than
  // std::function's small buffer, so each resolution allocated and freed it.
  call_as(*this, ctx.card, ctx.ability, [&] { a.resolve(*this, ctx); });
}

ActionResult Game::perform(std::string_view what, const std::function<void(Game&)>& action) {
  const Journal::Checkpoint cp = journal_.checkpoint();
  try {
    action(*this);
    return {};
  } catch (const AbilityError& e) {
    journal_.rollback(cp);
    return {std::string(what) + ": " + e.what(), e.plugin(), e.card(), e.ability()};
  } catch (const std::exception& e) {
    journal_.rollback(cp);
    return {std::string(what) + ": " + e.what(), {}, {}, {}};
  } catch (...) {
    journal_.rollback(cp);
    return {std::string(what) + ": an exception that is not a std::exception", {}, {}, {}};
  }
}

ANVIL_END_NAMESPACE
