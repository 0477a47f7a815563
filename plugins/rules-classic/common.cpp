// Small queries every part of the module shares: zones, keywords, labels, combat attrs,
// targets.
#include <algorithm>
#include <array>
#include <limits>
#include <string>
#include <string_view>

#include "classic.hpp"
#include "classic_cache.hpp"

namespace anvil::rules_classic {

const char* step_label(std::uint16_t step) {
  static constexpr const char* kNames[kStepCount] = {
      "untap",    "upkeep", "draw",       "main1", "begin_combat", "attackers",
      "blockers", "damage", "end_combat", "main2", "end",          "cleanup"};
  return step < kStepCount ? kNames[step] : "?";
}

bool on_battlefield(const Game& game, ObjectId id) {
  return game.state().exists(id) && game.object(id).zone.kind == ZoneKind::battlefield;
}

bool is_creature(const Game& game, ObjectId id) {
  Characteristics scratch;
  return game.view(id, scratch).has_type(kCreature);
}

bool has_keyword(const Game& game, ObjectId id, Symbol keyword) {
  Characteristics scratch;
  return game.view(id, scratch).has_keyword(keyword);
}

bool has_creature_type(const Game& game, ObjectId id, Symbol type) {
  return game.view(id).has_subtype(type);  // changeling adds every creature type (changeling.cpp)
}

namespace {
// Permanents on every side of the battlefield: sizing the list once keeps these two functions,
// called at every decision, to one allocation (docs/performance.md).
std::size_t permanent_count(const GameState& s) {
  std::size_t n = 0;
  for (const Player& seat : s.players) n += s.zone(ZoneRef::battlefield(seat.id)).objects.size();
  return n;
}
}  // namespace

std::vector<ObjectId> controlled(const Game& game, PlayerId p) {
  const GameState& s = game.state();
  std::vector<ObjectId> out;
  out.reserve(permanent_count(s));
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects)
      if (s.objects[id.value].controller == p) out.push_back(id);
  return out;
}

std::vector<ObjectId> battlefield(const Game& game) {
  const GameState& s = game.state();
  std::vector<ObjectId> out;
  out.reserve(permanent_count(s));
  for (const Player& seat : s.players) {
    const auto& objects = s.zone(ZoneRef::battlefield(seat.id)).objects;
    out.insert(out.end(), objects.begin(), objects.end());
  }
  return out;
}

PlayerId next_player(const Game& game, PlayerId p) {
  return PlayerId(static_cast<std::uint8_t>((p.value + 1) % game.state().player_count()));
}

std::string object_label(const Game& game, ObjectId id) { return std::string(game.card(id).name); }

std::string numbered_label(const Game& game, ObjectId id) {
  const GameObject& o = game.object(id);
  std::string label(game.card(id).name);
  if (o.zone.kind != ZoneKind::battlefield) return label;
  if (const NamesakePlace at = namesake_place(game.state(), id); at.count > 1)
    label += " #" + std::to_string(at.position);
  return label;
}

std::string target_label(const Game& game, const Target& t) {
  if (t.is_player()) return "player " + std::to_string(t.player.value);
  if (t.is_object()) return numbered_label(game, t.object.id);
  return "nothing";
}

std::optional<std::string> with_prompt_quoted(std::string_view message, std::string_view prompt) {
  for (std::string_view quoted :
       {"failed to answer ''", "choice '' cannot be answered", "gave an invalid answer to ''"}) {
    const std::size_t at = message.find(quoted);
    if (at == std::string_view::npos) continue;
    std::string out(message);
    out.insert(at + quoted.find("''") + 1, prompt);
    return out;
  }
  return std::nullopt;
}

std::int64_t combat_attr(const Game& game, ObjectId id, Symbol key) {
  const GameObject& o = game.object(id);
  if (o.zone.kind != ZoneKind::battlefield) return 0;
  if (o.attrs.get(kInCombat) != static_cast<std::int64_t>(o.zone_changes) + 1) return 0;
  return o.attrs.get(key);
}

void set_combat_attr(Game& game, ObjectId id, Symbol key, std::int64_t value) {
  const GameObject& o = game.object(id);
  game.journal().set_attr(id, kInCombat, static_cast<std::int64_t>(o.zone_changes) + 1);
  game.journal().set_attr(id, key, value);
}

void remove_from_combat(Game& game, ObjectId id) {
  for (Symbol key : {kInCombat, kAttacking, kBlocked, kBlocking, kStruckFirst})
    if (game.object(id).attrs.get(key) != 0) game.journal().set_attr(id, key, 0);
}

std::optional<ObjectId> subject_still_there(const Game& game, const ResolveContext& ctx) {
  const Target& it = ctx.event.subject;
  if (!it.is_object() || !game.state().is_current(it.object)) return std::nullopt;
  return it.object.id;
}

void fire_about_itself(Game& game, const GameObject& o, std::uint16_t ability, PlayerId controller,
                       EventRecord record, Symbol kind) {
  const ObjectRef ref = o.ref();
  const CardId card = o.card;
  record.kind = kind;
  record.subject = Target::of(ref);
  game.fire_trigger(PendingTrigger{ref, card, ability, controller, record});
}

// --- protection (702.16) ----------------------------------------------------------------------

namespace {

bool has_quality(const Characteristics& source, const ProtectionQuality& q) {
  switch (q.kind) {
    case ProtectionKind::color:
      return source.colors.has(q.color);
    case ProtectionKind::all_colors:
      return !source.colors.colorless();
    case ProtectionKind::colorless:
      return source.colors.colorless();
    case ProtectionKind::card_type:
      return source.has_type(q.type);
    case ProtectionKind::everything:
      return true;
    case ProtectionKind::multicolored:
      return source.colors.multicolor();
    case ProtectionKind::monocolored:
      return source.colors.monocolor();
  }
  return false;
}

// The protection keywords' Symbols, sorted: whether a view has any protection at all is a binary
// search per keyword (most keyworded views have none), before kProtections is looked through in
// its order.
constexpr auto kProtectionSymbols = [] {
  std::array<std::uint64_t, kProtections.size()> raw{};
  for (std::size_t i = 0; i < kProtections.size(); ++i) raw[i] = kProtections[i].symbol.raw();
  std::sort(raw.begin(), raw.end());
  return raw;
}();

bool has_any_protection(const Characteristics& view) {
  for (Symbol k : view.keywords)
    if (std::binary_search(kProtectionSymbols.begin(), kProtectionSymbols.end(), k.raw()))
      return true;
  return false;
}

}  // namespace

const ProtectionQuality* protection_against(const Characteristics& view,
                                            const Characteristics& source) {
  if (view.keywords.empty() || !has_any_protection(view)) return nullptr;  // most end here
  for (const ProtectionQuality& q : kProtections)
    if (view.has_keyword(q.symbol) && has_quality(source, q)) return &q;
  return nullptr;
}

// --- targets --------------------------------------------------------------------------------

namespace {

// 702.16b: a permanent with protection from a colour can't be the target of spells of that
// colour or of abilities from a source of that colour. The source is viewed only for a target
// with some protection (protection_against's first test), which few permanents have: a flier's
// or a trampler's view of the source was a copy for nothing.
bool protected_from_source(const Game& game, const ResolveContext& ctx, const Characteristics& c) {
  if (c.keywords.empty() || !has_any_protection(c) || !game.state().is_current(ctx.source))
    return false;
  return protection_against(c, game.view(ctx.source.id)) != nullptr;
}

// The ability's own requirement (Ability::can_target) in its name: what that plugin code throws
// names the card, the ability and its plugin (Game::as_ability), not this module.
bool ability_accepts(const Game& game, const Ability& ability, const ResolveContext& ctx,
                     std::size_t index, const Target& t) {
  return game.as_ability(ctx.card, ctx.ability,
                         [&] { return ability.can_target(game, ctx, index, t); });
}

using Needs = Ability::TargetRequirement;

// What the ability says its target `index` must be (Ability::target_requirement), asked once
// for a whole search of the candidates; in the ability's name, as can_target is.
Needs needs_of(const Game& game, const Ability& ability, const ResolveContext& ctx,
               std::size_t index) {
  return game.as_ability(ctx.card, ctx.ability, [&] { return ability.target_requirement(index); });
}

// is_legal_target's questions for a permanent known to be current and on the battlefield.
// With a card type to have (`needs`), the view first: a land fails "target creature" there,
// and the ability is not asked. Else the ability's own requirement first: most permanents fail
// it, and then the view for shroud and hexproof is not needed. All are queries, so the order
// changes no answer. `printed`: the caller found that the rule effects alone apply
// (Game::only_rule_effects), so the card types and keywords read here are the card's printed
// ones (changeling adds creature types, the counters change power and toughness: creatures_now's
// reasoning), read without a view.
bool legal_permanent_target(const Game& game, const Ability& ability, const ResolveContext& ctx,
                            std::size_t index, const Target& t, const Needs& needs,
                            Characteristics& scratch, bool printed = false) {
  const auto look = [&] {
    if (printed) return &game.cards().at(game.state().objects[t.object.id.value].card).base;
    return &game.view(t.object.id, scratch);
  };
  const Characteristics* c = nullptr;
  if (!needs.card_type.empty()) {
    c = look();
    if (!c->has_type(needs.card_type)) return false;
  }
  if (!ability_accepts(game, ability, ctx, index, t)) return false;
  if (!c) c = look();  // the ability's views use scratches of their own
  if (c->has_keyword(kShroud) || protected_from_source(game, ctx, *c)) return false;
  return !c->has_keyword(kHexproof) || game.object(t.object.id).controller == ctx.controller;
}

// The creatures on the battlefields in battlefield() order, kept in the game's rules cache and
// listed again when battlefield_key changed; nullptr while a view may apply more than the
// classic rule effects (an effect may make a land a creature), when the caller looks through
// every permanent. The key is enough while views apply the rule effects alone: those
// (changeling's creature types, the counters' power and toughness) change no card type, so a
// permanent is a creature then as its card says. A "target creature" spell in hand looked at every
// permanent at every priority, to find no creature in most games' early turns. Valid until the next
// edit.
const std::vector<ObjectId>* creatures_now(const Game& game) {
  if (!game.only_rule_effects()) return nullptr;
  KeptCreatures& kept = kept_creatures(game);
  const std::uint64_t key = battlefield_key(game.journal());
  if (kept.key != key) {
    kept.list.clear();
    const GameState& s = game.state();
    const CardPool& cards = game.cards();
    // The card's printed types, not a view: the same answer while only the rule effects apply
    // (above), without the view's look through the effects (8 169 views in 40 random games).
    for (const Player& seat : s.players)
      for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects)
        if (cards.at(s.objects[id.value].card).base.has_type(kCreature)) kept.list.push_back(id);
    kept.key = key;
  }
  return &kept.list;
}

// Calls `fn` with each permanent that may meet `needs` in battlefield() order, until it returns
// true (then so does this): every permanent, or for a creature the kept creatures alone. Its
// second argument says whether the rule effects alone apply (legal_permanent_target's
// `printed`): known true for the kept creatures (creatures_now), not asked otherwise.
template <class Fn>
bool any_permanent(const Game& game, const Needs& needs, Fn&& fn) {
  if (!(needs.zones & zone_bit(ZoneKind::battlefield))) return false;
  if (needs.card_type == kCreature)
    if (const std::vector<ObjectId>* creatures = creatures_now(game)) {
      for (ObjectId id : *creatures)
        if (fn(id, true)) return true;
      return false;
    }
  const GameState& s = game.state();
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects)
      if (fn(id, false)) return true;
  return false;
}

}  // namespace

// Asks everything of `t`, whatever the ability's requirement says: resolution checks the targets
// chosen (608.2b), few, and a requirement is only a shortcut for searching many.
bool is_legal_target(const Game& game, const Ability& ability, const ResolveContext& ctx,
                     std::size_t index, const Target& t) {
  if (t.is_object()) {
    if (!game.state().is_current(t.object)) return false;
    // A spell on the stack is a target only of "target spell" abilities (copies.cpp).
    if (game.object(t.object.id).zone.kind == ZoneKind::stack)
      return targets_spells(ability) && ability_accepts(game, ability, ctx, index, t);
    if (!on_battlefield(game, t.object.id)) return false;
    Characteristics scratch;
    return legal_permanent_target(game, ability, ctx, index, t, Needs{}, scratch);
  } else if (!t.is_player() || game.state().player(t.player).outcome != Outcome::playing) {
    return false;
  }
  return ability_accepts(game, ability, ctx, index, t);
}

std::vector<Target> legal_targets(const Game& game, const Ability& ability,
                                  const ResolveContext& ctx, std::size_t index) {
  std::vector<Target> out;
  legal_targets(game, ability, ctx, index, out);
  return out;
}

// The candidates are the players, the permanents and, for "target spell", the spells; a kind
// the ability's requirement excludes (a player for "target creature") is not looked through.
void legal_targets(const Game& game, const Ability& ability, const ResolveContext& ctx,
                   std::size_t index, std::vector<Target>& out) {
  out.clear();
  const Needs needs = needs_of(game, ability, ctx, index);
  if (needs.players)
    for (const Player& p : game.state().players) {
      const Target t = Target::of(p.id);
      if (is_legal_target(game, ability, ctx, index, t)) out.push_back(t);
    }
  // The permanents as battlefield() lists them, without building its list; each is current and
  // on the battlefield, so only is_legal_target's later questions are asked (has_legal_target).
  const GameState& s = game.state();
  Characteristics scratch;
  any_permanent(game, needs, [&](ObjectId id, bool printed) {
    const Target t = Target::of(s.objects[id.value].ref());
    if (legal_permanent_target(game, ability, ctx, index, t, needs, scratch, printed))
      out.push_back(t);
    return false;
  });
  if ((needs.zones & zone_bit(ZoneKind::stack)) && targets_spells(ability))
    for (auto it = s.stack.rbegin(); it != s.stack.rend(); ++it)  // spells, top of the stack first
      if (it->is_spell && is_legal_target(game, ability, ctx, index, Target::of(it->source)))
        out.push_back(Target::of(it->source));
}

// The same candidates in the same order, stopping at the first legal one: legal_actions asks
// this of every card in hand at every decision, and a burn spell's first candidate, a player,
// usually settles it.
bool has_legal_target(const Game& game, const Ability& ability, const ResolveContext& ctx,
                      std::size_t index) {
  const Needs needs = needs_of(game, ability, ctx, index);
  const GameState& s = game.state();
  if (needs.players)
    for (const Player& p : s.players)
      if (is_legal_target(game, ability, ctx, index, Target::of(p.id))) return true;
  // A permanent listed on the battlefield is current and on the battlefield: is_legal_target's
  // first questions, whose answer is known, are skipped (a spell that targets creatures asks
  // this of every permanent; with its requirement, of the kept creatures alone).
  Characteristics scratch;
  if (any_permanent(game, needs, [&](ObjectId id, bool printed) {
        return legal_permanent_target(game, ability, ctx, index,
                                      Target::of(s.objects[id.value].ref()), needs, scratch,
                                      printed);
      }))
    return true;
  if (!s.stack.empty() && (needs.zones & zone_bit(ZoneKind::stack)) && targets_spells(ability))
    for (const StackItem& item : s.stack)
      if (item.is_spell && is_legal_target(game, ability, ctx, index, Target::of(item.source)))
        return true;
  return false;
}

// --- marks ------------------------------------------------------------------------------------

namespace {
class NoEffect final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::ability; }
  bool affects(const Game&, const EffectContext&, ObjectId, const Characteristics&) const override {
    return false;
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics&) const override {}
  bool may_read_turn() const override { return false; }
};
}  // namespace

std::optional<Color> color_named(std::string_view word) {
  static constexpr std::array<std::string_view, kColorCount> kNames{"white", "blue", "black", "red",
                                                                    "green"};
  const auto it = std::ranges::find(kNames, word);
  if (it == kNames.end()) return std::nullopt;
  return static_cast<Color>(it - kNames.begin());
}

std::string a_or_an(std::string_view word) {
  return !word.empty() &&
                 std::string_view("AEIOUaeiou").find(word.front()) != std::string_view::npos
             ? "an "
             : "a ";
}

std::shared_ptr<const ContinuousEffect> no_effect() {
  static const auto none = std::make_shared<NoEffect>();
  return none;
}

FloatingEffect end_of_turn_effect(const ResolveContext& ctx, std::uint16_t ability) {
  FloatingEffect f;
  f.source = ctx.source;
  f.card = ctx.card;
  f.ability = ability;
  f.controller = ctx.controller;
  f.until = Duration::end_of_turn;
  return f;
}

AbilityDef make_ability_def(AbilityKind kind, const Params& params,
                            std::shared_ptr<const Ability> impl) {
  return AbilityDef{kind, impl->describe(), "rules-classic", params.where(), std::move(impl)};
}

AbilityDef mark_ability(const Params& params, const std::string& text) {
  return AbilityDef{AbilityKind::static_, text, "rules-classic", params.where(),
                    std::make_shared<StaticAbility>(no_effect(), text, ZoneMask{0})};
}

// --- counters in layer 7c -------------------------------------------------------------------

namespace {
class CountersEffect final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::pt_modify; }
  bool affects(const Game& game, const EffectContext&, ObjectId object,
               const Characteristics&) const override {
    const GameObject& o = game.object(object);
    if (o.counters.items.empty()) return false;  // most objects: asked at every view
    return o.counters.get(kPlusOne) != 0 || o.counters.get(kMinusOne) != 0;
  }
  void apply(const Game& game, const EffectContext&, ObjectId object,
             Characteristics& c) const override {
    const GameObject& o = game.object(object);
    const auto n = static_cast<std::int32_t>(o.counters.get(kPlusOne) - o.counters.get(kMinusOne));
    c.power += n;
    c.toughness += n;
  }
  bool may_read_turn() const override { return false; }  // the object's counters only
  Requirement requirement() const override { return {.counters = true, .keyword = {}}; }
};
}  // namespace

std::shared_ptr<const ContinuousEffect> counters_effect() {
  static const auto effect = std::make_shared<CountersEffect>();
  return effect;
}

// --- damage results (rule 120.3) ------------------------------------------------------------

DamageSource damage_source(const Game& game, ObjectId source, Characteristics& scratch) {
  if (std::optional<LastKnown> lk = game.rules().last_known(game, source)) {
    // A permanent that has left deals damage as it last existed on the battlefield (608.2h,
    // 702.15b): Mogg Fanatic sacrificed wearing Unflinching Courage still has lifelink.
    scratch = std::move(lk->characteristics);
    return {scratch, lk->controller};
  }
  if (game.state().exists(source))
    return {game.view(source, scratch), game.object(source).controller};
  scratch = Characteristics{};
  return {scratch, PlayerId{}};
}

void ClassicHooks::apply_damage(Game& game, const DamageEvent& damage) {
  const std::int32_t n = damage.amount;
  if (n <= 0) return;  // 614.7a: 0 damage is not damage
  Characteristics source_scratch;  // the source's view stays as it was below (damage_source)
  const auto [source, source_controller] = damage_source(game, damage.source, source_scratch);
  const bool infect = source.has_keyword(kInfect);
  if (damage.target.is_player()) {
    if (infect) {
      add_counters(game, damage.target, kPoison, n, damage.source);
    } else {
      lose_life(game, damage.target.player, n, damage.source);
    }
  } else if (damage.target.is_object() && game.state().exists(damage.target.object.id)) {
    const ObjectId id = damage.target.object.id;
    Characteristics scratch;
    const Characteristics& c = game.view(id, scratch);  // stays as it was, as the source's
    if (c.has_type(kPlaneswalker) && !c.has_type(kCreature)) {
      remove_counters(game, damage.target, kLoyalty, n, damage.source);
    } else if (c.has_type(kBattle) && !c.has_type(kCreature)) {  // 120.3h: defense counters
      remove_counters(game, damage.target, kDefense, n, damage.source);
    } else if (infect || source.has_keyword(kWither)) {
      add_counters(game, damage.target, kMinusOne, n, damage.source);
    } else {
      // Marked damage saturates at the int32 limit rather than overflow.
      const std::int64_t marked = std::int64_t{game.object(id).damage} + n;
      game.journal().set_damage(id, static_cast<std::int32_t>(std::min<std::int64_t>(
                                        marked, std::numeric_limits<std::int32_t>::max())));
    }
    if (source.has_keyword(kDeathtouch) && c.has_type(kCreature))
      game.journal().set_attr(id, kDeathtouched, 1);
  }
  if (source.has_keyword(kLifelink) && source_controller.valid())
    gain_life(game, source_controller, n, damage.source);
}

// --- destroy, regeneration, indestructible ------------------------------------------------

void destroy_simultaneously(Game& game, const std::vector<ObjectId>& objects, ObjectId source) {
  std::vector<ZoneMove> moves;
  for (ObjectId id : objects)
    if (on_battlefield(game, id) && !has_keyword(game, id, kIndestructible))
      moves.push_back({id, ZoneRef::graveyard(game.object(id).owner), Cause::destroy, source});
  move_in_one_event(game, moves);
}

void RegenerateAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  out.push_back(game.bus().on_replacement<ZoneChangeEvent>(
      [self](const Game& g,
             const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
        if (e.object != self || e.cause != Cause::destroy || e.from.kind != ZoneKind::battlefield)
          return std::nullopt;
        const GameObject& o = g.object(self);
        if (o.attrs.get(kRegenZc) != static_cast<std::int64_t>(o.zone_changes) + 1 ||
            o.attrs.get(kRegenShields) <= 0 || g.state().attrs.get(kNoRegenerate) != 0)
          return std::nullopt;
        return Replacement<ZoneChangeEvent>{
            "regenerate", self, [self](Game& game2, ZoneChangeEvent& z) {
              Journal& j = game2.journal();
              j.set_attr(self, kRegenShields, game2.object(self).attrs.get(kRegenShields) - 1);
              j.set_damage(self, 0);
              j.set_attr(self, kDeathtouched, 0);
              anvil::tap(game2, self, self);
              remove_from_combat(game2, self);
              z.cancelled = true;
              CustomEvent told;  // for observers (the log): the destruction did not happen
              told.kind = kRegenerated;
              told.subject = Target::of(game2.object(self).ref());
              told.source = self;
              emit(game2, told);
            }};
      }));
}

void RegenerateAbility::resolve(Game& game, const ResolveContext& ctx) const {
  if (!game.state().is_current(ctx.source) || !on_battlefield(game, ctx.source.id)) return;
  const GameObject& o = game.object(ctx.source.id);
  const std::int64_t zc = static_cast<std::int64_t>(o.zone_changes) + 1;
  // A shield of an earlier object (before a zone change) is gone.
  const std::int64_t shields = o.attrs.get(kRegenZc) == zc ? o.attrs.get(kRegenShields) : 0;
  game.journal().set_attr(o.id, kRegenZc, zc);
  game.journal().set_attr(o.id, kRegenShields, shields + 1);
}

std::string RegenerateAbility::describe() const { return "Regenerate CARDNAME."; }

void IndestructibleAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  out.push_back(game.bus().on_replacement<ZoneChangeEvent>(
      [self](const Game& g,
             const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
        if (e.object != self || e.cause != Cause::destroy || e.from.kind != ZoneKind::battlefield)
          return std::nullopt;
        if (!g.view(self).has_keyword(kIndestructible)) return std::nullopt;
        return Replacement<ZoneChangeEvent>{"indestructible", self,
                                            [](Game&, ZoneChangeEvent& z) { z.cancelled = true; }};
      }));
}

void DestroyAllAbility::resolve(Game& game, const ResolveContext& ctx) const {
  std::vector<ObjectId> doomed;
  for (ObjectId id : battlefield(game))
    if (!filter || game.view(id).has_type(filter)) doomed.push_back(id);
  const std::int64_t before = game.state().attrs.get(kNoRegenerate);
  if (!regenerate) game.journal().set_game_attr(kNoRegenerate, 1);
  destroy_simultaneously(game, doomed, ctx.source.id);
  if (!regenerate) game.journal().set_game_attr(kNoRegenerate, before);
}

std::string DestroyAllAbility::describe() const {
  return std::string("Destroy all ") + (filter == kCreature ? "creatures" : "such permanents") +
         "." + (regenerate ? "" : " They can't be regenerated.");
}

std::shared_ptr<const EffectStep> compile_do(const Param& effect, CompileContext& ctx) {
  std::string_view steps = effect.text();
  if (steps.starts_with("Drawback$")) steps.remove_prefix(9);
  auto verb = ctx.registry.get<EffectVerb>("Drawback", effect.where());
  CompileContext inner{ctx.registry, ctx.card, effect.where(), ctx.diagnostics};
  std::shared_ptr<const EffectStep> step = verb->compile(steps, inner);
  if (!step) effect.fail("'do' compiled to nothing");
  return step;
}

}  // namespace anvil::rules_classic
