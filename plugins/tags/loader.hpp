// The card loaders `hearth` (.json, Hearthbreaker's final v2 format, exactly the shape of
// card_defs.json) and `hearth-v1` (the Dec-2014 wiki format). Both read a JSON array of card
// objects and attach a compiled CardScript to each card (card_script.hpp).
#pragma once

#include <anvil/sdk.hpp>

namespace anvil::tags {

class HearthLoader final : public CardLoader {
 public:
  explicit HearthLoader(bool v1) : v1_(v1) {}
  std::vector<std::string> extensions() const override {
    if (v1_) return {};  // chosen by `format: hearth-v1` in pack.yaml
    return {".json"};
  }
  void load(const std::filesystem::path& file, std::string_view text,
            CardFileContext& ctx) const override;

 private:
  bool v1_;
};

// JSON text as a Param tree: numbers and booleans become scalars with their JSON spelling.
// Throws LoadError at the line and column of a syntax error, a number out of range, or nesting
// deeper than YAML's limit (64 levels). A duplicate key is reported to `diagnostics`; the first
// is kept.
Param json_to_param(std::string_view text, const std::string& file,
                    std::vector<Diagnostic>& diagnostics);

}  // namespace anvil::tags
