// anvil bench: single-threaded speed of whole games and of search rollouts on the bundled decks,
// each figure the median of several runs (docs/cli.md; what each figure means:
// docs/performance.md).
#include <fmt/core.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "bench_measure.hpp"
#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "output.hpp"
#include "pack_library.hpp"

namespace anvil::cli {

namespace {

struct BenchOptions {
  bool json = false;
  std::size_t runs = 5;
  std::size_t games = 200;
  std::uint64_t seed = 1;
};

// The targets, printed beside the figures (docs/performance.md).
constexpr double kRandomTarget = 5000, kHeuristicTarget = 500, kRolloutTarget = 200000;
constexpr double kHearthRandomTarget = 4000;  // issue 5's
constexpr std::int64_t kBytesTarget = 64 * 1024;

template <class T>
T median(std::vector<T> v) {
  if (v.empty()) return T{};
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

// A game's decks and cards: the first two bundled decks of `rules` (one deck plays itself).
struct Table {
  std::string rules;
  std::shared_ptr<const RulesModule> module;
  std::shared_ptr<const CardPool> cards;
  std::vector<DeckList> decks;
};

std::optional<Table> table_for(const std::string& rules, const Registry& registry, PackLibrary& packs) {
  Table t{rules, registry.find<RulesModule>(rules), nullptr, {}};
  if (!t.module) return std::nullopt;
  std::vector<DeckRef> decks = packs.decks(rules);
  if (decks.empty()) return std::nullopt;
  if (decks.size() == 1) decks.push_back(decks[0]);
  decks.resize(2);
  std::string error;
  t.cards = packs.pool(packs.with_requirements({decks[0].pack, decks[1].pack}), error);
  if (!t.cards) throw std::runtime_error(fmt::format("the bundled {} decks do not load: {}", rules, error));
  for (const DeckRef& d : decks) t.decks.push_back(d.deck);
  return t;
}

struct GameFigures {
  double games_per_s = 0, us_per_action = 0, actions_per_game = 0;
};

// Per game at its end: heap in use, the journal's part of it, decision records.
struct Footprint {
  std::vector<std::int64_t> bytes, journal, decisions;
};

GameFigures measure_games(const Table& t, const Registry& registry, const std::string& agent, const BenchOptions& o,
                          Footprint* footprint) {
  std::vector<double> per_s, us, actions;
  for (std::size_t r = 0; r < o.runs; ++r) {
    GamesRun run = run_games(*t.module, t.cards, registry, t.rules, t.decks, agent, o.games, o.seed + r * o.games);
    per_s.push_back(run.games_per_s);
    us.push_back(run.us_per_action);
    actions.push_back(static_cast<double>(run.actions) / static_cast<double>(o.games));
    if (footprint) {
      footprint->bytes.insert(footprint->bytes.end(), run.bytes.begin(), run.bytes.end());
      footprint->journal.insert(footprint->journal.end(), run.journal_bytes.begin(), run.journal_bytes.end());
      footprint->decisions.insert(footprint->decisions.end(), run.decisions.begin(), run.decisions.end());
    }
  }
  return {median(per_s), median(us), median(actions)};
}

int run_bench(const GlobalOptions& global, const BenchOptions& o) {
  auto engine = start_engine(global);
  const Registry& registry = engine->registry;
  if (!registry.entry(PluginKind::agent, "ai-random"))
    throw std::runtime_error("anvil bench needs the ai-random agent plugin, which is not loaded");
  PackLibrary packs(global, *engine);
  const bool heuristic = registry.entry(PluginKind::agent, "ai-heuristic") != nullptr;

  nlohmann::json out = nlohmann::json::object();
  std::vector<std::vector<std::string>> rows{{"FIGURE", "MEDIAN", "TARGET"}};
  Footprint footprint;
  bool any = false;
  for (const std::string rules : {"classic", "hearth"}) {
    const std::optional<Table> t = table_for(rules, registry, packs);
    if (!t) continue;
    any = true;
    const GameFigures random = measure_games(*t, registry, "ai-random", o, rules == "classic" ? &footprint : nullptr);
    nlohmann::json figures{{"random_games_per_s", random.games_per_s}};
    rows.push_back({rules + " random-vs-random games/s", fmt::format("{:.0f}", random.games_per_s),
                    fmt::format("≥ {:.0f}", rules == "classic" ? kRandomTarget : kHearthRandomTarget)});
    if (rules == "classic" && heuristic) {
      const GameFigures h = measure_games(*t, registry, "ai-heuristic", o, nullptr);
      figures["heuristic_games_per_s"] = h.games_per_s;
      rows.push_back({"classic heuristic-vs-heuristic games/s", fmt::format("{:.0f}", h.games_per_s),
                      fmt::format("≥ {:.0f}", kHeuristicTarget)});
    }
    figures["us_per_action"] = random.us_per_action;
    rows.push_back({rules + " microseconds per action (random games)", fmt::format("{:.2f}", random.us_per_action), ""});
    figures["actions_per_game"] = random.actions_per_game;
    rows.push_back({rules + " actions per game (random games)", fmt::format("{:.1f}", random.actions_per_game), ""});
    out[rules] = figures;
    if (rules == "classic") {
      std::vector<double> steps;
      const std::size_t positions = std::max<std::size_t>(1, o.games / 10);
      for (std::size_t r = 0; r < o.runs; ++r)
        steps.push_back(run_rollouts(*t->module, t->cards, registry, rules, t->decks, "ai-random", positions, 25,
                                     o.seed + r * positions)
                            .steps_per_s);
      out["search"] = {{"rollout_steps_per_s", median(steps)}};
      rows.push_back({"search rollout steps/s (ai-random rollouts)", fmt::format("{:.0f}", median(steps)),
                      fmt::format("≥ {:.0f}", kRolloutTarget)});
    }
  }
  if (!any) throw std::runtime_error("no rules module with bundled decks is loaded (classic, hearth)");
  if (!footprint.bytes.empty()) {
    out["bytes_per_game"] = median(footprint.bytes);
    rows.push_back({"bytes per game (classic, heap at its end)", std::to_string(median(footprint.bytes)),
                    fmt::format("< {}", kBytesTarget)});
    rows.push_back({"  of which journal edits (bytes)", std::to_string(median(footprint.journal)), ""});
    rows.push_back({"  decision log records", std::to_string(median(footprint.decisions)), ""});
  }
  if (o.json) {
    fmt::print("{}\n", json_text(out));
  } else {
    print_table(stdout, rows);
    fmt::print("{} of {} each, one thread; medians of the runs\n", count_of(o.runs, "run"),
               count_of(o.games, "game"));
  }
  return kExitOk;
}

}  // namespace

void add_bench_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out) {
  CLI::App* bench = app.add_subcommand("bench", "Measure games and search rollouts per second on one thread");
  auto o = std::make_shared<BenchOptions>();
  bench->add_flag("--json", o->json, "Print one JSON document instead of the table");
  bench
      ->add_option("--runs", o->runs,
                   "Runs of each measurement; the median is reported (default: 5)")
      ->check(at_least(1));
  bench->add_option("--games", o->games, "Games per run (default: 200)")->check(at_least(1));
  bench->add_option("--seed", o->seed, "Game i of a run is seeded from seed (default: 1)")
      ->check(at_least(0));
  out.push_back({bench, [&options, o] { return run_bench(options, *o); }});
}

}  // namespace anvil::cli
