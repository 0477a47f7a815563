// Sagas (rule 714): the keyword `chapter: {n: 1, do: "YouGainLife/2", target?: player}` — a
// chapter ability, "I — You gain 2 life." (`n: [2, 3]` writes "II, III — …": one chapter ability
// per number, 714.2d); on a creature, `{n, target: creature_you_control, greatest_power: true,
// counter: "+1/+1"}` or `grant: [Flying]` until end of turn (Triumph of Gerrard) — the keyword
// `read_ahead`, and the rules that make a Saga tell its story:
//
//  - 714.3a: as a Saga enters the battlefield its controller puts a lore counter on it. The first
//    `chapter` of a card also gives it SagaEntersAbility, which puts the counter on as the move
//    onto the battlefield is announced, before any trigger of that move reaches the stack (the
//    way effect-drawback's ChoosePlayer makes its choice): nobody sees the Saga without it.
//  - 714.3b: as its controller's precombat main phase begins, a lore counter is put on each Saga
//    they control — a turn-based action (add_lore_counters, called by turn.cpp's begin_step).
//  - 714.2b: a chapter ability triggers when a lore counter put on the Saga takes the count from
//    below its chapter number to at or above it. Removing counters triggers nothing, and a
//    counter on a Saga already at or above the number does not trigger it again. Chapter
//    abilities are ordinary triggered abilities: they use the stack, their targets are chosen as
//    they are put on it (state_based.cpp's put_triggers), and they resolve even if the Saga left.
//  - 704.5s: a Saga whose lore counters reached its final chapter number, and that is not the
//    source of a chapter ability that has triggered but not yet left the stack (waiting to be put
//    on it, or on it), is sacrificed (finished_sagas, read by state_based.cpp's pass).
//  - 714.3c, 702.155: read ahead (the keyword `read_ahead`). As such a Saga enters, its
//    controller chooses a number from one to its final chapter number (ChoiceKind::number) and
//    it enters with that many lore counters, in one counter event; chapter abilities with a lower
//    number don't trigger from it. The chosen number is kept on the Saga (kReadAhead) only while
//    that event happens, so later counters trigger every chapter they reach, as for any Saga.
//
// Lore counters put on by a scenario's position are there already: they trigger nothing.
#include <algorithm>
#include <array>
#include <cctype>
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

constexpr std::int64_t kMaxChapter = 10;
// Object attr: the chapter a read-ahead Saga chose, while the counters it enters with go on.
constexpr Symbol kReadAhead = "read_ahead_chapter"_sym;

std::string roman(std::int64_t n) {
  static const std::array<const char*, kMaxChapter + 1> kRoman{
      "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"};
  return kRoman.at(static_cast<std::size_t>(n));
}

// What a chapter targets: nothing, a player, an opponent, or a creature its controller controls
// (Triumph of Gerrard: "target creature you control with the greatest power").
enum class ChapterTarget : std::uint8_t { none, player, opponent, creature_you_control };

// "I — You gain 2 life." Tgt of the Drawback$ steps is the target player, or the Saga's
// controller when the chapter has no target. A chapter targeting a creature puts a counter on it
// (`counter`) or gives it keywords until end of turn (`grant`) instead.
class ChapterAbility final : public Ability {
 public:
  std::int64_t chapter = 1;
  ChapterTarget target = ChapterTarget::none;
  bool greatest_power = false;  // among the creatures its controller controls
  std::shared_ptr<const EffectStep> effect;
  Symbol counter;               // put one counter of this kind on the target creature
  std::uint16_t grant_ability = 0;  // or: the floating keywords' ability (0: none)
  std::string text;

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  std::size_t target_count() const override { return target == ChapterTarget::none ? 0 : 1; }
  std::string target_prompt(std::size_t) const override {
    return target == ChapterTarget::opponent               ? "Choose an opponent"
           : target == ChapterTarget::creature_you_control ? "Choose a creature you control"
                                                           : "Choose a player";
  }
  bool can_target(const Game& game, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    if (target == ChapterTarget::creature_you_control) {
      if (!t.is_object() || !is_creature(game, t.object.id) ||
          game.object(t.object.id).controller != ctx.controller)
        return false;
      if (!greatest_power) return true;
      const std::int32_t power = game.view(t.object.id).power;
      for (ObjectId other : controlled(game, ctx.controller))
        if (is_creature(game, other) && game.view(other).power > power) return false;
      return true;
    }
    return t.is_player() && (target != ChapterTarget::opponent || t.player != ctx.controller);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    if (target == ChapterTarget::creature_you_control) {  // rechecked by resolve_top (608.2b)
      if (ctx.targets.empty() || !ctx.targets[0].is_object()) return;
      if (counter) add_counters(game, ctx.targets[0], counter, 1, ctx.source.id);
      if (grant_ability != 0) {
        FloatingEffect f = end_of_turn_effect(ctx, grant_ability);
        f.affected = ctx.targets[0];
        game.add_effect(f);
      }
      return;
    }
    std::array<Target, 1> tgt{Target::of(ctx.controller)};
    if (target != ChapterTarget::none) {
      if (ctx.targets.empty() || !ctx.targets[0].is_player()) return;
      tgt[0] = ctx.targets[0];
    }
    ResolveContext then = ctx;
    then.targets = tgt;
    effect->run(game, then, 0);
  }
  std::string describe() const override { return text; }
};

void ChapterAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  const std::uint16_t index = ability_index(game, self, this);
  const std::int64_t n = chapter;
  out.push_back(game.bus().on_trigger<CounterChangeEvent>(
      [self, index, n](Game& g, const CounterChangeEvent& e) {
        if (e.delta <= 0 || e.kind != kLore || !e.target.is_object() ||
            e.target.object.id != self || !on_battlefield(g, self))
          return;
        const GameObject& o = g.object(self);
        const std::int64_t after = o.counters.get(kLore);
        const std::int64_t before = after - e.delta;
        if (before >= n || after < n) return;  // 714.2b: only the counter that reaches n
        if (n < o.attrs.get(kReadAhead)) return;  // 714.3c: a chapter read past
        g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
      }));
}

// "Read ahead (Choose a chapter and start with that many lore counters. Add one after your draw
// step. Skipped chapters don't trigger.)": a mark SagaEntersAbility reads.
class ReadAheadAbility final : public Ability {
 public:
  std::string describe() const override {
    return "Read ahead (Choose a chapter and start with that many lore counters. Add one after "
           "your draw step. Skipped chapters don't trigger.)";
  }
};

const ChapterAbility* chapter_of(const CardDef& def, std::size_t ability) {
  if (ability >= def.abilities.size() || def.abilities[ability].kind != AbilityKind::triggered)
    return nullptr;
  return dynamic_cast<const ChapterAbility*>(def.abilities[ability].impl.get());
}

// 714.2c: the greatest chapter number among its chapter abilities; 0 without any.
std::int64_t final_chapter(const CardDef& def) {
  std::int64_t last = 0;
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (const ChapterAbility* c = chapter_of(def, i)) last = std::max(last, c->chapter);
  return last;
}

bool reads_ahead(const CardDef& def) {
  return std::any_of(def.abilities.begin(), def.abilities.end(), [](const AbilityDef& a) {
    return dynamic_cast<const ReadAheadAbility*>(a.impl.get()) != nullptr;
  });
}

// 714.3c: the controller chooses the chapter the Saga starts at, one to its final chapter.
std::int64_t choose_chapter(Game& game, ObjectId saga) {
  const std::int64_t last = final_chapter(game.card(saga));
  if (last <= 1) return 1;
  Choice choice;
  choice.kind = ChoiceKind::number;
  choice.player = game.object(saga).controller;
  choice.prompt = "Read ahead: choose the chapter " + game.card(saga).name + " starts at";
  choice.source = saga;
  for (std::int64_t n = 1; n <= last; ++n)
    choice.options.push_back(
        {"chapter " + roman(n), Target::of(game.object(saga).ref()), n});
  choice.min_picks = choice.max_picks = 1;
  return choice.options.at(game.ask(choice).picks.at(0)).value;
}

// 714.3a: "As a Saga enters the battlefield, its controller puts a lore counter on it." — or, with
// read ahead, the number of lore counters chosen (714.3c).
class SagaEntersAbility final : public Ability {
 public:
  std::int64_t last = 1;  // the final chapter, for the reminder text only
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(
        game.bus().on_trigger<ZoneChangeEvent>([self](Game& g, const ZoneChangeEvent& e) {
          if (!entered_battlefield(g, self, e) || !g.view(self).has_subtype(kSaga)) return;
          const std::int64_t n = reads_ahead(g.card(self)) ? choose_chapter(g, self) : 1;
          if (n > 1) g.journal().set_attr(self, kReadAhead, n);
          add_counters(g, Target::of(g.object(self).ref()), kLore, static_cast<std::int32_t>(n),
                       self);
          if (n > 1) g.journal().set_attr(self, kReadAhead, 0);
        }));
  }
  std::string describe() const override {
    return "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after " +
           roman(last) + ".)";
  }
};

// A chapter ability of this very object (not of an earlier one, 400.7) that triggered and has
// not left the stack: waiting to be put on it, or on it.
bool chapter_pending(const Game& game, ObjectId saga) {
  const ObjectRef ref = game.object(saga).ref();
  for (const PendingTrigger& t : game.state().pending_triggers)
    if (t.source == ref && chapter_of(game.cards().at(t.card), t.ability)) return true;
  for (const StackItem& s : game.state().stack)
    if (!s.is_spell && s.source == ref && chapter_of(game.cards().at(s.card), s.ability))
      return true;
  return false;
}

// "flying, first strike, and lifelink", as rules text lists keywords.
std::string keyword_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (i) out += names.size() == 2 ? " and " : i + 1 == names.size() ? ", and " : ", ";
    for (char c : names[i]) out += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  }
  return out;
}

// chapter: {n: 1, do: "YouGainLife/2", target: opponent}; n: [2, 3] for "II, III — …".
// On a creature: {n: [1, 2], target: creature_you_control, greatest_power: true, counter: "+1/+1"}
// or {…, grant: [Flying, First Strike, Lifelink]} (until end of turn).
class ChapterKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b =
        params.bind({"n", "do?", "target?", "greatest_power?", "counter?", "grant?"});
    if (!ctx.card.base.has_subtype(kSaga))
      params.fail("'chapter' is for Sagas: '" + ctx.card.name + "' has no subtype Saga",
                  "types: Enchantment \u2014 Saga");
    const Param& n = b.required("n");
    std::vector<std::int64_t> chapters;
    for (const Param& item : n.is_list() ? n.items() : std::vector<Param>{n}) {
      const std::int64_t c = item.integer();
      if (c < 1 || c > kMaxChapter)
        item.fail("a chapter number is 1 to " + std::to_string(kMaxChapter));
      if (std::find(chapters.begin(), chapters.end(), c) != chapters.end())
        item.fail("chapter " + roman(c) + " is listed twice");
      chapters.push_back(c);
    }
    if (chapters.empty()) n.fail("'n' lists no chapter number", "n: 1, or n: [2, 3]");
    ChapterTarget target = ChapterTarget::none;
    if (const Param* t = given(b, "target")) {
      if (t->text() == "player")
        target = ChapterTarget::player;
      else if (t->text() == "opponent")
        target = ChapterTarget::opponent;
      else if (t->text() == "creature_you_control")
        target = ChapterTarget::creature_you_control;
      else
        t->fail("a chapter's target is 'player', 'opponent' or 'creature_you_control'");
    }
    const bool on_creature = target == ChapterTarget::creature_you_control;
    bool greatest_power = false;
    if (const Param* g = given(b, "greatest_power")) {
      greatest_power = g->boolean();
      if (greatest_power && !on_creature)
        g->fail("'greatest_power' qualifies a creature target", "target: creature_you_control");
    }
    const Param* do_ = given(b, "do");
    const Param* counter = given(b, "counter");
    const Param* grant = given(b, "grant");
    if ((do_ != nullptr) + (counter != nullptr) + (grant != nullptr) != 1)
      params.fail("a chapter does one thing: 'do' (Drawback$ steps), 'counter' or 'grant'");
    if (on_creature == (do_ != nullptr))
      params.fail(on_creature ? "a chapter targeting a creature takes 'counter' or 'grant', not 'do'"
                              : "'counter' and 'grant' need target: creature_you_control");

    std::string does;
    std::shared_ptr<const EffectStep> effect;
    Symbol counter_kind;
    std::vector<std::string> keywords;
    const std::string creature = std::string("target creature you control") +
                                 (greatest_power ? " with the greatest power" : "");
    if (do_) {
      effect = compile_do(*do_, ctx);
      does = effect->describe();
      if (!does.empty())
        does[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(does[0])));
      if (target != ChapterTarget::none && does.starts_with("That player"))  // Tgt: the target
        does.replace(0, 11,
                     target == ChapterTarget::opponent ? "Target opponent" : "Target player");
    } else if (counter) {
      if (counter->text().empty() || counter->text().find(' ') != std::string::npos)
        counter->fail("a counter kind is one word", "counter: \"+1/+1\"");
      counter_kind = Symbol(counter->text());
      does = "Put a " + counter->text() + " counter on " + creature;
    } else {
      for (const Param& k : grant->is_list() ? grant->items() : std::vector<Param>{*grant}) {
        if (!ctx.registry.find<KeywordHandler>(k.text()) || k.text().empty() ||
            !std::isupper(static_cast<unsigned char>(k.text()[0])))
          k.fail("'" + k.text() + "' is not a keyword", "grant: [Flying, First Strike]");
        keywords.push_back(k.text());
      }
      does = creature + " gains " + keyword_list(keywords) + " until end of turn";
      does[0] = 'T';
    }
    // The first chapter of a card brings the lore counter it enters with (714.3a); each later
    // one renews its reminder text, which names the final chapter.
    auto enters = std::make_shared<SagaEntersAbility>();
    enters->last = *std::max_element(chapters.begin(), chapters.end());
    auto at = std::find_if(ctx.card.abilities.begin(), ctx.card.abilities.end(),
                           [](const AbilityDef& a) {
                             return dynamic_cast<const SagaEntersAbility*>(a.impl.get()) != nullptr;
                           });
    if (at == ctx.card.abilities.end()) {
      ctx.card.abilities.push_back(AbilityDef{AbilityKind::static_, enters->describe(),
                                              "rules-classic", params.where(), enters});
    } else {
      enters->last = std::max(
          enters->last, static_cast<const SagaEntersAbility&>(*at->impl).last);
      at->text = enters->describe();
      at->impl = enters;
    }
    // Keywords until end of turn: floating effects naming an ability that is never active by
    // itself, added before the chapters that name it.
    std::uint16_t grant_ability = 0;
    if (!keywords.empty()) {
      auto e = std::make_shared<GrantEffect>(Layer::ability);
      e->floating = true;
      for (const std::string& k : keywords) e->keywords.emplace_back(k);
      grant_ability = static_cast<std::uint16_t>(ctx.card.abilities.size());
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::static_, "(keywords)", "rules-classic", params.where(),
                     std::make_shared<StaticAbility>(e, "(keywords)", ZoneMask{0})});
    }
    for (std::int64_t c : chapters) {
      auto impl = std::make_shared<ChapterAbility>();
      impl->chapter = c;
      impl->target = target;
      impl->greatest_power = greatest_power;
      impl->effect = effect;
      impl->counter = counter_kind;
      impl->grant_ability = grant_ability;
      impl->text = roman(c) + " \u2014 " + does + ".";
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
    }
    add_granted_protection(keywords, params, ctx);
  }
  std::string summary() const override {
    return "chapter: {n: 1, do: \"<Drawback$ steps>\", target?: player|opponent} or {n, target: "
           "creature_you_control, greatest_power?: true, counter: \"+1/+1\" | grant: [Flying]} — "
           "a Saga's chapter ability (n: [2, 3] for several chapters with one effect)";
  }
};

// read_ahead (no parameters), on a Saga.
class ReadAheadKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    (void)params.bind({});
    if (!ctx.card.base.has_subtype(kSaga))
      params.fail("'read_ahead' is for Sagas: '" + ctx.card.name + "' has no subtype Saga",
                  "types: Enchantment \u2014 Saga");
    if (reads_ahead(ctx.card)) params.fail("'read_ahead' is given twice");
    auto impl = std::make_shared<ReadAheadAbility>();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::static_, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "read_ahead — as this Saga enters, choose a chapter; it enters with that many lore "
           "counters and lower chapters don't trigger (714.3c)";
  }
};

}  // namespace

std::uint16_t ability_index(const Game& game, ObjectId self, const Ability* ability) {
  const CardDef& def = game.card(self);
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (def.abilities[i].impl.get() == ability) return static_cast<std::uint16_t>(i);
  throw RulesError("an ability is not on " + def.name + ", whose abilities connected it");
}

void add_lore_counters(Game& game) {
  // No card of the game is a Saga and only the rules' own effects apply (changeling adds creature
  // types alone): no permanent is a Saga, and the look below would find none.
  if (!(card_features(game) & kCardsHaveSagas) && game.only_rule_effects()) return;
  const PlayerId active = game.state().turn.active;
  Characteristics scratch;  // for the permanents an effect applies to (Game::view)
  // First whether there is a Saga at all, walking the battlefield without building
  // controlled()'s list: this runs at every precombat main phase, and mostly there is none.
  const GameState& s = game.state();
  bool any_saga = false;
  for (const Player& seat : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(seat.id)).objects)
      any_saga = any_saga || (s.objects[id.value].controller == active &&
                              game.view(id, scratch).has_subtype(kSaga));
  if (!any_saga) return;
  for (ObjectId id : controlled(game, active)) {
    if (!on_battlefield(game, id) || !game.view(id, scratch).has_subtype(kSaga)) continue;
    add_counters(game, Target::of(game.object(id).ref()), kLore, 1);
  }
}

std::vector<ObjectId> finished_sagas(const Game& game, const std::vector<ObjectId>& sagas) {
  std::vector<ObjectId> out;
  for (ObjectId id : sagas) {
    const std::int64_t last = final_chapter(game.card(id));
    if (last == 0 || game.object(id).counters.get(kLore) < last) continue;
    if (!chapter_pending(game, id)) out.push_back(id);
  }
  return out;
}

void register_saga_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("chapter", std::make_shared<ChapterKeyword>());
  registrar.add<KeywordHandler>("read_ahead", std::make_shared<ReadAheadKeyword>());
}

}  // namespace anvil::rules_classic
