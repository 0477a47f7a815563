// Pulled values: what buffs and auras apply to a minion, weapon, card or hero, folded by
// tags::fold_stats / tags::fold_cost (the one place their order is decided).
#include <algorithm>
#include <array>
#include <limits>
#include <span>

#include "hearth.hpp"

namespace anvil::rules_hearth {

namespace {

// Bounds the recursion of aura conditions that read stats (an aura whose condition looks at
// attack): past the bound, only printed values and buffs count.
constexpr int kMaxDepth = 3;

struct DepthGuard {
  int& d;
  explicit DepthGuard(int& depth) : d(depth) { ++d; }
  ~DepthGuard() { --d; }
};

bool same(const GameState& s, const Target& a, const Target& b) {
  if (a.kind != b.kind) return false;
  if (a.is_player()) return a.player == b.player;
  return a.object == b.object && s.is_current(a.object);
}

}  // namespace

// Most minions have a few statuses: kept inline, no allocation.
class HearthWorld::Applied {
 public:
  void push_back(const tags::Applied& a) {
    if (n_ < std::size(inline_.at) && more_.empty()) {
      inline_.at[n_++] = a;
      return;
    }
    if (more_.empty()) more_.assign(inline_.at, inline_.at + n_);
    more_.push_back(a);
    ++n_;
  }
  std::span<const tags::Applied> span() const {
    return more_.empty() ? std::span<const tags::Applied>(inline_.at, n_) : std::span<const tags::Applied>(more_);
  }

 private:
  // Left uninitialized (a union with an empty constructor): only the first n_ are written and
  // read, and a stats read makes two of these.
  union Slots {
    Slots() {}
    tags::Applied at[8];
  } inline_;
  std::size_t n_ = 0;
  std::vector<tags::Applied> more_;
};

void HearthWorld::rebuild() {
  cache_version_ = game_.journal().version();
  const JournalMark since = stats_at_;
  stats_at_ = mark();
  hero_valid_ = 0;
  aura_candidates_.clear();
  aura_spans_.clear();
  find_holders();
  // With no aura anywhere, a stable value (see cache_stable_) outlives edits that leave its own
  // object alone; every other value is read again.
  cache_valid_ = aura_holders_.empty() && !given_auras_ ? stable_survivors(since) : 0;
}

std::uint64_t HearthWorld::stable_survivors(const JournalMark& m) const {
  std::uint64_t keep = cache_valid_ & cache_stable_;
  if (!keep) return 0;
  const Journal& j = game_.journal();
  if (j.version() < m.version || j.size() < m.size || j.size() - m.size != j.version() - m.version) return 0;
  auto drop = [&](std::uint32_t object) {
    const std::size_t slot = object % kCacheSlots;
    if ((keep >> slot & 1) && cache_.at[slot].id.value == object) keep &= ~(std::uint64_t{1} << slot);
  };
  const std::vector<Edit>& edits = j.edits();
  for (std::size_t i = m.size; i < edits.size() && keep; ++i) {
    const Edit& e = edits[i];
    switch (e.kind) {
      case EditKind::object_field:  // damage, tapped, sickness: not stats
        if (e.field == static_cast<std::uint8_t>(ObjectField::controller) ||
            e.field == static_cast<std::uint8_t>(ObjectField::timestamp))
          drop(e.subject);
        break;
      case EditKind::object_attr:  // the attrs stats() reads
        if (e.key == kSilenced.raw() || e.key == kSetHealth.raw() || e.key == kSetAttack.raw() ||
            e.key == kWeaponAttack.raw() || e.key == kWeaponDurability.raw())
          drop(e.subject);
        break;
      case EditKind::zone_move:    // in play or in hand: which buffs count
      case EditKind::object_card:  // another card
        drop(e.subject);
        break;
      case EditKind::object_counter:
      case EditKind::object_create:
      case EditKind::player_field:
      case EditKind::player_counter:
      case EditKind::player_attr:
      case EditKind::game_field:
      case EditKind::game_attr:
      case EditKind::rng:
        break;
      default:  // floating effects (given buffs), anything else
        return 0;
    }
  }
  return keep;
}

void HearthWorld::find_holders() {
  if (only_minor_since(holders_at_)) {  // the same holders: only their candidates are listed anew
    for (Holder& h : aura_holders_) h.span = kUnlisted;
    return;
  }
  holders_at_ = mark();
  aura_holders_.clear();
  given_buffs_ = given_auras_ = given_conditions_ = false;
  const GameState& st = game_.state();
  // Hands and decks hold card-level auras (CardScript::auras_in), if a card of the pool has any.
  static constexpr ZoneKind kHolderZones[] = {ZoneKind::battlefield, ZoneKind::hand, ZoneKind::library};
  const std::size_t zones = st.attrs.get(kHandAuras) != 0 ? 3 : 1;
  for (const Player& p : st.players)
    for (ZoneKind z : std::span(kHolderZones).first(zones))
      for (ObjectId m : in(ZoneRef{z, p.id})) {
        const GameObject& o = st.objects[m.value];
        const CardSlot& card = card_slot(o.card);
        const tags::CardScript* s = card.flags & kHolds ? card.script : nullptr;
        if (s && s->holds_auras_in(z) && attr_of(o.attrs, kSilenced) == 0) aura_holders_.push_back({m, o.controller, s});
      }
  // In the order they came where they are (collect_auras). Timestamps are unique; std::sort, as
  // it allocates nothing.
  std::sort(aura_holders_.begin(), aura_holders_.end(), [&st](const Holder& a, const Holder& b) {
    return st.objects[a.id.value].timestamp < st.objects[b.id.value].timestamp;
  });
  for (const FloatingEffect& e : st.effects) {
    const tags::GivenTag* g = tags::given_tag(game_.cards().at(e.card), e.ability);
    if (!g) continue;
    given_buffs_ = given_buffs_ || g->buff.has_value();
    given_conditions_ = given_conditions_ || (g->buff && g->buff->condition);
    given_auras_ = given_auras_ || g->aura.has_value();
  }
}

tags::Ctx HearthWorld::ctx_for(ObjectId owner, PlayerId player) {
  const CardId card = owner.valid() ? game_.object(owner).card : CardId{};
  return tags::Ctx{*this, owner, card, player, Target{}, nullptr, false, Target{}};
}

// `o` and `s`: the object `t` is, and its script (null for a hero).
void HearthWorld::collect_buffs(const Target& t, const GameObject* o, const tags::CardScript* s, Applied& out) {
  if (o) {
    const bool in_play = o->zone.kind == ZoneKind::battlefield || o->zone.kind == ZoneKind::command;
    const bool in_hand = o->zone.kind == ZoneKind::hand || o->zone.kind == ZoneKind::library;
    const std::vector<tags::Buff>& list = in_play ? s->buffs : s->hand_buffs;
    if (!list.empty() && ((in_play && attr_of(o->attrs, kSilenced) == 0) || in_hand)) {
      tags::Ctx c{*this, o->id, o->card, o->controller, Target{}, nullptr, false, Target{}};
      for (const tags::Buff& b : list)
        if (b.in_force(c))
          out.push_back({b.status.status.get(), b.status.amount.eval(c), b.status.minimum});
    }
  }
  if (!given_buffs_) return;
  const GameState& st = game_.state();
  for (const FloatingEffect& e : st.effects) {
    if (!same(st, e.affected, t)) continue;
    const tags::GivenTag* g = tags::given_tag(game_.cards().at(e.card), e.ability);
    if (!g || !g->buff) continue;
    if (g->buff->condition) {  // judged on what received it
      tags::Ctx c = t.is_player() ? ctx_for(ObjectId{}, t.player)
                                  : ctx_for(t.object.id, game_.object(t.object.id).controller);
      if (!g->buff->in_force(c)) continue;
    }
    out.push_back({g->buff->status.status.get(), e.a, g->buff->status.minimum});
  }
}

// Lists the candidates of every aura of holder `h` (its auras, then its enrage auras).
void HearthWorld::list_candidates(std::size_t h, tags::Ctx& c) {
  const tags::CardScript& s = *aura_holders_[h].script;
  listing_ = true;
  struct Done {
    bool& b;
    ~Done() { b = false; }
  } done{listing_};
  if (aura_spans_.capacity() == 0) {  // once per World, rather than growing from empty
    aura_spans_.reserve(16);
    aura_candidates_.reserve(32);
  }
  const auto span = static_cast<std::uint32_t>(aura_spans_.size());
  aura_spans_.push_back(static_cast<std::uint32_t>(aura_candidates_.size()));
  for (const std::vector<tags::Aura>* list : {&s.auras_in(game_.object(aura_holders_[h].id).zone.kind), &s.enrage})
    for (const tags::Aura& a : *list) {
      a.selector->candidates(c, aura_candidates_);
      aura_spans_.push_back(static_cast<std::uint32_t>(aura_candidates_.size()));
    }
  aura_holders_[h].span = span;
}

bool HearthWorld::aura_affects(std::size_t h, std::size_t k, const tags::Aura& a, tags::Ctx& c, const Target& t) {
  // Listed for, and used by, top-level reads only (depth 1 inside stats()), so that a selector
  // that reads stats sees the same depth-bounded values as it would unlisted; deeper reads, and
  // reads while listing, ask the aura itself.
  if (listing_ || depth_ != 1) return a.affects(c, t);
  if (!a.in_force(c)) return false;
  if (aura_holders_[h].span == kUnlisted) list_candidates(h, c);
  const std::uint32_t span = aura_holders_[h].span;
  const auto first = aura_candidates_.begin() + aura_spans_[span + k];
  const auto last = aura_candidates_.begin() + aura_spans_[span + k + 1];
  const bool found = std::find(first, last, t) != last;
  return found && (!a.selector->condition || a.selector->condition->holds(c, t));
}

// The auras that affect `t`, in the order they came into play: each holder's from when it came
// where it is, each given aura from when it was given. Hearthbreaker's player keeps its
// object_auras so, adding a minion's when it comes under that player, and the order shows where
// auras do not commute: a cost change with a minimum (Summoning Portal's "not less than (1)")
// before or after Venture Co. Mercenary's (3) more.
void HearthWorld::collect_auras(const Target& t, Applied& out) {
  const GameState& st = game_.state();
  std::uint32_t given_from = 0;
  // By index, not by reference: evaluating an aura reads stats, which lists other holders'
  // candidates (reads never edit, so the holders themselves stay as they are).
  for (std::size_t h = 0; h < aura_holders_.size(); ++h) {
    const Holder holder = aura_holders_[h];
    if (!st.exists(holder.id)) continue;
    if (given_auras_) {
      const std::uint32_t since = st.objects[holder.id.value].timestamp;
      collect_given_auras(t, given_from, since, out);
      given_from = since;
    }
    const tags::CardScript& s = *holder.script;
    tags::Ctx c = ctx_for(holder.id, holder.controller);
    std::size_t k = 0;
    for (const tags::Aura& a : s.auras_in(st.objects[holder.id.value].zone.kind))
      if (aura_affects(h, k++, a, c, t)) out.push_back({a.status.status.get(), a.status.amount.eval(c), a.status.minimum});
    if (st.objects[holder.id.value].damage > 0)  // enrage: while damaged
      for (const tags::Aura& a : s.enrage)
        if (aura_affects(h, k++, a, c, t)) out.push_back({a.status.status.get(), a.status.amount.eval(c), a.status.minimum});
  }
  if (given_auras_)
    collect_given_auras(t, given_from, std::numeric_limits<std::uint32_t>::max(), out);
}

// The auras given (FloatingEffects) from timestamp `from` to before `to` that affect `t`.
void HearthWorld::collect_given_auras(const Target& t, std::uint32_t from, std::uint32_t to,
                                      Applied& out) {
  const GameState& st = game_.state();
  for (const FloatingEffect& e : st.effects) {
    if (e.timestamp < from || e.timestamp >= to) continue;
    const tags::GivenTag* g = tags::given_tag(game_.cards().at(e.card), e.ability);
    if (!g || !g->aura) continue;
    // The holder: "friendly" is relative to the player (or minion's controller) that received it.
    ObjectId owner;
    PlayerId player;
    if (e.affected.is_player()) {
      player = e.affected.player;
    } else {
      if (!st.is_current(e.affected.object)) continue;
      owner = e.affected.object.id;
      player = game_.object(owner).controller;
    }
    tags::Ctx c{*this, owner, e.card, player, Target{}, nullptr, false, Target{}};
    if (g->aura->affects(c, t)) out.push_back({g->aura->status.status.get(), e.a, g->aura->status.minimum});
  }
}

tags::Stats HearthWorld::stats(ObjectId id) {
  // The cache first: legal_actions and a pass of deaths read each minion several times.
  if (depth_ == 0) {
    refresh();
    const std::size_t slot = id.value % kCacheSlots;
    if ((cache_valid_ >> slot & 1) && cache_.at[slot].id == id) return cache_.at[slot].stats;
  }
  const GameObject& o = game_.object(id);
  const tags::CardScript& s = object_script(id);
  tags::Stats st = tags::Stats::printed(s.attack, s.health, s.mana);
  if (depth_ >= kMaxDepth) return st;
  refresh();
  const bool cacheable = depth_ == 0;  // deeper reads are bounded, not the whole value
  const bool in_play = o.zone.kind == ZoneKind::battlefield || o.zone.kind == ZoneKind::command;
  const std::vector<tags::Buff>& own = in_play ? s.buffs : s.hand_buffs;
  // Stable: no aura anywhere and only constant amounts, so that the value depends on nothing
  // but this object (its card, zone, attrs) and the buffs given to it.
  bool stable = aura_holders_.empty() && !given_auras_ && !given_conditions_;
  for (const tags::Buff& b : own) stable = stable && !b.status.amount.function && !b.condition;
  if (aura_holders_.empty() && !given_buffs_ && !given_auras_ && own.empty()) {
    // Nothing can apply (the common case): the folds of no statuses, without collecting any.
    tags::fold_stats(st, {}, {});
    tags::fold_cost(st, {}, {});
  } else {
    DepthGuard guard(depth_);
    Applied buffs, auras;
    const Target t = Target::of(o.ref());
    collect_buffs(t, &o, &s, buffs);
    collect_auras(t, auras);
    tags::fold_stats(st, buffs.span(), auras.span());
    tags::fold_cost(st, buffs.span(), auras.span());
  }
  // The attrs that set or add to stats, read in one pass over the object's few attrs.
  std::int64_t set_health = 0, set_attack = 0, weapon_attack = 0, weapon_durability = 0;
  for (const auto& [key, value] : o.attrs.items) {
    if (key == kSetHealth) set_health = value;
    else if (key == kSetAttack) set_attack = value;
    else if (key == kWeaponAttack) weapon_attack = value;
    else if (key == kWeaponDurability) weapon_durability = value;
  }
  // What set_health and set_attack made it, as differences from its buffed stats: auras, and
  // buffs given later, still add to them.
  st.health += static_cast<std::int32_t>(set_health);
  st.attack += static_cast<std::int32_t>(set_attack);
  st.attack += static_cast<std::int32_t>(weapon_attack);
  st.health += static_cast<std::int32_t>(weapon_durability);
  tags::finish_stats(st, o.damage);
  if (cacheable && cache_version_ == game_.journal().version()) {
    const std::size_t slot = id.value % kCacheSlots;
    cache_.at[slot] = {id, st};
    cache_valid_ |= std::uint64_t{1} << slot;
    if (stable)
      cache_stable_ |= std::uint64_t{1} << slot;
    else
      cache_stable_ &= ~(std::uint64_t{1} << slot);
  }
  return st;
}

tags::Stats HearthWorld::stats_without_auras(ObjectId id) {
  const GameObject& o = game_.object(id);
  const tags::CardScript& s = object_script(id);
  tags::Stats st = tags::Stats::printed(s.attack, s.health, s.mana);
  refresh();
  DepthGuard guard(depth_);
  Applied buffs;
  collect_buffs(Target::of(o.ref()), &o, &s, buffs);
  tags::fold_stats(st, buffs.span(), {});
  st.health += static_cast<std::int32_t>(o.attrs.get(kSetHealth));
  st.attack += static_cast<std::int32_t>(o.attrs.get(kSetAttack));
  return st;
}

tags::Stats HearthWorld::hero_stats(PlayerId p) {
  const bool cacheable = depth_ == 0 && p.value < std::size(hero_cache_);
  if (cacheable) {
    refresh();
    if (hero_valid_ >> p.value & 1) return hero_cache_[p.value];
  }
  tags::Stats st;
  if (depth_ >= kMaxDepth) return st;
  refresh();
  DepthGuard guard(depth_);
  Applied buffs, auras;
  collect_buffs(Target::of(p), nullptr, nullptr, buffs);
  collect_auras(Target::of(p), auras);
  tags::fold_stats(st, buffs.span(), auras.span());
  if (auto w = weapon(p)) {
    const tags::Stats ws = stats(*w);
    st.attack += ws.attack;
    st.flags |= ws.flags & (tags::kWindfury | tags::kMegaWindfury);  // Doomhammer: the hero's
  }
  st.attack += static_cast<std::int32_t>(game_.state().player(p).attrs.get(kPowerAttack));
  if (cacheable && cache_version_ == game_.journal().version()) {
    hero_cache_[p.value] = st;
    hero_valid_ |= static_cast<std::uint8_t>(1u << p.value);
  }
  return st;
}

bool HearthWorld::has(const Target& t, tags::Flag f) {
  if (t.is_player()) {
    if (f == tags::kFrozen && attr_of(game_.state().player(t.player).attrs, kFrozen) != 0) return true;
    return hero_stats(t.player).has(f);
  }
  const GameObject& o = game_.object(t.object.id);
  if (f == tags::kFrozen && attr_of(o.attrs, kFrozen) != 0) return true;
  if (f == tags::kDivineShield && attr_of(o.attrs, kShieldLost) != 0) return false;
  if (f == tags::kStealth && attr_of(o.attrs, kStealthLost) != 0) return false;
  return stats(o.id).has(f);
}

std::int32_t HearthWorld::attack_of(const Target& t) {
  if (t.is_player()) return hero_stats(t.player).attack;
  return stats(t.object.id).attack;
}

std::int32_t HearthWorld::max_health_of(const Target& t) {
  if (t.is_player()) return max_life(game_, t.player);
  return stats(t.object.id).health;
}

std::int32_t HearthWorld::health_of(const Target& t) {
  if (t.is_player()) return game_.state().player(t.player).life;
  return stats(t.object.id).health - game_.object(t.object.id).damage;
}

bool HearthWorld::is_dead(const Target& t) {
  if (t.is_player()) {
    const Player& p = game_.state().player(t.player);
    return p.life <= 0 || attr_of(p.attrs, kDestroyed) != 0;
  }
  if (!game_.state().is_current(t.object)) return true;
  return attr_of(game_.object(t.object.id).attrs, kDestroyed) != 0 || health_of(t) <= 0;
}

std::int32_t HearthWorld::damage_of(const Target& t) {
  if (t.is_player()) return std::max(0, max_life(game_, t.player) - game_.state().player(t.player).life);
  return game_.object(t.object.id).damage;
}

// A player's spell modifiers are its minions' and its hero's: an aura on the player (Prophet
// Velen's multiply_spell_damage) is folded into the hero's stats.
std::int32_t HearthWorld::spell_damage(PlayerId p) {
  std::int32_t n = hero_stats(p).spell_damage;
  for (ObjectId m : minions(p)) n += stats(m).spell_damage;
  return n;
}

std::int32_t HearthWorld::spell_multiplier(PlayerId p) {
  std::int32_t n = hero_stats(p).spell_multiplier;
  for (ObjectId m : minions(p)) n *= stats(m).spell_multiplier;
  return n;
}

std::int32_t HearthWorld::spell_amount(PlayerId p, std::int32_t amount) {
  return (amount + spell_damage(p)) * spell_multiplier(p);
}

}  // namespace anvil::rules_hearth

namespace anvil::rules_hearth {

namespace {

// Game::view() shows the pulled values (attack as power, maximum health or durability as
// toughness, the cost, the keywords in force), so that anything reading characteristics — a UI,
// the scenario runner — sees what the rules use.
class PulledStats final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_set; }
  bool affects(const Game& game, const EffectContext&, ObjectId object, const Characteristics&) const override {
    return script_of(game.card(object)) != nullptr;
  }
  void apply(const Game& game, const EffectContext&, ObjectId object, Characteristics& c) const override {
    HearthWorld w(game);
    const tags::Stats s = w.stats(object);
    c.power = s.attack;
    c.toughness = s.health;
    c.cost.generic = static_cast<std::uint16_t>(std::max(0, s.cost));
    static constexpr std::pair<tags::Flag, Symbol> kKeywords[] = {
        {tags::kTaunt, "Taunt"_sym},         {tags::kCharge, "Charge"_sym},
        {tags::kStealth, "Stealth"_sym},     {tags::kDivineShield, "Divine Shield"_sym},
        {tags::kWindfury, "Windfury"_sym},   {tags::kFrozen, "Frozen"_sym},
        {tags::kImmune, "Immune"_sym}};
    const Target t = Target::of(game.object(object).ref());
    for (const auto& [flag, keyword] : kKeywords)
      if (w.has(t, flag)) c.add_keyword(keyword);
  }
};

}  // namespace

std::shared_ptr<const ContinuousEffect> pulled_stats_effect() { return std::make_shared<PulledStats>(); }

}  // namespace anvil::rules_hearth
