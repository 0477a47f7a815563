// What a player may do with priority (legal_actions), and why not (why_not).
#include <algorithm>
#include <initializer_list>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "classic.hpp"
#include "classic_cache.hpp"
#include "module.hpp"

namespace anvil::rules_classic {

namespace {

bool main_phase(const Game& game) {
  const std::uint16_t s = game.state().turn.step;
  return s == kMain1 || s == kMain2;
}

bool sorcery_timing(const Game& game, PlayerId p) {
  return game.state().turn.active == p && main_phase(game) && game.state().stack.empty();
}

const AbilityDef* ability_def(const Game& game, ObjectId id, std::uint16_t ability) {
  const CardDef& def = game.card(id);
  if (ability >= def.abilities.size() || !def.abilities[ability].impl) return nullptr;
  return &def.abilities[ability];
}

bool targets_available(const Game& game, PlayerId p, ObjectId card, std::uint16_t index,
                       const Ability& a) {
  ResolveContext ctx{game.object(card).ref(), game.object(card).card, index, p, {}, 0, {}};
  const std::size_t count = a.target_count();  // a virtual call: asked once
  if (count <= 1) return count == 0 || has_legal_target(game, a, ctx, 0);
  // Several targets ("destroy two target creatures"): chosen one after the other as casting
  // does, each seeing the ones before (115.3: they must differ), so two are needed. Greedy, which
  // is exact when every target has the same requirement.
  std::vector<Target> chosen;
  for (std::size_t i = 0; i < count; ++i) {
    ctx.targets = chosen;
    const std::vector<Target> legal = legal_targets(game, a, ctx, i);
    if (legal.empty()) return false;
    chosen.push_back(legal.front());
  }
  return true;
}

// Why `p` may not play the land `id`, whose current characteristics are `c`, now; nullptr if
// they may. The caller has checked that the card is in p's hand. (legal_actions views each
// card in hand once and passes that view to these checks.) The reasons are constant texts: the
// listing asks at every priority and only wants to know whether there is one.
const char* land_refusal(const Game& game, PlayerId p, const Characteristics& c) {
  if (!c.has_type(kLand)) return "it is not a land";
  if (game.state().turn.active != p || !main_phase(game)) return "it is not your main phase";
  if (!game.state().stack.empty()) return "the stack is not empty";
  if (game.state().player(p).attrs.get(kLandsPlayed) >= 1)
    return "you already played a land this turn";
  return nullptr;
}

std::string land_refusal(const Game& game, PlayerId p, ObjectId id) {
  if (game.object(id).zone != ZoneRef::hand(p)) return "that card is not in your hand";
  const char* why = land_refusal(game, p, game.view(id));
  return why ? why : "";
}

// p's mana sources, looked up on first use and then reused for every card in one legal_actions
// call (the state does not change in between): those the game keeps (kept_mana_sources), with
// their counts, or else listed here.
class SourcesOnce {
 public:
  SourcesOnce(const Game& game, PlayerId p) : game_(game), p_(p) {}
  const std::vector<ManaSource>& get() {
    if (!sources_) {
      sources_ = kept_mana_sources(game_, p_);
      if (sources_)
        counts_ = &kept_mana_counts(game_, p_);
      else
        sources_ = &own_.emplace(mana_sources(game_, p_, ObjectId{}));
    }
    return *sources_;
  }

  // can_pay(get(), life, cost, 0), by counting the kept list's sources when they decide it
  // (counted_can_pay). Inline, the count's answer first: asked of every card in hand that its
  // timing allows at every listing (10 666 times in 40 random classic games), and most answers
  // are the counts' (as a call, its frame was about a quarter of its instructions).
  [[gnu::always_inline]] bool can_pay(std::int64_t life, const ManaCost& cost) {
    if (counts_) [[likely]]
      if (const int counted = counted_can_pay(*counts_, cost); counted >= 0) return counted != 0;
    return can_pay_looking(life, cost);
  }

 private:
  // can_pay's answer when the counts do not decide it, or before the sources are looked up.
  [[gnu::noinline]] bool can_pay_looking(std::int64_t life, const ManaCost& cost) {
    const std::vector<ManaSource>& sources = get();
    return counts_ ? can_pay_kept(sources, *counts_, life, cost, 0)
                   : rules_classic::can_pay(sources, life, cost, 0);
  }

  const Game& game_;
  PlayerId p_;
  const std::vector<ManaSource>* sources_ = nullptr;
  const KeptManaCounts* counts_ = nullptr;  // the kept list's, when sources_ is it
  std::optional<std::vector<ManaSource>> own_;
};

// The refusal of a cost the player cannot pay: Phyrexian symbols could have been paid with life.
const char* unpaid(const ManaCost& cost) {
  const auto any = [](const auto& counts) {
    return std::any_of(counts.begin(), counts.end(), [](std::uint8_t n) { return n != 0; });
  };
  // Asked for every card the player cannot afford at every listing: the inline test first.
  const bool life_could_pay =
      any_alternative(cost) && (any(cost.phyrexian) || any(cost.hybrid_phyrexian));
  return life_could_pay ? "not enough mana or life" : "not enough mana";
}

// Whether a spell with characteristics `c` may be cast by `p` now as far as its timing goes: an
// instant or a card with flash at any time, anything else at sorcery speed (307.1, 304.1, 702.8).
// Inlined: asked of every card in hand at every listing (as a call it cost 0.6% of a random game).
[[gnu::always_inline]] inline bool spell_timing_allows(const Game& game, PlayerId p,
                                                       const Characteristics& c) {
  return c.has_type(kInstant) || c.has_keyword(kFlash) || sorcery_timing(game, p);
}

// Why `p` may not cast `id` (in their hand, characteristics `c`) now, from what asks nothing of
// its spell abilities (its timing, a mana cost); nullptr if that allows it. The listing asks
// this first: most cards in hand are refused here outside a main phase, before the card's
// modes are looked for. `alternative`: as cast_refusal's, below.
const char* timing_refusal(const Game& game, PlayerId p, const Characteristics& c,
                           const ManaCost* alternative) {
  if (c.has_type(kLand)) return "a land is played, not cast";
  if (!spell_timing_allows(game, p, c)) {
    if (game.state().turn.active != p || !main_phase(game)) return "it is not your main phase";
    return "the stack is not empty";
  }
  if (!alternative && !c.cost.present) return "it has no mana cost";
  return nullptr;
}

// What the listing asks of a card in hand, as bits of a byte (0: not read yet): whether it is a
// land, an instant or a card with flash, and whether it has a mana cost; and of its card's
// abilities, whether it is modal (is_modal) and whether its spell ability is its first
// (spell_ability 0), which add_casts asks of each card that may be cast and paid for.
constexpr std::uint8_t kHandRead = 1, kHandLand = 2, kHandFast = 4, kHandCosted = 8,
                       kHandModal = 16, kHandSpellFirst = 32;

[[gnu::noinline]] std::uint8_t read_hand_kinds(const CardDef& def) {
  const Characteristics& c = def.base;
  return kHandRead | (c.has_type(kLand) ? kHandLand : 0) |
         (c.has_type(kInstant) || c.has_keyword(kFlash) ? kHandFast : 0) |
         (c.cost.present ? kHandCosted : 0) | (is_modal(def) ? kHandModal : 0) |
         (spell_ability(def) == std::uint16_t{0} ? kHandSpellFirst : 0);
}

// The bits above for a card in hand while views apply the rule effects alone
// (Game::only_rule_effects), read once a game for each card (`memo`, the classic rules cache's
// hand_kinds, indexed by CardId): its card's printed ones. Changeling adds creature types and
// the counters change power and toughness, so the view of a card in hand has then its card's
// card types, keywords and mana cost — the argument the state-based pass's printed kinds and
// the kept creatures rest on. The listing viewed every card in hand at every listing and
// searched its types and keywords (27 983 views in 40 random classic games).
unsigned hand_kinds(const CardPool& pool, std::uint8_t* memo, CardId card) {
  std::uint8_t& k = memo[card.value];
  if (k == 0) [[unlikely]]
    k = read_hand_kinds(pool.at(card));
  return k;
}

// timing_refusal's answer without its reason, for a card from the hand that is not a land: the
// listing has found each card in hand to be one or the other already, and only wants to know
// (the land test and the reason's second look at the turn were asked of every card in hand).
// `sorcery`: sorcery_timing(game, p), which the listing asks once for every card, and first:
// with it the card's types and keywords need no look (each a search of a symbol list).
bool hand_spell_timing_allows(bool sorcery, const Characteristics& c) {
  return (sorcery || c.has_type(kInstant) || c.has_keyword(kFlash)) && c.cost.present;
}

// The rest of cast_refusal, for the spell ability `spell` (a mode of a modal card) and the
// `cost` it is cast for: its targets, then the mana.
const char* spell_refusal(const Game& game, PlayerId p, ObjectId id,
                          std::optional<std::uint16_t> spell, const ManaCost& cost,
                          SourcesOnce& sources) {
  if (spell && !targets_available(game, p, id, *spell, *game.card(id).abilities[*spell].impl))
    return "no legal target";
  const std::int64_t life = game.state().player(p).life;  // for Phyrexian symbols
  if (!sources.can_pay(life, cost)) return unpaid(cost);
  return nullptr;
}

// Why `p` may not cast `id` (in their hand, characteristics `c`) for `mode` now; nullptr if they
// may. (The listing asks the same of each card in its own order: priority_actions' add_casts.)
// `alternative`: the card is cast for this cost instead of its mana cost — from p's graveyard
// (flashback, escape, retrace: the caller has checked that it may be, graveyard_cast_cost), or
// from exile for its madness cost (madness_cast_refusal).
const char* cast_refusal(const Game& game, PlayerId p, ObjectId id, std::uint16_t mode,
                         const Characteristics& c, SourcesOnce& sources,
                         const ManaCost* alternative = nullptr) {
  if (const char* why = timing_refusal(game, p, c, alternative)) return why;
  const ManaCost& cost = alternative ? *alternative : c.cost;
  const CardDef& def = game.card(id);
  std::optional<std::uint16_t> spell = spell_ability(def);
  if (is_modal(def)) {
    const std::vector<std::uint16_t> modes = spell_modes(def);
    if (std::find(modes.begin(), modes.end(), mode) == modes.end()) {
      // No mode named (a caller that knows nothing of modes): why the first mode is refused.
      if (modes.empty()) return "it has no mode";
      const char* first = cast_refusal(game, p, id, modes.front(), c, sources, alternative);
      return first ? first : "it has no such mode";
    }
    spell = mode;
  }
  return spell_refusal(game, p, id, spell, cost, sources);
}

// The cost `id` (in p's graveyard, characteristics `c`) is cast for from there, or nullptr if it
// cannot be: an instant or sorcery card's flashback cost (702.34a); else a card's escape cost
// while the graveyard holds enough other cards to exile (702.138a); else, with retrace, its mana
// cost while p's hand holds a land card to discard (702.81a).
const ManaCost* graveyard_cast_cost(const Game& game, ObjectId id, const Characteristics& c) {
  const CardDef& def = game.card(id);
  if (c.has_type(kInstant) || c.has_type(kSorcery))
    if (const ManaCost* flashback = flashback_cost(def)) return flashback;
  if (const Escape* escape = escape_of(def))
    return can_escape(game, id, *escape) ? &escape->cost : nullptr;
  if (has_retrace(def) && c.cost.present && can_retrace(game, game.object(id).owner))
    return &c.cost;
  return nullptr;
}

// How a card cast from the graveyard is cast, for its label (graveyard_cast_cost's order).
const char* graveyard_cast_how(const CardDef& def) {
  if (flashback_cost(def)) return " with flashback";
  return escape_of(def) ? " with escape" : " with retrace";
}

std::string cast_refusal(const Game& game, PlayerId p, ObjectId id, std::uint16_t mode) {
  const Characteristics c = game.view(id);
  const ManaCost* alternative = nullptr;
  if (game.object(id).zone == ZoneRef::graveyard(p)) {
    alternative = graveyard_cast_cost(game, id, c);
    if (!alternative) {
      if (const Escape* e = escape_of(game.card(id)); e && !can_escape(game, id, *e))
        return "it escapes only with " + std::to_string(e->exile) +
               " other cards in your graveyard to exile";
      if (has_retrace(game.card(id)))
        return "it is cast with retrace only by discarding a land card, and your hand has none";
      return "that card is not in your hand (only a card with flashback, escape or retrace is "
             "cast from a graveyard)";
    }
  } else if (game.object(id).zone != ZoneRef::hand(p)) {
    return "that card is not in your hand";
  }
  SourcesOnce sources(game, p);
  const char* why = cast_refusal(game, p, id, mode, c, sources, alternative);
  return why ? why : "";
}

// Where an activated ability is activated from (602.2): the battlefield, if it works there;
// otherwise its owner's hand or graveyard, where it works (cycling from the hand, 702.29). An
// ability that works from every zone and the battlefield (a prevention shield that outlives its
// source) is activated from the battlefield alone.
bool activated_from(const Ability& a, ZoneKind zone) {
  const ZoneMask works = a.zones();
  if (works & zone_bit(ZoneKind::battlefield)) return zone == ZoneKind::battlefield;
  return (zone == ZoneKind::hand || zone == ZoneKind::graveyard) && (works & zone_bit(zone));
}

std::string activate_refusal(const Game& game, PlayerId p, ObjectId id, std::uint16_t ability) {
  const GameObject& o = game.object(id);
  const bool in_play = on_battlefield(game, id);
  const bool own_card = o.zone == ZoneRef::hand(p) || o.zone == ZoneRef::graveyard(p);
  if ((!in_play || o.controller != p) && !own_card) return "you do not control that permanent";
  if (ability >= kIntrinsicMana) {  // a basic land type's "{T}: Add {G}" (305.6)
    if (!in_play) return "you do not control that permanent";
    const auto k = static_cast<std::size_t>(ability - kIntrinsicMana);
    if (k >= land_mana_kinds(game.view(id)).size()) return "it has no such ability";
    if (game.object(id).tapped) return "it is tapped";
    return {};
  }
  const AbilityDef* def = ability_def(game, id, ability);
  if (!def) return "it has no such ability";
  const auto cost = activation_cost(*def);
  if (!cost) {
    if (def->kind == AbilityKind::activated && !def->cost.empty()) {
      CostText unused;
      const std::optional<CostProblem> problem = read_cost_text(def->cost, unused);
      return "its cost cannot be paid under the classic rules: " +
             (problem ? problem->what : def->cost);
    }
    return "it has no ability that can be activated";
  }
  if (!activated_from(*def->impl, o.zone.kind)) {
    if (in_play) return "it is activated only from your hand or graveyard";
    return o.zone.kind == ZoneKind::hand
               ? "that card is not on the battlefield (it is in your hand)"
               : "that card is not on the battlefield (it is in your graveyard)";
  }
  const Characteristics c = game.view(id);
  const ParsedCost& pc = cost->cost;
  if (pc.loyalty) {  // 606.3: sorcery speed, one loyalty ability per permanent per turn
    if (!sorcery_timing(game, p)) return "a loyalty ability is activated only at sorcery speed";
    if (o.attrs.get(kLoyaltyZc) == static_cast<std::int64_t>(o.zone_changes) + 1 &&
        o.attrs.get(kLoyaltyTurn) == static_cast<std::int64_t>(game.state().turn.number) + 1)
      return "a loyalty ability of it was already activated this turn";
    if (pc.loyalty_change < 0 && o.counters.get(kLoyalty) < -pc.loyalty_change)
      return "it has too few loyalty counters";  // 606.6
  }
  if (pc.sorcery && !sorcery_timing(game, p)) return "it is activated only as a sorcery";
  if (pc.tap && !in_play) return "only a permanent can be tapped";
  if (pc.tap && o.tapped) return "it is tapped";
  if (pc.tap && c.has_type(kCreature) && o.summoning_sick && !c.has_keyword(kHaste))
    return "it has summoning sickness";
  if (!targets_available(game, p, id, ability, *def->impl)) return "no legal target";
  if (!can_pay(game, p, pc.mana, 0, pc.tap ? id : ObjectId{})) return unpaid(pc.mana);
  return {};
}

// Whether the card has an ability that can be activated (activation_cost): what the listing
// looks for on each permanent. Most cards have none (a basic land's mana ability is intrinsic).
// The kind is asked first, without activation_cost's two dynamic_casts (card_features asks this
// of every card of every game and of every copy of one: about 300 instructions a card). An
// ability with an activation cost is always of kind activated: activation_cost asks that kind of
// an ability it reads the cost text of, and its other two answers are rules-classic's own
// LoyaltyAbility and ClassicActivated, which a plugin cannot make and which rules-classic makes
// only as activated abilities (the loyalty_ability, mana, regenerate, cycling, equip and unearth
// keywords).
bool has_activation(const CardDef& def) {
  return std::any_of(def.abilities.begin(), def.abilities.end(), [](const AbilityDef& a) {
    return a.kind == AbilityKind::activated && activation_cost(a).has_value();
  });
}

// What activators_of's list reads: the battlefields' permanents and their cards
// (battlefield_key), and who controls each.
std::uint64_t activators_key(const Journal& j) {
  return battlefield_key(j) + j.changes(ObjectField::controller);
}

// The permanents `p` controls whose card has an ability that can be activated and works on the
// battlefield (activated_from: no other is activated there), in controlled()'s order: kept per seat in the game's rules cache (SeatLists) and listed again when a count it
// reads changed. The listing walked every permanent of both seats at every priority (1.5% of a
// random game's instructions), and most listings see the battlefields as the last one did. What
// it holds depends on cards and controllers alone, not on views, so it is kept under any
// continuous effects. Valid until the next edit of the game.
const std::vector<ObjectId>& activators_of(const Game& game, PlayerId p) {
  SeatLists& seat = seat_lists(game, p);
  const std::uint64_t key = activators_key(game.journal());
  if (seat.activators_key == key) return seat.activators;
  seat.activators.clear();
  const GameState& s = game.state();
  const CardPool& pool = game.cards();
  // Only an ability that works on the battlefield is activated there (activated_from): a card
  // with none (most cards: a basic land's mana ability is intrinsic) is passed over by its
  // pool's mask, without a look at its abilities (the walk was 1.8% of a random game).
  for (const Player& owner : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(owner.id)).objects)
      if (const GameObject& o = s.objects[id.value];
          o.controller == p && (pool.ability_zones(o.card) & zone_bit(ZoneKind::battlefield)) &&
          has_activation(pool.at(o.card)))
        seat.activators.push_back(id);
  seat.activators_key = key;
  return seat.activators;
}

}  // namespace

namespace {

// Appends an action without a label, for the caller to give it one when the list is labelled:
// built in place with no string made, moved and destroyed for an unlabelled list (every listing
// appends a few; most lists are the pass alone, and advance() lists without labels).
LegalAction& add_action(std::vector<LegalAction>& out, LegalAction::Kind kind, ObjectId object,
                        std::uint16_t ability, std::int64_t value = 0, bool mana = false) {
  LegalAction& a = out.emplace_back();
  a.kind = kind;
  a.object = object;
  a.ability = ability;
  a.value = value;
  a.mana = mana;
  return a;
}

// An activated ability's text with the card's name for CARDNAME, as a label shows it.
std::string activation_text(const CardDef& def, std::size_t ability) {
  std::string text = def.abilities[ability].impl->describe();
  for (std::size_t at = text.find("CARDNAME"); at != std::string::npos; at = text.find("CARDNAME"))
    text.replace(at, 8, def.name);
  return text;
}

// The activated abilities of `id`, a card in p's hand or graveyard, that may be activated from
// there now (activated_from: cycling's, from the hand).
void add_card_activations(const Game& game, PlayerId p, ObjectId id, std::vector<LegalAction>& out,
                          bool labels) {
  const CardDef& def = game.card(id);
  const ZoneKind zone = game.object(id).zone.kind;
  for (std::size_t i = 0; i < def.abilities.size(); ++i) {
    const AbilityDef& a = def.abilities[i];
    if (!a.impl || !activated_from(*a.impl, zone) || !activation_cost(a)) continue;
    const auto index = static_cast<std::uint16_t>(i);
    if (!activate_refusal(game, p, id, index).empty()) continue;
    LegalAction& action = add_action(out, LegalAction::Kind::activate, id, index);
    if (labels) action.label = "Activate " + def.name + ": " + activation_text(def, i);
  }
}

// The intrinsic mana abilities of untapped lands with basic land types (305.6): mana abilities
// too, offered like Llanowar Elves' (117.1d), appended just before the pass that ends a list.
// Without labels, `value` holds the kind of mana instead, for label_priority_actions (which
// would otherwise view the land again); with them it is 0, as ClassicRules::legal_actions has it.
void add_land_mana(const Game& game, std::vector<LegalAction>& actions, bool labels,
                   const std::vector<ManaSource>& sources) {
  // Room for these and the pass that follows, in one step: a list with a spell or two and six
  // lands outgrew the listing's first eight and moved every action, once or twice.
  std::size_t more = 1;
  for (const ManaSource& s : sources) more += s.intrinsic ? s.kinds.size() : 0;
  if (actions.capacity() < actions.size() + more) actions.reserve(actions.size() + more);
  for (const ManaSource& s : sources) {
    if (!s.intrinsic) continue;
    for (std::size_t k = 0; k < s.kinds.size(); ++k) {
      LegalAction& action =
          add_action(actions, LegalAction::Kind::activate, s.object,
                     static_cast<std::uint16_t>(kIntrinsicMana + k), labels ? 0 : s.kinds[k], true);
      if (labels)
        action.label = "Activate " + game.card(s.object).name + ": {T}: Add {" +
                       kManaLetters[s.kinds[k]] + "}.";
    }
  }
}

}  // namespace

std::vector<LegalAction> priority_actions(const Game& game, PlayerId player, LandMana land_mana,
                                          bool labels, std::uint64_t zones) {
  if (game.state().over || game.state().turn.priority != player) return {};
  // The buffer of a list advance() gave back (give_back_listing), or one allocation for most
  // lists (each growth moved every action).
  std::vector<LegalAction> out = take_spare_listing(game);
  if (out.capacity() < 8) out.reserve(8);
  SourcesOnce sources(game, player);
  // Sorcery timing for the player (307.1), the same for every card of the listing: asked once.
  const bool sorcery = sorcery_timing(game, player);
  // Whether a land in hand may be played, with sorcery timing: land_refusal's last check, no
  // land played this turn (305.2), the same for every land of the listing: asked at the first.
  std::int8_t lands_left = -1;  // -1: not asked yet
  const auto land_playable = [&] {
    if (lands_left < 0) lands_left = game.state().player(player).attrs.get(kLandsPlayed) < 1;
    return lands_left == 1;
  };
  // A label, built only for a labelled list (`if (labels)`: its parts are not even worked out
  // for an unlabelled one).
  const auto label = [](auto&&... parts) { return (std::string() + ... + parts); };
  // Casting `id` for `cost`, from the hand or (`from_graveyard`) the graveyard, the caller having
  // found that its timing allows it: cast_refusal's checks, its timing first, so the card's modes
  // are looked for only for a card that may be cast now (the two looks were 1.1% of a random
  // game's instructions, asked of every card in hand at every listing, most of them outside a
  // main phase, and then again inside cast_refusal). Inlined: as a call it cost 0.5% of a random
  // game's instructions (it is asked of every card in hand that its timing allows).
  // `k`: the card's hand_kinds when they were read (its modes and spell ability known without a
  // look through its abilities; they are its card's, whatever the effects), else 0.
  const auto add_casts = [&](ObjectId id, const ManaCost& cost, bool from_graveyard, unsigned k)
      __attribute__((always_inline)) {
    // The mana next, once for every mode (each is cast for the same cost): most cards that may
    // be cast now cannot be paid for (7 879 of 10 666 in 40 random games), and then neither
    // the card's modes nor the reason are looked for (that was 0.9% of a random game).
    if (!sources.can_pay(game.state().player(player).life, cost)) return;
    const CardDef& def = game.card(id);
    // Then the targets of the spell ability, or of each mode: cast_refusal's other check.
    const auto targets_allow = [&](std::uint16_t spell) {
      return targets_available(game, player, id, spell, *def.abilities[spell].impl);
    };
    const char* how = from_graveyard ? graveyard_cast_how(def) : "";
    if (k ? (k & kHandModal) != 0 : is_modal(def)) {  // one action per mode (700.2)
      for (std::uint16_t mode : spell_modes(def))
        if (targets_allow(mode)) {
          LegalAction& action = add_action(out, LegalAction::Kind::cast, id, mode);
          if (labels)
            action.label = label("Cast ", object_label(game, id), how, ": ",
                                 def.abilities[mode].impl->describe());
        }
      return;
    }
    const std::optional<std::uint16_t> spell =
        (k & kHandSpellFirst) ? std::optional<std::uint16_t>(0) : spell_ability(def);
    if (!spell || targets_allow(*spell)) {
      LegalAction& action = add_action(out, LegalAction::Kind::cast, id, spell.value_or(0));
      if (labels) action.label = label("Cast ", object_label(game, id), how);
    }
  };
  const CardPool& pool = game.cards();
  const GameState& s = game.state();
  // For the cards an effect applies to (Game::view): the cache's, as making one (its cost, its
  // symbol lists) and destroying it was about 40 instructions a listing.
  Characteristics& scratch = listing_scratch(game);
  // While views apply the rule effects alone, what the listing asks of a card in hand is what its
  // card says (hand_kinds): no card in hand is viewed. The memo is as long as the card pool was
  // when the cache was made (make_classic_cache); a card past its end (one added to the pool
  // since, or an id not in it, whose view throws) is viewed, as every card is under other
  // effects (`printed` 0). One comparison a card: the memo's test was two, each with the size of
  // a vector worked out, and its growth at the first card past its end.
  const std::vector<ObjectId>& hand = s.zone(ZoneRef::hand(player)).objects;
  std::uint8_t* memo = nullptr;
  std::size_t printed = 0;  // the cards below this are read from `memo`
  if (!hand.empty() && game.only_rule_effects()) {
    std::vector<std::uint8_t>& kinds = classic_cache(game).hand_kinds;
    memo = kinds.data();
    printed = kinds.size();
  }
  for (ObjectId id : hand) {
    const CardId card = s.objects[id.value].card;
    bool land;
    const ManaCost* cast_for = nullptr;  // the cost it may be cast for as far as timing goes
    unsigned k = 0;                      // its hand_kinds, when read from the memo
    if (card.value < printed) {
      k = hand_kinds(pool, memo, card);
      land = (k & kHandLand) != 0;
      if (!land && (sorcery || (k & kHandFast)) && (k & kHandCosted))
        cast_for = &pool.at(card).base.cost;
    } else {
      const Characteristics& c = game.view(id, scratch);
      land = c.has_type(kLand);
      if (!land && hand_spell_timing_allows(sorcery, c)) cast_for = &c.cost;
    }
    if (cast_for) {
      add_casts(id, *cast_for, false, k);
    } else if (land && sorcery && land_playable()) {
      LegalAction& action = add_action(out, LegalAction::Kind::play_land, id, 0);
      if (labels) action.label = label("Play ", object_label(game, id));
    }
    // Abilities activated from the hand (cycling): a mask test for the cards without one.
    if ((zones & kFromHand) && (pool.ability_zones(card) & zone_bit(ZoneKind::hand)))
      add_card_activations(game, player, id, out, labels);
  }
  // Cards cast (flashback, escape, retrace) or activated from the graveyard, in a game that has
  // any.
  for (ObjectId id : (zones & kFromGraveyard)
                         ? std::span(game.state().zone(ZoneRef::graveyard(player)).objects)
                         : std::span<const ObjectId>()) {
    if (!(pool.ability_zones(game.object(id).card) & zone_bit(ZoneKind::graveyard))) continue;
    const Characteristics& c = game.view(id, scratch);
    if (const ManaCost* cost = graveyard_cast_cost(game, id, c);
        cost && !timing_refusal(game, player, c, cost))
      add_casts(id, *cost, true, 0);
    add_card_activations(game, player, id, out, labels);
  }
  // The permanents the player controls that have an ability to activate, in controlled()'s order,
  // in a game that has a card with one (`zones`' kFromBattlefield, card_zone_actions: most random
  // classic games have none, and the kept list was walked again after every change of the
  // battlefields, 5 458 times in 40 games).
  for (ObjectId id : (zones & kFromBattlefield) ? std::span(activators_of(game, player))
                                                : std::span<const ObjectId>()) {
    const CardDef& def = game.card(id);
    for (std::size_t i = 0; i < def.abilities.size(); ++i) {
      const auto index = static_cast<std::uint16_t>(i);
      if (!activation_cost(def.abilities[i]) || !activate_refusal(game, player, id, index).empty())
        continue;
      const ClassicActivated* a = classic_ability(def.abilities[i]);
      LegalAction& action =
          add_action(out, LegalAction::Kind::activate, id, index, 0, a && a->is_mana());
      if (labels) action.label = label("Activate ", def.name, ": ", activation_text(def, i));
    }
  }
  // The lands' mana abilities, unless_alone: only when something else is listed.
  if (land_mana == LandMana::always || (land_mana == LandMana::unless_alone && !out.empty()))
    add_land_mana(game, out, labels, sources.get());
  LegalAction& pass = out.emplace_back();  // Kind::pass, naming nothing
  if (labels) pass.label = "Pass";
  return out;
}

// The labels priority_actions gives, from what each action names: the same texts, each built
// in one allocation (most are longer than a short string's inline buffer).
void label_priority_actions(const Game& game, std::vector<LegalAction>& actions) {
  const auto join = [](std::string& out, std::initializer_list<std::string_view> parts) {
    std::size_t n = 0;
    for (std::string_view p : parts) n += p.size();
    out.clear();
    out.reserve(n);
    for (std::string_view p : parts) out += p;
  };
  for (LegalAction& a : actions) {
    switch (a.kind) {
      case LegalAction::Kind::pass:
        a.label = "Pass";
        break;
      case LegalAction::Kind::play_land:
        join(a.label, {"Play ", object_label(game, a.object)});
        break;
      case LegalAction::Kind::cast: {
        const CardDef& def = game.card(a.object);
        // A card cast from the graveyard: with flashback, escape or retrace (priority_actions).
        const std::string_view how =
            game.object(a.object).zone.kind == ZoneKind::graveyard ? graveyard_cast_how(def) : "";
        if (is_modal(def))
          join(a.label, {"Cast ", object_label(game, a.object), how, ": ",
                         def.abilities[a.ability].impl->describe()});
        else
          join(a.label, {"Cast ", object_label(game, a.object), how});
        break;
      }
      case LegalAction::Kind::activate: {
        const CardDef& def = game.card(a.object);
        if (a.ability >= kIntrinsicMana) {  // add_land_mana's: `value` is the kind of mana
          const char letter = kManaLetters.at(static_cast<std::size_t>(a.value));
          join(a.label,
               {"Activate ", def.name, ": {T}: Add {", std::string_view(&letter, 1), "}."});
          a.value = 0;
          break;
        }
        join(a.label, {"Activate ", def.name, ": ", activation_text(def, a.ability)});
        break;
      }
      default:
        throw RulesError("label_priority_actions: not a priority action");
    }
  }
}

// --- the only-pass memo (classic.hpp, inline) ------------------------------------------------
// Two rules memo slots a seat from kOnlyPassSlots (classic.hpp; four seats, up to slot 11; a
// fifth seat lists again): the changes() of the remembered listing (0: none) and turn_key()
// then. Slots 0-3 are settling's (turn.cpp), 12 the mandatory-loop count's (turn.cpp), 13
// card_features's (card_features.cpp), 16 and 17 the state-based pass's (state_based.cpp); 14
// and 15 are free. An invalid seat is past the fourth (known_only_pass, remember_only_pass).

// --- the listing memo (classic.hpp) ----------------------------------------------------------

ClassicCache& make_classic_cache(const Game& game) {
  auto made = std::make_unique<ClassicCache>();
  made->seats.resize(game.state().players.size());
  made->kept_counts.resize(game.state().players.size());
  made->hand_kinds.resize(game.cards().size());  // 0 for each card: not read yet
  return static_cast<ClassicCache&>(game.keep_rules_cache(std::move(made)));
}

std::optional<std::vector<LegalAction>> take_listing_at_count(Game& game, PlayerId player) {
  SeatLists& seat = seat_lists(game, player);
  // Sorcery timing as it was: a listing with more than passing may hold a land or a sorcery.
  if (!still_the_listing(game, player, seat.listed_turn, /*only_pass=*/false)) return std::nullopt;
  seat.listed_at = 0;  // taken: given back by remember_listing if the player passes
  return std::move(seat.listed);
}

void remember_listing(Game& game, PlayerId player, std::uint64_t listed_at,
                      std::uint64_t listed_turn, std::vector<LegalAction>&& actions) {
  if (!player.valid()) return;
  SeatLists& seat = seat_lists(game, player);
  seat.listed_at = listed_at;
  seat.listed_turn = listed_turn;
  seat.listed = std::move(actions);
}

std::uint64_t zone_actions_of(const CardPool& pool, CardId card) {
  constexpr ZoneMask kBattlefield = zone_bit(ZoneKind::battlefield);
  constexpr ZoneMask kElsewhere = zone_bit(ZoneKind::hand) | zone_bit(ZoneKind::graveyard);
  const ZoneMask zones = pool.ability_zones(card);
  if (!(zones & (kBattlefield | kElsewhere))) return 0;  // most cards
  const CardDef& def = pool.at(card);
  // Exactly activators_of's test of a permanent's card: a game none of whose objects' cards
  // passes it has no permanent for activators_of to list, whoever controls what.
  std::uint64_t found = (zones & kBattlefield) && has_activation(def) ? kFromBattlefield : 0;
  if (!(zones & kElsewhere)) return found;
  if (flashback_cost(def) || escape_of(def) || has_retrace(def)) found |= kFromGraveyard;
  for (const AbilityDef& a : def.abilities) {
    if (!a.impl || !activation_cost(a)) continue;
    if (activated_from(*a.impl, ZoneKind::hand)) found |= kFromHand;
    if (activated_from(*a.impl, ZoneKind::graveyard)) found |= kFromGraveyard;
  }
  return found;
}

std::vector<LegalAction> ClassicRules::legal_actions(const Game& game, PlayerId player) const {
  return priority_actions(game, player, LandMana::always, /*labels=*/true);
}

std::string madness_cast_refusal(const Game& game, PlayerId p, ObjectId card, std::uint16_t mode,
                                 const ManaCost& cost) {
  // 702.35b: cast as its madness trigger resolves, whatever its timing — as if it had flash.
  Characteristics c = game.view(card);
  c.add_keyword(kFlash);
  SourcesOnce sources(game, p);
  const char* why = cast_refusal(game, p, card, mode, c, sources, &cost);
  return why ? why : "";
}

std::string ClassicRules::why_not(const Game& game, PlayerId player,
                                  const LegalAction& wanted) const {
  if (game.state().over) return "the game is over";
  if (game.state().turn.priority != player) return "you do not have priority";
  if (wanted.kind == LegalAction::Kind::pass) return {};
  if (!game.state().exists(wanted.object)) return "there is no such card";
  switch (wanted.kind) {
    case LegalAction::Kind::play_land:
      return land_refusal(game, player, wanted.object);
    case LegalAction::Kind::cast:
      return cast_refusal(game, player, wanted.object, wanted.ability);
    case LegalAction::Kind::activate:
      return activate_refusal(game, player, wanted.object, wanted.ability);
    default:
      return "the classic rules have no such action";
  }
}

}  // namespace anvil::rules_classic
