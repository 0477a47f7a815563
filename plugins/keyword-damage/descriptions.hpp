// Generated descriptions of a damage spell, for cards that give none (the seed printed
// "deals -1 damage" for X amounts and left drawbacks out).
//
//   spell_description({TargetKind::creature, "3", "", "you gain 3 life"})
//     == "CARDNAME deals 3 damage to target creature and you gain 3 life."
//   spell_description({TargetKind::creature_or_player, "X", "the number of Swamps you control",
//   ""})
//     == "CARDNAME deals X damage to target creature or player, where X is the number of Swamps you
//     control."
#pragma once

#include <string>
#include <string_view>

namespace anvil::keyword_damage {

// `itself`: no target, the permanent damages itself (Stuffy Doll's "{T}: CARDNAME deals 1 damage
// to itself").
enum class TargetKind : unsigned char { creature, player, creature_or_player, itself };

struct DamageText {
  TargetKind target = TargetKind::creature_or_player;
  std::string amount;    // "3" or "X"
  std::string x_means;   // ValueExpr::describe() when amount is "X"
  std::string drawback;  // EffectStep::describe(), or empty
};

const char* target_text(TargetKind kind);  // "target creature or player", "itself"
std::string spell_description(const DamageText& d);
std::string stack_description(const DamageText& d);
// Every "CARDNAME" in `text` replaced by `name` (no change when `name` is empty).
std::string with_name(std::string text, std::string_view name);

}  // namespace anvil::keyword_damage
