// SymbolList: a short list of Symbols stored inline — a card's supertypes, types, subtypes and
// keywords (characteristics.hpp).
//
// Game::view copies a card's printed characteristics at every query, many thousand times a
// game. As std::vector<Symbol>, each copy cost up to four heap allocations and frees, the
// largest single cost of a simulated game (docs/performance.md). A SymbolList keeps up to
// kInline symbols in the object itself, which covers nearly every card, and moves to the heap
// only when it grows past that (a changeling's every creature type).
//
// It reads like a std::vector<Symbol>: iterators are pointers, and it is built from, assigned
// from and compared with a std::vector<Symbol> or a braced list.
//
//   SymbolList types = {"Artifact"_sym, "Creature"_sym};
//   types.push_back("Golem"_sym);
//   if (std::find(types.begin(), types.end(), "Creature"_sym) != types.end()) …
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/symbol.hpp"

ANVIL_BEGIN_NAMESPACE

class SymbolList {
 public:
  static constexpr std::size_t kInline = 4;

  using value_type = Symbol;
  using size_type = std::size_t;
  using difference_type = std::ptrdiff_t;
  using reference = Symbol&;
  using const_reference = const Symbol&;
  using pointer = Symbol*;
  using const_pointer = const Symbol*;
  using iterator = Symbol*;
  using const_iterator = const Symbol*;

  // The inline slots are left uninitialised (see inline_): a Characteristics scratch, four lists,
  // is built in many hot loops, and zeroing their 16 slots was most of building it.
  SymbolList() noexcept {}
  SymbolList(std::initializer_list<Symbol> symbols) { append(symbols.begin(), symbols.size()); }
  // Implicit, like the std::vector<Symbol> this type replaced: `base.types = symbols(words)`.
  SymbolList(const std::vector<Symbol>& symbols) { append(symbols.data(), symbols.size()); }
  SymbolList(const SymbolList& other) {
    if (!other.heap_) [[likely]]
      copy_inline(other);
    else
      append_slow(other);
  }
  SymbolList(SymbolList&& other) noexcept { take(other); }
  ~SymbolList() { release(); }

  SymbolList& operator=(const SymbolList& other) {
    if (this != &other) {
      if (!other.heap_ && !heap_) [[likely]] {
        copy_inline(other);
      } else {
        size_ = 0;
        append_slow(other);
      }
    }
    return *this;
  }
  SymbolList& operator=(SymbolList&& other) noexcept {
    if (this != &other) {
      release();
      take(other);
    }
    return *this;
  }
  SymbolList& operator=(std::initializer_list<Symbol> symbols) {
    size_ = 0;
    append(symbols.begin(), symbols.size());
    return *this;
  }
  SymbolList& operator=(const std::vector<Symbol>& symbols) {
    size_ = 0;
    append(symbols.data(), symbols.size());
    return *this;
  }

  Symbol* data() noexcept { return heap_ ? heap_ : inline_; }
  const Symbol* data() const noexcept { return heap_ ? heap_ : inline_; }
  iterator begin() noexcept { return data(); }
  iterator end() noexcept { return data() + size_; }
  const_iterator begin() const noexcept { return data(); }
  const_iterator end() const noexcept { return data() + size_; }
  const_iterator cbegin() const noexcept { return begin(); }
  const_iterator cend() const noexcept { return end(); }

  size_type size() const noexcept { return size_; }
  bool empty() const noexcept { return size_ == 0; }
  size_type capacity() const noexcept { return capacity_; }

  Symbol& operator[](size_type i) { return data()[i]; }
  const Symbol& operator[](size_type i) const { return data()[i]; }
  Symbol& front() { return data()[0]; }
  const Symbol& front() const { return data()[0]; }
  Symbol& back() { return data()[size_ - 1]; }
  const Symbol& back() const { return data()[size_ - 1]; }

  // A plain loop: std::find is unrolled by four with a jump for the rest, which costs more than
  // it saves on the lists of one or two symbols most characteristics hold (a Type count asks up
  // to four of them of every permanent).
  bool contains(Symbol s) const {
    for (Symbol x : *this)
      if (x == s) return true;
    return false;
  }

  void push_back(Symbol s) {
    if (size_ == capacity_) grow(size_ + 1);
    data()[size_++] = s;
  }
  template <class... Args>
  Symbol& emplace_back(Args&&... args) {
    push_back(Symbol(static_cast<Args&&>(args)...));
    return back();
  }
  void pop_back() { --size_; }
  void clear() noexcept { size_ = 0; }
  void reserve(size_type n) {
    if (n > capacity_) grow(n);
  }
  iterator insert(const_iterator at, Symbol s) {
    const auto i = static_cast<size_type>(at - begin());
    push_back(s);
    std::rotate(begin() + i, end() - 1, end());
    return begin() + i;
  }
  iterator erase(const_iterator first, const_iterator last) {
    const auto i = static_cast<size_type>(first - begin());
    const auto n = static_cast<size_type>(last - first);
    std::copy(begin() + i + n, end(), begin() + i);
    size_ -= static_cast<std::uint32_t>(n);
    return begin() + i;
  }
  iterator erase(const_iterator at) { return erase(at, at + 1); }

  friend bool operator==(const SymbolList& a, const SymbolList& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }
  friend bool operator==(const SymbolList& a, const std::vector<Symbol>& b) {
    return std::equal(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  // Both lists on their inline storage (nearly every list): the whole array is copied, a
  // fixed-size block rather than a loop or a call. As bytes: slots past the size may never have
  // been written.
  void copy_inline(const SymbolList& other) noexcept {
    std::memcpy(static_cast<void*>(inline_), static_cast<const void*>(other.inline_),
                sizeof inline_);
    size_ = other.size_;
  }
  // Out of line, so that the copies above stay small enough to be inlined.
  [[gnu::noinline]] void append_slow(const SymbolList& other) { append(other.data(), other.size()); }
  void append(const Symbol* from, size_type n) {
    reserve(size_ + n);
    std::copy(from, from + n, data() + size_);
    size_ += static_cast<std::uint32_t>(n);
  }
  void grow(size_type at_least) {
    size_type n = std::max<size_type>(at_least, 2 * static_cast<size_type>(capacity_));
    Symbol* fresh = new Symbol[n];
    std::copy(begin(), end(), fresh);
    release();
    heap_ = fresh;
    capacity_ = static_cast<std::uint32_t>(n);
  }
  void release() noexcept {
    delete[] heap_;
    heap_ = nullptr;
    capacity_ = kInline;
  }
  void take(SymbolList& other) noexcept {
    size_ = other.size_;
    if (other.heap_) {
      heap_ = other.heap_;
      capacity_ = other.capacity_;
      other.heap_ = nullptr;
      other.capacity_ = kInline;
    } else {
      std::copy(other.inline_, other.inline_ + other.size_, inline_);
    }
    other.size_ = 0;
  }

  Symbol* heap_ = nullptr;  // when the list outgrew inline_
  std::uint32_t size_ = 0;
  std::uint32_t capacity_ = kInline;
  // The first size_ slots (while heap_ is null) are the list; the others are not initialised
  // until written (a union member, so that no constructor writes them). Same layout as a plain
  // Symbol[kInline].
  union {
    Symbol inline_[kInline];
  };
};

ANVIL_END_NAMESPACE
