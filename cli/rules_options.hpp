// `--option KEY=VALUE`, given to `anvil sim` and `anvil play`: a rules module's settings for the
// games they start (MatchConfig::options; the classic module's are starting_life, max_turns and
// mulligans, docs/rules-classic.md). The module checks the keys and values as a game is set up;
// this checks only the shape of each and that no key is given twice.
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace anvil::cli {

using RulesOptions = std::vector<std::pair<std::string, std::string>>;

// Throws std::runtime_error naming the `--option` given that is not KEY=VALUE, or the key given
// twice.
RulesOptions parse_rules_options(const std::vector<std::string>& given);

// `options` with KEY=VALUE added unless KEY is already set.
RulesOptions with_default(RulesOptions options, const std::string& key, const std::string& value);

// "mulligans=1, max_turns=30", for messages.
std::string describe(const RulesOptions& options);

}  // namespace anvil::cli
