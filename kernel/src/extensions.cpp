#include "anvil/extensions.hpp"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/agent.hpp"
#include "anvil/error.hpp"
#include "anvil/game.hpp"
#include "anvil/rules.hpp"

ANVIL_BEGIN_NAMESPACE

// Out of line on purpose: the vtables and typeinfo of the plugin interfaces are emitted here,
// in the kernel, once, and exported — never in each plugin (DESIGN.md, "The plugin boundary").
KeywordHandler::~KeywordHandler() = default;
ValueExpr::~ValueExpr() = default;
ValueFunction::~ValueFunction() = default;
EffectStep::~EffectStep() = default;
EffectVerb::~EffectVerb() = default;
CardLoader::~CardLoader() = default;
AgentFactory::~AgentFactory() = default;

namespace {

// Called only inside a catch handler, from code another plugin compiled running in `ctx`'s
// ability: rethrows naming `provider`, the card, the ability's text and what failed.
[[noreturn]] void rethrow_as_provided(const Game& game, const ResolveContext& ctx,
                                      const std::string& provider, const std::string& name) {
  game.rethrow_as_ability(ctx.card, ctx.ability, provider, "its " + name + " failed: ");
}

class AttributedValue final : public ValueExpr {
 public:
  AttributedValue(std::shared_ptr<const ValueExpr> expr, std::string provider, std::string name)
      : expr_(std::move(expr)), provider_(std::move(provider)), name_(std::move(name)) {}
  std::int64_t eval(const Game& game, const ResolveContext& ctx) const override {
    try {
      return expr_->eval(game, ctx);
    } catch (...) {
      rethrow_as_provided(game, ctx, provider_, name_);
    }
  }
  std::string describe() const override { return expr_->describe(); }

 private:
  std::shared_ptr<const ValueExpr> expr_;
  std::string provider_, name_;
};

class AttributedStep final : public EffectStep {
 public:
  AttributedStep(std::shared_ptr<const EffectStep> step, std::string provider, std::string name)
      : step_(std::move(step)), provider_(std::move(provider)), name_(std::move(name)) {}
  void run(Game& game, const ResolveContext& ctx, std::int64_t x) const override {
    try {
      step_->run(game, ctx, x);
    } catch (...) {
      rethrow_as_provided(game, ctx, provider_, name_);
    }
  }
  std::string describe() const override { return step_->describe(); }

 private:
  std::shared_ptr<const EffectStep> step_;
  std::string provider_, name_;
};

}  // namespace

std::shared_ptr<const ValueExpr> attributed(std::shared_ptr<const ValueExpr> expr,
                                            std::string provider, std::string name) {
  if (!expr) return expr;
  return std::make_shared<AttributedValue>(std::move(expr), std::move(provider), std::move(name));
}

std::shared_ptr<const EffectStep> attributed(std::shared_ptr<const EffectStep> step,
                                             std::string provider, std::string name) {
  if (!step) return step;
  return std::make_shared<AttributedStep>(std::move(step), std::move(provider), std::move(name));
}

std::shared_ptr<const ValueExpr> compile_value(const std::string& name, std::string_view expr,
                                               CompileContext& inner, const SourceLocation& where) {
  auto fn = inner.registry.get<ValueFunction>(name, where);
  const RegistryEntry* entry = inner.registry.entry(PluginKind::value_function, name);
  return attributed(fn->compile(expr, inner), entry ? entry->provider : "?",
                    "value '" + name + "$'");
}

std::int64_t setting_number(std::string_view what, const std::string& value, std::int64_t lo,
                            std::int64_t hi) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
  const bool whole = end == value.data() + value.size() && !value.empty();
  if (whole && ec == std::errc() && n >= lo && n <= hi) return n;
  const std::string range =
      lo == 0 && hi == 1 ? "0 or 1"
      : hi == std::numeric_limits<std::int64_t>::max()
          ? "a whole number of at least " + std::to_string(lo)
          : "a whole number from " + std::to_string(lo) + " to " + std::to_string(hi);
  // "99999999999999999999" is a whole number, only too large: from_chars says which.
  const bool number = whole || ec == std::errc::result_out_of_range;
  throw LoadError({}, std::string(what) + " must be " + range + ", not '" + value + "'",
                  number ? "" : "it is not a whole number");
}

RulesModule::~RulesModule() = default;

void RulesModule::play(Game& game) const {
  while (advance(game)) {
  }
}

std::vector<Outcome> RulesModule::outcome(const Game& game) const {
  std::vector<Outcome> out;
  out.reserve(game.state().player_count());
  for (const Player& p : game.state().players) out.push_back(p.outcome);
  return out;
}

std::string RulesModule::player_status(const Game&, PlayerId) const { return {}; }

std::vector<Diagnostic> RulesModule::check_card(const CardDef&) const { return {}; }

std::string RulesModule::object_status(const Game& game, ObjectId id) const {
  const GameObject& o = game.object(id);
  std::string out;
  const auto note = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  if (o.tapped) note("tapped");
  if (o.damage > 0) note(std::to_string(o.damage) + " damage");
  if (o.summoning_sick && game.view(id).has_type(Symbol("Creature"))) note("sick");
  std::int64_t counters = 0;
  for (const auto& [kind, n] : o.counters.items) counters += n;
  if (counters > 0) note(std::to_string(counters) + (counters == 1 ? " counter" : " counters"));
  return out;
}
std::optional<std::string> RulesModule::mana_pool(const Game&, PlayerId) const {
  return std::nullopt;
}

namespace {

// RulesModule::term's keys: the classic wording of each, and the fields a pattern may name.
struct TermKey {
  std::string_view key;
  std::string_view classic;
  std::vector<std::string_view> fields;
};

const std::vector<TermKey>& term_table() {
  static const std::vector<TermKey> kTable{
      {"cast", "casts", {}},
      {"enter", "{card} enters the battlefield under {player}", {"card", "player"}},
      {"life", "life", {}},
      {"zone.library", "library", {}},
      {"zone.graveyard", "graveyard", {}},
      {"zone.battlefield", "battlefield", {}},
      {"zone.command", "command", {}},
      {"zone.exile", "exile", {}},
      {"skip",
       "pass until your next main phase (this turn's, from its upkeep or draw); it stops sooner "
       "when your opponent puts something on the stack, or when you must choose something else",
       {}},
      {"skipping", "Passing until your first main phase to come.", {}},
  };
  return kTable;
}

const TermKey* find_term(std::string_view key) {
  for (const TermKey& t : term_table())
    if (t.key == key) return &t;
  return nullptr;
}

std::string field_list(const TermKey& t) {
  std::string out = "the fields are ";
  for (std::size_t i = 0; i < t.fields.size(); ++i)
    out += (i ? ", {" : "{") + std::string(t.fields[i]) + "}";
  return out;
}

// What is wrong with `phrase` as the pattern of `t` (a key with fields), or empty: a field it
// does not have, a brace unpaired, a format spec or a positional field ("{}", "{0}",
// "{card:>5}").
std::string pattern_problem(const TermKey& t, std::string_view phrase) {
  for (std::size_t i = 0; i < phrase.size(); ++i) {
    const char c = phrase[i];
    if (c == '}') {
      if (i + 1 < phrase.size() && phrase[i + 1] == '}') {
        ++i;
        continue;
      }
      return "a '}' without its '{' (write '}}' for a brace)";
    }
    if (c != '{') continue;
    if (i + 1 < phrase.size() && phrase[i + 1] == '{') {
      ++i;
      continue;
    }
    const std::size_t close = phrase.find('}', i);
    if (close == std::string_view::npos) return "a '{' without its '}' (write '{{' for a brace)";
    const std::string_view field = phrase.substr(i + 1, close - i - 1);
    if (std::find(t.fields.begin(), t.fields.end(), field) == t.fields.end())
      return "unknown field '{" + std::string(field) + "}'; " + field_list(t);
    i = close;
  }
  return {};
}

}  // namespace

std::optional<std::string> RulesModule::term(std::string_view key) const {
  if (const TermKey* t = find_term(key)) return std::string(t->classic);
  return std::nullopt;
}

std::string RulesModule::wording(std::string_view key) const {
  const TermKey* t = find_term(key);
  if (!t)
    throw std::invalid_argument("no wording key '" + std::string(key) +
                                "' (RulesModule::term_keys lists them)");
  std::optional<std::string> phrase = term(key);
  if (!phrase) return std::string(t->classic);
  if (phrase->empty())
    throw LoadError({}, "rules module's wording of '" + std::string(key) + "' is empty",
                    "return nullopt for the classic '" + std::string(t->classic) + "'");
  // A key without fields takes a plain word, put as it is: its braces are its own.
  if (t->fields.empty()) return std::move(*phrase);
  if (std::string problem = pattern_problem(*t, *phrase); !problem.empty())
    throw LoadError({}, "rules module's wording of '" + std::string(key) + "', '" + *phrase +
                            "': " + problem);
  return std::move(*phrase);
}

std::vector<std::string_view> RulesModule::term_keys() {
  std::vector<std::string_view> keys;
  for (const TermKey& t : term_table()) keys.push_back(t.key);
  return keys;
}

std::string Diagnostic::str() const {
  const char* level = severity == Severity::error ? "error" : "warning";
  return where.str() + ": " + level + ": " + message;
}

namespace {

// "NAME:KEY=VALUE:KEY=VALUE" → NAME, with the settings appended to `options`.
std::string_view parse_agent_spec(std::string_view spec, AgentOptions& options) {
  const std::size_t colon = spec.find(':');
  const std::string_view name = spec.substr(0, colon);
  for (std::size_t at = colon; at != std::string_view::npos;) {
    const std::size_t next = spec.find(':', at + 1);
    const std::string_view item = spec.substr(at + 1, next == std::string_view::npos ? next : next - at - 1);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0)
      throw LoadError({}, "agent setting '" + std::string(item) + "' in '" + std::string(spec) + "' is not KEY=VALUE",
                      "write NAME:KEY=VALUE:KEY=VALUE, e.g. ai-search:playouts=200");
    const std::string key(item.substr(0, eq));
    // Given twice, one would win silently, and which is the agent's affair: refused, as a rules
    // --option given twice is.
    if (std::any_of(options.settings.begin(), options.settings.end(),
                    [&](const auto& kv) { return kv.first == key; }))
      throw LoadError({},
                      "agent setting '" + key + "' is given twice in '" + std::string(spec) + "'",
                      "give each setting once");
    options.settings.emplace_back(key, std::string(item.substr(eq + 1)));
    at = next;
  }
  return name;
}

}  // namespace

std::shared_ptr<Agent> make_agent(const Registry& registry, std::string_view spec,
                                  const AgentOptions& given) {
  AgentOptions options = given;
  if (!options.registry) options.registry = &registry;
  const std::string_view name = parse_agent_spec(spec, options);
  // The factory handle from get() keeps the plugin's library loaded; the agent keeps the
  // factory. Members are destroyed in reverse order, so the agent (plugin code) goes first.
  struct Holder {
    std::shared_ptr<const AgentFactory> factory;
    std::unique_ptr<Agent> agent;
  };
  auto holder = std::make_shared<Holder>();
  holder->factory = registry.get<AgentFactory>(name);
  const RegistryEntry* e = registry.entry(PluginKind::agent, name);
  auto fail = [&](std::string problem, std::string fix) {
    return PluginError(e->provider, e->file,
                       "agent factory '" + std::string(name) + "' " + std::move(problem),
                       std::move(fix));
  };
  try {
    holder->agent = holder->factory->make(options);
  } catch (const Error&) {
    throw;  // already an Anvil error with its own context
  } catch (const std::exception& ex) {
    throw fail(std::string("failed: ") + ex.what(), "check the agent's settings");
  } catch (...) {
    throw fail("failed: it threw something that is not a std::exception",
               "throw a std::exception from AgentFactory::make");
  }
  if (!holder->agent)
    throw fail("made no agent (null)",
               "return std::make_unique<YourAgent>(…) from AgentFactory::make");
  Agent* agent = holder->agent.get();
  return {std::move(holder), agent};
}

void compile_keyword(const Params& params, CompileContext& ctx) {
  const RegistryEntry* entry = ctx.registry.entry(PluginKind::keyword, params.keyword());
  if (!entry) {
    const auto known = ctx.registry.names(PluginKind::keyword);
    std::string hint = did_you_mean(params.keyword(), known);
    if (known.empty()) hint = "no keyword plugin is loaded";
    throw LoadError(params.where(), "unknown keyword '" + params.keyword() + "'", hint);
  }
  const auto handler = ctx.registry.find<KeywordHandler>(params.keyword());
  const std::size_t before = ctx.card.abilities.size();
  try {
    handler->compile(params, ctx);
  } catch (const LoadError&) {
    ctx.card.abilities.resize(before);
    throw;
  } catch (const std::exception& e) {
    ctx.card.abilities.resize(before);
    throw LoadError(params.where(), "keyword '" + params.keyword() + "' (plugin '" + entry->provider +
                                        "') failed: " + e.what());
  } catch (...) {
    // Uncaught, `throw 7` from a plugin would end the whole program (std::terminate).
    ctx.card.abilities.resize(before);
    throw LoadError(params.where(), "keyword '" + params.keyword() + "' (plugin '" +
                                        entry->provider +
                                        "') failed: it threw something that is not a "
                                        "std::exception");
  }
  for (std::size_t i = before; i < ctx.card.abilities.size(); ++i) {
    AbilityDef& a = ctx.card.abilities[i];
    if (a.provider.empty()) a.provider = entry->provider;
    if (a.where.file.empty()) a.where = params.where();
    if (!a.impl) continue;
    // The ability's code lives in the plugin: the card keeps the plugin's handler (and so its
    // library) alive. Member order destroys the ability before the handler.
    auto holder = std::make_shared<std::pair<std::shared_ptr<const KeywordHandler>, std::shared_ptr<const Ability>>>(
        handler, a.impl);
    a.impl = std::shared_ptr<const Ability>(holder, holder->second.get());
  }
}

ANVIL_END_NAMESPACE
