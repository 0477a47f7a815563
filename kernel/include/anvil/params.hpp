// Params: one view over both spellings of a keyword (DESIGN.md §3):
//
//   classic, positional:   spDamageTgtCP:3:Drawback$YouGainLife/3:Desc:StackDesc
//   YAML, named:           spDamageTgt: {target: creature_or_player, amount: 3,
//                                         drawback: YouGainLife/3}
//
// Both arrive at a KeywordHandler as a Params holding the keyword and its values, each value
// with the file:line:column it came from. A handler that accepts both forms binds positions to
// names once:
//
//   Bound b = params.bind({"amount", "drawback?", "description?", "stack_description?"});
//   const Param& amount = b.required("amount");          // LoadError with location if missing
//   if (const Param* d = b.optional("drawback")) …
//
// Param is a small tree (scalar, list or map) so that nested YAML (Hearthbreaker tags)
// is converted once at load time and the YAML nodes are dropped. A map read from a file knows
// where each key is as well as each value: an error about a key (unknown, unread) names the
// key's line, which is not its value's when the value is a block below it.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/error.hpp"

ANVIL_BEGIN_NAMESPACE

class ParamAudit;

class ANVIL_API Param {
 public:
  enum class Kind : std::uint8_t { scalar, list, map };

  Param() = default;
  static Param scalar(std::string text, SourceLocation where);
  static Param list(std::vector<Param> items, SourceLocation where);
  static Param map(std::vector<std::pair<std::string, Param>> entries, SourceLocation where);
  // A map with where each key is, in entry order, as the file readers build it.
  // REQUIRES: key_wheres.size() == entries.size(), or throws RulesError.
  static Param map(std::vector<std::pair<std::string, Param>> entries,
                   std::vector<SourceLocation> key_wheres, SourceLocation where);

  Kind kind() const { return kind_; }
  bool is_scalar() const { return kind_ == Kind::scalar; }
  bool is_list() const { return kind_ == Kind::list; }
  bool is_map() const { return kind_ == Kind::map; }
  const SourceLocation& where() const { return where_; }

  // REQUIRES: is_scalar(), or throws LoadError naming the location.
  const std::string& text() const;
  // The scalar as an integer of any size that fits int64; LoadError otherwise.
  std::int64_t integer() const;
  bool boolean() const;
  // REQUIRES: is_list().
  const std::vector<Param>& items() const;
  // REQUIRES: is_map(). Entries keep file order; keys are unique (the loader checks).
  const std::vector<std::pair<std::string, Param>>& entries() const;
  const Param* find(std::string_view key) const;
  // REQUIRES: is_map() and i < entries().size(). Where the key of entry i is; in a map built
  // without key locations (by code, not read from a file), its value's where().
  const SourceLocation& key_where(std::size_t i) const;

  // A LoadError at this value's location.
  [[noreturn]] void fail(std::string problem, std::string hint = {}) const;

 private:
  friend class ParamAudit;  // walks the tree without noting reads
  Kind kind_ = Kind::scalar;
  std::string text_;
  std::vector<Param> items_;
  std::vector<std::pair<std::string, Param>> entries_;
  std::vector<SourceLocation> key_wheres_;  // one per entry, or none
  SourceLocation where_;
};

// ParamAudit: which keys of a Param tree were read. While an audit is alive on a thread, every
// find() there that finds a key notes it, and entries() notes every key of its map; afterwards
// unread() lists the keys nobody read. A loader that hands a tree to code it does not own (the
// tag factories of any plugin) reports those keys instead of ignoring them without a word:
//
//   ParamAudit audit;
//   compile(card);                                    // factories call find() as they like
//   for (const ParamAudit::Unread& u : audit.unread(card)) warn(u.key_where, u.key);
//
// Audits nest (the innermost notes); a Pause stops noting for its scope, for a check that looks
// at keys without using them. Reads of a copy are the copy's: audit the tree that is read.
class ANVIL_API ParamAudit {
 public:
  ParamAudit();
  ~ParamAudit();
  ParamAudit(const ParamAudit&) = delete;
  ParamAudit& operator=(const ParamAudit&) = delete;

  struct Unread {
    const Param* map;  // the map holding the key
    std::string key;
    SourceLocation key_where;  // where the key is (its value may start a line below)
    const Param* value;        // its value
  };
  // The keys of `root` and of the maps below read keys that nobody read, in file order. A key
  // not read is listed alone: what is under it was not read either.
  std::vector<Unread> unread(const Param& root) const;
  // The keys find() looked for in `map` while this audit noted and did not find, in the order
  // first asked: what the code reading `map` accepts and was not given, the candidates for a
  // did-you-mean on a key nobody read (`amout` when `amount` was looked for).
  // REQUIRES: called on the thread that created the audit.
  std::vector<std::string> asked(const Param& map) const;

  class ANVIL_API Pause {
   public:
    Pause();
    ~Pause();
    Pause(const Pause&) = delete;
    Pause& operator=(const Pause&) = delete;

   private:
    ParamAudit* paused_;
  };

 private:
  friend class Param;
  void note(const Param* value);

  std::vector<const Param*> read_;  // values whose key was read, sorted by unread()
  ParamAudit* outer_;
};

class Params;

// The result of Params::bind: values by name, whichever spelling they came in.
class ANVIL_API Bound {
 public:
  const Param& required(std::string_view name) const;
  const Param* optional(std::string_view name) const;

 private:
  friend class Params;
  const Params* params_ = nullptr;
  std::vector<std::pair<std::string, const Param*>> values_;
};

class ANVIL_API Params {
 public:
  // Splits a classic keyword line on ':' — "spDamageTgtCP:3:Drawback$YouGainLife/3" — with the
  // column of each part. The first part is the keyword.
  static Params parse_classic(std::string_view line, SourceLocation where);
  static Params positional(std::string keyword, std::vector<Param> values, SourceLocation where);
  static Params named(std::string keyword, std::vector<std::pair<std::string, Param>> values,
                      SourceLocation where);
  // The named form from a map read from a file: an unknown or repeated name is then reported
  // at its key. REQUIRES: map.is_map(), or throws LoadError.
  static Params named_map(std::string keyword, const Param& map, SourceLocation where);

  const std::string& keyword() const { return keyword_; }
  bool is_named() const { return named_; }
  const SourceLocation& where() const { return where_; }
  std::size_t size() const { return named_ ? named_values_.size() : values_.size(); }
  // Positional value i, or nullptr.
  const Param* at(std::size_t i) const;
  // Named value, or nullptr.
  const Param* get(std::string_view name) const;
  const std::vector<Param>& positional_values() const { return values_; }
  const std::vector<std::pair<std::string, Param>>& named_values() const { return named_values_; }

  // Binds `schema` — names, optional ones ending in '?' — to the values: positionally in
  // order for the classic form, by name for the named form. Too many positional values, or an
  // unknown name (with a did-you-mean), is a LoadError.
  Bound bind(std::initializer_list<std::string_view> schema) const;

  [[noreturn]] void fail(std::string problem, std::string hint = {}) const;

 private:
  std::string keyword_;
  bool named_ = false;
  std::vector<Param> values_;
  std::vector<std::pair<std::string, Param>> named_values_;
  std::vector<SourceLocation> name_wheres_;  // one per named value, or none
  SourceLocation where_;
};

ANVIL_END_NAMESPACE
