// exile_instead_of_dying: a spell's "If that creature would die this turn, exile it instead."
// (Reduce to Ashes, Carbonize), RULES-CLASSIC §2 test 3.
//
// As the spell resolves, each of its targets that is still legal gets a marker: a floating
// effect until end of turn whose `affected` is that creature (the same object: one that left
// the battlefield and came back is a new object, 400.7). The replacement is connected by the
// card from every zone (the spell is in the graveyard by then) and looks the markers up in the
// state, as prevention shields do, so a rollback or a fork sees exactly the same markers.
//
// "Die" is "be put into a graveyard from the battlefield" (700.4), whatever the cause — lethal
// damage at the state-based check, a destroy, a sacrifice. The replaced move goes to exile:
// nothing "dies", so dies triggers do not fire, while leaves-the-battlefield and
// put-into-exile triggers do (614.6, 603.2h).
#include <algorithm>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class ExileInsteadOfDying final : public Ability {
 public:
  std::uint16_t marker = 0;  // the index of the markers' static ability on the card

  ZoneMask zones() const override { return kEveryZone; }
  std::string describe() const override {
    return "If that creature would die this turn, exile it instead.";
  }

  // The spell's targets are the ones its first targeting ability chose; this part only marks
  // the creatures among them that are still legal (608.2b leaves illegal ones as none).
  void resolve(Game& game, const ResolveContext& ctx) const override {
    for (const Target& t : ctx.targets) {
      if (!t.is_object() || !game.state().is_current(t.object) || !on_battlefield(game, t.object.id))
        continue;
      FloatingEffect f = end_of_turn_effect(ctx, marker);
      f.affected = t;
      game.add_effect(f);
    }
  }

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<ZoneChangeEvent>(
        [this, self](const Game& g,
                     const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
          if (e.from.kind != ZoneKind::battlefield || e.to.kind != ZoneKind::graveyard ||
              !marked(g, self, e.object))
            return std::nullopt;
          return Replacement<ZoneChangeEvent>{
              "exile instead of dying (" + std::string(g.card(self).name) + ")", self,
              [](Game& game2, ZoneChangeEvent& z) {
                z.to = ZoneRef::exile(game2.object(z.object).owner);
              }};
        }));
  }

 private:
  bool marked(const Game& g, ObjectId self, ObjectId object) const {
    const auto& effects = g.state().effects;
    return std::any_of(effects.begin(), effects.end(), [&](const FloatingEffect& f) {
      return f.source.id == self && f.ability == marker && f.card == g.object(self).card &&
             f.affected.is_object() && f.affected.object.id == object &&
             g.state().is_current(f.affected.object);
    });
  }
};

// exile_instead_of_dying: {}
class ExileInsteadOfDyingKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    const bool targets = std::any_of(
        ctx.card.abilities.begin(), ctx.card.abilities.end(), [](const AbilityDef& a) {
          return a.kind == AbilityKind::spell && a.impl && a.impl->target_count() > 0;
        });
    if (!targets)
      params.fail("exile_instead_of_dying follows a spell ability that targets a creature",
                  "abilities: [\"spDamageTgtC:5\", exile_instead_of_dying: {}]");
    auto impl = std::make_shared<ExileInsteadOfDying>();
    impl->marker = static_cast<std::uint16_t>(ctx.card.abilities.size() + 1);
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic",
                                            params.where(), impl});
    ctx.card.abilities.push_back(mark_ability(params, "(exile instead of dying)"));
  }
  std::string summary() const override {
    return "exile_instead_of_dying: {} — after a targeting spell ability: \"If that creature "
           "would die this turn, exile it instead.\"";
  }
};

}  // namespace

void register_exile_instead_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("exile_instead_of_dying",
                                std::make_shared<ExileInsteadOfDyingKeyword>());
}

}  // namespace anvil::rules_classic
