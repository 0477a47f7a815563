// Names of cards in scenarios, with an ordinal for namesakes ("Soldier #2"): see scenario.hpp.
#include <anvil/game.hpp>
#include <charconv>

#include "scenario.hpp"

namespace anvil::cli::scenario {

namespace {

constexpr std::string_view kMark = " #";

}  // namespace

CardName CardName::parse(std::string_view text) {
  const auto at = text.rfind(kMark);
  if (at == std::string_view::npos) return {std::string(text), 0};
  const std::string_view digits = text.substr(at + kMark.size());
  std::size_t n = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), n);
  if (digits.empty() || ec != std::errc{} || end != digits.data() + digits.size() || n == 0)
    return {std::string(text), 0};  // not an ordinal: part of the name
  return {std::string(text.substr(0, at)), n};
}

std::string ordinal_problem(std::string_view text) {
  const auto at = text.rfind(kMark);
  if (at == std::string_view::npos || CardName::parse(text).ordinal != 0) return {};
  const std::string_view rest = text.substr(at + kMark.size());
  if (rest.empty() || rest.find_first_not_of("0123456789") != std::string_view::npos) return {};
  return "'" + std::string(text) + "': the number after '#' must be 1 or more";
}

bool names_object(const Game& game, ObjectId id, const CardName& wanted) {
  if (!game.state().exists(id) || game.card(id).name != wanted.name) return false;
  if (wanted.ordinal == 0) return true;
  return game.object(id).zone.kind != ZoneKind::none &&
         namesake_place(game.state(), id).position == wanted.ordinal;
}

bool label_names(std::string_view label, std::string_view wanted) {
  if (label == wanted) return true;
  const CardName w = CardName::parse(wanted);
  if (w.ordinal != 0) return false;  // a numbered name is matched exactly
  const CardName l = CardName::parse(label);
  return l.ordinal != 0 && l.name == wanted;
}

}  // namespace anvil::cli::scenario
