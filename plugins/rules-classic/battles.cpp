// Battles (rule 310, added to the Comprehensive Rules in 2023): the keyword `defense: {amount:
// 5}` — a battle's printed defense — and the rules that make a battle a thing to attack:
//
//  - 310.4: a battle enters the battlefield with defense counters equal to its printed defense.
//    DefenseAbility puts them on as the move onto the battlefield is announced, before any trigger
//    of that move reaches the stack (as sagas.cpp puts a Saga's first lore counter on).
//  - 310.11: as a battle enters, its controller chooses its protector — for a Siege, an opponent
//    (310.11b). The choice is asked only when there is one to make (a Siege in a two-player game
//    is protected by the other player). The protector is an object attr, valid while the battle
//    stays the same object (400.7).
//  - 120.3h: damage dealt to a battle removes that many defense counters (common.cpp's damage
//    hook).
//  - 310.8, 506.2: a battle can be attacked by the players other than its protector (a Siege's
//    controller too); its protector is the defending player for the creatures attacking it, so
//    only the protector's creatures block them (combat.cpp reads protector_of). A battle is not a
//    creature: it never attacks or blocks.
//  - Sieges (310.11c): "When the last defense counter is removed from this permanent, exile it,
//    then you may cast it transformed without paying its mana cost." The module has no
//    double-faced cards: the trigger exiles the Siege, and there is no back face to cast, so
//    nothing is cast (docs/rules-classic.md says so).
//  - 704.5v: a battle with defense 0 that is not the source of an ability that has triggered
//    but not yet left the stack goes to its owner's graveyard. 704.5w: a battle with no protector
//    in the game gets one, chosen by its controller (none possible: to the graveyard). 704.5x: a
//    Siege whose controller is its protector gets an opponent as its protector (battle_actions,
//    read by state_based.cpp's pass).
#include <algorithm>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// Object attrs: the protector's seat + 1, valid while "protector_zc" is the battle's
// zone_changes + 1 (a battle that left and came back is a new object with no protector yet).
constexpr Symbol kProtector = "protector"_sym;
constexpr Symbol kProtectorZc = "protector_zc"_sym;

bool is_siege(const Game& game, ObjectId id) { return game.view(id).has_subtype(kSiege); }

// The players `battle`'s controller may choose as its protector: for a Siege, an opponent
// (310.11b); for any other battle, any player in the game.
std::vector<PlayerId> protector_candidates(const Game& game, ObjectId battle) {
  const PlayerId controller = game.object(battle).controller;
  const bool siege = is_siege(game, battle);
  std::vector<PlayerId> out;
  for (const Player& p : game.state().players)
    if (p.outcome == Outcome::playing && (!siege || p.id != controller)) out.push_back(p.id);
  return out;
}

void set_protector(Game& game, ObjectId battle, PlayerId p) {
  const GameObject& o = game.object(battle);
  game.journal().set_attr(battle, kProtectorZc, static_cast<std::int64_t>(o.zone_changes) + 1);
  game.journal().set_attr(battle, kProtector, static_cast<std::int64_t>(p.value) + 1);
}

// The controller chooses among `candidates` (asked only with two or more); nullopt if empty.
std::optional<PlayerId> choose_protector(Game& game, ObjectId battle,
                                         const std::vector<PlayerId>& candidates) {
  if (candidates.empty()) return std::nullopt;
  if (candidates.size() == 1) return candidates.front();
  Choice choice;
  choice.kind = ChoiceKind::option;
  choice.player = game.object(battle).controller;
  choice.prompt = "Choose the protector of " + object_label(game, battle);
  choice.source = battle;
  for (PlayerId p : candidates)
    choice.options.push_back({target_label(game, Target::of(p)), Target::of(p), p.value});
  return candidates.at(game.ask(choice).picks.at(0));
}

// 310.4: "defense: {amount: 5}". As the battle enters: its defense counters, then its protector.
class DefenseAbility final : public Ability {
 public:
  std::int64_t defense = 0;
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::int64_t n = defense;
    out.push_back(
        game.bus().on_trigger<ZoneChangeEvent>([self, n](Game& g, const ZoneChangeEvent& e) {
          if (!entered_battlefield(g, self, e) || !g.view(self).has_type(kBattle)) return;
          if (n > 0)
            add_counters(g, Target::of(g.object(self).ref()), kDefense,
                         static_cast<std::int32_t>(n), self);
          if (auto p = choose_protector(g, self, protector_candidates(g, self)))
            set_protector(g, self, *p);
        }));
  }
  std::string describe() const override { return "(Defense " + std::to_string(defense) + ".)"; }
};

// A Siege's "When the last defense counter is removed from this permanent, exile it, then you
// may cast it transformed without paying its mana cost." (310.11c). There are no double-faced
// cards: it exiles the Siege, and there is no transformed face to cast.
class SiegeDefeatedAbility final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const CardDef& def = game.card(self);
    std::uint16_t index = 0;
    for (std::size_t i = 0; i < def.abilities.size(); ++i)
      if (def.abilities[i].impl.get() == this) index = static_cast<std::uint16_t>(i);
    out.push_back(game.bus().on_trigger<CounterChangeEvent>([self, index](
                                                                Game& g,
                                                                const CounterChangeEvent& e) {
      if (e.delta >= 0 || e.kind != kDefense || !e.target.is_object() ||
          e.target.object.id != self || !on_battlefield(g, self))
        return;
      const GameObject& o = g.object(self);
      if (o.counters.get(kDefense) != 0 || !g.view(self).has_subtype(kSiege)) return;
      g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
    }));
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    // The same object only (400.7): a Siege that left and came back is not exiled.
    if (!game.state().is_current(ctx.source) || !on_battlefield(game, ctx.source.id)) return;
    move_to_zone(game, ctx.source.id, ZoneRef::exile(game.object(ctx.source.id).owner),
                 Cause::effect, ctx.source.id);
  }
  std::string describe() const override {
    return "When the last defense counter is removed from CARDNAME, exile it. (It has no "
           "transformed face to cast.)";
  }
};

// Whether `battle` (this very object) is the source of an ability that has triggered but not
// yet left the stack: waiting to be put on it, or on it (704.5v).
bool source_of_pending_trigger(const Game& game, ObjectId battle) {
  const ObjectRef ref = game.object(battle).ref();
  for (const PendingTrigger& t : game.state().pending_triggers)
    if (t.source == ref) return true;
  for (const StackItem& s : game.state().stack)
    if (!s.is_spell && s.source == ref && s.ability < game.cards().at(s.card).abilities.size() &&
        game.cards().at(s.card).abilities[s.ability].kind == AbilityKind::triggered)
      return true;
  return false;
}

// Whether a creature is attacking `battle` (combat.cpp's "attacking" attr: -(id + 1)).
bool being_attacked(const Game& game, ObjectId battle) {
  const std::int64_t attacked = -static_cast<std::int64_t>(battle.value) - 1;
  for (ObjectId id : battlefield(game))
    if (combat_attr(game, id, kAttacking) == attacked) return true;
  return false;
}

// defense: {amount: 5}
class DefenseKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"amount"});
    const Param& amount = b.required("amount");
    if (!ctx.card.base.has_type(kBattle))
      params.fail("'defense' is for battles: '" + ctx.card.name + "' is not a Battle",
                  "types: Battle — Siege");
    const std::int64_t n = amount.integer();
    if (n < 0 || n > 1000) amount.fail("a battle's defense is between 0 and 1000");
    auto impl = std::make_shared<DefenseAbility>();
    impl->defense = n;
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::static_, impl->describe(), "rules-classic", params.where(), impl});
    if (ctx.card.base.has_subtype(kSiege)) {
      auto defeated = std::make_shared<SiegeDefeatedAbility>();
      ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, defeated->describe(),
                                              "rules-classic", params.where(), defeated});
    }
  }
  std::string summary() const override {
    return "defense: {amount: 5} — a battle's printed defense (it enters with that many defense "
           "counters; a Siege's protector is an opponent)";
  }
};

}  // namespace

std::optional<PlayerId> protector_of(const Game& game, ObjectId battle) {
  if (!on_battlefield(game, battle)) return std::nullopt;
  const GameObject& o = game.object(battle);
  if (o.attrs.get(kProtectorZc) != static_cast<std::int64_t>(o.zone_changes) + 1)
    return std::nullopt;
  const std::int64_t p = o.attrs.get(kProtector);
  if (p <= 0 || p > static_cast<std::int64_t>(game.state().player_count())) return std::nullopt;
  const PlayerId id(static_cast<std::uint8_t>(p - 1));
  if (game.state().player(id).outcome != Outcome::playing) return std::nullopt;
  return id;
}

bool protects_battle(const Game& game, PlayerId p, ObjectId id, Characteristics& scratch) {
  // The protector (an attr) before the view: most permanents have none, and then the view is
  // not needed. Both are queries, so the order changes no answer. A permanent without attrs has
  // no protector, and is passed over without protector_of's call (this is asked of every
  // permanent at every declaration of attackers).
  return !game.object(id).attrs.items.empty() && protector_of(game, id) == p &&
         game.view(id, scratch).has_type(kBattle);
}

std::vector<ObjectId> battles_protected_by(const Game& game, PlayerId p) {
  // The battlefield walked seat by seat as battlefield() lists it.
  std::vector<ObjectId> out;
  const GameState& s = game.state();
  Characteristics scratch;
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects)
      if (protects_battle(game, p, id, scratch)) out.push_back(id);
  return out;
}

bool battle_actions(Game& game, const std::vector<ObjectId>& battles,
                    std::vector<ZoneMove>& moves) {
  bool acted = false;
  for (ObjectId id : battles) {
    const GameObject& o = game.object(id);
    // 704.5v: defense 0, nothing of it triggered and waiting or on the stack.
    if (o.counters.get(kDefense) <= 0 && !source_of_pending_trigger(game, id)) {
      moves.push_back({id, ZoneRef::graveyard(o.owner), Cause::state_based, {}});
      continue;
    }
    const std::optional<PlayerId> protector = protector_of(game, id);
    const bool siege = is_siege(game, id);
    // 704.5w: no protector in the game (and no creature attacking it: it keeps being attacked
    // until combat ends); 704.5x: a Siege protected by its own controller.
    if (protector && !(siege && *protector == o.controller)) continue;
    if (!protector && being_attacked(game, id)) continue;
    const std::optional<PlayerId> chosen =
        choose_protector(game, id, protector_candidates(game, id));
    if (!chosen) {  // no player can be chosen: to the graveyard
      moves.push_back({id, ZoneRef::graveyard(game.object(id).owner), Cause::state_based, {}});
      continue;
    }
    set_protector(game, id, *chosen);
    acted = true;
  }
  return acted;
}

void position_defense(Game& game, ObjectId id) {
  for (const AbilityDef& a : game.card(id).abilities)
    if (const auto* d = dynamic_cast<const DefenseAbility*>(a.impl.get()); d && d->defense > 0)
      game.journal().set_counter(id, kDefense, static_cast<std::int32_t>(d->defense));
}

void register_battle_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("defense", std::make_shared<DefenseKeyword>());
}

}  // namespace anvil::rules_classic
