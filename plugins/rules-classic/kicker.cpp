// Kicker (702.33): the keyword `kicker: {cost: "{4}"}` — "You may pay an additional {4} as you
// cast this spell." As the spell is cast (601.2b, before its targets), its caster is asked
// "Pay kicker {4} for Burst Lightning?" when they could pay the mana cost and the kicker together;
// a spell whose kicker was paid is kicked (kKicked: the object's zone changes + 1 on the stack).
// A kicked spell that resolves into a permanent stays "kicked" on the battlefield (it moved once
// since: was_kicked), which an enters trigger's `if: "it was kicked"` reads; `damage: {amount: 2,
// kicked: 4}` deals the second amount for a kicked spell (Burst Lightning).
//
// Multikicker (702.33c): `multikicker: {cost: "{1}{G}"}` — the additional cost may be paid any
// number of times; the caster is asked how many (0 to as many as they could pay), and the spell
// is kicked that many times (kKickCount beside the mark). `kicked_counters: {kind: "+1/+1"}`:
// "CARDNAME enters with a +1/+1 counter on it for each time it was kicked" (Gnarlid Pack).
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

constexpr Symbol kKickCount = "kick_count"_sym;  // multikicker: how many times (kicker: unset)
constexpr std::int64_t kMostKicks = 20;          // a multikicker question offers at most this many

class KickerAbility final : public Ability {
 public:
  ManaCost cost;
  std::string cost_text;  // "{4}"
  bool multi = false;     // multikicker

  std::string describe() const override {
    if (multi)
      return "Multikicker " + cost_text + " (You may pay an additional " + cost_text +
             " any number of times as you cast this spell.)";
    return "Kicker " + cost_text + " (You may pay an additional " + cost_text +
           " as you cast this spell.)";
  }
};

// kicker: {cost: "{4}"}, multikicker: {cost: "{1}{G}"}
class KickerKeyword final : public KeywordHandler {
 public:
  explicit KickerKeyword(bool multi) : multi_(multi) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    const char* name = multi_ ? "multikicker" : "kicker";
    const Bound b = params.bind({"cost"});
    const Param& c = b.required("cost");
    if (!ctx.card.base.cost.present)
      params.fail(std::string(name) +
                  " is an additional cost to cast the card: it needs a mana cost");
    if (first_ability<KickerAbility>(ctx.card, AbilityKind::keyword))
      params.fail("a card has one kicker or multikicker (two kicker costs are not supported)");
    auto impl = std::make_shared<KickerAbility>();
    impl->cost = parse_mana_only(c, multi_ ? "a multikicker cost" : "a kicker cost",
                                 std::string(name) + ": {cost: \"{4}\"}");
    impl->cost_text = c.text();
    impl->multi = multi_;
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::keyword, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    if (multi_)
      return "multikicker: {cost: \"{1}{G}\"} — an additional cost the caster may pay any "
             "number of times; the spell is kicked that many times (702.33c)";
    return "kicker: {cost: \"{4}\"} — an additional cost the caster may pay; the spell is then "
           "kicked (702.33)";
  }

 private:
  bool multi_;
};

// kicked_counters: {kind: "+1/+1"} — "CARDNAME enters with a +1/+1 counter on it for each time
// it was kicked": put on as the permanent enters from the stack as the kicked spell.
class KickedCountersAbility final : public Ability {
 public:
  Symbol kind;
  std::string kind_text;  // "+1/+1"

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const Symbol k = kind;
    out.push_back(game.bus().on_trigger<ZoneChangeEvent>([self, k](Game& g,
                                                                   const ZoneChangeEvent& e) {
      if (e.object != self || e.from.kind != ZoneKind::stack || e.to.kind != ZoneKind::battlefield)
        return;
      if (const std::int64_t n = kick_count(g, self); n > 0)
        add_counters(g, Target::of(g.object(self).ref()), k, static_cast<std::int32_t>(n), self);
    }));
  }
  std::string describe() const override {
    return "CARDNAME enters with a " + kind_text + " counter on it for each time it was kicked.";
  }
};

class KickedCountersKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"kind"});
    const Param& k = b.required("kind");
    if (k.text().empty() || k.text().find(' ') != std::string::npos)
      k.fail("a counter kind is one word", "kind: \"+1/+1\"");
    auto impl = std::make_shared<KickedCountersAbility>();
    impl->kind = Symbol(k.text());
    impl->kind_text = k.text();
    ctx.card.abilities.push_back(make_ability_def(AbilityKind::static_, params, impl));
  }
  std::string summary() const override {
    return "kicked_counters: {kind: \"+1/+1\"} — enters with a counter of that kind for each "
           "time it was kicked (702.33)";
  }
};

}  // namespace

ManaCost offer_kicker(Game& game, PlayerId p, ObjectId card, const ManaCost& cost,
                      std::int64_t& kicks) {
  kicks = 0;
  const auto* kicker = first_ability<KickerAbility>(game.card(card), AbilityKind::keyword);
  if (!kicker) return cost;
  // The costs with the kicker paid 1, 2 … times, as many as p could pay (one for kicker).
  std::vector<ManaCost> totals;
  for (ManaCost total = cost + kicker->cost;
       static_cast<std::int64_t>(totals.size()) < (kicker->multi ? kMostKicks : 1) &&
       can_pay(game, p, total, 0);
       total += kicker->cost)
    totals.push_back(total);
  if (totals.empty()) return cost;  // not asked: they could not pay it once
  const std::string name(game.card(card).name);
  Choice choice;
  choice.player = p;
  choice.source = card;
  if (kicker->multi) {
    choice.kind = ChoiceKind::number;
    choice.prompt =
        "How many times do you pay multikicker " + kicker->cost_text + " for " + name + "?";
    for (std::int64_t n = 0; n <= static_cast<std::int64_t>(totals.size()); ++n)  // "2 times"
      choice.options.push_back({std::to_string(n) + (n == 1 ? " time" : " times"), {}, n});
  } else {
    choice.kind = ChoiceKind::yes_no;
    choice.prompt = "Pay kicker " + kicker->cost_text + " for " + name + "?";
    choice.options = {{"Don't pay", {}, 0}, {"Pay " + kicker->cost_text, {}, 1}};
  }
  kicks = choice.options.at(game.ask(choice).picks.at(0)).value;
  return kicks > 0 ? totals.at(static_cast<std::size_t>(kicks - 1)) : cost;
}

void mark_kicked(Game& game, ObjectId spell, std::int64_t kicks) {
  const auto zc = static_cast<std::int64_t>(game.object(spell).zone_changes);
  game.journal().set_attr(spell, kKicked, zc + 1);
  const auto* kicker = first_ability<KickerAbility>(game.card(spell), AbilityKind::keyword);
  if (kicker && kicker->multi) game.journal().set_attr(spell, kKickCount, kicks);
}

std::int64_t kick_count(const Game& game, ObjectId id) {
  if (!was_kicked(game, id)) return 0;
  const std::int64_t n = game.object(id).attrs.get(kKickCount);
  return n > 0 ? n : 1;
}

bool was_kicked(const Game& game, ObjectId id) {
  const GameObject& o = game.object(id);
  if (o.attrs.items.empty()) return false;
  const std::int64_t mark = o.attrs.get(kKicked);
  const auto zc = static_cast<std::int64_t>(o.zone_changes);
  // On the stack as the spell it was cast as, or the permanent that spell became.
  return mark != 0 && (mark == zc + 1 || (mark == zc && o.zone.kind == ZoneKind::battlefield));
}

bool was_kicked_as(const Game& game, ObjectRef self) {
  if (!game.state().exists(self.id)) return false;
  if (game.state().is_current(self)) return was_kicked(game, self.id);
  // Moved since: the mark of the spell it resolved from is the permanent's zone-change count,
  // and an object keeps its attrs as it leaves.
  const std::int64_t mark = game.object(self.id).attrs.get(kKicked);
  return mark != 0 && mark == static_cast<std::int64_t>(self.zone_changes);
}

void register_kicker_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("kicker", std::make_shared<KickerKeyword>(/*multi=*/false));
  registrar.add<KeywordHandler>("multikicker", std::make_shared<KickerKeyword>(/*multi=*/true));
  registrar.add<KeywordHandler>("kicked_counters", std::make_shared<KickedCountersKeyword>());
}

}  // namespace anvil::rules_classic
