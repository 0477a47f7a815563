// `damage: {amount: 2}` — a spell ability, "CARDNAME deals 2 damage to any target." (Shock).
// "Any target" is a creature, a player, a planeswalker or a battle (115.4, with battles since
// 2023): keyword-damage's spDamageTgtCP targets creatures and players only, so a spell that can
// hit a battle or a planeswalker is the module's own. Resolution rechecks the target (608.2b,
// casting.cpp's resolve_top); the damage's results are the damage hook's (120.3, common.cpp).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class AnyTargetDamage final : public Ability {
 public:
  std::int32_t amount = 0;
  std::int32_t kicked = 0;  // the amount when the spell was kicked (kicker.cpp); 0: the same
  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose any target"; }
  bool can_target(const Game& game, const ResolveContext&, std::size_t,
                  const Target& t) const override {
    if (t.is_player()) return true;
    if (!t.is_object() || !on_battlefield(game, t.object.id)) return false;
    const Characteristics c = game.view(t.object.id);
    return c.has_type(kCreature) || c.has_type(kPlaneswalker) || c.has_type(kBattle);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (ctx.targets.empty() || ctx.targets[0].kind == Target::Kind::none) return;
    const bool more =
        kicked != 0 && game.state().is_current(ctx.source) && was_kicked(game, ctx.source.id);
    deal_damage(game, ctx.source.id, ctx.targets[0], more ? kicked : amount);
  }
  std::string describe() const override {
    std::string text = "CARDNAME deals " + std::to_string(amount) + " damage to any target.";
    if (kicked != 0)
      text += " If this spell was kicked, it deals " + std::to_string(kicked) + " damage instead.";
    return text;
  }
};

// damage: {amount: 2}
class DamageKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"amount", "kicked"});
    const Param& amount = b.required("amount");
    const std::int64_t n = amount.integer();
    if (n < 1 || n > 1000) amount.fail("the damage dealt is between 1 and 1000");
    auto impl = std::make_shared<AnyTargetDamage>();
    impl->amount = static_cast<std::int32_t>(n);
    if (const Param* k = b.optional("kicked")) {  // with the card's `kicker` (kicker.cpp)
      const std::int64_t m = k->integer();
      if (m < 1 || m > 1000) k->fail("the damage dealt is between 1 and 1000");
      impl->kicked = static_cast<std::int32_t>(m);
    }
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "damage: {amount: 2, kicked: 4} — CARDNAME deals 2 damage to any target (a creature, "
           "player, planeswalker or battle); 4 instead if the spell was kicked";
  }
};

}  // namespace

void register_any_target_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("damage", std::make_shared<DamageKeyword>());
}

}  // namespace anvil::rules_classic
