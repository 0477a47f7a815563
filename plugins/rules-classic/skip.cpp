// "Skip" (614.10): `skip_step: {step: upkeep, whose: each}` — Eon Hub's "Players skip their
// upkeep steps."; steps untap, upkeep and draw, for each player (each) or the controller (you).
// `skip_next: {step: draw}` — Fatigue's "Target player skips their next draw step.", a spell.
//
// Skipping is a replacement effect: the module announces every step as a TurnStepEvent that
// replacement effects see before anything of the step happens (turn.cpp, begin_step), and a
// skip cancels it. A cancelled step does not happen at all: no turn-based action (nothing
// untaps, nobody draws), no "at the beginning of" trigger, no priority. Like any replacement, a
// skip applies at most once to one step (614.5), so two Eon Hubs skip the step once, and the
// game goes on to the next step (614.10a: what was scheduled for the skipped step does not
// happen; the bookkeeping of a new turn — lands played, "until your next turn" — is not part of
// the untap step and still happens).
//
// "Skip your next draw step" waits for the player's first draw step and is used up by skipping
// it. As the spell resolves, its target gets a marker (a floating effect naming the card's mark
// ability, affected: the player, lasting until used); the card's replacement, connected from
// every zone, applies to that player's step while a marker of its own is left, and removes one
// as it cancels the step. A cancelled step takes no other replacement, so two Fatigues on one
// player skip their next two draw steps, one each (614.10a: "one effect will be satisfied in
// skipping the first occurrence, while the other will remain until another occurrence can be
// skipped").
#include <optional>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class SkipStepAbility final : public Ability {
 public:
  SkipStepAbility(std::uint16_t step, bool each) : step_(step), each_(each) {}

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<TurnStepEvent>(
        [this, self](const Game& g, const TurnStepEvent& e) -> std::optional<Replacement<TurnStepEvent>> {
          if (e.step != step_ || (!each_ && e.active != g.object(self).controller))
            return std::nullopt;
          return Replacement<TurnStepEvent>{
              std::string("skip the ") + step_label(step_) + " step (" + object_label(g, self) + ")",
              self, [](Game&, TurnStepEvent& t) { t.cancelled = true; }};
        }));
  }

  std::string describe() const override {
    return std::string(each_ ? "Players skip their " : "Skip your ") + step_label(step_) +
           (each_ ? " steps." : " step.");
  }

 private:
  std::uint16_t step_;
  bool each_;
};

// skip_step: {step: untap | upkeep | draw, whose: each | you}
class SkipStepKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"step", "whose"});
    const Param& step = b.required("step");
    std::uint16_t s = kUntap;
    if (step.text() == "upkeep") {
      s = kUpkeep;
    } else if (step.text() == "draw") {
      s = kDraw;
    } else if (step.text() != "untap") {
      step.fail("cannot skip the step '" + step.text() + "'", "untap, upkeep or draw");
    }
    const Param& whose = b.required("whose");
    if (whose.text() != "each" && whose.text() != "you")
      whose.fail("unknown player '" + whose.text() + "'", "each or you");
    auto impl = std::make_shared<SkipStepAbility>(s, whose.text() == "each");
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::replacement, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "skip_step: {step: upkeep, whose: each} — \"players skip their upkeep steps\" "
           "(untap, upkeep or draw; each player or you)";
  }
};

class SkipNextAbility final : public Ability {
 public:
  std::uint16_t step = kDraw;
  std::uint16_t marker = 0;  // the index of the markers' ability on the card

  ZoneMask zones() const override { return kEveryZone; }
  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose a player"; }
  bool can_target(const Game&, const ResolveContext&, std::size_t, const Target& t) const override {
    return t.is_player();
  }
  std::string describe() const override {
    return std::string("Target player skips their next ") + step_label(step) + " step.";
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (ctx.targets.empty() || !ctx.targets[0].is_player()) return;
    FloatingEffect f = end_of_turn_effect(ctx, marker);
    f.until = Duration::permanent;  // until used: a player never leaves a zone
    f.affected = ctx.targets[0];
    game.add_effect(f);
  }

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<TurnStepEvent>(
        [this, self](const Game& g, const TurnStepEvent& e) -> std::optional<Replacement<TurnStepEvent>> {
          if (e.step != step || !first_marker(g, self, e.active)) return std::nullopt;
          return Replacement<TurnStepEvent>{
              std::string("skip the next ") + step_label(step) + " step (" +
                  std::string(g.card(self).name) + ")",
              self, [this, self](Game& game2, TurnStepEvent& t) {
                t.cancelled = true;
                if (const auto at = first_marker(game2, self, t.active))
                  game2.journal().remove_effect(*at);
              }};
        }));
  }

 private:
  std::optional<std::size_t> first_marker(const Game& g, ObjectId self, PlayerId player) const {
    const auto& effects = g.state().effects;
    for (std::size_t i = 0; i < effects.size(); ++i) {
      const FloatingEffect& f = effects[i];
      if (f.source.id == self && f.ability == marker && f.card == g.object(self).card &&
          f.affected.is_player() && f.affected.player == player)
        return i;
    }
    return std::nullopt;
  }
};

// skip_next: {step: draw}
class SkipNextKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"step"});
    const Param& step = b.required("step");
    if (step.text() != "draw") step.fail("only a next draw step can be skipped", "step: draw");
    auto impl = std::make_shared<SkipNextAbility>();
    impl->marker = static_cast<std::uint16_t>(ctx.card.abilities.size() + 1);
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::spell, impl->describe(), "rules-classic",
                                            params.where(), impl});
    ctx.card.abilities.push_back(mark_ability(params, "(skips the next draw step)"));
  }
  std::string summary() const override {
    return "skip_next: {step: draw} — a spell: \"target player skips their next draw step\"";
  }
};

}  // namespace

void register_skip_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("skip_step", std::make_shared<SkipStepKeyword>());
  registrar.add<KeywordHandler>("skip_next", std::make_shared<SkipNextKeyword>());
}

}  // namespace anvil::rules_classic
