#include "evaluate.hpp"

#include <algorithm>
#include <cmath>

namespace anvil::ai_search {

namespace {

using namespace anvil::literals;

// A body's worth by its stats and keywords, the scale ai-heuristic uses for creatures (its
// creature_value; restated here because one plugin does not link another): evasion and
// deathtouch are worth most, a defender's power nothing.
double body_points(const Characteristics& c, std::int32_t damage) {
  const double power = std::max(0, c.power);
  const double toughness = std::max(0, c.toughness - damage);
  double v = 1.0 + 1.5 * power + 1.0 * toughness;
  for (Symbol k : c.keywords) {
    if (k == "Flying"_sym || k == "Double Strike"_sym || k == "Deathtouch"_sym ||
        k == "Indestructible"_sym)
      v += 2.0 + 0.5 * power;
    else if (k == "First Strike"_sym || k == "Trample"_sym || k == "Lifelink"_sym)
      v += 1.0 + 0.25 * power;
    else if (k == "Defender"_sym)
      v -= 1.0 * power;
    else
      v += 0.5;
  }
  return std::max(v, 0.5);
}

// A card in hand is a spell to come (in a burn deck about a Lightning Bolt's three damage) or a
// land; a land in play is mana for them, worth less once there is plenty.
constexpr double kHandCard = 2.5;
constexpr double kLand = 1.0;
constexpr int kUsefulLands = 6;
// Life below this counts twice: near death, every point decides whether a burn spell kills.
constexpr std::int32_t kDangerLife = 6;
// Points of difference that make an even game 73% (a logistic unit): a 2/2 and a Bolt's worth.
constexpr double kScale = 12.0;

}  // namespace

double board_points(const Game& game, PlayerId p) {
  const GameState& s = game.state();
  const std::int32_t life = s.player(p).life;
  double points = life + std::clamp(life, 0, kDangerLife);
  points += kHandCard * static_cast<double>(s.zone(ZoneRef::hand(p)).objects.size());
  int lands = 0;
  for (std::size_t z = 0; z < s.player_count(); ++z) {
    for (ObjectId id :
         s.zone(ZoneRef::battlefield(PlayerId(static_cast<std::uint8_t>(z)))).objects) {
      const GameObject& o = s.object(id);
      if (o.controller != p) continue;
      const Characteristics c = game.view(id);
      if (c.has_type("Land"_sym))
        ++lands;
      else if (c.has_stats && c.toughness > 0)
        points += body_points(c, o.damage);
    }
  }
  return points + kLand * std::min(lands, kUsefulLands);
}

std::vector<double> rewards_of(const Game& game, Evaluation eval) {
  const GameState& s = game.state();
  const std::size_t n = s.player_count();
  std::vector<double> r(n, 0.5);
  bool decided = s.over;
  for (const Player& p : s.players) decided |= p.outcome != Outcome::playing;
  if (decided) {
    for (const Player& p : s.players)
      r[p.id.value] = p.outcome == Outcome::won ? 1.0 : p.outcome == Outcome::lost ? 0.0 : 0.5;
    return r;
  }
  if (n < 2) return r;
  std::vector<double> points(n);
  for (const Player& p : s.players)
    points[p.id.value] =
        eval == Evaluation::board ? board_points(game, p.id) : static_cast<double>(p.life);
  double total = 0;
  for (double v : points) total += v;
  for (std::size_t i = 0; i < n; ++i) {
    const double lead = points[i] - (total - points[i]) / static_cast<double>(n - 1);
    // Life alone: the old linear scale, 20 life of difference from even to the cap.
    const double estimate =
        eval == Evaluation::board ? 1.0 / (1.0 + std::exp(-lead / kScale)) : 0.5 + lead / 40.0;
    r[i] = std::clamp(estimate, 0.05, 0.95);
  }
  return r;
}

}  // namespace anvil::ai_search
