// The classic card format (the seed's cards.txt):
//
//   Lightning Helix                 name
//   R W                             mana cost ("no cost" for none)
//   Instant                         type line
//   no text                         rules text, "no text", or left out
//   spDamageTgtCP:3:Drawback$YouGainLife/3
//
// Creatures have a "2/2" line after the text. Blocks are separated by blank lines.
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::format_classic {

class ClassicLoader final : public CardLoader {
 public:
  std::vector<std::string> extensions() const override { return {".txt"}; }
  void load(const std::filesystem::path& file, std::string_view text,
            CardFileContext& ctx) const override;
};

}  // namespace anvil::format_classic
