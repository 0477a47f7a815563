#include "compile.hpp"

#include <algorithm>
#include <limits>
#include <utility>

namespace anvil::keyword_damage {

SourceLocation shifted(const SourceLocation& where, std::size_t offset) {
  SourceLocation w = where;
  if (w.line != 0) w.column = (w.column == 0 ? 1 : w.column) + static_cast<std::uint32_t>(offset);
  return w;
}

std::int32_t Amount::now(const Game& game, const ResolveContext& ctx) const {
  if (!expr) return fixed;
  const std::int64_t v = expr->eval(game, ctx);
  if (v <= 0) return 0;
  return static_cast<std::int32_t>(
      std::min<std::int64_t>(v, std::numeric_limits<std::int32_t>::max()));
}

Amount compile_amount(const Param& amount, CompileContext& ctx, std::string_view what) {
  const std::string& a = amount.text();
  Amount out;
  if (const auto dollar = a.find('$'); dollar != std::string::npos) {
    const std::string name = a.substr(0, dollar);
    CompileContext inner{ctx.registry, ctx.card, shifted(amount.where(), dollar + 1),
                         ctx.diagnostics};
    out.expr = compile_value(name, std::string_view(a).substr(dollar + 1), inner, amount.where());
    if (!out.expr) amount.fail("value function '" + name + "' compiled to nothing");
    out.text = "X";
    out.x_means = out.expr->describe();
    return out;
  }
  const std::int64_t n = amount.integer();  // any size; the seed's length <= 2 test is gone
  if (n < 0 || n > std::numeric_limits<std::int32_t>::max())
    amount.fail(std::string(what) + " amount " + a + " is out of range (0 to 2147483647)");
  out.fixed = static_cast<std::int32_t>(n);
  out.text = a.starts_with('+') ? a.substr(1) : a;
  return out;
}

std::shared_ptr<const EffectStep> compile_drawback(const Param& drawback, CompileContext& ctx) {
  std::string_view d = drawback.text();
  std::size_t offset = 0;
  if (d.starts_with("Drawback$")) {
    d.remove_prefix(9);
    offset = 9;
  }
  auto verb = ctx.registry.get<EffectVerb>("Drawback", drawback.where());
  CompileContext inner{ctx.registry, ctx.card, shifted(drawback.where(), offset), ctx.diagnostics};
  auto step = verb->compile(d, inner);
  if (!step) drawback.fail("Drawback$ compiled to nothing");
  return step;
}

Tail positional_tail(const Params& params, std::size_t first, std::string_view form,
                     std::string_view before) {
  const auto& v = params.positional_values();
  Tail t;
  std::size_t i = first;
  if (v.size() > i && v[i].text().starts_with("Drawback$")) t.drawback = &v[i++];
  if (v.size() > i) t.description = &v[i++];
  if (v.size() > i) t.stack_description = &v[i++];
  if (v.size() > i) {
    v[i].fail("'" + params.keyword() + "' takes at most " + std::string(form) +
                  "; found an extra part '" + v[i].text() + "'",
              "a ':' inside a description splits it; reword without ':'");
  }
  if (t.description && t.description->text().starts_with("Drawback$"))
    t.description->fail("the Drawback$ part comes right after " + std::string(before));
  return t;
}

std::string source_text(const Params& params) {
  if (params.is_named()) return params.keyword();
  std::string s = params.keyword();
  for (const Param& v : params.positional_values()) s += ":" + v.text();
  return s;
}

// compile_keyword stamps only the abilities at the end of the list, so one inserted before a
// Cantrip is stamped here: provider, location, and a handle that keeps this plugin loaded while
// the card lives.
void add_spell(const Params& params, CompileContext& ctx, std::shared_ptr<const Ability> impl) {
  AbilityDef def{AbilityKind::spell, source_text(params), std::string(kPlugin), params.where(),
                 std::move(impl)};
  auto& abilities = ctx.card.abilities;
  auto at = abilities.end();
  for (auto it = abilities.begin(); it != abilities.end(); ++it)
    if (it->kind == AbilityKind::spell && it->text == kCantrip) {
      at = it;
      break;
    }
  if (at != abilities.end()) {
    auto holder = std::make_shared<
        std::pair<std::shared_ptr<const KeywordHandler>, std::shared_ptr<const Ability>>>(
        ctx.registry.find<KeywordHandler>(params.keyword()), def.impl);
    def.impl = std::shared_ptr<const Ability>(holder, holder->second.get());
  }
  abilities.insert(at, std::move(def));
}

std::string capitalised(std::string text) {
  if (!text.empty() && text[0] >= 'a' && text[0] <= 'z')
    text[0] = static_cast<char>(text[0] - 'a' + 'A');
  return text;
}

}  // namespace anvil::keyword_damage
