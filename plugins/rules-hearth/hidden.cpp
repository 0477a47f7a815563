// What the opponent does not see of a hearth game, for Game::determinize: which secret a
// face-down secret is, and which cards left a deck unplayed (tag_world.cpp puts both face down
// in their player's exile).
#include "hearth.hpp"

namespace anvil::rules_hearth {

namespace {

class HearthHooks final : public RulesHooks {
 public:
  // A secret could be any secret card of its player's that is not already another of their
  // secrets (one copy of each); a card out of the game unplayed could be any of their cards.
  bool face_down_could_be(const Game& game, const GameState& dealing, ObjectId object,
                          CardId card) const override {
    const GameObject& o = dealing.objects[object.value];
    if (o.attrs.get(kSecret) == 0) return true;
    const tags::CardScript* s = script_of(game.cards().at(card));
    if (!s || !s->secret) return false;
    for (ObjectId id : dealing.zone(ZoneRef::exile(o.controller)).objects) {
      const GameObject& other = dealing.objects[id.value];
      if (id != object && other.attrs.get(kSecret) != 0 && other.card == card) return false;
    }
    return true;
  }
};

}  // namespace

std::shared_ptr<RulesHooks> hearth_hooks() { return std::make_shared<HearthHooks>(); }

}  // namespace anvil::rules_hearth
