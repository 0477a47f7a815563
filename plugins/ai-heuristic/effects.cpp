#include "effects.hpp"

#include <algorithm>
#include <limits>
#include <optional>

namespace anvil::ai_heuristic {

namespace {

// The classic rules' mark of a spell cast with its kicker paid (docs/rules-classic.md).
constexpr Symbol kKickedMark = "kicked"_sym;

// Seated in the copy for any decision an effect asks there (a discard, a damage division):
// the first options. The real agents never hear of the copy.
class FirstOptions final : public Agent {
 public:
  std::string_view name() const override { return "ai-heuristic-lab"; }
  Answer choose(const DecisionView&, const Choice& c) override { return first_options(c); }
};

// Resolves `ctx` on `g`, then once what it set off: a creature that deals damage when it is dealt
// damage (the first eight triggers without targets). `alone` is called once `ctx` alone has
// resolved, before what it set off.
template <class Alone>
void resolve_with_triggers(Game& g, const ResolveContext& ctx, Alone&& alone) {
  const std::size_t pending = g.state().pending_triggers.size();
  g.resolve(ctx);
  alone();
  for (std::size_t i = pending,
                   end = std::min<std::size_t>(g.state().pending_triggers.size(), pending + 8);
       i < end; ++i) {
    const PendingTrigger t = g.state().pending_triggers[i];
    const AbilityDef& def = g.cards().at(t.card).abilities.at(t.ability);
    if (def.impl && def.impl->target_count() == 0)
      g.resolve(ResolveContext{t.source, t.card, t.ability, t.controller, {}, 0, t.event});
  }
}

void resolve_with_triggers(Game& g, const ResolveContext& ctx) {
  resolve_with_triggers(g, ctx, [] {});
}

// What the agent pays for `ability` of `source` with X `x` before it resolves: the card's mana
// cost when it is in the hand (cast), the ability's when it is a permanent's (activated); nothing
// for anything else (a trigger).
ManaCost mana_spent(const Game& g, ObjectId source, std::uint16_t ability, std::int64_t x) {
  ManaCost spent;
  const ZoneKind zone = g.object(source).zone.kind;
  if (zone == ZoneKind::hand) {
    spent = g.cost_of(source);
  } else if (zone == ZoneKind::battlefield) {
    const AbilityDef& a = g.card(source).abilities.at(ability);
    if (a.kind == AbilityKind::activated) spent = ability_mana(a);
  }
  spent.generic = static_cast<std::uint16_t>(
      std::min<std::int64_t>(spent.generic + spent.x * std::max<std::int64_t>(x, 0), 0xFFFF));
  spent.x = 0;
  return spent;
}

}  // namespace

EffectLab::EffectLab(const DecisionView& view, PlayerId me, std::uint64_t seed, KeptLab* kept)
    : view_(view), me_(me), seed_(seed), kept_(kept) {}

EffectLab::~EffectLab() {
  if (!kept_ || !game_ || kept_->game) return;
  // Kept, it would share the viewed game's decision log, which would then copy the whole log at
  // its next decision (copy on write): it lets go of it first.
  game_->clear_decision_log();
  kept_->game = std::move(game_);
}

Game& EffectLab::game() {
  if (!game_) {
    if (kept_ && kept_->game) {
      game_ = std::move(kept_->game);
      view_.determinize_into(*game_, seed_);
    } else {
      game_ = view_.determinize(seed_);
    }
    auto stub = std::make_shared<FirstOptions>();
    for (std::size_t i = 0; i < game_->state().player_count(); ++i)
      game_->seat(PlayerId(static_cast<std::uint8_t>(i)), stub);
  }
  return *game_;
}

const std::vector<Target>& EffectLab::targetable() {
  if (targetable_) return *targetable_;
  Game& g = game();
  std::vector<Target>& out = targetable_.emplace();
  for (const Player& p : g.state().players)
    if (p.outcome == Outcome::playing) out.push_back(Target::of(p.id));
  for (const Player& p : g.state().players)
    for (ObjectId id : g.state().zone(ZoneRef::battlefield(p.id)).objects)
      out.push_back(Target::of(g.object(id).ref()));
  return out;
}

bool EffectLab::shielded(ObjectId id) {
  if (shielded_.size() <= id.value) shielded_.resize(id.value + 1, -1);
  if (shielded_[id.value] < 0) {
    Game& g = game();
    const Characteristics c = g.view(id);
    // Hexproof and shroud: the rules module offers no such target (702.11, 702.18).
    // (Hexproof against the agent: on a battlefield other than its own.)
    shielded_[id.value] = c.has_keyword("Shroud"_sym) ||
                          (c.has_keyword("Hexproof"_sym) && g.object(id).zone.owner != me_);
  }
  return shielded_[id.value] != 0;
}

std::vector<Target> EffectLab::candidates(const Ability& ability, const ResolveContext& ctx,
                                          std::size_t slot) {
  Game& g = game();
  std::vector<Target> out;
  for (const Target& t : targetable()) {
    try {
      if (!g.as_ability(ctx.card, ctx.ability, [&] { return ability.can_target(g, ctx, slot, t); }))
        continue;
    } catch (const AbilityError&) {
      throw;  // a plugin's failure is not hidden (kept for the real game: docs/agents.md)
    } catch (const std::exception&) {
      continue;  // a target the ability cannot even look at is not a candidate
    }
    if (!t.is_object() || !shielded(t.object.id)) out.push_back(t);
  }
  return out;
}

void EffectLab::cast_once(ObjectId source) {
  Game& g = game();
  const GameObject& o = g.object(source);
  if (o.zone != ZoneRef::hand(me_) || !own_shields().empty()) return;
  if (g.cards().ability_zones(o.card) & (zone_bit(ZoneKind::hand) | zone_bit(ZoneKind::stack)))
    return;
  const bool full_hand = g.state().zone(ZoneRef::hand(me_)).objects.size() >= 7;
  const Journal::Checkpoint before = g.journal().checkpoint();
  try {
    g.journal().move_object(source, ZoneRef::stack());
  } catch (const std::exception&) {
    g.journal().rollback(before);  // each trial tries the move itself, and fails as it would
    return;
  }
  cast_ = Cast{source, before, full_hand};
}

void EffectLab::uncast() {
  if (!cast_) return;
  const Journal::Checkpoint before = cast_->before;
  cast_.reset();
  game().journal().rollback(before);
}

const OwnShields& EffectLab::own_shields() {
  if (!own_shields_) own_shields_.emplace(view_, me_);
  return *own_shields_;
}

const OpposingShields& EffectLab::opposing_shields() {
  if (!opposing_shields_) opposing_shields_.emplace(view_, me_);
  return *opposing_shields_;
}

void EffectLab::raise_opposing_shields(std::span<const Target> targets) {
  const OpposingShields& shields = opposing_shields();
  if (shields.empty()) return;  // nearly always
  Game& g = game();
  raise_shields(g, shields.shielded(targets));
  // Each prevention ability its controller can tap for goes on the first target that is a
  // creature of theirs (Samite Healer's 1 saves Grizzly Bears from a Shock, not from a Bolt).
  // Not on a player, nor against an effect without targets: which creature it would save from a
  // sweeper is not guessed.
  for (const Target& t : targets) {
    if (!t.is_object() || !g.state().is_current(t.object)) continue;
    const GameObject& o = g.object(t.object.id);
    if (o.controller == me_ || o.zone.kind != ZoneKind::battlefield ||
        !g.view(t.object.id).has_type(kCreature))
      continue;
    for (const OpposingShields::Preventer& p : shields.preventers()) {
      if (p.controller != o.controller) continue;
      const GameObject& source = g.object(p.source);
      const ResolveContext ctx{source.ref(), source.card, p.ability, p.controller, {&t, 1}, 0, {}};
      if (g.card(p.source).abilities[p.ability].impl->can_target(g, ctx, 0, t)) g.resolve(ctx);
    }
    return;
  }
}

double EffectLab::trigger_score(ObjectId permanent, std::uint16_t ability) {
  const AbilityDef& def = game().card(permanent).abilities.at(ability);
  const std::string text = def.impl ? def.impl->describe() : std::string();
  if (text.find("that player") == std::string::npos)
    return trial(permanent, ability, {}, ZoneKind::battlefield).score;
  // Without an event the rules would take the controller for "that player".
  const auto about = [&](PlayerId p) {
    return trial(permanent, ability, {}, ZoneKind::battlefield,
                 EventRecord{Symbol{}, Target::of(p), Target{}, 0})
        .score;
  };
  const bool opponents_only = text.find("opponent") != std::string::npos;
  double score = 0;
  for (const Player& p : game().state().players)
    if (p.id != me_ || !opponents_only) score += about(p.id);
  return score;
}

EffectLab::Trial EffectLab::trial(ObjectId source, std::uint16_t ability,
                                  const std::vector<Target>& targets, ZoneKind from_hand_to,
                                  const EventRecord& event, std::int64_t x) {
  Game& g = game();
  // Read with the card still in the hand: before cast_'s move when it made one.
  const bool full_hand = cast_ && cast_->source == source
                             ? cast_->full_hand
                             : g.state().zone(ZoneRef::hand(me_)).objects.size() >= 7;
  // The life of a targeted player and of the agent before (damage_to's, below).
  const std::pair<std::int32_t, std::int32_t> life{
      targets.size() == 1 && targets[0].is_player() ? g.state().player(targets[0].player).life : 0,
      g.state().player(me_).life};
  std::optional<DamageTo> face;
  const Journal::Checkpoint cp = g.journal().checkpoint();
  Trial out{-std::numeric_limits<double>::infinity(), 0};
  Scores scores{out.score, out.score};
  try {
    // What it costs, read before a card leaves the hand (for the agent's own shields below).
    const bool own = !own_shields().empty();
    const ManaCost spent = own ? mana_spent(g, source, ability, x) : ManaCost{};
    if (g.object(source).zone.kind == ZoneKind::hand)
      g.journal().move_object(source, from_hand_to == ZoneKind::battlefield
                                          ? ZoneRef::battlefield(me_)
                                          : ZoneRef::stack());
    // Kicked as the classic rules mark a spell cast with its kicker (docs/rules-classic.md: the
    // attr `kicked`, its zone changes + 1 on the stack), which its effect reads as it resolves.
    if (kicked_ && g.object(source).zone.kind == ZoneKind::stack)
      g.journal().set_attr(source, kKickedMark,
                           static_cast<std::int64_t>(g.object(source).zone_changes) + 1);
    // The copy is in the same state before each trial of this source: read the board once.
    if (before_source_ != std::pair{source, from_hand_to}) {
      before_source_.reset();
      snapshot(g, before_);
      before_source_ = std::pair{source, from_hand_to};
    }
    // The opponent answers with the regeneration and prevention shields it can pay for, before
    // the effect resolves (rolled back with it).
    raise_opposing_shields(targets);
    // And the agent its own, against an effect of its own that would destroy its creatures (a
    // sweeper): it raises them in response, from the lands the effect leaves untapped.
    if (own) raise_shields(g, own_shields().shielded(spent));
    const GameObject& o = g.object(source);
    // A cast at a player's face, with nothing raised before it and neither kicked nor with an X:
    // the copy is where try_damage_to() would put it, and the spell resolves as there, so what
    // it alone does to the two players' life is damage_to()'s answer (its target check too:
    // this target is one of candidates(), asked in the same state with the same context).
    const bool as_damage_to = from_hand_to == ZoneKind::stack && targets.size() == 1 &&
                              targets[0].is_player() && x == 0 && !kicked_ && !own &&
                              opposing_shields().empty();
    const ResolveContext ctx{o.ref(), o.card, ability, me_, targets, x, event};
    resolve_with_triggers(g, ctx, [&] {
      if (!as_damage_to) return;
      const PlayerId player = targets[0].player;
      face = DamageTo{source, ability, player, x,
                      LifeLost{std::max(0, life.first - g.state().player(player).life),
                               std::max(0, life.second - g.state().player(me_).life)}};
    });
    // A permanent's trigger that sacrifices the permanent itself (Ball Lightning at the end step,
    // Phantasmal Bear once targeted, an echo the copy's agents decline) costs the card it is
    // part of, which casting it spends anyway: only the rest of what it does is judged.
    const std::optional<ObjectId> itself =
        from_hand_to == ZoneKind::battlefield ? std::optional{source} : std::nullopt;
    // An Equipment's ability may attach it: what it then gives counts (judge()).
    out.attaches = attached_now(g, source);
    scores = judge_both(g, before_, me_, scratch_, out.best_own_lost, itself, out.attaches);
  } catch (const AbilityError&) {
    g.journal().rollback(cp);
    throw;  // a plugin's ability failed: the real game would fail the same way (docs/agents.md)
  } catch (const std::exception&) {
    // An effect that cannot be tried out here is not chosen on its merits.
    out.best_own_lost = 0;
  }
  g.journal().rollback(cp);
  if (face && !known_damage_to(face->source, face->ability, face->player, face->x))
    damage_to_.push_back(*face);
  out.score = counted(scores, full_hand);
  return out;
}

double EffectLab::counted(const Scores& scores, bool full_hand) {
  // The burn-out plan decides only between the two. It is worked out on the copy rolled back to
  // its state between trials, the state it was in before the first (each trial and each of the
  // plan's own tries rolls back to it; the journal undoes every edit, the RNG's included): so it
  // comes out as it would have before the first judgement, and only a judgement it changes
  // waits for it.
  if (scores.chip != scores.face && !full_hand) settle_burn_out();
  return go_face_ || full_hand ? scores.face : scores.chip;
}

EffectLab::Trial EffectLab::trial_stack(const ResolveContext* first, const ResolveContext& then) {
  Game& g = game();
  const bool full_hand = g.state().zone(ZoneRef::hand(me_)).objects.size() >= 7;
  const Journal::Checkpoint cp = g.journal().checkpoint();
  Trial out{-std::numeric_limits<double>::infinity(), 0};
  Scores scores{out.score, out.score};
  try {
    if (before_source_ != std::pair{then.source.id, ZoneKind::stack}) {
      before_source_.reset();
      snapshot(g, before_);
      before_source_ = std::pair{then.source.id, ZoneKind::stack};
    }
    // The shields the opponent can raise, for what the copy aims at first, then the original.
    if (first && !opposing_shields().empty()) {
      std::vector<Target> aimed(first->targets.begin(), first->targets.end());
      aimed.insert(aimed.end(), then.targets.begin(), then.targets.end());
      raise_opposing_shields(aimed);
    } else {
      raise_opposing_shields(then.targets);
    }
    if (first) resolve_with_triggers(g, *first);
    resolve_with_triggers(g, then);
    scores = judge_both(g, before_, me_, scratch_, out.best_own_lost);
  } catch (const AbilityError&) {
    g.journal().rollback(cp);
    throw;  // as in trial()
  } catch (const std::exception&) {
    out.best_own_lost = 0;  // not chosen on its merits, as in trial()
  }
  g.journal().rollback(cp);
  out.score = counted(scores, full_hand);
  return out;
}

std::optional<Judgement> EffectLab::best_copy(const StackItem& original, ObjectId copy,
                                              bool new_targets) {
  Game& g = game();
  const CardDef& def = g.cards().at(original.card);
  if (original.ability >= def.abilities.size() || !def.abilities[original.ability].impl)
    return std::nullopt;
  const Ability& a = *def.abilities[original.ability].impl;
  if (a.target_count() == 0 || original.targets.size() != a.target_count()) return std::nullopt;
  const ResolveContext then{original.source,
                            original.card,
                            original.ability,
                            original.controller,
                            original.targets,
                            original.x,
                            {}};
  const Trial alone = trial_stack(nullptr, then);
  if (alone.score == -std::numeric_limits<double>::infinity()) return std::nullopt;
  const ObjectRef source = g.object(copy).ref();
  Judgement j;
  j.targets = original.targets;
  // The copy with targets `j.targets`, against the original alone.
  const auto with_copy = [&] {
    const ResolveContext first{source, original.card, original.ability, me_, j.targets, original.x,
                               {}};
    Trial t = trial_stack(&first, then);
    t.score -= alone.score;
    if (t.best_own_lost <= alone.best_own_lost) t.best_own_lost = 0;
    return t;
  };
  const auto take = [&](const Trial& t) {
    j.score = t.score;
    j.best_own_lost = t.best_own_lost;
  };
  take(with_copy());
  if (!new_targets) return j;
  for (std::size_t slot = 0; slot < a.target_count(); ++slot) {
    const ResolveContext ctx{source,
                             original.card,
                             original.ability,
                             me_,
                             std::span<const Target>(j.targets.data(), slot),
                             original.x,
                             {}};
    const std::vector<Target> options = candidates(a, ctx, slot);
    if (options.empty()) return std::nullopt;
    Trial top{-std::numeric_limits<double>::infinity(), 0};
    Target chosen = options.front();
    for (const Target& t : options) {
      j.targets[slot] = t;
      const Trial tried = with_copy();
      if (tried.score > top.score) {
        top = tried;
        chosen = t;
      }
    }
    j.targets[slot] = chosen;
    take(top);
  }
  return j;
}

EffectLab::LifeLost EffectLab::damage_to(ObjectId source, std::uint16_t ability, PlayerId player,
                                         std::int64_t x) {
  if (const LifeLost* known = known_damage_to(source, ability, player, x)) return *known;
  const LifeLost lost = try_damage_to(source, ability, player, x);
  damage_to_.push_back({source, ability, player, x, lost});
  return lost;
}

const EffectLab::LifeLost* EffectLab::known_damage_to(ObjectId source, std::uint16_t ability,
                                                      PlayerId player, std::int64_t x) const {
  for (const DamageTo& d : damage_to_)
    if (d.source == source && d.ability == ability && d.player == player && d.x == x)
      return &d.lost;
  return nullptr;
}

EffectLab::LifeLost EffectLab::try_damage_to(ObjectId source, std::uint16_t ability,
                                             PlayerId player, std::int64_t x) {
  Game& g = game();
  const CardDef& def = g.card(source);
  if (ability >= def.abilities.size() || !def.abilities[ability].impl) return {};
  const Ability& a = *def.abilities[ability].impl;
  if (a.target_count() != 1) return {};
  const std::vector<Target> target{Target::of(player)};
  const ResolveContext ctx{g.object(source).ref(), def.id, ability, me_, {}, 0, {}};
  try {
    if (!g.as_ability(def.id, ability, [&] { return a.can_target(g, ctx, 0, target[0]); }))
      return {};
  } catch (const AbilityError&) {
    throw;  // as in trial()
  } catch (const std::exception&) {
    return {};
  }
  const Journal::Checkpoint cp = g.journal().checkpoint();
  const std::int32_t life = g.state().player(player).life;
  const std::int32_t own_life = g.state().player(me_).life;
  LifeLost lost;
  try {
    if (g.object(source).zone.kind == ZoneKind::hand)
      g.journal().move_object(source, ZoneRef::stack());
    const GameObject& o = g.object(source);
    g.resolve(ResolveContext{o.ref(), o.card, ability, me_, target, x, {}});
    lost.target = std::max(0, life - g.state().player(player).life);
    lost.self = std::max(0, own_life - g.state().player(me_).life);
  } catch (const AbilityError&) {
    g.journal().rollback(cp);
    throw;  // as in trial()
  } catch (const std::exception&) {
    // Not counted.
  }
  g.journal().rollback(cp);
  return lost;
}

void EffectLab::burn_out(std::vector<Burn> spells, PlayerId opponent) {
  burn_ = std::move(spells);
  burn_target_ = opponent;
}

void EffectLab::settle_burn_out() {
  if (burn_.empty()) return;
  // Worked out with the card back in the hand, the state between trials, and moved again after.
  if (cast_) {
    const ObjectId source = cast_->source;
    uncast();
    settle_burn_out();
    cast_once(source);
    return;
  }
  const std::vector<Burn> spells = std::move(burn_);
  burn_.clear();
  Game& g = game();
  // A full hand counts face damage fully whatever the plan (trial()).
  if (go_face_ || g.state().zone(ZoneRef::hand(me_)).objects.size() >= 7) return;
  const std::int32_t life = g.state().player(burn_target_).life;
  const std::int32_t own_life = g.state().player(me_).life;
  // The spells that cost it no life first (Bolt before Char), each copy on its own: the last
  // copy needed may finish the opponent before the next would hurt the agent too much.
  std::vector<std::pair<LifeLost, std::int64_t>> lost;  // by spell, with its copies
  for (const Burn& b : spells)
    lost.emplace_back(damage_to(b.source, b.ability, burn_target_, b.x), b.copies);
  std::stable_sort(lost.begin(), lost.end(),
                   [](const auto& a, const auto& b) { return a.first.self < b.first.self; });
  std::int64_t reach = 0, cost = 0;
  for (const auto& [spell, copies] : lost) {
    for (std::int64_t k = 0; k < copies && spell.target > 0; ++k) {
      reach += spell.target;
      cost += spell.self;
      // Dead first, or at once with them (a draw): no plan.
      if (cost >= own_life) return;
      if (reach >= life) {  // enough: the rest cannot change the plan
        go_face_ = true;
        return;
      }
    }
  }
}

std::optional<Judgement> EffectLab::best(ObjectId source, std::uint16_t ability, double cost_value,
                                         std::int64_t x, bool kicked) {
  Game& g = game();
  struct Kicked {
    bool& flag;
    ~Kicked() { flag = false; }
  } restore{kicked_};
  kicked_ = kicked;
  const CardDef& def = g.card(source);
  if (ability >= def.abilities.size() || !def.abilities[ability].impl) return std::nullopt;
  const Ability& a = *def.abilities[ability].impl;
  Judgement j;
  j.targets.assign(a.target_count(), Target{});
  // Slot by slot, each the best given the ones before (spells here have one or two targets).
  for (std::size_t slot = 0; slot < a.target_count(); ++slot) {
    const ResolveContext ctx{g.object(source).ref(),
                             def.id,
                             ability,
                             me_,
                             std::span<const Target>(j.targets.data(), slot),
                             x,
                             {}};
    const std::vector<Target> options = candidates(a, ctx, slot);
    if (options.empty()) return std::nullopt;
    // The card cast once for this slot's trials, back in the hand for the next slot's candidates.
    struct Uncast {
      EffectLab& lab;
      ~Uncast() { lab.uncast(); }
    } uncast_after{*this};
    if (options.size() > 1) cast_once(source);
    Trial top{-std::numeric_limits<double>::infinity(), 0};
    Target chosen = options.front();
    for (const Target& t : options) {
      j.targets[slot] = t;
      const Trial tried = trial(source, ability, j.targets, ZoneKind::stack, {}, x);
      if (tried.score > top.score) {
        top = tried;
        chosen = t;
      }
    }
    j.targets[slot] = chosen;
    j.score = top.score;
    j.best_own_lost = top.best_own_lost;
    j.attaches = top.attaches;
  }
  if (a.target_count() == 0) {
    const Trial tried = trial(source, ability, {}, ZoneKind::stack, {}, x);
    j.score = tried.score;
    j.best_own_lost = tried.best_own_lost;
    j.attaches = tried.attaches;
  }
  j.score -= cost_value;
  return j;
}

}  // namespace anvil::ai_heuristic
