// Dungeons (rule 309) and venturing into them (701.46):
//
//  - A dungeon is a card of the type Dungeon whose `dungeon: {rooms: [...]}` keyword lists its
//    rooms, topmost first; each room names the rooms below it that it leads to (`next`), and the
//    one leading nowhere is the bottommost. Dungeons are never in a deck: they start outside the
//    game (any Dungeon card of the game's card pool, 309.2a) and are put into their owner's
//    command zone by venturing (the kernel's per-player command zone: a dungeon there is not a
//    permanent, nor in play for anything else).
//  - 701.46a: a player who ventures with no dungeon in their command zone chooses a dungeon card
//    (asked only if the pool has two or more), puts it into their command zone and moves their
//    venture marker onto its topmost room. 701.46b: otherwise the marker moves to a room the
//    current one leads to, the player choosing if there are several (`ChoiceKind::option`, the
//    rooms' names). 701.46c: with the marker on the bottommost room, venturing completes that
//    dungeon (removed from the game) and ventures into a new one.
//  - 309.4c: moving the marker into a room triggers that room's ability — an ordinary triggered
//    ability of the dungeon card: it uses the stack, its target is chosen as it is put on it (no
//    legal target: removed, 603.3d) and checked again on resolution.
//  - 704.5t: a dungeon whose venture marker is on its bottommost room and that is not the source
//    of a room ability that has triggered but not yet left the stack is removed from the game;
//    its owner has completed a dungeon (309.7, the player attr "dungeons_completed").
//
// The venture marker is the dungeon card's object attr "venture_room" (the room's index + 1).
// The effect verbs `Venture` ("YouVenture": you venture into the dungeon) and `Scry` ("YouScry/2",
// scry.cpp) are registered here for any `do:` step list (effect-drawback's Drawback$ finds verbs by
// name).
#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

constexpr Symbol kVentureRoom = "venture_room"_sym;              // object attr: room + 1
constexpr Symbol kDungeonsCompleted = "dungeons_completed"_sym;  // player attr (309.7)

// "Target creature gets -4/-0 until your next turn.": +a/+b on the affected creature, a
// floating effect lasting until its controller's next turn begins (end_until_your_next_turn).
class UntilYourNextTurnEffect final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game&, const EffectContext& ctx, ObjectId object,
               const Characteristics&) const override {
    return ctx.affected.is_object() && ctx.affected.object.id == object;
  }
  void apply(const Game&, const EffectContext& ctx, ObjectId, Characteristics& c) const override {
    c.power += static_cast<std::int32_t>(ctx.a);
    c.toughness += static_cast<std::int32_t>(ctx.b);
  }
};

// "+2", "-4"; a 0 takes the sign of the other number ("-4/-0", "+2/+0").
std::string signed_number(std::int64_t n, std::int64_t other) {
  const bool minus = n < 0 || (n == 0 && other < 0);
  return (minus ? "-" : "+") + std::to_string(n < 0 ? -n : n);
}

// One room's triggered ability (309.4c): "Cave Entrance — Scry 1."
class RoomAbility final : public Ability {
 public:
  std::string name;
  std::vector<std::uint16_t> next;  // indexes of the card's rooms this one leads to
  std::uint16_t room = 0;           // its index among the card's rooms
  // Its effect: a `do:` step list (Tgt: the controller), or one of the module's own effects on
  // target creature — counters put on it, or a power/toughness change until your next turn.
  std::shared_ptr<const EffectStep> effect;
  bool targets_creature = false;
  Symbol counter;
  std::int64_t counters = 0;
  std::int64_t power = 0, toughness = 0;
  std::uint16_t pump_ability = 0;  // the UntilYourNextTurnEffect its floating effects name
  std::string text;

  std::size_t target_count() const override { return targets_creature ? 1 : 0; }
  std::string target_prompt(std::size_t) const override { return "Choose a creature"; }
  bool can_target(const Game& game, const ResolveContext&, std::size_t,
                  const Target& t) const override {
    return t.is_object() && on_battlefield(game, t.object.id) && is_creature(game, t.object.id);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (effect) {
      const std::array<Target, 1> you{Target::of(ctx.controller)};
      ResolveContext then = ctx;
      then.targets = you;
      effect->run(game, then, 0);
      return;
    }
    if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;  // rechecked (608.2b)
    if (counters > 0)
      add_counters(game, ctx.targets[0], counter, static_cast<std::int32_t>(counters),
                   ctx.source.id);
    if (power != 0 || toughness != 0) {
      FloatingEffect f = end_of_turn_effect(ctx, pump_ability);
      f.until = Duration::permanent;  // ended as the controller's next turn begins
      f.affected = ctx.targets[0];
      f.a = power;
      f.b = toughness;
      game.add_effect(f);
    }
  }
  std::string describe() const override { return text; }
};

const RoomAbility* room_of(const CardDef& def, std::size_t ability) {
  if (ability >= def.abilities.size()) return nullptr;
  return dynamic_cast<const RoomAbility*>(def.abilities[ability].impl.get());
}

// The card's rooms in order (room i is rooms()[i]) with their ability indexes.
std::vector<std::pair<std::uint16_t, const RoomAbility*>> rooms_of(const CardDef& def) {
  std::vector<std::pair<std::uint16_t, const RoomAbility*>> out;
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (const RoomAbility* r = room_of(def, i)) out.emplace_back(static_cast<std::uint16_t>(i), r);
  return out;
}

// `p`'s dungeon: the dungeon card in their command zone with their venture marker on it.
std::optional<ObjectId> dungeon_of(const Game& game, PlayerId p) {
  for (ObjectId id : game.state().zone(ZoneRef::command(p)).objects)
    if (game.object(id).attrs.get(kVentureRoom) > 0 && game.view(id).has_type(kDungeon)) return id;
  return std::nullopt;
}

// Moves p's venture marker into `room` of `dungeon`: its ability triggers (309.4c).
void enter_room(Game& game, PlayerId p, ObjectId dungeon, std::size_t room) {
  const auto rooms = rooms_of(game.card(dungeon));
  game.journal().set_attr(dungeon, kVentureRoom, static_cast<std::int64_t>(room) + 1);
  const GameObject& o = game.object(dungeon);
  EventRecord record;
  record.kind = "venture"_sym;
  record.subject = Target::of(p);
  game.fire_trigger(PendingTrigger{o.ref(), o.card, rooms.at(room).first, p, record});
}

// Removed from the game, completed (309.7); the caller moves it.
void mark_completed(Game& game, ObjectId dungeon) {
  const PlayerId owner = game.object(dungeon).owner;
  game.journal().set_attr(owner, kDungeonsCompleted,
                          game.state().player(owner).attrs.get(kDungeonsCompleted) + 1);
}

// 701.46: p ventures into the dungeon once.
void venture(Game& game, PlayerId p, ObjectId source) {
  if (std::optional<ObjectId> dungeon = dungeon_of(game, p)) {
    const auto rooms = rooms_of(game.card(*dungeon));
    const auto at = static_cast<std::size_t>(game.object(*dungeon).attrs.get(kVentureRoom) - 1);
    const RoomAbility& here = *rooms.at(at).second;
    if (!here.next.empty()) {  // 701.46b: to a room it leads to, chosen if several
      std::size_t pick = 0;
      if (here.next.size() > 1) {
        Choice choice;
        choice.kind = ChoiceKind::option;
        choice.player = p;
        choice.prompt = "Venture into the dungeon: choose the room after " + here.name;
        choice.source = *dungeon;
        for (std::uint16_t r : here.next)
          choice.options.push_back({rooms.at(r).second->name, Target{}, r});
        pick = game.ask(choice).picks.at(0);
      }
      enter_room(game, p, *dungeon, here.next.at(pick));
      return;
    }
    // 701.46c: on the bottommost room, the dungeon is completed and a new one begun.
    mark_completed(game, *dungeon);
    move_to_zone(game, *dungeon, ZoneRef::nowhere(), Cause::rules, source);
  }
  // 701.46a: a dungeon card from outside the game into the command zone, topmost room.
  std::vector<CardId> dungeons;
  for (std::uint32_t i = 0; i < game.cards().size(); ++i) {
    const CardDef& def = game.cards().at(CardId(i));
    if (def.base.has_type(kDungeon) && !rooms_of(def).empty()) dungeons.push_back(def.id);
  }
  if (dungeons.empty())  // a pack with a venturing card and no dungeon: say so
    throw RulesError("venture into the dungeon: the game's cards have no Dungeon card");
  CardId card = dungeons.front();
  if (dungeons.size() > 1) {
    Choice choice;
    choice.kind = ChoiceKind::option;
    choice.player = p;
    choice.prompt = "Venture into the dungeon: choose a dungeon";
    choice.source = source;
    for (CardId d : dungeons)
      choice.options.push_back({game.cards().at(d).name, Target{}, d.value});
    card = dungeons.at(game.ask(choice).picks.at(0));
  }
  const ObjectId dungeon = game.add_card(card, p, ZoneRef::command(p));
  enter_room(game, p, dungeon, 0);
}

// A room ability of this very dungeon that triggered and has not left the stack: waiting to be
// put on it, or on it (704.5t).
bool room_pending(const Game& game, ObjectId dungeon) {
  const ObjectRef ref = game.object(dungeon).ref();
  for (const PendingTrigger& t : game.state().pending_triggers)
    if (t.source == ref && room_of(game.cards().at(t.card), t.ability)) return true;
  for (const StackItem& s : game.state().stack)
    if (!s.is_spell && s.source == ref && room_of(game.cards().at(s.card), s.ability)) return true;
  return false;
}

// --- the effect verbs -----------------------------------------------------------------------

// "<Player>[/<n>]" as a Drawback$ verb receives it: You, Opp (each opponent) or Tgt.
struct Who {
  enum class Kind : std::uint8_t { you, opp, tgt } kind = Kind::you;
  std::int64_t n = 1;
  std::vector<PlayerId> players(const Game& game, const ResolveContext& ctx) const {
    std::vector<PlayerId> out;
    if (kind == Kind::you) {
      out.push_back(ctx.controller);
    } else if (kind == Kind::tgt) {
      if (!ctx.targets.empty() && ctx.targets[0].is_player()) out.push_back(ctx.targets[0].player);
    } else {
      for (const Player& p : game.state().players)
        if (p.id != ctx.controller && p.outcome == Outcome::playing) out.push_back(p.id);
    }
    return out;
  }
  std::string subject() const {
    return kind == Kind::you ? "you" : kind == Kind::opp ? "each opponent" : "that player";
  }
};

Who parse_who(std::string_view verb, std::string_view args, const CompileContext& ctx) {
  Who who;
  const std::size_t slash = args.find('/');
  const std::string_view word = args.substr(0, slash);
  if (word == "You")
    who.kind = Who::Kind::you;
  else if (word == "Opp")
    who.kind = Who::Kind::opp;
  else if (word == "Tgt")
    who.kind = Who::Kind::tgt;
  else
    throw LoadError(ctx.where, std::string(verb) + " is done by You, Opp or Tgt, not '" +
                                   std::string(word) + "'");
  if (slash != std::string_view::npos) {
    const std::string_view n = args.substr(slash + 1);
    if (n.empty() || n.size() > 3 || n.find_first_not_of("0123456789") != std::string_view::npos)
      throw LoadError(ctx.where, std::string(verb) +
                                     " takes a number after its player, as in 'You" +
                                     std::string(verb) + "/1'; found '" + std::string(n) + "'");
    who.n = std::stoll(std::string(n));
  }
  return who;
}

class VentureStep final : public EffectStep {
 public:
  explicit VentureStep(Who who) : who_(who) {}
  void run(Game& game, const ResolveContext& ctx, std::int64_t) const override {
    for (PlayerId p : who_.players(game, ctx))
      for (std::int64_t i = 0; i < who_.n; ++i) venture(game, p, ctx.source.id);
  }
  std::string describe() const override {
    std::string s = who_.subject() + (who_.kind == Who::Kind::you ? " venture" : " ventures") +
                    " into the dungeon";
    if (who_.n > 1) s += " " + std::to_string(who_.n) + " times";
    return s;
  }

 private:
  Who who_;
};

// 701.22: scry N (scry.cpp), for each player the verb names.
class ScryStep final : public EffectStep {
 public:
  explicit ScryStep(Who who) : who_(who) {}
  void run(Game& game, const ResolveContext& ctx, std::int64_t) const override {
    for (PlayerId p : who_.players(game, ctx)) scry(game, p, who_.n, ctx.source.id);
  }
  std::string describe() const override {
    return who_.subject() + (who_.kind == Who::Kind::you ? " scry " : " scries ") +
           std::to_string(who_.n);
  }

 private:
  Who who_;
};

class VentureVerb final : public EffectVerb {
 public:
  std::shared_ptr<const EffectStep> compile(std::string_view args,
                                            CompileContext& ctx) const override {
    return std::make_shared<VentureStep>(parse_who("Venture", args, ctx));
  }
};

class ScryVerb final : public EffectVerb {
 public:
  std::shared_ptr<const EffectStep> compile(std::string_view args,
                                            CompileContext& ctx) const override {
    const Who who = parse_who("Scry", args, ctx);
    if (who.n < 1)
      throw LoadError(ctx.where, "scry takes a number of cards of at least 1 ('YouScry/2'), not " +
                                     std::to_string(who.n));
    return std::make_shared<ScryStep>(who);
  }
};

// --- the keyword ----------------------------------------------------------------------------

std::string sentence(std::string s) {
  if (!s.empty()) s[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(s[0])));
  return s + ".";
}

// dungeon: {rooms: [{name: Cave Entrance, do: "YouScry/1", next: [Goblin Lair, Mine Tunnels]},
//                   {name: Storeroom, target: creature, counter: "+1/+1", next: [...]},
//                   {name: Fungi Cavern, target: creature, power: -4, until: your_next_turn, …},
//                   {name: Temple of Dumathoin, do: "YouDraw/1"}]}
class DungeonKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"rooms"});
    if (!ctx.card.base.has_type(kDungeon))
      params.fail("'dungeon' is for dungeon cards: '" + ctx.card.name + "' is not a Dungeon",
                  "types: Dungeon");
    const Param& list = b.required("rooms");
    if (!list.is_list() || list.items().empty())
      list.fail("'rooms' lists the dungeon's rooms, topmost first");
    const std::vector<Param>& items = list.items();
    std::map<std::string, std::uint16_t> index;
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (!items[i].is_map()) items[i].fail("a room is a map: {name: …, do: …, next: […]}");
      const Param* name = items[i].find("name");
      if (!name) items[i].fail("a room needs a 'name'");
      if (!index.emplace(name->text(), static_cast<std::uint16_t>(i)).second)
        name->fail("two rooms are named '" + name->text() + "'");
    }
    const auto base = ctx.card.abilities.size();
    const auto pump_ability = static_cast<std::uint16_t>(base + items.size());
    bool pumps = false;
    std::size_t bottommost = 0;
    for (std::size_t i = 0; i < items.size(); ++i) {
      const Params room = Params::named_map("room", items[i], items[i].where());
      const Bound r = room.bind(
          {"name", "do?", "target?", "counter?", "power?", "toughness?", "until?", "next?"});
      auto impl = std::make_shared<RoomAbility>();
      impl->name = r.required("name").text();
      impl->room = static_cast<std::uint16_t>(i);
      if (const Param* next = r.optional("next")) {
        for (const Param& n : next->is_list() ? next->items() : std::vector<Param>{*next}) {
          const auto at = index.find(n.text());
          if (at == index.end())
            n.fail("no room of " + ctx.card.name + " is named '" + n.text() + "'");
          if (at->second <= i) n.fail("a room leads only to rooms below it (listed after it)");
          impl->next.push_back(at->second);
        }
      }
      if (impl->next.empty()) ++bottommost;
      std::string does;
      if (const Param* d = r.optional("do")) {
        if (r.optional("target") || r.optional("counter") || r.optional("power") ||
            r.optional("toughness") || r.optional("until"))
          d->fail("a room does either 'do' or its own effect on target creature, not both");
        impl->effect = compile_do(*d, ctx);
        does = sentence(impl->effect->describe());
      } else {
        const Param* target = r.optional("target");
        if (!target || target->text() != "creature")
          room.fail(
              "a room needs 'do' (Drawback$ steps) or 'target: creature' with 'counter' or "
              "'power'/'toughness'");
        impl->targets_creature = true;
        if (const Param* c = r.optional("counter")) {
          if (c->text() != "+1/+1" && c->text() != "-1/-1")
            c->fail("a room's counter is \"+1/+1\" or \"-1/-1\"");
          impl->counter = Symbol(c->text());
          impl->counters = 1;
          does = "Put a " + c->text() + " counter on target creature.";
        }
        const Param* pw = r.optional("power");
        const Param* th = r.optional("toughness");
        if (pw || th) {
          if (impl->counters > 0) room.fail("a room puts a counter or changes power, not both");
          const Param* until = r.optional("until");
          if (!until || until->text() != "your_next_turn")
            room.fail("a room's power/toughness change lasts 'until: your_next_turn'");
          impl->power = pw ? pw->integer() : 0;
          impl->toughness = th ? th->integer() : 0;
          impl->pump_ability = pump_ability;
          pumps = true;
          does = "Target creature gets " + signed_number(impl->power, impl->toughness) + "/" +
                 signed_number(impl->toughness, impl->power) + " until your next turn.";
        }
        if (does.empty())
          room.fail("a room on target creature needs 'counter' or 'power'/'toughness'");
      }
      impl->text = impl->name + " \u2014 " + does;
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", room.where(), impl});
    }
    if (bottommost != 1)
      list.fail("a dungeon has exactly one bottommost room (one without 'next'); found " +
                std::to_string(bottommost));
    if (pumps)  // named by the rooms' floating effects only (never active by itself)
      ctx.card.abilities.push_back(AbilityDef{
          AbilityKind::static_, "(until your next turn)", "rules-classic", params.where(),
          std::make_shared<StaticAbility>(std::make_shared<UntilYourNextTurnEffect>(),
                                          "(until your next turn)", ZoneMask{0})});
  }
  std::string summary() const override {
    return "dungeon: {rooms: [{name, do | target: creature + counter | power/toughness + until: "
           "your_next_turn, next: [rooms]}]} — a dungeon's rooms, topmost first";
  }
};

}  // namespace

void complete_dungeons(Game& game, std::vector<ZoneMove>& moves) {
  for (const Player& p : game.state().players) {
    const auto& command = game.state().zone(ZoneRef::command(p.id)).objects;
    if (command.empty()) continue;
    for (ObjectId id : command) {
      const std::int64_t marker = game.object(id).attrs.get(kVentureRoom);
      if (marker <= 0) continue;
      const auto rooms = rooms_of(game.card(id));
      const auto at = static_cast<std::size_t>(marker - 1);
      if (at >= rooms.size() || !rooms[at].second->next.empty() || room_pending(game, id)) continue;
      mark_completed(game, id);
      moves.push_back({id, ZoneRef::nowhere(), Cause::state_based, {}});
    }
  }
}

void end_until_your_next_turn(Game& game, PlayerId p) {
  const auto& effects = game.state().effects;
  for (std::size_t i = effects.size(); i-- > 0;) {
    const FloatingEffect& f = effects[i];
    if (f.controller != p || f.until != Duration::permanent) continue;
    const CardDef& def = game.cards().at(f.card);
    if (f.ability < def.abilities.size() && def.abilities[f.ability].impl &&
        dynamic_cast<const UntilYourNextTurnEffect*>(def.abilities[f.ability].impl->continuous()))
      game.journal().remove_effect(i);
  }
}

void register_dungeon_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("dungeon", std::make_shared<DungeonKeyword>());
  registrar.add<EffectVerb>("Venture", std::make_shared<VentureVerb>());
  registrar.add<EffectVerb>("Scry", std::make_shared<ScryVerb>());
}

}  // namespace anvil::rules_classic
