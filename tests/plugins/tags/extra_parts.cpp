// A test plugin that extends the tag vocabulary through the Registry, as any third party would:
// the action `set_armor {amount}` and the condition `has_even_attack`; and `break_down`, an
// action that fails as it runs, as a third party's might (tests/cli: a hearth card that throws).
#include <anvil/sdk.hpp>
#include <anvil/tags/parts.hpp>
#include <stdexcept>

namespace {

using namespace anvil;

class SetArmor final : public tags::Action {
 public:
  explicit SetArmor(tags::Amount a) : amount_(std::move(a)) {}
  void run(tags::Ctx& c, const Target& t) const override {
    if (!t.is_player()) return;
    const std::int64_t have = c.world.game().state().player(t.player).attrs.get(Symbol("armor"));
    const std::int64_t want = amount_.eval(c);
    if (want > have) c.world.gain_armor(t.player, static_cast<std::int32_t>(want - have));
  }

 private:
  tags::Amount amount_;
};

class SetArmorFactory final : public tags::ActionFactory {
 public:
  std::shared_ptr<const tags::Action> compile(const Param& tag, tags::Compiler& c) const override {
    const Param* a = tag.find("amount");
    if (!a) tag.fail("set_armor needs 'amount'");
    return std::make_shared<SetArmor>(c.amount(*a, tag.find("multiplier")));
  }
};

class BreakDown final : public tags::Action {
 public:
  void run(tags::Ctx&, const Target&) const override {
    throw std::runtime_error("break_down broke down, as it was written to");
  }
};

class BreakDownFactory final : public tags::ActionFactory {
 public:
  std::shared_ptr<const tags::Action> compile(const Param&, tags::Compiler&) const override {
    return std::make_shared<BreakDown>();
  }
};

class EvenAttack final : public tags::Condition {
 public:
  bool holds(tags::Ctx& c, const Target& t) const override { return c.world.attack_of(t) % 2 == 0; }
};

class EvenAttackFactory final : public tags::ConditionFactory {
 public:
  std::shared_ptr<const tags::Condition> compile(const Param&, tags::Compiler&) const override {
    return std::make_shared<EvenAttack>();
  }
};

}  // namespace

ANVIL_PLUGIN("test-tags-extra", "0.1.0", "test: one more tag action and condition") {
  registrar.add<anvil::tags::ActionFactory>("set_armor", std::make_shared<SetArmorFactory>());
  registrar.add<anvil::tags::ConditionFactory>("has_even_attack", std::make_shared<EvenAttackFactory>());
  registrar.add<anvil::tags::ActionFactory>("break_down", std::make_shared<BreakDownFactory>());
}
