// PackLibrary: the packs a command can use — found once in the pack folders, each loaded at most
// once (a pack that does not load prints its errors once, when they matter: a pack merely
// looked in for decks gets one warning line), card pools built from lists of them, and decks
// found by name. Shared by the commands that play games (scenario, sim, replay).
#pragma once

#include <anvil/pack.hpp>
#include <anvil/registry.hpp>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "commands.hpp"
#include "engine_setup.hpp"
#include "replay.hpp"

namespace anvil::cli {

// A deck and the pack it comes from.
struct DeckRef {
  std::string pack;
  DeckList deck;
};

class PackLibrary {
 public:
  // The packs of `engine`'s registry; a pack some of whose shipped plugins `engine` did not load
  // (Engine::packs_missing_plugins) does not load: unread_pack(). `pins` chooses versions other
  // than the highest (pin_versions(); start the engine with the same pins). Refers to `engine`,
  // which must outlive it.
  PackLibrary(const GlobalOptions& options, const Engine& engine, const PackPins& pins = {});

  // The card pool holding the cards of `packs`, in that order; nullptr and `error` set if a pack
  // is missing, does not load (its errors then go to stderr, once), or defines a card another
  // one does.
  std::shared_ptr<const CardPool> pool(const std::vector<std::string>& packs, std::string& error);

  // `packs` preceded by every pack they require (requires: packs:), each once.
  std::vector<std::string> with_requirements(const std::vector<std::string>& packs) const;

  // A deck of a pack written for `rules`, by its name ("Rakdos Rats") or as "pack:deck".
  // Throws std::runtime_error with a did-you-mean when there is none. Only "pack:deck" loads
  // that pack alone; a bare name is looked for in every pack, and each that does not load gets
  // one warning line on stderr (its errors only when no deck is found: they may be why).
  DeckRef deck(const std::string& rules, std::string_view name);
  // Every deck of the packs written for `rules`, by pack then file order. A pack that does not
  // load offers none; its name is added to `broken` when given, else a warning line says it
  // was skipped (its errors are not printed: it may be no concern of the command's).
  std::vector<DeckRef> decks(const std::string& rules, std::vector<std::string>* broken = nullptr);

  // Adds to `pack` (a pack loaded on its own, as `pack validate`, `show` and `install` do) the
  // errors of its decks and cards against the packs it requires: a card neither defines that a
  // deck or a card names (check_deck_cards(), check_card_needs(); also done by every load
  // through this library), and, when the pack has
  // no error so far and its rules module is loaded, a deck that module refuses to set a game up
  // with, played against itself (a hearth card naming a card no pack defines, a deck without a
  // hero): a game with such a deck could not start.
  void check_decks(LoadedPack& pack);
  std::string other_rules_hint(const std::string& rules, std::string_view deck_name);
  // Where the rules asked for come from, when not the command line's --rules (`what` names it,
  // such as "the replay's \"rules\""): a deck of other rules is then not told to add --rules.
  void rules_given_by(std::string what) { rules_given_by_ = std::move(what); }

  // The version of a used pack, or "" if there is none of that name.
  std::string version_of(const std::string& pack) const;
  // Every version of `pack` found, highest first, shown as `pack list` shows them.
  std::vector<std::string> versions_of(const std::string& pack) const;
  // What a replay records of `packs`, loaded (pool() succeeded for them): name, version and
  // content digest (pack_content_digest()).
  std::vector<RecordedPack> recorded(const std::vector<std::string>& packs);
  // The content digest of the used pack `name`; "" when it does not load.
  std::string digest_of(const std::string& name);
  // "no pack named 'x'; did you mean 'y'?" when no pack of that name is found, else "".
  std::string not_found(const std::string& name) const;

 private:
  // A pack that did not load: why, and its diagnostics, printed once when they matter.
  struct BrokenPack {
    std::string error;
    std::size_t errors = 0;
    std::vector<Diagnostic> diagnostics;
    bool printed = false;
    // Why it was skipped, when not for errors: its plugins did not load (unread_pack()).
    std::string reason;
  };

  const FoundPack* used(const std::string& name) const;
  std::optional<DeckRef> deck_of(const std::string& rules, const std::string& pack_name,
                                 std::string_view deck_name);
  // pool() without printing the errors of a pack that does not load.
  std::shared_ptr<const CardPool> make_pool(const std::vector<std::string>& packs,
                                            std::string& error);
  void print_errors(const std::string& name);
  // "card 'X' is defined twice: in pack 'a' at … and in pack 'b', which it requires, at …":
  // `card` of `pack` against the one `pool` holds.
  std::string defined_twice(const std::string& pack, const CardDef& card,
                            const CardPool& pool) const;
  // One line per pack of `broken` whose errors were neither printed nor warned of yet.
  void warn_skipped(const std::vector<std::string>& broken);
  // The cards of the packs `m` requires, and of theirs in turn (never `m` itself, should a
  // requirement lead back to it); nullptr when one is missing, does not load or defines a card
  // another does: check_required_packs() or their own errors say so, and their cards are not
  // reported again one by one.
  std::shared_ptr<const CardPool> requirements_pool(const PackManifest& m);
  // The deck lines and card needs of a pack that requires others, against the cards of those
  // (check_deck_cards(), check_card_needs()).
  void check_deck_cards_of(LoadedPack& pack);
  void check_decks_set_up(LoadedPack& pack);
  // The used pack `name`, loaded once; nullptr and `error` set when it has an error, a required
  // pack missing or outside the range it requires (check_required_packs()) included.
  const LoadedPack* load(const std::string& name, std::string& error);

  const Registry& registry_;
  const std::map<std::filesystem::path, std::string>& packs_missing_plugins_;
  std::vector<FoundPack> found_;
  std::map<std::string, std::string> digests_;
  std::map<std::string, LoadedPack> packs_;
  std::map<std::string, BrokenPack> broken_;  // packs that did not load (loading prints nothing)
  std::set<std::string> warned_;
  std::set<std::string> loading_;  // load() in progress: a requirement cycle stops here
  std::map<std::string, std::shared_ptr<const CardPool>> pools_;
  std::string rules_given_by_;  // empty: --rules
};

// "A and B cannot be played together: WHY", or "deck A cannot be played: WHY" when B is A (a
// pack clashing with one it requires).
std::string cannot_be_played(const DeckRef& a, const DeckRef& b, const std::string& why);

}  // namespace anvil::cli
