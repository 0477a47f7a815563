// ChoosePlayer / ChooseOpponent: "As CARDNAME enters the battlefield, choose a player." (Stuffy
// Doll). The choice is kept on the object (kChosenPlayer) and read by the Drawback$ player word
// Chosen: Stuffy Doll's "deals that much damage to the chosen player" is
// `trigger: {when: dealt_damage, do: "ChosenDamage/Dealt"}`.
//
// The choice is made as the permanent's move onto the battlefield is announced, before any
// ability triggered by that move is put on the stack, so nothing can see the permanent without
// its choice. A permanent put onto the battlefield by a scenario's position has made no choice.
#include <string>

#include "drawback.hpp"

namespace anvil::effect_drawback {

namespace {

class ChooseAsEnters final : public Ability {
 public:
  explicit ChooseAsEnters(bool opponent) : opponent_(opponent) {}

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const bool opponent = opponent_;
    out.push_back(
        game.bus().on_trigger<ZoneChangeEvent>([self, opponent](Game& g, const ZoneChangeEvent& e) {
          if (e.object != self || e.to.kind != ZoneKind::battlefield ||
              e.from.kind == ZoneKind::battlefield)
            return;
          choose(g, self, opponent);
        }));
  }

  std::string describe() const override {
    return std::string("As CARDNAME enters the battlefield, choose ") +
           (opponent_ ? "an opponent." : "a player.");
  }

 private:
  static void choose(Game& game, ObjectId self, bool opponent) {
    const PlayerId you = game.object(self).controller;
    Choice choice;
    choice.kind = ChoiceKind::option;
    choice.player = you;
    choice.prompt = std::string("Choose ") + (opponent ? "an opponent" : "a player") + " for " +
                    std::string(game.view(self).name);
    choice.source = self;
    for (std::size_t i = 0; i < game.state().player_count(); ++i) {
      const PlayerId p{static_cast<std::uint8_t>(i)};
      if (opponent && p == you) continue;
      choice.options.push_back({"player " + std::to_string(i), Target::of(p), 0});
    }
    if (choice.options.empty()) return;  // no opponent to choose
    choice.min_picks = choice.max_picks = 1;
    const PlayerId chosen = choice.options.at(game.ask(choice).picks.at(0)).target.player;
    game.journal().set_attr(self, kChosenPlayer, chosen.value + 1);
  }

  bool opponent_;
};

class ChooseKeyword final : public KeywordHandler {
 public:
  explicit ChooseKeyword(bool opponent) : opponent_(opponent) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::static_, params.keyword(),
                                            "effect-drawback", params.where(),
                                            std::make_shared<ChooseAsEnters>(opponent_)});
  }
  std::string summary() const override {
    return opponent_ ? "ChooseOpponent — as CARDNAME enters the battlefield, choose an opponent "
                       "(Drawback$ player word Chosen)"
                     : "ChoosePlayer — as CARDNAME enters the battlefield, choose a player "
                       "(Drawback$ player word Chosen)";
  }

 private:
  bool opponent_;
};

}  // namespace

PlayerId chosen_player(const Game& game, ObjectId object) {
  if (!game.state().exists(object)) return PlayerId::none();
  const std::int64_t v = game.object(object).attrs.get(kChosenPlayer);
  if (v <= 0 || static_cast<std::size_t>(v) > game.state().player_count()) return PlayerId::none();
  return PlayerId{static_cast<std::uint8_t>(v - 1)};
}

void register_choice_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("ChoosePlayer", std::make_shared<ChooseKeyword>(false));
  registrar.add<KeywordHandler>("ChooseOpponent", std::make_shared<ChooseKeyword>(true));
}

}  // namespace anvil::effect_drawback
