// Room in a std::vector for a known burst of elements, made at once (kernel-internal).
#pragma once

#include <algorithm>
#include <cstddef>
#include <vector>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

// Room for `more` elements in `list`, to the capacity push_back's doubling (libstdc++: twice the
// capacity, at least one) would reach one element at a time: a list grown in one step ends with
// the capacity it would have had, so later growth comes no sooner and the memory is the same.
template <class T>
void make_room(std::vector<T>& list, std::size_t more) {
  const std::size_t needed = list.size() + more;
  std::size_t capacity = list.capacity();
  if (capacity >= needed) return;
  while (capacity < needed) capacity += std::max<std::size_t>(capacity, 1);
  list.reserve(capacity);
}

ANVIL_END_NAMESPACE
