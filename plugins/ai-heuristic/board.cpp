#include "board.hpp"

#include <algorithm>
#include <array>
#include <string_view>

namespace anvil::ai_heuristic {

double creature_value(const Characteristics& c) {
  const double power = std::max(0, c.power), toughness = std::max(0, c.toughness);
  double v = 1.0 + 1.5 * power + 1.0 * toughness;
  bool attacks = true, blocks = true;  // one pass over the keywords: this is asked very often
  for (Symbol k : c.keywords) {
    if (k == kFlying || k == kDoubleStrike || k == kDeathtouch || k == kIndestructible)
      v += 2.0 + 0.5 * power;
    else if (k == kFirstStrike || k == kTrample || k == kLifelink)
      v += 1.0 + 0.25 * power;
    else if (k == kDefender)
      v -= 1.0 * power;
    else if (k == kCantAttack)
      attacks = false;
    else if (k == kCantBlock)
      blocks = false;
    else
      v += 0.5;
  }
  if (!attacks && !blocks) return 0.5;
  if (!attacks) v -= 1.0 * power;       // its power only blocks, as a defender's
  if (!blocks) v -= 0.5 * toughness;    // its toughness only survives blocks
  return std::max(v, 0.5);
}

// The cost as the classic module's `regenerate` writes it: text "Regenerate CARDNAME.", its
// AbilityDef::cost the cost.
ManaCost regeneration_cost(const CardDef& def) {
  for (const AbilityDef& a : def.abilities) {
    if (!is_regeneration(a)) continue;
    CostText cost;
    if (a.cost.empty() || read_cost_text(a.cost, cost) || cost.tap || cost.sacrifice ||
        cost.discard)
      continue;
    return cost.mana;
  }
  return ManaCost{};
}

Fighter fighter(const DecisionView& view, ObjectId id) {
  const GameObject& o = view.object(id);
  const Characteristics c = view.view(id);
  Fighter f;
  f.id = id;
  f.controller = o.controller;
  f.power = c.power;
  f.toughness = c.toughness;
  f.damage = o.damage;
  f.tapped = o.tapped;
  f.flying = c.has_keyword(kFlying);
  f.reach = c.has_keyword(kReach);
  f.double_strike = c.has_keyword(kDoubleStrike);
  f.first_strike = c.has_keyword(kFirstStrike) || f.double_strike;
  f.deathtouch = c.has_keyword(kDeathtouch);
  f.infect = c.has_keyword(kInfect);
  f.indestructible = c.has_keyword(kIndestructible);
  f.trample = c.has_keyword(kTrample);
  f.vigilance = c.has_keyword(kVigilance);
  f.menace = c.has_keyword(kMenace);
  f.blocked_by_one = c.has_keyword(kBlockedByOne);
  f.artifact = c.has_type(kArtifact);
  f.fear = c.has_keyword(kFear);
  f.intimidate = c.has_keyword(kIntimidate);
  f.shadow = c.has_keyword(kShadow);
  for (const auto& [walk, land_type] : kLandwalk) {
    if (f.landwalk || !c.has_keyword(walk)) continue;
    for (std::size_t seat = 0; seat < view.player_count(); ++seat) {
      const auto lands = view.zone(ZoneRef::battlefield(PlayerId(static_cast<std::uint8_t>(seat))));
      if (!lands) continue;
      for (ObjectId land : *lands)
        if (view.object(land).controller != o.controller && view.view(land).has_subtype(land_type))
          f.landwalk = true;
    }
  }
  f.colors = c.colors;
  for (std::size_t k = 0; k < kColorCount; ++k)
    if (c.has_keyword(kProtectionFrom[k])) f.protected_from.colors.add(static_cast<Color>(k));
  f.protected_from.creatures =
      c.has_keyword(kProtectionFromCreatures) || c.has_keyword(kProtectionFromEverything);
  f.protected_from.artifacts = c.has_keyword(kProtectionFromArtifacts);
  f.protected_from.multicolored = c.has_keyword(kProtectionFromMulticolored);
  f.protected_from.monocolored = c.has_keyword(kProtectionFromMonocolored);
  f.protected_from.colorless = c.has_keyword(kProtectionFromColorless);
  if (c.has_keyword(kProtectionFromAllColors))
    for (std::size_t k = 0; k < kColorCount; ++k)
      f.protected_from.colors.add(static_cast<Color>(k));
  f.value = creature_value(c);
  f.hits_back = hits_back_at(view, id);
  f.regenerates = shielded_by_regeneration(o);
  f.regeneration = regeneration_cost(view.card(id));
  return f;
}

PlayerId hits_back_at(const DecisionView& view, ObjectId id) {
  constexpr std::string_view kWhen = "Whenever CARDNAME is dealt damage, ";
  constexpr std::string_view kDeals = "deals that much damage to ";
  const GameObject& o = view.object(id);
  for (const AbilityDef& a : view.card(id).abilities) {
    if (a.kind != AbilityKind::triggered || !a.impl) continue;
    const std::string text = a.impl->describe();
    const std::size_t deals = text.find(kDeals);
    if (!text.starts_with(kWhen) || deals == std::string::npos) continue;
    const std::string_view who = std::string_view(text).substr(deals + kDeals.size());
    if (who.starts_with("the chosen player")) {
      const std::int64_t chosen = o.attrs.get(kChosenPlayer);  // + 1; 0: none chosen
      if (chosen > 0 && static_cast<std::size_t>(chosen) <= view.player_count())
        return PlayerId(static_cast<std::uint8_t>(chosen - 1));
    } else if (who.starts_with("your opponent")) {
      return opponent_of(view, o.controller);
    } else if (who.starts_with("you")) {
      return o.controller;
    }
  }
  return PlayerId::none();
}

bool leaves_at_end_of_turn(const DecisionView& view, ObjectId id) {
  for (const AbilityDef& a : view.card(id).abilities) {
    if (a.kind != AbilityKind::triggered || !a.impl) continue;
    const std::string text = a.impl->describe();
    for (std::string_view when :
         {"At the beginning of each player's end step, ", "At the beginning of your end step, ",
          "At the beginning of the end step, "})
      if (text.starts_with(when) && text.substr(when.size()).starts_with("sacrifice CARDNAME"))
        return true;
  }
  return false;
}

bool has_board_keyword(const Characteristics& c) {
  for (Symbol k : c.keywords) {
    if (k == kLure || k == kProtectionFromCreatures || k == kProtectionFromEverything ||
        k == kProtectionFromArtifacts || k == kProtectionFromMulticolored ||
        k == kProtectionFromMonocolored || k == kProtectionFromAllColors ||
        k == kProtectionFromColorless)
      return true;
    for (Symbol from : kProtectionFrom)
      if (k == from) return true;
  }
  return false;
}

namespace {

bool protected_at_all(const Protections& p) {
  return p.colors.bits != 0 || p.creatures || p.artifacts || p.multicolored || p.monocolored ||
         p.colorless;
}

// Each of the opponent's creatures blocks `f` (Lure), after their untap step: `f` deals its
// damage to the blockers it can kill soonest, and they deal theirs back (first strike counted).
double lure_worth(const Fighter& f, std::vector<Fighter> blockers) {
  if (f.power <= 0) return 0;
  std::erase_if(blockers, [&](Fighter& b) {
    b.tapped = false;
    return !can_block(b, f);
  });
  const auto needed = [&](const Fighter& b) { return f.deathtouch ? 1 : b.remaining(); };
  std::sort(blockers.begin(), blockers.end(), [&](const Fighter& a, const Fighter& b) {
    return needed(a) != needed(b) ? needed(a) < needed(b) : a.value > b.value;
  });
  std::int32_t left = f.power, taken = 0;
  bool deathtouched = false;
  double killed = 0;
  for (const Fighter& b : blockers) {
    const bool dies =
        !b.indestructible && !b.regenerates && !b.protected_from.from(f) && needed(b) <= left;
    if (dies) {
      left -= std::max(needed(b), 1);
      killed += b.value;
    }
    const bool struck_first = dies && f.first_strike && !b.first_strike;
    if (!struck_first && b.power > 0 && !f.protected_from.from(b)) {
      taken += b.power;
      deathtouched = deathtouched || b.deathtouch;
    }
  }
  const bool survives =
      f.indestructible || f.regenerates || (taken < f.remaining() && !deathtouched);
  return std::max(0.0, killed - (survives ? 0.0 : f.value));
}

// Adds `cost` to `paid` when `sources` can pay it beside what `paid` holds already: the greedy
// budget of shields, the most valuable creature first, each from what the ones before left.
bool pays_also(const std::vector<std::uint8_t>& sources, std::vector<ManaCost>& paid,
               const ManaCost& cost) {
  paid.push_back(cost);
  if (can_pay_all(sources, paid)) return true;
  paid.pop_back();
  return false;
}

// What pays for `p`'s regeneration shields: its untapped lands (land_colors), then, unless
// `from` says lands only, its mana creatures that may tap now (mana_creature_colors).
std::vector<std::uint8_t> shield_sources(const DecisionView& view, PlayerId p,
                                         ShieldMana from = ShieldMana::lands_and_creatures) {
  std::vector<std::uint8_t> sources = land_colors(view, p);
  if (from == ShieldMana::lands) return sources;
  const std::vector<std::uint8_t> creatures = mana_creature_colors(view, p);
  sources.insert(sources.end(), creatures.begin(), creatures.end());
  return sources;
}

}  // namespace

double board_worth(const DecisionView& view, ObjectId id) {
  const Characteristics c = view.view(id);
  if (!has_board_keyword(c)) return 0;
  const Fighter f = fighter(view, id);
  const std::vector<Fighter> theirs = creatures_of(view, opponent_of(view, f.controller));
  double worth = 0;
  if (protected_at_all(f.protected_from)) {
    const bool from_a_creature = std::any_of(
        theirs.begin(), theirs.end(), [&](const Fighter& o) { return f.protected_from.from(o); });
    if (from_a_creature) {
      worth += 2.0 + 0.5 * std::max(0, f.power);
    } else {
      std::uint8_t their_colors = 0;
      for (std::uint8_t mask : land_colors(view, opponent_of(view, f.controller), false))
        their_colors |= mask;
      if ((their_colors & f.protected_from.colors.bits) != 0) worth += 0.25 * f.value;
    }
  }
  if (c.has_keyword(kLure) && !c.has_keyword(kDefender) && !c.has_keyword(kCantAttack))
    worth += lure_worth(f, theirs);
  return worth;
}

std::vector<Fighter> creatures_of(const DecisionView& view, PlayerId p) {
  std::vector<Fighter> out;
  const auto zone = view.zone(ZoneRef::battlefield(p));
  if (!zone) return out;
  for (ObjectId id : *zone)
    if (view.view(id).has_type(kCreature)) out.push_back(fighter(view, id));
  std::vector<Fighter*> all;
  for (Fighter& f : out) all.push_back(&f);
  budget_regeneration(view, all);
  return out;
}

void budget_regeneration(const DecisionView& view, const std::vector<Fighter*>& fighters,
                         ShieldMana from) {
  std::vector<Fighter*> payable;
  for (Fighter* f : fighters)
    if (!f->regenerates && f->regeneration.present) payable.push_back(f);
  if (payable.empty()) return;  // nearly always: read no lands
  std::stable_sort(payable.begin(), payable.end(),
                   [](const Fighter* a, const Fighter* b) { return a->value > b->value; });
  for (std::size_t p = 0; p < view.player_count(); ++p) {
    const PlayerId player(static_cast<std::uint8_t>(p));
    std::vector<std::uint8_t> sources;
    std::vector<ManaCost> paid;
    bool read = false;
    for (Fighter* f : payable) {
      if (f->controller != player) continue;
      if (!read) {
        sources = shield_sources(view, player, from);
        read = true;
      }
      if (pays_also(sources, paid, f->regeneration)) f->regenerates = true;
    }
  }
}

namespace {

// The regeneration cost of `id`, a permanent on `p`'s battlefield, when it is a creature `p`
// controls with a regeneration ability costing only mana and no shield up yet, with its value.
std::optional<std::pair<ManaCost, double>> regeneration_to_raise(const DecisionView& view,
                                                                 PlayerId p, ObjectId id) {
  // The card's abilities first: nearly no permanent has one, and those are not viewed.
  const ManaCost cost = regeneration_cost(view.card(id));
  if (!cost.present) return std::nullopt;
  const GameObject& o = view.object(id);
  const Characteristics c = view.view(id);
  // (One a player controls on another's battlefield is paid for from that player's lands: not
  // counted, as no bundled card moves one there.)
  if (o.controller != p || !c.has_type(kCreature) || shielded_by_regeneration(o))
    return std::nullopt;
  return std::pair{cost, creature_value(c)};
}

// Whether `cost` is {T} and nothing else (no mana, no sacrifice, no discard).
bool only_tapping(const CostText& cost) {
  return cost.tap && cost.mana.value() == 0 && cost.mana.x == 0 && !cost.sacrifice && !cost.discard;
}

// Whether `p` could tap its permanent `o` (viewed as `c`) for an ability now: it controls it, it
// is untapped, and it is not a creature summoning sick without haste.
bool may_tap_now(PlayerId p, const GameObject& o, const Characteristics& c) {
  return o.controller == p && !o.tapped &&
         !(o.summoning_sick && c.has_type(kCreature) && !c.has_keyword(kHaste));
}

}  // namespace

OpposingShields::OpposingShields(const DecisionView& view, PlayerId me) {
  for (std::size_t seat = 0; seat < view.player_count(); ++seat) {
    const PlayerId p(static_cast<std::uint8_t>(seat));
    const auto zone = view.zone(ZoneRef::battlefield(p));
    if (p == me || !zone) continue;
    bool any = false;
    for (ObjectId id : *zone) {
      add_preventers(view, p, id);
      if (const auto regen = regeneration_to_raise(view, p, id)) {
        creatures_.push_back({id, p, regen->second, regen->first});
        any = true;
      }
    }
    if (any) sources_.emplace_back(p, shield_sources(view, p));
  }
  std::stable_sort(creatures_.begin(), creatures_.end(),
                   [](const Creature& a, const Creature& b) { return a.value > b.value; });
}

void OpposingShields::add_preventers(const DecisionView& view, PlayerId p, ObjectId id) {
  constexpr std::string_view kPrevent = ": Prevent the next ";
  const CardDef& def = view.card(id);
  for (std::size_t i = 0; i < def.abilities.size(); ++i) {
    const AbilityDef& a = def.abilities[i];
    if (a.kind != AbilityKind::activated || !a.impl || a.impl->target_count() != 1 ||
        a.text.find(kPrevent) == std::string::npos)
      continue;
    CostText cost;
    if (a.cost.empty() || read_cost_text(a.cost, cost) || !only_tapping(cost)) continue;
    if (!may_tap_now(p, view.object(id), view.view(id))) return;
    preventers_.push_back({id, p, static_cast<std::uint16_t>(i)});
  }
}

bool OpposingShields::has(ObjectId id) const {
  return std::any_of(creatures_.begin(), creatures_.end(),
                     [id](const Creature& c) { return c.id == id; });
}

bool OpposingShields::can_save(ObjectId id) const {
  for (const Creature& c : creatures_) {
    if (c.id != id) continue;
    for (const auto& [player, lands] : sources_)
      if (player == c.controller) return can_pay_all(lands, {c.cost});
  }
  return false;
}

std::vector<ObjectId> OpposingShields::shielded(std::span<const Target> first) const {
  std::vector<ObjectId> out;
  if (creatures_.empty()) return out;
  std::vector<const Creature*> order;
  for (const Target& t : first)
    for (const Creature& c : creatures_)
      if (t.is_object() && t.object.id == c.id &&
          std::find(order.begin(), order.end(), &c) == order.end())
        order.push_back(&c);
  for (const Creature& c : creatures_)
    if (std::find(order.begin(), order.end(), &c) == order.end()) order.push_back(&c);
  for (const auto& [player, lands] : sources_) {
    std::vector<ManaCost> paid;
    for (const Creature* c : order)
      if (c->controller == player && pays_also(lands, paid, c->cost)) out.push_back(c->id);
  }
  return out;
}

OwnShields::OwnShields(const DecisionView& view, PlayerId me) {
  const auto zone = view.zone(ZoneRef::battlefield(me));
  if (!zone) return;
  for (ObjectId id : *zone)
    if (const auto regen = regeneration_to_raise(view, me, id))
      creatures_.push_back({id, regen->first, regen->second});
  if (creatures_.empty()) return;
  std::stable_sort(creatures_.begin(), creatures_.end(),
                   [](const Creature& a, const Creature& b) { return a.value > b.value; });
  sources_ = shield_sources(view, me);
}

std::vector<ObjectId> OwnShields::shielded(const ManaCost& spent) const {
  std::vector<ObjectId> out;
  std::vector<ManaCost> paid;
  if (spent.present || spent.value() > 0) {
    if (!can_pay_all(sources_, {spent})) return out;  // (not cast from these: no estimate)
    paid.push_back(spent);
  }
  for (const Creature& c : creatures_)
    if (pays_also(sources_, paid, c.cost)) out.push_back(c.id);
  return out;
}

void raise_shields(Game& g, const std::vector<ObjectId>& ids) {
  for (ObjectId id : ids) {
    g.journal().set_attr(id, kRegenZc, static_cast<std::int64_t>(g.object(id).zone_changes) + 1);
    g.journal().set_attr(id, kRegenShields, 1);
  }
}

void lower_shields(Game& g, const std::vector<ObjectId>& ids) {
  for (ObjectId id : ids) g.journal().set_attr(id, kRegenShields, 0);
}

ManaCost ability_mana(const AbilityDef& a) {
  CostText cost;
  if (a.cost.empty() || read_cost_text(a.cost, cost)) return ManaCost{};
  return cost.mana;
}

std::size_t lands_of(const DecisionView& view, PlayerId p, bool untapped) {
  std::size_t n = 0;
  if (auto z = view.zone(ZoneRef::battlefield(p)))
    for (ObjectId id : *z)
      n += (!untapped || !view.object(id).tapped) && view.view(id).has_type(kLand);
  return n;
}

bool Protections::from(const Fighter& source) const {
  return creatures || (colors.bits & source.colors.bits) != 0 || (artifacts && source.artifact) ||
         (multicolored && source.colors.multicolor()) ||
         (monocolored && source.colors.monocolor()) || (colorless && source.colors.colorless());
}

namespace {
// Whether `damage` from `from` destroys `to` (damage already marked counted).
bool lethal(const Fighter& from, const Fighter& to, std::int32_t damage) {
  // Protection from it prevents all of its damage (702.16e).
  if (to.indestructible || damage <= 0 || to.protected_from.from(from)) return false;
  return from.deathtouch || damage >= to.remaining();
}
// The damage `f` deals in the first-strike combat damage step (510.4): first or double strike.
std::int32_t first_step(const Fighter& f) { return f.first_strike ? std::max(0, f.power) : 0; }
}  // namespace

bool kills(const Fighter& a, const Fighter& b) {
  // a deals its damage in the regular step too without first strike, or with double strike
  // (702.4b), unless b's first-strike damage has destroyed it by then — or has had it
  // regenerated, which removes it from combat (701.15a).
  const bool a_dies_first = lethal(b, a, first_step(b));
  const bool a_strikes_again = !a.first_strike || a.double_strike;
  const std::int32_t dealt =
      first_step(a) + (a_strikes_again && !a_dies_first ? std::max(0, a.power) : 0);
  return lethal(a, b, dealt) && !b.regenerates;
}

bool can_block(const Fighter& blocker, const Fighter& attacker) {
  if (blocker.tapped || attacker.protected_from.from(blocker)) return false;
  if (attacker.landwalk || attacker.shadow != blocker.shadow) return false;
  if (attacker.fear && !blocker.artifact && !blocker.colors.has(Color::black)) return false;
  if (attacker.intimidate && !blocker.artifact && (attacker.colors.bits & blocker.colors.bits) == 0)
    return false;
  return !attacker.flying || blocker.flying || blocker.reach;
}

std::uint8_t land_mask(const Characteristics& c) {
  static constexpr std::array<Symbol, kColorCount> kBasic{"Plains"_sym, "Island"_sym, "Swamp"_sym,
                                                          "Mountain"_sym, "Forest"_sym};
  std::uint8_t mask = 0;
  for (std::size_t k = 0; k < kColorCount; ++k)
    if (c.has_subtype(kBasic[k])) mask = static_cast<std::uint8_t>(mask | (1u << k));
  return mask;
}

std::vector<std::uint8_t> land_colors(const DecisionView& view, PlayerId p, bool untapped) {
  std::vector<std::uint8_t> out;
  const auto zone = view.zone(ZoneRef::battlefield(p));
  if (!zone) return out;
  for (ObjectId id : *zone) {
    if (untapped && view.object(id).tapped) continue;
    const Characteristics c = view.view(id);
    if (!c.has_type(kLand)) continue;
    if (const std::uint8_t mask = land_mask(c); mask != 0) out.push_back(mask);
  }
  return out;
}

namespace {

// The colours of the mana symbols after "Add " in an ability's text ("{T}: Add {G}."), bit i for
// Color i; none without "Add " (find from npos finds nothing).
std::uint8_t added_colors(std::string_view text) {
  static constexpr std::string_view kLetters = "WUBRG";  // the colour order of land_colors
  std::uint8_t mask = 0;
  for (std::size_t at = text.find('{', text.find("Add ")); at != std::string_view::npos;
       at = text.find('{', at + 1)) {
    if (at + 2 >= text.size() || text[at + 2] != '}') continue;
    if (const std::size_t k = kLetters.find(text[at + 1]); k != std::string_view::npos)
      mask = static_cast<std::uint8_t>(mask | (1u << k));
  }
  return mask;
}

}  // namespace

std::optional<std::uint8_t> tap_mana_colors(const DecisionView& view, PlayerId p, ObjectId id) {
  const GameObject& o = view.object(id);
  if (o.controller != p || o.tapped)
    return std::nullopt;  // (may_tap_now below: the cheap part first)
  // The card's abilities first: most permanents have no such ability, and those are not viewed.
  const CardDef& def = view.card(id);
  bool any = false;
  std::uint8_t mask = 0;
  for (const AbilityDef& a : def.abilities) {
    if (a.kind != AbilityKind::activated || !a.impl) continue;
    // "{T}: Add {G}.": the cost is the text's before the colon where the AbilityDef has none
    // (the classic module pays its mana abilities' costs itself).
    const std::string text = a.impl->describe();
    const std::size_t colon = text.find(": Add ");
    if (colon == std::string::npos) continue;
    CostText cost;
    if (read_cost_text(
            a.cost.empty() ? std::string_view(text).substr(0, colon) : std::string_view(a.cost),
            cost) ||
        !only_tapping(cost))
      continue;
    any = true;
    mask = static_cast<std::uint8_t>(mask | added_colors(text));
  }
  if (!any) return std::nullopt;
  const Characteristics c = view.view(id);
  if (c.has_type(kLand) || !may_tap_now(p, o, c)) return std::nullopt;  // a land is land_colors'
  return mask;
}

std::vector<std::uint8_t> mana_creature_colors(const DecisionView& view, PlayerId p) {
  std::vector<std::uint8_t> out;
  const auto zone = view.zone(ZoneRef::battlefield(p));
  if (!zone) return out;
  for (ObjectId id : *zone)
    if (const auto mask = tap_mana_colors(view, p, id)) out.push_back(*mask);
  return out;
}

std::vector<std::uint8_t> offered_mana_colors(const DecisionView& view, const Choice& choice) {
  std::vector<std::uint32_t> objects;
  std::vector<std::uint8_t> out;
  for (const Option& o : choice.options) {
    if (!o.mana || !o.target.is_object() || !view.can_see(o.target.object.id) ||
        view.view(o.target.object.id).has_type(kLand))
      continue;  // lands are land_colors'
    // The text of the ability the option activates (Option::ability), or of every ability of
    // the card when the rules do not say which.
    const CardDef& def = view.card(o.target.object.id);
    std::uint8_t mask = 0;
    for (std::size_t i = 0; i < def.abilities.size(); ++i)
      if (def.abilities[i].impl && (o.ability < 0 || static_cast<std::size_t>(o.ability) == i))
        mask = static_cast<std::uint8_t>(mask | added_colors(def.abilities[i].impl->describe()));
    const auto seen = std::find(objects.begin(), objects.end(), o.target.object.id.value);
    if (seen == objects.end()) {
      objects.push_back(o.target.object.id.value);
      out.push_back(mask);
    } else {
      out[static_cast<std::size_t>(seen - objects.begin())] |= mask;
    }
  }
  return out;
}

bool can_pay_all(const std::vector<std::uint8_t>& sources, const std::vector<ManaCost>& costs) {
  // Coloured symbols first, each matched to a land (augmenting paths: a few lands, a few
  // symbols), then the generic mana from the lands left.
  std::vector<std::uint8_t> symbols;  // the colours (a bit each) that pay each coloured symbol
  int generic = 0;
  for (const ManaCost& c : costs) {
    generic += c.generic + c.colorless;
    for (std::size_t k = 0; k < kColorCount; ++k)
      for (int n = 0; n < c.colored[k]; ++n) symbols.push_back(static_cast<std::uint8_t>(1u << k));
    for (std::size_t h = 0; h < kHybridPairs; ++h)  // {R/G}: either colour; {R/G/P} counted so
      for (int n = 0; n < c.hybrid[h] + c.hybrid_phyrexian[h]; ++n)
        symbols.push_back(ManaCost::hybrid_color_set(h).bits);
    for (std::size_t k = 0; k < kColorCount; ++k) {
      if (c.phyrexian[k] == 0 && c.mono_hybrid[k] == 0) continue;  // nearly every cost
      const auto bit = static_cast<std::uint8_t>(1u << k);
      // {B/P}: counted as {B}, so the plan never leans on paying life.
      for (int n = 0; n < c.phyrexian[k]; ++n) symbols.push_back(bit);
      // {2/W}: {W} while a source makes white, else two generic (an estimate: several {2/W}
      // against one white source are each counted as {W}).
      const bool makes = std::any_of(sources.begin(), sources.end(),
                                     [bit](std::uint8_t s) { return (s & bit) != 0; });
      for (int n = 0; n < c.mono_hybrid[k]; ++n) {
        if (makes)
          symbols.push_back(bit);
        else
          generic += 2;
      }
    }
  }
  if (symbols.size() + static_cast<std::size_t>(generic) > sources.size()) return false;
  std::vector<int> owner(sources.size(), -1);  // symbol paid by each land
  std::vector<bool> seen;
  auto augment = [&](auto&& self, std::size_t s) -> bool {
    for (std::size_t l = 0; l < sources.size(); ++l) {
      if (!(sources[l] & symbols[s]) || seen[l]) continue;
      seen[l] = true;
      if (owner[l] < 0 || self(self, static_cast<std::size_t>(owner[l]))) {
        owner[l] = static_cast<int>(s);
        return true;
      }
    }
    return false;
  };
  for (std::size_t s = 0; s < symbols.size(); ++s) {
    seen.assign(sources.size(), false);
    if (!augment(augment, s)) return false;
  }
  return true;  // the land count was checked: the rest pay the generic part
}

PlayerId opponent_of(const DecisionView& view, PlayerId me) {
  for (std::size_t i = 0; i < view.player_count(); ++i) {
    const PlayerId p(static_cast<std::uint8_t>(i));
    if (p != me && view.player(p).outcome == Outcome::playing) return p;
  }
  return PlayerId(static_cast<std::uint8_t>(me.value == 0 ? 1 : 0));
}

std::size_t hand_size(const DecisionView& view, PlayerId p) {
  return view.zone_size(ZoneRef::hand(p));
}

std::string classic_step(const Choice& choice) {
  constexpr std::string_view kPrefix = "Priority in ";
  const std::string_view prompt = choice.prompt;
  if (choice.kind != ChoiceKind::action || !prompt.starts_with(kPrefix)) return {};
  const std::string_view rest = prompt.substr(kPrefix.size());
  return std::string(rest.substr(0, rest.find(' ')));
}

}  // namespace anvil::ai_heuristic
