// Auras (303.4) and "gets +N/+N until end of turn" spells: the keywords `enchant`, `enchanted`
// and `pump`, attachment, and the state-based action for Auras attached to nothing legal
// (704.5m).
//
// An Aura spell targets what it will enchant (303.4a); if that target is illegal on resolution
// the spell goes to the graveyard (608.3a, casting.cpp); otherwise the Aura enters attached to
// it. Attachment is three object attrs on the Aura, each valid only for one zone_changes value
// of its object, so a moved Aura or a moved creature (a new object, 400.7) is attached to
// nothing. What the Aura gives the enchanted object are static abilities applied through the
// kernel's layers (613): +X/+Y in layer 7c, keywords and restrictions in layer 6.
#include <algorithm>
#include <cctype>
#include <string>
#include <utility>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// What a Aura's attrs say it is attached to, if that is still the same object on the battlefield.
std::optional<ObjectId> attachment(const GameState& s, ObjectId aura) {
  const GameObject& a = s.object(aura);
  if (a.zone.kind != ZoneKind::battlefield) return std::nullopt;
  if (a.attrs.get(kAttachedSelf) != static_cast<std::int64_t>(a.zone_changes) + 1)
    return std::nullopt;
  const std::int64_t to = a.attrs.get(kAttachedTo);
  if (to <= 0) return std::nullopt;
  const ObjectId id(static_cast<std::uint32_t>(to - 1));
  if (!s.exists(id)) return std::nullopt;
  const GameObject& o = s.object(id);
  if (o.zone.kind != ZoneKind::battlefield ||
      a.attrs.get(kAttachedZc) != static_cast<std::int64_t>(o.zone_changes) + 1)
    return std::nullopt;
  return id;
}

std::string signed_text(std::int64_t n) { return (n < 0 ? "" : "+") + std::to_string(n); }

}  // namespace

const Param* given(const Bound& b, std::string_view name) {
  const Param* p = b.optional(name);
  return p && !(p->is_scalar() && p->text().empty()) ? p : nullptr;
}

std::optional<ObjectId> attached_to(const Game& game, ObjectId aura) {
  return attachment(game.state(), aura);
}

void attach(Game& game, ObjectId aura, ObjectId to) {
  Journal& j = game.journal();
  j.set_attr(aura, kAttachedSelf, static_cast<std::int64_t>(game.object(aura).zone_changes) + 1);
  j.set_attr(aura, kAttachedTo, static_cast<std::int64_t>(to.value) + 1);
  j.set_attr(aura, kAttachedZc, static_cast<std::int64_t>(game.object(to).zone_changes) + 1);
}

const EnchantAbility* enchant_ability(const CardDef& def) {
  return first_ability<EnchantAbility>(def, AbilityKind::spell);  // `enchant` makes a spell ability
}

// --- enchant ---------------------------------------------------------------------------------

namespace {
bool is_aura(const CardDef& card) {
  return std::ranges::find(card.base.subtypes, kAura) != card.base.subtypes.end();
}
}  // namespace

bool EnchantAbility::can_enchant(const Game& game, ObjectId object) const {
  return on_battlefield(game, object) && (!what || game.view(object).has_type(what));
}

bool EnchantAbility::can_target(const Game& game, const ResolveContext&, std::size_t,
                                const Target& t) const {
  return t.is_object() && can_enchant(game, t.object.id);
}

std::string EnchantAbility::target_prompt(std::size_t) const {
  return "Choose the " + std::string(what == kCreature ? "creature" : "permanent") +
         " to enchant";
}

std::string EnchantAbility::describe() const {
  return "Enchant " + std::string(what == kCreature ? "creature" : "permanent");
}

std::vector<ObjectId> illegal_auras(const Game& game, const std::vector<ObjectId>& auras) {
  std::vector<ObjectId> out;
  for (ObjectId id : auras) {
    const EnchantAbility* e = enchant_ability(game.card(id));
    if (!e) continue;
    const auto to = attached_to(game, id);
    // 702.16c: nothing with protection from the Aura's colour can be enchanted by it (as a
    // target the spell could not choose it either: is_legal_target).
    if (!to || *to == id || !e->can_enchant(game, *to) ||
        protection_against(game.view(*to), game.view(id)))
      out.push_back(id);
  }
  return out;
}

// --- what the Aura or the spell gives -------------------------------------------------------

bool GrantEffect::affects(const Game& game, const EffectContext& ctx, ObjectId object,
                          const Characteristics& so_far) const {
  if (floating) return ctx.affected.is_object() && ctx.affected.object.id == object;
  if (all_creatures) return so_far.has_type(kCreature) && on_battlefield(game, object);
  return attached_to(game, ctx.source) == object;
}

void GrantEffect::apply(const Game& game, const EffectContext& ctx, ObjectId,
                        Characteristics& c) const {
  if (layer_ == Layer::ability) {
    for (Symbol k : keywords) c.add_keyword(k);
    return;
  }
  if (layer_ == Layer::type) {
    for (Symbol s : subtypes)
      if (!c.has_subtype(s)) c.subtypes.push_back(s);
    return;
  }
  if (layer_ == Layer::color) {
    c.colors = colors;
    return;
  }
  if (floating) {
    c.power += static_cast<std::int32_t>(ctx.a);
    c.toughness += static_cast<std::int32_t>(ctx.b);
    return;
  }
  const GameObject& source = game.object(ctx.source);
  const ResolveContext rc{source.ref(), source.card, ability, ctx.controller, {}, 0, {}};
  c.power += static_cast<std::int32_t>(power.eval(game, rc));
  c.toughness += static_cast<std::int32_t>(toughness.eval(game, rc));
}

std::int64_t Amount::eval(const Game& game, const ResolveContext& ctx) const {
  return expr ? expr->eval(game, ctx) : constant;
}

std::string Amount::text() const { return expr ? "X" : signed_text(constant); }

namespace {

// "2", "+2", "-1" or "<Function>$<expr>" (a registered value function: Count$…).
Amount compile_amount(const Param& p, CompileContext& ctx) {
  Amount out;
  const std::string& t = p.text();
  if (const auto dollar = t.find('$'); dollar != std::string::npos) {
    const std::string name = t.substr(0, dollar);
    CompileContext inner{ctx.registry, ctx.card, p.where(), ctx.diagnostics};
    out.expr = compile_value(name, std::string_view(t).substr(dollar + 1), inner, p.where());
    if (!out.expr) p.fail("value function '" + name + "' compiled to nothing");
    return out;
  }
  out.constant = p.integer();
  if (out.constant < -1000 || out.constant > 1000)
    p.fail("a power or toughness change is between -1000 and 1000");
  return out;
}

// "Flying Hexproof" or [Flying, Hexproof]; "First Strike" is one keyword. Each must be a
// keyword the module registers; restrictions `attack`/`block` go to `restrict`.
std::vector<std::string> compile_keywords(const Param& p, CompileContext& ctx) {
  std::vector<std::string> names;
  if (p.is_list()) {
    for (const Param& item : p.items()) names.push_back(item.text());
  } else {
    std::string rest = p.text();
    while (!rest.empty()) {
      std::size_t cut = rest.find(' ');
      std::string word = rest.substr(0, cut);
      rest = cut == std::string::npos ? "" : rest.substr(cut + 1);
      if ((word == "First" || word == "Double") && rest.starts_with("Strike")) {
        word += " Strike";
        rest = rest.size() > 6 ? rest.substr(7) : "";
      }
      if (!word.empty()) names.push_back(word);
    }
  }
  for (const std::string& n : names)
    if (!ctx.registry.find<KeywordHandler>(n))
      p.fail("'" + n + "' is not a registered keyword", "for example Flying, Trample, Hexproof");
  return names;
}

std::vector<Symbol> compile_restrictions(const Param& p) {
  std::vector<Symbol> out;
  std::vector<std::string> words;
  if (p.is_list()) {
    for (const Param& item : p.items()) words.push_back(item.text());
  } else {
    std::string rest = p.text();
    for (std::size_t at; (at = rest.find(' ')) != std::string::npos; rest = rest.substr(at + 1))
      if (at > 0) words.push_back(rest.substr(0, at));
    if (!rest.empty()) words.push_back(rest);
  }
  for (const std::string& w : words) {
    if (w == "attack")
      out.push_back(kCantAttack);
    else if (w == "block")
      out.push_back(kCantBlock);
    else
      p.fail("unknown restriction '" + w + "'", "use attack, block or both");
  }
  return out;
}

// "flying and hexproof": the keywords as rules text names them.
std::string keyword_text(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += i + 1 == names.size() ? " and " : ", ";
    std::string k = names[i];
    for (char& ch : k) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
    out += k;
  }
  return out;
}

// "can't attack or block".
std::string restriction_text(const std::vector<Symbol>& r) {
  const bool attack = std::find(r.begin(), r.end(), kCantAttack) != r.end();
  const bool block = std::find(r.begin(), r.end(), kCantBlock) != r.end();
  return attack && block ? "can't attack or block" : attack ? "can't attack" : "can't block";
}

// enchant: {what: creature}
class EnchantKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"what"});
    const Param& what = b.required("what");
    // Without the subtype the card would be cast as an Aura but never put in the graveyard
    // attached to nothing: the state-based action (704.5m) looks for Auras.
    if (!is_aura(ctx.card))
      params.fail("'enchant' makes an Aura, but the card has no Aura subtype",
                  "give it the type line 'Enchantment — Aura'");
    auto impl = std::make_shared<EnchantAbility>();
    if (what.text() == "creature")
      impl->what = kCreature;
    else if (what.text() == "permanent")
      impl->what = Symbol{};
    else
      what.fail("an Aura enchants a 'creature' or a 'permanent'");
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::spell, params, std::move(impl)));
  }
  std::string summary() const override {
    return "enchant: {what: creature} — an Aura: cast targeting what it enchants";
  }
};

// Adds the static or floating abilities for +power/+toughness and for keywords; returns their
// indexes (pt first) in the card's abilities.
struct Grants {
  std::optional<Amount> power, toughness;
  std::vector<std::string> keyword_names;
  std::vector<Symbol> restrictions;
  // Keywords then restrictions, as the ability layer adds them.
  std::vector<Symbol> symbols() const {
    std::vector<Symbol> out;
    for (const std::string& n : keyword_names) out.emplace_back(n);
    out.insert(out.end(), restrictions.begin(), restrictions.end());
    return out;
  }
  // "has flying", "can't attack or block", "has flying and can't block".
  std::string ability_text(const char* has) const {
    std::string out;
    if (!keyword_names.empty()) out = has + keyword_text(keyword_names);
    if (!restrictions.empty()) out += (out.empty() ? "" : " and ") + restriction_text(restrictions);
    return out;
  }
};

Grants read_grants(const Bound& b, CompileContext& ctx) {
  Grants g;
  if (const Param* p = given(b, "power")) g.power = compile_amount(*p, ctx);
  if (const Param* p = given(b, "toughness")) g.toughness = compile_amount(*p, ctx);
  if (const Param* p = given(b, "grant")) g.keyword_names = compile_keywords(*p, ctx);
  if (const Param* p = given(b, "restrict")) g.restrictions = compile_restrictions(*p);
  return g;
}

// "+2/+1", or with value expressions "+X/+Y, where X is … and Y is …" (Aspect of Wolf): one
// letter when both read the same expression, and the sign kept, as printed cards have it.
std::string pt_text(const Grants& g) {
  const auto expr = [](const std::optional<Amount>& a) {
    return a && a->expr ? a->expr.get() : nullptr;
  };
  const ValueExpr* power = expr(g.power);
  const ValueExpr* toughness = expr(g.toughness);
  const bool same = power && toughness && power->describe() == toughness->describe();
  const char* toughness_letter = power && !same ? "Y" : "X";
  const auto part = [](const std::optional<Amount>& a, const char* letter) {
    if (!a) return std::string("+0");
    return a->expr ? std::string("+") + letter : a->text();
  };
  std::string text = part(g.power, "X") + "/" + part(g.toughness, toughness_letter);
  if (power) text += ", where X is " + power->describe();
  if (toughness && !same) {
    // "…, rounded down, and Y is …": a comma before "and" when X's words have one.
    const std::string x = power ? power->describe() : "";
    const char* joint = !power ? ", where " : x.find(',') != std::string::npos ? ", and " : " and ";
    text += joint + std::string(toughness_letter) + " is " + toughness->describe();
  }
  return text;
}

// enchanted: {power: 1, toughness: 2, grant: Flying, restrict: "attack block"} (an Aura), and
// the same as `equipped` (an Equipment, 301.5) and `fortified` (a Fortification, 301.6: "Fortified
// land has indestructible."): what the permanent gives what it is attached to.
class EnchantedKeyword final : public KeywordHandler {
 public:
  EnchantedKeyword(std::string noun, std::string object = "creature")
      : noun_(std::move(noun)), object_(std::move(object)) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b =
        params.bind({"power?", "toughness?", "grant?", "restrict?", "subtype?", "color?"});
    if (noun_ == "Enchanted") check_aura(params, ctx.card);
    Grants g = read_grants(b, ctx);
    const Param* subtype = given(b, "subtype");
    const Param* color = given(b, "color");
    if (!g.power && !g.toughness && g.symbols().empty() && !subtype && !color)
      params.fail("'" + keyword() + "' needs power, toughness, grant, restrict, subtype or color");
    if (subtype) add_subtype(*subtype, params, ctx);
    if (color) add_color(*color, params, ctx);
    if (g.power || g.toughness) {
      auto e = std::make_shared<GrantEffect>(Layer::pt_modify);
      e->power = g.power.value_or(Amount{});
      e->toughness = g.toughness.value_or(Amount{});
      e->ability = static_cast<std::uint16_t>(ctx.card.abilities.size());
      auto impl =
          std::make_shared<StaticAbility>(e, noun_ + " " + object_ + " gets " + pt_text(g) + ".");
      ctx.card.abilities.push_back(make_ability_def(AbilityKind::static_, params, std::move(impl)));
    }
    if (!g.symbols().empty()) {
      auto e = std::make_shared<GrantEffect>(Layer::ability);
      e->keywords = g.symbols();
      auto impl = std::make_shared<StaticAbility>(
          e, noun_ + " " + object_ + " " + g.ability_text("has ") + ".");
      ctx.card.abilities.push_back(make_ability_def(AbilityKind::static_, params, std::move(impl)));
    }
    add_granted_protection(g.keyword_names, params, ctx);
  }
  std::string summary() const override {
    return keyword() + ": {power: 1, toughness: 2, grant: Flying, restrict: attack} — what " +
           (noun_ == "Enchanted" ? "an Aura" : noun_ == "Equipped" ? "an Equipment"
                                                                   : "a Fortification") +
           " gives the " + object_ + " it is attached to";
  }

 private:
  // `enchanted` without `enchant` before it: an Aura cast with no target, staying on the
  // battlefield attached to nothing (cards.md: an Aura has both keywords).
  static void check_aura(const Params& params, const CardDef& card) {
    if (!is_aura(card))
      params.fail("'enchanted' is what an Aura gives, but the card has no Aura subtype",
                  "give it the type line 'Enchantment — Aura' and an 'enchant' line");
    if (!enchant_ability(card))
      params.fail("an Aura's 'enchanted' needs its 'enchant' line before it",
                  "add 'enchant: {what: creature}' (or 'enchant:creature' in a .txt card) "
                  "above it");
  }
  // subtype: Goblin — "Enchanted creature is a Goblin in addition to its other types."
  void add_subtype(const Param& p, const Params& params, CompileContext& ctx) const {
    auto e = std::make_shared<GrantEffect>(Layer::type);
    e->subtypes.push_back(Symbol(p.text()));
    const std::string text = noun_ + " " + object_ + " is " + a_or_an(p.text()) + p.text() +
                             " in addition to its other types.";
    ctx.card.abilities.push_back(
        make_ability_def(AbilityKind::static_, params, std::make_shared<StaticAbility>(e, text)));
  }
  // color: red — "Enchanted creature is red." (105.3: its colours are replaced)
  void add_color(const Param& p, const Params& params, CompileContext& ctx) const {
    auto e = std::make_shared<GrantEffect>(Layer::color);
    const std::optional<Color> color = color_named(p.text());
    if (!color) p.fail("unknown colour '" + p.text() + "'", "white, blue, black, red or green");
    e->colors.add(*color);
    const std::string text = noun_ + " " + object_ + " is " + p.text() + ".";
    ctx.card.abilities.push_back(
        make_ability_def(AbilityKind::static_, params, std::make_shared<StaticAbility>(e, text)));
  }
  std::string keyword() const {
    std::string k = noun_;
    k[0] = static_cast<char>(std::tolower(static_cast<unsigned char>(k[0])));
    return k;
  }
  std::string noun_, object_;
};

// creatures_have: {grant: Haste} — "All creatures have haste." (Concordant Crossroads), a
// static ability in the ability layer.
class CreaturesHaveKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"grant"});
    auto e = std::make_shared<GrantEffect>(Layer::ability);
    e->all_creatures = true;
    const std::vector<std::string> names = compile_keywords(b.required("grant"), ctx);
    for (const std::string& n : names) e->keywords.emplace_back(n);
    auto impl = std::make_shared<StaticAbility>(e, "All creatures have " + keyword_text(names) + ".");
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::static_, params, std::move(impl)));
    add_granted_protection(names, params, ctx);
  }
  std::string summary() const override {
    return "creatures_have: {grant: Haste} — all creatures have the keywords";
  }
};

// pump: {target: creature, power: 3, toughness: 3, grant: Hexproof}
class PumpKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"target", "power?", "toughness?", "grant?", "restrict?"});
    const Param& target = b.required("target");
    auto impl = std::make_shared<PumpAbility>();
    if (target.text() == "creature")
      impl->yours = false;
    else if (target.text() == "creature_you_control")
      impl->yours = true;
    else
      target.fail("unknown target '" + target.text() + "'", "creature or creature_you_control");
    Grants g = read_grants(b, ctx);
    if (!g.power && !g.toughness && g.symbols().empty())
      params.fail("'pump' needs power, toughness, grant or restrict");
    for (const std::optional<Amount>* a : {&g.power, &g.toughness})
      if (*a && (*a)->expr) params.fail("'pump' takes plain numbers");
    impl->power = g.power ? g.power->constant : 0;
    impl->toughness = g.toughness ? g.toughness->constant : 0;
    impl->keywords = g.symbols();
    // The spell first, then the effects its floating effects name (never active by themselves).
    const auto base = ctx.card.abilities.size();
    impl->pt_ability = static_cast<std::uint16_t>(base + 1);
    impl->keyword_ability = static_cast<std::uint16_t>(base + 2);
    std::string text = std::string("Target creature") + (impl->yours ? " you control" : "");
    if (g.power || g.toughness) text += " gets " + pt_text(g);
    if (!g.symbols().empty())
      text += std::string(g.power || g.toughness ? " and " : " ") + g.ability_text("gains ");
    impl->text = text + " until end of turn.";
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::spell, params, impl));
    auto pt = std::make_shared<GrantEffect>(Layer::pt_modify);
    pt->floating = true;
    ctx.card.abilities.push_back(make_ability_def(
        AbilityKind::static_, params, std::make_shared<StaticAbility>(pt, "(+N/+N)", ZoneMask{0})));
    auto kw = std::make_shared<GrantEffect>(Layer::ability);
    kw->floating = true;
    kw->keywords = g.symbols();
    ctx.card.abilities.push_back(
        make_ability_def(AbilityKind::static_, params,
                         std::make_shared<StaticAbility>(kw, "(keywords)", ZoneMask{0})));
    add_granted_protection(g.keyword_names, params, ctx);
  }
  std::string summary() const override {
    return "pump: {target: creature, power: 3, toughness: 3, grant: Hexproof} — until end of turn";
  }
};

}  // namespace

bool PumpAbility::can_target(const Game& game, const ResolveContext& ctx, std::size_t,
                             const Target& t) const {
  return t.is_object() && is_creature(game, t.object.id) &&
         (!yours || game.object(t.object.id).controller == ctx.controller);
}

void PumpAbility::resolve(Game& game, const ResolveContext& ctx) const {
  if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
  FloatingEffect f = end_of_turn_effect(ctx, pt_ability);
  f.affected = ctx.targets[0];
  if (power != 0 || toughness != 0) {
    f.a = power;
    f.b = toughness;
    game.add_effect(f);
  }
  if (!keywords.empty()) {
    f.ability = keyword_ability;
    f.a = f.b = 0;
    game.add_effect(f);
  }
}

void register_aura_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("enchant", std::make_shared<EnchantKeyword>());
  registrar.add<KeywordHandler>("enchanted", std::make_shared<EnchantedKeyword>("Enchanted"));
  registrar.add<KeywordHandler>("equipped", std::make_shared<EnchantedKeyword>("Equipped"));
  registrar.add<KeywordHandler>("fortified", std::make_shared<EnchantedKeyword>("Fortified", "land"));
  registrar.add<KeywordHandler>("pump", std::make_shared<PumpKeyword>());
  registrar.add<KeywordHandler>("creatures_have", std::make_shared<CreaturesHaveKeyword>());
}

}  // namespace anvil::rules_classic
