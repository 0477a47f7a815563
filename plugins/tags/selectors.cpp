// The selectors of HEARTH-TAGS.md §5, and Hearthbreaker's own card selectors of §1. Player scopes
// are relative to Ctx::player; the `minion` selector's default condition, minion_is_not_target
// ("other minions"), is set here, in the open, rather than hidden in the selector. Only version 1
// files take it: in version 2, as in Hearthbreaker's JSON loader, a `minion` selector without a
// condition includes its owner.
#include <algorithm>

#include "compiler.hpp"

namespace anvil::tags {

namespace {

Target object_target(Ctx& c, ObjectId id) { return Target::of(c.world.game().object(id).ref()); }

template <class F>
void each_player(Ctx& c, Scope scope, F&& f) {
  for (const Player& p : c.world.game().state().players)
    if (scope_includes(scope, c, p.id)) f(p.id);
}

class SelfSelector final : public Selector {
 public:
  void candidates(Ctx& c, std::vector<Target>& out) const override {
    if (c.owner.valid() && c.world.game().state().exists(c.owner))
      out.push_back(object_target(c, c.owner));
    else
      out.push_back(Target::of(c.player));  // a hero power's owner is the hero
  }
};

class TargetSelector final : public Selector {
 public:
  void candidates(Ctx& c, std::vector<Target>& out) const override {
    if (c.target.kind != Target::Kind::none) out.push_back(c.target);
  }
};

// minion, character, hero, player, weapon, card, dead_minion: what a player scope holds.
class ScopedSelector final : public Selector {
 public:
  enum class What : std::uint8_t { minion, character, hero, player, weapon, card, dead_minion };
  ScopedSelector(What what, Scope scope) : what_(what), scope_(scope) {}
  void candidates(Ctx& c, std::vector<Target>& out) const override {
    each_player(c, scope_, [&](PlayerId p) {
      switch (what_) {
        case What::character:
          out.push_back(Target::of(p));
          [[fallthrough]];
        case What::minion:
          for (ObjectId id : c.world.minions(p)) out.push_back(object_target(c, id));
          break;
        case What::hero:
        case What::player:
          out.push_back(Target::of(p));
          break;
        case What::weapon:
          if (auto w = c.world.weapon(p)) out.push_back(object_target(c, *w));
          break;
        case What::card:
          for (ObjectId id : c.world.game().state().zone(ZoneRef::hand(p)).objects)
            out.push_back(object_target(c, id));
          break;
        case What::dead_minion:  // this turn: docs/hearth.md says why not this game
          for (ObjectId id : c.world.died_this_turn(p)) out.push_back(object_target(c, id));
          break;
      }
    });
  }

 private:
  What what_;
  Scope scope_;
};

// The card each player of the scope drew last (Hearthbreaker's last_drawn: the last card of the
// hand, none once that player has taken fatigue — World::last_drawn).
class LastDrawnSelector final : public Selector {
 public:
  explicit LastDrawnSelector(Scope scope) : scope_(scope) {}
  void candidates(Ctx& c, std::vector<Target>& out) const override {
    each_player(c, scope_, [&](PlayerId p) {
      if (auto id = c.world.last_drawn(p)) out.push_back(object_target(c, *id));
    });
  }

 private:
  Scope scope_;
};

class LastDrawnFactory final : public SelectorFactory {
 public:
  std::shared_ptr<Selector> compile(const Param& tag, Compiler& c) const override {
    return std::make_shared<LastDrawnSelector>(c.scope(tag.find("players"), Scope::friendly));
  }
};

// Hearthbreaker's own card selectors (`spell`, `secret`, `minion_card`, `battlecry`): the cards
// in the hands of a player scope that are of one kind. The kind is the selector's own test, so a
// `condition` key narrows it further rather than replacing it; v2 writes the same as a `card`
// selector with a condition (HEARTH-TAGS.md §1).
class KindCardSelector final : public Selector {
 public:
  KindCardSelector(Scope scope, std::shared_ptr<const Condition> kind) : scope_(scope), kind_(std::move(kind)) {}
  void candidates(Ctx& c, std::vector<Target>& out) const override {
    each_player(c, scope_, [&](PlayerId p) {
      for (ObjectId id : c.world.game().state().zone(ZoneRef::hand(p)).objects) {
        const Target t = object_target(c, id);
        if (kind_->holds(c, t)) out.push_back(t);
      }
    });
  }

 private:
  Scope scope_;
  std::shared_ptr<const Condition> kind_;
};

class KindCardFactory final : public SelectorFactory {
 public:
  // `kind`: the condition (a tag, as a card file would write it) the cards must satisfy.
  explicit KindCardFactory(Param kind) : kind_(std::move(kind)) {}
  std::shared_ptr<Selector> compile(const Param& tag, Compiler& c) const override {
    auto kind = c.condition(kind_);
    if (!kind) return nullptr;
    return std::make_shared<KindCardSelector>(c.scope(tag.find("players"), Scope::friendly), std::move(kind));
  }

 private:
  Param kind_;
};

// specific_card {card_index, players?}: the card at `card_index` of each hand of the scope (0:
// the card held longest, the leftmost), none when the hand is shorter. Hearthbreaker makes this
// selector at run time around one card and re-points its index as cards before it are played;
// its JSON keeps only the index, which is all a compiled, stateless selector can hold.
class SpecificCardSelector final : public Selector {
 public:
  SpecificCardSelector(Scope scope, std::size_t index) : scope_(scope), index_(index) {}
  void candidates(Ctx& c, std::vector<Target>& out) const override {
    each_player(c, scope_, [&](PlayerId p) {
      const auto& hand = c.world.game().state().zone(ZoneRef::hand(p)).objects;
      if (index_ < hand.size()) out.push_back(object_target(c, hand[index_]));
    });
  }

 private:
  Scope scope_;
  std::size_t index_;
};

class SpecificCardFactory final : public SelectorFactory {
 public:
  std::shared_ptr<Selector> compile(const Param& tag, Compiler& c) const override {
    const Param* i = tag.find("card_index");
    if (!i) tag.fail("specific_card needs 'card_index' (a position in the hand, 0 the leftmost)");
    const std::int64_t index = i->integer();
    if (index < 0 || index > 100) i->fail("a card_index is a position in a hand: 0 to 100");
    return std::make_shared<SpecificCardSelector>(c.scope(tag.find("players"), Scope::friendly),
                                                  static_cast<std::size_t>(index));
  }
};

// constant {targets: [N, …]}: Hearthbreaker's internal fixed list of minions (it writes each
// minion's `born` number). Here a number is an ObjectId of the game: an object keeps it from the
// deck to the board, and a position sets them up in a known order. It selects, in the listed
// order, those that are minions in play now, on either side.
class ConstantSelector final : public Selector {
 public:
  explicit ConstantSelector(std::vector<std::uint32_t> ids) : ids_(std::move(ids)) {}
  void candidates(Ctx& c, std::vector<Target>& out) const override {
    const GameState& st = c.world.game().state();
    for (std::uint32_t raw : ids_) {
      const ObjectId id{raw};
      if (!st.exists(id)) continue;
      const GameObject& o = c.world.game().object(id);
      if (o.zone.kind != ZoneKind::battlefield) continue;
      const auto& board = c.world.minions(o.controller);
      if (std::find(board.begin(), board.end(), id) != board.end()) out.push_back(object_target(c, id));
    }
  }

 private:
  std::vector<std::uint32_t> ids_;
};

class ConstantFactory final : public SelectorFactory {
 public:
  std::shared_ptr<Selector> compile(const Param& tag, Compiler&) const override {
    const Param* list = tag.find("targets");
    if (!list || !list->is_list()) tag.fail("constant needs a list 'targets' (object ids)");
    std::vector<std::uint32_t> ids;
    for (const Param& p : list->items()) {
      const std::int64_t n = p.integer();
      if (n < 0 || n > 0xFFFFFFF) p.fail("an object id is a number from 0");
      ids.push_back(static_cast<std::uint32_t>(n));
    }
    return std::make_shared<ConstantSelector>(std::move(ids));
  }
};

class SimpleFactory final : public SelectorFactory {
 public:
  explicit SimpleFactory(bool self) : self_(self) {}
  std::shared_ptr<Selector> compile(const Param&, Compiler&) const override {
    if (self_) return std::make_shared<SelfSelector>();
    return std::make_shared<TargetSelector>();
  }

 private:
  bool self_;
};

class ScopedFactory final : public SelectorFactory {
 public:
  ScopedFactory(ScopedSelector::What what, Scope fallback, bool not_self)
      : what_(what), fallback_(fallback), not_self_(not_self) {}
  std::shared_ptr<Selector> compile(const Param& tag, Compiler& c) const override {
    return std::make_shared<ScopedSelector>(what_, c.scope(tag.find("players"), fallback_));
  }
  std::shared_ptr<const Condition> default_condition(Compiler& c) const override {
    if (!not_self_) return nullptr;
    return c.condition(Param::map({{"name", Param::scalar("minion_is_not_target", {})}}, {}));
  }

 private:
  ScopedSelector::What what_;
  Scope fallback_;
  bool not_self_;
};

}  // namespace

void register_selectors(Registrar& r) {
  using W = ScopedSelector::What;
  r.add<SelectorFactory>("self", std::make_shared<SimpleFactory>(true));
  r.add<SelectorFactory>("target", std::make_shared<SimpleFactory>(false));
  // Hearthbreaker: MinionSelector's constructor defaults to MinionIsNotTarget (excludes the
  // owner); its __from_json__ sets none when the JSON has none (Compiler::default_conditions).
  r.add<SelectorFactory>("minion", std::make_shared<ScopedFactory>(W::minion, Scope::friendly, true));
  r.add<SelectorFactory>("character",
                         std::make_shared<ScopedFactory>(W::character, Scope::friendly, false));
  r.add<SelectorFactory>("hero", std::make_shared<ScopedFactory>(W::hero, Scope::friendly, false));
  r.add<SelectorFactory>("player", std::make_shared<ScopedFactory>(W::player, Scope::friendly, false));
  r.add<SelectorFactory>("weapon", std::make_shared<ScopedFactory>(W::weapon, Scope::friendly, false));
  r.add<SelectorFactory>("card", std::make_shared<ScopedFactory>(W::card, Scope::friendly, false));
  r.add<SelectorFactory>("last_drawn", std::make_shared<LastDrawnFactory>());
  r.add<SelectorFactory>("dead_minion",
                         std::make_shared<ScopedFactory>(W::dead_minion, Scope::friendly, false));
  auto named = [](const char* n) { return Param::map({{"name", Param::scalar(n, {})}}, {}); };
  r.add<SelectorFactory>("spell", std::make_shared<KindCardFactory>(named("is_spell")));
  r.add<SelectorFactory>("secret", std::make_shared<KindCardFactory>(named("is_secret")));
  r.add<SelectorFactory>("minion_card", std::make_shared<KindCardFactory>(named("is_minion")));
  // Hearthbreaker: a minion card whose minion has a battlecry.
  r.add<SelectorFactory>("battlecry",
                         std::make_shared<KindCardFactory>(Param::map(
                             {{"name", Param::scalar("and", {})},
                              {"conditions", Param::list({named("is_minion"), named("has_battlecry")}, {})}},
                             {})));
  r.add<SelectorFactory>("specific_card", std::make_shared<SpecificCardFactory>());
  r.add<SelectorFactory>("constant", std::make_shared<ConstantFactory>());
}

}  // namespace anvil::tags
