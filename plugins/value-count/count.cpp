#include "count.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <limits>
#include <string>
#include <utility>
#include <vector>

#include "alias.hpp"

namespace anvil::value_count {

namespace {

using namespace anvil::literals;

constexpr Symbol kLand = "Land"_sym;
constexpr Symbol kChangeling = "Changeling"_sym;
constexpr std::array<std::string_view, 5> kBasicLandTypes = {"Plains", "Island", "Swamp",
                                                             "Mountain", "Forest"};
constexpr std::array<std::string_view, 5> kColorNames = {"White", "Blue", "Black", "Red", "Green"};
constexpr std::string_view kColorLetters = "WUBRG";

// Words that are types but never creature types: Changeling does not make a card one of these
// (a Changeling is every creature type, not a Swamp). Any other type word is taken as a creature
// type, since creature types are open-ended.
constexpr auto kNonCreatureTypes = std::to_array<std::string_view>(
    {// card types
     "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred",
     "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Tribal", "Vanguard",
     // supertypes
     "Basic", "Legendary", "Ongoing", "Snow", "World",
     // land types
     "Plains", "Island", "Swamp", "Mountain", "Forest", "Cave", "Desert", "Gate", "Lair", "Locus",
     "Mine", "Power-Plant", "Sphere", "Tower", "Urza's",
     // spell types
     "Adventure", "Arcane", "Lesson", "Trap",
     // artifact types
     "Clue", "Contraption", "Equipment", "Food", "Fortification", "Gold", "Treasure", "Vehicle",
     // enchantment types
     "Aura", "Background", "Cartouche", "Class", "Curse", "Rune", "Saga", "Shard", "Shrine",
     // planeswalker types are creature-type-free too, but their names are open-ended
     "Planeswalker"});

// Creature types common enough to be worth a did-you-mean for a typo. A type not listed here and
// not close to a listed one is accepted as it is written.
constexpr auto kCreatureTypes = std::to_array<std::string_view>(
    {"Advisor",  "Ally",     "Angel",        "Ape",       "Archer",    "Archon",    "Artificer",
     "Assassin", "Avatar",   "Bat",          "Bear",      "Beast",     "Berserker", "Bird",
     "Boar",     "Cat",      "Centaur",      "Citizen",   "Cleric",    "Construct", "Crab",
     "Demon",    "Dinosaur", "Djinn",        "Dog",       "Dragon",    "Drake",     "Druid",
     "Dryad",    "Dwarf",    "Elder",        "Elemental", "Elephant",  "Elf",       "Elk",
     "Faerie",   "Fish",     "Fox",          "Frog",      "Fungus",    "Giant",     "Goblin",
     "God",      "Golem",    "Gorgon",       "Hellion",   "Horror",    "Horse",     "Hound",
     "Human",    "Hydra",    "Illusion",     "Imp",       "Insect",    "Kithkin",   "Knight",
     "Kor",      "Kraken",   "Lizard",       "Merfolk",   "Minotaur",  "Monk",      "Myr",
     "Ninja",    "Noble",    "Nomad",        "Ogre",      "Orc",       "Ox",        "Pirate",
     "Rat",      "Rebel",    "Rogue",        "Samurai",   "Saproling", "Scout",     "Serpent",
     "Shade",    "Shaman",   "Shapeshifter", "Skeleton",  "Sliver",    "Snake",     "Soldier",
     "Specter",  "Sphinx",   "Spider",       "Spirit",    "Squirrel",  "Thopter",   "Treefolk",
     "Troll",    "Vampire",  "Wall",         "Warrior",   "Wizard"});

template <std::size_t N>
bool contains(const std::array<std::string_view, N>& list, std::string_view word) {
  for (std::string_view w : list)
    if (w == word) return true;
  return false;
}

SourceLocation at(const CompileContext& ctx, std::size_t offset) {
  SourceLocation where = ctx.where;
  if (where.line != 0)
    where.column = (where.column == 0 ? 1 : where.column) + static_cast<std::uint32_t>(offset);
  return where;
}

[[noreturn]] void fail(const CompileContext& ctx, std::size_t offset, std::string problem,
                       std::string hint = {}) {
  throw LoadError(at(ctx, offset), std::move(problem), std::move(hint));
}

std::int64_t parse_int(const CompileContext& ctx, std::string_view text, std::size_t offset,
                       std::string_view what) {
  std::int64_t value = 0;
  const char* last = text.data() + text.size();
  auto [end, ec] = std::from_chars(text.data(), last, value);
  if (ec == std::errc::result_out_of_range)
    fail(ctx, offset, std::string(what) + " '" + std::string(text) + "' is too large");
  if (text.empty() || ec != std::errc() || end != last)
    fail(
        ctx, offset,
        "expected a whole number for " + std::string(what) + ", found '" + std::string(text) + "'");
  return value;
}

// ---- the compiled expression

enum class Base : std::uint8_t {
  count,
  card_power,      // CardPower: this card's power
  card_toughness,  // CardToughness
  domain,
  your_life,
  opp_life,
  chroma,
  hellbent,
  threshold,
  x_paid,  // xPaid: the X announced as the spell was cast or the ability activated (107.3)
  external
};
enum class Quality : std::uint8_t { none, named, type };
enum class Location : std::uint8_t {
  you_ctrl,
  opp_ctrl,
  on_battlefield,
  in_your_yard,
  in_opp_yard,
  in_all_yards,
  in_your_hand,
  in_opp_hand,
  in_all_hands,
  // "that player": the player ctx.targets[0] names, or the controller of the object it names
  // (a trigger's player: Citadel of Pain's "untapped lands they control").
  tgt_ctrl,
  in_tgt_yard,
  in_tgt_hand
};
enum class MathOp : std::uint8_t { plus, minus, n_minus, twice, half_up, half_down };

struct Filter {
  Quality quality = Quality::none;
  std::string name;            // Named
  Symbol type;                 // Type
  bool creature_type = false;  // Type names a creature type: Changelings count
  ColorSet colors;             // every listed colour required
  bool multicolor = false, monocolor = false;
  int tapped = -1;  // -1 either, 0 untapped, 1 tapped
  // Whether any of colors, multicolor, monocolor and tapped asks anything (set once parsed).
  bool more = false;
};

struct Step {
  MathOp op;
  std::int64_t n = 0;
};

// Floor and ceiling halves, right for negative numbers and at the ends of the range too.
std::int64_t half_down(std::int64_t v) { return v >> 1; }
std::int64_t half_up(std::int64_t v) { return (v >> 1) + (v & 1); }

// The math saturates at the ends of the int64 range: "Count$YourLifeTotal/Plus.9223372036854775807"
// compiles, and must not overflow when it is evaluated.
constexpr std::int64_t kMin = std::numeric_limits<std::int64_t>::min();
constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
std::int64_t add(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_add_overflow(a, b, &r) ? (b > 0 ? kMax : kMin) : r;
}
std::int64_t subtract(std::int64_t a, std::int64_t b) {
  std::int64_t r = 0;
  return __builtin_sub_overflow(a, b, &r) ? (b < 0 ? kMax : kMin) : r;
}

bool in_yards(Location l) {
  return l == Location::in_your_yard || l == Location::in_opp_yard || l == Location::in_all_yards ||
         l == Location::in_tgt_yard;
}

PlayerId opponent_of(const Game& game, PlayerId you) {
  const auto n = game.state().player_count();
  return PlayerId{static_cast<std::uint8_t>((you.value + 1) % n)};
}

// What a count reads of an object: its name, types, colours, abilities and mana cost, never its
// power or toughness. So it views objects through the ability layer only: a count inside a
// power/toughness effect (Aspect of Wolf: +X/+Y, X the Forests you control) looks at the
// enchanted creature too, and a full view of it would apply that effect, and count, again.
// Without a copy when no such effect applies to it (nearly always): a count looks at every card
// of a zone, and one scratch serves them all (Game::view).
const Characteristics& what_it_is(const Game& game, ObjectId id, Characteristics& scratch) {
  return game.view(id, Layer::ability, scratch);
}

class CountExpr final : public ValueExpr {
 public:
  Base base = Base::count;
  Filter filter;
  Location location = Location::you_ctrl;
  Color color = Color::white;
  std::int64_t a = 0, b = 0;  // Hellbent/Threshold: value if true, value otherwise
  std::shared_ptr<const ValueExpr> external;
  std::vector<Step> math;
  std::string text;

  std::int64_t eval(const Game& game, const ResolveContext& ctx) const override {
    return apply_math(base_value(game, ctx));
  }
  std::int64_t apply_math(std::int64_t v) const {
    for (const Step& s : math) {
      switch (s.op) {
        case MathOp::plus:
          v = add(v, s.n);
          break;
        case MathOp::minus:
          v = subtract(v, s.n);
          break;
        case MathOp::n_minus:
          v = subtract(s.n, v);
          break;
        case MathOp::twice:
          v = add(v, v);
          break;
        case MathOp::half_up:
          v = half_up(v);
          break;
        case MathOp::half_down:
          v = half_down(v);
          break;
      }
    }
    return v;
  }
  std::string describe() const override { return text; }

 private:
  std::int64_t base_value(const Game& game, const ResolveContext& ctx) const {
    const GameState& s = game.state();
    const PlayerId you = ctx.controller;
    switch (base) {
      case Base::your_life:
        return s.player(you).life;
      case Base::opp_life:
        return s.player(opponent_of(game, you)).life;
      case Base::card_power:
      case Base::card_toughness:
        return own_stat(game, ctx);
      case Base::hellbent:
        return s.zone(ZoneRef::hand(you)).objects.empty() ? a : b;
      case Base::threshold:
        return s.zone(ZoneRef::graveyard(you)).objects.size() >= 7 ? a : b;
      case Base::x_paid:
        return ctx.x;
      case Base::external:
        return external->eval(game, ctx);
      case Base::domain:
        return domain(game, you);
      case Base::chroma:
        return chroma(game, you);
      case Base::count: {
        Characteristics scratch;  // what_it_is's, for the whole count
        // A "that player" location counts as "you" would, for that player.
        switch (location) {
          case Location::tgt_ctrl:
            return count(game, that_player(game, ctx), Location::you_ctrl, false, scratch);
          case Location::in_tgt_yard:
            return count(game, that_player(game, ctx), Location::in_your_yard,
                         counts_aliases(game, ctx, scratch), scratch);
          case Location::in_tgt_hand:
            return count(game, that_player(game, ctx), Location::in_your_hand, false, scratch);
          default:
            return count(game, you, location, counts_aliases(game, ctx, scratch), scratch);
        }
      }
    }
    return 0;
  }

  // The source's power or toughness now, or, once it has left the battlefield, as it last
  // existed there (608.2h: Spikeshot Elder killed in response still deals its last power).
  std::int64_t own_stat(const Game& game, const ResolveContext& ctx) const {
    if (!game.state().exists(ctx.source.id)) return 0;
    if (const auto lk = game.last_known(ctx.source.id)) {
      const Characteristics& c = lk->characteristics;
      return base == Base::card_power ? c.power : c.toughness;
    }
    const Characteristics c = game.view(ctx.source.id);
    return base == Base::card_power ? c.power : c.toughness;
  }

  template <class Fn>
  static void each_permanent(const Game& game, Fn&& fn) {
    const GameState& s = game.state();
    for (std::size_t p = 0; p < s.player_count(); ++p)
      for (ObjectId id :
           s.zone(ZoneRef::battlefield(PlayerId{static_cast<std::uint8_t>(p)})).objects)
        fn(id);
  }

  static std::int64_t domain(const Game& game, PlayerId you) {
    unsigned seen = 0;
    Characteristics scratch;
    each_permanent(game, [&](ObjectId id) {
      if (game.object(id).controller != you) return;
      const Characteristics& c = what_it_is(game, id, scratch);
      if (!c.has_type(kLand)) return;
      for (std::size_t i = 0; i < kBasicLandTypes.size(); ++i)
        if (c.has_subtype(Symbol(kBasicLandTypes[i]))) seen |= 1u << i;
    });
    return __builtin_popcount(seen);
  }

  std::int64_t chroma(const Game& game, PlayerId you) const {
    std::int64_t n = 0;
    Characteristics scratch;
    each_permanent(game, [&](ObjectId id) {
      if (game.object(id).controller == you)
        n += what_it_is(game, id, scratch).cost.symbols_of(color);
    });
    return n;
  }

  // Whether cards in graveyards that count as named filter.name count here: the effect is from
  // a spell of that name (Pardic Firecat: "effects from spells named Flame Burst count it as a
  // card named Flame Burst").
  bool counts_aliases(const Game& game, const ResolveContext& ctx, Characteristics& scratch) const {
    if (filter.quality != Quality::named || !in_yards(location)) return false;
    const GameState& s = game.state();
    if (!s.exists(ctx.source.id)) return false;
    return what_it_is(game, ctx.source.id, scratch).name == filter.name;
  }

  [[gnu::always_inline]] bool of_type(const Characteristics& c) const {
    return c.has_type(filter.type) || c.has_subtype(filter.type) || c.has_supertype(filter.type) ||
           (filter.creature_type && c.has_keyword(kChangeling));
  }

  [[gnu::always_inline]] bool named_here(const Game& game, ObjectId id, std::string_view name,
                                         bool aliases) const {
    if (name == filter.name) return true;
    if (!aliases) return false;
    // Only a card with an ability that works from a graveyard can count as named: the alias is
    // such an ability (NamedAlias::zones), and CardPool::ability_zones is the union of the zones
    // of a card's abilities, gathered once as the card was added. Most cards in graveyards have
    // none, and their abilities need not be looked through (2 518 looks in 40 random games).
    const CardId card = game.object(id).card;
    const CardPool& cards = game.cards();
    if (!(cards.ability_zones(card) & zone_bit(ZoneKind::graveyard))) return false;
    return counts_as_named(cards.at(card), filter.name);
  }

  // `scratch`: what_it_is's, one for a whole evaluation; `aliases`: whether cards that count as
  // named filter.name count here (counts_aliases).
  bool matches(const Game& game, ObjectId id, bool aliases, Characteristics& scratch) const {
    const Characteristics& c = what_it_is(game, id, scratch);
    switch (filter.quality) {
      case Quality::none:
        break;
      case Quality::named:
        if (!named_here(game, id, c.name, aliases)) return false;
        break;
      case Quality::type:
        if (!of_type(c)) return false;
        break;
    }
    // Most counts ask nothing more (every Count$ of the classic packs but two).
    if (!filter.more) return true;
    if ((c.colors.bits & filter.colors.bits) != filter.colors.bits) return false;
    if (filter.multicolor && !c.colors.multicolor()) return false;
    if (filter.monocolor && !c.colors.monocolor()) return false;
    if (filter.tapped >= 0 && game.object(id).tapped != (filter.tapped == 1)) return false;
    return true;
  }

  std::int64_t count_zone(const Game& game, ZoneRef zone, bool aliases,
                          Characteristics& scratch) const {
    std::int64_t n = 0;
    const std::vector<ObjectId>& objects = game.state().zone(zone).objects;
    // A plain Named count (a Kindle's "cards named Kindle in all graveyards", most of the counts
    // a random classic game makes) in one loop, without a call for each card.
    if (filter.quality == Quality::named && !filter.more) {
      for (ObjectId id : objects)
        n += named_here(game, id, what_it_is(game, id, scratch).name, aliases);
      return n;
    }
    for (ObjectId id : objects) n += matches(game, id, aliases, scratch);
    return n;
  }

  static PlayerId that_player(const Game& game, const ResolveContext& ctx) {
    if (!ctx.targets.empty()) {
      const Target& t = ctx.targets[0];
      if (t.is_player()) return t.player;
      if (t.is_object() && game.state().exists(t.object.id))
        return game.object(t.object.id).controller;
    }
    return ctx.controller;
  }

  std::int64_t count(const Game& game, PlayerId you, Location where, bool aliases,
                     Characteristics& scratch) const {
    const std::size_t players = game.state().player_count();
    std::int64_t n = 0;
    switch (where) {
      case Location::you_ctrl:
      case Location::opp_ctrl:
      case Location::on_battlefield: {
        each_permanent(game, [&](ObjectId id) {
          const bool mine = game.object(id).controller == you;
          if (where == Location::you_ctrl && !mine) return;
          if (where == Location::opp_ctrl && mine) return;
          n += matches(game, id, false, scratch);
        });
        return n;
      }
      default:
        break;
    }
    const bool hand = where == Location::in_your_hand || where == Location::in_opp_hand ||
                      where == Location::in_all_hands;
    const bool mine = where == Location::in_your_yard || where == Location::in_your_hand;
    const bool theirs = where == Location::in_opp_yard || where == Location::in_opp_hand;
    for (std::size_t i = 0; i < players; ++i) {
      const PlayerId p{static_cast<std::uint8_t>(i)};
      if (mine && p != you) continue;
      if (theirs && p == you) continue;
      n += count_zone(game, hand ? ZoneRef::hand(p) : ZoneRef::graveyard(p), aliases && !hand,
                      scratch);
    }
    return n;
  }
};

// ---- parsing

struct Token {
  std::string_view word;
  enum class Kind : std::uint8_t { quality, color, multi, mono, tapped, untapped, location } kind;
  int value = 0;  // Quality, Color or Location
};

// Longer words first where one contains another ("Untapped" before "Tapped").
constexpr std::array<Token, 23> kTokens = {{
    {"Named", Token::Kind::quality, static_cast<int>(Quality::named)},
    {"Type", Token::Kind::quality, static_cast<int>(Quality::type)},
    {"White", Token::Kind::color, 0},
    {"Blue", Token::Kind::color, 1},
    {"Black", Token::Kind::color, 2},
    {"Red", Token::Kind::color, 3},
    {"Green", Token::Kind::color, 4},
    {"Multicolor", Token::Kind::multi, 0},
    {"Monocolor", Token::Kind::mono, 0},
    {"Untapped", Token::Kind::untapped, 0},
    {"Tapped", Token::Kind::tapped, 0},
    {"YouCtrl", Token::Kind::location, static_cast<int>(Location::you_ctrl)},
    {"OppCtrl", Token::Kind::location, static_cast<int>(Location::opp_ctrl)},
    {"OnBattlefield", Token::Kind::location, static_cast<int>(Location::on_battlefield)},
    {"InYourYard", Token::Kind::location, static_cast<int>(Location::in_your_yard)},
    {"InOppYard", Token::Kind::location, static_cast<int>(Location::in_opp_yard)},
    {"InAllYards", Token::Kind::location, static_cast<int>(Location::in_all_yards)},
    {"InYourHand", Token::Kind::location, static_cast<int>(Location::in_your_hand)},
    {"InOppHand", Token::Kind::location, static_cast<int>(Location::in_opp_hand)},
    {"InAllHands", Token::Kind::location, static_cast<int>(Location::in_all_hands)},
    {"TgtCtrl", Token::Kind::location, static_cast<int>(Location::tgt_ctrl)},
    {"InTgtYard", Token::Kind::location, static_cast<int>(Location::in_tgt_yard)},
    {"InTgtHand", Token::Kind::location, static_cast<int>(Location::in_tgt_hand)},
}};

constexpr std::array<std::string_view, 9> kDescriptions = {
    "Domain",    "YourLifeTotal", "OppLifeTotal",  "Chroma", "Hellbent",
    "Threshold", "CardPower",     "CardToughness", "xPaid"};

std::vector<std::string> known_words(const Registry& registry) {
  std::vector<std::string> out;
  for (std::string_view d : kDescriptions) out.emplace_back(d);
  for (const Token& t : kTokens) out.emplace_back(t.word);
  for (const std::string& name : registry.names(PluginKind::value_function))
    if (name.starts_with("Count.")) out.push_back(name.substr(6));
  return out;
}

const char* location_text(Location l) {
  switch (l) {
    case Location::you_ctrl:
      return "you control";
    case Location::opp_ctrl:
      return "your opponents control";
    case Location::on_battlefield:
      return "on the battlefield";
    case Location::in_your_yard:
      return "in your graveyard";
    case Location::in_opp_yard:
      return "in your opponents' graveyards";
    case Location::in_all_yards:
      return "in all graveyards";
    case Location::in_your_hand:
      return "in your hand";
    case Location::in_opp_hand:
      return "in your opponents' hands";
    case Location::in_all_hands:
      return "in all hands";
    case Location::tgt_ctrl:
      return "that player controls";
    case Location::in_tgt_yard:
      return "in that player's graveyard";
    case Location::in_tgt_hand:
      return "in that player's hand";
  }
  return "";
}

bool on_battlefield(Location l) {
  return l == Location::you_ctrl || l == Location::opp_ctrl || l == Location::on_battlefield ||
         l == Location::tgt_ctrl;
}

std::string plural(std::string word) {
  if (word.ends_with("s") || word.ends_with("sh") || word.ends_with("ch") || word.ends_with("x"))
    return word + "es";
  if (word.ends_with("f")) return word.substr(0, word.size() - 1) + "ves";  // Elf → Elves
  return word + "s";
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

// "untapped green creatures you control", "cards named Kindle in all graveyards".
std::string describe_count(const Filter& f, const std::string& field, Location l) {
  std::string adjectives;
  auto adj = [&](std::string_view a) { adjectives += std::string(a) + " "; };
  if (f.tapped == 1) adj("tapped");
  if (f.tapped == 0) adj("untapped");
  for (std::size_t i = 0; i < kColorCount; ++i)
    if (f.colors.has(static_cast<Color>(i))) adj(lower(std::string(kColorNames[i])));
  if (f.multicolor) adj("multicolored");
  if (f.monocolor) adj("monocolored");
  const bool field_zone = on_battlefield(l);
  std::string noun;
  switch (f.quality) {
    case Quality::none:
      noun = field_zone ? "permanents" : "cards";
      break;
    case Quality::named:
      noun = std::string(field_zone ? "permanents" : "cards") + " named " + field;
      break;
    case Quality::type: {
      const bool card_type = field == "Creature" || field == "Artifact" || field == "Land" ||
                             field == "Enchantment" || field == "Planeswalker" ||
                             field == "Instant" || field == "Sorcery";
      const bool supertype = field == "Snow" || field == "Legendary" || field == "Basic";
      if (card_type) {
        noun = field_zone ? plural(lower(field)) : lower(field) + " cards";
      } else if (supertype) {
        noun = lower(field) + (field_zone ? " permanents" : " cards");
      } else {
        noun = field_zone ? plural(field) : field + " cards";
      }
      break;
    }
  }
  return "the number of " + adjectives + noun + " " + location_text(l);
}

std::string describe_math(std::string text, const std::vector<Step>& math) {
  for (const Step& s : math) {
    switch (s.op) {
      case MathOp::plus:
        text = std::to_string(s.n) + " plus " + text;
        break;
      case MathOp::minus:
        text = text + " minus " + std::to_string(s.n);
        break;
      case MathOp::n_minus:
        text = std::to_string(s.n) + " minus " + text;
        break;
      case MathOp::twice:
        text = "twice " + text;
        break;
      case MathOp::half_up:
        text = "half " + text + ", rounded up";
        break;
      case MathOp::half_down:
        text = "half " + text + ", rounded down";
        break;
    }
  }
  return text;
}

void parse_math(std::string_view text, std::size_t offset, const CompileContext& ctx,
                CountExpr& e) {
  const std::size_t dot = text.find('.');
  const std::string_view op = text.substr(0, dot);
  const bool has_n = dot != std::string_view::npos;
  auto number = [&] {
    if (!has_n)
      fail(ctx, offset,
           "Count$ math '" + std::string(op) + "' needs a number: '" + std::string(op) + ".2'");
    return parse_int(ctx, text.substr(dot + 1), offset + dot + 1,
                     "Count$ math '" + std::string(op) + "'");
  };
  auto no_number = [&] {
    if (has_n) fail(ctx, offset + dot, "Count$ math '" + std::string(op) + "' takes no number");
  };
  if (op == "Plus") {
    e.math.push_back({MathOp::plus, number()});
  } else if (op == "Minus") {
    e.math.push_back({MathOp::minus, number()});
  } else if (op == "NMinus") {
    e.math.push_back({MathOp::n_minus, number()});
  } else if (op == "Twice") {
    no_number();
    e.math.push_back({MathOp::twice, 0});
  } else if (op == "HalfUp") {
    no_number();
    e.math.push_back({MathOp::half_up, 0});
  } else if (op == "HalfDown") {
    no_number();
    e.math.push_back({MathOp::half_down, 0});
  } else {
    const std::array<std::string_view, 6> ops = {"Plus",  "Minus",  "NMinus",
                                                 "Twice", "HalfUp", "HalfDown"};
    fail(ctx, offset, "Count$ math '" + std::string(op) + "' is unknown",
         did_you_mean(op, ops).empty() ? "use Plus.#, Minus.#, NMinus.#, Twice, HalfUp or HalfDown"
                                       : did_you_mean(op, ops));
  }
}

// "<n>.<m>" of Hellbent and Threshold.
void parse_pair(std::string_view desc, std::string_view field, std::size_t offset,
                const CompileContext& ctx, CountExpr& e) {
  const std::size_t dot = field.find('.');
  if (field.empty() || dot == std::string_view::npos)
    fail(ctx, offset,
         "Count$" + std::string(desc) + " needs two numbers: '" + std::string(desc) +
             ".5.3' (5 when it applies, 3 otherwise)");
  e.a = parse_int(ctx, field.substr(0, dot), offset, "Count$" + std::string(desc));
  e.b = parse_int(ctx, field.substr(dot + 1), offset + dot + 1, "Count$" + std::string(desc));
}

void parse_combination(std::string_view desc, std::string_view field, bool has_field,
                       std::size_t field_offset, const CompileContext& ctx, CountExpr& e) {
  bool have_location = false, have_quality = false;
  std::size_t i = 0;
  while (i < desc.size()) {
    const Token* match = nullptr;
    for (const Token& t : kTokens)
      if (desc.substr(i).starts_with(t.word)) {
        match = &t;
        break;
      }
    if (!match) {
      // Name the unknown word: up to where a known word starts.
      auto known_at = [&](std::size_t at) {
        for (const Token& t : kTokens)
          if (desc.substr(at).starts_with(t.word)) return true;
        return false;
      };
      std::size_t end = i + 1;
      while (end < desc.size() && !known_at(end)) ++end;
      const std::string_view word = desc.substr(i, end - i);
      const auto known = known_words(ctx.registry);
      std::string hint = did_you_mean(word, known);
      if (hint.empty()) hint = did_you_mean(desc, known);
      if (hint.empty()) hint = "see docs/script-reference.md, \"Count$\"";
      fail(ctx, i, "Count$ description '" + std::string(word) + "' is unknown", hint);
    }
    switch (match->kind) {
      case Token::Kind::quality:
        if (have_quality) fail(ctx, i, "Count$ names two qualities (Named, Type); use one");
        have_quality = true;
        e.filter.quality = static_cast<Quality>(match->value);
        break;
      case Token::Kind::color:
        e.filter.colors.add(static_cast<Color>(match->value));
        break;
      case Token::Kind::multi:
        e.filter.multicolor = true;
        break;
      case Token::Kind::mono:
        e.filter.monocolor = true;
        break;
      case Token::Kind::tapped:
        e.filter.tapped = 1;
        break;
      case Token::Kind::untapped:
        e.filter.tapped = 0;
        break;
      case Token::Kind::location:
        if (have_location)
          fail(ctx, i,
               "Count$ names two locations; use one (InAllYards, OnBattlefield… cover several "
               "zones)");
        have_location = true;
        e.location = static_cast<Location>(match->value);
        break;
    }
    i += match->word.size();
  }
  if (!have_location)
    fail(ctx, 0, "Count$ '" + std::string(desc) + "' names no location",
         "add one of YouCtrl, OppCtrl, OnBattlefield, InYourYard, InOppYard, InAllYards, "
         "InYourHand, InOppHand, InAllHands, TgtCtrl, InTgtYard, InTgtHand");
  if (e.filter.quality == Quality::none) {
    if (has_field)
      fail(ctx, field_offset,
           "Count$ '" + std::string(desc) + "' has '." + std::string(field) +
               "' but no quality (Named or Type) to use it");
    return;
  }
  if (field.empty())
    fail(ctx, has_field ? field_offset : desc.size(),
         std::string("Count$ ") + (e.filter.quality == Quality::named
                                       ? "Named needs a card name: 'NamedInAllYards.Kindle'"
                                       : "Type needs a type: 'TypeYouCtrl.Swamp'"));
  if (e.filter.quality == Quality::named) {
    e.filter.name = std::string(field);
    return;
  }
  if (field.find(' ') != std::string_view::npos || field.find('.') != std::string_view::npos)
    fail(ctx, field_offset,
         "Count$ type '" + std::string(field) + "' is one word, such as 'Swamp'");
  if (!contains(kNonCreatureTypes, field) && !contains(kCreatureTypes, field)) {
    std::vector<std::string_view> known(kNonCreatureTypes.begin(), kNonCreatureTypes.end());
    known.insert(known.end(), kCreatureTypes.begin(), kCreatureTypes.end());
    const std::string hint = did_you_mean(field, known);
    // Types are open-ended: only a near miss of a known type is taken for a typo.
    if (!hint.empty())
      fail(ctx, field_offset, "Count$ quality '" + std::string(field) + "' is unknown", hint);
  }
  e.filter.type = Symbol(field);
  e.filter.creature_type = !contains(kNonCreatureTypes, field);
}

}  // namespace

std::shared_ptr<const ValueExpr> Count::compile(std::string_view expr, CompileContext& ctx) const {
  auto e = std::make_shared<CountExpr>();
  const std::size_t slash = expr.find('/');
  const std::string_view head = expr.substr(0, slash);
  const std::size_t dot = head.find('.');
  const std::string_view desc = head.substr(0, dot);
  const bool has_field = dot != std::string_view::npos;
  const std::string_view field = has_field ? head.substr(dot + 1) : std::string_view{};
  const std::size_t field_offset = has_field ? dot + 1 : head.size();
  if (desc.empty())
    fail(ctx, 0, "Count$ needs a counting description, such as 'Count$TypeYouCtrl.Swamp'");

  auto no_field = [&] {
    if (has_field)
      fail(ctx, dot, "Count$" + std::string(desc) + " takes no '." + std::string(field) + "'");
  };
  if (desc == "Domain") {
    no_field();
    e->base = Base::domain;
    e->text = "the number of basic land types among lands you control";
  } else if (desc == "CardPower" || desc == "CardToughness") {
    no_field();
    const bool power = desc == "CardPower";
    e->base = power ? Base::card_power : Base::card_toughness;
    e->text = power ? "its power" : "its toughness";
  } else if (desc == "xPaid") {
    no_field();
    e->base = Base::x_paid;
    e->text = "the mana paid for {X}";
  } else if (desc == "YourLifeTotal") {
    no_field();
    e->base = Base::your_life;
    e->text = "your life total";
  } else if (desc == "OppLifeTotal") {
    no_field();
    e->base = Base::opp_life;
    e->text = "your opponent's life total";
  } else if (desc == "Chroma") {
    const std::size_t c = field.size() == 1 ? kColorLetters.find(field[0]) : std::string_view::npos;
    if (c == std::string_view::npos)
      fail(ctx, field_offset,
           "Count$Chroma needs one colour letter: Chroma.W, .U, .B, .R or .G; found '" +
               std::string(field) + "'");
    e->base = Base::chroma;
    e->color = static_cast<Color>(c);
    e->text = "the number of " + lower(std::string(kColorNames[c])) +
              " mana symbols in the mana costs of permanents you control";
  } else if (desc == "Hellbent" || desc == "Threshold") {
    parse_pair(desc, field, field_offset, ctx, *e);
    e->base = desc == "Hellbent" ? Base::hellbent : Base::threshold;
    e->text = std::to_string(e->a) +
              (desc == "Hellbent" ? " if you have no cards in hand"
                                  : " if seven or more cards are in your graveyard") +
              ", otherwise " + std::to_string(e->b);
  } else if (ctx.registry.find<ValueFunction>("Count." + std::string(desc))) {
    CompileContext inner{ctx.registry, ctx.card, at(ctx, field_offset), ctx.diagnostics};
    e->base = Base::external;
    e->external = compile_value("Count." + std::string(desc), field, inner, at(ctx, field_offset));
    if (!e->external)
      fail(ctx, 0,
           "the counting description 'Count." + std::string(desc) + "' compiled to nothing");
    e->text = e->external->describe();
  } else {
    parse_combination(desc, field, has_field, field_offset, ctx, *e);
    e->text = describe_count(e->filter, std::string(field), e->location);
    const Filter& f = e->filter;
    e->filter.more = f.colors.bits != 0 || f.multicolor || f.monocolor || f.tapped >= 0;
  }

  std::size_t offset = slash;
  while (offset != std::string_view::npos) {
    const std::size_t next = expr.find('/', offset + 1);
    const std::string_view part =
        expr.substr(offset + 1, next == std::string_view::npos ? next : next - offset - 1);
    if (part.empty()) fail(ctx, offset, "Count$ has an empty math suffix after '/'");
    parse_math(part, offset + 1, ctx, *e);
    offset = next;
  }
  e->text = describe_math(std::move(e->text), e->math);
  return e;
}

}  // namespace anvil::value_count
