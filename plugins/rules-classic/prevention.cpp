// Prevention shields (615): the keyword `prevent` — "Prevent the next N damage that would be
// dealt to any target this turn", "Prevent all combat damage that would be dealt this turn" —
// as a spell or, with a cost, an activated ability; and `no_prevention` (Flaring Pain: "Damage
// can't be prevented this turn"), under which the shields apply to nothing and stay as they are.
//
// A shield is state: a FloatingEffect lasting until end of turn whose `affected` is what it
// protects (none: everything), `a` the damage it still prevents (-1: all) and `b` 1 for combat
// damage only. Its ability is a helper that is never active by itself (zones none), so the
// shield changes no characteristic. The replacement that uses the shields is connected by the
// card that made them, from every zone (the spell is in the graveyard by then, the creature
// that activated it may have died), and looks them up in the state: a rollback restores a
// shield exactly (§2 test 9), a fork sees the same shields.
#include <algorithm>
#include <string>
#include <utility>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// Game attr: turn number + 1 of a turn in which damage can't be prevented (Flaring Pain).
inline constexpr Symbol kNoPreventionTurn = "no_prevention_turn"_sym;

bool prevention_off(const Game& game) {
  return game.state().attrs.get(kNoPreventionTurn) ==
         static_cast<std::int64_t>(game.state().turn.number) + 1;
}

}  // namespace

ZoneMask PreventAbility::zones() const { return kEveryZone; }

bool PreventAbility::is_shield(const Game& game, ObjectId self, const FloatingEffect& f) const {
  return f.source.id == self && f.ability == shield && f.card == game.object(self).card;
}

bool PreventAbility::covers(const Game& game, const FloatingEffect& f, const DamageEvent& e) {
  if (f.b != 0 && !e.combat) return false;
  if (f.affected.is_player()) return e.target.is_player() && e.target.player == f.affected.player;
  if (f.affected.is_object())
    return e.target.is_object() && e.target.object.id == f.affected.object.id &&
           game.state().is_current(f.affected.object);
  return true;  // no target: every damage event (of the kind `b` says)
}

void PreventAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  out.push_back(game.bus().on_replacement<DamageEvent>(
      [this, self](const Game& g, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
        // 615.12: damage that can't be prevented leaves the shields as they are.
        if (!e.preventable || e.amount <= 0 || prevention_off(g)) return std::nullopt;
        const auto& effects = g.state().effects;
        if (std::none_of(effects.begin(), effects.end(), [&](const FloatingEffect& f) {
              return is_shield(g, self, f) && covers(g, f, e);
            }))
          return std::nullopt;
        return Replacement<DamageEvent>{
            "prevent damage (" + std::string(g.card(self).name) + ")", self,
            [this, self](Game& game2, DamageEvent& d) { use_shields(game2, self, d); }};
      }));
}

// Applies every shield this card made that covers `d`, oldest first (615.7: each counts down
// point by point; one used up is removed).
void PreventAbility::use_shields(Game& game, ObjectId self, DamageEvent& d) const {
  std::vector<std::uint32_t> ids;
  for (const FloatingEffect& f : game.state().effects)
    if (is_shield(game, self, f) && covers(game, f, d)) ids.push_back(f.id);
  for (std::uint32_t id : ids) {
    if (d.amount <= 0) break;
    const auto& effects = game.state().effects;
    const auto at = std::find_if(effects.begin(), effects.end(),
                                 [id](const FloatingEffect& f) { return f.id == id; });
    if (at == effects.end()) continue;
    if (at->a < 0) {  // "prevent all"
      d.amount = 0;
      break;
    }
    FloatingEffect shield = game.journal().remove_effect(static_cast<std::size_t>(at - effects.begin()));
    const auto used = static_cast<std::int32_t>(std::min<std::int64_t>(shield.a, d.amount));
    d.amount -= used;
    shield.a -= used;
    if (shield.a > 0) game.journal().add_effect(shield);  // keeps its timestamp
  }
  if (d.amount <= 0) d.cancelled = true;
}

bool PreventAbility::can_target(const Game& game, const ResolveContext&, std::size_t,
                                const Target& t) const {
  if (t.is_player()) return target == PreventTarget::any || target == PreventTarget::player;
  if (!t.is_object() || target == PreventTarget::player) return false;
  const Characteristics c = game.view(t.object.id);
  return c.has_type(kCreature) || (target == PreventTarget::any && c.has_type(kPlaneswalker));
}

std::string PreventAbility::target_prompt(std::size_t) const {
  return "Choose what to protect";
}

void PreventAbility::resolve(Game& game, const ResolveContext& ctx) const {
  FloatingEffect f = end_of_turn_effect(ctx, shield);
  f.a = amount;
  f.b = combat_only ? 1 : 0;
  if (target != PreventTarget::none) {
    if (ctx.targets.empty() || ctx.targets[0].kind == Target::Kind::none) return;
    f.affected = ctx.targets[0];
  }
  game.add_effect(f);
}

namespace {

// prevent: {amount: 3, target: any, combat: false, cost: "{T}"}
class PreventKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"amount", "target?", "combat?", "cost?"});
    auto impl = std::make_shared<PreventAbility>();
    const Param& amount = b.required("amount");
    if (amount.text() == "all") {
      impl->amount = -1;
    } else {
      impl->amount = amount.integer();
      if (impl->amount < 1 || impl->amount > 1000)
        amount.fail("a shield prevents 1 to 1000 damage, or 'all'");
    }
    std::string what = "any target";
    if (const Param* t = given(b, "target")) {
      const std::string& s = t->text();
      if (s == "any") {
        impl->target = PreventTarget::any;
      } else if (s == "creature") {
        impl->target = PreventTarget::creature;
        what = "target creature";
      } else if (s == "player") {
        impl->target = PreventTarget::player;
        what = "target player";
      } else if (s != "none") {
        t->fail("unknown target '" + s + "'", "any, creature, player or none");
      }
    } else {
      impl->target = PreventTarget::none;
    }
    if (const Param* c = given(b, "combat")) impl->combat_only = c->boolean();
    std::string text = "Prevent ";
    text += impl->amount < 0 ? "all " : "the next " + std::to_string(impl->amount) + " ";
    text += impl->combat_only ? "combat damage" : "damage";
    text += " that would be dealt";
    if (impl->target != PreventTarget::none) text += " to " + what;
    text += " this turn.";
    std::string cost;
    if (const Param* c = given(b, "cost")) {
      ParsedCost parsed;
      std::string error;
      if (!parse_cost_text(c->text(), parsed, error)) c->fail(error);
      cost = c->text();
      text = cost + ": " + text;
    }
    impl->text = text;
    impl->shield = static_cast<std::uint16_t>(ctx.card.abilities.size() + 1);
    const AbilityKind kind = cost.empty() ? AbilityKind::spell : AbilityKind::activated;
    ctx.card.abilities.push_back(
        AbilityDef{kind, impl->text, "rules-classic", params.where(), impl, cost});
    ctx.card.abilities.push_back(mark_ability(params, "(prevention shield)"));
  }
  std::string summary() const override {
    return "prevent: {amount: 3, target: any, combat: false, cost: \"{T}\"} — a prevention "
           "shield until end of turn";
  }
};

}  // namespace

// --- redirection (614.9) -----------------------------------------------------------------------

namespace {

// "All damage that would be dealt to you is dealt to enchanted creature instead." (Pariah): a
// replacement of an Aura on the battlefield. It applies only while the Aura is attached to a
// creature on the battlefield, so if that creature is gone the player is dealt the damage
// (614.9, §2 test 5).
class RedirectAbility final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<DamageEvent>(
        [self](const Game& g, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
          if (!e.target.is_player() || e.target.player != g.object(self).controller)
            return std::nullopt;
          const auto to = attached_to(g, self);
          if (!to || !is_creature(g, *to)) return std::nullopt;
          return Replacement<DamageEvent>{
              "redirect to " + object_label(g, *to) + " (" + object_label(g, self) + ")", self,
              [self](Game& game2, DamageEvent& d) {
                if (const auto now = attached_to(game2, self))
                  d.target = Target::of(game2.object(*now).ref());
              }};
        }));
  }
  std::string describe() const override {
    return "All damage that would be dealt to you is dealt to enchanted creature instead.";
  }
};

// redirect: {to: enchanted}
class RedirectKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"to"});
    const Param& to = b.required("to");
    if (to.text() != "enchanted")
      to.fail("damage is redirected 'to: enchanted' (the creature this Aura enchants)");
    auto impl = std::make_shared<RedirectAbility>();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::replacement, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "redirect: {to: enchanted} — damage to you is dealt to the enchanted creature";
  }
};

}  // namespace

// --- "Damage can't be prevented this turn." (615.12) ------------------------------------------

namespace {

class NoPreventionAbility final : public Ability {
 public:
  void resolve(Game& game, const ResolveContext&) const override {
    game.journal().set_game_attr(kNoPreventionTurn,
                                 static_cast<std::int64_t>(game.state().turn.number) + 1);
  }
  std::string describe() const override { return "Damage can't be prevented this turn."; }
};

// no_prevention: {} (Flaring Pain)
class NoPreventionKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    auto impl = std::make_shared<NoPreventionAbility>();
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "no_prevention: {} — \"Damage can't be prevented this turn.\" (shields stay as they "
           "are, 615.12)";
  }
};

}  // namespace

void register_prevention_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("prevent", std::make_shared<PreventKeyword>());
  registrar.add<KeywordHandler>("no_prevention", std::make_shared<NoPreventionKeyword>());
  registrar.add<KeywordHandler>("redirect", std::make_shared<RedirectKeyword>());
}

}  // namespace anvil::rules_classic
