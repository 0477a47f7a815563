// Keyword handlers: the keywords of kEvergreenKeywords (a Symbol on the card, the rules in the
// module), protection from each colour, and the ability keywords with named params: mana,
// regenerate, destroy_all, loyalty.
#include <array>
#include <cctype>
#include <string>
#include <utility>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// "Flying" …: adds its Symbol. Indestructible also connects its replacement.
class SymbolKeyword final : public KeywordHandler {
 public:
  explicit SymbolKeyword(std::string name) : name_(std::move(name)) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("'" + name_ + "' takes no parameters");
    ctx.card.base.add_keyword(Symbol(name_));
    if (name_ == "Indestructible")
      ctx.card.abilities.push_back(make_ability_def(AbilityKind::keyword, params,
                                                    std::make_shared<IndestructibleAbility>()));
  }
  std::string summary() const override { return name_ + " (classic rules keyword)"; }

 private:
  std::string name_;
};

// "Protection from red", "Protection from creatures" …: its Symbol, and the ability that
// prevents the damage.
class ProtectionKeyword final : public KeywordHandler {
 public:
  explicit ProtectionKeyword(const ProtectionQuality* from) : from_(from) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0)
      params.fail(std::string("'") + from_->keyword + "' takes no parameters");
    ctx.card.base.add_keyword(from_->symbol);
    ctx.card.abilities.push_back(
        make_ability_def(AbilityKind::keyword, params,
                         std::make_shared<ProtectionAbility>(from_, /*granted=*/false)));
  }
  std::string summary() const override {
    return std::string(from_->keyword) +
           " (classic rules keyword: can't be damaged, enchanted, equipped, blocked or targeted "
           "by " +
           (from_->kind == ProtectionKind::everything ? "anything" : "anything of that quality") +
           ")";
  }

 private:
  const ProtectionQuality* from_;
};

// mana: {cost: "{T}", add: "{G}"}; a Treasure's mana: {cost: "{T}, Sacrifice CARDNAME", add: any}
class ManaKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost", "add"});
    // "{T}", or "{T}, Sacrifice CARDNAME" (a Treasure's).
    CostText cost;
    if (auto problem = read_cost_text(b.required("cost").text(), cost))
      fail_at(b.required("cost"), *problem);
    if (!cost.tap || cost.discard || cost.mana.value() != 0 || cost.mana.x != 0)
      b.required("cost").fail(
          "a mana ability's cost must be exactly {T} or {T}, Sacrifice CARDNAME",
          "write cost: \"{T}\"");
    const Param& add = b.required("add");
    auto impl = std::make_shared<ManaAbility>();
    impl->tap = true;
    impl->sacrifice = cost.sacrifice;
    if (add.text() == "any") {  // "Add one mana of any color."
      impl->any_color = true;
      for (std::uint8_t c = 0; c < kColorCount; ++c) impl->produces.push_back(c);
      ctx.card.abilities.push_back(
          make_ability_def(AbilityKind::activated, params, std::move(impl)));
      return;
    }
    const ParsedCost made = parse_cost(add);
    // A hybrid, {2/W} or Phyrexian symbol is no mana made: mana is one colour.
    if (made.tap || made.mana.x != 0 || made.mana.generic != 0 || made.mana.value() == 0 ||
        any_hybrid(made.mana) || any_alternative(made.mana))
      add.fail("'add' lists the mana made, as coloured symbols or {C}, or is 'any'",
               "add: \"{G}\"");
    for (std::size_t c = 0; c < kColorCount; ++c)
      for (int i = 0; i < made.mana.colored[c]; ++i)
        impl->produces.push_back(static_cast<std::uint8_t>(c));
    for (int i = 0; i < made.mana.colorless; ++i) impl->produces.push_back(kColorless);
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::activated, params, std::move(impl)));
  }
  std::string summary() const override {
    return "mana: {cost: \"{T}\", add: \"{G}\"} — a mana ability (a Treasure's: cost \"{T}, "
           "Sacrifice CARDNAME\", add: any)";
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
    // The module pays `impl`'s cost; the text is there for whoever reads the card (an agent
    // weighing whether the shield can be paid for).
    AbilityDef def = make_ability_def(AbilityKind::activated, params, std::move(impl));
    def.cost = b.required("cost").text();
    ctx.card.abilities.push_back(std::move(def));
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
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::spell, params, std::move(impl)));
  }
  std::string summary() const override {
    return "destroy_all: {filter: creature, regenerate: false} — destroy every such permanent";
  }
};

// attacks_each_combat: "CARDNAME attacks each combat if able."
class MustAttackKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("'attacks_each_combat' takes no parameters");
    ctx.card.base.add_keyword(kMustAttack);
  }
  std::string summary() const override {
    return "attacks_each_combat — CARDNAME attacks each combat if able";
  }
};

// attack_tax: {cost: "{2}"}
class AttackTaxKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const ParsedCost cost = parse_cost(b.required("cost"));
    if (cost.tap || cost.mana.x != 0 || cost.mana.value() != cost.mana.generic ||
        cost.mana.generic == 0)
      b.required("cost").fail("an attack tax is generic mana, like {2}");
    auto impl = std::make_shared<AttackTaxAbility>();
    impl->per_attacker = cost.mana.generic;
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::static_, params, std::move(impl)));
  }
  std::string summary() const override {
    return "attack_tax: {cost: \"{2}\"} — creatures can't attack you unless their controller "
           "pays that for each";
  }
};

// loyalty_ability: {cost: "+1", do: "YouGainLife/2", target: player}
class LoyaltyAbilityKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost", "do", "target?"});
    const Param& cost = b.required("cost");
    const std::string& c = cost.text();
    auto impl = std::make_shared<LoyaltyAbility>();
    if (c == "0") {
      impl->change = 0;
    } else if ((c.starts_with('+') || c.starts_with('-')) && c.size() > 1 &&
               c.find_first_not_of("0123456789", 1) == std::string::npos && c.size() < 6) {
      impl->change = std::stoll(c.substr(1)) * (c[0] == '-' ? -1 : 1);
    } else {
      cost.fail("a loyalty cost is +N, -N or 0", "cost: \"+1\"");
    }
    if (const Param* t = b.optional("target")) {
      if (t->text() != "player" && t->text() != "opponent")
        t->fail("a loyalty ability's target is 'player' or 'opponent'");
      impl->targets_player = true;
      impl->opponent_only = t->text() == "opponent";
    }
    const Param& effect = b.required("do");
    impl->effect = compile_do(effect, ctx);
    std::string does = impl->effect->describe();
    if (!does.empty()) does[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(does[0])));
    if (impl->targets_player && does.starts_with("That player"))  // Tgt is the target here
      does.replace(0, 11, impl->opponent_only ? "Target opponent" : "Target player");
    impl->text = (c == "0" ? "0" : (impl->change < 0 ? "\u2212" + c.substr(1) : c)) + ": " + does + ".";
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::activated, params, std::move(impl)));
  }
  std::string summary() const override {
    return "loyalty_ability: {cost: \"+1\", do: \"<Drawback$ steps>\", target: player} — a "
           "planeswalker's loyalty ability";
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

void LoyaltyAbility::resolve(Game& game, const ResolveContext& ctx) const {
  std::array<Target, 1> tgt{Target::of(ctx.controller)};
  if (targets_player) {
    if (ctx.targets.empty() || !ctx.targets[0].is_player()) return;
    tgt[0] = ctx.targets[0];
  }
  ResolveContext then = ctx;
  then.targets = tgt;
  effect->run(game, then, 0);
}

void register_keywords(Registrar& registrar) {
  for (const char* name : kEvergreenKeywords)
    registrar.add<KeywordHandler>(name, std::make_shared<SymbolKeyword>(name));
  for (const ProtectionQuality& q : kProtections)
    registrar.add<KeywordHandler>(q.keyword, std::make_shared<ProtectionKeyword>(&q));
  registrar.add<KeywordHandler>("mana", std::make_shared<ManaKeyword>());
  registrar.add<KeywordHandler>("regenerate", std::make_shared<RegenerateKeyword>());
  registrar.add<KeywordHandler>("destroy_all", std::make_shared<DestroyAllKeyword>());
  registrar.add<KeywordHandler>("loyalty", std::make_shared<LoyaltyKeyword>());
  registrar.add<KeywordHandler>("attacks_each_combat", std::make_shared<MustAttackKeyword>());
  registrar.add<KeywordHandler>("attack_tax", std::make_shared<AttackTaxKeyword>());
  registrar.add<KeywordHandler>("loyalty_ability", std::make_shared<LoyaltyAbilityKeyword>());
  register_trigger_keyword(registrar);
  register_aura_keywords(registrar);
  register_prevention_keyword(registrar);
  register_replacement_keywords(registrar);
  register_exile_instead_keyword(registrar);
  register_skip_keyword(registrar);
  register_empty_draw_keyword(registrar);
  register_enters_tapped_keyword(registrar);
  register_land_creatures_keyword(registrar);
  register_equipment_keyword(registrar);
  register_saga_keyword(registrar);
  register_battle_keyword(registrar);
  register_any_target_keyword(registrar);
  register_dungeon_keywords(registrar);
  register_counter_limit_keyword(registrar);
  register_copy_keyword(registrar);
  register_counter_keyword(registrar);
  register_ward_keyword(registrar);
  register_upkeep_cost_keywords(registrar);
  register_countdown_keywords(registrar);
  register_cycling_keyword(registrar);
  register_flashback_keyword(registrar);
  register_kicker_keyword(registrar);
  register_unearth_keyword(registrar);
  register_escape_keyword(registrar);
  register_madness_keyword(registrar);
  register_retrace_keyword(registrar);
  register_spell_keywords(registrar);
  register_state_trigger_keywords(registrar);
  register_excess_damage_keyword(registrar);
  register_prevented_trigger_keyword(registrar);
  register_block_requirement_keywords(registrar);
}

}  // namespace anvil::rules_classic
