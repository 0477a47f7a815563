// The hearth rules module's shared vocabulary: the Symbols it keeps in the GameState, the World
// it gives tagged cards (HearthWorld), and the functions its source files share. Private.
//
// Every piece of per-game state lives in the GameState, written through the Journal:
//   players: life (the hero's health), attrs armor, crystals, mana, overload (locked this
//            turn), overload_next, fatigue, power_used, hero attacks, frozen, hero class…;
//   objects: the board is each player's battlefield zone, left to right; a hero's weapon is the
//            one object in its command zone (its damage field counts lost durability);
//            attrs frozen, attacks, shield_lost, stealth_lost, silenced, destroyed, board_pos;
//   buffs and given auras/effects: FloatingEffects naming a tags::GivenTag (card, ability).
// The module object holds nothing about a game: one instance serves every game and thread.
#pragma once

#include <anvil/sdk.hpp>
#include <anvil/tags/card_script.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace anvil::rules_hearth {

using namespace anvil::literals;

inline constexpr int kMaxBoard = 7;
inline constexpr int kMaxHand = 10;
inline constexpr int kMaxMana = 10;
inline constexpr int kStartingHealth = 30;

// Steps: a turn has one step in which the active player acts; "mulligan" precedes turn 1.
enum Step : std::uint16_t { kMulligan, kMain, kStepCount };

// Player attrs.
inline constexpr Symbol kArmor = "armor"_sym;
inline constexpr Symbol kCrystals = "crystals"_sym;
inline constexpr Symbol kMana = "mana"_sym;
inline constexpr Symbol kOverload = "overload"_sym;
inline constexpr Symbol kOverloadNext = "overload_next"_sym;
inline constexpr Symbol kFatigue = "fatigue"_sym;
inline constexpr Symbol kPowerUsed = "power_used"_sym;
inline constexpr Symbol kHeroClass = "hero_class"_sym;  // index into kClasses, plus one
inline constexpr Symbol kPowerAttack = "power_attack"_sym;  // Druid's Shapeshift, this turn
inline constexpr Symbol kCardsPlayed = "cards_played"_sym;  // this turn (combo)
// Object attrs (hero attrs use the same names on the player).
inline constexpr Symbol kFrozen = "frozen"_sym;
inline constexpr Symbol kAttacks = "attacks"_sym;
inline constexpr Symbol kShieldLost = "shield_lost"_sym;
inline constexpr Symbol kStealthLost = "stealth_lost"_sym;
inline constexpr Symbol kSilenced = "silenced"_sym;
inline constexpr Symbol kDestroyed = "destroyed"_sym;
inline constexpr Symbol kBoardPos = "board_pos"_sym;
inline constexpr Symbol kDiedTurn = "died_turn"_sym;  // the turn number it died in
inline constexpr Symbol kSetHealth = "set_health"_sym;  // set_health: the new maximum
inline constexpr Symbol kSetAttack = "set_attack"_sym;  // set_attack: the attack + 1 (0: none)
inline constexpr Symbol kWeaponAttack = "weapon_attack"_sym;  // increase_weapon_attack
inline constexpr Symbol kWeaponDurability = "weapon_durability"_sym;  // increase_durability
// Game attrs.
inline constexpr Symbol kMaxTurns = "max_turns"_sym;
inline constexpr Symbol kRecruit = "recruit_card"_sym;  // CardId + 1 of Silver Hand Recruit
inline constexpr Symbol kKnife = "knife_card"_sym;      // CardId + 1 of Wicked Knife
inline constexpr Symbol kTotems[] = {"totem_0"_sym, "totem_1"_sym, "totem_2"_sym, "totem_3"_sym};
inline constexpr const char* kTotemNames[] = {"Healing Totem", "Searing Totem", "Stoneclaw Totem",
                                              "Wrath of Air Totem"};

// Heroes and their basic powers.
enum class HeroClass : std::uint8_t { mage, warrior, hunter, rogue, priest, warlock, shaman, paladin, druid };
inline constexpr const char* kClasses[] = {"Mage",    "Warrior", "Hunter",  "Rogue", "Priest",
                                           "Warlock", "Shaman",  "Paladin", "Druid"};
std::optional<HeroClass> hero_class(std::string_view name);
HeroClass hero_of(const Game& game, PlayerId p);
// Whether the class's power needs a target.
bool power_targets(HeroClass c);

// Event names the module fires (HEARTH-TAGS.md §7), as Symbols.
namespace ev {
inline constexpr Symbol turn_started = "turn_started"_sym;
inline constexpr Symbol turn_ended = "turn_ended"_sym;
inline constexpr Symbol card_played = "card_played"_sym;
inline constexpr Symbol card_used = "card_used"_sym;
inline constexpr Symbol spell_cast = "spell_cast"_sym;
inline constexpr Symbol card_drawn = "card_drawn"_sym;
inline constexpr Symbol card_discarded = "card_discarded"_sym;
inline constexpr Symbol minion_placed = "minion_placed"_sym;
inline constexpr Symbol minion_summoned = "minion_summoned"_sym;
inline constexpr Symbol after_added = "after_added"_sym;
inline constexpr Symbol minion_died = "minion_died"_sym;
inline constexpr Symbol character_damaged = "character_damaged"_sym;
inline constexpr Symbol character_healed = "character_healed"_sym;
inline constexpr Symbol character_attack = "character_attack"_sym;
inline constexpr Symbol armor_increased = "armor_increased"_sym;
inline constexpr Symbol used_power = "used_power"_sym;
inline constexpr Symbol attack = "attack"_sym;
inline constexpr Symbol attack_completed = "attack_completed"_sym;
inline constexpr Symbol did_damage = "did_damage"_sym;
inline constexpr Symbol damaged = "damaged"_sym;
inline constexpr Symbol weapon_destroyed = "weapon_destroyed"_sym;
inline constexpr Symbol drawn = "drawn"_sym;
inline constexpr Symbol spell_targeted = "spell_targeted"_sym;
inline constexpr Symbol card_destroyed = "card_destroyed"_sym;  // overdraw (internal)
inline constexpr Symbol fatigue_damage = "fatigue_damage"_sym;  // internal
}  // namespace ev

const tags::CardScript& script(const Game& game, ObjectId id);
const tags::CardScript* script_of(const CardDef& def);
PlayerId other(PlayerId p);

// The World over one Game. Cheap to make; make one per call into the rules.
class HearthWorld final : public tags::World {
 public:
  explicit HearthWorld(Game& game) : game_(game) {}
  // Reading a const game: reads never write (the RNG is not used by pulls).
  explicit HearthWorld(const Game& game) : game_(const_cast<Game&>(game)) {}

  Game& game() override { return game_; }
  tags::Stats stats(ObjectId id) override;
  std::int32_t attack_of(const Target& t) override;
  std::int32_t health_of(const Target& t) override;
  std::int32_t max_health_of(const Target& t) override;
  std::int32_t damage_of(const Target& t) override;
  std::vector<ObjectId> minions(PlayerId p) override;
  std::optional<ObjectId> weapon(PlayerId p) override;
  std::int32_t spell_damage(PlayerId p) override;
  std::int32_t spell_amount(PlayerId p, std::int32_t amount) override;
  std::vector<ObjectId> dead_minions(PlayerId p) override;
  std::vector<ObjectId> died_this_turn(PlayerId p) override;
  PlayerId controller(const Target& t) override;
  PlayerId current_player() override { return game_.state().turn.active; }
  std::vector<CardId> collection() override;
  std::int32_t cards_played(PlayerId p) override {
    return static_cast<std::int32_t>(game_.state().player(p).attrs.get(kCardsPlayed));
  }

  void damage(ObjectId source, PlayerId by, const Target& t, std::int32_t amount, bool spell) override;
  void heal(ObjectId source, PlayerId by, const Target& t, std::int32_t amount, bool spell) override;
  std::optional<ObjectId> summon(CardId card, PlayerId p, ObjectId beside) override;
  void draw(PlayerId p) override;
  void add_to_hand(CardId card, PlayerId p) override;
  void add_to_deck(CardId card, PlayerId p) override;
  void destroy(const Target& t) override;
  void silence(ObjectId minion) override;
  void give(ObjectId source, CardId card, std::uint16_t ability, const Target& t, std::int64_t amount,
            std::optional<PlayerId> until_turn_end_of) override;
  void equip(CardId weapon, PlayerId p) override;
  void gain_armor(PlayerId p, std::int32_t amount) override;
  void gain_mana(PlayerId p, std::int32_t amount) override;
  void give_mana_crystal(PlayerId p, std::int32_t count, bool empty) override;
  void destroy_mana_crystal(PlayerId p) override;
  void bounce(ObjectId minion) override;
  void transform(ObjectId minion, CardId into) override;
  void discard_random(PlayerId p) override;
  void change_weapon(PlayerId p, std::int32_t attack, std::int32_t durability) override;
  void remove_divine_shield(ObjectId minion) override;
  void set_health(const Target& t, std::int32_t health) override;
  void set_attack(const Target& t, std::int32_t attack) override;
  void swap_with_hand(ObjectId minion, ObjectId card) override;
  void steal(ObjectId minion, PlayerId to) override;
  void remove_from_play(ObjectId minion) override;
  std::uint64_t random(std::uint64_t n) override;
  void change_target(const Target& to) override { redirect_ = to; }

  // --- the module's own ---
  // The new defender a change_target chose while the attack was announced, once.
  std::optional<Target> take_redirect() { return std::exchange(redirect_, std::nullopt); }
  // Fires an event: every effect listening, in the order their owners entered play.
  void fire(const tags::TagEvent& e);
  // Puts a minion card onto `p`'s board at `position` (0 = leftmost); the minion_placed /
  // summoned events are the caller's.
  ObjectId place_minion(ObjectId card_or_new, PlayerId p, std::size_t position);
  bool has(const Target& t, tags::Flag f);  // a keyword that is in force (shields not lost…)
  bool is_minion_on_board(ObjectId id);
  // Resolves deaths (minions, weapons, heroes) until none; ends the game if a hero died.
  void resolve_deaths();
  tags::Ctx ctx_for(ObjectId owner, PlayerId player);

 private:
  using Ctx = tags::Ctx;
  class Applied;  // a short list of applied statuses (stats.cpp)
  void collect_auras(const Target& t, Applied& out);
  void collect_buffs(const Target& t, Applied& out);
  tags::Stats hero_stats(PlayerId p);
  // Rebuilds what pulls need when the journal's version moved: the stats cache is emptied, the
  // aura holders and whether any buff or aura was given are found again.
  void refresh();

  Game& game_;
  int depth_ = 0;  // aura conditions may read stats: bounded
  int fire_depth_ = 0;
  // Pulled stats of this World's reads, valid while the journal's version is unchanged (any
  // edit, applied or undone, bumps it): queries such as legal_actions read each minion often.
  std::uint64_t cache_version_ = ~std::uint64_t{0};
  std::vector<std::pair<ObjectId, tags::Stats>> cache_;
  struct Holder {
    ObjectId id;
    PlayerId controller;
    const tags::CardScript* script;
  };
  std::vector<Holder> aura_holders_;
  std::optional<Target> redirect_;  // minions in play, not silenced, with auras or enrage
  bool given_buffs_ = false, given_auras_ = false;
};

// Ends given buffs and auras whose `until` is the event `e` (world.cpp).
void end_given_until(HearthWorld& w, const tags::TagEvent& e);

// Runs the tags of `tags_of` for `owner` (battlecry, spell, deathrattle) with a chosen target.
void run_tags(HearthWorld& w, const std::vector<tags::ActionTag>& list, ObjectId owner, CardId card,
              PlayerId player, const Target& chosen, bool spell);

// Game::view() with the pulled stats, as a rules effect (stats.cpp).
std::shared_ptr<const ContinuousEffect> pulled_stats_effect();

// Turn.
void begin_turn(Game& game);
void end_turn(Game& game);
void mulligan(Game& game);
void end_game_drawn(Game& game);

// Actions (actions.cpp).
std::vector<LegalAction> list_actions(const Game& game, PlayerId p);
std::string refusal(const Game& game, PlayerId p, const LegalAction& a);
void perform(Game& game, const LegalAction& a);
std::string target_label(const Game& game, const Target& t);

// Hero powers.
std::string power_refusal(const Game& game, PlayerId p);
std::vector<Target> power_targets_of(HearthWorld& w, PlayerId p);
void use_power(Game& game, PlayerId p, const Target& target);

// Characters.
std::string attack_refusal(HearthWorld& w, const Target& attacker);
bool can_attack(HearthWorld& w, const Target& attacker);
std::vector<Target> attack_targets(HearthWorld& w, PlayerId p);
void attack(Game& game, const Target& attacker, Target defender);

}  // namespace anvil::rules_hearth
