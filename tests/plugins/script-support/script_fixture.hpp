// Shared by the tests of the card-script plugins: a registry with the four plugins loaded from
// the build, the classic loader run on fixture text, small games built from the fixture cards,
// and agents that answer choices from a script.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "anvil/actions.hpp"
#include "anvil/agent.hpp"
#include "anvil/card.hpp"
#include "anvil/extensions.hpp"
#include "anvil/game.hpp"
#include "anvil/plugin_host.hpp"
#include "anvil/registry.hpp"

namespace anvil::script_test {

using namespace anvil::literals;

inline std::filesystem::path data_dir() { return SCRIPT_TEST_DATA; }

inline std::string read(const std::filesystem::path& file) {
  std::ifstream in(file, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

inline std::vector<const Diagnostic*> errors(const std::vector<Diagnostic>& diagnostics) {
  std::vector<const Diagnostic*> out;
  for (const Diagnostic& d : diagnostics)
    if (d.severity == Diagnostic::Severity::error) out.push_back(&d);
  return out;
}

inline std::string dump(const std::vector<Diagnostic>& diagnostics) {
  std::string s;
  for (const Diagnostic& d : diagnostics) s += d.str() + "\n";
  return s;
}

inline const CardDef* named(const std::vector<CardDef>& cards, std::string_view name) {
  for (const CardDef& c : cards)
    if (c.name == name) return &c;
  return nullptr;
}

// "Changeling": the classic rules module registers it; these tests do without that module.
class SymbolKeyword final : public KeywordHandler {
 public:
  explicit SymbolKeyword(std::string name) : name_(std::move(name)) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    ctx.card.base.keywords.push_back(Symbol(name_));
  }
  std::string summary() const override { return name_; }

 private:
  std::string name_;
};

// Answers from a queue of picks; with the queue empty, picks the first options it must.
class ScriptedPicks final : public Agent {
 public:
  std::string_view name() const override { return "scripted-picks"; }
  Answer choose(const DecisionView&, const Choice& c) override {
    asked.push_back(c);
    if (!script.empty()) {
      Answer a{script.front()};
      script.pop_front();
      return a;
    }
    Answer a;
    for (std::uint32_t i = 0; i < c.min_picks; ++i) a.picks.push_back(i);
    return a;
  }
  std::deque<std::vector<std::uint32_t>> script;
  std::vector<Choice> asked;
};

class ScriptTest : public ::testing::Test {
 protected:
  void SetUp() override {
    host_ = std::make_unique<PluginHost>(registry_);
    host_->load(FORMAT_CLASSIC_PLUGIN);
    host_->load(KEYWORD_DAMAGE_PLUGIN);
    host_->load(VALUE_COUNT_PLUGIN);
    host_->load(EFFECT_DRAWBACK_PLUGIN);
    registry_.add<KeywordHandler>("Changeling", std::make_shared<SymbolKeyword>("Changeling"));
  }

  // Runs the classic loader on `text` as if it were the file `name`.
  std::vector<CardDef> load_text(std::string_view text, std::vector<Diagnostic>& diagnostics,
                                 const std::string& name = "test.txt") {
    std::vector<CardDef> cards;
    CardFileContext ctx{registry_, "test", cards, diagnostics};
    registry_.get<CardLoader>("classic")->load(name, text, ctx);
    return cards;
  }

  std::vector<CardDef> load_fixture(const std::string& name, std::vector<Diagnostic>& diagnostics) {
    const auto file = data_dir() / name;
    std::vector<CardDef> cards;
    CardFileContext ctx{registry_, "test", cards, diagnostics};
    registry_.get<CardLoader>("classic")->load(file, read(file), ctx);
    return cards;
  }

  // One card, which must load without any diagnostic.
  CardDef card(std::string_view text) {
    std::vector<Diagnostic> d;
    auto cards = load_text(text, d);
    EXPECT_TRUE(d.empty()) << dump(d);
    EXPECT_EQ(cards.size(), 1u);
    return cards.empty() ? CardDef{} : std::move(cards.front());
  }

  // The LoadError message of one card that must fail: "file:line:column: error: …".
  std::string error_of(std::string_view text) {
    std::vector<Diagnostic> d;
    auto cards = load_text(text, d);
    EXPECT_TRUE(cards.empty());
    const auto e = errors(d);
    EXPECT_EQ(e.size(), 1u) << dump(d);
    return e.empty() ? std::string() : e.front()->str();
  }

  Registry registry_;
  std::unique_ptr<PluginHost> host_;
};

// A two-player game over the fixture's game_cards.txt, both players at 20 life, each seated
// with a ScriptedPicks agent.
class GameTest : public ScriptTest {
 protected:
  void SetUp() override {
    ScriptTest::SetUp();
    std::vector<Diagnostic> d;
    auto cards = load_fixture("game_cards.txt", d);
    ASSERT_TRUE(d.empty()) << dump(d);
    pool_ = std::make_shared<CardPool>();
    for (CardDef& c : cards) pool_->add(std::move(c));
    game_ = std::make_unique<Game>(pool_, 2, 42);
    for (PlayerId p : {me, opp}) {
      game_->journal().set_life(p, 20);
      agents_.push_back(std::make_shared<ScriptedPicks>());
      game_->seat(p, agents_.back());
    }
  }

  CardId id(std::string_view name) const {
    auto found = pool_->find(name);
    if (!found) throw std::runtime_error("no card " + std::string(name) + " in game_cards.txt");
    return *found;
  }
  ObjectId put(std::string_view name, PlayerId owner, ZoneRef zone) {
    return game_->add_card(id(name), owner, zone);
  }
  ObjectId on_battlefield(std::string_view name, PlayerId owner) {
    return put(name, owner, ZoneRef::battlefield(owner));
  }
  void fill(std::string_view name, PlayerId owner, ZoneRef zone, int n) {
    for (int i = 0; i < n; ++i) put(name, owner, zone);
  }
  Target target(ObjectId id) const { return Target::of(game_->object(id).ref()); }
  std::int32_t life(PlayerId p) const { return game_->state().player(p).life; }
  std::size_t size(ZoneRef z) const { return game_->state().zone(z).objects.size(); }
  ScriptedPicks& agent(PlayerId p) { return *agents_.at(p.value); }

  // Puts `name` on the stack for `controller` and resolves its spell abilities in order, as the
  // classic rules do: the targets were chosen at cast time.
  ObjectId cast(std::string_view name, PlayerId controller, std::vector<Target> targets) {
    const ObjectId spell = put(name, controller, ZoneRef::stack());
    targets_ = std::move(targets);
    resolve(spell, controller);
    return spell;
  }
  void resolve(ObjectId spell, PlayerId controller) {
    const CardDef& def = game_->card(spell);
    for (std::size_t i = 0; i < def.abilities.size(); ++i) {
      if (def.abilities[i].kind != AbilityKind::spell) continue;
      ResolveContext ctx{game_->object(spell).ref(),
                         def.id,
                         static_cast<std::uint16_t>(i),
                         controller,
                         targets_,
                         0,
                         {}};
      const ActionResult r = game_->perform("resolve", [&](Game& g) { g.resolve(ctx); });
      ASSERT_TRUE(r.ok()) << r.message;
    }
  }
  // The first spell ability of a card.
  const Ability& spell_of(std::string_view name) const {
    for (const AbilityDef& a : pool_->at(id(name)).abilities)
      if (a.kind == AbilityKind::spell) return *a.impl;
    throw std::runtime_error("no spell ability");
  }

  const PlayerId me{0}, opp{1};
  std::shared_ptr<CardPool> pool_;
  std::unique_ptr<Game> game_;
  std::vector<std::shared_ptr<ScriptedPicks>> agents_;
  std::vector<Target> targets_;
};

}  // namespace anvil::script_test
