#include "fuzz_support.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

#include "anvil/extensions.hpp"
#include "anvil/game.hpp"
#include "anvil/params.hpp"
#include "anvil/plugin_host.hpp"
#include "anvil/state.hpp"

namespace anvil::fuzz {

namespace {

[[noreturn]] void fail(const std::string& what) {
  std::fprintf(stderr, "fuzz setup failed: %s\n", what.c_str());
  std::abort();
}

class SymbolKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    ctx.card.base.keywords.push_back(Symbol("Changeling"));
  }
  std::string summary() const override { return "Changeling"; }
};

struct Plugins {
  Registry registry;
  std::unique_ptr<PluginHost> host;

  Plugins() {
    try {
      host = std::make_unique<PluginHost>(registry);
      for (const char* name : {"format-classic", "format-yaml", "tags", "keyword-damage",
                               "value-count", "effect-drawback"})
        host->load(std::string(ANVIL_FUZZ_PLUGIN_DIR) + "/" + name + ".so");
      registry.add<KeywordHandler>("Changeling", std::make_shared<SymbolKeyword>());
    } catch (const std::exception& e) {
      fail(e.what());
    }
  }
};

std::vector<CardDef> load_game_cards() {
  std::ifstream in(ANVIL_FUZZ_GAME_CARDS, std::ios::binary);
  const std::string text(std::istreambuf_iterator<char>(in), {});
  if (text.empty()) fail(std::string("cannot read ") + ANVIL_FUZZ_GAME_CARDS);
  std::vector<CardDef> cards;
  std::vector<Diagnostic> diagnostics;
  CardFileContext ctx{registry(), "fuzz", cards, diagnostics};
  registry().get<CardLoader>("classic")->load(ANVIL_FUZZ_GAME_CARDS, text, ctx);
  if (!diagnostics.empty()) fail(diagnostics.front().str());
  return cards;
}

const std::vector<CardDef>& game_cards() {
  static const auto cards = load_game_cards();
  return cards;
}

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
    const ResolveContext ctx{
        game.object(spell).ref(), def.id, static_cast<std::uint16_t>(i), me, targets, 0, {}};
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

const Registry& registry() {
  static Plugins* plugins = new Plugins();  // never destroyed: plugins are never unloaded
  return plugins->registry;
}

std::shared_ptr<const CardPool> game_pool() {
  static const auto pool = game_pool_with({});
  return pool;
}

std::shared_ptr<const CardPool> game_pool_with(std::vector<CardDef> extra) {
  auto pool = std::make_shared<CardPool>();
  for (const CardDef& card : game_cards()) pool->add(card);
  for (CardDef& card : extra) {
    if (pool->find(card.name)) continue;
    pool->add(std::move(card));
  }
  return pool;
}

Answer RandomAgent::choose(const DecisionView&, const Choice& choice) {
  const auto n = static_cast<std::uint32_t>(choice.options.size());
  const std::uint32_t lo = std::min(choice.min_picks, n), hi = std::min(choice.max_picks, n);
  const std::uint32_t count = std::uniform_int_distribution<std::uint32_t>(lo, hi)(rng_);
  std::vector<std::uint32_t> all(n);
  std::iota(all.begin(), all.end(), 0u);
  std::shuffle(all.begin(), all.end(), rng_);
  all.resize(count);
  std::sort(all.begin(), all.end());
  return Answer{all};
}

std::unique_ptr<Game> small_game(std::uint64_t seed, std::shared_ptr<const CardPool> pool) {
  auto game = std::make_unique<Game>(pool, 2, seed);
  auto card = [&](std::string_view name) {
    const auto id = pool->find(name);
    if (!id) fail("game_cards.txt has no card " + std::string(name));
    return *id;
  };
  for (std::uint8_t p = 0; p < 2; ++p) {
    const PlayerId player{p};
    game->journal().set_life(player, 20);
    game->seat(player, std::make_shared<RandomAgent>(seed + p));
    for (std::string_view name : {"Swamp", "Mountain", "Mountain", "Forest", "Snow-Covered Mountain",
                                  "Grizzly Bears", "Mistform Ultimus"})
      game->add_card(card(name), player, ZoneRef::battlefield(player));
    game->journal().set_tapped(game->add_card(card("Swamp"), player, ZoneRef::battlefield(player)),
                               true);
    for (std::string_view name : {"Lightning Bolt", "Swamp", "Goblin Piker"})
      game->add_card(card(name), player, ZoneRef::hand(player));
    for (std::string_view name : {"Kindle", "Grizzly Bears", "Char"})
      game->add_card(card(name), player, ZoneRef::graveyard(player));
    for (int i = 0; i < 5; ++i) game->add_card(card("Mountain"), player, ZoneRef::library(player));
  }
  return game;
}

std::vector<CardDef> load_cards(std::string_view loader, std::string_view file,
                                std::string_view text) {
  std::vector<CardDef> cards;
  std::vector<Diagnostic> diagnostics;
  CardFileContext ctx{registry(), "fuzz", cards, diagnostics};
  registry().get<CardLoader>(loader)->load(std::filesystem::path(file), text, ctx);
  for (const Diagnostic& d : diagnostics) (void)d.str();
  return cards;
}

void cast_on_small_game(std::vector<CardDef> cards, std::uint64_t seed) {
  if (cards.empty()) return;
  std::vector<std::string> names;
  for (const CardDef& card : cards)
    if (names.size() < kCardsCast) names.push_back(card.name);
  const auto pool = game_pool_with(std::move(cards));
  const auto game = small_game(seed, pool);
  for (const std::string& name : names)
    if (const auto card = pool->find(name)) cast(*game, *card, seed);
}

std::uint64_t seed_of(const std::uint8_t* data, std::size_t size) {
  std::uint64_t h = 1469598103934665603ull;  // FNV-1a
  for (std::size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 1099511628211ull;
  return h;
}

}  // namespace anvil::fuzz
