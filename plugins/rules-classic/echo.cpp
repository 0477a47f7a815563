// Echo (702.31): the keyword `echo: {cost: "{G}"}` — "At the beginning of your upkeep, if this
// permanent came under your control since the beginning of your last upkeep, sacrifice it unless
// you pay {G}."
//
// "Came under your control since your last upkeep" is kept as the permanent's zone-change count:
// the object attr kEchoDealtWith holds zone_changes + 1 once its echo has been dealt with, so a
// permanent that leaves and comes back (a new object, 400.7) owes its echo again, and one that
// paid owes nothing more. The check is the ability's intervening "if" (603.4): at the upkeep and
// again on resolution. A change of control does not make echo due again (no card of the packs
// changes control).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

inline constexpr Symbol kEchoDealtWith = "echo_dealt_with"_sym;

bool echo_due(const Game& game, ObjectId self) {
  const GameObject& o = game.object(self);
  return o.attrs.get(kEchoDealtWith) != static_cast<std::int64_t>(o.zone_changes) + 1;
}

class EchoAbility final : public Ability {
 public:
  ManaCost cost;
  std::string cost_text;  // "{G}"

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(
        game.bus().on_trigger<TurnStepEvent>([self, index](Game& g, const TurnStepEvent& e) {
          if (e.step != kUpkeep || !on_battlefield(g, self)) return;
          const GameObject& o = g.object(self);
          if (e.active != o.controller || !echo_due(g, self)) return;
          EventRecord r = record_of(g.state(), e);
          r.subject = Target::of(e.active);
          g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, r});
        }));
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    const ObjectId self = ctx.source.id;
    if (!game.state().is_current(ctx.source) || !on_battlefield(game, self)) return;
    if (!echo_due(game, self)) return;  // 603.4: checked again on resolution
    const GameObject& o = game.object(self);
    game.journal().set_attr(self, kEchoDealtWith, static_cast<std::int64_t>(o.zone_changes) + 1);
    if (o.controller != ctx.controller) return;  // only its controller may sacrifice it
    if (can_pay(game, ctx.controller, cost, 0)) {
      Choice choice;
      choice.kind = ChoiceKind::yes_no;
      choice.player = ctx.controller;
      choice.source = self;
      const std::string name(game.card(self).name);
      choice.prompt = "Pay echo " + cost_text + " for " + name + "? (If not, sacrifice it.)";
      choice.options = {{"Sacrifice " + name, {}, 0}, {"Pay " + cost_text, {}, 1}};
      if (game.ask(choice).picks.at(0) == 1) {
        pay(game, ctx.controller, cost, 0);
        return;
      }
    }
    sacrifice(game, self, self);
  }

  std::string describe() const override {
    return "Echo " + cost_text +
           " (At the beginning of your upkeep, if this came under your control since the "
           "beginning of your last upkeep, sacrifice it unless you pay its echo cost.)";
  }
};

// echo: {cost: "{G}"}
class EchoKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    auto impl = std::make_shared<EchoAbility>();
    const Param& c = b.required("cost");
    impl->cost = parse_mana_only(c, "an echo cost", "echo: {cost: \"{1}{G}\"}");
    impl->cost_text = c.text();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "echo: {cost: \"{1}{G}\"} — sacrificed at its controller's first upkeep unless they "
           "pay the cost (702.31)";
  }
};

}  // namespace

void register_echo_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("echo", std::make_shared<EchoKeyword>());
}

}  // namespace anvil::rules_classic
