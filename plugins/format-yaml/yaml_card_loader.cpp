#include "yaml_card_loader.hpp"

#include <algorithm>
#include <anvil/pack.hpp>
#include <utility>

#include "mana_cost.hpp"
#include "type_line.hpp"

namespace anvil::format_yaml {

namespace {

std::size_t error_count(const std::vector<Diagnostic>& diagnostics) {
  std::size_t n = 0;
  for (const Diagnostic& d : diagnostics) n += d.severity == Diagnostic::Severity::error;
  return n;
}

// "card 'Grizzly Bears'" when the name can be read, so that messages say which card.
std::string describe(const Param& card) {
  const Param* name = card.find("name");
  if (name && name->is_scalar() && !name->text().empty()) return "card '" + name->text() + "'";
  return "the card at line " + std::to_string(card.where().line);
}

const std::string& non_empty(const Param& value, std::string_view what) {
  const std::string& text = value.text();
  if (text.empty()) value.fail(std::string(what) + " is empty");
  return text;
}

std::vector<Symbol> symbols(const std::vector<std::string>& words) {
  std::vector<Symbol> out;
  out.reserve(words.size());
  for (const std::string& w : words) out.emplace_back(w);
  return out;
}

// One card: reads the schema, then compiles keywords and abilities through the registry.
class CardReader {
 public:
  CardReader(const Param& node, CardFileContext& ctx) : node_(node), ctx_(ctx) {}

  // Every message names the card, as a .txt card's do; those of the card's own map (MapReader's
  // "unknown key 'x' in card '…'") already do.
  void read() {
    const std::size_t first = d().size();
    read_card();
    ctx_.name_card_from(first, describe(node_));
  }

 private:
  std::vector<Diagnostic>& d() { return ctx_.diagnostics; }

  void read_card() {
    const std::size_t errors_before = error_count(d());
    CardDef card;
    card.pack = ctx_.pack;
    card.where = node_.where();
    MapReader r(node_, describe(node_), d());
    if (!r.ok()) return;
    if (const Param* v = r.required("name"))
      collect(d(), [&] { card.name = non_empty(*v, "'name'"); });
    if (const Param* v = r.optional("cost")) {
      collect(d(), [&] {
        card.base.cost = parse_mana_cost(*v);
        card.base.colors = card.base.cost.colors();  // rule 105.2
      });
    }
    const Param* types = r.required("types");
    const Param* subtypes = r.optional("subtypes");
    bool typed = false;  // the types read without error: what the stats are checked against
    if (types) typed = collect(d(), [&] { read_types(*types, subtypes, card); });
    const Param* stats = read_stats(r, card);
    if (typed) collect(d(), [&] { check_stats_fit_types(*types, stats, card); });
    if (const Param* v = r.optional("text")) collect(d(), [&] { card.rules_text = v->text(); });
    if (const Param* v = r.optional("token")) collect(d(), [&] { card.token = v->boolean(); });
    const Param* keywords = r.optional("keywords");
    const Param* abilities = r.optional("abilities");
    r.finish();

    // Compiled even when the card already has errors, so one run reports all of them.
    if (keywords) collect(d(), [&] { compile_keywords(*keywords, card); });
    if (abilities) collect(d(), [&] { compile_abilities(*abilities, card); });
    if (error_count(d()) > errors_before) return;  // left out; the file's other cards go on
    ctx_.cards.push_back(std::move(card));
  }

  static void read_types(const Param& types, const Param* subtypes, CardDef& card) {
    TypeLine line = parse_types(types);
    if (subtypes) {
      if (!types.is_list()) {
        subtypes->fail(
            "'subtypes' goes with 'types' written as a list; with a type line, put "
            "the subtypes after its dash");
      }
      for (const Param& item :
           subtypes->is_list() ? subtypes->items() : std::vector<Param>{*subtypes})
        line.subtypes.push_back(non_empty(item, "a subtype"));
    }
    card.base.supertypes = symbols(line.supertypes);
    card.base.types = symbols(line.types);
    card.base.subtypes = symbols(line.subtypes);
  }

  // Reads `power` and `toughness`; returns the first of them the card gives, if any.
  const Param* read_stats(MapReader& r, CardDef& card) {
    const Param* power = r.optional("power");
    const Param* toughness = r.optional("toughness");
    if (power && toughness) {
      collect(d(), [&] { card.base.power = to_int32(*power, "'power'"); });
      collect(d(), [&] { card.base.toughness = to_int32(*toughness, "'toughness'"); });
      card.base.has_stats = true;
    } else if (power || toughness) {
      const Param& given = power ? *power : *toughness;
      collect(d(), [&] {
        given.fail(power ? "'power' is given without 'toughness'"
                         : "'toughness' is given without 'power'");
      });
    }
    if (const Param* v = r.optional("loyalty"))
      collect(d(), [&] { card.base.loyalty = to_int32(*v, "'loyalty'"); });
    return power ? power : toughness;
  }

  // A creature has power and toughness, and nothing else does (rule 208.1; the classic card
  // format says the same of a card written as text). Without them a creature would enter as a
  // 0/0 and die at once; given to an instant they would mean nothing.
  void check_stats_fit_types(const Param& types, const Param* stats, const CardDef& card) const {
    const bool creature = std::find(card.base.types.begin(), card.base.types.end(),
                                    Symbol("Creature")) != card.base.types.end();
    if (creature && !stats) {
      types.fail(describe(node_) + " is a creature but has no 'power' and 'toughness'",
                 "add both, e.g. 'power: 2' and 'toughness: 2'");
    }
    if (!creature && stats)
      stats->fail(describe(node_) + " is not a creature but has 'power' and 'toughness'",
                  "remove them, or add 'Creature' to its types");
  }

  static std::int32_t to_int32(const Param& value, std::string_view what) {
    const std::int64_t n = value.integer();
    if (n < -1'000'000 || n > 1'000'000) value.fail(std::string(what) + " is out of range");
    return static_cast<std::int32_t>(n);
  }

  // `keywords: [flying, haste]` (or one keyword as text): each compiled by its handler with no
  // parameters.
  void compile_keywords(const Param& keywords, CardDef& card) {
    const std::vector<Param> one{keywords};
    for (const Param& item : keywords.is_scalar() ? one : keywords.items()) {
      collect(d(), [&] {
        const std::string& name = non_empty(item, "a keyword");
        compile(Params::positional(name, {}, item.where()), card);
      });
    }
  }

  // `abilities:` items are classic lines ("spDamageTgtCP:3:Drawback$YouGainLife/3") or one-key
  // maps: `{spDamageTgt: {amount: 3}}` (named) or `{spDamageTgt: [3]}` (positional).
  void compile_abilities(const Param& abilities, CardDef& card) {
    for (const Param& item : abilities.items()) collect(d(), [&] { compile_ability(item, card); });
  }

  void compile_ability(const Param& item, CardDef& card) {
    if (item.is_scalar()) {
      if (non_empty(item, "an ability").front() == ':')
        item.fail("an ability line starts with its keyword");
      compile(Params::parse_classic(item.text(), item.where()), card);
      return;
    }
    if (item.is_list() || item.entries().size() != 1) {
      item.fail(
          "an ability is a classic line or a one-key map '<keyword>: {<name>: <value>…}'; "
          "found " +
          (item.is_list() ? std::string("a list")
                          : std::to_string(item.entries().size()) + " keys"));
    }
    const auto& [keyword, value] = item.entries().front();
    if (value.is_map()) {
      compile(Params::named_map(keyword, value, item.where()), card);
    } else if (value.is_list()) {
      compile(Params::positional(keyword, value.items(), item.where()), card);
    } else if (value.text().empty()) {
      compile(Params::positional(keyword, {}, item.where()), card);
    } else {
      compile(Params::positional(keyword, {value}, item.where()), card);
    }
  }

  // Errors stay with this ability; the card's other abilities are still compiled.
  void compile(const Params& params, CardDef& card) {
    CompileContext cc{ctx_.registry, card, params.where(), d()};
    try {
      compile_keyword(params, cc);
    } catch (const LoadError& e) {
      d().push_back(to_diagnostic(e));
    }
  }

  const Param& node_;
  CardFileContext& ctx_;
};

}  // namespace

void YamlCardLoader::load(const std::filesystem::path& file, std::string_view text,
                          CardFileContext& ctx) const {
  auto root = parse_yaml(text, file.string(), ctx.diagnostics);
  if (!root) return;
  const Param* cards = &*root;
  if (root->is_map()) {  // `cards:` as the file's one key
    MapReader r(*root, "the card file", ctx.diagnostics);
    cards = r.required("cards");
    r.finish();
    if (!cards) return;
  }
  if (cards->is_scalar()) {
    if (cards->text().empty()) {
      ctx.diagnostics.push_back(
          {Diagnostic::Severity::warning, {file.string(), 0, 0}, "the file has no cards"});
    } else {
      ctx.error(cards->where(), "a card file is a list of cards, or a map whose 'cards:' is one");
    }
    return;
  }
  if (cards->is_map()) {
    ctx.error(cards->where(), "'cards' must be a list of cards ('- name: …')");
    return;
  }
  for (const Param& card : cards->items()) CardReader(card, ctx).read();
}

}  // namespace anvil::format_yaml
