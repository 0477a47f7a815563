// Equipment (301.5, 702.6): the keyword `equip: {cost: "{1}"}` — "Equip {1}: Attach to target
// creature you control. Equip only as a sorcery." — and the state-based action for Equipment
// attached to something that is not a creature (704.5n). What the Equipment gives is the
// `equipped` keyword (auras.cpp), read through the same attachment as an Aura's.
//
// Attachment is the Aura's (auras.cpp): attrs on the Equipment valid for one zone_changes value
// of each object, so an Equipment whose creature left the battlefield is attached to nothing and
// stays on the battlefield (unlike an Aura, it does not go to the graveyard).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class EquipAbility final : public ClassicActivated {
 public:
  std::string cost_text;

  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose a creature to equip"; }
  // 702.6a: a creature you control other than the Equipment itself (301.5c).
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    return t.is_object() && t.object.id != ctx.source.id && is_creature(game, t.object.id) &&
           game.object(t.object.id).controller == ctx.controller;
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    // The Equipment must still be the same object, on the battlefield, under the ability's
    // controller (701.3b: an illegal attachment does not happen).
    if (!game.state().is_current(ctx.source) || !on_battlefield(game, ctx.source.id) ||
        game.object(ctx.source.id).controller != ctx.controller)
      return;
    if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
    attach(game, ctx.source.id, ctx.targets[0].object.id);
  }
  std::string describe() const override { return "Equip " + cost_text; }
};

// equip: {cost: "{1}"}
class EquipKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& cost = b.required("cost");
    const ParsedCost parsed = parse_cost(cost);
    if (parsed.tap || parsed.mana.x != 0) cost.fail("an equip cost is mana only", "cost: \"{1}\"");
    auto impl = std::make_shared<EquipAbility>();
    impl->cost = parsed.mana;
    impl->sorcery = true;
    impl->cost_text = cost.text();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::activated, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "equip: {cost: \"{1}\"} — attach to target creature you control, as a sorcery";
  }
};

}  // namespace

std::vector<ObjectId> loose_equipment(const Game& game, const std::vector<ObjectId>& equipment) {
  std::vector<ObjectId> out;
  for (ObjectId id : equipment) {
    const auto to = attached_to(game, id);
    if (to && (*to == id || !is_creature(game, *to))) out.push_back(id);
  }
  return out;
}

void unattach(Game& game, ObjectId permanent) {
  game.journal().set_attr(permanent, kAttachedTo, 0);
  game.journal().set_attr(permanent, kAttachedZc, 0);
  game.journal().set_attr(permanent, kAttachedSelf, 0);
}

void register_equipment_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("equip", std::make_shared<EquipKeyword>());
}

}  // namespace anvil::rules_classic
