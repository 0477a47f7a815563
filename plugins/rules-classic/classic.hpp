// The classic rules module's shared vocabulary: its step numbering, the Symbols it keeps in the
// GameState, the abilities its keyword handlers compile, and the functions its source files
// share. Private to the plugin.
//
// Every piece of per-game rules state lives in the GameState (player, object and game attrs
// written through the Journal), never in the module object, which many games share.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
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

// Counters.
inline constexpr Symbol kPlusOne = "+1/+1"_sym;
inline constexpr Symbol kMinusOne = "-1/-1"_sym;
inline constexpr Symbol kPoison = "poison"_sym;
inline constexpr Symbol kLoyalty = "loyalty"_sym;

// Player attrs.
inline constexpr Symbol kLandsPlayed = "lands_played"_sym;
inline constexpr Symbol kDrewFromEmpty = "drew_from_empty"_sym;
// Game attrs.
inline constexpr Symbol kStepBegun = "step_begun"_sym;      // turn-based actions of the step done
inline constexpr Symbol kPasses = "passes"_sym;             // consecutive passes
inline constexpr Symbol kDamagePhase = "damage_phase"_sym;  // 1: first-strike damage was dealt
inline constexpr Symbol kMaxTurns = "max_turns"_sym;
inline constexpr Symbol kNoRegenerate =
    "no_regenerate"_sym;  // a "can't be regenerated" destroy runs
inline constexpr Symbol kCleanupActed = "cleanup_acted"_sym;
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

// Mana: five colours then colourless, as pool attrs "mana_pool_W" … "mana_pool_C".
inline constexpr std::size_t kManaKinds = 6;
inline constexpr std::size_t kColorless = 5;
Symbol pool_symbol(std::size_t kind);
// The colours a land's basic land types make (305.6: "{T}: Add {G}" for a Forest), in WUBRG
// order; empty for anything else. Used for payment; not offered as priority actions.
std::vector<std::uint8_t> land_mana_kinds(const Characteristics& c);
// "{2}{G}{G}", "{X}{R}", "{T}" (tap=true): LoadError at `where` on anything else.
struct ParsedCost {
  ManaCost mana;
  bool tap = false;
  bool sacrifice = false;  // "Sacrifice CARDNAME" (only in activation costs)
};
ParsedCost parse_cost(const Param& text);
// The same notation, parts optionally separated by ", ", plus "Sacrifice CARDNAME" (or "Sac").
// Returns false with `error` set on anything else.
bool parse_cost_text(std::string_view text, ParsedCost& out, std::string& error);

// What activating an ability costs, for the module's own abilities and for any plugin's
// AbilityDef of kind activated with a non-empty `cost`; nullopt if it cannot be activated.
struct ActivationCost {
  ParsedCost cost;
  bool mana_ability = false;
};
std::optional<ActivationCost> activation_cost(const AbilityDef& a);

// --- abilities the keyword handlers compile ------------------------------------------------

// An activated ability the module knows how to pay: a mana cost and maybe {T}.
class ClassicActivated : public Ability {
 public:
  ManaCost cost;
  bool tap = false;
  virtual bool is_mana() const { return false; }
  // For mana abilities: the mana kinds produced (one entry per mana).
  std::vector<std::uint8_t> produces;
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

class DestroyAllAbility final : public Ability {
 public:
  Symbol filter;  // a card type, or the empty Symbol for every permanent
  bool regenerate = true;
  void resolve(Game& game, const ResolveContext& ctx) const override;
  std::string describe() const override;
};

void register_keywords(Registrar& registrar);
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
};
// +1/+1 and -1/-1 counters in layer 7c.
std::shared_ptr<const ContinuousEffect> counters_effect();
// Changeling: every creature type, in the type layer.
std::shared_ptr<const ContinuousEffect> changeling_effect();

bool on_battlefield(const Game& game, ObjectId id);
bool is_creature(const Game& game, ObjectId id);
bool has_keyword(const Game& game, ObjectId id, Symbol keyword);
// Changeling: every creature type (never a land type).
bool has_creature_type(const Game& game, ObjectId id, Symbol type);
std::vector<ObjectId> battlefield(const Game& game);  // every permanent, seat by seat
std::vector<ObjectId> controlled(const Game& game, PlayerId p);
PlayerId next_player(const Game& game, PlayerId p);
std::string object_label(const Game& game, ObjectId id);
std::string target_label(const Game& game, const Target& t);

// Combat attrs of a permanent (0 when out of combat).
std::int64_t combat_attr(const Game& game, ObjectId id, Symbol key);
void set_combat_attr(Game& game, ObjectId id, Symbol key, std::int64_t value);
void remove_from_combat(Game& game, ObjectId id);

// Mana.
struct ManaSource {
  ObjectId object;                  // none for mana already in the pool
  std::vector<std::uint8_t> kinds;  // alternatives (one mana) or, for a bundle, every mana
  bool bundle = false;              // produces every kind in `kinds` at once
  std::size_t ability = 0;
};
std::vector<ManaSource> mana_sources(const Game& game, PlayerId p, ObjectId exclude);
bool can_pay(const Game& game, PlayerId p, const ManaCost& cost, std::int64_t x,
             ObjectId exclude = {});
// Taps sources deterministically and empties the pool by the amount paid.
// REQUIRES: can_pay(game, p, cost, x, exclude). Throws RulesError otherwise.
void pay(Game& game, PlayerId p, const ManaCost& cost, std::int64_t x, ObjectId exclude = {});
std::int64_t max_affordable_x(const Game& game, PlayerId p, const ManaCost& cost,
                              ObjectId exclude = {});
void empty_pools(Game& game);

// Targets.
bool is_legal_target(const Game& game, const Ability& ability, const ResolveContext& ctx,
                     std::size_t index, const Target& t);
std::vector<Target> legal_targets(const Game& game, const Ability& ability,
                                  const ResolveContext& ctx, std::size_t index);
// Asks `who` for each target in turn; nullopt if a slot has no legal target.
std::optional<std::vector<Target>> choose_targets(Game& game, PlayerId who, const Ability& ability,
                                                  ResolveContext ctx, ObjectId source);
// The spell ability a card is cast for: its first, or none (a permanent spell).
std::optional<std::uint16_t> spell_ability(const CardDef& def);

// State-based actions (704) until none apply; true if any was performed.
bool run_state_based(Game& game);
// Puts pending triggers on the stack, APNAP; true if any was handled.
bool put_triggers(Game& game);
// Ends the game for players who lost (all at once: a draw).
void finish_if_decided(Game& game);
void end_game_drawn(Game& game);

// The stack.
void resolve_top(Game& game);

// Combat.
void declare_attackers(Game& game);
void declare_blockers(Game& game);
bool any_attackers(const Game& game);
// Deals the combat damage of one step: the first-strike step (first_step) or the regular one.
void combat_damage(Game& game, bool first_step);
bool needs_first_strike_step(const Game& game);
void end_combat(Game& game);

// Simultaneous destroys (SBA lethal damage, "destroy all").
void destroy_simultaneously(Game& game, const std::vector<ObjectId>& objects, ObjectId source);

}  // namespace anvil::rules_classic
