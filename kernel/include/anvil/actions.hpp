// The shared vocabulary every plugin speaks. Each action builds its event, runs the
// replacement effects (rule 616), applies what is left through the Journal, then emits the
// trigger and observer signals. Game-specific results go through the rules module's hooks
// (RulesHooks): what damage does, what drawing from an empty library means.
//
//   deal_damage(game, bolt, Target::of(opponent), 3);   // returns the damage actually dealt
//   if (destroy(game, bear, bolt)) …                     // false if regenerated / indestructible
//   draw(game, me, 2);
//
// `source` is the object responsible (the spell, the creature); ObjectId{} when none.
// Every action returns what actually happened, after replacements.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/events.hpp"
#include "anvil/ids.hpp"
#include "anvil/state.hpp"
#include "anvil/symbol.hpp"

ANVIL_BEGIN_NAMESPACE

class Game;

struct DamageOptions {
  bool combat = false;
  bool preventable = true;
};

// Deals damage; returns the amount dealt (0 if prevented).
ANVIL_API std::int32_t deal_damage(Game& game, ObjectId source, Target target, std::int32_t amount,
                                   DamageOptions options = {});
// Deals several damage events as one simultaneous event (combat damage): every replacement
// runs first, then all damage is applied, then all triggers fire. Returns the amounts dealt.
ANVIL_API std::vector<std::int32_t> deal_damage_simultaneously(Game& game,
                                                               std::span<const DamageEvent> events);
// Moves a permanent to its owner's graveyard as "destroy". Returns false if replaced away.
ANVIL_API bool destroy(Game& game, ObjectId object, ObjectId source = {});
ANVIL_API bool sacrifice(Game& game, ObjectId object, ObjectId source = {});
// Draws the top card; nullopt if the library was empty (RulesHooks::draw_from_empty ran) or the
// draw was replaced.
ANVIL_API std::optional<ObjectId> draw(Game& game, PlayerId player, ObjectId source = {});
// Draws `count` cards one at a time; returns how many were drawn.
ANVIL_API int draw(Game& game, PlayerId player, int count, ObjectId source);
ANVIL_API bool discard(Game& game, ObjectId card, ObjectId source = {});
// Puts the top `count` cards of the library into the graveyard; returns how many moved.
ANVIL_API int mill(Game& game, PlayerId player, int count, ObjectId source = {});
// Return the life actually gained or lost (>= 0).
ANVIL_API std::int32_t gain_life(Game& game, PlayerId player, std::int32_t amount, ObjectId source = {});
ANVIL_API std::int32_t lose_life(Game& game, PlayerId player, std::int32_t amount, ObjectId source = {});
// The general zone change. `position` counts from the bottom of `to`; -1 = on top.
ANVIL_API bool move_to_zone(Game& game, ObjectId object, ZoneRef to, Cause cause,
                            ObjectId source = {}, std::size_t position = static_cast<std::size_t>(-1));
// One move of a simultaneous batch (move_simultaneously).
struct ZoneMove {
  ObjectId object;
  ZoneRef to;
  Cause cause = Cause::none;
  ObjectId source;
};
// Moves several objects as one simultaneous event (state-based actions, "destroy all"): every
// move's replacements run first, then every move that survived is applied, then all of their
// triggers fire. Returns, per move, whether it happened.
ANVIL_API std::vector<bool> move_simultaneously(Game& game, std::span<const ZoneMove> moves);
// Creates a token of `card` on `controller`'s battlefield. Returns it, or nullopt if replaced
// away (a hearth board that is full, for instance).
ANVIL_API std::optional<ObjectId> create_token(Game& game, CardId card, PlayerId controller,
                                               ObjectId source = {});
// Return the number actually put or removed.
ANVIL_API std::int32_t add_counters(Game& game, Target target, Symbol kind, std::int32_t count,
                                    ObjectId source = {});
ANVIL_API std::int32_t remove_counters(Game& game, Target target, Symbol kind, std::int32_t count,
                                       ObjectId source = {});
// Return false if it was already in that state or the change was replaced away.
ANVIL_API bool tap(Game& game, ObjectId object, ObjectId source = {});
ANVIL_API bool untap(Game& game, ObjectId object, ObjectId source = {});
ANVIL_API void shuffle(Game& game, PlayerId player, ObjectId source = {});
// Announces an event whose state change the rules module makes itself (a step begins, a spell
// is cast, attackers are declared, a module-defined event): replacements, then triggers and
// observers. Returns false if it was cancelled. To change state between replacement and
// triggers, call game.bus().replace(game, e), apply, then game.bus().after(game, e).
ANVIL_API bool emit(Game& game, TurnStepEvent& event);
ANVIL_API bool emit(Game& game, CastEvent& event);
ANVIL_API bool emit(Game& game, AttackEvent& event);
ANVIL_API bool emit(Game& game, BlockEvent& event);
ANVIL_API bool emit(Game& game, CustomEvent& event);

ANVIL_END_NAMESPACE
