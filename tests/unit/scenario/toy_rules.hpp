// "toy": a tiny rules module that follows the scenario protocol (docs/scenarios.md) — priority
// decisions whose options are legal_actions(), targets asked after casting, an attackers
// declaration that is refused and asked again — with just enough game to test the runner.
//
// Steps: main1, attackers, end. Lands (one per turn) make the mana creatures are paid with
// (a creature costs its generic cost in untapped lands, tapped on casting). "Shock" (instant)
// deals 2 to any target. "Coin" (instant) asks its controller for a number 1..3 on resolution
// and gains that much life. "Ritual" (instant) adds {R}{R}{G} to its controller's mana pool
// (player attrs "toy_pool_R" and "toy_pool_G"), which never empties. A creature with the "Wall"
// subtype cannot attack. Attacking creatures deal their power to the
// defending player at once.
#pragma once

#include <anvil/card.hpp>
#include <anvil/rules.hpp>
#include <memory>

namespace anvil::testing {

class ToyRules : public RulesModule {
 public:
  // A toy without a pool answers mana_pool() with nullopt, as the default does.
  explicit ToyRules(bool keeps_mana_pool = true) : keeps_mana_pool_(keeps_mana_pool) {}
  std::unique_ptr<Game> setup(std::shared_ptr<const CardPool> cards,
                              const MatchConfig& config) const override;
  bool advance(Game& game) const override;
  std::vector<LegalAction> legal_actions(const Game& game, PlayerId player) const override;
  void check_state(Game& game) const override;
  std::unique_ptr<Game> setup_position(std::shared_ptr<const CardPool> cards,
                                       const Position& position) const override;
  std::vector<std::string> step_names() const override;
  std::string step_name(const Game& game) const override;
  std::string why_not(const Game& game, PlayerId player, const LegalAction& wanted) const override;
  std::optional<std::string> mana_pool(const Game& game, PlayerId player) const override;

 private:
  bool keeps_mana_pool_;
};

// Grizzly Bears (2/2 for 2), Wall of Wood (0/3 for 1, Wall), Forest, Shock, Coin, Ritual.
std::shared_ptr<CardPool> toy_pool();

}  // namespace anvil::testing
