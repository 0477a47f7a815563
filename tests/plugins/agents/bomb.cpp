// test-bomb: an agent that takes the first option, and in games whose agent seed is odd throws
// on its third decision — a plugin failing mid-game, for the tests of `anvil sim`.
// test-needs-rules: the same agent, never armed, whose factory refuses to make it without
// AgentOptions::rules, as an agent that runs games forward may: hosts must say which rules.
// test-unmakeable: a factory that throws something that is not a std::exception (an int).
#include <anvil/sdk.hpp>
#include <stdexcept>

namespace {

class Bomb final : public anvil::Agent {
 public:
  explicit Bomb(bool armed) : armed_(armed) {}
  std::string_view name() const override { return "test-bomb"; }
  anvil::Answer choose(const anvil::DecisionView&, const anvil::Choice& c) override {
    if (armed_ && ++decisions_ == 3) throw std::runtime_error("the bomb went off");
    anvil::Answer a;
    for (std::uint32_t i = 0; i < c.min_picks; ++i) a.picks.push_back(i);
    if (a.picks.empty() && c.max_picks > 0 && c.pass) a.picks.push_back(*c.pass);
    return a;
  }

 private:
  bool armed_;
  int decisions_ = 0;
};

class Factory final : public anvil::AgentFactory {
 public:
  std::unique_ptr<anvil::Agent> make(const anvil::AgentOptions& o) const override {
    return std::make_unique<Bomb>(o.seed % 2 == 1);
  }
  std::string summary() const override { return "first option; throws in games with an odd seed"; }
};

class NeedsRules final : public anvil::AgentFactory {
 public:
  std::unique_ptr<anvil::Agent> make(const anvil::AgentOptions& o) const override {
    if (o.rules.empty())
      throw std::runtime_error("test-needs-rules: which rules module? none was given");
    return std::make_unique<Bomb>(false);
  }
  std::string summary() const override { return "first option; refuses to be made without rules"; }
};

class Unmakeable final : public anvil::AgentFactory {
 public:
  std::unique_ptr<anvil::Agent> make(const anvil::AgentOptions&) const override { throw 42; }
  std::string summary() const override { return "throws an int instead of making an agent"; }
};

}  // namespace

ANVIL_PLUGIN("test-bomb", "0.1.0", "An agent that throws, for tests") {
  registrar.add<anvil::AgentFactory>("test-bomb", std::make_shared<Factory>());
  registrar.add<anvil::AgentFactory>("test-needs-rules", std::make_shared<NeedsRules>());
  registrar.add<anvil::AgentFactory>("test-unmakeable", std::make_shared<Unmakeable>());
}
