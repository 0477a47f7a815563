// GameLog: a readable turn-by-turn account of a game, written as it happens from the kernel's
// observer signals (never its trigger signals: logging changes nothing and sees no rollbacks as
// events). Used by `anvil replay` and the demo.
//
//   GameLog log(game, stdout, {"P1", "P2"});   // connected until `log` is destroyed
//   rules->play(game);
#pragma once

#include <anvil/event_bus.hpp>
#include <anvil/game.hpp>
#include <cstdio>
#include <string>
#include <vector>

namespace anvil::cli {

class GameLog {
 public:
  GameLog(Game& game, std::FILE* out, std::vector<std::string> player_names);

 private:
  std::string player(PlayerId p) const;
  std::string card(const Game& g, ObjectId id) const;
  std::string target(const Game& g, const Target& t) const;
  void line(const Game& g, const std::string& text);

  std::FILE* out_;
  std::vector<std::string> names_;
  std::uint32_t turn_printed_ = 0;
  std::vector<ScopedConnection> connections_;
};

}  // namespace anvil::cli
