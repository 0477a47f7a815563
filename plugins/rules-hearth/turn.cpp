// The turn (HEARTH-TAGS.md §10): mana crystals and overload, turn_started and the deaths it
// caused, the draw, turn_ended, thawing, "this turn" effects ending, and the mulligan before the
// first turn.
#include <algorithm>

#include "hearth.hpp"

namespace anvil::rules_hearth {

void begin_turn(Game& game) {
  HearthWorld w(game);
  begin_turn(w);
}

void begin_turn(HearthWorld& w) {
  Game& game = w.game();
  Journal& j = game.journal();
  const PlayerId p = game.state().turn.active;
  const auto& a = game.state().player(p).attrs;
  const std::int64_t crystals = std::min<std::int64_t>(kMaxMana, a.get(kCrystals) + 1);
  const std::int64_t overload = a.get(kOverloadNext);
  j.set_attr(p, kCrystals, crystals);
  j.set_attr(p, kOverload, overload);
  j.set_attr(p, kOverloadNext, 0);
  j.set_attr(p, kMana, std::max<std::int64_t>(0, crystals - overload));
  j.set_attr(p, kPowerUsed, 0);
  j.set_attr(p, kCardsPlayed, 0);
  j.set_attr(p, kAttacks, 0);
  for (ObjectId m : game.state().zone(ZoneRef::battlefield(p)).objects) {
    if (game.object(m).summoning_sick) j.set_summoning_sick(m, false);
    if (game.object(m).attrs.get(kAttacks) != 0) j.set_attr(m, kAttacks, 0);
  }
  w.fire({ev::turn_started, p, Target::of(p), Target{}, 0});
  // What the start-of-turn effects killed dies before the draw, as in Hearthstone: Doomsayer's
  // victims' deathrattles (a Loot Hoarder's draw) come first, and the turn's draw after them.
  w.resolve_deaths();
  if (game.state().over) return;
  w.draw(p);
  w.resolve_deaths();
}

void end_turn(Game& game) {
  HearthWorld w(game);
  end_turn(w);
}

void end_turn(HearthWorld& w) {
  Game& game = w.game();
  Journal& j = game.journal();
  const PlayerId p = game.state().turn.active;
  w.fire({ev::turn_ended, p, Target::of(p), Target{}, 0});
  if (game.state().over) return;
  // Freezing takes a character's next attack: one that had an attack left this turn lost it to
  // the freeze and thaws as the turn ends; one exhausted (it attacked as often as it may, or
  // came this turn without charge) stays frozen through its controller's next turn.
  if (game.state().player(p).attrs.get(kFrozen) != 0 && !exhausted(w, Target::of(p)))
    j.set_attr(p, kFrozen, 0);
  for (ObjectId m : game.state().zone(ZoneRef::battlefield(p)).objects) {
    const GameObject& o = game.object(m);
    if (o.attrs.get(kFrozen) != 0 && !exhausted(w, Target::of(o.ref()))) j.set_attr(m, kFrozen, 0);
  }
  j.set_attr(p, kPowerAttack, 0);
  // "This turn" buffs and auras that end with this player's turn (FloatingEffect::b = player+1;
  // 0 = whichever turn ends first).
  const auto& effects = game.state().effects;
  for (std::size_t i = effects.size(); i-- > 0;) {
    const FloatingEffect& e = effects[i];
    if (e.until == Duration::end_of_turn && (e.b == 0 || e.b == p.value + 1)) j.remove_effect(i);
  }
  w.resolve_deaths();
  if (game.state().over) return;
  const std::uint32_t next = game.state().turn.number + 1;
  if (next > static_cast<std::uint32_t>(game.state().attrs.get(kMaxTurns))) {
    end_game_drawn(game);  // a game longer than 50 rounds is a draw
    return;
  }
  j.set_turn_number(next);
  j.set_active_player(other(p));
  j.set_priority_player(other(p));
  // The next turn starts as this one ends: after end_turn the next player has drawn and has
  // their mana (a scenario's expectations see the new turn begun).
  begin_turn(w);
}

void mulligan(Game& game) {
  Journal& j = game.journal();
  HearthWorld w(game);
  for (const Player& pl : game.state().players) {
    const PlayerId p = pl.id;
    const std::vector<ObjectId> hand = game.state().zone(ZoneRef::hand(p)).objects;
    Choice c;
    c.kind = ChoiceKind::mulligan;
    c.player = p;
    c.prompt = "Mulligan: choose the cards to put back";
    for (ObjectId id : hand) c.options.push_back({game.card(id).name, Target::of(game.object(id).ref()), 0});
    c.min_picks = 0;
    c.max_picks = static_cast<std::uint32_t>(hand.size());
    const Answer a = game.ask(c);
    // Told to observers (the turn-by-turn log), which otherwise see only the replacements drawn.
    for (std::uint32_t i : a.picks)
      w.tell(CustomEvent{{},
                         "mulligan"_sym,
                         Target::of(p),
                         Target::of(game.object(hand.at(i)).ref()),
                         0,
                         ObjectId{}});
    // The replacements are drawn before the cards put back go into the deck, as Hearthstone
    // does: a card put back is never drawn again in its place.
    for (std::size_t k = 0; k < a.picks.size(); ++k) w.draw(p);
    for (std::uint32_t i : a.picks) {
      const std::size_t size = game.state().zone(ZoneRef::library(p)).objects.size();
      j.move_object(hand.at(i), ZoneRef::library(p), static_cast<std::size_t>(w.random(size + 1)));
    }
  }
  // The second player's compensation: The Coin, when a loaded pack has it. Every player knows
  // the card (the rules give it, as Hearthstone shows it to both): revealed, so that the
  // opponent's log names it and a determinized game keeps it.
  if (auto coin = game.cards().find("The Coin")) {
    const PlayerId second(1);
    const ObjectId id = game.add_card(*coin, second, ZoneRef::hand(second));
    j.set_attr(id, "revealed"_sym, 1);
    w.tell(ZoneChangeEvent{
        {}, id, ZoneRef{}, ZoneRef::hand(second), Cause::effect, ObjectId{}, second});
  }
  j.set_step(kMain);
  begin_turn(game);
}

}  // namespace anvil::rules_hearth
