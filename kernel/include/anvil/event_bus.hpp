// EventBus: per event type, three Boost.Signals2 signals owned by one running Game.
//
//  1. replacement — slots are replacement and prevention effects. Each slot looks at the event
//     and returns a Replacement if it applies. The kernel applies them one at a time (Magic
//     rule 616): among the applicable effects of the earliest category, the affected player
//     chooses; each effect applies at most once to one event; the applicable set is recomputed
//     after each application; an effect may cancel the event.
//  2. trigger — after the event happened; slots are triggered abilities and call
//     `game.fire_trigger(...)`, which appends a journaled pending trigger.
//  3. observer — for UIs, logs and replays: every event as applied. `on_edit` additionally sees
//     every journal edit, applied and undone; a rollback is seen there and fires no trigger.
//
//   // A prevention shield: prevent the next 2 damage to `bear`.
//   Connection c = game.bus().on_replacement<DamageEvent>(
//       [bear](const Game&, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
//         if (!e.target.is_object() || e.target.object.id != bear) return std::nullopt;
//         return Replacement<DamageEvent>{"prevent 2", bear, [](Game&, DamageEvent& d) {
//           d.amount = std::max(0, d.amount - 2);
//           if (d.amount == 0) d.cancelled = true; }};
//       });
//
// The member templates are declared here and defined (explicitly instantiated for every type in
// ANVIL_EVENT_TYPES) inside the kernel: plugins connect through kernel code and never
// instantiate a signals2 template themselves (DESIGN.md, "The plugin boundary"). This header
// includes no Boost header.
//
// Lifetime: the bus belongs to its Game; a Connection may outlive it (disconnecting then does
// nothing). A Game's bus is never copied: a copied game builds a new one from its state.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include "anvil/config.hpp"
#include "anvil/events.hpp"
#include "anvil/journal.hpp"

ANVIL_BEGIN_NAMESPACE

class Game;

// Rule 616.1a–e: when several replacement effects apply, those of the earliest category are
// chosen among first (a self-replacement before a control-changing effect before …).
enum class ReplacementCategory : std::uint8_t { self, control, copy, face_up, other };

// A replacement effect that applies to one event. `id` is filled in by the kernel (one per
// connected slot), so the same effect is never applied twice to one event.
template <class E>
struct Replacement {
  std::string description;  // shown to the player choosing the order
  ObjectId source;
  std::function<void(Game&, E&)> apply;
  ReplacementCategory category = ReplacementCategory::other;
  std::uint64_t id = 0;
};

template <class E>
using ReplacementSlot = std::function<std::optional<Replacement<E>>(const Game&, const E&)>;
template <class E>
using TriggerSlot = std::function<void(Game&, const E&)>;
template <class E>
using ObserverSlot = std::function<void(const Game&, const E&)>;
using EditSlot = std::function<void(const Game&, const Edit&, bool undone)>;

enum class Channel : std::uint8_t { replacement, trigger, observer };

namespace detail {
struct SlotCounts;
}

// A handle on one connected slot. Copyable; destroying it does not disconnect (use
// ScopedConnection for that), as with boost::signals2::connection which it wraps.
class ANVIL_API Connection {
 public:
  Connection() noexcept;
  Connection(const Connection& other);
  Connection& operator=(const Connection& other);
  ~Connection();

  void disconnect();
  bool connected() const;

 private:
  friend class EventBus;
  alignas(8) unsigned char storage_[16];  // a boost::signals2::connection, built in the kernel
  std::weak_ptr<detail::SlotCounts> counts_;
  std::uint16_t counter_ = 0;
};

// Disconnects on destruction. Movable, not copyable.
class ANVIL_API ScopedConnection {
 public:
  ScopedConnection() = default;
  ScopedConnection(Connection c) : connection_(std::move(c)) {}  // NOLINT: implicit by design
  ScopedConnection(ScopedConnection&& other) noexcept;
  ScopedConnection& operator=(ScopedConnection&& other) noexcept;
  ScopedConnection(const ScopedConnection&) = delete;
  ScopedConnection& operator=(const ScopedConnection&) = delete;
  ~ScopedConnection();

  void disconnect() { connection_.disconnect(); }
  bool connected() const { return connection_.connected(); }

 private:
  Connection connection_;
};

class ANVIL_API EventBus {
 public:
  EventBus();
  ~EventBus();
  EventBus(const EventBus&) = delete;
  EventBus& operator=(const EventBus&) = delete;

  template <class E>
  Connection on_replacement(ReplacementSlot<E> slot);
  template <class E>
  Connection on_trigger(TriggerSlot<E> slot);
  template <class E>
  Connection on_observe(ObserverSlot<E> slot);
  Connection on_edit(EditSlot slot);
  // Makes `journal` tell its listener every edit (Journal::ListenTo::every_edit) from the moment
  // an edit slot is connected to this bus (on_edit), and at once if one is: a Game's journal tells
  // the Game the structure alone while no slot of its bus watches edits, and a slot connected
  // later sees every edit from then on. REQUIRES: the journal outlives this bus. Plugin ABI
  // 15.3.
  void watch_edits_for(Journal& journal);

  // Runs the replacement loop of rule 616 on `event`. Returns false if it was cancelled.
  template <class E>
  bool replace(Game& game, E& event);
  // Emits the trigger signal, then the observer signal.
  template <class E>
  void after(Game& game, const E& event);
  // Inline, with the slots called out of line: the Game calls it at every journal edit, and most
  // games connect no edit slot (the call was about 1% of a random classic game, 7 December 2026).
  // Plugin ABI 13.0.
  void edit(const Game& game, const Edit& edit, bool undone) {
    if (*edit_slots_ != 0) [[unlikely]]
      emit_edit(game, edit, undone);
  }

  // Connected slots on one channel of one event type. Emitting with none costs a branch.
  template <class E>
  std::size_t listeners(Channel channel) const;

 private:
  struct Impl;
  void emit_edit(const Game& game, const Edit& edit, bool undone);
  std::unique_ptr<Impl> impl_;
  const std::uint32_t* edit_slots_;  // how many edit slots are connected: a counter of impl_'s
};

#define ANVIL_DECLARE_BUS_EXTERN(E, name)                                             \
  extern template ANVIL_API Connection EventBus::on_replacement<E>(ReplacementSlot<E>); \
  extern template ANVIL_API Connection EventBus::on_trigger<E>(TriggerSlot<E>);         \
  extern template ANVIL_API Connection EventBus::on_observe<E>(ObserverSlot<E>);        \
  extern template ANVIL_API bool EventBus::replace<E>(Game&, E&);                       \
  extern template ANVIL_API void EventBus::after<E>(Game&, const E&);                   \
  extern template ANVIL_API std::size_t EventBus::listeners<E>(Channel) const;
ANVIL_EVENT_TYPES(ANVIL_DECLARE_BUS_EXTERN)
#undef ANVIL_DECLARE_BUS_EXTERN

ANVIL_END_NAMESPACE
