// Small spell abilities of the classic card language: `bounce` (Unsummon), `destroy` ("Destroy
// two target creatures"), `gain_life`
// ("Target player gains 3 life"; with `ferocious`, a self-replacement) and `modal` ("Choose one —", 700.2): a modal card's spell
// abilities are its modes; each is offered as its own cast action (LegalAction::ability names
// the mode, as Forge lists one spell ability per mode), and only the chosen mode's targets are
// chosen and only that mode resolves.
#include <array>
#include <string>
#include <utility>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// "Return target creature to its owner's hand."
class BounceAbility final : public Ability {
 public:
  std::size_t target_count() const override { return 1; }
  std::string target_prompt(std::size_t) const override { return "Choose a creature to return"; }
  bool can_target(const Game& game, const ResolveContext&, std::size_t,
                  const Target& t) const override {
    return t.is_object() && is_creature(game, t.object.id);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
    const ObjectId id = ctx.targets[0].object.id;
    move_to_zone(game, id, ZoneRef::hand(game.object(id).owner), Cause::bounce, ctx.source.id);
  }
  std::string describe() const override { return "Return target creature to its owner's hand."; }
};

// "Destroy target creature." / "Destroy two target creatures." — different creatures, destroyed
// at once; on resolution the ones that became illegal are left alone (608.2b, §7 test 2).
class DestroyTargetsAbility final : public Ability {
 public:
  std::size_t count = 1;
  std::size_t target_count() const override { return count; }
  std::string target_prompt(std::size_t) const override { return "Choose a creature to destroy"; }
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t i,
                  const Target& t) const override {
    if (!t.is_object() || !is_creature(game, t.object.id)) return false;
    for (std::size_t k = 0; k < ctx.targets.size(); ++k)  // "two target creatures" are two
      if (k != i && ctx.targets[k].is_object() && ctx.targets[k].object.id == t.object.id)
        return false;
    return true;
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    std::vector<ObjectId> doomed;
    for (const Target& t : ctx.targets)
      if (t.is_object()) doomed.push_back(t.object.id);
    destroy_simultaneously(game, doomed, ctx.source.id);
  }
  std::string describe() const override {
    static constexpr std::array<std::string_view, 5> kCounts{"", "", "two", "three", "four"};
    return count == 1 ? "Destroy target creature."
                      : "Destroy " + std::string(kCounts[count]) + " target creatures.";
  }
};

// "Target player gains N life." / "You gain N life."
class GainLifeAbility final : public Ability {
 public:
  bool targeted = true;
  std::int64_t amount = 0;
  std::size_t target_count() const override { return targeted ? 1 : 0; }
  std::string target_prompt(std::size_t) const override { return "Choose a player"; }
  bool can_target(const Game&, const ResolveContext&, std::size_t, const Target& t) const override {
    return t.is_player();
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    PlayerId who = ctx.controller;
    if (targeted) {
      if (ctx.targets.empty() || !ctx.targets[0].is_player()) return;
      who = ctx.targets[0].player;
    }
    gain_life(game, who, static_cast<std::int32_t>(amount), ctx.source.id);
  }
  std::string describe() const override {
    return std::string(targeted ? "Target player gains " : "You gain ") + std::to_string(amount) +
           " life.";
  }
};

// Ferocious — "You gain N life instead if you control a creature with power 4 or greater." (Feed
// the Clan): a self-replacement effect (614.15) of the spell's own life gain. It is a
// replacement of the kernel's loop, connected while the spell is on the stack and applying only
// to life gained from it, in the category applied before every other (616.1a): an opponent's
// "if an opponent would gain life, that player loses that much life instead" (Tainted Remedy)
// then turns the N gained into N lost (§2 test 4).
class FerociousLifeAbility final : public Ability {
 public:
  std::int32_t amount = 0;
  ZoneMask zones() const override { return zone_bit(ZoneKind::stack); }
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(game.bus().on_replacement<LifeChangeEvent>(
        [this, self](const Game& g, const LifeChangeEvent& e) -> std::optional<Replacement<LifeChangeEvent>> {
          if (e.delta <= 0 || e.source != self || !ferocious(g, g.object(self).controller))
            return std::nullopt;
          return Replacement<LifeChangeEvent>{
              "ferocious: gain " + std::to_string(amount) + " life instead (" +
                  object_label(g, self) + ")",
              self, [this](Game&, LifeChangeEvent& l) { l.delta = amount; },
              ReplacementCategory::self};
        }));
  }
  std::string describe() const override {
    return "Ferocious — You gain " + std::to_string(amount) +
           " life instead if you control a creature with power 4 or greater.";
  }

 private:
  static bool ferocious(const Game& game, PlayerId p) {
    for (ObjectId id : controlled(game, p))
      if (is_creature(game, id) && game.view(id).power >= 4) return true;
    return false;
  }
};

// bounce: {target: creature}
class BounceKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"target"});
    const Param& t = b.required("target");
    if (t.text() != "creature") t.fail("bounce returns a 'creature'");
    ctx.card.abilities.push_back(
        make_ability_def(AbilityKind::spell, params, std::make_shared<BounceAbility>()));
  }
  std::string summary() const override {
    return "bounce: {target: creature} — return target creature to its owner's hand";
  }
};

// destroy: {targets: 2}
class DestroyKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"targets?"});
    auto impl = std::make_shared<DestroyTargetsAbility>();
    if (const Param* n = given(b, "targets")) {
      const std::int64_t v = n->integer();
      if (v < 1 || v > 4) n->fail("destroy takes 1 to 4 target creatures");
      impl->count = static_cast<std::size_t>(v);
    }
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::spell, params, impl));
  }
  std::string summary() const override {
    return "destroy: {targets: 2} — destroy one to four different target creatures";
  }
};

// gain_life: {target: player, amount: 3, ferocious: 10}
class GainLifeKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"amount", "target?", "ferocious?"});
    auto impl = std::make_shared<GainLifeAbility>();
    const Param& amount = b.required("amount");
    impl->amount = amount.integer();
    if (impl->amount < 1 || impl->amount > 1000) amount.fail("gain 1 to 1000 life");
    if (const Param* t = b.optional("target")) {
      if (t->text() == "you")
        impl->targeted = false;
      else if (t->text() != "player")
        t->fail("unknown target '" + t->text() + "'", "player or you");
    }
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::spell, params, std::move(impl)));
    if (const Param* f = b.optional("ferocious")) {
      auto instead = std::make_shared<FerociousLifeAbility>();
      const std::int64_t n = f->integer();
      if (n < 1 || n > 1000) f->fail("gain 1 to 1000 life instead");
      instead->amount = static_cast<std::int32_t>(n);
      ctx.card.abilities.push_back(
          make_ability_def(AbilityKind::replacement, params, std::move(instead)));
    }
  }
  std::string summary() const override {
    return "gain_life: {target: player, amount: 3, ferocious: 6} — target player (or you) gains "
           "life; with ferocious, that much instead if you control a creature with power 4+";
  }
};

class ModalMarker final : public Ability {
 public:
  std::string describe() const override { return "Choose one —"; }
};

// modal: the card's spell abilities are modes, one of which is chosen as it is cast.
class ModalKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("'modal' takes no parameters");
    ctx.card.abilities.push_back(
        make_ability_def(AbilityKind::keyword, params, std::make_shared<ModalMarker>()));
  }
  std::string summary() const override {
    return "modal — \"Choose one —\": each spell ability of the card is a mode";
  }
};

}  // namespace

bool is_modal(const CardDef& def) {
  // The marker is only ever a keyword ability (ModalKeyword): most abilities are told apart by
  // their kind, without a dynamic_cast (the listing asks this for every card in hand).
  for (const AbilityDef& a : def.abilities)
    if (a.kind == AbilityKind::keyword && dynamic_cast<const ModalMarker*>(a.impl.get()))
      return true;
  return false;
}

std::vector<std::uint16_t> spell_modes(const CardDef& def) {
  std::vector<std::uint16_t> out;
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (def.abilities[i].kind == AbilityKind::spell && def.abilities[i].impl)
      out.push_back(static_cast<std::uint16_t>(i));
  if (!is_modal(def) && out.size() > 1) out.resize(1);
  return out;
}

void register_spell_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("bounce", std::make_shared<BounceKeyword>());
  registrar.add<KeywordHandler>("destroy", std::make_shared<DestroyKeyword>());
  registrar.add<KeywordHandler>("gain_life", std::make_shared<GainLifeKeyword>());
  registrar.add<KeywordHandler>("modal", std::make_shared<ModalKeyword>());
}

}  // namespace anvil::rules_classic
