// Count$: the seed's xCount as a compiled expression (DESIGN.md §3).
//
//   auto count = registry.get<ValueFunction>("Count");
//   auto x = count->compile("TypeYouCtrl.Swamp/Plus.1", ctx);   // ctx.where: the 'T'
//   x->eval(game, resolve_ctx);   // 1 + Swamps the resolving controller controls
//   x->describe();                // "1 plus the number of Swamps you control"
//
// `ctx.where` is the location of the first character of the expression (after "Count$");
// errors point at the offending token within it.
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::value_count {

class Count final : public ValueFunction {
 public:
  std::shared_ptr<const ValueExpr> compile(std::string_view expr,
                                           CompileContext& ctx) const override;
};

}  // namespace anvil::value_count
