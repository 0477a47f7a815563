// Drawing from an empty library (121.4, 614.11) and Laboratory Maniac's `win_on_empty_draw: {}`:
// "If you would draw a card while your library has no cards in it, you win the game instead."
//
// The kernel has no card to move when the library is empty, so it hands the draw to
// ClassicHooks::draw_from_empty. There the module announces the draw as a CustomEvent of kind
// kEmptyDraw (subject: the player) to replacement effects: a draw replacement applies even
// though there is no card to draw (614.11). If nothing replaced it, the player is marked and
// loses at the next state-based check (704.5b); a replaced draw was never attempted, so the
// player does not lose for it.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

void ClassicHooks::draw_from_empty(Game& game, PlayerId player) {
  CustomEvent e;
  e.kind = kEmptyDraw;
  e.subject = Target::of(player);
  if (!game.bus().replace(game, e)) return;
  game.journal().set_attr(player, kDrewFromEmpty, 1);  // loses at the next state-based check
  game.bus().after(game, e);
}

void win_game(Game& game, PlayerId winner) {
  if (game.state().over) return;
  for (const Player& p : game.state().players)
    if (p.outcome == Outcome::playing && p.id != winner)
      game.journal().set_outcome(p.id, Outcome::lost);
  finish_if_decided(game);  // the winner is the one still playing (104.2b)
}

namespace {

class WinOnEmptyDrawAbility final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<CustomEvent>(
        [self](const Game& g, const CustomEvent& e) -> std::optional<Replacement<CustomEvent>> {
          if (e.kind != kEmptyDraw || !e.subject.is_player() ||
              e.subject.player != g.object(self).controller)
            return std::nullopt;
          return Replacement<CustomEvent>{"win the game instead (" + object_label(g, self) + ")",
                                          self, [](Game& game2, CustomEvent& d) {
                                            d.cancelled = true;
                                            win_game(game2, d.subject.player);
                                          }};
        }));
  }
  std::string describe() const override {
    return "If you would draw a card while your library has no cards in it, you win the game "
           "instead.";
  }
};

// win_on_empty_draw: {}
class WinOnEmptyDrawKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    auto impl = std::make_shared<WinOnEmptyDrawAbility>();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::replacement, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "win_on_empty_draw: {} — \"if you would draw a card while your library has no cards "
           "in it, you win the game instead\"";
  }
};

}  // namespace

void register_empty_draw_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("win_on_empty_draw", std::make_shared<WinOnEmptyDrawKeyword>());
}

}  // namespace anvil::rules_classic
