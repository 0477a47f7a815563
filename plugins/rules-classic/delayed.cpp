// Delayed triggered abilities (603.7): the trigger keyword's `do: Flicker` — "exile another
// target permanent. Return that card to the battlefield under its owner's control at the
// beginning of the next end step." (Flickerwisp).
//
// The delayed ability is created as the effect resolves and is state: attrs on the exiled
// card naming the ability's source, kept only while the card stays in exile (a card that left
// exile is a new object, 400.7, and is not returned). It triggers once, at the beginning of the
// next end step (603.7c), its source and controller those of the ability that created it
// (603.7d-e), and goes on the stack like any trigger. Its slot is connected by the source card
// from every zone, so it returns the card even if Flickerwisp has left the battlefield.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// On the exiled card: who returns it (source id + 1), for which of its zone_changes (+ 1), and
// the controller of the delayed ability (+ 1).
constexpr Symbol kReturnBy = "return_by"_sym;
constexpr Symbol kReturnZc = "return_zc"_sym;
constexpr Symbol kReturnController = "return_controller"_sym;

bool waits_for(const GameObject& o, ObjectId source) {
  return o.zone.kind == ZoneKind::exile &&
         o.attrs.get(kReturnBy) == static_cast<std::int64_t>(source.value) + 1 &&
         o.attrs.get(kReturnZc) == static_cast<std::int64_t>(o.zone_changes) + 1;
}

}  // namespace

void flicker(Game& game, const ResolveContext& ctx) {
  if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
  const ObjectId id = ctx.targets[0].object.id;
  if (!move_to_zone(game, id, ZoneRef::exile(game.object(id).owner), Cause::exile,
                    ctx.source.id))
    return;
  const GameObject& o = game.object(id);
  if (o.zone.kind != ZoneKind::exile) return;  // replaced elsewhere: nothing to return
  Journal& j = game.journal();
  j.set_attr(id, kReturnBy, static_cast<std::int64_t>(ctx.source.id.value) + 1);
  j.set_attr(id, kReturnZc, static_cast<std::int64_t>(o.zone_changes) + 1);
  j.set_attr(id, kReturnController, static_cast<std::int64_t>(ctx.controller.value) + 1);
}

ZoneMask ReturnAbility::zones() const { return kEveryZone; }

void ReturnAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  const ReturnAbility* me = this;
  out.push_back(game.bus().on_trigger<TurnStepEvent>([self, me](Game& g, const TurnStepEvent& e) {
    if (e.step != kEnd) return;
    const CardDef& def = g.card(self);
    std::uint16_t index = 0;
    for (std::size_t i = 0; i < def.abilities.size(); ++i)
      if (def.abilities[i].impl.get() == me) index = static_cast<std::uint16_t>(i);
    for (const GameObject& o : g.state().objects) {
      if (!waits_for(o, self)) continue;
      PendingTrigger t;
      t.source = g.object(self).ref();
      t.card = g.object(self).card;
      t.ability = index;
      t.controller = PlayerId(static_cast<std::uint8_t>(o.attrs.get(kReturnController) - 1));
      t.event.kind = "delayed_return"_sym;
      t.event.subject = Target::of(o.ref());
      g.journal().set_attr(o.id, kReturnBy, 0);  // 603.7c: it triggers only once
      g.fire_trigger(t);
    }
  }));
}

void ReturnAbility::resolve(Game& game, const ResolveContext& ctx) const {
  const Target& card = ctx.event.subject;
  if (!card.is_object() || !game.state().is_current(card.object)) return;  // it left exile
  const ObjectId id = card.object.id;
  move_to_zone(game, id, ZoneRef::battlefield(game.object(id).owner), Cause::put, ctx.source.id);
}

std::string ReturnAbility::describe() const {
  return "Return that card to the battlefield under its owner's control at the beginning of the "
         "next end step.";
}

}  // namespace anvil::rules_classic
