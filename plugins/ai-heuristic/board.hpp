// What ai-heuristic reads off a DecisionView: creatures and their worth, who is hurt by what,
// and the classic module's protocol (plugins/rules-classic/README.md) where it needs it. Reads
// only what the deciding player may see.
#pragma once

#include <algorithm>
#include <anvil/sdk.hpp>
#include <array>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace anvil::ai_heuristic {

using namespace anvil::literals;

inline constexpr Symbol kCreature = "Creature"_sym;
inline constexpr Symbol kLand = "Land"_sym;
inline constexpr Symbol kInstant = "Instant"_sym;
inline constexpr Symbol kSorcery = "Sorcery"_sym;
inline constexpr Symbol kFlash = "Flash"_sym;
inline constexpr Symbol kFlying = "Flying"_sym;
inline constexpr Symbol kReach = "Reach"_sym;
inline constexpr Symbol kFirstStrike = "First Strike"_sym;
inline constexpr Symbol kDoubleStrike = "Double Strike"_sym;
inline constexpr Symbol kDeathtouch = "Deathtouch"_sym;
inline constexpr Symbol kInfect = "Infect"_sym;
// A player's poison counters (the classic module's), ten of which lose the game (704.5c).
inline constexpr Symbol kPoison = "poison"_sym;
inline constexpr std::int64_t kPoisonToLose = 10;
inline constexpr Symbol kIndestructible = "Indestructible"_sym;
inline constexpr Symbol kTrample = "Trample"_sym;
inline constexpr Symbol kLifelink = "Lifelink"_sym;
inline constexpr Symbol kVigilance = "Vigilance"_sym;
inline constexpr Symbol kDefender = "Defender"_sym;
inline constexpr Symbol kHaste = "Haste"_sym;
inline constexpr Symbol kArtifact = "Artifact"_sym;
inline constexpr Symbol kMenace = "Menace"_sym;  // blocked by two or more creatures only
// "CARDNAME can't be blocked by more than one creature" (the classic module's keyword).
inline constexpr Symbol kBlockedByOne = "blocked_by_at_most_one"_sym;
// Evasion the classic module gives (docs/cards.md): fear, intimidate, shadow, landwalk.
inline constexpr Symbol kFear = "Fear"_sym;
inline constexpr Symbol kIntimidate = "Intimidate"_sym;
inline constexpr Symbol kShadow = "Shadow"_sym;
// "This spell can't be countered" (the classic module's cant_be_countered).
inline constexpr Symbol kCantBeCountered = "can't be countered"_sym;
// Landwalk keywords and the land type each looks for, in colour order of the basic types.
inline constexpr std::array<std::pair<Symbol, Symbol>, kColorCount> kLandwalk{{
    {"Plainswalk"_sym, "Plains"_sym},
    {"Islandwalk"_sym, "Island"_sym},
    {"Swampwalk"_sym, "Swamp"_sym},
    {"Mountainwalk"_sym, "Mountain"_sym},
    {"Forestwalk"_sym, "Forest"_sym},
}};
// "Protection from white" … (702.16), by Color, as the classic module names them.
inline constexpr std::array<Symbol, kColorCount> kProtectionFrom{
    "Protection from white"_sym, "Protection from blue"_sym, "Protection from black"_sym,
    "Protection from red"_sym, "Protection from green"_sym};
// The classic module's other protections that matter when creatures fight: every creature is a
// source of "creatures" and "everything".
inline constexpr Symbol kProtectionFromCreatures = "Protection from creatures"_sym;
inline constexpr Symbol kProtectionFromEverything = "Protection from everything"_sym;
inline constexpr Symbol kProtectionFromArtifacts = "Protection from artifacts"_sym;
inline constexpr Symbol kProtectionFromMulticolored = "Protection from multicolored"_sym;
inline constexpr Symbol kProtectionFromMonocolored = "Protection from monocolored"_sym;
inline constexpr Symbol kProtectionFromAllColors = "Protection from all colors"_sym;
inline constexpr Symbol kProtectionFromColorless = "Protection from colorless"_sym;
// Block requirements (classic 509.1c): "blocks each combat if able", "must be blocked if able",
// "all creatures able to block it do so".
inline constexpr Symbol kMustBlock = "blocks_each_combat"_sym;
inline constexpr Symbol kMustBeBlocked = "must_be_blocked"_sym;
// The classic module's combat attrs, which count only while "in_combat" is the object's
// zone_changes + 1: "blocking" is the blocked attacker's id + 1.
inline constexpr Symbol kInCombat = "in_combat"_sym;
inline constexpr Symbol kBlocking = "blocking"_sym;
// What an attacker attacks: player p is p + 1, a planeswalker (or battle) -(its id + 1).
inline constexpr Symbol kAttacking = "attacking"_sym;
inline bool in_combat(const GameObject& o) {
  return o.attrs.get(kInCombat) == static_cast<std::int64_t>(o.zone_changes) + 1;
}
inline constexpr Symbol kLure = "lure"_sym;
// Restrictions an Aura gives (Pacifism's "can't attack or block"), keywords of the view.
inline constexpr Symbol kCantAttack = "can't attack"_sym;
inline constexpr Symbol kCantBlock = "can't block"_sym;
inline constexpr Symbol kPlaneswalker = "Planeswalker"_sym;
inline constexpr Symbol kLoyalty = "loyalty"_sym;  // the counter
// What a loyalty counter is worth to the agent, in creature-value points (a card is 1), and a
// planeswalker besides its counters (it acts every turn).
inline constexpr double kLoyaltyPoint = 1.0;
inline constexpr double kPlaneswalkerWorth = 3.0;
// The classic module's mark of a loyalty ability activated: the turn number + 1, valid while
// "loyalty_zc" is the object's zone_changes + 1 (one loyalty ability per permanent per turn).
inline constexpr Symbol kLoyaltyTurn = "loyalty_turn"_sym;
inline constexpr Symbol kLoyaltyZc = "loyalty_zc"_sym;
inline bool loyalty_used_this_turn(const GameObject& o, std::uint32_t turn) {
  return o.attrs.get(kLoyaltyTurn) == static_cast<std::int64_t>(turn) + 1 &&
         o.attrs.get(kLoyaltyZc) == static_cast<std::int64_t>(o.zone_changes) + 1;
}
// A planeswalker's worth when one of two copies must go (the legend rule): its loyalty, and a
// loyalty ability still to be activated this turn (a fresh copy's), about what Jace's +2 adds.
inline double walker_keep_worth(std::int64_t loyalty, bool activation_left) {
  return static_cast<double>(loyalty) * kLoyaltyPoint + (activation_left ? 2.0 : 0.0);
}
// A point of damage to a player out of reach, or of loyalty a planeswalker keeps (judge()).
inline constexpr double kChipDamage = 0.25;
// An Aura, which enters the battlefield attached to its spell's target.
inline constexpr Symbol kAura = "Aura"_sym;
// The classic module's attachment, on the Aura or Equipment: "attached_to" is what it is
// attached to (id + 1), valid while "attached_self" is its own zone_changes + 1.
inline constexpr Symbol kAttachedTo = "attached_to"_sym;
inline constexpr Symbol kAttachedSelf = "attached_self"_sym;
inline bool attached(const GameObject& o) {
  return o.attrs.get(kAttachedTo) != 0 &&
         o.attrs.get(kAttachedSelf) == static_cast<std::int64_t>(o.zone_changes) + 1;
}
// effect-drawback's ChoosePlayer: the chosen player + 1, on the permanent (Stuffy Doll).
inline constexpr Symbol kChosenPlayer = "chosen_player"_sym;
// The classic module marks deathtouch damage on the creature (it dies at the next check).
inline constexpr Symbol kDeathtouched = "deathtouch_damage"_sym;
// The classic module's regeneration shields (701.15): "regen_shields" of them, valid while
// "regen_zc" is the object's zone_changes + 1. A shield replaces the creature's destruction, so
// lethal damage does not kill it (toughness 0 still does: no destruction, 704.5f).
inline constexpr Symbol kRegenShields = "regen_shields"_sym;
inline constexpr Symbol kRegenZc = "regen_zc"_sym;
inline bool shielded_by_regeneration(const GameObject& o) {
  return o.attrs.get(kRegenShields) > 0 &&
         o.attrs.get(kRegenZc) == static_cast<std::int64_t>(o.zone_changes) + 1;
}
// Whether `a` is the classic module's regeneration ability ("{B}: Regenerate CARDNAME.", its
// text; its AbilityDef::cost the cost).
inline bool is_regeneration(const AbilityDef& a) {
  return a.kind == AbilityKind::activated && a.text.starts_with("Regenerate CARDNAME");
}
// The mana cost of the card's regeneration ability ("{B}: Regenerate CARDNAME."), if it has one
// that costs only mana; not present otherwise ({T}: a creature in combat is tapped or must stay
// untapped, which no budget here weighs).
ManaCost regeneration_cost(const CardDef& def);
// Whether the creature, still the same object on the battlefield and seen as `v` now, dies at
// the next state-based check (a copy an effect was resolved on has not made it yet).
inline bool dies(const GameObject& o, const Characteristics& v) {
  if (v.toughness <= 0) return true;
  if (v.has_keyword(kIndestructible) || shielded_by_regeneration(o)) return false;
  return o.damage >= v.toughness || (o.damage > 0 && o.attrs.get(kDeathtouched) != 0);
}

struct Fighter;

// What a creature has protection from, of what another creature can be (702.16a).
struct Protections {
  ColorSet colors;
  bool creatures = false;  // from creatures, or from everything: from every other creature
  bool artifacts = false;
  bool multicolored = false;
  bool monocolored = false;
  bool colorless = false;  // ("all colors" is every colour in `colors`)

  // Whether these protect from `source`: its damage is prevented, and it cannot block.
  bool from(const Fighter& source) const;
};

// A creature as combat and removal see it.
struct Fighter {
  ObjectId id;
  PlayerId controller;
  std::int32_t power = 0;
  std::int32_t toughness = 0;
  std::int32_t damage = 0;  // already marked this turn
  bool tapped = false;
  bool flying = false, reach = false, first_strike = false, deathtouch = false;
  bool double_strike = false;  // (first_strike too)
  bool infect = false;         // its damage to a player is poison counters (702.90b)
  // The player that damage dealt to it goes on to (hits_back_at), if any: Stuffy Doll's.
  PlayerId hits_back = PlayerId::none();
  bool indestructible = false, trample = false, vigilance = false, menace = false;
  bool blocked_by_one = false;  // can't be blocked by more than one creature
  bool artifact = false, fear = false, intimidate = false, shadow = false;
  bool landwalk = false;    // it has a landwalk whose land an opponent controls: unblockable
  ColorSet colors;          // its colours: a creature protected from one takes none of its damage
  Protections protected_from;
  double value = 0;
  // Whether its destruction in this combat would be replaced by regeneration (701.15): a shield
  // is up, or (budget_regeneration) its controller's mana can pay for one. It then
  // survives lethal damage, but leaves combat: a creature regenerated after first-strike damage
  // deals no regular damage.
  bool regenerates = false;
  // The mana cost of its regeneration ability ("{B}: Regenerate CARDNAME."), if it has one
  // that costs only mana; not present otherwise.
  ManaCost regeneration;

  // Damage still needed to destroy it by damage: toughness minus damage already marked.
  std::int32_t remaining() const { return toughness - damage; }
  // The combat damage it deals unblocked: its power, twice with double strike (702.4b).
  std::int32_t unblocked_damage() const {
    const std::int32_t once = power > 0 ? power : 0;
    return double_strike ? 2 * once : once;
  }
};

// The creature's worth to its controller: its stats and keywords, as a number of "points"
// (a vanilla 2/2 is worth about 4, a 4/4 flier about 10). Used to pick what to kill, what to
// trade and what to chump with, and what an Aura or Equipment does to the creature it is on.
// One that can neither attack nor block (Pacifism) is worth the least a creature is.
double creature_value(const Characteristics& c);
Fighter fighter(const DecisionView& view, ObjectId id);
// The player that damage dealt to creature `id` goes on to, read off the text of its triggered
// abilities ("Whenever CARDNAME is dealt damage, CARDNAME deals that much damage to the chosen
// player": Stuffy Doll, its chosen player; "… to your opponent", "… to you"); none for most
// creatures. Blocking an attacker, such a creature deals the attacker's damage to that player.
PlayerId hits_back_at(const DecisionView& view, ObjectId id);
// Whether the creature `id` is sacrificed at the end of the turn it attacks in, read off the text
// of its triggered abilities ("At the beginning of the end step, sacrifice CARDNAME.": Ball
// Lightning, Spark Elemental; as the classic module describes it, "each player's" or "your" end
// step, its controller's turn being the one it attacks in). Killing it gains nothing.
bool leaves_at_end_of_turn(const DecisionView& view, ObjectId id);
// What the creature `id` is worth besides creature_value for keywords whose worth depends on
// the other side's board, which creature_value counts at 0.5 each: protection from a quality
// the opponent's creatures have (+2 + power / 2: they cannot block it, and it blocks them for
// free, as flying is counted), or else from a colour the opponent's lands make (a quarter of its
// worth: their removal of that colour cannot target it); and Lure's "all creatures able to
// block it do so" on a creature that can attack, worth the opponent's creatures it would kill if
// all of them blocked it, less its own worth if it would die doing so (never below 0). Only an
// Aura or Equipment's judgement counts it (judge.hpp): Red Ward and Lure are worth nothing by
// their stats.
double board_worth(const DecisionView& view, ObjectId id);
// Whether the characteristics have a keyword board_worth reads (most creatures do not).
bool has_board_keyword(const Characteristics& c);
// The damage a creature seen as `c` could deal attacking on its controller's next turn: its
// power, twice with double strike; 0 for a defender, one that can't attack, one with infect (its
// damage is poison) and one about to die (judge.cpp: whether a player is dead on board).
inline std::int32_t attack_reach(const GameObject& o, const Characteristics& c) {
  if (!c.has_type(kCreature) || c.power <= 0 || c.has_keyword(kDefender) ||
      c.has_keyword(kCantAttack) || c.has_keyword(kInfect) || dies(o, c))
    return 0;
  return c.has_keyword(kDoubleStrike) ? 2 * c.power : c.power;
}
// The creatures `p` controls that the viewer can see, in battlefield order, with
// budget_regeneration's.
std::vector<Fighter> creatures_of(const DecisionView& view, PlayerId p);
// The mana budget_regeneration pays shields with.
enum class ShieldMana {
  // Untapped lands, and mana creatures that may tap now (mana_creature_colors). A creature
  // tapped for mana while it blocks still blocks and deals its damage.
  lands_and_creatures,
  // Untapped lands only: while attackers are chosen, a mana creature may be one of them, and
  // attacking taps it.
  lands,
};
// Sets Fighter::regenerates of `fighters` that have a regeneration ability their controller can
// pay for with its untapped lands (land_colors) and, by default, mana creatures, the most
// valuable first, each paid from what the ones before left: two Drudge Skeletons and one Swamp
// make one shield.
void budget_regeneration(const DecisionView& view, const std::vector<Fighter*>& fighters,
                         ShieldMana from = ShieldMana::lands_and_creatures);

// The regeneration shields the other players could still raise in response to what `me` does, as
// Forge's AI counts them (ComputerUtil.canRegenerate: a creature that can regenerate is not
// killable by damage or "destroy" unless the effect says it can't be regenerated): their
// creatures with a regeneration ability costing only mana and no shield up yet, and the
// untapped lands and mana creatures of each controller that pay for them (land_colors and
// mana_creature_colors: mana in the pool is not counted); and the prevention shields they could
// raise with a {T} ability (preventers()). Everything it reads is on the board: no hidden card is
// looked at. Read once per decision; empty nearly always.
class OpposingShields {
 public:
  OpposingShields() = default;
  OpposingShields(const DecisionView& view, PlayerId me);
  bool empty() const { return creatures_.empty() && preventers_.empty(); }
  // The creatures that get a shield: the ones `first` names (the effect's targets: any one of
  // them can be saved, whatever else could be) before the rest, the rest most valuable first,
  // each paid from what its controller's lands left after the ones before. So one Swamp saves
  // whichever of two Drudge Skeletons a Shock aims at, and only one of them from a sweeper.
  std::vector<ObjectId> shielded(std::span<const Target> first = {}) const;
  // Whether `id` is one of the creatures, and its controller's lands pay for its shield.
  bool has(ObjectId id) const;
  bool can_save(ObjectId id) const;

  // The prevention abilities the other players could activate in response, costing only {T}
  // ("{T}: Prevent the next 1 damage that would be dealt to any target this turn.": Samite
  // Healer), on an untapped permanent that may tap (a creature not summoning sick, or with
  // haste). One with mana in its cost is not counted (its mana would compete with the
  // regeneration budget). Each is activated once, by its controller.
  struct Preventer {
    ObjectId source;
    PlayerId controller;
    std::uint16_t ability;
  };
  const std::vector<Preventer>& preventers() const { return preventers_; }

 private:
  struct Creature {
    ObjectId id;
    PlayerId controller;
    double value;
    ManaCost cost;
  };
  // Adds the permanent `id` of player `p`'s prevention abilities (preventers()) it can use now.
  void add_preventers(const DecisionView& view, PlayerId p, ObjectId id);

  std::vector<Creature> creatures_;                                    // most valuable first
  // By player: land_colors, then mana_creature_colors (the sources that pay for shields).
  std::vector<std::pair<PlayerId, std::vector<std::uint8_t>>> sources_;
  std::vector<Preventer> preventers_;
};
// The deciding player's own creatures that could regenerate in answer to an effect of its own
// that would destroy them (a sweeper: the agent raises such shields against a spell without
// targets on the stack, either player's; heuristic_agent.cpp, untargeted_threat): those with a
// regeneration ability costing only mana and no shield up yet, paid from its untapped lands and
// mana creatures (land_colors and mana_creature_colors: mana in the pool is not counted) after
// what the effect itself costs. Read once per decision; empty nearly always.
class OwnShields {
 public:
  OwnShields() = default;
  OwnShields(const DecisionView& view, PlayerId me);
  bool empty() const { return creatures_.empty(); }
  // The creatures that get a shield once `spent` is paid from the untapped lands and mana
  // creatures: the most valuable first, each from what `spent` and the ones before left.
  std::vector<ObjectId> shielded(const ManaCost& spent) const;

 private:
  struct Creature {
    ObjectId id;
    ManaCost cost;
    double value;
  };
  std::vector<Creature> creatures_;    // most valuable first
  std::vector<std::uint8_t> sources_;  // land_colors, then mana_creature_colors
};
// Gives each of `ids` in `g` one regeneration shield, as the classic module's ability does when
// it resolves (kRegenShields, kRegenZc): then the rules themselves replace a destruction (not
// one that "can't be regenerated", nor death by toughness 0), and dies() sees it.
void raise_shields(Game& g, const std::vector<ObjectId>& ids);
// Takes away the shields raise_shields gave (the creatures had none before).
void lower_shields(Game& g, const std::vector<ObjectId>& ids);

// Whether `a` deals lethal damage to `b` in a fight between them (first strike counted: a
// creature killed by first-strike damage deals none back; a double striker deals its power in
// both steps).
bool kills(const Fighter& a, const Fighter& b);
// The damage a trampling attacker `a` must assign to its blocker `b` before the rest goes on
// (702.19b, 510.1c-d): `b`'s toughness less the damage already marked on it, 1 with deathtouch
// (702.2c). Its protection, indestructibility or shields do not lower it.
inline std::int32_t lethal_damage(const Fighter& a, const Fighter& b) {
  return a.deathtouch ? 1 : std::max(0, b.remaining());
}
bool can_block(const Fighter& blocker, const Fighter& attacker);

// The colours a land with characteristics `c` can make: its basic land types, as the classic rules
// read them (Badlands makes black or red), bit i for Color i; 0 for a land without one.
std::uint8_t land_mask(const Characteristics& c);
// The colours each untapped land of `p` (each land, when not `untapped`) can make (its basic land
// types, as the classic rules read them: Badlands makes black or red), one mask per land, bit i
// for Color i.
std::vector<std::uint8_t> land_colors(const DecisionView& view, PlayerId p, bool untapped = true);
// The colours each other permanent of the deciding player can make with a mana ability offered
// in `choice` (Option::mana: Llanowar Elves ready to tap), one mask per permanent, read off the
// text of the ability the option names (Option::ability: "{T}: Add {G}."), or of all the card's
// abilities when it names none; 0 for colourless mana.
std::vector<std::uint8_t> offered_mana_colors(const DecisionView& view, const Choice& choice);
// The colours each untapped permanent of `p` other than a land can make with an ability whose
// only cost is {T} and which adds mana ("{T}: Add {G}.": Llanowar Elves), when it may tap now (a
// creature summoning sick without haste may not), one mask per permanent (0: colourless mana
// only), read off the abilities' text as offered_mana_colors reads it. What a player could tap
// for a regeneration shield (OpposingShields, OwnShields, budget_regeneration).
std::vector<std::uint8_t> mana_creature_colors(const DecisionView& view, PlayerId p);
// The mask mana_creature_colors gives the permanent `id` of `p`'s battlefield; none when it is a
// land, has no such ability, or may not tap now.
std::optional<std::uint8_t> tap_mana_colors(const DecisionView& view, PlayerId p, ObjectId id);
// Whether `sources` (land_colors) can pay all of `costs` at once.
bool can_pay_all(const std::vector<std::uint8_t>& sources, const std::vector<ManaCost>& costs);

// The mana cost of an activated ability as its AbilityDef writes it ("{X}{R}"); none when it
// writes none (a cost the rules keep to themselves) or cannot be read.
ManaCost ability_mana(const AbilityDef& a);

// The lands `p` has on the battlefield; `untapped`: only those not tapped, the mana `p` could
// make now (mana creatures and mana in the pool are not counted: an estimate).
std::size_t lands_of(const DecisionView& view, PlayerId p, bool untapped = false);

// The first other player still in the game (the heuristic plays two-player games).
PlayerId opponent_of(const DecisionView& view, PlayerId me);
std::size_t hand_size(const DecisionView& view, PlayerId p);

// The step of a classic priority decision, read from its prompt ("Priority in main1 of turn
// 3" → "main1"); empty when the choice is not a classic priority decision, which is how the
// agent tells that another rules module is asking.
std::string classic_step(const Choice& choice);

// The option that passes (Choice::pass), else the last one.
inline std::uint32_t pass_option(const Choice& choice) {
  if (choice.pass && *choice.pass < choice.options.size()) return *choice.pass;
  return static_cast<std::uint32_t>(choice.options.size() - 1);
}
// The first `min_picks` options: the answer of the copies' agents to what they have no rule for.
inline Answer first_options(const Choice& choice) {
  Answer a;
  for (std::uint32_t i = 0; i < choice.min_picks && i < choice.options.size(); ++i)
    a.picks.push_back(i);
  return a;
}

}  // namespace anvil::ai_heuristic
