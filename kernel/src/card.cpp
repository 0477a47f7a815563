#include "anvil/card.hpp"

#include <string>

ANVIL_BEGIN_NAMESPACE

CardId CardPool::add(CardDef def) {
  if (by_name_.contains(def.name)) {
    const CardDef& first = cards_[by_name_.at(def.name).value];
    std::string hint = "first defined at ";
    hint += first.where.str();
    if (!first.pack.empty()) hint.append(" in pack '").append(first.pack).append("'");
    throw LoadError(def.where, "card '" + def.name + "' is defined twice", std::move(hint));
  }
  def.id = CardId(static_cast<std::uint32_t>(cards_.size()));
  cards_.push_back(std::move(def));
  CardDef& stored = cards_.back();
  stored.base.name = stored.name;  // view into the deque element, which never moves
  ZoneMask zones = 0;
  for (const AbilityDef& a : stored.abilities)
    if (a.impl) zones |= a.impl->zones();
  index_.push_back(&stored);
  ability_zones_.push_back(zones);
  by_name_.emplace(stored.name, stored.id);
  return stored.id;
}

void CardPool::no_card(CardId id) {
  throw RulesError("no card #" + std::to_string(id.valid() ? static_cast<long>(id.value) : -1L) + " in the pool");
}

std::optional<CardId> CardPool::find(std::string_view name) const {
  auto it = by_name_.find(std::string(name));
  if (it == by_name_.end()) return std::nullopt;
  return it->second;
}

std::vector<std::string> CardPool::names() const {
  std::vector<std::string> out;
  out.reserve(cards_.size());
  for (const CardDef& c : cards_) out.push_back(c.name);
  return out;
}

void CardPool::name_symbol(std::string_view name) { symbol_names_.emplace(Symbol(name), std::string(name)); }

std::string CardPool::symbol_name(Symbol s) const {
  auto it = symbol_names_.find(s);
  if (it != symbol_names_.end()) return it->second;
  return "#" + std::to_string(s.raw());
}

ANVIL_END_NAMESPACE
