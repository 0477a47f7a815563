// keyword-drain: `spDrainTgt`, a spell that deals damage to target player and gains its
// controller that much life — a keyword the bundled plugins lack, shipped inside a pack.
//
//   spDrainTgt:2                               2 damage to target player, you gain 2 life
//   spDrainTgt:Count$TypeYouCtrl.Swamp         X = the Swamps you control (value-count)
//   spDrainTgt:1:Drawback$TgtDiscard/1         then that player discards a card (effect-drawback)
//
// The amount may be any registered value function (`Name$expr`); the drawback is compiled by the
// `Drawback` effect verb. Both are looked up by name in the registry, never linked: the pack's
// `requires:` names the plugins that provide them.
#include <algorithm>
#include <anvil/sdk.hpp>
#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <string>
#include <string_view>

namespace {

class DrainSpell final : public anvil::Ability {
 public:
  std::int32_t amount = 0;  // when `amount_expr` is null
  std::shared_ptr<const anvil::ValueExpr> amount_expr;
  std::shared_ptr<const anvil::EffectStep> drawback;
  std::string text;

  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose target player"; }
  bool can_target(const anvil::Game& game, const anvil::ResolveContext&, std::size_t index,
                  const anvil::Target& t) const override {
    return index == 0 && t.is_player() && t.player.valid() &&
           t.player.value < game.state().player_count();
  }

  void resolve(anvil::Game& game, const anvil::ResolveContext& ctx) const override {
    if (ctx.targets.empty() || !can_target(game, ctx, 0, ctx.targets[0])) return;  // fizzles
    const std::int32_t dealt =
        anvil::deal_damage(game, ctx.source.id, ctx.targets[0], now(game, ctx));
    if (dealt > 0) anvil::gain_life(game, ctx.controller, dealt, ctx.source.id);
    if (drawback) drawback->run(game, ctx, dealt);
  }
  std::string describe() const override { return text; }

 private:
  std::int32_t now(const anvil::Game& game, const anvil::ResolveContext& ctx) const {
    if (!amount_expr) return amount;
    const std::int64_t v = amount_expr->eval(game, ctx);
    return static_cast<std::int32_t>(
        std::clamp<std::int64_t>(v, 0, std::numeric_limits<std::int32_t>::max()));
  }
};

class DrainTarget final : public anvil::KeywordHandler {
 public:
  void compile(const anvil::Params& params, anvil::CompileContext& ctx) const override {
    const anvil::Bound b = params.bind({"amount", "drawback?"});
    const anvil::Param& amount = b.required("amount");
    auto spell = std::make_shared<DrainSpell>();
    const std::string& x = amount.text();
    std::string shown = x;
    if (const auto dollar = x.find('$'); dollar != std::string::npos) {
      auto fn = ctx.registry.get<anvil::ValueFunction>(x.substr(0, dollar), amount.where());
      spell->amount_expr = fn->compile(std::string_view(x).substr(dollar + 1), ctx);
      if (!spell->amount_expr) amount.fail("'" + x + "' compiled to nothing");
      shown = std::string(1, 'X');
    } else {
      const std::int64_t n = amount.integer();  // LoadError at the Param if not a number
      if (n < 0 || n > std::numeric_limits<std::int32_t>::max())
        amount.fail("drain amount " + x + " is out of range (0 to 2147483647)");
      spell->amount = static_cast<std::int32_t>(n);
    }
    spell->text =
        "CARDNAME deals " + shown + " damage to target player and you gain that much life";
    if (const anvil::Param* d = b.optional("drawback")) {
      std::string_view step = d->text();
      if (step.starts_with("Drawback$")) step.remove_prefix(9);
      auto verb = ctx.registry.get<anvil::EffectVerb>("Drawback", d->where());
      spell->drawback = verb->compile(step, ctx);
      if (!spell->drawback) d->fail("Drawback$ compiled to nothing");
      spell->text += "; " + spell->drawback->describe();
    }
    if (spell->amount_expr) spell->text += ", where X is " + spell->amount_expr->describe();
    spell->text += ".";
    ctx.card.abilities.push_back(anvil::AbilityDef(anvil::AbilityKind::spell, params.keyword(),
                                                   "keyword-drain", params.where(), spell));
  }
  std::string summary() const override {
    return "spDrainTgt:<amount>[:Drawback$<step>]: damage to target player, you gain that much";
  }
};

}  // namespace

ANVIL_PLUGIN("keyword-drain", "1.0.0", "spDrainTgt: damage to target player, you gain that much") {
  registrar.add<anvil::KeywordHandler>("spDrainTgt", std::make_shared<DrainTarget>());
}
