// HearthWorld: what damage, healing, summoning, drawing and the other actions mean in the hearth
// game (HEARTH-TAGS.md §10), every change journaled, and the events they fire.
#include <algorithm>
#include <optional>
#include <utility>

#include "hearth.hpp"

namespace anvil::rules_hearth {

namespace {

// Removes floating effects that affect `t` (silence, a minion leaving play).
void drop_effects_on(Game& game, const Target& t) {
  const auto& effects = game.state().effects;
  for (std::size_t i = effects.size(); i-- > 0;) {
    const Target& a = effects[i].affected;
    if (a.kind == t.kind && (t.is_player() ? a.player == t.player : a.object.id == t.object.id))
      game.journal().remove_effect(i);
  }
}

// The `target` of an effect: for a player event what it happened to (the minion summoned); for
// an event on the owner itself, the other party (what it damaged, what it attacks).
Target target_of(const tags::EventSpec& spec, const tags::TagEvent& e) {
  if (spec.player_event || e.other.kind == Target::Kind::none) return e.subject;
  return e.other;
}

// Health lost with an aura (its source died or was silenced, or the minion changed sides) only
// lowers a minion's health if it was above the new maximum: the damage shrinks by what the
// maximum lost. A minion moved meanwhile is followed only when told (`moved`): a move makes a
// new object of it, which is not the one counted.
class KeepHealth {
 public:
  explicit KeepHealth(HearthWorld& w) : w_(w) {
    std::size_t minions = 0;  // one allocation at most, not one per doubling
    for (const Player& p : w.game().state().players) minions += w.minions(p.id).size();
    before_.reserve(minions);
    for (const Player& p : w.game().state().players)
      for (ObjectId m : w.minions(p.id)) before_.push_back({w.game().object(m).ref(), w.stats(m).health});
  }
  // `m` was moved to another zone (stolen, to the other side) and is still the minion counted.
  void moved(ObjectId m) {
    for (auto& counted : before_)
      if (counted.first.id == m) counted.first = w_.game().object(m).ref();
  }
  ~KeepHealth() {
    for (const auto& [ref, max] : before_) {
      if (!w_.game().state().is_current(ref) || !w_.is_minion_on_board(ref.id)) continue;
      const std::int32_t now = w_.stats(ref.id).health;
      const GameObject& o = w_.game().object(ref.id);
      if (now < max && o.damage > 0) w_.game().journal().set_damage(ref.id, std::max(0, o.damage - (max - now)));
    }
  }

 private:
  HearthWorld& w_;
  std::vector<std::pair<ObjectRef, std::int32_t>> before_;
};

// Where each minion of a round of deaths stood, so that what its deathrattle summons takes its
// place (Hearthbreaker runs each deathrattle at the dead minion's index). Its place is counted
// among the minions on the board when its deathrattle runs: those that stood left of it, and
// those summoned since by the deathrattles (or death triggers) of minions that stood left of it.
// A place recorded when the minions were moved would go stale: the minions left of it that died
// too are gone, and tokens of earlier deathrattles have come.
class BoardPlaces {
 public:
  explicit BoardPlaces(HearthWorld& w) : w_(w) {
    for (const Player& p : w.game().state().players) {
      const auto& board = w.minions(p.id);
      for (std::size_t i = 0; i < board.size(); ++i) rank_.push_back({board[i], 2 * i});
    }
  }
  // The index on p's board now of `dead`, which stood there when the round began.
  std::size_t now(ObjectId dead, PlayerId p) const {
    const std::size_t mine = rank_of(dead);
    std::size_t left = 0;
    for (ObjectId m : w_.minions(p))
      if (rank_of(m) < mine) ++left;
    return left;
  }
  // What came onto p's board since is placed where `dead` stood, just right of it.
  void arrived_with(ObjectId dead, PlayerId p) {
    const std::size_t at = rank_of(dead) + 1;
    for (ObjectId m : w_.minions(p))
      if (rank_of(m) == kUnknown) rank_.push_back({m, at});
  }

 private:
  static constexpr std::size_t kUnknown = static_cast<std::size_t>(-1);
  std::size_t rank_of(ObjectId m) const {
    for (const auto& [id, rank] : rank_)
      if (id == m) return rank;
    return kUnknown;
  }
  HearthWorld& w_;
  std::vector<std::pair<ObjectId, std::size_t>> rank_;  // few: one board's minions and tokens
};

}  // namespace

// --- reading ---------------------------------------------------------------------------------

const std::vector<ObjectId>& HearthWorld::minions(PlayerId p) {
  return in(ZoneRef::battlefield(p));
}

std::optional<ObjectId> HearthWorld::weapon(PlayerId p) {
  const auto& w = in(ZoneRef::command(p));
  if (w.empty()) return std::nullopt;
  return w.back();
}

// The minions that died under p's control: a minion goes to its owner's graveyard, and the
// death check records who controlled it then (a stolen minion is its thief's, as
// Hearthbreaker's Minion.die files it under its player's dead_this_turn).
std::vector<ObjectId> HearthWorld::dead_minions(PlayerId p) {
  std::vector<ObjectId> out;
  for (const Player& owner : game_.state().players)
    for (ObjectId id : game_.state().zone(ZoneRef::graveyard(owner.id)).objects) {
      const GameObject& o = game_.object(id);
      if (o.attrs.get(kBoardPos) != 0 && o.controller == p &&  // died on the board
          std::find(dying_.begin(), dying_.end(), id) == dying_.end())
        out.push_back(id);
    }
  std::sort(out.begin(), out.end(), [this](ObjectId a, ObjectId b) {  // in death order
    return game_.object(a).timestamp < game_.object(b).timestamp;
  });
  return out;
}

std::vector<ObjectId> HearthWorld::died_this_turn(PlayerId p) {
  std::vector<ObjectId> out;
  for (ObjectId id : dead_minions(p))
    if (game_.object(id).attrs.get(kDiedTurn) == game_.state().turn.number) out.push_back(id);
  std::sort(out.begin(), out.end(), [this](ObjectId a, ObjectId b) {
    const std::int64_t born_a = game_.object(a).attrs.get(kBorn);
    const std::int64_t born_b = game_.object(b).attrs.get(kBorn);
    return born_a != born_b ? born_a < born_b : a < b;
  });
  return out;
}

PlayerId HearthWorld::controller(const Target& t) {
  return t.is_player() ? t.player : game_.object(t.object.id).controller;
}

std::vector<CardId> HearthWorld::collection() {
  std::vector<CardId> out;
  out.reserve(game_.cards().size());
  for (std::size_t i = 0; i < game_.cards().size(); ++i) out.push_back(CardId(static_cast<std::uint32_t>(i)));
  return out;
}

bool HearthWorld::is_minion_on_board(ObjectId id) {
  return game_.state().exists(id) && game_.object(id).zone.kind == ZoneKind::battlefield;
}

std::uint64_t HearthWorld::random(std::uint64_t n) { return n <= 1 ? 0 : game_.journal().random_below(n); }

// --- damage and healing ----------------------------------------------------------------------

void HearthWorld::damage(ObjectId source, PlayerId by, const Target& t, std::int32_t amount, bool spell) {
  if (spell && by.valid()) amount = spell_amount(by, amount);
  if (power_damage_ && !spell && !source.valid() && by.valid()) amount *= spell_multiplier(by);
  if (amount <= 0 || game_.state().over) return;
  Journal& j = game_.journal();
  std::int32_t life_lost = 0;
  if (t.is_object()) {
    if (!game_.state().is_current(t.object) || !is_minion_on_board(t.object.id)) return;
    // A minion already dead (no health left, or destroyed) is off the board for everything but
    // the death check that takes it off: Hearthbreaker removes it at once. Damage later in the
    // same phase does not hit it again (no second Acolyte of Pain draw, no second Frothing
    // Berserker point).
    if (is_dead(t)) return;
    if (has(t, tags::kImmune)) return;
    if (has(t, tags::kDivineShield)) {
      j.set_attr(t.object.id, kShieldLost, 1);
      tell(CustomEvent{{}, "divine_shield"_sym, t, Target{}, amount, source});  // took the blow
      return;
    }
    const GameObject& o = game_.object(t.object.id);
    j.set_damage(o.id, o.damage + amount);
  } else {
    if (has(t, tags::kImmune)) return;
    const Player& p = game_.state().player(t.player);
    const auto armor = static_cast<std::int32_t>(p.attrs.get(kArmor));
    const std::int32_t absorbed = std::min(armor, amount);
    if (absorbed) j.set_attr(t.player, kArmor, armor - absorbed);
    life_lost = amount - absorbed;
    if (life_lost > 0) j.set_life(t.player, p.life - life_lost);
  }
  // Dealing damage reveals a stealthed minion however it deals it, not only by attacking
  // (Hearthstone: Knife Juggler's knife, Ragnaros's 8 damage). A spell's damage is the spell's.
  if (source.valid() && is_minion_on_board(source) && has(target_of(game_, source), tags::kStealth))
    j.set_attr(source, kStealthLost, 1);
  // Only the attack's own damage is combat damage, not what it sets off (Eye for an Eye, a
  // minion's "whenever this takes damage"): cleared while the events below fire.
  const bool combat = std::exchange(combat_, false);
  const bool power_damage = std::exchange(power_damage_, false);
  tell(DamageEvent{{}, source, t, amount, combat, false});
  if (t.is_player() && amount > life_lost)  // the armor that took it: amount < 0
    tell(CustomEvent{{}, "armor"_sym, t, Target{}, life_lost - amount, source});
  if (life_lost > 0) tell(LifeChangeEvent{{}, t.player, -life_lost, source});
  // A hero takes what its armor leaves, as Hearthbreaker's Hero.damage passes on only that: no
  // "takes damage" trigger when the armor absorbs it all, and the rest as the event's value
  // (Eye for an Eye deals back 3 of a 5-damage blow on 2 armor). Dealt, below, is the whole
  // amount, armor included: Water Elemental freezes a hero whose armor took the blow.
  if (const std::int32_t taken = t.is_player() ? life_lost : amount; taken > 0) {
    const Target from = source.valid() ? target_of(game_, source) : Target{};
    fire({ev::damaged, controller(t), t, from, taken});
    fire({ev::character_damaged, controller(t), t, from, taken});
  }
  if (source.valid() && game_.state().exists(source))
    fire({ev::did_damage, game_.object(source).controller, target_of(game_, source), t, amount});
  combat_ = combat;
  power_damage_ = power_damage;
}

void HearthWorld::heal(ObjectId source, PlayerId by, const Target& t, std::int32_t amount,
                       bool spell) {
  if (by.valid()) {
    // The healer's modifiers, on its hero (an aura on its player: Auchenai Soulpriest, Prophet
    // Velen) or on its minions. A heal turned into damage by a spell is that spell's damage:
    // its spell damage and spell multiplier, and not the heal multiplier too (Hearthbreaker's
    // effective_heal_power: -(n + spell damage) x spell multiplier; a 3-heal under Velen and
    // Auchenai deals 6). Any other heal is multiplied first, then turned into damage of that
    // amount (Lesser Heal with Velen and Auchenai deals 4, as Hearthbreaker's heal power is).
    const tags::Stats hero = hero_stats(by);
    bool as_damage = hero.has(tags::kHealAsDamage);
    std::int32_t multiplier = hero.heal_multiplier;
    for (ObjectId m : minions(by)) {
      const tags::Stats s = stats(m);
      as_damage = as_damage || s.has(tags::kHealAsDamage);
      multiplier *= s.heal_multiplier;
    }
    if (as_damage) {
      damage(source, by, t, spell ? amount : amount * multiplier, spell);
      return;
    }
    amount *= multiplier;
  }
  if (amount <= 0) return;
  Journal& j = game_.journal();
  std::int32_t healed = 0;
  if (t.is_object()) {
    // Nor is a dead minion healed back (Imp Master's own fatal ping, then Healing Totem).
    if (!is_minion_on_board(t.object.id) || is_dead(t)) return;
    const GameObject& o = game_.object(t.object.id);
    healed = std::min(o.damage, amount);
    if (healed) {
      j.set_damage(o.id, o.damage - healed);
      tell(CustomEvent{{}, "healed"_sym, t, Target{}, healed, source});  // a hero's: LifeChange
    }
  } else {
    const Player& p = game_.state().player(t.player);
    healed = std::clamp(max_life(game_, t.player) - p.life, 0, amount);
    if (healed) {
      j.set_life(t.player, p.life + healed);
      tell(LifeChangeEvent{{}, t.player, healed, source});
    }
  }
  if (healed) fire({ev::character_healed, controller(t), t, Target{}, healed});
}

void HearthWorld::set_health(const Target& t, std::int32_t health) {
  if (t.is_player()) {
    game_.journal().set_life(t.player, health);
    tell(CustomEvent{{}, "health_set"_sym, t, Target{}, health, ObjectId{}});
    return;
  }
  if (!is_minion_on_board(t.object.id)) return;
  const ObjectId m = t.object.id;
  const std::int64_t before = game_.object(m).attrs.get(kSetHealth);
  const std::int32_t now = stats_without_auras(m).health;  // with what earlier sets added
  game_.journal().set_attr(m, kSetHealth, before + (std::max(1, health) - now));
  game_.journal().set_damage(m, 0);
  tell(CustomEvent{{}, "health_set"_sym, t, Target{}, std::max(1, health), ObjectId{}});
}

// As set_health: the difference from its attack without auras is kept, so that auras and buffs
// given later still add to the attack set (Hearthbreaker's set_attack_to is a buff in buff order:
// Crazed Alchemist's swap, then Shattered Sun Cleric's +1/+1, is one more).
void HearthWorld::set_attack(const Target& t, std::int32_t attack) {
  if (!t.is_object() || !is_minion_on_board(t.object.id)) return;
  const ObjectId m = t.object.id;
  const std::int64_t before = game_.object(m).attrs.get(kSetAttack);
  const std::int32_t now = stats_without_auras(m).attack;
  game_.journal().set_attr(m, kSetAttack, before + (std::max(0, attack) - now));
  tell(CustomEvent{{}, "attack_set"_sym, t, Target{}, std::max(0, attack), ObjectId{}});
}

// --- the board -------------------------------------------------------------------------------

ObjectId HearthWorld::place_minion(ObjectId id, PlayerId p, std::size_t position) {
  Journal& j = game_.journal();
  const ZoneRef board = ZoneRef::battlefield(p);
  const std::size_t size = game_.state().zone(board).objects.size();
  position = std::min(position, size);
  if (game_.object(id).zone != board) j.move_object(id, board, position);
  j.set_controller(id, p);
  j.set_summoning_sick(id, true);
  return id;
}

std::optional<ObjectId> HearthWorld::summon(CardId card, PlayerId p, ObjectId beside, Side side) {
  return summon_as(card, p, beside, side, ObjectId{});
}

// Hearthbreaker's Duplicate: Minion.copy (its buffs, effects and damage) added to the board
// beside it, then summoned; the copy is made before any of that is told.
std::optional<ObjectId> HearthWorld::duplicate(ObjectId minion) {
  if (!is_minion_on_board(minion)) return std::nullopt;
  const GameObject& o = game_.object(minion);
  return summon_as(o.card, o.controller, minion, Side::right, minion);
}

std::optional<ObjectId> HearthWorld::summon_as(CardId card, PlayerId p, ObjectId beside, Side side,
                                               ObjectId copy_of) {
  const auto& board = game_.state().zone(ZoneRef::battlefield(p)).objects;
  if (static_cast<int>(board.size()) >= kMaxBoard) return std::nullopt;
  std::size_t position = board.size();
  if (beside.valid() && game_.state().exists(beside)) {
    const GameObject& b = game_.object(beside);
    if (b.zone == ZoneRef::battlefield(p)) {
      position =
          static_cast<std::size_t>(std::find(board.begin(), board.end(), beside) - board.begin()) +
          (side == Side::right ? 1 : 0);
    } else if (b.zone.kind == ZoneKind::graveyard && b.controller == p && b.attrs.get(kBoardPos) != 0) {
      position = static_cast<std::size_t>(b.attrs.get(kBoardPos) - 1);  // where it died
    }
  }
  const ObjectId id = game_.add_card(card, p, ZoneRef::hand(p), true);
  place_minion(id, p, position);
  if (copy_of.valid()) copy_given(id, copy_of);
  tell(ZoneChangeEvent{{}, id, ZoneRef{}, ZoneRef::battlefield(p), Cause::effect, ObjectId{}, p});
  fire({ev::minion_placed, p, target_of(game_, id), Target{}, 0});
  fire({ev::minion_summoned, p, target_of(game_, id), Target{}, 0});
  fire({ev::after_added, p, target_of(game_, id), Target{}, 0});
  return id;
}

void HearthWorld::destroy(const Target& t) {
  if (t.is_player()) {
    // Marked as well as brought to 0: a heal later in the same action (Sacrificial Pact's own
    // "Restore 5 Health to your hero" after it destroyed the hero Jaraxxus) does not bring a
    // destroyed hero back; the death check reads the mark (Hearthbreaker's Hero.die ends the
    // game at once).
    game_.journal().set_life(t.player, 0);
    game_.journal().set_attr(t.player, kDestroyed, 1);
    return;
  }
  if (!game_.state().is_current(t.object)) return;
  const ZoneKind z = game_.object(t.object.id).zone.kind;
  if (z == ZoneKind::battlefield || z == ZoneKind::command) game_.journal().set_attr(t.object.id, kDestroyed, 1);
}

void HearthWorld::silence(ObjectId m) {
  if (!is_minion_on_board(m)) return;
  Journal& j = game_.journal();
  KeepHealth keep(*this);
  j.set_attr(m, kSilenced, 1);
  tell(CustomEvent{{}, "silence"_sym, target_of(game_, m), Target{}, 0, ObjectId{}});
  j.set_attr(m, kFrozen, 0);
  j.set_attr(m, kSetHealth, 0);
  j.set_attr(m, kSetAttack, 0);
  drop_effects_on(game_, target_of(game_, m));
  // Health lost with its buffs is KeepHealth's: the damage shrinks by what the maximum lost, so
  // the minion keeps its health up to the new maximum and never dies of it.
}

void HearthWorld::give(ObjectId source, CardId card, std::uint16_t ability, const Target& t, std::int64_t amount,
                       std::optional<PlayerId> until_turn_end_of) {
  if (t.is_object() && !game_.state().is_current(t.object)) return;
  const tags::GivenTag* g = tags::given_tag(game_.cards().at(card), ability);
  if (!g) throw RulesError("give: ability " + std::to_string(ability) + " of '" + game_.cards().at(card).name +
                           "' is not a given tag");
  Journal& j = game_.journal();
  if (g->buff) {
    tags::Stats probe;
    g->buff->status.status->apply(probe, amount, 0);
    // Freezing is a state with its own thaw rule, not a lasting buff.
    if (probe.has(tags::kFrozen)) {
      if (t.is_player()) j.set_attr(t.player, kFrozen, 1);
      else j.set_attr(t.object.id, kFrozen, 1);
      tell(CustomEvent{{}, "freeze"_sym, t, Target{}, 0, source});
      return;
    }
    if (t.is_object() && probe.has(tags::kDivineShield)) j.set_attr(t.object.id, kShieldLost, 0);
    if (t.is_object() && probe.has(tags::kStealth)) j.set_attr(t.object.id, kStealthLost, 0);
  }
  FloatingEffect e;
  if (source.valid() && game_.state().exists(source)) e.source = game_.object(source).ref();
  e.card = card;
  e.ability = ability;
  e.controller = controller(t);
  e.affected = t;
  e.until = until_turn_end_of ? Duration::end_of_turn : Duration::permanent;
  e.a = amount;
  e.b = until_turn_end_of ? until_turn_end_of->value + 1 : 0;
  game_.add_effect(e);
  // What it got, by the card that gives it: "Chillwind Yeti gets Blessing of Kings".
  tell(CustomEvent{{}, "given"_sym, t, Target{}, static_cast<std::int64_t>(card.value), source});
}

void HearthWorld::swap_with_hand(ObjectId m, ObjectId card) {
  if (!is_minion_on_board(m) || !game_.state().exists(card)) return;
  const PlayerId p = game_.object(m).controller;
  if (game_.object(card).zone != ZoneRef::hand(p) || object_script(card).kind != tags::CardKind::minion) return;
  const auto& board = game_.state().zone(ZoneRef::battlefield(p)).objects;
  const auto at = static_cast<std::size_t>(std::find(board.begin(), board.end(), m) - board.begin());
  place_minion(card, p, at);  // to the minion's left, where it stands once the minion leaves
  bounce(m);                  // the hand has room: the card just left it
  fire({ev::minion_placed, p, target_of(game_, card), Target{}, 0});
}

void HearthWorld::bounce(ObjectId m) {
  if (!game_.state().exists(m)) return;
  const GameObject& dead = game_.object(m);
  if (dead.zone.kind == ZoneKind::graveyard && dead.attrs.get(kBoardPos) != 0) {
    // A deathrattle returning the minion that just died (Anub'arak): its card goes back to the
    // hand, as Hearthbreaker's Bounce moves the card whether the minion lives or not.
    if (static_cast<int>(game_.state().zone(ZoneRef::hand(dead.owner)).objects.size()) >= kMaxHand)
      return;
    const PlayerId owner = dead.owner;
    const ZoneRef from = dead.zone;
    Journal& j = game_.journal();
    j.set_attr(m, kBoardPos, 0);
    j.set_attr(m, kDiedTurn, 0);
    j.move_object(m, ZoneRef::hand(owner));
    tell(ZoneChangeEvent{{}, m, from, ZoneRef::hand(owner), Cause::bounce, ObjectId{}, owner});
    return;
  }
  if (!is_minion_on_board(m)) return;
  KeepHealth keep(*this);  // a health aura it gave goes with it, and kills nobody
  const GameObject& o = game_.object(m);
  drop_effects_on(game_, target_of(game_, m));
  // To its controller's hand, as Hearthstone and Hearthbreaker do: a minion taken with Mind
  // Control and Sapped goes to the hand of the player who had it.
  const PlayerId to = o.controller;
  if (static_cast<int>(game_.state().zone(ZoneRef::hand(to)).objects.size()) >= kMaxHand) {
    game_.journal().set_attr(m, kDestroyed, 1);
    return;
  }
  const ZoneRef from = o.zone;
  Journal& j = game_.journal();
  j.set_damage(m, 0);
  for (Symbol s : {kFrozen, kShieldLost, kStealthLost, kSilenced, kAttacks, kSetHealth, kSetAttack}) j.set_attr(m, s, 0);
  j.move_object(m, ZoneRef::hand(to));
  tell(ZoneChangeEvent{{}, m, from, ZoneRef::hand(to), Cause::bounce, ObjectId{}, to});
}

void HearthWorld::transform(ObjectId m, CardId into) {
  if (!is_minion_on_board(m)) return;
  KeepHealth keep(*this);  // a health aura of what it was goes, and kills nobody
  Journal& j = game_.journal();
  // Told before: the minion still shows what it was; `amount` is the card it becomes.
  tell(CustomEvent{{}, "transform"_sym, target_of(game_, m), Target{}, into.value, ObjectId{}});
  drop_effects_on(game_, target_of(game_, m));
  j.set_card(m, into);
  j.set_damage(m, 0);
  for (Symbol s : {kFrozen, kShieldLost, kStealthLost, kSilenced, kSetHealth, kSetAttack}) j.set_attr(m, s, 0);
}

void HearthWorld::steal(ObjectId m, PlayerId to) {
  if (!is_minion_on_board(m) || game_.object(m).controller == to) return;
  if (static_cast<int>(minions(to).size()) >= kMaxBoard) {
    game_.journal().set_attr(m, kDestroyed, 1);
    return;
  }
  KeepHealth keep(*this);  // a health aura it gave its old side goes, and kills nobody
  // What was given to it stays on it (Hearthstone's enchantments; Hearthbreaker's Steal copies
  // the minion with its buffs and effects), now the new controller's.
  const ObjectRef before = game_.object(m).ref();
  place_minion(m, to, minions(to).size());
  keep.moved(m);  // a Health aura it leaves behind kills it no more than one whose source dies
  move_given_effects(game_, before, target_of(game_, m), to,
                     [](const FloatingEffect&) { return true; });
  tell(CustomEvent{{}, "control"_sym, target_of(game_, m), Target::of(to), 0, ObjectId{}});
}

void HearthWorld::remove_from_play(ObjectId m) {
  if (!is_minion_on_board(m)) return;
  drop_effects_on(game_, target_of(game_, m));
  game_.journal().move_object(m, ZoneRef::exile(game_.object(m).owner));
}

void HearthWorld::remove_divine_shield(ObjectId m) {
  if (is_minion_on_board(m)) game_.journal().set_attr(m, kShieldLost, 1);
}

// --- cards -----------------------------------------------------------------------------------

void HearthWorld::draw(PlayerId p) {
  Journal& j = game_.journal();
  const auto& library = game_.state().zone(ZoneRef::library(p)).objects;
  LastDraw& last = last_draw_[p.value < std::size(last_draw_) ? p.value : 0];
  last = {true, ObjectId{}};  // nothing reaches the hand unless the draw below puts it there
  if (library.empty()) {
    const std::int64_t fatigue = game_.state().player(p).attrs.get(kFatigue) + 1;
    j.set_attr(p, kFatigue, fatigue);
    tell(CustomEvent{{}, "fatigue"_sym, Target::of(p), Target{}, fatigue, ObjectId{}});
    damage(ObjectId{}, PlayerId{}, Target::of(p), static_cast<std::int32_t>(fatigue), false);
    fire({ev::fatigue_damage, p, Target::of(p), Target{}, fatigue});
    return;
  }
  const ObjectId top = library.back();
  if (static_cast<int>(game_.state().zone(ZoneRef::hand(p)).objects.size()) >= kMaxHand) {
    j.move_object(top, ZoneRef::graveyard(p));  // overdraw: the card is destroyed (burned)
    tell(ZoneChangeEvent{
        {}, top, ZoneRef::library(p), ZoneRef::graveyard(p), Cause::rules, ObjectId{}, p});
    fire({ev::card_destroyed, p, target_of(game_, top), Target{}, 0});
    return;
  }
  j.move_object(top, ZoneRef::hand(p));
  last.card = top;
  tell(ZoneChangeEvent{{}, top, ZoneRef::library(p), ZoneRef::hand(p), Cause::draw, ObjectId{}, p});
  fire({ev::card_drawn, p, target_of(game_, top), Target{}, 0});
  fire({ev::drawn, p, target_of(game_, top), Target{}, 0});
}

void HearthWorld::add_to_hand(CardId card, PlayerId p) {
  if (static_cast<int>(game_.state().zone(ZoneRef::hand(p)).objects.size()) >= kMaxHand) return;
  const ObjectId id = game_.add_card(card, p, ZoneRef::hand(p));
  tell(ZoneChangeEvent{{}, id, ZoneRef{}, ZoneRef::hand(p), Cause::effect, ObjectId{}, p});
}

void HearthWorld::add_to_deck(CardId card, PlayerId p) {
  const ObjectId id = game_.add_card(card, p, ZoneRef::library(p));
  const std::size_t size = game_.state().zone(ZoneRef::library(p)).objects.size();
  game_.journal().move_object(id, ZoneRef::library(p), static_cast<std::size_t>(random(size)));
}

void HearthWorld::discard_random(PlayerId p) {
  const auto& hand = game_.state().zone(ZoneRef::hand(p)).objects;
  if (hand.empty()) return;
  const ObjectId card = hand[static_cast<std::size_t>(random(hand.size()))];
  game_.journal().move_object(card, ZoneRef::graveyard(p));
  tell(ZoneChangeEvent{
      {}, card, ZoneRef::hand(p), ZoneRef::graveyard(p), Cause::discard, ObjectId{}, p});
  fire({ev::card_discarded, p, target_of(game_, card), Target{}, 0});
}

// --- heroes, weapons and mana ----------------------------------------------------------------

void HearthWorld::equip(CardId card, PlayerId p) {
  if (auto old = weapon(p)) game_.journal().set_attr(*old, kDestroyed, 1);
  resolve_deaths();  // the old weapon goes (and its deathrattle runs) before the new one comes
  game_.add_card(card, p, ZoneRef::command(p));
}

void HearthWorld::change_weapon(PlayerId p, std::int32_t attack, std::int32_t durability) {
  auto w = weapon(p);
  if (!w) return;
  Journal& j = game_.journal();
  const GameObject& o = game_.object(*w);
  if (attack) j.set_attr(*w, kWeaponAttack, o.attrs.get(kWeaponAttack) + attack);
  if (durability > 0) j.set_attr(*w, kWeaponDurability, o.attrs.get(kWeaponDurability) + durability);
  if (durability < 0) j.set_damage(*w, o.damage - durability);
}

void HearthWorld::gain_armor(PlayerId p, std::int32_t amount) {
  if (amount <= 0) return;
  game_.journal().set_attr(p, kArmor, game_.state().player(p).attrs.get(kArmor) + amount);
  tell(CustomEvent{{}, "armor"_sym, Target::of(p), Target{}, amount, ObjectId{}});
  fire({ev::armor_increased, p, Target::of(p), Target{}, amount});
}

void HearthWorld::gain_mana(PlayerId p, std::int32_t amount) {
  const std::int64_t mana = game_.state().player(p).attrs.get(kMana);
  game_.journal().set_attr(p, kMana, std::clamp<std::int64_t>(mana + amount, 0, kMaxMana));
}

void HearthWorld::give_mana_crystal(PlayerId p, std::int32_t count, bool empty) {
  const auto& a = game_.state().player(p).attrs;
  game_.journal().set_attr(p, kCrystals, std::clamp<std::int64_t>(a.get(kCrystals) + count, 0, kMaxMana));
  if (!empty) gain_mana(p, count);
}

void HearthWorld::destroy_mana_crystal(PlayerId p) {
  const auto& a = game_.state().player(p).attrs;
  const std::int64_t crystals = std::max<std::int64_t>(0, a.get(kCrystals) - 1);
  game_.journal().set_attr(p, kCrystals, crystals);
  if (a.get(kMana) > crystals) game_.journal().set_attr(p, kMana, crystals);
}

// --- events ----------------------------------------------------------------------------------

const HearthWorld::CardSlot& HearthWorld::fill_card_slot(CardId card) {
  const std::size_t slot = card.value % std::size(card_flags_.at);
  CardSlot& at = card_flags_.at[slot];
  std::uint8_t f = 0;
  const tags::CardScript* s = script_of(game_.cards().at(card));
  if (s) {
    f |= kScripted;
    if (!s->effects.empty()) f |= kListens;
    if (!s->hand_effects.empty()) f |= kListensInHand;
    if (s->holds_auras()) f |= kHolds;
  }
  at = {card, f, s};
  card_known_ |= std::uint64_t{1} << slot;
  return at;
}

bool HearthWorld::listens(const GameObject& o, bool given) {
  if (given) return true;  // effects given to objects: every object is asked
  const std::uint8_t f = card_flags(o.card);
  if (!(f & kScripted)) return false;
  return o.zone.kind == ZoneKind::hand ? (f & kListensInHand) != 0
                                       : (f & kListens) != 0 && attr_of(o.attrs, kSilenced) == 0;
}

bool HearthWorld::only_minor_since(const JournalMark& m) const {
  const Journal& j = game_.journal();
  if (j.version() == m.version) return true;
  // Only appended since (no undo, trim or clear): the journal then grew by as many edits as
  // its version moved, and those edits are its last ones.
  if (j.version() < m.version || j.size() < m.size || j.size() - m.size != j.version() - m.version) return false;
  const std::vector<Edit>& edits = j.edits();
  for (std::size_t i = m.size; i < edits.size(); ++i) {
    const Edit& e = edits[i];
    switch (e.kind) {
      case EditKind::object_field:
        if (e.field == static_cast<std::uint8_t>(ObjectField::controller) ||
            e.field == static_cast<std::uint8_t>(ObjectField::timestamp))
          return false;
        break;
      case EditKind::object_attr:
        if (e.key == kSilenced.raw()) return false;
        break;
      case EditKind::object_counter:
      case EditKind::player_field:
      case EditKind::player_counter:
      case EditKind::player_attr:
      case EditKind::game_field:
      case EditKind::game_attr:
      case EditKind::rng:
        break;
      default:  // moves, new objects, transforms, floating effects, anything else
        return false;
    }
  }
  return true;
}

// end_given_until, skipped while the effects in play are those of the last scan and none of them
// ends with an event (most games give few buffs, and events are fired at every step).
void HearthWorld::end_until(const tags::TagEvent& e) {
  if (scan_until_ || !only_minor_since(scan_at_)) end_given_until(*this, e);
}

void HearthWorld::scan_listeners() {
  const GameState& st = game_.state();
  scan_at_ = mark();
  scan_.clear();
  const bool hand_effects = attr_of(st.attrs, kHandEffects) != 0;
  // Effects given to objects (give_effect) are rare: note whether there are any at all. Those
  // given to players (rarer still) listen themselves.
  scan_given_ = scan_until_ = false;
  for (const FloatingEffect& fe : st.effects)
    if (const tags::GivenTag* g = tags::given_tag(game_.cards().at(fe.card), fe.ability)) {
      if (g->effect && fe.affected.is_player())
        scan_.emplace_back(fe.timestamp, player_effect(fe.id));
      scan_given_ = scan_given_ || (g->effect && !fe.affected.is_player());
      scan_until_ = scan_until_ || (g->buff && g->buff->until) || (g->aura && g->aura->until);
    }
  for (const Player& p : st.players) {
    for (ZoneRef z : {ZoneRef::battlefield(p.id), ZoneRef::command(p.id)})
      for (ObjectId id : in(z)) {
        const GameObject& o = st.objects[id.value];
        if (listens(o, scan_given_)) scan_.emplace_back(o.timestamp, o.ref());
      }
    // Cards in hand listen with their card-level effects (Bolvar Fordragon), and only with those;
    // most pools have none (kHandEffects).
    if (hand_effects) for (ObjectId id : in(ZoneRef::hand(p.id))) {
      const GameObject& o = st.objects[id.value];
      if ((card_flags(o.card) & kListensInHand) && listens(o, scan_given_)) scan_.emplace_back(o.timestamp, o.ref());
    }
  }
}

namespace {
// How deep events fired by effects may nest: a chain past kLoopDepth stops once a hero has died,
// and one past kMaxFireDepth is an error. Both are far within a thread's stack: a chain of 1,000
// ran in testing.
constexpr int kLoopDepth = 32;
constexpr int kMaxFireDepth = 256;
}  // namespace

void HearthWorld::fire_unheard_by(ObjectId deaf, const tags::TagEvent& e) {
  const ObjectId outer = std::exchange(deaf_, deaf);
  const int outer_depth = std::exchange(deaf_depth_, fire_depth_ + 1);
  struct Restore {
    HearthWorld& w;
    ObjectId id;
    int depth;
    ~Restore() {
      w.deaf_ = id;
      w.deaf_depth_ = depth;
    }
  } restore{*this, outer, outer_depth};
  fire(e);
}

void HearthWorld::fire(const tags::TagEvent& e) {
  if (game_.state().over) return;
  // Effects that trigger each other without end: a chain this deep that has left a hero at 0
  // health or less is a loop killing that hero (Mistress of Pain with Auchenai Soulpriest), and
  // it stops here: the deaths that follow end the game, as Hearthstone ends it. A loop that
  // kills nobody is an error of the cards.
  if (fire_depth_ >= kLoopDepth &&
      std::any_of(game_.state().players.begin(), game_.state().players.end(),
                  [](const Player& p) { return p.life <= 0; }))
    return;
  if (fire_depth_ > kMaxFireDepth)
    throw RulesError("effects triggered each other more than " + std::to_string(kMaxFireDepth) +
                     " deep without ending");
  ++fire_depth_;
  struct Leave {
    int& d;
    ~Leave() { --d; }
  } leave{fire_depth_};
  fire_secrets(*this, e);  // tag_world.cpp
  const GameState& st = game_.state();
  // Listeners, in the order they entered play: minions and weapons with effects, cards in hand
  // with card-level effects, effects given to players (in the order given), and the subject of
  // an object event wherever it is (a card drawn).
  // What is in play and in hand is listed once per journal version (events often follow each
  // other with no edit in between: damaged, character_damaged, did_damage).
  if (!only_minor_since(scan_at_)) scan_listeners();
  // Listed at the end of listeners_, a stack that nested events (fired by the effects run
  // below) grow and shrink past `first`.
  const std::size_t first = listeners_.size();
  struct Pop {
    std::vector<std::pair<std::uint32_t, ObjectRef>>& v;
    std::size_t n;
    ~Pop() { v.resize(n); }
  } pop{listeners_, first};
  listeners_.insert(listeners_.end(), scan_.begin(), scan_.end());
  if (e.subject.is_object() && st.is_current(e.subject.object)) {
    const GameObject& o = game_.object(e.subject.object.id);
    const ZoneKind z = o.zone.kind;
    if (z != ZoneKind::battlefield && z != ZoneKind::command && z != ZoneKind::hand && listens(o, scan_given_))
      listeners_.emplace_back(o.timestamp, o.ref());
  }
  if (listeners_.size() == first) {
    end_until(e);
    return;
  }
  const auto by_time = [](const auto& a, const auto& b) { return a.first < b.first; };
  std::sort(listeners_.begin() + static_cast<std::ptrdiff_t>(first), listeners_.end(), by_time);
  const std::size_t last = listeners_.size();
  for (std::size_t k = first; k < last; ++k) {
    const ObjectRef ref = listeners_[k].second;  // by value: nested events grow listeners_
    if (!ref.id.valid()) {
      fire_player_effect(ref.zone_changes, e);
      continue;
    }
    if (!st.is_current(ref) || game_.state().over) continue;
    if (ref.id == deaf_ && fire_depth_ == deaf_depth_) continue;
    const GameObject& o = game_.object(ref.id);
    // A weapon an effect took to 0 durability is gone at once for its triggers, as
    // Hearthbreaker's DecreaseDurability destroys it there (Sword of Justice buffs one of two
    // minions summoned together); it leaves play at the next death check.
    if (o.zone.kind == ZoneKind::command && stats(ref.id).health - o.damage <= 0) continue;
    const bool in_play = o.zone.kind == ZoneKind::battlefield || o.zone.kind == ZoneKind::command;
    const bool in_hand = o.zone.kind == ZoneKind::hand;
    if ((in_play && o.attrs.get(kSilenced) == 0) || in_hand) {
      const tags::CardScript& s = object_script(ref.id);
      for (const tags::Effect& eff : in_hand ? s.hand_effects : s.effects) {
        // The object read again: an effect that ran before may have summoned, moving every object.
        tags::Ctx c = ctx_for(ref.id, game_.object(ref.id).controller);
        c.target = target_of(eff.event, e);
        c.event = &e;
        if (eff.event.matches(c, e)) eff.run(c);
        if (!st.is_current(ref)) break;
      }
    }
    if (!st.is_current(ref)) continue;
    // Effects given to it (give_effect).
    for (std::size_t i = 0; i < st.effects.size(); ++i) {
      const FloatingEffect fe = st.effects[i];
      if (!fe.affected.is_object() || fe.affected.object != ref) continue;
      const tags::GivenTag* g = tags::given_tag(game_.cards().at(fe.card), fe.ability);
      if (!g || !g->effect) continue;
      tags::Ctx c{*this, ref.id, fe.card, game_.object(ref.id).controller, target_of(g->effect->event, e), &e,
                  false, Target{}};
      if (g->effect->event.matches(c, e)) g->effect->run(c);
      if (!st.is_current(ref)) break;
    }
  }
  end_until(e);
}

// As Hearthbreaker's Player.add_effect: the effect's owner is the player's hero (no object), and
// it ends the first time its event matches. It is removed before it runs, so that an event its
// own actions fire cannot run it again. The minion that gave it is the giver (tags::Ctx::giver)
// while it is in play: Hearthbreaker's GiveEffect fixes the selectors of the effect's actions
// (Echoing Ooze's `duplicate {selector: self}`) on that minion when giving, and a minion that
// left play is no longer on a board to be found.
void HearthWorld::fire_player_effect(std::uint32_t id, const tags::TagEvent& e) {
  const GameState& st = game_.state();
  if (st.over) return;
  const auto at = std::find_if(st.effects.begin(), st.effects.end(),
                               [id](const FloatingEffect& fe) { return fe.id == id; });
  if (at == st.effects.end()) return;  // gone since the listeners were listed
  const FloatingEffect fe = *at;
  const tags::GivenTag* g = tags::given_tag(game_.cards().at(fe.card), fe.ability);
  if (!g || !g->effect || !fe.affected.is_player()) return;
  tags::Ctx c{*this, ObjectId{}, fe.card, fe.affected.player, target_of(g->effect->event, e), &e};
  if (!g->effect->event.matches(c, e)) return;
  game_.journal().remove_effect(static_cast<std::size_t>(at - st.effects.begin()));
  if (st.is_current(fe.source) && is_minion_on_board(fe.source.id)) c.giver = fe.source.id;
  g->effect->run(c);
}

// Given buffs and auras whose `until` event this is end now (AuraUntil, BuffUntil), matched
// from the receiver's side.
void end_given_until(HearthWorld& w, const tags::TagEvent& e) {
  Game& game = w.game();
  const auto& effects = game.state().effects;
  for (std::size_t i = effects.size(); i-- > 0;) {
    const FloatingEffect fe = effects[i];
    const tags::GivenTag* g = tags::given_tag(game.cards().at(fe.card), fe.ability);
    if (!g) continue;
    const std::optional<tags::EventSpec>& until = g->buff ? g->buff->until : g->aura ? g->aura->until : std::nullopt;
    if (!until || !until->named(e.name)) continue;
    ObjectId owner;
    PlayerId player;
    if (fe.affected.is_player()) {
      player = fe.affected.player;
    } else {
      if (!game.state().exists(fe.affected.object.id)) continue;
      owner = fe.affected.object.id;
      player = game.object(owner).controller;
    }
    tags::Ctx c{w, owner, fe.card, player, e.subject, &e, false, Target{}};
    if (until->matches(c, e)) game.journal().remove_effect(i);
  }
}

void move_given_effects(Game& game, const ObjectRef& from, const Target& to,
                        std::optional<PlayerId> controller,
                        const std::function<bool(const FloatingEffect&)>& keep) {
  std::vector<FloatingEffect> moved;
  const auto& effects = game.state().effects;
  for (std::size_t i = effects.size(); i-- > 0;) {
    const FloatingEffect& fe = effects[i];
    if (fe.affected.is_object() && fe.affected.object == from && keep(fe))
      moved.push_back(game.journal().remove_effect(i));
  }
  for (auto it = moved.rbegin(); it != moved.rend(); ++it) {  // in the order they were given
    FloatingEffect fe = *it;
    fe.affected = to;
    if (controller) fe.controller = *controller;
    game.add_effect(fe);
  }
}

void run_tags(HearthWorld& w, const std::vector<tags::ActionTag>& list, ObjectId owner, CardId card,
              PlayerId player, const Target& chosen, bool spell) {
  for (const tags::ActionTag& t : list) {
    tags::Ctx c{w, owner, card, player, chosen, nullptr, spell, chosen};
    t.run(c);
    if (w.game().state().over) return;
  }
}

// --- deaths ----------------------------------------------------------------------------------

void HearthWorld::resolve_deaths() {
  Journal& j = game_.journal();
  for (int round = 0; round < 100 && !game_.state().over; ++round) {
    struct Death {
      ObjectId id;
      PlayerId controller;
      std::uint32_t timestamp;
      bool weapon;
    };
    std::vector<Death> dying;
    const GameState& st = game_.state();
    for (const Player& p : st.players) {
      for (ObjectId m : in(ZoneRef::battlefield(p.id))) {
        const GameObject& o = game_.object(m);
        if (attr_of(o.attrs, kDestroyed) != 0 || stats(m).health - o.damage <= 0)
          dying.push_back({m, o.controller, o.timestamp, false});
      }
      for (ObjectId w : in(ZoneRef::command(p.id))) {
        const GameObject& o = game_.object(w);
        if (attr_of(o.attrs, kDestroyed) != 0 || stats(w).health - o.damage <= 0)
          dying.push_back({w, o.controller, o.timestamp, true});
      }
    }
    if (dying.empty()) break;
    // In the order they entered play.
    std::sort(dying.begin(), dying.end(), [](const Death& a, const Death& b) { return a.timestamp < b.timestamp; });
    BoardPlaces places(*this);
    std::vector<ObjectId> moved;
    std::optional<KeepHealth> keep(std::in_place, *this);
    for (const Death& d : dying) {
      std::size_t pos = 0;
      if (!d.weapon) {
        const auto& board = in(ZoneRef::battlefield(d.controller));
        pos = static_cast<std::size_t>(std::find(board.begin(), board.end(), d.id) - board.begin());
      }
      drop_effects_on(game_, target_of(game_, d.id));
      j.move_object(d.id, ZoneRef::graveyard(game_.object(d.id).owner));
      j.set_controller(d.id, d.controller);
      j.set_attr(d.id, kBoardPos, d.weapon ? 0 : static_cast<std::int64_t>(pos) + 1);
      j.set_attr(d.id, kDiedTurn, game_.state().turn.number);
      if (!d.weapon) j.set_attr(d.id, kBorn, d.timestamp);
      j.set_attr(d.id, kDestroyed, 0);
      moved.push_back(d.id);
    }
    keep.reset();  // their auras are gone: survivors keep their health
    // Each counts among the dead (dead_minions: in_graveyard, resurrections) once its own
    // deathrattle has run, as Hearthbreaker files a minion among the dead after its deathrattle:
    // Feugen and Stalagg dying together summon one Thaddius, the second's deathrattle finding
    // the first.
    dying_.insert(dying_.end(), moved.begin(), moved.end());
    for (std::size_t i = 0; i < dying.size(); ++i) {
      const Death& d = dying[i];
      const ObjectId dead = moved[i];
      // Told before its deathrattle runs: what that summons comes after it in a log.
      tell(ZoneChangeEvent{
          {},
          dead,
          d.weapon ? ZoneRef::command(d.controller) : ZoneRef::battlefield(d.controller),
          game_.object(dead).zone,
          d.weapon ? Cause::destroy : Cause::none,
          ObjectId{},
          d.controller});
      // Where it stood among what is on the board now: the other minions of this round are gone
      // and earlier deathrattles may have summoned.
      if (!d.weapon)
        j.set_attr(dead, kBoardPos, static_cast<std::int64_t>(places.now(d.id, d.controller)) + 1);
      // By value: a deathrattle that summons grows the object list, which moves every object.
      const CardId card = game_.object(dead).card;
      const tags::CardScript& s = object_script(dead);
      // A secret its deathrattle puts into play (Mad Scientist's) waits until this death has
      // been told: Hearthbreaker's ApplySecret activates it after the death, so Duplicate does
      // not copy the Mad Scientist that brought it.
      const std::size_t inert_from = inert_secrets_.size();
      std::vector<ObjectId> secrets_before;
      const bool rattles =
          !s.deathrattle.empty() && attr_of(game_.object(dead).attrs, kSilenced) == 0;
      if (rattles) {
        for (const Player& pl : game_.state().players)
          for (ObjectId id : secrets(pl.id)) secrets_before.push_back(id);
        // A minion's twice with Baron Rivendare, whose aura is on the player (the hero's stats);
        // a weapon's once ("Your minions' Deathrattles trigger twice": Hearthbreaker's
        // Weapon.destroy runs it once, only Minion.die twice).
        int times = 1;
        if (!d.weapon) {
          if (hero_stats(d.controller).has(tags::kDoubleDeathrattle)) times = 2;
          for (ObjectId m : minions(d.controller))
            if (stats(m).has(tags::kDoubleDeathrattle)) times = 2;
        }
        for (int k = 0; k < times; ++k) run_tags(*this, s.deathrattle, dead, card, d.controller, Target{}, false);
      }
      std::erase(dying_, dead);
      if (rattles)
        for (const Player& pl : game_.state().players)
          for (ObjectId id : secrets(pl.id))
            if (std::find(secrets_before.begin(), secrets_before.end(), id) == secrets_before.end())
              inert_secrets_.push_back(id);
      if (d.weapon)
        fire({ev::weapon_destroyed, d.controller, target_of(game_, dead), Target{}, 0});
      else
        fire({ev::minion_died, d.controller, target_of(game_, dead), Target{}, 0});
      inert_secrets_.resize(inert_from);
      if (!d.weapon) places.arrived_with(d.id, d.controller);
    }
  }
  // Heroes: both dead at once is a draw.
  const GameState& st = game_.state();
  if (st.over) return;
  const auto dead = [this](const Player& p) { return is_dead(Target::of(p.id)); };
  bool any = false;
  for (const Player& p : st.players) any = any || dead(p);
  if (!any) return;
  bool all = true;
  for (const Player& p : st.players) all = all && dead(p);
  for (const Player& p : st.players)
    j.set_outcome(p.id, all ? Outcome::drew : dead(p) ? Outcome::lost : Outcome::won);
  j.set_over(true);
}

}  // namespace anvil::rules_hearth
