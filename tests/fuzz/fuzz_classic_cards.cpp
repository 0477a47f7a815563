// Fuzz target: the bytes are a classic .txt card file, loaded by format-classic with the
// keywords and compilers of keyword-damage, value-count and effect-drawback behind it. Every
// problem must come back as a Diagnostic: any exception escaping the loader, crash, hang or leak
// is a bug. Then the first few cards that loaded are cast on a small game: each spell or
// activated ability is described and resolved inside game.perform(), targeting the opponent or
// one of their creatures, with random agents answering. An exception there is an ActionResult,
// but the game must then be exactly as before.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/extensions.hpp"
#include "anvil/game.hpp"
#include "anvil/state.hpp"
#include "fuzz_support.hpp"

namespace {

using namespace anvil;

constexpr std::size_t kCardsCast = 4;

void cast(Game& game, CardId card, std::uint64_t seed) {
  const PlayerId me{0}, opp{1};
  const ObjectId spell = game.add_card(card, me, ZoneRef::stack());
  std::vector<Target> targets{Target::of(opp)};
  if (seed & 1) {
    for (ObjectId id : game.state().zone(ZoneRef::battlefield(opp)).objects)
      if (game.card(id).base.has_stats) targets = {Target::of(game.object(id).ref())};
  }
  const CardDef& def = game.card(spell);
  for (std::size_t i = 0; i < def.abilities.size(); ++i) {
    const AbilityDef& ability = def.abilities[i];
    if (!ability.impl) continue;
    if (ability.kind != AbilityKind::spell && ability.kind != AbilityKind::activated) continue;
    const ResolveContext ctx{game.object(spell).ref(), def.id, static_cast<std::uint16_t>(i),
                             me, targets, 0, {}};
    (void)ability.impl->describe();
    (void)ability.impl->describe_on_stack(game, ctx);
    const std::uint64_t before = hash(game.state());
    const ActionResult r = game.perform("resolve", [&](Game& g) { g.resolve(ctx); });
    if (!r.ok() && hash(game.state()) != before) {
      std::fprintf(stderr, "a failed resolution (%s) left the game changed\n", r.message.c_str());
      std::abort();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<CardDef> cards;
  std::vector<Diagnostic> diagnostics;
  CardFileContext ctx{fuzz::registry(), "fuzz", cards, diagnostics};
  fuzz::registry().get<CardLoader>("classic")->load("fuzz.txt", text, ctx);
  for (const Diagnostic& d : diagnostics) (void)d.str();
  if (cards.empty()) return 0;

  std::vector<std::string> names;
  for (const CardDef& card : cards)
    if (names.size() < kCardsCast) names.push_back(card.name);
  const std::uint64_t seed = fuzz::seed_of(data, size);
  const auto pool = fuzz::game_pool_with(std::move(cards));
  const auto game = fuzz::small_game(seed, pool);
  for (const std::string& name : names)
    if (const auto card = pool->find(name)) cast(*game, *card, seed);
  return 0;
}
