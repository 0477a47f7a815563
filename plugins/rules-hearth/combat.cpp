// Attacks: who may attack, what they may attack (taunt, stealth), and the simultaneous damage
// of one attack, with the weapon losing durability when a hero attacks.
#include "hearth.hpp"

namespace anvil::rules_hearth {


// Why `attacker` may not attack now, or null if it may: constant texts, so that asking about
// every character while listing legal actions allocates nothing. The attacker's stats are read
// once for all the checks (HearthWorld::has reads the same, plus the frozen attr).
const char* attack_blocker(HearthWorld& w, const Target& attacker) {
  const Game& game = w.game();
  const PlayerId p = w.controller(attacker);
  if (game.state().turn.active != p) return "it is not your turn";
  if (attacker.is_object() &&
      (!game.state().is_current(attacker.object) || !w.is_minion_on_board(attacker.object.id)))
    return "it is not on the board";
  const tags::Stats s = w.stats_of(attacker);
  if (attacker.is_object() && game.object(attacker.object.id).summoning_sick && !s.has(tags::kCharge))
    return "it has summoning sickness";
  const SymbolCounts& attrs =
      attacker.is_player() ? game.state().player(attacker.player).attrs : game.object(attacker.object.id).attrs;
  if (attr_of(attrs, kFrozen) != 0 || s.has(tags::kFrozen)) return "it is frozen";
  // can_attack overrides cant_attack (Argent Watchman, after its player's hero power).
  if (s.has(tags::kCantAttack) && !s.has(tags::kCanAttack)) return "it can't attack";
  if (s.attack <= 0) return "it has no attack";
  if (attr_of(attrs, kAttacks) >= attacks_allowed(s)) return "it already attacked this turn";
  return nullptr;
}

int attacks_allowed(const tags::Stats& s) {
  return s.has(tags::kMegaWindfury) ? 4 : s.has(tags::kWindfury) ? 2 : 1;
}

bool exhausted(HearthWorld& w, const Target& character) {
  const Game& game = w.game();
  const tags::Stats s = w.stats_of(character);
  if (character.is_object() && game.object(character.object.id).summoning_sick &&
      !s.has(tags::kCharge))
    return true;
  const SymbolCounts& attrs = character.is_player() ? game.state().player(character.player).attrs
                                                    : game.object(character.object.id).attrs;
  return attr_of(attrs, kAttacks) >= attacks_allowed(s);
}

std::string attack_refusal(HearthWorld& w, const Target& attacker) {
  const char* why = attack_blocker(w, attacker);
  return why ? why : std::string();
}

bool can_attack(HearthWorld& w, const Target& attacker) { return attack_blocker(w, attacker) == nullptr; }

void attack_targets(HearthWorld& w, PlayerId p, std::vector<Target>& out) {
  const Game& game = w.game();
  const PlayerId enemy = other(p);
  out.clear();
  out.reserve(kMaxBoard + 1);  // the hero and a full board: one allocation
  out.push_back(Target::of(enemy));
  bool taunt = false;
  for (ObjectId m : w.in(ZoneRef::battlefield(enemy))) {
    const Target t = Target::of(game.object(m).ref());
    if (w.has(t, tags::kStealth)) continue;  // stealthed minions cannot be attacked
    taunt = taunt || w.has(t, tags::kTaunt);
    out.push_back(t);
  }
  if (!taunt) return;
  // A minion with taunt is in the way: only those may be attacked.
  std::size_t kept = 0;
  for (std::size_t i = 1; i < out.size(); ++i)
    if (w.has(out[i], tags::kTaunt)) out[kept++] = out[i];
  out.resize(kept);
}

std::vector<Target> attack_targets(HearthWorld& w, PlayerId p) {
  std::vector<Target> out;
  attack_targets(w, p, out);
  return out;
}

void attack(Game& game, const Target& attacker, Target defender) {
  HearthWorld w(game);
  attack(w, attacker, defender);
}

void attack(HearthWorld& w, const Target& attacker, Target defender) {
  Game& game = w.game();
  Journal& j = game.journal();
  const PlayerId p = w.controller(attacker);
  if (attacker.is_object()) {
    const ObjectId a = attacker.object.id;
    j.set_attr(a, kAttacks, game.object(a).attrs.get(kAttacks) + 1);
    j.set_attr(a, kStealthLost, 1);  // attacking reveals a stealthed minion
  } else {
    j.set_attr(p, kAttacks, game.state().player(p).attrs.get(kAttacks) + 1);
  }
  if (attacker.is_object())
    w.tell(AttackEvent{{}, attacker.object.id, defender});
  else
    w.tell(CustomEvent{{}, "hero_attack"_sym, attacker, defender, 0, ObjectId{}});
  w.fire({ev::character_attack, p, attacker, defender, 0});
  if (attacker.is_object()) w.fire({ev::attack, p, attacker, defender, 0});
  if (auto to = w.take_redirect()) defender = *to;  // an ogre's change_target
  auto alive = [&](const Target& t) {
    return t.is_player() ? !game.state().over
                         : game.state().is_current(t.object) && w.is_minion_on_board(t.object.id);
  };
  // The fight happens only if both are still in it: an attacker or defender that what the attack
  // set off killed or destroyed (Explosive Trap, Vaporize), though not yet taken off, deals and
  // takes no damage (Hearthbreaker's Character.attack stops there). A hero Explosive Trap brings
  // to 0 does not strike back, and the trap's owner wins.
  const auto fights = [&](const Target& t) { return alive(t) && !w.is_dead(t); };
  if (fights(attacker) && fights(defender)) {
    // Simultaneous: both amounts are read before either is dealt.
    const std::int32_t dealt = w.attack_of(attacker);
    const std::int32_t back = defender.is_object() ? w.attack_of(defender) : 0;
    const ObjectId a_src = attacker.is_object() ? attacker.object.id : ObjectId{};
    const ObjectId d_src = defender.is_object() ? defender.object.id : ObjectId{};
    w.set_combat(true);
    w.damage(a_src, p, defender, dealt, false);
    if (alive(attacker)) w.damage(d_src, other(p), attacker, back, false);
    w.set_combat(false);
    if (attacker.is_player())
      if (auto weapon = w.weapon(p)) j.set_damage(*weapon, game.object(*weapon).damage + 1);
  }
  // A hero's attack completes too (Hearthbreaker's Character.attack): Gorehowl's +1 Attack for
  // the hero lasts until then.
  if (alive(attacker)) w.fire({ev::attack_completed, p, attacker, defender, 0});
  w.resolve_deaths();
}

}  // namespace anvil::rules_hearth
