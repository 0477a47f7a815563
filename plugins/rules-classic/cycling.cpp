// Cycling (702.29): the keyword `cycling: {cost: "{2}"}` — "Cycling {2} ({2}, Discard this card:
// Draw a card.)". An activated ability that works only from its owner's hand: the listing offers
// it there (activated abilities whose zones() leave out the battlefield, legal_actions.cpp), and
// activating it discards the card as part of the cost (602.2b, like a sacrifice), so "whenever a
// player discards" triggers see it. The ability on the stack is independent of the card (113.7a).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class CyclingAbility final : public ClassicActivated {
 public:
  std::string cost_text;  // "{2}"

  ZoneMask zones() const override { return zone_bit(ZoneKind::hand); }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    draw(game, ctx.controller, 1, ctx.source.id);
  }
  std::string describe() const override {
    return "Cycling " + cost_text + " (" + cost_text + ", Discard this card: Draw a card.)";
  }
};

// cycling: {cost: "{2}"}
class CyclingKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& c = b.required("cost");
    auto impl = std::make_shared<CyclingAbility>();
    impl->cost = parse_mana_only(c, "a cycling cost", "cycling: {cost: \"{2}\"}");
    impl->discard = true;
    impl->cost_text = c.text();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::activated, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "cycling: {cost: \"{2}\"} — pay the cost and discard this card from your hand: draw a "
           "card (702.29)";
  }
};

}  // namespace

bool is_cycling(const Ability& ability) {
  return dynamic_cast<const CyclingAbility*>(&ability) != nullptr;
}

void register_cycling_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("cycling", std::make_shared<CyclingKeyword>());
}

}  // namespace anvil::rules_classic
