// World: the hearth game as tag parts see it while a game runs. The rules module that runs
// tagged cards (rules-hearth) implements it over its Game; the tags plugin only calls it. Every
// change goes through the World, so the rules decide what damage, summoning or drawing means
// (divine shield, armor, a full board, overdraw, fatigue) and journal it.
//
//   void run(Ctx& c, const Target& t) const override {        // a "damage" action
//     c.world.damage(c.owner, c.player, t, static_cast<std::int32_t>(amount.eval(c)), spell_);
//   }
//
// Lifetime: a World lives for one call into tag code; parts never keep it.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "anvil/tags/stats.hpp"

namespace anvil::tags {

// An event as it happened, for effects to match (HEARTH-TAGS.md §7). `player` is the player the
// event belongs to (whose turn ended, who played the card, whose minion died).
struct TagEvent {
  Symbol name;
  PlayerId player;
  Target subject;  // the minion summoned, the character damaged, the card played…
  Target other;    // the damage source, the attack target…
  std::int64_t amount = 0;
};

class World {
 public:
  virtual ~World() = default;
  virtual Game& game() = 0;

  // --- reading: pulled values, never written ---
  virtual Stats stats(ObjectId id) = 0;  // a minion, weapon or card with its statuses
  // The same for any target: a hero's are its player's statuses, its weapon's attack included.
  virtual Stats stats_of(const Target& t) = 0;
  // Whether keyword `f` is in force on `t` now: its statuses give it and the rules did not take
  // it away since (a divine shield lost, stealth broken), or the rules froze it (a freeze is a
  // state with its own thaw rule, not a status). has_status and has_divine_shield read this.
  virtual bool has(const Target& t, Flag f) = 0;
  virtual std::int32_t attack_of(const Target& t) = 0;
  virtual std::int32_t health_of(const Target& t) = 0;      // current health
  virtual std::int32_t max_health_of(const Target& t) = 0;
  // At 0 health or less, or destroyed: dead, though the death check has not removed it yet
  // (Hearthbreaker's `dead`; a random pick leaves it out).
  virtual bool is_dead(const Target& t) = 0;
  virtual std::int32_t damage_of(const Target& t) = 0;
  // Board order, left to right. A reference into the game, valid until the board changes: copy
  // it to act on each minion (selectors and counts only read it, and must not allocate).
  virtual const std::vector<ObjectId>& minions(PlayerId p) = 0;
  virtual std::optional<ObjectId> weapon(PlayerId p) = 0;
  virtual std::int32_t spell_damage(PlayerId p) = 0;
  // `amount` of a spell of `p` with p's spell damage added and its multipliers applied: what
  // a `spell` damage deals, and how many missiles `split_damage` fires.
  virtual std::int32_t spell_amount(PlayerId p, std::int32_t amount) = 0;
  // The minions that died under p's control this game (whoever owns them), in death order.
  virtual std::vector<ObjectId> dead_minions(PlayerId p) = 0;
  // In the order they came into play (Hearthbreaker's `born`: Kel'Thuzad brings them back so).
  virtual std::vector<ObjectId> died_this_turn(PlayerId p) = 0;
  virtual PlayerId controller(const Target& t) = 0;
  virtual PlayerId current_player() = 0;
  virtual std::vector<CardId> collection() = 0;  // every card a random card may come from
  virtual std::int32_t cards_played(PlayerId p) = 0;   // this turn, before the card being played
  virtual std::int32_t mana_crystals(PlayerId p) = 0;  // Hearthbreaker's max_mana
  virtual std::int32_t armor(PlayerId p) = 0;
  virtual std::int32_t fatigue(PlayerId p) = 0;  // the fatigue damage last taken (0: none yet)
  virtual Symbol hero_class(PlayerId p) = 0;  // "Mage"_sym…, the class of the player's hero
  // The card that replaced p's hero (Lord Jaraxxus: replace_hero), if one did.
  virtual std::optional<CardId> hero_card(PlayerId p) = 0;
  // The card `p` drew last, still the last of the hand; none once `p` took fatigue damage
  // (Hearthbreaker's last_drawn: the hand's last card, unless the deck ran out).
  virtual std::optional<ObjectId> last_drawn(PlayerId p) = 0;
  // The secrets in play of `p` (hidden from the opponent), in the order they were applied.
  virtual std::vector<ObjectId> secrets(PlayerId p) = 0;
  // Whether p's board has no room for another minion (a summon there does nothing).
  virtual bool board_full(PlayerId p) = 0;
  // Whether apply_secret(secret, p) would put it into play: p has no copy of it in play and
  // fewer than five secrets.
  virtual bool can_apply_secret(CardId secret, PlayerId p) = 0;

  // --- acting ---
  // `spell`: damage or healing of a spell, to which spell damage and its multipliers apply.
  virtual void damage(ObjectId source, PlayerId by, const Target& t, std::int32_t amount,
                      bool spell) = 0;
  virtual void heal(ObjectId source, PlayerId by, const Target& t, std::int32_t amount,
                    bool spell) = 0;
  // Which side of the minion beside it a summon goes to.
  enum class Side : std::uint8_t { right, left };
  // Summons next to `beside`, on `side` of it while it is on p's board, where it stood if it has
  // died from there, or, without it, at the right end. Nothing on a full board.
  virtual std::optional<ObjectId> summon(CardId card, PlayerId p, ObjectId beside, Side side) = 0;
  // Summons an exact copy of the minion on the board `minion` to its right (Echoing Ooze): its
  // card with its damage, buffs, effects and silence, as become_copy copies them, before the
  // summon is told. The default summons the card alone, for a world that keeps no more.
  // (Inline, as the rest of this interface: a rules module implements it without linking the
  // tags plugin.)
  virtual std::optional<ObjectId> duplicate(ObjectId minion) {
    const GameObject& o = game().object(minion);
    return summon(o.card, o.controller, o.id, Side::right);
  }
  virtual void draw(PlayerId p) = 0;
  virtual void add_to_hand(CardId card, PlayerId p) = 0;
  virtual void add_to_deck(CardId card, PlayerId p) = 0;
  virtual void destroy(const Target& t) = 0;  // marks for destruction; deaths resolve later
  virtual void silence(ObjectId minion) = 0;
  // Gives GivenTag `ability` of `card` (a buff, aura or effect the card's tags compiled) to `t`
  // with its amount evaluated now. `until_turn_end_of`: it ends when that player's turn ends;
  // none: it lasts while `t` is in play.
  virtual void give(ObjectId source, CardId card, std::uint16_t ability, const Target& t,
                    std::int64_t amount, std::optional<PlayerId> until_turn_end_of) = 0;
  virtual void equip(CardId weapon, PlayerId p) = 0;
  virtual void gain_armor(PlayerId p, std::int32_t amount) = 0;
  virtual void gain_mana(PlayerId p, std::int32_t amount) = 0;
  virtual void give_mana_crystal(PlayerId p, std::int32_t count, bool empty) = 0;
  virtual void destroy_mana_crystal(PlayerId p) = 0;
  virtual void bounce(ObjectId minion) = 0;
  // `card`, a minion card in the hand of the minion's controller, takes the minion's place on
  // the board (put in play, not summoned: no battlecry) and the minion returns to the hand.
  virtual void swap_with_hand(ObjectId minion, ObjectId card) = 0;
  virtual void transform(ObjectId minion, CardId into) = 0;
  // A card in a hand or deck becomes another card (Gnomish Experimenter's Chicken).
  virtual void transform_card(ObjectId card, CardId into) = 0;
  virtual void discard_random(PlayerId p) = 0;
  // A card leaves its hand or deck without being played: `discarded`, it goes to the graveyard
  // and card_discarded fires; otherwise it is removed from the game (remove_from_deck).
  virtual void remove_card(ObjectId card, bool discarded) = 0;
  // `card`, a card of its owner's deck, is drawn: to the hand (an 11th card is destroyed), and
  // card_drawn fires.
  virtual void draw_card(ObjectId card) = 0;
  // Asks `p` to choose one of `options` (cards they may look at); returns its index.
  virtual std::size_t choose(PlayerId p, const std::string& prompt, const std::vector<Target>& options) = 0;
  // `minion` becomes a copy of `of`: its card, damage, buffs and given effects, silence; it
  // stays where it is, with summoning sickness (Faceless Manipulator's replace).
  virtual void become_copy(ObjectId minion, ObjectId of) = 0;
  // The hero of `p` becomes the card `hero` (replace_hero_with_minion, Lord Jaraxxus; a
  // transform of a hero, Majordomo Executus): its maximum health is the card's, its health the
  // current health of the minion `from` while that is in play, else the card's; armor stays.
  virtual void replace_hero(PlayerId p, CardId hero, ObjectId from) = 0;
  // Puts a copy of the secret card `secret` into play for `p`; false (nothing happens) when `p`
  // already has that secret or has five.
  virtual bool apply_secret(CardId secret, PlayerId p) = 0;
  // Removes `secret` from play, unrevealed (Kezan Mystic).
  virtual void remove_secret(ObjectId secret) = 0;
  virtual void change_weapon(PlayerId p, std::int32_t attack, std::int32_t durability) = 0;
  virtual void remove_divine_shield(ObjectId minion) = 0;
  virtual void set_health(const Target& t, std::int32_t health) = 0;
  // A minion's attack becomes `attack`, whatever its buffs and auras (swap_stats).
  virtual void set_attack(const Target& t, std::int32_t attack) = 0;
  virtual void steal(ObjectId minion, PlayerId to) = 0;
  virtual void remove_from_play(ObjectId minion) = 0;
  // Redirects the attack being declared to `to` (change_target; the ogres).
  virtual void change_target(const Target& to) = 0;
  // A uniform number in [0, n), from the game's RNG (journaled).
  virtual std::uint64_t random(std::uint64_t n) = 0;
};

}  // namespace anvil::tags
