// Private helpers shared by the pack loader's readers (manifest, decks) on top of the public
// parse_yaml() and MapReader in anvil/pack.hpp. yaml-cpp itself is included only by
// yaml_strict.cpp: everything past parsing works on Param trees.
#pragma once

#include <cstddef>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/extensions.hpp"
#include "anvil/pack.hpp"
#include "anvil/params.hpp"

ANVIL_BEGIN_NAMESPACE
namespace pack_detail {

// The whole file, or nullopt with an error Diagnostic (unreadable, or over `max_bytes`).
std::optional<std::string> read_text_file(const std::filesystem::path& file,
                                          std::vector<Diagnostic>& diagnostics,
                                          std::size_t max_bytes);

// The first NUL byte of `text`, as an error at its line and column naming what comes before it
// on its line; nullopt when there is none. Text files hold none (the file is binary, or text
// saved as UTF-16), and readers would take one as an escape or as part of a word (yaml-cpp:
// "unknown escape character", a key 'tough\0ness'), or keep it in a value.
std::optional<Diagnostic> nul_byte(std::string_view text, const std::string& file);

// read_text_file + parse_yaml.
std::optional<Param> load_yaml_file(const std::filesystem::path& file,
                                    std::vector<Diagnostic>& diagnostics);

void error(std::vector<Diagnostic>& diagnostics, SourceLocation where, std::string message);
void warning(std::vector<Diagnostic>& diagnostics, SourceLocation where, std::string message);

// A non-empty text value, or nullopt with an error naming `what` ("'name'").
std::optional<std::string> read_text(const Param& value, std::string_view what,
                                     std::vector<Diagnostic>& diagnostics);

// A list of non-empty texts; a single text is accepted as a list of one.
std::vector<std::string> read_text_list(const Param& value, std::string_view what,
                                        std::vector<Diagnostic>& diagnostics);

std::size_t count(const std::vector<Diagnostic>& diagnostics, Diagnostic::Severity severity);

}  // namespace pack_detail
ANVIL_END_NAMESPACE
