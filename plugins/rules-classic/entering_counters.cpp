// The counters a permanent has as it enters the battlefield, whatever put it there: cast,
// returned by Flickerwisp, unearthed, put onto the battlefield by an effect.
//  - 122.2: counters on an object do not come with it to a new zone. The state-based pass clears
//    counters left on objects off the battlefield, but an object that comes back before that pass
//    runs (exiled and returned by one effect) must not bring them.
//  - 306.5b, 614.1c: a planeswalker enters with loyalty counters equal to its printed loyalty.
//    Given as it enters, in one counter event, which a log tells after the entering; casting was
//    once the only way this happened, and a planeswalker returned from exile died with none.
#include "classic.hpp"

namespace anvil::rules_classic {

void clear_counters(Game& game, ObjectId id) {
  if (game.object(id).counters.items.empty()) return;
  const auto counters = game.object(id).counters.items;  // by value: set_counter edits the list
  for (const auto& [kind, n] : counters) game.journal().set_counter(id, kind, 0);
}

void give_entering_counters(Game& game, std::span<const ZoneChangeEvent> moves) {
  for (const ZoneChangeEvent& e : moves) {
    if (e.to.kind != ZoneKind::battlefield || e.from.kind == ZoneKind::battlefield) continue;
    clear_counters(game, e.object);
    // While views apply the rule effects alone, a view's card types and loyalty are its card's
    // (counters change power and toughness, changeling adds creature types): a card that is
    // not a planeswalker gets no loyalty, and needs no view to say so.
    if (!game.card(e.object).base.has_type(kPlaneswalker) && game.only_rule_effects()) continue;
    Characteristics scratch;
    const Characteristics& c = game.view(e.object, scratch);
    if (c.has_type(kPlaneswalker) && c.loyalty > 0)
      add_counters(game, Target::of(game.object(e.object).ref()), kLoyalty, c.loyalty, e.object);
  }
}

}  // namespace anvil::rules_classic
