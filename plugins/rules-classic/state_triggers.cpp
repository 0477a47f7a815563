// State triggers (603.8) and an attack restriction that depends on the defending player, for the
// Sea Serpent family: "CARDNAME can't attack unless defending player controls an Island. When you
// control no Islands, sacrifice CARDNAME." — the keywords `sacrifice_when_no` and
// `attacks_only_if_defender_controls` — and the general `state_trigger: {if, do}` ("When you
// have no cards in hand, draw a card.").
//
// A state trigger is checked whenever a player would receive priority (with the state-based
// actions, 117.5); it triggers once when its condition becomes true and not again while the
// ability is waiting or on the stack (603.8): the source's attr "state_fired" (valid for one
// zone_changes value) is set when it triggers and cleared as it resolves.
#include <array>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

constexpr Symbol kStateFired = "state_fired"_sym;  // zone_changes + 1 while triggered

bool controls_land_type(const Game& game, PlayerId p, Symbol type) {
  for (ObjectId id : controlled(game, p)) {
    const Characteristics c = game.view(id);
    if (c.has_type(kLand) && c.has_subtype(type)) return true;
  }
  return false;
}

// A basic land type, as written in the card language.
Symbol land_type(const Param& p, std::string& name) {
  name = p.text();
  for (const char* basic : {"Plains", "Island", "Swamp", "Mountain", "Forest"})
    if (name == basic) return Symbol(name);
  p.fail("'" + name + "' is not a basic land type", "Plains, Island, Swamp, Mountain or Forest");
}

// A state trigger doing Drawback$ steps (Tgt: its controller) when its condition holds.
class GeneralStateTrigger final : public StateTriggerAbility {
 public:
  enum class Condition : std::uint8_t { no_cards_in_hand, life_at_most };
  Condition when = Condition::no_cards_in_hand;
  std::int64_t n = 0;
  std::shared_ptr<const EffectStep> effect;

  bool condition(const Game& game, ObjectId self) const override {
    const PlayerId you = game.object(self).controller;
    switch (when) {
      case Condition::no_cards_in_hand:
        return game.state().zone(ZoneRef::hand(you)).objects.empty();
      case Condition::life_at_most:
        return game.state().player(you).life <= n;
    }
    return false;
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    rearm(game, ctx);
    std::array<Target, 1> tgt{Target::of(ctx.controller)};
    ResolveContext then = ctx;
    then.targets = tgt;
    effect->run(game, then, 0);
  }
  std::string describe() const override {
    const std::string c = when == Condition::no_cards_in_hand
                              ? "you have no cards in hand"
                              : "you have " + std::to_string(n) + " or less life";
    return "When " + c + ", " + effect->describe() + ".";
  }
};

// state_trigger: {if: "you have no cards in hand", do: "YouDraw/1"}
class StateTriggerKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"if", "do"});
    auto impl = std::make_shared<GeneralStateTrigger>();
    const Param& cond = b.required("if");
    const std::string& c = cond.text();
    using C = GeneralStateTrigger::Condition;
    constexpr std::string_view kHave = "you have ", kLess = " or less life";
    const std::string n =
        c.starts_with(kHave) && c.ends_with(kLess) && c.size() > kHave.size() + kLess.size()
            ? c.substr(kHave.size(), c.size() - kHave.size() - kLess.size())
            : std::string();
    if (c == "you have no cards in hand") {
      impl->when = C::no_cards_in_hand;
    } else if (!n.empty() && n.size() <= 6 &&
               n.find_first_not_of("0123456789") == std::string::npos) {
      impl->when = C::life_at_most;
      impl->n = std::stoll(n);
    } else {
      cond.fail("unknown state condition '" + c + "'",
                "one of: you have no cards in hand; you have N or less life");
    }
    impl->effect = compile_do(b.required("do"), ctx);
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::triggered, params, std::move(impl)));
  }
  std::string summary() const override {
    return "state_trigger: {if: \"you have no cards in hand\", do: \"<Drawback$ steps>\"} — a "
           "state trigger (603.8)";
  }
};

// sacrifice_when_no: {type: Island}
class SacrificeWhenNoKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"type"});
    auto impl = std::make_shared<SacrificeWhenNoAbility>();
    impl->type = land_type(b.required("type"), impl->type_name);
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::triggered, params, std::move(impl)));
  }
  std::string summary() const override {
    return "sacrifice_when_no: {type: Island} — when you control no Islands, sacrifice CARDNAME";
  }
};

// attacks_only_if_defender_controls: {type: Island}
class AttackUnlessKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"type"});
    auto impl = std::make_shared<AttackUnlessAbility>();
    impl->type = land_type(b.required("type"), impl->type_name);
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::static_, params, std::move(impl)));
  }
  std::string summary() const override {
    return "attacks_only_if_defender_controls: {type: Island} — CARDNAME can't attack unless "
           "defending player controls an Island";
  }
};

}  // namespace

bool SacrificeWhenNoAbility::condition(const Game& game, ObjectId self) const {
  return !controls_land_type(game, game.object(self).controller, type);
}

void StateTriggerAbility::rearm(Game& game, const ResolveContext& ctx) {
  if (game.state().exists(ctx.source.id) && game.object(ctx.source.id).attrs.get(kStateFired) != 0)
    game.journal().set_attr(ctx.source.id, kStateFired, 0);  // it may trigger again (603.8)
}

void SacrificeWhenNoAbility::resolve(Game& game, const ResolveContext& ctx) const {
  rearm(game, ctx);
  if (game.state().is_current(ctx.source) && on_battlefield(game, ctx.source.id))
    sacrifice(game, ctx.source.id, ctx.source.id);
}

std::string SacrificeWhenNoAbility::describe() const {
  return "When you control no " + type_name + "s, sacrifice CARDNAME.";
}

std::string AttackUnlessAbility::describe() const {
  const char* article = type_name == "Island" ? "an " : "a ";
  return "CARDNAME can't attack unless defending player controls " + std::string(article) +
         type_name + ".";
}

std::string attack_condition_refusal(const Game& game, ObjectId attacker, PlayerId defending) {
  for (const AbilityDef& a : game.card(attacker).abilities)
    if (const auto* r = dynamic_cast<const AttackUnlessAbility*>(a.impl.get()))
      if (!controls_land_type(game, defending, r->type)) {
        std::string text = r->describe();
        text.replace(text.find("CARDNAME"), 8, object_label(game, attacker));
        return text.substr(0, text.size() - 1);
      }
  return {};
}

// fire_state_triggers past its test, in a function of its own: most games have no card with a
// state trigger, and then fire_state_triggers (classic.hpp, inline) is that test alone.
bool fire_each_state_trigger(Game& game) {
  bool fired = false;
  // The battlefield seat by seat, as battlefield() lists it, without building its list (this
  // runs at every settling): nothing below moves an object.
  const GameState& st = game.state();
  for (const Player& seat : st.players) {
    for (ObjectId id : st.zone(ZoneRef::battlefield(seat.id)).objects) {
      const CardDef& def = game.card(id);
      for (std::size_t i = 0; i < def.abilities.size(); ++i) {
        // Only the keywords above make these, always as triggered abilities: the kind is a cheap
        // test before the cast, which this loop would otherwise make for every ability.
        if (def.abilities[i].kind != AbilityKind::triggered) continue;
        const auto* s = dynamic_cast<const StateTriggerAbility*>(def.abilities[i].impl.get());
        if (!s) continue;
        const GameObject& o = game.object(id);
        const auto zc = static_cast<std::int64_t>(o.zone_changes) + 1;
        if (o.attrs.get(kStateFired) == zc || !s->condition(game, id)) continue;
        game.journal().set_attr(id, kStateFired, zc);
        PendingTrigger t;
        t.source = o.ref();
        t.card = o.card;
        t.ability = static_cast<std::uint16_t>(i);
        t.controller = o.controller;
        t.event.kind = "state"_sym;
        t.event.subject = Target::of(o.ref());
        game.fire_trigger(t);
        fired = true;
      }
    }
  }
  return fired;
}

void register_state_trigger_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("sacrifice_when_no", std::make_shared<SacrificeWhenNoKeyword>());
  registrar.add<KeywordHandler>("state_trigger", std::make_shared<StateTriggerKeyword>());
  registrar.add<KeywordHandler>("attacks_only_if_defender_controls",
                                std::make_shared<AttackUnlessKeyword>());
}

}  // namespace anvil::rules_classic
