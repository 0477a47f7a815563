// test-rules-throws: a rules module ("test-throws") whose code throws what is not a
// std::exception, for the tests of the commands that run rules modules. Its game is a race of
// two questions: at each advance() the player whose turn it is chooses "Wait" or "Win"; "Win"
// wins, and the tenth turn is a draw. By the game's seed:
//   seed % 4 == 1: advance() throws 42 once the first decision is made;
//   seed % 4 == 2: setup() throws 42;
//   otherwise the game plays to its end.
// Hosts must report the failing game, name the rules module, and go on (`anvil sim`), or end the
// session with an error (`anvil play`), never end the program.
#include <anvil/sdk.hpp>
#include <memory>
#include <string>
#include <vector>

namespace {

using namespace anvil::literals;

constexpr std::uint32_t kLastTurn = 10;
constexpr anvil::Symbol kArmed = "test_armed"_sym;  // a game whose advance() throws

class ThrowingRules final : public anvil::RulesModule {
 public:
  std::unique_ptr<anvil::Game> setup(std::shared_ptr<const anvil::CardPool> cards,
                                     const anvil::MatchConfig& config) const override {
    if (config.seed % 4 == 2) throw 42;
    auto game = std::make_unique<anvil::Game>(cards, config.decks.size(), config.seed);
    for (std::size_t seat = 0; seat < config.decks.size(); ++seat) {
      const anvil::PlayerId p(static_cast<std::uint8_t>(seat));
      for (const std::string& name : config.decks[seat].cards)
        if (const auto card = cards->find(name))
          game->add_card(*card, p, anvil::ZoneRef::library(p));
    }
    if (config.seed % 4 == 1) game->journal().set_game_attr(kArmed, 1);
    game->journal().set_turn_number(1);
    game->journal().set_active_player(anvil::PlayerId(0));
    game->journal().set_priority_player(anvil::PlayerId(0));
    game->journal().clear();
    return game;
  }

  bool advance(anvil::Game& game) const override {
    if (game.state().over) return false;
    const anvil::TurnState& turn = game.state().turn;
    anvil::Choice choice;
    choice.kind = anvil::ChoiceKind::action;
    choice.player = turn.active;
    choice.prompt = "Turn " + std::to_string(turn.number) + ": wait or win?";
    choice.options.push_back({"Wait", {}, 0});
    choice.options.push_back({"Win", {}, 1});
    choice.pass = 0;
    const bool win = game.ask(choice).picks.at(0) == 1;
    if (game.state().attrs.get(kArmed) != 0) throw 42;  // after the game's first decision
    anvil::Journal& j = game.journal();
    if (win || turn.number >= kLastTurn) {
      for (const anvil::Player& p : game.state().players)
        j.set_outcome(p.id, !win                  ? anvil::Outcome::drew
                            : p.id == turn.active ? anvil::Outcome::won
                                                  : anvil::Outcome::lost);
      j.set_over(true);
      return false;
    }
    const auto next = anvil::PlayerId(
        static_cast<std::uint8_t>((turn.active.value + 1) % game.state().players.size()));
    j.set_turn_number(turn.number + 1);
    j.set_active_player(next);
    j.set_priority_player(next);
    return true;
  }

  std::vector<anvil::LegalAction> legal_actions(const anvil::Game& game,
                                                anvil::PlayerId player) const override {
    if (game.state().over || player != game.state().turn.active) return {};
    anvil::LegalAction wait;
    wait.kind = anvil::LegalAction::Kind::pass;
    wait.label = "Wait";
    return {wait};
  }
  void check_state(anvil::Game&) const override {}
  std::unique_ptr<anvil::Game> setup_position(std::shared_ptr<const anvil::CardPool>,
                                              const anvil::Position&) const override {
    throw anvil::LoadError({}, "the test-throws rules have no positions");
  }
  std::vector<std::string> step_names() const override { return {"turn"}; }
  std::string step_name(const anvil::Game&) const override { return "turn"; }
  std::string why_not(const anvil::Game&, anvil::PlayerId,
                      const anvil::LegalAction&) const override {
    return "the test-throws rules ask their own questions";
  }
};

}  // namespace

ANVIL_PLUGIN("test-rules-throws", "1.0.0", "test plugin: a rules module that throws 42") {
  registrar.add<anvil::RulesModule>("test-throws", std::make_shared<ThrowingRules>());
}
