// Kicker (702.33): the keyword `kicker: {cost: "{4}"}` — "You may pay an additional {4} as you
// cast this spell." As the spell is cast (601.2b, before its targets), its caster is asked
// "Pay kicker {4} for Burst Lightning?" when they could pay the mana cost and the kicker together;
// a spell whose kicker was paid is kicked (kKicked: the object's zone changes + 1 on the stack).
// A kicked spell that resolves into a permanent stays "kicked" on the battlefield (it moved once
// since: was_kicked), which an enters trigger's `if: "it was kicked"` reads; `damage: {amount: 2,
// kicked: 4}` deals the second amount for a kicked spell (Burst Lightning).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class KickerAbility final : public Ability {
 public:
  ManaCost cost;
  std::string cost_text;  // "{4}"

  std::string describe() const override {
    return "Kicker " + cost_text + " (You may pay an additional " + cost_text +
           " as you cast this spell.)";
  }
};

// kicker: {cost: "{4}"}
class KickerKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& c = b.required("cost");
    if (!ctx.card.base.cost.present)
      params.fail("kicker is an additional cost to cast the card: it needs a mana cost");
    auto impl = std::make_shared<KickerAbility>();
    impl->cost = parse_mana_only(c, "a kicker cost", "kicker: {cost: \"{4}\"}");
    impl->cost_text = c.text();
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::keyword, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "kicker: {cost: \"{4}\"} — an additional cost the caster may pay; the spell is then "
           "kicked (702.33)";
  }
};

ManaCost plus(ManaCost a, const ManaCost& b) {
  a.generic = static_cast<std::uint16_t>(a.generic + b.generic);
  a.colorless = static_cast<std::uint8_t>(a.colorless + b.colorless);
  a.x = static_cast<std::uint8_t>(a.x + b.x);
  const auto add = [](auto& to, const auto& from) {
    for (std::size_t i = 0; i < to.size(); ++i) to[i] = static_cast<std::uint8_t>(to[i] + from[i]);
  };
  add(a.colored, b.colored);
  add(a.hybrid, b.hybrid);
  add(a.mono_hybrid, b.mono_hybrid);
  add(a.phyrexian, b.phyrexian);
  add(a.hybrid_phyrexian, b.hybrid_phyrexian);
  return a;
}

}  // namespace

ManaCost offer_kicker(Game& game, PlayerId p, ObjectId card, const ManaCost& cost, bool& kicked) {
  kicked = false;
  const auto* kicker = first_ability<KickerAbility>(game.card(card), AbilityKind::keyword);
  if (!kicker) return cost;
  const ManaCost total = plus(cost, kicker->cost);
  if (!can_pay(game, p, total, 0)) return cost;  // not asked: they could not pay it
  Choice choice;
  choice.kind = ChoiceKind::yes_no;
  choice.player = p;
  choice.source = card;
  choice.prompt =
      "Pay kicker " + kicker->cost_text + " for " + std::string(game.card(card).name) + "?";
  choice.options = {{"Don't pay", {}, 0}, {"Pay " + kicker->cost_text, {}, 1}};
  kicked = game.ask(choice).picks.at(0) == 1;
  return kicked ? total : cost;
}

bool was_kicked(const Game& game, ObjectId id) {
  const GameObject& o = game.object(id);
  if (o.attrs.items.empty()) return false;
  const std::int64_t mark = o.attrs.get(kKicked);
  const auto zc = static_cast<std::int64_t>(o.zone_changes);
  // On the stack as the spell it was cast as, or the permanent that spell became.
  return mark != 0 && (mark == zc + 1 || (mark == zc && o.zone.kind == ZoneKind::battlefield));
}

void register_kicker_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("kicker", std::make_shared<KickerKeyword>());
}

}  // namespace anvil::rules_classic
