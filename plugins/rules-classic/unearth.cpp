// Unearth (702.84): the keyword `unearth: {cost: "{B}"}` on a permanent card — "{B}: Return this
// card from your graveyard to the battlefield. It gains haste. Exile it at the beginning of the
// next end step. If it would leave the battlefield, exile it instead of putting it anywhere else.
// Activate only as a sorcery."
//
// The keyword makes two ability entries. The first is the activated ability, which works from
// the graveyard only, so the listing offers it there (activated abilities whose zones() leave out
// the battlefield, legal_actions.cpp). As it resolves it returns the card, if the card is still
// the object it was, and marks the permanent (kUnearthed: its zone changes + 1, so the mark means
// nothing once it has moved on). The second entry works on the battlefield, for a marked
// permanent alone: it gives it haste, exiles it instead of letting it go anywhere else, and
// exiles it at the beginning of the next end step with a triggered ability that triggers once
// (kUnearthExiling marks it as having triggered). Everything the rules return the card with
// belongs to that permanent: a blink or a bounce makes a new object, unmarked (400.7).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

constexpr Symbol kUnearthed = "unearthed"_sym;
constexpr Symbol kUnearthExiling = "unearth_exiling"_sym;  // the end-step trigger has fired
constexpr Symbol kUnearthExile = "unearth_exile"_sym;      // that trigger's event kind

// Whether the object's mark `key` was set in the zone it is in now.
bool marked_here(const GameObject& o, Symbol key) {
  return !o.attrs.items.empty() &&
         o.attrs.get(key) == static_cast<std::int64_t>(o.zone_changes) + 1;
}

bool unearthed(const GameObject& o) {
  return o.zone.kind == ZoneKind::battlefield && marked_here(o, kUnearthed);
}

class UnearthAbility final : public ClassicActivated {
 public:
  std::string cost_text;  // "{B}"

  UnearthAbility() { sorcery = true; }
  ZoneMask zones() const override { return zone_bit(ZoneKind::graveyard); }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    // 702.84a: the card, if it is still in the graveyard as the object that was activated.
    if (!game.state().is_current(ctx.source)) return;
    const ObjectId id = ctx.source.id;
    if (game.object(id).zone.kind != ZoneKind::graveyard) return;
    move_to_zone(game, id, ZoneRef::battlefield(game.object(id).owner), Cause::put, id);
    const GameObject& o = game.object(id);
    if (o.zone.kind != ZoneKind::battlefield) return;  // a replacement put it elsewhere
    game.journal().set_attr(id, kUnearthed, static_cast<std::int64_t>(o.zone_changes) + 1);
  }
  std::string describe() const override {
    return "Unearth " + cost_text + " (" + cost_text +
           ": Return this card from your graveyard to the battlefield. It gains haste. Exile it "
           "at the beginning of the next end step or if it would leave the battlefield. Unearth "
           "only as a sorcery.)";
  }
};

// "It gains haste": the unearthed permanent itself, while it is marked.
class UnearthHaste final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::ability; }
  bool affects(const Game& game, const EffectContext& ctx, ObjectId object,
               const Characteristics&) const override {
    return object == ctx.source && unearthed(game.object(object));
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    c.add_keyword(kHaste);
  }
  bool may_read_turn() const override { return false; }  // an object's attrs only
};

class UnearthedAbility final : public Ability {
 public:
  const ContinuousEffect* continuous() const override { return &haste_; }
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    // "If it would leave the battlefield, exile it instead of putting it anywhere else."
    out.push_back(game.bus().on_replacement<ZoneChangeEvent>(
        [self](const Game& g,
               const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
          if (e.object != self || e.from.kind != ZoneKind::battlefield ||
              e.to.kind == ZoneKind::exile || !unearthed(g.object(self)))
            return std::nullopt;
          return Replacement<ZoneChangeEvent>{"exiled as it leaves the battlefield (unearth, " +
                                                  std::string(g.card(self).name) + ")",
                                              self, [](Game& game2, ZoneChangeEvent& z) {
                                                z.to = ZoneRef::exile(game2.object(z.object).owner);
                                              }};
        }));
    // "Exile it at the beginning of the next end step": a delayed trigger, once (603.7c).
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(game.bus().on_trigger<TurnStepEvent>([self, index](Game& g,
                                                                     const TurnStepEvent& e) {
      const GameObject& o = g.object(self);
      if (e.step != kEnd || !unearthed(o) || marked_here(o, kUnearthExiling)) return;
      g.journal().set_attr(self, kUnearthExiling, static_cast<std::int64_t>(o.zone_changes) + 1);
      fire_about_itself(g, o, index, o.controller, record_of(g.state(), e), kUnearthExile);
    }));
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (const std::optional<ObjectId> id = subject_still_there(game, ctx))  // not if it has left
      move_to_zone(game, *id, ZoneRef::exile(game.object(*id).owner), Cause::exile, *id);
  }
  std::string describe() const override {
    return "(Unearthed: it has haste, is exiled at the beginning of the next end step, and is "
           "exiled if it would leave the battlefield.)";
  }
  std::string describe_on_stack(const Game&, const ResolveContext&) const override {
    return "Exile the unearthed permanent (unearth)";
  }

 private:
  UnearthHaste haste_;
};

// unearth: {cost: "{B}"}
class UnearthKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& c = b.required("cost");
    // 702.84a: the card returns to the battlefield, so it is a permanent card.
    if (ctx.card.base.has_type(kInstant) || ctx.card.base.has_type(kSorcery))
      params.fail("unearth is a keyword of permanent cards", "a creature card");
    auto unearth = std::make_shared<UnearthAbility>();
    unearth->cost = parse_mana_only(c, "an unearth cost", "unearth: {cost: \"{B}\"}");
    unearth->cost_text = c.text();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::activated, unearth->describe(),
                                            "rules-classic", params.where(), unearth});
    ctx.card.abilities.push_back(
        make_ability_def(AbilityKind::static_, params, std::make_shared<UnearthedAbility>()));
  }
  std::string summary() const override {
    return "unearth: {cost: \"{B}\"} — pay the cost, as a sorcery: return this card from your "
           "graveyard to the battlefield with haste; it is exiled at the next end step or if it "
           "would leave (702.84)";
  }
};

}  // namespace

void register_unearth_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("unearth", std::make_shared<UnearthKeyword>());
}

}  // namespace anvil::rules_classic
