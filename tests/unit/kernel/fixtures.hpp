// Small cards and agents for the kernel's tests: enough to exercise every kernel mechanism
// without any rules module or plugin.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "anvil/actions.hpp"
#include "anvil/agent.hpp"
#include "anvil/card.hpp"
#include "anvil/event_bus.hpp"
#include "anvil/game.hpp"

namespace anvil::testing {

using namespace anvil::literals;

inline constexpr Symbol kCreature = "Creature"_sym;

// "Creatures your controller controls get +1/+1" (layer 7c).
class Anthem final : public Ability, public ContinuousEffect {
 public:
  const ContinuousEffect* continuous() const override { return this; }
  std::string describe() const override { return "Creatures you control get +1/+1."; }
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game& g, const EffectContext& ctx, ObjectId obj, const Characteristics& c) const override {
    return c.has_type(kCreature) && g.object(obj).controller == ctx.controller &&
           g.object(obj).zone.kind == ZoneKind::battlefield;
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    c.power += 1;
    c.toughness += 1;
  }
};

// A floating effect: the affected object gets +a/+b (layer 7c), or has power set to a (7b).
class Pump final : public Ability, public ContinuousEffect {
 public:
  explicit Pump(Layer layer) : layer_(layer) {}
  const ContinuousEffect* continuous() const override { return this; }
  ZoneMask zones() const override { return 0; }  // only ever used through floating effects
  std::string describe() const override { return "pump"; }
  Layer layer() const override { return layer_; }
  bool affects(const Game&, const EffectContext& ctx, ObjectId obj, const Characteristics&) const override {
    return ctx.affected.is_object() && ctx.affected.object.id == obj;
  }
  void apply(const Game&, const EffectContext& ctx, ObjectId, Characteristics& c) const override {
    if (layer_ == Layer::pt_set) {
      c.power = static_cast<std::int32_t>(ctx.a);
      return;
    }
    c.power += static_cast<std::int32_t>(ctx.a);
    c.toughness += static_cast<std::int32_t>(ctx.b);
  }

 private:
  Layer layer_;
};

// "Whenever a player is dealt damage, …": fires a pending trigger for every damage event.
class DamageWatcher : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_trigger<DamageEvent>([self](Game& g, const DamageEvent& e) {
      if (!e.target.is_player()) return;
      const GameObject& me = g.object(self);
      g.fire_trigger(PendingTrigger{me.ref(), me.card, 0, me.controller, record_of(g.state(), e)});
    }));
  }
  std::string describe() const override { return "Whenever a player is dealt damage, …"; }
};

// A spell ability whose resolution throws, like a buggy plugin.
class Throws final : public Ability {
 public:
  void resolve(Game& game, const ResolveContext& ctx) const override {
    game.journal().set_life(ctx.controller, 1);  // a change that must be rolled back
    throw std::runtime_error("boom");
  }
  std::string describe() const override { return "throws"; }
};

struct Cards {
  std::shared_ptr<CardPool> pool = std::make_shared<CardPool>();
  CardId bear, anthem, pump, setter, watcher, thrower, land;

  Cards() {
    bear = add("Grizzly Bears", true, 2, 2, {});
    anthem = add("Glorious Anthem", false, 0, 0, {{AbilityKind::static_, std::make_shared<Anthem>()}});
    pump = add("Giant Growth", false, 0, 0, {{AbilityKind::spell, std::make_shared<Pump>(Layer::pt_modify)}});
    setter = add("Ovinize", false, 0, 0, {{AbilityKind::spell, std::make_shared<Pump>(Layer::pt_set)}});
    watcher = add("Watcher", true, 1, 1, {{AbilityKind::triggered, std::make_shared<DamageWatcher>()}});
    thrower = add("Buggy Bolt", false, 0, 0, {{AbilityKind::spell, std::make_shared<Throws>()}});
    land = add("Forest", false, 0, 0, {});
  }

  CardId add(std::string name, bool creature, int power, int toughness,
             std::vector<std::pair<AbilityKind, std::shared_ptr<const Ability>>> abilities) {
    CardDef d;
    d.name = std::move(name);
    if (creature) {
      d.base.types = {kCreature};
      d.base.has_stats = true;
      d.base.power = power;
      d.base.toughness = toughness;
    }
    for (auto& [kind, impl] : abilities)
      d.abilities.push_back(AbilityDef{kind, impl->describe(), "test-plugin", {}, impl});
    return pool->add(std::move(d));
  }
};

// Picks uniformly at random among the options, seeded: a stand-in for ai-random.
class RandomAgent final : public Agent {
 public:
  RandomAgent(std::uint64_t seed, std::string name) : rng_{seed}, name_(std::move(name)) {}
  std::string_view name() const override { return name_; }
  Answer choose(const DecisionView&, const Choice& c) override {
    Answer a;
    const auto n = static_cast<std::uint32_t>(c.options.size());
    const std::uint32_t picks = c.min_picks + static_cast<std::uint32_t>(rng_.below(c.max_picks - c.min_picks + 1));
    std::vector<std::uint32_t> all(n);
    for (std::uint32_t i = 0; i < n; ++i) all[i] = i;
    for (std::uint32_t i = 0; i < picks && i < n; ++i) {
      std::swap(all[i], all[i + rng_.below(n - i)]);
      a.picks.push_back(all[i]);
    }
    return a;
  }

 private:
  SplitMix64 rng_;
  std::string name_;
};

// Always picks the given option index.
class FixedAgent final : public Agent {
 public:
  explicit FixedAgent(std::uint32_t pick) : pick_(pick) {}
  std::string_view name() const override { return "fixed"; }
  Answer choose(const DecisionView&, const Choice&) override {
    ++asked;
    return Answer{{pick_}};
  }
  int asked = 0;

 private:
  std::uint32_t pick_;
};

// A two-player game with `per_player` bears in each library.
inline std::unique_ptr<Game> make_game(const Cards& cards, int per_player = 10, std::uint64_t seed = 7) {
  auto game = std::make_unique<Game>(cards.pool, 2, seed);
  for (std::uint8_t p = 0; p < 2; ++p) {
    game->journal().set_life(PlayerId(p), 20);
    for (int i = 0; i < per_player; ++i) game->add_card(cards.bear, PlayerId(p), ZoneRef::library(PlayerId(p)));
  }
  game->journal().clear();
  return game;
}

// Giant Growth's floating +3/+3 on `target`, as if `spell` (a cards.pump in a graveyard) had
// just resolved for player 0.
inline void pump_with(Game& game, const Cards& cards, ObjectId spell, ObjectId target) {
  FloatingEffect f;
  f.source = game.object(spell).ref();
  f.card = cards.pump;
  f.controller = PlayerId(0);
  f.affected = Target::of(game.object(target).ref());
  f.a = 3;
  f.b = 3;
  game.add_effect(f);
}

}  // namespace anvil::testing
