// The turn (500-514) and priority (117): advance() runs turn-based actions, state-based
// actions and triggers up to the next priority decision, asks it, performs the answer and
// returns. See README.md for the protocol.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "classic.hpp"
#include "classic_cache.hpp"
#include "module.hpp"

namespace anvil::rules_classic {

namespace {

TurnStepEvent step_event(const Game& game) {
  TurnStepEvent e;
  e.turn = game.state().turn.number;
  e.step = game.state().turn.step;
  e.active = game.state().turn.active;
  return e;
}

// The permanents `p` controls, in controlled()'s order, kept on the stack up to kInline of them:
// an untap announces an event whose replacement effects and listeners are any plugin's code,
// which might move permanents, so the untap step walks a list taken before the first untap, as
// it walked controlled()'s list, without a heap allocation for it.
class ControlledNow {
 public:
  // The list as the battlefield is now.
  void list(const GameState& s, PlayerId p) {
    size_ = 0;
    more_.clear();
    for (const Player& seat : s.players)
      for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects)
        if (s.objects[id.value].controller == p) push(id.value);
  }
  // Puts the next permanent at the end: for a walk of the battlefield in controlled()'s order
  // that lists as it goes (turn_begins).
  void push(std::uint32_t id) {
    if (size_ < kInline) {
      inline_[size_++] = id;  // left unwritten beyond size_: no zeroing of the whole buffer
      return;
    }
    if (size_ == kInline) more_.assign(inline_, inline_ + kInline);
    more_.push_back(id);
    ++size_;
  }
  std::size_t size() const { return size_; }
  ObjectId operator[](std::size_t i) const {
    return ObjectId(size_ > kInline ? more_[i] : inline_[i]);
  }

 private:
  static constexpr std::size_t kInline = 64;
  std::uint32_t inline_[kInline];
  std::vector<std::uint32_t> more_;
  std::size_t size_ = 0;
};

// What a ControlledNow list depends on, as journal counts: the zones' lists (moves, reorders,
// creations), the controllers, and the turn's fields (whose permanents). Each count only grows,
// with every edit of its kind or field applied or undone, quiet or not, so while the sum is
// the same none of them was edited, and the list is still what list() would make.
std::uint64_t controlled_key(const Journal& j) {
  return j.changes(EditKind::zone_move) + j.changes(EditKind::zone_reorder) +
         j.changes(EditKind::object_create) + j.changes(ObjectField::controller) +
         j.changes(EditKind::game_field);
}

// What a new turn resets for its active player, whether or not its untap step is skipped.
// 302.6: what matters is control since the turn began, so the permanents they control stop
// being summoning sick here, not in the untap step (614.10: a skipped one still ends it).
// The walk edits the summoning-sickness flag alone, a journal field that moves no object, so
// the battlefield can be walked as it is, without controlled()'s list (built twice a turn, it
// was 1.2% of a random game's instructions). It lists the active player's permanents as it
// goes, for the untap step that follows (`permanents`), and returns controlled_key() as the
// walk ends.
std::uint64_t turn_begins(Game& game, ControlledNow& permanents) {
  const PlayerId active = game.state().turn.active;
  game.journal().set_attr(active, kLandsPlayed, 0);
  const GameState& s = game.state();
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) {
      const GameObject& o = s.objects[id.value];
      if (o.controller != active) continue;
      permanents.push(id.value);
      if (o.summoning_sick) game.journal().set_summoning_sick(id, false);
    }
  const std::uint64_t listed_at = controlled_key(game.journal());
  end_until_your_next_turn(game, active);  // "until your next turn" (dungeons.cpp)
  return listed_at;
}

// The untap step's beginning (502): the new turn's resets (turn_begins), the step announced to
// replacement effects (one may skip it, 614.10), then the active player's permanents untap
// (502.3); no player gets priority. The permanents are those turn_begins listed, unless an
// edit since could have changed the list ("until your next turn" effects ending, a replacement
// effect): then they are listed again. It was a second walk of every permanent at each turn
// (1 315 turns in 40 random classic games).
bool begin_untap_step(Game& game) {
  ControlledNow permanents;
  const std::uint64_t listed_at = turn_begins(game, permanents);
  TurnStepEvent e = step_event(game);
  if (!game.bus().replace(game, e)) return false;
  if (controlled_key(game.journal()) != listed_at)
    permanents.list(game.state(), game.state().turn.active);
  for (std::size_t i = 0; i < permanents.size(); ++i)
    if (game.object(permanents[i]).tapped) untap(game, permanents[i]);
  return false;
}

// 514.1-2: discard to seven, then damage removal and "until end of turn" effects together.
void cleanup_actions(Game& game) {
  const PlayerId active = game.state().turn.active;
  const auto& hand = game.state().zone(ZoneRef::hand(active)).objects;
  if (hand.size() > 7) {
    Choice choice;
    choice.kind = ChoiceKind::discard;
    choice.player = active;
    choice.prompt = "Discard down to seven cards";
    for (ObjectId id : hand)
      choice.options.push_back({object_label(game, id), Target::of(game.object(id).ref()), 0});
    choice.min_picks = choice.max_picks = static_cast<std::uint32_t>(hand.size() - 7);
    const std::vector<ObjectId> cards = hand;
    for (std::uint32_t i : game.ask(choice).picks) discard(game, cards.at(i));
  }
  // Journal edits of a field and attrs alone, which move nothing: the battlefield is walked as
  // it is, seat by seat as battlefield() lists it, without building the list.
  const GameState& s = game.state();
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) {
      const GameObject& o = s.objects[id.value];
      if (o.damage != 0) game.journal().set_damage(id, 0);
      if (o.attrs.items.empty()) continue;  // most permanents have none
      if (o.attrs.get(kDeathtouched) != 0) game.journal().set_attr(id, kDeathtouched, 0);
      if (o.attrs.get(kRegenShields) != 0) game.journal().set_attr(id, kRegenShields, 0);
      if (o.attrs.get(kRegenZc) != 0) game.journal().set_attr(id, kRegenZc, 0);
    }
  game.end_effects(Duration::end_of_turn);
}

// Sets a step bookkeeping attr to 0. Mostly it is 0 already, and then the journal is not
// called at all (its look through the game's attrs and the call cost more than this one).
void clear_game_attr(Game& game, Symbol key) {
  if (game.state().attrs.get(key) != 0) game.journal().set_game_attr(key, 0);
}

// 117.4: an action, a resolution or a new step starts the count of passes again. Mostly it is 0
// already, and then the journal is not called.
void clear_passes(Game& game) {
  if (game.state().turn.passes != 0) game.journal().set_passes(0);
}

// Ends the step and goes to the next one, which the caller begins at once (begin_step):
// kStepBegun is left as it is, since begin_step would only set it back to 1 (two journal
// edits a step, for nothing), unless the game ends here, where the step is not begun. The new
// step comes with priority to the active player and no passes (117.3a, 117.4), in the one edit
// of Journal::set_step_and_priority, instead of the step's own and begin_step's set_priority
// (which then finds nothing to change): one edit a step instead of two. Nothing between here and
// begin_step reads who has priority, and no decision is asked on the way.
void go_next(Game& game) {
  Journal& j = game.journal();
  const TurnState& turn = game.state().turn;
  empty_pools(game);
  // Each is set only in its own step (begin_step, end_step) and cleared here as the game leaves
  // a step, so it can be set only while the game is in that step: no look through the game
  // attrs when leaving any other.
  if (turn.step == kDamage) clear_game_attr(game, kDamagePhase);
  if (turn.step == kCleanup) clear_game_attr(game, kCleanupActed);
  if (turn.step + 1 < kStepCount) {
    j.set_step_and_priority(static_cast<std::uint16_t>(turn.step + 1), turn.active, 0);
    return;
  }
  const std::uint32_t next = turn.number + 1;
  if (next > static_cast<std::uint32_t>(game.state().attrs.get(kMaxTurns))) {
    clear_game_attr(game, kStepBegun);
    clear_passes(game);  // as every ended game leaves them
    end_game_drawn(game);
    return;
  }
  j.set_turn_number(next);
  j.set_active_player(next_player(game, turn.active));
  j.set_step_and_priority(kUntap, turn.active, 0);  // the new active player
}

bool still_settled(Game& game);  // settling, below

// Turn-based actions as a step begins (and the 117.5 loop for cleanup). Returns whether
// players get priority in this step. `next`: the game just went to this step (go_next), which
// leaves kStepBegun at 1, as go_next is only called in a begun step; otherwise the caller found
// it 0. Either way kStepBegun needs no look here (a look through the game attrs at every step).
bool begin_step(Game& game, bool next) {
  Journal& j = game.journal();
  // go_next gave the active player priority with no passes as it went to this step: the call
  // would find nothing to change (15 000 calls in 40 random games).
  if (!next) {
    j.set_game_attr(kStepBegun, 1);
    j.set_priority(game.state().turn.active, 0);  // and the pass count of the last step, if any
  }
  const std::uint16_t step = game.state().turn.step;
  if (step == kUntap) return begin_untap_step(game);
  if ((step == kBlockers || step == kDamage) && !any_attackers(game)) return false;  // 508.8
  // 614.10: the step is announced to replacement effects before anything of it happens; one
  // that skips it cancels it, and then nothing of it happens (skip.cpp). Its "at the beginning
  // of" triggers fire when it is announced to triggers (after), once its turn-based actions
  // that come first are done.
  TurnStepEvent e = step_event(game);
  if (!game.bus().replace(game, e)) return false;
  const auto announce_step = [&game, &e] { game.bus().after(game, e); };
  switch (step) {
    case kDraw:
      announce_step();
      if (game.state().turn.number > 1) draw(game, game.state().turn.active);  // 103.8a
      return true;
    case kMain1:
      add_lore_counters(game);  // 714.3b, before "at the beginning of" triggers
      announce_step();
      return true;
    case kAttackers:
      announce_step();
      declare_attackers(game);
      return true;
    case kBlockers:
      announce_step();
      declare_blockers(game);
      return true;
    case kDamage:
      announce_step();
      if (needs_first_strike_step(game)) {
        combat_damage(game, true);
        j.set_game_attr(kDamagePhase, 1);
      } else {
        combat_damage(game, false);
        j.set_game_attr(kDamagePhase, 2);
      }
      return true;
    case kCleanup: {
      cleanup_actions(game);
      // 514.3a: priority only if state-based actions or triggers happen.
      bool acted = false;
      for (;;) {
        // Nothing to check while nothing changed since settling found nothing (settle()): a
        // cleanup that discarded nothing, removed no damage and ended no effect.
        const bool sba = !still_settled(game) && run_state_based(game);
        if (game.state().over) return false;
        const bool trig = put_triggers(game);
        if (!sba && !trig) break;
        acted = true;
      }
      // Mostly nothing acted and the attr is 0 already (go_next clears it as cleanup ends):
      // then the journal is not called.
      if (acted)
        j.set_game_attr(kCleanupActed, 1);
      else
        clear_game_attr(game, kCleanupActed);
      return acted;
    }
    default:
      announce_step();
      return true;
  }
}

// What passing priority leaves to begin (after_pass). Most passes leave the game in the step
// they were made in, whose kStepBegun is still 1 (priority went on, the top of the stack
// resolved, the regular combat damage step followed the first-strike one): nothing to begin, and
// no look through the game attrs to find that out.
enum class Passed {
  same_step,
  next_step,   // go_next went to the next step, which the caller begins
  step_again,  // another cleanup step (514.3a): kStepBegun is 0
};

// All players passed with an empty stack: the step ends. The pass count is left for the next
// step's begin_step to clear with the priority holder (go_next), except before the regular
// combat damage step, where damage is dealt at once.
Passed end_step(Game& game) {
  Journal& j = game.journal();
  const std::uint16_t step = game.state().turn.step;
  if (step == kDamage && game.state().attrs.get(kDamagePhase) == 1) {
    clear_passes(game);  // before the damage, as a new step would have them (117.4)
    empty_pools(game);
    combat_damage(game, false);  // the regular combat damage step
    j.set_game_attr(kDamagePhase, 2);
    clear_passes(game);
    j.set_priority_player(game.state().turn.active);
    return Passed::same_step;
  }
  if (step == kEndCombat) end_combat(game);  // 511.3
  if (step == kCleanup) {                    // 514.3a: another cleanup step
    empty_pools(game);
    j.set_game_attr(kStepBegun, 0);
    return Passed::step_again;
  }
  go_next(game);
  return Passed::next_step;
}

// A loop of mandatory actions (104.4b, 732.4): Stuffy Doll, its chosen player enchanted with
// Pariah, deals damage to itself for ever, each of its triggers resolving and the next going
// on the stack before anyone receives priority with an empty stack. Objects resolved since a
// player last received priority with an empty stack are counted in a rules memo slot (not
// journaled, not hashed: a game without such a loop is unchanged, and the count only grows
// while the stack never empties, so a rollback can leave it a few too high at most); after
// kMandatoryLoop of them, every player having passed each time, the game is a draw. No real
// game resolves that many objects without the stack emptying.
//
// The slot is shared: the count is its low kLoopBits bits (it never passes kMandatoryLoop, so
// counting in the whole slot never carries into the rest), and advance() keeps the key of its
// last look at the step's game attrs above them (ClassicRules::advance).
constexpr std::size_t kTurnMemo = 12;
constexpr std::uint64_t kMandatoryLoop = 2000;
constexpr unsigned kLoopBits = 16;
constexpr std::uint64_t kLoopMask = (std::uint64_t{1} << kLoopBits) - 1;
static_assert(kMandatoryLoop < kLoopMask);

// The players still playing, for 117.4's "all players pass in succession". A player's outcome
// is a player field, changed only by a journal edit (Journal::set_outcome), which
// Journal::changes(EditKind::player_field) counts, applied or undone; so while that count is as
// it was when they were counted, the count holds (a copy of the game starts without the cache,
// and its journal's counts from 0). Most passes come with no player field edited since the
// last one (a life total or an outcome): then this is a compare where the walk of the players
// was about 15 instructions a pass (23 257 passes in 40 random classic games).
std::uint32_t players_playing(const Game& game) {
  ClassicCache& cache = classic_cache(game);
  const std::uint64_t at = 1 + game.journal().changes(EditKind::player_field);
  if (cache.playing_at != at) [[unlikely]] {
    std::uint32_t playing = 0;
    for (const Player& p : game.state().players) playing += p.outcome == Outcome::playing;
    cache.playing = playing;
    cache.playing_at = at;
  }
  return cache.playing;
}

// next_player (common.cpp) made here, without a call, for `p` a seat (the priority holder): the
// seat after p, the first after the last, as next_player's modulo gives it. It was a call at
// each pass that hands priority on (11 637 in 40 random classic games).
PlayerId seat_after(const GameState& s, PlayerId p) {
  const std::size_t next = std::size_t{p.value} + 1;
  return PlayerId(static_cast<std::uint8_t>(next < s.players.size() ? next : 0));
}

// Returns whether the step ended (end_step) and what to begin then.
Passed pass_priority(Game& game) {
  Journal& j = game.journal();
  const std::uint32_t passes = game.state().turn.passes + 1;
  if (passes < players_playing(game)) {  // one edit for both (Journal::set_priority)
    j.set_priority(seat_after(game.state(), game.state().turn.priority), passes);
    return Passed::same_step;
  }
  if (!game.state().stack.empty()) {
    clear_passes(game);
    if ((++game.rules_memo(kTurnMemo) & kLoopMask) >= kMandatoryLoop) {
      end_game_drawn(game);  // 104.4b
      return Passed::same_step;
    }
    resolve_top(game);
    j.set_priority_player(game.state().turn.active);  // 117.3b
    return Passed::same_step;
  }
  return end_step(game);
}

// Begins steps (their turn-based actions), skipping those without priority, until one in which
// a player will get priority has begun. A step is begun when kStepBegun is 0 (a new game, a
// repeated cleanup) or when `next` says the caller just went to it (go_next leaves kStepBegun
// as it was). A step begin_step has begun has kStepBegun 1 (set there, or left so by go_next),
// so the loop ends with it without a look through the game attrs (10 600 looks in 40 random
// games).
void enter_priority_step(Game& game, bool next = false) {
  if (game.state().over || (!next && game.state().attrs.get(kStepBegun) != 0)) return;
  for (int guard = 0; guard < 10000; ++guard) {
    if (begin_step(game, next) || game.state().over) return;
    go_next(game);
    if (game.state().over) return;
    next = true;
  }
  throw RulesError("advance: no step with priority after 10000 steps");
}

// Passes priority and begins what the pass leaves to begin.
void pass_and_go_on(Game& game) {
  const Passed passed = pass_priority(game);
  if (passed != Passed::same_step) enter_priority_step(game, passed == Passed::next_step);
}

// Settling (117.5) without repeating work. The state-based actions and the triggers are checked
// before every priority decision; most of the time nothing changed since the last check but who
// has priority, or the step. A state the check left untouched, asking nothing, is its fixed
// point: while nothing the check reads changes, running it again would do nothing again. That
// is worth knowing: the check was about half of a random game's instructions
// (docs/performance.md). Three rules memo slots (Game::rules_memo) remember, for the last such
// fixed point:
constexpr std::size_t kSettledAt = 0;    // Journal::changes() then
constexpr std::size_t kSettledTurn = 1;  // turn_key() then
// and slot 2 (kBlindAt, classic.hpp) whether views could read the turn at the last changes().
// (Slot 3: the look for combat marks, combat.cpp's kNoCombatMarksAt (it was kBlindAt's flag,
// now kept in kBlindAt's low bit); slots 4-11: the only-pass memo of the priority listing,
// legal_actions.cpp; slot 12: the mandatory-loop count above, and advance()'s look at the step's
// game attrs; slot 13: card_features,
// card_features.cpp; slots 14 and 15: the state-based pass's look at the permanents that
// entered since, slot 16: its look at every object, slot 17: its look at every permanent,
// state_based.cpp. All 18 are taken: a new memo goes in the game's rules cache,
// legal_actions.cpp's ClassicCache.)

// Quiet edits (Journal::add_quiet): passing priority, the pass count (TurnState::passes) and the
// step bookkeeping attrs are read by no check of the loop. The turn's number, step and active
// player are quiet too, and settle() looks at them itself (turn_key): the loop reads them only
// through a continuous effect that might (views_blind_to_turn_now).
void declare_quiet_edits(Game& game) {
  Journal& j = game.journal();
  if (!j.quiet_edits().empty()) return;
  for (GameField f : {GameField::priority_player, GameField::passes, GameField::step,
                      GameField::turn_number, GameField::active_player})
    j.add_quiet(EditKind::game_field, static_cast<std::uint64_t>(f));
  for (Symbol key : {kStepBegun, kDamagePhase, kCleanupActed, kDeclaring})
    j.add_quiet(EditKind::game_attr, key.raw());
}

}  // namespace

bool views_blind_to_turn_now(Game& game) {
  // changes() is at least 1, so a memo of 0 (a new game, a copy) marks nothing. The answer is
  // the same for every check until a loud edit.
  const std::uint64_t now = game.journal().changes();
  std::uint64_t& memo = game.rules_memo(kBlindAt);  // one slot for both: see kBlindAt
  if (memo >> 1 != now) {
    // The kernel asks every effect that applies now (ContinuousEffect::may_read_turn). The
    // classic rules' own counters, changeling, mark and constant +N/+N effects say they read
    // objects only; any other effect, a value expression's included, might read the turn.
    memo = now << 1 | (game.views_may_read_turn() ? 0 : 1);
  }
  return (memo & 1) != 0;
}

namespace {

// True if the check would do nothing now: no edit but quiet ones since the last fixed point,
// and the turn as it was then or no view that could tell.
bool still_settled(Game& game) {
  if (game.rules_memo(kSettledAt) != game.journal().changes()) return false;
  if (game.rules_memo(kSettledTurn) == turn_key(game)) return true;
  return views_blind_to_turn_now(game);
}

// 117.5: state-based actions, then triggers, until neither happens. Returns false if the game
// ended.
bool settle(Game& game) {
  if (still_settled(game)) return true;
  for (;;) {
    const std::uint64_t before = game.journal().changes();
    const std::uint64_t turn = turn_key(game);
    const std::size_t asked = game.decisions().size();
    const bool sba = run_state_based(game);
    if (game.state().over) return false;
    fire_state_triggers(game);  // 603.8, checked with the SBAs; put on the stack just below
    if (!put_triggers(game) && !sba) {
      if (game.journal().changes() == before && game.decisions().size() == asked) {
        game.rules_memo(kSettledAt) = before;
        game.rules_memo(kSettledTurn) = turn;
      }
      return true;
    }
  }
}

// Option::ability: the card's ability an action uses — the activated ability, or the spell
// ability (a mode of a modal spell) that is cast. A permanent spell casts none, and a land's
// intrinsic mana ability (305.6) is none of its card's.
std::int32_t action_ability(const Game& game, const LegalAction& a) {
  if (a.kind != LegalAction::Kind::cast && a.kind != LegalAction::Kind::activate) return -1;
  // A land's intrinsic mana ability, as perform_action takes it (casting.cpp), without a look at
  // its card: most options of an asked priority decision are these.
  if (a.ability >= kIntrinsicMana) return -1;
  const CardDef& def = game.card(a.object);
  if (a.ability >= def.abilities.size()) return -1;
  if (a.kind == LegalAction::Kind::cast && def.abilities[a.ability].kind != AbilityKind::spell)
    return -1;
  return a.ability;
}

// "Priority in main1 of turn 3": the prompt of a priority decision.
std::string priority_prompt(const Game& game) {
  // One allocation (the temporaries of `+` were 1.4% of a random game's instructions).
  const std::string_view step = step_label(game.state().turn.step);
  const std::string turn = std::to_string(game.state().turn.number);
  std::string prompt;
  prompt.reserve(step.size() + turn.size() + 24);
  prompt.append("Priority in ").append(step).append(" of turn ").append(turn);
  return prompt;
}

// Moves each action's label into its option: nothing reads the labels of the actions after this
// (performing one does not), and a copy was an allocation for most of them. For an agent that
// reads no labels (`labelled` false) the actions have none (advance() lists them unlabelled), and
// the options' labels are left empty. The prompt is left out for an agent that reads none
// (PromptBlind: 0.7% of a random game's instructions when it was made for every decision);
// ask_priority puts it into any error.
//
// The options are those of the last priority decision (ClassicCache::priority_options), given
// back by advance() once this one is answered, and written over in place: a new vector of new
// Options, each destroyed after the answer, was about 700 instructions an asked decision (2 190
// of them in 40 random classic games, 7.7 options each); now only a decision with more options
// than the last makes the rest. Each option kept is written over in full, every field of Option
// (label, target, value, mana, barred, ability), so nothing of an earlier decision, another
// seat's labels included, survives in this one. The buffer is moved out of the cache and back,
// never shared: a decision asked meanwhile (none is: the agent answers from the choice alone)
// would find it empty and make its own, and a game copy starts without the cache.
Choice priority_choice(const Game& game, PlayerId p, std::vector<LegalAction>& actions,
                       bool labelled, bool prompted) {
  Choice choice;
  choice.kind = ChoiceKind::action;
  choice.player = p;
  if (prompted) choice.prompt = priority_prompt(game);
  choice.options = std::move(classic_cache(game).priority_options);
  choice.options.resize(actions.size());
  // Option's six fields, each written below: a field added to Option changes its size, and must
  // be written over here too, or an earlier decision's value would show through.
  static_assert(sizeof(Option) == 104, "write every field of Option over below");
  for (std::size_t i = 0; i < actions.size(); ++i) {
    Option& o = choice.options[i];
    if (labelled)
      o.label = std::move(actions[i].label);
    else
      o.label.clear();
    o.target =
        actions[i].object.valid() ? Target::of(game.object(actions[i].object).ref()) : Target{};
    o.value = static_cast<std::int64_t>(i);
    o.mana = actions[i].mana;
    o.barred.clear();
    o.ability = action_ability(game, actions[i]);
    if (actions[i].kind == LegalAction::Kind::pass) choice.pass = static_cast<std::uint32_t>(i);
  }
  return choice;
}

// The option picked in a priority decision (Game::ask_one: the answer's picks are moved into the
// decision log, not copied). A choice asked without its prompt (its agent reads none) fails with
// the prompt in the error all the same (ask_one_prompt_quoted, as choose_targets' choice does),
// so the message reads as if the prompt had been made.
std::size_t ask_priority(Game& game, const Choice& choice) {
  return ask_one_prompt_quoted(game, choice, [&game] { return priority_prompt(game); });
}

}  // namespace

bool ClassicRules::advance(Game& game) const {
  declare_quiet_edits(game);
  // The three game attrs read first, in one look through the game's attrs instead of three:
  // most calls find no mulligan and no declaration pending and the step begun, and then go
  // straight to settling (the looks and the two calls were 1.4% of a random game's
  // instructions). A look that found them so is remembered as the game-attr edit count it was
  // made at, in kTurnMemo's high bits: while no game attr was edited since (the
  // count takes in undone edits too, and starts again in a copy, whose memo is 0), they are as
  // the look found them, and the look (about 35 instructions at 25 000 calls in 40 random games,
  // most after passes that edited no game attr) is not made again.
  std::uint64_t& memo = game.rules_memo(kTurnMemo);
  const std::uint64_t attrs_at = 1 + game.journal().changes(EditKind::game_attr);
  if (memo >> kLoopBits != attrs_at) {
    std::int64_t mulligans = 0, declaring = 0, begun = 0;
    for (const auto& [key, value] : game.state().attrs.items) {
      if (key == kMulligansPending)
        mulligans = value;
      else if (key == kDeclaring)
        declaring = value;
      else if (key == kStepBegun)
        begun = value;
    }
    if (mulligans != 0 || declaring != 0) {
      if (mulligans != 0) run_mulligans(game);
      // A copy taken while a combat declaration was asked asks it again (combat.cpp); the
      // step's other turn-based actions were done before it, so the step goes on to priority.
      resume_declaration(game);
      enter_priority_step(game);
    } else if (begun == 0) {
      enter_priority_step(game);
    } else {
      memo = attrs_at << kLoopBits | (memo & kLoopMask);
    }
  }
  if (game.state().over) return false;
  if (!settle(game)) return false;
  // The mandatory-loop count starts again with the stack empty; it is mostly 0 already, and the
  // slot is then left unwritten.
  if ((memo & kLoopMask) != 0 && game.state().stack.empty()) memo &= ~kLoopMask;
  const PlayerId p = game.state().turn.priority;
  // The same listing as p's last one, which offered passing alone (known_only_pass): pass.
  if (known_only_pass(game, p)) {
    pass_and_go_on(game);
    return !game.state().over;
  }
  // The lands' mana abilities are listed only when there is something else to do: with passing
  // and mana abilities alone Game::ask answers "pass" without asking, so a decision without them
  // is the same decision. Labels are made only for a list an agent that reads them is asked
  // about: most lists are passing alone, and finding out whether an agent reads labels is a
  // dynamic_cast (3% of a random game's instructions when it was made at every action). A list
  // with more that p passed on is taken from the listing memo when nothing it reads changed.
  const std::uint64_t listed_at = game.journal().changes(), listed_turn = turn_key(game);
  std::optional<std::vector<LegalAction>> known = take_known_listing(game, p);
  std::vector<LegalAction> actions =
      known ? std::move(*known)
            : priority_actions(game, p, LandMana::unless_alone, /*labels=*/false,
                               card_zone_actions(game));
  // Passing alone, or passing and mana abilities only: Game::ask would answer "pass" without
  // asking or logging anything, so the choice (its prompt, its options) is not even built.
  const bool only_pass = std::all_of(actions.begin(), actions.end(), [](const LegalAction& a) {
    return a.mana || a.kind == LegalAction::Kind::pass;
  });
  if (only_pass) {
    remember_only_pass(game, p);
    give_back_listing(game, std::move(actions));  // for the next listing to fill
    pass_and_go_on(game);
    return !game.state().over;
  }
  const bool labelled = !game.seat_label_blind(p);
  if (labelled) label_priority_actions(game, actions);
  const bool prompted = !game.seat_prompt_blind(p);
  Choice choice = priority_choice(game, p, actions, labelled, prompted);
  const std::size_t chosen = ask_priority(game, choice);
  classic_cache(game).priority_options = std::move(choice.options);  // for the next one to fill
  if (actions.at(chosen).kind == LegalAction::Kind::pass) {
    // The list again for p's next priority if nothing changes until then (most often the
    // other player passes too and the step ends in quiet edits). Only an unlabelled list: it
    // is what priority_actions made, priority_choice having moved out empty labels alone.
    if (!labelled)
      remember_listing(game, p, listed_at, listed_turn, std::move(actions));
    else
      give_back_listing(game, std::move(actions));
    // A step that ended leaves the game in the next one, begun.
    pass_and_go_on(game);
  } else {
    perform_action(game, actions[chosen]);
    clear_passes(game);
    give_back_listing(game, std::move(actions));
  }
  return !game.state().over;
}

void ClassicRules::check_state(Game& game) const { run_state_based(game); }

}  // namespace anvil::rules_classic
