// Deck files (docs/pack-format.md, "Decks"):
//
//   name: Green Stompy
//   description: Bears and forests.     # optional
//   cards:
//     - 4 Grizzly Bears
//     - 20 Forest
//
// Each entry is "<copies> <card name>". Card names are checked against the pack by load_pack.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "anvil/extensions.hpp"
#include "anvil/rules.hpp"

ANVIL_BEGIN_NAMESPACE
namespace pack_detail {

struct DeckEntry {
  std::string card;
  std::uint32_t copies = 0;
  SourceLocation where;  // of the card name
};

struct ParsedDeck {
  DeckList list;
  std::vector<DeckEntry> entries;
  SourceLocation name_where;  // of the name (the file when the name is the file's stem)
  std::vector<SourceLocation> setting_where;  // setting_where[i]: of list.settings[i]'s value
};

// nullopt when the file cannot be read at all; otherwise the entries that parsed.
std::optional<ParsedDeck> read_deck(const std::filesystem::path& file,
                                    std::vector<Diagnostic>& diagnostics);

}  // namespace pack_detail
ANVIL_END_NAMESPACE
