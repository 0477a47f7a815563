// Enters-the-battlefield replacements (614.1d, 614.12): `enters_tapped: {what: Creature, whose:
// opponents}` — Imposing Sovereign's "Creatures your opponents control enter the battlefield
// tapped."
//
// 614.12: whether such an effect applies is decided on the permanent *as it would exist* on the
// battlefield: its characteristics with replacement effects already applied to how it enters,
// effects that changed it as a spell on the stack (400.7a) and its own static abilities — but
// ignoring continuous effects from any other source. So a Forest played while Living Lands makes
// every Forest a creature is not a creature entering, and enters untapped (the ruling on a God
// entering with too little devotion, whose own ability says it isn't a creature); a land
// creature (Dryad Arbor) played as a land is a creature entering. The module reads the object
// where it is as the event happens: effects of other permanents apply only on the battlefield,
// and what applies there — its printed card, its own abilities that work in every zone
// (changeling), effects on the spell — is what the rule counts. A card whose own static ability
// would change its card types only once on the battlefield would be misjudged; no card of the
// module has one.
//
// The replacement marks the object (an object attr: the zone-change count it will have once
// moved); ClassicHooks::before_moves, which sees the event after every replacement, taps it just
// before it moves, so it is never untapped there and no "becomes tapped" trigger fires (it
// enters tapped). A move that another replacement sent elsewhere is not tapped.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

inline constexpr Symbol kEntersTapped = "enters_tapped"_sym;  // zone_changes after the move

class EntersTappedAbility final : public Ability {
 public:
  EntersTappedAbility(Symbol what, std::string what_text)
      : what_(what), what_text_(std::move(what_text)) {}

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<ZoneChangeEvent>(
        [this, self](const Game& g,
                     const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
          if (e.to.kind != ZoneKind::battlefield || e.from.kind == ZoneKind::battlefield)
            return std::nullopt;
          const GameObject& o = g.object(e.object);
          const PlayerId controller = e.to.owner.valid() ? e.to.owner : o.owner;  // as apply_move
          if (controller == g.object(self).controller ||
              o.attrs.get(kEntersTapped) == static_cast<std::int64_t>(o.zone_changes) + 1 ||
              !g.view(e.object).has_type(what_))
            return std::nullopt;
          return Replacement<ZoneChangeEvent>{
              "enters tapped (" + object_label(g, self) + ")", self,
              [](Game& game2, ZoneChangeEvent& z) {
                game2.journal().set_attr(
                    z.object, kEntersTapped,
                    static_cast<std::int64_t>(game2.object(z.object).zone_changes) + 1);
              }};
        }));
  }

  std::string describe() const override {
    return what_text_ + " your opponents control enter the battlefield tapped.";
  }

 private:
  Symbol what_;
  std::string what_text_;
};

// enters_tapped: {what: Creature | Artifact | Land, whose: opponents}
class EntersTappedKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"what", "whose"});
    const Param& what = b.required("what");
    if (what.text() != "Creature" && what.text() != "Artifact" && what.text() != "Land")
      what.fail("unknown card type '" + what.text() + "'", "Creature, Artifact or Land");
    const Param& whose = b.required("whose");
    if (whose.text() != "opponents")
      whose.fail("only permanents of opponents enter tapped", "whose: opponents");
    auto impl = std::make_shared<EntersTappedAbility>(Symbol(what.text()), what.text() + "s");
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::replacement, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "enters_tapped: {what: Creature, whose: opponents} — \"creatures your opponents "
           "control enter the battlefield tapped\" (614.12: judged as the permanent would exist "
           "there)";
  }
};

}  // namespace

void tap_entering(Game& game, std::span<const ZoneChangeEvent> moves) {
  for (const ZoneChangeEvent& e : moves) {
    if (e.to.kind != ZoneKind::battlefield || e.from.kind == ZoneKind::battlefield) continue;
    const GameObject& o = game.object(e.object);
    if (o.attrs.get(kEntersTapped) == static_cast<std::int64_t>(o.zone_changes) + 1 && !o.tapped)
      game.journal().set_tapped(e.object, true);
  }
}

void register_enters_tapped_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("enters_tapped", std::make_shared<EntersTappedKeyword>());
}

}  // namespace anvil::rules_classic
