// Game::view's cache (view.cpp): the continuous effects active now, in the order rule 613
// applies them. Which effects are active depends on the state only, not on the object viewed,
// so one list serves every view until an edit that can change it (Game::on_edit says which):
// a rules module views every permanent at each state-based check and each target or mana
// check, and gathering and sorting the effects again for each of those views was most of a
// view's cost (docs/performance.md).
// Private to the kernel.
#pragma once

#include <cstdint>
#include <vector>

#include "anvil/game.hpp"

ANVIL_BEGIN_NAMESPACE

struct Game::ActiveEffects {
  struct Entry {
    Layer layer;
    std::uint32_t timestamp;
    std::uint32_t order;  // ties: source id then ability, so the order never depends on history
    std::uint32_t seq;    // the order gathered in, so that equal keys keep it (a stable sort)
    const ContinuousEffect* effect;
    EffectContext ctx;
    ObjectId only;  // a floating effect on one object applies to that object only
    ContinuousEffect::Requirement needs;  // effect->requirement(), asked once per gathering
    // The ability the effect is of, named in what its affects() or apply() throws
    // (Game::rethrow_as_ability); CardId{} for a rules module's own effect (add_rule_effect).
    CardId card;
    std::uint16_t ability = 0;
  };
  std::vector<Entry> list;
  // Whether every effect of the list requires something of an object (Entry::needs), and the
  // keywords required by those that do not also require a counter. An object without counters
  // whose printed characteristics have none of these keywords meets no requirement: its view is
  // its printed characteristics, found without the loop (Game::view; most objects are such).
  bool all_gated = false;
  std::vector<Symbol> gate_keywords;
  bool may_read_turn = false;  // some effect of the list may (Game::views_may_read_turn)
  bool valid = false;          // dropped by Game::on_edit and add_rule_effect

  // The body of both Game::view overloads with a scratch (view.cpp), inlined into each: the one
  // through every layer is among the kernel's hottest calls, and a call from one exported
  // overload to the other showed as 7% more instructions in views (callgrind, random games).
  // A nested class of Game, so it reads the game's private cache.
  static const Characteristics& view(const Game& game, ObjectId id, Layer through,
                                     Characteristics& scratch);
  // Gathers the list again (Game::active_effects, when on_edit or add_rule_effect dropped it).
  [[gnu::noinline]] static const ActiveEffects& gather(const Game& game);
  // view()'s path when the list must be gathered first or an effect may apply: out of line, so
  // that view()'s own path needs no frame.
  // view() for an object or card that does not exist: throws RulesError as object() and at() do.
  [[gnu::noinline]] static const Characteristics& checked_apply(const Game& game, ObjectId id,
                                                                Layer through,
                                                                Characteristics& scratch);
  [[gnu::noinline]] static const Characteristics& apply(const Game& game, const GameObject& o,
                                                        ObjectId id, Layer through,
                                                        const Characteristics& base,
                                                        Characteristics& scratch);
};

ANVIL_END_NAMESPACE
