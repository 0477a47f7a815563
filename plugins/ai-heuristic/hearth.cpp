#include "hearth.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <memory>
#include <numeric>
#include <optional>
#include <stdexcept>
#include <vector>

#include "board.hpp"    // opponent_of
#include "effects.hpp"  // kGameOver: a game won or lost, as the classic judgement counts it

namespace anvil::ai_heuristic {

namespace {

using namespace anvil::literals;

// The scale (hearth_points): a vanilla 3/3 is worth 7, a card in hand 2, a point of health 1.
constexpr double kHandCard = 2.0;
constexpr std::size_t kMaxHand = 10;        // cards over a full hand are burnt, not kept
constexpr std::int32_t kDangerHealth = 10;  // below it each point of health counts twice
// Above it each point of its own health counts 0.75: a card in hand is then worth more than two
// health (Life Tap), and no less at a lower health.
constexpr std::int32_t kSpareHealth = 20;
constexpr double kSpareHealthPoint = 0.75;
// A weapon's damage still to deal, a point: less than damage dealt now, so that a swing gains.
constexpr double kWeaponDamage = 0.7;
constexpr double kThreat = 1.5;             // the opponent's attack: it hits next turn
constexpr double kWorthDoing = 0.25;        // less than this is not worth an action

double hero_points(std::int32_t health, std::int32_t armor, bool theirs) {
  const double spare =
      theirs ? 0.0 : std::max(0, health - kSpareHealth) * (1.0 - kSpareHealthPoint);
  return health + armor - std::max(0, kDangerHealth - health) - spare;
}

double minion_points(const Characteristics& c, std::int32_t damage, bool theirs) {
  const double attack = std::max(0, c.power);
  const double health = std::max(0, c.toughness - damage);
  double v = 1.0 + (theirs ? kThreat : 1.0) * attack + health;
  if (c.has_keyword("Taunt"_sym)) v += 1.0;
  if (c.has_keyword("Divine Shield"_sym)) v += 1.0 + 0.5 * attack;
  if (c.has_keyword("Windfury"_sym)) v += 0.5 * attack;
  if (c.has_keyword("Stealth"_sym)) v += 0.5;
  return v;
}

double side_points(const Game& game, PlayerId p, bool theirs) {
  const GameState& s = game.state();
  const Player& player = s.player(p);
  double points =
      hero_points(player.life, static_cast<std::int32_t>(player.attrs.get("armor"_sym)), theirs);
  points +=
      kHandCard * static_cast<double>(std::min(kMaxHand, s.zone(ZoneRef::hand(p)).objects.size()));
  Characteristics scratch;
  for (ObjectId id : s.zone(ZoneRef::battlefield(p)).objects) {
    const Characteristics& c = game.view(id, scratch);
    const std::int32_t damage = s.object(id).damage;
    if (c.has_stats && c.toughness > damage) points += minion_points(c, damage, theirs);
  }
  // The hero's weapon (the rules keep it in the command zone): the damage it has still to deal,
  // its attack a swing left.
  for (ObjectId id : s.zone(ZoneRef::command(p)).objects) {
    const Characteristics& c = game.view(id, scratch);
    const std::int32_t damage = s.object(id).damage;
    if (c.has_type("Weapon"_sym) && c.toughness > damage)
      points += kWeaponDamage * std::max(0, c.power) * (c.toughness - damage);
  }
  return points;
}

bool expires_this_turn(const FloatingEffect& e) { return e.until == Duration::end_of_turn; }

// The attack `me`'s minions have only this turn ("+3 Attack this turn": the rules end those
// effects with the turn) and can no longer use, which the position counts for nothing: Bloodlust
// on minions that came this turn, Savage Roar after the attacks. Read on the copy without those
// effects, rolled back; only when there are any (rarely).
double unusable_attack(Game& copy, const RulesModule& rules, PlayerId me) {
  const GameState& s = copy.state();
  if (s.turn.active != me || s.over) return 0;
  if (std::none_of(s.effects.begin(), s.effects.end(), expires_this_turn)) return 0;
  const std::vector<ObjectId> board = s.zone(ZoneRef::battlefield(me)).objects;
  std::vector<std::int32_t> attack;
  for (ObjectId id : board) attack.push_back(std::max(0, copy.view(id).power));
  const Journal::Checkpoint cp = copy.journal().checkpoint();
  for (std::size_t i = s.effects.size(); i-- > 0;)
    if (expires_this_turn(s.effects[i])) copy.journal().remove_effect(i);
  for (std::size_t i = 0; i < board.size(); ++i)
    attack[i] -= std::min(attack[i], std::max(0, copy.view(board[i]).power));
  copy.journal().rollback(cp);
  const std::vector<LegalAction> actions = rules.legal_actions(copy, me);
  double unusable = 0;
  for (std::size_t i = 0; i < board.size(); ++i) {
    const bool can_attack = std::any_of(actions.begin(), actions.end(), [&](const LegalAction& a) {
      return a.kind == LegalAction::Kind::attack && a.object == board[i];
    });
    if (!can_attack) unusable += attack[i];
  }
  return unusable;
}

// hearth_points, less the attack that ends with the turn unused.
double position_points(Game& copy, const RulesModule& rules, PlayerId me) {
  return hearth_points(copy, me) - unusable_attack(copy, rules, me);
}

// The hero and the weapon whose attack it swings with: what a buff to either changes.
struct HeroAttack {
  ObjectId weapon;
  std::int32_t weapon_attack = 0;
  std::int64_t power_attack = 0;  // Shapeshift's, this turn
  // What one swing of the hero deals.
  std::int64_t damage() const { return std::max<std::int64_t>(0, weapon_attack + power_attack); }
  friend bool operator==(const HeroAttack&, const HeroAttack&) = default;
};

HeroAttack hero_attack(const Game& game, PlayerId me) {
  HeroAttack h;
  Characteristics scratch;
  for (ObjectId id : game.state().zone(ZoneRef::command(me)).objects)
    if (const Characteristics& c = game.view(id, scratch); c.has_type("Weapon"_sym)) {
      h.weapon = id;
      h.weapon_attack = c.power;
    }
  h.power_attack = game.state().player(me).attrs.get("power_attack"_sym);
  return h;
}

// Seated in the copy: answers the action decision it is told to, once, and any decision the
// action asks for on the way (Tracking's pick of a card) with its first options. (A Choose One
// card's options are actions of their own.)
class Trial final : public Agent {
 public:
  Trial(std::uint32_t pick, std::size_t options) : pick_(pick), options_(options) {}
  std::string_view name() const override { return "ai-heuristic-trial"; }
  Answer choose(const DecisionView&, const Choice& c) override {
    if (c.kind == ChoiceKind::action) {
      // A second action decision: the trial is over (the rules ask once an advance). Another
      // list than the real decision's: the copy is not where the agent is.
      if (done_ || c.options.size() != options_) throw std::logic_error("not the decision tried");
      done_ = true;
      return Answer{{pick_}};
    }
    Answer a;
    for (std::uint32_t i = 0; i < c.min_picks && i < c.options.size(); ++i) a.picks.push_back(i);
    return a;
  }

 private:
  std::uint32_t pick_;
  std::size_t options_;
  bool done_ = false;
};

std::int64_t mana_of(const Game& game, PlayerId p) {
  return game.state().player(p).attrs.get("mana"_sym);
}

// What playing option `pick` of the `options` the rules offer `me` now gains on the copy, which
// is left as it was. Two kinds of action are judged with what they let the agent do next, tried
// the same way: one that leaves more mana to spend this turn than before (The Coin) gains nothing
// by itself, and is worth the best card it then pays for; one that gives a character an attack
// it can make at once is worth its best attack too, when that is more: a minion with charge put
// on the board (Leeroy Jenkins, whose whelps for the opponent outweigh a 6/2), a buff given to a
// minion (Charge), and a change to the hero's attack (Heroic Strike, Deadly Poison, a weapon).
double try_action(Game& copy, const RulesModule& rules, PlayerId me, std::uint32_t pick,
                  std::size_t options, double now, bool follow_up) {
  const Journal::Checkpoint cp = copy.journal().checkpoint();
  const std::int64_t mana = mana_of(copy, me);
  const std::vector<ObjectId> board = copy.state().zone(ZoneRef::battlefield(me)).objects;
  const std::uint32_t first_new_effect = copy.state().next_effect_id;
  const HeroAttack hero = follow_up ? hero_attack(copy, me) : HeroAttack{};
  double gain = -std::numeric_limits<double>::infinity();
  try {
    copy.seat(me, std::make_shared<Trial>(pick, options));
    rules.advance(copy);
    gain = position_points(copy, rules, me) - now;
    const GameState& s = copy.state();
    if (!follow_up || s.over || s.turn.active != me) {
      copy.journal().rollback(cp);
      return gain;
    }
    const auto is_new = [&](ObjectId id) {
      return std::find(board.begin(), board.end(), id) == board.end();
    };
    // A minion new on the board with charge (its view's keyword, however it got it): the rules
    // are asked for its attacks. Asking after every minion played cost 13% of a heuristic game.
    const std::vector<ObjectId>& now_on_board = s.zone(ZoneRef::battlefield(me)).objects;
    std::vector<ObjectId> attackers;
    for (ObjectId id : now_on_board)
      if (is_new(id) && copy.view(id).has_keyword("Charge"_sym)) attackers.push_back(id);
    bool hero_attacks = !(hero_attack(copy, me) == hero);
    for (const FloatingEffect& e : s.effects) {
      if (e.id < first_new_effect) continue;
      if (e.affected.is_player() && e.affected.player == me) hero_attacks = true;
      // A minion that came this turn (Charge); one that could attack already shows its buff in
      // the position, and asking after every buff would cost more.
      if (e.affected.is_object() && s.is_current(e.affected.object) &&
          copy.object(e.affected.object.id).summoning_sick)
        attackers.push_back(e.affected.object.id);
    }
    const bool more_mana = mana_of(copy, me) > mana;
    if (more_mana || hero_attacks || !attackers.empty()) {
      // The rules list the actions in the order they offer them (rules-hearth: list_moves).
      const std::vector<LegalAction> next = rules.legal_actions(copy, me);
      for (std::uint32_t j = 0; j < next.size(); ++j) {
        // After The Coin, a card: a hero power or an attack is not worth a card spent on it.
        const bool card = more_mana && next[j].kind == LegalAction::Kind::cast;
        const bool attack = next[j].kind == LegalAction::Kind::attack &&
                            (next[j].object.valid() ? std::find(attackers.begin(), attackers.end(),
                                                                next[j].object) != attackers.end()
                                                    : hero_attacks);
        if (card || attack)
          gain = std::max(gain, try_action(copy, rules, me, j, next.size(), now, false));
      }
    }
  } catch (const AbilityError&) {
    // A plugin's ability failed: the real game would fail the same way (docs/agents.md).
    copy.journal().rollback(cp);
    throw;
  } catch (const std::exception&) {
    // An action the copy cannot play as the real game would is not chosen on its merits.
  }
  copy.journal().rollback(cp);
  return gain;
}

// The lethal search: a win this turn that needs two or three actions in the right order, which
// judging each action alone misses (a buff before the attack it makes lethal, the hero power
// before the attack that finishes). Each action is played on the copy as try_action plays it and
// rolled back; a line that wins is all it looks for, so nothing is scored on the way.
constexpr int kLethalDepth = 3;              // actions in a line, the first included
constexpr int kLethalNodes = 30;             // actions played on the copy at most, a decision
constexpr std::int64_t kHeroPowerReach = 2;  // the most a basic hero power deals (Steady Shot)

// A minion without charge whose text names nothing but keywords that do nothing on the turn it
// comes (a Chillwind Yeti, a Frostwolf Grunt): played, it deals no damage this turn and helps no
// other character deal it. (A minion of the board that answers minions played, Knife Juggler, is
// not looked at.)
bool plain_minion(const Game& game, ObjectId id, const Characteristics& c) {
  if (!c.has_type("Minion"_sym) || c.has_keyword("Charge"_sym)) return false;
  std::string_view text = game.cards().at(game.object(id).card).rules_text;
  while (!text.empty()) {
    const std::size_t end = text.find_first_of(",.");
    const std::string_view word = text.substr(0, end);
    if (word != "Taunt" && word != "Divine Shield" && word != "Stealth" && word != "Windfury")
      return false;
    text.remove_prefix(end == std::string_view::npos ? text.size() : end + 1);
    while (!text.empty() && text.front() == ' ') text.remove_prefix(1);
  }
  return true;
}

struct Means {
  std::vector<ObjectId> attackers, cards;
  bool hero_attacks = false, hero_power = false;
  bool printed_cards = false;  // the cards read as printed, without a view (dear)
};

// The attackers, cards, hero attack and hero power among the actions the rules offer `me`. A card
// offered only at the opponent's minions (Polymorph, Execute) is left out: it deals the opponent
// nothing and gives its own side nothing (clearing a taunt lets through no more than the attacks
// already counted).
Means offered(const Game& game, PlayerId me, const std::vector<LegalAction>& actions) {
  const auto at_their_minion = [&](const LegalAction& a) {
    if (a.targets.empty() || !a.targets.front().is_object()) return false;
    const ObjectRef& o = a.targets.front().object;
    return game.state().is_current(o) && game.state().object(o.id).controller != me;
  };
  Means m;
  for (const LegalAction& a : actions) {
    std::vector<ObjectId>* into = nullptr;
    if (a.kind == LegalAction::Kind::attack && a.object.valid()) into = &m.attackers;
    if (a.kind == LegalAction::Kind::cast && !at_their_minion(a)) into = &m.cards;
    if (into && std::find(into->begin(), into->end(), a.object) == into->end())
      into->push_back(a.object);
    m.hero_attacks = m.hero_attacks || (a.kind == LegalAction::Kind::attack && !a.object.valid());
    m.hero_power = m.hero_power || a.kind == LegalAction::Kind::hero_power;
  }
  return m;
}

// All `me` has: every minion of its board, every card in its hand, its hero's attack and power.
// More than the rules offer, and read without asking them (which builds every action's label),
// the cards as printed: a first, cheaper gate. (A card made cheaper in hand may count too little
// here; none of the basic cards does that.)
Means held(const Game& game, PlayerId me) {
  const GameState& s = game.state();
  return {s.zone(ZoneRef::battlefield(me)).objects, s.zone(ZoneRef::hand(me)).objects, true, true,
          true};
}

// What `me` could still deal this turn with `actions_left` more actions at most, estimated from
// `means` (its attackers, cards it can pay for, hero): the best `actions_left` of what one action
// adds. An attack adds its attacker's attack (a windfury minion's two attacks are two), the hero
// power 2, a card it can pay for: a minion with charge its attack, another minion 3 (a battlecry:
// Fire Elemental's), a spell or a weapon its cost and 2, at least 5 (Fireball 6, Soulfire 4, Mind
// Blast 5, Arcanite Reaper 5 of 7; Blessing of Might 3 of 5); a plain minion nothing. A buff of
// every minion (Bloodlust, Savage Roar, an aura) adds 2 for each that can attack besides, once.
// A spell that costs nothing may give mana (The Coin, Innervate): with one in hand, cards costing
// up to two more count. An estimate, not a proof (Windfury on a 9/5 adds 9 of 5, Bloodlust on
// five minions 15 of 17): it only gates the search.
std::int64_t damage_reach(const Game& copy, PlayerId me, const Means& means, int actions_left) {
  Characteristics scratch;
  const std::vector<ObjectId>& attackers = means.attackers;
  const std::vector<ObjectId>& cards = means.cards;
  std::vector<std::int64_t> adds;
  if (means.hero_power) adds.push_back(kHeroPowerReach);
  if (means.hero_attacks) adds.push_back(hero_attack(copy, me).damage());
  for (ObjectId id : attackers) {
    const Characteristics& c = copy.view(id, scratch);
    adds.push_back(std::max(0, c.power));
    if (c.has_keyword("Windfury"_sym)) adds.push_back(adds.back());
  }
  struct Card {
    std::int64_t cost, adds;
  };
  std::vector<Card> payable;  // each card viewed once: a view is dear
  std::int64_t mana = mana_of(copy, me);
  bool gives_mana = false;
  for (ObjectId id : cards) {
    const Characteristics& c =
        means.printed_cards ? copy.cards().at(copy.object(id).card).base : copy.view(id, scratch);
    const std::int64_t cost = c.cost.value();
    const bool minion = c.has_type("Minion"_sym);
    gives_mana = gives_mana || (cost == 0 && !minion);
    if (cost > mana + 2 || plain_minion(copy, id, c)) continue;
    payable.push_back({cost, !minion                       ? std::max<std::int64_t>(5, cost + 2)
                             : c.has_keyword("Charge"_sym) ? std::max(0, c.power)
                                                           : 3});
  }
  if (gives_mana) mana += 2;
  bool any_card = false;
  for (const Card& c : payable)
    if (c.cost <= mana) {
      adds.push_back(c.adds);
      any_card = true;
    }
  const auto last = adds.begin() + std::min<std::ptrdiff_t>(std::ssize(adds), actions_left);
  std::partial_sort(adds.begin(), last, adds.end(), std::greater<>());
  const std::int64_t buff_all = any_card ? 2 * static_cast<std::int64_t>(attackers.size()) : 0;
  return std::accumulate(adds.begin(), last, buff_all);
}

std::int64_t health_and_armor(const Game& game, PlayerId p) {
  const Player& player = game.state().player(p);
  return player.life + player.attrs.get("armor"_sym);
}

class LethalSearch {
 public:
  LethalSearch(Game& copy, const RulesModule& rules, PlayerId me)
      : copy_(copy), rules_(rules), me_(me), opp_(opponent_of(DecisionView(copy, me), me)) {}

  // The first action of a line of up to kLethalDepth actions found to win, the actions listed as
  // the decision offers them (`options` of them). Depth first: a line of three may be found
  // before one of two, and either wins (the next decision searches again); looking for the lines
  // of two first played them twice, for a quarter more of the search's cost. Asked only when no
  // single action wins (those were judged already).
  std::optional<std::uint32_t> first_action(std::size_t options) {
    if (out_of_reach(held(copy_, me_), kLethalDepth)) return std::nullopt;
    const std::vector<LegalAction> actions = rules_.legal_actions(copy_, me_);
    // The list the decision offers, in its order (rules-hearth: list_moves); if the copy's
    // differs, its indices would not name the decision's options.
    if (actions.size() != options) return std::nullopt;
    if (out_of_reach(offered(copy_, me_, actions), kLethalDepth)) return std::nullopt;
    return first_of_line(actions, kLethalDepth, std::nullopt);
  }

 private:
  // The first of `actions` that starts a line of at most `depth` actions that wins, if any is
  // found before the node budget runs out; `face_attacker` is the character whose attack at the
  // opponent came last in the line, if one did.
  std::optional<std::uint32_t> first_of_line(const std::vector<LegalAction>& actions, int depth,
                                             std::optional<ObjectId> face_attacker) {
    std::vector<std::uint32_t> tried;
    for (std::uint32_t i = 0; i < actions.size() && nodes_left_ > 0; ++i) {
      if (!may_matter(actions, i, depth, face_attacker, tried)) continue;
      tried.push_back(i);
      const Journal::Checkpoint cp = copy_.journal().checkpoint();
      bool wins = false;
      try {
        const LegalAction& a = actions[i];
        wins = play_wins(i, actions.size(), depth,
                         at_face(a) ? std::optional(a.object) : face_attacker);
      } catch (const AbilityError&) {
        copy_.journal().rollback(cp);
        throw;  // as in try_action
      } catch (const std::exception&) {
        // As in try_action: an action the copy cannot play is no line.
      }
      copy_.journal().rollback(cp);
      if (wins) return i;
    }
    return std::nullopt;
  }

  // Plays action `pick` and reports whether it, or a line of `depth` - 1 more, wins.
  bool play_wins(std::uint32_t pick, std::size_t options, int depth,
                 std::optional<ObjectId> face_attacker) {
    --nodes_left_;
    copy_.seat(me_, std::make_shared<Trial>(pick, options));
    rules_.advance(copy_);
    const GameState& s = copy_.state();
    if (s.over) return s.player(me_).outcome == Outcome::won;
    if (depth == 1 || s.turn.active != me_) return false;
    // What is left cannot deal what the opponent has left: no line from here.
    if (!face_attacker && out_of_reach(held(copy_, me_), depth - 1)) return false;
    const std::vector<LegalAction> next = rules_.legal_actions(copy_, me_);
    if (face_attacker ? health_and_armor(copy_, opp_) > face_reach(next, *face_attacker, depth - 1)
                      : out_of_reach(offered(copy_, me_, next), depth - 1))
      return false;
    return first_of_line(next, depth - 1, face_attacker).has_value();
  }

  bool out_of_reach(const Means& means, int actions_left) const {
    return health_and_armor(copy_, opp_) > damage_reach(copy_, me_, means, actions_left);
  }

  bool at_face(const LegalAction& a) const {
    return a.kind == LegalAction::Kind::attack && !a.targets.empty() &&
           a.targets.front() == Target::of(opp_);
  }

  // The damage an attack deals: its attacker's attack, or the hero's.
  std::int64_t attack_of(const LegalAction& a) const {
    if (!a.object.valid()) return hero_attack(copy_, me_).damage();
    return std::max(0, copy_.view(a.object).power);
  }

  // The most `attacks` more attacks at the opponent can deal, by `face_attacker` (windfury) or
  // the attackers after it: all a line has left once it attacks the opponent.
  std::int64_t face_reach(const std::vector<LegalAction>& actions, ObjectId face_attacker,
                          int attacks) const {
    std::vector<std::int64_t> damage;
    for (const LegalAction& a : actions)
      if (at_face(a) && face_attacker <= a.object) {
        damage.push_back(attack_of(a));
        if (a.object.valid() && copy_.view(a.object).has_keyword("Windfury"_sym))
          damage.push_back(damage.back());
      }
    std::sort(damage.begin(), damage.end(), std::greater<>());
    damage.resize(std::min(damage.size(), static_cast<std::size_t>(attacks)));
    return std::accumulate(damage.begin(), damage.end(), std::int64_t{0});
  }

  // Whether action `i` can be part of a winning line with `depth` actions left (this one
  // included). Not the end of the turn; nothing aimed at its own hero (a heal ends nothing); an
  // opponent's minion only when it has taunt (only a taunt stands between the attacks and the
  // hero), and never by the last action, which is aimed at the opponent or at no one (a buff of
  // its own ends nothing either). An attack at the opponent changes nothing the other actions
  // need, so a line puts those attacks last, in the order of their attackers: after one, only the
  // same attacker's second (windfury) or a later attacker's. Of identical cards with the same
  // target, one is tried.
  bool may_matter(const std::vector<LegalAction>& actions, std::uint32_t i, int depth,
                  std::optional<ObjectId> face_attacker,
                  const std::vector<std::uint32_t>& tried) const {
    const LegalAction& a = actions[i];
    using Kind = LegalAction::Kind;
    if (a.kind != Kind::cast && a.kind != Kind::attack && a.kind != Kind::hero_power) return false;
    const Target* target = a.targets.empty() ? nullptr : &a.targets.front();
    if (face_attacker && !(at_face(a) && *face_attacker <= a.object)) return false;
    if (depth == 1 && target && *target != Target::of(opp_)) return false;
    // The last attack deals its attacker's attack.
    if (depth == 1 && at_face(a) && attack_of(a) < health_and_armor(copy_, opp_)) return false;
    if (target && *target == Target::of(me_)) return false;
    if (target && target->is_object() && copy_.state().is_current(target->object) &&
        copy_.state().object(target->object.id).controller == opp_ &&
        !copy_.view(target->object.id).has_keyword("Taunt"_sym))
      return false;
    if (a.kind != Kind::cast) return true;
    const Characteristics card = copy_.view(a.object);
    if (plain_minion(copy_, a.object, card)) return false;
    // Identical: copies of one card (each name is one card of the pool), compared without a view.
    const CardId same = copy_.object(a.object).card;
    return std::none_of(tried.begin(), tried.end(), [&](std::uint32_t j) {
      const LegalAction& b = actions[j];
      return b.kind == Kind::cast && b.targets == a.targets && b.value == a.value &&
             b.ability == a.ability && copy_.object(b.object).card == same;
    });
  }

  Game& copy_;
  const RulesModule& rules_;
  PlayerId me_, opp_;
  int nodes_left_ = kLethalNodes;
};

}  // namespace

double hearth_points(const Game& game, PlayerId me) {
  const Player& self = game.state().player(me);
  if (self.outcome == Outcome::lost) return -kGameOver;
  if (self.outcome == Outcome::won) return kGameOver;
  if (self.outcome == Outcome::drew) return 0;
  const PlayerId opp = opponent_of(DecisionView(game, me), me);
  return side_points(game, me, false) - side_points(game, opp, true);
}

Answer hearth_action(const DecisionView& view, const Choice& choice, const RulesModule& rules,
                     std::uint64_t seed) {
  const auto pass = choice.pass;
  if (choice.options.size() == 1) return Answer{{0}};
  std::unique_ptr<Game> copy = view.determinize(seed);
  const PlayerId me = choice.player;
  const double now = position_points(*copy, rules, me);
  std::optional<std::uint32_t> best;
  double best_gain = kWorthDoing;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    if (pass && i == *pass) continue;
    const double gain = try_action(*copy, rules, me, i, choice.options.size(), now, true);
    if (gain > best_gain) {
      best_gain = gain;
      best = i;
    }
  }
  // Nothing wins at once: a line of two or three actions may, and then its first is the action.
  if (best_gain < kGameOver / 2)
    if (auto first = LethalSearch(*copy, rules, me).first_action(choice.options.size()))
      return Answer{{*first}};
  if (best) return Answer{{*best}};
  if (pass) return Answer{{*pass}};
  return Answer{{0}};
}

std::optional<Answer> hearth_pick_card(const DecisionView& view, const Choice& choice) {
  if (choice.kind != ChoiceKind::option || choice.max_picks != 1) return std::nullopt;
  const std::int64_t crystals = view.player(choice.player).attrs.get("crystals"_sym);
  const std::int64_t next_turn = std::min<std::int64_t>(10, crystals + 1);
  std::optional<std::uint32_t> dearest_playable, cheapest;
  int dearest_cost = -1, cheapest_cost = std::numeric_limits<int>::max();
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const Target& t = choice.options[i].target;
    if (!t.is_object() || !view.can_see(t.object.id)) return std::nullopt;
    const int cost = view.view(t.object.id).cost.value();
    if (cost <= next_turn && cost > dearest_cost) {
      dearest_playable = i;
      dearest_cost = cost;
    }
    if (cost < cheapest_cost) {
      cheapest = i;
      cheapest_cost = cost;
    }
  }
  if (!cheapest) return std::nullopt;
  return Answer{{dearest_playable.value_or(*cheapest)}};
}

Answer hearth_mulligan(const DecisionView& view, const Choice& choice) {
  Answer a;
  for (std::uint32_t i = 0; i < choice.options.size() && a.picks.size() < choice.max_picks; ++i) {
    const Target& t = choice.options[i].target;
    if (t.is_object() && view.can_see(t.object.id) && view.view(t.object.id).cost.value() >= 4)
      a.picks.push_back(i);
  }
  return a;
}

}  // namespace anvil::ai_heuristic
