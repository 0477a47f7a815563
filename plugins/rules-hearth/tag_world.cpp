// What the later tags of the vocabulary need from the hearth game: secrets, cards leaving a hand
// or deck unplayed, a card drawn by choice (Tracking), Faceless Manipulator's copy, Lord
// Jaraxxus's hero, and the reads the card queries make (mana crystals, the hero's class, the card
// drawn last). Kept apart from world.cpp: each is a rule of its own.
//
// A secret is its card in its player's exile zone, face down (the opponent sees that there is
// one, not which), with attr kSecret: the card itself when it was played or taken from the deck,
// a copy when it came from elsewhere (Kezan Mystic). It waits for its event on the opponent's turn,
// is then revealed (face up, to the graveyard), acts, and `secret_revealed` fires.
#include <algorithm>

#include "hearth.hpp"

namespace anvil::rules_hearth {

namespace {

constexpr Symbol kSecretRevealed = "secret_revealed"_sym;
constexpr Symbol kRevealed = "revealed"_sym;  // the kernel's: visible to every player
constexpr std::size_t kMaxSecrets = 5;

}  // namespace

std::int32_t max_life(const Game& game, PlayerId p) {
  const std::int64_t m = game.state().player(p).attrs.get(kMaxLife);
  return m > 0 ? static_cast<std::int32_t>(m) : kStartingHealth;
}

// --- reading ---------------------------------------------------------------------------------

std::int32_t HearthWorld::mana_crystals(PlayerId p) {
  return static_cast<std::int32_t>(game_.state().player(p).attrs.get(kCrystals));
}

Symbol HearthWorld::hero_class(PlayerId p) {
  return Symbol(kClasses[static_cast<std::size_t>(hero_of(game_, p))]);
}

std::optional<CardId> HearthWorld::hero_card(PlayerId p) {
  const std::int64_t card = game_.state().player(p).attrs.get(kHeroCard);
  if (card == 0) return std::nullopt;
  return CardId(static_cast<std::uint32_t>(card - 1));
}

std::optional<ObjectId> HearthWorld::last_drawn(PlayerId p) {
  // A draw in this action: the card it put into the hand, if it is still there.
  if (p.value < std::size(last_draw_) && last_draw_[p.value].seen) {
    const ObjectId card = last_draw_[p.value].card;
    if (!card.valid() || game_.object(card).zone != ZoneRef::hand(p)) return std::nullopt;
    return card;
  }
  // Else Hearthbreaker's rule: the hand's last card, unless the player has drawn from an empty
  // deck.
  if (game_.state().player(p).attrs.get(kFatigue) > 0) return std::nullopt;
  const auto& hand = game_.state().zone(ZoneRef::hand(p)).objects;
  if (hand.empty()) return std::nullopt;
  return hand.back();
}

std::vector<ObjectId> HearthWorld::secrets(PlayerId p) {
  std::vector<ObjectId> out;
  for (ObjectId id : game_.state().zone(ZoneRef::exile(p)).objects)
    if (game_.object(id).attrs.get(kSecret) != 0) out.push_back(id);
  return out;
}

// --- cards -----------------------------------------------------------------------------------

void HearthWorld::transform_card(ObjectId card, CardId into) {
  if (!game_.state().exists(card)) return;
  const ZoneKind z = game_.object(card).zone.kind;
  if (z == ZoneKind::hand || z == ZoneKind::library) game_.journal().set_card(card, into);
}

void HearthWorld::remove_card(ObjectId card, bool discarded) {
  if (!game_.state().exists(card)) return;
  const GameObject& o = game_.object(card);
  if (o.zone.kind != ZoneKind::hand && o.zone.kind != ZoneKind::library) return;
  const PlayerId owner = o.owner;
  if (!discarded) {
    // Out of the game unplayed and unseen (Tracking's other cards, the secret Mad Scientist takes
    // from the deck): face down, so the opponent learns no more than when it was in the deck.
    const ZoneRef from = o.zone;
    game_.journal().move_object(card, ZoneRef::exile(owner));
    game_.journal().set_face_down(card, true);
    tell(ZoneChangeEvent{{}, card, from, ZoneRef::exile(owner), Cause::exile, ObjectId{}, owner});
    removed_ = card;
    return;
  }
  const ZoneRef from = o.zone;
  game_.journal().move_object(card, ZoneRef::graveyard(owner));
  tell(ZoneChangeEvent{
      {}, card, from, ZoneRef::graveyard(owner), Cause::discard, ObjectId{}, owner});
  fire({ev::card_discarded, owner, target_of(game_, card), Target{}, 0});
}

void HearthWorld::draw_card(ObjectId card) {
  if (!game_.state().exists(card) || game_.object(card).zone.kind != ZoneKind::library) return;
  const PlayerId p = game_.object(card).owner;
  Journal& j = game_.journal();
  if (static_cast<int>(game_.state().zone(ZoneRef::hand(p)).objects.size()) >= kMaxHand) {
    j.move_object(card, ZoneRef::graveyard(p));  // overdraw, as a draw
    tell(ZoneChangeEvent{
        {}, card, ZoneRef::library(p), ZoneRef::graveyard(p), Cause::rules, ObjectId{}, p});
    fire({ev::card_destroyed, p, target_of(game_, card), Target{}, 0});
    return;
  }
  j.move_object(card, ZoneRef::hand(p));
  tell(
      ZoneChangeEvent{{}, card, ZoneRef::library(p), ZoneRef::hand(p), Cause::draw, ObjectId{}, p});
  fire({ev::card_drawn, p, target_of(game_, card), Target{}, 0});
  fire({ev::drawn, p, target_of(game_, card), Target{}, 0});
}

std::size_t HearthWorld::choose(PlayerId p, const std::string& prompt, const std::vector<Target>& options) {
  if (options.size() <= 1) return 0;
  Choice c;
  c.kind = ChoiceKind::option;
  c.player = p;
  c.prompt = prompt;
  for (const Target& t : options) c.options.push_back({target_label(game_, t), t, 0});
  const Answer a = game_.ask(c);
  return a.picks.empty() ? 0 : std::min<std::size_t>(a.picks[0], options.size() - 1);
}

// --- minions and heroes ----------------------------------------------------------------------

void HearthWorld::become_copy(ObjectId minion, ObjectId of_id) {
  if (!is_minion_on_board(minion) || !is_minion_on_board(of_id)) return;
  Journal& j = game_.journal();
  const GameObject& from = game_.object(of_id);
  // Told before: the minion still shows what it was; `other` is the minion it copies.
  tell(CustomEvent{
      {}, "copy"_sym, target_of(game_, minion), target_of(game_, of_id), 0, ObjectId{}});
  j.set_card(minion, from.card);
  copy_given(minion, of_id);
  j.set_summoning_sick(minion, true);
}

void HearthWorld::copy_given(ObjectId minion, ObjectId of_id) {
  Journal& j = game_.journal();
  const GameObject& from = game_.object(of_id);
  // What it was is gone: its given buffs, auras and effects.
  const auto& effects = game_.state().effects;
  for (std::size_t i = effects.size(); i-- > 0;)
    if (effects[i].affected.is_object() && effects[i].affected.object.id == minion)
      j.remove_effect(i);
  j.set_damage(minion, from.damage);
  for (Symbol s : {kShieldLost, kStealthLost, kSilenced, kSetHealth, kSetAttack, kFrozen})
    j.set_attr(minion, s, from.attrs.get(s));
  // The copy keeps what was given to the original (buffs, auras, effects), as its own.
  const Target to = target_of(game_, minion);
  std::vector<FloatingEffect> copies;
  for (const FloatingEffect& fe : game_.state().effects)
    if (fe.affected.is_object() && fe.affected.object.id == of_id) copies.push_back(fe);
  for (FloatingEffect fe : copies) {
    fe.affected = to;
    fe.controller = game_.object(minion).controller;
    game_.add_effect(fe);
  }
}

void HearthWorld::replace_hero(PlayerId p, CardId hero, ObjectId from) {
  const tags::CardScript* s = script_of(game_.cards().at(hero));
  if (!s) throw RulesError("replace_hero_with_minion: '" + game_.cards().at(hero).name + "' is not a hearth card");
  Journal& j = game_.journal();
  const std::int32_t max = std::max(1, s->health);
  std::int32_t life = max;
  if (from.valid() && is_minion_on_board(from)) life = health_of(target_of(game_, from));
  j.set_attr(p, kMaxLife, max);
  j.set_attr(p, kHeroCard, static_cast<std::int64_t>(hero.value) + 1);
  j.set_life(p, std::min(life, max));
  // A hero card with a power of its own brings it unused (Hearthbreaker makes a new Power).
  if (s->hero_power) j.set_attr(p, kPowerUsed, 0);
}

// --- secrets ---------------------------------------------------------------------------------

bool HearthWorld::can_apply_secret(CardId secret, PlayerId p) {
  const std::vector<ObjectId> mine = secrets(p);
  if (mine.size() >= kMaxSecrets) return false;
  for (ObjectId id : mine)
    if (game_.object(id).card == secret) return false;  // one copy of each secret
  return true;
}

bool HearthWorld::apply_secret(CardId secret, PlayerId p) {
  if (!can_apply_secret(secret, p)) return false;
  // The card itself when it has just been put face down in p's exile (a secret spell played,
  // the one Mad Scientist took from the deck): the opponent never sees which it is. Otherwise
  // (Kezan Mystic's, taken from the opponent) a copy.
  const auto& exile = game_.state().zone(ZoneRef::exile(p)).objects;
  ObjectId id;
  if (!exile.empty()) {
    const GameObject& last = game_.object(exile.back());
    if (last.card == secret && last.owner == p && last.face_down && last.attrs.get(kSecret) == 0)
      id = last.id;
  }
  const bool copied = !id.valid(), from_deck = id.valid() && id == removed_;
  if (copied) id = game_.add_card(secret, p, ZoneRef::exile(p));
  game_.journal().set_face_down(id, true);
  // A secret taken from the opponent is no secret to them: they saw which of theirs it was (as
  // Hearthstone shows the card crossing over). Both players see it; it waits face down all the
  // same, and a determinized game keeps it what it is.
  if (copied) game_.journal().set_attr(id, kRevealed, 1);
  game_.journal().set_attr(id, kSecret, 1);
  // A secret cast was told cast; one put into play from the deck (Mad Scientist's) or copied
  // (Kezan Mystic's) is told here.
  if (copied || from_deck)
    tell(CustomEvent{{}, "secret_set"_sym, target_of(game_, id), Target::of(p), 0, ObjectId{}});
  return true;
}

void HearthWorld::remove_secret(ObjectId secret) {
  if (!game_.state().exists(secret) || game_.object(secret).attrs.get(kSecret) == 0) return;
  Journal& j = game_.journal();
  j.set_attr(secret, kSecret, 0);
  j.set_face_down(secret, false);
  j.move_object(secret, ZoneRef::graveyard(game_.object(secret).owner));
}

namespace {
// Whether the attacker of an attack event is still in the fight: a minion on the board, or a
// hero, not killed by what the attack set off.
bool still_attacking(HearthWorld& w, const Target& attacker) {
  if (attacker.is_object() &&
      !(w.game().state().is_current(attacker.object) && w.is_minion_on_board(attacker.object.id)))
    return false;
  return !w.is_dead(attacker);
}
}  // namespace

void fire_secrets(HearthWorld& w, const tags::TagEvent& e) {
  Game& game = w.game();
  if (game.state().over) return;
  const bool attack_event = e.name == ev::character_attack || e.name == ev::attack;
  const PlayerId active = game.state().turn.active;
  for (const Player& pl : game.state().players) {
    if (pl.id == active) continue;  // a secret springs on the opponent's turn only
    // Every event comes here: most games have no secret, so look before making a list.
    const auto& exile = w.in(ZoneRef::exile(pl.id));
    if (std::none_of(exile.begin(), exile.end(), [&](ObjectId id) { return attr_of(game.object(id).attrs, kSecret) != 0; }))
      continue;
    const std::vector<ObjectId> waiting = w.secrets(pl.id);
    for (ObjectId id : waiting) {
      if (game.state().over) return;
      // An attacker that an earlier secret killed (Explosive Trap, Vaporize) sets off no more:
      // Hearthbreaker's attack secrets each test attacker.removed, as Hearthstone has it.
      if (attack_event && !still_attacking(w, e.subject)) return;
      if (!game.state().exists(id) || game.object(id).attrs.get(kSecret) == 0 || w.secret_inert(id))
        continue;
      const tags::CardScript& s = w.object_script(id);
      if (!s.secret) continue;
      tags::Ctx c = w.ctx_for(id, pl.id);
      c.target = s.secret->event.player_event || e.other.kind == Target::Kind::none ? e.subject : e.other;
      c.event = &e;
      if (!s.secret->event.matches(c, e)) continue;
      // Revealed before it acts, so that what it causes cannot spring it again.
      Journal& j = game.journal();
      j.set_attr(id, kSecret, 0);
      j.set_face_down(id, false);
      j.set_attr(id, kRevealed, 1);
      j.move_object(id, ZoneRef::graveyard(pl.id));
      // Told revealed, before what it does.
      w.tell(CustomEvent{{}, "secret"_sym, target_of(game, id), Target::of(pl.id), 0, ObjectId{}});
      c.spell = true;  // a secret is a spell: its damage gets spell damage (Snipe: 4 + 1)
      s.secret->run(c);
      w.fire({kSecretRevealed, pl.id, target_of(game, id), e.subject, 0});
    }
  }
}

std::string secret_refusal(const Game& game, PlayerId p, ObjectId card) {
  const tags::CardScript* s = script_of(game.cards().at(game.object(card).card));
  if (!s || !s->secret) return {};
  std::size_t count = 0;
  for (ObjectId id : game.state().zone(ZoneRef::exile(p)).objects) {
    const GameObject& o = game.object(id);
    if (o.attrs.get(kSecret) == 0) continue;
    if (o.card == game.object(card).card) return "that secret is already in play";
    ++count;
  }
  if (count >= kMaxSecrets) return "you have 5 secrets in play";
  return {};
}

}  // namespace anvil::rules_hearth
