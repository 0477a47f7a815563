// anvil play: a person plays against an agent in the terminal (docs/cli.md). The person sits
// first (seat 0, who takes the first turn) unless --second; the decisions are asked by PlaySession
// (play_session.hpp), on stdin and stdout, which may be pipes.
#include <fmt/core.h>
#include <unistd.h>

#include <iostream>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "exit_codes.hpp"
#include "match.hpp"
#include "output.hpp"
#include "pack_library.hpp"
#include "play_session.hpp"
#include "rules_options.hpp"

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
};

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
  // An unknown agent, or one that refuses these rules, fails before the game, by name; made as
  // the game will make it (an agent may check AgentOptions::rules).
  (void)make_agent(engine->registry, o.vs, AgentOptions{0, {}, &engine->registry, o.rules});
  PackLibrary packs(global, engine->registry);
  const DeckRef mine = packs.deck(o.rules, o.deck);
  DeckRef theirs;
  std::shared_ptr<const CardPool> cards;
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
      if (auto pool = packs.pool(packs.with_requirements({mine.pack, d.pack}), unused)) {
        theirs = d;
        cards = std::move(pool);
        break;
      }
    }
  }
  if (!cards) cards = packs.pool(packs.with_requirements({mine.pack, theirs.pack}), error);
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
    game = rules->setup(cards, config);
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
  session.run();
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
  out.push_back({play, [&options, o] { return run_play(options, *o); }});
}

}  // namespace anvil::cli
