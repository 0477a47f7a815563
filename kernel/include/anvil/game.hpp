// Game: one running game — its GameState, the Journal that changes it, the EventBus derived
// from it, the shared CardPool, the rules module's hooks, the agents in the seats and the
// decision log.
//
//   auto game = std::make_unique<Game>(pool, 2, /*seed=*/42);
//   game->set_rules(my_rules_hooks);                  // optional; defaults are game-agnostic
//   ObjectId bear = game->add_card(*pool->find("Grizzly Bears"), PlayerId{0},
//                                  ZoneRef::battlefield(PlayerId{0}));
//   ActionResult r = game->perform("Shock the bear", [&](Game& g) {
//     deal_damage(g, ObjectId{}, Target::of(g.state().object(bear).ref()), 2);
//   });
//   // r.ok() or, if plugin code threw, r.message names plugin, card and ability and the
//   // game is exactly as before.
//
// Threading: a Game is single-threaded, even for const calls (view() keeps a cache). Run many
// games in parallel, one per thread; `fork()` makes an independent copy for another thread.
//
// Signals are a function of the state: the abilities of objects in the zones they work from
// are connected to the bus; every zone change — applied or rolled back — connects and
// disconnects them, and a fork builds its bus afresh from its state.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "anvil/ability.hpp"
#include "anvil/agent.hpp"
#include "anvil/card.hpp"
#include "anvil/config.hpp"
#include "anvil/event_bus.hpp"
#include "anvil/journal.hpp"
#include "anvil/state.hpp"

ANVIL_BEGIN_NAMESPACE

// An object as it last existed before it left a zone (RulesHooks::last_known).
struct LastKnown {
  Characteristics characteristics;
  PlayerId controller;
};

// Where a rules module decides what the kernel's mechanics mean in its game (DESIGN.md §2,
// "Actions"). The defaults are game-agnostic and minimal.
class ANVIL_API RulesHooks {
 public:
  virtual ~RulesHooks();
  // Damage that survived replacement. Default: a player loses that much life (a LifeChange
  // event); an object gets that much marked damage.
  virtual void apply_damage(Game& game, const DamageEvent& damage);
  // A player was asked to draw from an empty library. Default: the player's attr
  // "drew_from_empty" is set to 1, for the rules module's state-based check.
  virtual void draw_from_empty(Game& game, PlayerId player);
  // Zone changes that survived replacement and are about to happen together: the last moment
  // their objects can be seen where they are. A rules module records last known information
  // here (an object that left the battlefield is a new object whose abilities may still need
  // what it was: lifelink of a source that is gone, its last power). Called once per event or
  // simultaneous batch, before any of its objects moves. Default: nothing.
  virtual void before_moves(Game& game, std::span<const ZoneChangeEvent> moves);
  // What `object` was as it last existed where it was before its last zone change (608.2h:
  // "last known information"), if the rules module recorded it in before_moves and the object
  // has not moved again since; nullopt otherwise (then view it where it is). Plugins read it
  // through Game::last_known. Default: nullopt.
  virtual std::optional<LastKnown> last_known(const Game& game, ObjectId object) const;
  // Whether the face-down `object`, which the viewer of Game::determinize cannot see, could be
  // `card` as far as that viewer knows (a hearth secret: any secret its player does not have
  // twice). `dealing` is the copy's state as it is being dealt: the face-down objects not dealt
  // yet have no card (an invalid CardId), those dealt have the card they got. Default: false,
  // so a rules module that does not say what its face-down cards could be keeps each one's card
  // in a determinized copy.
  virtual bool face_down_could_be(const Game& game, const GameState& dealing, ObjectId object,
                                  CardId card) const;
};

// What a rules module keeps for one game beyond the rules memo's numbers (Game::rules_cache): a
// list it would otherwise make again at every decision, such as a player's mana sources or last
// priority listing. The module derives its own cache from this base and casts back to it: only
// the module whose hooks the game has (set_rules) keeps one, and set_rules drops it. The kernel
// only owns it and drops it. Plugin ABI 14.0.
class ANVIL_API RulesCache {
 public:
  virtual ~RulesCache();
};

// What `Game::perform` reports.
struct [[nodiscard]] ActionResult {
  std::string message;  // empty on success
  std::string plugin, card, ability;
  bool ok() const { return message.empty(); }
};

class ANVIL_API Game final : private JournalListener {
 public:
  Game(std::shared_ptr<const CardPool> cards, std::size_t players, std::uint64_t seed);
  ~Game() override;
  Game(const Game&) = delete;
  Game& operator=(const Game&) = delete;

  // An independent copy of this game: same state, cards, rules hooks and seated agents
  // (shared, not copied); a new journal and a bus connected from the copied state.
  std::unique_ptr<Game> fork() const;
  // A copy in which every card `viewer` cannot see is dealt at random, with `seed`, from the
  // cards it could be: opponents' hands and libraries pooled and redealt, libraries shuffled,
  // and an opponent's face-down objects dealt from the same pool where the rules say the card
  // could be there (RulesHooks::face_down_could_be). Objects in `shown` (cards a decision shows
  // the viewer: DecisionView::determinize passes them) keep their cards, as revealed ones do.
  std::unique_ptr<Game> determinize(PlayerId viewer, std::uint64_t seed,
                                    std::span<const ObjectId> shown = {}) const;
  // determinize() made into `lab`, a game kept for it, rather than into a new one: afterwards
  // `lab` is what determinize(viewer, seed, shown) would have returned (the same state, deal,
  // cards, rules hooks, rule effects, seated agents and decision log; a journal with no edits and
  // this game's quiet edits; a bus connected from its state; no rules memo or rules cache), but
  // the storage of its objects, zones and lists is used again. For an agent that copies the game
  // at every decision (a lab resolving effects): making and destroying a copy was about a sixth
  // of a heuristic game. `lab` may be any game, of any card pool, rules and size: nothing of
  // what it was remains. Until it is refilled or decides, `lab` shares this game's decision log,
  // as a copy does (clear_decision_log lets go of it). If plugin code throws while `lab` is
  // connected, the exception is let through and `lab` is only fit to be refilled or destroyed.
  // Throws RulesError if `lab` is this game or holds a checkpoint (Journal::hold).
  // REQUIRES: no code runs on `lab` (no view, action or slot of it is under way). Plugin ABI 14.1.
  //
  //   std::unique_ptr<Game> lab = game.determinize(me, seed);    // the first decision
  //   game.determinize_into(*lab, me, next_seed);                // each one after it
  void determinize_into(Game& lab, PlayerId viewer, std::uint64_t seed,
                        std::span<const ObjectId> shown = {}) const;

  // --- state ---
  const GameState& state() const { return state_; }
  Journal& journal() { return journal_; }
  const Journal& journal() const { return journal_; }
  EventBus& bus() { return *bus_; }
  const CardPool& cards() const { return *cards_; }
  const std::shared_ptr<const CardPool>& card_pool() const { return cards_; }
  const GameObject& object(ObjectId id) const { return state_.object(id); }
  const CardDef& card(ObjectId id) const { return cards_->at(state_.object(id).card); }

  // Current characteristics: base plus active continuous effects in layer, then timestamp,
  // order (rule 613). Static abilities of objects in play, floating effects and the rules
  // module's own effects all apply; an effect whose source has gone no longer does.
  Characteristics view(ObjectId id) const;
  // The same with only the effects of layers up to `through` applied: what an object is
  // (types, colours, abilities) without its power and toughness effects. An effect computing a
  // power or toughness from other objects' types (an Aura's +X/+X, X the Forests you control)
  // reads them this way; a full view of the enchanted creature would apply that effect again.
  Characteristics view(ObjectId id, Layer through) const;
  // view(id) without a copy when no effect applies to `id`: a reference to its printed
  // characteristics (its CardDef's, which live as long as the card pool), or else to `scratch`,
  // where they are computed. The hot checks view an object to ask one or two things of it, and
  // copying the characteristics was most of such a view; a caller viewing many objects passes
  // one scratch for all of them. The reference is valid until `scratch` is used again.
  //
  //   Characteristics scratch;
  //   for (ObjectId id : permanents)
  //     if (game.view(id, scratch).has_type("Creature"_sym)) …
  const Characteristics& view(ObjectId id, Characteristics& scratch) const;
  // view(id, through) the same way: a reference to the printed characteristics when no effect of
  // those layers applies to `id`, or else to `scratch`. (Count$ asks what each card in a zone is,
  // through Layer::ability, with one scratch for all of them.) Plugin ABI 11.1.
  const Characteristics& view(ObjectId id, Layer through, Characteristics& scratch) const;
  ManaCost cost_of(ObjectId id) const { return view(id).cost; }
  // Whether a continuous effect that applies now may read the turn or the game's attrs
  // (ContinuousEffect::may_read_turn): if none may, every view is the same after quiet edits
  // alone (journal.hpp). Looks at the effects view() applies (the rule effects, the static
  // abilities of objects in the zones they work from, the floating effects), gathered once per
  // change of them.
  bool views_may_read_turn() const;
  // Whether the effects view() applies now are the rule effects alone (add_rule_effect): no
  // static ability of an object works from where it is and no floating effect lasts. A rules
  // module knows what its own effects read (an object's counters, its printed keywords), so it
  // can then tell which edits can change a view: the state-based look at every permanent need
  // not look again after a tap for mana. Gathered with the list, as views_may_read_turn.
  // Inline, from an answer the Game keeps while the list stands: asked thousands of times a game
  // by the rules module's hot checks, where the call was most of its cost. ANVIL_API keeps its
  // symbol exported from the kernel (view.cpp) for plugins built when it was out of line.
  // Inline since plugin ABI 15.4.
  ANVIL_API bool only_rule_effects() const {
    if (only_rule_effects_ != 0) [[likely]]
      return only_rule_effects_ == 1;
    return gather_only_rule_effects();
  }
  // What `id` was as it last existed before its last zone change, as the rules module recorded
  // it (608.2h); nullopt if it recorded nothing or the object moved again. An ability whose
  // source has left reads its source this way ("damage equal to its power").
  std::optional<LastKnown> last_known(ObjectId id) const;

  // Puts a new object for `card` into `zone` (setup, tests, tokens). Journaled; fires nothing.
  ObjectId add_card(CardId card, PlayerId owner, ZoneRef zone, bool token = false);
  // add_card for each of `cards` in order, the last on top of `zone` (a deck at setup): the same
  // objects, ids, timestamps and journal edits, with room made once for them all instead of the
  // lists doubling their way there. Every card is validated before anything is recorded. Returns
  // the first new object's id; the others follow it.
  ObjectId add_cards(std::span<const CardId> cards, PlayerId owner, ZoneRef zone);
  // Makes room for `more` objects to come, for several batches known at once (every deck of a
  // game, before add_cards for each): the object list grows once, to the capacity its doubling
  // would reach one object at a time, rather than once a deck. Changes nothing else. Plugin ABI
  // 15.4.
  void reserve_objects(std::size_t more);

  // --- triggers and effects ---
  // Appends a pending trigger (journaled). Called from trigger slots.
  void fire_trigger(const PendingTrigger& trigger);
  // Leaves-the-battlefield abilities look back in time (603.10a): `moves`, zone changes just
  // applied together and not announced yet, are shown to the trigger slots of the abilities
  // their objects had in the zones they left — those that do not work from the zone entered, so
  // are disconnected now and would never see the move. An ability with the default zones() (the
  // battlefield) that triggers on "CARDNAME dies" or "whenever a creature dies" sees its own
  // object's death and the others of the same event. Its slot runs once, with the object already
  // in its new zone (as a new object, 400.7: obj.ref() names it there). Abilities that also work
  // from the zone entered are connected there and see the move on the bus as usual.
  // The kernel's zone-change actions (move_to_zone, move_simultaneously, destroy, sacrifice, …)
  // call it just before they emit the moves' trigger signal; a rules module that moves objects
  // through the journal itself and announces the moves with bus().after() calls it first too.
  void look_back(std::span<const ZoneChangeEvent> moves);
  std::uint32_t add_effect(FloatingEffect effect);
  // Removes every floating effect lasting `until` (e.g. at cleanup, end_of_turn).
  void end_effects(Duration until);
  // An effect of the rules themselves (e.g. +1/+1 counters in layer 7c), timestamp 0.
  void add_rule_effect(std::shared_ptr<const ContinuousEffect> effect);
  // The rule effects added so far, in order (every view applies them).
  const std::vector<std::shared_ptr<const ContinuousEffect>>& rule_effects() const {
    return rule_effects_;
  }

  // --- rules ---
  void set_rules(std::shared_ptr<RulesHooks> hooks);
  RulesHooks& rules() const { return *rules_; }
  // A few numbers the rules module keeps for this game outside its state: not hashed, not
  // journaled, all 0 in a copy (fork, determinize) and after set_rules or add_rule_effect. For
  // marks such as "the state-based actions found nothing to do at Journal::changes() == N"
  // (journal.hpp, quiet edits), which let a check be skipped while nothing it reads changed.
  // Throws RulesError for a slot >= kRulesMemoSlots.
  static constexpr std::size_t kRulesMemoSlots = 18;
  // Inline: a rules module asks it several times at every decision.
  std::uint64_t& rules_memo(std::size_t slot) {
    if (slot >= kRulesMemoSlots) [[unlikely]]
      no_memo_slot(slot);
    return rules_memo_[slot];
  }

  // The rules module's cache for this game (RulesCache), or nullptr before the module keeps
  // one. Like the rules memo it is not hashed, not journaled and not touched by undo or
  // rollback, so it may hold only what is a function of the state and of a key the module
  // checks before every use: a Journal::changes() count (it only grows, undone edits
  // included) tells that the state is still the one a list was made for. A copy (fork,
  // determinize) starts without one, since its journal counts from the start again and it may
  // play on another thread; set_rules and add_rule_effect drop it (another module, or views
  // that changed without an edit). const, as view()'s cache is: a listing asked of a const
  // Game keeps its lists here.
  //
  //   auto* mine = static_cast<MyCache*>(game.rules_cache());
  //   if (!mine) mine = &static_cast<MyCache&>(game.keep_rules_cache(std::make_unique<MyCache>()));
  RulesCache* rules_cache() const { return rules_cache_.get(); }
  // Makes `cache` this game's rules cache (the one before, if any, is destroyed) and returns
  // it. Throws RulesError for a null cache.
  RulesCache& keep_rules_cache(std::unique_ptr<RulesCache> cache) const;

  // --- agents and decisions ---
  // Seats (or swaps) the agent deciding for `player`; takes effect at the next decision.
  void seat(PlayerId player, std::shared_ptr<Agent> agent);
  Agent* agent(PlayerId player) const;
  // Whether the agent seated for `player` declared that it never reads labels
  // (label_blind(agent(player)), anvil/label_blind.hpp), worked out once when it was seated: a
  // rules module asks at every decision it builds, and the cast to find out is a cross-cast
  // (about 1% of a random classic game when it was made at every asked decision).
  bool seat_label_blind(PlayerId player) const;
  // Whether the agent seated for `player` declared that it never reads prompts
  // (prompt_blind(agent(player)), anvil/label_blind.hpp), worked out once when it was seated, as
  // seat_label_blind is. Added in plugin ABI 15.1: Seat keeps the flag in its padding.
  bool seat_prompt_blind(PlayerId player) const;
  // Asks the seated agent, checks the answer, appends it to the decision log. A choice with no
  // real alternative (one option, exactly one pick; or passing and mana abilities only, see
  // Option::mana) is answered without asking.
  // Throws RulesError for an empty seat or an invalid answer.
  Answer ask(const Choice& choice);
  // ask(choice).picks.at(0), for a choice of one pick (a priority decision, a target): the same
  // questions, checks, log record and errors, with the answer's picks moved into the decision log
  // rather than copied (an allocation fewer at each decision). Throws std::out_of_range, after
  // the record, for an answer of no picks. Plugin ABI 15.3.
  std::uint32_t ask_one(const Choice& choice);
  const std::vector<DecisionRecord>& decisions() const { return *decisions_; }
  // Empties this game's decision log. For a copy that plays on without reading the game's
  // history (a look-ahead, a search's playout): a copy shares its original's log until it
  // decides, and its first decision would otherwise copy every record of the game so far.
  void clear_decision_log();
  // Moves this game's decision log out and leaves the game's log empty, as clear_decision_log
  // does: for a host that keeps the log once the game is over (anvil sim's replay), which a
  // copy of every record was about 0.9% of a random classic game. A log a copy still shares is
  // copied out instead, and the copy keeps its records. Plugin ABI 15.2.
  std::vector<DecisionRecord> take_decision_log();

  // --- calling plugin code ---
  // Runs `fn` as the code of `card`'s ability `ability`; any exception from it becomes an
  // AbilityError naming the plugin, card and ability.
  void invoke(CardId card, std::uint16_t ability, const std::function<void()>& fn);
  // Runs `fn` and returns what it returns, as invoke() does but for code that asks rather than
  // acts (a legality check such as Ability::can_target, a rules module asking a card): what it
  // throws becomes an AbilityError naming `card`'s ability `ability` and its plugin. Inline, and
  // free when nothing throws. Plugin ABI 11.3.
  //
  //   bool ok = game.as_ability(ctx.card, ctx.ability,
  //                             [&] { return ability.can_target(game, ctx, index, t); });
  template <class F>
  decltype(auto) as_ability(CardId card, std::uint16_t ability, F&& fn) const {
    try {
      return std::forward<F>(fn)();
    } catch (...) {
      rethrow_as_ability(card, ability);
    }
  }
  // Called only inside a catch handler: rethrows the exception being handled as an AbilityError
  // naming `card`'s ability `ability` and the plugin that provides it (rethrow_as_ability_error
  // in error.hpp). CardId{} stands for code that is no card's (a rules module's own slot or
  // effect): its exception is rethrown as it is. A card not in the pool is named "?".
  // Plugin ABI 11.3.
  [[noreturn]] void rethrow_as_ability(CardId card, std::uint16_t ability) const;
  // The same naming `plugin` instead, the problem after `prefix`: code another plugin compiled
  // for the ability (attributed()). Two functions rather than default arguments: as_ability()
  // is inlined into hot loops, where the longer call cost instructions though never made.
  [[noreturn]] void rethrow_as_ability(CardId card, std::uint16_t ability, std::string_view plugin,
                                       std::string_view prefix) const;
  // Resolves an ability through invoke().
  void resolve(const ResolveContext& ctx);
  // Runs one action atomically: on any exception the game is rolled back to before it, the
  // error is returned, and the game goes on. Triggers fired inside a failed action are gone.
  ActionResult perform(std::string_view what, const std::function<void(Game&)>& action);

  // Connected ability slots of one object (tests and diagnostics).
  std::size_t connections_of(ObjectId id) const;
  // Errors that could not be thrown: an ability whose connect() failed while a rollback was
  // reconnecting it (a rollback must finish). The ability stays disconnected.
  const std::vector<std::string>& faults() const { return faults_; }

 private:
  struct CopyTag {};
  struct ActiveEffects;  // view()'s cache of the effects active now (src/active_effects.hpp)
  const ActiveEffects& active_effects() const;
  // only_rule_effects() when its answer is not known: gathers the list if it must, and keeps the
  // answer.
  bool gather_only_rule_effects() const;
  // Drops view()'s list of active effects (gathered again at the next view) and what is kept
  // with it.
  void drop_active_effects() const;
  Game(CopyTag, const Game& other, GameState state);
  // The rest of a copy of `other` made into this game after its state was assigned: what the
  // copy constructor does, on members that may hold another game's (determinize_into).
  void refill_from(const Game& other);
  void on_edit(const Edit& edit, bool undone) override;
  // on_edit for creations, moves, card changes and an effect source's controller or timestamp:
  // the object's connections, whether view()'s effect list must be gathered again, and the bus.
  void reconnect(const Edit& edit, bool undone);
  [[noreturn]] static void no_memo_slot(std::size_t slot);
  void refresh(ObjectId id);  // drop, then attach
  void drop(ObjectId id);
  void attach(ObjectId id);  // connects the abilities of an object that has none connected
  void connect_all();

  std::shared_ptr<const CardPool> cards_;
  GameState state_;
  Journal journal_;
  std::unique_ptr<EventBus> bus_;
  std::shared_ptr<RulesHooks> rules_;
  std::vector<std::shared_ptr<const ContinuousEffect>> rule_effects_;
  struct Seat {
    std::shared_ptr<Agent> agent;
    bool label_blind = false;   // label_blind(agent.get()), worked out by seat()
    bool prompt_blind = false;  // prompt_blind(agent.get()), likewise
  };
  std::vector<Seat> seats_;
  // Shared by a game and its copies until one of them decides (copy on write): a copy made to
  // look ahead seldom decides, and copying a long log was a large part of a copy's cost.
  std::shared_ptr<std::vector<DecisionRecord>> decisions_;
  std::vector<std::vector<Connection>> connections_;  // by ObjectId
  std::vector<ObjectId> effect_sources_;              // objects whose static abilities apply
  std::vector<std::string> faults_;
  std::array<std::uint64_t, kRulesMemoSlots> rules_memo_{};
  mutable int view_depth_ = 0;
  // only_rule_effects()'s answer while active_'s list stands: 1 yes, 2 no, 0 not known (the
  // list dropped or never gathered); dropped with the list, wherever that is. In the padding
  // after view_depth_: a Game's size and its other members' places are unchanged.
  mutable std::uint8_t only_rule_effects_ = 0;
  mutable std::unique_ptr<ActiveEffects> active_;
  mutable std::unique_ptr<RulesCache> rules_cache_;  // not copied: see rules_cache()
};

ANVIL_END_NAMESPACE
