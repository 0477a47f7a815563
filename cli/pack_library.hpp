// PackLibrary: the packs a command can use — found once in the pack folders, each loaded at most
// once, card pools built from lists of them, and decks found by name. Shared by the commands
// that play games (scenario, sim, replay).
#pragma once

#include <anvil/pack.hpp>
#include <anvil/registry.hpp>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"

namespace anvil::cli {

// A deck and the pack it comes from.
struct DeckRef {
  std::string pack;
  DeckList deck;
};

class PackLibrary {
 public:
  PackLibrary(const GlobalOptions& options, const Registry& registry);

  // The card pool holding the cards of `packs`, in that order; nullptr and `error` set if a pack
  // is missing, does not load, or defines a card another one does.
  std::shared_ptr<const CardPool> pool(const std::vector<std::string>& packs, std::string& error);

  // `packs` preceded by every pack they require (requires: packs:), each once.
  std::vector<std::string> with_requirements(const std::vector<std::string>& packs) const;

  // A deck of a pack written for `rules`, by its name ("Rakdos Rats") or as "pack:deck".
  // Throws std::runtime_error with a did-you-mean when there is none.
  DeckRef deck(const std::string& rules, std::string_view name);
  // Every deck of the packs written for `rules`, by pack then file order.
  std::vector<DeckRef> decks(const std::string& rules);

  // The version of a used pack, or "" if there is none of that name.
  std::string version_of(const std::string& pack) const;

 private:
  const FoundPack* used(const std::string& name) const;
  const LoadedPack* load(const std::string& name, std::string& error);

  const Registry& registry_;
  std::vector<FoundPack> found_;
  std::map<std::string, LoadedPack> packs_;
  std::map<std::string, std::shared_ptr<const CardPool>> pools_;
};

}  // namespace anvil::cli
