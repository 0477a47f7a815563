// Equipment (301.5, 702.6) and Fortifications (301.6, 702.67): the keywords `equip: {cost: "{1}"}`
// — "Equip {1}: Attach to target creature you control. Equip only as a sorcery." — and
// `fortify: {cost: "{3}"}` — "Fortify {3}: Attach to target land you control. Fortify only as a
// sorcery." —, Darksteel Garrison's `fortified_land_tapped` trigger, and the state-based action
// for an Equipment or a Fortification attached to an illegal permanent (704.5n). What they give
// is the `equipped` and `fortified` keywords (auras.cpp), read through the same attachment as an
// Aura's.
//
// The two differ only in what they may be attached to — a creature, a land — so one ability
// (AttachAbility) and one check (loose_attachments) serve both, told apart by an AttachKind.
// Attachment is the Aura's (auras.cpp): attrs on the permanent valid for one zone_changes value
// of each object, so one whose creature or land left the battlefield is attached to nothing and
// stays on the battlefield (unlike an Aura, it does not go to the graveyard). Who controls what it
// is attached to does not matter (301.5c, 301.6): only the ability that attaches it looks at that.
#include <array>
#include <cctype>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// What an attaching permanent is and what it may be attached to.
struct AttachKind {
  const char* verb;          // "Equip"
  const char* keyword;       // "equip"
  Symbol subtype;            // Equipment
  const char* subtype_name;  // "Equipment"
  Symbol what;               // the card type of what it may be attached to
  const char* noun;          // "creature"
};
constexpr std::array<AttachKind, 2> kKinds{
    {{"Equip", "equip", kEquipment, "Equipment", kCreature, "creature"},
     {"Fortify", "fortify", kFortification, "Fortification", kLand, "land"}}};

// Legal to attach to (301.5c, 301.6): a permanent of the right card type other than itself.
// 702.16d: nothing with protection from the Equipment's colour can be equipped by it.
bool can_attach(const Game& game, const AttachKind& kind, ObjectId self, ObjectId to) {
  if (to == self || !on_battlefield(game, to)) return false;
  const Characteristics c = game.view(to);
  return c.has_type(kind.what) && !protection_against(c, game.view(self));
}

class AttachAbility final : public ClassicActivated {
 public:
  const AttachKind* kind = nullptr;
  std::string cost_text;

  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override {
    return std::string("Choose a ") + kind->noun + " to " + kind->keyword;
  }
  // 702.6a, 702.67a: a creature (land) you control other than the permanent itself.
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    return t.is_object() && can_attach(game, *kind, ctx.source.id, t.object.id) &&
           game.object(t.object.id).controller == ctx.controller;
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    // The permanent must still be the same object, on the battlefield, under the ability's
    // controller (701.3b: an illegal attachment does not happen).
    if (!game.state().is_current(ctx.source) || !on_battlefield(game, ctx.source.id) ||
        game.object(ctx.source.id).controller != ctx.controller)
      return;
    if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
    attach(game, ctx.source.id, ctx.targets[0].object.id);
  }
  std::string describe() const override { return std::string(kind->verb) + " " + cost_text; }
};

// equip: {cost: "{1}"}, fortify: {cost: "{3}"}
class AttachKeyword final : public KeywordHandler {
 public:
  explicit AttachKeyword(const AttachKind& kind) : kind_(kind) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& cost = b.required("cost");
    const ParsedCost parsed = parse_cost(cost);
    if (parsed.tap || parsed.mana.x != 0)
      cost.fail(
          std::string(kind_.verb[0] == 'E' ? "an " : "a ") + kind_.verb + " cost is mana only",
          "cost: \"{1}\"");
    if (!ctx.card.base.has_subtype(kind_.subtype))
      params.fail("'" + ctx.card.name + "' has " + kind_.verb + " but not the subtype " +
                      kind_.subtype_name,
                  std::string("types: Artifact \u2014 ") + kind_.subtype_name);
    auto impl = std::make_shared<AttachAbility>();
    impl->kind = &kind_;
    impl->cost = parsed.mana;
    impl->sorcery = true;
    impl->cost_text = cost.text();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::activated, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return std::string(kind_.keyword) + ": {cost: \"{1}\"} — attach to target " + kind_.noun + " you control, as a sorcery";
  }

 private:
  const AttachKind& kind_;
};

// "Whenever fortified land becomes tapped, target creature you control gets +1/+1 until end of
// turn." (Darksteel Garrison): a trigger on the TapEvent of what the Fortification is attached to,
// controlled by the Fortification's controller; its effect is a pump's (auras.cpp).
class FortifiedTappedAbility final : public Ability {
 public:
  PumpAbility pump;  // yours = true

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(game.bus().on_trigger<TapEvent>([self, index](Game& g, const TapEvent& e) {
      if (!e.tapped || !on_battlefield(g, self) || attached_to(g, self) != e.object) return;
      const GameObject& o = g.object(self);
      g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
    }));
  }
  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t i) const override { return pump.target_prompt(i); }
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t index,
                  const Target& t) const override {
    return pump.can_target(game, ctx, index, t);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override { pump.resolve(game, ctx); }
  std::string describe() const override {
    return "Whenever fortified land becomes tapped, " + lower_first(pump.text);
  }

 private:
  static std::string lower_first(std::string s) {
    if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
    return s;
  }
};

// fortified_land_tapped: {power: 1, toughness: 1}
class FortifiedTappedKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"power", "toughness"});
    auto impl = std::make_shared<FortifiedTappedAbility>();
    impl->pump.yours = true;
    impl->pump.power = b.required("power").integer();
    impl->pump.toughness = b.required("toughness").integer();
    for (std::int64_t n : {impl->pump.power, impl->pump.toughness})
      if (n < -1000 || n > 1000) params.fail("a power or toughness change is between -1000 and 1000");
    auto sign = [](std::int64_t n) { return (n < 0 ? "" : "+") + std::to_string(n); };
    impl->pump.text = "Target creature you control gets " + sign(impl->pump.power) + "/" +
                      sign(impl->pump.toughness) + " until end of turn.";
    // The trigger, then the ability its floating +N/+N effects name (never active by itself).
    impl->pump.pt_ability = static_cast<std::uint16_t>(ctx.card.abilities.size() + 1);
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, impl->describe(),
                                            "rules-classic", params.where(), impl});
    auto pt = std::make_shared<GrantEffect>(Layer::pt_modify);
    pt->floating = true;
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::static_, "(+N/+N)", "rules-classic",
                                            params.where(),
                                            std::make_shared<StaticAbility>(pt, "(+N/+N)", ZoneMask{0})});
  }
  std::string summary() const override {
    return "fortified_land_tapped: {power: 1, toughness: 1} — whenever fortified land becomes "
           "tapped, target creature you control gets +N/+N until end of turn";
  }
};

const AttachKind* kind_of(const Game& game, ObjectId permanent) {
  const Characteristics c = game.view(permanent);
  for (const AttachKind& k : kKinds)
    if (c.has_subtype(k.subtype)) return &k;
  return nullptr;
}

}  // namespace

std::vector<ObjectId> loose_attachments(const Game& game, const std::vector<ObjectId>& permanents) {
  std::vector<ObjectId> out;
  for (ObjectId id : permanents) {
    const auto to = attached_to(game, id);
    if (!to) continue;  // attached to nothing already
    const AttachKind* kind = kind_of(game, id);
    if (!kind || !can_attach(game, *kind, id, *to)) out.push_back(id);
  }
  return out;
}

void unattach(Game& game, ObjectId permanent) {
  game.journal().set_attr(permanent, kAttachedTo, 0);
  game.journal().set_attr(permanent, kAttachedZc, 0);
  game.journal().set_attr(permanent, kAttachedSelf, 0);
}

void register_equipment_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("equip", std::make_shared<AttachKeyword>(kKinds[0]));
  registrar.add<KeywordHandler>("fortify", std::make_shared<AttachKeyword>(kKinds[1]));
  registrar.add<KeywordHandler>("fortified_land_tapped", std::make_shared<FortifiedTappedKeyword>());
}

}  // namespace anvil::rules_classic
