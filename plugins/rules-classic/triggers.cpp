// trigger: {when, whose, other, do, if} — triggered abilities in the classic card language
// (rule 603). `do` is compiled by the registry's EffectVerb "Drawback" (plugin effect-drawback).
//
// Leaves-the-battlefield and dies triggers look back in time (603.10a): the ability works from
// every zone the card can go to, so its slot is connected again in the new zone before the
// event's triggers fire, and "another creature dies" also counts when the source left in the
// same simultaneous event (a board wipe, "sacrifice two creatures"): the module marks every
// object leaving the battlefield with its batch (kLeftInBatch, last_known.cpp). Whether the
// object that left was a creature, and who controlled it, is what it was as it last existed
// on the battlefield (700.4: a Forest that Living Lands animated dies as a creature).
#include <algorithm>
#include <array>
#include <cctype>
#include <span>
#include <string>
#include <utility>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

enum class When : std::uint8_t {
  enters,
  dies,
  leaves,
  exiled,  // put into exile from the battlefield (§2 test 3: a "dies" that was replaced)
  upkeep,
  attacks,
  blocks,
  dealt_damage,
  cast,
  discards,        // "whenever [an opponent] discards a card" (Megrim)
  end_step,        // "at the beginning of [each player's] end step" (Citadel of Pain)
  player_damaged,  // "whenever [an opponent] is dealt [N or more] damage" (Pain Magnification)
  loses_life,      // "whenever [an opponent] loses life" (Exquisite Blood)
  // "Becomes" triggers (603.2f): only on the transition. The kernel emits a TapEvent only when
  // the tapped status changes, and not for a permanent that enters tapped (it was never
  // untapped on the battlefield), so these fire exactly when the permanent changes status.
  becomes_tapped,
  becomes_untapped,
  becomes_blocked,  // once per combat however many creatures block it (509.3c); afflict
  // "Whenever CARDNAME becomes the target of a spell or ability [an opponent controls]": as the
  // spell is cast, the ability activated or the trigger put on the stack (ward.cpp's
  // announce_targets), so Phantasmal Bear's sacrifice resolves before the spell.
  becomes_target,
  // "When you cycle CARDNAME" (702.29c): as its cycling ability is activated (cycling.cpp); with
  // `whose` or `other`, "whenever you cycle another card", of a permanent on the battlefield.
  cycled,
};
enum class Whose : std::uint8_t { unspecified, you, opponent, any };
enum class Condition : std::uint8_t {
  none,
  no_other_creatures,
  another_creature,
  life_at_least,
  life_at_most,
  kicked  // "if it was kicked" (702.33d): the permanent is the kicked spell it was cast as
};

// What a targeted trigger targets (603.3d: chosen as it is put on the stack).
enum class TriggerTarget : std::uint8_t {
  none, creature, opponents_creature, player, opponent, other_permanent
};

class TriggerAbility final : public Ability {
 public:
  When when = When::enters;
  TriggerTarget target = TriggerTarget::none;
  bool destroy = false;  // do: Destroy — destroy the target creature
  bool flicker = false;  // do: Flicker — exile the target permanent, back at the next end step
  bool may = false;      // "you may": the controller chooses on resolution (603.5)
  // do: SacrificeSelf — "sacrifice CARDNAME" (Ball Lightning, Phantasmal Bear): the source, if it
  // is still the same permanent and its controller still controls it (701.17a).
  bool sacrifice_self = false;
  Whose whose = Whose::unspecified;
  // becomes_target: whose spell or ability it must be (`by`; unspecified: anyone's).
  Whose by = Whose::unspecified;
  bool other = false;
  // `what`: the creature must be of this creature type or have this colour ("whenever a Goblin
  // you control dies", "whenever a red creature dies"); judged, for the objects that left, as
  // they last existed on the battlefield.
  Symbol what_subtype;
  ColorSet what_colors;
  std::string what_text;  // "Goblin", "red creature"
  std::shared_ptr<const EffectStep> effect;
  Condition condition = Condition::none;
  std::int64_t condition_n = 0;
  std::int64_t at_least = 1;  // player_damaged: the damage from one source that triggers it
  std::string text;
  // `delay`: the effect is not done on resolution; it creates the card's DelayedAbility at this
  // index instead (603.7, delayed.cpp). 0: none.
  std::uint16_t delayed = 0;

  ZoneMask zones() const override {
    if (when == When::dies || when == When::leaves || when == When::exiled)
      return zone_bit(ZoneKind::battlefield) | zone_bit(ZoneKind::graveyard) |
             zone_bit(ZoneKind::exile) | zone_bit(ZoneKind::hand) | zone_bit(ZoneKind::library);
    // Cycling discarded the card before its activation was complete: it is in the graveyard.
    if (when == When::cycled && cycles_itself()) return zone_bit(ZoneKind::graveyard);
    return zone_bit(ZoneKind::battlefield);
  }

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  // `when: cycled` without `whose` and `other`: "When you cycle CARDNAME".
  bool cycles_itself() const { return whose == Whose::unspecified && !other; }

  std::size_t target_count() const override { return target == TriggerTarget::none ? 0 : 1; }
  std::string target_prompt(std::size_t) const override { return "Choose a target"; }
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    switch (target) {
      case TriggerTarget::creature:
      case TriggerTarget::opponents_creature:
        return t.is_object() && is_creature(game, t.object.id) &&
               (target == TriggerTarget::creature ||
                game.object(t.object.id).controller != ctx.controller);
      case TriggerTarget::player:
        return t.is_player();
      case TriggerTarget::opponent:
        return t.is_player() && t.player != ctx.controller;
      case TriggerTarget::other_permanent:
        return t.is_object() && t.object.id != ctx.source.id && on_battlefield(game, t.object.id);
      default:
        return false;
    }
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    // 603.4: the intervening "if" is checked again as the ability resolves.
    if (!condition_holds(game, ctx.controller, ctx.source)) return;
    if (delayed != 0) {
      create_delayed(game, ctx, delayed);
      return;
    }
    if (may) {
      Choice choice;
      choice.kind = ChoiceKind::yes_no;
      choice.player = ctx.controller;
      choice.prompt = text + " Do it?";
      choice.source = ctx.source.id;
      choice.options = {{"No", {}, 0}, {"Yes", {}, 1}};
      if (game.ask(choice).picks.at(0) == 0) return;
    }
    if (sacrifice_self) {
      sacrifice_source(game, ctx);
      return;
    }
    if (target != TriggerTarget::none) {  // rechecked by resolve_top (608.2b)
      if (ctx.targets.empty() || ctx.targets[0].kind == Target::Kind::none) return;
      if (destroy) {
        anvil::destroy(game, ctx.targets[0].object.id, ctx.source.id);
        return;
      }
      if (flicker) {
        rules_classic::flicker(game, ctx);
        return;
      }
      if (ctx.targets[0].is_player()) {  // Tgt of the Drawback$ steps: the target player
        effect->run(game, ctx, ctx.event.amount);
        return;
      }
    }
    // Tgt of the Drawback$ steps: the player the event is about.
    std::array<Target, 1> tgt{Target::of(ctx.controller)};
    const Target& subject = ctx.event.subject;
    if (subject.is_player()) {
      tgt[0] = subject;
    } else if (subject.is_object() && game.state().exists(subject.object.id)) {
      tgt[0] = Target::of(game.object(subject.object.id).controller);
    }
    ResolveContext then = ctx;
    then.targets = tgt;
    effect->run(game, then, ctx.event.amount);
  }

  std::string describe() const override { return text; }

  // `source`: the permanent as it was when the ability triggered (an "if it was kicked" is read
  // from its last known information once it has left).
  bool condition_holds(const Game& game, PlayerId you, ObjectRef source) const {
    const ObjectId self = source.id;
    switch (condition) {
      case Condition::none:
        return true;
      case Condition::no_other_creatures:
      case Condition::another_creature: {
        bool any = false;
        for (ObjectId id : controlled(game, you))
          if (id != self && is_creature(game, id)) any = true;
        return condition == Condition::another_creature ? any : !any;
      }
      case Condition::life_at_least:
        return game.state().player(you).life >= condition_n;
      case Condition::life_at_most:
        return game.state().player(you).life <= condition_n;
      case Condition::kicked:
        return was_kicked_as(game, source);
    }
    return true;
  }

  // Whether `player` matches `whose` for a trigger controlled by `you`.
  bool player_matches(PlayerId you, PlayerId player) const {
    switch (whose) {
      case Whose::you:
        return player == you;
      case Whose::opponent:
        return player != you;
      default:
        return true;
    }
  }

  // Whether the event about `object` (controlled by `controller`) triggers the ability of `self`;
  // `last`: the object as it last existed on the battlefield, if it has left.
  bool object_matches(const Game& game, ObjectId self, ObjectId object, PlayerId controller,
                      bool creature, const LastKnown* last = nullptr) const {
    const bool self_only = whose == Whose::unspecified && !other;
    if (self_only) return object == self;
    if (other && object == self) return false;
    if (object != self && !creature) return false;
    if (!player_matches(game.object(self).controller, controller)) return false;
    if (what_text.empty()) return true;
    return is_what(last ? last->characteristics : game.view(object));
  }

  bool is_what(const Characteristics& c) const {
    if (what_subtype && !c.has_subtype(what_subtype)) return false;
    return (c.colors.bits & what_colors.bits) == what_colors.bits;
  }
};

bool is_creature_card(const Game& game, ObjectId id) { return game.view(id).has_type(kCreature); }

// Whether `self`, gone from the battlefield, left it in the same event as `object` (603.10a).
bool left_together(const Game& game, ObjectId self, ObjectId object) {
  if (!game.state().exists(object)) return false;
  const std::int64_t batch = game.object(self).attrs.get(kLeftInBatch);
  return batch != 0 && game.object(object).attrs.get(kLeftInBatch) == batch;
}

// Whether the source is there to see an event (603.10: leaves-the-battlefield abilities look
// back, so a source that left in the same simultaneous event still counts).
bool source_present(const Game& game, ObjectId self) {
  if (on_battlefield(game, self)) return true;
  const std::int64_t batch = game.state().attrs.get(kBatch);
  return batch != 0 && game.object(self).attrs.get(kLeftInBatch) == batch;
}

std::uint16_t index_of(const Game& game, ObjectId self, const Ability* ability) {
  const CardDef& def = game.card(self);
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (def.abilities[i].impl.get() == ability) return static_cast<std::uint16_t>(i);
  throw RulesError("trigger: the ability is not on " + def.name);
}

// "Whenever [a creature] attacks" and "… blocks": the creature the event names (`who`: its
// attacker, its blocker) is matched as a creature and is the trigger's subject.
template <class Event, class Fire>
Connection on_combatant(Game& game, const Fire& fire, ObjectId self, const TriggerAbility* me,
                        ObjectId Event::*who) {
  return game.bus().on_trigger<Event>([fire, self, me, who](Game& g, const Event& e) {
    const ObjectId creature = e.*who;
    if (!on_battlefield(g, self) || !g.state().exists(creature)) return;
    if (!me->object_matches(g, self, creature, g.object(creature).controller, true)) return;
    EventRecord r = record_of(g.state(), e);
    r.subject = Target::of(g.object(creature).ref());
    fire(g, r);
  });
}

void TriggerAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  const std::uint16_t index = index_of(game, self, this);
  const TriggerAbility* me = this;
  auto fire = [self, index, me](Game& g, EventRecord record) {
    const GameObject& o = g.object(self);
    if (!me->condition_holds(g, o.controller, o.ref())) return;  // 603.4, at trigger time
    g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record});
  };
  switch (when) {
    case When::enters:
      out.push_back(game.bus().on_trigger<ZoneChangeEvent>(
          [fire, self, me](Game& g, const ZoneChangeEvent& e) {
            if (e.to.kind != ZoneKind::battlefield || e.from.kind == ZoneKind::battlefield) return;
            if (!on_battlefield(g, self) || !on_battlefield(g, e.object)) return;
            if (!me->object_matches(g, self, e.object, g.object(e.object).controller,
                                    is_creature(g, e.object)))
              return;
            fire(g, record_of(g.state(), e));
          }));
      return;
    case When::dies:
    case When::leaves:
    case When::exiled:
      out.push_back(game.bus().on_trigger<ZoneChangeEvent>(
          [fire, self, me](Game& g, const ZoneChangeEvent& e) {
            if (e.from.kind != ZoneKind::battlefield || e.to.kind == ZoneKind::battlefield) return;
            if (me->when == When::dies && e.to.kind != ZoneKind::graveyard) return;
            if (me->when == When::exiled && e.to.kind != ZoneKind::exile) return;
            if (e.object != self && !source_present(g, self) && !left_together(g, self, e.object))
              return;
            if (!g.state().exists(e.object)) return;
            // The object as it last existed on the battlefield (603.10a, 700.4).
            const std::optional<LastKnown> lk = g.last_known(e.object);
            const bool creature =
                lk ? lk->characteristics.has_type(kCreature) : is_creature_card(g, e.object);
            const PlayerId controller = lk ? lk->controller : g.object(e.object).controller;
            if (!me->object_matches(g, self, e.object, controller, creature, lk ? &*lk : nullptr))
              return;
            fire(g, record_of(g.state(), e));
          }));
      return;
    case When::upkeep:
    case When::end_step: {
      const auto step = when == When::upkeep ? kUpkeep : kEnd;
      out.push_back(game.bus().on_trigger<TurnStepEvent>(
          [fire, self, me, step](Game& g, const TurnStepEvent& e) {
            if (e.step != step || !on_battlefield(g, self)) return;
            if (!me->player_matches(g.object(self).controller, e.active)) return;
            EventRecord r = record_of(g.state(), e);
            r.subject = Target::of(e.active);
            fire(g, r);
          }));
      return;
    }
    case When::attacks:
      out.push_back(on_combatant(game, fire, self, me, &AttackEvent::attacker));
      return;
    case When::blocks:
      out.push_back(on_combatant(game, fire, self, me, &BlockEvent::blocker));
      return;
    case When::dealt_damage:
      out.push_back(game.bus().on_trigger<DamageEvent>([fire, self, me](Game& g,
                                                                        const DamageEvent& e) {
        if (e.amount <= 0 || !e.target.is_object() || !source_present(g, self)) return;
        const ObjectId hit = e.target.object.id;
        if (!g.state().exists(hit)) return;
        if (!me->object_matches(g, self, hit, g.object(hit).controller, is_creature_card(g, hit)))
          return;
        fire(g, record_of(g.state(), e));
      }));
      return;
    case When::player_damaged:
      out.push_back(game.bus().on_trigger<DamageEvent>([fire, self, me](Game& g,
                                                                        const DamageEvent& e) {
        if (e.amount < me->at_least || !e.target.is_player() || !on_battlefield(g, self)) return;
        if (!me->player_matches(g.object(self).controller, e.target.player)) return;
        fire(g, record_of(g.state(), e));  // subject: the player dealt damage; amount: how much
      }));
      return;
    case When::loses_life:
      out.push_back(game.bus().on_trigger<LifeChangeEvent>([fire, self, me](
                                                               Game& g, const LifeChangeEvent& e) {
        if (e.delta >= 0 || !on_battlefield(g, self)) return;
        if (!me->player_matches(g.object(self).controller, e.player)) return;
        EventRecord r = record_of(g.state(), e);
        r.subject = Target::of(e.player);
        r.amount = -static_cast<std::int64_t>(e.delta);  // "that much": the life lost
        fire(g, r);
      }));
      return;
    case When::cast:
      out.push_back(game.bus().on_trigger<CastEvent>([fire, self, me](Game& g, const CastEvent& e) {
        if (!on_battlefield(g, self)) return;
        if (!me->player_matches(g.object(self).controller, e.controller)) return;
        EventRecord r = record_of(g.state(), e);
        r.subject = Target::of(e.controller);
        fire(g, r);
      }));
      return;
    case When::becomes_tapped:
    case When::becomes_untapped:
      out.push_back(game.bus().on_trigger<TapEvent>([fire, self, me](Game& g, const TapEvent& e) {
        if (e.tapped != (me->when == When::becomes_tapped) || !on_battlefield(g, self)) return;
        if (!on_battlefield(g, e.object)) return;
        if (!me->object_matches(g, self, e.object, g.object(e.object).controller,
                                is_creature(g, e.object)))
          return;
        EventRecord r = record_of(g.state(), e);
        r.subject = Target::of(g.object(e.object).ref());
        fire(g, r);
      }));
      return;
    case When::becomes_blocked:
      // One BlockEvent per blocker: the attacker "becomes blocked" once (509.3c), on the event
      // of its blocker with the lowest id — the same one whatever order the blocks were listed.
      out.push_back(
          game.bus().on_trigger<BlockEvent>([fire, self, me](Game& g, const BlockEvent& e) {
            if (!on_battlefield(g, self) || !on_battlefield(g, e.attacker)) return;
            const auto blocking = static_cast<std::int64_t>(e.attacker.value) + 1;
            for (ObjectId b : battlefield(g))
              if (b.value < e.blocker.value && combat_attr(g, b, kBlocking) == blocking) return;
            if (!me->object_matches(g, self, e.attacker, g.object(e.attacker).controller, true))
              return;
            EventRecord r = record_of(g.state(), e);
            r.subject = Target::of(g.object(e.attacker).ref());
            fire(g, r);
          }));
      return;
    case When::becomes_target:
      out.push_back(
          game.bus().on_trigger<CustomEvent>([fire, self, me](Game& g, const CustomEvent& e) {
            if (e.kind != kBecameTarget || !e.subject.is_object() || !on_battlefield(g, self))
              return;
            const ObjectId targeted = e.subject.object.id;
            if (!g.state().is_current(e.subject.object) || !on_battlefield(g, targeted)) return;
            if (!me->object_matches(g, self, targeted, g.object(targeted).controller,
                                    is_creature(g, targeted)))
              return;
            if (me->by != Whose::unspecified) {
              const auto at = stack_index(g, static_cast<std::uint32_t>(e.amount));
              if (!at) return;
              const PlayerId caster = g.state().stack[*at].controller;
              if ((me->by == Whose::you) != (caster == g.object(self).controller)) return;
            }
            EventRecord r = record_of(g.state(), e);
            r.subject = Target::of(g.object(targeted).ref());
            r.amount = 0;  // the event's amount is the stack item's id, not an X for `do`
            fire(g, r);
          }));
      return;
    case When::cycled:
      out.push_back(
          game.bus().on_trigger<CustomEvent>([fire, self, me](Game& g, const CustomEvent& e) {
            if (e.kind != kCycled || !e.subject.is_object()) return;
            const ObjectId card = e.subject.object.id;
            if (me->cycles_itself()) {
              if (card != self) return;
            } else if (card == self || !on_battlefield(g, self) || !g.state().exists(card) ||
                       !me->player_matches(g.object(self).controller, g.object(card).owner)) {
              return;  // a card is cycled from its owner's hand, by its owner
            }
            EventRecord r = record_of(g.state(), e);
            r.subject = Target::of(g.object(card).owner);  // who cycled it: "you", "that player"
            fire(g, r);
          }));
      return;
    case When::discards:
      // One trigger per card discarded (603.2c); "that player" is the one who discarded.
      out.push_back(game.bus().on_trigger<ZoneChangeEvent>(
          [fire, self, me](Game& g, const ZoneChangeEvent& e) {
            if (e.cause != Cause::discard || !on_battlefield(g, self)) return;
            if (!me->player_matches(g.object(self).controller, e.player)) return;
            EventRecord r = record_of(g.state(), e);
            r.subject = Target::of(e.player);
            fire(g, r);
          }));
      return;
  }
}

std::string when_text(const TriggerAbility& t) {
  const bool self_only = t.whose == Whose::unspecified && !t.other;
  std::string who;
  if (t.when == When::player_damaged || t.when == When::loses_life) {
    const std::string player = t.whose == Whose::you        ? "you are"
                               : t.whose == Whose::opponent ? "an opponent is"
                                                            : "a player is";
    if (t.when == When::loses_life)
      return t.whose == Whose::you        ? "Whenever you lose life"
             : t.whose == Whose::opponent ? "Whenever an opponent loses life"
                                          : "Whenever a player loses life";
    return "Whenever " + player + " dealt " +
           (t.at_least > 1 ? std::to_string(t.at_least) + " or more damage by a single source"
                           : std::string("damage"));
  }
  if (t.when == When::cycled) {
    if (t.cycles_itself()) return "When you cycle CARDNAME";
    const std::string card = t.other ? "another card" : "a card";
    return t.whose == Whose::you        ? "Whenever you cycle " + card
           : t.whose == Whose::opponent ? "Whenever an opponent cycles " + card
                                        : "Whenever a player cycles " + card;
  }
  if (t.when == When::discards) {
    return t.whose == Whose::you        ? "Whenever you discard a card"
           : t.whose == Whose::opponent ? "Whenever an opponent discards a card"
                                        : "Whenever a player discards a card";
  }
  if (t.when == When::upkeep || t.when == When::cast || t.when == When::end_step) {
    const std::string player = t.whose == Whose::you        ? "your"
                               : t.whose == Whose::opponent ? "each opponent's"
                                                            : "each player's";
    if (t.when == When::upkeep) return "At the beginning of " + player + " upkeep";
    if (t.when == When::end_step) return "At the beginning of " + player + " end step";
    return t.whose == Whose::you        ? "Whenever you cast a spell"
           : t.whose == Whose::opponent ? "Whenever an opponent casts a spell"
                                        : "Whenever a player casts a spell";
  }
  if (self_only) {
    who = "CARDNAME";
  } else {
    const std::string& what = t.what_text;
    if (what.empty())
      who = t.other ? "another creature" : "CARDNAME or another creature";
    else
      who = (t.other ? "another " : a_or_an(what)) + what;
    if (t.whose == Whose::you) who += " you control";
    if (t.whose == Whose::opponent) who += " an opponent controls";
  }
  const std::string targeted = std::string(" becomes the target of a spell or ability") +
                               (t.by == Whose::opponent ? " an opponent controls"
                                : t.by == Whose::you    ? " you control"
                                                        : "");
  const char* verb = t.when == When::enters             ? " enters"
                     : t.when == When::becomes_tapped   ? " becomes tapped"
                     : t.when == When::becomes_untapped ? " becomes untapped"
                     : t.when == When::becomes_blocked  ? " becomes blocked"
                     : t.when == When::becomes_target   ? targeted.c_str()
                     : t.when == When::dies             ? " dies"
                     : t.when == When::leaves           ? " leaves the battlefield"
                     : t.when == When::exiled           ? " is put into exile from the battlefield"
                     : t.when == When::attacks          ? " attacks"
                     : t.when == When::blocks           ? " blocks"
                                                        : " is dealt damage";
  // Oracle wording: "When" for what happens to the card once (enters, dies, leaves), "Whenever"
  // for what can happen again (attacks, blocks, is dealt damage) and for other creatures.
  // A trigger that sacrifices CARDNAME cannot happen to it again either (Phantasmal Bear).
  const bool once = t.when == When::enters || t.when == When::dies || t.when == When::leaves ||
                    t.when == When::exiled || t.sacrifice_self;
  return std::string(self_only && once ? "When " : "Whenever ") + who + verb;
}

std::string condition_text(const TriggerAbility& t) {
  switch (t.condition) {
    case Condition::none:
      return {};
    case Condition::no_other_creatures:
      return ", if you control no other creatures";
    case Condition::another_creature:
      return ", if you control another creature";
    case Condition::life_at_least:
      return ", if you have " + std::to_string(t.condition_n) + " or more life";
    case Condition::life_at_most:
      return ", if you have " + std::to_string(t.condition_n) + " or less life";
    case Condition::kicked:
      return ", if it was kicked";
  }
  return {};
}

std::string lower_first(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(s[0])));
  return s;
}

// what: Goblin (a creature type) or what: red (a colour), for the events about creatures.
void compile_what(const Param& what, TriggerAbility& t) {
  const bool self_only = t.whose == Whose::unspecified && !t.other;
  const bool creature_event = t.when == When::enters || t.when == When::dies ||
                              t.when == When::leaves || t.when == When::exiled ||
                              t.when == When::attacks || t.when == When::blocks ||
                              t.when == When::dealt_damage;
  if (!creature_event || self_only)
    what.fail("'what' narrows which creatures an event is about",
              "use it with 'whose' or 'other' on enters, dies, leaves, exiled, attacks, blocks "
              "or dealt_damage");
  const std::string& word = what.text();
  if (word.empty()) what.fail("'what' is a creature type (Goblin) or a colour (red)");
  if (const std::optional<Color> color = color_named(word)) {
    t.what_colors.add(*color);
    t.what_text = word + " creature";
    return;
  }
  if (!std::isupper(static_cast<unsigned char>(word[0])))
    what.fail("'" + word + "' is neither a colour nor a creature type",
              "a colour in lower case (red) or a creature type (Goblin)");
  t.what_subtype = Symbol(word);
  t.what_text = word;
}

// trigger: {when: enters, whose: you, other: true, do: "YouGainLife/1", if: "…"}
class TriggerKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"when", "whose?", "other?", "do", "if?", "target?", "may?",
                                 "at_least?", "delay?", "by?", "what?"});
    auto impl = std::make_shared<TriggerAbility>();
    const Param& when = b.required("when");
    static const std::array<std::pair<std::string_view, When>, 18> kWhen{{
        {"enters", When::enters},
        {"dies", When::dies},
        {"leaves", When::leaves},
        {"exiled", When::exiled},
        {"upkeep", When::upkeep},
        {"attacks", When::attacks},
        {"blocks", When::blocks},
        {"dealt_damage", When::dealt_damage},
        {"cast", When::cast},
        {"discards", When::discards},
        {"end_step", When::end_step},
        {"player_damaged", When::player_damaged},
        {"loses_life", When::loses_life},
        {"becomes_tapped", When::becomes_tapped},
        {"becomes_untapped", When::becomes_untapped},
        {"becomes_blocked", When::becomes_blocked},
        {"becomes_target", When::becomes_target},
        {"cycled", When::cycled},
    }};
    bool found = false;
    for (const auto& [name, w] : kWhen)
      if (when.text() == name) {
        impl->when = w;
        found = true;
      }
    if (!found)
      when.fail("unknown trigger event '" + when.text() + "'",
                "one of enters, dies, leaves, exiled, upkeep, attacks, blocks, dealt_damage, "
                "cast, discards, end_step, player_damaged, loses_life, becomes_tapped, "
                "becomes_untapped, becomes_blocked, becomes_target, cycled");
    if (const Param* whose = b.optional("whose")) {
      if (whose->text() == "you")
        impl->whose = Whose::you;
      else if (whose->text() == "opponent")
        impl->whose = Whose::opponent;
      else if (whose->text() == "any")
        impl->whose = Whose::any;
      else
        whose->fail("'whose' is you, opponent or any");
    }
    if (const Param* other = b.optional("other")) impl->other = other->boolean();
    if (const Param* by = b.optional("by")) {
      if (impl->when != When::becomes_target)
        by->fail("'by' is for 'when: becomes_target' (whose spell or ability targets it)");
      if (by->text() == "you")
        impl->by = Whose::you;
      else if (by->text() == "opponent")
        impl->by = Whose::opponent;
      else if (by->text() != "any")
        by->fail("'by' is you, opponent or any");
    }
    // `when: cycled` with `other` alone: "whenever a player cycles another card".
    if (impl->when == When::cycled && impl->other && impl->whose == Whose::unspecified)
      impl->whose = Whose::any;
    const bool player_event = impl->when == When::upkeep || impl->when == When::cast ||
                              impl->when == When::discards ||
                              impl->when == When::end_step ||
                              impl->when == When::player_damaged || impl->when == When::loses_life;
    if (impl->other && player_event)
      b.optional("other")->fail("'other' is for events about creatures");
    if (const Param* what = b.optional("what")) compile_what(*what, *impl);
    if (const Param* n = b.optional("at_least")) {
      if (impl->when != When::player_damaged)
        n->fail("'at_least' is for 'when: player_damaged' (damage from one source)");
      impl->at_least = n->integer();
      if (impl->at_least < 1) n->fail("'at_least' must be 1 or more");
    }
    if (const Param* cond = b.optional("if")) {
      const std::string& c = cond->text();
      const auto number_in = [&](std::string_view prefix, std::string_view suffix) {
        const std::string n = c.substr(prefix.size(), c.size() - prefix.size() - suffix.size());
        if (n.empty() || n.find_first_not_of("0123456789") != std::string::npos)
          cond->fail("expected a number in '" + c + "'");
        return std::stoll(n);
      };
      if (c == "you control no other creatures") {
        impl->condition = Condition::no_other_creatures;
      } else if (c == "you control another creature") {
        impl->condition = Condition::another_creature;
      } else if (c.starts_with("you have ") && c.ends_with(" or more life")) {
        impl->condition = Condition::life_at_least;
        impl->condition_n = number_in("you have ", " or more life");
      } else if (c.starts_with("you have ") && c.ends_with(" or less life")) {
        impl->condition = Condition::life_at_most;
        impl->condition_n = number_in("you have ", " or less life");
      } else if (c == "it was kicked") {
        impl->condition = Condition::kicked;
      } else {
        cond->fail("unknown condition '" + c + "'",
                   "one of: you control no other creatures; you control another creature; you "
                   "have N or more life; you have N or less life; it was kicked");
      }
    }
    if (const Param* t = b.optional("target")) {
      static const std::array<std::pair<std::string_view, TriggerTarget>, 5> kTargets{{
          {"creature", TriggerTarget::creature},
          {"creature_opponent", TriggerTarget::opponents_creature},
          {"player", TriggerTarget::player},
          {"opponent", TriggerTarget::opponent},
          {"other_permanent", TriggerTarget::other_permanent},
      }};
      for (const auto& [name, k] : kTargets)
        if (t->text() == name) impl->target = k;
      if (impl->target == TriggerTarget::none)
        t->fail("unknown target '" + t->text() + "'",
                "one of creature, creature_opponent, player, opponent, other_permanent");
    }
    if (const Param* m = b.optional("may")) impl->may = m->boolean();
    const Param& effect = b.required("do");
    if (effect.text() == "Destroy") {  // the module's own effect: destroy the target creature
      if (impl->target != TriggerTarget::creature &&
          impl->target != TriggerTarget::opponents_creature)
        effect.fail("'do: Destroy' needs a creature target",
                    "target: creature or target: creature_opponent");
      impl->destroy = true;
      impl->text = when_text(*impl) + condition_text(*impl) + (impl->may ? ", you may" : ",") +
                   " destroy target creature" +
                   (impl->target == TriggerTarget::opponents_creature ? " an opponent controls"
                                                                      : "") +
                   ".";
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
      return;
    }
    if (effect.text() == "SacrificeSelf") {  // the module's own effect: "sacrifice CARDNAME"
      if (impl->target != TriggerTarget::none)
        effect.fail("'do: SacrificeSelf' takes no target", "leave out 'target'");
      if (b.optional("delay")) b.optional("delay")->fail("'do: SacrificeSelf' is not delayed");
      impl->sacrifice_self = true;
      impl->text = when_text(*impl) + condition_text(*impl) + (impl->may ? ", you may" : ",") +
                   " sacrifice CARDNAME.";
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
      return;
    }
    if (effect.text() == "Flicker") {  // the module's own effect, with a delayed return (603.7)
      if (impl->target != TriggerTarget::other_permanent)
        effect.fail("'do: Flicker' needs 'target: other_permanent'");
      impl->flicker = true;
      impl->text = when_text(*impl) + condition_text(*impl) +
                   ", exile another target permanent. Return that card to the battlefield under "
                   "its owner's control at the beginning of the next end step.";
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
      auto back = std::make_shared<ReturnAbility>();
      ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, back->describe(),
                                              "rules-classic", params.where(), back});
      return;
    }
    if (impl->target == TriggerTarget::creature ||
        impl->target == TriggerTarget::opponents_creature ||
        impl->target == TriggerTarget::other_permanent)
      effect.fail("a creature or permanent target works with 'do: Destroy' or 'do: Flicker' only",
                  "Drawback$ steps act on players: target: player or opponent");
    impl->effect = compile_do(effect, ctx);
    if (const Param* d = b.optional("delay")) {
      // 603.7: resolving, the trigger creates a delayed triggered ability that does `do` later.
      if (impl->target != TriggerTarget::none)
        d->fail("a delayed effect has no target", "leave out 'target' or 'delay'");
      if (impl->may) d->fail("'may' and 'delay' do not go together");
      auto later = std::make_shared<DelayedAbility>();
      later->effect = impl->effect;
      later->kind = delay_kind(*d);
      impl->delayed = static_cast<std::uint16_t>(ctx.card.abilities.size() + 1);
      impl->text = when_text(*impl) + condition_text(*impl) + ", " + lower_first(later->describe());
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
      ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, later->describe(),
                                              "rules-classic", params.where(), later});
      return;
    }
    std::string does = impl->effect->describe();
    if (impl->may) does = does.starts_with("you ") ? "you may " + does.substr(4) : "you may: " + does;
    impl->text = when_text(*impl) + condition_text(*impl) + ", " + does + ".";
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "trigger: {when, whose?, other?, do: \"<Drawback$ steps>\", if?} — a triggered "
           "ability";
  }
};

}  // namespace

void sacrifice_source(Game& game, const ResolveContext& ctx) {
  const ObjectId self = ctx.source.id;
  if (game.state().is_current(ctx.source) && on_battlefield(game, self) &&
      game.object(self).controller == ctx.controller)
    sacrifice(game, self, self);
}

std::vector<bool> move_in_one_event(Game& game, std::span<const ZoneMove> moves) {
  if (moves.empty()) return {};
  Journal& j = game.journal();
  const std::int64_t batch = game.state().attrs.get(kBatchCount) + 1;
  j.set_game_attr(kBatchCount, batch);
  for (const ZoneMove& m : moves)
    if (game.state().exists(m.object)) j.set_attr(m.object, kLeftInBatch, batch);
  j.set_game_attr(kBatch, batch);
  std::vector<bool> moved = move_simultaneously(game, moves);
  j.set_game_attr(kBatch, 0);
  return moved;
}

void register_trigger_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("trigger", std::make_shared<TriggerKeyword>());
}

}  // namespace anvil::rules_classic
