// Copies of spells (707.10, 704.5e): the keyword `copy_spell: {new_targets: true}` — "Copy target
// instant or sorcery spell. You may choose new targets for the copy." (Twincast) — and the
// state-based action that makes a copy of a spell that left the stack cease to exist.
//
// A copy is a new object put onto the stack, not cast (707.10: no cast trigger, no cost): an
// object of the copied card, owned and controlled by the player who made it, marked kSpellCopy,
// with a stack item copying the original's mode, X and targets, and kicked as it was (707.2,
// 707.10). Each object it targets, kept or newly chosen, becomes the target of a spell as it is
// put on the stack (announce_targets: ward, "becomes the target" triggers). It resolves as
// any spell does (casting.cpp's resolve_top) and then goes to its owner's graveyard, as a
// countered or fizzled copy does; the next state-based check makes it cease to exist (704.5e,
// spell_copy_to_remove), as a token off the battlefield does.
//
// "Target spell" is the only target on the stack the module knows: common.cpp's targeting looks
// at spells only for abilities for which targets_spells() is true (this one and counterspells,
// counterspells.cpp), so no other ability (a pump, a destroy) can target a creature spell.
#include <algorithm>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// Object attr: 1 on a copy of a spell (707.10).
constexpr Symbol kSpellCopy = "spell_copy"_sym;

class CopySpellAbility final : public Ability {
 public:
  bool new_targets = true;

  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override {
    return "Choose an instant or sorcery spell to copy";
  }
  // An instant or sorcery spell on the stack other than this one (115.5).
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    if (!t.is_object() || t.object.id == ctx.source.id || !spell_on_stack(game, t.object))
      return false;
    const Characteristics c = game.view(t.object.id);
    return c.has_type(kInstant) || c.has_type(kSorcery);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
    const std::optional<std::size_t> at = spell_on_stack(game, ctx.targets[0].object);
    if (!at) return;  // rechecked by resolve_top (608.2b)
    StackItem copy = game.state().stack[*at];
    copy.id = 0;
    copy.controller = ctx.controller;
    const ObjectId original = copy.source.id;
    const ObjectId object = game.add_card(copy.card, ctx.controller, ZoneRef::stack());
    game.journal().set_attr(object, kSpellCopy, 1);
    // 707.10: the choices made as the original was cast are copied; its kicker is one (702.33d:
    // a copy of a kicked spell is kicked, as many times).
    if (const std::int64_t kicks = kick_count(game, original); kicks > 0)
      mark_kicked(game, object, kicks);
    copy.source = game.object(object).ref();
    // 707.10c: "You may choose new targets for the copy": each chosen among the targets legal
    // for the copy; a copy with no legal choice keeps the original's.
    const CardDef& def = game.cards().at(copy.card);
    const Ability* spell =
        copy.ability < def.abilities.size() ? def.abilities[copy.ability].impl.get() : nullptr;
    if (new_targets && spell && spell->target_count() > 0) {
      Choice choice;
      choice.kind = ChoiceKind::yes_no;
      choice.player = ctx.controller;
      choice.prompt = "Choose new targets for the copy of " + def.name + "?";
      choice.source = ctx.source.id;
      choice.options = {{"No", {}, 0}, {"Yes", {}, 1}};
      if (game.ask(choice).picks.at(0) == 1) {
        const ResolveContext for_copy{copy.source, copy.card, copy.ability, copy.controller,
                                      {},          copy.x,    {}};
        if (auto chosen = choose_targets(game, ctx.controller, *spell, for_copy, object))
          copy.targets = std::move(*chosen);
      }
    }
    // 707.10: each object the copy targets, kept or newly chosen, becomes the target of
    // a new spell (603.2, 702.21a: ward and "becomes the target" triggers see it).
    announce_targets(game, game.journal().push_stack(std::move(copy)));
  }
  std::string describe() const override {
    return std::string("Copy target instant or sorcery spell.") +
           (new_targets ? " You may choose new targets for the copy." : "");
  }
};

// copy_spell: {new_targets: true}
class CopySpellKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"new_targets?"});
    auto impl = std::make_shared<CopySpellAbility>();
    if (const Param* p = given(b, "new_targets")) impl->new_targets = p->boolean();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic",
                                            params.where(), impl});
  }
  std::string summary() const override {
    return "copy_spell: {new_targets: true} — copy target instant or sorcery spell; you may "
           "choose new targets for the copy (707.10)";
  }
};

}  // namespace

std::optional<std::size_t> spell_on_stack(const Game& game, const ObjectRef& ref) {
  const auto& stack = game.state().stack;
  for (std::size_t i = 0; i < stack.size(); ++i)
    if (stack[i].is_spell && stack[i].source == ref) return i;
  return std::nullopt;
}

bool targets_spells(const Ability& ability) {
  return dynamic_cast<const CopySpellAbility*>(&ability) != nullptr || counters_spells(ability);
}

bool is_spell_copy(const GameObject& o) {
  return !o.attrs.items.empty() && o.attrs.get(kSpellCopy) != 0;
}

bool spell_copy_to_remove(const GameObject& o) {
  return o.zone.kind != ZoneKind::stack && o.zone.kind != ZoneKind::none && is_spell_copy(o);
}

void register_copy_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("copy_spell", std::make_shared<CopySpellKeyword>());
}

}  // namespace anvil::rules_classic
