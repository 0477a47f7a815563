// Fuzz target: the bytes are a Drawback$ string ("YouGainLife/X", "TgtDiscard/2"…), compiled by
// effect-drawback's EffectVerb "Drawback". A bad string must be a LoadError (any other exception
// is a bug). One that compiles is described and run on a small game, inside game.perform(), as
// the resolution of a spell of player 0 targeting a creature or a player, with random agents
// answering its choices. An exception there is an ActionResult, but the game must then be
// exactly as before.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/error.hpp"
#include "anvil/extensions.hpp"
#include "anvil/game.hpp"
#include "anvil/state.hpp"
#include "fuzz_support.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace anvil;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  static const auto drawback = fuzz::registry().get<EffectVerb>("Drawback");

  CardDef card;
  card.name = "Fuzzed Spell";
  std::vector<Diagnostic> diagnostics;
  CompileContext cc{fuzz::registry(), card, SourceLocation{"fuzz.txt", 1, 1}, diagnostics};
  std::shared_ptr<const EffectStep> step;
  try {
    step = drawback->compile(text, cc);
  } catch (const LoadError&) {
    return 0;
  }
  if (!step) return 0;
  (void)step->describe();

  const std::uint64_t seed = fuzz::seed_of(data, size);
  const auto game = fuzz::small_game(seed);
  const PlayerId me{0}, opp{1};
  const CardId bolt = *fuzz::game_pool()->find("Lightning Bolt");
  const ObjectId spell = game->add_card(bolt, me, ZoneRef::stack());
  // Alternate between a player target and a creature target.
  std::vector<Target> targets{Target::of(opp)};
  if (seed & 1) {
    for (ObjectId id : game->state().zone(ZoneRef::battlefield(opp)).objects) {
      const CardDef& def = game->card(id);
      if (def.base.has_stats) targets = {Target::of(game->object(id).ref())};
    }
  }
  const std::int64_t x = static_cast<std::int64_t>(seed >> 60);  // 0..15: the damage dealt
  const ResolveContext rc{game->object(spell).ref(), bolt, 0, me, targets, x, {}};
  const std::uint64_t before = hash(game->state());
  const ActionResult r = game->perform("drawback", [&](Game& g) { step->run(g, rc, x); });
  if (!r.ok() && hash(game->state()) != before) {
    std::fprintf(stderr, "a failed drawback (%s) left the game changed\n", r.message.c_str());
    std::abort();
  }
  return 0;
}
