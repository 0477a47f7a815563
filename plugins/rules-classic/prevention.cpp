// Prevention shields (615): the keyword `prevent` — "Prevent the next N damage that would be
// dealt to any target this turn", "Prevent all combat damage that would be dealt this turn" —
// as a spell or, with a cost, an activated ability; and `no_prevention` (Flaring Pain: "Damage
// can't be prevented this turn"), under which the shields apply to nothing and stay as they are.
//
// A shield is state: a FloatingEffect lasting until end of turn whose `affected` is what it
// protects (none: everything), `a` the damage it still prevents (-1: all) and `b` 1 for combat
// damage only. Its ability is a helper that is never active by itself (zones none), so the
// shield changes no characteristic. The replacement that uses the shields is connected by the
// card that made them, from every zone (the spell is in the graveyard by then, the creature
// that activated it may have died), and looks them up in the state: a rollback restores a
// shield exactly (§2 test 9), a fork sees the same shields. With `when: enters` the shield is made
// by a triggered ability instead (Selfless Squire: "When CARDNAME enters the battlefield, prevent
// all damage that would be dealt to you this turn").
//
// Each application of a card's shields that prevents some damage is announced as a CustomEvent
// kDamagePrevented, for "when damage is prevented" triggers (615.13, prevented_triggers.cpp):
// one per application, so two shields of different cards on one event announce twice, while one
// card's shields applied to several simultaneous damage events (combat damage from two
// attackers, deal_damage_together) announce once per recipient, with the total, after the
// damage is dealt. Damage that can't be prevented is not applied to (615.12): it prevents
// nothing and announces nothing.
//
// 615.7: when a "prevent the next N" shield covers damage from two or more sources dealt at the
// same time (deal_damage_together) and can't prevent it all, the protected player (a creature's
// controller) chooses which damage it prevents — it matters when the sources differ (deathtouch,
// lifelink, infect, "is dealt damage" triggers). Before any replacement runs, that player picks
// the damage the shield prevents first, then again among the rest while the choice still
// matters; what the shield may prevent of each event is kept in the batch, and the shield
// prevents nothing more of an event than was chosen. Asked only when there is a real choice.
#include <algorithm>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// Game attr: turn number + 1 of a turn in which damage can't be prevented (Flaring Pain).
inline constexpr Symbol kNoPreventionTurn = "no_prevention_turn"_sym;

bool prevention_off(const Game& game) {
  return game.state().attrs.get(kNoPreventionTurn) ==
         static_cast<std::int64_t>(game.state().turn.number) + 1;
}

// The applications of prevention effects during one deal_damage_together call of one game, kept
// for as long as that call runs (the replacements of its events are applied inside it, choices
// included), then announced. Keyed by the game: a fork made during the batch deals its own damage
// and announces at once. Nothing here outlives the call, so the module stays stateless.
struct PreventionBatch {
  const Game* game = nullptr;
  std::vector<std::pair<ObjectId, CustomEvent>> applications;  // shield card, announcement
  // 615.7: what one shield (FloatingEffect id) may still prevent of one damage event (source,
  // recipient). A shield with entries prevents nothing of an event without one.
  struct Allotment {
    std::uint32_t shield = 0;
    ObjectId source;
    Target target;
    std::int64_t amount = 0;
  };
  std::vector<Allotment> plan;
};
// The batches running now, of every game on every thread, innermost last; a batch is found by
// its game. Not thread_local: a plugin keeps no thread-local storage (LeakSanitizer's tracer
// dies on the dynamic TLS of a dlopen'ed library, and reload builds refuse such plugins), so the
// list is shared, under a lock taken only while damage is dealt together.
std::mutex batches_lock;
std::vector<PreventionBatch*> running_batches;

PreventionBatch* batch_of(const Game& game) {
  const std::lock_guard<std::mutex> lock(batches_lock);
  for (auto it = running_batches.rbegin(); it != running_batches.rend(); ++it)
    if ((*it)->game == &game) return *it;
  return nullptr;
}

void announce(Game& game, ObjectId shields, CustomEvent e) {
  if (PreventionBatch* batch = batch_of(game)) {
    for (auto& [card, known] : batch->applications)
      if (card == shields && known.subject == e.subject) {  // 615.13: the same application
        known.amount += e.amount;
        return;
      }
    batch->applications.emplace_back(shields, e);
    return;
  }
  emit(game, e);
}

// What shield `f` may prevent of `e` in the current batch: -1 when no 615.7 choice limits it.
std::int64_t allowance(const Game& game, const FloatingEffect& f, const DamageEvent& e) {
  const PreventionBatch* batch = batch_of(game);
  if (batch == nullptr) return -1;
  bool planned = false;
  for (const PreventionBatch::Allotment& a : batch->plan) {
    if (a.shield != f.id) continue;
    planned = true;
    if (a.source == e.source && a.target == e.target) return a.amount;
  }
  return planned ? 0 : -1;
}

void spend(const Game& game, const FloatingEffect& f, const DamageEvent& e, std::int64_t used) {
  PreventionBatch* batch = batch_of(game);
  if (batch == nullptr) return;
  for (PreventionBatch::Allotment& a : batch->plan)
    if (a.shield == f.id && a.source == e.source && a.target == e.target) {
      a.amount -= std::min(a.amount, used);
      return;
    }
}

// A shield put back with a new id (Journal::add_effect) keeps what was chosen for it.
void renumber(const Game& game, std::uint32_t from, std::uint32_t to) {
  PreventionBatch* batch = batch_of(game);
  if (batch == nullptr) return;
  for (PreventionBatch::Allotment& a : batch->plan)
    if (a.shield == from) a.shield = to;
}

// Whether `f` is a "prevent the next N" shield of a `prevent` ability (not a shield of "all").
bool counting_shield(const Game& game, const FloatingEffect& f) {
  if (f.a <= 0 || f.ability == 0 || !game.state().exists(f.source.id) ||
      game.object(f.source.id).card != f.card)
    return false;
  const CardDef& def = game.card(f.source.id);
  if (f.ability > def.abilities.size()) return false;
  const auto* p = dynamic_cast<const PreventAbility*>(def.abilities[f.ability - 1u].impl.get());
  return p != nullptr && p->shield == f.ability;
}

// 615.7: "the player or the controller of the creature chooses which damage the shield
// prevents"; a shield protecting no one in particular is chosen for by its controller.
PlayerId chooser(const Game& game, const FloatingEffect& f) {
  if (f.affected.is_player()) return f.affected.player;
  if (f.affected.is_object() && game.state().exists(f.affected.object.id))
    return game.object(f.affected.object.id).controller;
  return f.controller;
}

// Asks, for every counting shield that covers several of `events` and can't prevent them all,
// which damage it prevents, and records the answer in `plan`.
void plan_shields(Game& game, std::span<const DamageEvent> events,
                  std::vector<PreventionBatch::Allotment>& plan) {
  if (prevention_off(game)) return;
  const std::vector<FloatingEffect> effects = game.state().effects;  // asking changes nothing
  for (const FloatingEffect& f : effects) {
    if (!counting_shield(game, f)) continue;
    std::vector<const DamageEvent*> hit;
    std::int64_t total = 0;
    for (const DamageEvent& e : events)
      if (e.preventable && e.amount > 0 && PreventAbility::covers(game, f, e)) {
        hit.push_back(&e);
        total += e.amount;
      }
    if (hit.size() < 2 || total <= f.a) continue;  // no choice: it prevents all, or all it can
    auto allot = [&](const DamageEvent& e, std::int64_t n) {
      for (PreventionBatch::Allotment& a : plan)
        if (a.shield == f.id && a.source == e.source && a.target == e.target) {
          a.amount += n;
          return;
        }
      plan.push_back(PreventionBatch::Allotment{f.id, e.source, e.target, n});
    };
    for (const DamageEvent* e : hit) allot(*e, 0);  // the rest of them: nothing
    std::int64_t left = f.a;
    while (left > 0 && !hit.empty()) {
      if (hit.size() == 1 || total <= left) {  // the choice no longer matters
        for (const DamageEvent* e : hit) allot(*e, std::min<std::int64_t>(e->amount, left));
        break;
      }
      Choice choice;
      choice.kind = ChoiceKind::option;
      choice.player = chooser(game, f);
      choice.source = f.source.id;
      choice.prompt = "Damage to prevent first with " + std::string(game.card(f.source.id).name) +
                      " (" + std::to_string(left) + " left)";
      for (const DamageEvent* e : hit) {
        Option o;
        o.label = std::to_string(e->amount) + " damage from " + object_label(game, e->source) +
                  " to " + target_label(game, e->target);
        if (game.state().exists(e->source)) o.target = Target::of(game.object(e->source).ref());
        o.value = e->amount;
        choice.options.push_back(std::move(o));
      }
      const std::size_t pick = game.ask(choice).picks.at(0);
      const DamageEvent& e = *hit.at(pick);
      const std::int64_t n = std::min<std::int64_t>(e.amount, left);
      allot(e, n);
      left -= n;
      total -= e.amount;
      hit.erase(hit.begin() + static_cast<std::ptrdiff_t>(pick));
    }
  }
}

}  // namespace

std::vector<std::int32_t> deal_damage_together(Game& game, std::span<const DamageEvent> events) {
  PreventionBatch batch{&game, {}, {}};
  struct Running {  // listed while this call runs, whatever it throws
    PreventionBatch* batch;
    explicit Running(PreventionBatch* b) : batch(b) {
      const std::lock_guard<std::mutex> lock(batches_lock);
      running_batches.push_back(b);
    }
    ~Running() {
      const std::lock_guard<std::mutex> lock(batches_lock);
      running_batches.erase(std::find(running_batches.begin(), running_batches.end(), batch));
    }
    Running(const Running&) = delete;
    Running& operator=(const Running&) = delete;
  };
  std::vector<std::int32_t> dealt;
  {
    const Running running(&batch);
    plan_shields(game, events, batch.plan);
    dealt = deal_damage_simultaneously(game, events);
  }
  for (auto& [card, e] : batch.applications) announce(game, card, e);
  return dealt;
}

ZoneMask PreventAbility::zones() const { return kEveryZone; }

bool PreventAbility::is_shield(const Game& game, ObjectId self, const FloatingEffect& f) const {
  return f.source.id == self && f.ability == shield && f.card == game.object(self).card;
}

bool PreventAbility::covers(const Game& game, const FloatingEffect& f, const DamageEvent& e) {
  if (f.b != 0 && !e.combat) return false;
  if (f.affected.is_player()) return e.target.is_player() && e.target.player == f.affected.player;
  if (f.affected.is_object())
    return e.target.is_object() && e.target.object.id == f.affected.object.id &&
           game.state().is_current(f.affected.object);
  return true;  // no target: every damage event (of the kind `b` says)
}

void PreventAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  if (on_enter) {  // "When CARDNAME enters the battlefield, prevent …" (a triggered ability)
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(game.bus().on_trigger<ZoneChangeEvent>(
        [self, index](Game& g, const ZoneChangeEvent& e) {
          if (!entered_battlefield(g, self, e)) return;
          const GameObject& o = g.object(self);
          g.fire_trigger(
              PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
        }));
  }
  out.push_back(game.bus().on_replacement<DamageEvent>(
      [this, self](const Game& g, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
        // 615.12: damage that can't be prevented leaves the shields as they are.
        if (!e.preventable || e.amount <= 0 || prevention_off(g)) return std::nullopt;
        const auto& effects = g.state().effects;
        if (std::none_of(effects.begin(), effects.end(), [&](const FloatingEffect& f) {
              return is_shield(g, self, f) && covers(g, f, e) && allowance(g, f, e) != 0;
            }))
          return std::nullopt;
        return Replacement<DamageEvent>{
            "prevent damage (" + std::string(g.card(self).name) + ")", self,
            [this, self](Game& game2, DamageEvent& d) { use_shields(game2, self, d); }};
      }));
}

// Applies every shield this card made that covers `d`, oldest first (615.7: each counts down
// point by point; one used up is removed).
void PreventAbility::use_shields(Game& game, ObjectId self, DamageEvent& d) const {
  const std::int32_t before = d.amount;
  std::vector<std::uint32_t> ids;
  for (const FloatingEffect& f : game.state().effects)
    if (is_shield(game, self, f) && covers(game, f, d) && allowance(game, f, d) != 0)
      ids.push_back(f.id);
  for (std::uint32_t id : ids) {
    if (d.amount <= 0) break;
    const auto& effects = game.state().effects;
    const auto at = std::find_if(effects.begin(), effects.end(),
                                 [id](const FloatingEffect& f) { return f.id == id; });
    if (at == effects.end()) continue;
    if (at->a < 0) {  // "prevent all"
      d.amount = 0;
      break;
    }
    const std::int64_t allowed = allowance(game, *at, d);  // 615.7: what was chosen, if anything
    FloatingEffect shield = game.journal().remove_effect(static_cast<std::size_t>(at - effects.begin()));
    std::int64_t most = std::min<std::int64_t>(shield.a, d.amount);
    if (allowed >= 0) most = std::min(most, allowed);
    const auto used = static_cast<std::int32_t>(most);
    spend(game, shield, d, used);
    d.amount -= used;
    shield.a -= used;
    if (shield.a > 0) {  // keeps its timestamp, not its id
      const std::uint32_t old_id = shield.id;
      renumber(game, old_id, game.journal().add_effect(shield));
    }
  }
  if (d.amount <= 0) d.cancelled = true;
  // 615.13: this application prevented something; "when damage is prevented" triggers fire.
  if (const std::int32_t prevented = before - std::max(d.amount, 0); prevented > 0) {
    CustomEvent e;
    e.kind = kDamagePrevented;
    e.subject = d.target;
    if (game.state().exists(d.source)) e.other = Target::of(game.object(d.source).ref());
    e.amount = prevented;
    e.source = d.source;
    announce(game, self, e);
  }
}

// 702.16e: where the cards that print or give protection are (not libraries and hands, whose
// cards give nothing yet: a granting spell works from the stack and the graveyard, since its
// floating effect outlasts it).
ZoneMask ProtectionAbility::zones() const {
  return kEveryZone & ~(zone_bit(ZoneKind::library) | zone_bit(ZoneKind::hand));
}

namespace {

// Whether `self` is the lowest-numbered object in a zone where ProtectionAbility works whose card
// has one for `from` (the one object whose ability prevents the damage).
bool first_protector(const Game& g, ObjectId self, const ProtectionQuality* from, ZoneMask zones) {
  for (const GameObject& o : g.state().objects) {
    if (o.id == self) return true;
    if (!(zones & zone_bit(o.zone.kind))) continue;
    for (const AbilityDef& a : g.card(o.id).abilities)
      if (const auto* p = dynamic_cast<const ProtectionAbility*>(a.impl.get());
          p && p->from() == from)
        return false;
  }
  return true;
}

// The sources whose damage a protection prevents, as a reminder names them: "red sources",
// "creatures", "multicolored sources", "every source".
std::string protected_sources(const ProtectionQuality& q) {
  switch (q.kind) {
    case ProtectionKind::all_colors:
      return "coloured sources";
    case ProtectionKind::color:
    case ProtectionKind::colorless:
    case ProtectionKind::multicolored:
    case ProtectionKind::monocolored:
      return std::string(q.from) + " sources";
    case ProtectionKind::card_type:
      return q.from;
    case ProtectionKind::everything:
      return "every source";
  }
  return q.from;
}

}  // namespace

// The source's characteristics as apply_damage sees them (damage_source): as it last existed on the
// battlefield if it left (a creature sacrificed after it was blocked), else as it is now.
void ProtectionAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  out.push_back(game.bus().on_replacement<DamageEvent>(
      [this, self](const Game& g, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
        if (!e.target.is_object() || e.amount <= 0 || !e.preventable || prevention_off(g))
          return std::nullopt;
        const ObjectId to = e.target.object.id;
        if (!g.state().is_current(e.target.object) || !on_battlefield(g, to)) return std::nullopt;
        const Characteristics& protected_view = g.view(to);
        if (protected_view.keywords.empty()) return std::nullopt;  // most damage ends here
        Characteristics scratch;
        const DamageSource source = damage_source(g, e.source, scratch);
        if (protection_against(protected_view, source.characteristics) != from_ ||
            !first_protector(g, self, from_, zones()))
          return std::nullopt;
        return Replacement<DamageEvent>{
            std::string("prevent damage (") + from_->keyword + ")", self,
            [self](Game& game2, DamageEvent& d) {
              const std::int32_t prevented = d.amount;
              d.amount = 0;
              d.cancelled = true;
              CustomEvent prevention;  // 615.13: "when damage is prevented"
              prevention.kind = kDamagePrevented;
              prevention.subject = d.target;
              if (game2.state().exists(d.source))
                prevention.other = Target::of(game2.object(d.source).ref());
              prevention.amount = prevented;
              prevention.source = d.source;
              announce(game2, self, prevention);
            }};
      }));
}

std::string ProtectionAbility::describe() const {
  const std::string name = from_->keyword;
  if (!granted_) return name;
  // On a card that gives protection: the rule its gift brings, not an ability of the card.
  return "(" + name + ": damage from " + protected_sources(*from_) + " is prevented.)";
}

void add_granted_protection(const std::vector<std::string>& keywords, const Params& params,
                            CompileContext& ctx) {
  for (const std::string& k : keywords)
    for (const ProtectionQuality& q : kProtections)
      if (k == q.keyword)
        ctx.card.abilities.push_back(
            make_ability_def(AbilityKind::static_, params,
                             std::make_shared<ProtectionAbility>(&q, /*granted=*/true)));
}

bool PreventAbility::can_target(const Game& game, const ResolveContext&, std::size_t,
                                const Target& t) const {
  if (target == PreventTarget::you) return false;  // no target
  if (t.is_player()) return target == PreventTarget::any || target == PreventTarget::player;
  if (!t.is_object() || target == PreventTarget::player) return false;
  const Characteristics c = game.view(t.object.id);
  // "Any target" (115.4): a creature, a player, a planeswalker or a battle.
  return c.has_type(kCreature) ||
         (target == PreventTarget::any && (c.has_type(kPlaneswalker) || c.has_type(kBattle)));
}

std::string PreventAbility::target_prompt(std::size_t) const {
  return "Choose what to protect";
}

void PreventAbility::resolve(Game& game, const ResolveContext& ctx) const {
  FloatingEffect f = end_of_turn_effect(ctx, shield);
  f.a = amount;
  f.b = combat_only ? 1 : 0;
  if (target == PreventTarget::you) {
    f.affected = Target::of(ctx.controller);
  } else if (target != PreventTarget::none) {
    if (ctx.targets.empty() || ctx.targets[0].kind == Target::Kind::none) return;
    f.affected = ctx.targets[0];
  }
  game.add_effect(f);
}

namespace {

// prevent: {amount: 3, target: any, combat: false, cost: "{T}", when: enters}
class PreventKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"amount", "target?", "combat?", "cost?", "when?"});
    auto impl = std::make_shared<PreventAbility>();
    const Param& amount = b.required("amount");
    if (amount.text() == "all") {
      impl->amount = -1;
    } else {
      impl->amount = amount.integer();
      if (impl->amount < 1 || impl->amount > 1000)
        amount.fail("a shield prevents 1 to 1000 damage, or 'all'");
    }
    std::string what = "any target";
    if (const Param* t = given(b, "target")) {
      const std::string& s = t->text();
      if (s == "any") {
        impl->target = PreventTarget::any;
      } else if (s == "creature") {
        impl->target = PreventTarget::creature;
        what = "target creature";
      } else if (s == "player") {
        impl->target = PreventTarget::player;
        what = "target player";
      } else if (s == "you") {
        impl->target = PreventTarget::you;
        what = "you";
      } else if (s != "none") {
        t->fail("unknown target '" + s + "'", "any, creature, player, you or none");
      }
    } else {
      impl->target = PreventTarget::none;
    }
    if (const Param* c = given(b, "combat")) impl->combat_only = c->boolean();
    std::string text = "Prevent ";
    text += impl->amount < 0 ? "all " : "the next " + std::to_string(impl->amount) + " ";
    text += impl->combat_only ? "combat damage" : "damage";
    text += " that would be dealt";
    if (impl->target != PreventTarget::none) text += " to " + what;
    text += " this turn.";
    std::string cost;
    if (const Param* c = given(b, "cost")) {
      CostText parsed;
      if (auto problem = read_cost_text(c->text(), parsed)) fail_at(*c, *problem);
      // Its permanent is on the battlefield: there is no card in a hand to discard.
      if (parsed.discard)
        c->fail(
            "a prevention ability's cost cannot discard its card: it is activated on the "
            "battlefield",
            "cost: \"{T}\"");
      cost = c->text();
      text = cost + ": " + text;
    }
    if (const Param* w = given(b, "when")) {
      if (w->text() != "enters")
        w->fail("unknown trigger '" + w->text() + "'", "when: enters (when CARDNAME enters)");
      if (!cost.empty()) w->fail("a triggered prevention has no cost");
      impl->on_enter = true;
      text[0] = 'p';  // "When CARDNAME enters the battlefield, prevent …"
      text = "When CARDNAME enters the battlefield, " + text;
    }
    impl->text = text;
    impl->shield = static_cast<std::uint16_t>(ctx.card.abilities.size() + 1);
    const AbilityKind kind = impl->on_enter   ? AbilityKind::triggered
                             : cost.empty() ? AbilityKind::spell
                                            : AbilityKind::activated;
    ctx.card.abilities.push_back(
        AbilityDef{kind, impl->text, "rules-classic", params.where(), impl, cost});
    ctx.card.abilities.push_back(mark_ability(params, "(prevention shield)"));
  }
  std::string summary() const override {
    return "prevent: {amount: 3, target: any, combat: false, cost: \"{T}\"} — a prevention "
           "shield until end of turn";
  }
};

}  // namespace

// --- redirection (614.9) -----------------------------------------------------------------------

namespace {

// "All damage that would be dealt to you is dealt to enchanted creature instead." (Pariah): a
// replacement of an Aura on the battlefield. It applies only while the Aura is attached to a
// creature on the battlefield, so if that creature is gone the player is dealt the damage
// (614.9, §2 test 5).
class RedirectAbility final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<DamageEvent>(
        [self](const Game& g, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
          if (!e.target.is_player() || e.target.player != g.object(self).controller)
            return std::nullopt;
          const auto to = attached_to(g, self);
          if (!to || !is_creature(g, *to)) return std::nullopt;
          return Replacement<DamageEvent>{
              "redirect to " + object_label(g, *to) + " (" + object_label(g, self) + ")", self,
              [self](Game& game2, DamageEvent& d) {
                if (const auto now = attached_to(game2, self))
                  d.target = Target::of(game2.object(*now).ref());
              }};
        }));
  }
  std::string describe() const override {
    return "All damage that would be dealt to you is dealt to enchanted creature instead.";
  }
};

// redirect: {to: enchanted}
class RedirectKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"to"});
    const Param& to = b.required("to");
    if (to.text() != "enchanted")
      to.fail("damage is redirected 'to: enchanted' (the creature this Aura enchants)");
    auto impl = std::make_shared<RedirectAbility>();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::replacement, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "redirect: {to: enchanted} — damage to you is dealt to the enchanted creature";
  }
};

}  // namespace

// --- "Damage can't be prevented this turn." (615.12) ------------------------------------------

namespace {

class NoPreventionAbility final : public Ability {
 public:
  void resolve(Game& game, const ResolveContext&) const override {
    game.journal().set_game_attr(kNoPreventionTurn,
                                 static_cast<std::int64_t>(game.state().turn.number) + 1);
  }
  std::string describe() const override { return "Damage can't be prevented this turn."; }
};

// no_prevention: {} (Flaring Pain)
class NoPreventionKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    auto impl = std::make_shared<NoPreventionAbility>();
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "no_prevention: {} — \"Damage can't be prevented this turn.\" (shields stay as they "
           "are, 615.12)";
  }
};

}  // namespace

void register_prevention_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("prevent", std::make_shared<PreventKeyword>());
  registrar.add<KeywordHandler>("no_prevention", std::make_shared<NoPreventionKeyword>());
  registrar.add<KeywordHandler>("redirect", std::make_shared<RedirectKeyword>());
}

}  // namespace anvil::rules_classic
