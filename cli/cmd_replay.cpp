// anvil replay FILE: plays a saved game again from its seed and decisions, prints its
// turn-by-turn log, and checks that it ends in the recorded state (docs/cli.md).
#include <fmt/core.h>
#include <fmt/ranges.h>  // fmt::join

#include <algorithm>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "game_log.hpp"
#include "match.hpp"
#include "output.hpp"
#include "pack_library.hpp"
#include "rules_words.hpp"

namespace anvil::cli {

namespace {

// What a replay that does not play as recorded may be due to, for its messages.
constexpr const char* kWhy =
    " (was the file edited, or recorded with other versions of its packs or plugins?)";

// The orders a game of `decks` loads its packs in, the order that decides the cards' ids (the
// CardPool's), which the game's state and its hash hold. Every Anvil has built its pool from
// PackLibrary::with_requirements of the decks' packs: `anvil sim` in its --decks order, whichever
// deck sits first, `anvil play` with the person's first; so in seat order or in the reverse.
std::vector<std::vector<std::string>> load_orders(const PackLibrary& packs,
                                                  const std::vector<DeckRef>& decks) {
  std::vector<std::string> seats;
  for (const DeckRef& d : decks) seats.push_back(d.pack);
  std::vector<std::vector<std::string>> orders{packs.with_requirements(seats)};
  std::reverse(seats.begin(), seats.end());
  if (std::vector<std::string> reversed = packs.with_requirements(seats); reversed != orders[0])
    orders.push_back(std::move(reversed));
  return orders;
}

// Why `file`'s pack `p` cannot be played: no pack of its name is found, or not its version
// (`installed`: the versions there are, highest first).
std::string recorded_version_missing(const std::string& file, const RecordedPack& p,
                                     const std::vector<std::string>& installed) {
  if (installed.empty())
    return fmt::format(
        "{}: recorded with pack {} {}, but no such pack is installed or bundled; if it was found "
        "through --pack-dir when the game was played, give that option again (anvil --pack-dir "
        "DIR replay FILE)",
        file, p.name, p.version);
  return fmt::format(
      "{}: recorded with pack {} {}, but {} found {}; install {} beside {} to replay it "
      "(installing keeps the versions there are): anvil pack install PATH, PATH being the "
      "folder or archive of {} {} (or give the --pack-dir that holds it)",
      file, p.name, p.version,
      installed.size() == 1 ? fmt::format("the only version of '{}'", p.name)
                            : fmt::format("the versions of '{}'", p.name),
      installed.size() == 1 ? fmt::format("is {}", installed[0])
                            : fmt::format("are {}", fmt::join(installed, ", ")),
      p.version, installed.size() == 1 ? "it" : "them", p.name, p.version);
}

int run_replay(const GlobalOptions& global, const std::string& file, bool quiet) {
  const Replay replay = load_replay(file);
  // The versions recorded, wherever a higher one is installed too: installing a version keeps
  // the others, so an old game replays with the version it was played with.
  PackPins pins;
  for (const RecordedPack& p : replay.packs) pins.emplace(p.name, p.version);
  auto engine = start_engine(global, {}, pins);
  const auto rules = engine->registry.find<RulesModule>(replay.rules);
  if (!rules)
    throw std::runtime_error(
        fmt::format("{}: {}", file, no_rules_module(engine->registry, replay.rules)));
  PackLibrary packs(global, *engine, pins);
  packs.rules_given_by("the replay's \"rules\"");
  std::vector<std::string> names;
  for (const RecordedPack& p : replay.packs) {
    // A pack found through --pack-dir when the game was played is found again only with it:
    // the recording names packs, not where they were.
    if (packs.version_of(p.name) != p.version)
      throw std::runtime_error(recorded_version_missing(file, p, packs.versions_of(p.name)));
    names.push_back(p.name);
  }
  for (const DecisionRecord& d : replay.decisions)
    if (d.player.value >= replay.decks.size())
      throw std::runtime_error(fmt::format(
          "{}: decision {} of \"decisions\": \"player\" {} is no seat of a game of {} decks", file,
          d.index + 1, d.player.value, replay.decks.size()));
  if (replay.conceded && replay.conceded->player.value >= replay.decks.size())
    throw std::runtime_error(
        fmt::format("{}: \"conceded\": \"player\" {} is no seat of a game of {} decks", file,
                    replay.conceded->player.value, replay.decks.size()));
  std::vector<DeckRef> decks;
  for (const std::string& d : replay.decks) decks.push_back(packs.deck(replay.rules, d));
  // The game's packs, listed in another order than it loaded them in (the file edited): refused
  // here, as the game it would play is another, which would show only as a hash that differs.
  if (const auto orders = load_orders(packs, decks);
      std::ranges::is_permutation(names, orders[0]) &&
      std::ranges::find(orders, names) == orders.end())
    throw std::runtime_error(fmt::format(
        "{}: \"packs\" is not in the order the game loaded them ({}): a game of these decks loads "
        "{}{}, each pack after those it requires, and the order decides the cards' ids",
        file, fmt::join(names, ", "), fmt::join(orders[0], ", "),
        orders.size() > 1 ? fmt::format(" or {}", fmt::join(orders[1], ", ")) : ""));
  std::string error;
  const auto cards = packs.pool(names, error);
  if (!cards) throw std::runtime_error(error);
  // A pack changed without a new version (a card edited, installed again as the same version)
  // plays another game: said before playing, rather than as a final hash that differs. Replays
  // recorded before the digest was written have none to check.
  for (const RecordedPack& p : replay.packs) {
    if (p.digest.empty()) continue;
    if (const std::string now = packs.digest_of(p.name); now != p.digest)
      throw std::runtime_error(fmt::format(
          "{}: pack {} {} is not the one the game was recorded with: its files changed without "
          "a new version (the recording's digest of the pack is {}, the pack found now has {}); "
          "replay it with the pack as it was, and give a changed pack a new version",
          file, p.name, p.version, p.digest, now));
  }

  std::vector<std::string> players;
  for (std::size_t i = 0; i < decks.size(); ++i)
    players.push_back(fmt::format("P{}", i + 1));
  if (!quiet)
    for (std::size_t i = 0; i < decks.size(); ++i)
      fmt::print("P{}: {} playing {}\n", i + 1, i < replay.agents.size() ? replay.agents[i] : "?", replay.decks[i]);
  // The log's words, checked before the game is played: a rules module's bad wording is an
  // error of its own, not a game that did not play through.
  if (!quiet) check_rules_words(engine->registry, replay.rules, *rules);
  std::unique_ptr<GameLog> log;
  const MatchResult result = replay_match(*rules, cards, replay, decks, [&](Game& g) {
    if (!quiet) log = std::make_unique<GameLog>(g, *rules, stdout, players);
  });
  log.reset();

  if (!replay.error.empty()) {  // a failure recorded (sim's failures): what replaying it came to
    const std::string came_to =
        result.replay.error.empty() ? "the end, without failing" : result.replay.error;
    // An agent's failure is not recorded as an answer: the replay reproduces it by coming to
    // that question with every recorded answer used and none left.
    const bool at_the_failed_question = !result.replay.error.empty() && result.game &&
                                        result.unused_decisions == 0 &&
                                        result.game->decisions().size() == replay.decisions.size();
    if (came_to == replay.error)  // reproduced: the game failed, as recorded
      fmt::print("the recorded game failed: {}\nreplayed to: the same failure\n", replay.error);
    else if (at_the_failed_question)
      fmt::print("the recorded game failed: {}\nreplayed to: the question it failed at, after its "
                 "last recorded decision ({})\n",
                 replay.error, replay.decisions.size());
    else
      fmt::print(stderr, "anvil: error: the recorded game failed: {}\nreplayed to: {}\n",
                 replay.error, came_to);
    return kExitFailed;
  }
  if (!result.ok()) {  // nothing was played to an end: no result line to print
    // Which of the file's decisions it stopped at: the game logs each decision answered.
    const std::size_t at = result.game ? result.game->decisions().size() : 0;
    const std::size_t recorded = replay.decisions.size();
    if (result.game && at < recorded)
      fmt::print(stderr,
                 "anvil: error: the replay did not play through at its decision {} of {}: {}{}\n",
                 at + 1, recorded, result.replay.error, kWhy);
    else if (result.game && at == recorded)
      fmt::print(
          stderr,
          "anvil: error: the replay did not play through after its last decision ({}): {}{}\n",
          recorded, result.replay.error, kWhy);
    else
      fmt::print(stderr, "anvil: error: the replay did not play through: {}\n",
                 result.replay.error);
    return kExitFailed;
  }
  // A conceded game's player who gave up is said so: "P1 lost (conceded)", not beaten.
  const auto outcome_of = [](const Replay& r) {
    std::string out;
    for (std::size_t i = 0; i < r.outcome.size(); ++i)
      out += fmt::format("{}P{} {}{}", i ? ", " : "", i + 1, r.outcome[i],
                         r.conceded && r.conceded->player.value == i ? " (conceded)" : "");
    return fmt::format("after {}: {}", count_of(r.turns, "turn"), out);
  };
  if (const auto& c = replay.conceded; c && !quiet)
    fmt::print("P{} concedes{}\n", c->player.value + 1,
               c->at == Concession::At::advance
                   ? ", the game taken back to where its last step began (what was told "
                     "since did not happen)"
                   : "");
  fmt::print("{}\n", outcome_of(result.replay));
  if (result.replay.turns != replay.turns || result.replay.outcome != replay.outcome) {
    fmt::print(stderr, "anvil: error: the game ended {}, but the recording says {}\n",
               outcome_of(result.replay), outcome_of(replay));
    return kExitFailed;
  }
  if (result.unused_decisions != 0) {
    fmt::print(stderr, "anvil: error: the game ended with {} of the recorded decisions unused\n",
               result.unused_decisions);
    return kExitFailed;
  }
  if (result.replay.final_hash != replay.final_hash) {
    fmt::print(stderr, "anvil: error: final state hash {} differs from the recorded {}{}\n",
               result.replay.final_hash, replay.final_hash, kWhy);
    return kExitFailed;
  }
  fmt::print("final state hash {} matches the recording\n", result.replay.final_hash);
  return kExitOk;
}

}  // namespace

void add_replay_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out) {
  CLI::App* replay = app.add_subcommand("replay", "Play a saved game again and check it ends the same");
  auto file = std::make_shared<std::string>();
  auto quiet = std::make_shared<bool>(false);
  replay->add_option("FILE", *file, "A replay saved by 'anvil sim' or 'anvil play --save-replay'")
      ->required()
      ->check(CLI::ExistingFile);
  replay->add_flag("--quiet", *quiet, "Only the result, no turn-by-turn log");
  out.push_back({replay, [&options, file, quiet] { return run_replay(options, *file, *quiet); }});
}

}  // namespace anvil::cli
