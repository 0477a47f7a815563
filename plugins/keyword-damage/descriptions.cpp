#include "descriptions.hpp"

namespace anvil::keyword_damage {

namespace {

constexpr std::string_view kDeals = "CARDNAME deals ";

// The drawback as it reads after "and": "CARDNAME deals 2 damage to you" → "2 damage to you";
// "that player" is the targeted creature's controller when the target is a creature.
std::string drawback_clause(const DamageText& d) {
  std::string s = d.drawback;
  if (s.starts_with(kDeals)) s.erase(0, kDeals.size());
  const std::string_view tgt = "that player";
  const std::string who = d.target == TargetKind::creature ? "that creature's controller"
                          : d.target == TargetKind::player ? "that player"
                          : d.target == TargetKind::itself
                              ? "its controller"
                              : "that player or that creature's controller";
  for (std::size_t at = s.find(tgt); at != std::string::npos; at = s.find(tgt, at + who.size()))
    s.replace(at, tgt.size(), who);
  return s;
}

}  // namespace

const char* target_text(TargetKind kind) {
  switch (kind) {
    case TargetKind::creature:
      return "target creature";
    case TargetKind::player:
      return "target player";
    case TargetKind::creature_or_player:
      return "target creature or player";
    case TargetKind::itself:
      return "itself";
  }
  return "";
}

std::string spell_description(const DamageText& d) {
  std::string s = std::string(kDeals) + d.amount + " damage to " + target_text(d.target);
  if (!d.drawback.empty()) s += " and " + drawback_clause(d);
  if (d.amount == "X" && !d.x_means.empty()) s += ", where X is " + d.x_means;
  return s + ".";
}

std::string stack_description(const DamageText& d) {
  std::string s = "CARDNAME - deals " + d.amount + " damage";
  if (!d.drawback.empty()) s += " and " + drawback_clause(d);
  return s + ".";
}

std::string with_name(std::string text, std::string_view name) {
  if (name.empty()) return text;
  constexpr std::string_view kToken = "CARDNAME";
  for (std::size_t at = text.find(kToken); at != std::string::npos;
       at = text.find(kToken, at + name.size()))
    text.replace(at, kToken.size(), name);
  return text;
}

}  // namespace anvil::keyword_damage
