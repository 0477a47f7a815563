#include "hearth.hpp"

#include <algorithm>
#include <limits>
#include <memory>
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
  } catch (const std::exception&) {
    // An action the copy cannot play as the real game would is not chosen on its merits.
  }
  copy.journal().rollback(cp);
  return gain;
}

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
