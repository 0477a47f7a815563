// Casting spells, activating abilities and playing lands (601, 602, 305), and resolving the
// top of the stack (608): every target is checked again; all illegal and the spell or ability
// does nothing; some illegal and those are ignored (passed on as Target{} of kind none).
#include <algorithm>
#include <string>

#include "classic.hpp"
#include "classic_cache.hpp"
#include "module.hpp"

namespace anvil::rules_classic {

namespace {

// One walk of the card types (one or two), not a search of them for each permanent type.
bool is_permanent_card(const Characteristics& c) {
  for (Symbol t : c.types)
    if (t == kCreature || t == kArtifact || t == kEnchantment || t == kLand || t == kPlaneswalker ||
        t == kBattle)
      return true;
  return false;
}

// `read` of the object's characteristics that classic's rule effects never change (its name,
// mana cost, colours, card types, supertypes and keywords): of its card's printed ones while the
// rule effects alone apply (Game::only_rule_effects; changeling adds creature types, the counters
// change power and toughness: creatures_now's reasoning, common.cpp), else of its view. The view
// and its scratch were about 130 instructions at every cast and every resolution.
template <class Read>
auto read_printed_or_view(const Game& game, ObjectId id, Read&& read) {
  if (game.only_rule_effects()) return read(game.card(id).base);
  Characteristics scratch;
  return read(game.view(id, scratch));
}

// Game::cost_of without its copy of the whole view.
ManaCost cost_now(const Game& game, ObjectId card) {
  return read_printed_or_view(game, card, [](const Characteristics& c) { return c.cost; });
}

std::int64_t choose_x(Game& game, PlayerId p, const ManaCost& cost, ObjectId source,
                      ObjectId exclude = {}) {
  if (cost.x == 0) return 0;
  const std::int64_t max = max_affordable_x(game, p, cost, exclude);
  if (max < 0) throw RulesError("not enough mana");
  Choice choice;
  choice.kind = ChoiceKind::number;
  choice.player = p;
  choice.prompt = "Choose X for " + object_label(game, source);
  choice.source = source;
  // "X = 2", not "2": a person answers with the option's number, which then reads apart from X.
  for (std::int64_t v = 0; v <= max; ++v)
    choice.options.push_back({"X = " + std::to_string(v), Target{}, v});
  const Answer a = game.ask(choice);
  return choice.options.at(a.picks.at(0)).value;
}

// The target picked in a choice of targets. One asked without its prompt (its agent reads none)
// fails with the prompt in the error all the same, made only then.
std::uint32_t ask_target(Game& game, const Choice& choice, const Ability& ability,
                         std::size_t index) {
  return ask_one_prompt_quoted(game, choice, [&] { return ability.target_prompt(index); });
}

}  // namespace

// The candidates and the options are filled into buffers kept in the game's rules cache, taken
// for the call and given back (a call inside this one would find none and make its own), and
// the prompt is made only for an agent that reads it: the two lists and the prompt ("Choose
// target creature or player", longer than a string's own room) were three allocations a choice.
std::optional<std::vector<Target>> choose_targets(Game& game, PlayerId who, const Ability& ability,
                                                  ResolveContext ctx, ObjectId source) {
  std::vector<Target> legal = std::move(classic_cache(game).spare_targets);
  Choice choice;
  choice.kind = ChoiceKind::target;
  choice.player = who;
  choice.source = source;
  choice.options = std::move(classic_cache(game).spare_options);
  const auto give_back = [&] {
    ClassicCache& cache = classic_cache(game);
    cache.spare_targets = std::move(legal);
    cache.spare_options = std::move(choice.options);
  };
  const bool labelled = !game.seat_label_blind(who);  // labels only for an agent that reads them
  const bool prompted = !game.seat_prompt_blind(who);
  std::vector<Target> chosen;
  for (std::size_t i = 0; i < ability.target_count(); ++i) {
    ctx.targets = chosen;
    legal_targets(game, ability, ctx, i, legal);
    if (legal.empty()) {
      give_back();
      return std::nullopt;
    }
    if (legal.size() == 1) {  // Game::ask answers a choice of one target without asking anyone
      chosen.push_back(legal[0]);
      continue;
    }
    if (prompted) choice.prompt = ability.target_prompt(i);
    choice.options.clear();
    choice.options.reserve(legal.size());
    for (const Target& t : legal) {  // made in place: a temporary Option moved in and destroyed
      Option& o = choice.options.emplace_back();
      o.target = t;
      if (labelled) o.label = target_label(game, t);
    }
    chosen.push_back(legal.at(ask_target(game, choice, ability, i)));
  }
  give_back();
  return chosen;
}

std::optional<std::uint16_t> spell_ability(const CardDef& def) {
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (def.abilities[i].kind == AbilityKind::spell && def.abilities[i].impl)
      return static_cast<std::uint16_t>(i);
  return std::nullopt;
}

namespace {

void play_land(Game& game, const LegalAction& action) {
  const PlayerId p = game.state().turn.priority;
  game.journal().set_attr(p, kLandsPlayed, game.state().player(p).attrs.get(kLandsPlayed) + 1);
  move_to_zone(game, action.object, ZoneRef::battlefield(p), Cause::put);
}

// Casts `action.object` for p. A card in the graveyard is cast with flashback (702.34a), else by
// escaping (702.138a), else with retrace (702.81a, for its mana cost and a land card discarded);
// a card in exile for its madness cost (702.35b, as its madness trigger resolves). The listing,
// why_not or the madness trigger have checked that it may be.
void cast_as(Game& game, PlayerId p, const LegalAction& action) {
  const ObjectId card = action.object;
  const CardDef& def = game.card(card);
  const ZoneKind from = game.object(card).zone.kind;
  const bool from_graveyard = from == ZoneKind::graveyard;
  const ManaCost* flashback_for = from_graveyard ? flashback_cost(def) : nullptr;
  const Escape* escape = from_graveyard && !flashback_for ? escape_of(def) : nullptr;
  const bool retrace = from_graveyard && !flashback_for && !escape && has_retrace(def);
  const ManaCost* madness = from == ZoneKind::exile ? madness_cost(def) : nullptr;
  const bool flashback = flashback_for != nullptr;
  if (from_graveyard && !flashback && !escape && !retrace)
    throw RulesError(def.name + " has no flashback, escape or retrace");
  if (from == ZoneKind::exile && !madness) throw RulesError(def.name + " has no madness");
  const ManaCost printed = flashback ? *flashback_for
                           : escape  ? escape->cost
                           : madness ? *madness
                                     : cost_now(game, card);
  // 601.2b: an additional cost (kicker) is announced before the targets are chosen.
  std::int64_t kicks = 0;
  const ManaCost cost = offer_kicker(game, p, card, printed, kicks);
  std::vector<Target> targets;
  std::optional<std::uint16_t> spell = spell_ability(def);
  if (is_modal(def)) {  // 700.2a: the mode is chosen as the spell is cast (the action names it)
    const std::vector<std::uint16_t> modes = spell_modes(def);
    if (std::find(modes.begin(), modes.end(), action.ability) == modes.end())
      throw RulesError(def.name + " has no mode " + std::to_string(action.ability));
    spell = action.ability;
  }
  if (spell) {
    const Ability& a = *def.abilities[*spell].impl;
    const ResolveContext ctx{game.object(card).ref(), def.id, *spell, p, {}, 0, {}};
    auto chosen = choose_targets(game, p, a, ctx, card);
    if (!chosen) throw RulesError("no legal target for " + def.name);
    targets = std::move(*chosen);
  }
  const std::int64_t x = choose_x(game, p, cost, card);
  move_to_zone(game, card, ZoneRef::stack(), Cause::cast);
  if (flashback)  // marks this object on the stack: exiled whenever it leaves (flashback.cpp)
    game.journal().set_attr(card, kFlashbackCast,
                            static_cast<std::int64_t>(game.object(card).zone_changes) + 1);
  if (kicks > 0)  // the spell is kicked, and so is the permanent it becomes (kicker.cpp)
    mark_kicked(game, card, kicks);
  if (escape)  // marks this object on the stack: the spell escaped (escape.cpp)
    game.journal().set_attr(card, kEscaped,
                            static_cast<std::int64_t>(game.object(card).zone_changes) + 1);
  pay(game, p, cost, x);
  if (escape) exile_for_escape(game, p, card, *escape);  // 601.2h: the rest of the cost
  if (retrace) discard_for_retrace(game, p, card);
  StackItem item;
  item.source = game.object(card).ref();
  item.card = def.id;
  item.ability = spell.value_or(0);
  item.controller = p;
  item.is_spell = true;
  item.x = x;
  item.targets = std::move(targets);
  const std::uint32_t id = game.journal().push_stack(std::move(item));
  CastEvent e;
  e.spell = card;
  e.controller = p;
  emit(game, e);
  announce_targets(game, id);  // "becomes the target" (ward.cpp), once the spell is cast
}

void cast(Game& game, const LegalAction& action) {
  cast_as(game, game.state().turn.priority, action);
}

// 602.2: announce, choose targets (and X), pay the costs (mana, {T}, sacrifice), then the
// ability is on the stack — or, for a mana ability, resolves at once (605.3a). Anything that
// fails throws, and Game::perform (or the caller's checkpoint) rolls every step back (726).
void activate(Game& game, const LegalAction& action) {
  const PlayerId p = game.state().turn.priority;
  const ObjectId source = action.object;
  if (action.ability >= kIntrinsicMana)  // a land's "{T}: Add {G}" (305.6)
    return activate_intrinsic_mana(game, p, source,
                                   static_cast<std::size_t>(action.ability - kIntrinsicMana));
  const CardDef& def = game.card(source);
  const AbilityDef& ad = def.abilities.at(action.ability);
  const auto cost = activation_cost(ad);
  if (!cost) throw RulesError(def.name + " has no ability the classic rules can activate");
  const ParsedCost& pc = cost->cost;
  const Ability& a = *ad.impl;
  ResolveContext ctx{game.object(source).ref(), def.id, action.ability, p, {}, 0, {}};
  auto targets = choose_targets(game, p, a, ctx, source);
  if (!targets) throw RulesError("no legal target for " + def.name);
  const ObjectId exclude = pc.tap ? source : ObjectId{};
  const std::int64_t x = choose_x(game, p, pc.mana, source, exclude);
  const ObjectRef ref = game.object(source).ref();
  pay(game, p, pc.mana, x, exclude);
  if (pc.tap && !tap(game, source, source)) throw RulesError(def.name + " could not be tapped");
  if (pc.sacrifice && !sacrifice(game, source, source))
    throw RulesError(def.name + " could not be sacrificed");
  if (pc.discard &&
      (game.object(source).zone != ZoneRef::hand(p) || !discard(game, source, source)))
    throw RulesError(def.name + " could not be discarded");
  if (pc.loyalty) {  // 606.4: the loyalty cost, and the once-per-turn mark
    const Target self = Target::of(game.object(source).ref());
    if (pc.loyalty_change > 0) {
      add_counters(game, self, kLoyalty, static_cast<std::int32_t>(pc.loyalty_change), source);
    } else if (pc.loyalty_change < 0) {
      const auto n = static_cast<std::int32_t>(-pc.loyalty_change);
      if (game.object(source).counters.get(kLoyalty) < n ||
          remove_counters(game, self, kLoyalty, n, source) != n)
        throw RulesError(def.name + " has too few loyalty counters");
    }
    const GameObject& o = game.object(source);
    game.journal().set_attr(source, kLoyaltyZc, static_cast<std::int64_t>(o.zone_changes) + 1);
    game.journal().set_attr(source, kLoyaltyTurn,
                            static_cast<std::int64_t>(game.state().turn.number) + 1);
  }
  ctx.x = x;
  if (cost->mana_ability) {  // 605.3a: no stack; the player keeps priority
    game.resolve(ctx);
    return;
  }
  StackItem item;
  item.source = ref;
  item.card = def.id;
  item.ability = action.ability;
  item.controller = p;
  item.x = x;
  item.targets = std::move(*targets);
  const std::uint32_t on_stack = game.journal().push_stack(std::move(item));
  CustomEvent activated;
  activated.kind = kActivated;
  activated.subject = Target::of(p);
  activated.other = Target::of(ref);
  activated.amount = action.ability;
  activated.source = source;
  emit(game, activated);
  announce_targets(game, on_stack);
  if (is_cycling(a)) {  // 702.29c: "when you cycle" triggers once the activation is complete
    CustomEvent e;
    e.kind = kCycled;
    e.subject = Target::of(game.object(source).ref());
    e.source = source;
    emit(game, e);
  }
}

}  // namespace

void perform_action(Game& game, const LegalAction& action) {
  switch (action.kind) {
    case LegalAction::Kind::play_land:
      return play_land(game, action);
    case LegalAction::Kind::cast:
      return cast(game, action);
    case LegalAction::Kind::activate:
      return activate(game, action);
    default:
      throw RulesError("the classic rules cannot perform '" + action.label + "'");
  }
}

void cast_with_madness(Game& game, PlayerId p, ObjectId card, std::uint16_t mode) {
  LegalAction action;
  action.kind = LegalAction::Kind::cast;
  action.object = card;
  action.ability = mode;
  cast_as(game, p, action);
}

void resolve_top(Game& game) {
  StackItem item = game.journal().pop_stack();
  const CardDef& def = game.cards().at(item.card);
  const Ability* ability =
      item.ability < def.abilities.size() ? def.abilities[item.ability].impl.get() : nullptr;
  const bool spell_in_place = item.is_spell && game.state().is_current(item.source);
  ResolveContext ctx{item.source, item.card, item.ability,      item.controller,
                     {},          item.x,    item.trigger_event};

  // 608.2b: recheck every target, each against the targets as they were chosen; those no
  // longer legal are blanked once all are checked (the popped item's own list: no copy).
  std::vector<Target>& targets = item.targets;
  if (ability && !targets.empty()) {
    std::size_t legal = 0;
    std::vector<std::size_t> illegal;  // rarely any
    ctx.targets = targets;
    for (std::size_t i = 0; i < targets.size(); ++i) {
      if (is_legal_target(game, *ability, ctx, i, targets[i])) {
        ++legal;
      } else {
        illegal.push_back(i);
      }
    }
    for (std::size_t i : illegal) targets[i] = Target{};
    if (legal == 0) {
      // Cause::rules, not resolve: the spell did nothing (anvil's game log says so).
      if (spell_in_place)
        move_to_zone(game, item.source.id, ZoneRef::graveyard(game.object(item.source.id).owner),
                     Cause::rules);
      return;
    }
  }
  ctx.targets = targets;

  if (!item.is_spell) {
    if (ability) game.resolve(ctx);
    return;
  }
  if (!spell_in_place) return;
  const ObjectId card = item.source.id;
  if (read_printed_or_view(game, card, is_permanent_card)) {
    move_to_zone(game, card, ZoneRef::battlefield(item.controller), Cause::resolve);
    // 303.4f: an Aura spell enters attached to its target (checked legal above, 608.3a).
    if (enchant_ability(def) && on_battlefield(game, card) && !targets.empty() &&
        targets[0].is_object())
      attach(game, card, targets[0].object.id);
    return;
  }
  const bool modal = is_modal(def);
  for (std::size_t i = 0; i < def.abilities.size(); ++i) {
    if (def.abilities[i].kind != AbilityKind::spell || !def.abilities[i].impl) continue;
    if (modal && i != item.ability) continue;  // only the chosen mode
    ResolveContext step = ctx;
    step.ability = static_cast<std::uint16_t>(i);
    game.resolve(step);
  }
  if (game.state().is_current(item.source))
    move_to_zone(game, card, ZoneRef::graveyard(game.object(card).owner), Cause::resolve);
}

}  // namespace anvil::rules_classic
