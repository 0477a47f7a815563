// anvil play: a person plays against an agent in the terminal (docs/cli.md). The person sits
// first (seat 0, who takes the first turn) unless --second; the decisions are asked by PlaySession
// (play_session.hpp), on stdin and stdout, which may be pipes.
#include <fcntl.h>
#include <fmt/core.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <iostream>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "match.hpp"
#include "output.hpp"
#include "pack_library.hpp"
#include "play_session.hpp"
#include "rules_options.hpp"
#include "rules_words.hpp"

namespace anvil::cli {

namespace {

struct PlayOptions {
  std::string rules = "classic";
  std::string deck;
  std::string vs = "ai-heuristic";
  std::string vs_deck;
  std::uint64_t seed = 1;
  bool second = false;  // the agent sits first and takes the first turn
  std::vector<std::string> options;  // --option KEY=VALUE, as given
  std::string save_replay;           // --save-replay FILE; empty: none
};

// What is wrong with `text` as the file --save-replay writes, or nothing: a folder, a folder
// that is not there (a typo, most likely: not made) or one that cannot be written in, found
// before the game rather than after the person has played it.
std::string replay_file_problem(const std::string& text) {
  if (text.empty()) return "the file name is empty";
  const std::filesystem::path file(text);
  std::error_code ec;
  if (std::filesystem::is_directory(file, ec))
    return fmt::format("'{}' is a folder; name a file to save the game in ({}/game.json)", text,
                       file.string());
  const std::filesystem::path folder = file.parent_path().empty() ? "." : file.parent_path();
  if (!std::filesystem::is_directory(folder, ec))
    return fmt::format("cannot save '{}': there is no folder '{}'", text, folder.string());
  // Opened for writing (and a file made for the purpose removed): what the system allows,
  // which permission bits alone do not say (root, a read-only file system, /proc).
  const bool exists = std::filesystem::exists(file, ec);
  const int fd = open(file.c_str(), exists ? O_WRONLY : O_WRONLY | O_CREAT | O_EXCL, 0644);
  if (fd < 0) return fmt::format("cannot write '{}': {}", text, std::strerror(errno));
  close(fd);
  if (!exists) std::filesystem::remove(file, ec);
  return {};
}

// The replay of the game `anvil play` sets up, so far: who sits where, with which decks, packs
// and settings. The person is "person", as in the decision log.
Replay played_replay_header(const PlayOptions& o, const std::vector<std::string>& pack_names,
                            PackLibrary& packs, const std::vector<DeckRef>& seats,
                            const RulesOptions& settings) {
  Replay r;
  r.engine = ANVIL_ENGINE_VERSION;
  r.rules = o.rules;
  r.seed = o.seed;
  r.packs = packs.recorded(pack_names);
  for (const DeckRef& d : seats) r.decks.push_back(d.pack + ":" + d.deck.name);
  r.options = settings;
  r.agents = o.second ? std::vector<std::string>{o.vs, "person"}
                      : std::vector<std::string>{"person", o.vs};
  return r;
}

// `r` completed from the game as it ended (or failed, `error`) and saved to FILE; the path is
// told after the result line. A replay that cannot be written is an error of its own, on stderr.
bool save_played(Replay r, const PlaySession& session, const Game& game, const RulesModule& rules,
                 const std::string& error, const std::string& file) {
  r.decisions = session.decisions();
  r.turns = game.state().turn.number;
  for (Outcome out : rules.outcome(game)) r.outcome.push_back(to_string(out));
  r.error = error;
  if (error.empty()) r.final_hash = hex_hash(hash(game.state()));
  r.conceded = session.concession();
  try {
    save_replay(r, file);
  } catch (const std::exception& e) {
    fmt::print(stderr, "anvil: error: the replay was not saved: {}\n", e.what());
    return false;
  }
  fmt::print("Replay saved to {} (anvil replay {} plays it again).\n", file, file);
  return true;
}

// A person at the table expects to mulligan a bad opening hand, as in every client; the classic
// module's games are set up without it unless asked (sim's statistics stay those of the decks
// as dealt), so play asks for it. The hearth module always has its mulligan.
RulesOptions play_settings(const PlayOptions& o) {
  RulesOptions settings = parse_rules_options(o.options);
  if (o.rules == "classic") settings = with_default(std::move(settings), "mulligans", "1");
  return settings;
}

int run_play(const GlobalOptions& global, const PlayOptions& o) {
  auto engine = start_engine(global);
  const auto rules = engine->registry.find<RulesModule>(o.rules);
  if (!rules) throw std::runtime_error(no_rules_module(engine->registry, o.rules));
  // Its words (the board's and the log's), checked before anything is dealt or played.
  check_rules_words(engine->registry, o.rules, *rules);
  // An unknown agent, or one that refuses these rules, fails before the game, by name; made as
  // the game will make it (an agent may check AgentOptions::rules).
  (void)make_agent(engine->registry, o.vs, AgentOptions{0, {}, &engine->registry, o.rules});
  PackLibrary packs(global, *engine);
  const DeckRef mine = packs.deck(o.rules, o.deck);
  DeckRef theirs;
  std::shared_ptr<const CardPool> cards;
  std::vector<std::string> pack_names;  // the pool's, for the replay
  std::string error;
  if (!o.vs_deck.empty()) {
    theirs = packs.deck(o.rules, o.vs_deck);
  } else {
    // The first bundled deck that is not the person's and whose packs load with the person's
    // (two packs may define the same card: demo-basics and classic-core both have Plains), else
    // the same deck.
    theirs = mine;
    for (const DeckRef& d : packs.decks(o.rules)) {
      if (d.pack == mine.pack && d.deck.name == mine.deck.name) continue;
      std::string unused;
      std::vector<std::string> names = packs.with_requirements({mine.pack, d.pack});
      if (auto pool = packs.pool(names, unused)) {
        theirs = d;
        cards = std::move(pool);
        pack_names = std::move(names);
        break;
      }
    }
  }
  if (!cards) {
    pack_names = packs.with_requirements({mine.pack, theirs.pack});
    cards = packs.pool(pack_names, error);
  }
  if (!cards) throw std::runtime_error(cannot_be_played(mine, theirs, error));

  // Seat 0 takes the first turn in both bundled rules modules, as in `anvil sim`.
  const PlayerId person(o.second ? 1 : 0), opponent(o.second ? 0 : 1);
  MatchConfig config;
  config.seed = o.seed;
  config.decks = o.second ? std::vector<DeckList>{theirs.deck, mine.deck}
                          : std::vector<DeckList>{mine.deck, theirs.deck};
  config.options = play_settings(o);
  std::unique_ptr<Game> game;
  try {
    game = setup_rules(*rules, cards, config);
  } catch (const std::exception& e) {
    if (o.options.empty()) throw;
    throw std::runtime_error(fmt::format("the game cannot start with --option {}: {}",
                                         describe(config.options), e.what()));
  }
  fmt::print("You play {}:{} against {} playing {}:{} (seed {}), going {}.\n", mine.pack,
             mine.deck.name, o.vs, theirs.pack, theirs.deck.name, o.seed,
             o.second ? "second" : "first");
  PlaySession session(
      *game, *rules, engine->registry,
      PlaySeats{person, opponent, o.vs, agent_seed(o.seed, opponent.value), o.rules}, std::cin,
      stdout, !isatty(fileno(stdin)));
  const Replay header = played_replay_header(
      o, pack_names, packs, o.second ? std::vector{theirs, mine} : std::vector{mine, theirs},
      config.options);
  try {
    session.run();
  } catch (const std::exception& e) {
    // The game failed before any decision of the person's to take it back to: saved with the
    // failure, as `anvil sim` saves a failed game, before the error is told.
    if (!o.save_replay.empty())
      (void)save_played(header, session, *game, *rules, e.what(), o.save_replay);
    throw;
  }
  if (!o.save_replay.empty() && !save_played(header, session, *game, *rules, {}, o.save_replay))
    return kExitFailed;
  return kExitOk;
}

}  // namespace

void add_play_command(CLI::App& app, const GlobalOptions& options, std::vector<Command>& out) {
  CLI::App* play = app.add_subcommand("play", "Play a game against an agent in the terminal");
  auto o = std::make_shared<PlayOptions>();
  play->add_option("--rules", o->rules, "The rules module (default: classic)");
  play->add_option("--deck", o->deck, "Your deck (\"Goblin Burn\" or \"pack:deck\")")->required();
  play->add_option("--vs", o->vs, "The agent you play against (default: ai-heuristic)");
  play->add_option("--vs-deck", o->vs_deck, "Its deck (default: the first other bundled deck)");
  play->add_option("--seed", o->seed,
                   "The game's seed: the shuffle and the agent's choices (default: 1)")
      ->check(at_least(0));
  play->add_option("--option", o->options,
                   "A rules setting, KEY=VALUE (max_turns=30; classic: mulligans=0 to keep the "
                   "hand dealt); repeatable")
      ->type_name("KEY=VALUE")
      ->allow_extra_args(false)
      ->check(key_value());
  play->add_flag(
      "--second", o->second,
      "Go second: your opponent takes the first turn (and in the hearth game you get The Coin)");
  play->add_option("--save-replay", o->save_replay,
                   "Save the game as played (after every undo) in FILE, for 'anvil replay'")
      ->type_name("FILE")
      ->check(CLI::Validator(replay_file_problem, ""));
  out.push_back({play, [&options, o] { return run_play(options, *o); }});
}

}  // namespace anvil::cli
