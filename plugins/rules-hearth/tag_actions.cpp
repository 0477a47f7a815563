// The tag actions the hearth rules add to the tags vocabulary (docs/hearth-tags.md): actions
// that need what only this module keeps of a minion, registered as any other plugin's would be.
#include "tag_actions.hpp"

namespace anvil::rules_hearth {

namespace {

// Mirror Entity's copy (Hearthbreaker's MirrorEntity summons `minion.copy`): each minion the
// selector selects, as it is now (its damage, buffs and effects, not the auras of others), for
// the action's player, beside the tag's holder there or, for a secret, at the right end. The
// card source `object` would summon a fresh card instead: a 6/6 Frostwolf Warlord copied as 4/4.
class SummonCopy final : public tags::Action {
 public:
  explicit SummonCopy(std::shared_ptr<const tags::Selector> s) : selector_(std::move(s)) {}
  void run(tags::Ctx& c, const Target& t) const override {
    auto* w = dynamic_cast<HearthWorld*>(&c.world);
    if (!w) throw RulesError("summon_copy needs the hearth rules, which keep what a copy copies");
    const PlayerId p = t.is_player() ? t.player : w->controller(t);
    for (const Target& m : selector_->select(c))
      if (m.is_object() && w->is_minion_on_board(m.object.id))
        w->summon_as(w->game().object(m.object.id).card, p, c.owner, tags::World::Side::right,
                     m.object.id);
  }

 private:
  std::shared_ptr<const tags::Selector> selector_;
};

class SummonCopyFactory final : public tags::ActionFactory {
 public:
  std::shared_ptr<const tags::Action> compile(const Param& tag, tags::Compiler& c) const override {
    const Param* sel = tag.find("selector");
    if (!sel) tag.fail("summon_copy needs 'selector' (the minions to copy)");
    auto selector = c.selector(*sel);
    if (!selector) return nullptr;  // unsupported: the compiler has warned
    return std::make_shared<SummonCopy>(std::move(selector));
  }
};

}  // namespace

void register_tag_actions(Registrar& registrar) {
  registrar.add<tags::ActionFactory>("summon_copy", std::make_shared<SummonCopyFactory>());
}

}  // namespace anvil::rules_hearth
