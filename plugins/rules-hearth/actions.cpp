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

// Both heroes and two full boards: every target there can be.
constexpr std::size_t kTargetsAtMost = 2 * (kMaxBoard + 1);

// Targets a card may be played on, into `out` (cleared first). `needed`: it cannot be played
// without one.
void play_targets(HearthWorld& w, PlayerId p, ObjectId card, std::vector<Target>& out, bool& needed,
                  std::size_t option = 0) {
  const Game& game = w.game();
  const tags::CardScript& s = w.object_script(card);
  const tags::ActionTag* tag = user_tag(game, p, s, option);
  out.clear();
  needed = false;
  if (!tag) return;
  tags::Ctx c = w.ctx_for(card, p);
  if (tag->condition && !tag->condition->holds(c, c.target)) return;
  // tags::Selector::eligible, filtered further as it goes: the candidates that pass the
  // selector's condition, in order.
  const tags::Selector& sel = *tag->selector;
  out.reserve(kTargetsAtMost);  // once per list (grown from empty, a few allocations)
  sel.candidates(c, out);
  std::size_t kept = 0;
  for (std::size_t i = 0; i < out.size(); ++i) {
    const Target t = out[i];
    if (sel.condition && !sel.condition->holds(c, t)) continue;
    if (t.is_object()) {
      // Minions in play and weapons (a `weapon` selector with a user picker) can be targeted.
      const ZoneKind z = game.object(t.object.id).zone.kind;
      if (z != ZoneKind::battlefield && z != ZoneKind::command) continue;
      if (w.controller(t) != p && w.has(t, tags::kStealth)) continue;
      if (s.kind == tags::CardKind::spell && w.has(t, tags::kNoSpellTarget)) continue;
    }
    out[kept++] = t;
  }
  out.resize(kept);
  needed = s.kind == tags::CardKind::spell;  // a battlecry without a target still plays
}

// Why `p` cannot play `card` now, or empty. When empty, `targets` and `needed` are what
// play_targets found for it (no Choose One option).
std::string play_refusal(HearthWorld& w, PlayerId p, ObjectId card, std::vector<Target>& targets, bool& needed) {
  const Game& game = w.game();
  if (!game.state().exists(card) || game.object(card).zone != ZoneRef::hand(p)) return "that card is not in your hand";
  const tags::CardScript& s = w.object_script(card);
  if (w.stats(card).cost > attr_of(game.state().player(p).attrs, kMana)) return "not enough mana";
  // Free places it needs: a minion its own, and what its play_requirements say.
  const int places =
      std::max(s.kind == tags::CardKind::minion ? 1 : 0, s.play_requirements.minion_slots);
  if (places > 0 && static_cast<int>(w.in(ZoneRef::battlefield(p)).size()) + places > kMaxBoard)
    return "the board is full";
  if (s.play_requirements.weapon_equipped && !w.weapon(p)) return "it needs a weapon equipped";
  if (s.play_requirements.minimum_enemy_minions > 0 &&
      static_cast<int>(w.minions(other(p)).size()) < s.play_requirements.minimum_enemy_minions)
    return "it needs " + std::to_string(s.play_requirements.minimum_enemy_minions) +
           " enemy minions";
  if (std::string r = secret_refusal(game, p, card); !r.empty()) return r;
  play_targets(w, p, card, targets, needed);
  if (targets.empty() && needed) return "no legal target";
  return {};
}

std::string play_refusal(HearthWorld& w, PlayerId p, ObjectId card) {
  std::vector<Target> targets;
  bool needed = false;
  return play_refusal(w, p, card, targets, needed);
}

// A minion or weapon in play by name, numbered when its zone holds others of its card ("Murloc
// Raider #2", from the left), so that a person or a search agent (which keys moves by label)
// tells two namesakes apart. Labels are built into one buffer, only for agents that read them.
void append_object(std::string& out, const Game& game, ObjectId id) {
  const GameObject& o = game.object(id);
  out += game.card(id).name;
  if (o.zone.kind != ZoneKind::battlefield && o.zone.kind != ZoneKind::command) return;
  if (const NamesakePlace at = namesake_place(game.state(), id); at.count > 1) {
    out += " #";
    out += std::to_string(at.position);
  }
}

void append_target(std::string& out, const Game& game, const Target& t) {
  if (t.is_player()) {
    out += "player ";
    out += static_cast<char>('0' + t.player.value % 10);
    return;
  }
  if (t.is_object() && game.state().exists(t.object.id))
    append_object(out, game, t.object.id);
  else
    out += "nothing";
}

bool same_targets(const Move& m, const std::vector<Target>& targets) {
  return m.target.kind == Target::Kind::none ? targets.empty() : targets.size() == 1 && targets[0] == m.target;
}

}  // namespace

void append_label(std::string& l, const Game& game, const Move& m) {
  switch (m.kind) {
    case LegalAction::Kind::cast: {
      const CardDef& card = game.card(m.object);
      const tags::CardScript& s = script(game, m.object);
      l += "Play ";
      l += card.name;
      if (m.ability > 0) {
        l += " (";
        l += s.choices.at(m.ability - 1).name;
        l += ')';
      }
      if (s.kind == tags::CardKind::minion) {
        l += " at ";
        if (m.value >= 0 && m.value < 10)
          l += static_cast<char>('0' + m.value);  // a board position: one digit
        else
          l += std::to_string(m.value);
      }
      if (m.target.kind != Target::Kind::none) {
        l += " targeting ";
        append_target(l, game, m.target);
      }
      return;
    }
    case LegalAction::Kind::attack:
      l += "Attack with ";
      if (m.object.valid())
        append_object(l, game, m.object);
      else
        l += "your hero";
      l += " \xE2\x86\x92 ";
      append_target(l, game, m.target);
      return;
    case LegalAction::Kind::hero_power:
      l += "Hero power";
      if (const auto* power = card_power(game, game.state().turn.active)) {  // its turn
        l += " (";
        l += power->name;
        l += ")";
      }
      if (m.target.kind != Target::Kind::none) {
        l += " targeting ";
        append_target(l, game, m.target);
      }
      return;
    default:
      l += "End turn";
  }
}

std::string label_of(const Game& game, const Move& m) {
  std::string l;
  append_label(l, game, m);
  return l;
}

void list_moves(const Game& game, PlayerId p, std::vector<Move>& out) {
  HearthWorld w(game);
  list_moves(w, p, out);
}

void list_moves(HearthWorld& w, PlayerId p, std::vector<Move>& out) {
  const Game& game = w.game();
  const GameState& st = game.state();
  if (st.over || st.turn.active != p || st.turn.step != kMain) return;
  const std::vector<ObjectId>& minions = w.in(ZoneRef::battlefield(p));
  const std::size_t board = minions.size();
  std::vector<Target> targets;
  for (ObjectId card : w.in(ZoneRef::hand(p))) {
    bool needed = false;
    if (!play_refusal(w, p, card, targets, needed).empty()) continue;
    const tags::CardScript& s = w.object_script(card);
    // Choose One: each option is its own play (Move::ability = option, 1-based).
    const std::size_t options = s.choices.size();
    for (std::size_t option = options ? 1 : 0; option <= options; ++option) {
      if (option > 0) play_targets(w, p, card, targets, needed, option);  // option 0: the refusal's
      if (targets.empty() && needed) continue;
      const bool minion = s.kind == tags::CardKind::minion;
      for (std::size_t pos = 0; pos <= (minion ? board : 0); ++pos) {
        const auto value = static_cast<std::int64_t>(pos);
        const auto ability = static_cast<std::uint16_t>(option);
        if (targets.empty()) out.push_back({LegalAction::Kind::cast, card, ability, Target{}, value});
        for (const Target& t : targets) out.push_back({LegalAction::Kind::cast, card, ability, t, value});
      }
    }
  }
  // What may be attacked is the same for every attacker: listed once, when one can attack.
  std::vector<Target> defenders;
  bool listed = false;
  auto attacks = [&](const Target& a, ObjectId attacker) {
    if (!can_attack(w, a)) return;
    if (!listed) attack_targets(w, p, defenders), listed = true;
    for (const Target& d : defenders) out.push_back({LegalAction::Kind::attack, attacker, 0, d, 0});
  };
  for (ObjectId m : minions) attacks(Target::of(game.object(m).ref()), m);
  attacks(Target::of(p), ObjectId{});
  if (!power_blocker(game, p)) {
    if (power_needs_target(w, p)) {
      for (const Target& t : power_targets_of(w, p)) out.push_back({LegalAction::Kind::hero_power, ObjectId{}, 0, t, 0});
    } else {
      out.push_back({LegalAction::Kind::hero_power, ObjectId{}, 0, Target{}, 0});
    }
  }
  out.push_back({LegalAction::Kind::end_turn, ObjectId{}, 0, Target{}, 0});
}

std::vector<LegalAction> list_actions(const Game& game, PlayerId p) {
  std::vector<Move> moves;
  moves.reserve(64);
  list_moves(game, p, moves);
  std::vector<LegalAction> out;
  out.reserve(moves.size());
  for (const Move& m : moves) {
    LegalAction a{m.kind, m.object, m.ability, {}, m.value, label_of(game, m)};
    if (m.target.kind != Target::Kind::none) a.targets.push_back(m.target);
    out.push_back(std::move(a));
  }
  return out;
}

std::string refusal(const Game& game, PlayerId p, const LegalAction& a) {
  const GameState& st = game.state();
  if (st.over) return "the game is over";
  if (st.turn.active != p) return "it is not your turn";
  if (st.turn.step != kMain) return "the game has not started";
  auto same = [&](const Move& m) {
    return m.kind == a.kind && m.object == a.object && same_targets(m, a.targets) &&
           (a.kind != LegalAction::Kind::cast || (m.value == a.value && m.ability == a.ability));
  };
  std::vector<Move> legal;
  list_moves(game, p, legal);
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
// `one` holds a single tag when it is not one of the script's lists (no copy of those).
const std::vector<tags::ActionTag>& battlecry_of(const tags::CardScript& s, bool combo, std::size_t option,
                                                 std::vector<tags::ActionTag>& one) {
  if (option > 0) return one = {s.choices.at(option - 1).tag};
  if (combo && s.combo) return one = {*s.combo};
  return s.battlecry;
}

namespace {

// Buffs the card was given in the hand stay with the minion it becomes: Hearthbreaker's
// MinionCard gives the minion it plays the card's attack change (Bolvar Fordragon's +1 per
// friendly death), and a minion's card keeps its cost buffs. Other given tags stay behind.
void keep_hand_buffs(Game& game, const ObjectRef& in_hand, const Target& minion) {
  move_given_effects(game, in_hand, minion, std::nullopt, [&game](const FloatingEffect& fe) {
    const tags::GivenTag* g = tags::given_tag(game.cards().at(fe.card), fe.ability);
    return g && g->buff;
  });
}

}  // namespace

void play_card(HearthWorld& w, PlayerId p, ObjectId card, const Target& chosen, std::size_t position,
               std::size_t option) {
  Game& game = w.game();
  Journal& j = game.journal();
  std::vector<tags::ActionTag> one;
  const tags::CardScript& s = w.object_script(card);
  const CardId card_id = game.object(card).card;
  const bool combo = game.state().player(p).attrs.get(kCardsPlayed) > 0;
  j.set_attr(p, kMana, game.state().player(p).attrs.get(kMana) - w.stats(card).cost);
  j.set_attr(p, kOverloadNext, game.state().player(p).attrs.get(kOverloadNext) + s.overload);
  ObjectId object = card;
  // Where it goes is told below, once it is there: a minion to the board, a spell to the
  // graveyard (a secret face down to exile: a card the opponent does not see), a weapon to the
  // hero's command zone.
  const auto told_played = [&](ObjectId played) {
    w.tell(ZoneChangeEvent{
        {}, played, ZoneRef::hand(p), game.object(played).zone, Cause::cast, ObjectId{}, p});
  };
  if (s.kind != tags::CardKind::minion) w.fire({ev::card_played, p, ref_of(game, card), chosen, 0});
  switch (s.kind) {
    case tags::CardKind::minion: {
      // Placed before card_played fires, so that what that summons finds the board as it is.
      const ObjectRef in_hand = game.object(card).ref();
      object = w.place_minion(card, p, position);
      told_played(object);
      w.tell(ZoneChangeEvent{
          {}, object, ZoneRef::hand(p), ZoneRef::battlefield(p), Cause::none, ObjectId{}, p});
      const Target m = ref_of(game, object);
      keep_hand_buffs(game, in_hand, m);
      w.fire_unheard_by(object, {ev::card_played, p, m, chosen, 0});
      w.fire({ev::minion_placed, p, m, Target{}, 0});
      run_tags(w, battlecry_of(s, combo, option, one), object, card_id, p, chosen, false);
      // The battlecry phase ends in a death phase (Hearthstone): what it killed is gone, and its
      // deathrattles have run, before the "after you summon" and "after you play" triggers
      // (a Knife Juggler the battlecry killed throws no knife).
      w.resolve_deaths();
      if (game.state().is_current(m.object) && w.is_minion_on_board(object)) {
        w.fire({ev::minion_summoned, p, m, Target{}, 0});
        w.fire({ev::after_added, p, m, Target{}, 0});
      }
      break;
    }
    case tags::CardKind::spell:
      if (s.secret && option == 0) {
        // A secret waits face down in its player's exile (its play applies it: apply_secret
        // takes this card there), never face up in the graveyard for the opponent to read.
        j.move_object(card, ZoneRef::exile(p));
        j.set_face_down(card, true);
      } else {
        j.move_object(card, ZoneRef::graveyard(p));
      }
      object = card;
      told_played(card);
      w.fire({ev::spell_cast, p, ref_of(game, card), chosen, 0});
      // The minion a spell is aimed at hears it before the spell resolves (Dragonkin Sorcerer
      // grows, then takes the damage), as a "whenever you target" trigger does.
      if (chosen.is_object() && game.state().is_current(chosen.object) &&
          w.is_minion_on_board(chosen.object.id))
        w.fire({ev::spell_targeted, p, chosen, ref_of(game, card), 0});
      if (option > 0) one = {s.choices.at(option - 1).tag};
      run_tags(w, option > 0 ? one : s.play, object, card_id, p, chosen, true);
      if (s.secret && option == 0 && !game.state().over && game.object(card).face_down &&
          game.object(card).attrs.get(kSecret) == 0) {
        // Not applied after all (what the cast set off gave the player this secret, or a fifth
        // one, first): spent, face up to the graveyard as any spell.
        j.set_face_down(card, false);
        j.move_object(card, ZoneRef::graveyard(p));
      }
      // The spell's text phase ends in a death phase (Hearthstone): what it killed is gone, and
      // its deathrattles have run, before the "after you cast a spell" triggers (a Wild
      // Pyromancer the spell killed pings nothing; Haunted Creeper's Spiders take its ping).
      w.resolve_deaths();
      break;
    case tags::CardKind::weapon:
      // Told as it is played, before the weapon it replaces is destroyed (as a player sees it);
      // it reaches the hero once that one is gone.
      w.tell(ZoneChangeEvent{
          {}, card, ZoneRef::hand(p), ZoneRef::command(p), Cause::cast, ObjectId{}, p});
      if (auto old = w.weapon(p)) j.set_attr(*old, kDestroyed, 1);
      w.resolve_deaths();
      j.move_object(card, ZoneRef::command(p));
      run_tags(w, battlecry_of(s, combo, option, one), card, card_id, p, chosen, false);
      w.resolve_deaths();  // the battlecry's death phase, as a minion's
      break;
  }
  w.fire({ev::card_used, p, ref_of(game, object), chosen, 0});
  // Counted once the card is used, as Hearthbreaker counts it: what the card does reads the
  // cards played before it (Edwin VanCleef's +2/+2 for each, combo).
  j.set_attr(p, kCardsPlayed, game.state().player(p).attrs.get(kCardsPlayed) + 1);
  w.resolve_deaths();
}

void perform(HearthWorld& w, const Move& m) {
  Game& game = w.game();
  const PlayerId p = game.state().turn.active;
  const Target chosen = m.target;
  switch (m.kind) {
    case LegalAction::Kind::cast:
      play_card(w, p, m.object, chosen, static_cast<std::size_t>(m.value), m.ability);
      break;
    case LegalAction::Kind::attack:
      attack(w, m.object.valid() ? ref_of(game, m.object) : Target::of(p), chosen);
      break;
    case LegalAction::Kind::hero_power:
      use_power(w, p, chosen);
      break;
    case LegalAction::Kind::end_turn:
      end_turn(w);
      break;
    default:
      throw RulesError("the hearth rules have no such action");
  }
}

}  // namespace anvil::rules_hearth
