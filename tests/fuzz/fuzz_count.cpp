// Fuzz target: the bytes are what follows "Count$", compiled by value-count's ValueFunction
// "Count". A bad expression must be a LoadError (any other exception is a bug); one that
// compiles is described and evaluated on a small game, where it must not throw at all.
#include <cstddef>
#include <cstdint>
#include <string_view>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/error.hpp"
#include "anvil/extensions.hpp"
#include "anvil/game.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace anvil;
  const std::string_view expr(reinterpret_cast<const char*>(data), size);
  static const auto count = fuzz::registry().get<ValueFunction>("Count");
  static const auto game = fuzz::small_game(1);

  CardDef card;
  card.name = "Fuzzed Spell";
  std::vector<Diagnostic> diagnostics;
  CompileContext ctx{fuzz::registry(), card, SourceLocation{"fuzz.txt", 1, 1}, diagnostics};
  std::shared_ptr<const ValueExpr> value;
  try {
    value = count->compile(expr, ctx);
  } catch (const LoadError&) {
    return 0;
  }
  if (!value) return 0;
  (void)value->describe();
  for (std::uint8_t p = 0; p < 2; ++p) {
    ResolveContext rc{ObjectRef{}, CardId{}, 0, PlayerId{p}, {}, 0, {}};
    (void)value->eval(*game, rc);
  }
  return 0;
}
