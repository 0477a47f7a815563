// The parts a tagged card is made of (HEARTH-TAGS.md §3-8) and the factories that compile them.
//
// Every part is compiled once, when the card loads, into an immutable object; a game runs them
// with no string work. Each kind of part has a factory interface registered by name in the
// Registry under its PluginKind, so any plugin can add one:
//
//   class Double final : public ActionFactory {           // {"name": "double_health"}
//     std::shared_ptr<const Action> compile(const Param& tag, Compiler& c) const override;
//   };
//   ANVIL_PLUGIN("my-tags", "1.0.0", "one more action") {
//     registrar.add<anvil::tags::ActionFactory>("double_health", std::make_shared<Double>());
//   }
//
// A tag is a Param map (the JSON object, converted once) whose "name" picks the factory. The
// factory reads the keys it knows through the Compiler, which compiles nested parts (a
// selector's condition, an action's amount) by their names in turn.
//
// "friendly", "enemy" and "both" are always relative to Ctx::player, the player owning the tag
// (for an aura given to a player, the receiving player), never to whoever happens to act.
#pragma once

#include <anvil/sdk.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/tags/stats.hpp"
#include "anvil/tags/world.hpp"

namespace anvil::tags {

using namespace anvil::literals;

class Action;

// What a running tag knows: its world, whose tag it is, and what it is about.
struct Ctx {
  Ctx(World& w, ObjectId owner_, CardId card_, PlayerId player_, Target target_ = {},
      const TagEvent* event_ = nullptr, bool spell_ = false, Target chosen_ = {})
      : world(w), owner(owner_), card(card_), player(player_), target(target_), event(event_),
        spell(spell_), chosen(chosen_) {}
  World& world;
  ObjectId owner;        // the minion, weapon or card holding the tag; none for a hero power
  CardId card;           // the card whose tags are running (a given tag: the card that gave it)
  PlayerId player;       // the tag's owner: "friendly" means this player
  Target target;         // the chosen target (spell, battlecry) or the event's subject
  const TagEvent* event = nullptr;  // the event that triggered an effect
  bool spell = false;    // a spell's own actions: spell damage applies
  Target chosen;         // what the user picker chose
  // The card the last card action of this run chose (summoned, added, removed from the deck,
  // discarded, a secret applied or removed): Hearthbreaker's `game.selected_card`, which the
  // card source `same` reads (Deathlord: the minion removed from the deck is the one summoned).
  // An invalid CardId: the action chose nothing (a deck with no minion), so `same` is nothing.
  std::optional<CardId> selected;
  void select(std::optional<CardId> c) { selected = c.value_or(CardId{}); }
  // In an effect given to a player (Echoing Ooze), the minion that gave it, while it is in play;
  // `owner` is then none (the player's hero, as Hearthbreaker's Player.add_effect makes it). The
  // selector an action carries (duplicate's) is read from the giver's side: Hearthbreaker's
  // GiveEffect fixes those selectors on the giver when it gives the effect.
  ObjectId giver;
  // The action after the running one in its ActionTag (none after the last): the one that takes
  // the card remove_from_deck or remove_from_hand chooses (Action::takes).
  const Action* next = nullptr;
};

// Player scopes of the `players` / `player` keys, relative to Ctx::player.
enum class Scope : std::uint8_t { friendly, enemy, both, player_one, player_two, current, other };
inline bool scope_includes(Scope s, const Ctx& c, PlayerId p);

class Condition {
 public:
  virtual ~Condition() = default;
  // Whether `t` satisfies the condition for the tag in `c`.
  virtual bool holds(Ctx& c, const Target& t) const = 0;
  // Whether the condition can judge a card definition that is in no zone of the game (a card of
  // the collection a `collection` card source draws from). A card source refuses, as an
  // unsupported tag, a condition that cannot.
  virtual bool judges_cards() const { return false; }
  // Whether `card` satisfies the condition, judged on its definition; `t` is what the query is
  // for (the action's target: is_type's include_self, mana_cost's `self`).
  virtual bool holds_card(Ctx& c, const Target& t, CardId card) const {
    (void)c, (void)t, (void)card;
    return false;
  }
};

// An amount: a number, or a Function object, times `multiplier`.
class AmountFunction {
 public:
  virtual ~AmountFunction() = default;
  virtual std::int64_t eval(Ctx& c) const = 0;
};
struct Amount {
  std::int64_t value = 0;
  std::shared_ptr<const AmountFunction> function;
  std::int64_t multiplier = 1;
  std::int64_t eval(Ctx& c) const { return (function ? function->eval(c) : value) * multiplier; }
};

// `random` picks `count` times from the same candidates, as Hearthbreaker's RandomPicker does,
// dropping a minion a pick has killed (ActionTag::run: Mad Bomber's three bombs may all hit one
// hero); with `distinct` (Anvil's addition: Cleave, Multi-Shot) a target is picked once at most.
struct Picker {
  enum class Kind : std::uint8_t { all, user, random };
  Kind kind = Kind::all;
  std::int64_t count = 1;
  bool distinct = false;
};

class Selector {
 public:
  virtual ~Selector() = default;
  // Every object or player the selector could select, before its condition and picker.
  virtual void candidates(Ctx& c, std::vector<Target>& out) const = 0;
  Picker picker;
  std::shared_ptr<const Condition> condition;  // explicit: defaults are set by each factory

  // Candidates that pass the condition (what a user picker offers).
  std::vector<Target> eligible(Ctx& c) const;
  // What the selector selects now: all, the user's choice (Ctx::chosen), or random ones.
  std::vector<Target> select(Ctx& c) const;
};

class Action {
 public:
  virtual ~Action() = default;
  virtual void run(Ctx& c, const Target& t) const = 0;
  // Whether, run on `t` with `card` as the card the previous action chose (the card source
  // `same`), it would put that card somewhere: a summon of `same` not on a full board, an
  // apply_secret of `same` that its player may have. remove_from_deck and remove_from_hand
  // take only a card their next action takes, so a card nothing can take stays where it is
  // (Hearthstone: Deathlord's minion stays in the deck when the board is full).
  virtual bool takes(Ctx& c, const Target& t, CardId card) const {
    (void)c, (void)t, (void)card;
    return true;
  }
};

// A card to make: a name, a random one of several, or a query.
class CardSource {
 public:
  virtual ~CardSource() = default;
  // nullopt when the query finds nothing. `t` is the target of the action asking (the player
  // a card is added to, the minion transformed): the `player` scope of a query (deck, hand) and
  // its conditions are relative to it, as in Hearthbreaker's CardQuery.get_card(target, …).
  virtual std::optional<CardId> pick(Ctx& c, const Target& t) const = 0;
  // Queries of cards in a game (hand, deck) also give the object: what discard and
  // remove_from_deck take away. Others give nullopt.
  virtual bool picks_objects() const { return false; }
  std::optional<ObjectId> pick_object(Ctx& c, const Target& t) const {
    return pick_object(c, t, {});
  }
  // The same among the cards `keep` accepts (all, when it is empty): remove_from_deck picks only
  // a card its next action takes.
  using Keep = std::function<bool(CardId)>;
  virtual std::optional<ObjectId> pick_object(Ctx& c, const Target& t, const Keep& keep) const {
    (void)c, (void)t, (void)keep;
    return std::nullopt;
  }
  // Whether it is `same`, the card the previous card action chose (Ctx::selected).
  virtual bool reads_selected() const { return false; }
};

struct EventSpec {
  Symbol name;
  bool player_event = true;  // player events match by scope; object events fire on the owner
  Scope scope = Scope::friendly;
  std::shared_ptr<const Condition> condition;  // checked on the event's subject
  // Version 1's `either {event1, event2}`: this event, or else that one (a chain). An effect's
  // target is read as this first event's kind says.
  std::shared_ptr<const EventSpec> or_else;
  bool matches(Ctx& c, const TagEvent& e) const;
  // Whether an event of name `n` may match: this one's or one of the chain's.
  bool named(Symbol n) const { return n == name || (or_else && or_else->named(n)); }
};

// {actions, selector, condition?}: the condition is checked against (owner, target) first,
// then every action runs on every selected target.
struct ActionTag {
  std::vector<std::shared_ptr<const Action>> actions;
  std::shared_ptr<const Selector> selector;
  std::shared_ptr<const Condition> condition;
  // Runs it; false if it found no target.
  bool run(Ctx& c) const;
  bool targets_user() const { return selector && selector->picker.kind == Picker::Kind::user; }

 private:
  bool run_picks(Ctx& c) const;
  void run_actions(Ctx& c, const Target& t) const;
};

struct StatusTag {
  std::shared_ptr<const Status> status;
  Amount amount;
  std::int64_t minimum = 0;
};

// The target a tag's holder is: its minion, weapon or card, or its player's hero when it has
// none (an aura given to a player).
inline Target holder_target(Ctx& c);

struct Aura {
  StatusTag status;
  std::shared_ptr<const Selector> selector;
  // In force only while this holds, judged on the holder itself (Hearthbreaker's
  // condition.evaluate(owner, owner)): Cogmaster's +2 Attack while a friendly Mech is in play.
  std::shared_ptr<const Condition> condition;
  bool expires = false;                 // ends at the end of its owner's turn
  std::optional<EventSpec> until;       // AuraUntil
  // Whether the aura held by `c` is in force now (its condition), and applies to `t`.
  bool in_force(Ctx& c) const { return !condition || condition->holds(c, holder_target(c)); }
  bool affects(Ctx& c, const Target& t) const;
};

struct Buff {
  StatusTag status;
  // In force only while this holds, judged on the buffed minion itself: Goblin Sapper's +4
  // Attack while the opponent holds six cards or more.
  std::shared_ptr<const Condition> condition;
  std::optional<EventSpec> until;  // BuffUntil
  // Whether the buff on `c.owner` (or on `c.player`'s hero) is in force now.
  bool in_force(Ctx& c) const { return !condition || condition->holds(c, holder_target(c)); }
};

struct Effect {
  EventSpec event;
  std::vector<ActionTag> tags;  // in order, stopping at the first that finds no target
  void run(Ctx& c) const;
};

class Compiler;

// --- factories, registered by name -------------------------------------------------------
//
// A factory reads every key of its tag while it compiles (Param::find, or entries() for all of
// them): the loader audits the card afterwards, and a key nothing read is an error of the card
// ("nothing reads key 'amout' of 'damage'"), as an unknown parameter is in Hearthbreaker. A
// factory that accepts a key without using it reads it all the same.

class ActionFactory {
 public:
  static constexpr PluginKind kKind = PluginKind::tag_action;
  virtual ~ActionFactory() = default;
  virtual std::shared_ptr<const Action> compile(const Param& tag, Compiler& c) const = 0;
};
class StatusFactory {
 public:
  static constexpr PluginKind kKind = PluginKind::tag_status;
  virtual ~StatusFactory() = default;
  virtual std::shared_ptr<const Status> compile(const Param& tag, Compiler& c) const = 0;
};
class SelectorFactory {
 public:
  static constexpr PluginKind kKind = PluginKind::tag_selector;
  virtual ~SelectorFactory() = default;
  // Reads its own keys; the Compiler reads `picker` and `condition` around it.
  virtual std::shared_ptr<Selector> compile(const Param& tag, Compiler& c) const = 0;
  // The condition used when the tag has none (minion: minion_is_not_target), or null. Only
  // where the Compiler says missing conditions take defaults (Compiler::default_conditions).
  virtual std::shared_ptr<const Condition> default_condition(Compiler& c) const;
};
class ConditionFactory {
 public:
  static constexpr PluginKind kKind = PluginKind::tag_condition;
  virtual ~ConditionFactory() = default;
  virtual std::shared_ptr<const Condition> compile(const Param& tag, Compiler& c) const = 0;
};
// Events are names the rules module fires; the factory says which kind it is and its default
// condition (`after_added`: minion_is_not_target), used as a selector's is.
class EventFactory {
 public:
  static constexpr PluginKind kKind = PluginKind::tag_event;
  virtual ~EventFactory() = default;
  virtual bool player_event() const = 0;
  virtual std::shared_ptr<const Condition> default_condition(Compiler& c) const;
  // The event `tag` writes. The default reads `player` (the scope) and `condition` (else, where
  // the Compiler takes defaults, the default condition) around the event's name; a composite
  // event (either) reads its own keys.
  // nullopt: a part is unsupported (reported).
  virtual std::optional<EventSpec> compile(const Param& tag, Compiler& c) const;
};

// Compiles nested parts through the registry. Implemented by the tags plugin's loaders; a
// factory in another plugin calls it, never constructs it. Every method throws LoadError
// naming the card and the tag for a name nobody registered, and returns null (after a warning
// naming card and tag) for a part of the vocabulary this build does not support.
class Compiler {
 public:
  virtual ~Compiler() = default;
  virtual const Registry& registry() const = 0;
  virtual CardDef& card() = 0;
  virtual std::shared_ptr<const Action> action(const Param& tag) = 0;
  virtual std::shared_ptr<const Status> status(const Param& tag) = 0;
  virtual std::shared_ptr<const Selector> selector(const Param& tag) = 0;
  virtual std::shared_ptr<const Condition> condition(const Param& tag) = 0;
  virtual std::optional<EventSpec> event(const Param& tag) = 0;
  virtual Amount amount(const Param& value, const Param* multiplier) = 0;
  virtual std::shared_ptr<const CardSource> card_source(const Param& value) = 0;
  virtual std::optional<ActionTag> action_tag(const Param& tag) = 0;
  virtual std::optional<Aura> aura(const Param& tag) = 0;
  virtual std::optional<Buff> buff(const Param& tag) = 0;
  virtual Scope scope(const Param* value, Scope fallback) = 0;
  // Whether a selector or event written without `condition` takes its factory's default
  // condition. Version 1 files do (HEARTH-TAGS.md §5 and §7 list the defaults: the Python
  // constructors'); version 2 files do not: Hearthbreaker's JSON loader reads a missing
  // condition as none, and its writer writes minion_is_not_target out wherever it applies, so in
  // card_defs.json a `minion` selector without one includes its owner (Doomsayer).
  virtual bool default_conditions() const = 0;
  // Adds a status ability (a Buff or Aura a `give` action hands out) to the card being
  // compiled; returns its ability index, for World::give.
  virtual std::uint16_t add_given(std::shared_ptr<const Ability> ability) = 0;
  // A warning naming the card: a part that loads but is not supported.
  virtual void unsupported(std::string_view what) = 0;
};

// Reads an integer key of a tag, or `fallback` when absent.
inline std::int64_t int_key(const Param& tag, std::string_view key, std::int64_t fallback) {
  const Param* v = tag.find(key);
  return v ? v->integer() : fallback;
}

// --- the runtime of the containers (inline: rules modules run them without linking tags) ---

inline bool scope_includes(Scope s, const Ctx& c, PlayerId p) {
  switch (s) {
    case Scope::friendly: return p == c.player;
    case Scope::enemy: return p != c.player;
    case Scope::both: return true;
    case Scope::player_one: return p == PlayerId(0);
    case Scope::player_two: return p == PlayerId(1);
    case Scope::current: return p == c.world.current_player();
    case Scope::other: return p != c.world.current_player();
  }
  return false;
}

inline std::vector<Target> Selector::eligible(Ctx& c) const {
  std::vector<Target> all;
  candidates(c, all);
  if (!condition) return all;
  std::vector<Target> out;
  out.reserve(all.size());
  for (const Target& t : all)
    if (condition->holds(c, t)) out.push_back(t);
  return out;
}

// `picker.count` random picks from `pool`, each from all of it, or, with Picker::distinct,
// from what earlier picks left: a selector's targets, a give's gifts.
template <class T>
std::vector<T> random_picks(Ctx& c, std::vector<T> pool, const Picker& picker) {
  std::vector<T> out;
  for (std::int64_t i = 0; i < picker.count && !pool.empty(); ++i) {
    const auto k = static_cast<std::size_t>(c.world.random(pool.size()));
    out.push_back(pool[k]);
    if (picker.distinct) pool.erase(pool.begin() + static_cast<std::ptrdiff_t>(k));
  }
  return out;
}

// Leaves out the targets that are dead though not yet removed (World::is_dead): a random pick
// never lands on them, as Hearthbreaker's pickers keep only valid characters.
inline void drop_dead(Ctx& c, std::vector<Target>& pool) {
  std::erase_if(pool, [&](const Target& t) {
    return t.is_object() && (!c.world.game().state().is_current(t.object) || c.world.is_dead(t));
  });
}

inline std::vector<Target> Selector::select(Ctx& c) const {
  std::vector<Target> pool = eligible(c);
  switch (picker.kind) {
    case Picker::Kind::all:
      return pool;
    case Picker::Kind::user:
      for (const Target& t : pool)
        if (t == c.chosen) return {t};
      return {};
    case Picker::Kind::random:
      drop_dead(c, pool);
      return random_picks(c, std::move(pool), picker);
  }
  return {};
}

inline bool EventSpec::matches(Ctx& c, const TagEvent& e) const {
  const bool mine = [&] {
    if (e.name != name) return false;
    if (player_event) {
      if (!scope_includes(scope, c, e.player)) return false;
    } else if (e.subject.is_object()
                   ? e.subject.object.id != c.owner
                   : !(e.subject.is_player() && !c.owner.valid() && e.subject.player == c.player)) {
      return false;  // an object event fires on its owner (a hero's: on what its player got)
    }
    return !condition || condition->holds(c, e.subject);
  }();
  return mine || (or_else && or_else->matches(c, e));
}

inline bool ActionTag::run(Ctx& c) const {
  if (condition && !condition->holds(c, c.target)) return false;
  if (selector && selector->picker.kind == Picker::Kind::random && !selector->picker.distinct &&
      selector->picker.count > 1)
    return run_picks(c);
  const std::vector<Target> targets = selector ? selector->select(c) : std::vector<Target>{};
  if (targets.empty()) return false;
  for (const Target& t : targets) {
    const Target saved = c.target;
    run_actions(c, t);
    c.target = saved;
  }
  return true;
}

// Each action knows the one after it (Ctx::next) while it runs.
inline void ActionTag::run_actions(Ctx& c, const Target& t) const {
  const Action* const outer = c.next;
  for (std::size_t i = 0; i < actions.size(); ++i) {
    c.next = i + 1 < actions.size() ? actions[i + 1].get() : nullptr;
    actions[i]->run(c, t);
  }
  c.next = outer;
}

// One pick at a time, each acted on before the next is made: a minion the actions killed or
// destroyed is no longer picked (Hearthbreaker's RandomPicker filters dead minions between its
// picks: Sylvanas's second steal under Baron Rivendare skips the minion the first destroyed).
inline bool ActionTag::run_picks(Ctx& c) const {
  std::vector<Target> pool = selector->eligible(c);
  if (pool.empty()) return false;
  const Target saved = c.target;
  for (std::int64_t i = 0; i < selector->picker.count; ++i) {
    drop_dead(c, pool);
    if (pool.empty()) break;
    const Target t = pool[static_cast<std::size_t>(c.world.random(pool.size()))];
    c.target = t;
    run_actions(c, t);
    c.target = saved;
  }
  return true;
}

inline Target holder_target(Ctx& c) {
  return c.owner.valid() ? Target::of(c.world.game().object(c.owner).ref()) : Target::of(c.player);
}

inline bool Aura::affects(Ctx& c, const Target& t) const {
  if (!in_force(c)) return false;
  std::vector<Target> all;
  selector->candidates(c, all);
  bool found = false;
  for (const Target& x : all) found = found || x == t;
  return found && (!selector->condition || selector->condition->holds(c, t));
}

inline void Effect::run(Ctx& c) const {
  for (const ActionTag& t : tags)
    if (!t.run(c)) return;
}

inline std::shared_ptr<const Condition> SelectorFactory::default_condition(Compiler&) const {
  return nullptr;
}
inline std::shared_ptr<const Condition> EventFactory::default_condition(Compiler&) const {
  return nullptr;
}
inline std::optional<EventSpec> EventFactory::compile(const Param& tag, Compiler& c) const {
  EventSpec e;
  e.name = Symbol(tag.find("event_name")->text());
  e.player_event = player_event();
  e.scope = c.scope(tag.find("player"), Scope::friendly);
  if (const Param* cond = tag.find("condition")) {
    e.condition = c.condition(*cond);
    if (!e.condition) return std::nullopt;
  } else if (c.default_conditions()) {
    e.condition = default_condition(c);
  }
  return e;
}

}  // namespace anvil::tags
