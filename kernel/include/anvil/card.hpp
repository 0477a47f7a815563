// CardDef and CardPool: cards compiled once, when their pack loads (DESIGN.md §3).
//
// A CardDef is immutable: printed characteristics plus compiled abilities. A CardPool holds the
// cards of the packs a game uses; every Game shares one pool (std::shared_ptr<const CardPool>)
// and refers to cards by CardId.
//
//   CardPool pool;
//   CardDef bolt;
//   bolt.name = "Lightning Bolt";
//   bolt.base.types = {"Instant"_sym};
//   CardId id = pool.add(std::move(bolt));
//   const CardDef& d = pool.at(id);   // d.base.name == "Lightning Bolt"
#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "anvil/ability.hpp"
#include "anvil/characteristics.hpp"
#include "anvil/config.hpp"
#include "anvil/error.hpp"
#include "anvil/ids.hpp"

ANVIL_BEGIN_NAMESPACE

struct AbilityDef {
  AbilityDef() = default;
  // A constructor rather than aggregate initialisation, so that fields added later (as `cost`
  // was) do not break or warn in plugins that build AbilityDefs.
  AbilityDef(AbilityKind kind, std::string text, std::string provider, SourceLocation where,
             std::shared_ptr<const Ability> impl, std::string cost = {})
      : kind(kind), text(std::move(text)), provider(std::move(provider)), where(std::move(where)),
        impl(std::move(impl)), cost(std::move(cost)) {}

  AbilityKind kind = AbilityKind::spell;
  std::string text;      // the source line it was compiled from
  std::string provider;  // the plugin that compiled it, named in errors
  SourceLocation where;
  std::shared_ptr<const Ability> impl;
  // For activated abilities: the activation cost in the card language's notation ("{T}",
  // "{2}{R}, {T}"). The kernel does not read it; the rules module parses and pays it, so a
  // keyword plugin can add activated abilities without knowing the game's costs.
  std::string cost;
};

// A card that a card's abilities name and a game must hold for them to work: the token a spell
// creates, the minion a battlecry summons. The plugin compiling the name declares it
// (CompileContext::need_card) and loading checks it once every card is known (load_pack(),
// check_card_needs()): a misspelt name is an error at `where` when the pack loads, never a
// failure in the middle of a game. Plugin ABI 12.0.
struct CardNeed {
  std::string name;
  SourceLocation where;  // of the name in the card's source
};

struct CardDef {
  CardId id;
  std::string name;
  std::string pack;
  SourceLocation where;
  std::string rules_text;
  Characteristics base;  // base.name is set to `name` by CardPool::add
  std::vector<AbilityDef> abilities;
  bool token = false;  // defines a token (created, never in a deck)
  std::vector<CardNeed> needs;  // the cards its abilities name, in the order they were compiled
};

class ANVIL_API CardPool {
 public:
  CardPool() = default;
  CardPool(const CardPool&) = delete;
  CardPool& operator=(const CardPool&) = delete;

  // Adds a card; throws LoadError if a card of that name is already in the pool.
  CardId add(CardDef def);
  // Throws RulesError for an id not in the pool.
  const CardDef& at(CardId id) const {
    if (!id.valid() || id.value >= index_.size()) [[unlikely]] no_card(id);
    return *index_[id.value];
  }
  // at() without the throw: nullptr for an id not in the pool. For Game::view's path, which must
  // make no call (a call, even one never made, costs it a frame).
  const CardDef* at_or_null(CardId id) const noexcept {
    return id.valid() && id.value < index_.size() ? index_[id.value] : nullptr;
  }
  // The zones any of the card's abilities works from (Ability::zones), gathered as it is added.
  // A Game connects an object's abilities only where one works: most objects of a game (those
  // in libraries) have none there, and asking each ability was 4% of a heuristic game, which
  // copies games often. The id must be valid (at() checks).
  ZoneMask ability_zones(CardId id) const { return ability_zones_[id.value]; }
  std::optional<CardId> find(std::string_view name) const;
  std::size_t size() const { return cards_.size(); }
  // All card names, for did-you-mean hints.
  std::vector<std::string> names() const;

  // Printable names of Symbols (types, keywords, counters) seen in the pool's cards.
  void name_symbol(std::string_view name);
  std::string symbol_name(Symbol s) const;

 private:
  [[noreturn]] static void no_card(CardId id);

  std::deque<CardDef> cards_;  // deque: base.name views into each element stay valid
  // cards_[i] is *index_[i]: at() is asked for every view, and indexing a deque costs a few
  // divisions more than a vector.
  std::vector<const CardDef*> index_;
  std::vector<ZoneMask> ability_zones_;  // ability_zones_[i]: of *index_[i]
  std::unordered_map<std::string, CardId> by_name_;
  std::unordered_map<Symbol, std::string> symbol_names_;
};

ANVIL_END_NAMESPACE
