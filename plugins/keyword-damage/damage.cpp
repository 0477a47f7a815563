#include "damage.hpp"

#include <algorithm>
#include <array>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "compile.hpp"
#include "descriptions.hpp"

namespace anvil::keyword_damage {

namespace {

using namespace anvil::literals;

constexpr Symbol kCreature = "Creature"_sym;
constexpr Symbol kDamage = "damage"_sym;

// ---- the ability

class DamageSpell final : public Ability {
 public:
  TargetKind kind = TargetKind::creature_or_player;
  Amount amount;
  std::shared_ptr<const EffectStep> drawback;
  std::string spell_text, stack_text;

  std::size_t target_count() const override { return kind == TargetKind::itself ? 0 : 1; }
  std::string describe_on_stack(const Game&, const ResolveContext&) const override {
    return stack_text;
  }
  std::string target_prompt(std::size_t) const override {
    return std::string("Choose ") + target_text(kind);
  }

  bool can_target(const Game& game, const ResolveContext&, std::size_t index,
                  const Target& t) const override {
    if (index != 0 || kind == TargetKind::itself) return false;
    if (t.is_player()) {
      return kind != TargetKind::creature && t.player.valid() &&
             t.player.value < game.state().player_count();
    }
    if (!t.is_object() || kind == TargetKind::player) return false;
    return is_creature_on_battlefield(game, t.object);
  }

  // can_target's test as a requirement the rules can check without a call: "target creature"
  // is never asked about a land, "target player" about any permanent.
  TargetRequirement target_requirement(std::size_t index) const override {
    if (index != 0 || kind == TargetKind::itself)
      return {.players = false, .zones = 0, .card_type = {}};
    if (kind == TargetKind::player) return {.players = true, .zones = 0, .card_type = {}};
    return {.players = kind == TargetKind::creature_or_player,
            .zones = zone_bit(ZoneKind::battlefield),
            .card_type = kCreature};
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    Target target;
    if (kind == TargetKind::itself) {
      // "CARDNAME deals 1 damage to itself": only while it is the same permanent.
      if (!is_on_battlefield(game, ctx.source)) return;
      target = Target::of(ctx.source);
    } else {
      // 608.2b: a target that moved or is no longer legal — the spell does nothing.
      if (ctx.targets.empty() || !can_target(game, ctx, 0, ctx.targets[0])) return;
      target = ctx.targets[0];
    }
    const std::int32_t n = amount.now(game, ctx);
    // "That player": the target, or the creature's controller as it was when damage was dealt.
    const PlayerId tgt_player =
        target.is_player() ? target.player : game.object(target.object.id).controller;
    const std::int32_t dealt = deal_damage(game, ctx.source.id, target, n);
    if (!drawback) return;
    const std::array<Target, 1> tgt{Target::of(tgt_player)};
    ResolveContext then = ctx;
    then.targets = tgt;
    // X is the amount computed above; Dealt is what deal_damage dealt after prevention and
    // replacement (Corrupt: "you gain life equal to the damage dealt this way").
    then.event = EventRecord{kDamage, target, Target::of(ctx.source), dealt};
    drawback->run(game, then, n);
  }

  std::string describe() const override { return spell_text; }

 private:
  static bool is_creature_on_battlefield(const Game& game, ObjectRef ref) {
    const GameState& s = game.state();
    // is_current's test without its call: the target checks ask this of every
    // permanent (0.5% of a random game's instructions).
    if (!s.exists(ref.id)) return false;
    const GameObject& o = s.object(ref.id);
    if (o.zone_changes != ref.zone_changes || o.zone.kind != ZoneKind::battlefield) return false;
    Characteristics scratch;  // Game::view without a copy when no effect applies
    return game.view(ref.id, scratch).has_type(kCreature);
  }
  static bool is_on_battlefield(const Game& game, ObjectRef ref) {
    const GameState& s = game.state();
    return s.exists(ref.id) && s.is_current(ref) &&
           s.object(ref.id).zone.kind == ZoneKind::battlefield;
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
  const Param* cost = nullptr;  // abDamage* only
  const Param* amount = nullptr;
  Tail tail;
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
  p.tail = positional_tail(params, i, "#Dmg, Drawback$, a description and a stack description");
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
  p.tail.drawback = b.optional("drawback");
  p.tail.description = b.optional("description");
  p.tail.stack_description = b.optional("stack_description");
  return p;
}

// An activation cost as every rules module reads it (the kernel's read_cost_text): text nothing
// could read ({Zz}, {WW}, "Banana", {T} twice, a number too large) is an error at load, at its
// column, where the author sees it, instead of an ability that is never offered. A discard is
// refused too: these abilities are activated on the battlefield, with no card in a hand.
void check_cost(const Param& cost, const std::string& text) {
  CostText read;
  if (auto problem = read_cost_text(text, read)) {
    if (text != cost.text()) problem->offset = 0;  // Forge's spelling: its words are elsewhere
    problem->what = "cannot read the cost '" + cost.text() + "': " + problem->what;
    fail_at(cost, *problem);
  }
  if (read.discard)
    cost.fail("cannot read the cost '" + cost.text() +
                  "': an ability of a permanent cannot discard its card",
              "a discard is for abilities activated from the hand, such as cycling");
}

// An activation cost in the card language's notation ("{2}{R}, {T}", "Sacrifice CARDNAME"),
// or in Forge's spelling ("T", "1 R", "2 R T", "R/P T", "Sac<1/CARDNAME>"), which becomes the
// former, each word of it a symbol, T or a sacrifice.
std::string normalise_cost(const Param& cost) {
  const std::string& c = cost.text();
  if (c.find('{') != std::string::npos || c.starts_with("Sacrifice") || c.starts_with("Discard")) {
    check_cost(cost, c);
    return c;
  }
  std::string mana, tap, sac;
  for (std::size_t i = 0; i < c.size();) {
    if (c[i] == ' ') {
      ++i;
      continue;
    }
    std::size_t end = c.find(' ', i);
    if (end == std::string::npos) end = c.size();
    const std::string tok = c.substr(i, end - i);
    const auto fail_word = [&](const std::string& problem, const std::string& hint) {
      fail_at(cost, CostProblem{i, "cannot read the cost '" + c + "': " + problem, hint});
    };
    if (tok == "T") {
      if (!tap.empty()) fail_word("it says T twice", "");
      tap = "{T}";
    } else if (tok == "Sac<1/CARDNAME>" || tok == "Sac") {
      if (!sac.empty()) fail_word("it says Sac twice", "");
      sac = "Sacrifice CARDNAME";
    } else {
      ManaCost probe;  // a mana symbol: the kernel says which words are
      if (auto problem = add_mana_symbol(probe, tok)) {
        const bool number = tok.find_first_not_of("0123456789") == std::string::npos;
        if (number) fail_word(problem->what, problem->hint);  // too large
        fail_word("'" + tok + "' is no mana symbol, T or Sac",
                  "write it as words like '1 R T' or 'R/P T', or as symbols in braces, like "
                  "'{1}{R}, {T}' or '{T}, Sacrifice CARDNAME'");
      }
      mana += "{" + tok + "}";
    }
    i = end;
  }
  std::string out = mana;
  for (const std::string& part : {tap, sac}) {
    if (part.empty()) continue;
    if (!out.empty()) out += ", ";
    out += part;
  }
  if (out.empty()) cost.fail("an activation cost cannot be empty");
  check_cost(cost, out);  // what the words make: a total too large for a cost, say
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

const char* suffix(TargetKind kind) {
  switch (kind) {
    case TargetKind::creature:
      return "TgtC";
    case TargetKind::player:
      return "TgtP";
    case TargetKind::creature_or_player:
      return "TgtCP";
    case TargetKind::itself:
      return "Self";
  }
  return "";
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
    check_descriptions(params, parts.tail, "the damage amount", ctx);
    auto spell = std::make_shared<DamageSpell>();
    DamageText text;
    spell->kind = fixed_ ? *fixed_ : parse_target(*parts.target);
    text.target = spell->kind;
    spell->amount = compile_amount(*parts.amount, ctx, "damage");
    text.amount = spell->amount.text;
    text.x_means = spell->amount.x_means;
    if (parts.tail.drawback) {
      spell->drawback = compile_drawback(*parts.tail.drawback, ctx);
      text.drawback = spell->drawback->describe();
    }
    const Param* desc = parts.tail.description;
    const Param* stack_desc = parts.tail.stack_description;
    const std::string& name = ctx.card.name;
    spell->spell_text =
        with_name(desc && !desc->text().empty() ? desc->text() : spell_description(text), name);
    spell->stack_text = with_name(
        stack_desc && !stack_desc->text().empty() ? stack_desc->text() : stack_description(text),
        name);
    if (!activated_) {
      add_spell(params, ctx, std::move(spell));
      return;
    }
    std::string cost = normalise_cost(*parts.cost);
    if (!desc || desc->text().empty()) spell->spell_text = cost + ": " + spell->spell_text;
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::activated, source_text(params),
                                            std::string(kPlugin), params.where(), std::move(spell),
                                            std::move(cost)});
  }

  std::string summary() const override {
    if (activated_)
      return std::string("abDamage") + suffix(*fixed_) +
             ":Cost:#Dmg[:Drawback$…][:Description[:StackDescription]] — an activated ability: "
             "damage to " +
             target_text(*fixed_);
    if (!fixed_)
      return "spDamageTgt: {target, amount, drawback?, description?, stack_description?}";
    return std::string("spDamage") + suffix(*fixed_) +
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
  registrar.add<KeywordHandler>("abDamageSelf",
                                std::make_shared<DamageKeyword>(TargetKind::itself, true));
  registrar.add<KeywordHandler>("Cantrip", std::make_shared<CantripKeyword>());
}

}  // namespace anvil::keyword_damage
