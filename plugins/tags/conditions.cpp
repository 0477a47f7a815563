// The conditions of HEARTH-TAGS.md §8 that this build supports. Each holds or not for a target
// `t` of the tag in `c`; "the owner" is Ctx::owner.
#include <functional>

#include "anvil/tags/card_script.hpp"
#include "compiler.hpp"

namespace anvil::tags {

namespace {

using Test = std::function<bool(Ctx&, const Target&)>;

class FnCondition final : public Condition {
 public:
  explicit FnCondition(Test test) : test_(std::move(test)) {}
  bool holds(Ctx& c, const Target& t) const override { return test_(c, t); }

 private:
  Test test_;
};

using Build = std::function<Test(const Param&, Compiler&)>;

class FnFactory final : public ConditionFactory {
 public:
  explicit FnFactory(Build build) : build_(std::move(build)) {}
  std::shared_ptr<const Condition> compile(const Param& tag, Compiler& c) const override {
    Test t = build_(tag, c);
    if (!t) return nullptr;
    return std::make_shared<FnCondition>(std::move(t));
  }

 private:
  Build build_;
};

bool is_object(const Target& t) { return t.is_object(); }

const CardScript* script_of(Ctx& c, const Target& t) {
  if (!t.is_object() || !c.world.game().state().exists(t.object.id)) return nullptr;
  return card_script(c.world.game().card(t.object.id));
}

bool on_board(Ctx& c, const Target& t) {
  return t.is_object() && c.world.game().object(t.object.id).zone.kind == ZoneKind::battlefield;
}

// Position of a minion on its side, or -1.
std::ptrdiff_t board_index(Ctx& c, ObjectId id) {
  if (!c.world.game().state().exists(id)) return -1;
  const GameObject& o = c.world.game().object(id);
  if (o.zone.kind != ZoneKind::battlefield) return -1;
  const auto& b = c.world.game().state().zone(o.zone).objects;
  for (std::size_t i = 0; i < b.size(); ++i)
    if (b[i] == id) return static_cast<std::ptrdiff_t>(i);
  return -1;
}

bool adjacent(Ctx& c, ObjectId a, const Target& t) {
  if (!t.is_object()) return false;
  const auto i = board_index(c, a), j = board_index(c, t.object.id);
  if (i < 0 || j < 0) return false;
  if (c.world.game().object(a).zone != c.world.game().object(t.object.id).zone) return false;
  return i - j == 1 || j - i == 1;
}

std::int32_t attack_of(Ctx& c, const Target& t) { return c.world.attack_of(t); }

void add(Registrar& r, const char* name, Build b) {
  r.add<ConditionFactory>(name, std::make_shared<FnFactory>(std::move(b)));
}

// A condition that ignores its keys.
void add_plain(Registrar& r, const char* name, Test t) {
  add(r, name, [t](const Param&, Compiler&) { return t; });
}

}  // namespace

void register_conditions(Registrar& r) {
  add_plain(r, "minion_is_not_target", [](Ctx& c, const Target& t) {
    return !(t.is_object() && t.object.id == c.owner);
  });
  add_plain(r, "minion_is_target", [](Ctx& c, const Target& t) {
    return t.is_object() && t.object.id == c.owner;
  });
  add_plain(r, "card_is_not_target", [](Ctx& c, const Target& t) {
    return !(t.is_object() && t.object.id == c.owner);
  });
  add_plain(r, "not_current_target", [](Ctx& c, const Target& t) { return !(t == c.target); });
  auto kind_is = [](CardKind k) {
    return [k](Ctx& c, const Target& t) {
      const CardScript* s = script_of(c, t);
      return s && s->kind == k;
    };
  };
  add_plain(r, "is_minion", kind_is(CardKind::minion));
  add_plain(r, "is_spell", kind_is(CardKind::spell));
  add_plain(r, "is_weapon", kind_is(CardKind::weapon));
  add_plain(r, "is_secret", [](Ctx&, const Target&) { return false; });  // no secrets exist
  add_plain(r, "has_secret", [](Ctx&, const Target&) { return false; });
  add_plain(r, "is_hero", [](Ctx&, const Target& t) { return t.is_player(); });
  add_plain(r, "target_is_minion", [](Ctx& c, const Target&) { return on_board(c, c.target); });
  add(r, "is_type", [](const Param& tag, Compiler&) -> Test {
    const Param* type = tag.find("minion_type");
    if (!type) tag.fail("is_type needs 'minion_type'");
    const Symbol want(type->text());
    const bool include_self = tag.find("include_self") && tag.find("include_self")->boolean();
    return [want, include_self](Ctx& c, const Target& t) {
      if (!include_self && t.is_object() && t.object.id == c.owner) return false;
      const CardScript* s = script_of(c, t);
      return s && (s->minion_type == want || s->minion_type == "All"_sym);
    };
  });
  add(r, "is_rarity", [](const Param& tag, Compiler&) -> Test {
    const Symbol want(tag.find("rarity") ? tag.find("rarity")->text() : "");
    return [want](Ctx& c, const Target& t) {
      const CardScript* s = script_of(c, t);
      return s && s->rarity == want;
    };
  });
  add(r, "has_card_name", [](const Param& tag, Compiler&) -> Test {
    const std::string name = tag.find("card_name") ? tag.find("card_name")->text() : "";
    return [name](Ctx& c, const Target& t) {
      return t.is_object() && c.world.game().card(t.object.id).name == name;
    };
  });
  add(r, "mana_cost", [](const Param& tag, Compiler&) -> Test {
    const std::int64_t n = int_key(tag, "amount", 0);
    return [n](Ctx& c, const Target& t) { return t.is_object() && c.world.stats(t.object.id).cost == n; };
  });
  add_plain(r, "has_overload", [](Ctx& c, const Target& t) {
    const CardScript* s = script_of(c, t);
    return s && s->overload > 0;
  });
  add_plain(r, "has_battlecry", [](Ctx& c, const Target& t) {
    const CardScript* s = script_of(c, t);
    return s && !s->battlecry.empty();
  });
  add_plain(r, "minion_has_deathrattle", [](Ctx& c, const Target& t) {
    const CardScript* s = script_of(c, t);
    return s && !s->deathrattle.empty() && c.world.game().object(t.object.id).attrs.get("silenced"_sym) == 0;
  });
  add_plain(r, "is_damaged", [](Ctx& c, const Target& t) { return c.world.damage_of(t) > 0; });
  add_plain(r, "has_divine_shield", [](Ctx& c, const Target& t) {
    return is_object(t) && c.world.stats(t.object.id).has(kDivineShield);
  });
  auto attack_cmp = [](const char* key, int op) {
    return [key, op](const Param& tag, Compiler&) -> Test {
      const std::int64_t n = int_key(tag, key, 0);
      const bool include_self = tag.find("include_self") && tag.find("include_self")->boolean();
      return [n, op, include_self](Ctx& c, const Target& t) {
        if (!include_self && t.is_object() && t.object.id == c.owner) return false;
        const std::int64_t a = attack_of(c, t);
        return op == 0 ? a <= n : op == 1 ? a > n : a == n;
      };
    };
  };
  add(r, "attack_less_than_or_equal_to", attack_cmp("attack_max", 0));
  add(r, "attack_greater_than", attack_cmp("attack_min", 1));
  add(r, "minion_count_is", [](const Param& tag, Compiler&) -> Test {
    const std::int64_t n = int_key(tag, "count", 0);
    return [n](Ctx& c, const Target&) {
      return static_cast<std::int64_t>(c.world.minions(c.player).size()) == n;
    };
  });
  add(r, "opponent_minion_count_is_greater_than", [](const Param& tag, Compiler&) -> Test {
    const std::int64_t n = int_key(tag, "count", 0);
    return [n](Ctx& c, const Target&) {
      const PlayerId other(static_cast<std::uint8_t>(1 - c.player.value));
      return static_cast<std::int64_t>(c.world.minions(other).size()) > n;
    };
  });
  add_plain(r, "adjacent", [](Ctx& c, const Target& t) { return adjacent(c, c.owner, t); });
  add_plain(r, "target_adjacent", [](Ctx& c, const Target& t) {
    return c.target.is_object() && adjacent(c, c.target.object.id, t);
  });
  add_plain(r, "owners_turn", [](Ctx& c, const Target&) { return c.world.current_player() == c.player; });
  add(r, "one_in", [](const Param& tag, Compiler&) -> Test {
    const std::int64_t n = std::max<std::int64_t>(1, int_key(tag, "amount", 1));
    return [n](Ctx& c, const Target&) { return c.world.random(static_cast<std::uint64_t>(n)) == 0; };
  });
  add(r, "is_class", [](const Param& tag, Compiler&) -> Test {
    const Param* v = tag.find("amount");
    const Symbol want(v ? v->text() : "");
    return [want](Ctx& c, const Target& t) {
      const CardScript* s = script_of(c, t);
      return s && s->hero_class == want;
    };
  });
  add(r, "base_attack_equal_to", [](const Param& tag, Compiler&) -> Test {
    const std::int64_t n = int_key(tag, "attack_equal", 0);
    const bool include_self = tag.find("include_self") && tag.find("include_self")->boolean();
    return [n, include_self](Ctx& c, const Target& t) {
      if (!include_self && t.is_object() && t.object.id == c.owner) return false;
      const CardScript* s = script_of(c, t);
      return s && s->attack == n;
    };
  });
  add(r, "has_status", [](const Param& tag, Compiler& c) -> Test {
    const Param* st = tag.find("status");
    if (!st) tag.fail("has_status needs 'status'");
    static constexpr std::pair<std::string_view, Flag> kFlags[] = {
        {"taunt", kTaunt}, {"charge", kCharge}, {"stealth", kStealth}, {"divine_shield", kDivineShield},
        {"frozen", kFrozen}, {"immune", kImmune}, {"windfury", kWindfury}, {"cant_attack", kCantAttack}};
    for (const auto& [name, flag] : kFlags)
      if (st->text() == name) {
        const Flag f = flag;
        return [f](Ctx& x, const Target& t) { return t.is_object() && x.world.stats(t.object.id).has(f); };
      }
    c.unsupported("has_status " + st->text());
    return nullptr;
  });
  add(r, "in_graveyard", [](const Param& tag, Compiler&) -> Test {
    const Param* card = tag.find("card");
    if (!card) tag.fail("in_graveyard needs 'card'");
    const std::string name = card->text();
    // A minion of that name died this game (on either side).
    return [name](Ctx& x, const Target&) {
      for (const Player& p : x.world.game().state().players)
        for (ObjectId id : x.world.dead_minions(p.id))
          if (x.world.game().card(id).name == name) return true;
      return false;
    };
  });
  add(r, "not", [](const Param& tag, Compiler& c) -> Test {
    const Param* inner = tag.find("condition");
    if (!inner) tag.fail("not needs 'condition'");
    auto cond = c.condition(*inner);
    if (!cond) return nullptr;
    return [cond](Ctx& x, const Target& t) { return !cond->holds(x, t); };
  });
  add(r, "and", [](const Param& tag, Compiler& c) -> Test {
    const Param* list = tag.find("conditions");
    if (!list || !list->is_list()) tag.fail("and needs a list 'conditions'");
    std::vector<std::shared_ptr<const Condition>> all;
    for (const Param& p : list->items()) {
      auto cond = c.condition(p);
      if (!cond) return nullptr;
      all.push_back(std::move(cond));
    }
    return [all](Ctx& x, const Target& t) {
      for (const auto& cond : all)
        if (!cond->holds(x, t)) return false;
      return true;
    };
  });
  add(r, "greater_than", [](const Param& tag, Compiler& c) -> Test {
    const Param* a = tag.find("amount");
    const Param* v = tag.find("value");
    if (!a || !v) tag.fail("greater_than needs 'amount' and 'value'");
    Amount amount = c.amount(*a, nullptr);
    Amount value = c.amount(*v, nullptr);
    if ((a->is_map() && !amount.function) || (v->is_map() && !value.function)) return nullptr;
    return [amount, value](Ctx& x, const Target&) { return amount.eval(x) > value.eval(x); };
  });
}

}  // namespace anvil::tags
