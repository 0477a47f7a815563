// test-describe-throws: a keyword `spDescribeThrows` whose ability resolves to nothing and whose
// describe() throws. `anvil play` shows a card written without rules text by its abilities'
// descriptions: a plugin that throws there must cost the person a line of text, not their game.
#include <anvil/sdk.hpp>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

class Silent final : public anvil::Ability {
 public:
  std::size_t target_count() const override { return 0; }
  void resolve(anvil::Game&, const anvil::ResolveContext&) const override {}
  std::string describe() const override { throw std::runtime_error("describe broke"); }
};

class SpDescribeThrows final : public anvil::KeywordHandler {
 public:
  void compile(const anvil::Params& params, anvil::CompileContext& ctx) const override {
    ctx.card.abilities.emplace_back(anvil::AbilityKind::spell, params.keyword(),
                                    "test-describe-throws", params.where(),
                                    std::make_shared<Silent>());
  }
  std::string summary() const override { return "an ability that cannot describe itself"; }
};

}  // namespace

ANVIL_PLUGIN("test-describe-throws", "1.0.0", "test plugin: describe() throws") {
  registrar.add<anvil::KeywordHandler>("spDescribeThrows", std::make_shared<SpDescribeThrows>());
}
