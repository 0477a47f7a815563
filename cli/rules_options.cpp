#include "rules_options.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <stdexcept>

namespace anvil::cli {

namespace {

bool has_key(const RulesOptions& options, const std::string& key) {
  return std::any_of(options.begin(), options.end(),
                     [&](const auto& kv) { return kv.first == key; });
}

}  // namespace

RulesOptions parse_rules_options(const std::vector<std::string>& given) {
  RulesOptions out;
  for (const std::string& item : given) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::runtime_error(
          fmt::format("--option '{}': give a setting as KEY=VALUE (mulligans=1)", item));
    std::string key = item.substr(0, eq);
    if (has_key(out, key))
      throw std::runtime_error(fmt::format("--option '{}': {} is given twice", item, key));
    out.emplace_back(std::move(key), item.substr(eq + 1));
  }
  return out;
}

RulesOptions with_default(RulesOptions options, const std::string& key, const std::string& value) {
  if (!has_key(options, key)) options.emplace_back(key, value);
  return options;
}

std::string describe(const RulesOptions& options) {
  std::string out;
  for (const auto& [key, value] : options) {
    if (!out.empty()) out += ", ";
    out += key + "=" + value;
  }
  return out;
}

}  // namespace anvil::cli
