// The conditions of HEARTH-TAGS.md §8. Each holds or not for a target
// `t` of the tag in `c`; "the owner" is Ctx::owner.
#include <algorithm>
#include <functional>

#include "anvil/tags/card_script.hpp"
#include "compiler.hpp"
#include "vocabulary.hpp"

namespace anvil::tags {

namespace {

using Test = std::function<bool(Ctx&, const Target&)>;
// The same condition judged on a card definition (a card of the collection): (ctx, what the
// query is for, card).
using CardTest = std::function<bool(Ctx&, const Target&, CardId)>;
struct Both {
  Test test;
  CardTest card;  // empty: the condition needs an object in a game
};

class FnCondition final : public Condition {
 public:
  explicit FnCondition(Both both) : both_(std::move(both)) {}
  bool holds(Ctx& c, const Target& t) const override { return both_.test(c, t); }
  bool judges_cards() const override { return static_cast<bool>(both_.card); }
  bool holds_card(Ctx& c, const Target& t, CardId card) const override {
    return both_.card && both_.card(c, t, card);
  }

 private:
  Both both_;
};

using BuildBoth = std::function<Both(const Param&, Compiler&)>;
using Build = std::function<Test(const Param&, Compiler&)>;

class FnFactory final : public ConditionFactory {
 public:
  explicit FnFactory(BuildBoth build) : build_(std::move(build)) {}
  std::shared_ptr<const Condition> compile(const Param& tag, Compiler& c) const override {
    Both b = build_(tag, c);
    if (!b.test) return nullptr;
    return std::make_shared<FnCondition>(std::move(b));
  }

 private:
  BuildBoth build_;
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
  const auto& b = c.world.minions(o.zone.owner);  // its zone: the World finds it faster
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

const CardScript* def_script(Ctx& c, CardId id) { return card_script(c.world.game().cards().at(id)); }

void add_both(Registrar& r, const char* name, BuildBoth b) {
  r.add<ConditionFactory>(name, std::make_shared<FnFactory>(std::move(b)));
}

// A condition of objects in a game only.
void add(Registrar& r, const char* name, Build b) {
  add_both(r, name, [b](const Param& tag, Compiler& c) { return Both{b(tag, c), {}}; });
}

// A condition that ignores its keys.
void add_plain(Registrar& r, const char* name, Test t) {
  add(r, name, [t](const Param&, Compiler&) { return t; });
}

// A condition that ignores its keys and reads only the card's script: judged the same on an
// object (its card) and on a card of the collection.
void add_script(Registrar& r, const char* name, std::function<bool(const CardScript&)> f) {
  add_both(r, name, [f](const Param&, Compiler&) {
    return Both{[f](Ctx& c, const Target& t) {
                  const CardScript* s = script_of(c, t);
                  return s && f(*s);
                },
                [f](Ctx& c, const Target&, CardId id) {
                  const CardScript* s = def_script(c, id);
                  return s && f(*s);
                }};
  });
}

// Hearthbreaker's CARD_RARITY numbers, which its data sometimes writes for a rarity.
Symbol rarity_symbol(const Param& v) {
  static constexpr const char* kRarities[] = {"Free", "Common", "Rare", "Epic", "Legendary"};
  const std::string& text = v.text();
  if (!text.empty() && std::all_of(text.begin(), text.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
    const std::int64_t n = v.integer();
    if (n < 1 || n > 5) v.fail("a rarity number is 1 (Free) to 5 (Legendary)");
    return Symbol(kRarities[n - 1]);
  }
  return Symbol(text);
}

// has_status {status}: Hearthbreaker reads the target's attribute named as the status (getattr),
// true when set. Here every status that leaves such a mark on what the stat fold computes:
// - a keyword (taunt … power_targets_minions) in force now (World::has: a divine shield lost or
//   stealth broken no longer counts; a freeze, which the rules keep apart, does);
// - a number moved from its neutral value: spell_damage, multiply_spell_damage,
//   multiply_heal_amount, increase_weapon_bonus, minimum_health.
// The player modifiers (spell damage, the two multipliers, heal_as_damage, double_deathrattle,
// power_targets_minions) are the player's in Hearthbreaker and the rules read them from the
// player's minions: on a player they hold when its hero or one of its minions has them.
// change_attack, change_health, set_attack, double_attack, attack_equals_health and mana_change
// only change attack, health or cost and leave no such attribute (Hearthbreaker's getattr
// fails): they are reported unsupported. A name that is no status is an error.
Test has_status(const Param& tag, Compiler& c) {
  const Param* st = tag.find("status");
  if (!st) tag.fail("has_status needs 'status'");
  const std::string name = st->text();
  using Read = bool (*)(const Stats&);
  struct Mark {
    std::string_view name;
    Read read;
    bool players;  // a player modifier
  };
  static constexpr Mark kMarks[] = {
      {"spell_damage", [](const Stats& s) { return s.spell_damage != 0; }, true},
      {"multiply_spell_damage", [](const Stats& s) { return s.spell_multiplier != 1; }, true},
      {"multiply_heal_amount", [](const Stats& s) { return s.heal_multiplier != 1; }, true},
      {"increase_weapon_bonus", [](const Stats& s) { return s.weapon_bonus != 0; }, false},
      {"minimum_health", [](const Stats& s) { return s.min_health > 0; }, false}};
  static constexpr std::pair<std::string_view, Flag> kFlags[] = {
      {"taunt", kTaunt}, {"charge", kCharge}, {"stealth", kStealth}, {"divine_shield", kDivineShield},
      {"frozen", kFrozen}, {"immune", kImmune}, {"windfury", kWindfury}, {"mega_windfury", kMegaWindfury},
      {"can_attack", kCanAttack}, {"cant_attack", kCantAttack}, {"no_spell_target", kNoSpellTarget},
      {"stolen", kStolen}, {"heal_as_damage", kHealAsDamage}, {"double_deathrattle", kDoubleDeathrattle},
      {"power_targets_minions", kPowerTargetsMinions}};
  constexpr std::uint32_t kPlayerFlags = kHealAsDamage | kDoubleDeathrattle | kPowerTargetsMinions;
  // `read` on the target, and on a player also on its minions when `players`.
  auto judge = [](Read read, bool players) -> Test {
    return [read, players](Ctx& x, const Target& t) {
      if (t.is_object() && !x.world.game().state().exists(t.object.id)) return false;
      if (read(x.world.stats_of(t))) return true;
      if (!players || !t.is_player()) return false;
      for (ObjectId m : x.world.minions(t.player))
        if (read(x.world.stats(m))) return true;
      return false;
    };
  };
  for (const Mark& m : kMarks)
    if (name == m.name) return judge(m.read, m.players);
  for (const auto& [flag_name, flag] : kFlags)
    if (name == flag_name) {
      const Flag f = flag;
      const bool players = (kPlayerFlags & f) != 0;
      return [f, players](Ctx& x, const Target& t) {
        if (t.is_object() && !x.world.game().state().exists(t.object.id)) return false;
        if (x.world.has(t, f)) return true;
        if (!players || !t.is_player()) return false;
        for (ObjectId m : x.world.minions(t.player))
          if (x.world.stats(m).has(f)) return true;
        return false;
      };
    }
  const auto statuses = vocabulary(PluginKind::tag_status);
  if (std::find(statuses.begin(), statuses.end(), name) == statuses.end())
    st->fail("has_status of '" + name + "', which is not a status",
             did_you_mean(name, std::vector<std::string>(statuses.begin(), statuses.end())));
  c.unsupported("has_status " + name);
  return nullptr;
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
  add_script(r, "is_minion", [](const CardScript& s) { return s.kind == CardKind::minion; });
  add_script(r, "is_spell", [](const CardScript& s) { return s.kind == CardKind::spell; });
  add_script(r, "is_weapon", [](const CardScript& s) { return s.kind == CardKind::weapon; });
  add_script(r, "is_secret", [](const CardScript& s) { return s.secret.has_value(); });
  // Extension (Mad Scientist): a card that no secret its player has in play is a copy of, so that a
  // deck query finds only a secret apply_secret would put in play (one copy of each secret).
  add_plain(r, "secret_not_in_play", [](Ctx& c, const Target& t) {
    if (!t.is_object() || !c.world.game().state().exists(t.object.id)) return false;
    const GameObject& card = c.world.game().object(t.object.id);
    for (ObjectId s : c.world.secrets(card.controller))
      if (c.world.game().object(s).card == card.card) return false;
    return true;
  });
  // Hearthbreaker: the tag owner's player has a secret in play.
  add_plain(r, "has_secret", [](Ctx& c, const Target&) { return !c.world.secrets(c.player).empty(); });
  add_plain(r, "is_hero", [](Ctx&, const Target& t) { return t.is_player(); });
  // Hearthbreaker's TargetIsMinion judges the event's second argument: for character_attack, the
  // character attacked (Gorehowl), not the attacker. Outside an event, the tag's target.
  add_plain(r, "target_is_minion", [](Ctx& c, const Target&) {
    const bool other = c.event && c.event->other.kind != Target::Kind::none;
    return on_board(c, other ? c.event->other : c.target);
  });
  add_both(r, "is_type", [](const Param& tag, Compiler&) -> Both {
    const Param* type = tag.find("minion_type");
    if (!type) tag.fail("is_type needs 'minion_type'");
    const Symbol want(type->text());
    const bool include_self = tag.find("include_self") && tag.find("include_self")->boolean();
    auto is = [want](const CardScript* s) {
      return s && s->kind == CardKind::minion && (s->minion_type == want || s->minion_type == "All"_sym);
    };
    return {[want, include_self, is](Ctx& c, const Target& t) {
              if (!include_self && t.is_object() && t.object.id == c.owner) return false;
              // A hero is of a type when the card that replaced it is (Lord Jaraxxus, a Demon:
              // Sacrificial Pact destroys him).
              if (t.is_player()) {
                const std::optional<CardId> hero = c.world.hero_card(t.player);
                return hero && is(def_script(c, *hero));
              }
              return is(script_of(c, t));
            },
            [is](Ctx& c, const Target&, CardId id) { return is(def_script(c, id)); }};
  });
  add_both(r, "is_rarity", [](const Param& tag, Compiler&) -> Both {
    const Symbol want = tag.find("rarity") ? rarity_symbol(*tag.find("rarity")) : Symbol();
    return {[want](Ctx& c, const Target& t) {
              const CardScript* s = script_of(c, t);
              return s && s->rarity == want;
            },
            [want](Ctx& c, const Target&, CardId id) {
              const CardScript* s = def_script(c, id);
              return s && s->rarity == want;
            }};
  });
  add_both(r, "has_card_name", [](const Param& tag, Compiler&) -> Both {
    const std::string name = tag.find("card_name") ? tag.find("card_name")->text() : "";
    return {[name](Ctx& c, const Target& t) {
              return t.is_object() && c.world.game().card(t.object.id).name == name;
            },
            [name](Ctx& c, const Target&, CardId id) { return c.world.game().cards().at(id).name == name; }};
  });
  // `amount` may be a function: Recombobulator's "the same Cost" reads `self`, which for a
  // card of the collection is the minion the query is for.
  add_both(r, "mana_cost", [](const Param& tag, Compiler& c) -> Both {
    const Param* a = tag.find("amount");
    Amount n = a ? c.amount(*a, nullptr) : Amount{};
    if (a && a->is_map() && !n.function) return {};
    return {[n](Ctx& x, const Target& t) { return t.is_object() && x.world.stats(t.object.id).cost == n.eval(x); },
            [n](Ctx& x, const Target&, CardId id) {
              const CardScript* s = def_script(x, id);
              return s && s->mana == n.eval(x);
            }};
  });
  add_script(r, "has_overload", [](const CardScript& s) { return s.overload > 0; });
  add_script(r, "has_battlecry", [](const CardScript& s) { return !s.battlecry.empty(); });
  add_both(r, "minion_has_deathrattle", [](const Param&, Compiler&) -> Both {
    return {[](Ctx& c, const Target& t) {
              const CardScript* s = script_of(c, t);
              return s && !s->deathrattle.empty() && c.world.game().object(t.object.id).attrs.get("silenced"_sym) == 0;
            },
            [](Ctx& c, const Target&, CardId id) {
              const CardScript* s = def_script(c, id);
              return s && !s->deathrattle.empty();
            }};
  });
  add_plain(r, "is_damaged", [](Ctx& c, const Target& t) { return c.world.damage_of(t) > 0; });
  add_plain(r, "has_divine_shield", [](Ctx& c, const Target& t) {
    return is_object(t) && c.world.has(t, kDivineShield);  // not once lost
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
  // `amount` is a class name, or (Nefarian) {attribute: character_class, selector}: the class
  // of the first selected player's hero.
  add_both(r, "is_class", [](const Param& tag, Compiler& c) -> Both {
    const Param* v = tag.find("amount");
    std::function<Symbol(Ctx&)> want;
    if (v && v->is_map()) {
      const Param* fn = v->find("name");
      const Param* attr = v->find("attribute");
      const Param* sel = v->find("selector");
      if (!fn || fn->text() != "attribute" || !attr || attr->text() != "character_class" || !sel)
        v->fail("is_class reads a class name or {name: attribute, attribute: character_class, selector}");
      auto selector = c.selector(*sel);
      if (!selector) return {};
      want = [selector](Ctx& x) {
        for (const Target& t : selector->select(x))
          if (t.is_player()) return x.world.hero_class(t.player);
        return Symbol();
      };
    } else {
      const Symbol name(v ? v->text() : "");
      want = [name](Ctx&) { return name; };
    }
    return {[want](Ctx& c, const Target& t) {
              const CardScript* s = script_of(c, t);
              return s && s->hero_class == want(c);
            },
            [want](Ctx& c, const Target&, CardId id) {
              const CardScript* s = def_script(c, id);
              return s && s->hero_class == want(c);
            }};
  });
  add_both(r, "base_attack_equal_to", [](const Param& tag, Compiler&) -> Both {
    const std::int64_t n = int_key(tag, "attack_equal", 0);
    const bool include_self = tag.find("include_self") && tag.find("include_self")->boolean();
    return {[n, include_self](Ctx& c, const Target& t) {
              if (!include_self && t.is_object() && t.object.id == c.owner) return false;
              const CardScript* s = script_of(c, t);
              return s && s->attack == n;
            },
            [n](Ctx& c, const Target&, CardId id) {
              const CardScript* s = def_script(c, id);
              return s && s->attack == n;
            }};
  });
  add(r, "has_status", has_status);
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
  add_both(r, "not", [](const Param& tag, Compiler& c) -> Both {
    const Param* inner = tag.find("condition");
    if (!inner) tag.fail("not needs 'condition'");
    auto cond = c.condition(*inner);
    if (!cond) return {};
    Both b{[cond](Ctx& x, const Target& t) { return !cond->holds(x, t); }, {}};
    if (cond->judges_cards())
      b.card = [cond](Ctx& x, const Target& t, CardId id) { return !cond->holds_card(x, t, id); };
    return b;
  });
  add_both(r, "and", [](const Param& tag, Compiler& c) -> Both {
    const Param* list = tag.find("conditions");
    if (!list || !list->is_list()) tag.fail("and needs a list 'conditions'");
    std::vector<std::shared_ptr<const Condition>> all;
    bool cards = true;
    for (const Param& p : list->items()) {
      auto cond = c.condition(p);
      if (!cond) return {};
      cards = cards && cond->judges_cards();
      all.push_back(std::move(cond));
    }
    Both b{[all](Ctx& x, const Target& t) {
             for (const auto& cond : all)
               if (!cond->holds(x, t)) return false;
             return true;
           },
           {}};
    if (cards)
      b.card = [all](Ctx& x, const Target& t, CardId id) {
        for (const auto& cond : all)
          if (!cond->holds_card(x, t, id)) return false;
        return true;
      };
    return b;
  });
  // Hearthbreaker's Matches: every target the selector selects satisfies the condition
  // (Gnomish Experimenter: the card just drawn is a minion).
  add(r, "matches", [](const Param& tag, Compiler& c) -> Test {
    const Param* sel = tag.find("selector");
    const Param* inner = tag.find("condition");
    if (!sel || !inner) tag.fail("matches needs 'selector' and 'condition'");
    auto selector = c.selector(*sel);
    auto cond = c.condition(*inner);
    if (!selector || !cond) return nullptr;
    return [selector, cond](Ctx& x, const Target&) {
      for (const Target& t : selector->select(x))
        if (!cond->holds(x, t)) return false;
      return true;
    };
  });
  // Hearthbreaker's CardMatches: the target is one the selector would select (its candidates,
  // then its condition; the picker plays no part): `{"name": "spell"}` — a spell card in a
  // friendly hand. It needs objects in a game, so a collection query cannot use it.
  add(r, "card_matches", [](const Param& tag, Compiler& c) -> Test {
    const Param* sel = tag.find("selector");
    if (!sel) tag.fail("card_matches needs 'selector'");
    auto selector = c.selector(*sel);
    if (!selector) return nullptr;
    return [selector](Ctx& x, const Target& t) {
      std::vector<Target> all;
      selector->candidates(x, all);
      if (std::find(all.begin(), all.end(), t) == all.end()) return false;
      return !selector->condition || selector->condition->holds(x, t);
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
