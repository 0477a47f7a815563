// anvil sim: many games between agents, in parallel, with win rates and their 95% confidence
// intervals (docs/cli.md). Seats alternate who goes first; a game that throws or does not end is
// reported with its replay and the others go on.
#include <fmt/core.h>
#include <unistd.h>

#include <algorithm>
#include <anvil/plugin_host.hpp>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <system_error>
#include <thread>
#include <utility>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "match.hpp"
#include "output.hpp"
#include "pack_library.hpp"

namespace anvil::cli {

namespace {

struct SimOptions {
  std::string rules = "classic";
  std::optional<std::string> decks;   // "A,B"; none: the first two bundled decks
  std::optional<std::string> agents;  // "a,b"; none: ai-random for both
  std::size_t games = 100;
  unsigned threads = 0;  // 0: every core
  std::uint64_t seed = 1;
  bool json = false;
  std::string save_replays;
  std::vector<std::string> options;  // --option KEY=VALUE, as given
};

// One of the two sides being compared: an agent with its deck, whichever seat it sits in.
struct Side {
  std::string agent;
  DeckRef deck;
  std::size_t wins = 0, losses = 0, draws = 0;
};

struct GameRecord {
  bool ok = false;
  bool swapped = false;  // side 1 sat first
  std::vector<std::string> outcome;
  std::uint32_t turns = 0;
  std::uint64_t seed = 0;
  std::string error;
  std::string replay;        // the file it was saved to; empty when it could not be
  std::string replay_error;  // why it could not be ("cannot write …: No space left on device")
};

// What the games one worker played add up to. Only failures are kept game by game: a run of a
// hundred million games holds a few counters a thread, not a record a game (which took 200
// bytes each, allocated before the first game).
struct Tally {
  std::size_t finished = 0;
  std::uint64_t turns = 0;
  std::array<std::array<std::size_t, 3>, 2> results{};  // by side: wins, losses, draws
  std::vector<GameRecord> failures;
  std::size_t unsaved = 0;
  std::optional<std::pair<std::uint64_t, std::string>> first_unsaved;  // (seed, why): the lowest

  void add(GameRecord rec) {
    if (rec.ok && !rec.replay_error.empty()) note_unsaved(rec.seed, rec.replay_error);
    if (!rec.ok) {
      failures.push_back(std::move(rec));
      return;
    }
    ++finished;
    turns += rec.turns;
    for (std::size_t seat = 0; seat < 2 && seat < rec.outcome.size(); ++seat) {
      const std::string& r = rec.outcome[seat];
      ++results[rec.swapped ? 1 - seat : seat][r == "won" ? 0 : r == "lost" ? 1 : 2];
    }
  }
  void note_unsaved(std::uint64_t seed, const std::string& why) {
    if (!first_unsaved || seed < first_unsaved->first) first_unsaved = std::pair{seed, why};
  }
  void merge(Tally&& other) {
    finished += other.finished;
    turns += other.turns;
    for (std::size_t side = 0; side < 2; ++side)
      for (std::size_t k = 0; k < 3; ++k) results[side][k] += other.results[side][k];
    for (GameRecord& f : other.failures) failures.push_back(std::move(f));
    unsaved += other.unsaved;
    if (other.first_unsaved) note_unsaved(other.first_unsaved->first, other.first_unsaved->second);
  }
};

constexpr std::size_t kMaxThreads = 256;  // -j above it plays with this many

// Ctrl-C (SIGINT) or SIGTERM during a run: no game begins after it, the games being played end,
// and those played are reported as usual, with how many were asked for. A second signal ends the
// program at once (SA_RESETHAND gives it back its default action).
std::atomic<int> g_stop_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "set from a signal handler");

extern "C" void on_stop_signal(int signo) { g_stop_signal.store(signo); }

// Catches SIGINT and SIGTERM while it lives; the handlers before it are put back after.
class StopOnSignal {
 public:
  StopOnSignal() {
    g_stop_signal.store(0);
    struct sigaction action {};
    action.sa_handler = on_stop_signal;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESETHAND;
    for (std::size_t i = 0; i < kSignals.size(); ++i) {
      ::sigaction(kSignals[i], nullptr, &before_[i]);
      // A signal ignored when the program began stays so (nohup, a shell's background job).
      caught_[i] = before_[i].sa_handler != SIG_IGN;
      if (caught_[i]) ::sigaction(kSignals[i], &action, nullptr);
    }
  }
  ~StopOnSignal() {
    for (std::size_t i = 0; i < kSignals.size(); ++i)
      if (caught_[i]) ::sigaction(kSignals[i], &before_[i], nullptr);
  }
  StopOnSignal(const StopOnSignal&) = delete;
  StopOnSignal& operator=(const StopOnSignal&) = delete;

  static int signal() { return g_stop_signal.load(); }

 private:
  static constexpr std::array<int, 2> kSignals{SIGINT, SIGTERM};
  std::array<struct sigaction, 2> before_{};
  std::array<bool, 2> caught_{};
};

// The names of `--option` A,B; none when the option was not given. An empty name ("A,", ",")
// is a slip, refused rather than read as the default.
std::vector<std::string> split(const std::optional<std::string>& given, const char* option) {
  std::vector<std::string> out;
  if (!given) return out;
  const std::string& list = *given;
  std::stringstream in(list);
  for (std::string item; std::getline(in, item, ',');) out.push_back(item);
  if (list.empty() || list.back() == ',') out.emplace_back();
  for (const std::string& item : out)
    if (item.empty())
      throw std::runtime_error(fmt::format("{} '{}': a name is empty", option, list));
  return out;
}

// Wilson score interval: well-behaved near 0 and 1, unlike the normal approximation.
std::pair<double, double> wilson95(std::size_t successes, std::size_t n) {
  if (n == 0) return {0.0, 1.0};
  const double z = 1.96, p = static_cast<double>(successes) / static_cast<double>(n);
  const double nn = static_cast<double>(n), z2 = z * z;
  const double center = (p + z2 / (2 * nn)) / (1 + z2 / nn);
  const double half = z * std::sqrt(p * (1 - p) / nn + z2 / (4 * nn * nn)) / (1 + z2 / nn);
  return {std::max(0.0, center - half), std::min(1.0, center + half)};
}

// The names of --decks. A deck's name may hold a comma ("Fire, Ice"): the whole value naming a
// deck is that deck, and else a comma between two deck names splits them, when only one comma
// does. Otherwise every comma splits, and the names that are no decks are refused by name.
std::vector<std::string> deck_names(const SimOptions& o, PackLibrary& packs) {
  if (!o.decks || o.decks->find(',') == std::string::npos) return split(o.decks, "--decks");
  const std::string& given = *o.decks;
  std::set<std::string> names;
  std::vector<std::string> not_loaded;  // said by PackLibrary::deck when a name is looked up
  for (const DeckRef& d : packs.decks(o.rules, &not_loaded)) {
    names.insert(d.deck.name);
    names.insert(d.pack + ":" + d.deck.name);
  }
  if (names.count(given)) return {given};
  std::vector<std::vector<std::string>> splits;
  for (std::size_t at = given.find(','); at != std::string::npos; at = given.find(',', at + 1))
    if (names.count(given.substr(0, at)) && names.count(given.substr(at + 1)))
      splits.push_back({given.substr(0, at), given.substr(at + 1)});
  if (splits.size() == 1) return splits.front();
  if (splits.size() > 1)
    throw std::runtime_error(fmt::format(
        "--decks '{}': its commas split it into two deck names in {} ways; name the decks as "
        "PACK:DECK or rename one",
        given, splits.size()));
  return split(o.decks, "--decks");
}

std::vector<Side> choose_sides(const SimOptions& o, PackLibrary& packs) {
  std::vector<std::string> agents = split(o.agents, "--agents");
  if (agents.empty()) agents = {"ai-random", "ai-random"};
  if (agents.size() == 1) agents.push_back(agents[0]);
  if (agents.size() != 2) throw std::runtime_error("--agents takes two agent names: A,B");
  std::vector<DeckRef> decks;
  for (const std::string& name : deck_names(o, packs)) decks.push_back(packs.deck(o.rules, name));
  if (decks.empty()) {
    decks = packs.decks(o.rules);
    if (decks.size() < 2)
      throw std::runtime_error(fmt::format("the {} rules have fewer than two bundled decks; give --decks A,B", o.rules));
    decks.resize(2);
  }
  if (decks.size() == 1) decks.push_back(decks[0]);
  if (decks.size() != 2) throw std::runtime_error("--decks takes two deck names: A,B");
  return {Side{agents[0], decks[0]}, Side{agents[1], decks[1]}};
}

// Win rates and their intervals are of the games that finished (`finished`): a failed game has
// no winner. With none finished there is nothing to rate: n/a.
void print_sim_table(const std::vector<Side>& sides, std::size_t games, std::size_t finished,
                     double per_s, double avg_turns, const std::vector<GameRecord>& failures) {
  std::vector<std::vector<std::string>> rows{{"SEAT", "AGENT", "DECK", "WINS", "LOSSES", "DRAWS", "WIN RATE", "95% CI"}};
  for (std::size_t i = 0; i < sides.size(); ++i) {
    const Side& s = sides[i];
    const auto [lo, hi] = wilson95(s.wins, finished);
    const double rate = finished ? static_cast<double>(s.wins) / static_cast<double>(finished) : 0;
    rows.push_back({std::to_string(i + 1), s.agent, s.deck.pack + ":" + s.deck.deck.name,
                    std::to_string(s.wins), std::to_string(s.losses), std::to_string(s.draws),
                    finished ? fmt::format("{:.1f}%", 100.0 * rate) : "n/a",
                    finished ? fmt::format("[{:.1f}%, {:.1f}%]", 100 * lo, 100 * hi) : "n/a"});
  }
  cli::print_table(stdout, rows);
  const std::string failed = failures.empty() ? "" : fmt::format(" ({} failed)", failures.size());
  const std::string turns = finished ? fmt::format("{:.1f}", avg_turns) : std::string("n/a");
  fmt::print("{}{}, {:.1f} games/s, {} turns on average\n", count_of(games, "game"), failed, per_s,
             turns);
  for (const GameRecord& f : failures)
    fmt::print("failed: seed {}: {} ({})\n", f.seed, f.error,
               f.replay.empty() ? "replay not saved: " + f.replay_error : "replay: " + f.replay);
}

int run_sim(const GlobalOptions& global, const SimOptions& o) {
  // Game i is seeded seed+i: the last must not wrap around to 0 and play game 0's seed again.
  constexpr std::uint64_t kLargestSeed = std::numeric_limits<std::uint64_t>::max();
  if (o.games > 0 && o.seed > kLargestSeed - (o.games - 1)) {
    fmt::print(stderr,
               "anvil: error: --seed: {} with --games {} would seed the last game past {} (game "
               "i is seeded seed+i); the largest seed for {} games is {}\n",
               o.seed, o.games, kLargestSeed, o.games, kLargestSeed - (o.games - 1));
    return kExitUsage;
  }
  auto engine = start_engine(global);
  const auto rules = engine->registry.find<RulesModule>(o.rules);
  if (!rules) throw std::runtime_error(no_rules_module(engine->registry, o.rules));
  PackLibrary packs(global, *engine);
  std::vector<Side> sides = choose_sides(o, packs);
  // An unknown agent, or one that refuses these rules, fails before any game, by name; made as
  // the games will make it (an agent may check AgentOptions::rules).
  for (const Side& s : sides)
    (void)make_agent(engine->registry, s.agent, AgentOptions{0, {}, &engine->registry, o.rules});

  const std::vector<std::string> pack_names = packs.with_requirements({sides[0].deck.pack, sides[1].deck.pack});
  std::string error;
  const auto cards = packs.pool(pack_names, error);
  if (!cards) throw std::runtime_error(cannot_be_played(sides[0].deck, sides[1].deck, error));
  const std::vector<RecordedPack> versions = packs.recorded(pack_names);
  // Each side's deck found in the pool once, not by name in every game (MatchPlan::deck_cards).
  const std::vector<CardId> side_cards[2] = {found_cards(*cards, sides[0].deck.deck),
                                             found_cards(*cards, sides[1].deck.deck)};
  const RulesOptions settings = parse_rules_options(o.options);
  // Decks no game can start with (a card naming a card no pack defines) fail here, once, rather
  // than in every game with a replay each: games that fail while played are the ones reported.
  try {
    MatchConfig trial;
    trial.decks = {sides[0].deck.deck, sides[1].deck.deck};
    trial.seed = o.seed;
    trial.options = settings;
    (void)setup_rules(*rules, cards, trial);
  } catch (const std::exception& e) {
    if (!settings.empty())
      throw std::runtime_error(fmt::format("no game of these decks with --option {} can start: {}",
                                           describe(settings), e.what()));
    throw std::runtime_error(fmt::format("no game of these decks can start: {}", e.what()));
  }

  const std::filesystem::path failures_dir =
      !o.save_replays.empty() ? std::filesystem::path(o.save_replays) : anvil_home() / "replays";
  // A folder asked for must be one before any game is played: a typo or a file there would
  // otherwise lose every replay, each failure only noted beside its game.
  if (!o.save_replays.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(failures_dir, ec);
    if (!std::filesystem::is_directory(failures_dir))
      throw std::runtime_error(fmt::format("--save-replays: cannot use '{}' as a folder{}",
                                           o.save_replays, ec ? ": " + ec.message() : ""));
    // And one it may write in: a file made there and removed at once.
    std::string probe = (failures_dir / ".anvil-write-check.XXXXXX").string();
    const int fd = ::mkstemp(probe.data());
    if (fd < 0)
      throw std::runtime_error(fmt::format("--save-replays: cannot write in '{}': {}",
                                           o.save_replays, std::strerror(errno)));
    ::close(fd);
    ::unlink(probe.c_str());
  }
  // No more threads than games, nor than kMaxThreads: each holds a game's state, and a system
  // refuses threads long before -j runs out of digits. One that cannot be started leaves the
  // games to the threads that did.
  const unsigned asked = o.threads ? o.threads : std::max(1u, std::thread::hardware_concurrency());
  const std::size_t threads = std::min<std::size_t>({asked, o.games, kMaxThreads});
  std::vector<Tally> tallies(threads);  // one a worker
  std::atomic<std::size_t> next{0}, started{0}, done{0};
  const StopOnSignal stop;
  auto worker = [&](Tally& tally) {
    for (std::size_t i = next++; i < o.games && !StopOnSignal::signal(); i = next++) {
      ++started;
      GameRecord rec;
      rec.seed = o.seed + i;
      rec.swapped = i % 2 == 1;  // seats alternate who goes first
      const Side& first = sides[rec.swapped ? 1 : 0];
      const Side& second = sides[rec.swapped ? 0 : 1];
      MatchPlan plan{
          o.rules, {first.deck, second.deck}, {first.agent, second.agent}, rec.seed, versions,
          settings};
      plan.final_hash = !o.save_replays.empty();  // the replays of failures have none
      if (!side_cards[0].empty() && !side_cards[1].empty())
        plan.deck_cards = {side_cards[rec.swapped ? 1 : 0], side_cards[rec.swapped ? 0 : 1]};
      MatchResult m = play_match(*rules, cards, engine->registry, plan);
      rec.ok = m.ok();
      rec.outcome = m.replay.outcome;
      rec.turns = m.replay.turns;
      rec.error = m.replay.error;
      if (!rec.ok || !o.save_replays.empty()) {
        const std::string stem = fmt::format("game-{}", rec.seed);
        rec.replay = (failures_dir / (stem + ".json")).string();
        try {
          // The folder asked for holds this run's games; the default one keeps every failure.
          if (!o.save_replays.empty())
            save_replay(m.replay, rec.replay);
          else
            rec.replay = save_new_replay(m.replay, failures_dir, stem).string();
        } catch (const std::exception& e) {
          rec.replay.clear();
          // A failed game says it with its failure; a finished one in the unsaved count.
          rec.replay_error = e.what();
          ++tally.unsaved;
        }
      }
      tally.add(std::move(rec));
      ++done;
    }
  };
  const auto start = std::chrono::steady_clock::now();
  std::vector<std::thread> pool;
  pool.reserve(threads);
  for (std::size_t t = 0; t < threads; ++t) {
    try {
      pool.emplace_back(worker, std::ref(tallies[t]));
    } catch (const std::system_error& e) {
      if (pool.empty())
        throw std::runtime_error(fmt::format("cannot start a thread: {}", e.what()));
      break;
    }
  }
  const bool progress = !o.json && isatty(fileno(stderr));
  // Watched from here, not told by the signal handler (which may write nothing through fmt): a
  // game in progress may play on for minutes after the first signal, and the run says why it
  // has not stopped yet.
  while (done < o.games && !StopOnSignal::signal()) {
    if (progress) {
      const std::size_t d = done;
      const std::size_t width = 40, filled = o.games ? width * d / o.games : width;
      fmt::print(stderr, "\r[{}{}] {}/{}", std::string(filled, '#'),
                 std::string(width - filled, ' '), d, o.games);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(progress ? 100 : 20));
  }
  if (const int signo = StopOnSignal::signal(); signo && done < o.games) {
    const std::size_t playing = started - done;
    fmt::print(stderr, "{}anvil sim: interrupted by {}: {} (signal again to stop at once)\n",
               progress ? "\r" + std::string(60, ' ') + "\r" : "",
               signo == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM",
               playing ? fmt::format("finishing the {} in progress", count_of(playing, "game"))
                       : std::string("no game is in progress"));
  }
  for (std::thread& t : pool) t.join();
  if (progress) fmt::print(stderr, "\r{}\r", std::string(60, ' '));
  // The games played, all of them unless a signal stopped the run.
  const std::size_t played = done;
  const int stopped_by = StopOnSignal::signal();
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  Tally all;
  for (Tally& t : tallies) all.merge(std::move(t));
  // In game order, whichever thread played them.
  std::vector<GameRecord>& failures = all.failures;
  std::sort(failures.begin(), failures.end(),
            [](const GameRecord& a, const GameRecord& b) { return a.seed < b.seed; });
  const std::size_t finished = all.finished;
  for (std::size_t side = 0; side < 2; ++side) {
    sides[side].wins = all.results[side][0];
    sides[side].losses = all.results[side][1];
    sides[side].draws = all.results[side][2];
  }
  const double turns = static_cast<double>(all.turns);
  const double per_s = seconds > 0 ? static_cast<double>(played) / seconds : 0.0;
  const double avg_turns = finished ? turns / static_cast<double>(finished) : 0.0;

  if (o.json) {
    // The keys stay when no game finished; what cannot be computed is null.
    const auto or_null = [&](nlohmann::json value) { return finished ? value : nlohmann::json(); };
    nlohmann::json seats = nlohmann::json::array();
    for (const Side& s : sides) {
      const auto [lo, hi] = wilson95(s.wins, finished);
      const double rate =
          finished ? static_cast<double>(s.wins) / static_cast<double>(finished) : 0;
      seats.push_back({{"agent", s.agent},
                       {"deck", s.deck.pack + ":" + s.deck.deck.name},
                       {"wins", s.wins},
                       {"losses", s.losses},
                       {"draws", s.draws},
                       {"win_rate", or_null(rate)},
                       {"ci95", or_null({lo, hi})}});
    }
    nlohmann::json failed = nlohmann::json::array();
    // A replay that could not be saved is null, with why beside it.
    for (const GameRecord& f : failures) {
      nlohmann::json entry{{"seed", f.seed}, {"error", f.error}, {"replay", nullptr}};
      if (!f.replay.empty())
        entry["replay"] = f.replay;
      else
        entry["replay_error"] = f.replay_error;
      failed.push_back(std::move(entry));
    }
    nlohmann::json doc{{"games", played},
                       {"games_per_s", per_s},
                       {"avg_turns", or_null(avg_turns)},
                       {"seats", seats},
                       {"failures", failed}};
    if (stopped_by) doc["interrupted"] = {{"signal", stopped_by}, {"games_asked", o.games}};
    fmt::print("{}\n", json_text(doc));
  } else {
    print_sim_table(sides, played, finished, per_s, avg_turns, failures);
  }
  if (stopped_by)
    fmt::print(stderr, "anvil: error: stopped by {} after {} of {}\n",
               stopped_by == SIGINT ? "SIGINT (Ctrl-C)" : "SIGTERM", count_of(played, "game"),
               o.games);
  if (all.unsaved != 0) {
    const std::string first = all.first_unsaved ? all.first_unsaved->second : std::string();
    fmt::print(stderr, "anvil: error: {} of the replays could not be saved{}\n", all.unsaved,
               first.empty() ? "" : ", e.g. " + first);
  }
  if (stopped_by) return 128 + stopped_by;  // as the shell reports a program the signal ended
  return failures.empty() && all.unsaved == 0 ? kExitOk : kExitFailed;
}

}  // namespace

void add_sim_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out) {
  CLI::App* sim = app.add_subcommand("sim", "Play many games between two agents and compare them");
  auto o = std::make_shared<SimOptions>();
  sim->add_option("--rules", o->rules, "The rules module (default: classic)");
  sim->add_option("--decks", o->decks, "Two decks, A,B (\"Rakdos Rats\" or \"pack:deck\"); default: the first two bundled decks");
  sim->add_option("--agents", o->agents, "Two agents, A,B (default: ai-random,ai-random)");
  // Each game keeps a record until the table is printed: a hundred million is plenty.
  sim->add_option("--games", o->games, "How many games (default: 100)")
      ->check(whole_number(1, 100'000'000));
  sim->add_option("-j,--threads", o->threads, "Games in parallel (default: every core)")
      ->transform(capped_count(kMaxThreads, "a whole number of threads, 0 for one per core"));
  sim->add_option("--seed", o->seed, "Game i is seeded seed+i (default: 1)")->check(at_least(0));
  sim->add_flag("--json", o->json, "Print one JSON document instead of the table");
  sim->add_option(
         "--option", o->options,
         "A rules setting for every game, KEY=VALUE (mulligans=1, max_turns=30); repeatable")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false)
      ->check(key_value());
  sim->add_option("--save-replays", o->save_replays,
                  "Save every game's replay in DIR (failed games are always saved; by default in "
                  "$ANVIL_HOME/replays)")
      ->type_name("DIR")
      // An empty name is most likely an unset shell variable: saying so beats saving elsewhere.
      ->check(CLI::Validator(
          [](const std::string& dir) {
            return dir.empty() ? std::string("the folder name is empty") : std::string();
          },
          ""));  // no description: the type name says DIR already
  out.push_back({sim, [&options, o] { return run_sim(options, *o); }});
}

}  // namespace anvil::cli
