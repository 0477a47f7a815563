#include "settings.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string_view>
#include <type_traits>

namespace anvil::ai_search {

namespace {

constexpr const char* kKnown =
    "playouts, ms, threads, rollout, exploration, per_determinization, max_steps, verify, eval, "
    "gate, below, "
    "prune, explore";

[[noreturn]] void bad(const std::string& key, const std::string& value, const char* want) {
  throw std::invalid_argument("ai-search: " + key + " must be " + want + ", got '" + value + "'");
}

template <class T>
T number(const std::string& key, const std::string& value, T lo, const char* want) {
  T parsed{};
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
  // `!(parsed >= lo)` refuses NaN too; a number of settings is also finite ("inf" is no weight).
  bool finite = true;
  if constexpr (std::is_floating_point_v<T>) finite = std::isfinite(parsed);
  if (ec != std::errc() || end != value.data() + value.size() || !(parsed >= lo) || !finite)
    bad(key, value, want);
  return parsed;
}

}  // namespace

SearchSettings settings_from(const AgentOptions& options) {
  SearchSettings s;
  bool playouts_given = false;
  for (const auto& [key, value] : options.settings) {
    if (key == "playouts") {
      s.playouts = number<std::uint64_t>(key, value, 1, "a whole number of at least 1");
      playouts_given = true;
    } else if (key == "ms") {
      s.ms = number<std::uint64_t>(key, value, 1, "a whole number of milliseconds, at least 1");
    } else if (key == "threads") {
      // Each thread searches its own tree on its own copy of the game: past the cores there is
      // nothing to gain, and thousands would only exhaust memory or the thread limit.
      s.threads = number<unsigned>(key, value, 1, "a whole number from 1 to 256");
      if (s.threads > SearchSettings::kMaxThreads) bad(key, value, "a whole number from 1 to 256");
    } else if (key == "rollout") {
      if (value.empty()) bad(key, value, "an agent name");
      s.rollout = value;
    } else if (key == "exploration") {
      s.exploration = number<double>(key, value, 0.0, "a number of at least 0");
    } else if (key == "per_determinization") {
      s.per_determinization = number<std::uint32_t>(key, value, 1, "a whole number of at least 1");
    } else if (key == "max_steps") {
      s.max_steps = number<std::uint32_t>(key, value, 1, "a whole number of at least 1");
    } else if (key == "verify") {
      if (value != "0" && value != "1") bad(key, value, "0 or 1");
      s.verify = value == "1";
    } else if (key == "eval") {
      if (value != "board" && value != "life") bad(key, value, "board or life");
      s.eval = value == "board" ? Evaluation::board : Evaluation::life;
    } else if (key == "below") {
      if (value != "tree" && value != "rollout") bad(key, value, "tree or rollout");
      s.below_tree = value == "tree";
    } else if (key == "prune") {
      if (value != "0" && value != "1") bad(key, value, "0 or 1");
      s.prune = value == "1";
    } else if (key == "explore") {
      s.explore = number<double>(key, value, 0.0, "a probability from 0 to 1");
      if (s.explore > 1) bad(key, value, "a probability from 0 to 1");
    } else if (key == "gate") {
      s.gate = number<double>(key, value, 0.0, "a number of at least 0");
    } else {
      // "rollout=ai-random:pass_probability=0.5" splits at every ':', so the rollout agent's
      // setting lands here: say that it cannot have one rather than only that ai-search lacks it.
      const bool rollout_given = std::any_of(options.settings.begin(), options.settings.end(),
                                             [](const auto& kv) { return kv.first == "rollout"; });
      throw std::invalid_argument(
          "ai-search has no setting '" + key + "' (it has: " + kKnown + ")" +
          (rollout_given ? "; a rollout agent takes no settings of its own: ':' separates "
                           "ai-search's settings, so '" +
                               key + "' was read as one of them"
                         : ""));
    }
  }
  // A time budget alone searches until the time is up.
  if (s.ms != 0 && !playouts_given) s.playouts = std::numeric_limits<std::uint64_t>::max();
  return s;
}

}  // namespace anvil::ai_search
