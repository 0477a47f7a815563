// A pack read without its cards and decks, because plugins it ships are not loaded: its cards
// would fail one by one for the keywords those plugins register, burying the one problem to fix
// (a plugin refused, changed, unreadable or not trusted) under errors that follow from it. This
// is what load_pack() does for a pack whose pack.yaml has errors (docs/pack-format.md, "Plugins
// shipped in packs").
#pragma once

#include <anvil/pack.hpp>
#include <filesystem>
#include <string>

namespace anvil::cli {

// The pack folder `dir` with its manifest read and its shipped plugins' files checked
// (verify_provided_plugins()), and one warning, at its first `provides: plugins` entry, that its
// cards and decks are not read because `files` did not load: `why` says where that is explained
// ("the warning above says why"). No card, deck or card file is in it.
[[nodiscard]] LoadedPack unread_pack(const std::filesystem::path& dir, const std::string& files,
                                     const std::string& why);

}  // namespace anvil::cli
