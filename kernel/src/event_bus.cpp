// The only translation unit that includes Boost.Signals2. Every signal template is
// instantiated here, for the event types of ANVIL_EVENT_TYPES, and exported from the kernel.
#include "anvil/event_bus.hpp"

#include <algorithm>
#include <array>
#include <new>
#include <type_traits>
#include <vector>

#include <boost/signals2.hpp>

#include "anvil/agent.hpp"
#include "anvil/game.hpp"

ANVIL_BEGIN_NAMESPACE

namespace bs2 = boost::signals2;

namespace {

// Single-threaded per game, so no locking (DESIGN.md §2).
template <class Signature, class Combiner = bs2::optional_last_value<
                               typename boost::function_traits<Signature>::result_type>>
using Signal = typename bs2::signal_type<Signature, bs2::keywords::combiner_type<Combiner>,
                                         bs2::keywords::mutex_type<bs2::dummy_mutex>>::type;

// The custom combiner of the replacement signal: collects every effect that applies.
template <class E>
struct CollectApplicable {
  using result_type = std::vector<Replacement<E>>;
  template <class It>
  result_type operator()(It first, It last) const {
    result_type out;
    for (; first != last; ++first) {
      std::optional<Replacement<E>> r = *first;
      if (r) out.push_back(std::move(*r));
    }
    return out;
  }
};

template <class E>
struct Channels {
  Signal<std::optional<Replacement<E>>(const Game&, const E&), CollectApplicable<E>> replacement;
  Signal<void(Game&, const E&)> trigger;
  Signal<void(const Game&, const E&)> observer;
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

}  // namespace

namespace detail {
struct SlotCounts {
  std::array<std::uint32_t, kCounterCount> counts{};
};
}  // namespace detail

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
#define ANVIL_CHANNELS_MEMBER(T, name) std::unique_ptr<Channels<T>> name;
  ANVIL_EVENT_TYPES(ANVIL_CHANNELS_MEMBER)
#undef ANVIL_CHANNELS_MEMBER
  Signal<void(const Game&, const Edit&, bool)> edits;
  std::shared_ptr<detail::SlotCounts> counts = std::make_shared<detail::SlotCounts>();
  std::uint64_t next_replacement_id = 1;

  template <class E>
  std::unique_ptr<Channels<E>>& slot_of() {
#define ANVIL_CHANNEL_OF(T, name) \
  if constexpr (std::is_same_v<E, T>) return name; else
    ANVIL_EVENT_TYPES(ANVIL_CHANNEL_OF)
#undef ANVIL_CHANNEL_OF
    static_assert(std::is_same_v<E, void>, "not an event type of ANVIL_EVENT_TYPES");
  }
  // REQUIRES for emitting: a slot was connected (the counters say so), so the channels exist.
  template <class E>
  Channels<E>& channels() {
    auto& c = slot_of<E>();
    if (!c) c = std::make_unique<Channels<E>>();
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

EventBus::EventBus() : impl_(std::make_unique<Impl>()) {}
EventBus::~EventBus() = default;

template <class E>
Connection EventBus::on_replacement(ReplacementSlot<E> slot) {
  const std::uint64_t id = impl_->next_replacement_id++;
  auto c = impl_->channels<E>().replacement.connect(
      [id, slot = std::move(slot)](const Game& g, const E& e) {
        std::optional<Replacement<E>> r = slot(g, e);
        if (r) r->id = id;
        return r;
      });
  return impl_->wrap(std::move(c), counter_of<E>(Channel::replacement));
}

template <class E>
Connection EventBus::on_trigger(TriggerSlot<E> slot) {
  auto c = impl_->channels<E>().trigger.connect(std::move(slot));
  return impl_->wrap(std::move(c), counter_of<E>(Channel::trigger));
}

template <class E>
Connection EventBus::on_observe(ObserverSlot<E> slot) {
  auto c = impl_->channels<E>().observer.connect(std::move(slot));
  return impl_->wrap(std::move(c), counter_of<E>(Channel::observer));
}

Connection EventBus::on_edit(EditSlot slot) {
  auto c = impl_->edits.connect(std::move(slot));
  return impl_->wrap(std::move(c), kEditCounter);
}

template <class E>
bool EventBus::replace(Game& game, E& event) {
  if (event.cancelled) return false;
  if (impl_->count(counter_of<E>(Channel::replacement)) == 0) return true;
  auto& signal = impl_->channels<E>().replacement;
  std::vector<std::uint64_t> applied;
  for (;;) {
    // Recomputed after every application: an applied effect may make others apply or not.
    std::vector<Replacement<E>> candidates = signal(game, event);
    std::erase_if(candidates, [&](const Replacement<E>& r) {
      return std::find(applied.begin(), applied.end(), r.id) != applied.end();
    });
    if (candidates.empty()) return true;
    const auto earliest = std::min_element(candidates.begin(), candidates.end(), [](const auto& a, const auto& b) {
                            return a.category < b.category;
                          })->category;
    std::erase_if(candidates, [&](const Replacement<E>& r) { return r.category != earliest; });
    std::size_t pick = 0;
    if (candidates.size() > 1) {
      Choice choice;
      choice.kind = ChoiceKind::replacement;
      choice.player = affected_player(game, event);
      choice.prompt = "Choose which replacement effect applies first";
      for (const auto& r : candidates) choice.options.push_back(Option{r.description, {}, 0});
      if (!choice.player.valid()) choice.player = game.state().turn.active;
      pick = game.ask(choice).picks.front();
    }
    Replacement<E>& chosen = candidates[pick];
    applied.push_back(chosen.id);
    chosen.apply(game, event);
    if (event.cancelled) return false;
  }
}

template <class E>
void EventBus::after(Game& game, const E& event) {
  if (impl_->count(counter_of<E>(Channel::trigger)) != 0) impl_->channels<E>().trigger(game, event);
  if (impl_->count(counter_of<E>(Channel::observer)) != 0) impl_->channels<E>().observer(game, event);
}

void EventBus::edit(const Game& game, const Edit& edit, bool undone) {
  if (impl_->count(kEditCounter) != 0) impl_->edits(game, edit, undone);
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
