// The only translation unit that includes Boost.Signals2. Its signals are type-erased: every
// channel of every event type in ANVIL_EVENT_TYPES is a signal of one type, whose slots cast the
// event back to its own type. Each distinct signals2 signal type costs this file seconds of
// compile time (1.5 s at -O2, 4 s with ASan): one typed signal per channel and event type made it
// the slowest file of every build (53 s at -O2, 140 s with ASan and UBSan, 107 s with clang for
// the fuzz targets). The public API stays typed, and the member templates below instantiated
// for every event type are thin.
#include "anvil/event_bus.hpp"

#include <algorithm>
#include <array>
#include <boost/signals2.hpp>
#include <new>
#include <type_traits>
#include <utility>
#include <vector>

#include "anvil/agent.hpp"
#include "anvil/game.hpp"
#include "running_ability.hpp"

ANVIL_BEGIN_NAMESPACE

namespace bs2 = boost::signals2;

namespace {

// Single-threaded per game, so no locking (DESIGN.md §2).
template <class Signature>
using Signal =
    typename bs2::signal_type<Signature, bs2::keywords::mutex_type<bs2::dummy_mutex>>::type;

// The signal of every channel. `event` points to the event (of the channel's type); `results`
// points to the std::vector<Candidate<E>> that a replacement slot appends to when it applies,
// and is null on the other channels. Replacement and observer slots see the game as const.
using ChannelSignal = Signal<void(Game& game, const void* event, void* results)>;

struct Channels {
  ChannelSignal replacement;
  ChannelSignal trigger;
  ChannelSignal observer;
};

template <class E>
constexpr std::size_t event_index() {
  std::size_t i = 0;
#define ANVIL_INDEX_OF(T, name)        \
  if (std::is_same_v<E, T>) return i; \
  ++i;
  ANVIL_EVENT_TYPES(ANVIL_INDEX_OF)
#undef ANVIL_INDEX_OF
  return i;
}

#define ANVIL_COUNT_ONE(T, name) +1
constexpr std::size_t kEventTypeCount = 0 ANVIL_EVENT_TYPES(ANVIL_COUNT_ONE);
#undef ANVIL_COUNT_ONE
constexpr std::size_t kCounterCount = kEventTypeCount * 3 + 1;  // 3 channels each, then edits
constexpr std::uint16_t kEditCounter = kEventTypeCount * 3;

template <class E>
constexpr std::uint16_t counter_of(Channel c) {
  return static_cast<std::uint16_t>(event_index<E>() * 3 + static_cast<std::size_t>(c));
}

bs2::connection& boost_connection(unsigned char* storage) {
  return *std::launder(reinterpret_cast<bs2::connection*>(storage));
}
const bs2::connection& boost_connection(const unsigned char* storage) {
  return *std::launder(reinterpret_cast<const bs2::connection*>(storage));
}

PlayerId controller_of(const Game& game, ObjectId id) {
  if (!game.state().exists(id)) return PlayerId::none();
  return game.state().objects[id.value].controller;
}
PlayerId player_of(const Game& game, const Target& t) {
  if (t.is_player()) return t.player;
  if (t.is_object()) return controller_of(game, t.object.id);
  return PlayerId::none();
}

// The player who chooses among several replacement effects (rule 616.1): the affected player,
// or the controller of the affected object.
PlayerId affected_player(const Game& g, const ZoneChangeEvent& e) { return controller_of(g, e.object); }
PlayerId affected_player(const Game& g, const DamageEvent& e) { return player_of(g, e.target); }
PlayerId affected_player(const Game&, const LifeChangeEvent& e) { return e.player; }
PlayerId affected_player(const Game& g, const CounterChangeEvent& e) { return player_of(g, e.target); }
PlayerId affected_player(const Game& g, const TapEvent& e) { return controller_of(g, e.object); }
PlayerId affected_player(const Game&, const TurnStepEvent& e) { return e.active; }
PlayerId affected_player(const Game&, const CastEvent& e) { return e.controller; }
PlayerId affected_player(const Game& g, const AttackEvent& e) { return controller_of(g, e.attacker); }
PlayerId affected_player(const Game& g, const BlockEvent& e) { return controller_of(g, e.blocker); }
PlayerId affected_player(const Game&, const ShuffleEvent& e) { return e.zone.owner; }
PlayerId affected_player(const Game& g, const CustomEvent& e) {
  PlayerId p = player_of(g, e.subject);
  return p.valid() ? p : g.state().turn.active;
}

// Every slot runs in the name of the ability whose code connected it (RunningAbility, caught
// when the slot was connected, CardId{} for a rules module's own): what it throws names that
// card, ability and plugin (Game::as_ability), as Game::invoke names what connect() throws.
// A replacement effect that applies to the event, with that ability: its apply() runs in the
// ability's name too.
template <class E>
struct Candidate {
  Replacement<E> replacement;
  RunningAbility author;
};

}  // namespace

namespace detail {
struct SlotCounts {
  std::array<std::uint32_t, kCounterCount> counts{};
};
}  // namespace detail

namespace {

// How many slots are connected on `counter`, read through the bus's `edit_slots_`, which points
// at the edit counter of the same array (the last): one load fewer than through impl_ and its
// shared_ptr, at every event emitted.
std::uint32_t slot_count(const std::uint32_t* edit_slots, std::uint16_t counter) {
  return edit_slots[static_cast<std::ptrdiff_t>(counter) - kEditCounter];
}

}  // namespace

// --- Connection ---------------------------------------------------------------------------

static_assert(sizeof(bs2::connection) <= 16 && alignof(bs2::connection) <= 8,
              "Connection's inline storage is too small for boost::signals2::connection");

Connection::Connection() noexcept { new (storage_) bs2::connection(); }

Connection::Connection(const Connection& other) : counts_(other.counts_), counter_(other.counter_) {
  new (storage_) bs2::connection(boost_connection(other.storage_));
}

Connection& Connection::operator=(const Connection& other) {
  if (this != &other) {
    boost_connection(storage_) = boost_connection(other.storage_);
    counts_ = other.counts_;
    counter_ = other.counter_;
  }
  return *this;
}

Connection::~Connection() { boost_connection(storage_).~connection(); }

void Connection::disconnect() {
  bs2::connection& c = boost_connection(storage_);
  if (!c.connected()) return;
  c.disconnect();
  if (auto counts = counts_.lock()) --counts->counts[counter_];
}

bool Connection::connected() const { return boost_connection(storage_).connected(); }

ScopedConnection::ScopedConnection(ScopedConnection&& other) noexcept
    : connection_(std::exchange(other.connection_, Connection())) {}

ScopedConnection& ScopedConnection::operator=(ScopedConnection&& other) noexcept {
  if (this != &other) {
    connection_.disconnect();
    connection_ = std::exchange(other.connection_, Connection());
  }
  return *this;
}

ScopedConnection::~ScopedConnection() { connection_.disconnect(); }

// --- EventBus -----------------------------------------------------------------------------

struct EventBus::Impl {
  // Built on first connect: most games listen to a few event types, and a Game::fork() should
  // not pay for constructing every signal (benchmarks showed it dominated fork()).
  std::array<std::unique_ptr<Channels>, kEventTypeCount> channels_by_type;
  Signal<void(const Game&, const Edit&, bool)> edits;
  std::shared_ptr<detail::SlotCounts> counts = std::make_shared<detail::SlotCounts>();
  std::uint64_t next_replacement_id = 1;
  Journal* watched_journal = nullptr;  // told of the first edit slot (watch_edits_for)

  // REQUIRES for emitting: a slot was connected (the counters say so), so the channels exist.
  template <class E>
  Channels& channels() {
    static_assert(event_index<E>() < kEventTypeCount, "not an event type of ANVIL_EVENT_TYPES");
    auto& c = channels_by_type[event_index<E>()];
    if (!c) c = std::make_unique<Channels>();
    return *c;
  }

  Connection wrap(bs2::connection c, std::uint16_t counter) {
    Connection out;
    boost_connection(out.storage_) = std::move(c);
    out.counts_ = counts;
    out.counter_ = counter;
    ++counts->counts[counter];
    return out;
  }
  std::uint32_t count(std::uint16_t counter) const { return counts->counts[counter]; }
};

EventBus::EventBus()
    : impl_(std::make_unique<Impl>()), edit_slots_(&impl_->counts->counts[kEditCounter]) {}
EventBus::~EventBus() = default;

template <class E>
Connection EventBus::on_replacement(ReplacementSlot<E> slot) {
  const std::uint64_t id = impl_->next_replacement_id++;
  auto c = impl_->channels<E>().replacement.connect(
      [id, author = running_ability(), slot = std::move(slot)](const Game& g, const void* event,
                                                               void* results) {
        std::optional<Replacement<E>> r = g.as_ability(
            author.card, author.ability, [&] { return slot(g, *static_cast<const E*>(event)); });
        if (!r) return;
        r->id = id;
        static_cast<std::vector<Candidate<E>>*>(results)->push_back({std::move(*r), author});
      });
  return impl_->wrap(std::move(c), counter_of<E>(Channel::replacement));
}

template <class E>
Connection EventBus::on_trigger(TriggerSlot<E> slot) {
  auto c = impl_->channels<E>().trigger.connect(
      [author = running_ability(), slot = std::move(slot)](Game& g, const void* event, void*) {
        g.as_ability(author.card, author.ability, [&] { slot(g, *static_cast<const E*>(event)); });
      });
  return impl_->wrap(std::move(c), counter_of<E>(Channel::trigger));
}

template <class E>
Connection EventBus::on_observe(ObserverSlot<E> slot) {
  auto c =
      impl_->channels<E>().observer.connect([author = running_ability(), slot = std::move(slot)](
                                                const Game& g, const void* event, void*) {
        g.as_ability(author.card, author.ability, [&] { slot(g, *static_cast<const E*>(event)); });
      });
  return impl_->wrap(std::move(c), counter_of<E>(Channel::observer));
}

Connection EventBus::on_edit(EditSlot slot) {
  // Told before the slot is connected: every edit from now on reaches the Game, and so the bus.
  // Once told, a journal tells every edit for good (a slot disconnected leaves it so): the
  // Game's own test of the edit slots (edit()) passes over what no slot watches.
  if (impl_->watched_journal) impl_->watched_journal->listen_to(Journal::ListenTo::every_edit);
  auto c = impl_->edits.connect(std::move(slot));
  return impl_->wrap(std::move(c), kEditCounter);
}

void EventBus::watch_edits_for(Journal& journal) {
  impl_->watched_journal = &journal;
  if (*edit_slots_ != 0) journal.listen_to(Journal::ListenTo::every_edit);
}

namespace {

// The loop of rule 616 for EventBus::replace, once a replacement slot is connected. A function of
// its own, out of line, so that replace() reaches it by a tail call and, with no slot connected
// (most events), saves no registers and makes no frame: that frame was about 18 of replace()'s
// 25 instructions (7 December 2026). `Impl` is EventBus::Impl, deduced (the name is private).
template <class E, class Impl>
[[gnu::noinline]] bool replacement_loop(Impl& impl, Game& game, E& event) {
  auto& signal = impl.template channels<E>().replacement;
  std::vector<std::uint64_t> applied;
  for (;;) {
    // Recomputed after every application: an applied effect may make others apply or not.
    std::vector<Candidate<E>> candidates;
    signal(game, &event, &candidates);
    std::erase_if(candidates, [&](const Candidate<E>& c) {
      return std::find(applied.begin(), applied.end(), c.replacement.id) != applied.end();
    });
    if (candidates.empty()) return true;
    const auto earliest =
        std::min_element(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
          return a.replacement.category < b.replacement.category;
        })->replacement.category;
    std::erase_if(candidates,
                  [&](const Candidate<E>& c) { return c.replacement.category != earliest; });
    std::size_t pick = 0;
    if (candidates.size() > 1) {
      Choice choice;
      choice.kind = ChoiceKind::replacement;
      choice.player = affected_player(game, event);
      choice.prompt = "Choose which replacement effect applies first";
      for (const auto& c : candidates)
        choice.options.push_back(Option{c.replacement.description, {}, 0});
      if (!choice.player.valid()) choice.player = game.state().turn.active;
      pick = game.ask(choice).picks.front();
    }
    Candidate<E>& chosen = candidates[pick];
    applied.push_back(chosen.replacement.id);
    game.as_ability(chosen.author.card, chosen.author.ability,
                    [&] { chosen.replacement.apply(game, event); });
    if (event.cancelled) return false;
  }
}

// The trigger and observer signals for EventBus::after, out of line as replacement_loop is.
template <class E, class Impl>
[[gnu::noinline]] void emit_after(Impl& impl, Game& game, const E& event) {
  if (impl.count(counter_of<E>(Channel::trigger)) != 0)
    impl.template channels<E>().trigger(game, &event, nullptr);
  if (impl.count(counter_of<E>(Channel::observer)) != 0)
    impl.template channels<E>().observer(game, &event, nullptr);
}

}  // namespace

template <class E>
bool EventBus::replace(Game& game, E& event) {
  if (event.cancelled) return false;
  if (slot_count(edit_slots_, counter_of<E>(Channel::replacement)) == 0) return true;
  return replacement_loop(*impl_, game, event);
}

template <class E>
void EventBus::after(Game& game, const E& event) {
  if ((slot_count(edit_slots_, counter_of<E>(Channel::trigger)) |
       slot_count(edit_slots_, counter_of<E>(Channel::observer))) == 0)
    return;  // most events: no call and no frame, as in replace()
  emit_after(*impl_, game, event);
}

void EventBus::emit_edit(const Game& game, const Edit& edit, bool undone) {
  impl_->edits(game, edit, undone);
}

template <class E>
std::size_t EventBus::listeners(Channel channel) const {
  return impl_->count(counter_of<E>(channel));
}

#define ANVIL_INSTANTIATE_BUS(E, name)                                                 \
  template ANVIL_API Connection EventBus::on_replacement<E>(ReplacementSlot<E>);      \
  template ANVIL_API Connection EventBus::on_trigger<E>(TriggerSlot<E>);              \
  template ANVIL_API Connection EventBus::on_observe<E>(ObserverSlot<E>);             \
  template ANVIL_API bool EventBus::replace<E>(Game&, E&);                            \
  template ANVIL_API void EventBus::after<E>(Game&, const E&);                        \
  template ANVIL_API std::size_t EventBus::listeners<E>(Channel) const;
ANVIL_EVENT_TYPES(ANVIL_INSTANTIATE_BUS)
#undef ANVIL_INSTANTIATE_BUS

ANVIL_END_NAMESPACE
