// GameLog: a readable turn-by-turn account of a game, written as it happens from the kernel's
// observer signals (never its trigger signals: logging changes nothing and sees no rollbacks as
// events). Used by `anvil replay`, `anvil play` and the demo. Both rules modules tell their
// observers: the classic module through the kernel's actions, the hearth module from its own
// (rules-hearth's HearthWorld::tell), with CustomEvents of its own that the log reads too:
// "hero_power" (subject: the player; other: the target), "armor" (the player; amount),
// "hero_attack" (the player; other: the defender), "transform" (the minion, told before it
// changes; amount: the CardId it becomes) and "control" (the minion; other: its new controller).
//
//   GameLog log(game, stdout, {"P1", "P2"});   // connected until `log` is destroyed
//   rules->play(game);
//
// With a `viewer` (the person at `anvil play`), a card that player cannot see where it went is
// "a card": the opponent draws a card, casts a card (a secret) — never its name.
#pragma once

#include <anvil/event_bus.hpp>
#include <anvil/game.hpp>
#include <cstdio>
#include <optional>
#include <string>
#include <vector>

namespace anvil::cli {

class GameLog {
 public:
  GameLog(Game& game, std::FILE* out, std::vector<std::string> player_names,
          std::optional<PlayerId> viewer = std::nullopt);
  ~GameLog();  // flush()es
  GameLog(const GameLog&) = delete;
  GameLog& operator=(const GameLog&) = delete;

  // Writes the lines held back (below) now. Call it before writing anything else to the same
  // output while the game goes on (a board, a question, a result).
  void flush();

 private:
  // A life change while damage is being dealt is held back until the damage is told. The
  // classic rules change a player's life while the damage is dealt, before the damage's
  // observers hear of it; held, "Lightning Bolt deals 3 damage to P2" comes first and "P2 loses
  // 3 life" after it, as the hearth module tells them and as a reader expects. Lifelink's gain
  // likewise. "While damage is being dealt": from a damage event's replacement stage (the log
  // listens there and replaces nothing) to the next line about anything else.
  struct Held {
    std::uint32_t turn;
    PlayerId active;
    ObjectId source;
    std::int32_t amount;  // the life changed, without its sign
    std::string text;
  };

  std::string player(PlayerId p) const;
  std::string card(const Game& g, ObjectId id) const;
  std::string target(const Game& g, const Target& t) const;
  void line(const Game& g, const std::string& text);  // flush(), then the text
  void print(std::uint32_t turn, PlayerId active, const std::string& text);

  std::FILE* out_;
  std::vector<std::string> names_;
  std::optional<PlayerId> viewer_;
  std::uint32_t turn_printed_ = 0;
  std::vector<Held> held_;
  bool dealing_damage_ = false;
  std::vector<ScopedConnection> connections_;
};

}  // namespace anvil::cli
