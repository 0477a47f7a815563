#include "compiler.hpp"

#include <anvil/error.hpp>
#include <anvil/pack.hpp>
#include <anvil/registry.hpp>

#include "anvil/tags/card_script.hpp"
#include "vocabulary.hpp"

namespace anvil::tags {

namespace {

const char* kind_word(PluginKind k) {
  switch (k) {
    case PluginKind::tag_action: return "action";
    case PluginKind::tag_status: return "status";
    case PluginKind::tag_selector: return "selector";
    case PluginKind::tag_event: return "event";
    case PluginKind::tag_condition: return "condition";
    default: return "tag";
  }
}

// Another plugin's action (ActionFactory registered through the Registry), run so that what it
// throws names that plugin, the card and the action, as the kernel names a keyword's code: the
// tags runtime runs actions itself, inside the tags plugin's ability, which alone the kernel's
// call wrappers would name. An AbilityError or RulesError passes through unchanged
// (rethrow_as_ability_error).
class AttributedAction final : public Action {
 public:
  AttributedAction(std::shared_ptr<const Action> inner, std::string plugin, std::string card,
                   std::string text, std::string_view action)
      : inner_(std::move(inner)),
        plugin_(std::move(plugin)),
        card_(std::move(card)),
        text_(std::move(text)),
        prefix_("its action '" + std::string(action) + "' failed: ") {}
  void run(Ctx& c, const Target& t) const override {
    try {
      inner_->run(c, t);
    } catch (...) {
      rethrow_as_ability_error(plugin_, card_, text_, prefix_);
    }
  }
  bool takes(Ctx& c, const Target& t, CardId card) const override {
    try {
      return inner_->takes(c, t, card);
    } catch (...) {
      rethrow_as_ability_error(plugin_, card_, text_, prefix_);
    }
  }

 private:
  std::shared_ptr<const Action> inner_;
  std::string plugin_, card_, text_, prefix_;
};

}  // namespace

void TagCompiler::fail(const Param& at, std::string problem, std::string hint) const {
  SourceLocation w = at.where().file.empty() ? where_ : at.where();
  throw LoadError(std::move(w), "card '" + card_.name + "': " + problem, std::move(hint));
}

void TagCompiler::unsupported(std::string_view what) {
  unsupported_at(Param::scalar({}, where_), what);
}

void TagCompiler::unsupported_at(const Param& at, std::string_view what) {
  diagnostics_.push_back({Diagnostic::Severity::warning, at.where().file.empty() ? where_ : at.where(),
                          "card '" + card_.name + "': unsupported tag '" + std::string(what) +
                              "' (not supported yet; see docs/hearth.md)"});
}

template <class F>
std::shared_ptr<const F> TagCompiler::factory(const Param& tag, std::string_view key,
                                              std::string_view what) {
  if (!tag.is_map()) fail(tag, std::string("a ") + std::string(what) + " must be a JSON object");
  const Param* n = tag.find(key);
  if (!n || !n->is_scalar()) fail(tag, std::string("a ") + std::string(what) + " needs '" + std::string(key) + "'");
  const std::string& name = n->text();
  if (auto f = registry_.find<F>(name)) return f;
  for (std::string_view v : vocabulary(F::kKind))
    if (v == name) {
      unsupported_at(*n, name);
      return nullptr;
    }
  std::vector<std::string> names = registry_.names(F::kKind);
  fail(*n, std::string("unknown ") + kind_word(F::kKind) + " tag '" + name + "'",
       did_you_mean(name, names));
}

std::shared_ptr<const Action> TagCompiler::action(const Param& tag) {
  auto f = factory<ActionFactory>(tag, "name", "action");
  if (!f) return nullptr;
  std::shared_ptr<const Action> compiled = f->compile(tag, *this);
  const std::string& name = tag.find("name")->text();
  const RegistryEntry* entry = registry_.entry(PluginKind::tag_action, name);
  if (!compiled || !entry || entry->provider == "tags") return compiled;  // the plugin's own
  // The ability is the card's script, named as the kernel names it (its AbilityDef's text).
  return std::make_shared<AttributedAction>(std::move(compiled), entry->provider, card_.name,
                                            std::string(kCardScriptText), name);
}

std::shared_ptr<const Status> TagCompiler::status(const Param& tag) {
  auto f = factory<StatusFactory>(tag, "name", "status");
  return f ? f->compile(tag, *this) : nullptr;
}

void TagCompiler::known_keys(const Param& map, std::string_view what,
                             std::initializer_list<std::string_view> keys) {
  if (!map.is_map()) return;  // the caller says what it should be
  const ParamAudit::Pause pause;  // knowing a key is not reading it (the card's key audit)
  MapReader r(map, std::string(what) + " of card '" + card_.name + "'", diagnostics_);
  for (std::string_view k : keys) (void)r.has(k);
  r.finish();
}

Picker TagCompiler::picker(const Param& tag) {
  known_keys(tag, "a picker", {"name", "count", "distinct"});
  Picker p;
  const Param* n = tag.find("name");
  if (!n) fail(tag, "a picker needs 'name'");
  if (n->text() == "user") {
    p.kind = Picker::Kind::user;
  } else if (n->text() == "random") {
    p.kind = Picker::Kind::random;
    p.count = int_key(tag, "count", 1);
    if (const Param* d = tag.find("distinct")) p.distinct = d->boolean();
  } else if (n->text() != "all") {
    fail(*n, "unknown picker '" + n->text() + "'",
         did_you_mean(n->text(), std::vector<std::string>{"all", "user", "random"}));
  }
  return p;
}

std::shared_ptr<const Selector> TagCompiler::selector(const Param& tag) {
  auto f = factory<SelectorFactory>(tag, "name", "selector");
  if (!f) return nullptr;
  std::shared_ptr<Selector> s = f->compile(tag, *this);
  if (!s) return nullptr;
  if (const Param* p = tag.find("picker")) s->picker = picker(*p);
  if (const Param* cond = tag.find("condition")) {
    s->condition = condition(*cond);
    if (!s->condition) return nullptr;  // reported: the selector cannot be honoured
  } else if (default_conditions_) {
    s->condition = f->default_condition(*this);  // version 1: explicit per selector, e.g. minion
  }
  return s;
}

std::shared_ptr<const Condition> TagCompiler::condition(const Param& tag) {
  auto f = factory<ConditionFactory>(tag, "name", "condition");
  return f ? f->compile(tag, *this) : nullptr;
}

std::optional<EventSpec> TagCompiler::event(const Param& tag) {
  auto f = factory<EventFactory>(tag, "event_name", "event");
  if (!f) return std::nullopt;
  return f->compile(tag, *this);
}

Amount TagCompiler::amount(const Param& value, const Param* multiplier) {
  Amount a;
  if (multiplier) a.multiplier = multiplier->integer();
  if (value.is_scalar()) {
    a.value = value.integer();
    return a;
  }
  a.function = make_amount_function(value, *this);
  if (!a.function) a.value = 0;
  return a;
}

std::shared_ptr<const CardSource> TagCompiler::card_source(const Param& value) {
  return make_card_source(value, *this);
}

std::optional<ActionTag> TagCompiler::action_tag(const Param& tag) {
  if (!tag.is_map()) fail(tag, "an action tag must be a JSON object {actions, selector}");
  known_keys(tag, "an action tag", {"actions", "selector", "condition"});
  return action_tag_body(tag);
}

std::optional<ActionTag> TagCompiler::choice(const Param& item) {
  if (!item.is_map()) fail(item, "a choice must be a JSON object {card, actions, selector}");
  known_keys(item, "a choice", {"card", "actions", "selector", "condition"});
  return action_tag_body(item);
}

std::optional<ActionTag> TagCompiler::action_tag_body(const Param& tag) {
  ActionTag t;
  const Param* actions = tag.find("actions");
  const Param* sel = tag.find("selector");
  if (!actions || !actions->is_list()) fail(tag, "an action tag needs a list 'actions'");
  if (!sel) fail(tag, "an action tag needs 'selector'");
  bool dropped = false;
  for (const Param& a : actions->items()) {
    auto compiled = action(a);
    if (compiled)
      t.actions.push_back(std::move(compiled));
    else
      dropped = true;
  }
  t.selector = selector(*sel);
  if (!t.selector) return std::nullopt;
  if (const Param* cond = tag.find("condition")) {
    t.condition = condition(*cond);
    if (!t.condition) return std::nullopt;
  }
  if (t.actions.empty() && dropped) return std::nullopt;
  return t;
}

std::optional<StatusTag> TagCompiler::status_tag(const Param& tag) {
  StatusTag st;
  st.status = status(tag);
  if (!st.status) return std::nullopt;
  if (const Param* a = tag.find("amount")) st.amount = amount(*a, tag.find("multiplier"));
  // Hearthbreaker's defaults: spell_damage names its amount `damage`; multiply_* use 2.
  else st.amount.value = int_key(tag, "damage", 2);
  if (const Param* a = tag.find("min_health")) st.amount.value = a->integer();
  st.minimum = int_key(tag, "minimum", 0);
  return st;
}

std::optional<Aura> TagCompiler::aura(const Param& tag) {
  if (!tag.is_map()) fail(tag, "an aura must be a JSON object {status, selector}");
  known_keys(tag, "an aura", {"status", "selector", "condition", "expires", "until"});
  Aura a;
  const Param* st = tag.find("status");
  if (!st) fail(tag, "an aura needs 'status'");
  auto s = status_tag(*st);
  if (!s) return std::nullopt;
  a.status = std::move(*s);
  const Param* sel = tag.find("selector");
  if (!sel) fail(tag, "an aura needs 'selector'");
  a.selector = selector(*sel);
  if (!a.selector) return std::nullopt;
  if (const Param* cond = tag.find("condition")) {
    a.condition = condition(*cond);
    if (!a.condition) return std::nullopt;
  }
  if (const Param* e = tag.find("expires")) a.expires = e->boolean();
  if (const Param* u = tag.find("until")) {
    a.until = event(*u);
    if (!a.until) return std::nullopt;
  }
  return a;
}

std::optional<Buff> TagCompiler::buff(const Param& tag) {
  if (!tag.is_map()) fail(tag, "a buff must be a JSON object {status}");
  // `expires` is read by the give that hands the buff out (its lifetime).
  known_keys(tag, "a buff", {"status", "condition", "until", "expires"});
  Buff b;
  const Param* st = tag.find("status");
  if (!st) fail(tag, "a buff needs 'status'");
  auto s = status_tag(*st);
  if (!s) return std::nullopt;
  b.status = std::move(*s);
  if (const Param* cond = tag.find("condition")) {
    b.condition = condition(*cond);
    if (!b.condition) return std::nullopt;
  }
  if (const Param* u = tag.find("until")) {
    b.until = event(*u);
    if (!b.until) return std::nullopt;
  }
  return b;
}

Scope TagCompiler::scope(const Param* value, Scope fallback) {
  if (!value) return fallback;
  const std::string& s = value->text();
  if (s == "friendly") return Scope::friendly;
  if (s == "enemy") return Scope::enemy;
  if (s == "both") return Scope::both;
  if (s == "player_one") return Scope::player_one;
  if (s == "player_two") return Scope::player_two;
  if (s == "current_player") return Scope::current;
  if (s == "other_player") return Scope::other;
  fail(*value, "unknown player scope '" + s + "'",
       did_you_mean(s, std::vector<std::string>{"friendly", "enemy", "both", "player_one",
                                                "player_two", "current_player", "other_player"}));
}

std::uint16_t TagCompiler::add_given(std::shared_ptr<const Ability> ability) {
  card_.abilities.emplace_back(AbilityKind::static_, std::string(kGivenTagText), "tags", where_,
                               std::move(ability));
  return static_cast<std::uint16_t>(card_.abilities.size() - 1);
}

}  // namespace anvil::tags
