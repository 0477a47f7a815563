#include "alias.hpp"

#include <string>

namespace anvil::value_count {

namespace {

constexpr std::string_view kPlugin = "value-count";
constexpr std::string_view kKeyword = "CountsAsNamedInYard";

// No effect of its own: Count$'s Named matcher looks for it on the cards it counts.
class NamedAlias final : public Ability {
 public:
  explicit NamedAlias(std::string name) : name(std::move(name)) {}
  // Count$ passes over a card whose abilities work from no graveyard (CardPool::ability_zones)
  // without looking for this one: keep the graveyard here.
  ZoneMask zones() const override { return zone_bit(ZoneKind::graveyard); }
  std::string describe() const override {
    return "If CARDNAME is in a graveyard, effects from spells named " + name +
           " count it as a card named " + name + ".";
  }
  const std::string name;
};

class AliasKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Param* name = nullptr;
    if (params.is_named()) {
      name = &params.bind({"name"}).required("name");
    } else {
      if (params.positional_values().size() != 1 || params.positional_values()[0].text().empty())
        params.fail("'" + std::string(kKeyword) + "' takes one card name: '" +
                    std::string(kKeyword) + ":Flame Burst'");
      name = &params.positional_values()[0];
    }
    if (name->text() == ctx.card.name) name->fail("a card is already counted under its own name");
    ctx.card.abilities.push_back(AbilityDef{
        AbilityKind::static_, std::string(kKeyword) + ":" + name->text(), std::string(kPlugin),
        params.where(), std::make_shared<NamedAlias>(name->text())});
  }
  std::string summary() const override {
    return std::string(kKeyword) +
           ":Name — in a graveyard, counts as a card named Name for spells named Name (Count$)";
  }
};

}  // namespace

bool counts_as_named(const CardDef& card, std::string_view name) {
  for (const AbilityDef& a : card.abilities) {
    // Only this plugin's keyword makes abilities with this provider and text.
    if (a.kind != AbilityKind::static_ || a.provider != kPlugin || !a.impl ||
        !a.text.starts_with(kKeyword))
      continue;
    if (static_cast<const NamedAlias*>(a.impl.get())->name == name) return true;
  }
  return false;
}

void register_alias_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>(std::string(kKeyword), std::make_shared<AliasKeyword>());
}

}  // namespace anvil::value_count
