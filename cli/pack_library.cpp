#include "pack_library.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>  // fmt::join

#include <algorithm>
#include <filesystem>
#include <set>
#include <stdexcept>

#include "engine_setup.hpp"
#include "output.hpp"
#include "pack_version.hpp"
#include "unread_pack.hpp"

namespace anvil::cli {

namespace fs = std::filesystem;

PackLibrary::PackLibrary(const GlobalOptions& options, const Engine& engine, const PackPins& pins)
    : registry_(engine.registry), packs_missing_plugins_(engine.packs_missing_plugins) {
  std::vector<fs::path> dirs;
  for (const PackDir& d : pack_search_dirs(options)) dirs.push_back(d.path);
  found_ = find_packs(dirs);
  pin_versions(found_, pins);
}

const FoundPack* PackLibrary::used(const std::string& name) const {
  for (const FoundPack& p : found_)
    if (p.used && p.manifest.name == name) return &p;
  return nullptr;
}

std::string PackLibrary::version_of(const std::string& pack) const {
  const FoundPack* p = used(pack);
  return p ? p->manifest.version.str() : std::string();
}

std::vector<std::string> PackLibrary::versions_of(const std::string& pack) const {
  std::vector<std::string> out;
  for (auto it = found_.rbegin(); it != found_.rend(); ++it)  // sorted by name, then version
    if (it->manifest.name == pack &&
        std::ranges::find(out, shown_version(it->manifest)) == out.end())
      out.push_back(shown_version(it->manifest));
  return out;
}

std::string PackLibrary::digest_of(const std::string& name) {
  if (const auto it = digests_.find(name); it != digests_.end()) return it->second;
  std::string error;
  const LoadedPack* pack = load(name, error);
  if (!pack) return {};
  return digests_.emplace(name, pack_content_digest(*pack)).first->second;
}

std::vector<RecordedPack> PackLibrary::recorded(const std::vector<std::string>& packs) {
  std::vector<RecordedPack> out;
  for (const std::string& p : packs) out.push_back({p, version_of(p), digest_of(p)});
  return out;
}

std::string PackLibrary::not_found(const std::string& name) const {
  if (used(name)) return {};
  std::vector<std::string> names;
  for (const FoundPack& p : found_)
    if (p.used) names.push_back(p.manifest.name);
  std::string hint = did_you_mean(name, names);
  return fmt::format("no pack named '{}'{}", name, hint.empty() ? "" : "; " + hint);
}

const LoadedPack* PackLibrary::load(const std::string& name, std::string& error) {
  if (auto it = packs_.find(name); it != packs_.end()) return &it->second;
  if (auto it = broken_.find(name); it != broken_.end()) {
    error = it->second.error;
    return nullptr;
  }
  const FoundPack* found = used(name);
  if (!found) {
    error = not_found(name);
    return nullptr;
  }
  if (!loading_.insert(name).second) {
    error = fmt::format("pack '{}' requires itself, through the packs it requires", name);
    return nullptr;
  }
  if (const auto missing = packs_missing_plugins_.find(found->dir);
      missing != packs_missing_plugins_.end()) {
    loading_.erase(name);
    LoadedPack pack = unread_pack(found->dir, missing->second, "the warning above says why");
    const std::string why =
        fmt::format("its plugin {} is not loaded (the warning above says why)", missing->second);
    error = fmt::format("pack '{}' did not load: {}", name, why);
    BrokenPack broken{error, pack.error_count(), std::move(pack.diagnostics), false, {}};
    broken.reason = why + ", so its cards and decks are not read";
    broken_.emplace(name, std::move(broken));
    return nullptr;
  }
  LoadedPack pack = load_pack(found->dir, registry_);
  // A pack whose required packs are missing or in another version does not load: `pack show`
  // reports it as an error, and a game would be played with cards it was not written for.
  for (Diagnostic& d : check_required_packs(pack.manifest, found_))
    pack.diagnostics.push_back(std::move(d));
  check_deck_cards_of(pack);
  loading_.erase(name);
  if (!pack.ok()) {
    error = fmt::format("pack '{}' has {}", name, count_of(pack.error_count(), "error"));
    broken_.emplace(name,
                    BrokenPack{error, pack.error_count(), std::move(pack.diagnostics), false, {}});
    return nullptr;
  }
  return &packs_.emplace(name, std::move(pack)).first->second;
}

void PackLibrary::print_errors(const std::string& name) {
  const auto it = broken_.find(name);
  if (it == broken_.end() || it->second.printed) return;
  print_diagnostics(stderr, it->second.diagnostics);
  it->second.printed = true;
}

void PackLibrary::warn_skipped(const std::vector<std::string>& broken) {
  for (const std::string& name : broken) {
    const auto it = broken_.find(name);
    if (it == broken_.end() || it->second.printed || !warned_.insert(name).second) continue;
    const FoundPack* found = used(name);
    const std::string why =
        !it->second.reason.empty()
            ? it->second.reason
            : fmt::format("it has {} (anvil pack validate {} lists them)",
                          count_of(it->second.errors, "error"), found ? found->dir.string() : name);
    fmt::print(stderr, "anvil: warning: pack '{}' {} was skipped: {}\n", name,
               found ? shown_version(found->manifest) : "", why);
  }
}

std::shared_ptr<const CardPool> PackLibrary::pool(const std::vector<std::string>& packs,
                                                  std::string& error) {
  auto pool = make_pool(packs, error);
  if (!pool)  // the packs asked for: their errors matter now
    for (const std::string& name : packs) print_errors(name);
  return pool;
}

std::shared_ptr<const CardPool> PackLibrary::make_pool(const std::vector<std::string>& packs,
                                                       std::string& error) {
  std::string key;
  for (const std::string& p : packs) key += p + '\n';
  if (auto it = pools_.find(key); it != pools_.end()) return it->second;
  auto pool = std::make_shared<CardPool>();
  for (const std::string& name : packs) {
    const LoadedPack* pack = load(name, error);
    if (!pack) return nullptr;
    for (const CardDef& card : pack->cards) {
      if (pool->find(card.name)) {  // CardPool::add would name one pack, not both
        error = defined_twice(name, card, *pool);
        return nullptr;
      }
      pool->add(card);
    }
  }
  pools_.emplace(key, pool);
  return pool;
}

std::string PackLibrary::defined_twice(const std::string& pack, const CardDef& card,
                                       const CardPool& pool) const {
  const CardDef& first = pool.at(*pool.find(card.name));
  const std::vector<std::string> required = with_requirements({pack});
  const bool requires_it =
      first.pack != pack && std::ranges::find(required, first.pack) != required.end();
  return fmt::format("card '{}' is defined twice: in pack '{}' at {} and in pack '{}'{} at {}",
                     card.name, pack, card.where.str(), first.pack,
                     requires_it ? ", which it requires," : "", first.where.str());
}

std::string cannot_be_played(const DeckRef& a, const DeckRef& b, const std::string& why) {
  if (a.pack == b.pack && a.deck.name == b.deck.name)
    return fmt::format("deck {}:{} cannot be played: {}", a.pack, a.deck.name, why);
  return fmt::format("{}:{} and {}:{} cannot be played together: {}", a.pack, a.deck.name, b.pack,
                     b.deck.name, why);
}

std::shared_ptr<const CardPool> PackLibrary::requirements_pool(const PackManifest& m) {
  std::vector<std::string> required;
  for (const PackRequirement& r : m.required_packs)
    if (r.name != m.name) required.push_back(r.name);
  std::vector<std::string> packs = with_requirements(required);
  std::erase(packs, m.name);
  std::string error;
  return make_pool(packs, error);
}

void PackLibrary::check_decks(LoadedPack& pack) {
  check_deck_cards_of(pack);
  check_decks_set_up(pack);
  // A required pack that does not load: its own errors say why this pack's decks went unchecked.
  // Not the pack itself, reached through a requirement cycle: its errors are the caller's.
  std::vector<std::string> required;
  for (const PackRequirement& r : pack.manifest.required_packs) required.push_back(r.name);
  for (const std::string& name : with_requirements(required))
    if (name != pack.manifest.name) print_errors(name);
}

void PackLibrary::check_deck_cards_of(LoadedPack& pack) {
  if (pack.manifest.required_packs.empty()) return;  // load_pack() checked its decks
  const auto others = requirements_pool(pack.manifest);
  if (!others) return;
  std::vector<std::string> names;  // in pool order, so that a did-you-mean is always the same
  for (std::uint32_t i = 0; i < others->size(); ++i) names.push_back(others->at(CardId(i)).name);
  check_card_needs(pack, names);  // first: a deck naming a card it leaves out is told why
  for (Diagnostic& d : check_deck_cards(pack, names)) pack.diagnostics.push_back(std::move(d));
}

namespace {
// Where to report the rules module's refusal of deck `i`: the line of the first card or setting
// value of the deck the refusal names in quotes ("'Lost Mine of Phandelver' is a dungeon",
// "unknown hero 'Mgae'"), else the deck's name (a deck lacking something: "names no hero").
SourceLocation refused_deck_line(const LoadedPack& pack, std::size_t i, std::string_view why) {
  const auto quoted = [&](const std::string& text) {
    return why.find("'" + text + "'") != std::string_view::npos;
  };
  if (i < pack.deck_lines.size())
    for (const DeckLine& line : pack.deck_lines[i])
      if (quoted(line.card)) return line.where;
  if (i < pack.deck_settings.size() && i < pack.decks.size())
    for (std::size_t s = 0; s < pack.deck_settings[i].size(); ++s)
      if (s < pack.decks[i].settings.size() && quoted(pack.decks[i].settings[s].second))
        return pack.deck_settings[i][s].where;
  if (i < pack.deck_name_lines.size() && pack.deck_name_lines[i].line != 0)
    return pack.deck_name_lines[i];
  return {i < pack.deck_files.size() ? pack.deck_files[i].string() : "", 0, 0};
}

// The rules module's reason without the deck's name, which the message gives before it:
// "deck 'Bad Hero': unknown hero 'Mgae'" → "unknown hero 'Mgae'", "deck 'X' names no hero" →
// "it names no hero".
std::string without_deck_name(std::string why, const std::string& deck) {
  const std::string name = "deck '" + deck + "'";
  if (why.starts_with(name + ": ")) return why.substr(name.size() + 2);
  if (why.starts_with(name + " ")) return "it" + why.substr(name.size());
  return why;
}

// Adds the pack's cards to `cards`, which holds those of the packs it requires. A card both
// define is an error at the pack's card (its file, line and column, which `pack install` maps
// back to the folder or archive given), and is left out of the pack as a card with an error is
// (docs/cli.md, `pack show`), so that the card count leaves it out too. Returns whether there
// was none.
bool add_cards_not_required(LoadedPack& pack, CardPool& cards) {
  const std::size_t errors = pack.error_count();
  std::erase_if(pack.cards, [&](const CardDef& card) {
    try {
      cards.add(card);
      return false;
    } catch (const LoadError& e) {
      pack.diagnostics.push_back(to_diagnostic(e));
      return true;
    }
  });
  return pack.error_count() == errors;
}
}  // namespace

void PackLibrary::check_decks_set_up(LoadedPack& pack) {
  if (!pack.ok()) return;
  // The pack's cards beside those of the packs it requires, decks or none: a card of both would
  // stop every game that loads them.
  const auto others = requirements_pool(pack.manifest);
  if (!others) return;
  auto cards = std::make_shared<CardPool>();
  for (std::uint32_t i = 0; i < others->size(); ++i) cards->add(others->at(CardId(i)));
  if (!add_cards_not_required(pack, *cards)) return;
  const auto rules = registry_.find<RulesModule>(pack.manifest.rules);
  if (!rules) return;  // load_pack() warned that the rules module is not loaded
  for (std::size_t i = 0; i < pack.decks.size(); ++i) {
    MatchConfig config;
    config.decks = {pack.decks[i], pack.decks[i]};
    config.seed = 1;
    const auto refuse = [&](const std::string& why) {
      pack.diagnostics.push_back(
          {Diagnostic::Severity::error, refused_deck_line(pack, i, why),
           fmt::format("deck '{}' cannot start a game of the {} rules: {}", pack.decks[i].name,
                       pack.manifest.rules, without_deck_name(why, pack.decks[i].name))});
    };
    try {
      (void)rules->setup(cards, config);
    } catch (const std::exception& e) {
      refuse(e.what());
    } catch (...) {  // plugin code: `throw 7` would otherwise end the program
      refuse("it threw something that is not a std::exception");
    }
  }
}

std::vector<std::string> PackLibrary::with_requirements(const std::vector<std::string>& packs) const {
  std::vector<std::string> out;
  std::set<std::string> seen;
  // Depth first, requirements before the pack that needs them; a cycle is cut at the repeat.
  auto visit = [&](auto&& self, const std::string& name) -> void {
    if (!seen.insert(name).second) return;
    if (const FoundPack* p = used(name))
      for (const PackRequirement& r : p->manifest.required_packs) self(self, r.name);
    out.push_back(name);
  };
  for (const std::string& p : packs) visit(visit, p);
  return out;
}

std::vector<DeckRef> PackLibrary::decks(const std::string& rules,
                                        std::vector<std::string>* broken) {
  std::vector<DeckRef> out;
  std::vector<std::string> skipped;
  for (const FoundPack& p : found_) {
    if (!p.used || p.manifest.rules != rules) continue;
    std::string error;
    const LoadedPack* pack = load(p.manifest.name, error);
    if (!pack) {  // a broken pack offers no decks
      skipped.push_back(p.manifest.name);
      continue;
    }
    for (const DeckList& d : pack->decks) out.push_back({p.manifest.name, d});
  }
  if (broken) {
    broken->insert(broken->end(), skipped.begin(), skipped.end());
  } else {
    warn_skipped(skipped);
  }
  return out;
}

// A deck of this name for other rules ("Basic Zoo" asked for classic): the option that plays it.
std::string PackLibrary::other_rules_hint(const std::string& rules, std::string_view deck_name) {
  std::set<std::string> others;
  for (const FoundPack& p : found_)
    if (p.used && p.manifest.rules != rules) others.insert(p.manifest.rules);
  std::vector<std::string> unused;  // the packs of other rules are not this command's concern
  for (const std::string& other : others)
    for (const DeckRef& d : decks(other, &unused))
      if (d.deck.name == deck_name)
        return rules_given_by_.empty()
                   ? fmt::format("'{}' is a deck for the {} rules: add --rules {}", deck_name,
                                 other, other)
                   : fmt::format("'{}' is a deck for the {} rules, not for {} ({})", deck_name,
                                 other, rules_given_by_, rules);
  return {};
}

std::optional<DeckRef> PackLibrary::deck_of(const std::string& rules, const std::string& pack_name,
                                            std::string_view deck_name) {
  const FoundPack* found = used(pack_name);
  if (!found || found->manifest.rules != rules) return std::nullopt;  // deck() says what there is
  std::string error;
  const LoadedPack* pack = load(pack_name, error);
  if (!pack) {
    print_errors(pack_name);
    throw std::runtime_error(fmt::format(
        "no deck named '{}:{}' for the {} rules; pack '{}' did not load (its errors are above)",
        pack_name, deck_name, rules, pack_name));
  }
  for (const DeckList& d : pack->decks)
    if (d.name == deck_name) return DeckRef{pack_name, d};
  return std::nullopt;
}

namespace {

// Why PACK:DECK names no deck, of the decks `all` of the rules asked for: no such pack (with the
// packs that have the deck), or the pack's own decks, rather than every deck there is.
std::string pack_hint(const PackLibrary& library, const std::vector<DeckRef>& all,
                      const std::string& pack, std::string_view deck_name) {
  if (std::string missing = library.not_found(pack); !missing.empty()) {
    // "nopack:Goblin Burn": the deck may be in another pack.
    std::string in;
    for (const DeckRef& d : all)
      if (d.deck.name == deck_name) in += (in.empty() ? "" : ", ") + d.pack;
    return in.empty() ? missing
                      : fmt::format("{}; '{}' is a deck of pack {}", missing, deck_name, in);
  }
  std::vector<std::string> own;
  for (const DeckRef& d : all)
    if (d.pack == pack) own.push_back(d.deck.name);
  if (own.empty()) return {};  // a pack of other rules, perhaps: other_rules_hint() says
  std::string hint = did_you_mean(deck_name, own);
  return fmt::format("pack '{}' has no deck '{}'; {}", pack, deck_name,
                     hint.empty() ? fmt::format("its decks are {}", fmt::join(own, ", ")) : hint);
}

}  // namespace

DeckRef PackLibrary::deck(const std::string& rules, std::string_view name) {
  std::string_view pack_name, deck_name = name;
  if (const auto colon = name.find(':'); colon != std::string_view::npos) {
    pack_name = name.substr(0, colon);
    deck_name = name.substr(colon + 1);
    if (auto d = deck_of(rules, std::string(pack_name), deck_name)) return *d;
  }
  std::vector<std::string> known, broken;
  std::vector<DeckRef> matches;
  const std::vector<DeckRef> all = decks(rules, &broken);
  for (const DeckRef& d : all) {
    known.push_back(d.pack + ":" + d.deck.name);
    // A name with a colon may be a deck's whole name ("Fire: Ice"), as well as PACK:DECK.
    if ((d.deck.name == deck_name && (pack_name.empty() || d.pack == pack_name)) ||
        (!pack_name.empty() && d.deck.name == name))
      matches.push_back(d);
  }
  // Found: a pack skipped might have held another deck of the name, so it gets its line.
  if (!matches.empty()) warn_skipped(broken);
  if (matches.size() == 1) return matches.front();
  if (matches.size() > 1) {  // one name in several packs: which one is not ours to guess
    std::string which;
    for (const DeckRef& d : matches)
      which += (which.empty() ? "" : ", ") + d.pack + ":" + d.deck.name;
    throw std::runtime_error(fmt::format(
        "deck name '{}' is in several packs for the {} rules: {}; name one as PACK:DECK", name,
        rules, which));
  }
  std::string hint = did_you_mean(name, known);
  if (hint.empty() && !pack_name.empty())
    hint = pack_hint(*this, all, std::string(pack_name), deck_name);
  if (hint.empty()) {
    std::vector<std::string> bare;
    for (const std::string& k : known) bare.push_back(k.substr(k.find(':') + 1));
    hint = did_you_mean(deck_name, bare);
  }
  if (hint.empty()) hint = other_rules_hint(rules, deck_name);
  if (hint.empty() && known.empty())
    hint = "no pack found offers a deck for them (anvil pack list)";
  if (hint.empty()) {
    // Nothing close: the decks there are, so that the next try can be right.
    constexpr std::size_t kListed = 12;
    hint = "the decks are ";
    for (std::size_t i = 0; i < known.size() && i < kListed; ++i)
      hint += (i ? ", " : "") + known[i].substr(known[i].find(':') + 1);
    if (known.size() > kListed)
      hint += fmt::format(" and {} more (anvil pack show PACK)", known.size() - kListed);
  }
  // The deck may be in a pack that did not load: say so, not only what there is instead.
  std::string unloaded;
  for (const std::string& b : broken) {
    print_errors(b);
    unloaded +=
        fmt::format("; pack '{}' did not load (its errors are above; anvil pack show {})", b, b);
  }
  throw std::runtime_error(
      fmt::format("no deck named '{}' for the {} rules; {}{}", name, rules, hint, unloaded));
}

}  // namespace anvil::cli
