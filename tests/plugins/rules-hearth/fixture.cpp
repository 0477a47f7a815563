#include "fixture.hpp"

#include <gtest/gtest.h>

#include <anvil/plugin_host.hpp>
#include <anvil/tags/card_script.hpp>
#include <filesystem>

namespace anvil::hearth_test {

namespace {

struct Loaded {
  Registry registry;
  PluginHost host{registry};
  std::shared_ptr<const RulesModule> rules;
  LoadedPack pack;
  std::optional<LoadedPack> basic;
  Loaded() {
    (void)host.load_dir(std::filesystem::path(BUNDLED_PLUGIN_DIR));
    rules = registry.get<RulesModule>("hearth");
    pack = load_pack(TEST_PACK_DIR, registry);
    const std::filesystem::path basic_dir = HEARTH_BASIC_PACK_DIR;
    if (std::filesystem::exists(basic_dir / "pack.yaml")) {
      LoadedPack b = load_pack(basic_dir, registry);
      if (b.ok() && b.decks.size() >= 2) basic = std::move(b);
    }
  }
};

Loaded& loaded() {
  static Loaded l;
  return l;
}

}  // namespace

const Registry& registry() { return loaded().registry; }
const RulesModule& rules() { return *loaded().rules; }

const LoadedPack& test_pack() {
  const LoadedPack& p = loaded().pack;
  for (const Diagnostic& d : p.diagnostics) ADD_FAILURE() << d.str();
  return p;
}

std::shared_ptr<const CardPool> pool_of(const LoadedPack& pack) {
  auto pool = std::make_shared<CardPool>();
  for (const CardDef& c : pack.cards) pool->add(c);
  return pool;
}

std::shared_ptr<const CardPool> test_pool() {
  static std::shared_ptr<const CardPool> pool = pool_of(test_pack());
  return pool;
}

const LoadedPack* basic_pack() { return loaded().basic ? &*loaded().basic : nullptr; }

std::unique_ptr<Game> position(const Side& a, const Side& b, std::shared_ptr<const CardPool> pool) {
  Position pos;
  for (const auto* s : {&a, &b}) {
    PositionPlayer p;
    p.name = s == &a ? "A" : "B";
    p.life = s->life;
    p.settings.emplace_back("hero", s->hero);
    if (s->mana) p.settings.emplace_back("mana", std::to_string(*s->mana));
    if (s->armor) p.settings.emplace_back("armor", std::to_string(*s->armor));
    auto card = [](const std::string& n) {
      PositionCard c;
      c.card = n;
      return c;
    };
    for (const auto& n : s->hand) p.hand.push_back(card(n));
    for (const auto& n : s->board) p.battlefield.push_back(card(n));
    for (const auto& n : s->library) p.library.push_back(card(n));
    pos.players.push_back(std::move(p));
  }
  pos.seed = 7;
  return rules().setup_position(std::move(pool), pos);
}

Answer ScriptAgent::choose(const DecisionView&, const Choice& c) {
  if (c.kind != ChoiceKind::action) return Answer{};  // mulligan: keep everything
  seen.clear();
  for (const Option& o : c.options) seen.push_back(o.label);
  if (labels_.empty()) throw Done{};
  const std::string want = labels_.front();
  labels_.pop_front();
  for (std::uint32_t i = 0; i < c.options.size(); ++i)
    if (c.options[i].label == want) return Answer{{i}};
  std::string all;
  for (const auto& l : seen) all += "\n  " + l;
  throw std::runtime_error("no action '" + want + "' among:" + all);
}

void act(Game& game, std::vector<std::string> labels) {
  auto agent = std::make_shared<ScriptAgent>(std::move(labels));
  game.seat(PlayerId(0), agent);
  game.seat(PlayerId(1), agent);
  try {
    while (rules().advance(game)) {
    }
  } catch (const Done&) {
  }
}

Answer HashAgent::choose(const DecisionView&, const Choice& c) {
  // Copied with the game: its decision count and RNG state (hashing the state would be slower).
  std::uint64_t h = game->decisions().size() * 0xD1B54A32D192ED03ull ^ game->state().rng.state ^
                    (seed_ * 0x9E3779B97F4A7C15ull);
  SplitMix64 rng{h};
  const auto n = static_cast<std::uint32_t>(c.options.size());
  if (c.kind == ChoiceKind::action) {
    // End the turn now and then, otherwise act: games finish.
    if (c.pass && rng.below(4) == 0) return Answer{{*c.pass}};
    return Answer{{static_cast<std::uint32_t>(rng.below(n))}};
  }
  Answer a;
  for (std::uint32_t i = 0; i < n && a.picks.size() < c.max_picks; ++i)
    if (rng.below(2) == 0) a.picks.push_back(i);
  while (a.picks.size() < c.min_picks) a.picks.push_back(static_cast<std::uint32_t>(a.picks.size()));
  return a;
}

void check_invariants(const Game& game) {
  const GameState& s = game.state();
  for (const Zone& z : s.zones)
    for (ObjectId id : z.objects) ASSERT_EQ(s.object(id).zone, z.ref);
  for (const Player& p : s.players) {
    ASSERT_LE(s.zone(ZoneRef::battlefield(p.id)).objects.size(), 7u);
    ASSERT_LE(s.zone(ZoneRef::hand(p.id)).objects.size(), 10u);
    ASSERT_LE(s.zone(ZoneRef::command(p.id)).objects.size(), 1u);
    ASSERT_LE(p.life, 30);
    ASSERT_GE(p.attrs.get("armor"_sym), 0);
    ASSERT_LE(p.attrs.get("crystals"_sym), 10);
    ASSERT_LE(p.attrs.get("mana"_sym), 10);
    ASSERT_GE(p.attrs.get("mana"_sym), 0);
    for (ObjectId m : s.zone(ZoneRef::battlefield(p.id)).objects) {
      ASSERT_EQ(s.object(m).controller, p.id);
      ASSERT_GE(s.object(m).damage, 0);
      // Deaths are resolved after every action: whatever is in play is alive. (view() shows the
      // pulled stats: toughness is the maximum health.)
      if (!s.over) {
        ASSERT_GT(game.view(m).toughness - s.object(m).damage, 0) << game.card(m).name;
      }
    }
    for (ObjectId w : s.zone(ZoneRef::command(p.id)).objects) {
      if (!s.over) {
        ASSERT_GT(game.view(w).toughness - s.object(w).damage, 0) << game.card(w).name;
      }
    }
  }
  if (!s.over) {
    for (const Player& p : s.players) ASSERT_GT(p.life, 0) << "a dead hero in a running game";
  }
}

std::vector<std::string> names(const Game& game, ZoneRef zone) {
  std::vector<std::string> out;
  for (ObjectId id : game.state().zone(zone).objects) out.push_back(game.card(id).name);
  return out;
}

ObjectId find(const Game& game, ZoneRef zone, std::string_view name) {
  for (ObjectId id : game.state().zone(zone).objects)
    if (game.card(id).name == name) return id;
  return ObjectId{};
}

}  // namespace anvil::hearth_test
