// CardScript: everything the tags of one card compiled to — its printed numbers and its
// battlecry, deathrattle, spell actions, auras, effects and buffs, on the board and in the hand
// apart (HEARTH-TAGS.md §2). The `hearth` and `hearth-v1` card loaders attach one to every card
// as its first ability; the rules module finds it with card_script() and runs its parts.
//
//   const tags::CardScript* s = tags::card_script(game.card(minion));
//   for (const tags::ActionTag& t : s->deathrattle) t.run(ctx);
//
// GivenTag: a buff, aura or effect a `give` action hands out at run time. It is an ability of
// the card whose action gives it, so a FloatingEffect (card, ability) names it in the state.
#pragma once

#include <anvil/sdk.hpp>
#include <optional>
#include <string>
#include <vector>

#include "anvil/tags/parts.hpp"

namespace anvil::tags {

inline constexpr std::string_view kCardScriptText = "tags: card";
// Bumped whenever these headers change a layout or a virtual table: the tags plugin and a rules
// module share objects through them, so both must be built from the same headers.
inline constexpr std::uint32_t kInterfaceVersion = 15;
inline constexpr std::string_view kGivenTagText = "tags: given";

enum class CardKind : std::uint8_t { minion, spell, weapon };

// Applies to nothing: floating effects must name a continuous effect (Game::add_effect), but
// statuses are folded by the rules module (stats.hpp), not by the kernel's layers.
class InertEffect final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::cost; }
  bool affects(const Game&, const EffectContext&, ObjectId, const Characteristics&) const override {
    return false;
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics&) const override {}
};

class CardScript final : public Ability {
 public:
  // First, so that it reads the same whatever the rest of the layout: kInterfaceVersion as the
  // loader that made the script saw it.
  std::uint32_t interface_version = kInterfaceVersion;
  CardKind kind = CardKind::minion;
  std::int32_t mana = 0, attack = 0, health = 0;  // health is durability for a weapon
  std::int32_t overload = 0;
  Symbol minion_type;  // "Beast"_sym …; empty when none
  Symbol rarity;
  Symbol hero_class;   // empty for neutral cards
  bool collectible = true;
  // When the card may be played at all (an extension, `"play_requirements": {…}`, after
  // Hearthstone's own): the tag format says what a card does, not when, and Hearthbreaker
  // coded this in Python per card. Cleave needs two enemy minions, Deadly Poison a weapon,
  // Mind Control and Animal Companion a free place on the board.
  struct PlayRequirements {
    bool weapon_equipped = false;
    std::int32_t minimum_enemy_minions = 0;
    std::int32_t minion_slots = 0;  // free places on its player's board
  };
  PlayRequirements play_requirements;

  std::vector<ActionTag> battlecry;
  std::vector<ActionTag> deathrattle;
  std::vector<ActionTag> play;  // a spell's actions
  // A secret (a spell with `"secret": {event, tags}`): played, it is applied to its player
  // (`play` is then `apply_secret` of itself); hidden from the opponent, it waits for `event` on
  // the opponent's turn, is revealed and runs `tags`.
  std::optional<Effect> secret;
  std::optional<ActionTag> combo;
  // Choose One: the player picks one option as the card is played; it runs instead of the
  // battlecry. `name` is the option card's name, for labels.
  struct Option {
    std::string name;
    ActionTag tag;
  };
  std::vector<Option> choices;
  std::vector<Aura> enrage;
  // A hero card's own hero power (an extension: `"hero_power": {name, mana, tags}`). While the
  // card is a player's hero (replace_hero_with_minion) it replaces the class's basic power: Lord
  // Jaraxxus's INFERNO! summons an Infernal. Its tags run like a battlecry of the hero card; the
  // first with a user picker is what the player targets.
  struct HeroPower {
    std::string name;
    std::int32_t mana = 2;
    std::vector<ActionTag> tags;
    bool summons = false;  // a `summon` action: not usable with a full board, as Reinforce
    const ActionTag* user_tag() const {
      for (const ActionTag& t : tags)
        if (t.targets_user()) return &t;
      return nullptr;
    }
  };
  std::optional<HeroPower> hero_power;
  // On the board.
  std::vector<Aura> auras;
  std::vector<Effect> effects;
  std::vector<Buff> buffs;
  // In the hand or deck.
  std::vector<Aura> hand_auras;
  std::vector<Effect> hand_effects;
  std::vector<Buff> hand_buffs;

  // The auras the card holds where it is (HEARTH-TAGS.md §2): in play (the battlefield or the
  // command zone) its `impl.auras`, in the hand or deck its card-level `auras`, elsewhere none.
  // A rules module lists the cards that hold_auras() in those zones as aura holders and folds,
  // for each, the auras of the zone it is in: a card-level aura is pulled like any other, while
  // its card is there. Enrage auras are apart (they hold in play, while damaged).
  const std::vector<Aura>& auras_in(ZoneKind zone) const {
    static const std::vector<Aura> none;
    switch (zone) {
      case ZoneKind::battlefield:
      case ZoneKind::command: return auras;
      case ZoneKind::hand:
      case ZoneKind::library: return hand_auras;
      default: return none;
    }
  }
  // Whether it holds auras anywhere, and in `zone` (enrage auras count in play).
  bool holds_auras() const { return !auras.empty() || !enrage.empty() || !hand_auras.empty(); }
  bool holds_auras_in(ZoneKind zone) const {
    return !auras_in(zone).empty() || ((zone == ZoneKind::battlefield || zone == ZoneKind::command) && !enrage.empty());
  }

  // The first battlecry or spell tag with a user picker: what the player targets.
  // `option`: a Choose One option, 1-based (0: none).
  const ActionTag* user_tag(std::size_t option = 0) const {
    if (option > 0) return option <= choices.size() && choices[option - 1].tag.targets_user() ? &choices[option - 1].tag : nullptr;
    for (const ActionTag& t : kind == CardKind::spell ? play : battlecry)
      if (t.targets_user()) return &t;
    return nullptr;
  }

  ZoneMask zones() const override { return 0; }  // run by the rules module, not the bus
  std::string describe() const override { return text; }
  std::string text;  // the printed text, for display
  // Cards its tags name (summon, add_card, transform, equip), for the rules module to check
  // against the loaded pool before a game: a name may be defined in another file or pack.
  std::vector<std::string> references;
};

// The names `s` refers to that `pool` lacks (empty: the card can be played).
inline std::vector<std::string> missing_references(const CardScript& s, const CardPool& pool) {
  std::vector<std::string> out;
  for (const std::string& n : s.references)
    if (!pool.find(n)) out.push_back(n);
  return out;
}

class GivenTag final : public Ability {
 public:
  std::optional<Buff> buff;
  std::optional<Aura> aura;
  std::optional<Effect> effect;
  ZoneMask zones() const override { return 0; }
  const ContinuousEffect* continuous() const override { return &inert_; }
  std::string describe() const override { return "given tag"; }

 private:
  InertEffect inert_;
};

// The script of a card the tags loaders made, or null for any other card.
inline const CardScript* card_script(const CardDef& def) {
  if (def.abilities.empty() || def.abilities[0].text != kCardScriptText) return nullptr;
  return static_cast<const CardScript*>(def.abilities[0].impl.get());
}

// Whether a card of `pool` has card-level auras: a rules module looks for aura holders in the
// hands and decks only then (no card of Hearthbreaker's data has any, and stats are read often).
inline bool pool_has_hand_auras(const CardPool& pool) {
  for (std::size_t i = 0; i < pool.size(); ++i)
    if (const CardScript* s = card_script(pool.at(CardId(static_cast<std::uint32_t>(i)))); s && !s->hand_auras.empty())
      return true;
  return false;
}

inline const GivenTag* given_tag(const CardDef& def, std::uint16_t ability) {
  if (ability >= def.abilities.size() || def.abilities[ability].text != kGivenTagText) return nullptr;
  return static_cast<const GivenTag*>(def.abilities[ability].impl.get());
}

}  // namespace anvil::tags
