// ai-random: always a legal answer, the same answers for the same seed, passing about as often
// as asked, and complete games when it plays both seats.
#include <gtest/gtest.h>

#include <algorithm>
#include <anvil/label_blind.hpp>
#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/sdk.hpp>
#include <filesystem>
#include <map>
#include <set>

namespace anvil {
namespace {

class AiRandom : public ::testing::Test {
 protected:
  void SetUp() override { host.load(AI_RANDOM_PLUGIN); }
  std::shared_ptr<Agent> agent(std::uint64_t seed, std::vector<std::pair<std::string, std::string>> settings = {}) {
    return make_agent(registry, "ai-random", AgentOptions{seed, std::move(settings)});
  }
  // Loads the bundled plugins and classic-core's cards and decks into `rules`, `cards` and
  // `decks`; false when the classic rules or the pack were not built (the test is skipped then).
  // A pack that does not load fails the test.
  bool load_classic_core() {
    (void)host.load_dir(BUNDLED_PLUGIN_DIR);
    rules = registry.find<RulesModule>("classic");
    const std::filesystem::path pack_dir = CLASSIC_CORE_PACK_DIR;
    if (!rules || !std::filesystem::exists(pack_dir / "pack.yaml")) return false;
    LoadedPack pack = load_pack(pack_dir, registry);
    EXPECT_TRUE(pack.ok());
    for (CardDef& c : pack.cards) cards->add(std::move(c));
    decks = std::move(pack.decks);
    return true;
  }

  Registry registry;
  PluginHost host{registry};
  std::shared_ptr<CardPool> pool = std::make_shared<CardPool>();
  Game game{pool, 2, 1};
  std::shared_ptr<const RulesModule> rules;
  std::shared_ptr<CardPool> cards = std::make_shared<CardPool>();
  std::vector<DeckList> decks;
};

// An option's target naming the object with id `id` (a creature of a declaration).
Target creature(std::uint32_t id) { return Target::of(ObjectRef{ObjectId(id), 0}); }

Choice random_choice(SplitMix64& rng) {
  Choice c;
  c.kind = ChoiceKind::option;
  const auto n = static_cast<std::uint32_t>(1 + rng.below(8));
  for (std::uint32_t i = 0; i < n; ++i) c.options.push_back({std::to_string(i), {}, i});
  c.min_picks = static_cast<std::uint32_t>(rng.below(n + 1));
  c.max_picks = c.min_picks + static_cast<std::uint32_t>(rng.below(n - c.min_picks + 1));
  if (c.max_picks == 1 && rng.below(2) == 0) c.pass = static_cast<std::uint32_t>(rng.below(n));
  return c;
}

TEST_F(AiRandom, EveryAnswerIsLegal) {
  auto a = agent(7);
  SplitMix64 rng{99};
  const DecisionView view(game, PlayerId(0));
  for (int i = 0; i < 5000; ++i) {
    const Choice c = random_choice(rng);
    const Answer answer = a->choose(view, c);
    ASSERT_GE(answer.picks.size(), c.min_picks);
    ASSERT_LE(answer.picks.size(), c.max_picks);
    std::set<std::uint32_t> distinct(answer.picks.begin(), answer.picks.end());
    ASSERT_EQ(distinct.size(), answer.picks.size());
    for (auto p : answer.picks) ASSERT_LT(p, c.options.size());
  }
}

// It picks by index and reads neither labels nor prompts, and says so (anvil/label_blind.hpp): the
// rules may leave both out of the choices it answers.
TEST_F(AiRandom, ReadsNoLabelsAndNoPrompts) {
  const auto a = agent(1);
  EXPECT_TRUE(label_blind(a.get()));
  EXPECT_TRUE(prompt_blind(a.get()));
}

TEST_F(AiRandom, TheSameSeedGivesTheSameAnswers) {
  auto a = agent(5), b = agent(5), c = agent(6);
  SplitMix64 rng{1};
  const DecisionView view(game, PlayerId(0));
  bool differs = false;
  for (int i = 0; i < 500; ++i) {
    const Choice choice = random_choice(rng);
    const Answer x = a->choose(view, choice);
    ASSERT_EQ(x, b->choose(view, choice));
    differs |= !(x == c->choose(view, choice));
  }
  EXPECT_TRUE(differs) << "another seed should answer differently somewhere";
}

TEST_F(AiRandom, PassesAboutAsOftenAsItsSettingSays) {
  for (double p : {0.0, 0.25, 1.0}) {
    auto a = agent(3, {{"pass_probability", std::to_string(p)}});
    Choice c;
    c.kind = ChoiceKind::action;
    for (std::uint32_t i = 0; i < 5; ++i) c.options.push_back({std::to_string(i), {}, i});
    c.pass = 4;
    const DecisionView view(game, PlayerId(0));
    int passes = 0;
    const int n = 4000;
    for (int i = 0; i < n; ++i) passes += a->choose(view, c).picks.at(0) == 4;
    EXPECT_NEAR(static_cast<double>(passes) / n, p, 0.03) << "pass_probability " << p;
  }
}

TEST_F(AiRandom, BadSettingsAreErrorsNamingThePlugin) {
  try {
    (void)agent(1, {{"pass_probability", "2"}});
    FAIL() << "expected an error";
  } catch (const PluginError& e) {
    EXPECT_NE(std::string(e.what()).find("ai-random"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("from 0 to 1"), std::string::npos) << e.what();
  }
  EXPECT_THROW((void)agent(1, {{"agression", "1"}}), PluginError);
  for (const char* not_a_probability : {"nan", "-nan", "inf"})
    EXPECT_THROW((void)agent(1, {{"pass_probability", not_a_probability}}), PluginError)
        << not_a_probability;
}

TEST_F(AiRandom, PlaysClassicCoreGamesToTheEnd) {
  if (!load_classic_core()) GTEST_SKIP() << "no classic rules or pack";
  ASSERT_GE(decks.size(), 2u);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    MatchConfig config;
    config.decks = {decks[0], decks[1]};
    config.seed = seed;
    auto g = rules->setup(cards, config);
    g->seat(PlayerId(0), agent(seed * 2));
    g->seat(PlayerId(1), agent(seed * 2 + 1));
    rules->play(*g);
    EXPECT_TRUE(g->state().over) << "seed " << seed;
    EXPECT_TRUE(g->faults().empty());
    for (const DecisionRecord& r : g->decisions()) ASSERT_EQ(r.agent, "ai-random");
  }
}

// A battle is one of the attack targets the classic rules offer (310.8), so ai-random, picking
// among the options, attacks it in some games: Grizzly Bears against A's Siege (protected by B)
// or against B. Over 20 seeds both happen.
TEST_F(AiRandom, AttacksABattleAmongTheClassicAttackTargets) {
  if (!load_classic_core()) GTEST_SKIP() << "no classic rules or pack";
  int battle_hit = 0, player_hit = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    Position pos;
    pos.step = "main1";
    pos.players.resize(2);
    pos.players[0].name = "A";
    pos.players[1].name = "B";
    auto card = [](const char* name) {
      PositionCard c;
      c.card = name;
      return c;
    };
    pos.players[0].battlefield = {card("Grizzly Bears"), card("Invasion of Dominaria")};
    for (PositionPlayer& p : pos.players) p.library = {card("Plains"), card("Plains")};
    auto g = rules->setup_position(cards, pos);
    g->seat(PlayerId(0), agent(seed * 2));
    g->seat(PlayerId(1), agent(seed * 2 + 1));
    for (int i = 0; i < 200 && rules->step_name(*g) != "main2"; ++i)
      ASSERT_TRUE(rules->advance(*g));
    for (ObjectId id : g->state().zone(ZoneRef::battlefield(PlayerId(0))).objects)
      if (g->card(id).name == "Invasion of Dominaria")
        battle_hit += g->object(id).counters.get(Symbol("defense")) == 3;
    player_hit += g->state().players[1].life == 18;
  }
  EXPECT_GT(battle_hit, 0);
  EXPECT_GT(player_hit, 0);
}

// An attack or block declaration names each creature at most once, and each creature's ways (no
// declaration, or one of its options) are equally likely.
TEST_F(AiRandom, DeclaresEachCreatureOnceWithEveryWayAlike) {
  auto a = agent(17);
  const DecisionView view(game, PlayerId(0));
  const Target first = creature(1), second = creature(2);
  Choice c;
  c.kind = ChoiceKind::blockers;
  c.options = {{"First → X", first, 10}, {"Second → X", second, 10}, {"First → Y", first, 11}};
  c.min_picks = 0;
  c.max_picks = 3;
  std::map<std::string, int> seen;  // per creature: "none" or the option's label
  const int n = 6000;
  for (int i = 0; i < n; ++i) {
    const Answer answer = a->choose(view, c);
    std::string first_way = "none", second_way = "none";
    for (std::uint32_t p : answer.picks) {
      std::string& way = c.options.at(p).target == first ? first_way : second_way;
      ASSERT_EQ(way, "none") << "a creature declared twice";
      way = c.options[p].label;
    }
    ++seen["first: " + first_way];
    ++seen["second: " + second_way];
  }
  for (const char* way : {"first: none", "first: First → X", "first: First → Y"})
    EXPECT_NEAR(seen[way], n / 3, n / 30) << way;
  for (const char* way : {"second: none", "second: Second → X"})
    EXPECT_NEAR(seen[way], n / 2, n / 30) << way;
}

// A one-pick decision as the agent answered it when it listed its candidates first: those
// neither mana nor barred (or, if none, those not mana), then the pass drawn, then the number of
// picks, then one of the candidates but the pass. Drawn in this order from the agent's seed.
std::vector<std::uint32_t> listed_picks(SplitMix64& rng, const Choice& c, double pass_probability) {
  std::vector<std::uint32_t> candidates;
  for (std::uint32_t i = 0; i < c.options.size(); ++i)
    if (!c.options[i].mana && c.options[i].barred.empty()) candidates.push_back(i);
  if (candidates.empty())
    for (std::uint32_t i = 0; i < c.options.size(); ++i)
      if (!c.options[i].mana) candidates.push_back(i);
  if (c.pass && candidates.size() > 1) {
    constexpr std::uint64_t kSteps = std::uint64_t{1} << 53;
    if (static_cast<double>(rng.below(kSteps)) < pass_probability * static_cast<double>(kSteps))
      return {*c.pass};
    candidates.erase(std::find(candidates.begin(), candidates.end(), *c.pass));
  }
  // min_picks and max_picks capped at the candidates' number (1..1, or 0..0), drawn between them
  const std::uint64_t most = std::min<std::size_t>(1, candidates.size());
  const std::uint64_t picks = most + rng.below(1);
  if (picks == 0) return {};
  return {candidates[rng.below(candidates.size())]};
}

// The agent finds a one-pick decision's option by counting, without that list: the same seed
// must still pick the same options, or every seeded game and replay of random agents would play
// differently.
TEST_F(AiRandom, AOnePickDecisionDrawsAsWhenItListedItsCandidates) {
  auto a = agent(11);
  SplitMix64 reference{11}, rng{5};
  const DecisionView view(game, PlayerId(0));
  int passes = 0, empty = 0;
  for (int i = 0; i < 4000; ++i) {
    Choice c;
    c.kind = ChoiceKind::action;
    const auto n = static_cast<std::uint32_t>(1 + rng.below(8));
    for (std::uint32_t j = 0; j < n; ++j) {
      Option& o = c.options.emplace_back();
      o.value = j;
      o.mana = rng.below(4) == 0;
      if (rng.below(4) == 0) o.barred = "not now";
    }
    if (rng.below(3) != 0) {  // a pass, which the rules never bar nor make mana
      c.pass = static_cast<std::uint32_t>(rng.below(n));
      c.options[*c.pass].mana = false;
      c.options[*c.pass].barred.clear();
    }
    const std::vector<std::uint32_t> expected = listed_picks(reference, c, 0.2);
    ASSERT_EQ(a->choose(view, c).picks, expected) << "decision " << i;
    passes += c.pass && expected == std::vector<std::uint32_t>{*c.pass};
    empty += expected.empty();
  }
  EXPECT_GT(passes, 100);  // each way was taken: passing, no candidate at all, and picking
  EXPECT_GT(empty, 10);
}

// Options the rules refuse in any answer (Option::barred) are never picked, in a declaration or
// elsewhere, unless the decision cannot be answered without them.
TEST_F(AiRandom, LeavesBarredOptionsAlone) {
  auto a = agent(5);
  const DecisionView view(game, PlayerId(0));
  Choice declaration;
  declaration.kind = ChoiceKind::attackers;
  declaration.options = {{"First → P1", creature(1), 1}, {"Second → P1", creature(2), 1}};
  declaration.options[1].barred = "Second is tapped";
  declaration.min_picks = 0;
  declaration.max_picks = 2;
  Choice pick_one;
  pick_one.options = {{"a", {}, 0}, {"b", {}, 1}, {"c", {}, 2}};
  pick_one.options[0].barred = pick_one.options[2].barred = "not now";
  Choice only_barred;
  only_barred.options = {{"a", {}, 0}};
  only_barred.options[0].barred = "not now";
  int declared_first = 0;
  for (int i = 0; i < 400; ++i) {
    const Answer d = a->choose(view, declaration);
    for (std::uint32_t p : d.picks) ASSERT_EQ(p, 0u) << "picked the barred attacker";
    declared_first += static_cast<int>(d.picks.size());
    EXPECT_EQ(a->choose(view, pick_one).picks, std::vector<std::uint32_t>{1});
    EXPECT_EQ(a->choose(view, only_barred).picks, std::vector<std::uint32_t>{0});
  }
  EXPECT_NEAR(declared_first, 200, 40);  // the other creature: none or its one option, alike
}

// Counts the block declarations an agent is asked, and those asked again after a refusal.
class CountingBlocks final : public Agent {
 public:
  explicit CountingBlocks(std::shared_ptr<Agent> inner) : inner_(std::move(inner)) {}
  std::string_view name() const override { return inner_->name(); }
  Answer choose(const DecisionView& view, const Choice& choice) override {
    if (choice.kind == ChoiceKind::blockers) ++(choice.refused.empty() ? asked : refused);
    return inner_->choose(view, choice);
  }
  int asked = 0, refused = 0;

 private:
  std::shared_ptr<Agent> inner_;
};

// Six tapped creatures of the defender's against three attackers: a declaration picking each
// creature's options at random would be legal once in 4^6 tries, and the rules give up after
// 1,000 refusals. Leaving the barred pairs alone, every block is legal at the first try.
TEST_F(AiRandom, BlocksWithoutRefusalsWhenMostBlockersAreTapped) {
  if (!load_classic_core()) GTEST_SKIP() << "no classic rules or pack";
  int asked = 0;
  for (std::uint64_t seed = 1; seed <= 30; ++seed) {
    Position pos;
    pos.step = "main1";
    pos.seed = seed;
    const auto card = [](std::string name, bool tapped) {
      PositionCard c;
      c.card = std::move(name);
      c.tapped = tapped;
      c.sick = false;
      return c;
    };
    PositionPlayer a, b;
    a.name = "A";
    b.name = "B";
    for (int i = 0; i < 3; ++i) a.battlefield.push_back(card("Grizzly Bears", false));
    for (int i = 0; i < 6; ++i) b.battlefield.push_back(card("Grizzly Bears", true));
    b.battlefield.push_back(card("Savannah Lions", false));
    for (PositionPlayer* p : {&a, &b})
      for (int i = 0; i < 10; ++i) p->library.push_back(card("Forest", false));
    pos.players = {a, b};
    auto g = rules->setup_position(cards, pos);
    auto counted = std::make_shared<CountingBlocks>(agent(seed));
    g->seat(PlayerId(0), agent(seed + 100));
    g->seat(PlayerId(1), counted);
    const std::uint32_t turn = g->state().turn.number;  // A's: the combat of this turn
    while (!g->state().over && g->state().turn.number == turn)
      ASSERT_NO_THROW(rules->advance(*g)) << "seed " << seed;
    EXPECT_EQ(counted->refused, 0) << "seed " << seed;
    asked += counted->asked;
  }
  EXPECT_GT(asked, 15);  // most seeds attack (each creature does half the time)
}

// A declaration refused twenty times in a row gets the rules' example (Choice::legal_example);
// before that, and once a declaration is accepted, ai-random guesses.
TEST_F(AiRandom, GivesTheRulesExampleAfterTwentyRefusedDeclarations) {
  Choice c;
  c.kind = ChoiceKind::blockers;
  c.min_picks = 0;
  for (std::uint32_t blocker = 1; blocker <= 6; ++blocker)
    for (std::uint32_t attacker = 7; attacker <= 9; ++attacker)
      c.options.push_back(Option{"", creature(blocker), attacker});
  c.max_picks = static_cast<std::uint32_t>(c.options.size());
  const std::vector<std::uint32_t> example{0, 3, 6, 9, 12, 15};  // all six on attacker 7
  auto a = agent(11);
  const DecisionView view(game, PlayerId(0));
  std::size_t examples = 0;
  auto ask = [&](bool refused) {
    c.refused = refused ? "refused" : "";
    c.legal_example = refused ? example : std::vector<std::uint32_t>{};
    const Answer answer = a->choose(view, c);
    examples += answer.picks == example;
    return answer;
  };
  ask(false);
  for (int i = 1; i < 20; ++i) ask(true);
  EXPECT_EQ(examples, 0u) << "guessed the example, one chance in 4^6, or gave it too soon";
  EXPECT_EQ(ask(true).picks, example);  // the twentieth refusal in a row
  EXPECT_EQ(ask(true).picks, example);
  ask(false);  // a new declaration: guessing again
  for (int i = 1; i < 20; ++i) examples += ask(true).picks == example;
  EXPECT_EQ(examples, 2u);
}

// Three Propaganda make each attacker cost {6}, and a player with fourteen creatures and no
// land can pay for none: declaring nothing is the one legal attack. Guessing creature by creature
// finds it once in 2^14 tries, and the rules' example, the empty declaration, is no example in a
// Choice; so after twenty refusals ai-random declares nothing, well within the rules' 1,000.
TEST_F(AiRandom, DeclaresNothingWhenEveryAttackCostsMoreThanItCanPay) {
  if (!load_classic_core()) GTEST_SKIP() << "no classic rules or pack";
  for (std::uint64_t seed = 1; seed <= 5; ++seed) {
    Position pos;
    pos.step = "main1";
    pos.seed = seed;
    const auto card = [](std::string name) {
      PositionCard c;
      c.card = std::move(name);
      c.sick = false;
      return c;
    };
    PositionPlayer a, b;
    a.name = "A";
    b.name = "B";
    for (int i = 0; i < 14; ++i) a.battlefield.push_back(card("Grizzly Bears"));
    for (int i = 0; i < 3; ++i) b.battlefield.push_back(card("Propaganda"));
    for (PositionPlayer* p : {&a, &b})
      for (int i = 0; i < 10; ++i) p->library.push_back(card("Forest"));
    pos.players = {a, b};
    auto g = rules->setup_position(cards, pos);
    g->seat(PlayerId(0), agent(seed));
    g->seat(PlayerId(1), agent(seed + 100));
    const std::uint32_t turn = g->state().turn.number;
    while (!g->state().over && g->state().turn.number == turn)
      ASSERT_NO_THROW(rules->advance(*g)) << "seed " << seed;
    EXPECT_EQ(g->state().player(PlayerId(1)).life, 20) << "seed " << seed;
  }
}

// Lure ("all creatures able to block enchanted creature do so") leaves few legal block
// declarations when several creatures could block several attackers; declaring creature by
// creature, ai-random finds one well within the rules' 1,000 tries, and games of decks full of
// block requirements end normally.
TEST_F(AiRandom, PlaysBlockRequirementDecksToTheEnd) {
  if (!load_classic_core()) GTEST_SKIP() << "no classic rules or pack";
  DeckList lures{"Lures", {}, {}};
  for (const auto& [copies, card] : std::vector<std::pair<int, std::string>>{
           {16, "Forest"}, {4, "Lure"}, {4, "Prized Unicorn"}, {4, "Gaea's Protector"},
           {4, "Grizzly Bears"}, {4, "Razorgrass Screen"}, {4, "Llanowar Elves"}})
    for (int i = 0; i < copies; ++i) lures.cards.push_back(card);
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    MatchConfig config;
    config.decks = {lures, lures};
    config.seed = seed;
    config.options = {{"max_turns", "100"}};
    auto g = rules->setup(cards, config);
    g->seat(PlayerId(0), agent(seed * 2));
    g->seat(PlayerId(1), agent(seed * 2 + 1));
    EXPECT_NO_THROW(rules->play(*g)) << "seed " << seed;
    EXPECT_TRUE(g->state().over) << "seed " << seed;
    EXPECT_TRUE(g->faults().empty()) << "seed " << seed;
  }
}

}  // namespace
}  // namespace anvil
