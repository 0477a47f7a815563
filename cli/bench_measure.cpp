#include "bench_measure.hpp"

#include <fmt/core.h>
#include <malloc.h>
#if defined(ANVIL_JEMALLOC)
#include <jemalloc/jemalloc.h>
#endif

#include <algorithm>
#include <ctime>
#include <stdexcept>

#include "match.hpp"

namespace anvil::cli {

namespace {

// The CPU time of the calling thread: on a machine shared with other work, wall time counts the
// time the thread waited for a core; this does not.
struct CpuClock {
  static double now() {
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
  }
};
constexpr std::uint64_t kMaxActions = 1'000'000;  // a game still going after this many is broken

std::uint64_t seat_seed(std::uint64_t seed, std::size_t seat) {
  std::uint64_t s = seed ^ (0x9e3779b97f4a7c15ull * (seat + 1));
  return SplitMix64::step(s);
}

// The MatchConfigs of the two seatings of `decks` (the second swapped), made once for all the
// games of a run as `anvil sim` makes its plans: each deck found in the pool once
// (MatchConfig::deck_cards into `found`), not copied and looked up by name for every game.
struct Seatings {
  std::vector<CardId> found[2];
  MatchConfig config[2];
  Seatings(const CardPool& cards, const std::vector<DeckList>& decks) {
    for (std::size_t d = 0; d < 2; ++d) found[d] = found_cards(cards, decks.at(d));
    for (std::size_t swap = 0; swap < 2; ++swap) {
      config[swap].decks = {decks.at(swap), decks.at(1 - swap)};
      if (!found[0].empty() && !found[1].empty())
        config[swap].deck_cards = {found[swap], found[1 - swap]};
    }
  }
};

std::unique_ptr<Game> new_game(const RulesModule& rules,
                               const std::shared_ptr<const CardPool>& cards,
                               const Registry& registry, const std::string& rules_name,
                               Seatings& seatings, const std::string& agent, std::uint64_t seed,
                               bool swap) {
  MatchConfig& config = seatings.config[swap ? 1 : 0];
  config.seed = seed;
  auto game = rules.setup(cards, config);
  for (std::size_t seat = 0; seat < 2; ++seat)
    game->seat(PlayerId(static_cast<std::uint8_t>(seat)),
               make_agent(registry, agent, AgentOptions{seat_seed(seed, seat), {}, &registry, rules_name}));
  return game;
}

// Runs `game` to its end; returns the advance() calls.
std::uint64_t play(const RulesModule& rules, Game& game, std::uint64_t seed) {
  std::uint64_t actions = 1;
  // trim() between advances, as `anvil sim` does; a rollout's root is held.
  for (; rules.advance(game); game.journal().trim_inline())
    if (++actions > kMaxActions) throw std::runtime_error(fmt::format("game {} did not end within {} actions", seed, kMaxActions));
  return actions;
}

}  // namespace

std::int64_t heap_in_use() {
#if defined(ANVIL_JEMALLOC)
  // Exact and this thread's alone: the bench plays its games on the calling thread.
  std::uint64_t allocated = 0;
  std::uint64_t deallocated = 0;
  std::size_t size = sizeof allocated;
  if (mallctl("thread.allocated", &allocated, &size, nullptr, 0) != 0) return 0;
  size = sizeof deallocated;
  if (mallctl("thread.deallocated", &deallocated, &size, nullptr, 0) != 0) return 0;
  return static_cast<std::int64_t>(allocated - deallocated);
#elif defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  const struct mallinfo2 m = mallinfo2();
  return static_cast<std::int64_t>(m.uordblks + m.hblkhd);
#else
  return 0;
#endif
}

GamesRun run_games(const RulesModule& rules, const std::shared_ptr<const CardPool>& cards,
                   const Registry& registry, const std::string& rules_name, const std::vector<DeckList>& decks,
                   const std::string& agent, std::size_t games, std::uint64_t seed) {
  GamesRun run;
  double seconds = 0;
  Seatings seatings(*cards, decks);
  for (std::size_t i = 0; i < games; ++i) {
    const std::int64_t before = heap_in_use();
    const double start = CpuClock::now();
    auto game = new_game(rules, cards, registry, rules_name, seatings, agent, seed + i, i % 2 == 1);
    run.actions += play(rules, *game, seed + i);
    seconds += CpuClock::now() - start;
    // The game is still alive: its whole footprint. Never negative, even where the allocator
    // does not count (AddressSanitizer's allocator is not glibc's).
    run.bytes.push_back(std::max<std::int64_t>(0, heap_in_use() - before));
    run.journal_bytes.push_back(static_cast<std::int64_t>(game->journal().edits().capacity() * sizeof(Edit)));
    run.decisions.push_back(static_cast<std::int64_t>(game->decisions().size()));
  }
  run.games_per_s = seconds > 0 ? static_cast<double>(games) / seconds : 0;
  run.us_per_action = run.actions ? 1e6 * seconds / static_cast<double>(run.actions) : 0;
  return run;
}

RolloutRun run_rollouts(const RulesModule& rules, const std::shared_ptr<const CardPool>& cards,
                        const Registry& registry, const std::string& rules_name, const std::vector<DeckList>& decks,
                        const std::string& agent, std::size_t positions, std::size_t playouts, std::uint64_t seed) {
  RolloutRun run;
  double seconds = 0;
  Seatings seatings(*cards, decks);
  for (std::size_t i = 0; i < positions; ++i) {
    // A position: a random game stopped after a number of actions that varies with i.
    auto game =
        new_game(rules, cards, registry, rules_name, seatings, "ai-random", seed + i, i % 2 == 1);
    for (std::uint64_t a = 0, stop = 5 + 7 * (i % 9); a < stop && rules.advance(*game); ++a) {
    }
    if (game->state().over) continue;
    const double start = CpuClock::now();
    auto copy = game->determinize(game->state().turn.priority, seat_seed(seed + i, 9));
    for (std::size_t seat = 0; seat < copy->state().player_count(); ++seat)
      copy->seat(PlayerId(static_cast<std::uint8_t>(seat)),
                 make_agent(registry, agent, AgentOptions{seat_seed(seed + i, seat + 2), {}, &registry, rules_name}));
    const Journal::Hold root = copy->journal().hold();
    for (std::size_t p = 0; p < playouts; ++p) {
      run.steps += play(rules, *copy, seed + i);
      copy->journal().rollback(root.checkpoint());
    }
    seconds += CpuClock::now() - start;
  }
  run.steps_per_s = seconds > 0 ? static_cast<double>(run.steps) / seconds : 0;
  return run;
}

}  // namespace anvil::cli
