// The 26 statuses (HEARTH-TAGS.md §4). Each applies itself to Stats; stats.hpp folds them.
#include "compiler.hpp"

namespace anvil::tags {

namespace {

enum class Op : std::uint8_t {
  change_attack, change_health, set_attack, double_attack, minimum_health,
  attack_equals_health, mana_change, flag, spell_damage, multiply_spell, multiply_heal,
  weapon_bonus
};

class OpStatus final : public Status {
 public:
  OpStatus(Op op, std::uint32_t flag) : op_(op), flag_(flag) {}
  void apply(Stats& s, std::int64_t amount, std::int64_t minimum) const override {
    const auto n = static_cast<std::int32_t>(amount);
    switch (op_) {
      case Op::change_attack: s.attack += n; break;
      case Op::change_health: s.health += n; break;
      case Op::set_attack: s.attack = n; break;
      case Op::double_attack: s.attack *= 2; break;
      case Op::minimum_health: s.min_health = std::max(s.min_health, n); break;
      case Op::attack_equals_health:
        s.attack_is_health = true;
        break;  // finish_stats()
      case Op::mana_change:
        s.cost = static_cast<std::int32_t>(mana_change(s.cost, amount, minimum));
        break;
      case Op::flag: s.flags |= flag_; break;
      case Op::spell_damage: s.spell_damage += n; break;
      case Op::multiply_spell: s.spell_multiplier *= n; break;
      case Op::multiply_heal: s.heal_multiplier *= n; break;
      case Op::weapon_bonus: s.weapon_bonus += n; break;
    }
  }
  bool changes_cost() const override { return op_ == Op::mana_change; }

 private:
  Op op_;
  std::uint32_t flag_;
};

class OpStatusFactory final : public StatusFactory {
 public:
  OpStatusFactory(Op op, std::uint32_t flag = 0)
      : status_(std::make_shared<OpStatus>(op, flag)) {}
  std::shared_ptr<const Status> compile(const Param&, Compiler&) const override { return status_; }

 private:
  std::shared_ptr<const Status> status_;
};

}  // namespace

void register_statuses(Registrar& r) {
  auto add = [&](const char* name, Op op, std::uint32_t flag = 0) {
    r.add<StatusFactory>(name, std::make_shared<OpStatusFactory>(op, flag));
  };
  add("change_attack", Op::change_attack);
  add("change_health", Op::change_health);
  add("set_attack", Op::set_attack);
  add("double_attack", Op::double_attack);
  add("minimum_health", Op::minimum_health);
  add("attack_equals_health", Op::attack_equals_health);
  add("mana_change", Op::mana_change);
  add("charge", Op::flag, kCharge);
  add("taunt", Op::flag, kTaunt);
  add("stealth", Op::flag, kStealth);
  add("divine_shield", Op::flag, kDivineShield);
  add("frozen", Op::flag, kFrozen);
  add("immune", Op::flag, kImmune);
  add("windfury", Op::flag, kWindfury);
  add("mega_windfury", Op::flag, kMegaWindfury);
  add("can_attack", Op::flag, kCanAttack);
  add("cant_attack", Op::flag, kCantAttack);
  add("no_spell_target", Op::flag, kNoSpellTarget);
  add("stolen", Op::flag, kStolen);
  add("heal_as_damage", Op::flag, kHealAsDamage);
  add("double_deathrattle", Op::flag, kDoubleDeathrattle);
  add("power_targets_minions", Op::flag, kPowerTargetsMinions);
  add("spell_damage", Op::spell_damage);
  add("multiply_spell_damage", Op::multiply_spell);
  add("multiply_heal_amount", Op::multiply_heal);
  add("increase_weapon_bonus", Op::weapon_bonus);
}

}  // namespace anvil::tags
