// State-based actions (rule 704) as one simultaneous event, repeated until none applies; the
// end of the game (104); triggered abilities put on the stack, APNAP (603.3).
#include <algorithm>
#include <map>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "classic.hpp"
#include "classic_cache.hpp"

namespace anvil::rules_classic {

namespace {

// Rules memo slot 16 (Game::rules_memo; turn.cpp lists the others): what the pass's look at
// every object last found nothing at, objects_look_key() << kObjectsMemoBits with the bits below.
constexpr std::size_t kObjectsLookedAt = 16;
constexpr int kObjectsMemoBits = 3;
// A copy of a spell was on the stack then: it may leave the stack later, so moves off the stack
// count for the key.
constexpr std::uint64_t kStackHeldCopy = 1;
// An object was in a command zone then (a dungeon may wait there to be completed, 704.5t).
constexpr std::uint64_t kCommandZoneUsed = 2;
// No object but those in no zone was a token, had counters or was a copy of a spell then (on
// the battlefield neither): nothing that moves can bring a finding along, so moves off the
// battlefield do not count for the key either (most games make no token and put no counter).
constexpr std::uint64_t kNothingToCarry = 4;

// Grows with every edit that can change what that look finds; never 0. A look that found
// nothing saw no token off the battlefield, no counters off it and no copy of a spell off the
// stack, but in no zone (ceased to exist). Since then, with the objects the same (no creation,
// and no undone creation: object_create), a finding needs one of:
// - a token off the battlefield: an object is a token from its creation
//   (Journal::create_object), so one left the battlefield or no zone (an undo bringing it back);
// - counters off the battlefield: a counter edit, or an object with counters that left the
//   battlefield or no zone;
// - a copy of a spell off the stack: copies are marked by the copy ability alone, on the object
//   it has just made (copies.cpp: a creation), so a mark seen now was there then, on an object
//   on the stack (`kStackHeldCopy`) or in no zone, which it left.
// So moves off the stack count only while a copy was on the stack: most passes follow a resolved
// spell or a combat mark, which no longer move the key, nor does any other attr edit. And with
// no token, no counters and no copy anywhere then (kNothingToCarry), a move off the battlefield
// carries none along: one needs a creation, a counter edit or a move out of no zone first, each
// in the key. An undo past the look is edits undone, counted as they are: a token or counters
// there before it came back by an undone move out of no zone or an undone counter edit.
// Moves into a command zone count for complete_dungeons (kCommandZoneUsed): an empty command zone
// has an object only after a creation there, a move into it, or an undo of a move out of it.
std::uint64_t objects_look_key(const Journal& j, std::uint64_t bits) {
  std::uint64_t key = 1 + j.changes(EditKind::object_create) + j.changes(EditKind::object_counter) +
                      j.moves_from(ZoneKind::none) + j.moves_to(ZoneKind::command);
  if ((bits & kNothingToCarry) != 0) return key;
  key += j.moves_from(ZoneKind::battlefield);
  if ((bits & kStackHeldCopy) != 0) key += j.moves_from(ZoneKind::stack);
  return key;
}

// Whether any player's command zone holds an object.
bool command_zone_used(const GameState& s) {
  for (const Player& p : s.players)
    if (!s.zone(ZoneRef::command(p.id)).objects.empty()) return true;
  return false;
}

// Rules memo slot 17: the permanents_look_key() at which the pass's look at every permanent
// last found nothing, while views applied the rule effects alone.
constexpr std::size_t kPermanentsLookedAt = 17;

// Grows with every edit that can change what the look at the permanents finds while views
// apply classic's rule effects alone (Game::only_rule_effects: the counters effect reads an
// object's counters, changeling its printed keywords); never 0. The look reads which objects
// are on the battlefield and whose, their cards, counters, attrs and damage, and their views.
// Not whether they are tapped: most passes follow a tap for mana, and then the look, which
// found nothing, would find nothing again. Nor the turn, life, the stack or moves that neither
// enter nor leave the battlefield (a draw, a cast, a spell put into the graveyard), nor the
// new timestamps such moves bring: a timestamp is read by the world rule alone, and a look that
// found nothing saw no world permanent.
std::uint64_t permanents_look_key(const Journal& j) {
  return 1 + j.changes(EditKind::object_create) + j.moves_from(ZoneKind::battlefield) +
         j.moves_to(ZoneKind::battlefield) +
         j.changes(EditKind::object_counter) + j.changes(EditKind::object_attr) +
         j.changes(EditKind::object_card) + j.changes(EditKind::effect_add) +
         j.changes(EditKind::effect_remove) + j.changes(ObjectField::controller) +
         j.changes(ObjectField::damage) + j.changes(ObjectField::face_down);
}

// Rules memo slots 14 and 15: after a look at the permanents that found nothing (slot 17),
// permanents_look_key() less the moves onto the battlefield and the attr edits then; and the
// next timestamp then, with the number of permanents then above it, or 0 if the look saw a
// legendary permanent. While views apply the rule effects alone, a view reads nothing but its
// object (the counters effect its counters, changeling its printed keywords; the world rule's
// timestamps aside), and of an object's attrs the look reads the deathtouch mark alone. So when
// the key moved by those moves and attr edits alone, what the look finds is what the
// permanents that entered since and the permanents with a deathtouch mark find: the others are
// as they were then, each finding nothing. Those that entered have newer timestamps (a move
// gives the next one, and nothing else sets an object's timestamp), but for one brought back by
// an undone move with the timestamp it had: none left (that is in the key), so then there are
// more older permanents than then, and the look is taken in full. Only the legend rule compares
// permanents with each other: with a legend seen then, one entering might be its namesake, and
// the look is taken in full. A land played, a creature spell resolved or an attack declared
// then costs a view of the newcomers alone.
constexpr std::size_t kPermanentsBeforeEntering = 14;
constexpr std::size_t kPermanentsTimestamp = 15;

bool loses(const Player& p) {
  return p.life <= 0 || p.attrs.get(kDrewFromEmpty) != 0 || p.counters.get(kPoison) >= 10;
}

// A legendary permanent seen by this pass: its controller and name.
struct Legend {
  ObjectId id;
  PlayerId controller;
  std::string_view name;
};

// 704.5j: for each player, each group of legendary permanents with one name keeps one.
// `legends` are in battlefield order, seat by seat, as the pass viewed them.
void legend_rule(Game& game, const std::vector<Legend>& legends, std::vector<ZoneMove>& moves) {
  if (legends.size() < 2) return;  // nothing to choose between
  for (const Player& p : game.state().players) {
    std::map<std::string, std::vector<ObjectId>> by_name;
    for (const Legend& l : legends)
      if (l.controller == p.id) by_name[std::string(l.name)].push_back(l.id);
    for (const auto& [name, ids] : by_name) {
      if (ids.size() < 2) continue;
      Choice choice;
      choice.kind = ChoiceKind::option;
      choice.player = p.id;
      choice.prompt = "Legend rule: choose the " + name + " to keep";
      // Numbered as a board shows namesakes ("Isamaru, Hound of Konda #2"): the options would
      // otherwise read alike, and the one picked is the one kept.
      for (ObjectId id : ids)
        choice.options.push_back(
            {numbered_label(game, id), Target::of(game.object(id).ref()), id.value});
      const Answer a = game.ask(choice);
      for (std::size_t i = 0; i < ids.size(); ++i)
        if (i != a.picks.at(0))
          moves.push_back(
              {ids[i], ZoneRef::graveyard(game.object(ids[i]).owner), Cause::state_based, {}});
    }
  }
}

// What the pass asks of each permanent's types: each list looked through once, not once for
// each question (the pass runs after every loud edit and views every permanent), the answers
// as bits of one number (a struct of eight bools cost more to build and return than the looks).
constexpr unsigned kSbaLegendary = 1u << 0;  // supertypes
constexpr unsigned kSbaWorld = 1u << 1;
constexpr unsigned kSbaCreature = 1u << 2;   // types
constexpr unsigned kSbaPlaneswalker = 1u << 3;
constexpr unsigned kSbaBattle = 1u << 4;
constexpr unsigned kSbaAura = 1u << 5;       // subtypes
constexpr unsigned kSbaEquipment = 1u << 6;  // Fortification too
constexpr unsigned kSbaSaga = 1u << 7;

unsigned sba_kinds(const Characteristics& c) {
  unsigned k = 0;
  for (Symbol s : c.supertypes) {
    if (s == kLegendary) k |= kSbaLegendary;
    else if (s == kWorld) k |= kSbaWorld;
  }
  for (Symbol s : c.types) {
    if (s == kCreature) k |= kSbaCreature;
    else if (s == kPlaneswalker) k |= kSbaPlaneswalker;
    else if (s == kBattle) k |= kSbaBattle;
  }
  for (Symbol s : c.subtypes) {
    if (s == kAura) k |= kSbaAura;
    else if (s == kEquipment || s == kFortification) k |= kSbaEquipment;
    else if (s == kSaga) k |= kSbaSaga;
  }
  return k;
}

// printed_kinds' memo of a card: its kinds, with this bit above them once read (0: not read yet).
constexpr std::uint16_t kKindsRead = 1u << 8;

// sba_kinds of the view of a permanent of `card`, while views apply the classic rule
// effects alone (Game::only_rule_effects): its card's printed kinds, read once a game for each
// card (the game's rules cache, ClassicCache::sba_kinds). No bit can differ: changeling adds
// creature types, none of which is Aura, Equipment, Fortification or Saga, and the counters
// change power and toughness alone (the argument of creatures_now and ManaTraits). Most
// permanents are lands, whose kinds are none: a look at the permanents then skips their views,
// in which it found nothing, and sba_kinds' three loops for every permanent.
// REQUIRES: card.value < memo.size(), at most the pool's size.
unsigned printed_kinds(const Game& game, std::vector<std::uint16_t>& memo, CardId card) {
  std::uint16_t& k = memo[card.value];
  if (k == 0) [[unlikely]]
    k = static_cast<std::uint16_t>(kKindsRead | sba_kinds(game.cards().at(card).base));
  return k & (kKindsRead - 1);
}

// Whether the pass would skip both its looks (at every permanent and at every object) and so
// find nothing past the players: every finding below comes out of one look or the other (the
// lists of the first, the moves and stray counters of the second, dungeons while no command
// zone is used), and with neither taken nothing is edited, so the spent-mark and stray-counter
// sweeps, which follow edits, have nothing to do either. Most passes follow edits neither look
// reads (a tap, mana, a cast, a draw, a spell put into the graveyard, a combat mark on no
// deathtouch-marked permanent's behalf), and then this test is all they cost: the nine empty
// lists, their tests and the keys taken one by one were about 300 instructions a pass.
bool nothing_to_look_at(Game& game) {
  const Journal& j = game.journal();
  if (game.rules_memo(kPermanentsLookedAt) != permanents_look_key(j)) return false;
  const std::uint64_t objects_memo = game.rules_memo(kObjectsLookedAt);
  if ((objects_memo & kCommandZoneUsed) != 0) return false;
  if (objects_memo >> kObjectsMemoBits != objects_look_key(j, objects_memo)) return false;
  return game.only_rule_effects();
}

// 704.5a-c, all at once, for the players that lose; whether the game is over.
[[gnu::noinline]] bool players_lose(Game& game) {
  std::vector<PlayerId> losing;
  for (const Player& p : game.state().players)
    if (p.outcome == Outcome::playing && loses(p)) losing.push_back(p.id);
  for (PlayerId p : losing) {
    game.journal().set_outcome(p, Outcome::lost);
    game.journal().set_attr(p, kDrewFromEmpty, 0);
  }
  std::size_t playing = 0;
  for (const Player& p : game.state().players) playing += p.outcome == Outcome::playing;
  if (playing == 0) {
    for (PlayerId p : losing) game.journal().set_outcome(p, Outcome::drew);  // 104.4a
  }
  finish_if_decided(game);
  return game.state().over;
}

// What the look at the permanents found besides its moves, in battlefield order: the later steps
// of the pass act on these lists. Each permanent is viewed once (a view is the costly part of the
// look); the legend rule and the Aura check reuse what it saw. Nothing is edited in between.
// Made at the first finding (`findings`): most looks find nothing, and the nine empty lists cost
// about 70 instructions a look to make and drop (as a std::optional too, whose storage GCC fills
// with zeros). A look that finds something allocates for its lists anyway.
struct PermanentFindings {
  std::vector<Legend> legends;
  std::vector<ObjectId> auras, equipment, worlds, sagas;
  std::vector<ObjectId> battles;  // 704.5v-x (battles.cpp)
  // 704.5q: +1/+1 and -1/-1 counters annihilate (removed after the moves below).
  std::vector<std::pair<ObjectId, std::int64_t>> annihilate;
  std::vector<std::pair<ObjectId, CounterLimit>> limited;  // 704.5r, after annihilation
  bool deathtouched = false;  // a deathtouch mark seen (spent at the end of the pass)

  // Whether a look that found this found nothing to act on (one legend alone is nothing).
  bool nothing() const {
    return legends.size() < 2 && auras.empty() && equipment.empty() && worlds.empty() &&
           sagas.empty() && battles.empty() && annihilate.empty() && limited.empty() &&
           !deathtouched;
  }
};

// What a look that has made no findings found.
const PermanentFindings kNothingFound;

PermanentFindings& findings(std::unique_ptr<PermanentFindings>& found) {
  if (!found) found = std::make_unique<PermanentFindings>();
  return *found;
}

bool has_deathtouch_mark(const GameObject& o) {
  return !o.attrs.items.empty() && o.attrs.get(kDeathtouched) != 0;
}

// What one permanent shows the look: 704.5f-i and q-r, and the kinds the later steps look for.
// `kinds_memo`: the cards' printed kinds (printed_kinds), or null while other effects apply; it
// grows with the pool here, when a permanent's card is past its end (a look made the pool's size
// for every look, about 30 instructions, though the pool seldom grows).
// Out of line: the walk over the battlefield passes most permanents over without it (lands,
// and the permanents as they were when a look found nothing), and with its lists and view in the
// walk's frame, every permanent passed over paid for the registers they took.
[[gnu::noinline]] void look_at_permanent(Game& game, ObjectId id,
                                         std::vector<std::uint16_t>* kinds_memo,
                                         std::vector<ZoneMove>& moves,
                                         std::unique_ptr<PermanentFindings>& found) {
  const GameObject& o = game.object(id);
  if (has_deathtouch_mark(o)) findings(found).deathtouched = true;
  if (!o.counters.items.empty()) {
    const std::int64_t n = std::min(o.counters.get(kPlusOne), o.counters.get(kMinusOne));
    if (n > 0) findings(found).annihilate.emplace_back(id, n);
    for (const CounterLimit& l : counter_limits(game, id))
      if (o.counters.get(l.kind) > l.max) findings(found).limited.emplace_back(id, l);
  }
  unsigned k = 0;
  // A card not in the pool (an invalid id is past its end) is viewed, which throws.
  if (kinds_memo && o.card.value >= kinds_memo->size() && o.card.value < game.cards().size())
    kinds_memo->resize(game.cards().size());  // 0: not read yet (the cache goes with the pool)
  const bool printed = kinds_memo && o.card.value < kinds_memo->size();
  if (printed) {
    k = printed_kinds(game, *kinds_memo, o.card);
    if (k == 0) return;  // no creature, planeswalker or kind listed: nothing to find
  }
  Characteristics scratch;  // for a permanent an effect applies to (Game::view)
  const Characteristics& c = game.view(id, scratch);
  if (!printed) k = sba_kinds(c);
  if (k & kSbaLegendary) findings(found).legends.push_back({id, o.controller, c.name});
  if (k & kSbaAura) findings(found).auras.push_back(id);
  if (k & kSbaEquipment) findings(found).equipment.push_back(id);
  if (k & kSbaWorld) findings(found).worlds.push_back(id);
  if (k & kSbaSaga) findings(found).sagas.push_back(id);
  if (k & kSbaBattle) findings(found).battles.push_back(id);
  if (k & kSbaCreature) {
    if (c.toughness <= 0) {  // 704.5f: not destroy, so no regeneration or indestructible
      moves.push_back({id, ZoneRef::graveyard(o.owner), Cause::state_based, {}});
    } else if ((o.damage >= c.toughness || o.attrs.get(kDeathtouched) != 0) &&
               !c.has_keyword(kIndestructible)) {  // 704.5g-h
      moves.push_back({id, ZoneRef::graveyard(o.owner), Cause::destroy, {}});
    }
  } else if ((k & kSbaPlaneswalker) && o.counters.get(kLoyalty) <= 0) {  // 704.5i
    moves.push_back({id, ZoneRef::graveyard(o.owner), Cause::state_based, {}});
  }
}

// Whether look_at_permanent would find nothing on `o` without a look: its card has no kind to
// look for (`kinds`, the kinds memo as read), and it has no counters and no deathtouch mark.
inline bool finds_nothing(const GameObject& o, std::span<const std::uint16_t> kinds) {
  return o.card.value < kinds.size() && kinds[o.card.value] == kKindsRead &&
         o.counters.items.empty() && !has_deathtouch_mark(o);
}

// How many permanents a look at the battlefield walked over, and how many of them were older
// than its newcomers.
struct PermanentsSeen {
  std::uint64_t all = 0;
  std::uint64_t older = 0;
};

// The look at the permanents: the battlefield seat by seat, as battlefield() lists it, without
// building its list. Permanents with a timestamp not after `newer_than` are as they were when a
// look found nothing (kPermanentsBeforeEntering), and only their deathtouch marks are looked at.
// A permanent whose card has no kind to look for (`kinds_memo`), no counters and no deathtouch
// mark finds nothing either: most permanents are one or the other, and this walk passes them
// over in a few instructions each, look_at_permanent taking the rest. The object list and the
// memo are read once (a look makes and removes no object and grows the memo only in
// look_at_permanent): reread at every permanent, they were a third of the walk.
//
// `newcomers_only`: the look at the newcomers alone, after a look that found nothing
// (kPermanentsBeforeEntering) when no attr edit has come since (ClassicCache::sba_attrs_at): then
// no permanent older than `newer_than` can have a deathtouch mark (that look saw none, and a mark
// takes an attr edit, an undone one too), so the walk would pass every one of them over, and it
// does not visit them. A permanent that enters goes to the end of its battlefield list (the
// usual place), and the newcomers are found from each list's end while their timestamps are
// newer; those before them are counted as older. So the count of older permanents is that of
// the look only if every newcomer was at an end and no permanent came back with its old
// timestamp (an undone move off the battlefield): none left since that look (a move off the
// battlefield is in its key), so there are at least as many permanents with an old timestamp
// as then, and the count is more than then if either happened. The caller then takes the look
// in full (the findings of this walk, forgotten), as after a full look's count. The newcomers
// are visited in battlefield order, as the full look visits them, so the findings and their
// order are the same.
PermanentsSeen look_at_battlefield(Game& game, std::uint32_t newer_than, bool newcomers_only,
                                   std::vector<std::uint16_t>* kinds_memo,
                                   std::vector<ZoneMove>& moves,
                                   std::unique_ptr<PermanentFindings>& found) {
  const GameState& s = game.state();
  PermanentsSeen seen;
  std::span<const GameObject> objects = s.objects;
  std::span<const std::uint16_t> kinds;
  if (kinds_memo) kinds = *kinds_memo;
  for (const Player& seat : s.players) {
    const std::vector<ObjectId>& permanents = s.zone(ZoneRef::battlefield(seat.id)).objects;
    seen.all += permanents.size();
    std::size_t first = 0;  // the first permanent visited
    if (newcomers_only) {
      // The first newcomer of the list's end. An id past the object list ends the newcomers:
      // counted as older, it sends the caller to the look in full, whose look_at_permanent
      // throws.
      first = permanents.size();
      while (first > 0 && permanents[first - 1].value < objects.size() &&
             objects[permanents[first - 1].value].timestamp > newer_than)
        --first;
      seen.older += first;
    }
    for (std::size_t i = first; i < permanents.size(); ++i) {
      const ObjectId id = permanents[i];
      // An id past the list goes to look_at_permanent, whose game.object() throws.
      if (id.value < objects.size()) [[likely]] {
        const GameObject& o = objects[id.value];
        if (o.timestamp <= newer_than) {
          ++seen.older;
          if (!has_deathtouch_mark(o)) continue;  // as it was when a look found nothing
        } else if (finds_nothing(o, kinds)) {
          continue;
        }
      }
      look_at_permanent(game, id, kinds_memo, moves, found);
      if (kinds_memo) kinds = *kinds_memo;  // it may have grown
    }
  }
  return seen;
}

bool look_and_act(Game& game, bool acted);

// Whether a player still playing loses (704.5a-c), without a list of them.
bool any_player_loses(const Game& game) {
  bool any_loses = false;
  for (const Player& p : game.state().players)
    any_loses = any_loses || (p.outcome == Outcome::playing && loses(p));
  return any_loses;
}

// A pass past its tests: `loses`, whether a player loses; if none does, the looks are due
// (nothing_to_look_at was false).
bool pass_past_tests(Game& game, bool loses) {
  bool acted = false;
  if (loses) [[unlikely]] {
    acted = true;
    if (players_lose(game)) return true;
    if (nothing_to_look_at(game)) return acted;
  }
  return look_and_act(game, acted);
}

// One pass. Most passes find no player losing and nothing to look at: those cost the tests
// and no more, the looks and their lists being another function's frame (as one
// function, every pass saved its registers and built its players' list).
bool sba_pass(Game& game) {
  const bool loses = any_player_loses(game);
  if (!loses && nothing_to_look_at(game)) return false;
  return pass_past_tests(game, loses);
}

// run_state_based past its first pass's tests, the passes repeated until one does nothing.
[[gnu::noinline]] bool run_passes(Game& game, bool loses) {
  if (!pass_past_tests(game, loses)) return false;
  for (int guard = 1; guard < 1000 && !game.state().over; ++guard)
    if (!sba_pass(game)) return true;
  if (!game.state().over) throw RulesError("state-based actions did not settle after 1000 passes");
  return true;
}

// The rest of a pass: the looks at every permanent and at every object, and what they find.
[[gnu::noinline]] bool look_and_act(Game& game, bool acted) {
  std::vector<ZoneMove> moves;
  std::unique_ptr<PermanentFindings> found;
  // A look that found nothing (every list empty, or one legend alone) is not taken again while
  // nothing it reads changed (permanents_look_key), and after permanents entered or attrs
  // changed, looks at the newcomers and the deathtouch marks alone (kPermanentsBeforeEntering).
  // A card moved between other zones (a static ability working from the graveyard) can change
  // which effects views apply, so the key holds only while they are still the rule effects alone.
  const GameState& s = game.state();
  const std::uint64_t permanents_key = permanents_look_key(game.journal());
  // What kPermanentsBeforeEntering leaves out of the key: moves onto the battlefield and attrs.
  const std::uint64_t entered = game.journal().moves_to(ZoneKind::battlefield) +
                                game.journal().changes(EditKind::object_attr);
  // Asked once: the pass edits nothing before it remembers its look (a call was about 20
  // instructions, and a pass asked up to four times).
  const bool rule_effects_alone = game.only_rule_effects();
  const bool look_at_permanents =
      game.rules_memo(kPermanentsLookedAt) != permanents_key || !rule_effects_alone;
  std::uint32_t newer_than = 0;  // the permanents looked at: those with a later timestamp
  std::uint64_t older_then = 0;  // how many permanents there were then
  if (look_at_permanents && game.rules_memo(kPermanentsTimestamp) != 0 &&
      game.rules_memo(kPermanentsBeforeEntering) == permanents_key - entered &&
      rule_effects_alone) {
    newer_than = static_cast<std::uint32_t>(game.rules_memo(kPermanentsTimestamp)) - 1;
    older_then = game.rules_memo(kPermanentsTimestamp) >> 32;
  }
  // While views apply the rule effects alone, each permanent's kinds are its card's
  // (printed_kinds), and one of none finds nothing: its view is not taken.
  std::vector<std::uint16_t>* kinds_memo =
      look_at_permanents && rule_effects_alone ? &classic_cache(game).sba_kinds : nullptr;
  PermanentsSeen permanents;
  // No attr edit since the look the newcomers' look follows: its older permanents are not
  // visited (look_at_battlefield's `newcomers_only`).
  const std::uint64_t attrs_now = game.journal().changes(EditKind::object_attr) + 1;
  if (look_at_permanents) {
    // An undone move can bring a permanent back with the timestamp it had: then there are more
    // older permanents than the look saw (none left: that is a move off the battlefield, in the
    // key), and every permanent is looked at again, the findings so far forgotten.
    const bool newcomers_only = newer_than != 0 && classic_cache(game).sba_attrs_at == attrs_now;
    permanents = look_at_battlefield(game, newer_than, newcomers_only, kinds_memo, moves, found);
    if (newer_than != 0 && permanents.older != older_then) {
      moves.clear();
      found.reset();
      permanents = look_at_battlefield(game, 0, false, kinds_memo, moves, found);
    }
  }
  const PermanentFindings& seen = found ? *found : kNothingFound;
  if (look_at_permanents && moves.empty() && seen.nothing() && rule_effects_alone) {
    game.rules_memo(kPermanentsLookedAt) = permanents_key;
    game.rules_memo(kPermanentsBeforeEntering) = permanents_key - entered;
    // With a legend seen (a look at newcomers alone follows a look that saw none), the next
    // look after permanents enter is taken in full. The permanents now, every one older than
    // the next timestamp, above it.
    game.rules_memo(kPermanentsTimestamp) =
        seen.legends.empty() ? permanents.all << 32 | s.next_timestamp : 0;
    classic_cache(game).sba_attrs_at = attrs_now;
    // Found nothing, and the look at every object not due (most looks: after permanents
    // entered, attrs changed or damage was dealt): nothing below has anything to do (no list,
    // no move, no edit for the sweeps; dungeons and the objects' look wait for their key, as in
    // nothing_to_look_at), and its tests, one by one, were about 70 instructions.
    const std::uint64_t objects_memo = game.rules_memo(kObjectsLookedAt);
    if (!found && moves.empty() && (objects_memo & kCommandZoneUsed) == 0 &&
        objects_memo >> kObjectsMemoBits == objects_look_key(game.journal(), objects_memo))
      return acted;
  }
  // The last two steps of the pass look again at what these loops saw, unless something changed
  // in between (a loud edit; Journal::changes): most passes move nothing and mark nothing, and
  // then those looks would find nothing again.
  // The checks below are called only for the permanents that concern them: most passes saw
  // none, and the calls, each building an empty list, were 0.7% of a random game's instructions.
  const std::uint64_t battlefield_seen = game.journal().changes();
  if (seen.legends.size() > 1) legend_rule(game, seen.legends, moves);
  // 704.5m: an Aura attached to nothing legal. An Aura whose creature dies in this pass goes
  // in the next one (§4 test 2).
  if (!seen.auras.empty())
    for (ObjectId id : illegal_auras(game, seen.auras))
      moves.push_back({id, ZoneRef::graveyard(game.object(id).owner), Cause::state_based, {}});
  // 704.5k: the world rule. Of two or more world permanents all but the newest (the latest
  // timestamp) go to the graveyard; with a tie for newest, those go too. Not a destroy.
  if (seen.worlds.size() > 1) {
    std::uint32_t newest = 0;
    for (ObjectId id : seen.worlds) newest = std::max(newest, game.object(id).timestamp);
    std::size_t at_newest = 0;
    for (ObjectId id : seen.worlds) at_newest += game.object(id).timestamp == newest;
    for (ObjectId id : seen.worlds)
      if (game.object(id).timestamp != newest || at_newest > 1)
        moves.push_back({id, ZoneRef::graveyard(game.object(id).owner), Cause::state_based, {}});
  }
  // 704.5s: a Saga past its final chapter, none of its chapter abilities waiting or on the
  // stack, is sacrificed.
  if (!seen.sagas.empty())
    for (ObjectId id : finished_sagas(game, seen.sagas))
      moves.push_back({id, ZoneRef::graveyard(game.object(id).owner), Cause::sacrifice, {}});
  // 704.5v-x: a battle with defense 0 and nothing of it triggered goes to the graveyard; a
  // battle without a protector, or a Siege protected by its controller, gets one.
  if (!seen.battles.empty() && battle_actions(game, seen.battles, moves)) acted = true;
  // 704.5t: a dungeon whose venture marker is on its bottommost room, no room ability of it
  // waiting or on the stack, is removed from the game (completed). Not looked for while the
  // command zones are still as empty as the last look at every object saw them (most games
  // have no dungeon: the call was 0.46% of a random game's instructions).
  const std::uint64_t objects_memo = game.rules_memo(kObjectsLookedAt);
  const std::uint64_t objects_key = objects_look_key(game.journal(), objects_memo);
  if ((objects_memo & kCommandZoneUsed) != 0 || objects_memo >> kObjectsMemoBits != objects_key)
    complete_dungeons(game, moves);
  // 704.5d: tokens that left the battlefield cease to exist. 704.5e: a copy of a spell in a
  // zone other than the stack ceases to exist. One look at every object for both (the tokens'
  // moves first, then the copies', as they always were).
  std::vector<ObjectId> copies;
  bool stray_counters = false;  // counters on an object off the battlefield (122.2, below)
  bool copy_on_stack = false;   // a copy of a spell on the stack, which may leave it
  bool carried = false;         // a token or counters anywhere but in no zone (kNothingToCarry)
  const std::uint64_t objects_seen = game.journal().changes();
  // The look reads objects' token flags (set as they are made), zones, counters and copy marks
  // only. One that found nothing need not be taken again until an object is made, leaves the
  // battlefield, or one's counters change (objects_look_key): most passes follow a tap, damage,
  // a life change, a draw, a cast, a resolved spell or a combat mark.
  const bool look = objects_memo >> kObjectsMemoBits != objects_key;
  const std::size_t moved_before_look = moves.size();
  for (const GameObject& o : look ? std::span(game.state().objects) : std::span<const GameObject>()) {
    // Most objects (cards in libraries and hands) are no token and carry no counter and no attr:
    // none of the three checks below can find anything in them.
    if (!o.token && o.counters.items.empty() && o.attrs.items.empty()) continue;
    if (!o.counters.items.empty() && o.zone.kind != ZoneKind::battlefield) stray_counters = true;
    if (o.zone.kind == ZoneKind::none) continue;
    carried = carried || o.token || !o.counters.items.empty();
    if (o.token && o.zone.kind != ZoneKind::battlefield)
      moves.push_back({o.id, ZoneRef::nowhere(), Cause::state_based, {}});
    if (o.attrs.items.empty()) continue;
    if (o.zone.kind == ZoneKind::stack)
      copy_on_stack = copy_on_stack || is_spell_copy(o);
    else if (spell_copy_to_remove(o))
      copies.push_back(o.id);
  }
  for (ObjectId id : copies) moves.push_back({id, ZoneRef::nowhere(), Cause::state_based, {}});
  // Found nothing: remembered as of now (the counts are still those of the look), with the key
  // that holds for what the look saw. A copy seen on the stack is carried too: it is no copy off
  // the stack only while it stays there.
  if (look && moves.size() == moved_before_look && !stray_counters) {
    const std::uint64_t bits = (copy_on_stack ? kStackHeldCopy : 0) |
                               (command_zone_used(game.state()) ? kCommandZoneUsed : 0) |
                               (copy_on_stack || carried ? 0 : kNothingToCarry);
    game.rules_memo(kObjectsLookedAt) =
        objects_look_key(game.journal(), bits) << kObjectsMemoBits | bits;
  }
  if (!moves.empty()) {
    // A destroy replaced away (indestructible, regeneration) changes nothing to repeat for.
    const std::vector<bool> moved = move_in_one_event(game, moves);
    for (bool m : moved) acted = acted || m;
  }
  // 704.5n: an Equipment attached to something that is not a creature, or a Fortification to
  // something that is not a land, becomes unattached and stays on the battlefield.
  if (!seen.equipment.empty()) {
    for (ObjectId id : loose_attachments(game, seen.equipment)) {
      if (!on_battlefield(game, id)) continue;
      unattach(game, id);
      acted = true;
    }
  }
  // 122.2: counters on an object that left the battlefield cease to exist with it. Not looked
  // for after edits while a look at every object that saw no counters on any object holds
  // (kNothingToCarry, the key still that look's): none has had a counter since, as that needs a
  // counter edit, a creation or a move out of no zone, each of which moves the key.
  const std::uint64_t looked = game.rules_memo(kObjectsLookedAt);
  const bool no_counters = (looked & kNothingToCarry) != 0 &&
                           looked >> kObjectsMemoBits == objects_look_key(game.journal(), looked);
  if (stray_counters || (game.journal().changes() != objects_seen && !no_counters)) {
    for (const GameObject& o : game.state().objects)
      if (!o.counters.items.empty() && o.zone.kind != ZoneKind::battlefield)
        clear_counters(game, o.id);
  }
  // 704.5h looks at deathtouch damage "since the last check": the mark is spent.
  // The battlefield seat by seat, as battlefield() lists it, without building its list: the
  // walk edits attrs alone, which leave the zones as they are.
  if (seen.deathtouched || game.journal().changes() != battlefield_seen) {
    for (const Player& seat : s.players)
      for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects)
        if (const GameObject& o = game.object(id);
            !o.attrs.items.empty() && o.attrs.get(kDeathtouched) != 0)
          game.journal().set_attr(id, kDeathtouched, 0);
  }
  for (const auto& [id, n] : seen.annihilate) {
    if (!on_battlefield(game, id)) continue;
    acted = true;
    const auto count = static_cast<std::int32_t>(n);
    const Target t = Target::of(game.object(id).ref());
    remove_counters(game, t, kPlusOne, count);
    remove_counters(game, t, kMinusOne, count);
  }
  if (!seen.limited.empty() && enforce_counter_limits(game, seen.limited)) acted = true;
  return acted;
}

}  // namespace

void finish_if_decided(Game& game) {
  std::size_t playing = 0;
  PlayerId last;
  for (const Player& p : game.state().players)
    if (p.outcome == Outcome::playing) {
      ++playing;
      last = p.id;
    }
  if (playing > 1) return;
  if (playing == 1) game.journal().set_outcome(last, Outcome::won);
  game.journal().set_over(true);
}

void end_game_drawn(Game& game) {
  for (const Player& p : game.state().players)
    if (p.outcome == Outcome::playing) game.journal().set_outcome(p.id, Outcome::drew);
  game.journal().set_over(true);
}

// Most settlings find at their first pass no player losing and nothing to look at: that costs
// the pass's tests alone, the loop of passes and its frame being run_passes' (its frame, saved
// registers and loop were about 25 instructions of the 110 such a settling cost).
bool run_state_based(Game& game) {
  if (game.state().over) return false;
  const bool loses = any_player_loses(game);
  if (!loses && nothing_to_look_at(game)) return false;
  return run_passes(game, loses);
}

// --- triggers -------------------------------------------------------------------------------

namespace {

// put_triggers past its test, in a function of its own: most settlings have no trigger waiting,
// and then put_triggers is that test alone, without this function's frame.
[[gnu::noinline]] bool put_pending_triggers(Game& game) {
  PlayerId p = game.state().turn.active;
  for (std::size_t seat = 0; seat < game.state().player_count(); ++seat, p = next_player(game, p)) {
    std::vector<PendingTrigger> mine;
    for (const PendingTrigger& t : game.state().pending_triggers)
      if (t.controller == p) mine.push_back(t);
    if (mine.empty()) continue;
    std::vector<std::uint32_t> order(mine.size());
    for (std::uint32_t i = 0; i < order.size(); ++i) order[i] = i;
    if (mine.size() > 1) {
      Choice choice;
      choice.kind = ChoiceKind::trigger_order;
      choice.player = p;
      choice.prompt =
          "Order your triggered abilities: the first goes on the stack first (resolves last)";
      for (const PendingTrigger& t : mine) {
        const CardDef& def = game.cards().at(t.card);
        std::string text = def.abilities.at(t.ability).text;
        for (std::size_t at = text.find("CARDNAME"); at != std::string::npos;
             at = text.find("CARDNAME", at + def.name.size()))
          text.replace(at, 8, def.name);
        choice.options.push_back({def.name + ": " + text, Target::of(t.source), 0});
      }
      choice.min_picks = choice.max_picks = static_cast<std::uint32_t>(mine.size());
      order = game.ask(choice).picks;
    }
    for (std::uint32_t i : order) {
      const PendingTrigger t = mine[i];
      const CardDef& def = game.cards().at(t.card);
      const Ability* ability =
          t.ability < def.abilities.size() ? def.abilities[t.ability].impl.get() : nullptr;
      std::optional<std::vector<Target>> targets;
      if (ability) {
        const ResolveContext ctx{t.source, t.card, t.ability, t.controller, {}, 0, t.event};
        targets = choose_targets(game, t.controller, *ability, ctx, t.source.id);
      }
      const auto& pending = game.state().pending_triggers;
      const auto at = std::find(pending.begin(), pending.end(), t);
      if (at == pending.end())
        throw RulesError("a pending trigger vanished while its targets were chosen");
      game.journal().take_trigger(static_cast<std::size_t>(at - pending.begin()));
      if (!targets) continue;  // 603.3d: no legal target (or no ability), removed
      StackItem item;
      item.source = t.source;
      item.card = t.card;
      item.ability = t.ability;
      item.controller = t.controller;
      item.trigger_event = t.event;
      item.targets = std::move(*targets);
      announce_targets(game, game.journal().push_stack(std::move(item)));
    }
  }
  return true;
}

}  // namespace

// Every question is asked while the triggers it is about are still pending, so an agent that
// throws leaves them where they were.
bool put_triggers(Game& game) {
  if (game.state().pending_triggers.empty()) return false;
  return put_pending_triggers(game);
}

}  // namespace anvil::rules_classic
