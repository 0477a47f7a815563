#include <algorithm>
#include <utility>

#include "anvil/pack.hpp"

ANVIL_BEGIN_NAMESPACE

MapReader::MapReader(const Param& map, std::string what, std::vector<Diagnostic>& diagnostics)
    : map_(map), what_(std::move(what)), diagnostics_(diagnostics), ok_(map.is_map()) {
  if (ok_) return;
  finished_ = true;  // nothing to check for unknown keys
  std::string found = map.is_list() ? "a list" : "'" + map.text() + "'";
  if (map.is_scalar() && map.text().empty()) found = "nothing";
  diagnostics_.push_back({Diagnostic::Severity::error, map.where(),
                          what_ + " must be a map of 'key: value' lines; found " + found});
}

MapReader::~MapReader() {
  if (!finished_) finish();
}

const Param* MapReader::required(std::string_view key) {
  const Param* value = optional(key);
  if (!value && ok_) {
    diagnostics_.push_back({Diagnostic::Severity::error, map_.where(),
                            what_ + " is missing the required key '" + std::string(key) + "'"});
  }
  return value;
}

const Param* MapReader::optional(std::string_view key) {
  if (std::find(known_.begin(), known_.end(), key) == known_.end()) known_.emplace_back(key);
  return ok_ ? map_.find(key) : nullptr;
}

bool MapReader::has(std::string_view key) { return optional(key) != nullptr; }

void MapReader::finish() {
  finished_ = true;
  if (!ok_) return;
  const ParamAudit::Pause pause;  // listing the keys to check them is not reading them
  const auto& entries = map_.entries();
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const std::string& key = entries[i].first;
    if (std::find(known_.begin(), known_.end(), key) != known_.end()) continue;
    std::string message = "unknown key '" + key + "' in " + what_;
    if (std::string hint = did_you_mean(key, known_); !hint.empty()) message += "; " + hint;
    diagnostics_.push_back({Diagnostic::Severity::error, map_.key_where(i), std::move(message)});
  }
}

Diagnostic to_diagnostic(const LoadError& e) {
  std::string message = e.problem();
  if (!e.hint().empty()) message += "; " + e.hint();
  return {Diagnostic::Severity::error, e.where(), std::move(message)};
}

ANVIL_END_NAMESPACE
