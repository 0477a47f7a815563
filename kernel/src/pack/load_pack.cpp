// load_pack: manifest → requirements → card files (through the registered CardLoaders) →
// decks. Every step goes on after a problem so that one run lists them all.
#include <algorithm>
#include <cctype>
#include <map>
#include <set>
#include <span>
#include <tuple>
#include <utility>

#include "anvil/pack.hpp"
#include "anvil/rules.hpp"
#include "pack/deck.hpp"
#include "pack/glob.hpp"
#include "pack/yaml_strict.hpp"

ANVIL_BEGIN_NAMESPACE

namespace fs = std::filesystem;
using pack_detail::error;
using pack_detail::warning;

namespace {

// ", which this pack defines but could not load (see …)" when card `name` has a load error:
// a deck naming it is told why it is missing, not that it does not exist. Card loaders name the
// card in each message (docs/script-reference.md): "card 'NAME': …", "card 'NAME' has …", or a
// map reader's "… in card 'NAME'". Empty when no error names it.
std::string failed_to_load(std::span<const Diagnostic> diagnostics, const std::string& name) {
  const std::string card = "card '" + name + "'";
  for (const Diagnostic& d : diagnostics) {
    if (d.severity != Diagnostic::Severity::error) continue;
    if (d.message.starts_with(card) || d.message.ends_with("in " + card))
      return ", which this pack defines but could not load (see the error at " + d.where.str() +
             ")";
  }
  return {};
}

// ", which may be in FILE: …" when a card file yielded no card and its errors name none (YAML
// that could not be read at all): the card may be in it, so it is not called undefined.
// Empty when every card file was read.
std::string in_unread_file(std::span<const Diagnostic> diagnostics, const LoadedPack& pack) {
  for (const fs::path& file : pack.card_files) {
    const std::string name = file.string();
    const auto from_file = [&](const CardDef& c) { return c.where.file == name; };
    if (std::ranges::any_of(pack.cards, from_file)) continue;
    const Diagnostic* first = nullptr;
    bool names_a_card = false;
    for (const Diagnostic& d : diagnostics) {
      if (d.severity != Diagnostic::Severity::error || d.where.file != name) continue;
      if (!first) first = &d;
      names_a_card = names_a_card || d.message.find("card '") != std::string::npos;
    }
    if (first && !names_a_card)
      return ", which may be in " + name + ": that file could not be read (see the error at " +
             first->where.str() + ")";
  }
  return {};
}

// Why card `name` is missing when it is not simply undefined: failed_to_load(), or
// in_unread_file(). Empty when neither explains it.
std::string why_missing(std::span<const Diagnostic> diagnostics, const std::string& name,
                        const LoadedPack& pack) {
  if (std::string failed = failed_to_load(diagnostics, name); !failed.empty()) return failed;
  return in_unread_file(diagnostics, pack);
}

// The error of card `card` needing `need`, which none of `names` is: why a card of the pack of
// that name is missing (why_missing()), else that `nowhere` has none, with a did-you-mean.
Diagnostic unmet_need(const CardDef& card, const CardNeed& need,
                      std::span<const Diagnostic> diagnostics, const LoadedPack& pack,
                      std::span<const std::string> names, std::string_view nowhere) {
  const std::string who = "card '" + card.name + "'";
  if (std::string failed = why_missing(diagnostics, need.name, pack); !failed.empty())
    return {Diagnostic::Severity::error, need.where,
            who + " names card '" + need.name + "'" + failed};
  std::string message = who + ": no card named '" + need.name + "' is in " + std::string(nowhere);
  if (auto hint = did_you_mean(need.name, names); !hint.empty()) message += "; " + hint;
  return {Diagnostic::Severity::error, need.where, std::move(message)};
}

// Leaves out of `pack` each card naming a card (CardDef::needs) that neither the pack nor
// `elsewhere` defines, as a card with an error is, with an error at the name; `nowhere` says
// where the name was looked for.
void leave_out_unmet_needs(LoadedPack& pack, std::span<const std::string> elsewhere,
                           std::string_view nowhere) {
  std::vector<std::string> names(elsewhere.begin(), elsewhere.end());
  for (const CardDef& card : pack.cards) names.push_back(card.name);
  const std::set<std::string_view> defined(names.begin(), names.end());
  const std::size_t before = pack.diagnostics.size();
  std::set<std::string, std::less<>> unmet;
  for (const CardDef& card : pack.cards)
    for (const CardNeed& need : card.needs) {
      if (defined.contains(need.name)) continue;
      Diagnostic d =
          unmet_need(card, need, std::span(pack.diagnostics).first(before), pack, names, nowhere);
      pack.diagnostics.push_back(std::move(d));
      unmet.insert(card.name);
    }
  std::erase_if(pack.cards, [&](const CardDef& card) { return unmet.contains(card.name); });
}

class PackLoader {
 public:
  PackLoader(const Registry& registry, LoadedPack& pack) : registry_(registry), pack_(pack) {}

  void load(const fs::path& dir) {
    ManifestResult m = read_manifest(dir);
    pack_.manifest = std::move(m.manifest);
    const bool manifest_broken =
        std::any_of(m.diagnostics.begin(), m.diagnostics.end(),
                    [](const Diagnostic& d) { return d.severity == Diagnostic::Severity::error; });
    append(m.diagnostics);
    // Without a manifest there is nothing to look for; with a wrong one, read what it names.
    if (pack_.manifest.cards.empty() && pack_.manifest.name.empty()) return;
    // Unless the pack ships plugins: no host loads them from a pack.yaml with errors
    // (docs/pack-format.md), so its cards would fail one by one for keywords those plugins
    // register, burying the one error to fix.
    if (!pack_.manifest.provided_plugins.empty() && manifest_broken) {
      warning(diags(), {(dir / "pack.yaml").string(), 0, 0},
              "the cards and decks are not read: the pack ships plugins, and none is loaded from a "
              "pack.yaml with errors; fix the errors above first");
      return;
    }
    check_plugins();
    check_rules();
    check_provided();
    index_loaders();
    load_cards();
    check_cards_by_rules();
    check_needs();
    load_decks();
  }

 private:
  void append(std::vector<Diagnostic>& more) {
    for (Diagnostic& d : more) diags().push_back(std::move(d));
    more.clear();
  }
  std::vector<Diagnostic>& diags() { return pack_.diagnostics; }

  // Puts the diagnostics from `first` on in file order: readers report some problems (unknown
  // keys, deck entries naming no card) after reading on, and people fix files top to bottom.
  void sort_from(std::size_t first) {
    auto by_place = [](const Diagnostic& a, const Diagnostic& b) {
      return std::tie(a.where.file, a.where.line, a.where.column) <
             std::tie(b.where.file, b.where.line, b.where.column);
    };
    std::stable_sort(diags().begin() + static_cast<std::ptrdiff_t>(first), diags().end(), by_place);
  }
  const fs::path& dir() const { return pack_.manifest.dir; }

  void check_plugins() {
    // A plugin's version is the version its entries carry (Registrar defaults them to it).
    std::map<std::string, std::set<std::string>, std::less<>> versions;
    for (const RegistryEntry* e : registry_.all()) versions[e->provider].insert(e->version);
    std::vector<std::string> names;
    names.reserve(versions.size());
    for (const auto& [name, _] : versions) names.push_back(name);

    for (const PackRequirement& req : pack_.manifest.required_plugins) {
      auto found = versions.find(req.name);
      if (found == versions.end()) {
        std::string message = "the pack requires plugin '" + req.name + "' (" + req.range.text +
                              "), which is not loaded";
        if (auto hint = did_you_mean(req.name, names); !hint.empty()) message += "; " + hint;
        error(diags(), req.where, std::move(message));
        continue;
      }
      bool satisfied = false;
      std::string loaded;
      for (const std::string& v : found->second) {
        loaded += (loaded.empty() ? "" : ", ") + v;
        if (auto parsed = parse_version(v)) satisfied = satisfied || req.range.contains(*parsed);
      }
      if (!satisfied) {
        error(diags(), req.where,
              "the pack requires plugin '" + req.name + "' in '" + req.range.text +
                  "' but the loaded version is " + loaded);
      }
    }
  }

  void check_rules() {
    const std::string& rules = pack_.manifest.rules;
    if (rules.empty() || registry_.entry(PluginKind::rules_module, rules)) return;
    std::string message =
        "rules module '" + rules + "' is not loaded: the cards can be read but not played";
    if (auto hint = did_you_mean(rules, registry_.names(PluginKind::rules_module)); !hint.empty())
      message += "; " + hint;
    warning(diags(), pack_.manifest.rules_where, std::move(message));
  }

  // The native plugins the pack ships: inside the pack and matching their sha256. Whether they
  // are loaded is the host program's trust policy, not the loader's.
  void check_provided() {
    std::vector<Diagnostic> problems = verify_provided_plugins(pack_.manifest);
    append(problems);
  }

  // Extension → loader, from every registered CardLoader.
  void index_loaders() {
    for (const RegistryEntry* e : registry_.entries(PluginKind::card_loader)) {
      auto loader = registry_.find<CardLoader>(e->name);
      if (!loader) continue;
      std::vector<std::string> extensions;
      try {
        extensions = loader->extensions();
      } catch (const std::exception& ex) {
        error(diags(), {pack_.manifest.dir.string(), 0, 0},
              "card loader '" + e->name + "' (plugin '" + e->provider + "') failed: " + ex.what());
        continue;
      } catch (...) {
        error(diags(), {pack_.manifest.dir.string(), 0, 0},
              "card loader '" + e->name + "' (plugin '" + e->provider +
                  "') failed: it threw something that is not a std::exception");
        continue;
      }
      for (std::string& ext : extensions) {
        ext = lower(ext);
        auto [it, inserted] = by_extension_.emplace(ext, Loader{e->name, loader});
        if (!inserted) {
          warning(diags(), {pack_.manifest.dir.string(), 0, 0},
                  "card loaders '" + it->second.name + "' and '" + e->name + "' both read '" + ext +
                      "' files; using '" + it->second.name + "'");
        }
      }
    }
  }

  void load_cards() {
    std::set<fs::path> seen;  // a file matched by two globs loads once
    for (const PackGlob& glob : pack_.manifest.cards) {
      for (const fs::path& file : expand(glob, "card")) {
        if (!seen.insert(file).second) continue;
        pack_.card_files.push_back(file);
        load_card_file(file, glob);
      }
    }
    drop_duplicate_cards();
  }

  void load_card_file(const fs::path& file, const PackGlob& glob) {
    const std::string ext = lower(file.extension().string());
    std::string loader_name;
    std::shared_ptr<const CardLoader> loader;
    if (!glob.format.empty()) {
      loader_name = glob.format;
      loader = registry_.find<CardLoader>(glob.format);
      if (!loader) {
        std::string message = "no card loader named '" + glob.format + "' is loaded";
        if (auto hint = did_you_mean(glob.format, registry_.names(PluginKind::card_loader));
            !hint.empty())
          message += "; " + hint;
        error(diags(), glob.where, std::move(message));
        return;
      }
    } else if (auto it = by_extension_.find(ext); it != by_extension_.end()) {
      loader_name = it->second.name;
      loader = it->second.loader;
    } else {
      error(diags(), {file.string(), 0, 0}, no_loader_message(ext));
      return;
    }
    auto text = pack_detail::read_text_file(file, diags(), YamlLimits{}.max_bytes);
    if (!text) return;
    if (auto nul = pack_detail::nul_byte(*text, file.string())) {  // whatever the card format
      diags().push_back(std::move(*nul));
      return;
    }

    const std::size_t first_new = pack_.cards.size();
    const std::size_t first_diagnostic = diags().size();
    CardFileContext ctx{registry_, pack_.manifest.name, pack_.cards, diags()};
    try {
      loader->load(file, *text, ctx);
    } catch (const LoadError& e) {
      diags().push_back(to_diagnostic(e));
    } catch (const std::exception& e) {
      // Plugin code: whatever it throws is reported, never lost, and the pack goes on.
      error(diags(), {file.string(), 0, 0},
            "card loader '" + loader_name + "'" + provider_of(loader_name) +
                " failed on this file: " + e.what());
    } catch (...) {
      // Uncaught, `throw 7` from a plugin would end the whole program (std::terminate).
      error(diags(), {file.string(), 0, 0},
            "card loader '" + loader_name + "'" + provider_of(loader_name) +
                " failed on this file: it threw something that is not a std::exception");
    }
    for (std::size_t i = first_new; i < pack_.cards.size(); ++i)
      if (pack_.cards[i].pack.empty()) pack_.cards[i].pack = pack_.manifest.name;
    sort_from(first_diagnostic);
  }

  // " (plugin 'NAME')", the plugin that registered a card loader, or nothing if unknown.
  std::string provider_of(const std::string& loader_name) const {
    const RegistryEntry* e = registry_.entry(PluginKind::card_loader, loader_name);
    return e && !e->provider.empty() ? " (plugin '" + e->provider + "')" : "";
  }

  std::string no_loader_message(const std::string& ext) const {
    static const std::map<std::string, std::string, std::less<>> kKnownFormats = {
        {".txt", "format-classic"}, {".yaml", "format-yaml"}, {".yml", "format-yaml"}};
    const std::string shown = ext.empty() ? "extension-less" : "'" + ext + "'";
    std::string message = "no card loader for " + shown + " files";
    if (auto known = kKnownFormats.find(ext); known != kKnownFormats.end())
      return message + "; is the " + known->second + " plugin installed?";
    if (by_extension_.empty()) return message + "; no card loader plugin is loaded";
    std::string handled;
    for (const auto& [e, _] : by_extension_) handled += (handled.empty() ? "" : ", ") + e;
    return message + "; the loaded card loaders read " + handled;
  }

  void drop_duplicate_cards() {
    std::map<std::string, SourceLocation, std::less<>> first;
    std::vector<CardDef> unique;
    unique.reserve(pack_.cards.size());
    for (CardDef& card : pack_.cards) {
      auto [it, inserted] = first.emplace(card.name, card.where);
      if (!inserted) {
        error(diags(), card.where,
              "card '" + card.name + "' is defined twice (first at " + it->second.str() + ")");
        continue;
      }
      unique.push_back(std::move(card));
    }
    pack_.cards = std::move(unique);
  }

  // The pack's rules module's own look at each card (RulesModule::check_card): a card it finds
  // an error in is left out, as one that failed to compile. Its code is a plugin's: whatever it
  // throws is that card's error, and the pack goes on.
  void check_cards_by_rules() {
    const std::string& name = pack_.manifest.rules;
    const auto rules = name.empty() ? nullptr : registry_.find<RulesModule>(name);
    if (!rules) return;  // check_rules() warned
    const std::size_t first = diags().size();
    std::erase_if(pack_.cards, [&](const CardDef& card) {
      const std::string who = "card '" + card.name + "'";
      std::vector<Diagnostic> found;
      std::string threw;
      try {
        found = rules->check_card(card);
      } catch (const std::exception& e) {
        threw = e.what();
      } catch (...) {
        threw = "it threw something that is not a std::exception";
      }
      if (!threw.empty()) {
        error(diags(), card.where,
              who + ": rules module '" + name + "'" + provider_of_rules(name) +
                  " failed checking it: " + threw);
        return true;
      }
      bool left_out = false;
      for (Diagnostic& d : found) {
        left_out = left_out || d.severity == Diagnostic::Severity::error;
        d.message = who + ": " + d.message;
        diags().push_back(std::move(d));
      }
      return left_out;
    });
    sort_from(first);
  }

  std::string provider_of_rules(const std::string& name) const {
    const RegistryEntry* e = registry_.entry(PluginKind::rules_module, name);
    return e && !e->provider.empty() ? " (plugin '" + e->provider + "')" : "";
  }

  // Every card a card names (CardDef::needs) is one of the pack's; of a pack that requires
  // others it may be one of theirs, which check_card_needs() looks in. A card naming one that
  // is not is left out, as a card with an error is.
  void check_needs() {
    if (!pack_.manifest.required_packs.empty()) return;
    const std::size_t first = diags().size();
    leave_out_unmet_needs(pack_, {}, "this pack");
    sort_from(first);
  }

  void load_decks() {
    std::vector<std::string> names;
    for (const CardDef& card : pack_.cards) names.push_back(card.name);
    // A card that failed to compile is not known: a deck naming it is told so (failed_to_load).
    std::set<std::string, std::less<>> known(names.begin(), names.end());
    std::set<std::string, std::less<>> tokens;
    for (const CardDef& card : pack_.cards)
      if (card.token) tokens.insert(card.name);
    const bool other_packs = !pack_.manifest.required_packs.empty();
    const std::size_t card_diagnostics = diags().size();  // those after are the decks' own
    std::set<fs::path> seen;
    // Decks are named PACK:DECK on the command line: two of one name could never be chosen.
    std::map<std::string, SourceLocation, std::less<>> deck_names;
    for (const PackGlob& glob : pack_.manifest.decks) {
      for (const fs::path& file : expand(glob, "deck")) {
        if (!seen.insert(file).second) continue;
        const std::size_t first_diagnostic = diags().size();
        auto deck = pack_detail::read_deck(file, diags());
        if (!deck) continue;
        if (auto [first, inserted] = deck_names.emplace(deck->list.name, deck->name_where);
            !inserted) {
          error(diags(), deck->name_where,
                "deck name '" + deck->list.name + "' is already the name of the deck in " +
                    first->second.str() + "; decks of a pack need distinct names");
          sort_from(first_diagnostic);
          continue;
        }
        std::vector<DeckLine>& settings = pack_.deck_settings.emplace_back();
        for (std::size_t i = 0; i < deck->list.settings.size(); ++i)
          settings.push_back({deck->list.settings[i].first, deck->setting_where[i]});
        pack_.deck_name_lines.push_back(deck->name_where);
        std::vector<DeckLine>& lines = pack_.deck_lines.emplace_back();
        for (const pack_detail::DeckEntry& entry : deck->entries) {
          lines.push_back({entry.card, entry.where});
          if (tokens.contains(entry.card))
            error(diags(), entry.where,
                  "deck '" + deck->list.name + "' names card '" + entry.card +
                      "', a token: tokens are made during a game, never put in a deck");
          if (known.contains(entry.card)) continue;
          if (other_packs) continue;  // maybe a card of a required pack: check_deck_cards()
          std::string message = "deck '" + deck->list.name + "' names card '" + entry.card + "'";
          if (std::string failed =
                  why_missing(std::span(diags()).first(card_diagnostics), entry.card, pack_);
              !failed.empty()) {
            error(diags(), entry.where, message + failed);
            continue;
          }
          message += ", which is not in this pack";
          if (auto hint = did_you_mean(entry.card, names); !hint.empty()) message += "; " + hint;
          error(diags(), entry.where, std::move(message));
        }
        sort_from(first_diagnostic);
        pack_.decks.push_back(std::move(deck->list));
        pack_.deck_files.push_back(file);
      }
    }
  }

  std::vector<fs::path> expand(const PackGlob& glob, std::string_view kind) {
    auto result = pack_detail::expand_glob(dir(), glob.pattern);
    if (!result.error.empty()) {
      error(diags(), glob.where, result.error);
      return {};
    }
    for (const std::string& outside : result.escaping)
      error(diags(), glob.where,
            "'" + outside + "' resolves to a file outside the pack; it is not read");
    // A glob may match nothing yet (`decks/*.yaml` before the first deck); a file named outright
    // is one the author meant to ship, and without it the pack is not what they wrote.
    if (result.files.empty() && result.escaping.empty()) {
      if (glob.pattern.find_first_of("*?") == std::string::npos)
        error(diags(), glob.where,
              std::string(kind) + " file '" + glob.pattern + "' does not exist in the pack");
      else
        warning(diags(), glob.where,
                std::string(kind) + " glob '" + glob.pattern + "' matches no file");
    }
    return result.files;
  }

  static std::string lower(std::string s) {
    for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return s;
  }

  struct Loader {
    std::string name;
    std::shared_ptr<const CardLoader> loader;
  };

  const Registry& registry_;
  LoadedPack& pack_;
  std::map<std::string, Loader, std::less<>> by_extension_;
};

}  // namespace

std::size_t LoadedPack::error_count() const {
  return pack_detail::count(diagnostics, Diagnostic::Severity::error);
}

std::size_t LoadedPack::warning_count() const {
  return pack_detail::count(diagnostics, Diagnostic::Severity::warning);
}

std::vector<Diagnostic> check_deck_cards(const LoadedPack& pack,
                                         std::span<const std::string> elsewhere) {
  std::vector<Diagnostic> out;
  if (pack.manifest.required_packs.empty()) return out;  // load_pack() checked its decks
  std::set<std::string_view> defined(elsewhere.begin(), elsewhere.end());
  std::vector<std::string> names(elsewhere.begin(), elsewhere.end());
  for (const CardDef& card : pack.cards) {
    defined.insert(card.name);
    names.push_back(card.name);
  }
  for (std::size_t i = 0; i < pack.deck_lines.size() && i < pack.decks.size(); ++i)
    for (const DeckLine& line : pack.deck_lines[i]) {
      if (defined.contains(line.card)) continue;
      std::string message = "deck '" + pack.decks[i].name + "' names card '" + line.card + "'";
      if (std::string failed = why_missing(pack.diagnostics, line.card, pack); !failed.empty()) {
        out.push_back({Diagnostic::Severity::error, line.where, message + failed});
        continue;
      }
      message += ", which neither this pack nor the packs it requires define";
      if (auto hint = did_you_mean(line.card, names); !hint.empty()) message += "; " + hint;
      out.push_back({Diagnostic::Severity::error, line.where, std::move(message)});
    }
  return out;
}

void check_card_needs(LoadedPack& pack, std::span<const std::string> elsewhere) {
  if (pack.manifest.required_packs.empty()) return;  // load_pack() checked its cards
  leave_out_unmet_needs(pack, elsewhere, "this pack or the packs it requires");
}

LoadedPack load_pack(const fs::path& dir, const Registry& registry) {
  LoadedPack pack;
  PackLoader(registry, pack).load(dir);
  return pack;
}

ANVIL_END_NAMESPACE
