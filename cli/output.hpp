// Formatting shared by commands: diagnostics as text and JSON, and plain aligned tables.
#pragma once

#include <anvil/extensions.hpp>
#include <anvil/pack.hpp>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace anvil::cli {

// "file:line:column: message", the form `--json` outputs use (no severity: the key says it).
std::string located(const Diagnostic& d);

// The diagnostics of one severity, as a JSON array of located() strings.
nlohmann::json located_json(const std::vector<Diagnostic>& diagnostics,
                            Diagnostic::Severity severity);

// A pack's version in `--json` outputs: its text, or null when it could not be read (shown as
// `?` in text: pack_version.hpp).
nlohmann::json version_json(const PackManifest& m);

// What `pack show --json` and `pack validate --json` print for a pack: exactly
// {"name", "version", "cards", "errors", "warnings"}.
nlohmann::json pack_report_json(const LoadedPack& pack);

// The diagnostics in file order: the file of the first (the manifest, read first), then the
// others by name, each one's by line and column (a stable sort: problems at one place keep the
// order they were found in).
std::vector<const Diagnostic*> in_file_order(const std::vector<Diagnostic>& diagnostics);
// Each diagnostic on its own line, in file order: "file:line:column: error: message".
void print_diagnostics(std::FILE* out, const std::vector<Diagnostic>& diagnostics);

// Rows of cells, columns padded to their widest cell; the last column is not padded.
void print_table(std::FILE* out, const std::vector<std::vector<std::string>>& rows);

// The JSON text of `j`, indented by `indent` (-1: one line), for stdout or a file. Bytes that are
// not UTF-8 (a Latin-1 description, a folder name from another system) are replaced by U+FFFD:
// JSON text must be UTF-8, and nlohmann's default is to throw, which left a command with no
// output at all for one bad byte in one pack.
std::string json_text(const nlohmann::json& j, int indent = 2);

// "1 error", "2 warnings".
std::string count_of(std::size_t n, const char* noun);

}  // namespace anvil::cli
