// Replacement effects of permanents (614.1a) on life and damage:
//   double: {what: life_gain}  "If you would gain life, you gain twice that much life instead."
//                              (Boon Reflection, Rhox Faithmender)
//   double: {what: damage}     "If a source would deal damage to a permanent or player, it deals
//                              double that damage to that permanent or player instead." (Furnace
//                              of Rath)
//   gain_becomes_loss          "If an opponent would gain life, that player loses that much life
//                              instead." (Tainted Remedy)
//
// Each is a replacement of a permanent on the battlefield, connected while it is there. The
// kernel's loop of rule 616 applies each effect at most once to one event (614.5), so two life
// doublers turn a gain of 1 into 4 and stop (§2 test 2); with a prevention shield on the same
// damage, the affected object's controller chooses the order (616.1, §2 test 8); a spell's own
// self-replacement (gain_life's `ferocious`) comes before Tainted Remedy (616.1a, §2 test 4).
#include <algorithm>
#include <cstdint>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

enum class Doubled : std::uint8_t { life_gain, damage };

// Twice `n`, kept within the 32-bit amounts events carry.
std::int32_t twice(std::int32_t n) {
  return static_cast<std::int32_t>(std::min<std::int64_t>(std::int64_t{n} * 2, 1'000'000'000));
}

class DoubleAbility final : public Ability {
 public:
  explicit DoubleAbility(Doubled what) : what_(what) {}

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    if (what_ == Doubled::life_gain) {
      out.push_back(game.bus().on_replacement<LifeChangeEvent>(
          [self](const Game& g, const LifeChangeEvent& e) -> std::optional<Replacement<LifeChangeEvent>> {
            if (e.delta <= 0 || e.player != g.object(self).controller) return std::nullopt;
            return Replacement<LifeChangeEvent>{
                "gain twice that much life (" + object_label(g, self) + ")", self,
                [](Game&, LifeChangeEvent& l) { l.delta = twice(l.delta); }};
          }));
    } else {
      out.push_back(game.bus().on_replacement<DamageEvent>(
          [self](const Game& g, const DamageEvent& e) -> std::optional<Replacement<DamageEvent>> {
            if (e.amount <= 0) return std::nullopt;  // 614.7a: no damage, nothing to double
            return Replacement<DamageEvent>{
                "deal double that damage (" + object_label(g, self) + ")", self,
                [](Game&, DamageEvent& d) { d.amount = twice(d.amount); }};
          }));
    }
  }

  std::string describe() const override {
    return what_ == Doubled::life_gain
               ? "If you would gain life, you gain twice that much life instead."
               : "If a source would deal damage to a permanent or player, it deals double that "
                 "damage to that permanent or player instead.";
  }

 private:
  Doubled what_;
};

// double: {what: life_gain} / double: {what: damage}
class DoubleKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"what"});
    const Param& what = b.required("what");
    Doubled d = Doubled::life_gain;
    if (what.text() == "damage") {
      d = Doubled::damage;
    } else if (what.text() != "life_gain") {
      what.fail("unknown thing to double '" + what.text() + "'", "life_gain or damage");
    }
    auto impl = std::make_shared<DoubleAbility>(d);
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::replacement, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "double: {what: life_gain} — \"if you would gain life, you gain twice that much "
           "instead\"; {what: damage} — every source deals double damage";
  }
};

// "If an opponent would gain life, that player loses that much life instead."
class GainBecomesLossAbility final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<LifeChangeEvent>(
        [self](const Game& g, const LifeChangeEvent& e) -> std::optional<Replacement<LifeChangeEvent>> {
          if (e.delta <= 0 || e.player == g.object(self).controller) return std::nullopt;
          return Replacement<LifeChangeEvent>{
              "lose that much life instead (" + object_label(g, self) + ")", self,
              [](Game&, LifeChangeEvent& l) { l.delta = -l.delta; }};
        }));
  }
  std::string describe() const override {
    return "If an opponent would gain life, that player loses that much life instead.";
  }
};

// gain_becomes_loss: {whose: opponents}
class GainBecomesLossKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"whose"});
    const Param& whose = b.required("whose");
    if (whose.text() != "opponents")
      whose.fail("only an opponent's life gain becomes a loss", "whose: opponents");
    auto impl = std::make_shared<GainBecomesLossAbility>();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::replacement, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "gain_becomes_loss: {whose: opponents} — an opponent who would gain life loses that "
           "much instead";
  }
};

}  // namespace

void register_replacement_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("double", std::make_shared<DoubleKeyword>());
  registrar.add<KeywordHandler>("gain_becomes_loss", std::make_shared<GainBecomesLossKeyword>());
}

}  // namespace anvil::rules_classic
