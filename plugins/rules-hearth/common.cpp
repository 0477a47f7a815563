// Small shared helpers: card scripts, heroes, labels.
#include "hearth.hpp"

namespace anvil::rules_hearth {

void not_a_hearth_card(const CardDef& def) {
  throw RulesError("'" + def.name + "' is not a hearth card (load it with the tags plugin's hearth loaders)");
}

PlayerId other(PlayerId p) { return PlayerId(static_cast<std::uint8_t>(1 - p.value)); }

std::optional<HeroClass> hero_class(std::string_view name) {
  for (std::size_t i = 0; i < std::size(kClasses); ++i)
    if (name == kClasses[i]) return static_cast<HeroClass>(i);
  return std::nullopt;
}

HeroClass hero_of(const Game& game, PlayerId p) {
  const std::int64_t v = game.state().player(p).attrs.get(kHeroClass);
  return static_cast<HeroClass>(v > 0 ? v - 1 : 0);
}

bool power_targets(HeroClass c) { return c == HeroClass::mage || c == HeroClass::priest; }

std::string target_label(const Game& game, const Target& t) {
  if (t.is_player()) return "player " + std::to_string(t.player.value);
  if (t.is_object() && game.state().exists(t.object.id)) return game.card(t.object.id).name;
  return "nothing";
}

void end_game_drawn(Game& game) {
  for (const Player& p : game.state().players) game.journal().set_outcome(p.id, Outcome::drew);
  game.journal().set_over(true);
}

}  // namespace anvil::rules_hearth
