// Fuzz target: the bytes are a classic .txt card file, loaded by format-classic with the
// keywords and compilers of keyword-damage, value-count and effect-drawback behind it. Every
// problem must come back as a Diagnostic: any exception escaping the loader, crash, hang or leak
// is a bug. Then the first few cards that loaded are cast on a small game
// (fuzz::cast_on_small_game: an exception there is an ActionResult, but the game must then be
// exactly as before).
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/extensions.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace anvil;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<CardDef> cards = fuzz::load_cards("classic", "fuzz.txt", text);
  fuzz::cast_on_small_game(std::move(cards), fuzz::seed_of(data, size));
  return 0;
}
