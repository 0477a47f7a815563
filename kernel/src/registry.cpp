#include "anvil/registry.hpp"

#include <string>
#include <utility>

#include "anvil/error.hpp"

ANVIL_BEGIN_NAMESPACE

namespace {

// More names than this and a "known …" hint stops helping and starts flooding the message.
constexpr std::size_t kMaxListedNames = 12;

// "plugin 'keyword-damage' (/usr/lib/anvil/plugins/keyword-damage.so)" or "the host program".
// PluginError's message already starts with the plugin being refused, so problems below name
// only the other party.
std::string describe_provider(const RegistryEntry& e) {
  if (e.provider == "host") return "the host program";
  std::string s = "plugin '" + e.provider + "'";
  if (!e.file.empty()) s += " (" + e.file + ")";
  return s;
}

std::string quoted_kind(PluginKind kind, std::string_view name) {
  return std::string(to_string(kind)) + " '" + std::string(name) + "'";
}

[[noreturn]] void refuse(const RegistryEntry& e, std::string problem, std::string fix) {
  throw PluginError(e.provider, e.file, std::move(problem), std::move(fix));
}

// An entry nobody could use is an error now rather than a crash or a silent no-op later.
void check_well_formed(const RegistryEntry& e) {
  if (e.name.empty())
    refuse(e, std::string("registers a ") + to_string(e.kind) + " with an empty name",
           "give every registered " + std::string(to_string(e.kind)) + " a name");
  if (!e.impl)
    refuse(e,
           "registers " + quoted_kind(e.kind, e.name) + " without an implementation (null pointer)",
           "pass the object to register, e.g. std::make_shared<…>()");
}

[[noreturn]] void refuse_duplicate(const RegistryEntry& added, const RegistryEntry& existing) {
  refuse(added,
         "registers " + quoted_kind(added.kind, added.name) + ", already registered by " +
             describe_provider(existing),
         added.provider == existing.provider
             ? "register each name once"
             : "remove one of the plugins, or rename the " + std::string(to_string(added.kind)) +
                   " in one of them");
}

}  // namespace

const char* to_string(PluginKind k) {
  switch (k) {
    case PluginKind::keyword:
      return "keyword";
    case PluginKind::value_function:
      return "value function";
    case PluginKind::effect_verb:
      return "effect verb";
    case PluginKind::tag_action:
      return "tag action";
    case PluginKind::tag_selector:
      return "tag selector";
    case PluginKind::tag_event:
      return "tag event";
    case PluginKind::tag_condition:
      return "tag condition";
    case PluginKind::tag_status:
      return "tag status";
    case PluginKind::card_loader:
      return "card loader";
    case PluginKind::rules_module:
      return "rules module";
    case PluginKind::agent:
      return "agent";
  }
  return "unknown plugin kind";
}

Registry::Registry() = default;
Registry::~Registry() = default;

void Registry::commit(std::vector<RegistryEntry> entries) {
  // Check everything before inserting anything: a plugin is registered whole or not at all.
  std::map<std::pair<PluginKind, std::string>, const RegistryEntry*> batch;
  for (const RegistryEntry& e : entries) {
    check_well_formed(e);
    auto key = std::make_pair(e.kind, e.name);
    if (auto it = entries_.find(key); it != entries_.end()) refuse_duplicate(e, it->second);
    auto [it, inserted] = batch.emplace(std::move(key), &e);
    if (!inserted) refuse_duplicate(e, *it->second);
  }
  for (RegistryEntry& e : entries) {
    auto key = std::make_pair(e.kind, e.name);
    entries_.emplace(std::move(key), std::move(e));
  }
}

std::vector<RegistryEntry> Registry::remove_provider(std::string_view provider) {
  std::vector<RegistryEntry> removed;
  for (auto it = entries_.begin(); it != entries_.end();) {
    if (it->second.provider != provider) {
      ++it;
      continue;
    }
    removed.push_back(std::move(it->second));
    it = entries_.erase(it);
  }
  return removed;
}

const RegistryEntry* Registry::entry(PluginKind kind, std::string_view name) const {
  // std::pair has no heterogeneous comparison, so the key is built; lookups happen at load
  // time, not per event.
  auto it = entries_.find(std::make_pair(kind, std::string(name)));
  return it == entries_.end() ? nullptr : &it->second;
}

std::vector<const RegistryEntry*> Registry::entries(PluginKind kind) const {
  std::vector<const RegistryEntry*> out;
  // The map is ordered by (kind, name): one kind is one contiguous run, sorted by name.
  for (auto it = entries_.lower_bound(std::make_pair(kind, std::string()));
       it != entries_.end() && it->first.first == kind; ++it)
    out.push_back(&it->second);
  return out;
}

std::vector<const RegistryEntry*> Registry::all() const {
  std::vector<const RegistryEntry*> out;
  out.reserve(entries_.size());
  for (const auto& [key, e] : entries_) out.push_back(&e);
  return out;
}

std::vector<std::string> Registry::names(PluginKind kind) const {
  std::vector<std::string> out;
  for (const RegistryEntry* e : entries(kind)) out.push_back(e->name);
  return out;
}

void Registry::missing(PluginKind kind, std::string_view name, const SourceLocation& where) const {
  const std::vector<std::string> known = names(kind);
  std::string problem = "unknown " + quoted_kind(kind, name);
  if (known.empty())
    throw LoadError(where, std::move(problem),
                    std::string("no ") + to_string(kind) +
                        " is registered at all; is the plugin that provides it loaded?");
  std::string hint = did_you_mean(name, known);
  if (hint.empty() && known.size() <= kMaxListedNames) {
    hint = std::string("known ") + to_string(kind) + "s: ";
    for (std::size_t i = 0; i < known.size(); ++i) hint += (i ? ", " : "") + known[i];
  }
  throw LoadError(where, std::move(problem), std::move(hint));
}

ANVIL_END_NAMESPACE
