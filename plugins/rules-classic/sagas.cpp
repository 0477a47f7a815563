// Sagas (rule 714): the keyword `chapter: {n: 1, do: "YouGainLife/2", target?: player}` — a
// chapter ability, "I — You gain 2 life." (`n: [2, 3]` writes "II, III — …": one chapter ability
// per number, 714.2d) — and the rules that make a Saga tell its story:
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

std::string roman(std::int64_t n) {
  static const std::array<const char*, kMaxChapter + 1> kRoman{
      "", "I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX", "X"};
  return kRoman.at(static_cast<std::size_t>(n));
}

// "I — You gain 2 life." Tgt of the Drawback$ steps is the target player, or the Saga's
// controller when the chapter has no target.
class ChapterAbility final : public Ability {
 public:
  std::int64_t chapter = 1;
  bool targets_player = false, opponent_only = false;
  std::shared_ptr<const EffectStep> effect;
  std::string text;

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override;
  std::size_t target_count() const override { return targets_player ? 1 : 0; }
  std::string target_prompt(std::size_t) const override {
    return opponent_only ? "Choose an opponent" : "Choose a player";
  }
  bool can_target(const Game&, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    return t.is_player() && (!opponent_only || t.player != ctx.controller);
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    std::array<Target, 1> tgt{Target::of(ctx.controller)};
    if (targets_player) {  // rechecked by resolve_top (608.2b)
      if (ctx.targets.empty() || !ctx.targets[0].is_player()) return;
      tgt[0] = ctx.targets[0];
    }
    ResolveContext then = ctx;
    then.targets = tgt;
    effect->run(game, then, 0);
  }
  std::string describe() const override { return text; }
};

std::uint16_t index_of(const Game& game, ObjectId self, const Ability* ability) {
  const CardDef& def = game.card(self);
  for (std::size_t i = 0; i < def.abilities.size(); ++i)
    if (def.abilities[i].impl.get() == ability) return static_cast<std::uint16_t>(i);
  throw RulesError("chapter: the ability is not on " + def.name);
}

void ChapterAbility::connect(Game& game, ObjectId self, std::vector<Connection>& out) const {
  const std::uint16_t index = index_of(game, self, this);
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
        g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
      }));
}

// 714.3a: "As a Saga enters the battlefield, its controller puts a lore counter on it."
class SagaEntersAbility final : public Ability {
 public:
  std::int64_t last = 1;  // the final chapter, for the reminder text only
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    out.push_back(
        game.bus().on_trigger<ZoneChangeEvent>([self](Game& g, const ZoneChangeEvent& e) {
          if (e.object != self || e.to.kind != ZoneKind::battlefield ||
              e.from.kind == ZoneKind::battlefield || !on_battlefield(g, self) ||
              !g.view(self).has_subtype(kSaga))
            return;
          add_counters(g, Target::of(g.object(self).ref()), kLore, 1, self);
        }));
  }
  std::string describe() const override {
    return "(As this Saga enters and after your draw step, add a lore counter. Sacrifice after " +
           roman(last) + ".)";
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

// chapter: {n: 1, do: "YouGainLife/2", target: opponent}; n: [2, 3] for "II, III — …".
class ChapterKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"n", "do", "target?"});
    if (!ctx.card.base.has_subtype(kSaga))
      params.fail("'chapter' is for Sagas: '" + ctx.card.name + "' has no subtype Saga",
                  "types: Enchantment — Saga");
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
    bool targets_player = false, opponent_only = false;
    if (const Param* t = b.optional("target")) {
      if (t->text() != "player" && t->text() != "opponent")
        t->fail("a chapter's target is 'player' or 'opponent'");
      targets_player = true;
      opponent_only = t->text() == "opponent";
    }
    const std::shared_ptr<const EffectStep> effect = compile_do(b.required("do"), ctx);
    std::string does = effect->describe();
    if (!does.empty())
      does[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(does[0])));
    if (targets_player && does.starts_with("That player"))  // Tgt is the target here
      does.replace(0, 11, opponent_only ? "Target opponent" : "Target player");
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
    for (std::int64_t c : chapters) {
      auto impl = std::make_shared<ChapterAbility>();
      impl->chapter = c;
      impl->targets_player = targets_player;
      impl->opponent_only = opponent_only;
      impl->effect = effect;
      impl->text = roman(c) + " \u2014 " + does + ".";
      ctx.card.abilities.push_back(
          AbilityDef{AbilityKind::triggered, impl->text, "rules-classic", params.where(), impl});
    }
  }
  std::string summary() const override {
    return "chapter: {n: 1, do: \"<Drawback$ steps>\", target?: player|opponent} — a Saga's "
           "chapter ability (n: [2, 3] for several chapters with one effect)";
  }
};

}  // namespace

void add_lore_counters(Game& game) {
  const PlayerId active = game.state().turn.active;
  for (ObjectId id : controlled(game, active)) {
    if (!on_battlefield(game, id) || !game.view(id).has_subtype(kSaga)) continue;
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
}

}  // namespace anvil::rules_classic
