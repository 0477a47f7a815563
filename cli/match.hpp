// Playing one game from start to end, as `anvil sim` and `anvil replay` do: set up from decks
// and a seed, seat agents, run the rules module's advance() until the game is over, and keep
// what a replay needs. A game that throws, or runs past the advance limit, is reported, not
// propagated, so one broken game never stops the others.
#pragma once

#include <anvil/extensions.hpp>
#include <anvil/game.hpp>
#include <anvil/rules.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "pack_library.hpp"
#include "replay.hpp"
#include "rules_options.hpp"
#include "rules_threw.hpp"

namespace anvil::cli {

struct MatchPlan {
  std::string rules;
  std::vector<DeckRef> decks;           // one per seat, in turn order
  std::vector<std::string> agents;      // registered agent names, one per seat
  std::uint64_t seed = 0;
  std::vector<RecordedPack> packs;  // for the replay (PackLibrary::recorded())
  RulesOptions options;  // the rules module's settings (--option), recorded in the replay
  std::size_t max_advances = 1'000'000;  // a game still going after this many is a failure
  // Whether a finished game's replay gets the final state's hash. `anvil sim` hashes only the
  // games it saves: hashing the whole state was 1.7% of a random classic game's instructions.
  bool final_hash = true;
  // Optional: each seat's deck as CardIds in the pool the game is played with (found_cards()),
  // found once for the many games of the same decks; the game's MatchConfig::deck_cards.
  // Borrowed: valid until play_match returns. (`= {}`: a plan made as MatchPlan{rules, decks, …}
  // need not name it.)
  std::vector<std::span<const CardId>> deck_cards = {};
};

struct MatchResult {
  // Null if setup failed. After play_match its decision log is empty: the records were moved
  // into replay.decisions (Game::take_decision_log), not copied.
  std::unique_ptr<Game> game;
  Replay replay;                     // complete even when the game failed
  std::size_t unused_decisions = 0;  // replay_match: recorded decisions no one was asked for
  bool ok() const { return replay.error.empty(); }
};

// `deck`'s cards found by name in `cards`, in the deck's order, for MatchPlan::deck_cards; empty if
// a name is not there (setup then looks the names up and says which one it could not find).
std::vector<CardId> found_cards(const CardPool& cards, const DeckList& deck);

// The seed an agent in `seat` gets for a game seeded `seed`: different per seat, reproducible.
std::uint64_t agent_seed(std::uint64_t seed, std::size_t seat);

// `agent`, seated so that what it throws that is not a std::exception fails the game with an
// error naming it (Game::ask names it in a std::exception already). Keeps its LabelBlind and
// PromptBlind.
std::shared_ptr<Agent> named(std::shared_ptr<Agent> agent);

// rules.advance(game), with anything it throws that is not a std::exception made a
// std::runtime_error saying so (kRulesThrewNotAnException), for hosts that handle failures as
// std::exceptions (anvil play).
bool advance_rules(const RulesModule& rules, Game& game);
// rules.setup(cards, config), the same way: every command that starts a game calls it so.
std::unique_ptr<Game> setup_rules(const RulesModule& rules, std::shared_ptr<const CardPool> cards,
                                  const MatchConfig& config);

// Plays `plan` with agents from `registry`. `before_play`, if given, runs once the agents are
// seated (the replay command attaches its log there).
MatchResult play_match(const RulesModule& rules, std::shared_ptr<const CardPool> cards,
                       const Registry& registry, const MatchPlan& plan,
                       const std::function<void(Game&)>& before_play = {});

// `player` gives up the game: they lose, and every other player still playing wins (`anvil
// play`'s `concede`, and a replay of a conceded game).
void concede(Game& game, PlayerId player);

// Plays a replay again with its recorded decisions and returns the result (whose replay holds the
// new final hash). A conceded game (Replay::conceded) is conceded at the point recorded, once the
// decisions are used up; a game that ends before it fails, saying so.
MatchResult replay_match(const RulesModule& rules, std::shared_ptr<const CardPool> cards,
                         const Replay& replay, const std::vector<DeckRef>& decks,
                         const std::function<void(Game&)>& before_play = {});

}  // namespace anvil::cli
