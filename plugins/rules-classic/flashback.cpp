// Flashback (702.34): the keyword `flashback: {cost: "{4}{R}"}` on an instant or sorcery card —
// "You may cast this card from your graveyard by paying {4}{R} rather than paying its mana cost.
// If the flashback cost was paid, exile this card instead of putting it anywhere else any time it
// would leave the stack."
//
// The listing offers the card in its owner's graveyard as a cast, with the flashback cost
// (legal_actions.cpp); casting it from there pays that cost and marks the spell
// (kFlashbackCast: the object's zone changes + 1, so the mark means nothing once it has moved
// on). The ability works from the stack too: there it is a replacement effect that sends the
// marked spell to exile however it leaves the stack — resolved, countered, or without a legal
// target.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

bool cast_with_flashback(const GameObject& o) {
  return !o.attrs.items.empty() &&
         o.attrs.get(kFlashbackCast) == static_cast<std::int64_t>(o.zone_changes) + 1;
}

class FlashbackAbility final : public Ability {
 public:
  ManaCost cost;
  std::string cost_text;  // "{4}{R}"

  ZoneMask zones() const override {
    return zone_bit(ZoneKind::graveyard) | zone_bit(ZoneKind::stack);
  }
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    if (game.object(self).zone.kind != ZoneKind::stack) return;  // the graveyard: a cast only
    out.push_back(game.bus().on_replacement<ZoneChangeEvent>(
        [self](const Game& g,
               const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
          if (e.object != self || e.from.kind != ZoneKind::stack || e.to.kind == ZoneKind::exile ||
              !cast_with_flashback(g.object(self)))
            return std::nullopt;
          return Replacement<ZoneChangeEvent>{
              "exiled as it leaves the stack (flashback, " + std::string(g.card(self).name) + ")",
              self, [](Game& game2, ZoneChangeEvent& z) {
                z.to = ZoneRef::exile(game2.object(z.object).owner);
              }};
        }));
  }
  std::string describe() const override {
    return "Flashback " + cost_text +
           " (You may cast this card from your graveyard for its flashback cost. Then exile it.)";
  }
};

// flashback: {cost: "{4}{R}"}
class FlashbackKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& c = b.required("cost");
    const ParsedCost cost = parse_cost(c);
    if (cost.tap || !cost.mana.present)
      c.fail("a flashback cost is mana, without {T}", "flashback: {cost: \"{4}{R}\"}");
    // 702.34a: only an instant or sorcery spell is cast from the graveyard this way.
    if (!ctx.card.base.has_type(kInstant) && !ctx.card.base.has_type(kSorcery))
      params.fail("flashback is a keyword of instant and sorcery cards",
                  "a card with types: Instant or Sorcery");
    auto impl = std::make_shared<FlashbackAbility>();
    impl->cost = cost.mana;
    impl->cost_text = c.text();
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::keyword, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "flashback: {cost: \"{4}{R}\"} — an instant or sorcery that may be cast from your "
           "graveyard for this cost, then exiled (702.34)";
  }
};

}  // namespace

const ManaCost* flashback_cost(const CardDef& def) {
  const auto* f = first_ability<FlashbackAbility>(def, AbilityKind::keyword);
  return f ? &f->cost : nullptr;
}

void register_flashback_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("flashback", std::make_shared<FlashbackKeyword>());
}

}  // namespace anvil::rules_classic
