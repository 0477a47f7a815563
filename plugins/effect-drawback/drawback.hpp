// Drawback$: a sequence of effect steps, each found by verb name in the registry.
//
//   auto drawback = registry.get<EffectVerb>("Drawback");
//   auto step = drawback->compile("YouGainLife/X&OppDiscard/1", ctx);  // ctx.where: the 'Y'
//   step->run(game, resolve_ctx, /*x=*/3);   // you gain 3 life, then your opponent discards
//
// Players: You = ctx.controller; Opp = the next player in seat order; Tgt = the player
// ctx.targets[0] names, or the controller of the object it names.
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::effect_drawback {

class Drawback final : public EffectVerb {
 public:
  std::shared_ptr<const EffectStep> compile(std::string_view args,
                                            CompileContext& ctx) const override;
};

// Registers Damage, GainLife, LoseLife, Discard, HandToLibrary, Draw, GenToken, ReturnFromYard
// and Sacrifice.
void register_verbs(Registrar& registrar);

}  // namespace anvil::effect_drawback
