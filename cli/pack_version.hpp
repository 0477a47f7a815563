// What version to show for a pack, and which version of an installed pack `pack remove` names.
// PackManifest::version is 0.0.0 both when pack.yaml says 0.0.0 and when its version is missing
// or not a version (an error says so); the commands must never show or act on a 0.0.0 the pack
// does not have (docs/cli.md, `pack list`).
#pragma once

#include <anvil/pack.hpp>
#include <string>

namespace anvil::cli {

// Whether `m.version` is the version its pack.yaml gives, rather than the 0.0.0 that stands in
// for a version that could not be read.
bool version_was_read(const PackManifest& m);

// `m.version` as text, or "?" when it could not be read.
std::string shown_version(const PackManifest& m);

// The version an installed pack is installed under: the name of its folder
// $ANVIL_HOME/packs/NAME/VERSION, which `pack install` makes from the version it read. A pack
// elsewhere (or copied straight into $ANVIL_HOME/packs/NAME) has only its manifest's version,
// shown_version().
std::string installed_version(const FoundPack& pack);

}  // namespace anvil::cli
