// Escape (702.138): the keyword `escape: {cost: "{R}{R}", exile: 3, counters: 1}` — "Escape—{R}{R},
// Exile three other cards from your graveyard. (You may cast this card from your graveyard for
// its escape cost.)", and, with `counters`, "CARDNAME escapes with a +1/+1 counter on it."
//
// The listing offers the card in its owner's graveyard as a cast for the escape cost when that
// graveyard holds enough other cards (legal_actions.cpp), at the card's own timing; casting it
// pays the mana and exiles the other cards its caster chooses (casting.cpp, exile_for_escape),
// and marks the spell (kEscaped: the object's zone changes + 1). Unlike flashback, an escaped
// spell goes where it would: an instant or sorcery back to the graveyard, from which it may
// escape again. A permanent spell that escaped enters with its counters (702.138c), put on as it
// enters, before anything looks at it.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// The permanent entered from the stack as the spell that escaped: the spell's mark was its zone
// changes on the stack + 1, which the move to the battlefield made its zone changes now.
bool entered_escaped(const GameObject& o) {
  return o.zone.kind == ZoneKind::battlefield && !o.attrs.items.empty() &&
         o.attrs.get(kEscaped) == static_cast<std::int64_t>(o.zone_changes);
}

class EscapeAbility final : public Ability {
 public:
  Escape escape;
  std::string cost_text;  // "{R}{R}"

  // The graveyard, where it is cast from; the battlefield, where it enters with counters.
  ZoneMask zones() const override {
    return zone_bit(ZoneKind::graveyard) | zone_bit(ZoneKind::battlefield);
  }
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    if (escape.counters == 0 || game.object(self).zone.kind != ZoneKind::battlefield) return;
    const std::int32_t n = escape.counters;
    out.push_back(game.bus().on_trigger<ZoneChangeEvent>([self, n](Game& g,
                                                                   const ZoneChangeEvent& e) {
      if (e.object != self || e.from.kind != ZoneKind::stack || !entered_escaped(g.object(self)))
        return;
      add_counters(g, Target::of(g.object(self).ref()), kPlusOne, n, self);
    }));
  }
  std::string describe() const override {
    std::string text = "Escape—" + cost_text + ", Exile " + std::to_string(escape.exile) +
                       " other cards from your graveyard.";
    if (escape.counters > 0)
      text += " (It escapes with " + std::to_string(escape.counters) + " +1/+1 counter" +
              (escape.counters == 1 ? "" : "s") + " on it.)";
    return text;
  }
};

// escape: {cost: "{R}{R}", exile: 3, counters: 1}
class EscapeKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost", "exile", "counters"});
    const Param& c = b.required("cost");
    const Param& exile = b.required("exile");
    auto impl = std::make_shared<EscapeAbility>();
    impl->escape.cost =
        parse_mana_only(c, "an escape cost", "escape: {cost: \"{R}{R}\", exile: 3}");
    impl->cost_text = c.text();
    const std::int64_t n = exile.integer();
    if (n < 1 || n > 60) exile.fail("'exile' is how many other cards: 1 to 60", "exile: 3");
    impl->escape.exile = static_cast<std::size_t>(n);
    if (const Param* counters = b.optional("counters")) {
      const std::int64_t k = counters->integer();
      if (k < 0 || k > 100) counters->fail("'counters' is 0 to 100 +1/+1 counters", "counters: 1");
      if (k > 0 && !ctx.card.base.has_type(kCreature))
        counters->fail("a card escapes with +1/+1 counters only if it is a creature card");
      impl->escape.counters = static_cast<std::int32_t>(k);
    }
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::keyword, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "escape: {cost: \"{R}{R}\", exile: 3, counters: 1} — may be cast from your graveyard "
           "for this cost and by exiling that many other cards from it; a creature escapes with "
           "`counters` +1/+1 counters (702.138)";
  }
};

}  // namespace

const Escape* escape_of(const CardDef& def) {
  const auto* e = first_ability<EscapeAbility>(def, AbilityKind::keyword);
  return e ? &e->escape : nullptr;
}

bool can_escape(const Game& game, ObjectId card, const Escape& escape) {
  const GameObject& o = game.object(card);
  return o.zone.kind == ZoneKind::graveyard &&
         game.state().zone(o.zone).objects.size() > escape.exile;  // the card and N others
}

void exile_for_escape(Game& game, PlayerId p, ObjectId card, const Escape& escape) {
  const ZoneRef yard = ZoneRef::graveyard(p);
  std::vector<ObjectId> others;
  for (ObjectId id : game.state().zone(yard).objects)
    if (id != card) others.push_back(id);
  if (others.size() < escape.exile)
    throw RulesError(game.card(card).name + " cannot escape: " + std::to_string(escape.exile) +
                     " other cards are needed in the graveyard");
  std::vector<ObjectId> chosen = others;
  if (others.size() > escape.exile) {  // otherwise there is nothing to choose
    Choice choice;
    choice.kind = ChoiceKind::option;
    choice.player = p;
    choice.source = card;
    choice.prompt = "Escape: choose " + std::to_string(escape.exile) +
                    " other cards to exile from your graveyard";
    for (ObjectId id : others)
      choice.options.push_back({object_label(game, id), Target::of(game.object(id).ref()), 0});
    choice.min_picks = choice.max_picks = static_cast<std::uint32_t>(escape.exile);
    const Answer a = game.ask(choice);
    chosen.clear();
    for (std::uint32_t i : a.picks) {
      if (i >= others.size() || std::find(chosen.begin(), chosen.end(), others[i]) != chosen.end())
        throw RulesError("escape: a card to exile was picked twice or does not exist");
      chosen.push_back(others[i]);
    }
    if (chosen.size() != escape.exile)
      throw RulesError("escape: " + std::to_string(escape.exile) + " cards must be exiled");
  }
  for (ObjectId id : chosen) move_to_zone(game, id, ZoneRef::exile(p), Cause::exile, card);
}

void register_escape_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("escape", std::make_shared<EscapeKeyword>());
}

}  // namespace anvil::rules_classic
