#include "heuristic_agent.hpp"

#include <algorithm>
#include <charconv>
#include <limits>
#include <numeric>
#include <string>
#include <utility>

#include "board.hpp"
#include "combat.hpp"
#include "effects.hpp"
#include "hearth.hpp"
#include "playout.hpp"

namespace anvil::ai_heuristic {

namespace {

constexpr double kPassProbability = 0.2;  // the fallback's, as ai-random's default

std::optional<std::uint16_t> spell_ability(const CardDef& def) {
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (def.abilities[i].kind == AbilityKind::spell && def.abilities[i].impl)
      return static_cast<std::uint16_t>(i);
  return std::nullopt;
}

// Whether the card's spell is a counterspell that may target a spell with characteristics `c`:
// the classic module's `counter`, whose text is "Counter target spell", "Counter target creature
// spell" or "Counter target noncreature spell", with "unless …" after.
bool can_counter(const CardDef& def, const Characteristics& c) {
  const auto spell = spell_ability(def);
  if (!spell) return false;
  const std::string text = def.abilities[*spell].impl->describe();
  if (text.starts_with("Counter target spell")) return true;
  if (text.starts_with("Counter target creature spell")) return c.has_type(kCreature);
  if (text.starts_with("Counter target noncreature spell")) return !c.has_type(kCreature);
  return false;
}

// Whether the card's spell copies a spell: the classic module's `copy_spell`, "Copy target
// instant or sorcery spell." (Twincast), with " You may choose new targets for the copy." after
// when it may (`new_targets`).
bool copies_spells(const CardDef& def, bool* new_targets = nullptr) {
  const auto spell = spell_ability(def);
  if (!spell) return false;
  const std::string text = def.abilities[*spell].impl->describe();
  if (!text.starts_with("Copy target instant or sorcery spell")) return false;
  if (new_targets) *new_targets = text.find("choose new targets") != std::string::npos;
  return true;
}

// The mana in the cost written at `at` in `text` ("{2}{U}…", up to the first character that
// opens no symbol): a number counts as that many, any other symbol as one.
std::size_t mana_at(std::string_view text, std::size_t at) {
  std::size_t mana = 0;
  for (std::size_t i = at; i < text.size() && text[i] == '{';) {
    const auto close = text.find('}', i);
    if (close == std::string_view::npos) break;
    const std::string_view symbol = text.substr(i + 1, close - i - 1);
    std::size_t n = 1;
    if (!symbol.empty() && symbol.find_first_not_of("0123456789") == std::string_view::npos)
      std::from_chars(symbol.data(), symbol.data() + symbol.size(), n);
    mana += n;
    i = close + 1;
  }
  return mana;
}

// What a counterspell lets the spell's controller pay to keep it ("Counter target spell unless its
// controller pays {2}.", the classic module's `counter: {unless_pays}`), in mana symbols; 0 for
// a counterspell without the clause.
std::size_t unless_pays(const CardDef& def) {
  const auto spell = spell_ability(def);
  if (!spell) return 0;
  const std::string text = def.abilities[*spell].impl->describe();
  constexpr std::string_view kClause = " unless its controller pays ";
  const auto at = text.find(kClause);
  return at == std::string::npos ? 0 : mana_at(text, at + kClause.size());
}

// "Pay cumulative upkeep {U}{U}{U} for Illusionary Forces? (If not, sacrifice it.)", and the same
// for echo and other upkeep costs: paid while keeping the permanent costs no more mana than
// casting it again would. So a cumulative upkeep is paid until it outgrows the card.
bool keeps_paying(const DecisionView& view, const Choice& choice) {
  if (!choice.source.valid() || !view.can_see(choice.source)) return true;
  const auto cost = choice.prompt.find('{');
  if (cost == std::string::npos) return true;
  return mana_at(choice.prompt, cost) <=
         static_cast<std::size_t>(std::max(view.view(choice.source).cost.value(), 0));
}

// An opponent's spell is worth a counterspell when it would hurt: a creature worth more than a
// vanilla 2/2 (creature_value 6), or a spell that targets the agent or something it controls —
// and when it can be countered at all.
bool worth_countering(const DecisionView& view, const StackItem& item, PlayerId me) {
  if (!item.is_spell || item.controller == me || !view.can_see(item.source.id)) return false;
  const Characteristics c = view.view(item.source.id);
  if (c.has_keyword(kCantBeCountered)) return false;
  if (c.has_type(kCreature)) return creature_value(c) > 6;
  for (const Target& t : item.targets) {
    if (t.is_player() && t.player == me) return true;
    if (t.is_object() && view.can_see(t.object.id) && view.object(t.object.id).controller == me)
      return true;
  }
  return false;
}

// Whether card `id` is a legendary permanent of a name `me` already controls whose casting would
// only put one of the two into the graveyard (the legend rule, 704.5j). A second planeswalker is
// a fresh one, its loyalty whole and an ability to use this turn: cast when the legend rule would
// keep it (legend_to_keep), where the one in play has less loyalty than that left.
bool duplicate_legend(const DecisionView& view, PlayerId me, ObjectId id) {
  static constexpr Symbol kLegendary = "Legendary"_sym;
  const Characteristics c = view.view(id);
  const auto zone = view.zone(ZoneRef::battlefield(me));
  if (!c.has_supertype(kLegendary) || !zone) return false;
  return std::any_of(zone->begin(), zone->end(), [&](ObjectId other) {
    if (other == id || view.object(other).controller != me) return false;
    const Characteristics o = view.view(other);
    if (!o.has_supertype(kLegendary) || o.name != c.name) return false;
    if (!c.has_type(kPlaneswalker)) return true;
    const GameObject& in_play = view.object(other);
    return walker_keep_worth(in_play.counters.get(kLoyalty),
                             !loyalty_used_this_turn(in_play, view.turn().number)) >=
           walker_keep_worth(c.loyalty, true);
  });
}

// Whether `a` is an activated ability with a cost: what the agent judges on the battlefield.
bool activated_with_cost(const AbilityDef& a) {
  return a.kind == AbilityKind::activated && !a.cost.empty() && a.impl;
}

// The activated ability an "Activate" option is about: the one the rules name
// (Option::ability; its cost may be the keyword's own, as regenerate's is), else the first
// activated ability with a cost.
std::optional<std::uint16_t> activated_ability(const CardDef& def, const Option& o) {
  if (o.ability >= 0 && static_cast<std::size_t>(o.ability) < def.abilities.size()) {
    const AbilityDef& named = def.abilities[static_cast<std::size_t>(o.ability)];
    if (named.kind == AbilityKind::activated && named.impl)
      return static_cast<std::uint16_t>(o.ability);
  }
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (activated_with_cost(def.abilities[i])) return static_cast<std::uint16_t>(i);
  return std::nullopt;
}

// Whether stack item `s` is an instant, sorcery or ability without targets that could destroy a
// creature (Supreme Verdict), as far as its kind tells: not a permanent spell, nor a regeneration
// shield on its way.
bool untargeted_threat_on_stack(const DecisionView& view, const StackItem& s) {
  if (!s.targets.empty() || !view.can_see(s.source.id)) return false;
  const CardDef& def = view.card(s.source.id);
  if (!s.is_spell)
    return s.ability >= def.abilities.size() || !is_regeneration(def.abilities[s.ability]);
  const Characteristics c = view.view(s.source.id);
  return c.has_type(kInstant) || c.has_type(kSorcery);
}

// Whether option `o` activates the regeneration ability of a permanent `me` controls.
bool offers_regeneration(const DecisionView& view, PlayerId me, const Option& o) {
  if (!o.target.is_object() || view.object(o.target.object.id).zone != ZoneRef::battlefield(me))
    return false;
  const CardDef& def = view.card(o.target.object.id);
  const auto ability = activated_ability(def, o);
  return ability && is_regeneration(def.abilities[*ability]);
}

bool sacrifices_itself(const AbilityDef& a) { return a.cost.find("Sac") != std::string::npos; }

// Whether option `o` activates an ability of a creature `me` controls that sacrifices it as its
// cost ("Sacrifice CARDNAME: …": Mogg Fanatic).
bool offers_self_sacrifice(const DecisionView& view, PlayerId me, const Option& o) {
  if (!o.target.is_object() || view.object(o.target.object.id).zone != ZoneRef::battlefield(me))
    return false;
  const CardDef& def = view.card(o.target.object.id);
  const auto ability = activated_ability(def, o);
  return ability && sacrifices_itself(def.abilities[*ability]) &&
         view.view(o.target.object.id).has_type(kCreature);
}

// Whether an activated ability's cost (AbilityDef::cost: "{1}{R}{R}", "{T}") is only mana and
// tapping: at the end of the opponent's turn that spends nothing, since the mana would go unused
// and the permanent untaps before it is needed. Not a sacrifice, a discard, life ({B/P}) or
// {X}; not a cost the rules keep to themselves (empty: equip), nor a regeneration shield, which
// lasts only the turn.
bool costs_only_mana_and_tapping(const AbilityDef& a) {
  const std::string_view cost = a.cost;
  if (cost.empty() || is_regeneration(a)) return false;
  for (std::size_t i = 0; i < cost.size();) {
    if (cost[i] == ' ' || cost[i] == ',') {
      ++i;
      continue;
    }
    const auto close = cost.find('}', i);
    if (cost[i] != '{' || close == std::string_view::npos || close == i + 1) return false;
    if (cost.substr(i + 1, close - i - 1).find_first_not_of("0123456789WUBRGCT/") !=
        std::string_view::npos)
      return false;
    i = close + 1;
  }
  return true;
}

// What a planeswalker's loyalty ability adds to its loyalty, read off its text ("+2: Each player
// draws a card.", "−1: …", "0: …", as the classic module's loyalty_ability writes it);
// nullopt for any other ability. The change is a cost, paid on activation: the lab, which only
// resolves the ability, never sees it.
std::optional<std::int64_t> loyalty_change(const AbilityDef& a) {
  if (!a.impl) return std::nullopt;
  const std::string text = a.impl->describe();
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos || colon == 0) return std::nullopt;
  std::string_view n(text.data(), colon);
  std::int64_t sign = 1;
  if (n.starts_with('+')) {
    n.remove_prefix(1);
  } else if (n.starts_with("\u2212") || n.starts_with('-')) {
    sign = -1;
    n.remove_prefix(n.starts_with('-') ? 1 : std::string_view("\u2212").size());
  }
  std::int64_t value = 0;
  const auto [end, error] = std::from_chars(n.data(), n.data() + n.size(), value);
  if (n.empty() || error != std::errc{} || end != n.data() + n.size()) return std::nullopt;
  return sign * value;
}

// Whether option `o` on a card activates one of its abilities (cycling, from the hand) rather than
// casting or playing it: the rules name the ability (Option::ability), and it is no spell.
bool activates(const CardDef& def, const Option& o) {
  return o.ability >= 0 && static_cast<std::size_t>(o.ability) < def.abilities.size() &&
         def.abilities[static_cast<std::size_t>(o.ability)].kind == AbilityKind::activated;
}

// Whether option `o` activates the card's unearth (the classic module's keyword, 702.84), by
// the ability's text.
bool unearths(const CardDef& def, const Option& o) {
  return activates(def, o) &&
         def.abilities[static_cast<std::size_t>(o.ability)].text.starts_with("Unearth ");
}

// The classic module's "Escape: choose N other cards to exile from your graveyard": first the
// cards that do nothing from a graveyard, then those that do (flashback, unearth, escape), each
// group in graveyard order.
Answer escape_exiles(const DecisionView& view, const Choice& choice) {
  const auto works_from_graveyard = [&](std::uint32_t i) {
    const Target& t = choice.options[i].target;
    if (!t.is_object() || !view.can_see(t.object.id)) return false;
    const CardDef& def = view.card(t.object.id);
    return std::any_of(def.abilities.begin(), def.abilities.end(), [](const AbilityDef& a) {
      return a.impl && (a.impl->zones() & zone_bit(ZoneKind::graveyard)) != 0;
    });
  };
  std::vector<std::uint32_t> order(choice.options.size());
  std::iota(order.begin(), order.end(), 0u);
  std::stable_partition(order.begin(), order.end(),
                        [&](std::uint32_t i) { return !works_from_graveyard(i); });
  order.resize(std::min<std::size_t>(choice.min_picks, order.size()));
  return Answer{order};
}

// A card in hand the agent has no use for, so that trading it for a new one (cycling) gains: a
// land once five are in play (as it discards them first), or a spell it could not pay for even
// with next turn's land.
bool dead_card(const Characteristics& c, std::size_t lands) {
  if (c.has_type(kLand)) return lands >= 5;
  return static_cast<std::size_t>(std::max(c.cost.value(), 0)) > lands + 1;
}

// The classic module's scry (701.22a). Cards it has no use for (dead_card) go to the bottom, the
// rest stay on top, the one it needs soonest first: a land while it has fewer than four, else the
// cheapest spell. Scry 1 asks "Top" or "Bottom" about one card; scry N first which cards go to the
// bottom (any number), then the order of those left on top (all of them).
Answer scry_answer(const DecisionView& view, const Choice& choice) {
  const std::size_t lands = lands_of(view, choice.player);
  const auto card = [&](std::uint32_t i) -> std::optional<Characteristics> {
    const Target& t = choice.options[i].target;
    if (!t.is_object() || !view.can_see(t.object.id)) return std::nullopt;
    return view.view(t.object.id);
  };
  const auto dead = [&](std::uint32_t i) {
    const std::optional<Characteristics> c = card(i);
    return c && dead_card(*c, lands);
  };
  if (choice.prompt.starts_with("Scry 1:")) {  // options: Top (value 0), Bottom (value 1)
    const std::int64_t wanted = dead(0) ? 1 : 0;
    for (std::uint32_t i = 0; i < choice.options.size(); ++i)
      if (choice.options[i].value == wanted) return Answer{{i}};
    return Answer{{0}};
  }
  std::vector<std::uint32_t> picks;
  if (choice.min_picks == 0) {  // which go to the bottom
    for (std::uint32_t i = 0; i < choice.options.size() && picks.size() < choice.max_picks; ++i)
      if (dead(i)) picks.push_back(i);
    return Answer{picks};
  }
  picks.resize(choice.options.size());  // the order on top
  std::iota(picks.begin(), picks.end(), 0u);
  const auto soonest = [&](std::uint32_t i) {
    const std::optional<Characteristics> c = card(i);
    if (!c) return 1000.0;
    if (c->has_type(kLand)) return lands < 4 ? -1.0 : 100.0;
    return static_cast<double>(c->cost.value());
  };
  std::stable_sort(picks.begin(), picks.end(),
                   [&](std::uint32_t x, std::uint32_t y) { return soonest(x) < soonest(y); });
  picks.resize(choice.min_picks);
  return Answer{picks};
}

// The score of an Aura or an Equipment's equip ability worth `worth` points: below every
// permanent of the curve (2 and up), so the creature it goes on is cast first, and a land's or a
// mana-hungry spell's mana is not spent on a smaller gain; above cycling.
double after_the_curve(double worth) { return 1.5 + std::min(0.49, 0.01 * worth); }

// Which land in hand to play: the one the spells in hand need, as Forge's AI picks the land whose
// colour the hand lacks. operator() is a tie-break below 0.1 among lands: first the spells in hand
// that the land lets it cast this turn (with its untapped lands and the mana creatures the rules
// offer), then those whose colours its mana would make at all (tapped lands and mana creatures
// too: its curve). A land no spell needs more than another scores the same, and order decides.
class LandFit {
 public:
  LandFit(const DecisionView& view, const Choice& choice) {
    std::uint8_t first_mask = 0;
    bool lands = false;
    if (const auto hand = view.zone(ZoneRef::hand(choice.player)))
      for (ObjectId id : *hand) {
        const Characteristics c = view.view(id);
        if (c.has_type(kLand)) {
          const std::uint8_t mask = land_mask(c);
          differ_ = differ_ || (lands && mask != first_mask);
          first_mask = lands ? first_mask : mask;
          lands = true;
          continue;
        }
        ManaCost cost = c.cost;
        cost.x = 0;
        spells_.push_back(cost);
        cost.generic = 0;
        colors_.push_back(cost);
      }
    // Lands in hand that all make the same colours fit alike: nothing more to read (the common
    // case, and a land is offered at every main phase decision until one is played).
    if (!differ_) return;
    now_ = land_colors(view, choice.player);
    all_ = land_colors(view, choice.player, /*untapped=*/false);
    for (std::uint8_t mask : offered_mana_colors(view, choice)) now_.push_back(mask);
    for (std::uint8_t mask : mana_creature_colors(view, choice.player)) all_.push_back(mask);
  }

  // `mask`: the colours the land makes (land_mask; 0 counts as colourless mana).
  double operator()(std::uint8_t mask) {
    if (!differ_) return 0;
    now_.push_back(mask);
    all_.push_back(mask);
    std::size_t now = 0, colors = 0;
    for (std::size_t i = 0; i < spells_.size(); ++i) {
      now += can_pay_all(now_, {spells_[i]});
      colors += can_pay_all(all_, {colors_[i]});
    }
    now_.pop_back();
    all_.pop_back();
    return 0.01 * static_cast<double>(std::min<std::size_t>(now, 9)) +
           0.001 * static_cast<double>(std::min<std::size_t>(colors, 9));
  }

 private:
  bool differ_ = false;                  // lands in hand of different colours
  std::vector<std::uint8_t> now_, all_;  // its mana sources now, and all of them
  std::vector<ManaCost> spells_;         // the costs of the spells in hand, X as 0
  std::vector<ManaCost> colors_;         // the same without their generic mana
};

// The options casting permanents (cards in hand without a spell ability), but for those in
// `left_out`, that together spend the most mana the agent's untapped lands and mana creatures
// can pay, colours counted. When they cannot explain what the rules offer (mana in the pool),
// every offered permanent.
std::vector<std::uint32_t> curve_out(const DecisionView& view, const Choice& choice,
                                     const std::vector<std::uint32_t>& left_out) {
  const PlayerId me = choice.player;
  std::vector<std::uint32_t> cards;
  std::vector<ManaCost> costs;
  for (std::uint32_t i = 0; i < choice.options.size() && cards.size() < 12; ++i) {
    if (std::find(left_out.begin(), left_out.end(), i) != left_out.end()) continue;
    const Target& t = choice.options[i].target;
    if (!t.is_object() || !view.can_see(t.object.id) ||
        view.object(t.object.id).zone != ZoneRef::hand(me))
      continue;
    const Characteristics c = view.view(t.object.id);
    // A permanent with flash waits for the opponent's turn (HeuristicAgent::action).
    if (c.has_type(kLand) || c.has_keyword(kFlash) || spell_ability(view.card(t.object.id)))
      continue;
    cards.push_back(i);
    costs.push_back(c.cost);
  }
  if (cards.size() <= 1)
    return cards;  // one card is the answer whether the lands pay for it or not
  // The untapped lands and the mana creatures ready to tap (the rules offer their abilities).
  std::vector<std::uint8_t> lands = land_colors(view, me);
  for (std::uint8_t mask : offered_mana_colors(view, choice)) lands.push_back(mask);
  std::uint32_t best_set = 0;
  int best_mana = -1;
  for (std::uint32_t set = 1; set < (1u << cards.size()); ++set) {
    std::vector<ManaCost> chosen;
    int mana = 0;
    for (std::size_t k = 0; k < cards.size(); ++k)
      if (set & (1u << k)) {
        chosen.push_back(costs[k]);
        mana += costs[k].value();
      }
    if (mana > best_mana && can_pay_all(lands, chosen)) {
      best_mana = mana;
      best_set = set;
    }
  }
  if (best_set == 0) return cards;  // other mana than lands: let the offered options decide
  std::vector<std::uint32_t> out;
  for (std::size_t k = 0; k < cards.size(); ++k)
    if (best_set & (1u << k)) out.push_back(cards[k]);
  return out;
}

// The largest X `sources` (land_colors and offered_mana_colors) can pay for `cost`, its {X}
// symbols counted X times each (107.3); 0 when they cannot pay even X = 0 (mana in the pool,
// which the estimate does not see: the rules offer the spell, and X = 0 is always offered).
std::int64_t most_x(const std::vector<std::uint8_t>& sources, const ManaCost& cost) {
  if (cost.x == 0) return 0;
  std::int64_t x = 0;
  for (ManaCost with = cost;; ++x) {
    with.generic = static_cast<std::uint16_t>(cost.generic + (x + 1) * cost.x);
    if (!can_pay_all(sources, {with})) return x;
  }
}

// The kicker of a card the classic rules compiled `kicker` for, read off its keyword ability's
// text ("Kicker {4} (You may pay an additional {4} as you cast this spell.)"); none for a card
// without one, or with multikicker (paid as many times as it can: the number question).
std::optional<ManaCost> kicker_cost(const CardDef& def) {
  constexpr std::string_view kPrefix = "Kicker ";
  for (const AbilityDef& a : def.abilities) {
    if (a.kind != AbilityKind::keyword || !a.text.starts_with(kPrefix)) continue;
    const std::size_t end = a.text.find(" (");
    CostText cost;
    if (read_cost_text(a.text.substr(kPrefix.size(), end - kPrefix.size()), cost)) return {};
    return cost.mana;
  }
  return std::nullopt;
}

// The best judgement of ability `ability` of `source` over every X it may announce, 0 to `most`,
// and that X: the smallest of equally good ones, so that a kill spends no more than the
// toughness left needs (as Forge's AI pays X), while damage to a player that counts, or more of
// any other effect, scores more with each point and takes the largest. An X that does nothing
// scores nothing, and is never worth casting.
std::pair<std::optional<Judgement>, std::int64_t> best_over_x(EffectLab& lab, ObjectId source,
                                                              std::uint16_t ability,
                                                              double cost_value, std::int64_t most,
                                                              bool kicked = false) {
  std::optional<Judgement> top;
  std::int64_t top_x = 0;
  for (std::int64_t x = 0; x <= most; ++x) {
    auto j = lab.best(source, ability, cost_value, x, kicked);
    if (j && (!top || j->score > top->score)) {
      top = std::move(j);
      top_x = x;
    }
  }
  return {std::move(top), top_x};
}

// The option of the X decision ("Choose X for Blaze", options 0 to the most the rules find
// payable) that announces `x`, else the largest below it (its estimate of the mana was high).
Answer announce_x(const Choice& choice, std::int64_t x) {
  std::uint32_t pick = 0;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const std::int64_t v = choice.options[i].value;
    if (v <= x && (v > choice.options[pick].value || choice.options[pick].value > x)) pick = i;
  }
  return Answer{{pick}};
}

// Whether two cards in hand are the same card in the same state (only their identity and when
// they came to hand differ): cast, they would be judged the same.
bool same_card(const GameObject& a, const GameObject& b) {
  return a.card == b.card && a.owner == b.owner && a.controller == b.controller &&
         a.zone == b.zone && a.damage == b.damage && a.tapped == b.tapped &&
         a.face_down == b.face_down && a.token == b.token && a.summoning_sick == b.summoning_sick &&
         a.counters == b.counters && a.attrs == b.attrs;
}

// Whether a creature blocks in the combat under way (board.hpp's combat attrs).
bool any_blocking(const DecisionView& view) {
  for (std::size_t p = 0; p < view.player_count(); ++p)
    if (const auto z = view.zone(ZoneRef::battlefield(PlayerId(static_cast<std::uint8_t>(p)))))
      for (ObjectId id : *z) {
        const GameObject& o = view.object(id);
        if (o.attrs.get(kBlocking) != 0 && in_combat(o)) return true;
      }
  return false;
}

// Classic 615.7: which damage a shield prevents first (options: the damage events, each with its
// source and amount). The source whose damage does more than its amount: deathtouch (lethal from
// 1), then infect or wither (lasting counters), then lifelink (the opponent gains); then the
// most damage.
Answer prevent_first(const DecisionView& view, const Choice& choice) {
  auto worth = [&](const Option& o) {
    double w = static_cast<double>(o.value);
    if (!o.target.is_object() || !view.can_see(o.target.object.id)) return w;
    const Characteristics c = view.view(o.target.object.id);
    if (c.has_keyword(kDeathtouch)) w += 1000;
    if (c.has_keyword("Infect"_sym) || c.has_keyword("Wither"_sym)) w += 100;
    if (c.has_keyword(kLifelink)) w += 10;
    return w;
  };
  std::uint32_t best = 0;
  for (std::uint32_t i = 1; i < choice.options.size(); ++i)
    if (worth(choice.options[i]) > worth(choice.options[best])) best = i;
  return Answer{{best}};
}

// Classic 107.4f: how to pay a cost's Phyrexian symbols (options: the ways the rules found
// payable, each option's value the life it costs). Mana when the mana is there, life only for
// what the mana cannot pay: the agent does not plan the turn's mana ahead, and life is what its
// race against the opponent counts.
Answer pay_phyrexian(const Choice& choice) {
  std::uint32_t least = 0;
  for (std::uint32_t i = 1; i < choice.options.size(); ++i)
    if (choice.options[i].value < choice.options[least].value) least = i;
  return Answer{{least}};
}

// Whether an effect's text has its controller give something up: a sacrifice, a discard, life
// lost or paid, damage to itself ("deals 2 damage to you").
bool gives_something_up(std::string_view text) {
  for (std::string_view cost : {"acrifice", "iscard", "lose", "pay", "Pay", "damage to you"})
    if (text.find(cost) != std::string_view::npos) return true;
  return false;
}

// "Choose a player for Stuffy Doll" (effect-drawback's ChoosePlayer, as the permanent enters):
// the player its "chosen player" abilities act on. The cards that ask hurt that player (Stuffy
// Doll deals it the damage the Doll is dealt), so the opponent; the first option if none is.
Answer the_opponent(const DecisionView& view, const Choice& choice) {
  const Target opponent = Target::of(opponent_of(view, choice.player));
  for (std::uint32_t i = 0; i < choice.options.size(); ++i)
    if (choice.options[i].target == opponent) return Answer{{i}};
  return Answer{{0}};
}

// The legend rule (704.5j, "Legend rule: choose the NAME to keep"): the copy worth most stays —
// a creature by its worth (counters included) less the damage marked on it, a planeswalker by
// its loyalty and a loyalty ability it may still activate this turn (walker_keep_worth: what
// duplicate_legend casts a second copy for), and each by what is attached to it (an Aura goes and
// Equipment falls off with the one that goes) and by being untapped, ready to block or to use its
// abilities this turn.
Answer legend_to_keep(const DecisionView& view, const Choice& choice) {
  const auto worth = [&](const Target& t) {
    if (!t.is_object() || !view.can_see(t.object.id)) return 0.0;
    const ObjectId id = t.object.id;
    const GameObject& o = view.object(id);
    const Characteristics c = view.view(id);
    double w = o.tapped ? 0.0 : 0.5;
    if (c.has_type(kCreature)) w += creature_value(c) - static_cast<double>(o.damage);
    if (c.has_type(kPlaneswalker))
      w += walker_keep_worth(o.counters.get(kLoyalty),
                             !loyalty_used_this_turn(o, view.turn().number));
    for (std::size_t p = 0; p < view.player_count(); ++p) {
      const auto zone = view.zone(ZoneRef::battlefield(PlayerId(static_cast<std::uint8_t>(p))));
      for (ObjectId other : zone.value_or(std::span<const ObjectId>())) {
        const GameObject& a = view.object(other);
        if (attached(a) && a.attrs.get(kAttachedTo) == static_cast<std::int64_t>(id.value) + 1)
          w += a.controller == choice.player ? 2.0 : -2.0;  // its own gear, or a foe's Pacifism
      }
    }
    return w;
  };
  std::uint32_t best = 0;
  double best_worth = worth(choice.options[0].target);
  for (std::uint32_t i = 1; i < choice.options.size(); ++i)
    if (const double w = worth(choice.options[i].target); w > best_worth) {
      best = i;
      best_worth = w;
    }
  return Answer{{best}};
}

// The classic London mulligan (103.5; options Keep, value 0, and Mulligan, value 1): keeps a
// hand of two to five lands, and any hand after two mulligans (five cards would be left). The
// mulligans taken are read off the prompt ("Keep this hand (then put 2 on the bottom) or …").
std::optional<Answer> classic_mulligan(const DecisionView& view, const Choice& choice) {
  std::optional<std::uint32_t> keep, again;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i)
    (choice.options[i].value == 0 ? keep : again) = i;
  if (!keep || !again || choice.options.size() != 2) return std::nullopt;
  int taken = 0;
  if (const auto at = choice.prompt.find("put "); at != std::string::npos)
    std::from_chars(choice.prompt.data() + at + 4, choice.prompt.data() + choice.prompt.size(),
                    taken);
  int lands = 0;
  if (const auto hand = view.zone(ZoneRef::hand(choice.player)))
    for (ObjectId id : *hand) lands += view.view(id).has_type(kLand);
  return Answer{{taken >= 2 || (lands >= 2 && lands <= 5) ? *keep : *again}};
}

// Cards of its own hand to part with, `min_picks` of them (the cards a kept mulligan puts on
// the bottom): a land while more than three in seven of the cards kept would be lands, else the
// most expensive spell. nullopt when the options are not all cards in its hand.
std::optional<Answer> part_with(const DecisionView& view, const Choice& choice) {
  if (choice.min_picks == 0 || choice.min_picks != choice.max_picks ||
      choice.min_picks > choice.options.size())
    return std::nullopt;
  std::vector<std::uint32_t> lands, spells;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const Target& t = choice.options[i].target;
    if (!t.is_object() || !view.can_see(t.object.id) ||
        view.object(t.object.id).zone != ZoneRef::hand(choice.player))
      return std::nullopt;
    (view.view(t.object.id).has_type(kLand) ? lands : spells).push_back(i);
  }
  auto cost = [&](std::uint32_t i) {
    return view.view(choice.options[i].target.object.id).cost.value();
  };
  std::stable_sort(spells.begin(), spells.end(), [&](auto a, auto b) { return cost(a) > cost(b); });
  const std::size_t kept = choice.options.size() - choice.min_picks;
  const std::size_t want_lands = (kept * 3 + 6) / 7;  // three in seven, rounded up
  Answer out;
  std::size_t next_land = 0, next_spell = 0;
  while (out.picks.size() < choice.min_picks) {
    const bool land = lands.size() - next_land > want_lands || next_spell == spells.size();
    out.picks.push_back(land ? lands[next_land++] : spells[next_spell++]);
  }
  return out;
}

}  // namespace

HeuristicAgent::HeuristicAgent(std::uint64_t seed, std::shared_ptr<const RulesModule> hearth,
                               std::shared_ptr<const RulesModule> classic)
    : rng_{seed}, hearth_(std::move(hearth)), classic_(std::move(classic)) {}

Answer HeuristicAgent::choose(const DecisionView& view, const Choice& choice) {
  if (choice.options.empty()) return {};
  if (hearth_) {
    if (choice.kind == ChoiceKind::action)
      return hearth_action(view, choice, *hearth_, rng_.next());
    if (choice.kind == ChoiceKind::mulligan) return hearth_mulligan(view, choice);
    if (auto a = hearth_pick_card(view, choice)) return *a;
    return fallback(choice);
  }
  switch (choice.kind) {
    case ChoiceKind::action:
      return action(view, choice);
    case ChoiceKind::target:
      return target(view, choice);
    case ChoiceKind::attackers:
    case ChoiceKind::blockers: {
      // Refused (a restriction, requirement or cost the rules above do not model): asking the
      // same rules again would give the same answer forever, so the rules' example of a legal
      // one (Choice::legal_example). An empty example is none, or the empty declaration itself
      // (every attack costs more than it can pay: Propaganda), so nothing is declared, once;
      // then other declarations at random.
      Answer a;
      if (choice.refused.empty())
        a = choice.kind == ChoiceKind::attackers ? choose_attackers(view, choice)
                                                 : choose_blockers(view, choice);
      else if (!choice.legal_example.empty())
        a = Answer{choice.legal_example};
      else if (choice.min_picks == 0 && !declared_nothing_)
        a = Answer{};
      else
        a = fallback(choice);
      declared_nothing_ = a.picks.empty();
      return a;
    }
    case ChoiceKind::number: {
      if (choice.source.valid() && choice.prompt.starts_with("damage to"))
        return choose_damage_division(view, choice);
      // "Choose X for Blaze": the X its plan was judged with.
      if (plan_ && plan_->x && plan_->source == choice.source &&
          choice.prompt.starts_with("Choose X for "))
        return announce_x(choice, *plan_->x);
      // X, or how many times to pay a multikicker: as much as can be paid (a bigger X, or more
      // kicks, is a bigger effect).
      std::uint32_t most = 0;
      for (std::uint32_t i = 0; i < choice.options.size(); ++i)
        if (choice.options[i].value > choice.options[most].value) most = i;
      return Answer{{most}};
    }
    case ChoiceKind::trigger_order: {
      Answer a;  // the natural order
      a.picks.resize(std::min<std::size_t>(choice.max_picks, choice.options.size()));
      std::iota(a.picks.begin(), a.picks.end(), 0u);
      return a;
    }
    case ChoiceKind::discard: {
      // A card with madness first (it may be cast from exile at once); then lands once five are
      // in play, else the most expensive cards first.
      const std::size_t lands = lands_of(view, choice.player);
      std::vector<std::uint32_t> order(choice.options.size());
      std::iota(order.begin(), order.end(), 0u);
      auto worth = [&](std::uint32_t i) {
        const Target& t = choice.options[i].target;
        if (!t.is_object() || !view.can_see(t.object.id)) return 0.0;
        const CardDef& def = view.card(t.object.id);
        if (std::any_of(def.abilities.begin(), def.abilities.end(),
                        [](const AbilityDef& a) { return a.text.starts_with("Madness "); }))
          return -1000.0;
        const Characteristics c = view.view(t.object.id);
        if (c.has_type(kLand)) return lands >= 5 ? -1.0 : 100.0;
        return -static_cast<double>(c.cost.value());
      };
      std::stable_sort(order.begin(), order.end(),
                       [&](auto x, auto y) { return worth(x) < worth(y); });
      order.resize(choice.min_picks);
      return Answer{order};
    }
    case ChoiceKind::mulligan:
      if (auto a = classic_mulligan(view, choice)) return *a;
      break;
    case ChoiceKind::yes_no:
      // "Choose new targets for the copy of Lightning Bolt?" (Twincast's copy): where the copy
      // is worth most, judged as its burn is.
      if (choice.prompt.starts_with("Choose new targets for the copy"))
        return new_targets_for_copy(view, choice);
      // "Pay {3} so that Grizzly Bears is not countered?" (the classic module's Mana Leak): a
      // spell it cast is worth what keeps it, and the rules ask only when it can pay.
      // "Pay kicker {4} for Burst Lightning?" (asked only when it can pay): a kicked spell does
      // more for the mana, which it would otherwise keep for nothing but a second spell.
      // "Cast Fiery Temper for its madness cost {R}?" (asked only when it can be cast): the card
      // would otherwise go to the graveyard unused.
      // "Pay echo {G} for Pouncing Jaguar? (If not, sacrifice it.)", and the same for an upkeep
      // cost and cumulative upkeep (asked only when it can pay): the permanent was cast to stay,
      // as long as keeping it costs no more than casting it (keeps_paying).
      if (choice.prompt.starts_with("Pay ") &&
          choice.prompt.ends_with("? (If not, sacrifice it.)")) {
        const std::int64_t wanted = keeps_paying(view, choice) ? 1 : 0;
        for (std::uint32_t i = 0; i < choice.options.size(); ++i)
          if (choice.options[i].value == wanted) return Answer{{i}};
      }
      // "Whenever another creature enters the battlefield, you gain 1 life. Do it?" (a "may"
      // trigger of its own, 603.5): the option of a gain (Soul's Attendant's life, Renewed
      // Faith's when cycled), taken unless its text gives something up.
      if (choice.prompt.ends_with(" Do it?") && !gives_something_up(choice.prompt))
        for (std::uint32_t i = 0; i < choice.options.size(); ++i)
          if (choice.options[i].value == 1) return Answer{{i}};
      // A kicker for the spell its plan judged: paid as the plan was judged, kicked or not.
      if (plan_ && plan_->source == choice.source && choice.prompt.starts_with("Pay kicker ")) {
        const std::int64_t wanted = plan_->kicked ? 1 : 0;
        for (std::uint32_t i = 0; i < choice.options.size(); ++i)
          if (choice.options[i].value == wanted) return Answer{{i}};
      }
      if ((choice.prompt.starts_with("Pay ") && choice.prompt.ends_with(" is not countered?")) ||
          choice.prompt.starts_with("Pay kicker ") ||
          (choice.prompt.starts_with("Cast ") &&
           choice.prompt.find(" for its madness cost ") != std::string::npos))
        for (std::uint32_t i = 0; i < choice.options.size(); ++i)
          if (choice.options[i].value == 1) return Answer{{i}};
      break;
    case ChoiceKind::replacement:
    case ChoiceKind::damage_division:
      break;
    case ChoiceKind::option:
      if (choice.prompt.starts_with("Damage to prevent first")) return prevent_first(view, choice);
      if (choice.prompt.ends_with("Phyrexian symbol")) return pay_phyrexian(choice);
      if (choice.prompt.starts_with("Escape: choose")) return escape_exiles(view, choice);
      if (choice.prompt.starts_with("Scry ")) return scry_answer(view, choice);
      if (choice.prompt.starts_with("Choose a player for ")) return the_opponent(view, choice);
      if (choice.prompt.starts_with("Legend rule: choose the "))
        return legend_to_keep(view, choice);
      if (auto a = part_with(view, choice)) return *a;
      break;
  }
  return fallback(choice);
}

Answer HeuristicAgent::action(const DecisionView& view, const Choice& choice) {
  plan_.reset();
  const std::string step = classic_step(choice);
  if (step.empty()) return fallback(choice);
  const PlayerId me = choice.player;
  const bool my_turn = view.turn().active == me, stack_empty = view.stack().empty();
  const bool main = my_turn && stack_empty && (step == "main1" || step == "main2");
  // When instants and abilities are used: its own main phases, the end of the opponent's turn,
  // and when the opponent's attackers are declared (before damage).
  const bool instant_window =
      main || (!my_turn && stack_empty && (step == "end" || step == "blockers"));
  // A permanent with flash is cast on the opponent's turn: once their attackers are declared (a
  // blocker they did not see coming; Selfless Squire's shield against the attack), else at its
  // end.
  const bool flash_window = !my_turn && stack_empty && (step == "attackers" || step == "end");
  // An opponent's spell on top of the stack that would hurt: the first counterspell offered that
  // may target it counters it (Negate not a creature spell), the plan naming it as the target.
  if (!stack_empty && worth_countering(view, view.stack().back(), me)) {
    const Target top = Target::of(view.stack().back().source);
    for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
      const Option& o = choice.options[i];
      if (o.mana || !o.target.is_object() || !view.can_see(o.target.object.id)) continue;
      const ObjectId card = o.target.object.id;
      if (view.object(card).zone != ZoneRef::hand(me) || activates(view.card(card), o) ||
          !can_counter(view.card(card), view.view(top.object.id)))
        continue;
      // "Unless its controller pays {2}": wasted on a player with the mana to pay.
      const std::size_t ransom = unless_pays(view.card(card));
      if (ransom > 0 && lands_of(view, view.stack().back().controller, /*untapped=*/true) >= ransom)
        continue;
      plan_ = Plan{card, *spell_ability(view.card(card)), {top}, 0, {}};
      return Answer{{i}};
    }
  }
  if (!stack_empty)
    if (auto copy = copy_a_spell(view, choice)) return *copy;
  // Responses to an opponent's spell or ability with targets on the stack (a burn spell at its
  // creature, a pump on theirs), and combat tricks once a creature blocks (either player's
  // combat): what they are worth depends on what happens next, so spells and abilities are
  // judged by playing the game forward with and without them (playout.hpp). Elsewhere a
  // response is worth what the lab finds it worth later: played out at every response and in
  // every combat, burn spells made heuristic games much slower and won no more of them
  // (docs/agents.md, "Speed").
  const bool aimed_at_by_opponent =
      std::any_of(view.stack().begin(), view.stack().end(),
                  [&](const StackItem& s) { return s.controller != me && !s.targets.empty(); });
  const bool reacting =
      classic_ && (aimed_at_by_opponent || (PlayOut::through_combat(step) && any_blocking(view)));
  // The opponent's attack that nobody blocks: what has no target to judge it by (Holy Day's
  // fog, a regeneration shield) is played out through its damage too; what has targets (burn
  // at an attacker) the lab judges as before.
  const bool unblocked_attack = classic_ && !reacting && !my_turn && PlayOut::through_combat(step);
  // An instant, sorcery or ability without targets on the stack, either player's (Supreme
  // Verdict's "Destroy all creatures", damage to each creature): a regeneration shield, which
  // needs no target, is played out against it, and raised where a creature would die without
  // it. Nothing else is: played out at every such spell, the rest made games slower for nothing
  // (as above).
  const bool untargeted_threat =
      classic_ && !reacting &&
      std::any_of(view.stack().begin(), view.stack().end(),
                  [&](const StackItem& s) { return untargeted_threat_on_stack(view, s); });
  const bool only_regeneration =
      untargeted_threat && !instant_window && !unblocked_attack && !flash_window;
  if (!instant_window && !reacting && !unblocked_attack && !flash_window && !only_regeneration)
    return Answer{{pass_option(choice)}};
  // Whether ability `a` costs nothing worth keeping now: only mana and tapping, at the end of the
  // opponent's turn (costs_only_mana_and_tapping).
  const auto free_at_their_end = [&](const AbilityDef& a) {
    return !my_turn && step == "end" && costs_only_mana_and_tapping(a);
  };
  // Whether the option for ability `ability` of `def` is played out rather than judged by the lab.
  const auto played_out = [&](const CardDef& def, std::uint16_t ability) {
    const AbilityDef& a = def.abilities[ability];
    return reacting || (unblocked_attack && a.impl->target_count() == 0) ||
           (untargeted_threat && is_regeneration(a));
  };
  std::optional<PlayOut> playout;  // made on first use, as the lab
  // Option i, `ability` of `id`, judged by playing it out: its score and plan if worth taking.
  const auto play_out = [&](std::uint32_t i, ObjectId id, std::uint16_t ability, double& score,
                            std::optional<Plan>& plan) {
    if (!playout) playout.emplace(view, choice, *classic_, rng_.next());
    if (auto j = playout->best(i, id); j && worth_using(*j)) {
      score = 10.0 + j->score;
      plan = Plan{id, ability, j->targets, 0, {}};
    }
  };

  // Whether option `o` sacrifices the agent's creature `id`, which the opponent's spell or
  // ability on the stack will kill anyway (as the play-out after passing finds). Not a creature
  // in the combat under way, whose combat damage the play-out counts; nor against a spell without
  // targets (Damnation), which kills the creatures the lab would aim at too.
  const auto doomed = [&](const Option& o, ObjectId id) {
    if (!reacting || !aimed_at_by_opponent || !offers_self_sacrifice(view, me, o)) return false;
    if (PlayOut::through_combat(step) && in_combat(view.object(id))) return false;
    if (!playout) playout.emplace(view, choice, *classic_, rng_.next());
    return playout->dies_anyway(id);
  };

  // The plan a lab's judgement `j` of `ability` makes, with the X it was judged at when `cost`
  // has an {X}.
  const auto judged_plan = [](ObjectId source, std::uint16_t ability, const Judgement& j,
                              const ManaCost& cost, std::int64_t x) {
    Plan p{source, ability, j.targets, 0, {}};
    if (cost.x > 0) p.x = x;
    return p;
  };

  std::optional<PlayOut> auras;  // an Aura's play-outs (Focus::board), made on first use
  std::optional<LandFit> land_fit;  // made at the first land offered
  std::optional<EffectLab> lab;
  // The largest X it could announce for `cost` (0 without {X}): its untapped lands and the mana
  // creatures the rules offer, read once.
  std::optional<std::vector<std::uint8_t>> sources;
  const auto mana_now = [&]() -> const std::vector<std::uint8_t>& {
    if (!sources) {
      sources = land_colors(view, me);
      for (std::uint8_t mask : offered_mana_colors(view, choice)) sources->push_back(mask);
    }
    return *sources;
  };
  const auto most_x_for = [&](const ManaCost& cost) -> std::int64_t {
    if (cost.x == 0) return 0;
    return most_x(mana_now(), cost);
  };
  // The burn-out plan: when the damage the spells in hand can deal to the opponent is enough to
  // finish them, every point of it goes to their face. Only counted when an offered action is
  // judged on the copy (its score is what the plan changes): the lab works it out before its
  // first judgement.
  const bool judges =
      std::any_of(choice.options.begin(), choice.options.end(), [&](const Option& o) {
        // Mana abilities are never taken (payment is automatic): nothing to judge.
        if (o.mana || !o.target.is_object() || !view.can_see(o.target.object.id)) return false;
        const GameObject& obj = view.object(o.target.object.id);
        if (obj.zone == ZoneRef::battlefield(me)) return instant_window && !reacting;
        return instant_window && !reacting &&
               (obj.zone == ZoneRef::hand(me) || obj.zone == ZoneRef::graveyard(me)) &&
               spell_ability(view.card(o.target.object.id)) &&
               !activates(view.card(o.target.object.id), o);
      });
  if (judges) {
    std::vector<EffectLab::Burn> burn;  // identical cards counted once, with their number
    // The colours its lands (tapped or not) and mana creatures make: a spell of a colour none of
    // them makes (Psionic Blast without an Island) cannot be part of the plan; one only short of
    // generic mana can, lands being drawn.
    std::vector<std::uint8_t> colors = land_colors(view, me, /*untapped=*/false);
    for (std::uint8_t mask : mana_creature_colors(view, me)) colors.push_back(mask);
    const auto colors_made = [&](ManaCost cost) {
      cost.generic = 0;
      cost.x = 0;
      return can_pay_all(colors, {cost});
    };
    if (const auto hand = view.zone(ZoneRef::hand(me)))
      for (ObjectId id : *hand) {
        const auto spell = spell_ability(view.card(id));
        if (!spell || view.card(id).abilities[*spell].impl->target_count() != 1) continue;
        if (!colors_made(view.view(id).cost)) continue;
        const GameObject& card = view.object(id);
        const auto same = std::find_if(burn.begin(), burn.end(), [&](const EffectLab::Burn& b) {
          return same_card(view.object(b.source), card);
        });
        if (same != burn.end())
          ++same->copies;
        else
          burn.push_back({id, *spell, 1, most_x_for(view.view(id).cost)});
      }
    if (!burn.empty()) {
      lab.emplace(view, me, rng_.next(), &kept_lab_);
      lab->burn_out(std::move(burn), opponent_of(view, me));
    }
  }
  // Permanents whose triggers would cost it more than they give (Phyrexian Arena at low life)
  // are left out of the curve; judging them is the one reason to make the copy for them. So is
  // a second legendary permanent of a name it controls.
  std::vector<std::uint32_t> harmful;
  if (main)
    for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
      const Option& o = choice.options[i];
      if (o.mana || !o.target.is_object() || !view.can_see(o.target.object.id)) continue;
      const ObjectId id = o.target.object.id;
      if (view.object(id).zone != ZoneRef::hand(me)) continue;
      const CardDef& def = view.card(id);
      if (spell_ability(def) || view.view(id).has_type(kLand)) continue;
      if (duplicate_legend(view, me, id)) {  // a card for nothing
        harmful.push_back(i);
        continue;
      }
      for (std::size_t k = 0; k < def.abilities.size(); ++k) {
        const AbilityDef& a = def.abilities[k];
        if (a.kind != AbilityKind::triggered || !a.impl || a.impl->target_count() != 0) continue;
        if (!lab) lab.emplace(view, me, rng_.next(), &kept_lab_);
        // -infinity: it could not be tried out, so it is not held against the card.
        const double s = lab->trigger_score(id, static_cast<std::uint16_t>(k));
        if (s > -std::numeric_limits<double>::infinity() && s < kHarmfulTrigger) {
          harmful.push_back(i);
          break;
        }
      }
    }
  const std::vector<std::uint32_t> curve =
      main ? curve_out(view, choice, harmful) : std::vector<std::uint32_t>{};
  double best_score = 0;
  std::optional<std::uint32_t> best;
  std::optional<Plan> best_plan;
  // The spells judged so far. A second copy of one (or a second mode of a modal spell, judged
  // by its first spell ability like the first) would score the same and lose the tie.
  std::vector<std::pair<const GameObject*, ManaCost>> judged;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const Option& o = choice.options[i];
    if (i == pass_option(choice) || o.mana || !o.target.is_object() ||
        !view.can_see(o.target.object.id))
      continue;
    const ObjectId id = o.target.object.id;
    const GameObject& obj = view.object(id);
    const CardDef& def = view.card(id);
    if (only_regeneration && !offers_regeneration(view, me, o)) continue;
    // A copy spell is cast only by copy_a_spell, on the spell it judged.
    if (obj.zone.kind != ZoneKind::battlefield && copies_spells(def) && !activates(def, o))
      continue;
    const Characteristics c = view.view(id);
    double score = 0;
    std::optional<Plan> plan;
    if (obj.zone.kind != ZoneKind::battlefield && activates(def, o)) {
      // Cycling: a card for a card, so only one it has no use for, and only where nothing else
      // would want the mana — its second main phase, or the end of the opponent's turn. The
      // least score: anything else worth doing comes first.
      const bool late = my_turn ? step == "main2" : step == "end";
      if (late && obj.zone == ZoneRef::hand(me) && dead_card(c, lands_of(view, me))) score = 0.5;
      // Unearth: a creature back for one turn, with haste, so only before combat; after what
      // the curve casts from the hand (below 2), which stays.
      if (my_turn && step == "main1" && obj.zone == ZoneRef::graveyard(me) && unearths(def, o) &&
          c.has_type(kCreature) && c.power > 0)
        score = 1.5 + 0.01 * creature_value(c);
    } else if (obj.zone == ZoneRef::hand(me) || obj.zone == ZoneRef::graveyard(me)) {
      // A card in the graveyard is offered to cast it with flashback, escape or retrace: judged
      // as from the hand.
      const auto spell = spell_ability(def);
      if (c.has_type(kLand)) {
        // A land first: every later decision has more mana. The one the hand needs.
        if (main) {
          if (!land_fit) land_fit.emplace(view, choice);
          score = 1000 + (*land_fit)(land_mask(c));
        }
      } else if (!spell && c.has_keyword(kFlash)) {
        if (flash_window && !duplicate_legend(view, me, id))
          score = 2.0 + c.cost.value() + 0.01 * (c.has_type(kCreature) ? creature_value(c) : 0);
      } else if (!spell) {
        // One of the permanents that together spend the most mana; among them, the one with the
        // least generic mana first, so that automatic payment keeps the colours the others need.
        if (std::find(curve.begin(), curve.end(), i) != curve.end())
          score = 2.0 + c.cost.value() - 0.1 * c.cost.generic +
                  0.01 * (c.has_type(kCreature) ? creature_value(c) : 0);
      } else {
        if (std::any_of(judged.begin(), judged.end(), [&](const auto& x) {
              return same_card(*x.first, obj) && x.second == c.cost;
            }))
          continue;
        judged.emplace_back(&obj, c.cost);
        if (main && classic_ && c.has_subtype(kAura)) {
          // An Aura: played out on each permanent it may enchant; cast where it is worth most,
          // once the curve's permanents are cast.
          if (!auras) auras.emplace(view, choice, *classic_, rng_.next(), PlayOut::Focus::board);
          if (auto j = auras->best(i, id); j && j->attaches && worth_using(*j)) {
            score = after_the_curve(j->score);
            plan = Plan{id, *spell, j->targets, 0, {}};
          }
        } else if (played_out(def, *spell)) {
          play_out(i, id, *spell, score, plan);
        } else if (instant_window) {
          if (!lab) lab.emplace(view, me, rng_.next(), &kept_lab_);
          auto [j, x] = best_over_x(*lab, id, *spell, 0, most_x_for(c.cost));
          // With its kicker, when it can pay both: kicked only for a better effect (Burst
          // Lightning's 4 kills the Hill Giant its 2 would not), else the mana is kept (for the
          // Hill Giant in hand). Judged kicked, its target is the kicked spell's best.
          bool kicked = false;
          ManaCost spent = c.cost;  // with the kicker, when kicked
          if (const auto kicker = kicker_cost(def)) {
            const ManaCost both = c.cost + *kicker;
            if (can_pay_all(mana_now(), {both})) {
              auto [jk, xk] = best_over_x(*lab, id, *spell, 0, most_x_for(both), true);
              if (jk && worth_using(*jk) && (!j || !worth_using(*j) || jk->score > j->score)) {
                j = std::move(jk);
                x = xk;
                kicked = true;
                spent = both;
              }
            }
          }
          if (j && worth_using(*j)) {
            // Of two spells that do the same (Shock and Lightning Bolt on Grizzly Bears), the
            // one that could do less to the opponent's face: the bigger burn is kept.
            const double kept = 0.001 * lab->damage_to(id, *spell, opponent_of(view, me), x).target;
            score = 10.0 + j->score + spent.value() + static_cast<double>(x) - kept;
            plan = judged_plan(id, *spell, *j, c.cost, x);
            plan->kicked = kicked;
          }
        }
      }
    } else if (obj.zone == ZoneRef::battlefield(me)) {
      const auto ability = activated_ability(def, o);
      if (!ability) continue;
      const AbilityDef& a = def.abilities[*ability];
      const auto loyalty = c.has_type(kPlaneswalker) ? loyalty_change(a) : std::nullopt;
      // Without targets, a regeneration shield or a pump does nothing to judge by here. What
      // such an ability does is judged where it spends nothing (free_at_their_end), and in its
      // main phases for a win at once: Stuffy Doll's ping at an opponent on 1 life, which at the
      // end of their turn would give them one more turn (and otherwise the Doll stays untapped
      // to block). A loyalty ability's worth is its loyalty too, a point a counter.
      const bool targetless = !loyalty && a.impl->target_count() == 0;
      const bool judged = !targetless || free_at_their_end(a) || main;
      if (doomed(o, id)) {
        // Its creature will not survive what is on the stack (a Shock at Mogg Fanatic): the
        // sacrifice costs nothing it would keep, and what the ability does now has no later. Judged
        // by the lab as at any other time, where any gain will do.
        if (!lab) lab.emplace(view, me, rng_.next(), &kept_lab_);
        const ManaCost mana = ability_mana(a);
        const auto [j, x] = best_over_x(*lab, id, *ability, 0, most_x_for(mana));
        if (j && j->score > 0 && j->score > j->best_own_lost) {
          score = 10.0 + j->score;
          plan = judged_plan(id, *ability, *j, mana, x);
        }
      } else if (played_out(def, *ability)) {
        // A sacrifice paid as the cost (Mogg Fanatic) is a creature lost in the play-out.
        play_out(i, id, *ability, score, plan);
      } else if (instant_window && judged) {
        if (!lab) lab.emplace(view, me, rng_.next(), &kept_lab_);
        double cost = sacrifices_itself(a) && c.has_type(kCreature) ? creature_value(c) : 0;
        if (loyalty) cost -= static_cast<double>(*loyalty) * kLoyaltyPoint;
        const ManaCost mana = ability_mana(a);
        const auto [j, x] = best_over_x(*lab, id, *ability, cost, most_x_for(mana));
        if (j && worth_using(*j) &&
            (!targetless || free_at_their_end(a) || j->score >= kGameOver)) {
          // Equip: after the curve, as an Aura.
          score = j->attaches ? after_the_curve(j->score) : 10.0 + j->score;
          plan = judged_plan(id, *ability, *j, mana, x);
        } else if (j && free_at_their_end(a) && j->score > j->best_own_lost) {
          // Spending nothing, any gain will do (Stuffy Doll's point of damage to the opponent,
          // Spikeshot Elder's); after the spells and flash permanents that want the mana.
          score = 1.0 + std::min(0.4, 0.01 * j->score);
          plan = judged_plan(id, *ability, *j, mana, x);
        }
      }
    }
    if (score > best_score) {
      best_score = score;
      best = i;
      best_plan = std::move(plan);
    }
  }
  if (!best) return Answer{{pass_option(choice)}};
  plan_ = std::move(best_plan);
  return Answer{{*best}};
}

std::optional<Answer> HeuristicAgent::copy_a_spell(const DecisionView& view, const Choice& choice) {
  const PlayerId me = choice.player;
  std::optional<EffectLab> lab;  // made only when a copy spell is offered
  double best_score = 0;
  std::optional<std::uint32_t> best;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const Option& o = choice.options[i];
    if (o.mana || !o.target.is_object() || !view.can_see(o.target.object.id)) continue;
    const ObjectId card = o.target.object.id;
    const CardDef& def = view.card(card);
    bool new_targets = false;
    if (view.object(card).zone != ZoneRef::hand(me) || activates(def, o) ||
        !copies_spells(def, &new_targets))
      continue;
    for (const StackItem& item : view.stack()) {
      if (!item.is_spell || !view.can_see(item.source.id)) continue;
      const Characteristics c = view.view(item.source.id);
      if (!c.has_type(kInstant) && !c.has_type(kSorcery)) continue;
      if (!lab) lab.emplace(view, me, rng_.next(), &kept_lab_);
      const auto j = lab->best_copy(item, item.source.id, new_targets);
      if (!j || !worth_using(*j) || j->score <= best_score) continue;
      best_score = j->score;
      best = i;
      plan_ = Plan{card, *spell_ability(def), {Target::of(item.source)}, 0, {}};
    }
  }
  if (!best) return std::nullopt;
  return Answer{{*best}};
}

Answer HeuristicAgent::new_targets_for_copy(const DecisionView& view, const Choice& choice) {
  const auto answer = [&](std::int64_t yes) {
    for (std::uint32_t i = 0; i < choice.options.size(); ++i)
      if (choice.options[i].value == yes) return Answer{{i}};
    return fallback(choice);
  };
  // The copy: the object of its own on the stack that no stack item is yet (the rules put it on
  // the stack once its targets are chosen); the original: the topmost spell of the same card.
  const PlayerId me = choice.player;
  const auto zone = view.zone(ZoneRef::stack());
  if (!zone) return answer(0);
  std::optional<ObjectId> copy;
  for (ObjectId id : *zone) {
    if (id == choice.source || view.object(id).controller != me) continue;
    if (std::none_of(view.stack().begin(), view.stack().end(),
                     [&](const StackItem& s) { return s.source.id == id; }))
      copy = id;
  }
  if (!copy) return answer(0);
  const CardId card = view.object(*copy).card;
  const StackItem* original = nullptr;
  for (const StackItem& s : view.stack())
    if (s.is_spell && s.card == card) original = &s;
  if (!original) return answer(0);
  EffectLab lab(view, me, rng_.next(), &kept_lab_);
  const auto kept = lab.best_copy(*original, *copy, false);
  const auto moved = lab.best_copy(*original, *copy, true);
  if (!moved || (kept && moved->score <= kept->score)) return answer(0);
  plan_ = Plan{*copy, original->ability, moved->targets, 0, {}};
  return answer(1);
}

Answer HeuristicAgent::target(const DecisionView& view, const Choice& choice) {
  auto option_for = [&](const Target& t) -> std::optional<std::uint32_t> {
    for (std::uint32_t i = 0; i < choice.options.size(); ++i)
      if (choice.options[i].target == t) return i;
    return std::nullopt;
  };
  if (plan_ && plan_->source == choice.source && plan_->next_slot < plan_->targets.size()) {
    if (auto i = option_for(plan_->targets[plan_->next_slot++])) return Answer{{*i}};
  }
  // Unplanned (a trigger's target): the opponent's most valuable creature, else the opponent,
  // else the first option. One its controller could regenerate in response (OpposingShields: a
  // Ravenous Chupacabra's "destroy" at Drudge Skeletons with a Swamp untapped) only when no other
  // creature of theirs is offered: the trigger is most often removal, wasted on it.
  const PlayerId opp = opponent_of(view, choice.player);
  std::optional<OpposingShields> shields;  // read only when a creature of theirs is offered
  std::optional<std::uint32_t> best;
  bool best_saved = true;
  double top = -1;
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    const Target& t = choice.options[i].target;
    if (!t.is_object() || !view.can_see(t.object.id)) continue;
    if (view.object(t.object.id).controller != opp || !view.view(t.object.id).has_type(kCreature))
      continue;
    if (!shields) shields.emplace(view, choice.player);
    const bool saved = shields->can_save(t.object.id);
    const double v = creature_value(view.view(t.object.id));
    if ((best_saved && !saved) || (saved == best_saved && v > top)) {
      top = v;
      best = i;
      best_saved = saved;
    }
  }
  if (!best) best = option_for(Target::of(opp));
  return Answer{{best.value_or(0)}};
}

Answer HeuristicAgent::fallback(const Choice& choice) {
  const auto n = static_cast<std::uint32_t>(choice.options.size());
  std::vector<std::uint32_t> candidates(n);
  std::iota(candidates.begin(), candidates.end(), 0u);
  // Options the rules refuse in any answer (Option::barred) are left out while enough remain.
  std::vector<std::uint32_t> open;
  for (std::uint32_t i : candidates)
    if (choice.options[i].barred.empty()) open.push_back(i);
  if (open.size() >= choice.min_picks) candidates = std::move(open);
  if (choice.pass && *choice.pass < n && choice.max_picks == 1 && candidates.size() > 1 &&
      std::find(candidates.begin(), candidates.end(), *choice.pass) != candidates.end()) {
    constexpr std::uint64_t kSteps = std::uint64_t{1} << 53;
    if (static_cast<double>(rng_.below(kSteps)) < kPassProbability * static_cast<double>(kSteps))
      return Answer{{*choice.pass}};
    std::erase(candidates, *choice.pass);
  }
  const std::uint32_t max =
      std::min<std::uint32_t>(choice.max_picks, static_cast<std::uint32_t>(candidates.size()));
  const std::uint32_t min = std::min(choice.min_picks, max);
  const auto picks = static_cast<std::uint32_t>(min + rng_.below(max - min + 1));
  Answer answer;
  for (std::uint32_t i = 0; i < picks; ++i) {
    const auto j = static_cast<std::uint32_t>(i + rng_.below(candidates.size() - i));
    std::swap(candidates[i], candidates[j]);
    answer.picks.push_back(candidates[i]);
  }
  return answer;
}

}  // namespace anvil::ai_heuristic
