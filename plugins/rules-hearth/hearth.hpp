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

#include <anvil/label_blind.hpp>
#include <anvil/sdk.hpp>
#include <anvil/tags/card_script.hpp>
#include <cstdint>
#include <cstring>
#include <functional>
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
inline constexpr Symbol kBorn = "born"_sym;  // a dead minion's timestamp on the board: when it came
// set_health (Hunter's Mark): what it added to the maximum health then, so that the maximum was
// the health set; buffs and auras after it add to that (Hearthbreaker's set_health_to gives a
// ChangeHealth buff of the difference). Silence clears it.
inline constexpr Symbol kSetHealth = "health_set_by"_sym;
// set_attack (Crazed Alchemist's swap): what it added to the attack, the same way.
inline constexpr Symbol kSetAttack = "set_attack"_sym;
inline constexpr Symbol kWeaponAttack = "weapon_attack"_sym;  // increase_weapon_attack
inline constexpr Symbol kWeaponDurability = "weapon_durability"_sym;  // increase_durability
// Game attrs.
inline constexpr Symbol kMaxTurns = "max_turns"_sym;
inline constexpr Symbol kHandAuras = "hand_auras"_sym;  // 1: a card of the pool has card-level auras
inline constexpr Symbol kHandEffects = "hand_effects"_sym;  // 1: a card of the pool has card-level effects
inline constexpr Symbol kRecruit = "recruit_card"_sym;  // CardId + 1 of Silver Hand Recruit
inline constexpr Symbol kKnife = "knife_card"_sym;      // CardId + 1 of Wicked Knife
inline constexpr Symbol kTotems[] = {"totem_0"_sym, "totem_1"_sym, "totem_2"_sym, "totem_3"_sym};
inline constexpr const char* kTotemNames[] = {"Healing Totem", "Searing Totem", "Stoneclaw Totem",
                                              "Wrath of Air Totem"};

// The target naming object `id` as it is now (its current incarnation).
inline Target target_of(const Game& g, ObjectId id) { return Target::of(g.object(id).ref()); }

// Heroes and their basic powers.
enum class HeroClass : std::uint8_t { mage, warrior, hunter, rogue, priest, warlock, shaman, paladin, druid };
inline constexpr const char* kClasses[] = {"Mage",    "Warrior", "Hunter",  "Rogue", "Priest",
                                           "Warlock", "Shaman",  "Paladin", "Druid"};
std::optional<HeroClass> hero_class(std::string_view name);
HeroClass hero_of(const Game& game, PlayerId p);
// Whether the class's power needs a target.
bool power_targets(HeroClass c);
// The class's power by name ("Armor Up!"), as the hero's portrait shows it.
const char* power_name(HeroClass c);

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

// tags::card_script, inline and with the marker compared at a fixed length: the rules look up a
// card's script for nearly everything they read.
inline const tags::CardScript* script_of(const CardDef& def) {
  constexpr std::size_t n = tags::kCardScriptText.size();
  if (def.abilities.empty()) return nullptr;
  const std::string& text = def.abilities[0].text;
  if (text.size() != n || std::memcmp(text.data(), tags::kCardScriptText.data(), n) != 0) return nullptr;
  return static_cast<const tags::CardScript*>(def.abilities[0].impl.get());
}
[[noreturn]] void not_a_hearth_card(const CardDef& def);
// SymbolCounts::get, inline: an object or player holds a handful of attrs, each key once, and
// the rules read them at every step.
inline std::int64_t attr_of(const SymbolCounts& attrs, Symbol key) {
  for (const auto& [k, v] : attrs.items)
    if (k == key) return v;
  return 0;
}
inline const tags::CardScript& script(const Game& game, ObjectId id) {
  const CardDef& def = game.card(id);
  const tags::CardScript* s = script_of(def);
  if (!s) not_a_hearth_card(def);
  return *s;
}
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
  bool is_dead(const Target& t) override;
  std::int32_t max_health_of(const Target& t) override;
  std::int32_t damage_of(const Target& t) override;
  const std::vector<ObjectId>& minions(PlayerId p) override;
  std::optional<ObjectId> weapon(PlayerId p) override;
  std::int32_t spell_damage(PlayerId p) override;
  // Prophet Velen's doubling, and any other multiply_spell_damage of `p`'s hero and minions:
  // what Fireblast deals (a hero power: no spell damage, the multiplier only).
  std::int32_t spell_multiplier(PlayerId p);
  std::int32_t spell_amount(PlayerId p, std::int32_t amount) override;
  std::vector<ObjectId> dead_minions(PlayerId p) override;
  std::vector<ObjectId> died_this_turn(PlayerId p) override;
  PlayerId controller(const Target& t) override;
  PlayerId current_player() override { return game_.state().turn.active; }
  std::vector<CardId> collection() override;
  std::int32_t cards_played(PlayerId p) override {
    return static_cast<std::int32_t>(game_.state().player(p).attrs.get(kCardsPlayed));
  }
  // tag_world.cpp: what the later tags need (secrets, card queries, Jaraxxus, Tracking).
  std::int32_t mana_crystals(PlayerId p) override;
  std::int32_t armor(PlayerId p) override { return static_cast<std::int32_t>(game_.state().player(p).attrs.get(kArmor)); }
  std::int32_t fatigue(PlayerId p) override { return static_cast<std::int32_t>(game_.state().player(p).attrs.get(kFatigue)); }
  Symbol hero_class(PlayerId p) override;
  std::optional<CardId> hero_card(PlayerId p) override;
  std::optional<ObjectId> last_drawn(PlayerId p) override;
  std::vector<ObjectId> secrets(PlayerId p) override;
  // Secrets that spring on nothing yet: put into play by a deathrattle whose death is being told
  // (resolve_deaths; fire_secrets skips them).
  bool secret_inert(ObjectId id) const {
    return std::find(inert_secrets_.begin(), inert_secrets_.end(), id) != inert_secrets_.end();
  }
  bool board_full(PlayerId p) override {
    return static_cast<int>(in(ZoneRef::battlefield(p)).size()) >= kMaxBoard;
  }
  bool can_apply_secret(CardId secret, PlayerId p) override;
  void transform_card(ObjectId card, CardId into) override;
  void remove_card(ObjectId card, bool discarded) override;
  void draw_card(ObjectId card) override;
  std::size_t choose(PlayerId p, const std::string& prompt, const std::vector<Target>& options) override;
  void become_copy(ObjectId minion, ObjectId of) override;
  void replace_hero(PlayerId p, CardId hero, ObjectId from) override;
  bool apply_secret(CardId secret, PlayerId p) override;
  void remove_secret(ObjectId secret) override;

  void damage(ObjectId source, PlayerId by, const Target& t, std::int32_t amount, bool spell) override;
  void heal(ObjectId source, PlayerId by, const Target& t, std::int32_t amount, bool spell) override;
  std::optional<ObjectId> summon(CardId card, PlayerId p, ObjectId beside, Side side) override;
  std::optional<ObjectId> duplicate(ObjectId minion) override;
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
  // Tells the game's observers what happened, in the kernel's event types (DESIGN.md: the
  // observer channel, for UIs, logs and replays: `anvil replay`, `anvil play`): a card drawn,
  // played, discarded; a minion that enters, dies or is returned to a hand; damage; a hero's
  // life; an attack; and, as CustomEvents, what only this game has ("hero_power", "armor",
  // "hero_attack", "transform", "control", "divine_shield", "silence", "freeze", "given",
  // "healed", "mulligan", "copy", "secret", "secret_set", "health_set", "attack_set", "fatigue":
  // docs/hearth.md). Nothing is sent while nobody observes (a simulation),
  // and the module connects no trigger slot to the kernel's events, so telling changes nothing in
  // the game.
  template <class E>
  void tell(const E& e) {
    if (game_.bus().listeners<E>(Channel::observer) != 0) game_.bus().after(game_, e);
  }
  // Damage dealt while set is combat damage, as observers are told (an attack's).
  void set_combat(bool combat) { combat_ = combat; }
  // While one lives, damage without a source object (a hero power's own, from a card: Ragnaros's
  // DIE, INSECT!) is multiplied by its player's spell multiplier, as a class's power's is; not
  // what it sets off, which damage() runs with this cleared.
  class PowerDamage {
   public:
    explicit PowerDamage(HearthWorld& w) : w_(w), outer_(std::exchange(w.power_damage_, true)) {}
    ~PowerDamage() { w_.power_damage_ = outer_; }
    PowerDamage(const PowerDamage&) = delete;
    PowerDamage& operator=(const PowerDamage&) = delete;

   private:
    HearthWorld& w_;
    bool outer_;
  };
  // The new defender a change_target chose while the attack was announced, once.
  std::optional<Target> take_redirect() { return std::exchange(redirect_, std::nullopt); }
  // Fires an event: every effect listening, in the order their owners entered play.
  void fire(const tags::TagEvent& e);
  // fire(e), except that `deaf`'s own effects do not hear it (a minion played does not hear its
  // own card_played: Hearthbreaker fires that before the card is used, while it is in no zone
  // that listens; Questing Adventurer gets no +1/+1 for itself). Events it sets off are heard.
  void fire_unheard_by(ObjectId deaf, const tags::TagEvent& e);
  // Puts a minion card onto `p`'s board at `position` (0 = leftmost); the minion_placed /
  // summoned events are the caller's.
  ObjectId place_minion(ObjectId card_or_new, PlayerId p, std::size_t position);
  // summon(), and with `copy_of` valid duplicate(): the minion made gets what copy_given gives a
  // copy of `copy_of` before its summon is told.
  std::optional<ObjectId> summon_as(CardId card, PlayerId p, ObjectId beside, Side side,
                                    ObjectId copy_of);
  // What `minion` gets of `of` when it becomes its copy (become_copy, duplicate): damage, the
  // statuses that outlive a change of card (shield lost, silence, set stats, frozen), and each
  // buff, aura and effect given to `of`, given to it as its own. Its own given ones are removed.
  void copy_given(ObjectId minion, ObjectId of);
  bool has(const Target& t, tags::Flag f) override;  // a keyword that is in force (shields not lost…)
  // The objects of a zone (GameState::zone), its index looked up once per World.
  // script(game(), id), remembered for the World's life (see card_slot).
  const tags::CardScript& object_script(ObjectId id) {
    const CardId card = game_.object(id).card;
    const tags::CardScript* s = card_slot(card).script;
    if (!s) [[unlikely]] not_a_hearth_card(game_.cards().at(card));
    return *s;
  }
  const std::vector<ObjectId>& in(ZoneRef z) {
    const auto kind = static_cast<std::size_t>(z.kind);
    if (z.owner.value >= 2 || kind >= 8) return game_.state().zone(z).objects;
    std::uint16_t& i = zone_at_[z.owner.value][kind];
    if (i == 0) i = static_cast<std::uint16_t>(game_.state().zone_index(z) + 1);
    return game_.state().zones[i - 1u].objects;
  }
  // The pulled stats of a minion, weapon or card, or of a hero (its weapon's attack included).
  tags::Stats stats_of(const Target& t) override { return t.is_player() ? hero_stats(t.player) : stats(t.object.id); }
  bool is_minion_on_board(ObjectId id);
  // Resolves deaths (minions, weapons, heroes) until none; ends the game if a hero died.
  void resolve_deaths();
  tags::Ctx ctx_for(ObjectId owner, PlayerId player);

 private:
  using Ctx = tags::Ctx;
  class Applied;  // a short list of applied statuses (stats.cpp)
 public:
  // A minion's stats from its card, its buffs and what set_health and set_attack added, without
  // the auras in force now: what a set measures against, so that auras stay on top of the value
  // it sets (Hunter's Mark beside Stormwind Champion leaves 2).
  tags::Stats stats_without_auras(ObjectId id);

 private:
  void collect_auras(const Target& t, Applied& out);
  void collect_given_auras(const Target& t, std::uint32_t from, std::uint32_t to, Applied& out);
  void collect_buffs(const Target& t, const GameObject* o, const tags::CardScript* s, Applied& out);
  // Whether aura `a` of holder `h` (the holder's `k`th aura, its enrage auras after its auras)
  // affects `t`: tags::Aura::affects, with the selector's candidates listed once per version.
  bool aura_affects(std::size_t h, std::size_t k, const tags::Aura& a, tags::Ctx& c, const Target& t);
  void list_candidates(std::size_t h, tags::Ctx& c);
  tags::Stats hero_stats(PlayerId p);
  // Rebuilds what pulls need when the journal's version moved: the stats cache is emptied, the
  // aura holders and whether any buff or aura was given are found again.
  void refresh() {
    if (cache_version_ != game_.journal().version()) rebuild();
  }
  void rebuild();

  Game& game_;
  bool combat_ = false;  // set_combat
  bool power_damage_ = false;            // a PowerDamage lives
  std::vector<ObjectId> dying_;          // moved by resolve_deaths, their deathrattles not run yet
  std::vector<ObjectId> inert_secrets_;  // secret_inert
  // The card remove_card took out of a deck last, for telling only: a secret apply_secret puts
  // into play from there (Mad Scientist's) is told as such, not as the card cast.
  ObjectId removed_ = {};
  // The card each player drew last in this world's action, for last_drawn: invalid when that
  // draw was burned or was fatigue, so that Gnomish Experimenter acts on no card then.
  // (Hearthbreaker's rule, the last card of the hand, would pick a card held before.)
  struct LastDraw {
    bool seen = false;
    ObjectId card = {};
  };
  LastDraw last_draw_[2] = {};
  int depth_ = 0;  // aura conditions may read stats: bounded
  int fire_depth_ = 0;
  ObjectId deaf_;       // fire_unheard_by: not a listener of the event fired at depth deaf_depth_
  int deaf_depth_ = 0;  // 0: none (fire depths start at 1)
  std::uint16_t zone_at_[2][8] = {};  // in(): zone index + 1 by player and kind (0: not looked up)
  // fire()'s listeners, (timestamp, object), of every event being fired, innermost last. An
  // effect given to a player (Echoing Ooze) listens as (its timestamp, player_effect(its id)).
  std::vector<std::pair<std::uint32_t, ObjectRef>> listeners_;
  static constexpr ObjectRef player_effect(std::uint32_t id) { return {ObjectId{}, id}; }
  // Runs the effect given to a player whose FloatingEffect has id `id`, if it is still there.
  void fire_player_effect(std::uint32_t id, const tags::TagEvent& e);
  // The objects in play and in hand that listen, and the effects given to players (unsorted),
  // as of the journal's version scan_at_.version: still right while only minor edits followed
  // (see JournalMark).
  std::vector<std::pair<std::uint32_t, ObjectRef>> scan_;
  // A point in the journal, to tell whether what followed was only minor: edits that move no
  // object, create, transform or silence none, change no controller or timestamp, and add or
  // remove no floating effect. Who listens to events and which minions hold auras depend on
  // nothing else.
  struct JournalMark {
    std::uint64_t version = ~std::uint64_t{0};
    std::size_t size = 0;
  };
  JournalMark mark() const { return {game_.journal().version(), game_.journal().size()}; }
  bool only_minor_since(const JournalMark& m) const;
  JournalMark scan_at_;
  JournalMark holders_at_;  // when aura_holders_ and given_buffs_/given_auras_ were found
  bool scan_given_ = false;  // some effect was given to an object: every object listens
  bool scan_until_ = false;  // some given buff or aura ends with an event (end_given_until)
  void end_until(const tags::TagEvent& e);
  // A card's script and what it holds (kScripted | kListens (effects) | kListensInHand |
  // kHolds), remembered for 64 cards by CardId, direct-mapped (a game has about 30 different
  // cards): finding a script takes a look-up in the pool's deque and a comparison of its
  // ability's text, and the rules look up scripts for nearly everything they read.
  enum CardFlag : std::uint8_t { kScripted = 1, kListens = 2, kListensInHand = 4, kHolds = 8 };
  struct CardSlot {
    CardId card;
    std::uint8_t flags;
    const tags::CardScript* script;
  };
  std::uint64_t card_known_ = 0;
  // Left uninitialized (a union with an empty constructor; a World is made for every call into
  // the rules): a slot is only read once its bit says it was written.
  union CardSlots {
    CardSlots() {}
    CardSlot at[64];
  } card_flags_;
  // Inline for the hit, which is most look-ups; a miss fills the slot out of line.
  const CardSlot& card_slot(CardId card) {
    const std::size_t slot = card.value % std::size(card_flags_.at);
    const CardSlot& at = card_flags_.at[slot];
    if ((card_known_ >> slot & 1) && at.card == card) [[likely]] return at;
    return fill_card_slot(card);
  }
  const CardSlot& fill_card_slot(CardId card);
  std::uint8_t card_flags(CardId card) { return card_slot(card).flags; }
  void scan_listeners();
  bool listens(const GameObject& o, bool given);
  // Pulled stats of this World's reads, valid while the journal's version is unchanged (any
  // edit, applied or undone, bumps it): queries such as legal_actions read each minion often.
  std::uint64_t cache_version_ = ~std::uint64_t{0};
  // Direct-mapped by ObjectId (a hand and two boards fit with few collisions; a collision only
  // evicts): slot i holds a value while bit i of cache_valid_ is set. Nothing to allocate or clear
  // but the bits, since a World lives for one call and the version moves with every edit.
  static constexpr std::size_t kCacheSlots = 64;
  struct CacheSlot {
    ObjectId id;
    tags::Stats stats;
  };
  std::uint64_t cache_valid_ = 0;
  std::uint64_t cache_stable_ = 0;  // slots whose value was stable (stats()) when stored
  union CacheSlots {  // uninitialized, like card_flags_
    CacheSlots() {}
    CacheSlot at[kCacheSlots];
  } cache_;
  JournalMark stats_at_;  // the version the slots were valid at
  // The valid stable slots that the edits since `m` leave right, or 0 if they may all be wrong.
  std::uint64_t stable_survivors(const JournalMark& m) const;
  void find_holders();
  std::uint8_t hero_valid_ = 0;  // the same for the two heroes, by PlayerId
  tags::Stats hero_cache_[2];
  struct Holder {
    ObjectId id;
    PlayerId controller;
    const tags::CardScript* script;
    std::uint32_t span = kUnlisted;  // into aura_spans_, once listed
  };
  static constexpr std::uint32_t kUnlisted = ~std::uint32_t{0};
  std::vector<Holder> aura_holders_;
  // The candidates of each holder's aura selectors at cache_version_, listed when first needed
  // (an aura's candidates are the same whatever target is asked about, and legal_actions or a
  // pass of deaths asks about every minion): the holder's auras, then its enrage auras, k are
  // aura_candidates_[aura_spans_[span + k] .. aura_spans_[span + k + 1]).
  std::vector<Target> aura_candidates_;
  std::vector<std::uint32_t> aura_spans_;
  bool listing_ = false;  // a selector read stats while listing: that read is not cached
  std::optional<Target> redirect_;  // minions in play, not silenced, with auras or enrage
  bool given_buffs_ = false, given_auras_ = false;
  bool given_conditions_ = false;  // a given buff is in force only while its condition holds
};

// What a face-down card of a determinized copy could be (hidden.cpp): the game's RulesHooks.
std::shared_ptr<RulesHooks> hearth_hooks();

// Secrets (tag_world.cpp): objects in their player's exile zone, face down, attr kSecret.
inline constexpr Symbol kSecret = "secret"_sym;
inline constexpr Symbol kMaxLife = "max_life"_sym;    // a replaced hero's maximum health (0: 30)
inline constexpr Symbol kHeroCard = "hero_card"_sym;  // CardId + 1 of a replaced hero
// Runs the secrets the event `e` springs (the opponent's turn only): each is revealed, then acts.
void fire_secrets(HearthWorld& w, const tags::TagEvent& e);
// Why `card` (a secret spell) cannot be played by `p` now, or empty.
std::string secret_refusal(const Game& game, PlayerId p, ObjectId card);
// The hero's maximum health: 30, or the health of the card that replaced it.
std::int32_t max_life(const Game& game, PlayerId p);

// Ends given buffs and auras whose `until` is the event `e` (world.cpp).
void end_given_until(HearthWorld& w, const tags::TagEvent& e);

// Gives again to `to`, in the order they were given, the floating effects given to `from` that
// `keep` accepts, taking them off `from` (world.cpp). An object moved to another zone is a new
// reference, and what was given to it follows it only so: a minion card's buffs to the minion it
// is played as, a stolen minion's enchantments. `controller`, when set, becomes theirs.
void move_given_effects(Game& game, const ObjectRef& from, const Target& to,
                        std::optional<PlayerId> controller,
                        const std::function<bool(const FloatingEffect&)>& keep);

// Runs the tags of `tags_of` for `owner` (battlecry, spell, deathrattle) with a chosen target.
void run_tags(HearthWorld& w, const std::vector<tags::ActionTag>& list, ObjectId owner, CardId card,
              PlayerId player, const Target& chosen, bool spell);

// Game::view() with the pulled stats, as a rules effect (stats.cpp).
std::shared_ptr<const ContinuousEffect> pulled_stats_effect();

// Turn.
void begin_turn(Game& game);
void end_turn(Game& game);
void begin_turn(HearthWorld& w);
void end_turn(HearthWorld& w);
void mulligan(Game& game);
void end_game_drawn(Game& game);

// Actions (actions.cpp). A Move is a LegalAction as the module lists it for itself: no label
// (built only for the options of a decision) and at most one target, so that listing the moves
// of a decision allocates nothing per move.
struct Move {
  LegalAction::Kind kind = LegalAction::Kind::end_turn;
  ObjectId object;           // the card played, the attacking minion (none: the hero)
  std::uint16_t ability = 0;  // a Choose One option, 1-based
  Target target;             // none when it has no target
  std::int64_t value = 0;    // a minion's board position
};
void list_moves(const Game& game, PlayerId p, std::vector<Move>& out);
// The same in `w`, whose pulled values serve perform() next (advance makes one World for both).
void list_moves(HearthWorld& w, PlayerId p, std::vector<Move>& out);
std::string label_of(const Game& game, const Move& m);
void append_label(std::string& out, const Game& game, const Move& m);
std::vector<LegalAction> list_actions(const Game& game, PlayerId p);
std::string refusal(const Game& game, PlayerId p, const LegalAction& a);
void perform(HearthWorld& w, const Move& m);
std::string target_label(const Game& game, const Target& t);

// Hero powers.
// The hero power of `p`'s hero card (Lord Jaraxxus's INFERNO!), or null: the class's own.
const tags::CardScript::HeroPower* card_power(const Game& game, PlayerId p);
// Whether `p`'s hero power is used on a target (Steady Shot too while a status gives the hero
// power_targets_minions: Steamwheedle Sniper).
bool power_needs_target(HearthWorld& w, PlayerId p);
std::string power_refusal(const Game& game, PlayerId p);
const char* power_blocker(const Game& game, PlayerId p);  // the same, null when it may
std::vector<Target> power_targets_of(HearthWorld& w, PlayerId p);
void use_power(Game& game, PlayerId p, const Target& target);
void use_power(HearthWorld& w, PlayerId p, const Target& target);

// Characters.
std::string attack_refusal(HearthWorld& w, const Target& attacker);
const char* attack_blocker(HearthWorld& w, const Target& attacker);  // the same, null when it may
bool can_attack(HearthWorld& w, const Target& attacker);
// How many attacks a turn a character with stats `s` has: 1, 2 with windfury, 4 with mega-windfury.
int attacks_allowed(const tags::Stats& s);
// Whether `character` has no attack left this turn, frozen or not: a minion that came this turn
// without charge, or one that made every attack it is allowed. Freezing takes a character's
// next attack, so one frozen while exhausted stays frozen through its controller's next turn.
bool exhausted(HearthWorld& w, const Target& character);
std::vector<Target> attack_targets(HearthWorld& w, PlayerId p);
void attack_targets(HearthWorld& w, PlayerId p, std::vector<Target>& out);  // into `out`
void attack(Game& game, const Target& attacker, Target defender);
void attack(HearthWorld& w, const Target& attacker, Target defender);

}  // namespace anvil::rules_hearth
