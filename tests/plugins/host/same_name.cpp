// A plugin that registers a new name and then a keyword test-good already registered. The
// registry must refuse the whole plugin, naming both, and keep neither of its names.
#include <anvil/sdk.hpp>
#include <memory>
#include <string>

namespace {

class Clash final : public anvil::KeywordHandler {
 public:
  void compile(const anvil::Params&, anvil::CompileContext&) const override {}
  std::string summary() const override { return "a keyword test-good already has"; }
};

}  // namespace

ANVIL_PLUGIN(TEST_PLUGIN_NAME, "1.0.0", "test plugin reusing test-good's keyword") {
  registrar.add<anvil::KeywordHandler>("uniqueToSameName", std::make_shared<Clash>());
  registrar.add<anvil::KeywordHandler>("testKeyword", std::make_shared<Clash>());
}
