// What the spell keywords of this plugin share when they compile a card line: amounts (a number
// or a registered value function such as Count$), Drawback$ parts, the positional line's
// optional parts, and where a spell ability goes on the card (before any Cantrip).
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace anvil::keyword_damage {

// The plugin's name, as its AbilityDefs give it, and the keyword `Cantrip`, also the text of the
// "draw a card" ability it adds.
inline constexpr std::string_view kPlugin = "keyword-damage";
inline constexpr std::string_view kCantrip = "Cantrip";
// What starts a drawback's part of a line.
inline constexpr std::string_view kDrawbackPrefix = "Drawback$";

// A compiled amount: a fixed number, or an expression evaluated at resolution.
struct Amount {
  std::int32_t fixed = 0;  // when `expr` is null
  std::shared_ptr<const ValueExpr> expr;
  std::string text;     // "3" or "X", for descriptions
  std::string x_means;  // ValueExpr::describe() when text is "X"

  // The amount now, clamped to 0..INT32_MAX.
  std::int32_t now(const Game& game, const ResolveContext& ctx) const;
};
// "3" or "<Function>$<expr>" ("Count$TypeYouCtrl.Swamp"); `what` names it in errors ("damage").
Amount compile_amount(const Param& amount, CompileContext& ctx, std::string_view what);

// "Drawback$YouGainLife/X" (the "Drawback$" prefix optional), compiled by the registry's
// EffectVerb "Drawback".
std::shared_ptr<const EffectStep> compile_drawback(const Param& drawback, CompileContext& ctx);

// The optional parts after a keyword's first value: [Drawback$…][:Description[:StackDescription]].
struct Tail {
  const Param* drawback = nullptr;
  const Param* description = nullptr;
  const Param* stack_description = nullptr;
};
// Reads the tail from positional value `first` on; for errors, `form` is what the line takes
// ("#Dmg, Drawback$, a description and a stack description"). Check it with check_descriptions.
Tail positional_tail(const Params& params, std::size_t first, std::string_view form);

// Checks the descriptions of a tail read in either form: one starting with a prefix other than
// where the prefix goes ("Drawbak$YouGainLife/1", a misspelt Drawback$) is a LoadError at it;
// an empty one, ignored, and one the Drawback verb would compile, its prefix left out, are
// warnings. `before` is what the Drawback$ part comes right after ("the damage amount").
void check_descriptions(const Params& params, const Tail& tail, std::string_view before,
                        CompileContext& ctx);

// The keyword line as written, for AbilityDef::text.
std::string source_text(const Params& params);

// Adds a spell ability before any Cantrip already on the card, so Cantrip resolves last.
void add_spell(const Params& params, CompileContext& ctx, std::shared_ptr<const Ability> impl);

// `text` with its first letter in upper case.
std::string capitalised(std::string text);

}  // namespace anvil::keyword_damage
