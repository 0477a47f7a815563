// Madness (702.35): the keyword `madness: {cost: "{R}"}` — "If you discard this card, discard it
// into exile. When you do, cast it for its madness cost or put it into your graveyard."
//
// Two abilities of one keyword (702.35a): a replacement effect that works from the hand and sends
// a card being discarded to exile instead of the graveyard (it is still discarded: "whenever a
// player discards" triggers see it), and a triggered ability that works from exile and triggers
// on that move. As the trigger resolves, the owner may cast the card for its madness cost, at any
// time (702.35b: timing permissions are ignored), if they can pay and it has legal targets
// (casting.cpp, cast_with_madness); otherwise, or if they decline, it goes to their graveyard. A
// card that has left exile before the trigger resolves is a new object and stays where it is.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

constexpr Symbol kMadnessTrigger = "madness"_sym;  // the trigger's event kind

bool discarded_into_exile(const ZoneChangeEvent& e) {
  return e.cause == Cause::discard && e.from.kind == ZoneKind::hand && e.to.kind == ZoneKind::exile;
}

class MadnessAbility final : public Ability {
 public:
  ManaCost cost;
  std::string cost_text;  // "{R}"

  ZoneMask zones() const override { return zone_bit(ZoneKind::hand) | zone_bit(ZoneKind::exile); }
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    if (game.object(self).zone.kind == ZoneKind::hand) {
      out.push_back(game.bus().on_replacement<ZoneChangeEvent>(
          [self](const Game& g,
                 const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
            if (e.object != self || e.cause != Cause::discard || e.to.kind != ZoneKind::graveyard)
              return std::nullopt;
            return Replacement<ZoneChangeEvent>{
                "discarded into exile (madness, " + std::string(g.card(self).name) + ")", self,
                [](Game& game2, ZoneChangeEvent& z) {
                  z.to = ZoneRef::exile(game2.object(z.object).owner);
                }};
          }));
      return;
    }
    // In exile: "when you do" — the discard into exile that just happened; the trigger is about
    // the card as it is now, in exile (a new object, 400.7).
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(
        game.bus().on_trigger<ZoneChangeEvent>([self, index](Game& g, const ZoneChangeEvent& e) {
          if (e.object != self || !discarded_into_exile(e)) return;
          const GameObject& o = g.object(self);
          if (o.zone.kind != ZoneKind::exile) return;
          fire_about_itself(g, o, index, o.owner, record_of(g.state(), e), kMadnessTrigger);
        }));
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    const std::optional<ObjectId> exiled = subject_still_there(game, ctx);
    if (!exiled) return;  // it left exile
    const ObjectId card = *exiled;
    const PlayerId p = ctx.controller;
    const CardDef& def = game.card(card);
    if (const std::optional<std::uint16_t> mode = castable_mode(game, p, card)) {
      Choice choice;
      choice.kind = ChoiceKind::yes_no;
      choice.player = p;
      choice.source = card;
      choice.prompt = "Cast " + def.name + " for its madness cost " + cost_text + "?";
      choice.options = {{"Put it into your graveyard", {}, 0}, {"Cast it for " + cost_text, {}, 1}};
      if (choice.options.at(game.ask(choice).picks.at(0)).value == 1) {
        cast_with_madness(game, p, card, *mode);
        return;
      }
    }
    move_to_zone(game, card, ZoneRef::graveyard(game.object(card).owner), Cause::rules, card);
  }
  std::string describe() const override {
    return "Madness " + cost_text +
           " (If you discard this card, discard it into exile. When you do, cast it for its "
           "madness cost or put it into your graveyard.)";
  }
  std::string describe_on_stack(const Game& game, const ResolveContext& ctx) const override {
    const Target& it = ctx.event.subject;
    const std::string name = it.is_object() ? game.card(it.object.id).name : "the card";
    return "Madness: cast " + name + " for " + cost_text + " or put it into the graveyard";
  }

 private:
  // The mode p could cast the card for now (its spell ability, or the first mode a modal card
  // may be cast for), or nullopt when it cannot be cast: too little mana, no legal target.
  std::optional<std::uint16_t> castable_mode(const Game& game, PlayerId p, ObjectId card) const {
    const CardDef& def = game.card(card);
    std::vector<std::uint16_t> modes;
    if (is_modal(def)) {
      modes = spell_modes(def);
    } else {
      modes.push_back(spell_ability(def).value_or(0));
    }
    for (std::uint16_t mode : modes)
      if (madness_cast_refusal(game, p, card, mode, cost).empty()) return mode;
    return std::nullopt;
  }
};

// madness: {cost: "{R}"}
class MadnessKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& c = b.required("cost");
    if (ctx.card.base.has_type(kLand)) params.fail("a land is played, not cast: it has no madness");
    auto impl = std::make_shared<MadnessAbility>();
    impl->cost = parse_mana_only(c, "a madness cost", "madness: {cost: \"{R}\"}");
    impl->cost_text = c.text();
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::keyword, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "madness: {cost: \"{R}\"} — a discarded card goes to exile instead, and its owner may "
           "cast it from there for this cost (702.35)";
  }
};

}  // namespace

const ManaCost* madness_cost(const CardDef& def) {
  const auto* m = first_ability<MadnessAbility>(def, AbilityKind::keyword);
  return m ? &m->cost : nullptr;
}

void register_madness_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("madness", std::make_shared<MadnessKeyword>());
}

}  // namespace anvil::rules_classic
