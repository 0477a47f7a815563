// The tag vocabulary of HEARTH-TAGS.md §3-8: every name a Hearthbreaker card may use. A name
// here that no plugin registered is a part this build does not support (a warning naming card
// and tag); a name nowhere is a typo (a load error with a did-you-mean).
#pragma once

#include <anvil/sdk.hpp>
#include <span>
#include <string_view>

namespace anvil::tags {

std::span<const std::string_view> vocabulary(PluginKind kind);
// Amount functions and card sources are not registry kinds: the tags plugin owns them.
std::span<const std::string_view> amount_function_names();
std::span<const std::string_view> card_source_names();

}  // namespace anvil::tags
