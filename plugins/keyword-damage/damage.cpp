#include "damage.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "descriptions.hpp"

namespace anvil::keyword_damage {

namespace {

using namespace anvil::literals;

constexpr Symbol kCreature = "Creature"_sym;
constexpr std::string_view kPlugin = "keyword-damage";
constexpr std::string_view kCantrip = "Cantrip";

SourceLocation shifted(const SourceLocation& where, std::size_t offset) {
  SourceLocation w = where;
  if (w.line != 0) w.column = (w.column == 0 ? 1 : w.column) + static_cast<std::uint32_t>(offset);
  return w;
}

// ---- the ability

class DamageSpell final : public Ability {
 public:
  TargetKind kind = TargetKind::creature_or_player;
  std::int32_t amount = 0;  // when `amount_expr` is null
  std::shared_ptr<const ValueExpr> amount_expr;
  std::shared_ptr<const EffectStep> drawback;
  std::string spell_text, stack_text;

  std::size_t target_count() const override { return 1; }
  std::string describe_on_stack(const Game&, const ResolveContext&) const override {
    return stack_text;
  }
  std::string target_prompt(std::size_t) const override {
    return std::string("Choose ") + target_text(kind);
  }

  bool can_target(const Game& game, const ResolveContext&, std::size_t index,
                  const Target& t) const override {
    if (index != 0) return false;
    if (t.is_player()) {
      return kind != TargetKind::creature && t.player.valid() &&
             t.player.value < game.state().player_count();
    }
    if (!t.is_object() || kind == TargetKind::player) return false;
    const GameState& s = game.state();
    if (!s.exists(t.object.id) || !s.is_current(t.object)) return false;
    if (s.object(t.object.id).zone.kind != ZoneKind::battlefield) return false;
    return game.view(t.object.id).has_type(kCreature);
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    // 608.2b: a target that moved or is no longer legal — the spell does nothing.
    if (ctx.targets.empty() || !can_target(game, ctx, 0, ctx.targets[0])) return;
    const Target target = ctx.targets[0];
    const std::int32_t n = amount_now(game, ctx);
    // "That player": the target, or the creature's controller as it was when damage was dealt.
    const PlayerId tgt_player =
        target.is_player() ? target.player : game.object(target.object.id).controller;
    deal_damage(game, ctx.source.id, target, n);
    if (!drawback) return;
    const std::array<Target, 1> tgt{Target::of(tgt_player)};
    ResolveContext then = ctx;
    then.targets = tgt;
    drawback->run(game, then, n);
  }

  std::string describe() const override { return spell_text; }

 private:
  std::int32_t amount_now(const Game& game, const ResolveContext& ctx) const {
    if (!amount_expr) return amount;
    const std::int64_t v = amount_expr->eval(game, ctx);
    if (v <= 0) return 0;
    return static_cast<std::int32_t>(
        std::min<std::int64_t>(v, std::numeric_limits<std::int32_t>::max()));
  }
};

class CantripAbility final : public Ability {
 public:
  void resolve(Game& game, const ResolveContext& ctx) const override {
    draw(game, ctx.controller, 1, ctx.source.id);
  }
  std::string describe() const override { return "Draw a card."; }
};

// ---- compiling

struct Parts {
  const Param* cost = nullptr;  // abDamageTgt* only
  const Param* amount = nullptr;
  const Param* drawback = nullptr;
  const Param* description = nullptr;
  const Param* stack_description = nullptr;
  const Param* target = nullptr;  // named form only
};

// The four positional forms; a part starting with "Drawback$" is the drawback.
Parts positional_parts(const Params& params, bool with_cost) {
  const auto& v = params.positional_values();
  Parts p;
  std::size_t i = 0;
  if (with_cost) {
    if (v.empty() || v[0].text().empty())
      params.fail("'" + params.keyword() + "' needs a cost first: '" + params.keyword() +
                  ":{T}:2'");
    p.cost = &v[i++];
  }
  if (v.size() <= i || v[i].text().empty())
    params.fail("'" + params.keyword() + "' needs a damage amount: '" + params.keyword() +
                (with_cost ? ":{T}:3'" : ":3'"));
  p.amount = &v[i++];
  if (v.size() > i && v[i].text().starts_with("Drawback$")) p.drawback = &v[i++];
  if (v.size() > i) p.description = &v[i++];
  if (v.size() > i) p.stack_description = &v[i++];
  if (v.size() > i) {
    v[i].fail("'" + params.keyword() +
                  "' takes at most #Dmg, Drawback$, a description and a stack "
                  "description; found an extra part '" +
                  v[i].text() + "'",
              "a ':' inside a description splits it; reword without ':'");
  }
  if (p.description && p.description->text().starts_with("Drawback$"))
    p.description->fail("the Drawback$ part comes right after the damage amount");
  return p;
}

Parts named_parts(const Params& params, bool needs_target) {
  Parts p;
  const Bound b =
      needs_target
          ? params.bind({"target", "amount", "drawback?", "description?", "stack_description?"})
          : params.bind({"amount", "drawback?", "description?", "stack_description?"});
  if (needs_target) p.target = &b.required("target");
  p.amount = &b.required("amount");
  p.drawback = b.optional("drawback");
  p.description = b.optional("description");
  p.stack_description = b.optional("stack_description");
  return p;
}

// An activation cost in the card language's notation ("{2}{R}, {T}", "Sacrifice CARDNAME"),
// or in Forge's spelling ("T", "1 R", "2 R T", "Sac<1/CARDNAME>"), which becomes the former.
std::string normalise_cost(const Param& cost) {
  const std::string& c = cost.text();
  if (c.find('{') != std::string::npos || c.starts_with("Sacrifice")) return c;
  std::string mana, tap, sac;
  std::size_t i = 0;
  while (i < c.size()) {
    if (c[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = c.find(' ', i);
    if (end == std::string::npos) end = c.size();
    const std::string tok = c.substr(i, end - i);
    i = end;
    const bool digits =
        std::all_of(tok.begin(), tok.end(), [](char ch) { return ch >= '0' && ch <= '9'; });
    if (tok == "T") {
      tap = "{T}";
    } else if (tok == "Sac<1/CARDNAME>" || tok == "Sac") {
      sac = "Sacrifice CARDNAME";
    } else if (digits || (tok.size() == 1 &&
                          std::string_view("WUBRGCX").find(tok[0]) != std::string_view::npos)) {
      mana += "{" + tok + "}";
    } else {
      cost.fail("cannot read the cost '" + c + "'",
                "write it as symbols in braces, like {1}{R}, {T} or 'Sacrifice CARDNAME'");
    }
  }
  std::string out = mana;
  for (const std::string& part : {tap, sac}) {
    if (part.empty()) continue;
    if (!out.empty()) out += ", ";
    out += part;
  }
  if (out.empty()) cost.fail("an activation cost cannot be empty");
  return out;
}

TargetKind parse_target(const Param& target) {
  const std::string& t = target.text();
  if (t == "creature") return TargetKind::creature;
  if (t == "player") return TargetKind::player;
  if (t == "creature_or_player") return TargetKind::creature_or_player;
  const std::array<std::string_view, 3> known = {"creature", "player", "creature_or_player"};
  std::string hint = did_you_mean(t, known);
  target.fail("target '" + t + "' is unknown",
              hint.empty() ? "use creature, player or creature_or_player" : hint);
}

// "3" or "Count$TypeYouCtrl.Swamp" (any registered value function: "<Name>$<expr>").
void compile_amount(const Param& amount, CompileContext& ctx, DamageSpell& spell,
                    DamageText& text) {
  const std::string& a = amount.text();
  if (const auto dollar = a.find('$'); dollar != std::string::npos) {
    const std::string name = a.substr(0, dollar);
    auto fn = ctx.registry.get<ValueFunction>(name, amount.where());
    CompileContext inner{ctx.registry, ctx.card, shifted(amount.where(), dollar + 1),
                         ctx.diagnostics};
    spell.amount_expr = fn->compile(std::string_view(a).substr(dollar + 1), inner);
    if (!spell.amount_expr) amount.fail("value function '" + name + "' compiled to nothing");
    text.amount = "X";
    text.x_means = spell.amount_expr->describe();
    return;
  }
  const std::int64_t n = amount.integer();  // any size; the seed's length <= 2 test is gone
  if (n < 0 || n > std::numeric_limits<std::int32_t>::max())
    amount.fail("damage amount " + a + " is out of range (0 to 2147483647)");
  spell.amount = static_cast<std::int32_t>(n);
  text.amount = a.starts_with('+') ? a.substr(1) : a;
}

void compile_drawback(const Param& drawback, CompileContext& ctx, DamageSpell& spell,
                      DamageText& text) {
  std::string_view d = drawback.text();
  std::size_t offset = 0;
  if (d.starts_with("Drawback$")) {
    d.remove_prefix(9);
    offset = 9;
  }
  auto verb = ctx.registry.get<EffectVerb>("Drawback", drawback.where());
  CompileContext inner{ctx.registry, ctx.card, shifted(drawback.where(), offset), ctx.diagnostics};
  spell.drawback = verb->compile(d, inner);
  if (!spell.drawback) drawback.fail("Drawback$ compiled to nothing");
  text.drawback = spell.drawback->describe();
}

std::string source_text(const Params& params) {
  if (params.is_named()) return params.keyword();
  std::string s = params.keyword();
  for (const Param& v : params.positional_values()) s += ":" + v.text();
  return s;
}

// Adds a spell ability before any Cantrip already on the card, so Cantrip resolves last.
// compile_keyword stamps only the abilities at the end of the list, so this one is stamped here:
// provider, location, and a handle that keeps this plugin loaded while the card lives.
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

class DamageKeyword final : public KeywordHandler {
 public:
  // `fixed`: the target kind of spDamageTgtC/P/CP; none for the named spDamageTgt.
  explicit DamageKeyword(std::optional<TargetKind> fixed, bool activated = false)
      : fixed_(fixed), activated_(activated) {}

  void compile(const Params& params, CompileContext& ctx) const override {
    if (activated_ && params.is_named())
      params.fail("'" + params.keyword() + "' is written positionally: '" + params.keyword() +
                  ":{T}:2[:Drawback$…]'");
    if (!fixed_ && !params.is_named())
      params.fail("'spDamageTgt' is the named form: spDamageTgt: {target: creature, amount: 3}",
                  "for the classic line, write spDamageTgtC, spDamageTgtP or spDamageTgtCP");
    const Parts parts =
        params.is_named() ? named_parts(params, !fixed_) : positional_parts(params, activated_);
    auto spell = std::make_shared<DamageSpell>();
    DamageText text;
    spell->kind = fixed_ ? *fixed_ : parse_target(*parts.target);
    text.target = spell->kind;
    compile_amount(*parts.amount, ctx, *spell, text);
    if (parts.drawback) compile_drawback(*parts.drawback, ctx, *spell, text);
    const std::string& name = ctx.card.name;
    spell->spell_text = with_name(parts.description && !parts.description->text().empty()
                                      ? parts.description->text()
                                      : spell_description(text),
                                  name);
    spell->stack_text =
        with_name(parts.stack_description && !parts.stack_description->text().empty()
                      ? parts.stack_description->text()
                      : stack_description(text),
                  name);
    if (!activated_) {
      add_spell(params, ctx, std::move(spell));
      return;
    }
    std::string cost = normalise_cost(*parts.cost);
    if (!parts.description || parts.description->text().empty())
      spell->spell_text = cost + ": " + spell->spell_text;
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::activated, source_text(params),
                                            std::string(kPlugin), params.where(), std::move(spell),
                                            std::move(cost)});
  }

  std::string summary() const override {
    if (activated_)
      return std::string("abDamageTgt") +
             (*fixed_ == TargetKind::creature ? "C"
              : *fixed_ == TargetKind::player ? "P"
                                              : "CP") +
             ":Cost:#Dmg[:Drawback$…][:Description[:StackDescription]] — an activated ability: "
             "damage to " +
             target_text(*fixed_);
    if (!fixed_)
      return "spDamageTgt: {target, amount, drawback?, description?, stack_description?}";
    return std::string("spDamageTgt") +
           (*fixed_ == TargetKind::creature ? "C"
            : *fixed_ == TargetKind::player ? "P"
                                            : "CP") +
           ":#Dmg[:Drawback$…][:SpellDescription[:StackDescription]] — damage to " +
           target_text(*fixed_);
  }

 private:
  std::optional<TargetKind> fixed_;
  bool activated_ = false;
};

class CantripKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::spell, std::string(kCantrip),
                                            std::string(kPlugin), params.where(),
                                            std::make_shared<CantripAbility>()});
  }
  std::string summary() const override {
    return "Cantrip — draw a card after the spell's other effects";
  }
};

}  // namespace

void register_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("spDamageTgtC",
                                std::make_shared<DamageKeyword>(TargetKind::creature));
  registrar.add<KeywordHandler>("spDamageTgtP",
                                std::make_shared<DamageKeyword>(TargetKind::player));
  registrar.add<KeywordHandler>("spDamageTgtCP",
                                std::make_shared<DamageKeyword>(TargetKind::creature_or_player));
  registrar.add<KeywordHandler>("spDamageTgt", std::make_shared<DamageKeyword>(std::nullopt));
  registrar.add<KeywordHandler>("abDamageTgtC",
                                std::make_shared<DamageKeyword>(TargetKind::creature, true));
  registrar.add<KeywordHandler>("abDamageTgtP",
                                std::make_shared<DamageKeyword>(TargetKind::player, true));
  registrar.add<KeywordHandler>(
      "abDamageTgtCP", std::make_shared<DamageKeyword>(TargetKind::creature_or_player, true));
  registrar.add<KeywordHandler>("Cantrip", std::make_shared<CantripKeyword>());
}

}  // namespace anvil::keyword_damage
