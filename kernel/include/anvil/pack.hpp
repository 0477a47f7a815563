// Packs: a folder with a manifest (pack.yaml), card files and decks (DESIGN.md §4; the format
// is docs/pack-format.md). Loading a pack parses each file once, compiles every card through the
// card loaders and keyword handlers in a Registry, and collects every problem it finds with its
// file:line:column — it never stops at the first one.
//
//   Registry registry;
//   PluginHost host(registry);
//   host.load_dir(bundled_plugin_dir());
//   LoadedPack pack = load_pack("packs/demo-basics", registry);
//   for (const Diagnostic& d : pack.diagnostics) std::cerr << d.str() << '\n';
//   if (pack.ok()) for (CardDef& card : pack.cards) pool.add(std::move(card));
//
// Card loaders in plugins read YAML with the same strictness through parse_yaml() and
// MapReader (bottom of this file), so every file of a pack reports problems the same way.
// Nothing here installs, copies, trusts or loads anything: verify_provided_plugins() only checks
// the native plugins a pack ships against their sha256; loading them is the host program's
// policy, and installing with trust is `anvil pack install --trust` (issue 7).
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/card.hpp"
#include "anvil/config.hpp"
#include "anvil/error.hpp"
#include "anvil/extensions.hpp"
#include "anvil/params.hpp"
#include "anvil/registry.hpp"
#include "anvil/rules.hpp"
#include "anvil/semver.hpp"

ANVIL_BEGIN_NAMESPACE

// The manifest's file name inside a pack folder.
inline constexpr const char* kPackManifestFile = "pack.yaml";

// `requires: {plugins: {name: range}, packs: {name: range}}`.
struct PackRequirement {
  std::string name;
  VersionRange range;
  SourceLocation where;
};

// `provides: {plugins: [{file, sha256}]}`: a native library shipped inside the pack. The manifest
// reader checks its shape; verify_provided_plugin() checks the file. Whether it is loaded is the
// host program's trust policy (the CLI loads those of bundled packs only; docs/pack-format.md).
struct ProvidedPlugin {
  std::string file;    // relative to the pack folder
  std::string sha256;  // 64 lowercase hex digits
  SourceLocation where;
};

// One entry of `cards:` or `decks:`: a glob relative to the pack folder ("cards/*.yaml"), and
// for cards an optional loader name that overrides the choice by file extension.
struct PackGlob {
  std::string pattern;
  std::string format;  // a registered CardLoader's name; empty: chosen by extension
  SourceLocation where;
};

struct PackManifest {
  std::filesystem::path dir;  // the pack folder, as given
  std::string name;           // [a-z0-9-]+
  Version version;            // 0.0.0 when missing or invalid (an error says so)
  std::string description;
  std::vector<std::string> authors;
  std::string license;
  VersionRange engine;  // SDK versions the pack works with; checked against this SDK on read
  std::string rules;    // the rules module the cards are written for
  SourceLocation rules_where;
  std::vector<PackRequirement> required_plugins;
  std::vector<PackRequirement> required_packs;
  std::vector<ProvidedPlugin> provided_plugins;
  std::vector<PackGlob> cards;
  std::vector<PackGlob> decks;
};

// What reading a manifest found: every field it could read, even when others were wrong.
struct ANVIL_API ManifestResult {
  PackManifest manifest;
  std::vector<Diagnostic> diagnostics;
  [[nodiscard]] bool ok() const;  // no errors (warnings allowed)
};

// Reads `dir`/pack.yaml: schema (required, unknown with a did-you-mean, duplicate keys, types),
// name and version syntax, ranges, and `engine` against this SDK (ANVIL_SDK_VERSION_STRING).
[[nodiscard]] ANVIL_API ManifestResult read_manifest(const std::filesystem::path& dir);
// The same from text already read; `dir` is the pack folder the text belongs to.
[[nodiscard]] ANVIL_API ManifestResult parse_manifest(std::string_view text,
                                                      const std::filesystem::path& dir);

// Where a deck file names a card: one per line of the deck's card list.
struct DeckLine {
  std::string card;
  SourceLocation where;  // of the card's name in the deck file
};

struct ANVIL_API LoadedPack {
  PackManifest manifest;
  std::vector<CardDef> cards;  // the cards that compiled; a card with an error is left out
  std::vector<DeckList> decks;
  std::vector<std::filesystem::path> deck_files;  // deck_files[i]: the file decks[i] came from
  // deck_lines[i]: the lines of decks[i]'s card list, in order: the cards of required packs are
  // checked against them (check_deck_cards()), and a rules module's refusal that names a card is
  // reported at its line.
  std::vector<std::vector<DeckLine>> deck_lines;
  // deck_settings[i]: where decks[i] gives its settings (`hero: Mage`), `card` holding the key;
  // deck_name_lines[i]: where it gives its name. A rules module's refusal of a setting, or of
  // a deck lacking one, is reported there.
  std::vector<std::vector<DeckLine>> deck_settings;
  std::vector<SourceLocation> deck_name_lines;
  std::vector<std::filesystem::path> card_files;  // what the `cards:` globs matched
  std::vector<Diagnostic> diagnostics;            // manifest, card files and decks, in that order

  [[nodiscard]] bool ok() const { return error_count() == 0; }
  std::size_t error_count() const;
  std::size_t warning_count() const;
};

// Loads a whole pack: the manifest, every card file its `cards:` globs match (each through the
// CardLoader registered for its extension or named by `format:`), and every deck. Checks that
// required plugins are loaded in a satisfying version, that the rules module is registered (a
// warning if not: packs can be read without their game), that card names are unique, and
// that decks name cards of the pack (of a pack that requires others: check_deck_cards()) and
// no token (CardDef::token: tokens are made during a game, never put in a deck), and that every
// card a card names (CardDef::needs) is in the pack (of a pack that requires others:
// check_card_needs()); a card naming one that is not is left out of `cards`, with an error at
// the name. Requirements on other packs are the caller's to resolve.
[[nodiscard]] ANVIL_API LoadedPack load_pack(const std::filesystem::path& dir,
                                             const Registry& registry);

// The cards the decks of a pack that requires other packs name but the pack does not define
// (load_pack() cannot tell a card of those from a typo), checked against `elsewhere`: the names
// of the cards of the packs it requires. Each that none defines is an error at its deck line,
// with a did-you-mean among all the cards; a pack that requires none has none to check. The
// caller loads the required packs; a required pack that is missing is check_required_packs()'s
// to report.
[[nodiscard]] ANVIL_API std::vector<Diagnostic> check_deck_cards(
    const LoadedPack& pack, std::span<const std::string> elsewhere);

// A pack folder found by find_packs().
struct FoundPack {
  std::filesystem::path dir;
  PackManifest manifest;
  std::vector<Diagnostic> diagnostics;  // from reading the manifest
  // False when another pack of the same name wins: the higher version, or on equal versions the
  // one found later (in a later folder of `dirs`).
  bool used = true;
};

// Packs in each of `dirs`: every child folder holding a pack.yaml (bundled layout,
// <dir>/<name>/pack.yaml) and every grandchild that does (installed layout,
// <dir>/<name>/<version>/pack.yaml). Missing folders are skipped. Sorted by name, then version.
[[nodiscard]] ANVIL_API std::vector<FoundPack> find_packs(
    std::span<const std::filesystem::path> dirs);

// Checks `manifest.required_packs` against the used packs among `available` (find_packs()): a
// pack that is missing, or whose version is outside the range, is an error at the requirement;
// so is one whose own requirements lead back to `manifest`'s pack, naming the cycle
// ("a -> b -> a").
[[nodiscard]] ANVIL_API std::vector<Diagnostic> check_required_packs(
    const PackManifest& manifest, std::span<const FoundPack> available);

// The cards that the cards of a pack requiring other packs name (CardDef::needs: a token, a
// summoned minion) and the pack does not define, checked against `elsewhere`, the names of the
// cards of the packs it requires: each that none defines is an error added to
// `pack.diagnostics` at the name, with a did-you-mean among all the cards, and the card naming
// it is left out of `pack.cards`, as load_pack() does. Call it before check_deck_cards(), so
// that a deck naming such a card is told where its error is. A pack that requires none has
// none to check (load_pack() did).
ANVIL_API void check_card_needs(LoadedPack& pack, std::span<const std::string> elsewhere);

// ---- Native plugins shipped in packs (`provides: plugins`) -----------------------------------

// The SHA-256 of a file's bytes as 64 lowercase hex digits (OpenSSL's libcrypto). Throws
// LoadError naming the file when it cannot be read.
[[nodiscard]] ANVIL_API std::string sha256_file(const std::filesystem::path& file);

// Whether `text` is written as a SHA-256 is: exactly 64 lowercase hexadecimal digits (a
// manifest's `sha256`, a replay's pack digest).
[[nodiscard]] ANVIL_API bool is_sha256_hex(std::string_view text);

// The content digest of a loaded pack: what a replay records beside each pack's name and
// version, so that `anvil replay` tells a pack whose files changed without a new version (a card
// edited and installed again as the same version) before playing it to a final hash that merely
// differs (docs/cli.md, "anvil replay"). The SHA-256 of the files that define play: pack.yaml,
// then every card file and deck file of `pack`, in the order of their paths relative to the pack
// folder, each as its relative path (with '/'), its size and its bytes, so that renaming or
// moving a file changes it too. README files and shipped plugins are left out: the plugins are
// pinned by their own sha256 in pack.yaml. Throws LoadError naming a file that cannot be read.
[[nodiscard]] ANVIL_API std::string pack_content_digest(const LoadedPack& pack);

// Checks one `provides: plugins` entry of `manifest` before anything may load it: `file` is a
// relative path with '/' and no '..', exists inside the pack folder as a regular file, does not
// resolve (through a symlink) outside it, and its SHA-256 is the manifest's `sha256`. Returns the
// problem as an error located at the entry in pack.yaml (a mismatch names the file, the expected
// and the actual digest), or nullopt when the file is safe to hand to PluginHost::load() as
// `manifest.dir / plugin.file`. An entry without a file or a well-formed sha256 is an error too.
[[nodiscard]] ANVIL_API std::optional<Diagnostic> verify_provided_plugin(
    const PackManifest& manifest, const ProvidedPlugin& plugin);

// verify_provided_plugin() for every entry, in manifest order. Entries that read_manifest()
// already refused (no `file`, a malformed `sha256`) are skipped: it reported them. load_pack()
// includes these errors.
[[nodiscard]] ANVIL_API std::vector<Diagnostic> verify_provided_plugins(
    const PackManifest& manifest);

// ---- The files of a pack folder, before it is installed (issue 7) ---------------------------

// Bounds on a pack's files against hostile input: checked by check_pack_files() on folders and
// by `anvil pack install` while it unpacks an archive.
struct PackFileLimits {
  std::size_t max_files = 10'000;                            // files and folders, together
  std::uint64_t max_file_bytes = std::uint64_t{64} << 20;    // one file
  std::uint64_t max_total_bytes = std::uint64_t{256} << 20;  // all files
};

// What check_pack_files() says of a symlink to a folder (inside the pack: one leading out is
// refused for that): `anvil pack install` copies a pack's files, never a folder through a link.
inline constexpr std::string_view kSymlinkToFolder =
    "is a symlink to a folder; packs may hold symlinks to files only: put the folder itself "
    "there, or a symlink to each of its files";

// Walks the whole pack folder `dir` without following symlinks and reports, each as an error
// naming the file: a symlink that resolves outside `dir` (or nowhere) or to a folder
// (kSymlinkToFolder), anything that is not a regular file, a folder or a symlink (devices,
// FIFOs, sockets), and input over `limits`.
// Changes nothing. `anvil pack validate` and `anvil pack install` run it with load_pack().
[[nodiscard]] ANVIL_API std::vector<Diagnostic> check_pack_files(const std::filesystem::path& dir,
                                                                 const PackFileLimits& limits = {});

// ---- Reading YAML strictly, for the kernel and for card-loader plugins ---------------------

// Bounds against hostile input (issue 7).
struct YamlLimits {
  std::size_t max_bytes = std::size_t{16} << 20;
  std::size_t max_depth = 64;
  std::size_t max_values = 1'000'000;  // after expanding aliases ("billion laughs")
};

// Parses one YAML document into a Param tree, 1-based file:line:column on every value, and
// drops the YAML nodes. Null values become empty scalars. Reported to `diagnostics`: syntax
// errors (nullopt is returned), an unterminated quote (yaml-cpp accepts one running to the end
// of the file), duplicate keys (the first is kept), non-scalar keys, a second document, and
// input over `limits` (the whole file is refused: one error where the limit is crossed, and
// nullopt).
[[nodiscard]] ANVIL_API std::optional<Param> parse_yaml(std::string_view text,
                                                        const std::string& file,
                                                        std::vector<Diagnostic>& diagnostics,
                                                        const YamlLimits& limits = {});

// Reads a map against a schema: ask for each key the schema knows, then finish() reports every
// key nobody asked for as unknown, at the key, with a did-you-mean. Problems go to
// `diagnostics`; reading goes on so that one pass finds them all.
//
//   MapReader card(value, "card", diagnostics);
//   if (!card.ok()) return;                      // not a map: reported
//   const Param* name = card.required("name");   // nullptr and reported if missing
//   const Param* text = card.optional("text");
//   card.finish();  // "unknown key 'nmae' in card; did you mean 'name'?"
//
// Lifetime: refers to `map` and `diagnostics`, which must outlive it. The destructor calls
// finish() if it was not called, so no unknown key goes unreported.
class ANVIL_API MapReader {
 public:
  // `what` names the map in messages: "pack.yaml", "card 'Grizzly Bears'".
  MapReader(const Param& map, std::string what, std::vector<Diagnostic>& diagnostics);
  ~MapReader();
  MapReader(const MapReader&) = delete;
  MapReader& operator=(const MapReader&) = delete;

  bool ok() const { return ok_; }
  const Param* required(std::string_view key);
  const Param* optional(std::string_view key);
  // Whether the map has `key` (and marks it known).
  bool has(std::string_view key);
  void finish();

 private:
  const Param& map_;
  std::string what_;
  std::vector<Diagnostic>& diagnostics_;
  std::vector<std::string> known_;
  bool ok_ = false;
  bool finished_ = false;
};

// An error Diagnostic carrying a LoadError's location and message (problem; hint).
[[nodiscard]] ANVIL_API Diagnostic to_diagnostic(const LoadError& e);

// Runs `read`; a LoadError it throws becomes an error Diagnostic. Returns whether it succeeded.
// Lets a loader read many fields with Param's throwing accessors and still report them all.
template <class F>
bool collect(std::vector<Diagnostic>& diagnostics, F&& read) {
  try {
    read();
    return true;
  } catch (const LoadError& e) {
    diagnostics.push_back(to_diagnostic(e));
    return false;
  }
}

ANVIL_END_NAMESPACE
