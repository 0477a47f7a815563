#include "combat.hpp"

#include <algorithm>
#include <cctype>
#include <map>
#include <numeric>
#include <optional>

#include "board.hpp"

namespace anvil::ai_heuristic {

namespace {

// The damage `fs` deal unblocked (a double striker's twice).
std::int64_t total_damage(const std::vector<Fighter>& fs) {
  std::int64_t n = 0;
  for (const Fighter& f : fs) n += f.unblocked_damage();
  return n;
}

// The opponent's damage that none of `mine` could block (fliers against no flier or reach), all
// untapped as they will be for their turn.
std::int64_t unblockable_damage(const std::vector<Fighter>& mine, const std::vector<Fighter>& theirs) {
  std::int64_t damage = 0;
  for (const Fighter& t : theirs) {
    bool blockable = false;
    for (Fighter m : mine) {
      m.tapped = false;
      blockable = blockable || can_block(m, t);
    }
    if (!blockable) damage += t.unblocked_damage();
  }
  return damage;
}

// The damage that gets past `blockers` untapped blockers when each stops one of the biggest
// attackers (`powers`, one an attacker).
std::int64_t damage_past_blockers(std::vector<std::int32_t> powers, std::size_t blockers) {
  std::sort(powers.rbegin(), powers.rend());
  std::int64_t through = 0;
  for (std::size_t i = std::min(blockers, powers.size()); i < powers.size(); ++i)
    through += std::max(0, powers[i]);
  return through;
}

// What a double block risks, as step 4 of choose_blockers weighs it: the dearer of the two
// blockers the attacker can kill. Its controller divides the damage (510.1c) and may kill both
// (Glory Seeker's 2 in front of two 1/1s); counting both lost was tried and lost games: the
// heuristic then let such attackers through, and with the damage they dealt it won 48.5–49.8%
// of 1,000-game mirrors (four creature decks) against the heuristic that blocks, and 8 games of
// 1,000 fewer against ai-random (docs/agents.md, "Blocks").
double what_a_double_block_risks(const Fighter& attacker, const Fighter& b1, const Fighter& b2) {
  return std::max(kills(attacker, b1) ? b1.value : 0.0, kills(attacker, b2) ? b2.value : 0.0);
}

// Whether step 4 of choose_blockers would double-block `attacker` at all: not one that is
// indestructible, regenerates, has first strike, or may be blocked by one creature at most.
bool double_blockable(const Fighter& attacker) {
  return !attacker.indestructible && !attacker.regenerates && !attacker.first_strike &&
         !attacker.blocked_by_one;
}

// Whether `b1` and `b2` blocking `attacker` together kill it (deathtouch, or their power).
bool kill_together(const Fighter& attacker, const Fighter& b1, const Fighter& b2) {
  return b1.deathtouch || b2.deathtouch ||
         std::max(0, b1.power) + std::max(0, b2.power) >= attacker.remaining();
}

// Whether two of `blockers` would block `attacker` together as choose_blockers' step 4 does:
// together they kill it, and the dearer of the two it could kill is worth less than it (Hill
// Giant into two Grizzly Bears loses the Giant for one Bear).
bool double_block_awaits(const Fighter& attacker, const std::vector<Fighter>& blockers) {
  if (!double_blockable(attacker)) return false;
  for (std::size_t x = 0; x < blockers.size(); ++x) {
    const Fighter& b1 = blockers[x];
    if (!can_block(b1, attacker)) continue;
    for (std::size_t y = x + 1; y < blockers.size(); ++y) {
      const Fighter& b2 = blockers[y];
      if (!can_block(b2, attacker)) continue;
      if (kill_together(attacker, b1, b2) &&
          what_a_double_block_risks(attacker, b1, b2) < attacker.value)
        return true;
    }
  }
  return false;
}

// How many of `blockers` could punish one of `attackers`: kill it and survive, or trade for
// something worth less than half of it. Each blocks one attacker at most.
std::size_t punishers(const std::vector<Fighter>& blockers, const std::vector<Fighter>& attackers) {
  std::size_t n = 0;
  for (const Fighter& b : blockers)
    n += std::any_of(attackers.begin(), attackers.end(), [&b](const Fighter& a) {
      if (can_block(b, a) && b.hits_back == a.controller) return true;  // a Stuffy Doll
      return can_block(b, a) && kills(b, a) && (!kills(a, b) || b.value < 0.5 * a.value);
    });
  return n;
}

// The attack on the opponent themselves: the picks of `choice`'s options against the player.
Answer attack_the_player(const DecisionView& view, const Choice& choice) {
  const PlayerId me = choice.player, opp = opponent_of(view, me);
  // Each attacker's option against the opponent (the player, not a planeswalker).
  std::map<std::uint32_t, std::uint32_t> option_of;  // attacker id → option
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const Option& o = choice.options[i];
    if (!o.target.is_object() || !o.barred.empty()) continue;  // barred: refused in any attack
    const std::uint32_t id = o.target.object.id.value;
    if (o.value == static_cast<std::int64_t>(opp.value) + 1 || !option_of.contains(id)) option_of[id] = i;
  }
  std::vector<Fighter> able;
  for (const auto& [id, option] : option_of) {
    const Fighter f = fighter(view, ObjectId(id));
    // The module refuses tapped, summoning-sick and defender attackers; only propose the rest.
    const GameObject& o = view.object(ObjectId(id));
    const Characteristics c = view.view(ObjectId(id));
    if (f.tapped || f.power <= 0 || c.has_keyword(kDefender) || (o.summoning_sick && !c.has_keyword(kHaste)))
      continue;
    able.push_back(f);
  }
  Answer answer;
  if (able.empty()) return answer;
  {  // its mana left after its main phase pays for the shields of those that attack
    // When its mana creatures pay for more shields than the lands alone, those creatures stay
    // home to make that mana (attacking would tap them); with vigilance they may attack too.
    std::vector<Fighter> with_creatures = able;  // each budget starts from no shield paid
    std::vector<Fighter*> mine;
    for (Fighter& f : able) mine.push_back(&f);
    budget_regeneration(view, mine, ShieldMana::lands);
    std::vector<Fighter*> counted;
    for (Fighter& f : with_creatures) counted.push_back(&f);
    budget_regeneration(view, counted);
    bool more = false;
    for (std::size_t i = 0; i < able.size(); ++i)
      more = more || with_creatures[i].regenerates != able[i].regenerates;
    if (more) {
      std::vector<Fighter> attackers;
      for (const Fighter& f : with_creatures)
        if (f.vigilance || !tap_mana_colors(view, me, f.id)) attackers.push_back(f);
      able = std::move(attackers);
    }
  }

  std::vector<Fighter> blockers;
  for (const Fighter& b : creatures_of(view, opp))
    if (!b.tapped) blockers.push_back(b);
  const std::int32_t opp_life = view.player(opp).life, my_life = view.player(me).life;

  // Lethal even if every blocker stops one of the biggest attackers.
  std::vector<std::int32_t> powers;
  for (const Fighter& a : able) powers.push_back(a.unblocked_damage());
  if (damage_past_blockers(std::move(powers), blockers.size()) >= opp_life) {
    for (const Fighter& a : able) answer.picks.push_back(option_of[a.id.value]);
    return answer;
  }

  auto everything = [&] {
    for (const Fighter& a : able) answer.picks.push_back(option_of[a.id.value]);
    return answer;
  };
  // Doomed at home: what of theirs none of mine can block kills within two of their turns, and
  // creatures kept back would not change that.
  const std::vector<Fighter> theirs = creatures_of(view, opp);
  if (2 * unblockable_damage(creatures_of(view, me), theirs) >= my_life) return everything();

  // The race: the opponent's creatures all untap for their turn. Facing lethal from them,
  // creatures that could block stay home. (Holding back whenever behind in the race lost more
  // games against ai-random, which blocks at random, than it saved.)
  const std::int64_t counter = total_damage(theirs);
  const bool in_danger = counter >= my_life;

  // More attackers than blockers that could punish one: each of those stops one attacker at
  // most, so the smallest of the rest get through. Worth a creature or two when that is a third
  // of their life or more (one creature at a time, each attack below would find a bad block).
  if (const std::size_t k = punishers(blockers, able); !in_danger && able.size() > k) {
    std::vector<std::int32_t> smallest;
    for (const Fighter& a : able) smallest.push_back(a.unblocked_damage());
    std::sort(smallest.begin(), smallest.end());
    const std::int64_t through_anyway =
        std::accumulate(smallest.begin(), smallest.end() - static_cast<std::ptrdiff_t>(k), std::int64_t{0});
    if (3 * through_anyway >= opp_life) return everything();
  }

  for (const Fighter& a : able) {
    bool good = true;
    for (const Fighter& b : blockers) {
      // A Stuffy Doll that would send its damage back at the agent is as bad a block.
      if (can_block(b, a) && b.hits_back == me && a.power > 0) good = false;
      if (!can_block(b, a) || !kills(b, a)) continue;
      if (!kills(a, b) || b.value < 0.5 * a.value) good = false;  // a bad block awaits it
    }
    if (good && double_block_awaits(a, blockers)) good = false;
    if (good && in_danger && !a.vigilance) {
      // Needed at home if it could block one of theirs.
      Fighter home = a;
      home.tapped = false;
      for (const Fighter& t : theirs)
        if (can_block(home, t)) good = false;
    }
    if (good) answer.picks.push_back(option_of[a.id.value]);
  }
  return answer;
}

}  // namespace

Answer choose_blockers(const DecisionView& view, const Choice& choice) {
  const PlayerId me = choice.player;
  struct Pairing {
    std::uint32_t option;
    std::uint32_t blocker, attacker;
  };
  std::vector<Pairing> pairs;
  std::map<std::uint32_t, Fighter> fighters;
  std::vector<std::uint32_t> attackers;  // in the order the options name them
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const Option& o = choice.options[i];
    if (!o.target.is_object() || o.value < 0) continue;
    const auto b = o.target.object.id.value, a = static_cast<std::uint32_t>(o.value);
    if (!fighters.contains(b)) fighters.emplace(b, fighter(view, ObjectId(b)));
    if (!fighters.contains(a)) fighters.emplace(a, fighter(view, ObjectId(a)));
    if (std::find(attackers.begin(), attackers.end(), a) == attackers.end()) attackers.push_back(a);
    // A barred pair (a tapped blocker, a flier in front of a ground creature) is never declared;
    // its attacker still counts in the damage coming.
    if (o.barred.empty()) pairs.push_back({i, b, a});
  }
  {  // each side's untapped lands and mana creatures pay for the shields of its creatures in this
     // combat (an attacker tapped by attacking makes no mana)
    std::vector<Fighter*> all;
    for (auto& [id, f] : fighters) all.push_back(&f);
    budget_regeneration(view, all);
  }
  // An attacker sacrificed at the end of this turn anyway is worth nothing to kill: no trade nor
  // double block for it, only a block that costs nothing, or a chump against lethal damage.
  for (std::uint32_t a : attackers)
    if (leaves_at_end_of_turn(view, ObjectId(a))) fighters.at(a).value = 0;
  // Most valuable (then hardest-hitting) attackers first.
  std::sort(attackers.begin(), attackers.end(), [&](std::uint32_t x, std::uint32_t y) {
    const Fighter &a = fighters.at(x), &b = fighters.at(y);
    return a.value != b.value ? a.value > b.value : x < y;
  });

  std::map<std::uint32_t, std::uint32_t> blocked_by;  // attacker → (a) blocker
  std::map<std::uint32_t, std::int64_t> absorbed;     // attacker → lethal damage to its blockers
  std::vector<std::uint32_t> used;
  auto free = [&](std::uint32_t b) { return std::find(used.begin(), used.end(), b) == used.end(); };
  Answer answer;
  auto note = [&](std::uint32_t a, std::uint32_t b) {
    blocked_by[a] = b;
    absorbed[a] += lethal_damage(fighters.at(a), fighters.at(b));
    used.push_back(b);
  };
  auto assign = [&](std::uint32_t a, std::uint32_t b) {
    for (const Pairing& p : pairs)
      if (p.attacker == a && p.blocker == b) answer.picks.push_back(p.option);
    note(a, b);
  };
  // The cheapest free blocker of `a` for which `fits` holds.
  auto cheapest = [&](std::uint32_t a, auto fits) -> std::optional<std::uint32_t> {
    std::optional<std::uint32_t> best;
    if (fighters.at(a).menace) return best;  // one blocker alone is refused (step 4 pairs them)
    for (const Pairing& p : pairs) {
      if (p.attacker != a || !free(p.blocker)) continue;
      const Fighter& b = fighters.at(p.blocker);
      if (!can_block(b, fighters.at(a)) || !fits(b)) continue;
      if (!best || b.value < fighters.at(*best).value) best = p.blocker;
    }
    return best;
  };

  // 0. Block requirements (the classic rules' 509.1c, which refuse a declaration obeying fewer
  // than it could): every creature able to block a Lure'd attacker blocks it.
  auto has = [&](std::uint32_t id, Symbol k) { return view.view(ObjectId(id)).has_keyword(k); };
  for (std::uint32_t a : attackers) {
    if (!has(a, kLure)) continue;
    std::vector<const Pairing*> able;
    for (const Pairing& p : pairs)
      if (p.attacker == a && free(p.blocker) && can_block(fighters.at(p.blocker), fighters.at(a)))
        able.push_back(&p);
    if (fighters.at(a).menace && (able.size() < 2 || fighters.at(a).blocked_by_one))
      continue;  // it can't be blocked at all
    if (fighters.at(a).blocked_by_one && able.size() > 1) {
      // One blocker obeys as many requirements as any declaration can: one that survives, else
      // the cheapest.
      auto worse = [&](const Pairing* x, const Pairing* y) {
        const Fighter &bx = fighters.at(x->blocker), &by = fighters.at(y->blocker);
        const bool x_lives = !kills(fighters.at(a), bx), y_lives = !kills(fighters.at(a), by);
        return x_lives != y_lives ? y_lives : bx.value > by.value;
      };
      able = {*std::max_element(able.begin(), able.end(), worse)};
    }
    for (const Pairing* p : able) {
      answer.picks.push_back(p->option);
      note(a, p->blocker);
    }
  }

  // 1. Kill it and survive. 2. Trade up. 3. Stop it for free.
  for (int pass = 0; pass < 3; ++pass)
    for (std::uint32_t a : attackers) {
      if (blocked_by.contains(a)) continue;
      const Fighter& at = fighters.at(a);
      auto fits = [&](const Fighter& b) {
        const bool b_dies = kills(at, b), a_dies = kills(b, at);
        if (pass == 0) return a_dies && !b_dies;
        if (pass == 1) return a_dies && b_dies && b.value <= at.value;
        return !b_dies;
      };
      if (auto b = cheapest(a, fits)) assign(a, *b);
    }

  // 4. Two blockers that together kill an attacker neither kills alone, when the attacker is
  // worth more than the dearer blocker it could kill (what_a_double_block_risks).
  for (std::uint32_t a : attackers) {
    if (blocked_by.contains(a)) continue;
    const Fighter& at = fighters.at(a);
    if (!double_blockable(at)) continue;
    std::vector<std::uint32_t> free_blockers;
    for (const Pairing& p : pairs)
      if (p.attacker == a && free(p.blocker) && can_block(fighters.at(p.blocker), at)) free_blockers.push_back(p.blocker);
    std::optional<std::pair<std::uint32_t, std::uint32_t>> pick;
    double pick_loss = at.value;
    for (std::size_t x = 0; x < free_blockers.size(); ++x)
      for (std::size_t y = x + 1; y < free_blockers.size(); ++y) {
        const Fighter &b1 = fighters.at(free_blockers[x]), &b2 = fighters.at(free_blockers[y]);
        if (!kill_together(at, b1, b2)) continue;
        const double loss = what_a_double_block_risks(at, b1, b2);
        if (loss < pick_loss) {
          pick_loss = loss;
          pick = std::pair{free_blockers[x], free_blockers[y]};
        }
      }
    if (pick) {
      assign(a, pick->first);
      for (const Pairing& p : pairs)
        if (p.attacker == a && p.blocker == pick->second) answer.picks.push_back(p.option);
      note(a, pick->second);
    }
  }

  // What each attacker attacks (the classic module's "attacking" attr): the agent, or one of
  // its planeswalkers (-(id + 1)).
  const auto attacking = [&](std::uint32_t a) {
    const GameObject& o = view.object(ObjectId(a));
    return in_combat(o) ? o.attrs.get(kAttacking) : 0;
  };
  const std::int64_t at_me = static_cast<std::int64_t>(me.value) + 1;

  // The damage attacker `a` deals to what it attacks: all of it unblocked, none blocked, and with
  // trample what its blockers do not absorb (702.19b: lethal damage to each, the rest on).
  const auto through = [&](std::uint32_t a) -> std::int64_t {
    const Fighter& f = fighters.at(a);
    if (!blocked_by.contains(a)) return f.unblocked_damage();
    return f.trample ? std::max<std::int64_t>(0, f.unblocked_damage() - absorbed[a]) : 0;
  };
  // The damage that gets through at `defender` (attacking()'s encoding); with `infect`, only that
  // of the attackers with (true) or without (false) infect.
  const auto unblocked_at = [&](std::int64_t defender, std::optional<bool> infect = std::nullopt) {
    std::int64_t d = 0;
    for (std::uint32_t a : attackers)
      if (attacking(a) == defender && (!infect || fighters.at(a).infect == *infect))
        d += through(a);
    return d;
  };

  // 5. Chump only when what gets through would kill: the damage of the unblocked attackers at
  // the agent itself (one at a planeswalker hurts the planeswalker). Infect damage is poison
  // counters instead (702.90b): lethal at ten counters, and no threat to its life. An attacker
  // is chumped only when damage of its kind would kill.
  const std::int32_t life = view.player(me).life;
  const std::int64_t poison_left = kPoisonToLose - view.player(me).counters.get(kPoison);
  const auto lethal = [&](bool infect) {
    return unblocked_at(at_me, infect) >= (infect ? poison_left : std::int64_t{life});
  };
  std::vector<std::uint32_t> by_power = attackers;  // by the damage each deals (double strike)
  std::sort(by_power.begin(), by_power.end(), [&](std::uint32_t x, std::uint32_t y) {
    const std::int32_t dx = fighters.at(x).unblocked_damage(),
                       dy = fighters.at(y).unblocked_damage();
    return dx != dy ? dx > dy : x < y;
  });
  // Each chump goes where it stops the most: in front of the biggest attacker not blocked yet, or
  // of a trampler (blocked or not), which it stops only its lethal damage worth; the cheapest
  // free blocker each time, while the damage through still kills.
  while (lethal(false) || lethal(true)) {
    std::optional<std::pair<std::uint32_t, std::uint32_t>> chump;  // attacker, blocker
    std::int64_t most = 0;
    for (std::uint32_t a : by_power) {
      const Fighter& f = fighters.at(a);
      if (attacking(a) != at_me || !lethal(f.infect) || through(a) == 0) continue;
      if (blocked_by.contains(a) && f.blocked_by_one) continue;
      const auto b = cheapest(a, [](const Fighter&) { return true; });  // none for menace
      if (!b) continue;
      const std::int64_t stops =
          f.trample ? std::min<std::int64_t>(through(a), lethal_damage(f, fighters.at(*b)))
                    : through(a);
      if (stops > most) {
        most = stops;
        chump = std::pair{a, *b};
      }
    }
    if (!chump) break;
    assign(chump->first, chump->second);
  }

  // 5b. A planeswalker of its own that the unblocked attackers at it would destroy (their power
  // at least its loyalty): the cheapest free blocker worth less than the planeswalker (its
  // loyalty and kPlaneswalkerWorth, as judge() counts one that goes) goes in front of the
  // biggest of them, and so on while the rest would still destroy it.
  std::map<std::int64_t, std::int64_t> loyalty;  // attacked planeswalker (-(id + 1)) → loyalty
  for (std::uint32_t a : attackers)
    if (const std::int64_t at = attacking(a); at < 0 && !loyalty.contains(at)) {
      const auto walker = ObjectId(static_cast<std::uint32_t>(-at - 1));
      if (view.can_see(walker) && view.object(walker).controller == me &&
          view.view(walker).has_type(kPlaneswalker))
        loyalty[at] = view.object(walker).counters.get(kLoyalty);
    }
  for (const auto& [walker, counters] : loyalty) {
    const double worth = static_cast<double>(counters) * kLoyaltyPoint + kPlaneswalkerWorth;
    for (std::uint32_t a : by_power) {
      if (unblocked_at(walker) < counters) break;
      if (blocked_by.contains(a) || fighters.at(a).trample || attacking(a) != walker) continue;
      if (auto b = cheapest(a, [&](const Fighter& f) { return f.value < worth; })) assign(a, *b);
    }
  }

  // 6. The other requirements: an attacker that must be blocked if able gets the cheapest free
  // blocker; a creature that blocks each combat if able blocks the first attacker it can.
  for (std::uint32_t a : attackers)
    if (has(a, kMustBeBlocked) && !blocked_by.contains(a))
      if (auto b = cheapest(a, [](const Fighter&) { return true; })) assign(a, *b);
  // Menace: only beside a blocker already declared; at most one blocker: only while it has none.
  auto may_join = [&](std::uint32_t a) {
    const Fighter& f = fighters.at(a);
    if (f.menace) return !f.blocked_by_one && blocked_by.contains(a);
    return !f.blocked_by_one || !blocked_by.contains(a);
  };
  for (const Pairing& p : pairs)
    if (free(p.blocker) && has(p.blocker, kMustBlock) &&
        can_block(fighters.at(p.blocker), fighters.at(p.attacker)) && may_join(p.attacker)) {
      answer.picks.push_back(p.option);
      used.push_back(p.blocker);
      blocked_by.emplace(p.attacker, p.blocker);
    }
  return answer;
}

Answer choose_damage_division(const DecisionView& view, const Choice& choice) {
  std::uint32_t pick = 0;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i)
    if (choice.options[i].value > choice.options[pick].value) pick = i;  // the most
  const Target& to = choice.options.empty() ? Target{} : choice.options.front().target;
  if (to.is_object() && view.can_see(to.object.id) && choice.source.valid() && view.can_see(choice.source)) {
    const Fighter victim = fighter(view, to.object.id);
    const bool deathtouch = view.view(choice.source).has_keyword(kDeathtouch);
    const std::int64_t need = deathtouch ? 1 : std::max(0, victim.remaining());
    std::optional<std::uint32_t> lethal;
    for (std::uint32_t i = 0; i < choice.options.size(); ++i)
      if (choice.options[i].value >= need && (!lethal || choice.options[i].value < choice.options[*lethal].value))
        lethal = i;
    if (lethal) pick = *lethal;
  }
  return Answer{{pick}};
}

namespace {

// Attackers sent at the opponent's planeswalkers instead (506.1), when the attack does not
// threaten the player: what gets past as many attackers as they have untapped blockers is short
// of their life. Each planeswalker, the most loyal first, gets the weakest attacker whose power
// alone is its loyalty, so the rest keep hitting the player.
void at_planeswalkers(const DecisionView& view, const Choice& choice, Answer& answer) {
  const PlayerId opp = opponent_of(view, choice.player);
  std::vector<std::pair<std::int64_t, ObjectId>> walkers;  // loyalty, planeswalker
  for (const Option& o : choice.options) {
    if (o.value >= 0 || !o.barred.empty()) continue;  // a planeswalker (or battle) is -(id + 1)
    const ObjectId pw(static_cast<std::uint32_t>(-o.value - 1));
    if (!view.can_see(pw) || view.object(pw).controller != opp ||
        !view.view(pw).has_type(kPlaneswalker))
      continue;
    const std::pair<std::int64_t, ObjectId> w{view.object(pw).counters.get(kLoyalty), pw};
    if (std::find(walkers.begin(), walkers.end(), w) == walkers.end()) walkers.push_back(w);
  }
  if (walkers.empty() || answer.picks.empty()) return;
  std::vector<std::int32_t> powers;
  for (std::uint32_t pick : answer.picks)
    powers.push_back(view.view(choice.options[pick].target.object.id).power);
  std::size_t blockers = 0;
  for (const Fighter& b : creatures_of(view, opp)) blockers += !b.tapped;
  if (damage_past_blockers(std::move(powers), blockers) >= view.player(opp).life) return;
  std::sort(walkers.rbegin(), walkers.rend());
  std::vector<bool> moved(answer.picks.size(), false);
  for (const auto& [loyalty, pw] : walkers) {
    std::optional<std::size_t> weakest;  // of the picks still at the player
    std::int32_t least = 0;
    for (std::size_t k = 0; k < answer.picks.size(); ++k) {
      const std::int32_t power = view.view(choice.options[answer.picks[k]].target.object.id).power;
      if (!moved[k] && power >= loyalty && (!weakest || power < least)) {
        weakest = k;
        least = power;
      }
    }
    if (!weakest) continue;
    const Target attacker = choice.options[answer.picks[*weakest]].target;
    for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
      const Option& o = choice.options[i];
      if (o.target == attacker && o.barred.empty() &&
          o.value == -static_cast<std::int64_t>(pw.value) - 1) {
        answer.picks[*weakest] = i;
        moved[*weakest] = true;
        break;
      }
    }
  }
}

// The generic mana each creature attacking `defender` costs (Propaganda: "Creatures can't attack
// you unless their controller pays {2} for each creature they control that's attacking you"),
// read off the texts of the permanents they control, as the agent reads other abilities.
std::int64_t attack_tax(const DecisionView& view, PlayerId defender) {
  constexpr std::string_view kTax = "Creatures can't attack you unless their controller pays {";
  std::int64_t tax = 0;
  if (const auto zone = view.zone(ZoneRef::battlefield(defender)))
    for (ObjectId id : *zone) {
      if (view.object(id).controller != defender) continue;
      for (const AbilityDef& a : view.card(id).abilities) {
        if (!a.impl) continue;
        const std::string text = a.impl->describe();
        if (!text.starts_with(kTax)) continue;
        std::int64_t n = 0;
        for (std::size_t i = kTax.size();
             i < text.size() && std::isdigit(static_cast<unsigned char>(text[i])); ++i)
          n = 10 * n + (text[i] - '0');
        tax += n;
      }
    }
  return tax;
}

// The attack the agent can pay for: with an attack tax, the attackers at the player beyond what
// its untapped lands pay for stay home, the weakest first (the rules would refuse the whole
// declaration, and the agent would then declare nothing).
void pay_for(const DecisionView& view, const Choice& choice, Answer& answer) {
  const PlayerId me = choice.player, opp = opponent_of(view, me);
  const std::int64_t tax = attack_tax(view, opp);
  if (tax <= 0) return;
  const auto mana = static_cast<std::int64_t>(lands_of(view, me, /*untapped=*/true));
  std::vector<std::uint32_t> taxed;  // picks at the player, strongest first
  for (std::uint32_t pick : answer.picks)
    if (choice.options[pick].value == static_cast<std::int64_t>(opp.value) + 1)
      taxed.push_back(pick);
  const auto affordable = static_cast<std::size_t>(mana / tax);
  if (taxed.size() <= affordable) return;
  const auto power = [&](std::uint32_t pick) {
    return view.view(choice.options[pick].target.object.id).power;
  };
  std::stable_sort(taxed.begin(), taxed.end(),
                   [&](std::uint32_t x, std::uint32_t y) { return power(x) > power(y); });
  std::erase_if(answer.picks, [&](std::uint32_t pick) {
    return std::find(taxed.begin() + static_cast<std::ptrdiff_t>(affordable), taxed.end(), pick) !=
           taxed.end();
  });
}

}  // namespace

Answer choose_attackers(const DecisionView& view, const Choice& choice) {
  Answer answer = attack_the_player(view, choice);
  at_planeswalkers(view, choice, answer);
  pay_for(view, choice, answer);
  return answer;
}

}  // namespace anvil::ai_heuristic
