// test-throws-at-load: plugin code that throws something that is not a std::exception (`throw
// 7`) where the host calls it at load time — a keyword's compile(), a card loader's load() —
// which, uncaught, would end the program (std::terminate): the host must report it, naming the
// plugin. And an agent that does the same when asked, which Game::ask lets through.
#include <anvil/sdk.hpp>
#include <memory>
#include <string>
#include <vector>

namespace {

class SevenKeyword final : public anvil::KeywordHandler {
 public:
  void compile(const anvil::Params&, anvil::CompileContext&) const override { throw 7; }
  std::string summary() const override { return "testSeven: throws 7"; }
};

class SevenLoader final : public anvil::CardLoader {
 public:
  std::vector<std::string> extensions() const override { return {".seven"}; }
  void load(const std::filesystem::path&, std::string_view,
            anvil::CardFileContext&) const override {
    throw 7;
  }
};

class SevenAgent final : public anvil::Agent {
 public:
  std::string_view name() const override { return "test-seven"; }
  anvil::Answer choose(const anvil::DecisionView&, const anvil::Choice&) override { throw 7; }
};

class SevenAgentFactory final : public anvil::AgentFactory {
 public:
  std::unique_ptr<anvil::Agent> make(const anvil::AgentOptions&) const override {
    return std::make_unique<SevenAgent>();
  }
  std::string summary() const override { return "test-seven: throws 7 when asked"; }
};

}  // namespace

ANVIL_PLUGIN("test-throws-at-load", "1.0.0", "test plugin: load-time code that throws 7") {
  registrar.add<anvil::KeywordHandler>("testSeven", std::make_shared<SevenKeyword>());
  registrar.add<anvil::CardLoader>("test-seven", std::make_shared<SevenLoader>());
  registrar.add<anvil::AgentFactory>("test-seven", std::make_shared<SevenAgentFactory>());
}
