// Fuzz target: the bytes are a hearth card file (Hearthbreaker's JSON card definitions, its tag
// vocabulary), loaded by the tags plugin's "hearth" loader, which compiles every tag through the
// registry. Every problem must come back as a Diagnostic naming its place: an exception escaping
// the loader (a JSON parse error included), a crash, a hang or a leak is a bug. No game is
// played: the hearth rules module is not loaded here, and a card's script runs only in its game.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/extensions.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace anvil;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::vector<CardDef> cards = fuzz::load_cards("hearth", "fuzz.json", text);
  for (const CardDef& card : cards)
    for (const AbilityDef& a : card.abilities)
      if (a.impl) (void)a.impl->describe();
  return 0;
}
