// Countering spells (701.5): the keyword `counter: {target: spell, unless_pays: "{3}"}` —
// "Counter target spell." (Counterspell), "Counter target creature spell." (Essence Scatter),
// "Counter target noncreature spell." (Negate), "Counter target spell unless its controller
// pays {3}." (Mana Leak).
//
// A countered spell is taken off the stack and put into its owner's graveyard (701.5a) without
// resolving: none of its effects happen (a copy of a spell then ceases to exist, 704.5e). The
// keyword targets spells only; ward (ward.cpp) also counters abilities, which just leave the
// stack. "Unless its controller pays": as the counterspell resolves, the spell's controller is
// asked whether to pay when they can (118.12), and the mana is paid then; a player who cannot pay
// is not asked. `cant_be_countered` ("This spell can't be countered.", Supreme Verdict, Carnage
// Tyrant) leaves such a spell on the stack: a counterspell may still target it and resolves doing
// nothing to it, and nobody is asked to pay for it.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// Which spells the ability may target.
enum class SpellFilter : std::uint8_t { any, creature, noncreature };

class CounterSpellAbility final : public Ability {
 public:
  SpellFilter filter = SpellFilter::any;
  std::optional<ManaCost> unless;  // "unless its controller pays {3}"
  std::string unless_text;         // "{3}"

  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override {
    return std::string("Choose a ") + filter_word() + "spell to counter";
  }
  // A spell on the stack other than this one (115.5) that the filter admits.
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    if (!t.is_object() || t.object.id == ctx.source.id || !spell_on_stack(game, t.object))
      return false;
    if (filter == SpellFilter::any) return true;
    const bool creature = game.view(t.object.id).has_type(kCreature);
    return filter == SpellFilter::creature ? creature : !creature;
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
    const ObjectRef spell = ctx.targets[0].object;
    const std::optional<std::size_t> at = spell_on_stack(game, spell);
    if (!at) return;  // rechecked by resolve_top (608.2b)
    const StackItem& item = game.state().stack[*at];
    if (unless && pays_to_keep(game, item, *unless, unless_text, ctx.source.id)) return;
    // The stack may have changed while the player was asked (mana abilities do not use it, but
    // a replacement could): the spell is looked up again.
    if (const std::optional<std::size_t> now = spell_on_stack(game, spell))
      counter_stack_item(game, *now, ctx.source.id);
  }
  std::string describe() const override {
    std::string text = std::string("Counter target ") + filter_word() + "spell";
    if (unless) text += " unless its controller pays " + unless_text;
    return text + ".";
  }

 private:
  const char* filter_word() const {
    switch (filter) {
      case SpellFilter::creature:
        return "creature ";
      case SpellFilter::noncreature:
        return "noncreature ";
      case SpellFilter::any:
        break;
    }
    return "";
  }
};

// counter: {target: spell, unless_pays: "{3}"}
class CounterKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"target", "unless_pays?"});
    auto impl = std::make_shared<CounterSpellAbility>();
    const Param& target = b.required("target");
    if (target.text() == "spell")
      impl->filter = SpellFilter::any;
    else if (target.text() == "creature_spell")
      impl->filter = SpellFilter::creature;
    else if (target.text() == "noncreature_spell")
      impl->filter = SpellFilter::noncreature;
    else
      target.fail("unknown target '" + target.text() + "'",
                  "spell, creature_spell or noncreature_spell");
    if (const Param* p = given(b, "unless_pays")) {
      impl->unless =
          parse_mana_only(*p, "what the spell's controller may pay", "unless_pays: \"{3}\"");
      impl->unless_text = p->text();
    }
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "counter: {target: spell, unless_pays: \"{3}\"} — counter target spell "
           "(creature_spell, noncreature_spell), or unless its controller pays (701.5)";
  }
};

// cant_be_countered: its Symbol on the card.
class CantBeCounteredKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("'cant_be_countered' takes no parameters");
    ctx.card.base.add_keyword(kCantBeCountered);
  }
  std::string summary() const override {
    return "cant_be_countered — \"This spell can't be countered.\" (counterspells and ward leave "
           "it "
           "on the stack)";
  }
};

// Whether the stack item is a spell that can't be countered.
bool uncounterable(const Game& game, const StackItem& item) {
  return item.is_spell && game.state().is_current(item.source) &&
         game.view(item.source.id).has_keyword(kCantBeCountered);
}

}  // namespace

bool pays_to_keep(Game& game, const StackItem& item, const ManaCost& cost,
                  const std::string& cost_text, ObjectId source) {
  const PlayerId controller = item.controller;
  // Paying for a spell that can't be countered would buy nothing: it is not offered.
  if (uncounterable(game, item) || !can_pay(game, controller, cost, 0)) return false;
  Choice choice;
  choice.kind = ChoiceKind::yes_no;
  choice.player = controller;
  choice.source = source;
  const std::string name(game.card(item.source.id).name);
  choice.prompt = "Pay " + cost_text + " so that " + name + " is not countered?";
  choice.options = {{"Don't pay", {}, 0}, {"Pay " + cost_text, {}, 1}};
  if (game.ask(choice).picks.at(0) != 1) return false;
  pay(game, controller, cost, 0);
  return true;
}

void counter_stack_item(Game& game, std::size_t index, ObjectId by) {
  if (uncounterable(game, game.state().stack.at(index))) return;
  const StackItem item = game.journal().take_stack(index);
  if (item.is_spell && game.state().is_current(item.source))
    move_to_zone(game, item.source.id, ZoneRef::graveyard(game.object(item.source.id).owner),
                 Cause::counter, by);
}

bool counters_spells(const Ability& ability) {
  return dynamic_cast<const CounterSpellAbility*>(&ability) != nullptr;
}

void register_counter_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("counter", std::make_shared<CounterKeyword>());
  registrar.add<KeywordHandler>("cant_be_countered", std::make_shared<CantBeCounteredKeyword>());
}

}  // namespace anvil::rules_classic
