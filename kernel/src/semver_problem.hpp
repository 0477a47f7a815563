// Why a text is not a semantic version, for the messages that refuse one. Kernel-internal: the
// manifest reader words its error with it; parse_version() itself only says yes or no.
#pragma once

#include <string>
#include <string_view>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

// The advice that follows "version 'X' is not a semantic version; ": a number with a leading
// zero is named with the rule it breaks and the version to write instead ("its prerelease
// identifier '01' is a number with a leading zero, which semver 2.0.0 §9 forbids; write
// 1.0.0-1"); anything else gets "write MAJOR.MINOR.PATCH, e.g. 0.1.0". "" for a version
// parse_version() accepts.
std::string version_problem(std::string_view text);

ANVIL_END_NAMESPACE
