#include "anvil/characteristics.hpp"

#include <algorithm>

ANVIL_BEGIN_NAMESPACE

void Characteristics::add_keyword(Symbol k) {
  if (!has_keyword(k)) keywords.push_back(k);
}

void Characteristics::remove_keyword(Symbol k) {
  keywords.erase(std::remove(keywords.begin(), keywords.end(), k), keywords.end());
}

ANVIL_END_NAMESPACE
