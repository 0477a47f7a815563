// Game::view — characteristics on query (rule 613). Nothing is ever written into base
// characteristics; each query starts from the CardDef and applies the active effects.
#include <algorithm>
#include <array>
#include <vector>

#include "anvil/game.hpp"

ANVIL_BEGIN_NAMESPACE

namespace {

struct Applicable {
  Layer layer;
  std::uint32_t timestamp;
  std::uint32_t order;  // ties: source id then ability, so the order never depends on history
  const ContinuousEffect* effect;
  EffectContext ctx;
};

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

// The effects of one view call, in a buffer reused by every call at the same nesting depth on
// this thread: view() runs for every object at every decision, and allocating this list each
// time was a large share of a random game's time (docs/performance.md).
class ApplicableBuffer {
 public:
  ApplicableBuffer() : list_(acquire()) { list_.clear(); }
  ~ApplicableBuffer() { --depth(); }
  ApplicableBuffer(const ApplicableBuffer&) = delete;
  ApplicableBuffer& operator=(const ApplicableBuffer&) = delete;
  std::vector<Applicable>& list() { return list_; }

 private:
  static constexpr std::size_t kMaxDepth = 33;  // DepthGuard allows 32 nested views
  static std::array<std::vector<Applicable>, kMaxDepth>& pool() {
    thread_local std::array<std::vector<Applicable>, kMaxDepth> buffers;
    return buffers;
  }
  static std::size_t& depth() {
    thread_local std::size_t d = 0;
    return d;
  }
  static std::vector<Applicable>& acquire() {
    std::size_t& d = depth();
    if (d >= kMaxDepth)  // only views of several games nested in one another could get here
      throw RulesError("continuous effects: views nested more than 32 deep on one thread");
    return pool()[d++];
  }
  std::vector<Applicable>& list_;
};

}  // namespace

Characteristics Game::view(ObjectId id) const {
  DepthGuard guard(view_depth_);
  const GameObject& o = state_.object(id);
  Characteristics c = cards_->at(o.card).base;

  ApplicableBuffer buffer;
  std::vector<Applicable>& active = buffer.list();
  std::uint32_t order = 0;
  for (const auto& e : rule_effects_) active.push_back({e->layer(), 0, order++, e.get(), EffectContext{}});

  for (ObjectId source : effect_sources_) {
    const GameObject& s = state_.objects[source.value];
    const CardDef& def = cards_->at(s.card);
    const ZoneMask here = zone_bit(s.zone.kind);
    for (std::size_t i = 0; i < def.abilities.size(); ++i) {
      const AbilityDef& a = def.abilities[i];
      if (!a.impl || !(a.impl->zones() & here)) continue;
      if (const ContinuousEffect* e = a.impl->continuous()) {
        EffectContext ctx{source, s.controller, Target{}, 0, 0, s.timestamp};
        active.push_back({e->layer(), s.timestamp, (source.value << 8) | static_cast<std::uint32_t>(i), e, ctx});
      }
    }
  }

  for (const FloatingEffect& f : state_.effects) {
    if (f.affected.is_object() && f.affected.object.id != id) continue;
    if (f.affected.is_object() && !state_.is_current(f.affected.object)) continue;
    if (f.until == Duration::source_in_play &&
        (!state_.is_current(f.source) || state_.objects[f.source.id.value].zone.kind != ZoneKind::battlefield))
      continue;
    const CardDef& def = cards_->at(f.card);
    const ContinuousEffect* e = def.abilities[f.ability].impl->continuous();
    EffectContext ctx{f.source.id, f.controller, f.affected, f.a, f.b, f.timestamp};
    active.push_back({e->layer(), f.timestamp, f.id, e, ctx});
  }

  std::sort(active.begin(), active.end(), [](const Applicable& x, const Applicable& y) {
    if (x.layer != y.layer) return x.layer < y.layer;
    if (x.timestamp != y.timestamp) return x.timestamp < y.timestamp;
    return x.order < y.order;
  });
  for (const Applicable& a : active)
    if (a.effect->affects(*this, a.ctx, id, c)) a.effect->apply(*this, a.ctx, id, c);
  return c;
}

ANVIL_END_NAMESPACE
