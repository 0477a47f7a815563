// Drawback$: a sequence of effect steps, each found by verb name in the registry.
//
//   auto drawback = registry.get<EffectVerb>("Drawback");
//   auto step = drawback->compile("YouGainLife/X&OppDiscard/1", ctx);  // ctx.where: the 'Y'
//   step->run(game, resolve_ctx, /*x=*/3);   // you gain 3 life, then your opponent discards
//
// Players: You = ctx.controller; Opp = the next player in seat order; Tgt = the player
// ctx.targets[0] names, or the controller of the object it names; Chosen = the player chosen
// for the source as it entered the battlefield (ChoosePlayer, ChooseOpponent).
// Amounts: a number; X = the `x` passed to run(); Dealt = ctx.event.amount (the damage a damage
// spell actually dealt, or the amount of the event that triggered an ability).
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::effect_drawback {

class Drawback final : public EffectVerb {
 public:
  std::shared_ptr<const EffectStep> compile(std::string_view args,
                                            CompileContext& ctx) const override;
};

// Where the part of a Drawback$ text `offset` characters into `ctx.where`'s token is: the same
// line, `offset` columns to the right (unchanged when the text has no line).
SourceLocation at(const CompileContext& ctx, std::size_t offset);

// Registers Damage, GainLife, LoseLife, Discard, HandToLibrary, Draw, GenToken, ReturnFromYard
// and Sacrifice.
void register_verbs(Registrar& registrar);

// The object attribute holding the chosen player: the player's index + 1; 0 (absent) = none.
inline constexpr Symbol kChosenPlayer = Symbol("chosen_player");
// The player chosen for `object` as it entered the battlefield, or PlayerId::none().
PlayerId chosen_player(const Game& game, ObjectId object);

// Registers the keywords ChoosePlayer and ChooseOpponent ("As CARDNAME enters the battlefield,
// choose a player / an opponent").
void register_choice_keywords(Registrar& registrar);

}  // namespace anvil::effect_drawback
