// Permanents that must be paid for at their controller's upkeep or be sacrificed:
//
//  - `echo: {cost: "{G}"}` (702.31): "At the beginning of your upkeep, if this permanent came
//    under your control since the beginning of your last upkeep, sacrifice it unless you pay
//    {G}." "Came under your control since your last upkeep" is kept as the permanent's
//    zone-change count: the object attr kEchoDealtWith holds zone_changes + 1 once its echo has
//    been dealt with, so a permanent that leaves and comes back (a new object, 400.7) owes its
//    echo again, and one that paid owes nothing more. The check is the ability's intervening
//    "if" (603.4): at the upkeep and again on resolution. A change of control does not make echo
//    due again (no card of the packs changes control).
//  - `upkeep_cost: {cost: "{1}{U}"}`: "At the beginning of your upkeep, sacrifice CARDNAME unless
//    you pay {1}{U}." (Drifting Djinn), every upkeep.
//  - `cumulative_upkeep: {cost: "{U}"}` (702.24): "At the beginning of your upkeep, put an age
//    counter on this permanent, then sacrifice it unless you pay {U} for each age counter on it."
//
// The controller is asked only when they can pay; otherwise, or when they decline, the permanent
// is sacrificed (regeneration does not stop it, 701.19c).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

inline constexpr Symbol kEchoDealtWith = "echo_dealt_with"_sym;
inline constexpr Symbol kAge = "age"_sym;  // cumulative upkeep's counters (702.24a)

bool echo_due(const Game& game, ObjectId self) {
  const GameObject& o = game.object(self);
  return o.attrs.get(kEchoDealtWith) != static_cast<std::int64_t>(o.zone_changes) + 1;
}

// `cost_text` written `times` times ("{U}{U}{U}"), and what it costs; nullopt when that is more
// mana symbols than a cost holds (then it cannot be paid).
std::optional<std::pair<std::string, ManaCost>> repeated(const std::string& cost_text,
                                                         std::int64_t times) {
  std::string text;
  for (std::int64_t i = 0; i < times; ++i) text += cost_text;
  if (times <= 0) text = "{0}";
  CostText parsed;
  if (read_cost_text(text, parsed)) return std::nullopt;
  return std::pair{text, parsed.mana};
}

// Asks the controller to pay `cost` ("Pay echo {G} for Pouncing Jaguar?") when they can, and
// sacrifices the permanent when they cannot or do not.
void pay_or_sacrifice(Game& game, ObjectId self, PlayerId controller, const std::string& what,
                      const std::string& cost_text, const std::optional<ManaCost>& cost) {
  const std::string name(game.card(self).name);
  if (cost && can_pay(game, controller, *cost, 0)) {
    Choice choice;
    choice.kind = ChoiceKind::yes_no;
    choice.player = controller;
    choice.source = self;
    choice.prompt = "Pay " + what + " " + cost_text + " for " + name + "? (If not, sacrifice it.)";
    choice.options = {{"Sacrifice " + name, {}, 0}, {"Pay " + cost_text, {}, 1}};
    if (game.ask(choice).picks.at(0) == 1) {
      pay(game, controller, *cost, 0);
      return;
    }
  }
  sacrifice(game, self, self);
}

enum class UpkeepKind : std::uint8_t { echo, every_upkeep, cumulative };

class UpkeepCostAbility final : public Ability {
 public:
  UpkeepKind kind = UpkeepKind::echo;
  ManaCost cost;
  std::string cost_text;  // "{G}"

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(on_controllers_upkeep(game, self, ability_index(game, self, this),
                                        kind == UpkeepKind::echo ? echo_due : nullptr));
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    const ObjectId self = ctx.source.id;
    if (!game.state().is_current(ctx.source) || !on_battlefield(game, self)) return;
    switch (kind) {
      case UpkeepKind::echo: {
        if (!echo_due(game, self)) return;  // 603.4: checked again on resolution
        const GameObject& o = game.object(self);
        game.journal().set_attr(self, kEchoDealtWith,
                                static_cast<std::int64_t>(o.zone_changes) + 1);
        if (o.controller != ctx.controller) return;  // only its controller may sacrifice it
        pay_or_sacrifice(game, self, ctx.controller, "echo", cost_text, cost);
        return;
      }
      case UpkeepKind::every_upkeep:
        if (game.object(self).controller != ctx.controller) return;
        pay_or_sacrifice(game, self, ctx.controller, "upkeep", cost_text, cost);
        return;
      case UpkeepKind::cumulative: {
        add_counters(game, Target::of(game.object(self).ref()), kAge, 1, self);
        if (game.object(self).controller != ctx.controller) return;
        const auto total = repeated(cost_text, game.object(self).counters.get(kAge));
        pay_or_sacrifice(game, self, ctx.controller, "cumulative upkeep",
                         total ? total->first : cost_text,
                         total ? std::optional{total->second} : std::nullopt);
        return;
      }
    }
  }

  std::string describe() const override {
    switch (kind) {
      case UpkeepKind::echo:
        return "Echo " + cost_text +
               " (At the beginning of your upkeep, if this came under your control since the "
               "beginning of your last upkeep, sacrifice it unless you pay its echo cost.)";
      case UpkeepKind::every_upkeep:
        return "At the beginning of your upkeep, sacrifice CARDNAME unless you pay " + cost_text +
               ".";
      case UpkeepKind::cumulative:
        return "Cumulative upkeep " + cost_text +
               " (At the beginning of your upkeep, put an age counter on this permanent, then "
               "sacrifice it unless you pay its upkeep cost for each age counter on it.)";
    }
    return {};
  }
};

// echo: {cost: "{G}"}, upkeep_cost: {cost: "{1}{U}"}, cumulative_upkeep: {cost: "{U}"}
class UpkeepCostKeyword final : public KeywordHandler {
 public:
  UpkeepCostKeyword(UpkeepKind kind, std::string name) : kind_(kind), name_(std::move(name)) {}

  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    auto impl = std::make_shared<UpkeepCostAbility>();
    impl->kind = kind_;
    const Param& c = b.required("cost");
    impl->cost = parse_mana_only(c, "an upkeep cost", name_ + ": {cost: \"{1}{G}\"}");
    impl->cost_text = c.text();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    switch (kind_) {
      case UpkeepKind::echo:
        return "echo: {cost: \"{1}{G}\"} — sacrificed at its controller's first upkeep unless "
               "they pay the cost (702.31)";
      case UpkeepKind::every_upkeep:
        return "upkeep_cost: {cost: \"{1}{U}\"} — sacrificed at each of its controller's "
               "upkeeps unless they pay the cost";
      case UpkeepKind::cumulative:
        return "cumulative_upkeep: {cost: \"{U}\"} — an age counter each upkeep, then "
               "sacrificed unless its controller pays the cost once per counter (702.24)";
    }
    return {};
  }

 private:
  UpkeepKind kind_;
  std::string name_;
};

}  // namespace

Connection on_controllers_upkeep(Game& game, ObjectId self, std::uint16_t index,
                                 bool (*due)(const Game&, ObjectId)) {
  return game.bus().on_trigger<TurnStepEvent>([self, index, due](Game& g, const TurnStepEvent& e) {
    if (e.step != kUpkeep || !on_battlefield(g, self)) return;
    const GameObject& o = g.object(self);
    if (e.active != o.controller) return;  // "your upkeep"
    if (due && !due(g, self)) return;
    EventRecord r = record_of(g.state(), e);
    r.subject = Target::of(e.active);
    g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, r});
  });
}

void register_upkeep_cost_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("echo",
                                std::make_shared<UpkeepCostKeyword>(UpkeepKind::echo, "echo"));
  registrar.add<KeywordHandler>(
      "upkeep_cost", std::make_shared<UpkeepCostKeyword>(UpkeepKind::every_upkeep, "upkeep_cost"));
  registrar.add<KeywordHandler>(
      "cumulative_upkeep",
      std::make_shared<UpkeepCostKeyword>(UpkeepKind::cumulative, "cumulative_upkeep"));
}

}  // namespace anvil::rules_classic
