#include "compile.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <utility>

namespace anvil::keyword_damage {

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
  if (d.starts_with(kDrawbackPrefix)) {
    offset = kDrawbackPrefix.size();
    d.remove_prefix(offset);
  }
  auto verb = ctx.registry.get<EffectVerb>("Drawback", drawback.where());
  CompileContext inner{ctx.registry, ctx.card, shifted(drawback.where(), offset), ctx.diagnostics};
  auto step = verb->compile(d, inner);
  if (!step) drawback.fail("Drawback$ compiled to nothing");
  return step;
}

namespace {

// The word of a "Word$" at the start of `text` ("Drawbak" of "Drawbak$YouGainLife/1"), or empty:
// what a prefix such as Drawback$ or Count$ looks like, and no description starts with.
std::string_view dollar_word(std::string_view text) {
  const std::size_t dollar = text.find('$');
  if (dollar == std::string_view::npos || dollar == 0) return {};
  const std::string_view word = text.substr(0, dollar);
  const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
  if (!letter(word[0])) return {};
  for (char c : word)
    if (!letter(c) && !(c >= '0' && c <= '9') && c != '_') return {};
  return word;
}

// Whether the values were split from one line on ':' (Params::parse_classic), each one column
// after the ':' that ends the one before: a YAML list puts "[", ", " or a new line between its
// items, so only a colon line can have split a description at a ':' in it.
bool split_on_colons(const Params& params) {
  if (params.is_named()) return false;
  const SourceLocation& line = params.where();
  std::size_t column = line.column + params.keyword().size() + 1;
  for (const Param& v : params.positional_values()) {
    if (v.where().line != line.line || v.where().column != column) return false;
    column += v.text().size() + 1;
  }
  return true;
}

// A description part that starts like a prefix is a misspelt or misplaced one: taken as a
// description, its drawback would silently never happen.
void check_prefix(const Param& part, const Params& params, std::string_view before) {
  const std::string_view word = dollar_word(part.text());
  if (word.empty()) return;
  const std::string prefix = std::string(word) + "$";
  if (prefix == kDrawbackPrefix && params.is_named())
    part.fail("a drawback is not a description", "write it under 'drawback:'");
  if (prefix == kDrawbackPrefix)
    part.fail("the Drawback$ part comes right after " + std::string(before));
  const std::array<std::string_view, 1> known{kDrawbackPrefix};
  std::string hint = did_you_mean(prefix, known);
  if (hint.empty()) hint = "the only prefix here is Drawback$, before a drawback's steps";
  part.fail("'" + params.keyword() + "' knows no prefix '" + prefix +
                "'; a description cannot start with one",
            std::move(hint));
}

void warn_at(CompileContext& ctx, const Param& part, std::string message) {
  ctx.diagnostics.push_back({Diagnostic::Severity::warning, part.where(),
                             "card '" + ctx.card.name + "': " + std::move(message)});
}

// Whether the registry's Drawback verb compiles `text`: a description that does was most
// likely meant as the drawback with its prefix left out. Compiled into a scratch card, with its
// diagnostics dropped, so that nothing of it stays.
bool reads_as_drawback(const Param& part, const CompileContext& ctx) {
  const auto verb = ctx.registry.find<EffectVerb>("Drawback");
  if (!verb) return false;
  CardDef scratch;
  scratch.name = ctx.card.name;
  std::vector<Diagnostic> dropped;
  CompileContext inner{ctx.registry, scratch, part.where(), dropped};
  try {
    return verb->compile(part.text(), inner) != nullptr;
  } catch (const std::exception&) {
    return false;
  }
}

void check_description(const Param* part, const Tail& tail, CompileContext& ctx) {
  if (!part) return;
  if (part->text().empty()) {
    warn_at(ctx, *part,
            "the description is empty, so it is ignored and the generated one is used; drop the "
            "empty part");
    return;
  }
  if (part != tail.description || tail.drawback || !reads_as_drawback(*part, ctx)) return;
  warn_at(ctx, *part,
          "the description '" + part->text() + "' reads as a drawback step; write Drawback$" +
              part->text() + " if it is one");
}

}  // namespace

Tail positional_tail(const Params& params, std::size_t first, std::string_view form) {
  const auto& v = params.positional_values();
  Tail t;
  std::size_t i = first;
  if (v.size() > i && v[i].text().starts_with(kDrawbackPrefix)) t.drawback = &v[i++];
  if (v.size() > i) t.description = &v[i++];
  if (v.size() > i) t.stack_description = &v[i++];
  if (v.size() > i) {
    v[i].fail(
        "'" + params.keyword() + "' takes at most " + std::string(form) +
            "; found an extra part '" + v[i].text() + "'",
        split_on_colons(params) ? "a ':' inside a description splits it; reword without ':'" : "");
  }
  return t;
}

void check_descriptions(const Params& params, const Tail& tail, std::string_view before,
                        CompileContext& ctx) {
  for (const Param* part : {tail.description, tail.stack_description})
    if (part) check_prefix(*part, params, before);
  for (const Param* part : {tail.description, tail.stack_description})
    check_description(part, tail, ctx);
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
