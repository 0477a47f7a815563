// Test support for the classic rules: the plugin loaded as the CLI loads it, cards compiled
// through its keyword handlers as format-yaml would, test spells, and agents.
#pragma once

#include <anvil/sdk.hpp>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace anvil::classic_test {

using namespace anvil::literals;

// The two seats of every test table: the first player and the other.
inline const PlayerId kA{0}, kB{1};
// Lore counters (Sagas).
inline constexpr Symbol kLore = "lore"_sym;

// The registry with rules-classic loaded (once per process).
const Registry& registry();
const RulesModule& rules();

// "CARDNAME deals N damage to any target" / "… to each player" / "… X damage to any target".
// target_check_throws: any target, but its can_target throws an int (a plugin's bug).
enum class Burn {
  any_target,
  each_player,
  x_any_target,
  creature_only,
  two_creatures,
  target_check_throws
};
// "At the beginning of each upkeep, you gain N life." / "Whenever a creature attacks, you gain N
// life." / "When CARDNAME enters, it deals N damage to target creature an opponent controls." /
// "Whenever a player discards a card, you gain N life."
enum class Watch { upkeep, attacks, enters_ping, discards };

struct CardSpec {
  std::string name{};
  std::string cost{};  // "{1}{G}", empty: no mana cost
  std::vector<std::string> supertypes{};
  std::vector<std::string> types{};  // "Creature", "Land", "Instant"…
  std::vector<std::string> subtypes{};
  int power = -1, toughness = -1;  // -1: no stats
  int loyalty = 0;
  std::vector<std::string> keywords{};  // compiled by the plugin's handlers
  // Ability keywords with named params: {"mana", {{"cost","{T}"},{"add","{G}"}}}.
  std::vector<std::pair<std::string, std::vector<std::pair<std::string, std::string>>>> abilities{};
  std::optional<Burn> burn{};
  std::optional<Watch> watch{};
  int amount = 0;
  bool token = false;
};

// Compiles a card as format-yaml would.
CardDef compile(const CardSpec& spec);
// A pool with basic lands and the given cards.
std::shared_ptr<CardPool> pool(const std::vector<CardSpec>& cards);
// The bundled classic-core pack's cards; nullptr if it is not there or does not load.
std::shared_ptr<CardPool> classic_core_pool();
// classic_core_pool(), compiled once per process and shared by the tests that only read it;
// null when it does not load.
std::shared_ptr<CardPool> core();
// Basic lands and the creatures and spells the tests use (fixture.cpp lists them).
std::shared_ptr<CardPool> standard_pool();

// Answers from a queue of wishes, each for one kind of choice; anything else gets the default
// (pass, no attackers or blockers, the first option, the natural order). Records every choice.
class TestAgent final : public Agent {
 public:
  using Pick = std::function<Answer(const Choice&)>;
  std::string_view name() const override { return "test"; }
  Answer choose(const DecisionView& view, const Choice& choice) override;

  // Wishes, in order.
  TestAgent& act(std::string label);                                  // the action with this label
  TestAgent& pick(ChoiceKind kind, std::vector<std::string> labels);  // options by label
  TestAgent& then(ChoiceKind kind, Pick pick);

  std::vector<Choice> asked;
  std::size_t pending() const { return wishes_.size(); }

 private:
  std::deque<std::pair<ChoiceKind, Pick>> wishes_;
};

// `picks` distinct options of `c` (all of them if it has fewer), drawn uniformly with `rng`.
std::vector<std::uint32_t> random_picks(SplitMix64& rng, const Choice& c, std::uint32_t picks);

// Uniformly random among the options, seeded.
class RandomAgent final : public Agent {
 public:
  explicit RandomAgent(std::uint64_t seed) : rng_{seed} {}
  std::string_view name() const override { return "random"; }
  Answer choose(const DecisionView&, const Choice& c) override;

 private:
  SplitMix64 rng_;
};

// A test agent that answers as the agent it wraps and says it is each of `Blind` (the marker
// classes of anvil/label_blind.hpp), so the rules may leave out what it reads none of.
template <class... Blind>
class WrappedAgent final : public Agent, public Blind... {
 public:
  explicit WrappedAgent(std::shared_ptr<TestAgent> inner) : inner_(std::move(inner)) {}
  std::string_view name() const override { return inner_->name(); }
  Answer choose(const DecisionView& view, const Choice& c) override {
    return inner_->choose(view, c);
  }

 private:
  std::shared_ptr<TestAgent> inner_;
};

// Reads no label: the rules may offer it choices without labels.
using BlindAgent = WrappedAgent<LabelBlind>;
// Reads no prompt, nor labels when `Blind` is LabelBlind (PromptBlindAgent<LabelBlind>).
template <class... Blind>
using PromptBlindAgent = WrappedAgent<PromptBlind, Blind...>;

struct Table {
  std::unique_ptr<Game> game;
  std::shared_ptr<TestAgent> a = std::make_shared<TestAgent>();
  std::shared_ptr<TestAgent> b = std::make_shared<TestAgent>();
};

// A position game with two test agents seated.
Table table(std::shared_ptr<CardPool> pool, const Position& position);
PositionCard card(std::string name, bool sick = false);
PositionPlayer player(std::string name, std::vector<std::string> hand,
                      std::vector<std::string> battlefield,
                      std::vector<std::string> library = {"Plains", "Plains", "Plains", "Plains",
                                                          "Plains"});
Position position(std::string step, PositionPlayer a, PositionPlayer b, std::size_t active = 0);

// advance() until `done` holds (at most `limit` calls); false if it never did.
bool advance_until(Game& game, const std::function<bool(const Game&)>& done, int limit = 500);
// advance() until the given step is about to ask for priority (or passes through it).
bool run_to_step(Game& game, const std::string& step, int limit = 500);
// Runs the table's game to the end of combat (asserts that it gets there).
void fight(Table& t);
// Attaches `what` (an Aura, Equipment or Fortification) to `to` the way the module records it
// (the attrs attached_self, attached_to and attached_zc), as if an effect had attached it: for
// the attachments no card of the packs can make.
void attach_raw(Game& g, ObjectId what, ObjectId to);

ObjectId find(const Game& game, const std::string& name, ZoneRef zone);
// legal_actions without the mana abilities ("…: {T}: Add {G}."), which 117.1d offers at every
// priority: what the tests about other actions count.
std::vector<LegalAction> non_mana_actions(const Game& game, PlayerId player);
std::size_t count(const Game& game, ZoneRef zone);
std::string step(const Game& game);
// The texts of the abilities waiting to go on the stack, in the order they triggered.
std::vector<std::string> pending_texts(const Game& game);

}  // namespace anvil::classic_test
