// Combat (506-511): declaring attackers and blockers with legality checks — restrictions, then
// requirements obeyed as far as possible (block requirements: block_requirements.cpp); an illegal
// declaration is refused and asked again, with nothing changed — damage division under the
// current rules (no damage assignment order; trample needs lethal on every blocker first,
// deathtouch making 1 lethal), first and double strike, all combat damage of a step as one
// simultaneous event, and removal from combat (506.4) of what stopped being a creature or changed
// control.
#include <algorithm>
#include <memory>
#include <numeric>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <utility>

#include "classic.hpp"
#include "classic_cache.hpp"

namespace anvil::rules_classic {

namespace {

// An attacker and its defender, or a blocker and the attacker it blocks (as a Target). The
// pair of AttackDeclarationLists::pairs (classic_cache.hpp).
using Pair = std::pair<ObjectId, Target>;

std::vector<Pair> picked(const std::vector<Pair>& all, const Answer& a) {
  std::vector<Pair> out;
  for (std::uint32_t i : a.picks) out.push_back(all.at(i));
  return out;
}

std::int64_t encode_defender(const Target& t) {
  return t.is_player() ? static_cast<std::int64_t>(t.player.value) + 1
                       : -static_cast<std::int64_t>(t.object.id.value) - 1;
}

// The player or planeswalker an attacker attacks, or none if the planeswalker is gone.
Target defender_of(const Game& game, ObjectId attacker) {
  const std::int64_t d = combat_attr(game, attacker, kAttacking);
  if (d > 0) return Target::of(PlayerId(static_cast<std::uint8_t>(d - 1)));
  if (d < 0) {
    const ObjectId pw(static_cast<std::uint32_t>(-d - 1));
    if (on_battlefield(game, pw)) return Target::of(game.object(pw).ref());
  }
  return Target{};
}

// The defending player (506.2): the player attacked, a planeswalker's controller, or a
// battle's protector (whose creatures block for it, 310.8).
PlayerId defending_player(const Game& game, const Target& defender) {
  if (defender.is_player()) return defender.player;
  if (defender.is_object()) {
    const ObjectId id = defender.object.id;
    if (game.view(id).has_type(kBattle)) return protector_of(game, id).value_or(PlayerId{});
    return game.object(id).controller;
  }
  return PlayerId{};
}

// 506.4: a permanent that stopped being a creature, or whose control changed, since it was
// declared is removed from combat (leaving the battlefield and regenerating are handled where
// they happen: combat_attr, RegenerateAbility). Attackers are the active player's (508.1) and
// blockers the defending player's (509.1) — with two players, anyone else's — so a change of
// control shows as a controller on the wrong side. Read-only, so const callers agree with
// drop_removed_then_attackers, which writes the removal down.
//
// Whether it is a creature is read from its card's printed types while the rule effects alone
// apply (they change no card type: creatures_now's reasoning, common.cpp), else from its view;
// the view was about 130 instructions a call here, asked of every attacker and blocker several
// times in each combat step.
bool still_in_combat(const Game& game, ObjectId id) {
  const GameObject& o = game.object(id);
  const bool creature = game.only_rule_effects() ? game.cards().at(o.card).base.has_type(kCreature)
                                                 : is_creature(game, id);
  if (!creature) return false;
  const bool actives = o.controller == game.state().turn.active;
  return combat_attr(game, id, kAttacking) != 0 ? actives : !actives;
}

// Whether `id` may be in combat, before combat_attr is asked: combat_attr is 0 for every key of
// a permanent without the kInCombat mark (it compares the mark with the permanent's zone changes,
// which are at least 0), and most permanents carry no attr at all. A filter, never an answer.
inline bool marked_in_combat(const GameState& s, ObjectId id) {
  const GameObject& o = s.objects[id.value];
  return !o.attrs.items.empty() && o.attrs.get(kInCombat) != 0;
}

// Calls f(id) for every permanent in battlefield()'s order (seat by seat), without building its
// list: the combat steps walk the battlefield several times each. A walk that edits must edit
// nothing but attrs, which leave the zones as they are.
template <class F>
void for_each_permanent(const GameState& s, F f) {
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) f(id);
}

// "No permanent on the battlefield carries a combat mark" (kInCombat, of this stay there or an
// earlier one: marked_in_combat's filter), remembered in Game::rules_memo slot kNoCombatMarksAt
// (turn.cpp's list of slots) as the combat_marks_key it was found at; 0 if not known. Then
// nothing is attacking or blocking (combat_attr needs the mark) and end_combat has nothing to
// remove. Asked as the blockers and damage steps begin (508.8) and as combat ends, where most
// turns have no attackers: those walks through every permanent's attrs were 1.2% of a random
// game's instructions.
constexpr std::size_t kNoCombatMarksAt = 3;

// What can give a permanent on the battlefield a mark: an attr edit, or an object coming onto
// the battlefield (a move there or an undone move back there, a creation: a mark stays with an
// object through zone changes). Each count only grows, undone edits included, so while the sum
// is the same none of them happened. Casting, drawing, a spell's resolution and a death move
// nothing onto the battlefield. Views do not matter: with no mark, nothing is in combat whatever
// it is.
std::uint64_t combat_marks_key(const Journal& j) {
  return 1 + j.changes(EditKind::object_attr) + j.moves_to(ZoneKind::battlefield) +
         j.changes(EditKind::object_create);
}

bool known_unmarked(Game& game) {
  return game.rules_memo(kNoCombatMarksAt) == combat_marks_key(game.journal());
}

bool is_attacking(const Game& game, ObjectId id) {
  return combat_attr(game, id, kAttacking) != 0 && still_in_combat(game, id);
}

std::vector<ObjectId> attackers(const Game& game) {
  std::vector<ObjectId> out;
  for_each_permanent(game.state(), [&](ObjectId id) {
    if (marked_in_combat(game.state(), id) && is_attacking(game, id)) out.push_back(id);
  });
  return out;
}

// Removes from combat what is no longer in it (506.4: still_in_combat), then lists the
// attackers (attackers()), in one walk while nothing is removed: the walk then edits nothing, and
// attackers() would find the permanents it found still in combat with kAttacking set (combat_attr
// of any key needs the kInCombat mark), in the same order. After a removal (an edit, which might
// change a view) attackers() walks again.
std::vector<ObjectId> drop_removed_then_attackers(Game& game) {
  std::vector<ObjectId> out;
  bool removed = false;
  for_each_permanent(game.state(), [&](ObjectId id) {
    if (!marked_in_combat(game.state(), id) || combat_attr(game, id, kInCombat) == 0) return;
    if (!still_in_combat(game, id)) {
      remove_from_combat(game, id);  // attrs only
      removed = true;
    } else if (combat_attr(game, id, kAttacking) != 0) {
      out.push_back(id);
    }
  });
  return removed ? attackers(game) : out;
}

std::vector<ObjectId> blockers_of(const Game& game, ObjectId attacker) {
  std::vector<ObjectId> out;
  for_each_permanent(game.state(), [&](ObjectId id) {
    if (marked_in_combat(game.state(), id) &&
        combat_attr(game, id, kBlocking) == static_cast<std::int64_t>(attacker.value) + 1 &&
        still_in_combat(game, id))
      out.push_back(id);
  });
  return out;
}

// Why `id`, whose view is `c`, cannot attack on its own account (a creature, untapped, not
// summoning sick, without defender); empty if it can. The name is copied only for a reason.
std::string tap_attack_refusal(const Game& game, ObjectId id, const Characteristics& c) {
  const GameObject& o = game.object(id);
  const auto name = [&c] { return std::string(c.name); };
  if (!c.has_type(kCreature)) return name() + " is not a creature";
  if (o.tapped) return name() + " is tapped";
  if (o.summoning_sick && !c.has_keyword(kHaste)) return name() + " has summoning sickness";
  if (c.has_keyword(kDefender)) return name() + " has defender";
  if (c.has_keyword(kCantAttack)) return name() + " can't attack";
  return {};
}

bool can_tap_attack(const Game& game, ObjectId id, std::string& why) {
  Characteristics scratch;
  why = tap_attack_refusal(game, id, game.view(id, scratch));
  return why.empty();
}

// What the declaration of attackers asks of a permanent's card, as bits of a byte (0: not read
// yet): whether its printed types include Creature and Planeswalker, and whether one of its
// abilities is a static AttackTaxAbility (only the attack_tax keyword makes one). A CardDef never
// changes, so each card is read once a game (ClassicCache::combat_kinds, a byte a card of the
// pool). The printed types answer for a permanent's view while the rule effects alone apply
// (Game::only_rule_effects: changeling's creature types and the counters' power and toughness
// change no card type, creatures_now's argument in common.cpp); the tax is read from the card
// whatever applies, as attack_tax always did. Each of the active player's permanents was looked
// up in the pool and its types searched at every declaration (8 460 looks in 40 random classic
// games), and each of the defending player's cast every static ability for the tax.
constexpr std::uint8_t kCombatRead = 1, kCombatCreature = 2, kCombatPlaneswalker = 4,
                       kCombatTax = 8;

[[gnu::noinline]] std::uint8_t read_combat_kinds(const CardDef& card) {
  std::uint8_t k = kCombatRead;
  for (Symbol t : card.base.types) {
    if (t == kCreature) k |= kCombatCreature;
    if (t == kPlaneswalker) k |= kCombatPlaneswalker;
  }
  for (const AbilityDef& a : card.abilities)
    if (a.kind == AbilityKind::static_ && dynamic_cast<const AttackTaxAbility*>(a.impl.get()))
      k |= kCombatTax;
  return k;
}

[[gnu::noinline]] void size_combat_kinds(const Game& game, std::vector<std::uint8_t>& memo) {
  memo.resize(game.cards().size());  // 0: not read yet
}

// The game's combat_kinds memo, sized to the pool at its first use (a game's pool does not
// change, and CardPool::size counts a deque: about 20 instructions): only its elements are
// written after, so a span of it stays valid.
inline std::span<std::uint8_t> combat_kinds_memo(const Game& game) {
  std::vector<std::uint8_t>& memo = classic_cache(game).combat_kinds;
  if (memo.empty()) [[unlikely]]
    size_combat_kinds(game, memo);
  return memo;
}

// The combat kinds of `card` (the bits above, kCombatRead among them). An id outside the pool is
// asked of CardPool::at, which throws for it as the looks this replaces did.
inline unsigned combat_kinds(const CardPool& cards, std::span<std::uint8_t> memo, CardId card) {
  if (card.value < memo.size()) [[likely]] {
    std::uint8_t& k = memo[card.value];
    if (k == 0) [[unlikely]]
      k = read_combat_kinds(cards.at(card));
    return k;
  }
  return read_combat_kinds(cards.at(card));
}

// The generic mana attacking `defender` costs per creature (Propaganda, 508.1g): the attack
// taxes of the permanents the defending player controls. Planeswalkers are not taxed. A
// permanent whose card has no AttackTaxAbility (combat_kinds) adds nothing, and its abilities
// are not cast.
//
// With no such card on the battlefield (most games), the tax is 0 for every defender while the
// battlefields hold the same objects with the same cards: remembered at battlefield_key
// (ClassicCache::untaxed_at), which every creation, move onto, off or within the battlefields,
// reorder and card change moves (controllers do not matter when nobody's permanent taxes). A
// declaration asks the tax at its refusal and again after tapping its attackers (taps move no
// object): 310 walks of the battlefield in 40 random classic games.
std::int64_t attack_tax(const Game& game, const Target& defender) {
  if (!defender.is_player()) return 0;
  ClassicCache& cache = classic_cache(game);
  const std::uint64_t key = battlefield_key(game.journal());
  if (cache.untaxed_at == key) return 0;
  std::int64_t tax = 0;
  bool any = false;  // any permanent's card with an attack tax, whoever controls it
  const GameState& s = game.state();
  const CardPool& cards = game.cards();
  const std::span<std::uint8_t> kinds = combat_kinds_memo(game);
  for_each_permanent(s, [&](ObjectId id) {
    const GameObject& o = s.objects[id.value];
    if (!(combat_kinds(cards, kinds, o.card) & kCombatTax)) return;
    any = true;
    if (o.controller != defender.player) return;
    for (const AbilityDef& a : cards.at(o.card).abilities)  // only attack_tax makes one, static
      if (a.kind == AbilityKind::static_)
        if (const auto* t = dynamic_cast<const AttackTaxAbility*>(a.impl.get()))
          tax += t->per_attacker;
  });
  if (!any) cache.untaxed_at = key;
  return tax;
}

std::int64_t total_tax(const Game& game, const std::vector<Pair>& picks) {
  // The tax depends on the defender alone: worked out once for a run of attackers of the same
  // one (with two players, all of them).
  std::int64_t total = 0, tax = 0;
  const Target* last = nullptr;
  for (const Pair& p : picks) {
    if (!last || !(*last == p.second)) tax = attack_tax(game, p.second);
    last = &p.second;
    total += tax;
  }
  return total;
}

ManaCost tax_cost(std::int64_t tax) {
  ManaCost cost;
  cost.present = true;
  cost.generic = static_cast<std::uint16_t>(std::min<std::int64_t>(tax, 65535));
  return cost;
}

// Why the declaration's attack tax cannot be paid; empty if it can (or there is none). The
// attackers are tapped (508.1f) before the costs are determined and paid (508.1g-j), so an
// attacker without vigilance is no mana source for it: a Llanowar Elves cannot pay for its own
// attack.
std::string tax_refusal(const Game& game, const std::vector<Pair>& picks) {
  const std::int64_t tax = total_tax(game, picks);
  if (tax == 0) return {};
  const PlayerId active = game.state().turn.active;
  const std::int64_t life = game.state().player(active).life;
  std::vector<ManaSource> sources = mana_sources(game, active, ObjectId{});
  std::string tapped;  // the attackers left out, named when they are why
  std::erase_if(sources, [&](const ManaSource& s) {
    const bool attacking =
        std::any_of(picks.begin(), picks.end(), [&](const Pair& p) { return p.first == s.object; });
    if (!s.object.valid() || !attacking || has_keyword(game, s.object, kVigilance)) return false;
    tapped += (tapped.empty() ? "" : ", ") + numbered_label(game, s.object);
    return true;
  });
  if (can_pay(sources, life, tax_cost(tax), 0)) return {};
  std::string why = "the attack costs {" + std::to_string(tax) + "}, which cannot be paid";
  if (!tapped.empty() && can_pay(game, active, tax_cost(tax), 0))
    why += ": attacking taps " + tapped + " before the cost is paid (508.1f)";
  return why;
}

// 508.1c-d: restrictions, then requirements ("attacks each combat if able") obeyed as far as
// possible without paying a cost; then the costs (508.1h-j) must be payable (tax_refusal).
// `picks` are the pairs `answer` picks from `all`; each pair's option in `choice` carries its bar.
std::string attack_refusal(const Game& game, const Choice& choice, const std::vector<Pair>& all,
                           const Answer& answer, const std::vector<Pair>& picks) {
  // Whether one of the first `n` picks declares `id` (a look through a few picks, where a set
  // was a heap node for each).
  const auto declared = [&picks](ObjectId id, std::size_t n) {
    return std::any_of(picks.begin(), picks.begin() + static_cast<std::ptrdiff_t>(n),
                       [id](const Pair& q) { return q.first == id; });
  };
  for (std::size_t i = 0; i < picks.size(); ++i) {
    const Pair& p = picks[i];
    if (declared(p.first, i))
      return numbered_label(game, p.first) + " is declared as an attacker twice";
    // Why the pair cannot be declared whatever else is: its option's bar, which is why the
    // creature cannot attack on its own account (can_tap_attack's reason), else why it cannot
    // attack that defender (attack_condition_refusal), worked out from the same game.
    if (const std::string& why = choice.options[answer.picks[i]].barred; !why.empty()) return why;
  }
  const PlayerId active = game.state().turn.active;
  // The active player's creatures with the requirement, in controlled()'s order: `all` offers
  // each of them (with every defender, one after the other) as declare_attackers found them,
  // and nothing has changed since. A permanent that is not a creature was passed over below
  // (can_tap_attack), and without a defender nobody can be required to attack anyone.
  Characteristics scratch;
  std::vector<ObjectId> required;
  for (std::size_t i = 0; i < all.size(); ++i)
    if ((i == 0 || all[i].first != all[i - 1].first) &&
        game.view(all[i].first, scratch).has_keyword(kMustAttack))
      required.push_back(all[i].first);
  for (ObjectId id : required) {
    std::string why;
    if (declared(id, picks.size()) || !can_tap_attack(game, id, why)) continue;
    bool free_defender = false;  // a requirement never forces paying a cost (508.1d)
    for (const Player& p : game.state().players) {
      if (p.id == active || p.outcome != Outcome::playing) continue;
      if (attack_tax(game, Target::of(p.id)) == 0) free_defender = true;
      for (ObjectId pw : controlled(game, p.id))  // planeswalkers are never taxed
        if (game.view(pw).has_type(kPlaneswalker)) free_defender = true;
      if (!battles_protected_by(game, p.id).empty()) free_defender = true;  // nor battles
    }
    if (free_defender) return numbered_label(game, id) + " attacks each combat if able";
  }
  return tax_refusal(game, picks);
}

// An attack the rules accept (Choice::legal_example): each creature that attacks each combat if
// able attacks the first defender it may attack without a cost, the others stay home; empty if
// even that is refused (a requirement the module counts differently).
std::vector<std::uint32_t> legal_attack_example(const Game& game, const Choice& choice,
                                                const std::vector<Pair>& all) {
  Answer example;
  std::set<ObjectId> declared;
  for (std::uint32_t i = 0; i < all.size(); ++i) {
    const auto& [creature, defender] = all[i];
    std::string why;
    if (declared.count(creature) || !has_keyword(game, creature, kMustAttack) ||
        !can_tap_attack(game, creature, why) || attack_tax(game, defender) != 0 ||
        !attack_condition_refusal(game, creature, defending_player(game, defender)).empty())
      continue;
    declared.insert(creature);
    example.picks.push_back(i);
  }
  if (!attack_refusal(game, choice, all, example, picked(all, example)).empty()) return {};
  return example.picks;
}

// Why `blocker` may not block `attacker` (509.1a-b restrictions); empty if it may.
// (The declaration offers every pair and marks these in Option::barred; block_refusal refuses a
// declaration that picks a barred pair anyway, with its bar.)
std::string block_restriction(const Game& game, ObjectId blocker, ObjectId attacker) {
  Characteristics blocker_scratch, attacker_scratch;  // views without copies (Game::view)
  const Characteristics& c = game.view(blocker, blocker_scratch);
  const auto name = [&] { return numbered_label(game, blocker); };
  if (!c.has_type(kCreature)) return name() + " is not a creature";
  if (game.object(blocker).tapped) return name() + " is tapped";
  if (c.has_keyword(kCantBlock)) return name() + " can't block";
  const Characteristics& a = game.view(attacker, attacker_scratch);
  if (a.has_keyword(kFlying) && !c.has_keyword(kFlying) && !c.has_keyword(kReach))
    return name() + " cannot block " + numbered_label(game, attacker) + ", which has flying";
  const auto cannot = [&](const std::string& why) {
    return name() + " cannot block " + numbered_label(game, attacker) + ", which " + why;
  };
  if (const ProtectionQuality* from = protection_against(a, c))  // 702.16f
    return cannot("has protection from " + std::string(from->from));
  if (a.keywords.empty() && !c.has_keyword(kShadow)) return {};  // no evasion (most blocks)
  if (a.has_keyword(kShadow) != c.has_keyword(kShadow))          // 702.28b
    return a.has_keyword(kShadow) ? cannot("has shadow")
                                  : name() + " has shadow and cannot block " +
                                        numbered_label(game, attacker) + ", which has not";
  const bool artifact = c.has_type(kArtifact);
  if (a.has_keyword(kFear) && !artifact && !c.colors.has(Color::black))  // 702.36b
    return cannot("has fear");
  if (a.has_keyword(kIntimidate) && !artifact && (a.colors.bits & c.colors.bits) == 0)  // 702.13b
    return cannot("has intimidate");
  for (const Landwalk& walk : kLandwalk) {  // 702.14c: the blocker's controller defends
    if (!a.has_keyword(walk.keyword)) continue;
    const PlayerId defending = game.object(blocker).controller;
    for (ObjectId land : controlled(game, defending))
      if (game.view(land).has_subtype(walk.land_type))
        return cannot("has " + std::string(walk.name) + ", and " +
                      target_label(game, Target::of(defending)) + " controls " +
                      numbered_label(game, land));
  }
  return {};
}

// Restrictions on how many creatures block one attacker (509.1b): menace (702.110b), none or
// two or more; `blocked_by_at_most_one`, none or one. Empty if the declaration keeps them all.
std::string blocker_count_refusal(const Game& game, const std::vector<Pair>& picks) {
  for (const Pair& p : picks) {
    const ObjectId attacker = p.second.object.id;
    const auto blockers = std::count_if(
        picks.begin(), picks.end(), [&](const Pair& q) { return q.second.object.id == attacker; });
    if (blockers == 1 && has_keyword(game, attacker, kMenace))
      return numbered_label(game, attacker) +
             " has menace: it can't be blocked except by two or more creatures";
    if (blockers > 1 && has_keyword(game, attacker, kBlockedByOne))
      return numbered_label(game, attacker) + " can't be blocked by more than one creature";
  }
  return {};
}

// The pairs of `all` that no restriction on one blocker and one attacker refuses (509.1a-b), as
// BlockPairs: those whose options the declaration left unbarred (`options`, one for each pair:
// each bar is block_restriction's reason, and nothing has changed since they were made).
std::vector<BlockPair> allowed_blocks(const std::vector<Pair>& all,
                                      const std::vector<Option>& options) {
  std::vector<BlockPair> allowed;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (options[i].barred.empty()) allowed.push_back({all[i].first, all[i].second.object.id});
  return allowed;
}

std::vector<BlockPair> block_pairs(const std::vector<Pair>& pairs) {
  std::vector<BlockPair> out;
  for (const Pair& p : pairs) out.push_back({p.first, p.second.object.id});
  return out;
}

// 509.1b-c: restrictions, then as many requirements obeyed as any declaration obeying the
// restrictions could (no requirement forces a cost; none of the blocks here costs anything).
// `picks` are the pairs `answer` picks from `all`; each pair's option in `choice` carries its bar.
std::string block_refusal(const Game& game, const Choice& choice, const std::vector<Pair>& all,
                          const Answer& answer, const std::vector<Pair>& picks) {
  for (std::size_t i = 0; i < picks.size(); ++i) {
    const Pair& p = picks[i];
    // Declared by an earlier pick: a look through a few picks, where a set was a heap node each.
    if (std::any_of(picks.begin(), picks.begin() + static_cast<std::ptrdiff_t>(i),
                    [&p](const Pair& q) { return q.first == p.first; }))
      return numbered_label(game, p.first) + " is declared as a blocker twice";
    // block_restriction's reason, worked out as the options were made.
    if (const std::string& why = choice.options[answer.picks[i]].barred; !why.empty()) return why;
  }
  if (std::string why = blocker_count_refusal(game, picks); !why.empty()) return why;
  const BlockRequirements r =
      block_requirements(game, allowed_blocks(all, choice.options), block_pairs(picks));
  if (r.obeyed < r.most)
    return r.unobeyed + " (the declaration obeys " + std::to_string(r.obeyed) + " of the " +
           std::to_string(r.most) + " block requirements it could)";
  return {};
}

// A block declaration the rules accept (Choice::legal_example): the one block_requirements finds
// obeying the most requirements, as indices into `all`; empty if it would be refused (a combat
// too large to try every declaration, with a menace attacker).
std::vector<std::uint32_t> legal_block_example(const Game& game, const Choice& choice,
                                               const std::vector<Pair>& all) {
  const BlockRequirements r = block_requirements(game, allowed_blocks(all, choice.options), {});
  Answer example;
  for (const BlockPair& e : r.example)
    for (std::uint32_t i = 0; i < all.size(); ++i)
      if (all[i].first == e.blocker && all[i].second.object.id == e.attacker) {
        example.picks.push_back(i);
        break;
      }
  if (!block_refusal(game, choice, all, example, picked(all, example)).empty()) return {};
  return example.picks;
}

// The prompt of a declaration (ChoiceKind::attackers or blockers), made only for an agent that
// reads prompts (Game::seat_prompt_blind): each a heap string of 16 or 17 characters.
constexpr std::string_view declaration_prompt(ChoiceKind kind) {
  return kind == ChoiceKind::attackers ? "Declare attackers" : "Declare blockers";
}

// Refused declarations in a row after which asking again is given up: an agent that cannot find
// a legal declaration (one answering at random, against many blockers a Lure demands) would
// otherwise hold the game in one decision forever, where a failed game is reported and the others
// go on.
constexpr int kMaxRefusals = 1000;

// Why a declaration (the pairs an answer picks) is refused, empty if it is not; and one the rules
// accept, as picks (ask_declaration).
using DeclarationRefusal = std::string (*)(const Game&, const Choice&, const std::vector<Pair>&,
                                           const Answer&, const std::vector<Pair>&);
using DeclarationExample = std::vector<std::uint32_t> (*)(const Game&, const Choice&,
                                                          const std::vector<Pair>&);

// Asks until the answer is a legal declaration (508.1, 509.1): the checks only read the game, so
// a refused declaration has changed nothing (726); it is asked again with the reason. Throws
// RulesError after kMaxRefusals refusals in a row.
//
// While it asks, kDeclaring names the declaring player, and nothing of the declaration has
// happened yet: a copy of the game taken then (DecisionView::determinize, by a search agent)
// asks the same declaration again when it is advanced (resume_declaration), so that the
// declaration can be searched like a priority decision. It is cleared before anything of the
// answer is done, since what follows may ask other decisions (a replacement's order).
//
// `example` names a declaration the rules accept; it is offered with every refusal
// (Choice::legal_example), worked out at the first. Both it and `refusal` are given the choice,
// whose options (one for each pair of `all`, in its order) carry the bars worked out when it was
// made: nothing has changed since.
std::vector<Pair> ask_declaration(Game& game, Choice& choice, const std::vector<Pair>& all,
                                  DeclarationRefusal refusal, DeclarationExample example) {
  game.journal().set_game_attr(kDeclaring, std::int64_t{choice.player.value} + 1);
  for (int refusals = 0;; ++refusals) {
    const Answer answer = game.ask(choice);
    std::vector<Pair> picks = picked(all, answer);
    std::string refused = refusal(game, choice, all, answer, picks);
    if (refused.empty()) {
      game.journal().set_game_attr(kDeclaring, 0);
      return picks;
    }
    if (refusals + 1 == kMaxRefusals)
      throw RulesError(std::string(declaration_prompt(choice.kind)) + ": " +
                       std::to_string(kMaxRefusals) +
                       " declarations in a row were refused; the last: " + refused);
    choice.refused = std::move(refused);
    if (refusals == 0) choice.legal_example = example(game, choice, all);
  }
}

// The game's AttackDeclarationLists, lent for one declaration and emptied, their room kept, when
// it ends (or throws). A declaration inside another (none is known) would find them lent, and
// make lists of its own.
class LentAttackLists {
 public:
  explicit LentAttackLists(const Game& game) : lists_(&classic_cache(game).attack_lists) {
    if (lists_->lent) {
      own_ = std::make_unique<AttackDeclarationLists>();
      lists_ = own_.get();
    }
    lists_->lent = true;
  }
  LentAttackLists(const LentAttackLists&) = delete;
  LentAttackLists& operator=(const LentAttackLists&) = delete;
  ~LentAttackLists() {
    lists_->creatures.clear();
    lists_->defenders.clear();
    lists_->pairs.clear();
    lists_->options.clear();
    lists_->lent = false;
  }
  AttackDeclarationLists* operator->() { return lists_; }

 private:
  AttackDeclarationLists* lists_;  // the game's rules cache's, or own_
  std::unique_ptr<AttackDeclarationLists> own_;
};

// Where a walk of the battlefield, seat by seat as controlled() lists it, stands: the zone of
// the seat at `seat` in GameState::players, and `at` in its objects.
struct WalkAt {
  std::size_t seat = 0, at = 0;
};

// declare_attackers once its first walk has found a permanent that may be a creature of the
// active player, at `first` (or none, for a declaration being resumed: `first` past the last
// seat); `marked`: whether a permanent before it carries a combat mark. `kinds`: the combat_kinds
// memo while the rule effects alone apply, else empty (the views decide). Out of line, so that a
// declaration without a creature (861 of 1 283 in 40 random classic games) pays for none of its
// lists, scratches and frame.
[[gnu::noinline]] void declare_with_creatures(Game& game, WalkAt first, bool marked,
                                              std::span<std::uint8_t> kinds) {
  const PlayerId active = game.state().turn.active;
  // The battlefield is walked as the first walk did, on from where it stopped, without building
  // its lists, and viewed without copies.
  const GameState& s = game.state();
  Characteristics scratch;  // for the permanents an effect applies to (Game::view)
  // The creatures are listed once, in controlled()'s order, for the options below: nothing
  // between here and there changes the game (the defenders are only looked at).
  // With each creature, why it cannot attack on its own account (tap_attack_refusal), from the
  // same view: one view of each permanent in all.
  LentAttackLists lists(game);  // the game's, kept between declarations
  std::vector<std::pair<ObjectId, std::string>>& creatures = lists->creatures;
  const CardPool& cards = game.cards();
  // Views edit nothing, and tap_attack_refusal only reads: the object list and each zone are
  // read once.
  const std::span<const GameObject> objects = s.objects;
  for (std::size_t seat = first.seat; seat < s.players.size(); ++seat) {
    const std::span<const ObjectId> zone = s.zone(ZoneRef::battlefield(s.players[seat].id)).objects;
    for (std::size_t i = seat == first.seat ? first.at : 0; i < zone.size(); ++i) {
      const ObjectId id = zone[i];
      const GameObject& o = objects[id.value];
      if (!marked && !o.attrs.items.empty()) marked = o.attrs.get(kInCombat) != 0;  // most: none
      if (o.controller != active) continue;
      if (!kinds.empty() && !(combat_kinds(cards, kinds, o.card) & kCombatCreature)) continue;
      const Characteristics& c = game.view(id, scratch);
      if (c.has_type(kCreature)) creatures.emplace_back(id, tap_attack_refusal(game, id, c));
    }
  }
  const std::uint64_t walked_at = combat_marks_key(game.journal());
  const auto remember_no_marks = [&game, marked, walked_at] {
    if (!marked && combat_marks_key(game.journal()) == walked_at)
      game.rules_memo(kNoCombatMarksAt) = walked_at;
  };
  if (creatures.empty() && game.state().attrs.get(kDeclaring) == 0) {
    remember_no_marks();
    return;
  }
  std::vector<Target>& defenders = lists->defenders;
  for (const Player& p : game.state().players) {
    if (p.id == active || p.outcome != Outcome::playing) continue;
    defenders.push_back(Target::of(p.id));
    // p's planeswalkers, then (310.8) the battles p protects, whoever controls them (a Siege's
    // controller attacks it), both found in one walk.
    std::vector<Target> battles;
    for (const Player& seat : s.players)
      for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) {
        const GameObject& o = s.objects[id.value];
        if (o.controller == p.id &&
            (!kinds.empty() ? (combat_kinds(cards, kinds, o.card) & kCombatPlaneswalker) != 0
                            : game.view(id, scratch).has_type(kPlaneswalker)))
          defenders.push_back(Target::of(o.ref()));
        // protects_battle looks at the protector attr first; most permanents have no attr at
        // all, and are passed over here without the call (6 000 calls in 40 random games).
        if (!o.attrs.items.empty() && protects_battle(game, p.id, id, scratch))
          battles.push_back(Target::of(o.ref()));
      }
    defenders.insert(defenders.end(), battles.begin(), battles.end());
  }
  std::vector<Pair>& all = lists->pairs;
  Choice choice;
  choice.options = std::move(lists->options);  // empty, with room
  choice.kind = ChoiceKind::attackers;
  choice.player = active;
  if (!game.seat_prompt_blind(active)) choice.prompt = declaration_prompt(choice.kind);
  // Every creature is offered (a person may try a tapped one and read why not); the pairs that
  // no legal declaration can hold are marked (Option::barred) with the reason a refusal gives.
  // An agent that reads no label (label_blind) is offered none: Game::ask logs the picks, not
  // the labels, so its decisions and their log are the same without them.
  const bool labelled = !game.seat_label_blind(active);
  all.reserve(creatures.size() * defenders.size());  // one allocation each: growing moved them
  choice.options.reserve(all.capacity());
  for (auto& [id, cannot] : creatures) {
    const std::string label = labelled ? numbered_label(game, id) + " → " : std::string();
    for (std::size_t k = 0; k < defenders.size(); ++k) {
      const Target& d = defenders[k];
      all.push_back({id, d});
      Option o{labelled ? label + target_label(game, d) : std::string(),
               Target::of(game.object(id).ref()), encode_defender(d)};
      if (!cannot.empty() && k + 1 == defenders.size())
        o.barred = std::move(cannot);  // the same reason with every defender: the last takes it
      else if (!cannot.empty())
        o.barred = cannot;
      else
        o.barred = attack_condition_refusal(game, id, defending_player(game, d));
      choice.options.push_back(std::move(o));
    }
  }
  choice.min_picks = 0;
  choice.max_picks = static_cast<std::uint32_t>(all.size());
  const std::vector<Pair> picks =
      ask_declaration(game, choice, all, attack_refusal, legal_attack_example);
  lists->options = std::move(choice.options);  // given back with the lists
  if (picks.empty()) {  // nothing to tap, pay, mark or announce
    remember_no_marks();
    return;
  }
  // 508.1f: the attackers are tapped before the tax is paid (508.1g-j, checked payable without
  // them), so a tapped attacker is no mana source for it; then they become attacking (508.1k).
  for (const Pair& p : picks)
    if (!has_keyword(game, p.first, kVigilance)) tap(game, p.first);
  if (const std::int64_t tax = total_tax(game, picks); tax > 0) pay(game, active, tax_cost(tax), 0);
  for (const Pair& p : picks) set_combat_attr(game, p.first, kAttacking, encode_defender(p.second));
  for (const Pair& p : picks) {
    AttackEvent e;
    e.attacker = p.first;
    e.defender = p.second;
    emit(game, e);
  }
}

}  // namespace

void declare_attackers(Game& game) {
  const GameState& s = game.state();
  const PlayerId active = s.turn.active;
  // Without a creature there is nothing to declare: the choice would have no option, so
  // Game::ask would neither ask nor log it, no declaration can be refused (a permanent that is
  // not a creature cannot be required to attack), and nothing is paid, tapped or announced.
  // Early turns often have none, and the defenders and the choice need not be built for them.
  // (A declaration being resumed, kDeclaring set, goes the whole way: it clears the mark.)
  // This walk stops at the first permanent that may be a creature of the active player, and
  // declare_with_creatures walks on from there.
  //
  // The same walk finds out whether any permanent carries a combat mark now: a declaration that
  // declares nothing without one leaves none, and the blockers and damage steps and the end of
  // combat then need not look again (any_attackers, end_combat) while nothing could have given
  // one.
  bool marked = false;
  // While the rule effects alone apply, a permanent's types are its card's (combat_kinds): most
  // of the active player's permanents are lands, passed over without a view. The pool is never
  // empty while there are permanents, so an empty memo means the views decide.
  const std::span<std::uint8_t> kinds =
      game.only_rule_effects() ? combat_kinds_memo(game) : std::span<std::uint8_t>();
  const CardPool& cards = game.cards();
  // The object list and each zone read once (this walk edits nothing), not at every permanent.
  const std::span<const GameObject> objects = s.objects;
  for (std::size_t seat = 0; seat < s.players.size(); ++seat) {
    const std::span<const ObjectId> zone = s.zone(ZoneRef::battlefield(s.players[seat].id)).objects;
    for (std::size_t i = 0; i < zone.size(); ++i) {
      const GameObject& o = objects[zone[i].value];
      if (!marked && !o.attrs.items.empty()) marked = o.attrs.get(kInCombat) != 0;  // most: none
      if (o.controller != active) continue;
      if (!kinds.empty() && !(combat_kinds(cards, kinds, o.card) & kCombatCreature)) continue;
      return declare_with_creatures(game, {seat, i}, marked, kinds);
    }
  }
  if (s.attrs.get(kDeclaring) != 0)
    return declare_with_creatures(game, {s.players.size(), 0}, marked, kinds);
  // The walk edited nothing: remembered at the key it looked at.
  if (!marked) game.rules_memo(kNoCombatMarksAt) = combat_marks_key(game.journal());
}

void declare_blockers(Game& game, PlayerId from) {
  // Resumed (from valid): the removal was done before the first asking.
  const std::vector<ObjectId> attacking =
      from.valid() ? attackers(game) : drop_removed_then_attackers(game);
  PlayerId p = game.state().turn.active;
  bool reached = !from.valid();
  for (std::size_t seat = 0; seat < game.state().player_count(); ++seat, p = next_player(game, p)) {
    if (p == game.state().turn.active || game.state().player(p).outcome != Outcome::playing)
      continue;
    reached |= p == from;
    if (!reached) continue;  // declared before the copy was taken
    std::vector<Pair> all;
    Choice choice;
    choice.kind = ChoiceKind::blockers;
    choice.player = p;
    if (!game.seat_prompt_blind(p)) choice.prompt = declaration_prompt(choice.kind);
    Characteristics scratch;       // for the permanents an effect applies to (Game::view)
    std::vector<ObjectId> theirs;  // the attackers this player may block, and their labels
    std::vector<std::string> their_labels;
    // No labels for an agent that reads none (as for the attackers): the log holds the picks.
    const bool labelled = !game.seat_label_blind(p);
    bool listed = false;  // theirs, worked out at p's first creature
    // p's permanents in controlled()'s order, walked without its list: nothing below edits.
    for (const Player& side : game.state().players)
      for (ObjectId b : game.state().zone(ZoneRef::battlefield(side.id)).objects) {
        if (game.state().objects[b.value].controller != p) continue;
        if (!game.view(b, scratch).has_type(kCreature)) continue;
        if (!listed) {  // once, and only for a player with a creature to block with
          listed = true;
          for (ObjectId a : attacking)
            if (defending_player(game, defender_of(game, a)) == p) {
              theirs.push_back(a);
              if (labelled) their_labels.push_back(" → " + numbered_label(game, a));
            }
        }
        const std::string label =
            theirs.empty() || !labelled ? std::string() : numbered_label(game, b);
        for (std::size_t k = 0; k < theirs.size(); ++k) {
          const ObjectId a = theirs[k];
          all.push_back({b, Target::of(game.object(a).ref())});
          Option o{labelled ? label + their_labels[k] : std::string(),
                   Target::of(game.object(b).ref()), static_cast<std::int64_t>(a.value)};
          o.barred = block_restriction(game, b, a);  // offered all the same, as attackers are
          choice.options.push_back(std::move(o));
        }
      }
    // Without a pair to offer (no creature, or none attacks p) the choice has no option: Game::ask
    // would neither ask nor log it, no declaration of no pick can be refused (no bar, no count,
    // and no requirement among no pairs: block_requirements), and nothing is blocked or
    // announced. kDeclaring's two edits around the asking go with it, as for a declaration of
    // attackers without a creature: no copy of the game can be taken without an agent answering.
    // A resumed declaration (kDeclaring set) goes the whole way: it clears the mark.
    if (all.empty() && game.state().attrs.get(kDeclaring) == 0) continue;
    choice.min_picks = 0;
    choice.max_picks = static_cast<std::uint32_t>(all.size());
    const std::vector<Pair> picks =
        ask_declaration(game, choice, all, block_refusal, legal_block_example);
    for (const Pair& pr : picks) {
      set_combat_attr(game, pr.first, kBlocking,
                      static_cast<std::int64_t>(pr.second.object.id.value) + 1);
      set_combat_attr(game, pr.second.object.id, kBlocked, 1);
    }
    for (const Pair& pr : picks) {
      BlockEvent e;
      e.blocker = pr.first;
      e.attacker = pr.second.object.id;
      emit(game, e);
    }
  }
}

bool resume_declaration(Game& game) {
  const std::int64_t declaring = game.state().attrs.get(kDeclaring);
  if (declaring == 0) return false;
  const PlayerId who(static_cast<std::uint8_t>(declaring - 1));
  const std::uint16_t step = game.state().turn.step;
  if (step == kAttackers)
    declare_attackers(game);
  else if (step == kBlockers)
    declare_blockers(game, who);
  else
    throw RulesError("a combat declaration is pending outside the combat steps (step " +
                     std::string(step_label(step)) + ")");
  return true;
}

bool any_attackers(Game& game) {
  // attackers() without its lists, stopping at the first (asked as each combat step begins).
  // A permanent without attrs is in no combat (combat_attr): most are, and need no call.
  if (known_unmarked(game)) return false;
  const GameState& s = game.state();
  bool marked = false;
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) {
      const GameObject& o = s.objects[id.value];
      if (o.attrs.items.empty() || o.attrs.get(kInCombat) == 0) continue;  // marked_in_combat
      if (is_attacking(game, id)) return true;
      marked = true;
    }
  if (!marked) game.rules_memo(kNoCombatMarksAt) = combat_marks_key(game.journal());
  return false;
}

bool needs_first_strike_step(const Game& game) {
  const GameState& s = game.state();
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) {
      if (!marked_in_combat(s, id)) continue;
      if (combat_attr(game, id, kAttacking) == 0 && combat_attr(game, id, kBlocking) == 0) continue;
      if (!still_in_combat(game, id)) continue;
      Characteristics scratch;  // a view without a copy (Game::view)
      const Characteristics& c = game.view(id, scratch);
      if (c.has_keyword(kFirstStrike) || c.has_keyword(kDoubleStrike)) return true;
    }
  return false;
}

namespace {

// Whether `id` deals combat damage in this step (510.4, 702.7).
bool deals_now(Game& game, ObjectId id, bool first_step, bool split) {
  if (!split) return true;  // all deal damage in the one step (the view below is only a look)
  Characteristics scratch;  // a view without a copy (Game::view)
  const Characteristics& c = game.view(id, scratch);
  const bool fs = c.has_keyword(kFirstStrike), ds = c.has_keyword(kDoubleStrike);
  if (first_step) {
    if (fs || ds) set_combat_attr(game, id, kStruckFirst, 1);
    return fs || ds;
  }
  return combat_attr(game, id, kStruckFirst) == 0 || ds;
}

std::int32_t ask_amount(Game& game, ObjectId attacker, const Target& to, std::int32_t lo,
                        std::int32_t hi) {
  if (lo >= hi) return lo;
  Choice choice;
  choice.kind = ChoiceKind::number;
  choice.player = game.object(attacker).controller;
  choice.prompt = "damage to " + target_label(game, to);
  choice.source = attacker;
  for (std::int32_t v = lo; v <= hi; ++v)
    choice.options.push_back({std::to_string(v) + " damage", to, v});  // not a bare number
  return static_cast<std::int32_t>(choice.options.at(game.ask(choice).picks.at(0)).value);
}

// A blocked attacker's damage among its blockers (and, with trample, its defender).
void divide(Game& game, ObjectId attacker, std::int32_t power,
            const std::vector<ObjectId>& blockers, const Target& trample_to,
            std::vector<DamageEvent>& out) {
  const bool deathtouch = has_keyword(game, attacker, kDeathtouch);
  std::vector<std::int32_t> need;
  for (ObjectId b : blockers) {
    std::int32_t n = std::max(0, game.view(b).toughness - game.object(b).damage);
    if (deathtouch) n = std::min(n, 1);
    need.push_back(n);
  }
  const std::int32_t total_need = std::accumulate(need.begin(), need.end(), 0);
  auto add = [&](const Target& t, std::int32_t n) {
    if (n <= 0) return;
    DamageEvent e;
    e.source = attacker;
    e.target = t;
    e.amount = n;
    e.combat = true;
    out.push_back(e);
  };
  std::int32_t remaining = power;
  if (trample_to.kind != Target::Kind::none && power >= total_need) {
    std::int32_t later = total_need;
    for (std::size_t i = 0; i < blockers.size(); ++i) {
      later -= need[i];
      const Target t = Target::of(game.object(blockers[i]).ref());
      const std::int32_t v = ask_amount(game, attacker, t, need[i], remaining - later);
      add(t, v);
      remaining -= v;
    }
    add(trample_to, remaining);
    return;
  }
  for (std::size_t i = 0; i < blockers.size(); ++i) {
    const Target t = Target::of(game.object(blockers[i]).ref());
    const std::int32_t v =
        i + 1 == blockers.size() ? remaining : ask_amount(game, attacker, t, 0, remaining);
    add(t, v);
    remaining -= v;
  }
}

}  // namespace

void combat_damage(Game& game, bool first_step) {
  const bool split = first_step || game.state().attrs.get(kDamagePhase) == 1;
  std::vector<DamageEvent> events;
  const std::vector<ObjectId> attacking = drop_removed_then_attackers(game);
  Characteristics scratch;  // for the powers: views without copies (Game::view)
  for (ObjectId a : attacking) {
    if (!deals_now(game, a, first_step, split)) continue;
    const std::int32_t power = game.view(a, scratch).power;
    if (power <= 0) continue;
    const Target defender = defender_of(game, a);
    // An unblocked attacker (most) needs neither its blockers nor trample: both are looks.
    const bool blocked = combat_attr(game, a, kBlocked) != 0;
    const std::vector<ObjectId> blockers = blocked ? blockers_of(game, a) : std::vector<ObjectId>{};
    const bool trample = blocked && has_keyword(game, a, kTrample);
    if (!blocked || (blockers.empty() && trample)) {
      if (defender.kind != Target::Kind::none)
        events.push_back(DamageEvent{{}, a, defender, power, true, true});
      continue;
    }
    if (blockers.empty()) continue;  // 509.1h: still blocked
    divide(game, a, power, blockers, trample ? defender : Target{}, events);
  }
  // deals_now edits attrs only (kStruckFirst), which leave the zones as they are.
  for_each_permanent(game.state(), [&](ObjectId b) {
    if (!marked_in_combat(game.state(), b)) return;
    const std::int64_t blocking = combat_attr(game, b, kBlocking);
    if (blocking == 0 || !still_in_combat(game, b) || !deals_now(game, b, first_step, split))
      return;
    const ObjectId a(static_cast<std::uint32_t>(blocking - 1));
    const std::int32_t power = game.view(b, scratch).power;
    if (power <= 0 || !is_attacking(game, a)) return;
    events.push_back(DamageEvent{{}, b, Target::of(game.object(a).ref()), power, true, true});
  });
  if (!events.empty()) deal_damage_together(game, events);  // 615.13: one prevention per shield
}

void end_combat(Game& game) {
  // Mostly nothing is in combat (no attack this turn): known, or found out without building the
  // list.
  if (known_unmarked(game)) return;
  const GameState& s = game.state();
  bool any = false;
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects) {
      const GameObject& o = s.objects[id.value];
      any = any || (!o.attrs.items.empty() && o.attrs.get(kInCombat) != 0);  // marked_in_combat
    }
  if (!any) {  // the walk edited nothing: remembered at the key it looked at
    game.rules_memo(kNoCombatMarksAt) = combat_marks_key(game.journal());
    return;
  }
  // remove_from_combat edits attrs alone, which leave the zones as they are: walked in place.
  for_each_permanent(s, [&game](ObjectId id) {
    if (game.object(id).attrs.get(kInCombat) != 0) remove_from_combat(game, id);
  });
}

}  // namespace anvil::rules_classic
