#include "anvil/characteristics.hpp"

#include <algorithm>

ANVIL_BEGIN_NAMESPACE

namespace {
bool contains(const std::vector<Symbol>& v, Symbol s) { return std::find(v.begin(), v.end(), s) != v.end(); }
}  // namespace

bool Characteristics::has_type(Symbol t) const { return contains(types, t); }
bool Characteristics::has_subtype(Symbol t) const { return contains(subtypes, t); }
bool Characteristics::has_supertype(Symbol t) const { return contains(supertypes, t); }
bool Characteristics::has_keyword(Symbol k) const { return contains(keywords, k); }

void Characteristics::add_keyword(Symbol k) {
  if (!has_keyword(k)) keywords.push_back(k);
}

void Characteristics::remove_keyword(Symbol k) {
  keywords.erase(std::remove(keywords.begin(), keywords.end(), k), keywords.end());
}

ANVIL_END_NAMESPACE
