// RulesModule: a whole game — turn structure, the game's own rules, setup and the end — on the
// kernel's mechanics (DESIGN.md §5). Registered by name ("classic", "hearth") and selected per
// match; several may be loaded at once.
//
//   auto rules = registry.get<RulesModule>("classic");
//   std::unique_ptr<Game> game = rules->setup(pool, config);
//   game->seat(PlayerId{0}, make_agent(registry, "ai-random"));
//   game->seat(PlayerId{1}, make_agent(registry, "ai-random"));
//   rules->play(*game);                     // until the game ends
//   auto result = rules->outcome(*game);    // who won, lost or drew
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/config.hpp"
#include "anvil/ids.hpp"
#include "anvil/registry.hpp"
#include "anvil/state.hpp"

ANVIL_BEGIN_NAMESPACE

class Game;

struct DeckList {
  std::string name;
  std::vector<std::string> cards;  // card names, one entry per copy
};

struct MatchConfig {
  std::vector<DeckList> decks;  // one per player, in seat order
  std::uint64_t seed = 0;
  // Module-specific settings ("starting_life" = "20", "max_rounds" = "50").
  std::vector<std::pair<std::string, std::string>> options;
};

// Something a player may do when they may act (classic: at priority; hearth: on their turn).
struct LegalAction {
  enum class Kind : std::uint8_t { pass, play_land, cast, activate, attack, hero_power, end_turn, custom };
  Kind kind = Kind::pass;
  ObjectId object;
  std::uint16_t ability = 0;
  std::vector<Target> targets;
  std::int64_t value = 0;  // a board position, an X, a mode
  std::string label;       // "Cast Lightning Bolt targeting Grizzly Bears"
};

class ANVIL_API RulesModule {
 public:
  static constexpr PluginKind kKind = PluginKind::rules_module;
  virtual ~RulesModule();

  // A new game: players, decks shuffled with the seed, opening hands, hooks installed.
  virtual std::unique_ptr<Game> setup(std::shared_ptr<const CardPool> cards,
                                      const MatchConfig& config) const = 0;
  // Runs the game forward to the next decision or step; false once the game is over.
  virtual bool advance(Game& game) const = 0;
  // Runs until the game is over. Default: advance() until it returns false.
  virtual void play(Game& game) const;
  // What `player` may do now; this is what every agent chooses from.
  virtual std::vector<LegalAction> legal_actions(const Game& game, PlayerId player) const = 0;
  // Performs state-based actions until none apply.
  virtual void check_state(Game& game) const = 0;
  // Each player's result. Default: the players' Outcome fields.
  virtual std::vector<Outcome> outcome(const Game& game) const;
};

ANVIL_END_NAMESPACE
