// Keyword handlers: the sixteen evergreen keywords (a Symbol on the card, the rules in the
// module) and the ability keywords with named params: mana, regenerate, destroy_all, loyalty.
#include <string>
#include <utility>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

AbilityDef ability_def(AbilityKind kind, const Params& params,
                       std::shared_ptr<const Ability> impl) {
  return AbilityDef{kind, impl->describe(), "rules-classic", params.where(), std::move(impl)};
}

// "Flying" …: adds its Symbol. Indestructible also connects its replacement.
class SymbolKeyword final : public KeywordHandler {
 public:
  explicit SymbolKeyword(std::string name) : name_(std::move(name)) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("'" + name_ + "' takes no parameters");
    ctx.card.base.add_keyword(Symbol(name_));
    if (name_ == "Indestructible")
      ctx.card.abilities.push_back(
          ability_def(AbilityKind::keyword, params, std::make_shared<IndestructibleAbility>()));
  }
  std::string summary() const override { return name_ + " (classic rules keyword)"; }

 private:
  std::string name_;
};

// mana: {cost: "{T}", add: "{G}"}
class ManaKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost", "add"});
    const ParsedCost cost = parse_cost(b.required("cost"));
    if (!cost.tap || cost.mana.value() != 0 || cost.mana.x != 0)
      b.required("cost").fail("a mana ability's cost must be exactly {T}", "write cost: \"{T}\"");
    const Param& add = b.required("add");
    const ParsedCost made = parse_cost(add);
    if (made.tap || made.mana.x != 0 || made.mana.generic != 0 || made.mana.value() == 0)
      add.fail("'add' lists the mana made, as coloured symbols or {C}", "add: \"{G}\"");
    auto impl = std::make_shared<ManaAbility>();
    impl->tap = true;
    for (std::size_t c = 0; c < kColorCount; ++c)
      for (int i = 0; i < made.mana.colored[c]; ++i)
        impl->produces.push_back(static_cast<std::uint8_t>(c));
    for (int i = 0; i < made.mana.colorless; ++i) impl->produces.push_back(kColorless);
    ctx.card.abilities.push_back(ability_def(AbilityKind::activated, params, std::move(impl)));
  }
  std::string summary() const override {
    return "mana: {cost: \"{T}\", add: \"{G}\"} — a mana ability";
  }
};

// regenerate: {cost: "{G}"}
class RegenerateKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const ParsedCost cost = parse_cost(b.required("cost"));
    if (cost.mana.x != 0) b.required("cost").fail("a regeneration cost cannot have {X}");
    auto impl = std::make_shared<RegenerateAbility>();
    impl->cost = cost.mana;
    impl->tap = cost.tap;
    ctx.card.abilities.push_back(ability_def(AbilityKind::activated, params, std::move(impl)));
  }
  std::string summary() const override {
    return "regenerate: {cost: \"{G}\"} — a regeneration shield";
  }
};

// destroy_all: {filter: creature, regenerate: false}
class DestroyAllKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"filter", "regenerate?"});
    const Param& filter = b.required("filter");
    auto impl = std::make_shared<DestroyAllAbility>();
    const std::string& f = filter.text();
    if (f == "creature")
      impl->filter = kCreature;
    else if (f == "artifact")
      impl->filter = kArtifact;
    else if (f == "enchantment")
      impl->filter = kEnchantment;
    else if (f == "land")
      impl->filter = kLand;
    else if (f == "planeswalker")
      impl->filter = kPlaneswalker;
    else if (f != "permanent")
      filter.fail("unknown filter '" + f + "'",
                  "one of creature, artifact, enchantment, land, planeswalker, permanent");
    if (const Param* r = b.optional("regenerate")) impl->regenerate = r->boolean();
    ctx.card.abilities.push_back(ability_def(AbilityKind::spell, params, std::move(impl)));
  }
  std::string summary() const override {
    return "destroy_all: {filter: creature, regenerate: false} — destroy every such permanent";
  }
};

// loyalty: {amount: 4}
class LoyaltyKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"amount"});
    const Param& amount = b.required("amount");
    const std::int64_t n = amount.integer();
    if (n < 0 || n > 1000) amount.fail("a starting loyalty is between 0 and 1000");
    ctx.card.base.loyalty = static_cast<std::int32_t>(n);
  }
  std::string summary() const override {
    return "loyalty: {amount: 4} — a planeswalker's starting loyalty";
  }
};

}  // namespace

void register_keywords(Registrar& registrar) {
  for (const char* name : {"Flying", "Reach", "Haste", "Vigilance", "Defender", "First Strike",
                           "Double Strike", "Trample", "Deathtouch", "Lifelink", "Wither", "Infect",
                           "Indestructible", "Hexproof", "Shroud", "Changeling"})
    registrar.add<KeywordHandler>(name, std::make_shared<SymbolKeyword>(name));
  registrar.add<KeywordHandler>("mana", std::make_shared<ManaKeyword>());
  registrar.add<KeywordHandler>("regenerate", std::make_shared<RegenerateKeyword>());
  registrar.add<KeywordHandler>("destroy_all", std::make_shared<DestroyAllKeyword>());
  registrar.add<KeywordHandler>("loyalty", std::make_shared<LoyaltyKeyword>());
  register_trigger_keyword(registrar);
}

}  // namespace anvil::rules_classic
