// `lands_are_creatures: {subtype: Forest, power: 1, toughness: 1}` — Living Lands' "All Forests
// are 1/1 creatures that are still lands." Two effects of one static ability, each in its layer
// (613.1d, 613.4b): the type-changing one adds Creature to every permanent on the battlefield
// with the land subtype; the power and toughness setting one makes each of those N/M. Both
// decide on the characteristics so far, so a permanent that stops being a Forest in an earlier
// layer is neither; a land card in any other zone is not affected (the effect applies only to
// permanents), which is also why an Imposing Sovereign ignores it as a Forest enters (614.12,
// enters_tapped.cpp).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class LandCreatureEffect final : public ContinuousEffect {
 public:
  LandCreatureEffect(Layer layer, Symbol subtype, std::int32_t power, std::int32_t toughness)
      : layer_(layer), subtype_(subtype), power_(power), toughness_(toughness) {}
  Layer layer() const override { return layer_; }
  bool affects(const Game& game, const EffectContext&, ObjectId object,
               const Characteristics& so_far) const override {
    return so_far.has_subtype(subtype_) && so_far.has_type(kLand) && on_battlefield(game, object);
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    if (layer_ == Layer::type) {
      if (!c.has_type(kCreature)) c.types.push_back(kCreature);
      return;
    }
    c.has_stats = true;
    c.power = power_;
    c.toughness = toughness_;
  }

 private:
  Layer layer_;
  Symbol subtype_;
  std::int32_t power_, toughness_;
};

// lands_are_creatures: {subtype: Forest, power: 1, toughness: 1}
class LandsAreCreaturesKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"subtype", "power", "toughness"});
    const Param& subtype = b.required("subtype");
    const std::int64_t power = b.required("power").integer();
    const std::int64_t toughness = b.required("toughness").integer();
    for (std::int64_t n : {power, toughness})
      if (n < 0 || n > 1000) params.fail("a power or toughness is between 0 and 1000");
    const Symbol s(subtype.text());
    const std::string text = "All " + subtype.text() + "s are " + std::to_string(power) + "/" +
                             std::to_string(toughness) + " creatures that are still lands.";
    const auto p = static_cast<std::int32_t>(power), t = static_cast<std::int32_t>(toughness);
    const std::string pt = "(" + std::to_string(power) + "/" + std::to_string(toughness) + ")";
    for (Layer layer : {Layer::type, Layer::pt_set}) {
      auto impl = std::make_shared<StaticAbility>(
          std::make_shared<LandCreatureEffect>(layer, s, p, t), layer == Layer::type ? text : pt);
      ctx.card.abilities.push_back(AbilityDef{AbilityKind::static_, impl->describe(),
                                              "rules-classic", params.where(), impl});
    }
  }
  std::string summary() const override {
    return "lands_are_creatures: {subtype: Forest, power: 1, toughness: 1} — \"all Forests are "
           "1/1 creatures that are still lands\"";
  }
};

}  // namespace

void register_land_creatures_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("lands_are_creatures", std::make_shared<LandsAreCreaturesKeyword>());
}

}  // namespace anvil::rules_classic
