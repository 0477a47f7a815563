// Counter limits (704.5r): the keyword `counter_limit: {kind: "+1/+1", max: 1}` — "CARDNAME
// can't have more than one +1/+1 counter on it." — and the state-based action it brings: "If a
// permanent with an ability that says it can't have more than N counters of a certain kind on it
// has more than N counters of that kind, all but N of those counters are removed from it."
//
// The limit does not stop counters from being put on: an effect puts them all (and whatever
// triggers on that sees them), and the next state-based check removes the excess, in the same
// event as every other state-based action (state_based.cpp). A permanent with +1/+1 and -1/-1
// counters annihilates them first (704.5q), and the limit then leaves at most N: both describe
// what is left, so the order only matters for the counters removed, never for the result.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// "one", "two" … "ten", then digits: as rules text writes small numbers.
std::string number_word(std::int64_t n) {
  static const char* const kWords[] = {"zero", "one", "two",   "three", "four", "five",
                                       "six",  "seven", "eight", "nine",  "ten"};
  return n >= 0 && n <= 10 ? kWords[n] : std::to_string(n);
}

class CounterLimitAbility final : public Ability {
 public:
  Symbol kind;
  std::string kind_name;
  std::int64_t max = 0;
  std::string describe() const override {
    return "CARDNAME can't have more than " + number_word(max) + " " + kind_name + " counter" +
           (max == 1 ? "" : "s") + " on it.";
  }
};

// counter_limit: {kind: "+1/+1", max: 1}
class CounterLimitKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"kind", "max"});
    const Param& kind = b.required("kind");
    if (kind.text().empty() || kind.text().find(' ') != std::string::npos)
      kind.fail("a counter kind is one word", "kind: \"+1/+1\", kind: lore");
    const Param& max = b.required("max");
    const std::int64_t n = max.integer();
    if (n < 0 || n > 1000) max.fail("a counter limit is 0 to 1000");
    for (const AbilityDef& a : ctx.card.abilities)
      if (const auto* other = dynamic_cast<const CounterLimitAbility*>(a.impl.get());
          other && other->kind_name == kind.text())
        kind.fail("'" + ctx.card.name + "' already limits its " + kind.text() + " counters");
    auto impl = std::make_shared<CounterLimitAbility>();
    impl->kind = Symbol(kind.text());
    impl->kind_name = kind.text();
    impl->max = n;
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::static_, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "counter_limit: {kind: \"+1/+1\", max: 1} — CARDNAME can't have more than max "
           "counters of that kind on it (704.5r)";
  }
};

}  // namespace

std::vector<CounterLimit> counter_limits(const Game& game, ObjectId permanent) {
  std::vector<CounterLimit> out;
  for (const AbilityDef& a : game.card(permanent).abilities)
    if (const auto* limit = dynamic_cast<const CounterLimitAbility*>(a.impl.get()))
      out.push_back({limit->kind, limit->max});
  return out;
}

bool enforce_counter_limits(Game& game, const std::vector<std::pair<ObjectId, CounterLimit>>& limits) {
  bool acted = false;
  for (const auto& [id, limit] : limits) {
    if (!on_battlefield(game, id)) continue;
    const std::int64_t excess = game.object(id).counters.get(limit.kind) - limit.max;
    if (excess <= 0) continue;  // annihilation (704.5q) may have removed them already
    remove_counters(game, Target::of(game.object(id).ref()), limit.kind,
                    static_cast<std::int32_t>(excess));
    acted = true;
  }
  return acted;
}

void register_counter_limit_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("counter_limit", std::make_shared<CounterLimitKeyword>());
}

}  // namespace anvil::rules_classic
