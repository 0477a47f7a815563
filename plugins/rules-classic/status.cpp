// What `anvil play` shows beside a card (RulesModule::object_status). A permanent: the kernel's
// status (tapped, damage, summoning sickness), then what only these rules can name — the
// evergreen keywords it has, its counters by kind, its part in combat and what it is attached
// to. A card elsewhere (a hand, a graveyard): its keywords.
#include <string>

#include "classic.hpp"
#include "module.hpp"

namespace anvil::rules_classic {

namespace {

std::string counted(std::int64_t n, std::string_view what) {
  return std::to_string(n) + " " + std::string(what) + (n == 1 ? " counter" : " counters");
}

}  // namespace

std::string ClassicRules::object_status(const Game& game, ObjectId id) const {
  const GameObject& o = game.object(id);
  std::string out;
  const auto note = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  const Characteristics c = game.view(id);
  const auto keywords = [&] {
    for (const char* keyword : kEvergreenKeywords)
      if (c.has_keyword(Symbol(keyword))) note(keyword);
    for (const ProtectionQuality& q : kProtections)
      if (c.has_keyword(q.symbol)) note(q.keyword);
    for (Symbol rule : {kCantAttack, kCantBlock})
      if (c.has_keyword(rule)) note(rule == kCantAttack ? "can't attack" : "can't block");
  };
  if (o.zone.kind != ZoneKind::battlefield) {  // a card in a hand or graveyard: what it has
    keywords();
    return out;
  }
  if (o.tapped) note("tapped");
  if (o.damage > 0) note(std::to_string(o.damage) + " damage");
  if (o.summoning_sick && c.has_type(kCreature) && !c.has_keyword(kHaste)) note("sick");
  keywords();
  std::int64_t others = 0;
  for (const auto& [kind, n] : o.counters.items) {
    if (kind == kPlusOne)
      note(counted(n, "+1/+1"));
    else if (kind == kMinusOne)
      note(counted(n, "-1/-1"));
    else if (kind == kLoyalty)
      note("loyalty " + std::to_string(n));
    else if (kind == kDefense)
      note("defense " + std::to_string(n));
    else if (kind == kLore)
      note("lore " + std::to_string(n));
    else
      others += n;  // a kind a card named: its name is not kept (Symbol)
  }
  if (others > 0)
    note(std::to_string(others) + (others == 1 ? " other counter" : " other counters"));
  if (const std::int64_t d = combat_attr(game, id, kAttacking); d != 0) {
    if (d > 0)
      note("attacking player " + std::to_string(d - 1));
    else if (const ObjectId pw(static_cast<std::uint32_t>(-d - 1)); on_battlefield(game, pw))
      note("attacking " + numbered_label(game, pw));
    if (combat_attr(game, id, kBlocked) != 0) note("blocked");
  }
  if (const std::int64_t a = combat_attr(game, id, kBlocking); a > 0) {
    const ObjectId attacker(static_cast<std::uint32_t>(a - 1));
    if (on_battlefield(game, attacker)) note("blocking " + numbered_label(game, attacker));
  }
  if (const auto to = attached_to(game, id)) note("attached to " + numbered_label(game, *to));
  return out;
}

}  // namespace anvil::rules_classic
