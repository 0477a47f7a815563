// Shared by the pack tests: fixture paths, a registry with the real format-yaml plugin and two
// test keyword handlers, and diagnostic matchers.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "anvil/extensions.hpp"
#include "anvil/pack.hpp"
#include "anvil/plugin_host.hpp"
#include "anvil/registry.hpp"

namespace anvil::pack_test {

inline std::filesystem::path data_dir() { return ANVIL_PACK_TEST_DATA; }
inline std::filesystem::path bundled_packs() { return ANVIL_BUNDLED_PACKS; }

inline std::vector<const Diagnostic*> errors(const std::vector<Diagnostic>& diagnostics) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Diagnostic::Severity::error) out.push_back(&d);
  return out;
}

// The first diagnostic whose message contains `text`, or nullptr.
inline const Diagnostic* find(const std::vector<Diagnostic>& diagnostics, std::string_view text) {
  auto it = std::find_if(diagnostics.begin(), diagnostics.end(), [&](const Diagnostic& d) {
    return d.message.find(text) != std::string::npos;
  });
  return it == diagnostics.end() ? nullptr : &*it;
}

inline std::string dump(const std::vector<Diagnostic>& diagnostics) {
  std::string s;
  for (const Diagnostic& d : diagnostics) s += d.str() + "\n";
  return s;
}

// `Flying`: a keyword without parameters.
class FlyingHandler final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    ctx.card.base.keywords.push_back(Symbol("Flying"));
  }
  std::string summary() const override { return "Flying"; }
};

// `spDamageTgt:<amount>[:<drawback>]` or `spDamageTgt: {amount, drawback}`: records what it
// bound as an ability's text, so tests can compare both spellings.
class DamageHandler final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    Bound b = params.bind({"amount", "drawback?"});
    AbilityDef ability;
    ability.text = "damage " + std::to_string(b.required("amount").integer());
    if (const Param* drawback = b.optional("drawback")) ability.text += " then " + drawback->text();
    ability.where = params.where();
    ctx.card.abilities.push_back(std::move(ability));
  }
  std::string summary() const override { return "test damage"; }
};

// `Makes:<card name>`: an ability that makes a card by name, as GenToken does: it declares that
// the card needs that one (CompileContext::need_card), at the name.
class MakesHandler final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Param& card = params.bind({"card"}).required("card");
    ctx.need_card(card.text(), card.where());
  }
  std::string summary() const override { return "test: makes a card by name"; }
};

// A registry with format-yaml loaded from the build and the three test keywords.
class PackTest : public ::testing::Test {
 protected:
  void SetUp() override {
    host_ = std::make_unique<PluginHost>(registry_);
    host_->load(ANVIL_FORMAT_YAML_PLUGIN);
    registry_.add<KeywordHandler>("Flying", std::make_shared<FlyingHandler>());
    registry_.add<KeywordHandler>("spDamageTgt", std::make_shared<DamageHandler>());
    registry_.add<KeywordHandler>("Makes", std::make_shared<MakesHandler>());
  }

  // Runs the yaml card loader on one fixture file.
  std::vector<CardDef> load_cards(const std::string& name, std::vector<Diagnostic>& diagnostics) {
    const auto file = data_dir() / "cards" / name;
    std::vector<CardDef> cards;
    auto text = read(file);
    CardFileContext ctx{registry_, "test", cards, diagnostics};
    registry_.get<CardLoader>("yaml")->load(file, text, ctx);
    return cards;
  }

  static std::string read(const std::filesystem::path& file) {
    std::ifstream in(file, std::ios::binary);
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

  Registry registry_;
  std::unique_ptr<PluginHost> host_;
};

}  // namespace anvil::pack_test
