// docs/hearth-tags.md stays true: every ```json block of it is a card file that loads without a
// word and plays, and every name the tags plugin registers has its row in the doc's table for
// its kind, as every row names a registered name.
#include <gtest/gtest.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <anvil/sdk.hpp>
#include <anvil/tags/card_script.hpp>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "vocabulary.hpp"

namespace anvil {
namespace {

struct Loaded {
  Registry registry;
  PluginHost host{registry};
  Loaded() { (void)host.load_dir(std::filesystem::path(BUNDLED_PLUGIN_DIR)); }
};
Loaded& loaded() {
  static Loaded l;
  return l;
}

std::string doc_text() {
  std::ifstream in(std::filesystem::path(ANVIL_SOURCE_DIR) / "docs" / "hearth-tags.md");
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

struct Block {
  std::size_t line;  // of the doc, where the block's body starts
  std::string body;
};

// The doc's fenced blocks of `lang`, in order.
std::vector<Block> blocks(const std::string& doc, const std::string& lang) {
  std::vector<Block> out;
  const std::string open = "\n```" + lang + "\n";
  for (std::size_t at = doc.find(open); at != std::string::npos; at = doc.find(open, at)) {
    const std::size_t body = at + open.size();
    const std::size_t close = doc.find("\n```\n", body);
    if (close == std::string::npos) {
      ADD_FAILURE() << "a ```" << lang << " block is never closed";
      break;
    }
    const auto line =
        static_cast<std::size_t>(std::count(doc.begin(), doc.begin() + body, '\n')) + 1;
    out.push_back({line, doc.substr(body, close - body + 1)});
    at = close;
  }
  return out;
}

// The text of the section whose heading starts with `heading` ("## 4. Actions"), up to the next.
std::string section(const std::string& doc, const std::string& heading) {
  const std::size_t start = doc.find("\n" + heading);
  if (start == std::string::npos) return {};
  const std::size_t end = doc.find("\n## ", start + 1);
  return doc.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// The names in the first column of the section's tables: rows "| `name` | …".
std::set<std::string> row_names(const std::string& text) {
  std::set<std::string> out;
  for (std::size_t at = text.find("\n| `"); at != std::string::npos;
       at = text.find("\n| `", at + 1)) {
    const std::size_t name = at + 4;
    const std::size_t end = text.find('`', name);
    if (end != std::string::npos) out.insert(text.substr(name, end - name));
  }
  return out;
}

// A block's cards; its diagnostics, located in the block (whose first line is the doc's
// `block.line`), appended to `errors`.
std::vector<CardDef> load_block(const Block& block, std::string& errors) {
  std::vector<CardDef> cards;
  std::vector<Diagnostic> diagnostics;
  CardFileContext ctx{loaded().registry, "docs", cards, diagnostics};
  const std::string file = "docs/hearth-tags.md block at line " + std::to_string(block.line);
  loaded().registry.get<CardLoader>("hearth")->load(file, block.body, ctx);
  for (const Diagnostic& d : diagnostics) errors += d.str() + "\n";
  return cards;
}

// Answers every decision with the option of this label.
class Pick final : public Agent {
 public:
  explicit Pick(std::string label) : label_(std::move(label)) {}
  std::string_view name() const override { return "pick"; }
  Answer choose(const DecisionView&, const Choice& c) override {
    for (std::uint32_t i = 0; i < c.options.size(); ++i)
      if (c.options[i].label == label_) return Answer{{i}};
    throw std::runtime_error("no option '" + label_ + "'");
  }

 private:
  std::string label_;
};

TEST(TagsDocs, EveryJsonExampleOfTheDocLoads) {
  const std::vector<Block> json = blocks(doc_text(), "json");
  ASSERT_GE(json.size(), 4u) << "docs/hearth-tags.md lost its examples";
  auto pool = std::make_shared<CardPool>();
  for (const Block& block : json) {
    std::string errors;
    std::vector<CardDef> cards = load_block(block, errors);
    EXPECT_EQ(errors, "") << "the block at line " << block.line << ":\n" << block.body;
    EXPECT_FALSE(cards.empty()) << "the block at line " << block.line << " defines no card";
    for (CardDef& c : cards) pool->add(std::move(c));
  }
  // A card an example names (Seed Pod's Sproutling) is an example too.
  for (const std::string& name : pool->names()) {
    const tags::CardScript* s = tags::card_script(pool->at(*pool->find(name)));
    ASSERT_NE(s, nullptr) << name;
    EXPECT_EQ(tags::missing_references(*s, *pool), std::vector<std::string>{}) << name;
  }

  // The tutorial's battlecry plays: Spark Tosser deals 1 damage to the chosen hero.
  Position pos;
  for (const char* name : {"A", "B"}) {
    PositionPlayer p;
    p.name = name;
    p.library.push_back(PositionCard{"Stone Sentry", false, 0, {}, {}});
    pos.players.push_back(std::move(p));
  }
  pos.players[0].hand.push_back(PositionCard{"Spark Tosser", false, 0, {}, {}});
  const auto rules = loaded().registry.get<RulesModule>("hearth");
  std::unique_ptr<Game> g = rules->setup_position(pool, pos);
  std::string label;
  for (const LegalAction& a : rules->legal_actions(*g, PlayerId(0)))
    if (a.label.starts_with("Play Spark Tosser") && a.label.ends_with("targeting player 1"))
      label = a.label;
  ASSERT_NE(label, "") << "Spark Tosser's battlecry offers no enemy hero target";
  const std::int32_t life = g->state().player(PlayerId(1)).life;
  g->seat(PlayerId(0), std::make_shared<Pick>(label));
  rules->advance(*g);
  EXPECT_EQ(g->state().player(PlayerId(1)).life, life - 1);
}

TEST(TagsDocs, EveryRegisteredNameIsDocumented) {
  const std::string doc = doc_text();
  ASSERT_FALSE(doc.empty()) << "cannot read docs/hearth-tags.md";
  // Rows of the selectors section that are no selector: its scope and picker tables.
  const std::set<std::string> scopes_and_pickers = {
      "friendly",   "enemy",      "both", "current_player", "other_player",
      "player_one", "player_two", "all",  "user",           "random"};
  const std::pair<PluginKind, const char*> kinds[] = {
      {PluginKind::tag_status, "## 3. Statuses"},
      {PluginKind::tag_action, "## 4. Actions"},
      {PluginKind::tag_selector, "## 5. Selectors"},
      {PluginKind::tag_event, "## 6. Events"},
      {PluginKind::tag_condition, "## 7. Conditions"}};
  for (const auto& [kind, heading] : kinds) {
    const std::set<std::string> rows = row_names(section(doc, heading));
    ASSERT_FALSE(rows.empty()) << "no table under '" << heading << "'";
    std::set<std::string> registered;
    for (const RegistryEntry* e : loaded().registry.entries(kind))
      if (e->provider == "tags") registered.insert(e->name);
    ASSERT_FALSE(registered.empty()) << heading;
    for (const std::string& name : registered)
      EXPECT_TRUE(rows.contains(name)) << "'" << name << "' is registered but has no row under '"
                                       << heading << "' in docs/hearth-tags.md";
    for (const std::string& name : rows)
      EXPECT_TRUE(registered.contains(name) ||
                  (kind == PluginKind::tag_selector && scopes_and_pickers.contains(name)))
          << "docs/hearth-tags.md lists '" << name << "' under '" << heading
          << "', which the tags plugin does not register";
  }
  // Amount functions and card sources are the plugin's own, not registry kinds.
  const std::set<std::string> rows = row_names(section(doc, "## 8. Amounts"));
  std::set<std::string> own;
  for (auto names : {tags::amount_function_names(), tags::card_source_names()})
    for (std::string_view n : names) own.emplace(n);
  for (const std::string& name : own)
    EXPECT_TRUE(rows.contains(name)) << "'" << name << "' has no row under '## 8. Amounts'";
  for (const std::string& name : rows)
    EXPECT_TRUE(own.contains(name)) << "'## 8. Amounts' lists '" << name << "', which is none";
}

}  // namespace
}  // namespace anvil
