// `excess_damage: {amount: 4, to: controller}` — a spell ability, "CARDNAME deals 4 damage to
// target creature. Excess damage is dealt to that creature's controller instead." (Flame Spill).
//
// Rule 120.4a is the first step of processing damage: when the effect dealing it says that
// excess damage is dealt to another object or player instead, the event is split before any
// replacement or prevention effect sees it. Excess damage is what goes beyond lethal damage:
// the creature's toughness minus the damage already marked on it, and 1 if the source has
// deathtouch (702.2c) — never looking at shields, regeneration or indestructible. The two parts
// are then dealt as one simultaneous event (deal_damage_together), each modified by its
// own replacements and prevention (120.4b): a shield on the creature prevents part of what the
// creature is dealt, not what was redirected to its controller.
#include <algorithm>
#include <string>
#include <vector>

#include "classic.hpp"

namespace anvil::rules_classic {

std::int32_t lethal_damage(const Game& game, ObjectId creature, ObjectId source) {
  const Characteristics c = game.view(creature);
  std::int64_t left = std::int64_t{c.toughness} - game.object(creature).damage;
  left = std::max<std::int64_t>(left, 0);
  // 702.2c: any nonzero damage from a deathtouch source is lethal.
  if (game.state().exists(source) && game.view(source).has_keyword(kDeathtouch))
    left = std::min<std::int64_t>(left, 1);
  return static_cast<std::int32_t>(std::min<std::int64_t>(left, 1'000'000'000));
}

namespace {

class ExcessDamageAbility final : public Ability {
 public:
  std::int32_t amount = 0;
  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose a creature"; }
  bool can_target(const Game& game, const ResolveContext&, std::size_t,
                  const Target& t) const override {
    return t.is_object() && on_battlefield(game, t.object.id) && is_creature(game, t.object.id);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    // An illegal target: the spell does nothing at all, nor to the controller (608.2b).
    if (ctx.targets.empty() || ctx.targets[0].kind == Target::Kind::none) return;
    const ObjectId creature = ctx.targets[0].object.id;
    const std::int32_t to_creature = std::min(amount, lethal_damage(game, creature, ctx.source.id));
    std::vector<DamageEvent> events;
    if (to_creature > 0) {
      DamageEvent e;
      e.source = ctx.source.id;
      e.target = ctx.targets[0];
      e.amount = to_creature;
      events.push_back(e);
    }
    if (amount > to_creature) {  // 120.4a: the excess, to the creature's controller
      DamageEvent e;
      e.source = ctx.source.id;
      e.target = Target::of(game.object(creature).controller);
      e.amount = amount - to_creature;
      events.push_back(e);
    }
    deal_damage_together(game, events);
  }
  std::string describe() const override {
    return "CARDNAME deals " + std::to_string(amount) +
           " damage to target creature. Excess damage is dealt to that creature's controller "
           "instead.";
  }
};

// excess_damage: {amount: 4, to: controller}
class ExcessDamageKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"amount", "to"});
    const Param& amount = b.required("amount");
    const std::int64_t n = amount.integer();
    if (n < 1 || n > 1000) amount.fail("the damage dealt is between 1 and 1000");
    const Param& to = b.required("to");
    if (to.text() != "controller")
      to.fail("unknown recipient of the excess '" + to.text() + "'",
              "to: controller (that creature's controller)");
    auto impl = std::make_shared<ExcessDamageAbility>();
    impl->amount = static_cast<std::int32_t>(n);
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "excess_damage: {amount: 4, to: controller} — CARDNAME deals 4 damage to target "
           "creature; the excess over lethal damage is dealt to its controller instead (120.4a)";
  }
};

}  // namespace

void register_excess_damage_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("excess_damage", std::make_shared<ExcessDamageKeyword>());
}

}  // namespace anvil::rules_classic
