// ClassicRules: the RulesModule "classic". Stateless: everything about a game is in its
// GameState, so one instance serves every game on every thread.
#pragma once

#include "classic.hpp"

namespace anvil::rules_classic {

class ClassicRules final : public RulesModule {
 public:
  std::unique_ptr<Game> setup(std::shared_ptr<const CardPool> cards,
                              const MatchConfig& config) const override;
  bool advance(Game& game) const override;
  std::vector<LegalAction> legal_actions(const Game& game, PlayerId player) const override;
  void check_state(Game& game) const override;
  std::unique_ptr<Game> setup_position(std::shared_ptr<const CardPool> cards,
                                       const Position& position) const override;
  std::vector<std::string> step_names() const override;
  std::string step_name(const Game& game) const override;
  std::string player_status(const Game& game, PlayerId player) const override;
  std::string object_status(const Game& game, ObjectId id) const override;
  std::optional<std::string> mana_pool(const Game& game, PlayerId player) const override;
  std::string why_not(const Game& game, PlayerId player, const LegalAction& wanted) const override;
  std::vector<Diagnostic> check_card(const CardDef& card) const override;
};

// Performs a chosen priority action (not pass): play a land, cast, activate.
void perform_action(Game& game, const LegalAction& action);

}  // namespace anvil::rules_classic
