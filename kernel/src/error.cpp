#include "anvil/error.hpp"

#include <algorithm>
#include <vector>

ANVIL_BEGIN_NAMESPACE

std::string SourceLocation::str() const {
  std::string s = file.empty() ? std::string("<input>") : file;
  if (line == 0) return s;
  s += ':' + std::to_string(line);
  if (column != 0) s += ':' + std::to_string(column);
  return s;
}

Error::Error(const std::string& message) : std::runtime_error(message) {}
Error::~Error() = default;

namespace {

std::string located(const SourceLocation& where, const std::string& problem, const std::string& hint) {
  // No location at all: "<input>: " would send the reader looking for a text that was never read.
  std::string s = where.file.empty() && where.line == 0 ? problem : where.str() + ": " + problem;
  if (!hint.empty()) s += "; " + hint;
  return s;
}

std::string plugin_message(const std::string& plugin, const std::string& file,
                           const std::string& problem, const std::string& fix) {
  std::string s = "plugin";
  if (!plugin.empty()) s += " '" + plugin + "'";
  if (!file.empty()) s += " (" + file + ")";
  s += ": " + problem;
  if (!fix.empty()) s += "; fix: " + fix;
  return s;
}

std::string ability_message(const std::string& plugin, const std::string& card,
                            const std::string& ability, const std::string& problem) {
  return "plugin '" + plugin + "' failed in card '" + card + "', ability '" + ability + "': " + problem;
}

}  // namespace

LoadError::LoadError(SourceLocation where, std::string problem, std::string hint)
    : Error(located(where, problem, hint)),
      where_(std::move(where)),
      problem_(std::move(problem)),
      hint_(std::move(hint)) {}
LoadError::~LoadError() = default;

PluginError::PluginError(std::string plugin, std::string file, std::string problem, std::string fix)
    : Error(plugin_message(plugin, file, problem, fix)),
      plugin_(std::move(plugin)),
      file_(std::move(file)),
      problem_(std::move(problem)),
      fix_(std::move(fix)) {}
PluginError::~PluginError() = default;

AbilityError::AbilityError(std::string plugin, std::string card, std::string ability, std::string problem)
    : Error(ability_message(plugin, card, ability, problem)),
      plugin_(std::move(plugin)),
      card_(std::move(card)),
      ability_(std::move(ability)),
      problem_(std::move(problem)) {}
AbilityError::~AbilityError() = default;

RulesError::~RulesError() = default;

void rethrow_as_ability_error(std::string_view plugin, std::string_view card,
                              std::string_view ability, std::string_view prefix) {
  auto named = [&](std::string_view problem) {
    return AbilityError(std::string(plugin), std::string(card), std::string(ability),
                        std::string(prefix) + std::string(problem));
  };
  try {
    throw;
  } catch (const AbilityError&) {
    throw;  // already names the innermost plugin
  } catch (const RulesError&) {
    throw;  // the kernel's own complaint, not the plugin's
  } catch (const std::exception& e) {
    throw named(e.what());
  } catch (...) {
    throw named("an exception that is not a std::exception");
  }
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  // Case-insensitive Levenshtein: "swamp" is a plausible typo of "Swamp".
  auto lower = [](char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; };
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      const std::size_t cost = lower(a[i - 1]) == lower(b[j - 1]) ? 0 : 1;
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + cost});
      diagonal = up;
    }
  }
  return row[b.size()];
}

namespace {

template <class Range>
std::string closest(std::string_view name, const Range& candidates) {
  const std::size_t limit = std::max<std::size_t>(2, name.size() / 3);
  std::string_view best;
  std::size_t best_distance = limit + 1;
  for (const auto& candidate : candidates) {
    const std::size_t d = edit_distance(name, candidate);
    if (d < best_distance) {
      best_distance = d;
      best = candidate;
    }
  }
  if (best.empty() || best == name) return {};
  return "did you mean '" + std::string(best) + "'?";
}

}  // namespace

std::string did_you_mean(std::string_view name, std::span<const std::string> candidates) {
  return closest(name, candidates);
}

std::string did_you_mean(std::string_view name, std::span<const std::string_view> candidates) {
  return closest(name, candidates);
}

ANVIL_END_NAMESPACE
