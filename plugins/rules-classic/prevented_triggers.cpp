// `prevented_trigger: {to: you, counters: "+1/+1"}` — "Whenever damage that would be dealt to you
// is prevented, put that many +1/+1 counters on CARDNAME." (Selfless Squire); with `do:` instead
// of `counters:`, Drawback$ steps whose amount X is the damage prevented ("you gain that much
// life": `do: "YouGainLife/X"`).
//
// Rule 615.13: such an ability triggers each time a prevention effect is applied and prevents
// some or all of the damage — once per application, not once per point nor once per turn. The
// prevention effects announce each application (prevention.cpp, kDamagePrevented) with the
// amount it prevented; this ability triggers on the announcement while its card is on the
// battlefield, and "that many" is the amount of that one application. Damage that can't be
// prevented (615.12) is prevented by nothing, so nothing triggers.
#include <array>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class PreventedTriggerAbility final : public Ability {
 public:
  Symbol counter;                            // put that many of these counters on CARDNAME, or
  std::shared_ptr<const EffectStep> effect;  // run these Drawback$ steps with X = that many
  std::string text;

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(game.bus().on_trigger<CustomEvent>([self, index](Game& g, const CustomEvent& e) {
      if (e.kind != kDamagePrevented || e.amount <= 0 || !on_battlefield(g, self)) return;
      const GameObject& o = g.object(self);
      if (!e.subject.is_player() || e.subject.player != o.controller) return;  // "to you"
      g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
    }));
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    const std::int64_t n = ctx.event.amount;  // "that many": what this application prevented
    if (n <= 0) return;
    if (effect) {
      std::array<Target, 1> tgt{Target::of(ctx.controller)};
      ResolveContext then = ctx;
      then.targets = tgt;
      effect->run(game, then, n);
      return;
    }
    // The counters go on CARDNAME only if it is still the same object on the battlefield.
    if (!game.state().is_current(ctx.source) || !on_battlefield(game, ctx.source.id)) return;
    add_counters(game, Target::of(ctx.source), counter, static_cast<std::int32_t>(n),
                 ctx.source.id);
  }

  std::string describe() const override { return text; }
};

// prevented_trigger: {to: you, counters: "+1/+1"} or {to: you, do: "YouGainLife/X"}
class PreventedTriggerKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"to", "counters?", "do?"});
    const Param& to = b.required("to");
    if (to.text() != "you")
      to.fail("unknown recipient '" + to.text() + "'",
              "to: you (damage that would be dealt to you)");
    auto impl = std::make_shared<PreventedTriggerAbility>();
    impl->text = "Whenever damage that would be dealt to you is prevented, ";
    const Param* counters = given(b, "counters");
    const Param* effect = given(b, "do");
    if ((counters == nullptr) == (effect == nullptr))
      params.fail("prevented_trigger needs exactly one of 'counters' and 'do'",
                  "counters: \"+1/+1\" or do: \"YouGainLife/X\"");
    if (counters != nullptr) {
      if (counters->text() != "+1/+1" && counters->text() != "-1/-1")
        counters->fail("unknown counter '" + counters->text() + "'", "+1/+1 or -1/-1");
      impl->counter = Symbol(counters->text());
      impl->text += "put that many " + counters->text() + " counters on CARDNAME.";
    } else {
      impl->effect = compile_do(*effect, ctx);
      impl->text += impl->effect->describe() + ".";
    }
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "prevented_trigger: {to: you, counters: \"+1/+1\" | do: \"<Drawback$ steps, X = that "
           "many>\"} — whenever damage that would be dealt to you is prevented (615.13)";
  }
};

}  // namespace

void register_prevented_trigger_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("prevented_trigger", std::make_shared<PreventedTriggerKeyword>());
}

}  // namespace anvil::rules_classic
