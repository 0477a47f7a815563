#include "output.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <string_view>
#include <tuple>

#include "pack_version.hpp"

namespace anvil::cli {

std::string located(const Diagnostic& d) { return d.where.str() + ": " + d.message; }

nlohmann::json located_json(const std::vector<Diagnostic>& diagnostics,
                            Diagnostic::Severity severity) {
  auto out = nlohmann::json::array();
  for (const Diagnostic* d : in_file_order(diagnostics))
    if (d->severity == severity) out.push_back(located(*d));
  return out;
}

std::vector<const Diagnostic*> in_file_order(const std::vector<Diagnostic>& diagnostics) {
  // Loading finds problems pass by pass (the manifest's fields, then each card, then checks
  // across the pack), so one file's lines come out of order. The file of the first problem (the
  // manifest, which is read first) stays first, the others follow by name; within a file, lines
  // and columns ascend; ties keep the order found.
  const std::string first = diagnostics.empty() ? std::string() : diagnostics.front().where.file;
  const auto rank = [&](const Diagnostic* d) {
    return std::tuple(d->where.file != first, std::string_view(d->where.file), d->where.line,
                      d->where.column);
  };
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : diagnostics) out.push_back(&d);
  std::stable_sort(out.begin(), out.end(),
                   [&](const Diagnostic* a, const Diagnostic* b) { return rank(a) < rank(b); });
  return out;
}

void print_diagnostics(std::FILE* out, const std::vector<Diagnostic>& diagnostics) {
  for (const Diagnostic* d : in_file_order(diagnostics)) fmt::print(out, "{}\n", d->str());
}

namespace {
// The characters of UTF-8 text: its bytes but continuation bytes. A column is padded by
// characters, so "Ürsa Major" (11 bytes) lines up with ASCII names. (Every character counts one
// column; the names of cards and decks are alphabetic, without double-width characters.)
std::size_t characters(std::string_view text) {
  return static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  }));
}
}  // namespace

void print_table(std::FILE* out, const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> widths;
  for (const auto& row : rows) {
    widths.resize(std::max(widths.size(), row.size()));
    for (std::size_t i = 0; i < row.size(); ++i)
      widths[i] = std::max(widths[i], characters(row[i]));
  }
  for (const auto& row : rows) {
    std::string line;
    for (std::size_t i = 0; i < row.size(); ++i) {
      line += row[i];
      if (i + 1 < row.size()) line += std::string(widths[i] - characters(row[i]) + 2, ' ');
    }
    fmt::print(out, "{}\n", line);
  }
}

std::string count_of(std::size_t n, const char* noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

nlohmann::json version_json(const PackManifest& m) {
  return version_was_read(m) ? nlohmann::json(m.version.str()) : nlohmann::json();
}

nlohmann::json pack_report_json(const LoadedPack& pack) {
  return {{"name", pack.manifest.name},
          {"version", version_json(pack.manifest)},
          {"cards", pack.cards.size()},
          {"errors", located_json(pack.diagnostics, Diagnostic::Severity::error)},
          {"warnings", located_json(pack.diagnostics, Diagnostic::Severity::warning)}};
}

std::string json_text(const nlohmann::json& j, int indent) {
  return j.dump(indent, ' ', /*ensure_ascii=*/false, nlohmann::json::error_handler_t::replace);
}

}  // namespace anvil::cli
