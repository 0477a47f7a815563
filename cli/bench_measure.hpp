// What `anvil bench` measures, one run at a time (docs/performance.md says how to read them).
// Everything here runs single-threaded on the calling thread, and times are that thread's CPU
// time (CLOCK_THREAD_CPUTIME_ID), not wall time.
#pragma once

#include <anvil/extensions.hpp>
#include <anvil/game.hpp>
#include <anvil/rules.hpp>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace anvil::cli {

// `games` games between two agents of one registered name on `decks`, seeded seed, seed+1, …,
// seats alternating decks like `anvil sim`.
struct GamesRun {
  double games_per_s = 0;
  double us_per_action = 0;        // an action: one RulesModule::advance() call
  std::uint64_t actions = 0;
  std::vector<std::int64_t> bytes;  // heap in use by each game at its end (see heap_in_use())
  // Of which, per game: the journal's edit records (capacity × 32 bytes; a game's journal is
  // never cleared) and the decision log's records.
  std::vector<std::int64_t> journal_bytes;
  std::vector<std::int64_t> decisions;
};
GamesRun run_games(const RulesModule& rules, const std::shared_ptr<const CardPool>& cards,
                   const Registry& registry, const std::string& rules_name, const std::vector<DeckList>& decks,
                   const std::string& agent, std::size_t games, std::uint64_t seed);

// ai-search's playout loop without its tree: from `positions` positions taken from random games
// (between two advance() calls), one determinized copy each, then `playouts` times: checkpoint,
// `agent` plays both seats to the end, rollback. A step is one advance() in a playout.
struct RolloutRun {
  double steps_per_s = 0;
  std::uint64_t steps = 0;
};
RolloutRun run_rollouts(const RulesModule& rules, const std::shared_ptr<const CardPool>& cards,
                        const Registry& registry, const std::string& rules_name, const std::vector<DeckList>& decks,
                        const std::string& agent, std::size_t positions, std::size_t playouts, std::uint64_t seed);

// Bytes of heap allocated and not freed: by the calling thread, in jemalloc's size classes, when
// the program is built with jemalloc (ANVIL_ALLOCATOR); by the process otherwise (glibc's
// mallinfo2: in-use chunks with their headers, plus mmapped blocks). 0 where the allocator does
// not say (e.g. under AddressSanitizer).
std::int64_t heap_in_use();

}  // namespace anvil::cli
