// Stats and the one place statuses are folded into them (HEARTH-TAGS.md §2, "How stats are
// computed"). A minion's attack, health and keywords, a card's cost and a player's spell damage
// are never stored: they are pulled, when read, from the printed values plus the statuses that
// apply, in Hearthbreaker's order:
//
//   stats (attack, health, keywords): the object's buffs first, then every matching aura;
//   mana cost:                        every matching aura first, then the object's buffs.
//
//   tags::Stats s = tags::Stats::printed(attack, health, cost);
//   tags::fold_stats(s, buffs, auras);   // buffs then auras
//   if (s.has(tags::kTaunt)) …
//
// fold_stats() and fold_cost() are the only functions that apply statuses, and finish_stats()
// settles the one that depends on damage; the rules module collects which buffs and auras apply
// and calls them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>

namespace anvil::tags {

// Keyword statuses, one bit each.
enum Flag : std::uint32_t {
  kTaunt = 1u << 0,
  kCharge = 1u << 1,
  kStealth = 1u << 2,
  kDivineShield = 1u << 3,
  kFrozen = 1u << 4,
  kImmune = 1u << 5,
  kWindfury = 1u << 6,
  kMegaWindfury = 1u << 7,
  kCanAttack = 1u << 8,
  kCantAttack = 1u << 9,
  kNoSpellTarget = 1u << 10,
  kStolen = 1u << 11,
  kHealAsDamage = 1u << 12,
  kDoubleDeathrattle = 1u << 13,
  kPowerTargetsMinions = 1u << 14,
};

struct Stats {
  std::int32_t attack = 0;
  std::int32_t health = 0;  // maximum health (durability for a weapon)
  std::int32_t cost = 0;
  std::uint32_t flags = 0;
  std::int32_t spell_damage = 0;       // added to the controller's spell damage
  std::int32_t spell_multiplier = 1;   // multiply_spell_damage
  std::int32_t heal_multiplier = 1;    // multiply_heal_amount
  std::int32_t weapon_bonus = 0;       // increase_weapon_bonus
  std::int32_t min_health = 0;         // minimum_health
  // attack_equals_health: the attack is the current health, whatever else changed the attack
  // (Lightspawn), set by finish_stats() once the maximum health is final.
  bool attack_is_health = false;
  bool has(Flag f) const { return (flags & f) != 0; }

  static Stats printed(std::int32_t attack, std::int32_t health, std::int32_t cost) {
    Stats s;
    s.attack = attack;
    s.health = health;
    s.cost = cost;
    return s;
  }
};

class Status;

// One status applied with its evaluated amount.
struct Applied {
  const Status* status = nullptr;
  std::int64_t amount = 0;
  std::int64_t minimum = 0;
};

// Statuses that change a cost are told apart so the two folds can skip each other's.
class Status {
 public:
  virtual ~Status() = default;
  // Applies itself to `s` with `amount` (and, for mana_change, `minimum`).
  virtual void apply(Stats& s, std::int64_t amount, std::int64_t minimum) const = 0;
  virtual bool changes_cost() const { return false; }
};

// Attack, health and keywords: buffs, then auras.
inline void fold_stats(Stats& s, std::span<const Applied> buffs, std::span<const Applied> auras) {
  for (const Applied& a : buffs)
    if (!a.status->changes_cost()) a.status->apply(s, a.amount, a.minimum);
  for (const Applied& a : auras)
    if (!a.status->changes_cost()) a.status->apply(s, a.amount, a.minimum);
  s.health = std::max(s.health, s.min_health);
  s.attack = std::max(s.attack, 0);
}

// Last, once the rules have set what they set on top of the statuses (a health set by an
// action): what depends on the final maximum health and the damage taken.
inline void finish_stats(Stats& s, std::int32_t damage) {
  if (s.attack_is_health) s.attack = std::max(s.health - damage, 0);
}

// Mana cost: auras, then buffs. A cost never goes below 0.
inline void fold_cost(Stats& s, std::span<const Applied> buffs, std::span<const Applied> auras) {
  for (const Applied& a : auras)
    if (a.status->changes_cost()) a.status->apply(s, a.amount, a.minimum);
  for (const Applied& a : buffs)
    if (a.status->changes_cost()) a.status->apply(s, a.amount, a.minimum);
  s.cost = std::max(s.cost, 0);
}

// Hearthbreaker's mana_change rule: a minimum never raises a cost that was already lower.
inline std::int64_t mana_change(std::int64_t prev, std::int64_t amount, std::int64_t minimum) {
  return std::max(std::min(prev, minimum), prev + amount);
}

}  // namespace anvil::tags
