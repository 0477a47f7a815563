// Retrace (702.81): the keyword `retrace` on an instant or sorcery card — "You may cast this card
// from your graveyard by discarding a land card in addition to paying its other costs."
//
// The listing offers the card in its owner's graveyard as a cast for its mana cost while their
// hand holds a land card (legal_actions.cpp), at the card's own timing; casting it that way pays
// the mana and discards a land card, chosen by the caster when there are several (casting.cpp,
// discard_for_retrace). Unlike flashback, the spell goes back to the graveyard as it leaves the
// stack, from which it may be cast again.
#include <string>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

class RetraceAbility final : public Ability {
 public:
  ZoneMask zones() const override { return zone_bit(ZoneKind::graveyard); }
  std::string describe() const override {
    return "Retrace (You may cast this card from your graveyard by discarding a land card in "
           "addition to paying its other costs.)";
  }
};

// retrace
class RetraceKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("'retrace' takes no parameters");
    // 702.81a is written for any card; every card printed with it is an instant or a sorcery,
    // and a permanent cast from the graveyard this way would need rules no card asks for.
    if (!ctx.card.base.has_type(kInstant) && !ctx.card.base.has_type(kSorcery))
      params.fail("retrace is a keyword of instant and sorcery cards",
                  "a card with types: Instant or Sorcery");
    auto impl = std::make_shared<RetraceAbility>();
    ctx.card.abilities.push_back(
        AbilityDef{AbilityKind::keyword, impl->describe(), "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "retrace — an instant or sorcery that may be cast from your graveyard by discarding a "
           "land card as well as paying its cost (702.81)";
  }
};

std::vector<ObjectId> land_cards_in_hand(const Game& game, PlayerId p) {
  std::vector<ObjectId> out;
  for (ObjectId id : game.state().zone(ZoneRef::hand(p)).objects)
    if (game.view(id).has_type(kLand)) out.push_back(id);
  return out;
}

}  // namespace

bool has_retrace(const CardDef& def) {
  return first_ability<RetraceAbility>(def, AbilityKind::keyword) != nullptr;
}

bool can_retrace(const Game& game, PlayerId p) {
  Characteristics scratch;
  for (ObjectId id : game.state().zone(ZoneRef::hand(p)).objects)
    if (game.view(id, scratch).has_type(kLand)) return true;
  return false;
}

void discard_for_retrace(Game& game, PlayerId p, ObjectId card) {
  const std::vector<ObjectId> lands = land_cards_in_hand(game, p);
  if (lands.empty())
    throw RulesError(game.card(card).name + " is cast with retrace only by discarding a land card");
  ObjectId chosen = lands.front();
  if (lands.size() > 1) {
    Choice choice;
    choice.kind = ChoiceKind::discard;
    choice.player = p;
    choice.source = card;
    choice.prompt = "Retrace: choose a land card to discard";
    for (ObjectId id : lands)
      choice.options.push_back({object_label(game, id), Target::of(game.object(id).ref()), 0});
    const std::uint32_t pick = game.ask(choice).picks.at(0);
    if (pick >= lands.size()) throw RulesError("retrace: no such land card");
    chosen = lands[pick];
  }
  discard(game, chosen, card);
}

void register_retrace_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("retrace", std::make_shared<RetraceKeyword>());
}

}  // namespace anvil::rules_classic
