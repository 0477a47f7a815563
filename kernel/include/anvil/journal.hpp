// Journal: the only way a GameState changes during a game, and the undo system.
//
// Each mutation records the old value and applies the new one (Laterna Magica's Edit /
// EditableProperty). Records are 32-byte entries in one vector — no heap object per edit;
// the few edits that remove something bulky (a stack item, a pending trigger, a zone's old
// order after a shuffle) keep it in a side vector that rolls back in step.
//
//   Journal::Checkpoint cp = game.journal().checkpoint();
//   apply_move(game, move);                 // any number of edits, events, triggers
//   int score = evaluate(game);
//   game.journal().rollback(cp);            // hash(game.state()) is what it was
//
// Memory: the code that drives a game (the loop calling RulesModule::advance) calls trim()
// between two advance() calls, where no rules module's own checkpoint is outstanding. trim()
// forgets every edit older than the oldest *held* checkpoint, so the journal holds one
// decision's worth of edits instead of the whole game. A checkpoint kept longer than the call
// that made it — across advance() calls, an undo stack, a search root — must be held:
//
//   Journal::Hold root = copy->journal().hold();   // trim() keeps everything after it
//   while (rules.advance(*copy)) copy->journal().trim();
//   copy->journal().rollback(root.checkpoint());
//
// Rolling back to a checkpoint whose edits were trimmed throws RulesError; it never half-undoes.
// Ownership: a Journal edits the GameState it was built for; the Game owns both. A listener
// (the Game) sees every edit as it is applied and as it is undone.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include "anvil/config.hpp"
#include "anvil/ids.hpp"
#include "anvil/state.hpp"
#include "anvil/symbol.hpp"

ANVIL_BEGIN_NAMESPACE

enum class EditKind : std::uint8_t {
  object_field,    // subject = object, field = ObjectField
  object_counter,  // subject = object, key = counter kind
  object_attr,     // subject = object, key = attribute
  player_field,    // subject = player, field = PlayerField
  player_counter,  // subject = player, key = counter kind
  player_attr,     // subject = player, key = attribute
  game_field,      // field = GameField
  game_attr,       // key = attribute
  rng,             // before/after = RNG state
  object_create,   // subject = new object (always the last one); before = its timestamp
  // subject = object; before/after = packed (zone index, position). A move to another zone also
  // gives the object the game's next timestamp and advances that, in this one edit (ABI 15; they
  // were two edits of their own before): key = the object's timestamp before the move in its
  // low 32 bits, after it in its high 32. A move within one zone changes neither: key = 0.
  zone_move,
  zone_reorder,    // subject = zone index; before = side index of the old order
  trigger_push,    // subject = index pushed
  trigger_take,    // subject = index taken; before = side index of the trigger
  stack_push,      // subject = index pushed
  stack_take,      // subject = index taken; before = side index of the item
  effect_add,      // subject = index added
  effect_remove,   // subject = index removed; before = side index of the effect
  object_card,     // subject = object; before/after = CardId (copy and transform effects)
};
// How many kinds of edit there are (object_card is the last): Journal::changes(EditKind).
inline constexpr std::size_t kEditKinds = static_cast<std::size_t>(EditKind::object_card) + 1;

// `timestamp` changes only with a move to another zone, and is recorded in its zone_move edit
// (ABI 15): no object_field edit names it.
enum class ObjectField : std::uint8_t {
  controller, tapped, damage, summoning_sick, face_down, timestamp
};
enum class PlayerField : std::uint8_t { life, outcome };
enum class GameField : std::uint8_t {
  turn_number,
  step,
  active_player,
  priority_player,
  over,
  next_timestamp,
  next_stack_id,
  next_effect_id,
  passes,
  // The priority holder and the pass count changed by one edit (Journal::set_priority): before
  // and after are each `passes << 8 | priority`. Quiet when both of those fields are (ABI 14.1).
  priority_and_passes,
  // The step, the priority holder and the pass count changed by one edit
  // (Journal::set_step_and_priority, a step's start): before and after are each
  // `passes << 24 | step << 8 | priority`. Quiet when all three of those fields are (ABI 15.2).
  step_and_priority
};

// One recorded change. `before`/`after` are the values (or packed positions) on either side.
struct Edit {
  EditKind kind;
  std::uint8_t field = 0;
  std::uint32_t subject = 0;
  std::uint64_t key = 0;
  std::int64_t before = 0;
  std::int64_t after = 0;
};
static_assert(sizeof(Edit) == 32);

// Told of each edit after it is applied, and of each undo after it is reverted.
class ANVIL_API JournalListener {
 public:
  virtual ~JournalListener();
  virtual void on_edit(const Edit& edit, bool undone) = 0;
};

class ANVIL_API Journal {
 public:
  // A position to roll back to. Only valid for the journal that made it, and only until that
  // journal is cleared, rolled back past it, or trimmed past it while it was not held.
  struct Checkpoint {
    std::uint64_t position = 0;  // edits made since the last clear(), trimmed ones included
    std::uint64_t epoch = 0;
  };

  // A held checkpoint: while it lives, trim() keeps every edit after it. Move-only. REQUIRES:
  // it does not outlive its journal (hold it in the scope that holds the game).
  class ANVIL_API Hold {
   public:
    Hold() = default;
    Hold(Hold&& other) noexcept;
    Hold& operator=(Hold&& other) noexcept;
    Hold(const Hold&) = delete;
    Hold& operator=(const Hold&) = delete;
    ~Hold();
    Checkpoint checkpoint() const { return cp_; }
    bool held() const { return journal_ != nullptr; }
    // Lets go early; trim() may then forget the edits after it.
    void release() noexcept;

   private:
    friend class Journal;
    Hold(Journal* journal, Checkpoint cp) : journal_(journal), cp_(cp) {}
    Journal* journal_ = nullptr;
    Checkpoint cp_;
  };

  explicit Journal(GameState& state);
  Journal(const Journal&) = delete;
  Journal& operator=(const Journal&) = delete;

  void set_listener(JournalListener* listener) { listener_ = listener; }

  // Which edits the listener is told of, applied and undone: every one (the default), or only
  // those that can change which abilities of an object work or which effects apply
  // (ListenTo::structure): creations, zone moves, card changes, floating effects added or
  // removed, and changes of an object's controller (Journal::is_structure). A Game listens to
  // the structure alone while no slot of its bus watches edits (EventBus::on_edit, which makes
  // its journal tell every edit from then on): most edits of a game — the step, priority,
  // passes, taps, attrs — are then told to no one, a call fewer at each.
  // Plugin ABI 15.3.
  enum class ListenTo : std::uint8_t { every_edit, structure };
  void listen_to(ListenTo what) { listen_to_ = what; }
  ListenTo listening_to() const { return listen_to_; }
  // Whether `e` is one of the edits ListenTo::structure tells. One test of a mask of kinds and
  // one of the edit's first two bytes (a controller edit is kind object_field, field
  // controller, both 0).
  static bool is_structure(const Edit& e) {
    static_assert(kEditKinds <= 32);
    static_assert(static_cast<unsigned>(EditKind::object_field) == 0 &&
                  static_cast<unsigned>(ObjectField::controller) == 0);
    return ((kStructureKinds >> static_cast<unsigned>(e.kind)) & 1u) != 0 ||
           (e.kind == EditKind::object_field && e.field == 0);
  }

  // --- objects ---
  // Appends a new object in `zone` (at the top). Its timestamp is the next one.
  ObjectId create_object(CardId card, PlayerId owner, ZoneRef zone, bool token);
  // create_object for each of `cards` in order, none a token, the last on top of `zone`: the same
  // objects, ids, timestamps and edits (one object_create each, told to the listener as it is
  // made), with the owner and the zone looked up once (a deck at setup, Game::add_cards). Returns
  // the first new object's id; the others follow it. REQUIRES: each card is one of the game's.
  ObjectId create_objects(std::span<const CardId> cards, PlayerId owner, ZoneRef zone);
  // Makes room for `edits` more edits at once, for a known burst of them (a deck's creations at
  // setup), so that the list grows once rather than doubling its way there. Changes nothing else.
  void reserve(std::size_t edits);
  // Moves to `to` at `position` (counted from the bottom; npos = on top). A move to another
  // zone makes a new object: zone_changes and timestamp advance, the game's next timestamp with
  // it. A move within one zone only reorders it. Either is one edit (EditKind::zone_move).
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  void move_object(ObjectId id, ZoneRef to, std::size_t position = npos);
  void set_card(ObjectId id, CardId card);
  void set_controller(ObjectId id, PlayerId controller);
  void set_tapped(ObjectId id, bool tapped);
  void set_damage(ObjectId id, std::int32_t damage);
  void set_summoning_sick(ObjectId id, bool sick);
  void set_face_down(ObjectId id, bool face_down);
  void set_counter(ObjectId id, Symbol kind, std::int64_t count);
  void set_attr(ObjectId id, Symbol key, std::int64_t value);

  // --- players ---
  void set_life(PlayerId p, std::int32_t life);
  void set_outcome(PlayerId p, Outcome outcome);
  void set_counter(PlayerId p, Symbol kind, std::int64_t count);
  void set_attr(PlayerId p, Symbol key, std::int64_t value);

  // --- the game ---
  void set_turn_number(std::uint32_t n);
  void set_step(std::uint16_t step);
  void set_active_player(PlayerId p);
  void set_priority_player(PlayerId p);
  // The count of consecutive priority passes (TurnState::passes): one more at each pass, 0 after
  // an action or when the step ends.
  void set_passes(std::uint32_t passes);
  // Priority to `p` with the pass count `passes`: set_passes, then set_priority_player, as one
  // edit (GameField::priority_and_passes) when both change, which a pass that hands priority on
  // does; as those two otherwise. A pass is the commonest edit of a game (ABI 14.1).
  void set_priority(PlayerId p, std::uint32_t passes);
  // A step's start: the step `step`, priority to `p` and the pass count `passes`, as one edit
  // (GameField::step_and_priority) when the step changes; set_priority alone when it does not.
  // The same state as set_step then set_priority, undone in one step; an edit-stream reader that
  // watches steps watches this edit too. Every step of a game begins so, after a pass (ABI 15.2).
  void set_step_and_priority(std::uint16_t step, PlayerId p, std::uint32_t passes);
  void set_over(bool over);
  void set_game_attr(Symbol key, std::int64_t value);
  // A uniform random number in [0, bound), advancing the game's RNG. REQUIRES: bound > 0.
  std::uint64_t random_below(std::uint64_t bound);
  // Reorders a zone uniformly at random with the game's RNG (Fisher–Yates).
  void shuffle_zone(ZoneRef zone);
  // REQUIRES: `order` is a permutation of the zone's objects.
  void reorder_zone(ZoneRef zone, std::vector<ObjectId> order);

  // --- triggers, stack, floating effects ---
  void push_trigger(PendingTrigger trigger);
  PendingTrigger take_trigger(std::size_t index);
  // Returns the item's id.
  std::uint32_t push_stack(StackItem item);
  StackItem take_stack(std::size_t index);
  StackItem pop_stack() { return take_stack(state_.stack.size() - 1); }
  // Returns the effect's id; its timestamp is the next one unless already set.
  std::uint32_t add_effect(FloatingEffect effect);
  FloatingEffect remove_effect(std::size_t index);

  // --- undo ---
  Checkpoint checkpoint() const { return Checkpoint{base_ + edits_.size(), epoch_}; }
  // The checkpoint of now, held until the Hold goes.
  Hold hold() { return hold(checkpoint()); }
  // Holds an earlier checkpoint. Throws RulesError if it can no longer be rolled back to.
  Hold hold(Checkpoint cp);
  // Undoes every edit made after `cp`, newest first. Throws RulesError, changing nothing, for
  // a checkpoint of another epoch, one already rolled back past, or one whose edits trim()
  // forgot.
  void rollback(Checkpoint cp);
  // Forgets every edit older than the oldest held checkpoint (all of them if none is held);
  // returns how many. Only call it where no unheld checkpoint is still meant for rollback.
  std::size_t trim();
  // trim(), with its usual case inline: nothing held and no side vector to empty, as between
  // two advance() calls of a game played to its end. For the loop that drives a game, which
  // calls it after every advance() (some 600 times a random classic game), where trim()'s call
  // was about half of its cost. The same effect and result as trim(). Plugin ABI 15.4.
  std::size_t trim_inline() {
    if (!holds_.empty() || side_entries_) return trim();
    const std::size_t n = edits_.size();
    edits_.clear();
    base_ += n;
    return n;
  }
  // Forgets all history (edits can no longer be undone); every earlier checkpoint, held or
  // not, becomes invalid.
  void clear();

  // The edits kept (made since the last trim() or clear()), oldest first.
  std::size_t size() const { return edits_.size(); }
  const std::vector<Edit>& edits() const { return edits_; }
  // How many checkpoints are held now.
  std::size_t holds() const { return holds_.size(); }
  // Grows with every applied and every undone edit: a cache keyed by it is never stale.
  std::uint64_t version() const { return version_; }

  // --- quiet edits: "has anything changed since?" across calls ---
  // A rules module marks as quiet the bookkeeping edits that none of its checks read: passing
  // priority to the next player and counting the passes (game_field priority_player and
  // passes), its own step bookkeeping (game_attr of that key). changes() grows with every applied
  // and every undone edit except quiet ones, so a check that found nothing to do at changes() == N
  // need not run again while changes() is still N: the state differs only in quiet edits. Never 0.
  // A copy of the game (fork, determinize) gets the same quiet edits.
  void add_quiet(EditKind kind, std::uint64_t field_or_key);
  // The quiet edits of `other` in place of this journal's: what a copy of a game starts with.
  void copy_quiet_from(const Journal& other);
  bool quiet(const Edit& e) const {
    // Asked at every edit: a game field is one bit of a mask; game attrs are a short list.
    if (e.kind == EditKind::game_field) return e.field < 32 && ((quiet_fields_ >> e.field) & 1u);
    if (e.kind != EditKind::game_attr) return false;
    for (std::uint64_t key : quiet_attrs_)
      if (key == e.key) return true;
    return false;
  }
  const std::vector<std::pair<EditKind, std::uint64_t>>& quiet_edits() const { return quiet_; }
  std::uint64_t changes() const { return changes_; }
  // How many edits of one kind were applied or undone so far, quiet ones included (0 at first).
  // Finer than changes() for a check that reads a few kinds of edit only: the state-based
  // look at every object for tokens, stray counters and spell copies reads objects' creation,
  // zones, counters and attrs alone, and need not look again while those counts are as they
  // were. Like changes(), a count of this journal: a copy of the game starts again from 0.
  std::uint64_t changes(EditKind kind) const { return kind_changes_[static_cast<std::size_t>(kind)]; }
  // How many zone moves out of a zone of `kind` were applied or undone so far (an undone move
  // leaves the zone it had gone to; a move within one zone counts for it). Finer than
  // changes(EditKind::zone_move) for a check that cares only where objects come from: the
  // state-based look for tokens and counters off the battlefield and spell copies off the stack
  // need not look again after a card is drawn or cast, only after something left the
  // battlefield or the stack. Like changes(), a count of this journal (0 at first and in a copy).
  std::uint64_t moves_from(ZoneKind kind) const {
    return moves_from_[static_cast<std::size_t>(kind)];
  }
  // How many zone moves into a zone of `kind` were applied or undone so far (an undone move
  // goes back to the zone it had left). With moves_from, for a check that reads one zone only:
  // the state-based look at the permanents need not look again after a draw, a cast or a
  // spell put into the graveyard. Like changes(), a count of this journal (0 at first and in a copy).
  std::uint64_t moves_to(ZoneKind kind) const { return moves_to_[static_cast<std::size_t>(kind)]; }
  // How many edits of one object field were applied or undone so far (0 at first and in a
  // copy). Finer than changes(EditKind::object_field), which cannot tell a tap from damage: the
  // state-based look at the permanents reads damage and controllers but not whether they are
  // tapped, and most of its passes follow a tap for mana.
  std::uint64_t changes(ObjectField field) const {
    return field_changes_[static_cast<std::size_t>(field)];
  }
  const GameState& state() const { return state_; }

 private:
  static constexpr std::uint32_t kStructureKinds =
      (1u << static_cast<unsigned>(EditKind::object_create)) |
      (1u << static_cast<unsigned>(EditKind::zone_move)) |
      (1u << static_cast<unsigned>(EditKind::object_card)) |
      (1u << static_cast<unsigned>(EditKind::effect_add)) |
      (1u << static_cast<unsigned>(EditKind::effect_remove));
  // Whether the listener is told of `e` (listen_to).
  bool tells(const Edit& e) const { return listen_to_ == ListenTo::every_edit || is_structure(e); }
  void record(const Edit& e);
  // record() for the commonest kinds of edit (fields, counters and attrs), one function for each
  // kind, with the edit's parts in registers (journal.cpp). Hidden: the kernel's own, called
  // directly rather than through the PLT as an exported template would be.
  template <EditKind K>
  __attribute__((visibility("hidden"))) void record_as(std::uint8_t field, std::uint32_t subject,
                                                       std::uint64_t key, std::int64_t before,
                                                       std::int64_t after);
  void undo(const Edit& e);
  GameObject& obj(ObjectId id);
  Player& player(PlayerId p);
  void set_object_field(ObjectId id, ObjectField f, std::int64_t v);
  void set_player_field(PlayerId p, PlayerField f, std::int64_t v);
  void set_game_field(GameField f, std::int64_t v);
  // Puts `order`, a permutation of zone `zone_index`'s objects, in its place and records it.
  void replace_order(std::size_t zone_index, std::vector<ObjectId> order);
  void place(ObjectId id, std::size_t zone_index, std::size_t position);
  void unplace(ObjectId id, std::size_t zone_index, std::size_t position);
  void valid_target(Checkpoint cp, const char* what) const;
  void release(const Checkpoint& cp) noexcept;

  GameState& state_;
  JournalListener* listener_ = nullptr;
  std::vector<Edit> edits_;
  std::vector<PendingTrigger> taken_triggers_;
  std::vector<StackItem> taken_stack_;
  std::vector<FloatingEffect> removed_effects_;
  std::vector<std::vector<ObjectId>> old_orders_;
  std::vector<Checkpoint> holds_;  // unordered; a few at most (an undo stack, a search root)
  std::uint64_t base_ = 0;         // edits of this epoch trimmed away: edits_[0]'s position
  std::uint64_t epoch_ = 0;
  std::uint64_t version_ = 0;
  std::uint64_t changes_ = 1;
  std::array<std::uint64_t, kEditKinds> kind_changes_{};
  std::array<std::uint64_t, static_cast<std::size_t>(ZoneKind::stack) + 1> moves_from_{};
  std::array<std::uint64_t, static_cast<std::size_t>(ZoneKind::stack) + 1> moves_to_{};
  std::array<std::uint64_t, static_cast<std::size_t>(ObjectField::timestamp) + 1> field_changes_{};
  std::vector<std::pair<EditKind, std::uint64_t>> quiet_;
  std::uint32_t quiet_fields_ = 0;  // bit f: GameField f is quiet (also listed in quiet_)
  // Whether a side vector (taken triggers, taken stack items, removed effects, old orders) may
  // hold an entry: trim()'s usual call finds it false and looks at none of the four. In the
  // padding after quiet_fields_: a Journal's size and its other members' places are unchanged.
  bool side_entries_ = false;
  // What the listener is told of (listen_to). In the padding after side_entries_, as that is.
  ListenTo listen_to_ = ListenTo::every_edit;
  std::vector<std::uint64_t> quiet_attrs_;  // the quiet game attrs' keys (also listed in quiet_)
};

ANVIL_END_NAMESPACE
