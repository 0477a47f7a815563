// Permanents that enter with counters and lose one each upkeep:
//
//  - `fading: {count: 3}` (702.32a): "This permanent enters with three fade counters on it. At
//    the beginning of your upkeep, remove a fade counter from it. If you can't, sacrifice it."
//    (Blastoderm: three upkeeps with counters to remove, sacrificed at the fourth.)
//  - `vanishing: {count: 3}` (702.63a): "This permanent enters with three time counters on it.
//    At the beginning of your upkeep, if this permanent has a time counter on it, remove a time
//    counter from it. When the last time counter is removed from this permanent, sacrifice it."
//    The last of these is a triggered ability of its own, the keyword's second entry in the
//    card's ability list; it triggers whatever removed the counter.
//
// "Enters with" puts the counters on as the permanent enters, in one counter event, as a Saga's
// lore counter (sagas.cpp).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

inline constexpr Symbol kFade = "fade"_sym;
inline constexpr Symbol kTime = "time"_sym;

bool has_time_counter(const Game& game, ObjectId self) {
  return game.object(self).counters.get(kTime) > 0;
}

std::string counters_text(std::int64_t n, std::string_view kind) {
  return (n == 1 ? "a " + std::string(kind) + " counter"
                 : std::to_string(n) + " " + std::string(kind) + " counters");
}

// The upkeep part of fading or vanishing; its connect also puts the counters on as the
// permanent enters.
class CountdownAbility final : public Ability {
 public:
  bool vanishing = false;  // else fading
  std::int32_t count = 1;

  Symbol kind() const { return vanishing ? kTime : kFade; }

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::uint16_t index = ability_index(game, self, this);
    const CountdownAbility* me = this;
    out.push_back(
        game.bus().on_trigger<ZoneChangeEvent>([self, me](Game& g, const ZoneChangeEvent& e) {
          if (!entered_battlefield(g, self, e)) return;
          add_counters(g, Target::of(g.object(self).ref()), me->kind(), me->count, self);
        }));
    // Vanishing's intervening "if" (603.4): only with a time counter to remove.
    out.push_back(on_controllers_upkeep(game, self, index, vanishing ? has_time_counter : nullptr));
  }

  void resolve(Game& game, const ResolveContext& ctx) const override {
    const ObjectId self = ctx.source.id;
    if (!game.state().is_current(ctx.source) || !on_battlefield(game, self)) return;
    const Target it = Target::of(game.object(self).ref());
    if (vanishing) {
      if (has_time_counter(game, self)) remove_counters(game, it, kTime, 1, self);
      return;  // the sacrifice is the other ability's, when the last counter goes
    }
    if (game.object(self).counters.get(kFade) > 0 && remove_counters(game, it, kFade, 1, self) > 0)
      return;
    sacrifice_source(game, ctx);  // "If you can't, sacrifice it."
  }

  std::string describe() const override {
    const std::string n = std::to_string(count);
    if (vanishing)
      return "Vanishing " + n + " (This permanent enters with " + counters_text(count, "time") +
             " on it. At the beginning of your upkeep, remove a time counter from it. When the "
             "last is removed, sacrifice it.)";
    return "Fading " + n + " (This permanent enters with " + counters_text(count, "fade") +
           " on it. At the beginning of your upkeep, remove a fade counter from it. If you can't, "
           "sacrifice it.)";
  }
};

// Vanishing's "When the last time counter is removed from this permanent, sacrifice it."
class LastTimeCounterAbility final : public Ability {
 public:
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(game.bus().on_trigger<CounterChangeEvent>([self, index](
                                                                Game& g,
                                                                const CounterChangeEvent& e) {
      if (e.kind != kTime || e.delta >= 0 || !e.target.is_object() || e.target.object.id != self ||
          !on_battlefield(g, self))
        return;
      const GameObject& o = g.object(self);
      if (o.counters.get(kTime) != 0) return;
      g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
    }));
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    sacrifice_source(game, ctx);
  }
  std::string describe() const override {
    return "When the last time counter is removed from CARDNAME, sacrifice it.";
  }
};

// fading: {count: 3}, vanishing: {count: 3}
class CountdownKeyword final : public KeywordHandler {
 public:
  explicit CountdownKeyword(bool vanishing) : vanishing_(vanishing) {}

  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"count"});
    const Param& n = b.required("count");
    const std::int64_t count = n.integer();
    if (count < 1 || count > 100) n.fail("'count' is a number of counters from 1 to 100");
    auto impl = std::make_shared<CountdownAbility>();
    impl->vanishing = vanishing_;
    impl->count = static_cast<std::int32_t>(count);
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, impl->describe(),
                                            "rules-classic", params.where(), impl});
    if (vanishing_) {
      auto last = std::make_shared<LastTimeCounterAbility>();
      ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, last->describe(),
                                              "rules-classic", params.where(), last});
    }
  }
  std::string summary() const override {
    return vanishing_ ? "vanishing: {count: 3} — enters with time counters, loses one each "
                        "upkeep, sacrificed when the last goes (702.63)"
                      : "fading: {count: 3} — enters with fade counters, loses one each upkeep, "
                        "sacrificed when it has none to lose (702.32)";
  }

 private:
  bool vanishing_;
};

}  // namespace

void register_countdown_keywords(Registrar& registrar) {
  registrar.add<KeywordHandler>("fading", std::make_shared<CountdownKeyword>(false));
  registrar.add<KeywordHandler>("vanishing", std::make_shared<CountdownKeyword>(true));
}

}  // namespace anvil::rules_classic
