// Fuzz target: the bytes are a YAML card file, loaded by format-yaml with the keywords and
// compilers of keyword-damage, value-count and effect-drawback behind it. Every problem must
// come back as a Diagnostic: an exception escaping the loader, a crash, a hang or a leak is a
// bug. The first few cards that loaded are cast on a small game as fuzz_classic_cards does
// (fuzz_support.hpp, fuzz::cast_on): a failed resolution must leave the game as it was.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/extensions.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace anvil;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<CardDef> cards = fuzz::load_cards("yaml", "fuzz.yaml", text);
  fuzz::cast_on_small_game(std::move(cards), fuzz::seed_of(data, size));
  return 0;
}
