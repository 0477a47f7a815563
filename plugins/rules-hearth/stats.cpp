// Pulled values: what buffs and auras apply to a minion, weapon, card or hero, folded by
// tags::fold_stats / tags::fold_cost (the one place their order is decided).
#include <array>
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
    if (n_ < inline_.size() && more_.empty()) {
      inline_[n_++] = a;
      return;
    }
    if (more_.empty()) more_.assign(inline_.begin(), inline_.begin() + static_cast<std::ptrdiff_t>(n_));
    more_.push_back(a);
    ++n_;
  }
  std::span<const tags::Applied> span() const {
    return more_.empty() ? std::span<const tags::Applied>(inline_.data(), n_) : std::span<const tags::Applied>(more_);
  }

 private:
  std::array<tags::Applied, 8> inline_{};
  std::size_t n_ = 0;
  std::vector<tags::Applied> more_;
};

void HearthWorld::refresh() {
  if (cache_version_ == game_.journal().version()) return;
  cache_version_ = game_.journal().version();
  cache_.clear();
  aura_holders_.clear();
  given_buffs_ = given_auras_ = false;
  const GameState& st = game_.state();
  for (const Player& p : st.players)
    for (ObjectId m : st.zone(ZoneRef::battlefield(p.id)).objects) {
      const GameObject& o = st.objects[m.value];
      if (o.attrs.get(kSilenced) != 0) continue;
      const tags::CardScript* s = script_of(game_.cards().at(o.card));
      if (s && (!s->auras.empty() || !s->enrage.empty())) aura_holders_.push_back({m, o.controller, s});
    }
  for (const FloatingEffect& e : st.effects) {
    const tags::GivenTag* g = tags::given_tag(game_.cards().at(e.card), e.ability);
    if (!g) continue;
    given_buffs_ = given_buffs_ || g->buff.has_value();
    given_auras_ = given_auras_ || g->aura.has_value();
  }
}

tags::Ctx HearthWorld::ctx_for(ObjectId owner, PlayerId player) {
  const CardId card = owner.valid() ? game_.object(owner).card : CardId{};
  return tags::Ctx{*this, owner, card, player, Target{}, nullptr, false, Target{}};
}

void HearthWorld::collect_buffs(const Target& t, Applied& out) {
  if (t.is_object()) {
    const GameObject& o = game_.object(t.object.id);
    const tags::CardScript& s = script(game_, o.id);
    const bool in_play = o.zone.kind == ZoneKind::battlefield || o.zone.kind == ZoneKind::command;
    const bool in_hand = o.zone.kind == ZoneKind::hand || o.zone.kind == ZoneKind::library;
    if ((in_play && o.attrs.get(kSilenced) == 0) || in_hand) {
      tags::Ctx c = ctx_for(o.id, o.controller);
      for (const tags::Buff& b : in_play ? s.buffs : s.hand_buffs)
        out.push_back({b.status.status.get(), b.status.amount.eval(c), b.status.minimum});
    }
  }
  if (!given_buffs_) return;
  const GameState& st = game_.state();
  for (const FloatingEffect& e : st.effects) {
    if (!same(st, e.affected, t)) continue;
    const tags::GivenTag* g = tags::given_tag(game_.cards().at(e.card), e.ability);
    if (g && g->buff) out.push_back({g->buff->status.status.get(), e.a, g->buff->status.minimum});
  }
}

void HearthWorld::collect_auras(const Target& t, Applied& out) {
  const GameState& st = game_.state();
  // A copy: evaluating an aura may read stats, which may refresh the holders.
  const std::vector<Holder> holders = aura_holders_;
  for (const Holder& h : holders) {
    if (!st.exists(h.id)) continue;
    const tags::CardScript& s = *h.script;
    tags::Ctx c = ctx_for(h.id, h.controller);
    for (const tags::Aura& a : s.auras)
      if (a.affects(c, t)) out.push_back({a.status.status.get(), a.status.amount.eval(c), a.status.minimum});
    if (st.objects[h.id.value].damage > 0)  // enrage: while damaged
      for (const tags::Aura& a : s.enrage)
        if (a.affects(c, t)) out.push_back({a.status.status.get(), a.status.amount.eval(c), a.status.minimum});
  }
  if (!given_auras_) return;
  for (const FloatingEffect& e : st.effects) {
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
  const GameObject& o = game_.object(id);
  const tags::CardScript& s = script(game_, id);
  tags::Stats st = tags::Stats::printed(s.attack, s.health, s.mana);
  if (depth_ >= kMaxDepth) return st;
  refresh();
  const bool cacheable = depth_ == 0;  // deeper reads are bounded, not the whole value
  if (cacheable)
    for (const auto& [cid, cs] : cache_)
      if (cid == id) return cs;
  DepthGuard guard(depth_);
  Applied buffs, auras;
  const Target t = Target::of(o.ref());
  collect_buffs(t, buffs);
  collect_auras(t, auras);
  tags::fold_stats(st, buffs.span(), auras.span());
  tags::fold_cost(st, buffs.span(), auras.span());
  if (const std::int64_t h = o.attrs.get(kSetHealth)) st.health = static_cast<std::int32_t>(h);
  if (const std::int64_t a = o.attrs.get(kSetAttack)) st.attack = static_cast<std::int32_t>(a - 1);
  st.attack += static_cast<std::int32_t>(o.attrs.get(kWeaponAttack));
  st.health += static_cast<std::int32_t>(o.attrs.get(kWeaponDurability));
  if (cacheable && cache_version_ == game_.journal().version()) cache_.emplace_back(id, st);
  return st;
}

tags::Stats HearthWorld::hero_stats(PlayerId p) {
  tags::Stats st;
  if (depth_ >= kMaxDepth) return st;
  refresh();
  DepthGuard guard(depth_);
  Applied buffs, auras;
  collect_buffs(Target::of(p), buffs);
  collect_auras(Target::of(p), auras);
  tags::fold_stats(st, buffs.span(), auras.span());
  if (auto w = weapon(p)) {
    const tags::Stats ws = stats(*w);
    st.attack += ws.attack;
    st.flags |= ws.flags & (tags::kWindfury | tags::kMegaWindfury);  // Doomhammer: the hero's
  }
  st.attack += static_cast<std::int32_t>(game_.state().player(p).attrs.get(kPowerAttack));
  return st;
}

bool HearthWorld::has(const Target& t, tags::Flag f) {
  if (t.is_player()) {
    if (f == tags::kFrozen && game_.state().player(t.player).attrs.get(kFrozen) != 0) return true;
    return hero_stats(t.player).has(f);
  }
  const GameObject& o = game_.object(t.object.id);
  if (f == tags::kFrozen && o.attrs.get(kFrozen) != 0) return true;
  if (f == tags::kDivineShield && o.attrs.get(kShieldLost) != 0) return false;
  if (f == tags::kStealth && o.attrs.get(kStealthLost) != 0) return false;
  return stats(o.id).has(f);
}

std::int32_t HearthWorld::attack_of(const Target& t) {
  if (t.is_player()) return hero_stats(t.player).attack;
  return stats(t.object.id).attack;
}

std::int32_t HearthWorld::max_health_of(const Target& t) {
  if (t.is_player()) return kStartingHealth;
  return stats(t.object.id).health;
}

std::int32_t HearthWorld::health_of(const Target& t) {
  if (t.is_player()) return game_.state().player(t.player).life;
  return stats(t.object.id).health - game_.object(t.object.id).damage;
}

std::int32_t HearthWorld::damage_of(const Target& t) {
  if (t.is_player()) return std::max(0, kStartingHealth - game_.state().player(t.player).life);
  return game_.object(t.object.id).damage;
}

std::int32_t HearthWorld::spell_damage(PlayerId p) {
  std::int32_t n = 0;
  for (ObjectId m : minions(p)) n += stats(m).spell_damage;
  return n;
}

std::int32_t HearthWorld::spell_amount(PlayerId p, std::int32_t amount) {
  amount += spell_damage(p);
  for (ObjectId m : minions(p)) amount *= stats(m).spell_multiplier;
  return amount;
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
