#include "pack/deck.hpp"

#include <charconv>

#include "anvil/pack.hpp"
#include "pack/yaml_strict.hpp"

ANVIL_BEGIN_NAMESPACE
namespace pack_detail {

namespace {

// More copies than this is a typo ("40 Forest" for "4 Forest" is not, "400" is).
constexpr std::uint32_t kMaxCopies = 250;

std::optional<DeckEntry> read_entry(const Param& item, std::vector<Diagnostic>& diagnostics) {
  auto text = read_text(item, "a deck entry", diagnostics);
  if (!text) return std::nullopt;
  const std::string& t = *text;
  const std::size_t space = t.find(' ');
  std::uint32_t copies = 0;
  const char* end = t.data() + (space == std::string::npos ? t.size() : space);
  auto [stop, ec] = std::from_chars(t.data(), end, copies);
  if (space == std::string::npos || ec != std::errc() || stop != end) {
    error(diagnostics, item.where(),
          "deck entry '" + t + "' must be '<copies> <card name>', e.g. '4 Grizzly Bears'");
    return std::nullopt;
  }
  if (copies == 0 || copies > kMaxCopies) {
    error(diagnostics, item.where(),
          "deck entry '" + t + "': copies must be 1 to " + std::to_string(kMaxCopies));
    return std::nullopt;
  }
  std::size_t name_start = space;
  while (name_start < t.size() && t[name_start] == ' ') ++name_start;
  if (name_start == t.size()) {
    error(diagnostics, item.where(), "deck entry '" + t + "' names no card");
    return std::nullopt;
  }
  SourceLocation where = item.where();
  if (where.column != 0) where.column += static_cast<std::uint32_t>(name_start);
  return DeckEntry{t.substr(name_start), copies, where};
}

}  // namespace

std::optional<ParsedDeck> read_deck(const std::filesystem::path& file,
                                    std::vector<Diagnostic>& diagnostics) {
  auto root = load_yaml_file(file, diagnostics);
  if (!root) return std::nullopt;
  ParsedDeck deck;
  MapReader r(*root, "deck file", diagnostics);
  if (!r.ok()) return std::nullopt;
  deck.name_where = {file.string(), 0, 0};
  if (const Param* v = r.required("name")) {
    deck.list.name = read_text(*v, "'name'", diagnostics).value_or("");
    deck.name_where = v->where();
  }
  if (const Param* v = r.optional("description")) (void)read_text(*v, "'description'", diagnostics);
  // The deck's hero, for games whose decks have one (hearth); the rules module checks it.
  if (const Param* v = r.optional("hero")) {
    if (auto hero = read_text(*v, "'hero'", diagnostics)) {
      deck.list.settings.emplace_back("hero", *hero);
      deck.setting_where.push_back(v->where());
    }
  }
  if (const Param* v = r.required("cards")) {
    if (!v->is_list()) {
      error(diagnostics, v->where(), "'cards' must be a list of '<copies> <card name>' entries");
    } else {
      for (const Param& item : v->items()) {
        auto entry = read_entry(item, diagnostics);
        if (!entry) continue;
        deck.list.cards.insert(deck.list.cards.end(), entry->copies, entry->card);
        deck.entries.push_back(std::move(*entry));
      }
    }
  }
  r.finish();
  if (deck.list.name.empty()) deck.list.name = file.stem().string();
  return deck;
}

}  // namespace pack_detail
ANVIL_END_NAMESPACE
