// check_rules_words: every wording of a rules module (RulesModule::wording), checked before a
// game of it is told, so that a module's bad words are an error of their own, naming the module
// and the plugin file that registered it, and not a game that stops half told.
//
//   check_rules_words(engine->registry, "hearth", *rules);  // throws LoadError, or returns
//
// Header-only so that tests/unit/scenario checks it against its toy module without the program.
#pragma once

#include <anvil/error.hpp>
#include <anvil/registry.hpp>
#include <anvil/rules.hpp>
#include <string>
#include <string_view>

namespace anvil::cli {

inline void check_rules_words(const Registry& registry, std::string_view name,
                              const RulesModule& rules) {
  try {
    for (std::string_view key : RulesModule::term_keys()) (void)rules.wording(key);
  } catch (const LoadError& e) {
    std::string who = "rules module '" + std::string(name) + "'";
    if (const RegistryEntry* entry = registry.entry(PluginKind::rules_module, name);
        entry && !entry->file.empty())
      who += " (plugin '" + entry->provider + "', " + entry->file + ")";
    // The kernel says "rules module's wording of …": the module named instead.
    constexpr std::string_view kUnnamed = "rules module's ";
    std::string_view problem = e.problem();
    if (problem.starts_with(kUnnamed)) problem.remove_prefix(kUnnamed.size());
    throw LoadError(e.where(), who + ": " + std::string(problem), e.hint());
  }
}

}  // namespace anvil::cli
