// A plugin whose register function adds one entry and then throws: a std::runtime_error, or
// (TEST_THROW_INT) an int. The host must report it and register nothing, not even the entry
// added before the throw.
#include <anvil/sdk.hpp>
#include <memory>
#include <stdexcept>
#include <string>

namespace {

class Unused final : public anvil::KeywordHandler {
 public:
  void compile(const anvil::Params& params, anvil::CompileContext&) const override {
    params.fail("throwsKeyword must never be registered");
  }
  std::string summary() const override { return "throwsKeyword: must never be registered"; }
};

}  // namespace

ANVIL_PLUGIN(TEST_PLUGIN_NAME, "1.0.0", "test plugin whose register function throws") {
  registrar.add<anvil::KeywordHandler>("throwsKeyword", std::make_shared<Unused>());
#ifdef TEST_THROW_INT
  throw 42;
#else
  throw std::runtime_error("deliberate failure after one add");
#endif
}
