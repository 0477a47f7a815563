// Ability and ContinuousEffect: the behaviour a plugin attaches to a card.
//
// A keyword handler compiles a card line (`spDamageTgtCP:3:Drawback$YouGainLife/3`) once, at
// load time, into an Ability object; the kernel calls it during a game:
//   - resolve()    for spells, activated and triggered abilities;
//   - connect()    when the card enters a zone its ability works from (triggers, replacements),
//                  with the connections dropped again when it leaves or the move is rolled back;
//   - continuous() for static abilities, applied on query in layer and timestamp order.
//
//   class Shock final : public Ability {
//     std::size_t target_count() const override { return 1; }
//     bool can_target(const Game& g, const ResolveContext&, std::size_t, const Target& t) const override {
//       return t.is_player() || g.view(t.object.id).has_type("Creature"_sym); }
//     void resolve(Game& g, const ResolveContext& c) const override {
//       deal_damage(g, c.source.id, c.targets[0], 2); }
//     std::string describe() const override { return "CARDNAME deals 2 damage to any target."; }
//   };
//
// Abilities are immutable and shared by every game using the card: keep per-game state in the
// GameState (object attrs, counters), never in the Ability.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "anvil/characteristics.hpp"
#include "anvil/config.hpp"
#include "anvil/ids.hpp"
#include "anvil/state.hpp"

ANVIL_BEGIN_NAMESPACE

class Game;
class Connection;

enum class AbilityKind : std::uint8_t {
  spell,        // what an instant or sorcery does when it resolves
  activated,    // "{cost}: effect"
  triggered,    // "when/whenever/at …, effect"
  static_,      // continuous effects while in play (auras in Hearthbreaker's sense)
  replacement,  // "if … would …, instead …"
  keyword,      // a parameterless keyword (flying, taunt) kept in Characteristics::keywords
};
ANVIL_API const char* to_string(AbilityKind k);

// A set of ZoneKinds, one bit each.
using ZoneMask = std::uint32_t;
constexpr ZoneMask zone_bit(ZoneKind k) { return ZoneMask{1} << static_cast<unsigned>(k); }

// Everything resolution needs to know about the spell or ability resolving.
struct ResolveContext {
  ObjectRef source;
  CardId card;
  std::uint16_t ability = 0;
  PlayerId controller;
  std::span<const Target> targets;
  std::int64_t x = 0;
  EventRecord event;  // what triggered a triggered ability
};

// The order continuous effects apply in (rule 613). `cost` is after the layers: cost changes
// (Hearthbreaker's mana_change) do not interact with the others.
enum class Layer : std::uint8_t {
  copy = 1, control, text, type, color, ability, pt_define, pt_set, pt_modify, pt_switch, cost
};

// One application of a continuous effect: its source and, for a floating effect, what it was
// aimed at and its numbers.
struct EffectContext {
  ObjectId source;
  PlayerId controller;
  Target affected;          // for floating effects; none for static abilities
  std::int64_t a = 0;       // the effect's numbers ("+a/+b")
  std::int64_t b = 0;
  std::uint32_t timestamp = 0;
};

class ANVIL_API ContinuousEffect {
 public:
  virtual ~ContinuousEffect();
  virtual Layer layer() const = 0;
  // Whether `object`, whose characteristics up to this effect's layer are `so_far`, is affected.
  // Deciding on `so_far` (not on game.view(object)) is what keeps layers from recursing.
  virtual bool affects(const Game& game, const EffectContext& ctx, ObjectId object,
                       const Characteristics& so_far) const = 0;
  virtual void apply(const Game& game, const EffectContext& ctx, ObjectId object,
                     Characteristics& c) const = 0;
  // Whether `affects` or `apply` may read the turn (its number, step, active or priority
  // player) or the game's attrs: what a rules module's quiet edits change (journal.hpp). An
  // effect that reads only objects and players says false, and then a check that views objects
  // need not run again after quiet edits alone (Game::views_may_read_turn). Default: true.
  virtual bool may_read_turn() const;
  // What an object must have for `affects` to say yes, when the effect can tell without being
  // asked: Game::view tests it first, without a call (views run at every check, and a rules
  // module's own effects, such as +1/+1 counters' or changeling's, apply to few objects). Only
  // a necessary condition: `affects` is still asked of an object that meets it. Default: none.
  struct Requirement {
    bool counters = false;  // the object carries a counter (GameObject::counters not empty)
    Symbol keyword;         // the characteristics so far have this keyword (empty: none)
  };
  virtual Requirement requirement() const;
};

class ANVIL_API Ability {
 public:
  virtual ~Ability();

  // Zones this ability works from. Default: the battlefield. With zone_bit(ZoneKind::none) it
  // also works once its object has ceased to exist (a token off the battlefield, a spell copy
  // off the stack): an effect it made stays (a delayed return, a prevention shield), as an
  // effect outlives its source (603.7, 611.2a). Plugin ABI 11.2.
  virtual ZoneMask zones() const;
  // Event-driven abilities (triggers, replacements) connect their slots for `self` here.
  virtual void connect(Game& game, ObjectId self, std::vector<Connection>& out) const;
  // Static abilities: the continuous effect they generate; also used by floating effects that
  // name this ability. Default: none.
  virtual const ContinuousEffect* continuous() const;

  // Targets chosen when the spell is cast or the ability put on the stack. Default: none.
  virtual std::size_t target_count() const;
  virtual std::string target_prompt(std::size_t index) const;
  virtual bool can_target(const Game& game, const ResolveContext& ctx, std::size_t index,
                          const Target& target) const;
  // What target `index` must be for `can_target` to say yes, when the ability can tell without
  // being asked: a rules module's search for legal targets tests it first, without a call, and
  // asks can_target only of the candidates that meet it (a "target creature" spell is then not
  // asked about every land on the battlefield). Only a necessary condition: can_target is still
  // asked of every candidate that meets it. It must never exclude a target can_target would
  // accept: the rules would then miss a legal target (a spell not castable, a choice without
  // it). Default: none, every candidate is asked. Plugin ABI 15.0.
  //
  //   TargetRequirement target_requirement(std::size_t) const override {  // "target creature"
  //     return {.players = false, .zones = zone_bit(ZoneKind::battlefield),
  //             .card_type = "Creature"_sym};
  //   }
  struct TargetRequirement {
    bool players = true;            // a player may be the target
    ZoneMask zones = ~ZoneMask{0};  // the zones a targeted object may be in (zone_bit)
    Symbol card_type;               // a targeted object's characteristics, as Game::view gives
                                    // them, have this card type (empty: any)
  };
  virtual TargetRequirement target_requirement(std::size_t index) const;
  // What happens when it resolves. Default: nothing (static and keyword abilities).
  virtual void resolve(Game& game, const ResolveContext& ctx) const;

  // Rules text, with the card's own name written CARDNAME.
  virtual std::string describe() const = 0;
  // What a UI or log shows while it is on the stack ("Lightning Bolt deals 3 damage to Grizzly
  // Bears"), with the card's name filled in. Default: describe().
  virtual std::string describe_on_stack(const Game& game, const ResolveContext& ctx) const;
};

ANVIL_END_NAMESPACE
