// The classic rules module's shared vocabulary: its step numbering, the Symbols it keeps in the
// GameState, the abilities its keyword handlers compile, and the functions its source files
// share. Private to the plugin.
//
// Every piece of per-game rules state lives in the GameState (player, object and game attrs
// written through the Journal), never in the module object, which many games share.
#pragma once

#include <anvil/sdk.hpp>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace anvil::rules_classic {

using namespace anvil::literals;

enum Step : std::uint16_t {
  kUntap,
  kUpkeep,
  kDraw,
  kMain1,
  kBeginCombat,
  kAttackers,
  kBlockers,
  kDamage,
  kEndCombat,
  kMain2,
  kEnd,
  kCleanup,
  kStepCount
};
const char* step_label(std::uint16_t step);

// Card types and supertypes.
inline constexpr Symbol kCreature = "Creature"_sym;
inline constexpr Symbol kLand = "Land"_sym;
inline constexpr Symbol kInstant = "Instant"_sym;
inline constexpr Symbol kSorcery = "Sorcery"_sym;
inline constexpr Symbol kPlaneswalker = "Planeswalker"_sym;
inline constexpr Symbol kArtifact = "Artifact"_sym;
inline constexpr Symbol kEnchantment = "Enchantment"_sym;
inline constexpr Symbol kLegendary = "Legendary"_sym;
inline constexpr Symbol kAura = "Aura"_sym;
inline constexpr Symbol kEquipment = "Equipment"_sym;
inline constexpr Symbol kFortification = "Fortification"_sym;
inline constexpr Symbol kWorld = "World"_sym;
inline constexpr Symbol kSaga = "Saga"_sym;

// Keywords, as their handlers add them to a card.
inline constexpr Symbol kFlying = "Flying"_sym;
inline constexpr Symbol kReach = "Reach"_sym;
inline constexpr Symbol kHaste = "Haste"_sym;
inline constexpr Symbol kVigilance = "Vigilance"_sym;
inline constexpr Symbol kDefender = "Defender"_sym;
inline constexpr Symbol kFirstStrike = "First Strike"_sym;
inline constexpr Symbol kDoubleStrike = "Double Strike"_sym;
inline constexpr Symbol kTrample = "Trample"_sym;
inline constexpr Symbol kDeathtouch = "Deathtouch"_sym;
inline constexpr Symbol kLifelink = "Lifelink"_sym;
inline constexpr Symbol kWither = "Wither"_sym;
inline constexpr Symbol kInfect = "Infect"_sym;
inline constexpr Symbol kIndestructible = "Indestructible"_sym;
inline constexpr Symbol kHexproof = "Hexproof"_sym;
inline constexpr Symbol kShroud = "Shroud"_sym;
inline constexpr Symbol kChangeling = "Changeling"_sym;
inline constexpr Symbol kFlash = "Flash"_sym;  // cast any time an instant could be (702.8)
// Evasion (combat.cpp, block_restriction): can't be blocked except by two or more creatures
// (702.110b); except by artifact and/or black creatures (fear, 702.36b); except by artifact
// creatures and/or creatures sharing a colour with it (intimidate, 702.13b); blocks and is
// blocked only by creatures with shadow (702.28b); can't be blocked while the defending player
// controls a land of the type (landwalk, 702.14c, kLandwalk below).
inline constexpr Symbol kMenace = "Menace"_sym;
inline constexpr Symbol kFear = "Fear"_sym;
inline constexpr Symbol kIntimidate = "Intimidate"_sym;
inline constexpr Symbol kShadow = "Shadow"_sym;
// The keywords above, by name: each a keyword of its own in card files (keywords.cpp) and shown
// beside a permanent in `anvil play` (object_status).
inline constexpr const char* kEvergreenKeywords[] = {
    "Flying",         "Reach",     "Haste",      "Vigilance",  "Defender",   "First Strike",
    "Double Strike",  "Trample",   "Deathtouch", "Lifelink",   "Wither",     "Infect",
    "Indestructible", "Hexproof",  "Shroud",     "Changeling", "Flash",      "Menace",
    "Fear",           "Shadow",    "Intimidate", "Plainswalk", "Islandwalk", "Swampwalk",
    "Mountainwalk",   "Forestwalk"};
// Landwalk (702.14): the keyword, and the land type the defending player's land must have.
struct Landwalk {
  Symbol keyword;
  Symbol land_type;
  const char* name;  // "swampwalk", as a refusal says it
};
inline constexpr std::array<Landwalk, 5> kLandwalk{{
    {"Plainswalk"_sym, "Plains"_sym, "plainswalk"},
    {"Islandwalk"_sym, "Island"_sym, "islandwalk"},
    {"Swampwalk"_sym, "Swamp"_sym, "swampwalk"},
    {"Mountainwalk"_sym, "Mountain"_sym, "mountainwalk"},
    {"Forestwalk"_sym, "Forest"_sym, "forestwalk"},
}};
// What a permanent can have protection from (702.16a): a colour, all colours (any source with a
// colour), colourless sources, a card type, every source ("everything", 702.16j), or sources with
// more than one colour or exactly one. Each is a keyword
// of its own in card files, "Protection from red" (keywords.cpp: the Symbol and a
// ProtectionAbility, which prevents the damage); targets, blocks and attachments read the Symbol
// in the view (protection_against). Qualities of a creature type ("from Goblins") and of a player
// are not among them.
enum class ProtectionKind : std::uint8_t {
  color,
  all_colors,  // from each colour: every source with a colour
  colorless,
  card_type,
  everything,
  multicolored,
  monocolored
};
struct ProtectionQuality {
  const char* keyword;  // as card files write it: "Protection from red"
  const char* from;     // as refusals name it: "red", "creatures", "everything"
  ProtectionKind kind;
  Symbol symbol;  // Symbol(keyword): the keyword in a view
  Color color;    // kind color
  Symbol type;    // kind card_type
};
constexpr ProtectionQuality protection_from(const char* keyword, const char* from,
                                            ProtectionKind kind, Color color = Color::white,
                                            Symbol type = {}) {
  return {keyword, from, kind, Symbol(keyword), color, type};
}
// In the order protection_against looks at them: the first that applies names the prevention.
inline constexpr std::array<ProtectionQuality, 17> kProtections{{
    protection_from("Protection from white", "white", ProtectionKind::color, Color::white),
    protection_from("Protection from blue", "blue", ProtectionKind::color, Color::blue),
    protection_from("Protection from black", "black", ProtectionKind::color, Color::black),
    protection_from("Protection from red", "red", ProtectionKind::color, Color::red),
    protection_from("Protection from green", "green", ProtectionKind::color, Color::green),
    protection_from("Protection from all colors", "all colors", ProtectionKind::all_colors),
    protection_from("Protection from colorless", "colorless", ProtectionKind::colorless),
    protection_from("Protection from artifacts", "artifacts", ProtectionKind::card_type, {},
                    kArtifact),
    protection_from("Protection from creatures", "creatures", ProtectionKind::card_type, {},
                    kCreature),
    protection_from("Protection from enchantments", "enchantments", ProtectionKind::card_type, {},
                    kEnchantment),
    protection_from("Protection from instants", "instants", ProtectionKind::card_type, {},
                    kInstant),
    protection_from("Protection from sorceries", "sorceries", ProtectionKind::card_type, {},
                    kSorcery),
    protection_from("Protection from planeswalkers", "planeswalkers", ProtectionKind::card_type, {},
                    kPlaneswalker),
    protection_from("Protection from lands", "lands", ProtectionKind::card_type, {}, kLand),
    protection_from("Protection from multicolored", "multicolored", ProtectionKind::multicolored),
    protection_from("Protection from monocolored", "monocolored", ProtectionKind::monocolored),
    protection_from("Protection from everything", "everything", ProtectionKind::everything),
}};
// Restrictions an effect gives ("enchanted creature can't attack or block"), kept with the
// keywords in layer 6 so that they come and go with their effect.
inline constexpr Symbol kCantAttack = "can't attack"_sym;
inline constexpr Symbol kCantBlock = "can't block"_sym;
// "CARDNAME attacks each combat if able" (508.1d), the `attacks_each_combat` keyword.
inline constexpr Symbol kMustAttack = "attacks each combat if able"_sym;
// Block requirements (509.1c, block_requirements.cpp), each a Symbol named as its keyword so an
// Aura can grant it: "CARDNAME blocks each combat if able", "CARDNAME must be blocked if able",
// "All creatures able to block CARDNAME do so" (Lure).
inline constexpr Symbol kMustBlock = "blocks_each_combat"_sym;
inline constexpr Symbol kMustBeBlocked = "must_be_blocked"_sym;
inline constexpr Symbol kLure = "lure"_sym;
// "CARDNAME can't be blocked by more than one creature" (509.1b, Stalking Tiger): a restriction
// that spans several blockers, as menace does; the `blocked_by_at_most_one` keyword.
inline constexpr Symbol kBlockedByOne = "blocked_by_at_most_one"_sym;

// Counters.
inline constexpr Symbol kPlusOne = "+1/+1"_sym;
inline constexpr Symbol kMinusOne = "-1/-1"_sym;
inline constexpr Symbol kPoison = "poison"_sym;
inline constexpr Symbol kLoyalty = "loyalty"_sym;
inline constexpr Symbol kLore = "lore"_sym;  // on Sagas (714)

// Player attrs.
inline constexpr Symbol kLandsPlayed = "lands_played"_sym;
inline constexpr Symbol kDrewFromEmpty = "drew_from_empty"_sym;
// 1: the player's next payment is made by hand, source by source (mana.cpp, pay_manually).
inline constexpr Symbol kPayManually = "pay_manually"_sym;
// Game attrs.
inline constexpr Symbol kStepBegun = "step_begun"_sym;      // turn-based actions of the step done
inline constexpr Symbol kDamagePhase = "damage_phase"_sym;  // 1: first-strike damage was dealt
inline constexpr Symbol kMaxTurns = "max_turns"_sym;
inline constexpr Symbol kMulligansPending = "mulligans_pending"_sym;  // option `mulligans`
inline constexpr Symbol kNoRegenerate =
    "no_regenerate"_sym;  // a "can't be regenerated" destroy runs
inline constexpr Symbol kCleanupActed = "cleanup_acted"_sym;
// While a combat declaration is being asked: 1 + the declaring player's index (combat.cpp). A
// copy of the game taken then (a search agent's) asks that declaration again at its next
// advance(); it is 0 (absent) at every other moment.
inline constexpr Symbol kDeclaring = "declaring"_sym;
inline constexpr Symbol kBatch = "leave_batch"_sym;         // the simultaneous move announced
inline constexpr Symbol kBatchCount = "leave_batches"_sym;  // batches so far
// Object attr: the last simultaneous batch the object moved in (look-back, 603.10).
inline constexpr Symbol kLeftInBatch = "left_in_batch"_sym;
// Object attrs. Combat attrs count only while "in_combat" == zone_changes + 1, so an object
// that left the battlefield (a new object, rule 400.7) is out of combat.
inline constexpr Symbol kInCombat = "in_combat"_sym;
inline constexpr Symbol kAttacking =
    "attacking"_sym;  // defender: player p → p+1, planeswalker → -(id+1)
inline constexpr Symbol kBlocked = "blocked"_sym;
inline constexpr Symbol kBlocking = "blocking"_sym;  // attacker id + 1
inline constexpr Symbol kStruckFirst = "struck_first"_sym;
inline constexpr Symbol kRegenShields = "regen_shields"_sym;  // count while "regen_zc" matches
inline constexpr Symbol kRegenZc = "regen_zc"_sym;            // zone_changes + 1
inline constexpr Symbol kDeathtouched = "deathtouch_damage"_sym;
// Attachment, on the Aura (auras.cpp): valid while "attached_self" == its zone_changes + 1 and
// the enchanted object's zone_changes + 1 is still "attached_zc".
inline constexpr Symbol kAttachedTo = "attached_to"_sym;  // object id + 1
inline constexpr Symbol kAttachedZc = "attached_zc"_sym;
inline constexpr Symbol kAttachedSelf = "attached_self"_sym;

// Mana: five colours then colourless, as pool attrs "mana_pool_W" … "mana_pool_C".
inline constexpr std::size_t kManaKinds = 6;
inline constexpr std::size_t kColorless = 5;
Symbol pool_symbol(std::size_t kind);
// The colours a land's basic land types make (305.6: "{T}: Add {G}" for a Forest), in WUBRG
// order; empty for anything else. Used for payment; not offered as priority actions.
std::vector<std::uint8_t> land_mana_kinds(const Characteristics& c);
// A cost as the card language writes it (the kernel's read_cost_text: "{2}{G}{G}", "{X}{R}",
// "{T}", "{1}, Sacrifice CARDNAME"), and what the classic rules add to some.
struct ParsedCost : CostText {
  bool loyalty = false;    // a loyalty ability (606): sorcery speed, once per turn
  bool sorcery = false;    // activated only as a sorcery (equip)
  std::int64_t loyalty_change = 0;  // +N puts N loyalty counters on, -N removes N
};
// A cost without a sacrifice or a discard: a LoadError at `text` on anything else.
ParsedCost parse_cost(const Param& text);
// A cost of mana alone, without {X} or {T} (ward, cycling, kicker): its symbols, or a LoadError at
// `text` saying that `what` ("a kicker cost") is such a cost, with an example.
ManaCost parse_mana_only(const Param& text, std::string_view what, std::string_view example);

// What activating an ability costs, for the module's own abilities and for any plugin's
// AbilityDef of kind activated with a non-empty `cost`; nullopt if it cannot be activated.
struct ActivationCost {
  ParsedCost cost;
  bool mana_ability = false;
};
std::optional<ActivationCost> activation_cost(const AbilityDef& a);

// An optional parameter, or nullptr when absent or empty (a skipped positional value,
// "prevent:1:any::{T}").
const Param* given(const Bound& b, std::string_view name);

// A `do:` parameter — one Drawback$ step list, with or without the "Drawback$" prefix —
// compiled by the effect-drawback plugin, found by name; a LoadError at `effect` if it
// compiles to nothing.
std::shared_ptr<const EffectStep> compile_do(const Param& effect, CompileContext& ctx);

// Abilities that work from every zone (a shield or a delayed return outlives its source's
// stay on the battlefield), and after their object ceased to exist (ZoneKind::none: a token's
// or a spell copy's, 111.7, 704.5d-e).
inline constexpr ZoneMask kEveryZone = zone_bit(ZoneKind::none) | zone_bit(ZoneKind::library) |
                                       zone_bit(ZoneKind::hand) | zone_bit(ZoneKind::battlefield) |
                                       zone_bit(ZoneKind::graveyard) | zone_bit(ZoneKind::exile) |
                                       zone_bit(ZoneKind::command) | zone_bit(ZoneKind::stack);

// --- abilities the keyword handlers compile ------------------------------------------------

// An activated ability the module knows how to pay: a mana cost and maybe {T}.
class ClassicActivated : public Ability {
 public:
  ManaCost cost;
  bool tap = false;
  bool sorcery = false;  // activated only as a sorcery (equip, 702.6a)
  virtual bool is_mana() const { return false; }
  // For mana abilities: the mana kinds produced (one entry per mana).
  std::vector<std::uint8_t> produces;
  // A mana ability costing "{T}, Sacrifice CARDNAME" that adds one mana of any colour (a
  // Treasure): `produces` lists the five colours as alternatives.
  bool sacrifice = false;
  bool any_color = false;
  // "Discard CARDNAME" is part of the cost: the ability is activated from its owner's hand
  // (cycling, 702.29; zones() says where it works).
  bool discard = false;
};

class ManaAbility final : public ClassicActivated {
 public:
  bool is_mana() const override { return true; }
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override;
};

class RegenerateAbility final : public ClassicActivated {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override;
};

class IndestructibleAbility final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  std::string describe() const override { return "Indestructible"; }
};

// "Protection from red" (702.16e): damage a source of that quality would deal to a permanent
// with protection from it is prevented, unless damage can't be prevented (Flaring Pain).
// Every card that prints or grants protection carries one (keywords.cpp, auras.cpp, sagas.cpp),
// but only one prevents the damage of an event: the one of the lowest-numbered object whose card
// has it, outside libraries and hands, for the first quality of kProtections the permanent is
// protected from that the source has. So whoever gives the protection (its own card, an Aura, a
// spell now in the graveyard), it is one prevention effect, as the rules have it
// (prevention.cpp).
class ProtectionAbility final : public Ability {
 public:
  // `from` points into kProtections.
  ProtectionAbility(const ProtectionQuality* from, bool granted) : from_(from), granted_(granted) {}
  ZoneMask zones() const override;
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  std::string describe() const override;
  const ProtectionQuality* from() const { return from_; }

 private:
  const ProtectionQuality* from_;
  bool granted_;  // on a card that gives protection, not one that has it
};
// Appends a ProtectionAbility (granted) for each protection keyword among `keywords` a card
// gives (auras.cpp, sagas.cpp): after the card's own entries, so their indexes stay.
void add_granted_protection(const std::vector<std::string>& keywords, const Params& params,
                            CompileContext& ctx);

class DestroyAllAbility final : public Ability {
 public:
  Symbol filter;  // a card type, or the empty Symbol for every permanent
  bool regenerate = true;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override;
};

// "Enchant creature" (303.4): the Aura spell's target is what it will enchant; it has no effect
// of its own on resolution (the Aura enters attached, casting.cpp).
class EnchantAbility final : public Ability {
 public:
  Symbol what;  // a card type, or the empty Symbol for any permanent
  bool can_enchant(const Game& game, ObjectId object) const;
  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t index) const override;
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t index,
                  const Target& t) const override;
  std::string describe() const override;
};

// A number in a card: a constant or a value expression of a loaded plugin (Count$…).
struct Amount {
  std::int64_t constant = 0;
  std::shared_ptr<const ValueExpr> expr;
  std::int64_t eval(const Game& game, const ResolveContext& ctx) const;
  std::string text() const;  // "+2", or "X" for an expression
};

// +X/+Y (layer 7c) or keywords and restrictions (layer 6), given either by an Aura to the
// object it enchants (static) or by a resolved spell to its target (floating: the numbers are
// the FloatingEffect's a and b).
class GrantEffect final : public ContinuousEffect {
 public:
  explicit GrantEffect(Layer layer) : layer_(layer) {}
  Layer layer() const override { return layer_; }
  bool affects(const Game& game, const EffectContext& ctx, ObjectId object,
               const Characteristics& so_far) const override;
  void apply(const Game& game, const EffectContext& ctx, ObjectId object,
             Characteristics& c) const override;
  // Constant amounts read objects only; a value expression might read anything.
  bool may_read_turn() const override { return power.expr || toughness.expr; }

  bool floating = false;
  bool all_creatures = false;  // static: every creature on the battlefield, not what it is attached to
  Amount power, toughness;   // static
  std::uint16_t ability = 0;  // static: the ability's index, for value expressions
  std::vector<Symbol> keywords;
  SymbolList subtypes;  // static, layer 4: "is a Goblin in addition to its other types"
  ColorSet colors;      // static, layer 5: "is red" (105.3: instead of its colours)

 private:
  Layer layer_;
};

// A static ability: one continuous effect, from the zones given (none: only named by floating
// effects).
class StaticAbility final : public Ability {
 public:
  StaticAbility(std::shared_ptr<const ContinuousEffect> effect, std::string text,
                ZoneMask zones = zone_bit(ZoneKind::battlefield))
      : effect_(std::move(effect)), text_(std::move(text)), zones_(zones) {}
  ZoneMask zones() const override { return zones_; }
  const ContinuousEffect* continuous() const override { return effect_.get(); }
  std::string describe() const override { return text_; }

 private:
  std::shared_ptr<const ContinuousEffect> effect_;
  std::string text_;
  ZoneMask zones_;
};

// "Target creature [you control] gets +N/+N [and gains K] until end of turn."
class PumpAbility final : public Ability {
 public:
  bool yours = false;
  std::int64_t power = 0, toughness = 0;
  std::vector<Symbol> keywords;
  std::uint16_t pt_ability = 0, keyword_ability = 0;  // the floating effects' abilities
  std::string text;
  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose a creature"; }
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t index,
                  const Target& t) const override;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override { return text; }
};

// "Prevent the next N [combat] damage that would be dealt to <target> this turn" (prevention.cpp).
// `you`: no target, the shield protects the ability's controller ("dealt to you").
enum class PreventTarget : std::uint8_t { none, any, creature, player, you };
class PreventAbility final : public Ability {
 public:
  std::int64_t amount = 0;  // -1: all
  PreventTarget target = PreventTarget::any;
  bool combat_only = false;
  bool on_enter = false;  // triggered: "When CARDNAME enters the battlefield, prevent …"
  std::uint16_t shield = 0;  // the helper ability its shields (FloatingEffects) name
  std::string text;
  ZoneMask zones() const override;
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  std::size_t target_count() const override {
    return target == PreventTarget::none || target == PreventTarget::you ? 0 : 1;
  }
  std::string target_prompt(std::size_t index) const override;
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t index,
                  const Target& t) const override;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override { return text; }
  // Whether shield `f` applies to damage event `e` (its recipient, combat or not), whatever is
  // left of it.
  static bool covers(const Game& game, const FloatingEffect& f, const DamageEvent& e);

 private:
  bool is_shield(const Game& game, ObjectId self, const FloatingEffect& f) const;
  void use_shields(Game& game, ObjectId self, DamageEvent& d) const;
};

// "Creatures can't attack you unless their controller pays {N} for each creature they control
// that's attacking you." (Propaganda): read by combat.cpp when attackers are declared.
class AttackTaxAbility final : public Ability {
 public:
  std::int64_t per_attacker = 0;
  std::string describe() const override {
    return "Creatures can't attack you unless their controller pays {" +
           std::to_string(per_attacker) +
           "} for each creature they control that's attacking you.";
  }
};

// A planeswalker's loyalty ability (606): "+1: You gain 2 life." Its effect is a Drawback$
// step list; Tgt is the target player, or the controller when it has no target.
class LoyaltyAbility final : public Ability {
 public:
  std::int64_t change = 0;
  bool targets_player = false, opponent_only = false;
  std::shared_ptr<const EffectStep> effect;
  std::string text;
  std::size_t target_count() const override { return targets_player ? 1 : 0; }
  std::string target_prompt(std::size_t) const override { return "Choose a player"; }
  bool can_target(const Game&, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    return t.is_player() && (!opponent_only || t.player != ctx.controller);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override { return text; }
};
// Object attrs: the turn number + 1 a loyalty ability of this object was last activated, valid
// while "loyalty_zc" is its zone_changes + 1.
inline constexpr Symbol kLoyaltyTurn = "loyalty_turn"_sym;
inline constexpr Symbol kLoyaltyZc = "loyalty_zc"_sym;

// Delayed triggers (delayed.cpp): `do: Flicker` exiles the target; the card's ReturnAbility
// (added after the trigger) returns it at the beginning of the next end step.
void flicker(Game& game, const ResolveContext& ctx);
class ReturnAbility final : public Ability {
 public:
  ZoneMask zones() const override;
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override;
};

// The delayed triggered abilities the trigger keyword's `delay` creates (delayed.cpp, 603.7):
// "at the beginning of the next upkeep, …" triggers once; "whenever a player casts a spell this
// turn, …" each time until the turn ends (603.7c). Created by the trigger resolving
// (create_delayed: `delayed` is this ability's index), as state on the source object, with the
// controller of the ability that created it (603.7d); its source is that ability's (603.7e).
enum class DelayKind : std::uint8_t { next_upkeep, casts_this_turn };
class DelayedAbility final : public Ability {
 public:
  DelayKind kind = DelayKind::next_upkeep;
  std::shared_ptr<const EffectStep> effect;  // Tgt: the caster (casts_this_turn) or the controller
  ZoneMask zones() const override { return kEveryZone; }
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override;
};
DelayKind delay_kind(const Param& p);  // `delay: next_upkeep | casts_this_turn`
void create_delayed(Game& game, const ResolveContext& ctx, std::uint16_t delayed);

// State triggers (603.8) and defender-dependent attack restrictions (state_triggers.cpp). A state
// trigger triggers whenever its condition holds and it is not already waiting or on the stack.
class StateTriggerAbility : public Ability {
 public:
  virtual bool condition(const Game& game, ObjectId self) const = 0;
  // Lets the state trigger of `ctx.source` trigger again (called first thing on resolution).
  static void rearm(Game& game, const ResolveContext& ctx);
};
class SacrificeWhenNoAbility final : public StateTriggerAbility {
 public:
  Symbol type;  // a basic land type
  std::string type_name;
  bool condition(const Game& game, ObjectId self) const override;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override;
};
class AttackUnlessAbility final : public Ability {
 public:
  Symbol type;
  std::string type_name;
  std::string describe() const override;
};
// What the cards of the game's objects have (card_features.cpp): bit kCardsHaveStateTriggers,
// a card with a state trigger (603.8); bit kCardsHaveSagas, a card printed with the subtype
// Saga; and kFromHand, kFromGraveyard and kFromBattlefield (card_zone_actions, below). Worked
// out again only after an object is made or changes its card (or an undo of either), in
// Game::rules_memo slot 13: the checks at every settling, turn and listing that look for these
// on every permanent or card skip games without them (2.4% of a random game's instructions went
// to looking for state triggers).
inline constexpr std::uint64_t kCardsHaveStateTriggers = 4, kCardsHaveSagas = 8;
std::uint64_t card_features(Game& game);
// fire_state_triggers (below) past its test of card_features: the state triggers whose condition
// holds fired (603.8); true if any fired.
bool fire_each_state_trigger(Game& game);
// Why `attacker` can't attack `defending` (its printed condition); empty if it can.
std::string attack_condition_refusal(const Game& game, ObjectId attacker, PlayerId defending);
void register_state_trigger_keywords(Registrar& registrar);

// The block requirements (509.1c) of one defending player's declaration: `allowed` is every
// blocker–attacker pair the restrictions allow, `picks` the declaration (legal pairs, each
// blocker once). `most` is the most requirements any declaration could obey, `obeyed` how many
// `picks` obeys and, when fewer, `unobeyed` names one it leaves ("X blocks each combat if able").
struct BlockPair {
  ObjectId blocker, attacker;
};
struct BlockRequirements {
  int most = 0, obeyed = 0;
  std::string unobeyed;
  // A declaration of `allowed` pairs that obeys `most`, each blocker once. It also keeps the
  // restrictions on how many creatures block one attacker when the most was found by trying
  // every declaration; a combat too large for that may get one that breaks them.
  std::vector<BlockPair> example;
};
BlockRequirements block_requirements(const Game& game, const std::vector<BlockPair>& allowed,
                                     const std::vector<BlockPair>& picks);
void register_block_requirement_keywords(Registrar& registrar);

// Auras (auras.cpp).
std::optional<ObjectId> attached_to(const Game& game, ObjectId aura);
void attach(Game& game, ObjectId aura, ObjectId to);
const EnchantAbility* enchant_ability(const CardDef& def);
// 704.5m: of `auras` (permanents whose current subtypes include Aura, in battlefield order),
// those attached to nothing, or to something they cannot enchant.
std::vector<ObjectId> illegal_auras(const Game& game, const std::vector<ObjectId>& auras);

void register_keywords(Registrar& registrar);
// enchant, enchanted, pump (auras.cpp).
void register_aura_keywords(Registrar& registrar);
// prevent (prevention.cpp).
void register_prevention_keyword(Registrar& registrar);
// double: {what: life_gain | damage}, gain_becomes_loss (replacements.cpp).
void register_replacement_keywords(Registrar& registrar);
// excess_damage (excess_damage.cpp, 120.4a): damage to a creature beyond lethal is dealt to its
// controller instead. lethal_damage: the creature's toughness minus the damage marked on it (not
// below 0), at most 1 from a deathtouch source (702.2c).
void register_excess_damage_keyword(Registrar& registrar);
std::int32_t lethal_damage(const Game& game, ObjectId creature, ObjectId source);
// "When damage is prevented" (615.13): each application of a prevention effect that prevents
// some damage is announced as a CustomEvent of kind kDamagePrevented — subject: what the damage
// would have been dealt to, other: its source's ref, amount: the damage prevented — and the
// `prevented_trigger` keyword (prevented_triggers.cpp) triggers on it.
inline constexpr Symbol kDamagePrevented = "damage_prevented"_sym;
void register_prevented_trigger_keyword(Registrar& registrar);
// deal_damage_simultaneously for the module's simultaneous damage (combat damage, a split
// excess), where one prevention effect applied to several of the events is one application
// (615.13): announced once per recipient, with the total, after the damage is dealt.
std::vector<std::int32_t> deal_damage_together(Game& game, std::span<const DamageEvent> events);
// exile_instead_of_dying (exile_instead.cpp).
void register_exile_instead_keyword(Registrar& registrar);
// "Skip" (614.10): skip_step and skip_next (skip.cpp), replacements of the TurnStepEvent
// turn.cpp announces to replacement effects before anything of a step happens.
void register_skip_keyword(Registrar& registrar);
// Drawing from an empty library (614.11, empty_draw.cpp): ClassicHooks::draw_from_empty announces
// it to replacement effects as a CustomEvent of kind kEmptyDraw (subject: the player); the
// `win_on_empty_draw` keyword (Laboratory Maniac) replaces it. win_game: `winner` wins, every
// other player still playing loses, the game is over (104.2b).
inline constexpr Symbol kEmptyDraw = "empty_library_draw"_sym;
void register_empty_draw_keyword(Registrar& registrar);
void win_game(Game& game, PlayerId winner);
// Enters-the-battlefield replacements (614.12, enters_tapped.cpp): the `enters_tapped` keyword;
// tap_entering, called by ClassicHooks::before_moves, taps the permanents of `moves` that a
// replacement made enter tapped, just before they move.
void register_enters_tapped_keyword(Registrar& registrar);
void tap_entering(Game& game, std::span<const ZoneChangeEvent> moves);
// give_entering_counters (entering_counters.cpp), called by ClassicHooks::before_moves: the
// permanents of `moves` entering the battlefield lose counters left from before (122.2), and a
// planeswalker gets its printed loyalty (306.5b), just before they move.
void give_entering_counters(Game& game, std::span<const ZoneChangeEvent> moves);
// Takes every counter off `id`, silently (122.2: counters do not follow an object to a new zone;
// the state-based pass clears those left off the battlefield).
void clear_counters(Game& game, ObjectId id);
// lands_are_creatures (land_creatures.cpp): "All Forests are 1/1 creatures that are still lands."
void register_land_creatures_keyword(Registrar& registrar);
// equip, fortify, fortified_land_tapped (equipment.cpp).
void register_equipment_keyword(Registrar& registrar);
// 704.5n: of `permanents` (those whose subtypes include Equipment or Fortification), those
// attached to an illegal permanent — an Equipment to something that is not a creature, a
// Fortification to something that is not a land, either to itself; one whose creature or land
// left is attached to nothing already.
std::vector<ObjectId> loose_attachments(const Game& game, const std::vector<ObjectId>& permanents);
// The index of `ability` among the abilities of `self`'s card (for the triggers it fires).
std::uint16_t ability_index(const Game& game, ObjectId self, const Ability* ability);
// Attached to nothing, staying where it is (704.5n).
void unattach(Game& game, ObjectId permanent);
// Sagas (sagas.cpp): the `chapter` keyword; 714.3b, the lore counter put on each Saga of the
// active player as their precombat main phase begins (a turn-based action); 704.5s, of `sagas`
// (permanents whose subtypes include Saga), those at or past their final chapter with no chapter
// ability of theirs waiting or on the stack.
void register_saga_keyword(Registrar& registrar);
void add_lore_counters(Game& game);
std::vector<ObjectId> finished_sagas(const Game& game, const std::vector<ObjectId>& sagas);
// Battles (battles.cpp, rule 310): the `defense` keyword; the protector a battle has (310.8:
// its opponents attack it, its creatures block for it; nullopt if none is in the game);
// 704.5v-x for `battles` (permanents that are battles, in battlefield order): protectors chosen
// (true if any was) and the battles put into their owners' graveyards added to `moves`; the
// printed defense of a battle a position puts onto the battlefield (setup.cpp).
inline constexpr Symbol kBattle = "Battle"_sym;
inline constexpr Symbol kSiege = "Siege"_sym;
inline constexpr Symbol kDefense = "defense"_sym;  // counters (310.4)
void register_battle_keyword(Registrar& registrar);
std::optional<PlayerId> protector_of(const Game& game, ObjectId battle);
// Whether the permanent `id` is a battle `p` protects (310.8), its view made into `scratch`
// only when it has a protector at all.
bool protects_battle(const Game& game, PlayerId p, ObjectId id, Characteristics& scratch);
std::vector<ObjectId> battles_protected_by(const Game& game, PlayerId p);
bool battle_actions(Game& game, const std::vector<ObjectId>& battles, std::vector<ZoneMove>& moves);
void position_defense(Game& game, ObjectId battle);
// `damage: {amount: 2}` (any_target.cpp): "CARDNAME deals 2 damage to any target." — a
// creature, player, planeswalker or battle (115.4).
void register_any_target_keyword(Registrar& registrar);
// Dungeons (dungeons.cpp, rules 309, 701.46): the `dungeon` keyword (its rooms) and the Venture
// and Scry effect verbs of `do:` steps; 704.5t: the dungeons whose venture marker is on their
// bottommost room with no room ability of theirs waiting or on the stack are added to `moves`
// (removed from the game) and their owners have completed a dungeon; "until your next turn"
// effects of `p` end as p's turn begins (turn.cpp's untap step).
inline constexpr Symbol kDungeon = "Dungeon"_sym;
void register_dungeon_keywords(Registrar& registrar);
void complete_dungeons(Game& game, std::vector<ZoneMove>& moves);
void end_until_your_next_turn(Game& game, PlayerId p);
// Scry n (scry.cpp, 701.22a): p looks at the top n cards of their library and puts any of them on
// the bottom and the rest back on top, in the orders p chooses; `source` is what made p scry.
void scry(Game& game, PlayerId p, std::int64_t n, ObjectId source);
// Counter limits (counter_limits.cpp): the `counter_limit` keyword and 704.5r. counter_limits
// lists a permanent's "can't have more than N counters of a kind" abilities;
// enforce_counter_limits removes all but N of each kind from those still on the battlefield
// (true if it removed any).
struct CounterLimit {
  Symbol kind;
  std::int64_t max = 0;
};
void register_counter_limit_keyword(Registrar& registrar);
std::vector<CounterLimit> counter_limits(const Game& game, ObjectId permanent);
bool enforce_counter_limits(Game& game,
                            const std::vector<std::pair<ObjectId, CounterLimit>>& limits);
// Copies of spells (copies.cpp): the `copy_spell` keyword (Twincast). targets_spells: the
// ability targets spells on the stack (common.cpp's targeting offers them to it and to
// counterspells alone);
// spell_copy_to_remove: a copy of a spell in a zone other than the stack (704.5e), tested one
// object at a time (the state-based pass looks at every object once for 704.5d and 704.5e);
// is_spell_copy: a copy of a spell wherever it is. Only the copy ability marks an object a copy,
// the object it has just made (the state-based pass relies on it).
void register_copy_keyword(Registrar& registrar);
bool targets_spells(const Ability& ability);
// Where the spell `ref` is in the stack (a StackItem with is_spell), if it is there: the target
// of a copy or a counterspell.
std::optional<std::size_t> spell_on_stack(const Game& game, const ObjectRef& ref);
// Counterspells (counterspells.cpp): the `counter` keyword; counters_spells: the ability is one
// (its targets are spells, as a copy's are).
void register_counter_keyword(Registrar& registrar);
bool counters_spells(const Ability& ability);
// "Unless its controller pays {3}": asks the controller of the spell or ability `item` whether to
// pay `cost`, when they can, and pays if they say so; whether they paid.
bool pays_to_keep(Game& game, const StackItem& item, const ManaCost& cost,
                  const std::string& cost_text, ObjectId source);
// Counters the spell or ability at `index` of the stack (701.5a): it leaves the stack without
// resolving, and a spell goes to its owner's graveyard (Cause::counter, by `by`). A spell with
// kCantBeCountered stays where it is.
inline constexpr Symbol kCantBeCountered = "can't be countered"_sym;
void counter_stack_item(Game& game, std::size_t index, ObjectId by);
// Ward (ward.cpp, 702.21): the `ward` keyword, and announce_targets, which casting, activating,
// putting triggers on the stack and copying a spell (copies.cpp) call with the new item's id:
// each object it targets "becomes the target" (a CustomEvent kBecameTarget: subject the object,
// amount the item's id).
inline constexpr Symbol kBecameTarget = "became_target"_sym;
void register_ward_keyword(Registrar& registrar);
// Echo (702.31), upkeep costs and cumulative upkeep (702.24) (upkeep_costs.cpp): sacrificed at
// its controller's upkeep unless they pay.
void register_upkeep_cost_keywords(Registrar& registrar);
// Fading (702.32) and vanishing (702.63) (fading_vanishing.cpp): counters that run out.
void register_countdown_keywords(Registrar& registrar);
// Connects ability `index` of `self` as "At the beginning of your upkeep, …": it triggers at the
// beginning of the upkeep of the permanent's controller, while it is on the battlefield and, if
// `due` is given, `due(game, self)` holds (an intervening "if", 603.4, which its resolution checks
// again). Echo, upkeep costs, fading and vanishing (upkeep_costs.cpp, fading_vanishing.cpp).
Connection on_controllers_upkeep(Game& game, ObjectId self, std::uint16_t index,
                                 bool (*due)(const Game&, ObjectId) = nullptr);
// "Sacrifice CARDNAME" as a triggered ability resolves: the source, if it is still the same
// permanent on the battlefield (400.7) and the ability's controller controls it (701.17a).
// SacrificeSelf, fading and vanishing (triggers.cpp).
void sacrifice_source(Game& game, const ResolveContext& ctx);
void announce_targets(Game& game, std::uint32_t stack_id);
// Where the stack item with this id is on the stack now, if it is still there.
std::optional<std::size_t> stack_index(const Game& game, std::uint32_t id);
// The first ability of `def` of kind `kind` whose implementation is a T (an Aura's enchant spell
// ability, flashback's and kicker's keyword abilities), or nullptr. The kind is compared first:
// it is cheaper than the cast, and kicker's is looked for at every cast.
template <class T>
const T* first_ability(const CardDef& def, AbilityKind kind) {
  for (const AbilityDef& a : def.abilities)
    if (a.kind == kind)
      if (const auto* t = dynamic_cast<const T*>(a.impl.get())) return t;
  return nullptr;
}
// Cycling (cycling.cpp, 702.29): the `cycling` keyword, an activated ability that works from the
// hand and discards its card as a cost (ClassicActivated::discard). Once such an ability is
// activated, casting.cpp announces it (a CustomEvent kCycled, subject the card, now in the
// graveyard): a trigger `when: cycled` ("when you cycle CARDNAME", 702.29c) watches for it.
inline constexpr Symbol kCycled = "cycled"_sym;
// A regeneration shield replaced a destruction (701.19): a CustomEvent, subject the permanent,
// that no trigger of these rules watches; observers (the log) tell it.
inline constexpr Symbol kRegenerated = "regenerated"_sym;
// An activated ability (not a mana ability) put on the stack, told to observers (the log: "P1
// activates Short Sword") before the objects it targets are: subject the player, other the
// source, amount the ability's index on its card.
inline constexpr Symbol kActivated = "activated"_sym;
// The London mulligan (setup.cpp), told to observers (the log), which otherwise see only the
// new hand's draws: kMulliganTaken, subject the player, as their hand is shuffled away;
// kMulliganBottom, subject the player and other the card, as a card goes to the bottom.
inline constexpr Symbol kMulliganTaken = "mulligan_taken"_sym;
inline constexpr Symbol kMulliganBottom = "mulligan_bottom"_sym;
void register_cycling_keyword(Registrar& registrar);
bool is_cycling(const Ability& ability);
// Flashback (flashback.cpp, 702.34): the `flashback` keyword; flashback_cost, the card's flashback
// cost if it has one. Casting the card from its graveyard pays that cost instead of its mana cost
// and marks the spell with kFlashbackCast (its zone changes + 1): it is exiled whenever it
// would leave the stack.
inline constexpr Symbol kFlashbackCast = "flashback_cast"_sym;
void register_flashback_keyword(Registrar& registrar);
const ManaCost* flashback_cost(const CardDef& def);
// Kicker (kicker.cpp, 702.33): the `kicker` and `multikicker` keywords, and `kicked_counters`.
// offer_kicker asks p, casting `card` for `cost`, whether to pay its kicker too (how many times,
// for multikicker; only when they could pay it once) and returns what the spell costs then,
// `kicks` set to the answer; cast() marks a kicked spell (mark_kicked: kKicked, its zone changes
// + 1 on the stack, and the count). was_kicked: the object is that spell, or the permanent it
// became; kick_count: how many times it was kicked (0 if it was not).
inline constexpr Symbol kKicked = "kicked"_sym;
void register_kicker_keyword(Registrar& registrar);
ManaCost offer_kicker(Game& game, PlayerId p, ObjectId card, const ManaCost& cost,
                      std::int64_t& kicks);
void mark_kicked(Game& game, ObjectId spell, std::int64_t kicks);
bool was_kicked(const Game& game, ObjectId id);
// Whether the permanent `self` names was kicked, read from its last known information once it
// has left the battlefield (608.2h): Gatekeeper of Malakir's "if it was kicked" holds when the
// Gatekeeper dies with its trigger on the stack.
bool was_kicked_as(const Game& game, ObjectRef self);
std::int64_t kick_count(const Game& game, ObjectId id);
// Escape (escape.cpp, 702.138): the `escape` keyword. A card with it may be cast from its owner's
// graveyard for `cost` while that graveyard holds `exile` other cards (can_escape); casting it so
// exiles them (exile_for_escape, which asks which when there are more) and marks the spell with
// kEscaped (its zone changes + 1 on the stack); a creature escapes with `counters` +1/+1 counters.
struct Escape {
  ManaCost cost;
  std::size_t exile = 0;
  std::int32_t counters = 0;
};
inline constexpr Symbol kEscaped = "escaped"_sym;
void register_escape_keyword(Registrar& registrar);
const Escape* escape_of(const CardDef& def);
bool can_escape(const Game& game, ObjectId card, const Escape& escape);
void exile_for_escape(Game& game, PlayerId p, ObjectId card, const Escape& escape);
// Retrace (retrace.cpp, 702.81): the `retrace` keyword of an instant or sorcery. Such a card in
// p's graveyard may be cast for its mana cost while p's hand holds a land card (can_retrace);
// casting it so discards one (discard_for_retrace, which asks which when there are several).
void register_retrace_keyword(Registrar& registrar);
bool has_retrace(const CardDef& def);
bool can_retrace(const Game& game, PlayerId p);
void discard_for_retrace(Game& game, PlayerId p, ObjectId card);
// Madness (madness.cpp, 702.35): the `madness` keyword; madness_cost, the card's madness cost if
// it has one. A discarded card with madness is exiled instead, and its trigger offers to cast it
// from exile for that cost (cast_with_madness, casting.cpp: any time, for `mode` of a modal card),
// checked by madness_cast_refusal (legal_actions.cpp: "" if it may be cast so).
void register_madness_keyword(Registrar& registrar);
const ManaCost* madness_cost(const CardDef& def);
void cast_with_madness(Game& game, PlayerId p, ObjectId card, std::uint16_t mode);
std::string madness_cast_refusal(const Game& game, PlayerId p, ObjectId card, std::uint16_t mode,
                                 const ManaCost& cost);
// Unearth (unearth.cpp, 702.84): the `unearth` keyword, an activated ability that works from the
// graveyard, and the rules the returned permanent lives by.
void register_unearth_keyword(Registrar& registrar);
bool spell_copy_to_remove(const GameObject& o);
bool is_spell_copy(const GameObject& o);
// bounce, gain_life, modal (spells.cpp).
void register_spell_keywords(Registrar& registrar);
// trigger: {when, whose, other, do, if} (triggers.cpp).
void register_trigger_keyword(Registrar& registrar);
// move_simultaneously, marking the batch so that look-back triggers of sources moved in the
// same event still see the other moves (603.10a).
std::vector<bool> move_in_one_event(Game& game, std::span<const ZoneMove> moves);

// --- shared rules functions ----------------------------------------------------------------

// Classic's damage results (rule 120.3) and drawing from an empty library.
class ClassicHooks final : public RulesHooks {
 public:
  void apply_damage(Game& game, const DamageEvent& damage) override;
  void draw_from_empty(Game& game, PlayerId player) override;
  // Last known information of permanents that leave the battlefield (last_known.cpp): what it
  // was there — its keywords, power, toughness and controller — while it stays in the zone it
  // went to; nullopt while it is on the battlefield (view it) or if it never was.
  void before_moves(Game& game, std::span<const ZoneChangeEvent> moves) override;
  std::optional<LastKnown> last_known(const Game& game, ObjectId object) const override;
};
// +1/+1 and -1/-1 counters in layer 7c.
std::shared_ptr<const ContinuousEffect> counters_effect();
// Changeling: every creature type, in the type layer.
std::shared_ptr<const ContinuousEffect> changeling_effect();
// Whether `subtype` is one of the creature types changeling adds (205.3m).
bool changeling_adds(Symbol subtype);
// The effect of an ability that floating effects only name, as a mark (prevention shields,
// "exile it instead" markers): it changes no characteristic.
std::shared_ptr<const ContinuousEffect> no_effect();
// The colour a card's parameter names, "white" … "green" (105.1); nullopt for another word.
std::optional<Color> color_named(std::string_view word);
// "a " or "an " before `word` in generated text ("a Goblin", "an Elf", "a red creature").
std::string a_or_an(std::string_view word);
// The ability such floating effects name: a static ability with no_effect(), active nowhere by
// itself, described as `text` ("(prevention shield)").
AbilityDef mark_ability(const Params& params, const std::string& text);
// The definition of one of this module's abilities as a card's compiler adds it: `impl`'s own
// description as its text, "rules-classic" as its plugin, `params`' place in the card file.
AbilityDef make_ability_def(AbilityKind kind, const Params& params,
                            std::shared_ptr<const Ability> impl);
// A floating effect of the resolving spell or ability `ctx` until end of turn, naming its
// card's ability `ability` (a shield, a marker, a pump's +N/+N); `affected` and the numbers are
// the caller's to set.
FloatingEffect end_of_turn_effect(const ResolveContext& ctx, std::uint16_t ability);

bool on_battlefield(const Game& game, ObjectId id);
// Whether `e` is `self` entering the battlefield from another zone and still there: the moment
// of "as it enters" effects and "when it enters" triggers (sagas, battles, fading, prevention).
inline bool entered_battlefield(const Game& game, ObjectId self, const ZoneChangeEvent& e) {
  return e.object == self && e.to.kind == ZoneKind::battlefield &&
         e.from.kind != ZoneKind::battlefield && on_battlefield(game, self);
}
// The object a triggered ability is about (its event's subject) while it is still that object
// (400.7: not once it has moved on); nullopt otherwise. A delayed or keyword trigger about its
// own card resolves on it (unearth's exile, madness's cast, a flickered card's return).
std::optional<ObjectId> subject_still_there(const Game& game, const ResolveContext& ctx);
// Puts `o`'s triggered ability `ability` about `o` itself on the pending list: the event `record`
// of kind `kind`, its subject `o` as it is now, controlled by `controller`.
void fire_about_itself(Game& game, const GameObject& o, std::uint16_t ability, PlayerId controller,
                       EventRecord record, Symbol kind);
bool is_creature(const Game& game, ObjectId id);
bool has_keyword(const Game& game, ObjectId id, Symbol keyword);
// 702.16: the first quality of kProtections that `view` has protection from and `source` has
// (its colours or card types; every source for "everything"), or null. Damage
// (ProtectionAbility), targets (is_legal_target), blocks (combat.cpp) and attachments
// (auras.cpp, equipment.cpp) ask it.
const ProtectionQuality* protection_against(const Characteristics& view,
                                            const Characteristics& source);
// A source of damage as the damage sees it: as it last existed on the battlefield if it left
// (608.2h), else as it is now; empty characteristics and no controller for an unknown object.
// `characteristics` is `scratch` (the last known ones, moved in, or a view made there) or the
// card's printed ones (Game::view): no copy of a view, and it stays what it was while the
// damage's own events run, as long as `scratch` lives.
struct DamageSource {
  const Characteristics& characteristics;
  PlayerId controller;
};
DamageSource damage_source(const Game& game, ObjectId source, Characteristics& scratch);
// Changeling: every creature type (never a land type).
bool has_creature_type(const Game& game, ObjectId id, Symbol type);
std::vector<ObjectId> battlefield(const Game& game);  // every permanent, seat by seat
std::vector<ObjectId> controlled(const Game& game, PlayerId p);
PlayerId next_player(const Game& game, PlayerId p);
std::string object_label(const Game& game, ObjectId id);
// The card's name, numbered when its battlefield (its owner's: a zone per player) holds more
// than one permanent of that name: "Soldier #2" is the second in the order they came onto it.
// Declarations of attackers and blockers use it, so a person (and a scenario) can tell two tokens
// apart.
std::string numbered_label(const Game& game, ObjectId id);
// "player 1", or a permanent's numbered_label.
std::string target_label(const Game& game, const Target& t);
// Game::ask's error `message` about a choice asked without its prompt (its agent reads none,
// PromptBlind) quotes it as '': the message with `prompt` put between those quotes, or nullopt
// when it quotes no such choice. The rules make the prompt for the error only.
std::optional<std::string> with_prompt_quoted(std::string_view message, std::string_view prompt);
// game.ask_one(choice), for a choice whose prompt is left out for an agent that reads none: an
// error quoting it as '' fails with make_prompt()'s prompt put there (with_prompt_quoted), the
// prompt made only then. Any other error is let through as it is.
template <class MakePrompt>
std::uint32_t ask_one_prompt_quoted(Game& game, const Choice& choice, MakePrompt&& make_prompt) {
  if (!choice.prompt.empty()) return game.ask_one(choice);
  try {
    return game.ask_one(choice);
  } catch (const RulesError& e) {
    if (auto message = with_prompt_quoted(e.what(), make_prompt())) throw RulesError(*message);
    throw;
  }
}

// Combat attrs of a permanent (0 when out of combat).
std::int64_t combat_attr(const Game& game, ObjectId id, Symbol key);
void set_combat_attr(Game& game, ObjectId id, Symbol key, std::int64_t value);
void remove_from_combat(Game& game, ObjectId id);

// Mana.
// `kinds` views constant storage (mana.cpp's tables, a mana ability's own list), so that listing
// the sources allocates nothing per source: a source lives while the card pool does.
struct ManaSource {
  ObjectId object;                      // none for mana already in the pool
  std::span<const std::uint8_t> kinds;  // alternatives (one mana) or, for a bundle, every mana
  bool bundle = false;              // produces every kind in `kinds` at once
  std::size_t ability = 0;
  bool intrinsic = false;           // a land's basic land types (305.6), not a card ability
  bool sacrifice = false;           // sacrificed as it is tapped for mana (a Treasure)
};
// Whether priority_actions lists the lands' intrinsic mana abilities: always, or only when
// something else than passing is listed (the rest of the list is the same either way).
enum class LandMana : std::uint8_t { always, unless_alone };
// Which zones a game's cards may be cast or activated from besides casting from the hand
// (card_zone_actions): bit kFromHand, a card with an ability activated from the hand (cycling);
// bit kFromGraveyard, a card cast (flashback) or activated from the graveyard; bit
// kFromBattlefield, a card with an ability activated on the battlefield (activators_of's cards,
// legal_actions.cpp). Bits 4 and 8 are card_features' own (above).
inline constexpr std::uint64_t kFromHand = 1, kFromGraveyard = 2, kFromBattlefield = 16;
inline constexpr std::uint64_t kFromAnyZone = kFromHand | kFromGraveyard | kFromBattlefield;
// The bits above for one card (legal_actions.cpp), as card_features gathers them.
std::uint64_t zone_actions_of(const CardPool& pool, CardId card);
// card_features' memo (card_features.cpp): Game::rules_memo slot kCardFeaturesSeen holds the
// features found below card_features_key() then, shifted by kCardFeatureBits. Made objects and
// changed cards (each applied or undone) are the only edits that change which cards a game has;
// 0 in the memo is "never looked", and a copy of a game starts with its memo at 0.
inline constexpr std::size_t kCardFeaturesSeen = 13;
inline constexpr int kCardFeatureBits = 8;
inline std::uint64_t card_features_key(const Journal& j) {
  return j.changes(EditKind::object_create) + j.changes(EditKind::object_card) + 1;
}
// card_features(game), inline: the memo read here when it is current (a load or two), the call
// made only when it is not. Its callers below ask at every listing and every settling.
inline std::uint64_t card_features_now(Game& game) {
  const std::uint64_t memo = game.rules_memo(kCardFeaturesSeen);
  if (memo >> kCardFeatureBits == card_features_key(game.journal())) [[likely]]
    return memo & ((std::uint64_t{1} << kCardFeatureBits) - 1);
  return card_features(game);
}
// The bits above for the cards of every object of `game`: card_features' (below), so that the
// listing skips the hands', graveyards' and permanents' abilities of games without such cards at
// the cost of a load or two (a graveyard's look was 2.5% of a random game's instructions, the
// kept permanents' 2.2%).
inline std::uint64_t card_zone_actions(Game& game) {
  return card_features_now(game) & kFromAnyZone;
}
// Fires the state triggers whose condition holds (603.8); true if any fired. Called at every
// settling (6 000 times in 40 random classic games), nearly always in a game whose cards have no
// state trigger: inline, with card_features' memo read in place (card_features_now), that costs
// a few loads (the two calls were about 20 instructions a settling).
inline bool fire_state_triggers(Game& game) {
  if (!(card_features_now(game) & kCardsHaveStateTriggers)) [[likely]]
    return false;
  return fire_each_state_trigger(game);
}
// What `player` may do at priority, as ClassicRules::legal_actions lists it (in that order, pass
// last). `labels` false leaves every label empty (for a label-blind agent,
// anvil/label_blind.hpp). `zones`: the bits of card_zone_actions, the hands, graveyards and
// battlefields looked at for what their cards do from there (a caller that cannot keep the memo
// asks for all three).
std::vector<LegalAction> priority_actions(const Game& game, PlayerId player, LandMana land_mana,
                                          bool labels, std::uint64_t zones = kFromAnyZone);
// Gives a list priority_actions made without labels the labels it would have had, the state
// unchanged since: advance() lists without them and labels only a list it asks an agent about
// that reads them (most lists are passing alone, and are not asked about). REQUIRES: `actions`
// came from priority_actions with `labels` false (its lands' mana actions carry their kind).
void label_priority_actions(const Game& game, std::vector<LegalAction>& actions);
// The only-pass memo (advance(); docs/performance.md). Most priority decisions of a game offer
// passing alone, and a player's next listing often comes after quiet edits only (a step that
// began, the other player's pass): the same listing again. known_only_pass is true when the last
// listing for `player`, remembered by remember_only_pass, found nothing but passing and mana
// abilities at the same Journal::changes(), and what the listing reads of the turn is the same:
// the turn's number (loyalty abilities), sorcery timing for `player` (had then, or not had now:
// it only adds to what may be done), and, unless no view can read the turn
// (views_blind_to_turn_now), its step and active player. Plugin code asked by the listing
// (targets, costs) is taken to read the turn only through views, as settling takes it.
// Game::rules_memo slots 4 to 11, two a seat (seat s: the count in 4 + 2s, the turn in 5 + 2s);
// seats past the fourth are not remembered.
inline constexpr std::size_t kOnlyPassSlots = 4;
inline constexpr std::uint8_t kOnlyPassSeats = 4;
// Both inline (below, with turn_key): known_only_pass is asked at nearly every priority (25 004
// times in 40 random classic games), remember_only_pass after most listings.
inline bool known_only_pass(Game& game, PlayerId player);
inline void remember_only_pass(Game& game, PlayerId player);
// The listing memo (advance(); docs/performance.md): the same for a listing that offered more
// than passing, which the player answered by passing. advance() gives such a listing (unlabelled:
// only a label-blind agent's) to remember_listing with the Journal::changes() and turn_key() it
// was made at, and take_known_listing takes it back while it is still what priority_actions
// would list: at the same changes(), and on the same turn with the same sorcery timing for
// `player` and either the same step and active player or no view that can read them
// (views_blind_to_turn_now). Unlike a listing of passing alone, sorcery timing had then and not
// now does not do: the listing may hold a land or a sorcery. Why that key is sound:
// - changes() grows with every edit but quiet ones, applied or undone: equal counts mean the
//   state differs from the listing's in quiet edits alone (the priority holder, the pass count,
//   the step bookkeeping attrs, the turn's number, step and active player), which no check of
//   the listing reads but through the turn, compared here. A rollback to the listing's state
//   counts its undone edits, so it lists again rather than trust a count that came back.
//   card_zone_actions(), the listing's `zones`, follows the cards, which change in loud edits.
// - The count is this game's journal's: a copy (fork, determinize) counts from the start again,
//   so it starts without the rules cache that holds the memo (Game::rules_cache).
// - The key is the game's, not the seat's: what the other player does invalidates the memo.
//   A per-seat key would be sound only for a listing in which plugin code refused nothing (a
//   target check may read any object), and was measured at −1.4% for a kernel count per seat.
// Plugin code asked by the listing (targets, costs) is taken to read the turn only through
// views, as settling takes it. take_known_listing leaves the memo empty (the caller owns the
// list until it gives it back). It is inline (classic_cache.hpp), its first test, the count,
// asked there: most of its calls find the count moved; take_listing_at_count (legal_actions.cpp)
// asks the rest, for a valid `player` whose listing was remembered at the count now.
std::optional<std::vector<LegalAction>> take_listing_at_count(Game& game, PlayerId player);
void remember_listing(Game& game, PlayerId player, std::uint64_t listed_at,
                      std::uint64_t listed_turn, std::vector<LegalAction>&& actions);
// Whether no continuous effect that may apply now can read the turn (turn.cpp; worked out once
// per Journal::changes(), in rules memo slot kBlindAt).
bool views_blind_to_turn_now(Game& game);
// views_blind_to_turn_now's rules memo slot (Game::rules_memo): Journal::changes() << 1 when the
// answer was last worked out, | 1 if views could not read the turn then. changes() is at least
// 1, so 0 (a new game, a copy) marks nothing.
inline constexpr std::size_t kBlindAt = 2;
// views_blind_to_turn_now, its remembered answer read here when it is current (nearly always):
// for the listing's memos (legal_actions.cpp), where the call and turn_key's were about 0.6% of a
// random classic game's instructions.
inline bool views_blind_to_turn_known(Game& game) {
  const std::uint64_t now = game.journal().changes();
  if (game.rules_memo(kBlindAt) >> 1 == now) return (game.rules_memo(kBlindAt) & 1) != 0;
  return views_blind_to_turn_now(game);
}
// The turn's number, step and active player in one number: the number in the low 32 bits, the
// step in the next 16 and the active player in the 8 above them. They are TurnState's first
// seven bytes, in that order (the asserts below), so the key is those bytes read as one word
// with the eighth (the priority holder) masked off: two instructions where shifting and joining
// the three fields was seven, several times at every advance() (settling, the only-pass and
// listing memos; 25 000 advance() calls in 40 random classic games).
inline constexpr std::uint64_t kTurnKeyBytes = 0x00FF'FFFF'FFFF'FFFF;
inline std::uint64_t turn_key(const Game& game) {
  static_assert(std::endian::native == std::endian::little);
  static_assert(offsetof(TurnState, number) == 0 && sizeof(TurnState::number) == 4 &&
                offsetof(TurnState, step) == 4 && sizeof(TurnState::step) == 2 &&
                offsetof(TurnState, active) == 6 && sizeof(TurnState::active) == 1 &&
                offsetof(TurnState, priority) == 7 && sizeof(TurnState) >= 8);
  std::uint64_t key;
  std::memcpy(&key, &game.state().turn, sizeof key);
  return key & kTurnKeyBytes;
}
// A turn_key()'s turn number, step and active player.
inline std::uint32_t turn_key_number(std::uint64_t key) { return static_cast<std::uint32_t>(key); }
inline std::uint16_t turn_key_step(std::uint64_t key) {
  return static_cast<std::uint16_t>(key >> 32);
}
inline std::uint8_t turn_key_active(std::uint64_t key) {
  return static_cast<std::uint8_t>(key >> 48);
}
// Sorcery timing (307.1) for `p` on the turn `key` (a turn_key()), the stack as it is now.
inline bool sorcery_timing_on(const Game& game, PlayerId p, std::uint64_t key) {
  const std::uint16_t step = turn_key_step(key);
  return turn_key_active(key) == p.value && (step == kMain1 || step == kMain2) &&
         game.state().stack.empty();
}
// Whether a listing made for `p` on the turn `then` (a turn_key()), with no loud edit since, is
// still p's listing now: on the same turn key, or on another step or active player of the same
// turn if only views could tell the difference, none can, and the timing checks answer alike.
// (The stack is as it was: pushing or taking is a loud edit.) Sorcery timing only adds to what
// may be done (lands, sorcery-speed spells and abilities, loyalty abilities need it; nothing
// needs its absence), so a listing that offered passing alone (`only_pass`) and had it would
// offer passing alone without it too; any other listing needs the timing it had. The turn's
// number must be the same: a loyalty ability may be activated again on another turn.
inline bool still_the_listing(Game& game, PlayerId p, std::uint64_t then, bool only_pass) {
  const std::uint64_t now = turn_key(game);
  if (then == now) return true;
  if (turn_key_number(then) != turn_key_number(now)) return false;
  const bool had = sorcery_timing_on(game, p, then);
  if (only_pass ? !had && sorcery_timing_on(game, p, now) : had != sorcery_timing_on(game, p, now))
    return false;
  return views_blind_to_turn_known(game);
}
// known_only_pass (above). Leaving a main phase needs no new listing, entering one does (4 850
// of 14 639 checks in 40 random games).
inline bool known_only_pass(Game& game, PlayerId player) {
  if (player.value >= kOnlyPassSeats) return false;
  const std::size_t at = kOnlyPassSlots + 2 * std::size_t{player.value};
  if (game.rules_memo(at) != game.journal().changes()) return false;
  return still_the_listing(game, player, game.rules_memo(at + 1), /*only_pass=*/true);
}
// remember_only_pass (above): the count and the turn key in the seat's two slots.
inline void remember_only_pass(Game& game, PlayerId player) {
  if (player.value >= kOnlyPassSeats) return;
  const std::size_t at = kOnlyPassSlots + 2 * std::size_t{player.value};
  game.rules_memo(at) = game.journal().changes();
  game.rules_memo(at + 1) = turn_key(game);
}
// A basic land type's intrinsic mana ability ("{T}: Add {G}" of a Forest, 305.6) has no
// AbilityDef. As a LegalAction it is activated as ability kIntrinsicMana + i, i indexing
// land_mana_kinds() of the land (a dual land has two).
inline constexpr std::uint16_t kIntrinsicMana = 0xFF00;
// Taps `land` for the k-th kind of land_mana_kinds() and adds that mana to p's pool (605.3a:
// no stack). Throws RulesError if it cannot.
void activate_intrinsic_mana(Game& game, PlayerId p, ObjectId land, std::size_t k);
// The letter of each mana kind: W U B R G, then C.
inline constexpr std::array<char, kManaKinds> kManaLetters{'W', 'U', 'B', 'R', 'G', 'C'};
// The classic activated ability an AbilityDef holds, if any (mana, regenerate…).
const ClassicActivated* classic_ability(const AbilityDef& a);
std::vector<ManaSource> mana_sources(const Game& game, PlayerId p, ObjectId exclude);
// mana_sources(game, p, ObjectId{}), kept per seat in the game's rules cache (SeatLists) and
// listed again only when what it reads may have changed; nullptr while a view may apply more
// than the classic rule effects (Game::only_rule_effects), when nothing is kept (the caller lists
// them itself). Valid until the next edit of the game.
const std::vector<ManaSource>* kept_mana_sources(const Game& game, PlayerId p);
// Counts the battlefield moves of `moves` for kept_mana_sources (mana.cpp), which then keeps a
// seat's list across the moves that touch none of its possible sources. Called by
// ClassicHooks::before_moves as its last step, after which the kernel makes the moves.
void note_battlefield_moves(const Game& game, std::span<const ZoneChangeEvent> moves);
// What every list of the battlefields' permanents kept between decisions reads: which objects
// are on the battlefields and in which order (creations, moves onto, off and within them,
// reorders) and which card each one is (card changes). A sum of journal counts, which only grow:
// it changes whenever one of them does, and a rollback counts its undone edits. A kept list's
// key adds the counts of whatever else it reads (activators_of, kept_mana_sources, the kept
// creatures of the target searches).
inline std::uint64_t battlefield_key(const Journal& j) {
  return 1 + j.changes(EditKind::object_create) + j.moves_from(ZoneKind::battlefield) +
         j.moves_to(ZoneKind::battlefield) + j.changes(EditKind::zone_reorder) +
         j.changes(EditKind::object_card);
}
// A permanent the seat controls that is a mana source whenever it is untapped and able to tap
// (a land with basic land types, or a permanent with a mana ability), with whether it was
// tapped and summoning-sick when kept_mana_sources' list was made (mana.cpp): while these bits
// are the same and nothing else the list reads changed, the list is the same.
struct SourceWatch {
  ObjectId object;
  bool tapped = false;
  bool summoning_sick = false;
};
// What the classic rules keep for one seat of one game between decisions, in the game's rules
// cache (Game::rules_cache): the listing memo's list, the mana sources and the permanents with
// abilities to activate, each with the key that says whether it still holds. Only what the state
// and the key decide: rollback and undo leave it be.
struct SeatLists {
  std::uint64_t listed_at = 0;      // Journal::changes() at the remembered listing; 0: none
  std::uint64_t listed_turn = 0;    // turn_key() then
  std::vector<LegalAction> listed;  // the listing memo's list (take_known_listing)
  std::uint64_t sources_key = 0;    // what kept_mana_sources read then (mana.cpp); 0: none
  std::uint64_t sources_moves = 0;  // the battlefields' moves and reorders it last held at
  std::uint64_t sources_taps = 0;   // the tapped and summoning-sick counts it last held at
  std::uint64_t sources_seen = 0;   // Journal::changes() at its last look that kept it; 0: none
  std::array<std::int64_t, kManaKinds> sources_pools{};  // the seat's mana pools then
  std::uint64_t sources_attrs = 0;  // 1 + the player attr edits when they were read; 0: never
  std::vector<ManaSource> sources;
  // The bits the list read of each possible source, the first kMaxSourceWatch of them (a seat
  // with more lists again at every tap: sources_watch_count is then kMaxSourceWatch + 1).
  static constexpr std::size_t kMaxSourceWatch = 24;
  std::array<SourceWatch, kMaxSourceWatch> sources_watch{};
  std::size_t sources_watch_count = 0;
  // The announced moves (note_battlefield_moves, mana.cpp) of a permanent that may be one of the
  // seat's possible sources (its ManaTraits give it basic land types or a mana ability) and that
  // the seat controls, owns, or is to control: only grows. Then `sources_moved` and
  // ClassicCache::announced_moves when the list last held, with sources_moves.
  std::uint64_t sources_moved = 0;
  std::uint64_t sources_moved_at = 0;
  std::uint64_t sources_announced_at = 0;
  std::uint64_t activators_key = 0;  // what activators_of read then (legal_actions.cpp); 0: none
  std::vector<ObjectId> activators;  // activators_of's list
};
// `p`'s SeatLists in `game`: seat_lists (classic_cache.hpp).
bool can_pay(const Game& game, PlayerId p, const ManaCost& cost, std::int64_t x,
             ObjectId exclude = {});
// The same answer from sources already listed by mana_sources(game, p, exclude) and p's life
// (for Phyrexian symbols), for a caller that asks about several costs in one state
// (legal_actions, for every card in hand).
bool can_pay(const std::vector<ManaSource>& sources, std::int64_t life, const ManaCost& cost,
             std::int64_t x);
// Whether a cost has any hybrid symbol ({R/G}), in two loads instead of ten (most costs have
// none, and can_pay asks at every cast check).
bool any_hybrid(const ManaCost& cost);
// A way to pay a cost with {2/W} or Phyrexian symbols (107.4e-f, cost_shapes.cpp): each {2/W}
// paid as {W} or {2}, each {W/P} as {W} or 2 life, each {G/W/P} as {G/W} or 2 life. `mana` has
// none of these symbols left.
struct CostShape {
  ManaCost mana;
  std::int64_t life = 0;
  std::array<std::uint8_t, kColorCount> life_by_color{};  // Phyrexian symbols paid with life
  std::array<std::uint8_t, kHybridPairs> life_by_pair{};  // hybrid Phyrexian ones, by pair
  // Whether two shapes pay the same Phyrexian symbols with life.
  bool same_life_split(const CostShape& o) const {
    return life_by_color == o.life_by_color && life_by_pair == o.life_by_pair;
  }
};
// Whether a cost has any {2/W} or Phyrexian symbol (then it is paid as one of its shapes). Inline:
// the cast checks ask it for every card in hand at every priority listing, and nearly every
// answer is no.
inline bool any_alternative(const ManaCost& cost) {
  static_assert(kColorCount == 5 && kHybridPairs == 10);
  std::uint32_t mono = 0, phyrexian = 0;
  std::uint64_t pairs = 0;
  std::memcpy(&mono, cost.mono_hybrid.data(), sizeof mono);
  std::memcpy(&phyrexian, cost.phyrexian.data(), sizeof phyrexian);
  std::memcpy(&pairs, cost.hybrid_phyrexian.data(), sizeof pairs);
  return (mono | phyrexian | cost.mono_hybrid[4] | cost.phyrexian[4] | pairs |
          cost.hybrid_phyrexian[8] | cost.hybrid_phyrexian[9]) != 0;
}
// Every shape of `cost`: the least life first, and of the same life the least mana (each {2/W}
// paid with its colour before two generic). A cost without such symbols is its one shape.
// Throws RulesError for a cost with more than 4,096 shapes (no printed card comes near).
std::vector<CostShape> cost_shapes(const ManaCost& cost);
// Taps sources deterministically and empties the pool by the amount paid. A cost with
// Phyrexian symbols that can be paid with different amounts of life asks `p` which
// (ChoiceKind::option, "Pay …", each option's value the life paid), and the life is lost
// (119.4); each {2/W} is paid with its colour when the sources allow it.
// REQUIRES: can_pay(game, p, cost, x, exclude). Throws RulesError otherwise.
void pay(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x, ObjectId exclude = {});
std::int64_t max_affordable_x(const Game& game, PlayerId p, const ManaCost& cost,
                              ObjectId exclude = {});
// 500.4: empties every player's mana pools, looking at each (mana.cpp). empty_pools
// (classic_cache.hpp) calls it unless its count says the pools are still empty.
void empty_pools_looking(Game& game);
// 1 + Journal::changes(EditKind::player_attr) when empty_pools last left every pool empty; 0:
// not yet. Kept in the game's rules cache (Game::rules_cache: not copied, untouched by undo): pools
// are player attrs, so while that count is the same, every pool is still empty (a rollback
// counts its undone edits). Its place: pools_emptied_at (classic_cache.hpp).
// What listing a player's mana sources reads of a permanent's characteristics, read from its
// card alone (mana.cpp): the same as its view's while views apply the classic rule effects alone
// (Game::only_rule_effects), whose changeling subtypes are creature types and whose counters
// change power and toughness, none of which this holds. Kept for each object of a game in its
// rules cache (mana_traits_memo: indexed by ObjectId, read again when the object's card is not
// `card`), since the listing asked a view and looked for basic land types in it for every
// untapped permanent at every list (1.8% of a random game's instructions).
struct ManaTraits {
  static constexpr std::uint16_t kNoAbility = 0xFFFF;
  CardId card;                         // the card these were read from; none: not read yet
  std::uint8_t land_set = 0;           // its basic land types, bit k: the one making colour k
  bool creature = false;               // a creature: it waits out summoning sickness (302.6)
  bool haste = false;                  // ... unless it has haste
  std::uint16_t ability = kNoAbility;  // the index of its first mana ability that makes mana
};
// The objects' ManaTraits: mana_traits_memo (classic_cache.hpp).

// Targets. is_legal_target asks everything of one target; legal_targets and has_legal_target
// search the candidates, and look only through those that meet what the ability says a target
// must be (Ability::target_requirement) before asking it (Ability::can_target).
bool is_legal_target(const Game& game, const Ability& ability, const ResolveContext& ctx,
                     std::size_t index, const Target& t);
std::vector<Target> legal_targets(const Game& game, const Ability& ability,
                                  const ResolveContext& ctx, std::size_t index);
// The same list into `out` (cleared first), a buffer the caller keeps: no allocation once it has
// room.
void legal_targets(const Game& game, const Ability& ability, const ResolveContext& ctx,
                   std::size_t index, std::vector<Target>& out);
// legal_targets(...) is not empty, without building the list.
bool has_legal_target(const Game& game, const Ability& ability, const ResolveContext& ctx,
                      std::size_t index);
// Asks `who` for each target in turn; nullopt if a slot has no legal target.
std::optional<std::vector<Target>> choose_targets(Game& game, PlayerId who, const Ability& ability,
                                                  ResolveContext ctx, ObjectId source);
// The spell ability a card is cast for: its first, or none (a permanent spell).
std::optional<std::uint16_t> spell_ability(const CardDef& def);
// "Choose one —" (spells.cpp): the card's spell abilities are modes. spell_modes lists them
// (for a card that is not modal, only its first spell ability).
bool is_modal(const CardDef& def);
std::vector<std::uint16_t> spell_modes(const CardDef& def);

// The London mulligan (setup.cpp), asked at the first advance() of a game set up with it.
void run_mulligans(Game& game);

// State-based actions (704) until none apply; true if any was performed.
bool run_state_based(Game& game);
// Puts pending triggers on the stack, APNAP; true if any was handled.
bool put_triggers(Game& game);
// Ends the game for players who lost (all at once: a draw).
void finish_if_decided(Game& game);
void end_game_drawn(Game& game);

// The stack.
void resolve_top(Game& game);

// Combat. Declaring blockers asks each defending player in turn, from `from` (none: all of
// them, from the active player's left).
void declare_attackers(Game& game);
void declare_blockers(Game& game, PlayerId from = PlayerId::none());
// A copy of a game taken while a declaration was asked (kDeclaring set) asks it again and goes
// on as the original did; false, doing nothing, when no declaration was being asked.
bool resume_declaration(Game& game);
// Whether anything is attacking (508.8). Remembers finding no combat mark in a rules memo slot,
// hence the Game&.
bool any_attackers(Game& game);
// Deals the combat damage of one step: the first-strike step (first_step) or the regular one.
void combat_damage(Game& game, bool first_step);
bool needs_first_strike_step(const Game& game);
void end_combat(Game& game);

// Simultaneous destroys (SBA lethal damage, "destroy all").
void destroy_simultaneously(Game& game, const std::vector<ObjectId>& objects, ObjectId source);

}  // namespace anvil::rules_classic
