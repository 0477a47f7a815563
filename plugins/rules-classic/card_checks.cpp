// ClassicRules::check_card: what the classic rules find wrong with a card when its pack loads.
#include <array>
#include <string>
#include <vector>

#include "classic.hpp"
#include "module.hpp"

namespace anvil::rules_classic {

namespace {

// 110.4: the card types whose spells resolve by entering the battlefield, and their names (a
// Symbol keeps only its hash).
struct PermanentType {
  Symbol type;
  const char* name;
};
constexpr std::array<PermanentType, 6> kPermanentTypes{{{kArtifact, "Artifact"},
                                                        {kCreature, "Creature"},
                                                        {kEnchantment, "Enchantment"},
                                                        {kLand, "Land"},
                                                        {kPlaneswalker, "Planeswalker"},
                                                        {kBattle, "Battle"}}};

// The first permanent type of `card` ("Creature"), or nullptr for an instant, a sorcery, or a card
// whose loader gave it no type.
const char* permanent_type(const CardDef& card) {
  for (const PermanentType& p : kPermanentTypes)
    if (card.base.has_type(p.type)) return p.name;
  return nullptr;
}

// What to write instead of the spell ability `text` on a permanent: for keyword-damage's
// spDamageTgt… keywords, their activated twin (`spDamageTgtCP:2` → `abDamageTgtCP:{T}:2`, the cost
// after the keyword); for others, the kinds of ability a permanent has.
std::string instead_of(const std::string& text) {
  std::string cost = "with a cost";
  // spDamageTgtC, …P, …CP: keyword-damage registers an abDamage… twin of each (not of the
  // named spDamageTgt, whose target is a parameter).
  if (text.starts_with("spDamageTgtC") || text.starts_with("spDamageTgtP")) {
    const std::size_t colon = text.find(':');
    const std::string rest = colon == std::string::npos ? "" : text.substr(colon);
    cost += ": '" + ("ab" + text.substr(2, colon - 2)) + ":{T}" + rest + "'";
  }
  return "make the card an Instant or a Sorcery, or give the permanent an ability it activates (" +
         cost + ") or a triggered one (docs/cards.md, \"Spell abilities\")";
}

}  // namespace

// A spell ability (113.3a) is followed as an instant or sorcery resolves (608.2); a permanent
// spell resolves by entering the battlefield (608.3) and follows none of its card's text, and a
// land is played, never cast (305.1), so a spell ability written on a permanent card never does
// anything — a Forge script's `SP$` line on a creature, `spDamageTgtCP:2` where
// `abDamageTgtCP:{T}:2` was meant. The one spell ability a permanent spell has is an Aura's
// Enchant (303.4a), which the Aura's spell targets with.
std::vector<Diagnostic> ClassicRules::check_card(const CardDef& card) const {
  std::vector<Diagnostic> found;
  const char* type = permanent_type(card);
  if (!type) return found;
  const std::string never = std::string_view(type) == "Land"
                                ? "a Land is played, never cast, so it never does it (305.1)"
                                : a_or_an(type) + type +
                                      " spell resolves by entering the battlefield and never "
                                      "does it (608.3)";
  for (const AbilityDef& a : card.abilities) {
    if (a.kind != AbilityKind::spell || dynamic_cast<const EnchantAbility*>(a.impl.get())) continue;
    found.push_back({Diagnostic::Severity::error, a.where,
                     "'" + a.text + "' is a spell ability, which only an Instant or a Sorcery " +
                         "has: " + never + "; " + instead_of(a.text)});
  }
  return found;
}

}  // namespace anvil::rules_classic
