#include "judge.hpp"

#include <algorithm>
#include <numeric>

#include "board.hpp"
#include "effects.hpp"

namespace anvil::ai_heuristic {

namespace {

// Whether `p` is dead on board: the other players' creatures, all attacking on their next turn,
// would deal `p` lethal damage even if each creature of `p`'s that can block stopped the one
// dealing the most damage of those it can block (a flier only by a flier or reach). Theirs are
// all untapped by then, and so are `p`'s but in `p`'s own turn, when those tapped now stay so
// through the next. An estimate, read often (views without copies): tricks, new creatures,
// first strike, trample, menace, other evasion and infect are not counted.
bool dead_on_board(const Game& g, PlayerId p) {
  struct Attacker {
    std::int32_t damage;
    bool flying;
  };
  std::vector<Attacker> attackers;
  std::size_t ground = 0, air = 0;  // its blockers without and with flying or reach
  std::int64_t through = 0;
  Characteristics scratch;
  const bool own_turn = g.state().turn.active == p;
  for (const Player& owner : g.state().players)
    for (ObjectId id : g.state().zone(ZoneRef::battlefield(owner.id)).objects) {
      const GameObject& o = g.object(id);
      const Characteristics& c = g.view(id, scratch);
      if (!c.has_type(kCreature)) continue;
      if (o.controller != p) {
        if (const std::int32_t d = attack_reach(o, c); d > 0) {
          attackers.push_back({d, c.has_keyword(kFlying)});
          through += d;
        }
      } else if (!(own_turn && o.tapped) && !c.has_keyword(kCantBlock) && !dies(o, c)) {
        ++(c.has_keyword(kFlying) || c.has_keyword(kReach) ? air : ground);
      }
    }
  if (through < g.state().player(p).life) return false;
  std::sort(attackers.begin(), attackers.end(),
            [](const Attacker& a, const Attacker& b) { return a.damage > b.damage; });
  for (const Attacker& a : attackers) {
    std::size_t& blocker = a.flying || ground == 0 ? air : ground;
    if (blocker == 0) continue;
    --blocker;
    through -= a.damage;
  }
  return through >= g.state().player(p).life;
}

// What a point of the agent's life is worth with `life` left: more the lower it is, and three
// times more within reach of the opponent's creatures (`their_power`: those the effect leaves).
double life_weight(std::int32_t life, std::int64_t their_power) {
  const double w = 0.5 + 10.0 / std::max(life, 1);
  return life <= their_power ? 3.0 * w : w;
}

}  // namespace

// Every permanent is viewed once: the view says whether it is a creature and what it is worth.
void snapshot(const Game& g, Before& b) {
  b.life.clear();
  b.dead_on_board.clear();
  b.reach.assign(g.state().players.size(), 0);
  b.hand.clear();
  b.creatures.clear();
  b.planeswalkers.clear();
  const GameState& s = g.state();
  Characteristics scratch;  // for the permanents an effect applies to (Game::view)
  for (const Player& p : s.players) {
    b.life.push_back(p.life);
    b.hand.push_back(s.zone(ZoneRef::hand(p.id)).objects.size());
    for (ObjectId id : s.zone(ZoneRef::battlefield(p.id)).objects) {
      const Characteristics& c = g.view(id, scratch);
      const GameObject& o = s.objects[id.value];  // listed on a battlefield: it exists
      if (o.controller.value < b.reach.size()) b.reach[o.controller.value] += attack_reach(o, c);
      if (c.has_type(kCreature))
        b.creatures.push_back({id, o.zone_changes, o.controller, creature_value(c),
                               has_board_keyword(c) ? board_worth(DecisionView(g, p.id), id) : 0});
      else if (!o.counters.items.empty() && c.has_type(kPlaneswalker))  // (lands have none)
        b.planeswalkers.push_back({id, o.zone_changes, o.controller, o.counters.get(kLoyalty)});
    }
  }
  // Dead on board only within the others' reach (two players: the other's).
  const std::int64_t all = std::accumulate(b.reach.begin(), b.reach.end(), std::int64_t{0});
  for (const Player& p : s.players)
    b.dead_on_board.push_back(all - b.reach[p.id.value] >= p.life && dead_on_board(g, p.id));
}

bool attached_now(const Game& g, ObjectId id) {
  return id.valid() && g.state().exists(id) && attached(g.object(id));
}

double judge(const Game& g, const Before& b, PlayerId me, bool go_face, std::vector<char>& marks,
             double& best_own_lost, std::optional<ObjectId> ignored, bool attached) {
  const Scores s = judge_both(g, b, me, marks, best_own_lost, ignored, attached);
  return go_face ? s.face : s.chip;
}

Scores judge_both(const Game& g, const Before& b, PlayerId me, std::vector<char>& marks,
                  double& best_own_lost, std::optional<ObjectId> ignored, bool attached) {
  double changed = 0;  // when `attached`: the worth the creatures that stay gained, for the agent
  // The race: when the opponent's creatures could kill the agent next turn, each of them is
  // worth half again as much dead. One view of each creature serves the race and its death.
  marks.assign(b.creatures.size() + g.state().objects.size(), 0);
  char* const is_dead = marks.data();
  char* const known = marks.data() + b.creatures.size();
  // Their creatures' power: all of it before the effect (the race it was in), and what the
  // effect leaves alive (what can still reach the life it keeps).
  std::int64_t their_power = 0, their_power_left = 0;
  std::int64_t their_reach = 0;  // attack_reach of theirs left: when it could be dead on board
  std::int64_t my_reach = 0;     // and of its own: when the opponent could be
  // Views without a copy: a judgement is a few views of every creature, and most of them no
  // effect applies to (Game::view with a scratch returns the printed characteristics then).
  Characteristics scratch;
  for (std::size_t i = 0; i < b.creatures.size(); ++i) {
    const Before::Creature& c = b.creatures[i];
    known[c.id.value] = 1;
    if (c.id == ignored) continue;  // neither dead nor a threat: not judged at all
    const GameObject& o = g.object(c.id);
    // Gone (or gone and back, a new object) is dead.
    const bool here = o.zone.kind == ZoneKind::battlefield && o.zone_changes == c.zone_changes;
    is_dead[i] = !here;
    if (here || c.controller != me) {
      const Characteristics& v = g.view(c.id, scratch);
      if (c.controller != me && !v.has_keyword(kCantAttack)) their_power += std::max(0, v.power);
      if (here) is_dead[i] = dies(o, v);
      if (here && !is_dead[i] && c.controller != me && !v.has_keyword(kCantAttack)) {
        their_power_left += std::max(0, v.power);
        their_reach += attack_reach(o, v);
      }
      if (here && !is_dead[i] && c.controller == me && !v.has_keyword(kCantAttack))
        my_reach += attack_reach(o, v);
      if (here && attached && !is_dead[i]) {
        const double board = has_board_keyword(v) ? board_worth(DecisionView(g, me), c.id) : 0;
        changed +=
            (c.controller == me ? 1.0 : -1.0) * (creature_value(v) + board - c.value - c.board);
      }
    }
  }
  const double threat = their_power >= b.life[me.value] ? 1.5 : 1.0;
  bool own_died = false;    // one of its blockers fewer
  bool their_died = false;  // one of theirs
  double s = changed;
  best_own_lost = 0;
  for (std::size_t i = 0; i < b.creatures.size(); ++i) {
    const Before::Creature& c = b.creatures[i];
    if (!is_dead[i]) continue;
    if (c.controller == me) {
      s -= c.value;
      best_own_lost = std::max(best_own_lost, c.value);
      own_died = true;
    } else {
      s += threat * c.value;
      their_died = true;
    }
  }
  for (const Player& p : g.state().players)
    for (ObjectId id : g.state().zone(ZoneRef::battlefield(p.id)).objects) {
      if (known[id.value]) continue;
      const Characteristics& v = g.view(id, scratch);
      if (!v.has_type(kCreature)) continue;
      const bool mine = g.object(id).controller == me;
      s += (mine ? 1.0 : -1.0) * creature_value(v);
      if (!mine && !v.has_keyword(kCantAttack)) {
        their_power_left += std::max(0, v.power);
        their_reach += attack_reach(g.object(id), v);
      }
      if (mine && !v.has_keyword(kCantAttack)) my_reach += attack_reach(g.object(id), v);
    }
  // Planeswalkers: one that goes (damage to it removes counters, 120.3c; at 0 it goes, 704.5i)
  // is its loyalty and its worth; loyalty lost by one that stays counts as face damage does
  // when the player is out of reach (its next + ability wins much of it back).
  for (const Before::Planeswalker& w : b.planeswalkers) {
    const GameObject& o = g.object(w.id);
    const bool here = o.zone.kind == ZoneKind::battlefield && o.zone_changes == w.zone_changes;
    const std::int64_t now = here ? o.counters.get(kLoyalty) : 0;
    const double lost = now <= 0
                            ? static_cast<double>(w.loyalty) * kLoyaltyPoint + kPlaneswalkerWorth
                            : static_cast<double>(w.loyalty - now) * kChipDamage;
    s += w.controller == me ? -lost : lost;
  }
  // Its own loss first: a spell that kills both players (Orcish Cannonade at 3 life) draws.
  const Player& self = g.state().player(me);
  if (self.life <= 0 || self.outcome == Outcome::lost) return {-kGameOver, -kGameOver};
  // Out of a lethal attack next turn, or into one: at 3 life with no blocker, Char at the Hill
  // Giant that would kill it (its life then 1); Char at their face into their Giant's reach.
  // (Read only where it may have changed: most effects neither take its life or blockers nor
  // add to what the opponent can attack with.)
  const std::int64_t their_reach_before =
      std::accumulate(b.reach.begin(), b.reach.end(), std::int64_t{0}) - b.reach[me.value];
  const bool may_change = b.dead_on_board[me.value] || self.life < b.life[me.value] || own_died ||
                          their_reach > their_reach_before;
  const bool dead_now = may_change && their_reach >= self.life && dead_on_board(g, me);
  s += kDeadOnBoard * (static_cast<double>(b.dead_on_board[me.value]) - (dead_now ? 1.0 : 0.0));
  // And the opponent's: the Shock at their last blocker, so that its attack kills them, rather
  // than at their face (which leaves them a blocker). Read only where it may have changed.
  for (const Player& p : g.state().players) {
    if (p.id == me || p.life <= 0) continue;
    const bool was = b.dead_on_board[p.id.value];
    const bool may =
        was || p.life < b.life[p.id.value] || their_died || my_reach > b.reach[me.value];
    if (!may) continue;
    const bool now = my_reach >= p.life && dead_on_board(g, p.id);
    s += kDeadOnBoard * ((now ? 1.0 : 0.0) - static_cast<double>(was));
  }
  // From here on the two ways part: `chip` and `face` take the same additions in the same order
  // but for the opponent's life, each as judge() with its `go_face` would.
  double chip = s, face = s;
  // An addition both take alike (a - b is a + -b exactly, so subtracting this way changes no
  // score).
  const auto both = [&](double d) {
    chip += d;
    face += d;
  };
  for (const Player& p : g.state().players) {
    const std::int32_t before = b.life[p.id.value], after = p.life;
    const auto hand_delta =
        static_cast<double>(g.state().zone(ZoneRef::hand(p.id)).objects.size()) -
        static_cast<double>(b.hand[p.id.value]);
    if (p.id == me) {
      // A Char that kills the Serra Angel about to kill it is weighed against what is left.
      if (after < before) both(-(before - after) * life_weight(after, their_power_left));
      if (after > before) both((after - before) * 0.25 * life_weight(before, their_power_left));
      both(hand_delta);
    } else {
      if (before > 0 && (after <= 0 || p.outcome == Outcome::lost)) return {kGameOver, kGameOver};
      // Going face (the seed's check before any creature, its bug fixed): damage that leaves
      // them under 5, or comes from a full hand or the burn-out plan, outweighs any creature.
      const auto add = [&](double& score, bool going_face) {
        score += (before - after) * (going_face ? kFacePoint : kChipDamage);
        if (going_face && after < before) score += kGoingFace;
        score -= hand_delta;
      };
      add(chip, after < 5);
      add(face, true);
    }
  }
  return {chip, face};
}

}  // namespace anvil::ai_heuristic
