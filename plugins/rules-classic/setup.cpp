// A new game from a MatchConfig, a game from a Position, and the module's step names.
#include <algorithm>
#include <span>
#include <string>
#include <vector>

#include "classic.hpp"
#include "module.hpp"

namespace anvil::rules_classic {

namespace {

// The largest values the options take: life and turns far past any real game, well inside the
// state's counters (a turn number is 32 bits).
constexpr std::int64_t kMaxStartingLife = 1'000'000;
constexpr std::int64_t kMaxTurnLimit = 1'000'000;

struct Settings {
  std::int32_t starting_life = 20;
  std::int64_t max_turns = 200;
  bool mulligans = false;  // 103.5: the London mulligan before the first turn
};

// An option's value, a whole number from `lo` to `hi`: out of range is an error, not clamped (a
// game of starting_life=0 began with 1 life, its replay saying 0).
std::int64_t setting(const std::string& key, const std::string& value, std::int64_t lo,
                     std::int64_t hi) {
  return setting_number("classic option '" + key + "'", value, lo, hi);
}

Settings read_options(const std::vector<std::pair<std::string, std::string>>& options) {
  Settings s;
  for (const auto& [key, value] : options) {
    if (key == "starting_life")
      s.starting_life = static_cast<std::int32_t>(setting(key, value, 1, kMaxStartingLife));
    else if (key == "max_turns")
      s.max_turns = setting(key, value, 1, kMaxTurnLimit);
    else if (key == "mulligans")
      s.mulligans = setting(key, value, 0, 1) == 1;
    else
      throw LoadError({}, "unknown classic option '" + key + "'",
                      "the options are starting_life, max_turns and mulligans");
  }
  return s;
}

std::unique_ptr<Game> new_game(std::shared_ptr<const CardPool> cards, std::size_t players,
                               std::uint64_t seed, const Settings& s) {
  auto game = std::make_unique<Game>(std::move(cards), players, seed);
  game->set_rules(std::make_shared<ClassicHooks>());
  game->add_rule_effect(changeling_effect());
  game->add_rule_effect(counters_effect());
  game->journal().set_game_attr(kMaxTurns, s.max_turns);
  for (const Player& p : game->state().players) game->journal().set_life(p.id, s.starting_life);
  return game;
}

CardId find_card(const CardPool& pool, const std::string& name) {
  if (auto id = pool.find(name)) return *id;
  throw LoadError({}, "unknown card '" + name + "'", "is its pack loaded?");
}

// A deck's card `id`, named `name`, which must be one a deck may hold: a token is made during the
// game (111.1) and a dungeon begins the game outside it (309.2a), whatever a pack's deck file
// says. Throws LoadError for an id not in the pool (a host's slip in MatchConfig::deck_cards).
CardId check_deck_card(const CardPool& pool, CardId id, const std::string& name) {
  const CardDef* def = pool.at_or_null(id);
  if (!def)
    throw LoadError({}, "MatchConfig::deck_cards gives '" + name + "' a card not in the pool");
  if (def->token)
    throw LoadError({},
                    "'" + name + "' is a token, made during a game (111.1): no deck may hold one",
                    "remove it from the deck");
  if (def->base.has_type(kDungeon))
    throw LoadError(
        {},
        "'" + name +
            "' is a dungeon, which begins the game outside it (309.2a): no deck "
            "may hold one",
        "remove it from the deck; a card that ventures uses any dungeon of the loaded packs");
  return id;
}

// Player `p`'s library as CardIds in the deck's order: MatchConfig::deck_cards' list if the host
// gave one (found once for many games), else the names found in the pool. A deck lists the
// copies of a card together: each run of copies is checked (or looked up) once.
void deck_cards(const CardPool& pool, const MatchConfig& config, std::size_t p,
                std::vector<CardId>& library) {
  const std::vector<std::string>& names = config.decks[p].cards;
  library.clear();
  if (!config.deck_cards.empty()) {
    const std::span<const CardId> given = config.deck_cards[p];
    for (std::size_t i = 0; i < given.size(); ++i)
      if (i == 0 || given[i] != given[i - 1]) check_deck_card(pool, given[i], names[i]);
    library.assign(given.begin(), given.end());
    return;
  }
  library.reserve(names.size());
  const std::string* looked_up = nullptr;
  CardId card;
  for (const std::string& name : names) {
    if (!looked_up || *looked_up != name) card = check_deck_card(pool, find_card(pool, name), name);
    looked_up = &name;
    library.push_back(card);
  }
}

ObjectId place(Game& game, const PositionCard& pc, PlayerId owner, ZoneRef zone) {
  const CardId card = find_card(game.cards(), pc.card);
  // 304.4, 307.4: an instant or sorcery can't enter the battlefield (a slip in a position: it was
  // meant for the hand or the graveyard).
  const Characteristics& printed = game.cards().at(card).base;
  if (zone.kind == ZoneKind::battlefield &&
      (printed.has_type(kInstant) || printed.has_type(kSorcery)))
    throw LoadError({},
                    "'" + pc.card + "' is " +
                        (printed.has_type(kInstant) ? "an instant" : "a sorcery") +
                        ", which cannot be on the battlefield (304.4, 307.4)",
                    "put it in the hand, library, graveyard or exile");
  const ObjectId id = game.add_card(card, owner, zone, game.cards().at(card).token);
  Journal& j = game.journal();
  if (pc.tapped) j.set_tapped(id, true);
  if (pc.damage) j.set_damage(id, pc.damage);
  if (zone.kind == ZoneKind::battlefield) j.set_summoning_sick(id, pc.sick.value_or(false));
  for (const auto& [kind, n] : pc.counters) {
    game.cards().at(card);
    j.set_counter(id, Symbol(kind), n);
  }
  if (zone.kind == ZoneKind::battlefield && game.object(id).counters.get(kLoyalty) == 0) {
    const Characteristics c = game.view(id);
    if (c.has_type(kPlaneswalker) && c.loyalty > 0) j.set_counter(id, kLoyalty, c.loyalty);
  }
  // A battle gets its printed defense unless the position gives its defense counters (0 too).
  if (zone.kind == ZoneKind::battlefield && game.view(id).has_type(kBattle) &&
      std::none_of(pc.counters.begin(), pc.counters.end(),
                   [](const auto& c) { return c.first == "defense"; }))
    position_defense(game, id);
  return id;
}

}  // namespace

std::unique_ptr<Game> ClassicRules::setup(std::shared_ptr<const CardPool> cards,
                                          const MatchConfig& config) const {
  if (config.decks.size() != 2)
    throw LoadError({},
                    "the classic rules need two decks, got " + std::to_string(config.decks.size()));
  if (!config.deck_cards.empty() && (config.deck_cards.size() != 2 ||
                                     config.deck_cards[0].size() != config.decks[0].cards.size() ||
                                     config.deck_cards[1].size() != config.decks[1].cards.size()))
    throw LoadError({}, "MatchConfig::deck_cards does not list each deck's cards");
  const Settings settings = read_options(config.options);
  auto game = new_game(std::move(cards), 2, config.seed, settings);
  // Room for both decks' objects and creations at once: made a deck at a time, the object list
  // grew again at the second deck, moving the first deck's objects. The capacities after setup
  // are the same (each list's doubling reaches the same size either way).
  const std::size_t cards_in_decks = config.decks[0].cards.size() + config.decks[1].cards.size();
  game->reserve_objects(cards_in_decks);
  game->journal().reserve(cards_in_decks);
  std::vector<CardId> library;
  for (std::size_t p = 0; p < 2; ++p) {
    const PlayerId player(static_cast<std::uint8_t>(p));
    deck_cards(game->cards(), config, p, library);
    // The deck's cards made as one batch: the same objects and edits as one add_card each.
    game->add_cards(library, player, ZoneRef::library(player));
    game->journal().shuffle_zone(ZoneRef::library(player));
  }
  for (std::size_t p = 0; p < 2; ++p)
    draw(*game, PlayerId(static_cast<std::uint8_t>(p)), 7, ObjectId{});
  Journal& j = game->journal();
  j.set_turn_number(1);
  j.set_active_player(PlayerId(0));
  j.set_priority_player(PlayerId(0));
  j.set_step(kUntap);
  j.set_game_attr(kStepBegun, 0);
  // The agents are seated after setup: the first advance() asks for the mulligans.
  if (settings.mulligans) j.set_game_attr(kMulligansPending, 1);
  j.clear();
  return game;
}

namespace {

// Tells observers (the log) a step of the mulligan; no trigger of these rules watches it.
void tell_mulligan(Game& game, Symbol kind, PlayerId p, Target card) {
  if (game.bus().listeners<CustomEvent>(Channel::observer) == 0) return;
  CustomEvent told;
  told.kind = kind;
  told.subject = Target::of(p);
  told.other = card;
  game.bus().after(game, told);
}

}  // namespace

// 103.5 (London mulligan): in turn order, each player keeps or shuffles their hand into their
// library and draws a new seven; once they keep, they put one card from their hand on the bottom
// of their library per mulligan taken. (The CR has every player decide each round before the
// next; deciding player by player gives the same choices here, since no information is shared
// between the two.)
void run_mulligans(Game& game) {
  game.journal().set_game_attr(kMulligansPending, 0);
  PlayerId p = game.state().turn.active;
  for (std::size_t seat = 0; seat < game.state().player_count(); ++seat, p = next_player(game, p)) {
    std::int64_t taken = 0;
    for (; taken < 7; ++taken) {
      Choice choice;
      choice.kind = ChoiceKind::mulligan;
      choice.player = p;
      choice.prompt = taken == 0 ? "Keep your opening hand or mulligan"
                                 : "Keep this hand (then put " + std::to_string(taken) +
                                       " on the bottom) or mulligan again";
      choice.options = {{"Keep", {}, 0}, {"Mulligan", {}, 1}};
      if (game.ask(choice).picks.at(0) == 0) break;
      tell_mulligan(game, kMulliganTaken, p, Target{});
      for (ObjectId id : std::vector<ObjectId>(game.state().zone(ZoneRef::hand(p)).objects))
        move_to_zone(game, id, ZoneRef::library(p), Cause::rules);
      shuffle(game, p);
      draw(game, p, 7, ObjectId{});
    }
    const std::vector<ObjectId> hand = game.state().zone(ZoneRef::hand(p)).objects;
    const auto bottom = static_cast<std::size_t>(std::min<std::int64_t>(taken, hand.size()));
    if (bottom == 0) continue;
    Choice choice;
    choice.kind = ChoiceKind::option;
    choice.player = p;
    choice.prompt = "Put " + std::to_string(bottom) + " card(s) on the bottom of your library";
    for (ObjectId id : hand)
      choice.options.push_back({object_label(game, id), Target::of(game.object(id).ref()), 0});
    choice.min_picks = choice.max_picks = static_cast<std::uint32_t>(bottom);
    for (std::uint32_t i : game.ask(choice).picks) {
      tell_mulligan(game, kMulliganBottom, p, Target::of(game.object(hand.at(i)).ref()));
      move_to_zone(game, hand.at(i), ZoneRef::library(p), Cause::rules, {}, 0);
    }
  }
}

std::unique_ptr<Game> ClassicRules::setup_position(std::shared_ptr<const CardPool> cards,
                                                   const Position& position) const {
  if (position.players.size() != 2)
    throw LoadError(
        {}, "the classic rules need two players, got " + std::to_string(position.players.size()));
  if (position.active >= position.players.size())
    throw LoadError({}, "the active player is not one of the players");
  std::uint16_t step = kMain1;
  if (!position.step.empty()) {
    const auto names = step_names();
    const auto it = std::find(names.begin(), names.end(), position.step);
    if (it == names.end())
      throw LoadError({}, "unknown step '" + position.step + "'",
                      "one of untap upkeep draw main1 "
                      "begin_combat attackers blockers damage end_combat main2 end cleanup");
    step = static_cast<std::uint16_t>(it - names.begin());
  }
  // A player key the classic rules do not read (hero, mana, armor, weapon: the hearth rules')
  // is a slip, refused rather than ignored.
  for (const PositionPlayer& pp : position.players)
    if (!pp.settings.empty())
      throw LoadError(
          {}, "the classic rules have no player setting '" + pp.settings.front().first + "'",
          "hero, mana, armor and weapon are the hearth rules' (rules: hearth)");
  auto game = new_game(std::move(cards), 2, position.seed, read_options(position.options));
  Journal& j = game->journal();
  for (std::size_t p = 0; p < 2; ++p) {
    const PositionPlayer& pp = position.players[p];
    const PlayerId player(static_cast<std::uint8_t>(p));
    if (pp.life) j.set_life(player, *pp.life);
    for (const auto& [kind, n] : pp.counters) j.set_counter(player, Symbol(kind), n);
    for (auto it = pp.library.rbegin(); it != pp.library.rend(); ++it)
      place(*game, *it, player, ZoneRef::library(player));
    for (const PositionCard& c : pp.hand) place(*game, c, player, ZoneRef::hand(player));
    for (const PositionCard& c : pp.graveyard) place(*game, c, player, ZoneRef::graveyard(player));
    for (const PositionCard& c : pp.battlefield)
      place(*game, c, player, ZoneRef::battlefield(player));
    for (const PositionCard& c : pp.exile) place(*game, c, player, ZoneRef::exile(player));
  }
  const PlayerId active(static_cast<std::uint8_t>(position.active));
  j.set_turn_number(2);  // not the first turn: the active player draws as usual
  j.set_active_player(active);
  j.set_priority_player(active);
  j.set_step(step);
  j.set_game_attr(kStepBegun, 1);  // the step's turn-based actions count as done
  j.clear();
  return game;
}

std::vector<std::string> ClassicRules::step_names() const {
  std::vector<std::string> out;
  for (std::uint16_t s = 0; s < kStepCount; ++s) out.emplace_back(step_label(s));
  return out;
}

std::string ClassicRules::step_name(const Game& game) const {
  return step_label(game.state().turn.step);
}

// The mana in the pool ("mana pool {R}{R}{G}") and poison counters: what a player has beyond
// life, cards and permanents.
std::optional<std::string> ClassicRules::mana_pool(const Game& game, PlayerId player) const {
  const Player& p = game.state().player(player);
  std::string pool;  // WUBRG, then C
  for (std::size_t k = 0; k < kManaKinds; ++k)
    for (std::int64_t i = p.attrs.get(pool_symbol(k)); i > 0; --i)
      pool += std::string("{") + kManaLetters[k] + "}";
  return pool;
}

std::string ClassicRules::player_status(const Game& game, PlayerId player) const {
  const Player& p = game.state().player(player);
  const std::string pool = *mana_pool(game, player);
  std::string out;
  if (!pool.empty()) out = "mana pool " + pool;
  if (const std::int64_t poison = p.counters.get(kPoison); poison > 0)
    out += (out.empty() ? "" : ", ") + std::to_string(poison) + " poison";
  return out;
}

}  // namespace anvil::rules_classic
