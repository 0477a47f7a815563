// Registry: named factories, by kind — keyword handlers, value functions, effect verbs, tag
// parts, card-file loaders, rules modules, agents. The kernel registers nothing
// game-specific; plugins register, and find each other only by name through here (the damage
// keyword asks for the value function "Count" and the effect "Drawback").
//
//   auto count = registry.get<ValueFunction>("Count");   // LoadError with did-you-mean if absent
//   for (const RegistryEntry* e : registry.entries(PluginKind::agent)) …
//
// An interface type I is registrable when it declares `static constexpr PluginKind kKind`.
// Entries are stored type-erased and handed back by kind, never by dynamic_cast.
//
// Lifetime: an entry keeps the library that made it loaded (RegistryEntry::library), and so does
// every object handed out by get<I>().
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/error.hpp"

ANVIL_BEGIN_NAMESPACE

enum class PluginKind : std::uint8_t {
  keyword,         // KeywordHandler: a card line such as spDamageTgtCP
  value_function,  // ValueFunction: Count$…
  effect_verb,     // EffectVerb: a Drawback$ step such as YouGainLife
  tag_action,      // Hearthbreaker-style tag parts (the tags plugin defines the interfaces)
  tag_selector,
  tag_event,
  tag_condition,
  tag_status,
  card_loader,     // CardLoader: a card-file format
  rules_module,    // RulesModule: a whole game
  agent,           // AgentFactory: an AI or other player
};
inline constexpr std::size_t kPluginKindCount = 11;
ANVIL_API const char* to_string(PluginKind k);

struct RegistryEntry {
  PluginKind kind = PluginKind::keyword;
  std::string name;
  std::string version;   // semver of this entry (defaults to its plugin's version)
  std::string provider;  // plugin name, or "host" for entries the host program added
  std::string file;      // library path, empty for the host
  // Declared before `impl` so that it is destroyed after it: the library outlives its object.
  std::shared_ptr<const void> library;  // keeps the library loaded while the entry lives
  std::shared_ptr<const void> impl;
};

class ANVIL_API Registry {
 public:
  Registry();
  ~Registry();
  Registry(const Registry&) = delete;
  Registry& operator=(const Registry&) = delete;

  // Adds entries all together, or none: a duplicate name of the same kind (already registered
  // or twice in `entries`) throws PluginError naming both providers.
  void commit(std::vector<RegistryEntry> entries);

  // Convenience for the host program and tests.
  template <class I>
  void add(std::string name, std::shared_ptr<const I> impl, std::string version = "0.0.0",
           std::string provider = "host") {
    RegistryEntry e;
    e.kind = I::kKind;
    e.name = std::move(name);
    e.version = std::move(version);
    e.provider = std::move(provider);
    e.impl = std::move(impl);
    std::vector<RegistryEntry> one;
    one.push_back(std::move(e));
    commit(std::move(one));
  }

  // Removes and returns every entry of one provider (plugin reload in debug builds).
  std::vector<RegistryEntry> remove_provider(std::string_view provider);

  const RegistryEntry* entry(PluginKind kind, std::string_view name) const;
  std::vector<const RegistryEntry*> entries(PluginKind kind) const;
  std::vector<const RegistryEntry*> all() const;
  std::vector<std::string> names(PluginKind kind) const;

  // The implementation registered under `name`, or nullptr.
  template <class I>
  std::shared_ptr<const I> find(std::string_view name) const {
    const RegistryEntry* e = entry(I::kKind, name);
    return e ? keep_alive<I>(*e) : nullptr;
  }
  // As find(), but a missing name is a LoadError at `where` with a did-you-mean.
  template <class I>
  std::shared_ptr<const I> get(std::string_view name, const SourceLocation& where = {}) const {
    if (auto found = find<I>(name)) return found;
    missing(I::kKind, name, where);
  }

 private:
  template <class I>
  static std::shared_ptr<const I> keep_alive(const RegistryEntry& e) {
    // The returned pointer owns a copy of the entry's library handle alongside the object.
    auto holder = std::make_shared<std::pair<std::shared_ptr<const void>, std::shared_ptr<const void>>>(
        e.library, e.impl);
    return std::shared_ptr<const I>(holder, static_cast<const I*>(e.impl.get()));
  }
  [[noreturn]] void missing(PluginKind kind, std::string_view name, const SourceLocation& where) const;

  std::map<std::pair<PluginKind, std::string>, RegistryEntry, std::less<>> entries_;
};

ANVIL_END_NAMESPACE
