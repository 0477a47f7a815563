// A new game from two decks (heroes, shuffled decks, 3 and 4 cards, the mulligan to come), a
// game from a Position (scenarios), and advance(): one decision of the active player.
#include <algorithm>
#include <limits>

#include "module.hpp"

namespace anvil::rules_hearth {

namespace {

constexpr const char* kStepNames[] = {"mulligan", "main"};

// A setting's value, a whole number from `lo` to `hi`: out of range is an error, not clamped
// (mana=12 in a position set up 10 without a word).
std::int64_t whole_number(const std::string& key, const std::string& value, std::int64_t lo,
                          std::int64_t hi) {
  return setting_number("hearth setting '" + key + "'", value, lo, hi);
}

constexpr std::int64_t kNoLimit = std::numeric_limits<std::int64_t>::max();

// The longest game max_turns sets: far past any real one, well inside a 32-bit turn number.
constexpr std::int64_t kMaxTurnLimit = 1'000'000;

std::int64_t read_max_turns(const std::vector<std::pair<std::string, std::string>>& options) {
  std::int64_t max_turns = 100;  // 50 rounds
  for (const auto& [key, value] : options) {
    if (key != "max_turns")
      throw LoadError({}, "unknown hearth option '" + key + "'", "the option is max_turns");
    max_turns = whole_number(key, value, 1, kMaxTurnLimit);
  }
  return max_turns;
}

HeroClass read_hero(const std::string& value, const std::string& whose) {
  if (auto c = hero_class(value)) return *c;
  std::vector<std::string> names(std::begin(kClasses), std::end(kClasses));
  throw LoadError({}, whose + ": unknown hero '" + value + "'", did_you_mean(value, names));
}

CardId find_card(const CardPool& pool, const std::string& name) {
  if (auto id = pool.find(name)) return *id;
  std::vector<std::string> names = pool.names();
  throw LoadError({}, "unknown card '" + name + "'", did_you_mean(name, names));
}

// Whether a card of `pool` listens to events from the hand (card-level effects, HEARTH-TAGS.md
// §2): only then are the hands scanned for listeners at each event (no basic card does).
bool pool_has_hand_effects(const CardPool& pool) {
  for (std::size_t i = 0; i < pool.size(); ++i)
    if (const tags::CardScript* s = script_of(pool.at(CardId(static_cast<std::uint32_t>(i)))); s && !s->hand_effects.empty())
      return true;
  return false;
}

std::unique_ptr<Game> new_game(std::shared_ptr<const CardPool> cards, std::uint64_t seed, std::int64_t max_turns) {
  auto game = std::make_unique<Game>(std::move(cards), 2, seed);
  game->set_rules(hearth_hooks());
  game->add_rule_effect(pulled_stats_effect());
  Journal& j = game->journal();
  j.set_game_attr(kMaxTurns, max_turns);
  if (tags::pool_has_hand_auras(game->cards())) j.set_game_attr(kHandAuras, 1);  // find_holders
  if (pool_has_hand_effects(game->cards())) j.set_game_attr(kHandEffects, 1);    // scan_listeners
  const CardPool& pool = game->cards();
  auto remember = [&](Symbol key, const char* name) {
    if (auto id = pool.find(name)) j.set_game_attr(key, static_cast<std::int64_t>(id->value) + 1);
  };
  remember(kRecruit, "Silver Hand Recruit");
  remember(kKnife, "Wicked Knife");
  for (std::size_t i = 0; i < std::size(kTotems); ++i) remember(kTotems[i], kTotemNames[i]);
  for (const Player& p : game->state().players) j.set_life(p.id, kStartingHealth);
  return game;
}

void check_hearth_card(const Game& game, CardId id) {
  const tags::CardScript* s = script_of(game.cards().at(id));
  if (!s)
    throw LoadError({}, "card '" + game.cards().at(id).name + "' is not a hearth card",
                    "load it from a .json file with the tags plugin");
  if (s->interface_version != tags::kInterfaceVersion)
    throw LoadError({}, "card '" + game.cards().at(id).name + "' was compiled by a tags plugin built with tag headers " +
                            std::to_string(s->interface_version) + ", this rules module with " +
                            std::to_string(tags::kInterfaceVersion),
                    "rebuild the tags and rules-hearth plugins together");
  // Checked here, not as the card's pack loads: packs name each other's cards (Hearthbreaker's
  // generated pack and hearthbreaker-extras), so only the game's pool is the whole of them.
  const auto missing = tags::missing_references(*s, game.cards());
  if (!missing.empty()) {
    const CardDef& card = game.cards().at(id);
    std::string message = "card '" + card.name + "' (" + card.where.str() + ") names card '" +
                          missing.front() + "', which no loaded pack defines";
    if (auto hint = did_you_mean(missing.front(), game.cards().names()); !hint.empty())
      message += "; " + hint;
    throw LoadError({}, std::move(message));
  }
}

}  // namespace

std::unique_ptr<Game> HearthRules::setup(std::shared_ptr<const CardPool> cards, const MatchConfig& config) const {
  if (config.decks.size() != 2)
    throw LoadError({}, "the hearth rules need two decks, got " + std::to_string(config.decks.size()));
  auto game = new_game(std::move(cards), config.seed, read_max_turns(config.options));
  Journal& j = game->journal();
  for (std::size_t i = 0; i < 2; ++i) {
    const PlayerId p(static_cast<std::uint8_t>(i));
    const DeckList& deck = config.decks[i];
    std::optional<HeroClass> hero;
    for (const auto& [key, value] : deck.settings)
      if (key == "hero") hero = read_hero(value, "deck '" + deck.name + "'");
    if (!hero) throw LoadError({}, "deck '" + deck.name + "' names no hero", "add 'hero: Mage' (or another class)");
    j.set_attr(p, kHeroClass, static_cast<std::int64_t>(*hero) + 1);
    for (const std::string& name : deck.cards) {
      const CardId id = find_card(game->cards(), name);
      check_hearth_card(*game, id);
      game->add_card(id, p, ZoneRef::library(p));
    }
    j.shuffle_zone(ZoneRef::library(p));
  }
  HearthWorld w(*game);
  for (int k = 0; k < 3; ++k) w.draw(PlayerId(0));
  for (int k = 0; k < 4; ++k) w.draw(PlayerId(1));
  j.set_turn_number(1);
  j.set_active_player(PlayerId(0));
  j.set_priority_player(PlayerId(0));
  j.set_step(kMulligan);
  j.clear();
  return game;
}

std::unique_ptr<Game> HearthRules::setup_position(std::shared_ptr<const CardPool> cards,
                                                  const Position& position) const {
  if (position.players.size() != 2)
    throw LoadError({}, "the hearth rules need two players, got " + std::to_string(position.players.size()));
  if (position.active >= 2) throw LoadError({}, "the active player is not one of the players");
  if (!position.step.empty() && position.step != "main")
    throw LoadError({}, "a hearth position starts in step 'main', not '" + position.step + "'");
  auto game = new_game(std::move(cards), position.seed, read_max_turns(position.options));
  Journal& j = game->journal();
  HearthWorld w(*game);
  for (std::size_t i = 0; i < 2; ++i) {
    const PositionPlayer& pp = position.players[i];
    const PlayerId p(static_cast<std::uint8_t>(i));
    const std::string whose = "player '" + pp.name + "'";
    if (pp.life) j.set_life(p, *pp.life);
    if (!pp.counters.empty()) throw LoadError({}, whose + ": the hearth rules have no counters");
    if (!pp.exile.empty()) throw LoadError({}, whose + ": the hearth rules have no exile");
    std::int64_t mana = kMaxMana;
    std::optional<std::string> weapon;
    std::optional<std::int64_t> durability;
    for (const auto& [key, value] : pp.settings) {
      if (key == "hero") j.set_attr(p, kHeroClass, static_cast<std::int64_t>(read_hero(value, whose)) + 1);
      else if (key == "armor")
        j.set_attr(p, kArmor, whole_number(key, value, 0, kNoLimit));
      else if (key == "mana")
        mana = whole_number(key, value, 0, kMaxMana);
      else if (key == "weapon") weapon = value;
      else if (key == "weapon_durability")
        durability = whole_number(key, value, 0, kNoLimit);
      else throw LoadError({}, whose + ": unknown hearth setting '" + key + "'", "the settings are hero, armor, mana, weapon");
    }
    if (game->state().player(p).attrs.get(kHeroClass) == 0) j.set_attr(p, kHeroClass, 1);  // Mage
    j.set_attr(p, kCrystals, mana);
    j.set_attr(p, kMana, mana);
    auto place = [&](const PositionCard& pc, ZoneRef zone) {
      const CardId id = find_card(game->cards(), pc.card);
      check_hearth_card(*game, id);
      const ObjectId o = game->add_card(id, p, zone);
      if (pc.damage) j.set_damage(o, pc.damage);
      if (zone.kind == ZoneKind::battlefield) j.set_summoning_sick(o, pc.sick.value_or(false));
      return o;
    };
    for (auto it = pp.library.rbegin(); it != pp.library.rend(); ++it) place(*it, ZoneRef::library(p));
    for (const PositionCard& c : pp.hand) place(c, ZoneRef::hand(p));
    for (const PositionCard& c : pp.graveyard) place(c, ZoneRef::graveyard(p));
    if (static_cast<int>(pp.battlefield.size()) > kMaxBoard) throw LoadError({}, whose + ": more than 7 minions");
    for (const PositionCard& c : pp.battlefield) {
      const ObjectId o = place(c, ZoneRef::battlefield(p));
      if (script(*game, o).kind != tags::CardKind::minion)
        throw LoadError({}, whose + ": '" + c.card + "' on the board is not a minion");
    }
    if (weapon) {
      const ObjectId o = place(PositionCard{*weapon, false, 0, {}, {}}, ZoneRef::command(p));
      if (script(*game, o).kind != tags::CardKind::weapon) throw LoadError({}, whose + ": '" + *weapon + "' is not a weapon");
      if (durability) j.set_damage(o, std::max<std::int32_t>(0, script(*game, o).health - static_cast<std::int32_t>(*durability)));
    }
  }
  const PlayerId active(static_cast<std::uint8_t>(position.active));
  j.set_turn_number(2);  // not the first turn
  j.set_active_player(active);
  j.set_priority_player(active);
  j.set_step(kMain);
  j.clear();
  return game;
}

bool HearthRules::advance(Game& game) const {
  if (game.state().over) return false;
  if (game.state().turn.step == kMulligan) {
    mulligan(game);
    return !game.state().over;
  }
  if (game.state().over) return false;
  const PlayerId p = game.state().turn.active;
  // One World for the listing and the move: what the listing pulled serves the move's first reads.
  HearthWorld w(game);
  std::vector<Move> moves;
  moves.reserve(24);  // most decisions have fewer; under 1 KiB, which glibc serves without consolidating
  list_moves(w, p, moves);
  Choice c;
  c.kind = ChoiceKind::action;
  c.player = p;
  c.prompt = "Your turn " + std::to_string(game.state().turn.number);
  c.options.reserve(moves.size());
  // Labels are made here, for the options, and only here (perform() never reads them), and only
  // for an agent that reads them: a random agent does not (anvil/label_blind.hpp).
  const bool labels = !game.seat_label_blind(p);
  std::string label;  // built in one buffer, then copied at its exact size
  if (labels) label.reserve(128);
  for (std::size_t i = 0; i < moves.size(); ++i) {
    Option& o = c.options.emplace_back();
    if (labels) {
      label.clear();
      append_label(label, game, moves[i]);
      o.label.assign(label);
    }
    o.value = static_cast<std::int64_t>(i);
    if (moves[i].object.valid()) o.target = Target::of(game.object(moves[i].object).ref());
    if (moves[i].kind == LegalAction::Kind::end_turn) c.pass = static_cast<std::uint32_t>(i);
  }
  const Answer a = game.ask(c);
  perform(w, moves.at(a.picks.at(0)));
  return !game.state().over;
}

std::vector<LegalAction> HearthRules::legal_actions(const Game& game, PlayerId player) const {
  return list_actions(game, player);
}

void HearthRules::check_state(Game& game) const { HearthWorld(game).resolve_deaths(); }

std::vector<std::string> HearthRules::step_names() const { return {std::begin(kStepNames), std::end(kStepNames)}; }

std::string HearthRules::step_name(const Game& game) const {
  const std::uint16_t s = game.state().turn.step;
  return s < kStepCount ? kStepNames[s] : "?";
}

// Mana left of the crystals, armor, the hero's attack when it has any (a weapon, Claw), the
// fatigue an empty deck's next draw deals, and the hero's power by name; on the player's own turn
// the crystals overload locked and whether the hero power was used: what the hero's portrait,
// its power, its deck and the mana bar show.
std::string HearthRules::player_status(const Game& game, PlayerId player) const {
  const SymbolCounts& a = game.state().player(player).attrs;
  std::string out = "mana " + std::to_string(a.get(kMana)) + "/" + std::to_string(a.get(kCrystals));
  const bool active = game.state().turn.active == player && game.state().turn.step == kMain;
  if (active && a.get(kOverload) > 0) out += " (" + std::to_string(a.get(kOverload)) + " locked)";
  if (a.get(kOverloadNext) > 0) out += ", " + std::to_string(a.get(kOverloadNext)) + " overloaded";
  if (a.get(kArmor) > 0) out += ", armor " + std::to_string(a.get(kArmor));
  if (const std::int32_t attack = HearthWorld(game).stats_of(Target::of(player)).attack; attack > 0)
    out += ", attack " + std::to_string(attack);
  if (a.get(kFrozen) != 0) out += ", frozen";
  // An empty deck: the fatigue damage its next draw deals (one more than the last), as
  // Hearthstone tells it over the deck.
  if (game.state().zone(ZoneRef::library(player)).objects.empty())
    out += ", next draw " + std::to_string(a.get(kFatigue) + 1) + " fatigue";
  const auto* power = card_power(game, player);
  out += ", hero power ";
  out += power ? power->name : std::string(power_name(hero_of(game, player)));
  if (active && a.get(kPowerUsed) != 0) out += " (used)";
  return out;
}

// The game told as a Hearthstone player tells it: cards are played, minions summoned, heroes
// have health, the deck is drawn from, minions are on the board; the command zone holds the
// hero's weapon, exile its secrets and the cards Tracking put out of play.
std::optional<std::string> HearthRules::term(std::string_view key) const {
  static constexpr std::pair<std::string_view, std::string_view> kWords[] = {
      {"cast", "plays"},
      {"enter", "{card} is summoned for {player}"},
      {"life", "health"},
      {"zone.library", "deck"},
      {"zone.battlefield", "board"},
      {"zone.command", "weapon"},
      {"zone.exile", "secrets and cards out of play"},
      // Only the player whose turn it is acts: `skip` ends the turn.
      {"skip",
       "end your turn; you are asked again on your next one, or sooner when you must "
       "choose something"},
      {"skipping", "Ending your turn."},
  };
  for (const auto& [k, words] : kWords)
    if (k == key) return std::string(words);
  return RulesModule::term(key);
}

// A minion's damage and the keywords in force on it, as a player sees them on the card; a
// weapon's attack and the durability it has left (the printed stats beside it do not change).
std::string HearthRules::object_status(const Game& game, ObjectId id) const {
  const GameObject& o = game.object(id);
  if (o.zone.kind == ZoneKind::command) {  // the hero's weapon
    const tags::Stats s = HearthWorld(game).stats(id);
    return std::to_string(s.attack) + " attack, " + std::to_string(s.health - o.damage) +
           " durability";
  }
  // In exile: a secret waiting (face down; that it is one is public, as its icon by the hero
  // is), or a card out of the game (Tracking's, face down too: not one to count as a secret).
  if (o.zone.kind == ZoneKind::exile) return o.attrs.get(kSecret) != 0 ? "secret" : "out of play";
  if (o.zone.kind != ZoneKind::battlefield) return {};
  HearthWorld w(game);
  const Target t = Target::of(o.ref());
  std::string out;
  const auto note = [&](const std::string& s) { out += (out.empty() ? "" : ", ") + s; };
  if (o.damage > 0) note(std::to_string(o.damage) + " damage");
  // On its controller's turn a minion that came this turn without charge cannot attack yet.
  if (o.summoning_sick && game.state().turn.active == o.controller && !w.has(t, tags::kCharge))
    note("summoning sickness");
  static constexpr std::pair<tags::Flag, const char*> kShown[] = {
      {tags::kTaunt, "taunt"},
      {tags::kDivineShield, "divine shield"},
      {tags::kStealth, "stealth"},
      {tags::kFrozen, "frozen"},
      {tags::kImmune, "immune"},
      {tags::kMegaWindfury, "mega-windfury"},
      {tags::kWindfury, "windfury"},
      {tags::kCharge, "charge"},
      {tags::kCantAttack, "can't attack"},
      {tags::kNoSpellTarget, "can't be targeted by spells or hero powers"}};
  for (const auto& [flag, name] : kShown) {
    if (flag == tags::kWindfury && w.has(t, tags::kMegaWindfury)) continue;
    if (w.has(t, flag)) note(name);
  }
  if (const std::int32_t sd = w.stats(id).spell_damage; sd != 0)
    note("spell damage +" + std::to_string(sd));
  if (o.attrs.get(kSilenced) != 0) note("silenced");
  return out;
}

std::string HearthRules::why_not(const Game& game, PlayerId player, const LegalAction& wanted) const {
  return refusal(game, player, wanted);
}

}  // namespace anvil::rules_hearth
