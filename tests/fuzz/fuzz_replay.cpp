// Fuzz target: the bytes are a replay file (`anvil replay FILE`: a game saved by `anvil sim` or
// `anvil play --save-replay`, which people pass around). Reading one must either give a Replay or
// throw std::runtime_error naming what is wrong: any other exception, a crash, a hang or a leak
// is a bug. A replay that reads is written again and must read back the same.
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

#include "replay.hpp"

namespace {

// A file in this process's own folder under ANVIL_FUZZ_SCRATCH_DIR (build/fuzz/scratch:
// libFuzzer may run several processes at once).
std::filesystem::path scratch(const char* name) {
  static const std::filesystem::path dir = [] {
    auto d = std::filesystem::path(ANVIL_FUZZ_SCRATCH_DIR) / std::to_string(getpid());
    std::filesystem::create_directories(d);
    return d;
  }();
  return dir / name;
}

bool same(const anvil::cli::Replay& a, const anvil::cli::Replay& b) {
  if (a.decisions.size() != b.decisions.size()) return false;
  for (std::size_t i = 0; i < a.decisions.size(); ++i) {
    const auto &x = a.decisions[i], &y = b.decisions[i];
    if (x.player != y.player || x.agent != y.agent || x.kind != y.kind || x.picks != y.picks)
      return false;
  }
  return a.engine == b.engine && a.rules == b.rules && a.seed == b.seed && a.packs == b.packs &&
         a.decks == b.decks && a.options == b.options && a.agents == b.agents &&
         a.turns == b.turns && a.outcome == b.outcome && a.final_hash == b.final_hash &&
         a.error == b.error && a.conceded.has_value() == b.conceded.has_value();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using anvil::cli::Replay;
  const std::filesystem::path in = scratch("in.json");
  {
    std::ofstream out(in, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
  }
  Replay replay;
  try {
    replay = anvil::cli::load_replay(in);
  } catch (const std::runtime_error&) {
    return 0;
  }
  const std::filesystem::path again = scratch("again.json");
  anvil::cli::save_replay(replay, again);
  if (!same(replay, anvil::cli::load_replay(again))) {
    std::fprintf(stderr, "a replay read, written and read again is not the same\n");
    std::abort();
  }
  return 0;
}
