#include "vocabulary.hpp"

namespace anvil::tags {

namespace {

constexpr std::string_view kActions[] = {
    "give", "give_aura", "give_effect", "summon", "transform", "replace_hero_with_minion",
    "equip", "duplicate", "replace", "steal", "resurrect_friendly", "damage", "heal",
    "set_health", "increase_armor", "kill", "destroy", "remove", "draw", "discard", "add_card",
    "remove_from_deck", "remove_from_hand", "bounce", "swap_with_hand", "silence",
    "remove_divine_shields", "apply_secret", "remove_secret", "increase_durability",
    "decrease_durability", "increase_weapon_attack", "destroy_mana_crystal",
    "give_mana_crystal", "change_target", "swap_stats", "joust", "mana_change"};
constexpr std::string_view kStatuses[] = {
    "change_attack", "change_health", "set_attack", "double_attack", "minimum_health",
    "attack_equals_health", "mana_change", "charge", "taunt", "stealth", "divine_shield",
    "frozen", "immune", "windfury", "mega_windfury", "can_attack", "cant_attack",
    "no_spell_target", "stolen", "spell_damage", "multiply_spell_damage",
    "multiply_heal_amount", "heal_as_damage", "double_deathrattle", "power_targets_minions",
    "increase_weapon_bonus"};
constexpr std::string_view kSelectors[] = {"self", "target", "minion", "character", "hero",
                                           "player", "weapon", "card", "last_drawn",
                                           "dead_minion", "constant", "spell", "secret",
                                           "specific_card", "battlecry", "minion_card"};
constexpr std::string_view kEvents[] = {
    "turn_started", "turn_ended", "card_played", "card_used", "spell_cast", "card_drawn",
    "card_discarded", "minion_placed", "minion_summoned", "after_added", "minion_died",
    "character_damaged", "character_healed", "character_attack", "armor_increased",
    "secret_revealed", "used_power", "attack", "attack_completed", "did_damage", "damaged",
    "weapon_destroyed", "drawn", "spell_targeted", "either"};
constexpr std::string_view kConditions[] = {
    "is_spell", "is_secret", "is_minion", "is_weapon", "is_hero", "target_is_minion", "is_type",
    "is_class", "is_rarity", "has_card_name", "mana_cost", "has_overload", "has_battlecry",
    "minion_has_deathrattle", "card_matches", "minion_is_target", "minion_is_not_target",
    "card_is_not_target", "not_current_target", "is_damaged", "has_divine_shield",
    "has_status", "has_secret", "attack_less_than_or_equal_to", "attack_greater_than",
    "base_attack_equal_to", "greater_than", "minion_count_is",
    "opponent_minion_count_is_greater_than", "adjacent", "target_adjacent", "in_graveyard",
    "owners_turn", "one_in", "not", "and", "matches"};
constexpr std::string_view kAmounts[] = {"count", "attribute", "difference", "random_amount",
                                         "event_value"};
constexpr std::string_view kSources[] = {"collection", "hand", "deck", "object", "last_card",
                                         "same"};

}  // namespace

std::span<const std::string_view> vocabulary(PluginKind kind) {
  switch (kind) {
    case PluginKind::tag_action: return kActions;
    case PluginKind::tag_status: return kStatuses;
    case PluginKind::tag_selector: return kSelectors;
    case PluginKind::tag_event: return kEvents;
    case PluginKind::tag_condition: return kConditions;
    default: return {};
  }
}

std::span<const std::string_view> amount_function_names() { return kAmounts; }
std::span<const std::string_view> card_source_names() { return kSources; }

}  // namespace anvil::tags
