// The selectors of HEARTH-TAGS.md §5. Player scopes are relative to Ctx::player; the `minion`
// selector's default condition, minion_is_not_target ("other minions"), is set here, in the
// open, rather than hidden in the selector.
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
        case What::dead_minion:
          for (ObjectId id : c.world.dead_minions(p)) out.push_back(object_target(c, id));
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
  // Hearthbreaker: MinionSelector's default condition is MinionIsNotTarget (excludes the owner).
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
}

}  // namespace anvil::tags
