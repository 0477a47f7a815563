// Strong ids for everything a game addresses. Objects and players are referred to by id across
// calls, never by pointer (DESIGN.md §2): a copied GameState keeps the same ids.
//
//   ObjectId bear = game.create_object(card, owner, ZoneRef::battlefield(owner));
//   Target t = Target::object(bear);   // or Target::player(PlayerId{1})
#pragma once

#include <compare>
#include <cstdint>
#include <functional>
#include <limits>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

// A typed index. Tag only distinguishes the types; `none()` is the invalid id.
template <class Tag, class Rep = std::uint32_t>
struct StrongId {
  static constexpr Rep kNone = std::numeric_limits<Rep>::max();
  Rep value = kNone;

  constexpr StrongId() = default;
  constexpr explicit StrongId(Rep v) : value(v) {}
  static constexpr StrongId none() { return StrongId(); }
  constexpr bool valid() const { return value != kNone; }
  constexpr explicit operator bool() const { return valid(); }
  friend constexpr auto operator<=>(StrongId, StrongId) = default;
};

struct ObjectTag;
struct PlayerTag;
struct CardTag;

// A card, token, ability-on-the-stack source or emblem in the game. Ids are never reused.
using ObjectId = StrongId<ObjectTag>;
// A seat at the table: 0 .. players-1.
using PlayerId = StrongId<PlayerTag, std::uint8_t>;
// A compiled card definition in the game's CardPool.
using CardId = StrongId<CardTag>;

// An object as it was when it was referenced. An object that changes zones becomes a new object
// (rule 400.7): a target chosen on the battlefield is illegal once `zone_changes` moved on.
struct ObjectRef {
  ObjectId id;
  std::uint32_t zone_changes = 0;
  friend constexpr auto operator<=>(const ObjectRef&, const ObjectRef&) = default;
};

// What damage, targets and choices point at: an object or a player.
struct Target {
  enum class Kind : std::uint8_t { none, object, player };
  Kind kind = Kind::none;
  PlayerId player;
  ObjectRef object;

  static constexpr Target of(ObjectRef o) { return Target{Kind::object, PlayerId{}, o}; }
  static constexpr Target of(PlayerId p) { return Target{Kind::player, p, ObjectRef{}}; }
  constexpr bool is_object() const { return kind == Kind::object; }
  constexpr bool is_player() const { return kind == Kind::player; }
  friend constexpr auto operator<=>(const Target&, const Target&) = default;
};

ANVIL_END_NAMESPACE

template <class Tag, class Rep>
struct std::hash<anvil::StrongId<Tag, Rep>> {
  std::size_t operator()(anvil::StrongId<Tag, Rep> id) const noexcept { return id.value; }
};
