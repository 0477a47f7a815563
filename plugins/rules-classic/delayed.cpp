// Delayed triggered abilities (603.7): the trigger keyword's `do: Flicker` — "exile another
// target permanent. Return that card to the battlefield under its owner's control at the
// beginning of the next end step." (Flickerwisp) — and its `delay` (DelayedAbility, below).
//
// The delayed ability is created as the effect resolves and is state: attrs on the exiled
// card naming the ability's source, kept only while the card stays in exile (a card that left
// exile is a new object, 400.7, and is not returned). It triggers once, at the beginning of the
// next end step (603.7c), its source and controller those of the ability that created it
// (603.7d-e), and goes on the stack like any trigger. Its slot is connected by the source card
// from every zone, so it returns the card even if Flickerwisp has left the battlefield or, a
// token, ceased to exist.
#include <array>
#include <optional>
#include <string>
#include <vector>

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

namespace {

// 303.4f: an Aura put onto the battlefield without being cast enters attached to an object its
// controller chooses that it could enchant (not a target: hexproof does not matter, protection
// does, 702.16c). None if there is nothing.
std::optional<ObjectId> choose_enchanted(Game& game, ObjectId aura, PlayerId controller,
                                         const EnchantAbility& enchant, ObjectId source) {
  const Characteristics view = game.view(aura);
  std::vector<ObjectId> legal;
  for (std::uint8_t p = 0; p < game.state().player_count(); ++p)
    for (ObjectId id : game.state().zone(ZoneRef::battlefield(PlayerId{p})).objects)
      if (id != aura && enchant.can_enchant(game, id) && !protection_against(game.view(id), view))
        legal.push_back(id);
  if (legal.size() <= 1)
    return legal.empty() ? std::nullopt : std::optional<ObjectId>(legal.front());
  Choice choice;
  choice.kind = ChoiceKind::option;
  choice.player = controller;
  choice.prompt = "Choose what " + std::string(view.name) + " enchants";
  choice.source = source;
  for (ObjectId id : legal)
    choice.options.push_back(
        {std::string(game.view(id).name), Target::of(game.object(id).ref()), 0});
  return legal.at(game.ask(choice).picks.at(0));
}

}  // namespace

void ReturnAbility::resolve(Game& game, const ResolveContext& ctx) const {
  const std::optional<ObjectId> card = subject_still_there(game, ctx);
  if (!card) return;  // it left exile
  const PlayerId owner = game.object(*card).owner;
  const EnchantAbility* enchant = enchant_ability(game.card(*card));
  if (!enchant) {
    move_to_zone(game, *card, ZoneRef::battlefield(owner), Cause::put, ctx.source.id);
    return;
  }
  // An Aura with nothing it could enchant stays in exile (303.4g).
  const std::optional<ObjectId> to = choose_enchanted(game, *card, owner, *enchant, ctx.source.id);
  if (!to) return;
  if (move_to_zone(game, *card, ZoneRef::battlefield(owner), Cause::put, ctx.source.id) &&
      on_battlefield(game, *card) && on_battlefield(game, *to))
    attach(game, *card, *to);
}

std::string ReturnAbility::describe() const {
  return "Return that card to the battlefield under its owner's control at the beginning of the "
         "next end step.";
}

// `delay`: the delayed ability is state on the source object, per ability index: how many wait
// for the next upkeep (each creation is one more, 603.7c: each triggers once) and their
// controller; for "this turn", the turn it lasts (+ 1) and its controller. The source's later
// zone changes don't matter: a delayed ability exists apart from its source (603.7), so it is
// connected from every zone. Controller kept per ability: a second creation by another
// controller before the first fired takes both over (no card of the packs changes control).
namespace {

struct DelayKeys {
  Symbol pending, controller;
  explicit DelayKeys(std::uint16_t index)
      : pending("delayed_" + std::to_string(index)),
        controller("delayed_ctl_" + std::to_string(index)) {}
};

PlayerId player_of(std::int64_t attr) { return PlayerId(static_cast<std::uint8_t>(attr - 1)); }

}  // namespace

DelayKind delay_kind(const Param& p) {
  if (p.text() == "next_upkeep") return DelayKind::next_upkeep;
  if (p.text() == "casts_this_turn") return DelayKind::casts_this_turn;
  p.fail("unknown delay '" + p.text() + "'", "next_upkeep or casts_this_turn");
}

void create_delayed(Game& game, const ResolveContext& ctx, std::uint16_t delayed) {
  // A source that ceased to exist (a token) is still an object, in ZoneKind::none, and its
  // delayed abilities work from there (kEveryZone); an id of no object makes none.
  if (!game.state().exists(ctx.source.id)) return;
  const CardDef& def = game.card(ctx.source.id);
  const auto* d = delayed < def.abilities.size()
                      ? dynamic_cast<const DelayedAbility*>(def.abilities[delayed].impl.get())
                      : nullptr;
  if (!d)
    throw RulesError("delay: ability " + std::to_string(delayed) + " of " + def.name +
                     " is not a delayed ability");
  const DelayKeys keys(delayed);
  Journal& j = game.journal();
  const GameObject& o = game.object(ctx.source.id);
  if (d->kind == DelayKind::next_upkeep)
    j.set_attr(o.id, keys.pending, o.attrs.get(keys.pending) + 1);
  else  // until the end of this turn ("this turn"): the turn number + 1
    j.set_attr(o.id, keys.pending, static_cast<std::int64_t>(game.state().turn.number) + 1);
  j.set_attr(o.id, keys.controller, static_cast<std::int64_t>(ctx.controller.value) + 1);
}

void DelayedAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  const std::uint16_t index = ability_index(game, self, this);
  const DelayKeys keys(index);
  auto fire = [self, index, keys](Game& g, EventRecord record) {
    const GameObject& o = g.object(self);
    g.fire_trigger(
        PendingTrigger{o.ref(), o.card, index, player_of(o.attrs.get(keys.controller)), record});
  };
  if (kind == DelayKind::next_upkeep) {
    out.push_back(
        game.bus().on_trigger<TurnStepEvent>([self, keys, fire](Game& g, const TurnStepEvent& e) {
          if (e.step != kUpkeep) return;
          const std::int64_t n = g.object(self).attrs.get(keys.pending);
          if (n == 0) return;
          EventRecord r = record_of(g.state(), e);
          r.subject = Target::of(player_of(g.object(self).attrs.get(keys.controller)));
          g.journal().set_attr(self, keys.pending, 0);  // 603.7c: each triggers only once
          for (std::int64_t i = 0; i < n; ++i) fire(g, r);
        }));
    return;
  }
  out.push_back(game.bus().on_trigger<CastEvent>([self, keys, fire](Game& g, const CastEvent& e) {
    // 603.7c: with a duration it triggers each time, until the turn it was made in ends.
    if (g.object(self).attrs.get(keys.pending) !=
        static_cast<std::int64_t>(g.state().turn.number) + 1)
      return;
    EventRecord r = record_of(g.state(), e);
    r.subject = Target::of(e.controller);
    fire(g, r);
  }));
}

void DelayedAbility::resolve(Game& game, const ResolveContext& ctx) const {
  // Tgt of the Drawback$ steps: the caster, or (at the next upkeep) the ability's controller.
  std::array<Target, 1> tgt{Target::of(ctx.controller)};
  if (ctx.event.subject.is_player()) tgt[0] = ctx.event.subject;
  ResolveContext then = ctx;
  then.targets = tgt;
  effect->run(game, then, ctx.event.amount);
}

std::string DelayedAbility::describe() const {
  const std::string does = effect ? effect->describe() : std::string("…");
  if (kind == DelayKind::next_upkeep) return "At the beginning of the next upkeep, " + does + ".";
  return "Whenever a player casts a spell this turn, " + does + ".";
}

}  // namespace anvil::rules_classic
