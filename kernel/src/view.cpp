// Game::view — characteristics on query (rule 613). Nothing is ever written into base
// characteristics; each query starts from the CardDef and applies the active effects.
#include <algorithm>
#include <vector>

#include "anvil/game.hpp"

#include "active_effects.hpp"

ANVIL_BEGIN_NAMESPACE

namespace {

// A depth guard: an effect whose `affects` looks at another object's view may recurse; a loop
// of such effects is a card-definition bug reported as an error, not a stack overflow.
struct DepthGuard {
  explicit DepthGuard(int& depth) : depth_(depth) {
    if (++depth_ > 32) {
      --depth_;
      throw RulesError("continuous effects depend on each other in a loop (view nested 32 deep)");
    }
  }
  ~DepthGuard() { --depth_; }
  int& depth_;
};

// Whether the object `o`, its characteristics so far `c`, meets what an effect says it requires
// (ContinuousEffect::requirement): if not, `affects` would say no, and is not asked. Always
// inlined: it is asked of every effect in the list at every view (about two a view), and the
// call cost more than the test.
[[gnu::always_inline]] inline bool meets(const ContinuousEffect::Requirement& needs,
                                         const GameObject& o, const Characteristics& c) {
  if (needs.counters && o.counters.items.empty()) return false;
  return needs.keyword.empty() || c.has_keyword(needs.keyword);
}

// Whether the printed characteristics `base` have one of `keywords`, those the gated effects
// require (ActiveEffects::gate_keywords). Most objects have no keyword at all, so the call
// would cost more than the test: always inlined.
[[gnu::always_inline]] inline bool has_gate_keyword(const std::vector<Symbol>& keywords,
                                                    const Characteristics& base) {
  if (base.keywords.empty()) return false;
  for (Symbol k : keywords)
    if (base.has_keyword(k)) return true;
  return false;
}

}  // namespace

// The list gathered already, as nearly always (about 20 000 asks in 40 random classic games, and
// one gathering a game): the gathering is out of line, so that this path saves no registers and
// makes no frame (they were 17 of its 22 instructions, 7 December 2026).
const Game::ActiveEffects& Game::active_effects() const {
  if (const ActiveEffects* cache = active_.get(); cache && cache->valid) [[likely]]
    return *cache;
  return ActiveEffects::gather(*this);
}

// Gathers the active effects again after an edit that can change them (Game::on_edit drops the
// list). A nested view (an effect's `affects` viewing another object) only reads the list.
const Game::ActiveEffects& Game::ActiveEffects::gather(const Game& game) {
  if (!game.active_) game.active_ = std::make_unique<ActiveEffects>();
  ActiveEffects& cache = *game.active_;
  cache.valid = false;  // until the list is complete: a throw below leaves no half list behind
  game.only_rule_effects_ = 0;  // 0 already (only_rule_effects_ is dropped with the list)
  std::vector<ActiveEffects::Entry>& active = cache.list;
  active.clear();
  std::uint32_t seq = 0;
  std::uint32_t order = 0;
  for (const auto& e : game.rule_effects_)
    active.push_back({e->layer(),
                      0,
                      order++,
                      seq++,
                      e.get(),
                      EffectContext{},
                      ObjectId{},
                      e->requirement(),
                      {},
                      0});

  for (ObjectId source : game.effect_sources_) {
    const GameObject& s = game.state_.objects[source.value];
    const CardDef& def = game.cards_->at(s.card);
    const ZoneMask here = zone_bit(s.zone.kind);
    for (std::size_t i = 0; i < def.abilities.size(); ++i) {
      const AbilityDef& a = def.abilities[i];
      if (!a.impl || !(a.impl->zones() & here)) continue;
      if (const ContinuousEffect* e = a.impl->continuous()) {
        EffectContext ctx{source, s.controller, Target{}, 0, 0, s.timestamp};
        active.push_back({e->layer(), s.timestamp,
                          (source.value << 8) | static_cast<std::uint32_t>(i), seq++, e, ctx,
                          ObjectId{}, e->requirement(), s.card, static_cast<std::uint16_t>(i)});
      }
    }
  }

  for (const FloatingEffect& f : game.state_.effects) {
    if (f.affected.is_object() && !game.state_.is_current(f.affected.object)) continue;
    if (f.until == Duration::source_in_play &&
        (!game.state_.is_current(f.source) ||
         game.state_.objects[f.source.id.value].zone.kind != ZoneKind::battlefield))
      continue;
    const CardDef& def = game.cards_->at(f.card);
    const ContinuousEffect* e = def.abilities[f.ability].impl->continuous();
    EffectContext ctx{f.source.id, f.controller, f.affected, f.a, f.b, f.timestamp};
    active.push_back({e->layer(), f.timestamp, f.id, seq++, e, ctx,
                      f.affected.is_object() ? f.affected.object.id : ObjectId{}, e->requirement(),
                      f.card, f.ability});
  }

  std::sort(active.begin(), active.end(),
            [](const ActiveEffects::Entry& x, const ActiveEffects::Entry& y) {
              if (x.layer != y.layer) return x.layer < y.layer;
              if (x.timestamp != y.timestamp) return x.timestamp < y.timestamp;
              if (x.order != y.order) return x.order < y.order;
              return x.seq < y.seq;
            });
  cache.may_read_turn =
      std::any_of(active.begin(), active.end(),
                  [](const ActiveEffects::Entry& a) { return a.effect->may_read_turn(); });
  cache.all_gated = std::all_of(active.begin(), active.end(), [](const ActiveEffects::Entry& a) {
    return a.needs.counters || !a.needs.keyword.empty();
  });
  cache.gate_keywords.clear();
  if (cache.all_gated)
    for (const ActiveEffects::Entry& a : active)
      if (!a.needs.counters) cache.gate_keywords.push_back(a.needs.keyword);
  cache.valid = true;
  return cache;
}

bool Game::views_may_read_turn() const { return active_effects().may_read_turn; }

bool Game::gather_only_rule_effects() const {
  const bool alone = active_effects().list.size() == rule_effects_.size();
  // Kept until the list is dropped (drop_active_effects), which every change of the list or of
  // the rule effects does: the answer is the list's.
  only_rule_effects_ = alone ? 1 : 2;
  return alone;
}

void Game::drop_active_effects() const {
  if (active_) active_->valid = false;
  only_rule_effects_ = 0;
}

namespace {
// only_rule_effects() is inline (plugin ABI 15.4): this keeps an out-of-line copy in the kernel,
// exported (ANVIL_API), for plugins built when it was not.
[[gnu::used]] constexpr bool (Game::*kOnlyRuleEffects)() const = &Game::only_rule_effects;
}  // namespace

Characteristics Game::view(ObjectId id) const { return view(id, Layer::cost); }

[[gnu::always_inline]] inline const Characteristics& Game::ActiveEffects::view(
    const Game& game, ObjectId id, Layer through, Characteristics& scratch) {
  // An object or card that does not exist goes to checked_apply, which throws as object() and
  // at() do: their calls here, though never made, cost a frame at every view.
  if (!game.state_.exists(id)) [[unlikely]]
    return checked_apply(game, id, through, scratch);
  const GameObject& o = game.state_.objects[id.value];
  const CardDef* const def = game.cards_->at_or_null(o.card);
  if (!def) [[unlikely]]
    return checked_apply(game, id, through, scratch);
  const Characteristics& base = def->base;
  // No effect of the list can apply (ActiveEffects::all_gated): the loop in apply() would find
  // that out effect by effect, and this is most views. Nothing else is done on this path, so it
  // saves no registers and makes no frame: apply() (not inlined) has the rest. The frame of the
  // whole body was a fifth of a view's instructions (7 December 2026).
  // With more than one gate keyword, an object with keywords is left to apply(): two nested loops
  // here took more than the caller-saved registers, and so a frame for every view (6 instructions
  // of about 46, 0.7% of a random classic game, 7 December 2026). Classic has one (changeling).
  if (const ActiveEffects* active = game.active_.get(); active && active->valid) [[likely]]
    if (active->all_gated && o.counters.items.empty()) {
      if (base.keywords.empty()) return base;
      const std::vector<Symbol>& gates = active->gate_keywords;
      if (gates.empty()) return base;
      if (gates.size() == 1) {
        const Symbol gate = gates.front();
        const Symbol* s = base.keywords.begin();
        const Symbol* const last = base.keywords.end();
        while (s != last && *s != gate) ++s;
        if (s == last) return base;
      }
    }
  return apply(game, o, id, through, base, scratch);
}

const Characteristics& Game::ActiveEffects::checked_apply(const Game& game, ObjectId id,
                                                          Layer through, Characteristics& scratch) {
  const GameObject& o = game.state_.object(id);
  return apply(game, o, id, through, game.cards_->at(o.card).base, scratch);
}

const Characteristics& Game::ActiveEffects::apply(const Game& game, const GameObject& o,
                                                  ObjectId id, Layer through,
                                                  const Characteristics& base,
                                                  Characteristics& scratch) {
  const ActiveEffects& active = game.active_effects();
  if (active.all_gated && o.counters.items.empty() &&
      !has_gate_keyword(active.gate_keywords, base))
    return base;
  DepthGuard guard(game.view_depth_);
  // The loop of view(id, through) below, on the printed characteristics until an effect
  // applies: only then are they copied, into scratch. Kept apart from that loop on purpose:
  // making the by-value view call this one (with its result as the scratch) cost heuristic
  // games, which view by value, about 6% (1 December 2026).
  const Characteristics* c = &base;
  for (const Entry& a : active.list) {  // sorted by layer first
    if (a.layer > through) break;
    if (a.only.valid() && a.only != id) continue;
    if (!meets(a.needs, o, *c)) continue;
    try {
      if (!a.effect->affects(game, a.ctx, id, *c)) continue;
      if (c == &base) {
        scratch = base;
        c = &scratch;
      }
      a.effect->apply(game, a.ctx, id, scratch);
    } catch (...) {
      game.rethrow_as_ability(a.card, a.ability);
    }
  }
  return *c;
}

const Characteristics& Game::view(ObjectId id, Characteristics& scratch) const {
  return ActiveEffects::view(*this, id, Layer::cost, scratch);
}

const Characteristics& Game::view(ObjectId id, Layer through, Characteristics& scratch) const {
  return ActiveEffects::view(*this, id, through, scratch);
}

Characteristics Game::view(ObjectId id, Layer through) const {
  DepthGuard guard(view_depth_);
  const GameObject& o = state_.object(id);
  Characteristics c = cards_->at(o.card).base;
  // The list gathered already (nearly every view) without the call to active_effects().
  const ActiveEffects& active = active_ && active_->valid ? *active_ : active_effects();
  for (const ActiveEffects::Entry& a : active.list) {  // sorted by layer first
    if (a.layer > through) break;
    if (a.only.valid() && a.only != id) continue;
    if (!meets(a.needs, o, c)) continue;
    try {
      if (a.effect->affects(*this, a.ctx, id, c)) a.effect->apply(*this, a.ctx, id, c);
    } catch (...) {
      rethrow_as_ability(a.card, a.ability);
    }
  }
  return c;
}

ANVIL_END_NAMESPACE
