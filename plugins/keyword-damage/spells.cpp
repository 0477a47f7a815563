// spDraw and spBounceTgt: the seed's other spell keywords that a Drawback$ follows ("spDraw needs
// to be updated first" — Thirst for Knowledge; Call to Heel's Drawback$TgtDraw/1).
//
//   spDraw:3:Drawback$YouDiscard/2/UnlessDiscardType.Artifact     Thirst for Knowledge
//   spBounceTgt:Creature:Drawback$TgtDraw/1                       Call to Heel
#include "spells.hpp"

#include <array>
#include <string>
#include <utility>
#include <vector>

#include "compile.hpp"
#include "descriptions.hpp"

namespace anvil::keyword_damage {

namespace {

using namespace anvil::literals;

constexpr Symbol kDraw = "draw"_sym;

// "a card", "three cards", "X cards".
std::string cards(const std::string& amount) {
  static constexpr std::array<std::string_view, 11> kWords = {
      "no", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
  if (amount == "1") return "a card";
  for (std::size_t i = 0; i < kWords.size(); ++i)
    if (amount == std::to_string(i)) return std::string(kWords[i]) + " cards";
  return amount + " cards";
}

// A drawback as the next sentence: "you discard two cards" → "discard two cards".
std::string without_you(std::string clause) {
  if (clause.starts_with("you ")) clause.erase(0, 4);
  return clause;
}

void replace_all(std::string& s, std::string_view from, std::string_view to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

std::string chosen_text(const Param* p, std::string generated, const std::string& name) {
  return with_name(p && !p->text().empty() ? p->text() : std::move(generated), name);
}

// ---- spDraw

class DrawSpell final : public Ability {
 public:
  Amount amount;
  std::shared_ptr<const EffectStep> drawback;
  std::string spell_text, stack_text;

  void resolve(Game& game, const ResolveContext& ctx) const override {
    const std::int32_t n = amount.now(game, ctx);
    const int drawn = n > 0 ? draw(game, ctx.controller, n, ctx.source.id) : 0;
    if (!drawback) return;
    const std::array<Target, 1> you{Target::of(ctx.controller)};
    ResolveContext then = ctx;
    then.targets = you;
    // X is the number the spell says; Dealt the cards actually drawn.
    then.event = EventRecord{kDraw, Target::of(ctx.controller), Target::of(ctx.source), drawn};
    drawback->run(game, then, n);
  }
  std::string describe() const override { return spell_text; }
  std::string describe_on_stack(const Game&, const ResolveContext&) const override {
    return stack_text;
  }
};

class DrawKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Param* amount = nullptr;
    Tail tail;
    if (params.is_named()) {
      const Bound b = params.bind({"amount", "drawback?", "description?", "stack_description?"});
      amount = &b.required("amount");
      tail = {b.optional("drawback"), b.optional("description"), b.optional("stack_description")};
    } else {
      const auto& v = params.positional_values();
      if (v.empty() || v[0].text().empty())
        params.fail("'spDraw' needs the number of cards: 'spDraw:3'");
      amount = &v[0];
      tail = positional_tail(params, 1, "#Cards, Drawback$, a description and a stack description");
    }
    check_descriptions(params, tail, "the number of cards", ctx);
    auto spell = std::make_shared<DrawSpell>();
    spell->amount = compile_amount(*amount, ctx, "card");
    std::string text = "Draw " + cards(spell->amount.text);
    std::string stack = "CARDNAME - you draw " + cards(spell->amount.text);
    if (spell->amount.expr) text += ", where X is " + spell->amount.x_means;
    text += ".";
    if (tail.drawback) {
      spell->drawback = compile_drawback(*tail.drawback, ctx);
      const std::string then = spell->drawback->describe();
      text += " Then " + without_you(then) + ".";
      stack += ", then " + then;
    }
    stack += ".";
    spell->spell_text = chosen_text(tail.description, text, ctx.card.name);
    spell->stack_text = chosen_text(tail.stack_description, stack, ctx.card.name);
    add_spell(params, ctx, std::move(spell));
  }
  std::string summary() const override {
    return "spDraw:#Cards[:Drawback$…][:SpellDescription[:StackDescription]] — you draw cards";
  }
};

// ---- spBounceTgt

constexpr std::array<std::string_view, 6> kBounceTypes = {"Creature", "Artifact",     "Enchantment",
                                                          "Land",     "Planeswalker", "Permanent"};

class BounceSpell final : public Ability {
 public:
  std::vector<Symbol> types;  // any of them; empty = any permanent
  std::string what;           // "creature", "artifact or enchantment"
  std::shared_ptr<const EffectStep> drawback;
  std::string spell_text, stack_text;

  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose target " + what; }
  bool can_target(const Game& game, const ResolveContext&, std::size_t index,
                  const Target& t) const override {
    if (index != 0 || !t.is_object()) return false;
    const GameState& s = game.state();
    if (!s.exists(t.object.id) || !s.is_current(t.object)) return false;
    if (s.object(t.object.id).zone.kind != ZoneKind::battlefield) return false;
    if (types.empty()) return true;
    const Characteristics c = game.view(t.object.id);
    for (Symbol type : types)
      if (c.has_type(type)) return true;
    return false;
  }
  // A permanent, of one of `types` when there is one type only (several: any of them, which
  // one Symbol cannot say).
  TargetRequirement target_requirement(std::size_t index) const override {
    if (index != 0) return {.players = false, .zones = 0, .card_type = {}};
    return {.players = false,
            .zones = zone_bit(ZoneKind::battlefield),
            .card_type = types.size() == 1 ? types.front() : Symbol{}};
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    // 608.2b: a target that left the battlefield or changed — the spell does nothing.
    if (ctx.targets.empty() || !can_target(game, ctx, 0, ctx.targets[0])) return;
    const ObjectId id = ctx.targets[0].object.id;
    // "Its controller": as the permanent last existed on the battlefield.
    const PlayerId controller = game.object(id).controller;
    const std::int64_t mana_value = game.view(id).cost.value();
    move_to_zone(game, id, ZoneRef::hand(game.object(id).owner), Cause::bounce, ctx.source.id);
    if (!drawback) return;
    const std::array<Target, 1> tgt{Target::of(controller)};
    ResolveContext then = ctx;
    then.targets = tgt;
    drawback->run(game, then, mana_value);
  }
  std::string describe() const override { return spell_text; }
  std::string describe_on_stack(const Game&, const ResolveContext&) const override {
    return stack_text;
  }
};

class BounceKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Param* type = nullptr;
    Tail tail;
    if (params.is_named()) {
      const Bound b = params.bind({"target", "drawback?", "description?", "stack_description?"});
      type = &b.required("target");
      tail = {b.optional("drawback"), b.optional("description"), b.optional("stack_description")};
    } else {
      const auto& v = params.positional_values();
      if (v.empty() || v[0].text().empty())
        params.fail("'spBounceTgt' needs the target's type: 'spBounceTgt:Creature'");
      type = &v[0];
      tail =
          positional_tail(params, 1, "the type, Drawback$, a description and a stack description");
    }
    check_descriptions(params, tail, "the target's type", ctx);
    auto spell = std::make_shared<BounceSpell>();
    read_types(*type, *spell);
    std::string text = "Return target " + spell->what + " to its owner's hand.";
    std::string stack = "CARDNAME - returns target " + spell->what + " to its owner's hand";
    if (tail.drawback) {
      spell->drawback = compile_drawback(*tail.drawback, ctx);
      // Tgt is the permanent's controller: "that player" reads "its controller".
      std::string then = spell->drawback->describe();
      replace_all(then, "that player", "its controller");
      text += " " + capitalised(then) + ".";
      stack += " and " + then;
    }
    stack += ".";
    spell->spell_text = chosen_text(tail.description, text, ctx.card.name);
    spell->stack_text = chosen_text(tail.stack_description, stack, ctx.card.name);
    add_spell(params, ctx, std::move(spell));
  }
  std::string summary() const override {
    return "spBounceTgt:Type[,Type…][:Drawback$…][:SpellDescription[:StackDescription]] — "
           "return target permanent to its owner's hand";
  }

 private:
  // "Creature", "Artifact,Enchantment", "Permanent".
  static void read_types(const Param& p, BounceSpell& spell) {
    const std::string& text = p.text();
    std::vector<std::string> words;
    std::size_t start = 0;
    while (true) {
      const std::size_t comma = text.find(',', start);
      std::string w = text.substr(start, comma == std::string::npos ? comma : comma - start);
      while (!w.empty() && w.front() == ' ') w.erase(0, 1);
      while (!w.empty() && w.back() == ' ') w.pop_back();
      bool known = false;
      for (std::string_view k : kBounceTypes) known = known || k == w;
      if (!known) {
        std::string hint = did_you_mean(w, kBounceTypes);
        p.fail("spBounceTgt type '" + w + "' is unknown",
               hint.empty() ? "use Creature, Artifact, Enchantment, Land, Planeswalker or "
                              "Permanent, several separated by ','"
                            : hint);
      }
      words.push_back(std::move(w));
      if (comma == std::string::npos) break;
      start = comma + 1;
    }
    bool any = false;
    for (const std::string& w : words) any = any || w == "Permanent";
    std::string what;
    for (std::size_t i = 0; i < words.size() && !any; ++i) {
      spell.types.emplace_back(words[i]);
      std::string lower = words[i];
      lower[0] = static_cast<char>(lower[0] - 'A' + 'a');
      what += (i == 0 ? "" : i + 1 == words.size() ? " or " : ", ") + lower;
    }
    spell.what = any ? "permanent" : what;
  }
};

}  // namespace

void register_spell_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("spDraw", std::make_shared<DrawKeyword>());
  registrar.add<KeywordHandler>("spBounceTgt", std::make_shared<BounceKeyword>());
}

}  // namespace anvil::keyword_damage
