// Kernel micro-benchmarks for the two claims DESIGN.md §2 makes about cost:
//   - an event through the EventBus (Boost.Signals2) costs "about 25 ns per emit plus about
//     10 ns per slot", and an event type nobody listens to costs nearly nothing;
//   - rolling back the Journal is far cheaper than copying the game.
// docs/performance.md records the figures, the exact command and the machine. Nothing here
// asserts a time; the ctest `bench_kernel_smoke` only proves the program runs.
//
//   cmake --preset release && cmake --build --preset release --target anvil_bench_kernel
//   build/release/bin/anvil_bench_kernel                               # everything
//   build/release/bin/anvil_bench_kernel --benchmark_filter=Rollback   # a subset
//
// Every benchmark also reports `allocs/op`, the heap allocations per iteration: this program
// replaces the global operator new to count them, so DESIGN.md §6 ("nothing allocates per event
// in the steady state") can be checked beside the times.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <functional>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "anvil/ability.hpp"
#include "anvil/actions.hpp"
#include "anvil/card.hpp"
#include "anvil/event_bus.hpp"
#include "anvil/events.hpp"
#include "anvil/game.hpp"
#include "anvil/journal.hpp"
#include "anvil/state.hpp"
#include "anvil/symbol.hpp"

// --- counting allocations ------------------------------------------------------------------

namespace {
std::uint64_t allocation_count = 0;  // the benchmarks run on one thread
}  // namespace

// Default visibility, so libanvil_kernel.so binds to these replacements rather than to
// libstdc++'s: the kernel's own allocations are the ones worth counting. Not inlined, or GCC 12
// sees `free` meet a pointer from `operator new` and warns (-Wmismatched-new-delete).
#define ANVIL_BENCH_REPLACEMENT __attribute__((visibility("default"), noinline))

ANVIL_BENCH_REPLACEMENT void* operator new(std::size_t size) {
  ++allocation_count;
  if (void* p = std::malloc(size == 0 ? 1 : size)) return p;
  throw std::bad_alloc();
}
ANVIL_BENCH_REPLACEMENT void operator delete(void* p) noexcept { std::free(p); }
ANVIL_BENCH_REPLACEMENT void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace anvil::bench {
namespace {

using namespace anvil::literals;

// Reports the allocations made between its construction and destruction, per iteration.
// Build it right before the timed loop, so set-up is not counted.
class AllocationsPerOp {
 public:
  explicit AllocationsPerOp(benchmark::State& state) : state_(state), start_(allocation_count) {}
  AllocationsPerOp(const AllocationsPerOp&) = delete;
  AllocationsPerOp& operator=(const AllocationsPerOp&) = delete;
  ~AllocationsPerOp() {
    const auto made = static_cast<double>(allocation_count - start_);
    state_.counters["allocs/op"] = benchmark::Counter(made, benchmark::Counter::kAvgIterations);
  }

 private:
  benchmark::State& state_;
  std::uint64_t start_;
};

std::shared_ptr<const CardPool> empty_pool() { return std::make_shared<const CardPool>(); }

DamageEvent one_damage_to_player_1() {
  DamageEvent e;
  e.target = Target::of(PlayerId{1});
  e.amount = 1;
  return e;
}

// --- 1. one event: kernel bus against a plain loop over std::function ---------------------

// The slots every event benchmark connects: replacement slots that never apply (so no choice is
// ever asked), trigger and observer slots that bump a counter.
ReplacementSlot<DamageEvent> never_applies() {
  return [](const Game&, const DamageEvent&) -> std::optional<Replacement<DamageEvent>> {
    return std::nullopt;
  };
}
TriggerSlot<DamageEvent> counts_trigger(std::uint64_t& hits) {
  return [&hits](Game&, const DamageEvent&) { ++hits; };
}
ObserverSlot<DamageEvent> counts_observer(std::uint64_t& hits) {
  return [&hits](const Game&, const DamageEvent&) { ++hits; };
}

// `slots` trivial slots on each of DamageEvent's three channels.
std::vector<ScopedConnection> connect_slots(Game& game, std::int64_t slots, std::uint64_t& hits) {
  std::vector<ScopedConnection> out;
  for (std::int64_t i = 0; i < slots; ++i) {
    out.emplace_back(game.bus().on_replacement<DamageEvent>(never_applies()));
    out.emplace_back(game.bus().on_trigger<DamageEvent>(counts_trigger(hits)));
    out.emplace_back(game.bus().on_observe<DamageEvent>(counts_observer(hits)));
  }
  return out;
}

// The kernel path every action takes: replacements (rule 616 loop), then triggers and observers.
void BM_KernelEvent(benchmark::State& state) {
  Game game(empty_pool(), 2, 1);
  std::uint64_t hits = 0;
  const std::vector<ScopedConnection> connections = connect_slots(game, state.range(0), hits);
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    DamageEvent e = one_damage_to_player_1();
    bool happens = game.bus().replace(game, e);
    benchmark::DoNotOptimize(happens);
    game.bus().after(game, e);
  }
  benchmark::DoNotOptimize(hits);
}
BENCHMARK(BM_KernelEvent)->ArgName("slots")->Arg(0)->Arg(1)->Arg(4)->Arg(16);

// The same slots held in three vectors of std::function and called in a loop: the floor any
// dispatch mechanism starts from. Collects applicable replacements as the kernel's combiner does.
void BM_StdFunctionLoop(benchmark::State& state) {
  Game game(empty_pool(), 2, 1);
  std::uint64_t hits = 0;
  std::vector<ReplacementSlot<DamageEvent>> replacement;
  std::vector<TriggerSlot<DamageEvent>> trigger;
  std::vector<ObserverSlot<DamageEvent>> observer;
  for (std::int64_t i = 0; i < state.range(0); ++i) {
    replacement.push_back(never_applies());
    trigger.push_back(counts_trigger(hits));
    observer.push_back(counts_observer(hits));
  }
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    DamageEvent e = one_damage_to_player_1();
    std::vector<Replacement<DamageEvent>> applicable;
    for (const auto& slot : replacement)
      if (std::optional<Replacement<DamageEvent>> r = slot(game, e))
        applicable.push_back(std::move(*r));
    benchmark::DoNotOptimize(applicable.data());
    for (const auto& slot : trigger) slot(game, e);
    for (const auto& slot : observer) slot(game, e);
  }
  benchmark::DoNotOptimize(hits);
}
BENCHMARK(BM_StdFunctionLoop)->ArgName("slots")->Arg(0)->Arg(1)->Arg(4)->Arg(16);

// One signal emitted: `slots` trigger slots and nothing else, so `after` emits the trigger
// signal once and skips the empty observer signal. This is the figure DESIGN.md's "25 ns per
// emit + 10 ns per slot" speaks of.
void BM_KernelTriggerSignal(benchmark::State& state) {
  Game game(empty_pool(), 2, 1);
  std::uint64_t hits = 0;
  std::vector<ScopedConnection> connections;
  for (std::int64_t i = 0; i < state.range(0); ++i)
    connections.emplace_back(game.bus().on_trigger<DamageEvent>(counts_trigger(hits)));
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    DamageEvent e = one_damage_to_player_1();
    game.bus().after(game, e);
  }
  benchmark::DoNotOptimize(hits);
}
BENCHMARK(BM_KernelTriggerSignal)->ArgName("slots")->Arg(0)->Arg(1)->Arg(4)->Arg(16);

// A whole action: deal_damage builds the event, runs replacements, applies it through the rules
// hooks (the default loses life: a LifeChangeEvent and one journaled edit) and fires triggers.
void BM_DealDamage(benchmark::State& state) {
  constexpr std::int32_t kLife = 1'000'000;
  constexpr std::uint64_t kClearEvery = 1024;  // < kLife: the player never runs out of life
  Game game(empty_pool(), 2, 1);
  game.journal().set_life(PlayerId{1}, kLife);
  game.journal().clear();
  std::uint64_t hits = 0;
  const std::vector<ScopedConnection> connections = connect_slots(game, state.range(0), hits);
  std::uint64_t done = 0;
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    std::int32_t dealt = deal_damage(game, ObjectId{}, Target::of(PlayerId{1}), 1);
    benchmark::DoNotOptimize(dealt);
    // Keeps the journal's memory bounded. Inside the timed region on purpose: amortised over
    // 1024 actions it is noise, whereas PauseTiming costs more than the action itself.
    if (++done % kClearEvery == 0) {
      game.journal().set_life(PlayerId{1}, kLife);
      game.journal().clear();
    }
  }
  benchmark::DoNotOptimize(hits);
}
BENCHMARK(BM_DealDamage)->ArgName("slots")->Arg(0)->Arg(1)->Arg(4)->Arg(16);

// --- 2. undo: checkpoint + edits + rollback against copying the game ----------------------

constexpr int kPlayers = 2;
constexpr int kLibraryCards = 50;      // per player
constexpr int kBattlefieldCards = 10;  // per player: 60 cards each
constexpr Symbol kPlusOne = "+1/+1"_sym;
constexpr Symbol kAttacks = "attacks_this_turn"_sym;
constexpr Symbol kPoison = "poison"_sym;
constexpr Symbol kLandsPlayed = "lands_played"_sym;

// A triggered ability with one trivial slot, so the bus a fork rebuilds has real connections.
class QuietTrigger final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_trigger<DamageEvent>([self](Game&, const DamageEvent& e) {
      if (e.target.is_object() && e.target.object.id == self) benchmark::ClobberMemory();
    }));
  }
  std::string describe() const override {
    return "Whenever CARDNAME is dealt damage, nothing happens.";
  }
};

// 2 players × 60 cards: 50 in each library (a third of them creatures with a trigger), 10 on
// each battlefield — lands (some tapped) and creatures with counters, attributes and damage.
std::unique_ptr<Game> make_table() {
  auto pool = std::make_shared<CardPool>();
  CardDef land;
  land.name = "Bench Land";
  const CardId land_id = pool->add(std::move(land));
  CardDef bear;
  bear.name = "Bench Bear";
  AbilityDef trigger;
  trigger.kind = AbilityKind::triggered;
  trigger.provider = "bench";
  trigger.impl = std::make_shared<QuietTrigger>();
  bear.abilities.push_back(std::move(trigger));
  const CardId bear_id = pool->add(std::move(bear));

  auto game = std::make_unique<Game>(std::move(pool), kPlayers, 7);
  Journal& j = game->journal();
  for (int n = 0; n < kPlayers; ++n) {
    const PlayerId p(static_cast<std::uint8_t>(n));
    for (int i = 0; i < kLibraryCards; ++i)
      game->add_card(i % 3 == 0 ? bear_id : land_id, p, ZoneRef::library(p));
    for (int i = 0; i < kBattlefieldCards; ++i) {
      const bool is_bear = i % 2 == 1;
      const ObjectId id = game->add_card(is_bear ? bear_id : land_id, p, ZoneRef::battlefield(p));
      if (!is_bear) {
        j.set_tapped(id, i % 4 == 0);
        continue;
      }
      j.set_counter(id, kPlusOne, 1 + i % 3);
      j.set_attr(id, kAttacks, 1);
      j.set_damage(id, 1);
    }
    j.set_life(p, 20);
    j.set_counter(p, kPoison, 1);
    j.set_attr(p, kLandsPlayed, 1);
  }
  j.clear();
  return game;
}

// Ten edits per round, alternating players: tap/untap, damage, a counter and an attribute on a
// permanent; life and poison; one RNG draw; a card from library to hand (three edits: the game's
// next timestamp, the card's timestamp, the move — which also reconnects the card's abilities).
// REQUIRES: rounds <= kPlayers * kLibraryCards.
void make_edits(Game& game, int rounds) {
  Journal& j = game.journal();
  const GameState& s = game.state();
  for (int r = 0; r < rounds; ++r) {
    const PlayerId p(static_cast<std::uint8_t>(r % kPlayers));
    const auto& permanents = s.zone(ZoneRef::battlefield(p)).objects;
    const GameObject& o =
        s.object(permanents[static_cast<std::size_t>(r / kPlayers) % permanents.size()]);
    j.set_tapped(o.id, !o.tapped);
    j.set_damage(o.id, o.damage + 1);
    j.set_counter(o.id, kPlusOne, o.counters.get(kPlusOne) + 1);
    j.set_attr(o.id, kAttacks, o.attrs.get(kAttacks) + 1);
    j.set_life(p, s.player(p).life - 1);
    j.set_counter(p, kPoison, s.player(p).counters.get(kPoison) + 1);
    benchmark::DoNotOptimize(j.random_below(6));
    j.move_object(s.zone(ZoneRef::library(p)).objects.back(), ZoneRef::hand(p));
  }
}

constexpr int kEditsPerRound = 10;

void BM_CheckpointEditsRollback(benchmark::State& state) {
  const auto edits = static_cast<int>(state.range(0));
  const int rounds = edits / kEditsPerRound;
  std::unique_ptr<Game> game = make_table();
  Journal& j = game->journal();

  // A wrong benchmark is worse than none: check once that the edits are what they claim and
  // that rollback restores the state exactly.
  const std::uint64_t before = hash(game->state());
  const Journal::Checkpoint check = j.checkpoint();
  make_edits(*game, rounds);
  if (j.size() - check.position != static_cast<std::size_t>(edits))
    return state.SkipWithError(
        ("made " + std::to_string(j.size()) + " edits, not " + std::to_string(edits)).c_str());
  j.rollback(check);
  if (hash(game->state()) != before)
    return state.SkipWithError("rollback did not restore the state's hash");

  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    const Journal::Checkpoint cp = j.checkpoint();
    make_edits(*game, rounds);
    j.rollback(cp);
  }
}
BENCHMARK(BM_CheckpointEditsRollback)->ArgName("edits")->Arg(10)->Arg(100)->Arg(1000);

// Rollback alone, in CPU time. Each iteration makes the edits on kBatch tables with the timer
// paused, then times their kBatch rollbacks: pausing costs about a microsecond, which the batch
// spreads thin (BM_PauseResumeFloor shows what is left of it). `per_rollback` is the time of one.
constexpr int kBatch = 16;

void BM_RollbackOnly(benchmark::State& state) {
  const int rounds = static_cast<int>(state.range(0)) / kEditsPerRound;
  std::vector<std::unique_ptr<Game>> tables;
  for (int k = 0; k < kBatch; ++k) tables.push_back(make_table());
  std::vector<Journal::Checkpoint> checkpoints(kBatch);
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    state.PauseTiming();
    for (int k = 0; k < kBatch; ++k) {
      checkpoints[k] = tables[k]->journal().checkpoint();
      make_edits(*tables[k], rounds);
    }
    state.ResumeTiming();
    for (int k = 0; k < kBatch; ++k) tables[k]->journal().rollback(checkpoints[k]);
  }
  state.counters["per_rollback"] = benchmark::Counter(
      kBatch, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}
BENCHMARK(BM_RollbackOnly)->ArgName("edits")->Arg(10)->Arg(100)->Arg(1000);

// What pausing and resuming the timer leaves in each iteration of BM_RollbackOnly.
void BM_PauseResumeFloor(benchmark::State& state) {
  for (auto _ : state) {
    state.PauseTiming();
    state.ResumeTiming();
  }
}
BENCHMARK(BM_PauseResumeFloor);

// What a parallel worker pays instead: a copy of the GameState (and freeing it).
void BM_CopyGameState(benchmark::State& state) {
  std::unique_ptr<Game> game = make_table();
  const GameState& original = game->state();
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    GameState copy = original;
    benchmark::DoNotOptimize(copy.objects.data());
  }
}
BENCHMARK(BM_CopyGameState);

// Game::fork: the copy, a new journal, and a new bus connected from the copied state (the ten
// creatures in play each connect one trigger slot). Includes destroying the fork.
void BM_GameFork(benchmark::State& state) {
  std::unique_ptr<Game> game = make_table();
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    std::unique_ptr<Game> fork = game->fork();
    benchmark::DoNotOptimize(fork.get());
  }
}
BENCHMARK(BM_GameFork);

// Always picks the first option.
class FirstPick final : public Agent {
 public:
  std::string_view name() const override { return "first"; }
  Answer choose(const DecisionView&, const Choice&) override { return Answer{{0}}; }
};

// A fork of a game 300 decisions in: the copy shares the decision log (copy on write) instead
// of copying 300 records, so this costs what BM_GameFork costs.
void BM_GameForkWithDecisionLog(benchmark::State& state) {
  std::unique_ptr<Game> game = make_table();
  const auto agent = std::make_shared<FirstPick>();
  for (int n = 0; n < kPlayers; ++n) game->seat(PlayerId(static_cast<std::uint8_t>(n)), agent);
  const Choice choice{
      ChoiceKind::option, PlayerId(0), "pick", {{"a", {}, 0}, {"b", {}, 0}}, 1, 1, {}, {}, {}, {}};
  for (int i = 0; i < 300; ++i) (void)game->ask(choice);
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    std::unique_ptr<Game> fork = game->fork();
    benchmark::DoNotOptimize(fork.get());
  }
}
BENCHMARK(BM_GameForkWithDecisionLog);

// Rounds of edits with a trim() after each, as `anvil sim` trims after each advance(): the
// journal's memory is that of one round however long the game.
void BM_EditsThenTrim(benchmark::State& state) {
  std::unique_ptr<Game> game = make_table();
  for (auto _ : state) {
    for (int r = 0; r < 2 * kLibraryCards; r += 10) {
      make_edits(*game, 10);
      game->journal().trim();
    }
    state.PauseTiming();
    game = make_table();  // the library is drawn out: start over
    state.ResumeTiming();
  }
  state.counters["journal_bytes"] = static_cast<double>(game->journal().edits().capacity() * sizeof(Edit));
}
BENCHMARK(BM_EditsThenTrim);

// The part of a fork that is not the copy: an empty bus, three signals for each event type.
void BM_EventBusConstruct(benchmark::State& state) {
  AllocationsPerOp allocations(state);
  for (auto _ : state) {
    EventBus bus;
    benchmark::DoNotOptimize(&bus);
  }
}
BENCHMARK(BM_EventBusConstruct);

}  // namespace
}  // namespace anvil::bench
