// ai-search: plays whole games, decides the same for the same seed (with one thread or two),
// leaves the real game exactly as it was, and finds a lethal burn spell a random agent misses.
#include <gtest/gtest.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/sdk.hpp>
#include <filesystem>
#include <map>
#include <set>

#include "evaluate.hpp"
#include "tree.hpp"

namespace anvil {
namespace {

using Settings = std::vector<std::pair<std::string, std::string>>;

class AiSearch : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    registry_ = new Registry;
    host_ = new PluginHost(*registry_);
    (void)host_->load_dir(BUNDLED_PLUGIN_DIR);
    auto pool = std::make_shared<CardPool>();
    for (const char* dir : {CLASSIC_CORE_PACK_DIR, CLASSIC_BURN_PACK_DIR}) {
      LoadedPack pack = load_pack(dir, *registry_);
      if (!pack.ok())
        for (const Diagnostic& d : pack.diagnostics) problems_ += d.str() + "\n";
      for (CardDef& c : pack.cards) pool->add(std::move(c));
      for (DeckList& d : pack.decks) decks_.push_back(std::move(d));
    }
    cards_ = pool;
  }
  static void TearDownTestSuite() {
    delete host_;
    delete registry_;
  }
  // Fails (not skips) every test when the plugins or packs did not load.
  void SetUp() override {
    ASSERT_TRUE(problems_.empty()) << problems_;
    ASSERT_NE(registry_->find<RulesModule>("classic"), nullptr);
  }

  static const RulesModule& rules() { return *registry_->find<RulesModule>("classic"); }
  static std::shared_ptr<Agent> agent(const std::string& spec, std::uint64_t seed) {
    return make_agent(*registry_, spec, AgentOptions{seed, {}, nullptr, "classic"});
  }
  // A classic-core game between the two first decks.
  static std::unique_ptr<Game> game(std::uint64_t seed) {
    MatchConfig config;
    config.decks = {decks_.at(0), decks_.at(1)};
    config.seed = seed;
    return rules().setup(cards_, config);
  }
  static PositionCard card(std::string name) {
    PositionCard c;
    c.card = std::move(name);
    c.sick = false;
    return c;
  }
  // Player 1 at 3 life with three Hill Giants ready to kill player 0 (also at 3) next turn;
  // player 0, in their first main phase, has one Mountain and a Lightning Bolt. Only the Bolt
  // to player 1's face wins; a random agent passes, or bolts one of six targets.
  static std::unique_ptr<Game> lethal_position() {
    Position pos;
    pos.players.resize(2);
    pos.players[0].name = "Searcher";
    pos.players[1].name = "Opponent";
    for (PositionPlayer& p : pos.players) {
      p.life = 3;
      for (int i = 0; i < 10; ++i) p.library.push_back(card("Mountain"));
    }
    pos.players[0].hand = {card("Lightning Bolt")};
    pos.players[0].battlefield = {card("Mountain"), card("Grizzly Bears")};
    pos.players[1].battlefield = {card("Hill Giant"), card("Hill Giant"), card("Hill Giant")};
    pos.step = "main1";
    pos.seed = 5;
    return rules().setup_position(cards_, pos);
  }
  // Runs the game until it is over or the turn ends.
  static void play_out_turn(Game& g) {
    const std::uint32_t turn = g.state().turn.number;
    while (g.state().turn.number == turn && rules().advance(g)) {
    }
  }

  static Registry* registry_;
  static PluginHost* host_;
  static std::shared_ptr<const CardPool> cards_;
  static std::vector<DeckList> decks_;
  static std::string problems_;
};
Registry* AiSearch::registry_ = nullptr;
PluginHost* AiSearch::host_ = nullptr;
std::shared_ptr<const CardPool> AiSearch::cards_;
std::vector<DeckList> AiSearch::decks_;
std::string AiSearch::problems_;

// Records the hash of the real game around every decision of the agent it wraps.
class HashWatch final : public Agent {
 public:
  HashWatch(std::shared_ptr<Agent> inner, const Game*& game)
      : inner_(std::move(inner)), game_(game) {}
  std::string_view name() const override { return inner_->name(); }
  Answer choose(const DecisionView& view, const Choice& choice) override {
    const std::uint64_t before = hash(game_->state());
    Answer a = inner_->choose(view, choice);
    changed += hash(game_->state()) != before;
    ++asked;
    return a;
  }
  int asked = 0, changed = 0;

 private:
  std::shared_ptr<Agent> inner_;
  const Game*& game_;
};

TEST_F(AiSearch, PlaysACompleteGameAgainstAiRandomAndLeavesTheGameAsItWas) {
  auto g = game(3);
  const Game* watched = g.get();
  auto search = std::make_shared<HashWatch>(
      agent("ai-search:playouts=8:max_steps=150:rollout=ai-random:verify=1", 11), watched);
  g->seat(PlayerId(0), search);
  g->seat(PlayerId(1), agent("ai-random", 12));
  rules().play(*g);
  EXPECT_TRUE(g->state().over);
  EXPECT_TRUE(g->faults().empty());
  EXPECT_GT(search->asked, 5);
  EXPECT_EQ(search->changed, 0) << "a search changed the real game";
  int by_search = 0;
  for (const DecisionRecord& r : g->decisions()) by_search += r.agent == "ai-search";
  EXPECT_EQ(by_search, search->asked);
}

// The decision log and hash after the first 200 actions of a game between `a` and `b`.
std::pair<std::vector<DecisionRecord>, std::uint64_t> played(const RulesModule& rules,
                                                             std::unique_ptr<Game> g,
                                                             std::shared_ptr<Agent> a,
                                                             std::shared_ptr<Agent> b) {
  g->seat(PlayerId(0), std::move(a));
  g->seat(PlayerId(1), std::move(b));
  for (int i = 0; i < 200 && rules.advance(*g); ++i) {
  }
  return {g->decisions(), hash(g->state())};
}

bool same(const std::vector<DecisionRecord>& x, const std::vector<DecisionRecord>& y) {
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i)
    if (x[i].player != y[i].player || x[i].kind != y[i].kind || x[i].picks != y[i].picks)
      return false;
  return true;
}

TEST_F(AiSearch, TheSameSeedDecidesTheSameWithOneThreadOrTwo) {
  for (const char* spec :
       {"ai-search:playouts=12:max_steps=100:rollout=ai-random",
        "ai-search:playouts=12:max_steps=100:rollout=ai-random:threads=2",
        "ai-search:playouts=12:max_steps=100:rollout=ai-random:below=tree:eval=life",
        "ai-search:playouts=12:max_steps=100:rollout=ai-random:explore=0.3:prune=0"}) {
    const auto first = played(rules(), game(9), agent(spec, 21), agent("ai-random", 22));
    const auto second = played(rules(), game(9), agent(spec, 21), agent("ai-random", 22));
    EXPECT_TRUE(same(first.first, second.first)) << spec;
    EXPECT_EQ(first.second, second.second) << spec;
    const auto other = played(rules(), game(9), agent(spec, 23), agent("ai-random", 22));
    EXPECT_FALSE(same(first.first, other.first) && first.second == other.second)
        << spec << ": another seed should decide differently somewhere";
  }
}

TEST_F(AiSearch, FindsTheLethalBoltThatARandomAgentUsuallyMisses) {
  int random_wins = 0;
  const int tries = 40;
  for (int seed = 1; seed <= tries; ++seed) {
    auto g = lethal_position();
    g->seat(PlayerId(0), agent("ai-random", static_cast<std::uint64_t>(seed)));
    g->seat(PlayerId(1), agent("ai-random", 1000 + static_cast<std::uint64_t>(seed)));
    play_out_turn(*g);
    random_wins += g->state().player(PlayerId(1)).outcome == Outcome::lost;
  }
  EXPECT_LT(random_wins, tries / 2) << "the position should be hard for a random agent";

  for (std::uint64_t seed : {1, 2, 3}) {
    auto g = lethal_position();
    const std::uint32_t turn = g->state().turn.number;
    g->seat(PlayerId(0), agent("ai-search:playouts=200:rollout=ai-random", seed));
    g->seat(PlayerId(1), agent("ai-random", 99));
    play_out_turn(*g);
    EXPECT_EQ(g->state().player(PlayerId(1)).outcome, Outcome::lost) << "seed " << seed;
    EXPECT_EQ(g->state().turn.number, turn)
        << "seed " << seed << ": the Bolt should end it this turn";
  }
}

// Attacks with everything it can and passes everything else.
class AllOutAttacker final : public Agent {
 public:
  std::string_view name() const override { return "all-out"; }
  Answer choose(const DecisionView&, const Choice& choice) override {
    Answer a;
    if (choice.kind == ChoiceKind::attackers)
      for (std::uint32_t i = 0; i < choice.options.size(); ++i) a.picks.push_back(i);
    else if (choice.pass)
      a.picks.push_back(*choice.pass);
    else if (choice.min_picks > 0)
      a.picks.push_back(0);
    return a;
  }
};

// A block declaration asked with no priority decision before it (the defender holds nothing to
// cast) is searched where it is asked: the classic rules resume a copy at it. The searcher, at 3
// life, must block the attacking Hill Giant with its Giant Spider (2/4, reach) or die; blocking,
// it can win on its turn by attacking the opponent, at 2 life, past the tapped Giant. Its
// rollout agent, ai-random, blocks about half the time.
TEST_F(AiSearch, SearchesABlockAskedWithoutAPriorityDecisionBeforeIt) {
  Position pos;
  pos.players.resize(2);
  pos.players[0].name = "Attacker";
  pos.players[1].name = "Searcher";
  for (PositionPlayer& p : pos.players)
    for (int i = 0; i < 10; ++i) p.library.push_back(card("Mountain"));
  pos.players[0].battlefield = {card("Hill Giant")};
  pos.players[1].battlefield = {card("Giant Spider")};
  pos.players[0].life = 2;
  pos.players[1].life = 3;
  pos.step = "main1";
  pos.seed = 8;
  int random_survived = 0;
  const int tries = 40;
  for (int seed = 1; seed <= tries; ++seed) {
    auto g = rules().setup_position(cards_, pos);
    g->seat(PlayerId(0), std::make_shared<AllOutAttacker>());
    g->seat(PlayerId(1), agent("ai-random", static_cast<std::uint64_t>(seed)));
    play_out_turn(*g);
    random_survived += g->state().player(PlayerId(1)).outcome == Outcome::playing;
  }
  EXPECT_LT(random_survived, tries * 3 / 4) << "ai-random should often leave the Giant unblocked";
  for (std::uint64_t seed : {1, 2, 3, 4, 5}) {
    auto g = rules().setup_position(cards_, pos);
    g->seat(PlayerId(0), std::make_shared<AllOutAttacker>());
    g->seat(PlayerId(1), agent("ai-search:playouts=200:rollout=ai-random", seed));
    play_out_turn(*g);
    EXPECT_EQ(g->state().player(PlayerId(1)).outcome, Outcome::playing) << "seed " << seed;
    EXPECT_EQ(g->state().player(PlayerId(1)).life, 3) << "seed " << seed;
  }
}

// Makes ai-heuristic agents and counts them: ai-search makes one rollout agent per playout.
class CountingFactory final : public AgentFactory {
 public:
  explicit CountingFactory(const Registry& registry) : registry_(registry) {}
  std::unique_ptr<Agent> make(const AgentOptions& options) const override {
    ++made;
    return registry_.get<AgentFactory>("ai-heuristic")->make(options);
  }
  std::string summary() const override { return "ai-heuristic, counted"; }
  mutable int made = 0;

 private:
  const Registry& registry_;
};

// In the lethal position the Bolt at the opponent wins and every other answer loses (passing, or
// another target: the Hill Giants attack next). Pruning stops replaying those once the paired
// rounds leave them no chance, so the search decides the same with far fewer playouts.
TEST_F(AiSearch, StopsReplayingAnswersThatCannotBeatTheBaseline) {
  ASSERT_NE(registry_->find<AgentFactory>("ai-heuristic"), nullptr) << "ai-heuristic did not load";
  auto counting = std::make_shared<CountingFactory>(*registry_);
  if (!registry_->find<AgentFactory>("counting-heuristic"))
    registry_->add<AgentFactory>("counting-heuristic", counting);
  else
    counting =
        std::const_pointer_cast<CountingFactory>(std::dynamic_pointer_cast<const CountingFactory>(
            registry_->get<AgentFactory>("counting-heuristic")));
  ASSERT_NE(counting, nullptr);
  std::map<std::string, int> made;
  for (const char* prune : {"0", "1"}) {
    auto g = lethal_position();
    const std::uint32_t turn = g->state().turn.number;
    counting->made = 0;
    g->seat(
        PlayerId(0),
        agent(std::string("ai-search:playouts=200:rollout=counting-heuristic:prune=") + prune, 4));
    g->seat(PlayerId(1), agent("ai-random", 99));
    play_out_turn(*g);
    EXPECT_EQ(g->state().player(PlayerId(1)).outcome, Outcome::lost) << "prune=" << prune;
    EXPECT_EQ(g->state().turn.number, turn) << "prune=" << prune;
    made[prune] = counting->made;
  }
  // Without pruning: 200 playouts at priority and 100 more for the target, one agent each.
  EXPECT_GE(made["0"], 300);
  EXPECT_LT(made["1"], made["0"] / 2) << "pruned " << made["1"] << ", not pruned " << made["0"];
}

// A declaration's candidates are the rollout agent's answer first, then its neighbours: one
// option less, a creature's option swapped for another of its own (a blocker moved to another
// attacker), one more for a creature not yet in it; then none and each option alone. A creature
// is never in a candidate twice.
TEST_F(AiSearch, TriesTheDeclarationsNextToTheRolloutAgents) {
  auto g = lethal_position();
  const auto giants = g->state().zone(ZoneRef::battlefield(PlayerId(1))).objects;
  ASSERT_EQ(giants.size(), 3u);
  const Target first = Target::of(g->object(giants[0]).ref()),
               second = Target::of(g->object(giants[1]).ref());
  Choice choice;
  choice.kind = ChoiceKind::blockers;
  choice.player = PlayerId(1);
  choice.options = {{"Giant A → Bears", first, 0, false},
                    {"Giant A → Bolt", first, 1, false},
                    {"Giant B → Bears", second, 0, false}};
  choice.min_picks = 0;
  choice.max_picks = 3;
  const DecisionView view(*g, PlayerId(1));
  std::vector<std::string> keys;
  for (const ai_search::Candidate& c : ai_search::candidates(view, choice, Answer{{0}})) {
    std::set<std::uint64_t> creatures;
    for (std::uint32_t i : c.answer.picks)
      creatures.insert(choice.options[i].target.object.id.value);
    EXPECT_EQ(creatures.size(), c.answer.picks.size()) << c.key;
    std::string key = c.key;
    std::replace(key.begin(), key.end(), '\x1f', '|');
    keys.push_back(key);
  }
  EXPECT_EQ(keys,
            (std::vector<std::string>{"[Giant A → Bears|]", "[]", "[Giant A → Bolt|]",
                                      "[Giant A → Bears|Giant B → Bears|]", "[Giant B → Bears|]"}));
}

// Options the rules refuse in any declaration (Option::barred: a tapped blocker) are in no
// candidate, and "everything at once" is every other option.
TEST_F(AiSearch, LeavesBarredOptionsOutOfItsCandidates) {
  auto g = lethal_position();
  const auto giants = g->state().zone(ZoneRef::battlefield(PlayerId(1))).objects;
  ASSERT_EQ(giants.size(), 3u);
  const Target a = Target::of(g->object(giants[0]).ref()), b = Target::of(g->object(giants[1]).ref()),
               c = Target::of(g->object(giants[2]).ref());
  const DecisionView view(*g, PlayerId(1));
  const auto keys_of = [&](const Choice& choice, Answer policy) {
    std::vector<std::string> keys;
    for (const ai_search::Candidate& cand : ai_search::candidates(view, choice, std::move(policy))) {
      std::string key = cand.key;
      std::replace(key.begin(), key.end(), '\x1f', '|');
      keys.push_back(key);
    }
    return keys;
  };
  Choice blocks;
  blocks.kind = ChoiceKind::blockers;
  blocks.player = PlayerId(1);
  blocks.options = {{"Giant A → Bears", a, 0, false},
                    {"Giant A → Bolt", a, 1, false},
                    {"Giant B → Bears", b, 0, false},
                    {"Giant C → Bears", c, 0, false}};
  blocks.options[2].barred = "Giant B is tapped";
  blocks.min_picks = 0;
  blocks.max_picks = 4;
  EXPECT_EQ(keys_of(blocks, Answer{{0}}),
            (std::vector<std::string>{"[Giant A → Bears|]", "[]", "[Giant A → Bolt|]",
                                      "[Giant A → Bears|Giant C → Bears|]", "[Giant C → Bears|]"}));
  Choice attacks;
  attacks.kind = ChoiceKind::attackers;
  attacks.player = PlayerId(1);
  attacks.options = {{"Giant A → P0", a, 1, false}, {"Giant B → P0", b, 1, false}, {"Giant C → P0", c, 1, false}};
  attacks.options[1].barred = "Giant B has summoning sickness";
  attacks.min_picks = 0;
  attacks.max_picks = 3;
  EXPECT_EQ(keys_of(attacks, Answer{}),
            (std::vector<std::string>{"[]", "[Giant A → P0|]", "[Giant C → P0|]",
                                      "[Giant A → P0|Giant C → P0|]"}));
}

// A playout stopped before the game ends is scored by the board: the three Hill Giants' side is
// ahead of the Grizzly Bears' at equal life, and life alone sees them even.
TEST_F(AiSearch, ScoresAnUnfinishedPlayoutByTheBoard) {
  auto g = lethal_position();
  const PlayerId searcher(0), opponent(1);
  EXPECT_GT(ai_search::board_points(*g, opponent), ai_search::board_points(*g, searcher));
  const std::vector<double> board = ai_search::rewards_of(*g, ai_search::Evaluation::board);
  ASSERT_EQ(board.size(), 2u);
  EXPECT_LT(board[0], 0.5);
  EXPECT_GT(board[1], 0.5);
  EXPECT_GE(board[0], 0.05);
  EXPECT_LE(board[1], 0.95);
  EXPECT_NEAR(board[0] + board[1], 1.0, 1e-9);
  EXPECT_EQ(ai_search::rewards_of(*g, ai_search::Evaluation::life),
            (std::vector<double>{0.5, 0.5}));

  // A finished game is its result, whatever the board.
  g->seat(searcher, agent("ai-random", 1));
  g->seat(opponent, agent("ai-random", 2));
  rules().play(*g);
  ASSERT_TRUE(g->state().over);
  const std::vector<double> result = ai_search::rewards_of(*g, ai_search::Evaluation::board);
  for (const Player& p : g->state().players)
    EXPECT_EQ(result[p.id.value], p.outcome == Outcome::won    ? 1.0
                                  : p.outcome == Outcome::lost ? 0.0
                                                               : 0.5);
}

TEST_F(AiSearch, SettingsAreCheckedAndNamed) {
  auto error_of = [](const std::string& spec) {
    try {
      (void)agent(spec, 1);
    } catch (const Error& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(error_of("ai-search:playouts=0").find("playouts must be"), std::string::npos);
  EXPECT_NE(error_of("ai-search:depth=3").find("no setting 'depth'"), std::string::npos);
  EXPECT_NE(error_of("ai-search:rollout=ai-nothing").find("ai-nothing"), std::string::npos);
  EXPECT_NE(error_of("ai-search:playouts").find("is not KEY=VALUE"), std::string::npos);
  // A key given twice: one would win silently (make_agent refuses it for every agent).
  EXPECT_NE(
      error_of("ai-search:playouts=50:playouts=200")
          .find("agent setting 'playouts' is given twice in 'ai-search:playouts=50:playouts=200'"),
      std::string::npos);
  EXPECT_NE(error_of("ai-search:eval=material").find("eval must be board or life"),
            std::string::npos);
  EXPECT_NE(error_of("ai-search:below=deep").find("below must be tree or rollout"),
            std::string::npos);
  EXPECT_NE(error_of("ai-search:gate=-1").find("gate must be"), std::string::npos);
  for (const char* weight :
       {"gate=nan", "gate=inf", "explore=nan", "exploration=nan", "exploration=inf"})
    EXPECT_NE(error_of(std::string("ai-search:") + weight).find("must be"), std::string::npos)
        << weight;
  EXPECT_NE(error_of("ai-search:explore=1.5").find("explore must be a probability"),
            std::string::npos);
  EXPECT_NE(error_of("ai-search:prune=yes").find("prune must be 0 or 1"), std::string::npos);
  // Thousands of threads once aborted the process when the system would start no more.
  for (const char* threads : {"threads=0", "threads=257", "threads=100000"})
    EXPECT_NE(error_of(std::string("ai-search:") + threads)
                  .find("threads must be a whole number from 1 to 256"),
              std::string::npos)
        << threads;
  EXPECT_EQ(error_of("ai-search:threads=256:rollout=ai-random"), "no error");
  EXPECT_EQ(error_of("ai-search:ms=5:threads=2:rollout=ai-random"), "no error");
  EXPECT_EQ(error_of("ai-search:eval=life:below=tree:gate=0"), "no error");
}

}  // namespace
}  // namespace anvil
