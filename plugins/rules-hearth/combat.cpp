// Attacks: who may attack, what they may attack (taunt, stealth), and the simultaneous damage
// of one attack, with the weapon losing durability when a hero attacks.
#include "hearth.hpp"

namespace anvil::rules_hearth {

namespace {

int attacks_allowed(HearthWorld& w, const Target& t) {
  if (w.has(t, tags::kMegaWindfury)) return 4;
  if (w.has(t, tags::kWindfury)) return 2;
  return 1;
}

std::int64_t attacks_made(const Game& g, const Target& t) {
  return t.is_player() ? g.state().player(t.player).attrs.get(kAttacks)
                       : g.object(t.object.id).attrs.get(kAttacks);
}

}  // namespace

// Why `attacker` may not attack now; empty if it may.
std::string attack_refusal(HearthWorld& w, const Target& attacker) {
  const Game& game = w.game();
  const PlayerId p = w.controller(attacker);
  if (game.state().turn.active != p) return "it is not your turn";
  if (attacker.is_object()) {
    if (!game.state().is_current(attacker.object) || !w.is_minion_on_board(attacker.object.id))
      return "it is not on the board";
    if (game.object(attacker.object.id).summoning_sick && !w.has(attacker, tags::kCharge))
      return "it has summoning sickness";
  }
  if (w.has(attacker, tags::kFrozen)) return "it is frozen";
  if (w.has(attacker, tags::kCantAttack)) return "it can't attack";
  if (w.attack_of(attacker) <= 0) return "it has no attack";
  if (attacks_made(game, attacker) >= attacks_allowed(w, attacker)) return "it already attacked this turn";
  return {};
}

bool can_attack(HearthWorld& w, const Target& attacker) { return attack_refusal(w, attacker).empty(); }

std::vector<Target> attack_targets(HearthWorld& w, PlayerId p) {
  const Game& game = w.game();
  const PlayerId enemy = other(p);
  std::vector<Target> all{Target::of(enemy)}, taunts;
  for (ObjectId m : w.minions(enemy)) {
    const Target t = Target::of(game.object(m).ref());
    if (w.has(t, tags::kStealth)) continue;  // stealthed minions cannot be attacked
    all.push_back(t);
    if (w.has(t, tags::kTaunt)) taunts.push_back(t);
  }
  return taunts.empty() ? all : taunts;
}

void attack(Game& game, const Target& attacker, Target defender) {
  HearthWorld w(game);
  Journal& j = game.journal();
  const PlayerId p = w.controller(attacker);
  if (attacker.is_object()) {
    const ObjectId a = attacker.object.id;
    j.set_attr(a, kAttacks, game.object(a).attrs.get(kAttacks) + 1);
    j.set_attr(a, kStealthLost, 1);  // attacking reveals a stealthed minion
  } else {
    j.set_attr(p, kAttacks, game.state().player(p).attrs.get(kAttacks) + 1);
  }
  w.fire({ev::character_attack, p, attacker, defender, 0});
  if (attacker.is_object()) w.fire({ev::attack, p, attacker, defender, 0});
  if (auto to = w.take_redirect()) defender = *to;  // an ogre's change_target
  auto alive = [&](const Target& t) {
    return t.is_player() ? !game.state().over
                         : game.state().is_current(t.object) && w.is_minion_on_board(t.object.id);
  };
  if (alive(attacker) && alive(defender)) {
    // Simultaneous: both amounts are read before either is dealt.
    const std::int32_t dealt = w.attack_of(attacker);
    const std::int32_t back = defender.is_object() ? w.attack_of(defender) : 0;
    const ObjectId a_src = attacker.is_object() ? attacker.object.id : ObjectId{};
    const ObjectId d_src = defender.is_object() ? defender.object.id : ObjectId{};
    w.damage(a_src, p, defender, dealt, false);
    if (alive(attacker)) w.damage(d_src, other(p), attacker, back, false);
    if (attacker.is_player())
      if (auto weapon = w.weapon(p)) j.set_damage(*weapon, game.object(*weapon).damage + 1);
  }
  if (attacker.is_object() && alive(attacker)) w.fire({ev::attack_completed, p, attacker, defender, 0});
  w.resolve_deaths();
}

}  // namespace anvil::rules_hearth
