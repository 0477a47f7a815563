// test-throwing-step: a correct plugin whose effect step fails half-way. Its step gains life
// first and then throws std::runtime_error, so the action it runs in has changed the game
// when the exception arrives: Game::perform must roll that back and name plugin, card and
// ability.
#include <anvil/sdk.hpp>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>

namespace {

class GainThenThrow final : public anvil::EffectStep {
 public:
  void run(anvil::Game& game, const anvil::ResolveContext& ctx, std::int64_t) const override {
    anvil::gain_life(game, ctx.controller, 3);
    throw std::runtime_error("the step broke after gaining 3 life");
  }
  std::string describe() const override { return "you gain 3 life, then the step breaks"; }
};

class TestGainThenThrow final : public anvil::EffectVerb {
 public:
  std::shared_ptr<const anvil::EffectStep> compile(std::string_view,
                                                   anvil::CompileContext&) const override {
    return std::make_shared<GainThenThrow>();
  }
};

}  // namespace

ANVIL_PLUGIN("test-throwing-step", "1.0.0", "test plugin: an effect step that throws mid-action") {
  registrar.add<anvil::EffectVerb>("TestGainThenThrow", std::make_shared<TestGainThenThrow>());
}
