// The tags plugin: its loaders (v2 and v1), errors that name file, card and tag, unsupported
// tags reported, the status fold order, and a third-party plugin extending the vocabulary.
#include <gtest/gtest.h>

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/sdk.hpp>
#include <anvil/tags/card_script.hpp>
#include <anvil/tags/stats.hpp>
#include <filesystem>

namespace anvil {
namespace {

using namespace anvil::literals;

struct Loaded {
  Registry registry;
  PluginHost host{registry};
  Loaded() {
    (void)host.load_dir(std::filesystem::path(BUNDLED_PLUGIN_DIR));
    (void)host.load_dir(std::filesystem::path(TAGS_TEST_PLUGIN_DIR));
  }
};
Loaded& loaded() {
  static Loaded l;
  return l;
}

struct Result {
  std::vector<CardDef> cards;
  std::vector<Diagnostic> diagnostics;
  std::string errors() const {
    std::string out;
    for (const Diagnostic& d : diagnostics) out += d.str() + "\n";
    return out;
  }
};

Result load(std::string_view json, const char* loader = "hearth") {
  Result r;
  CardFileContext ctx{loaded().registry, "test", r.cards, r.diagnostics};
  loaded().registry.get<CardLoader>(loader)->load("cards.json", json, ctx);
  return r;
}

constexpr const char* kYeti =
    R"({"name": "Yeti", "type": "minion", "mana": 4, "attack": 4, "health": 5, "rarity": "Common",
        "character_class": "", "collectible": true})";

std::unique_ptr<Game> game_with(std::vector<CardDef> cards, std::vector<std::string> hand,
                                std::vector<std::string> board) {
  auto pool = std::make_shared<CardPool>();
  for (CardDef& c : cards) pool->add(std::move(c));
  Position pos;
  for (int i = 0; i < 2; ++i) {
    PositionPlayer p;
    p.name = i == 0 ? "A" : "B";
    if (i == 0) {
      for (const auto& n : hand) p.hand.push_back(PositionCard{n, false, 0, {}, {}});
      for (const auto& n : board) p.battlefield.push_back(PositionCard{n, false, 0, false, {}});
    }
    pos.players.push_back(std::move(p));
  }
  return loaded().registry.get<RulesModule>("hearth")->setup_position(pool, pos);
}

void play(Game& g, std::string_view label) {
  const auto rules = loaded().registry.get<RulesModule>("hearth");
  for (const LegalAction& a : rules->legal_actions(g, PlayerId(0)))
    if (a.label == label) {
      class One final : public Agent {
       public:
        explicit One(std::string l) : label_(std::move(l)) {}
        std::string_view name() const override { return "one"; }
        Answer choose(const DecisionView&, const Choice& c) override {
          for (std::uint32_t i = 0; i < c.options.size(); ++i)
            if (c.options[i].label == label_) return Answer{{i}};
          throw std::runtime_error("no " + label_);
        }

       private:
        std::string label_;
      };
      g.seat(PlayerId(0), std::make_shared<One>(std::string(label)));
      rules->advance(g);
      return;
    }
  FAIL() << "no legal action '" << label << "'";
}

TEST(TagsLoader, AVersionTwoCardCompilesItsTags) {
  Result r = load(std::string("[") + kYeti + R"(,
    {"name": "Juggler", "type": "minion", "mana": 2, "attack": 2, "health": 2, "rarity": "Rare",
     "character_class": "", "collectible": true,
     "impl": {"effects": [{"event": {"event_name": "after_added", "player": "friendly"},
       "tags": [{"actions": [{"name": "damage", "amount": 1}],
                 "selector": {"name": "character", "players": "enemy", "picker": {"name": "random", "count": 1}}}]}]}}])");
  ASSERT_EQ(r.cards.size(), 2u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  const tags::CardScript* s = tags::card_script(r.cards[1]);
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->effects.size(), 1u);
  EXPECT_EQ(s->effects[0].event.name, "after_added"_sym);
  ASSERT_NE(s->effects[0].event.condition, nullptr) << "after_added excludes the owner explicitly";
}

TEST(TagsLoader, AnUnknownTagIsAnErrorNamingFileCardAndTagWithADidYouMean) {
  Result r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "damagee", "amount": 1}], "selector": {"name": "self"}}]}])");
  EXPECT_TRUE(r.cards.empty());
  const std::string e = r.errors();
  EXPECT_NE(e.find("cards.json:2:41"), std::string::npos) << e;
  EXPECT_NE(e.find("card 'Bad'"), std::string::npos) << e;
  EXPECT_NE(e.find("unknown action tag 'damagee'"), std::string::npos) << e;
  EXPECT_NE(e.find("did you mean 'damage'"), std::string::npos) << e;
}

TEST(TagsLoader, AnUnsupportedTagIsAWarningAndTheCardLoads) {
  Result r = load(R"([{"name": "Ogre", "type": "minion", "mana": 3, "attack": 4, "health": 4,
    "impl": {"effects": [{"event": {"event_name": "attack"},
      "tags": [{"actions": [{"name": "remove_from_hand", "card": {"name": "same"}}], "selector": {"name": "self"}}]}]}}])");
  ASSERT_EQ(r.cards.size(), 1u) << r.errors();
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].severity, Diagnostic::Severity::warning);
  EXPECT_NE(r.diagnostics[0].message.find("card 'Ogre': unsupported tag 'remove_from_hand'"), std::string::npos);
}

// A collection query judges its conditions on card definitions: a Hearthbreaker rarity number,
// a cost and a kind; a condition that needs an object in a game is reported, never ignored.
TEST(TagsQueries, ACollectionQueryJudgesItsConditionsOnCardDefinitions) {
  Result r = load(std::string("[") + kYeti + R"(,
    {"name": "Two", "type": "minion", "mana": 2, "attack": 2, "health": 2, "rarity": "Legendary"},
    {"name": "Two Common", "type": "minion", "mana": 2, "attack": 2, "health": 2, "rarity": "Common"},
    {"name": "Two Spell", "type": "spell", "mana": 2, "rarity": "Legendary",
     "play": [{"actions": [], "selector": {"name": "self"}}]},
    {"name": "Maker", "type": "spell", "mana": 0,
     "play": [{"actions": [{"name": "summon", "card": {"name": "collection", "conditions": [
                 {"name": "mana_cost", "amount": 2}, {"name": "is_minion"}, {"name": "is_rarity", "rarity": 5}]}}],
               "selector": {"name": "player", "players": "friendly"}}]},
    {"name": "Vague", "type": "spell", "mana": 1,
     "play": [{"actions": [{"name": "summon", "card": {"name": "collection", "conditions": [{"name": "is_damaged"}]}}],
               "selector": {"name": "player", "players": "friendly"}}]}])");
  ASSERT_EQ(r.cards.size(), 6u) << r.errors();
  ASSERT_EQ(r.diagnostics.size(), 1u) << r.errors();
  EXPECT_NE(r.diagnostics[0].message.find("card 'Vague': unsupported tag 'condition is_damaged on a card of the collection'"),
            std::string::npos) << r.errors();
  auto g = game_with(std::move(r.cards), {"Maker", "Maker", "Maker"}, {});
  for (int i = 0; i < 3; ++i) play(*g, "Play Maker");
  const auto& board = g->state().zone(ZoneRef::battlefield(PlayerId(0))).objects;
  ASSERT_EQ(board.size(), 3u);
  for (ObjectId id : board) EXPECT_EQ(g->card(id).name, "Two");
}

// Nefarian's class query reads the enemy hero's class; Recombobulator's cost query reads the cost
// of the minion it transforms (`self` is the query's target).
TEST(TagsQueries, QueryConditionsReadTheHeroClassAndTheTargetsCost) {
  Result r = load(std::string("[") + kYeti + R"(,
    {"name": "Four", "type": "minion", "mana": 4, "attack": 1, "health": 1},
    {"name": "Two", "type": "minion", "mana": 2, "attack": 2, "health": 2},
    {"name": "Mage Trick", "type": "spell", "mana": 1, "character_class": "Mage",
     "play": [{"actions": [], "selector": {"name": "self"}}]},
    {"name": "Priest Trick", "type": "spell", "mana": 1, "character_class": "Priest",
     "play": [{"actions": [], "selector": {"name": "self"}}]},
    {"name": "Nef", "type": "spell", "mana": 0,
     "play": [{"actions": [{"name": "add_card", "count": 2, "card": {"name": "collection", "conditions": [
                 {"name": "is_class", "amount": {"name": "attribute", "attribute": "character_class",
                                                 "selector": {"name": "hero", "players": "enemy", "picker": {"name": "all"}}}},
                 {"name": "is_spell"}]}}],
               "selector": {"name": "player", "players": "friendly"}}]},
    {"name": "Recombobulate", "type": "spell", "mana": 0,
     "play": [{"actions": [{"name": "transform", "card": {"name": "collection", "conditions": [
                 {"name": "mana_cost", "amount": {"name": "attribute", "attribute": "mana", "selector": {"name": "self"}}},
                 {"name": "is_minion"}]}}],
               "selector": {"name": "minion", "players": "friendly", "picker": {"name": "user"}}}]}])");
  ASSERT_EQ(r.cards.size(), 7u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  auto g = game_with(std::move(r.cards), {"Nef", "Recombobulate", "Recombobulate", "Recombobulate"}, {"Yeti"});
  const PlayerId a(0);
  play(*g, "Play Nef");
  std::vector<std::string> hand;
  for (ObjectId id : g->state().zone(ZoneRef::hand(a)).objects) hand.push_back(g->card(id).name);
  // The enemy hero is a Mage (the position's default).
  EXPECT_EQ(hand, (std::vector<std::string>{"Recombobulate", "Recombobulate", "Recombobulate", "Mage Trick",
                                            "Mage Trick"}));
  for (int i = 0; i < 3; ++i) {
    const auto& board = g->state().zone(ZoneRef::battlefield(a)).objects;
    ASSERT_EQ(board.size(), 1u);
    play(*g, "Play Recombobulate targeting " + g->card(board[0]).name);
    const std::string now = g->card(g->state().zone(ZoneRef::battlefield(a)).objects.at(0)).name;
    EXPECT_TRUE(now == "Yeti" || now == "Four") << now << " does not cost 4";
  }
}

// A secret is in play face down: its player sees it, the opponent sees only that there is one.
TEST(TagsSecrets, ASecretIsHiddenFromTheOpponent) {
  Result r = load(std::string("[") + kYeti + R"(,
    {"name": "Trap", "type": "spell", "mana": 1,
     "secret": {"event": {"event_name": "after_added", "player": "enemy"},
                "tags": [{"actions": [{"name": "damage", "amount": 4}], "selector": {"name": "target"}}]}}])");
  ASSERT_EQ(r.cards.size(), 2u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  const tags::CardScript* s = tags::card_script(r.cards[1]);
  ASSERT_TRUE(s && s->secret);
  ASSERT_EQ(s->play.size(), 1u) << "played, a secret applies itself";
  auto g = game_with(std::move(r.cards), {"Trap"}, {});
  play(*g, "Play Trap");
  const auto& secrets = g->state().zone(ZoneRef::exile(PlayerId(0))).objects;
  ASSERT_EQ(secrets.size(), 1u);
  EXPECT_TRUE(DecisionView(*g, PlayerId(0)).can_see(secrets[0]));
  EXPECT_FALSE(DecisionView(*g, PlayerId(1)).can_see(secrets[0]));
}

TEST(TagsLoader, VersionOneAurasAndEffectsBecomeVersionTwo) {
  Result r = load(R"([{"name": "Apprentice", "type": "minion", "mana": 2, "attack": 3, "health": 2,
    "impl": {"auras": [{"action": {"name": "mana_change", "amount": -1, "minimum": 0,
                                   "card_selector": {"name": "spell"}},
                        "selector": {"name": "player", "players": "friendly"}}],
             "effects": [{"when": {"event_name": "turn_ended", "player": "friendly"},
                          "action": {"name": "draw"},
                          "selector": {"name": "player", "players": "friendly"}}]}},
    {"name": "Bolt", "type": "spell", "mana": 2, "play": [{"actions": [{"name": "damage", "amount": 3}],
      "selector": {"name": "character", "players": "both", "picker": {"name": "user"}}}]}])",
                  "hearth-v1");
  ASSERT_EQ(r.cards.size(), 2u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  const tags::CardScript* s = tags::card_script(r.cards[0]);
  ASSERT_EQ(s->auras.size(), 1u);
  ASSERT_EQ(s->effects.size(), 1u);
  EXPECT_EQ(s->effects[0].event.name, "turn_ended"_sym);
  auto g = game_with(std::move(r.cards), {"Bolt"}, {"Apprentice"});
  EXPECT_EQ(g->view(g->state().zone(ZoneRef::hand(PlayerId(0))).objects[0]).cost.generic, 1)
      << "the v1 mana_change filter became a pulled v2 cost aura";
}

TEST(TagsStats, StatsFoldBuffsThenAurasAndCostAurasThenBuffs) {
  struct Set final : tags::Status {
    void apply(tags::Stats& s, std::int64_t a, std::int64_t) const override { s.attack = static_cast<std::int32_t>(a); }
  } set;
  struct Add final : tags::Status {
    void apply(tags::Stats& s, std::int64_t a, std::int64_t) const override { s.attack += static_cast<std::int32_t>(a); }
  } add;
  tags::Stats s = tags::Stats::printed(2, 2, 0);
  const tags::Applied buffs[] = {{&set, 5, 0}};
  const tags::Applied auras[] = {{&add, 1, 0}};
  tags::fold_stats(s, buffs, auras);
  EXPECT_EQ(s.attack, 6) << "set by the buff, then +1 from the aura";
  EXPECT_EQ(tags::mana_change(1, -2, 1), 1) << "a minimum floor";
  EXPECT_EQ(tags::mana_change(0, -2, 1), 0) << "never raises a lower cost";
  EXPECT_EQ(tags::mana_change(5, -2, 1), 3);
}

TEST(TagsExtension, APluginAddsAnActionAndAConditionThatCardsUse) {
  Result r = load(std::string("[") + kYeti + R"(,
    {"name": "Plating", "type": "spell", "mana": 1,
     "play": [{"actions": [{"name": "set_armor", "amount": 7}], "selector": {"name": "hero", "players": "friendly"}}]},
    {"name": "Even Smite", "type": "spell", "mana": 1,
     "play": [{"actions": [{"name": "kill"}],
               "selector": {"name": "minion", "players": "both", "picker": {"name": "user"},
                            "condition": {"name": "has_even_attack"}}}]},
    {"name": "Odd", "type": "minion", "mana": 1, "attack": 3, "health": 3}])");
  ASSERT_EQ(r.cards.size(), 4u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  auto g = game_with(std::move(r.cards), {"Plating", "Even Smite"}, {"Yeti", "Odd"});
  play(*g, "Play Plating");
  EXPECT_EQ(g->state().player(PlayerId(0)).attrs.get("armor"_sym), 7);
  const auto rules = loaded().registry.get<RulesModule>("hearth");
  bool odd_offered = false;
  for (const LegalAction& a : rules->legal_actions(*g, PlayerId(0))) odd_offered |= a.label == "Play Even Smite targeting Odd";
  EXPECT_FALSE(odd_offered) << "the condition filters targets";
  play(*g, "Play Even Smite targeting Yeti");
  ASSERT_EQ(g->state().zone(ZoneRef::battlefield(PlayerId(0))).objects.size(), 1u);
}

}  // namespace
}  // namespace anvil
