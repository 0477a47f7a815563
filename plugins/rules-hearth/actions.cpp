// What the active player may do (every play with its targets and board position, every attack,
// the hero power, ending the turn), why not, and doing it.
#include <algorithm>

#include "hearth.hpp"

namespace anvil::rules_hearth {

namespace {

Target ref_of(const Game& g, ObjectId id) { return Target::of(g.object(id).ref()); }

// The tag the player targets when playing `card` now (combo replaces the battlecry once a card
// was played this turn), or null.
const tags::ActionTag* user_tag(const Game& game, PlayerId p, const tags::CardScript& s, std::size_t option) {
  if (option > 0) return s.user_tag(option);
  if (s.kind != tags::CardKind::spell && s.combo && game.state().player(p).attrs.get(kCardsPlayed) > 0)
    return s.combo->targets_user() ? &*s.combo : nullptr;
  return s.user_tag();
}

// Targets a card may be played on. `needed`: it cannot be played without one.
std::vector<Target> play_targets(HearthWorld& w, PlayerId p, ObjectId card, bool& needed, std::size_t option = 0) {
  const Game& game = w.game();
  const tags::CardScript& s = script(game, card);
  const tags::ActionTag* tag = user_tag(game, p, s, option);
  needed = false;
  if (!tag) return {};
  tags::Ctx c = w.ctx_for(card, p);
  if (tag->condition && !tag->condition->holds(c, c.target)) return {};
  std::vector<Target> out;
  for (const Target& t : tag->selector->eligible(c)) {
    if (t.is_object()) {
      // Minions in play and weapons (a `weapon` selector with a user picker) can be targeted.
      const ZoneKind z = game.object(t.object.id).zone.kind;
      if (z != ZoneKind::battlefield && z != ZoneKind::command) continue;
      if (w.controller(t) != p && w.has(t, tags::kStealth)) continue;
      if (s.kind == tags::CardKind::spell && w.has(t, tags::kNoSpellTarget)) continue;
    }
    out.push_back(t);
  }
  needed = s.kind == tags::CardKind::spell;  // a battlecry without a target still plays
  return out;
}

std::string play_refusal(HearthWorld& w, PlayerId p, ObjectId card) {
  const Game& game = w.game();
  if (!game.state().exists(card) || game.object(card).zone != ZoneRef::hand(p)) return "that card is not in your hand";
  const tags::CardScript& s = script(game, card);
  if (w.stats(card).cost > game.state().player(p).attrs.get(kMana)) return "not enough mana";
  if (s.kind == tags::CardKind::minion && static_cast<int>(w.minions(p).size()) >= kMaxBoard) return "the board is full";
  bool needed = false;
  if (play_targets(w, p, card, needed).empty() && needed) return "no legal target";
  return {};
}

// Labels are built into one buffer: they are made for every legal action of every decision.
void append_target(std::string& out, const Game& game, const Target& t) {
  if (t.is_player()) {
    out += "player ";
    out += static_cast<char>('0' + t.player.value % 10);
    return;
  }
  out += t.is_object() && game.state().exists(t.object.id) ? game.card(t.object.id).name : std::string_view("nothing");
}

std::string label_of(const Game& game, const LegalAction& a) {
  std::string l;
  l.reserve(64);
  switch (a.kind) {
    case LegalAction::Kind::cast: {
      const tags::CardScript& s = script(game, a.object);
      l += "Play ";
      l += game.card(a.object).name;
      if (a.ability > 0) {
        l += " (";
        l += s.choices.at(a.ability - 1).name;
        l += ')';
      }
      if (s.kind == tags::CardKind::minion) {
        l += " at ";
        l += std::to_string(a.value);
      }
      if (!a.targets.empty()) {
        l += " targeting ";
        append_target(l, game, a.targets[0]);
      }
      return l;
    }
    case LegalAction::Kind::attack:
      l += "Attack with ";
      l += a.object.valid() ? std::string_view(game.card(a.object).name) : std::string_view("your hero");
      l += " \xE2\x86\x92 ";
      append_target(l, game, a.targets.at(0));
      return l;
    case LegalAction::Kind::hero_power:
      l += "Hero power";
      if (!a.targets.empty()) {
        l += " targeting ";
        append_target(l, game, a.targets[0]);
      }
      return l;
    default:
      return "End turn";
  }
}

void add(const Game& game, std::vector<LegalAction>& out, LegalAction a) {
  a.label = label_of(game, a);
  out.push_back(std::move(a));
}

}  // namespace

std::vector<LegalAction> list_actions(const Game& game, PlayerId p) {
  std::vector<LegalAction> out;
  const GameState& st = game.state();
  if (st.over || st.turn.active != p || st.turn.step != kMain) return out;
  HearthWorld w(game);
  const std::size_t board = w.minions(p).size();
  for (ObjectId card : st.zone(ZoneRef::hand(p)).objects) {
    if (!play_refusal(w, p, card).empty()) continue;
    const tags::CardScript& s = script(game, card);
    // Choose One: each option is its own play (LegalAction::ability = option, 1-based).
    const std::size_t options = s.choices.size();
    for (std::size_t option = options ? 1 : 0; option <= options; ++option) {
      bool needed = false;
      std::vector<Target> targets = play_targets(w, p, card, needed, option);
      if (targets.empty() && needed) continue;
      if (targets.empty()) targets.push_back(Target{});
      const bool minion = s.kind == tags::CardKind::minion;
      for (std::size_t pos = 0; pos <= (minion ? board : 0); ++pos)
        for (const Target& t : targets) {
          LegalAction a{LegalAction::Kind::cast, card, static_cast<std::uint16_t>(option), {},
                        static_cast<std::int64_t>(pos), {}};
          if (t.kind != Target::Kind::none) a.targets.push_back(t);
          add(game, out, std::move(a));
        }
    }
  }
  std::vector<Target> attackers;
  for (ObjectId m : w.minions(p)) attackers.push_back(ref_of(game, m));
  attackers.push_back(Target::of(p));
  for (const Target& a : attackers) {
    if (!can_attack(w, a)) continue;
    for (const Target& d : attack_targets(w, p))
      add(game, out, {LegalAction::Kind::attack, a.is_object() ? a.object.id : ObjectId{}, 0, {d}, 0, {}});
  }
  if (power_refusal(game, p).empty()) {
    if (power_targets(hero_of(game, p))) {
      for (const Target& t : power_targets_of(w, p)) add(game, out, {LegalAction::Kind::hero_power, ObjectId{}, 0, {t}, 0, {}});
    } else {
      add(game, out, {LegalAction::Kind::hero_power, ObjectId{}, 0, {}, 0, {}});
    }
  }
  add(game, out, {LegalAction::Kind::end_turn, ObjectId{}, 0, {}, 0, {}});
  return out;
}

std::string refusal(const Game& game, PlayerId p, const LegalAction& a) {
  const GameState& st = game.state();
  if (st.over) return "the game is over";
  if (st.turn.active != p) return "it is not your turn";
  if (st.turn.step != kMain) return "the game has not started";
  auto same = [&](const LegalAction& l) {
    return l.kind == a.kind && l.object == a.object && l.targets == a.targets &&
           (a.kind != LegalAction::Kind::cast || (l.value == a.value && l.ability == a.ability));
  };
  const auto legal = list_actions(game, p);
  if (std::any_of(legal.begin(), legal.end(), same)) return {};
  switch (a.kind) {
    case LegalAction::Kind::end_turn:
      return {};
    case LegalAction::Kind::cast: {
      HearthWorld w(game);
      if (std::string r = play_refusal(w, p, a.object); !r.empty()) return r;
      if (a.value < 0 || a.value > static_cast<std::int64_t>(HearthWorld(game).minions(p).size()))
        return "no such board position";
      return a.targets.empty() ? "it needs a target" : target_label(game, a.targets[0]) + " is not a legal target";
    }
    case LegalAction::Kind::attack: {
      const Target attacker = a.object.valid() ? ref_of(game, a.object) : Target::of(p);
      HearthWorld w(game);
      if (std::string r = attack_refusal(w, attacker); !r.empty()) return r;
      if (a.targets.empty()) return "an attack needs a target";
      const auto ok = attack_targets(w, p);
      if (std::find(ok.begin(), ok.end(), a.targets[0]) == ok.end()) {
        if (a.targets[0].is_object() && w.has(a.targets[0], tags::kStealth)) return "it has stealth";
        if (a.targets[0].is_object() && w.controller(a.targets[0]) == p) return "you cannot attack your own minion";
        return "a minion with taunt is in the way";
      }
      return "it cannot attack that";
    }
    case LegalAction::Kind::hero_power:
      if (std::string r = power_refusal(game, p); !r.empty()) return r;
      return "not a legal target for the hero power";
    default:
      return "the hearth rules have no such action";
  }
}

// What runs as a minion or weapon is played: the chosen option, the combo, or the battlecry.
std::vector<tags::ActionTag> battlecry_of(const tags::CardScript& s, bool combo, std::size_t option) {
  if (option > 0) return {s.choices.at(option - 1).tag};
  if (combo && s.combo) return {*s.combo};
  return s.battlecry;
}

void play_card(Game& game, PlayerId p, ObjectId card, const Target& chosen, std::size_t position,
               std::size_t option) {
  HearthWorld w(game);
  Journal& j = game.journal();
  const tags::CardScript& s = script(game, card);
  const CardId card_id = game.object(card).card;
  const bool combo = game.state().player(p).attrs.get(kCardsPlayed) > 0;
  j.set_attr(p, kMana, game.state().player(p).attrs.get(kMana) - w.stats(card).cost);
  j.set_attr(p, kOverloadNext, game.state().player(p).attrs.get(kOverloadNext) + s.overload);
  j.set_attr(p, kCardsPlayed, game.state().player(p).attrs.get(kCardsPlayed) + 1);
  ObjectId object = card;
  if (s.kind != tags::CardKind::minion) w.fire({ev::card_played, p, ref_of(game, card), chosen, 0});
  switch (s.kind) {
    case tags::CardKind::minion: {
      // Placed before card_played fires, so that what that summons finds the board as it is.
      object = w.place_minion(card, p, position);
      const Target m = ref_of(game, object);
      w.fire({ev::card_played, p, m, chosen, 0});
      w.fire({ev::minion_placed, p, m, Target{}, 0});
      run_tags(w, battlecry_of(s, combo, option), object, card_id, p, chosen, false);
      if (game.state().is_current(m.object) && w.is_minion_on_board(object)) {
        w.fire({ev::minion_summoned, p, m, Target{}, 0});
        w.fire({ev::after_added, p, m, Target{}, 0});
      }
      break;
    }
    case tags::CardKind::spell:
      j.move_object(card, ZoneRef::graveyard(p));
      object = card;
      w.fire({ev::spell_cast, p, ref_of(game, card), chosen, 0});
      run_tags(w, option > 0 ? std::vector<tags::ActionTag>{s.choices.at(option - 1).tag} : s.play, object, card_id,
               p, chosen, true);
      break;
    case tags::CardKind::weapon:
      if (auto old = w.weapon(p)) j.set_attr(*old, kDestroyed, 1);
      w.resolve_deaths();
      j.move_object(card, ZoneRef::command(p));
      run_tags(w, battlecry_of(s, combo, option), card, card_id, p, chosen, false);
      break;
  }
  w.fire({ev::card_used, p, ref_of(game, object), chosen, 0});
  w.resolve_deaths();
}

void perform(Game& game, const LegalAction& a) {
  const PlayerId p = game.state().turn.active;
  const Target chosen = a.targets.empty() ? Target{} : a.targets[0];
  switch (a.kind) {
    case LegalAction::Kind::cast:
      play_card(game, p, a.object, chosen, static_cast<std::size_t>(a.value), a.ability);
      break;
    case LegalAction::Kind::attack:
      attack(game, a.object.valid() ? ref_of(game, a.object) : Target::of(p), chosen);
      break;
    case LegalAction::Kind::hero_power:
      use_power(game, p, chosen);
      break;
    case LegalAction::Kind::end_turn:
      end_turn(game);
      break;
    default:
      throw RulesError("the hearth rules have no such action");
  }
}

}  // namespace anvil::rules_hearth
