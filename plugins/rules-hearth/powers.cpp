// The basic hero power of each class (2 mana, once a turn). They are the rules module's own, not
// card files; the three that make a card (Rogue's Wicked Knife, Paladin's Silver Hand Recruit,
// Shaman's totems) use those cards from the loaded packs and are unavailable without them.
#include "hearth.hpp"

namespace anvil::rules_hearth {

namespace {

// A card kept in an attr as its CardId + 1 (0: none).
std::optional<CardId> card_in(const SymbolCounts& attrs, Symbol key) {
  const std::int64_t v = attrs.get(key);
  if (v <= 0) return std::nullopt;
  return CardId(static_cast<std::uint32_t>(v - 1));
}

// A card the module found in the pool at setup (the Knife, the Recruit, the totems).
std::optional<CardId> card_attr(const Game& game, Symbol key) {
  return card_in(game.state().attrs, key);
}

// Shaman: the basic totems not already on the board.
std::vector<CardId> free_totems(const Game& game, PlayerId p) {
  std::vector<CardId> out;
  for (Symbol key : kTotems) {
    auto id = card_attr(game, key);
    if (!id) continue;
    bool present = false;
    for (ObjectId m : game.state().zone(ZoneRef::battlefield(p)).objects) present = present || game.object(m).card == *id;
    if (!present) out.push_back(*id);
  }
  return out;
}

// Whether free_totems(game, p) would find one, without listing them.
bool any_free_totem(const Game& game, PlayerId p) {
  const auto& board = game.state().zone(ZoneRef::battlefield(p)).objects;
  for (Symbol key : kTotems) {
    auto id = card_attr(game, key);
    if (!id) continue;
    bool present = false;
    for (ObjectId m : board) present = present || game.object(m).card == *id;
    if (!present) return true;
  }
  return false;
}

// The card `p`'s hero was replaced with (replace_hero_with_minion), if any.
std::optional<CardId> hero_card(const Game& game, PlayerId p) {
  return card_in(game.state().player(p).attrs, kHeroCard);
}

}  // namespace

const tags::CardScript::HeroPower* card_power(const Game& game, PlayerId p) {
  const auto hero = hero_card(game, p);
  if (!hero) return nullptr;
  const tags::CardScript* s = script_of(game.cards().at(*hero));
  return s && s->hero_power ? &*s->hero_power : nullptr;
}

namespace {
// Steady Shot aimed by the player: the enemy hero or any minion (Steamwheedle Sniper's
// power_targets_minions), instead of the enemy hero always.
bool steady_shot_aimed(HearthWorld& w, PlayerId p) {
  return hero_of(w.game(), p) == HeroClass::hunter &&
         w.has(Target::of(p), tags::kPowerTargetsMinions);
}
}  // namespace

bool power_needs_target(HearthWorld& w, PlayerId p) {
  if (const auto* power = card_power(w.game(), p)) return power->user_tag() != nullptr;
  return power_targets(hero_of(w.game(), p)) || steady_shot_aimed(w, p);
}

std::string power_refusal(const Game& game, PlayerId p) {
  const char* why = power_blocker(game, p);
  return why ? why : std::string();
}

// Constant texts: legal_actions asks at every decision.
const char* power_blocker(const Game& game, PlayerId p) {
  if (game.state().turn.active != p) return "it is not your turn";
  const Player& pl = game.state().player(p);
  if (pl.attrs.get(kPowerUsed) != 0) return "the hero power was already used this turn";
  const int board = static_cast<int>(game.state().zone(ZoneRef::battlefield(p)).objects.size());
  if (const auto* power = card_power(game, p)) {
    if (pl.attrs.get(kMana) < power->mana) return "not enough mana";
    if (power->summons && board >= kMaxBoard) return "the board is full";
    return nullptr;
  }
  if (pl.attrs.get(kMana) < 2) return "not enough mana";
  switch (hero_of(game, p)) {
    case HeroClass::rogue:
      if (!card_attr(game, kKnife)) return "no card 'Wicked Knife' is loaded";
      break;
    case HeroClass::paladin:
      if (!card_attr(game, kRecruit)) return "no card 'Silver Hand Recruit' is loaded";
      if (board >= kMaxBoard) return "the board is full";
      break;
    case HeroClass::shaman:
      if (!any_free_totem(game, p)) return "no basic totem is left to summon";
      if (board >= kMaxBoard) return "the board is full";
      break;
    default:
      break;
  }
  return nullptr;
}

std::vector<Target> power_targets_of(HearthWorld& w, PlayerId p) {
  const Game& game = w.game();
  std::vector<Target> out;
  if (const auto* power = card_power(game, p)) {
    const tags::ActionTag* tag = power->user_tag();
    if (!tag) return out;
    // What the tag's selector offers, as a battlecry's (the hero card is its card), less what
    // a hero power may not target: an enemy with stealth, "can't be targeted by hero powers".
    tags::Ctx c{w, ObjectId{}, *hero_card(game, p), p, Target{}, nullptr, false, Target{}};
    if (tag->condition && !tag->condition->holds(c, c.target)) return out;
    tag->selector->candidates(c, out);
    std::erase_if(out, [&](const Target& t) {
      if (tag->selector->condition && !tag->selector->condition->holds(c, t)) return true;
      if (!t.is_object()) return false;
      const ZoneKind z = game.object(t.object.id).zone.kind;
      if (z != ZoneKind::battlefield) return true;
      return (w.controller(t) != p && w.has(t, tags::kStealth)) || w.has(t, tags::kNoSpellTarget);
    });
    return out;
  }
  out.reserve(2 * (kMaxBoard + 1));  // both heroes and full boards: one allocation
  const bool own_hero = !steady_shot_aimed(w, p);  // Steady Shot is never aimed at its own hero
  for (PlayerId q : {p, other(p)}) {
    if (q != p || own_hero) out.push_back(Target::of(q));
    for (ObjectId m : w.minions(q)) {
      const Target t = Target::of(game.object(m).ref());
      if (q != p && w.has(t, tags::kStealth)) continue;
      if (w.has(t, tags::kNoSpellTarget)) continue;  // "can't be targeted by spells or hero powers"
      out.push_back(t);
    }
  }
  return out;
}

const char* power_name(HeroClass c) {
  static constexpr const char* kNames[] = {"Fireblast",      "Armor Up!",   "Steady Shot",
                                           "Dagger Mastery", "Lesser Heal", "Life Tap",
                                           "Totemic Call",   "Reinforce",   "Shapeshift"};
  return kNames[static_cast<std::size_t>(c)];
}

void use_power(Game& game, PlayerId p, const Target& target) {
  HearthWorld w(game);
  use_power(w, p, target);
}

void use_power(HearthWorld& w, PlayerId p, const Target& target) {
  Game& game = w.game();
  Journal& j = game.journal();
  w.tell(CustomEvent{{}, "hero_power"_sym, Target::of(p), target, 0, ObjectId{}});
  if (const auto* power = card_power(game, p)) {
    j.set_attr(p, kMana, game.state().player(p).attrs.get(kMana) - power->mana);
    j.set_attr(p, kPowerUsed, 1);
    {  // its own damage is multiplied as the classes' powers' are (Ragnaros's DIE, INSECT!)
      const HearthWorld::PowerDamage power_damage(w);
      run_tags(w, power->tags, ObjectId{}, *hero_card(game, p), p, target, false);
    }
    w.fire({ev::used_power, p, Target::of(p), target, 0});
    w.resolve_deaths();
    return;
  }
  j.set_attr(p, kMana, game.state().player(p).attrs.get(kMana) - 2);
  j.set_attr(p, kPowerUsed, 1);
  switch (hero_of(game, p)) {
    // A power's damage is multiplied as a spell's (Prophet Velen), without spell damage
    // (Hearthbreaker's powers.py: N * spell_multiplier).
    case HeroClass::mage:  // Fireblast
      w.damage(ObjectId{}, p, target, w.spell_multiplier(p), false);
      break;
    case HeroClass::priest: w.heal(ObjectId{}, p, target, 2, false); break;        // Lesser Heal
    case HeroClass::warrior: w.gain_armor(p, 2); break;                            // Armor Up!
    case HeroClass::hunter:  // Steady Shot: aimed only while power_targets_minions says so
      w.damage(ObjectId{}, p,
               target.is_player() || target.is_object() ? target : Target::of(other(p)),
               2 * w.spell_multiplier(p), false);
      break;
    case HeroClass::rogue: w.equip(*card_attr(game, kKnife), p); break;            // Dagger Mastery
    case HeroClass::warlock:                                                       // Life Tap
      w.draw(p);
      w.damage(ObjectId{}, p, Target::of(p), 2 * w.spell_multiplier(p), false);
      break;
    case HeroClass::paladin:
      w.summon(*card_attr(game, kRecruit), p, ObjectId{}, tags::World::Side::right);
      break;                                                                       // Reinforce
    case HeroClass::shaman: {                                                      // Totemic Call
      const auto totems = free_totems(game, p);
      w.summon(totems[static_cast<std::size_t>(w.random(totems.size()))], p, ObjectId{},
               tags::World::Side::right);
      break;
    }
    case HeroClass::druid:                                                         // Shapeshift
      j.set_attr(p, kPowerAttack, game.state().player(p).attrs.get(kPowerAttack) + 1);
      w.gain_armor(p, 1);
      break;
  }
  w.fire({ev::used_power, p, Target::of(p), target, 0});
  w.resolve_deaths();
}

}  // namespace anvil::rules_hearth
