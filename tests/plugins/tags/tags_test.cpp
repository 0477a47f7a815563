// The tags plugin: its loaders (v2 and v1), errors that name file, card and tag, unsupported
// tags reported, the status fold order, and a third-party plugin extending the vocabulary.
#include <gtest/gtest.h>

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/sdk.hpp>
#include <anvil/tags/card_script.hpp>
#include <anvil/tags/stats.hpp>
#include <algorithm>
#include <filesystem>
#include <map>

#include "vocabulary.hpp"

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

// A position where A is to act with `hand` and `board`; B holds `enemy_hand` and `enemy_board`.
std::unique_ptr<Game> game_with(std::vector<CardDef> cards, std::vector<std::string> hand,
                                std::vector<std::string> board,
                                std::vector<std::string> enemy_board = {},
                                std::vector<std::string> enemy_hand = {}, std::uint64_t seed = 0) {
  auto pool = std::make_shared<CardPool>();
  for (CardDef& c : cards) pool->add(std::move(c));
  Position pos;
  pos.seed = seed;
  for (int i = 0; i < 2; ++i) {
    PositionPlayer p;
    p.name = i == 0 ? "A" : "B";
    for (const auto& n : i == 0 ? hand : enemy_hand) p.hand.push_back(PositionCard{n, false, 0, {}, {}});
    for (const auto& n : i == 0 ? board : enemy_board) p.battlefield.push_back(PositionCard{n, false, 0, false, {}});
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
     "impl": {"effects": [{"event": {"event_name": "after_added", "player": "friendly",
                                     "condition": {"name": "minion_is_not_target"}},
       "tags": [{"actions": [{"name": "damage", "amount": 1}],
                 "selector": {"name": "character", "players": "enemy", "picker": {"name": "random", "count": 1}}}]}]}}])");
  ASSERT_EQ(r.cards.size(), 2u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  const tags::CardScript* s = tags::card_script(r.cards[1]);
  ASSERT_NE(s, nullptr);
  ASSERT_EQ(s->effects.size(), 1u);
  EXPECT_EQ(s->effects[0].event.name, "after_added"_sym);
  ASSERT_NE(s->effects[0].event.condition, nullptr) << "after_added excludes the owner, as written";
}

// A `minion` selector or an after_added event written without a condition: in version 2 it has
// none, as Hearthbreaker's JSON loader reads it (Doomsayer kills itself too); version 1 keeps
// HEARTH-TAGS.md's defaults (minion_is_not_target: "other minions").
TEST(TagsLoader, AMissingConditionIsNoneInVersionTwoAndTheDefaultInVersionOne) {
  const char* v2 = R"([{"name": "Doom", "type": "minion", "mana": 2, "attack": 0, "health": 7,
    "impl": {"effects": [{"event": {"event_name": "turn_ended", "player": "friendly"},
      "tags": [{"actions": [{"name": "kill"}], "selector": {"name": "minion", "players": "both"}}]},
                         {"event": {"event_name": "after_added", "player": "friendly"},
      "tags": [{"actions": [{"name": "draw"}], "selector": {"name": "player", "players": "friendly"}}]}]}}])";
  const char* v1 = R"([{"name": "Doom", "type": "minion", "mana": 2, "attack": 0, "health": 7,
    "impl": {"effects": [{"when": {"event_name": "turn_ended", "player": "friendly"}, "action": {"name": "kill"},
                          "selector": {"name": "minion", "players": "both"}},
                         {"when": {"event_name": "after_added", "player": "friendly"}, "action": {"name": "draw"},
                          "selector": {"name": "player", "players": "friendly"}}]}}])";
  for (const bool version_one : {false, true}) {
    Result r = load(version_one ? v1 : v2, version_one ? "hearth-v1" : "hearth");
    ASSERT_EQ(r.cards.size(), 1u) << r.errors();
    EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
    const tags::CardScript* s = tags::card_script(r.cards[0]);
    ASSERT_TRUE(s && s->effects.size() == 2u);
    EXPECT_EQ(s->effects[0].tags[0].selector->condition != nullptr, version_one);
    EXPECT_EQ(s->effects[1].event.condition != nullptr, version_one);
    r.cards.push_back(load(std::string("[") + kYeti + "]").cards.at(0));
    auto g = game_with(std::move(r.cards), {}, {"Doom", "Yeti"});
    play(*g, "End turn");
    const auto& board = g->state().zone(ZoneRef::battlefield(PlayerId(0))).objects;
    if (version_one) {
      ASSERT_EQ(board.size(), 1u) << "v1: the other minions die";
      EXPECT_EQ(g->card(board[0]).name, "Doom");
    } else {
      EXPECT_TRUE(board.empty()) << "v2: every minion dies, its owner included";
    }
  }
}

// A file that is not JSON: its line and column, and the reason without nlohmann's code.
TEST(TagsLoader, BrokenJsonIsAnErrorAtItsLineAndColumn) {
  Result r = load("[{\"name\": \"Bad\", \"type\": \"minion\",\n");
  EXPECT_TRUE(r.cards.empty());
  const std::string e = r.errors();
  EXPECT_NE(e.find("cards.json:2:1: error: invalid JSON: syntax error"), std::string::npos) << e;
  EXPECT_EQ(e.find("json.exception"), std::string::npos) << e;
}

// Nesting deeper than YAML's limit (64 levels) refuses the file at the bracket that crosses it,
// before anything recurses over the tree: 20,000 levels used to overflow the stack.
TEST(TagsLoader, JsonNestedDeeperThanSixtyFourLevelsIsRefusedAtTheBracket) {
  Result r = load("\n  " + std::string(20000, '[') + std::string(20000, ']'));
  EXPECT_TRUE(r.cards.empty());
  std::string e = r.errors();
  EXPECT_EQ(e,
            "cards.json:2:67: error: values nested deeper than 64 levels; the file is refused\n");
  r = load("[" + std::string(63, '[') + std::string(63, ']') + "]");
  EXPECT_EQ(r.errors().find("nested deeper"), std::string::npos) << r.errors();
}

// A number too large for a double is an error at the number, in words, not nlohmann's
// exception text without a location.
TEST(TagsLoader, ANumberOutOfRangeIsAnErrorAtTheNumber) {
  Result r = load(R"([{"name": "Big", "type": "minion",
    "mana": 1e400, "attack": 1, "health": 1}])");
  EXPECT_TRUE(r.cards.empty());
  const std::string e = r.errors();
  EXPECT_EQ(e, "cards.json:2:13: error: invalid JSON: number overflow parsing '1e400'\n");
}

// One bad input is one error, at it, naming the card: the keys after a bad value are not
// "unknown" (the reading stopped there), a duplicate key is named as such, and a negative cost
// is refused.
TEST(TagsLoader, OneBadInputIsOneErrorAtIt) {
  const std::pair<const char*, const char*> cases[] = {
      {R"([{"name": "A", "type": "minion", "mana": 1, "attack": "x", "health": 1,
  "rarity": "Common", "collectible": true}])",
       "cards.json:1:55: error: card 'A': expected a whole number, found 'x'\n"},
      {R"([{"name": "A", "type": "minon", "mana": 1, "attack": 1, "health": 1,
  "rarity": "Common"}])",
       "cards.json:1:24: error: card 'A': unknown card type 'minon'; did you mean 'minion'?\n"},
      {R"([{"name": "A", "type": "minion", "mana": 1, "attack": 1, "health": 1,
  "mana": 2}])",
       "cards.json:2:3: error: duplicate key 'mana' (first given at line 1); the second one is "
       "ignored\n"},
      {R"([{"name": "A", "type": "minion", "mana": -5, "attack": 1, "health": 1}])",
       "cards.json:1:42: error: card 'A': 'mana' cannot be negative, found -5\n"},
  };
  for (const auto& [json, expected] : cases) {
    const Result r = load(json);
    EXPECT_EQ(r.errors(), expected) << json;
  }
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

// A key the tag format does not have in an aura, a buff, an action tag, an effect, a choice or
// a picker is an error naming card, key and place, with a did-you-mean: ignored, a misspelt
// `conditon` would change what the card does without a word.
TEST(TagsLoader, AMisspeltKeyOfATagIsAnErrorWithADidYouMean) {
  Result r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "impl": {"auras": [{"status": {"name": "change_attack", "amount": 2}, "selector": {"name": "self"},
                        "conditon": {"name": "is_minion"}}]}}])");
  EXPECT_TRUE(r.cards.empty());
  std::string e = r.errors();
  EXPECT_NE(e.find("cards.json:3:25: error: unknown key 'conditon' in an aura of card 'Bad'"),
            std::string::npos)
      << e;
  EXPECT_NE(e.find("did you mean 'condition'"), std::string::npos) << e;
  const char* places[][2] = {
      {R"("impl": {"buffs": [{"status": {"name": "taunt"}, "untill": {"event_name": "turn_ended"}}]})",
       "unknown key 'untill' in a buff"},
      {R"("battlecry": [{"actions": [], "selector": {"name": "self"}, "conditions": {"name": "is_minion"}}])",
       "unknown key 'conditions' in an action tag"},
      {R"("impl": {"effects": [{"event": {"event_name": "turn_ended"}, "tags": [], "tag": []}]})",
       "unknown key 'tag' in an effect"},
      {R"("choices": [{"card": "A", "actions": [], "selector": {"name": "self"}, "cards": 1}])",
       "unknown key 'cards' in a choice"},
      {R"("battlecry": [{"actions": [{"name": "damage", "amount": 1}],
                         "selector": {"name": "minion", "picker": {"name": "random", "cuont": 2}}}])",
       "unknown key 'cuont' in a picker"},
      {R"("play_requirements": {"minion_slot": 1})",
       "unknown key 'minion_slot' in 'play_requirements' of card 'Bad'; did you mean 'minion_slots'?"}};
  for (const auto& [part, message] : places) {
    r = load(
        std::string(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1, )") +
        part + "}]");
    e = r.errors();
    EXPECT_TRUE(r.cards.empty()) << part;
    EXPECT_NE(e.find(message), std::string::npos) << part << "\n" << e;
  }
}

// A key inside a part that the part does not read (a misspelt parameter of an action, a
// condition, a card source…) is an error naming card, key and part: nothing ignores it quietly.
TEST(TagsLoader, AKeyNothingReadsIsAnError) {
  Result r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "damage", "amout": 2}], "selector": {"name": "self"}}]}])");
  EXPECT_TRUE(r.cards.empty());
  std::string e = r.errors();
  // The did-you-mean comes from the keys `damage` looked for and was not given.
  EXPECT_NE(e.find("cards.json:2:51: error: card 'Bad': nothing reads key 'amout' of 'damage' (no "
                   "such parameter here); did you mean 'amount'?"),
            std::string::npos)
      << e;
  r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "damage", "amount": 1}],
                   "selector": {"name": "minion", "players": "enemy", "condition": {"name": "is_type", "minion_type": "Beast", "include_slef": true}}}]}])");
  EXPECT_TRUE(r.cards.empty());
  e = r.errors();
  EXPECT_NE(e.find("nothing reads key 'include_slef' of 'is_type' (no such parameter here); did "
                   "you mean 'include_self'?"),
            std::string::npos)
      << e;
  // No hint when nothing the part looked for is close: a key of no part at all.
  r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "draw", "amount": 1, "colour": "red"}],
                   "selector": {"name": "self"}}]}])");
  e = r.errors();
  EXPECT_NE(e.find("nothing reads key 'colour' of 'draw' (no such parameter here)\n"),
            std::string::npos)
      << e;
  r = load(R"([{"name": "Good", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "damage", "amount": 1}], "selector": {"name": "self"}}]}])");
  EXPECT_EQ(r.errors(), "");
  EXPECT_EQ(r.cards.size(), 1u);
}

// A key whose value starts on a later line is reported at the key, where the author has to look:
// a key nothing reads, and a key the part does not have.
TEST(TagsLoader, AKeyErrorNamesTheKeysLineWhenItsValueIsOnTheNext) {
  Result r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "damage", "amount": 1, "amout":
                                  {"name": "all"}}],
                   "selector": {"name": "self"}}]}])");
  EXPECT_TRUE(r.cards.empty());
  std::string e = r.errors();
  EXPECT_NE(e.find("cards.json:2:64: error: card 'Bad': nothing reads key 'amout' of 'damage'"),
            std::string::npos)
      << e;
  r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "impl": {"auras": [{"status": {"name": "change_attack", "amount": 2}, "selector": {"name": "self"},
                        "conditon":
                          {"name": "is_minion"}}]}}])");
  EXPECT_TRUE(r.cards.empty());
  e = r.errors();
  EXPECT_NE(e.find("cards.json:3:25: error: unknown key 'conditon' in an aura of card 'Bad'; did "
                   "you mean 'condition'?"),
            std::string::npos)
      << e;
}

// A hero card's own power (an extension): name, mana (default 2), tags; whether it summons.
// Read strictly: an unknown key, a missing key or an empty tag list is an error naming the card.
TEST(TagsLoader, AHeroPowerIsReadStrictly) {
  Result ok = load(R"([{"name": "Hero", "type": "minion", "mana": 9, "attack": 0, "health": 15,
    "hero_power": {"name": "INFERNO!", "tags": [{"selector": {"name": "player", "players": "friendly"},
                                                 "actions": [{"name": "summon", "card": "Yeti"}]}]}}])");
  ASSERT_EQ(ok.cards.size(), 1u) << ok.errors();
  const tags::CardScript* s = tags::card_script(ok.cards[0]);
  ASSERT_TRUE(s && s->hero_power);
  EXPECT_EQ(s->hero_power->name, "INFERNO!");
  EXPECT_EQ(s->hero_power->mana, 2);
  EXPECT_TRUE(s->hero_power->summons);
  EXPECT_EQ(s->hero_power->user_tag(), nullptr);
  const char* bad[][2] = {
      {R"("hero_power": {"name": "P", "mana": 1, "tagz": []})", "unknown key 'tagz'"},
      {R"("hero_power": {"mana": 1, "tags": [{"selector": {"name": "self"}, "actions": [{"name": "draw"}]}]})",
       "'name'"},
      {R"("hero_power": {"name": "P", "tags": []})",
       "'tags' must be a non-empty list of action tags"},
      {R"("hero_power": {"name": "P", "mana": -1, "tags": [{"selector": {"name": "self"}, "actions": [{"name": "draw"}]}]})",
       "cannot be negative"},
  };
  for (const auto& [power, message] : bad) {
    Result r =
        load(std::string(
                 R"([{"name": "Hero", "type": "minion", "mana": 9, "attack": 0, "health": 15, )") +
             power + "}]");
    EXPECT_TRUE(r.cards.empty()) << power;
    const std::string e = r.errors();
    EXPECT_NE(e.find("cards.json:"), std::string::npos) << e;
    EXPECT_NE(e.find("Hero"), std::string::npos) << e;
    EXPECT_NE(e.find(message), std::string::npos) << power << ": " << e;
  }
}

// Every name of the vocabulary is supported now, so the warning is shown with a part whose
// parameter this build does not read (an attribute Hearthbreaker reads with getattr).
TEST(TagsLoader, AnUnsupportedTagIsAWarningAndTheCardLoads) {
  Result r = load(R"([{"name": "Ogre", "type": "minion", "mana": 3, "attack": 4, "health": 4,
    "impl": {"effects": [{"event": {"event_name": "attack"},
      "tags": [{"actions": [{"name": "damage", "amount": {"name": "attribute", "attribute": "favourite_colour",
                                                          "selector": {"name": "self"}}}],
                "selector": {"name": "self"}}]}]}}])");
  ASSERT_EQ(r.cards.size(), 1u) << r.errors();
  ASSERT_EQ(r.diagnostics.size(), 1u);
  EXPECT_EQ(r.diagnostics[0].severity, Diagnostic::Severity::warning);
  EXPECT_NE(r.diagnostics[0].message.find("card 'Ogre': unsupported tag 'attribute favourite_colour'"), std::string::npos)
      << r.errors();
}

// HEARTH-TAGS.md §3-8, as vocabulary.cpp lists it: a name no plugin registered would load as an
// "unsupported tag" warning; the tags plugin registers every one.
TEST(TagsLoader, EveryNameOfTheVocabularyIsRegistered) {
  for (PluginKind kind : {PluginKind::tag_action, PluginKind::tag_status, PluginKind::tag_selector,
                          PluginKind::tag_event, PluginKind::tag_condition}) {
    const std::vector<std::string> names = loaded().registry.names(kind);
    ASSERT_FALSE(tags::vocabulary(kind).empty());
    for (std::string_view v : tags::vocabulary(kind))
      EXPECT_NE(std::find(names.begin(), names.end(), v), names.end()) << "'" << v << "' is not registered";
  }
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

// --- the last names of the vocabulary: Hearthbreaker's own card selectors, constant,
// card_matches and remove_from_hand ---------------------------------------------------------

// Cards of every kind, and a minion whose aura takes 1 off the cost of the cards `selector`
// selects: the costs of A's hand (and of B's Bolt, "enemy Bolt") show what it selected.
constexpr const char* kKinds = R"(
    {"name": "Bolt", "type": "spell", "mana": 3,
     "play": [{"actions": [{"name": "damage", "amount": 1}], "selector": {"name": "hero", "players": "enemy"}}]},
    {"name": "Trap", "type": "spell", "mana": 3,
     "secret": {"event": {"event_name": "after_added", "player": "enemy"},
                "tags": [{"actions": [{"name": "damage", "amount": 1}], "selector": {"name": "target"}}]}},
    {"name": "Crier", "type": "minion", "mana": 3, "attack": 1, "health": 1,
     "battlecry": [{"actions": [{"name": "damage", "amount": 1}], "selector": {"name": "hero", "players": "enemy"}}]})";

std::unique_ptr<Game> discount_game(const std::string& selector) {
  Result r = load(std::string("[") + kYeti + "," + kKinds + R"(,
    {"name": "Discounter", "type": "minion", "mana": 1, "attack": 1, "health": 1,
     "impl": {"auras": [{"status": {"name": "mana_change", "amount": -1}, "selector": )" + selector + "}]}}]");
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  return game_with(std::move(r.cards), {"Bolt", "Trap", "Crier", "Yeti"}, {"Discounter"}, {}, {"Bolt"});
}

std::map<std::string, int> costs(const Game& g) {
  std::map<std::string, int> out;
  for (ObjectId id : g.state().zone(ZoneRef::hand(PlayerId(0))).objects) out[g.card(id).name] = g.view(id).cost.generic;
  for (ObjectId id : g.state().zone(ZoneRef::hand(PlayerId(1))).objects)
    out["enemy " + g.card(id).name] = g.view(id).cost.generic;
  return out;
}

using Costs = std::map<std::string, int>;

TEST(TagsSelectors, SpellSelectsTheSpellCardsOfAHandSecretsIncluded) {
  auto g = discount_game(R"({"name": "spell"})");
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 2}, {"Trap", 2}, {"Crier", 3}, {"Yeti", 4}, {"enemy Bolt", 3}}));
  auto e = discount_game(R"({"name": "spell", "players": "enemy"})");
  EXPECT_EQ(costs(*e), (Costs{{"Bolt", 3}, {"Trap", 3}, {"Crier", 3}, {"Yeti", 4}, {"enemy Bolt", 2}}));
}

TEST(TagsSelectors, SecretSelectsTheSecretCardsOfAHand) {
  auto g = discount_game(R"({"name": "secret"})");
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 3}, {"Trap", 2}, {"Crier", 3}, {"Yeti", 4}, {"enemy Bolt", 3}}));
}

TEST(TagsSelectors, MinionCardSelectsTheMinionCardsOfAHand) {
  auto g = discount_game(R"({"name": "minion_card"})");
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 3}, {"Trap", 3}, {"Crier", 2}, {"Yeti", 3}, {"enemy Bolt", 3}}));
}

TEST(TagsSelectors, BattlecrySelectsTheMinionCardsWithABattlecry) {
  auto g = discount_game(R"({"name": "battlecry"})");
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 3}, {"Trap", 3}, {"Crier", 2}, {"Yeti", 4}, {"enemy Bolt", 3}}));
}

// The card at that index of the hand, now: once Bolt (index 0) is played, index 2 is Yeti.
TEST(TagsSelectors, SpecificCardSelectsTheCardAtAnIndexOfTheHand) {
  auto g = discount_game(R"({"name": "specific_card", "card_index": 2})");
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 3}, {"Trap", 3}, {"Crier", 2}, {"Yeti", 4}, {"enemy Bolt", 3}}));
  play(*g, "Play Bolt");
  EXPECT_EQ(costs(*g), (Costs{{"Trap", 3}, {"Crier", 3}, {"Yeti", 3}, {"enemy Bolt", 3}}));
  Result bad = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "impl": {"auras": [{"status": {"name": "mana_change", "amount": -1}, "selector": {"name": "specific_card"}}]}}])");
  EXPECT_TRUE(bad.cards.empty());
  EXPECT_NE(bad.errors().find("specific_card needs 'card_index'"), std::string::npos) << bad.errors();
}

// card_matches: what the inner selector would select (here the minion cards of a friendly hand).
TEST(TagsConditions, CardMatchesHoldsForWhatItsSelectorSelects) {
  auto g = discount_game(R"({"name": "card", "players": "both",
                             "condition": {"name": "card_matches", "selector": {"name": "minion_card"}}})");
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 3}, {"Trap", 3}, {"Crier", 2}, {"Yeti", 3}, {"enemy Bolt", 3}}));
  // As a target filter: only an enemy minion may be chosen.
  Result r = load(std::string("[") + kYeti + R"(,
    {"name": "Smite", "type": "spell", "mana": 1,
     "play": [{"actions": [{"name": "damage", "amount": 2}],
               "selector": {"name": "character", "players": "both", "picker": {"name": "user"},
                            "condition": {"name": "card_matches", "selector": {"name": "minion", "players": "enemy"}}}}]}])");
  ASSERT_EQ(r.cards.size(), 2u) << r.errors();
  auto s = game_with(std::move(r.cards), {"Smite"}, {"Yeti"}, {"Yeti"});
  std::vector<std::string> offered;
  for (const LegalAction& a : loaded().registry.get<RulesModule>("hearth")->legal_actions(*s, PlayerId(0)))
    if (a.label.starts_with("Play Smite")) offered.push_back(a.label);
  ASSERT_EQ(offered.size(), 1u);
  play(*s, offered[0]);
  EXPECT_EQ(s->object(s->state().zone(ZoneRef::battlefield(PlayerId(1))).objects.at(0)).damage, 2);
  EXPECT_EQ(s->object(s->state().zone(ZoneRef::battlefield(PlayerId(0))).objects.at(0)).damage, 0);
}

// remove_from_hand: the card leaves the hand unplayed (not discarded), and `same` is that card.
TEST(TagsActions, RemoveFromHandTakesACardOfAHandThatSameThenNames) {
  Result r = load(std::string("[") + kYeti + "," + kKinds + R"(,
    {"name": "Pilfer", "type": "spell", "mana": 1,
     "play": [{"actions": [{"name": "remove_from_hand", "card": {"name": "hand", "conditions": [{"name": "is_minion"}]}},
                           {"name": "summon", "card": {"name": "same"}}],
               "selector": {"name": "player", "players": "enemy"}}]}])");
  ASSERT_EQ(r.cards.size(), 5u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  auto g = game_with(std::move(r.cards), {"Pilfer", "Crier"}, {}, {}, {"Bolt", "Yeti"});
  play(*g, "Play Pilfer");
  const PlayerId b(1);
  const auto& hand = g->state().zone(ZoneRef::hand(b)).objects;
  ASSERT_EQ(hand.size(), 1u);
  EXPECT_EQ(g->card(hand[0]).name, "Bolt");
  EXPECT_TRUE(g->state().zone(ZoneRef::graveyard(b)).objects.empty()) << "removed, not discarded";
  const auto& board = g->state().zone(ZoneRef::battlefield(b)).objects;
  ASSERT_EQ(board.size(), 1u) << "the summon of `same` is on the target's side";
  EXPECT_EQ(g->card(board[0]).name, "Yeti");
  EXPECT_EQ(g->state().zone(ZoneRef::hand(PlayerId(0))).objects.size(), 1u) << "A's Crier stays";
  Result bad = load(R"([{"name": "Bad", "type": "spell", "mana": 1,
     "play": [{"actions": [{"name": "remove_from_hand", "card": {"name": "deck"}}], "selector": {"name": "player"}}]}])");
  EXPECT_TRUE(bad.cards.empty());
  EXPECT_NE(bad.errors().find("a 'hand' query"), std::string::npos) << bad.errors();
}

// constant: the minions in play whose ObjectIds are listed, on either side; a listed id that is
// not a minion in play is skipped.
TEST(TagsSelectors, ConstantSelectsTheListedMinionsInPlay) {
  auto blast = [](const std::string& targets) {
    Result r = load(std::string("[") + kYeti + R"(,
      {"name": "Blast", "type": "spell", "mana": 1,
       "play": [{"actions": [{"name": "damage", "amount": 3}], "selector": {"name": "constant", "targets": )" +
                    targets + "}}]}]");
    EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
    return game_with(std::move(r.cards), {"Blast"}, {"Yeti", "Yeti"}, {"Yeti"});
  };
  // The same position sets up the same ids: learn them from a first game.
  auto probe = blast("[]");
  const ObjectId mine = probe->state().zone(ZoneRef::battlefield(PlayerId(0))).objects.at(1);
  const ObjectId theirs = probe->state().zone(ZoneRef::battlefield(PlayerId(1))).objects.at(0);
  const ObjectId card = probe->state().zone(ZoneRef::hand(PlayerId(0))).objects.at(0);
  auto g = blast("[" + std::to_string(theirs.value) + ", " + std::to_string(mine.value) + ", " +
                 std::to_string(card.value) + ", 99999]");
  play(*g, "Play Blast");
  const auto& a = g->state().zone(ZoneRef::battlefield(PlayerId(0))).objects;
  ASSERT_EQ(a.size(), 2u);
  EXPECT_EQ(g->object(a[0]).damage, 0);
  EXPECT_EQ(g->object(a[1]).damage, 3);
  EXPECT_EQ(g->object(g->state().zone(ZoneRef::battlefield(PlayerId(1))).objects.at(0)).damage, 3);
}

// A version 1 card_selector is the registered selector itself, scoped as its player selector.
TEST(TagsLoader, AVersionOneCardSelectorKeepsItsKindAndIndex) {
  Result r = load(std::string("[") + kYeti + "," + kKinds + R"(,
    {"name": "Seer", "type": "minion", "mana": 2, "attack": 1, "health": 1,
     "impl": {"auras": [{"action": {"name": "mana_change", "amount": -2, "minimum": 0,
                                    "card_selector": {"name": "specific_card", "card_index": 0}},
                         "selector": {"name": "player", "players": "friendly"}},
                        {"action": {"name": "mana_change", "amount": -1, "minimum": 0,
                                    "card_selector": {"name": "battlecry"}},
                         "selector": {"name": "player", "players": "friendly"}}]}}])",
                  "hearth-v1");
  ASSERT_EQ(r.cards.size(), 5u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  auto g = game_with(std::move(r.cards), {"Yeti", "Crier", "Bolt"}, {"Seer"});
  EXPECT_EQ(costs(*g), (Costs{{"Yeti", 2}, {"Crier", 2}, {"Bolt", 3}}));
}

// Version 1's player action mana_change: from then on the player's cards of the card_selector
// cost less, never below the minimum (Crier: 3 - 2, but not below 1).
TEST(TagsActions, ManaChangeChangesTheCostOfThePlayersCardsFromThenOn) {
  Result r = load(std::string("[") + kYeti + "," + kKinds + R"(,
    {"name": "Scroll", "type": "spell", "mana": 0,
     "play": [{"actions": [{"name": "mana_change", "amount": -3, "minimum": 1, "card_selector": {"name": "minion_card"}}],
               "selector": {"name": "player", "players": "friendly"}}]}])");
  ASSERT_EQ(r.cards.size(), 5u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  auto g = game_with(std::move(r.cards), {"Scroll", "Yeti", "Crier", "Bolt"}, {}, {}, {"Crier"});
  play(*g, "Play Scroll");
  EXPECT_EQ(costs(*g), (Costs{{"Yeti", 1}, {"Crier", 1}, {"Bolt", 3}, {"enemy Crier", 3}}));
  play(*g, "Play Yeti at 0");
  EXPECT_EQ(costs(*g), (Costs{{"Crier", 1}, {"Bolt", 3}, {"enemy Crier", 3}})) << "it lasts";
}

// Version 1's either {event1, event2}: a buff until a minion is played or the turn ends.
TEST(TagsEvents, EitherEndsABuffAtTheFirstOfItsTwoEvents) {
  auto game = [] {
    Result r = load(std::string("[") + kYeti + "," + kKinds + R"(,
      {"name": "Brace", "type": "spell", "mana": 0,
       "play": [{"actions": [{"name": "give", "buffs": [{"status": {"name": "change_attack", "amount": 3},
                   "until": {"event_name": "either",
                             "event1": {"event_name": "card_played", "player": "friendly", "condition": {"name": "is_minion"}},
                             "event2": {"event_name": "turn_ended", "player": "friendly"}}}]}],
                 "selector": {"name": "minion", "players": "friendly"}}]}])");
    EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
    return game_with(std::move(r.cards), {"Brace", "Bolt", "Crier"}, {"Yeti"});
  };
  auto attack = [](const Game& g) {
    return g.view(g.state().zone(ZoneRef::battlefield(PlayerId(0))).objects.at(0)).power;
  };
  auto g = game();
  play(*g, "Play Brace");
  EXPECT_EQ(attack(*g), 7);
  play(*g, "Play Bolt");
  EXPECT_EQ(attack(*g), 7) << "a spell is not the first event";
  play(*g, "Play Crier at 1");
  EXPECT_EQ(attack(*g), 4) << "a minion played ends it";
  auto t = game();
  play(*t, "Play Brace");
  play(*t, "End turn");
  EXPECT_EQ(attack(*t), 4) << "the end of the turn ends it";
}

// --- issue 5: card-level auras, has_status of any status, every attribute -----------------

// A card-level aura (HEARTH-TAGS §2) is held by the card while it is in the hand or the deck,
// pulled like an aura of the board and seen from the card's player; played, the card holds its
// `impl.auras` instead (here none).
TEST(TagsAuras, ACardLevelAuraHoldsWhileItsCardIsInTheHandOrDeck) {
  auto game = [](bool in_deck) {
    Result r = load(std::string("[") + kYeti + "," + kKinds + R"(,
      {"name": "Banner", "type": "minion", "mana": 1, "attack": 1, "health": 1,
       "text": "While this is in your hand or deck, your minions have +1 Attack and your spells cost (1) less.",
       "auras": [{"status": {"name": "change_attack", "amount": 1},
                  "selector": {"name": "minion", "players": "friendly", "picker": {"name": "all"}}},
                 {"status": {"name": "mana_change", "amount": -1},
                  "selector": {"name": "card", "players": "friendly", "condition": {"name": "is_spell"}}}]}])");
    EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
    const tags::CardScript* s = tags::card_script(r.cards.back());
    EXPECT_TRUE(s && s->hand_auras.size() == 2 && s->auras.empty());
    auto pool = std::make_shared<CardPool>();
    for (CardDef& c : r.cards) pool->add(std::move(c));
    Position pos;
    for (int i = 0; i < 2; ++i) {
      PositionPlayer p;
      p.name = i == 0 ? "A" : "B";
      p.battlefield.push_back(PositionCard{"Yeti", false, 0, false, {}});
      p.hand.push_back(PositionCard{"Bolt", false, 0, {}, {}});
      if (i == 0) (in_deck ? p.library : p.hand).push_back(PositionCard{"Banner", false, 0, {}, {}});
      pos.players.push_back(std::move(p));
    }
    return loaded().registry.get<RulesModule>("hearth")->setup_position(pool, pos);
  };
  auto yeti_attack = [](const Game& g, int player) {
    return g.view(g.state().zone(ZoneRef::battlefield(PlayerId(player))).objects.at(0)).power;
  };
  auto g = game(false);
  EXPECT_EQ(yeti_attack(*g, 0), 5) << "held in the hand";
  EXPECT_EQ(yeti_attack(*g, 1), 4) << "friendly is the card's player";
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 2}, {"Banner", 1}, {"enemy Bolt", 3}}));
  play(*g, "Play Banner at 1");
  const auto& board = g->state().zone(ZoneRef::battlefield(PlayerId(0))).objects;
  ASSERT_EQ(board.size(), 2u);
  EXPECT_EQ(yeti_attack(*g, 0), 4) << "gone with the card from the hand";
  EXPECT_EQ(g->view(board[1]).power, 1);
  EXPECT_EQ(costs(*g), (Costs{{"Bolt", 3}, {"enemy Bolt", 3}}));
  auto d = game(true);
  EXPECT_EQ(yeti_attack(*d, 0), 5) << "held in the deck";
  EXPECT_EQ(costs(*d), (Costs{{"Bolt", 2}, {"enemy Bolt", 3}}));
}

// A card-level effect (HEARTH-TAGS §2, Bolvar Fordragon's) listens while its card is in the
// hand: the rules look for such listeners in the hands only when a card of the pool has one.
TEST(TagsEffects, ACardLevelEffectListensWhileItsCardIsInTheHand) {
  Result r = load(std::string("[") + kYeti + "," + kKinds + R"(,
    {"name": "Vigil", "type": "minion", "mana": 5, "attack": 1, "health": 7,
     "text": "Whenever you play a card while this is in your hand, gain +1 Attack.",
     "effects": [{"event": {"event_name": "card_played", "player": "friendly"},
                  "tags": [{"actions": [{"name": "give", "buffs": [{"status": {"name": "change_attack", "amount": 1}}]}],
                            "selector": {"name": "self"}}]}]}])");
  ASSERT_EQ(r.cards.size(), 5u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  const tags::CardScript* s = tags::card_script(r.cards.back());
  ASSERT_TRUE(s && s->hand_effects.size() == 1 && s->effects.empty());
  auto g = game_with(std::move(r.cards), {"Vigil", "Bolt", "Crier"}, {});
  auto vigil_attack = [&] {
    for (ObjectId id : g->state().zone(ZoneRef::hand(PlayerId(0))).objects)
      if (g->card(id).name == "Vigil") return g->view(id).power;
    return -1;
  };
  EXPECT_EQ(vigil_attack(), 1);
  play(*g, "Play Bolt");
  EXPECT_EQ(vigil_attack(), 2) << "a spell played";
  play(*g, "Play Crier at 0");
  EXPECT_EQ(vigil_attack(), 3) << "a minion played";
}

// has_status judges every status the stat fold knows: a number (a minion's spell damage, and a
// player's through its minions) and a keyword in force (a freeze, which the rules keep apart,
// counts; a divine shield once lost does not). A status that only changes attack, health or
// cost has no such mark: reported unsupported; a name that is no status is an error.
TEST(TagsConditions, HasStatusJudgesEveryStatusTheFoldKnows) {
  auto judge = [](const std::string& status, const std::string& selector = "minion") {
    return R"({"name": "Judge )" + selector + " " + status + R"(", "type": "spell", "mana": 0,
      "play": [{"actions": [)" +
           (selector == "minion" ? R"({"name": "give", "buffs": [{"status": {"name": "change_attack", "amount": 10}}]})"
                                 : R"({"name": "increase_armor", "amount": 3})") +
           R"(], "selector": {"name": ")" + selector + R"(", "players": "both", "picker": {"name": "all"},
                     "condition": {"name": "has_status", "status": ")" + status + R"("}}}]})";
  };
  Result r = load(std::string("[") + kYeti + R"(,
    {"name": "Brute", "type": "minion", "mana": 3, "attack": 3, "health": 3},
    {"name": "Wizard", "type": "minion", "mana": 1, "attack": 1, "health": 1,
     "impl": {"buffs": [{"status": {"name": "spell_damage", "damage": 1}}]}},
    {"name": "Guard", "type": "minion", "mana": 2, "attack": 2, "health": 2,
     "impl": {"buffs": [{"status": {"name": "divine_shield"}}]}},
    {"name": "Chill", "type": "spell", "mana": 0,
     "play": [{"actions": [{"name": "give", "buffs": [{"status": {"name": "frozen"}}]}],
               "selector": {"name": "minion", "players": "both", "picker": {"name": "user"}}}]},
    {"name": "Pop", "type": "spell", "mana": 0,
     "play": [{"actions": [{"name": "damage", "amount": 1}],
               "selector": {"name": "minion", "players": "both", "picker": {"name": "user"}}}]},
    )" + judge("spell_damage") + "," + judge("divine_shield") + "," + judge("frozen") + "," +
                  judge("spell_damage", "player") + "]");
  ASSERT_EQ(r.cards.size(), 10u) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  auto g = game_with(std::move(r.cards),
                     {"Judge minion spell_damage", "Judge minion divine_shield", "Chill", "Judge minion frozen", "Pop",
                      "Judge minion divine_shield", "Judge player spell_damage"},
                     {"Yeti", "Wizard", "Guard"}, {"Brute"});
  auto attacks = [&] {
    std::vector<int> out;
    for (int p = 0; p < 2; ++p)
      for (ObjectId id : g->state().zone(ZoneRef::battlefield(PlayerId(p))).objects) out.push_back(g->view(id).power);
    return out;
  };
  using Ints = std::vector<int>;
  play(*g, "Play Judge minion spell_damage");
  EXPECT_EQ(attacks(), (Ints{4, 11, 2, 3})) << "the Wizard's spell damage";
  play(*g, "Play Judge minion divine_shield");
  EXPECT_EQ(attacks(), (Ints{4, 11, 12, 3}));
  play(*g, "Play Chill targeting Brute");
  play(*g, "Play Judge minion frozen");
  EXPECT_EQ(attacks(), (Ints{4, 11, 12, 13})) << "frozen by the rules";
  play(*g, "Play Pop targeting Guard");
  play(*g, "Play Judge minion divine_shield");
  EXPECT_EQ(attacks(), (Ints{4, 11, 12, 13})) << "a lost shield is no status";
  play(*g, "Play Judge player spell_damage");
  EXPECT_EQ(g->state().player(PlayerId(0)).attrs.get("armor"_sym), 3) << "A's Wizard";
  EXPECT_EQ(g->state().player(PlayerId(1)).attrs.get("armor"_sym), 0);

  Result vague = load("[" + judge("change_attack") + "]");
  ASSERT_EQ(vague.cards.size(), 1u) << vague.errors();
  ASSERT_EQ(vague.diagnostics.size(), 1u) << vague.errors();
  EXPECT_NE(vague.diagnostics[0].message.find("unsupported tag 'has_status change_attack'"), std::string::npos)
      << vague.errors();
  Result typo = load("[" + judge("tuant") + "]");
  EXPECT_TRUE(typo.cards.empty());
  EXPECT_NE(typo.errors().find("did you mean 'taunt'"), std::string::npos) << typo.errors();
}

// attribute: every number of this game's minions, heroes and players, summed over the selected
// targets — here as armor A gains. base_health is printed (the Brute's buff is not), armor and
// fatigue are a player's, spell_damage a minion's or all of a player's, index a board place.
TEST(TagsAmounts, AttributeReadsEveryNumberOfMinionsHeroesAndPlayers) {
  auto measure = [](const std::string& attribute, const std::string& selector) {
    return R"({"name": "Measure )" + attribute + " of " + selector + R"(", "type": "spell", "mana": 0,
      "play": [{"actions": [{"name": "increase_armor", "amount": {"name": "attribute", "attribute": ")" +
           attribute + R"(", "selector": {"name": ")" + selector + R"(", "players": "friendly", "picker": {"name": "all"}}}}],
                "selector": {"name": "hero", "players": "friendly"}}]})";
  };
  std::string cards = std::string("[") + kYeti + R"(,
    {"name": "Brute", "type": "minion", "mana": 3, "attack": 3, "health": 3,
     "impl": {"buffs": [{"status": {"name": "change_health", "amount": 2}}]}},
    {"name": "Wizard", "type": "minion", "mana": 1, "attack": 1, "health": 1,
     "impl": {"buffs": [{"status": {"name": "spell_damage", "damage": 1}}]}},
    {"name": "Tap", "type": "spell", "mana": 0,
     "play": [{"actions": [{"name": "draw"}], "selector": {"name": "player", "players": "friendly"}}]})";
  const std::vector<std::pair<std::string, std::string>> asked = {
      {"base_health", "minion"}, {"max_health", "minion"}, {"spell_damage", "minion"}, {"spell_damage", "player"},
      {"index", "minion"},       {"armor", "player"},      {"fatigue", "player"},     {"base_health", "hero"}};
  std::vector<std::string> hand;
  for (const auto& [attribute, selector] : asked) {
    cards += "," + measure(attribute, selector);
    hand.push_back("Measure " + attribute + " of " + selector);
  }
  hand.insert(hand.end() - 2, "Tap");
  Result r = load(cards + "]");
  ASSERT_EQ(r.cards.size(), 4u + asked.size()) << r.errors();
  EXPECT_TRUE(r.diagnostics.empty()) << r.errors();
  auto g = game_with(std::move(r.cards), hand, {"Yeti", "Brute", "Wizard"});
  std::vector<std::int64_t> gains;
  for (const std::string& card : hand) {
    const std::int64_t was = g->state().player(PlayerId(0)).attrs.get("armor"_sym);
    play(*g, "Play " + card);
    gains.push_back(g->state().player(PlayerId(0)).attrs.get("armor"_sym) - was);
  }
  // base_health 5+3+1, max_health 5+5+1, spell damage of minions 1 and of the player 1, index
  // 0+1+2, armor (9+11+1+1+3 so far), Tap (fatigue 1, taken by the armor), fatigue 1, the
  // hero's base health 30.
  EXPECT_EQ(gains, (std::vector<std::int64_t>{9, 11, 1, 1, 3, 25, -1, 1, 30}));
}

// Battlecries that hit enemy characters at random: `picks` picks of `count`, with or without
// `distinct`, each dealing 1 (Bomber) or 2 (Cleaver) damage.
std::vector<CardDef> picker_cards() {
  Result r = load(R"([
    {"name": "Bomber", "type": "minion", "mana": 1, "attack": 1, "health": 1,
     "battlecry": [{"selector": {"name": "character", "players": "enemy",
                                 "picker": {"name": "random", "count": 6}},
                    "actions": [{"name": "damage", "amount": 1}]}]},
    {"name": "Cleaver", "type": "minion", "mana": 1, "attack": 1, "health": 1,
     "battlecry": [{"selector": {"name": "minion", "players": "enemy",
                                 "picker": {"name": "random", "count": 2, "distinct": true}},
                    "actions": [{"name": "damage", "amount": 2}]}]},
    {"name": "Wisp", "type": "minion", "mana": 0, "attack": 1, "health": 1},
    {"name": "Ogre", "type": "minion", "mana": 6, "attack": 6, "health": 7}])");
  EXPECT_EQ(r.errors(), "");
  return std::move(r.cards);
}

// Hearthbreaker's RandomPicker: every pick from the same targets, a minion a pick killed left
// out of the next ones. All six bombs land, and the 1/1 takes one at most.
TEST(TagsPickers, ARandomPickerPicksAgainAndSkipsMinionsItKilled) {
  int wisp_hit = 0;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto g = game_with(picker_cards(), {"Bomber"}, {}, {"Wisp"}, {}, seed);
    play(*g, "Play Bomber at 0");
    const int life = g->state().player(PlayerId(1)).life;
    const bool wisp_died = g->state().zone(ZoneRef::battlefield(PlayerId(1))).objects.empty();
    EXPECT_EQ(30 - life + (wisp_died ? 1 : 0), 6) << "seed " << seed;
    wisp_hit += wisp_died;
  }
  EXPECT_GT(wisp_hit, 0);   // the 1/1 was a target…
  EXPECT_LT(wisp_hit, 20);  // …among others
}

// `distinct` (Cleave, Multi-Shot): two different minions, whatever the seed.
TEST(TagsPickers, ADistinctRandomPickerPicksATargetOnceAtMost) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    auto g = game_with(picker_cards(), {"Cleaver"}, {}, {"Ogre", "Ogre", "Ogre"}, {}, seed);
    play(*g, "Play Cleaver at 0");
    int hit = 0;
    for (ObjectId m : g->state().zone(ZoneRef::battlefield(PlayerId(1))).objects) {
      const int damage = g->object(m).damage;
      EXPECT_TRUE(damage == 0 || damage == 2) << "seed " << seed << ": damage " << damage;
      hit += damage == 2;
    }
    EXPECT_EQ(hit, 2) << "seed " << seed;
  }
}

// `"top": true` (an extension) takes the deck's topmost card; a hand has no top, so it is an
// error there, at the key.
TEST(TagsLoader, TopIsForADeckQuery) {
  Result r = load(R"([{"name": "Reaver", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "discard", "amount": 3, "query": {"name": "deck", "top": true}}],
                   "selector": {"name": "player", "players": "friendly"}}]}])");
  EXPECT_EQ(r.errors(), "");
  r = load(R"([{"name": "Bad", "type": "minion", "mana": 1, "attack": 1, "health": 1,
    "battlecry": [{"actions": [{"name": "remove_from_hand", "card": {"name": "hand", "top": true}}],
                   "selector": {"name": "player", "players": "friendly"}}]}])");
  EXPECT_TRUE(r.cards.empty());
  EXPECT_NE(r.errors().find("'top' is for a deck query: a hand has no top"), std::string::npos)
      << r.errors();
}

}  // namespace
}  // namespace anvil
