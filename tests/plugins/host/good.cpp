// test-good: a plugin that does everything right — a keyword handler, an effect verb and an
// agent. The host tests load it to show the host still works after each refusal; test-same-name
// collides with its names. Built twice: TEST_GOOD_VERSION "2.0.0" is what reload swaps in.
#include <anvil/sdk.hpp>
#include <charconv>
#include <memory>
#include <string>
#include <string_view>

#ifndef TEST_GOOD_VERSION
#define TEST_GOOD_VERSION "1.0.0"
#endif

namespace {

class TestKeyword final : public anvil::KeywordHandler {
 public:
  void compile(const anvil::Params& params, anvil::CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("testKeyword takes no parameters");
    ctx.card.rules_text += "Test keyword.";
  }
  std::string summary() const override {
    return "testKeyword: marks a card (test-good " TEST_GOOD_VERSION ")";
  }
};

class GainLife final : public anvil::EffectStep {
 public:
  explicit GainLife(std::int32_t amount) : amount_(amount) {}
  void run(anvil::Game& game, const anvil::ResolveContext& ctx, std::int64_t) const override {
    anvil::gain_life(game, ctx.controller, amount_);
  }
  std::string describe() const override { return "you gain " + std::to_string(amount_) + " life"; }

 private:
  std::int32_t amount_;
};

class TestGainLife final : public anvil::EffectVerb {
 public:
  std::shared_ptr<const anvil::EffectStep> compile(std::string_view args,
                                                   anvil::CompileContext& ctx) const override {
    std::int32_t amount = 0;
    const auto [end, ec] = std::from_chars(args.data(), args.data() + args.size(), amount);
    if (ec != std::errc() || end != args.data() + args.size() || amount <= 0)
      throw anvil::LoadError(
          ctx.where, "TestGainLife needs a positive number, got '" + std::string(args) + "'");
    return std::make_shared<GainLife>(amount);
  }
};

// Always picks the first option.
class FirstOption final : public anvil::Agent {
 public:
  std::string_view name() const override { return "test-first"; }
  anvil::Answer choose(const anvil::DecisionView&, const anvil::Choice& choice) override {
    if (choice.min_picks == 0) return {};
    return anvil::Answer{{0}};
  }
};

class FirstOptionFactory final : public anvil::AgentFactory {
 public:
  std::unique_ptr<anvil::Agent> make(const anvil::AgentOptions&) const override {
    return std::make_unique<FirstOption>();
  }
  std::string summary() const override { return "test-first: always the first option"; }
};

}  // namespace

ANVIL_PLUGIN("test-good", TEST_GOOD_VERSION, "test plugin: a keyword, an effect verb, an agent") {
  registrar.add<anvil::KeywordHandler>("testKeyword", std::make_shared<TestKeyword>());
  registrar.add<anvil::EffectVerb>("TestGainLife", std::make_shared<TestGainLife>());
  registrar.add<anvil::AgentFactory>("test-first", std::make_shared<FirstOptionFactory>());
}
