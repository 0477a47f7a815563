// The CardLoader for YAML card files (README.md here, docs/pack-format.md "YAML cards").
#pragma once

#include <anvil/extensions.hpp>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

namespace anvil::format_yaml {

class YamlCardLoader final : public CardLoader {
 public:
  std::vector<std::string> extensions() const override { return {".yaml", ".yml"}; }
  // Reports every problem of the file; a card with any error is left out, the others load.
  void load(const std::filesystem::path& file, std::string_view text,
            CardFileContext& ctx) const override;
};

}  // namespace anvil::format_yaml
