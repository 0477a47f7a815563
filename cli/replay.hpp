// A saved game: everything needed to play it again exactly — the rules module, the packs and
// their versions, the decks, the seed and every decision made — plus the final state hash to
// check against. Stored as JSON (docs/cli.md, "anvil replay").
#pragma once

#include <anvil/agent.hpp>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace anvil::cli {

// A game a player gave up (`anvil play`'s `concede`, or the end of its input): who, and at which
// point, so that a replay concedes where the game was conceded.
struct Concession {
  enum class At {
    // When the player was next asked to decide, after the recorded decisions: the game as it
    // stood at that question (a person's `concede`).
    decision,
    // Before the rules module's next advance(): the advance() the recorded decisions end in
    // taken back whole (a person who concedes after the opponent's agent failed, the game then
    // taken back to the start of that advance()).
    advance,
  };
  PlayerId player;
  At at = At::decision;
};

const char* to_string(Concession::At at);

// A pack a game was played with: its name and version, and the digest of its files
// (pack_content_digest()), empty in replays recorded before Anvil wrote it.
struct RecordedPack {
  std::string name;
  std::string version;
  std::string digest;  // 64 hex digits, or empty: not recorded, so not checked
  bool operator==(const RecordedPack&) const = default;
};

struct Replay {
  std::string engine;  // the Anvil version that recorded it
  std::string rules;
  std::uint64_t seed = 0;
  std::vector<RecordedPack> packs;                         // in the order the game loaded them
  std::vector<std::string> decks;                          // "pack:deck", one per seat
  // The rules module's settings the game was set up with (--option); written only when some
  // were given, so a replay without them reads as before.
  std::vector<std::pair<std::string, std::string>> options;
  std::vector<std::string> agents;                         // who sat down, one per seat
  std::vector<DecisionRecord> decisions;
  std::uint32_t turns = 0;
  std::vector<std::string> outcome;  // per seat: won, lost, drew, playing
  std::string final_hash;            // 16 hex digits; empty if the game did not finish
  std::string error;                 // why the game failed, if it did
  // Written only for a conceded game, so that other replays read as before.
  std::optional<Concession> conceded;
};

// Writes `replay` to `file`, replacing what was there (sim --save-replays DIR: the folder asked
// for), through a file beside it renamed over it: what was there stays whole unless the new one
// is written in full. A path naming one of this process's descriptors (/dev/stdout) is written
// through it, and a device or a symlink in place. Throws std::runtime_error naming the file and
// the reason (a full disk).
void save_replay(const Replay& replay, const std::filesystem::path& file);
// Writes `replay` as DIR/STEM.json, or else STEM-2.json, STEM-3.json…: the first name no file has,
// so that a failure saved in the default folder never replaces another run's. Returns the file.
inline constexpr unsigned kMaxReplayNumber = 10000;
std::filesystem::path save_new_replay(const Replay& replay, const std::filesystem::path& dir,
                                      const std::string& stem);
// Throws std::runtime_error naming the file and what is wrong with it.
Replay load_replay(const std::filesystem::path& file);

std::string hex_hash(std::uint64_t h);
const char* to_string(Outcome o);

}  // namespace anvil::cli
