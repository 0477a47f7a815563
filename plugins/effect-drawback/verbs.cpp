// The verbs of the seed's doDrawBack table. Each receives "<Player>/<amount>[/<field>]",
// Player one of You, Opp, Tgt, Chosen; the amount a number, X or Dealt.
#include <algorithm>
#include <array>
#include <charconv>
#include <string>
#include <utility>
#include <vector>

#include "drawback.hpp"

namespace anvil::effect_drawback {

namespace {

using namespace anvil::literals;

enum class Who : std::uint8_t { you, opp, tgt, chosen };

// What every verb starts with: who, how many, and the fields after.
struct Args {
  Who who = Who::you;
  bool is_x = false;
  // "Dealt": the amount of ctx.event — the damage a damage spell actually dealt (after
  // prevention), or the amount of the event that triggered an ability. X is the amount the
  // effect computed before dealing it: Corrupt gains Dealt, Tendrils of Corruption gains X.
  bool is_dealt = false;
  std::int64_t n = 0;
  std::vector<std::pair<std::string, std::size_t>> fields;  // text, offset in args

  // "Count$TypeUntappedTgtCtrl.Land": a value function's expression, evaluated when the step
  // runs (with the step's context: Tgt is the same player as the step's).
  std::shared_ptr<const ValueExpr> expr;

  std::int64_t amount(std::int64_t x, const Game& game, const ResolveContext& ctx) const {
    if (expr) return std::max<std::int64_t>(0, expr->eval(game, ctx));
    return std::max<std::int64_t>(0, is_dealt ? ctx.event.amount : is_x ? x : n);
  }
  std::string number() const { return is_x || expr ? "X" : std::to_string(n); }
};

Args parse_args(std::string_view verb, std::string_view args, const CompileContext& ctx,
                std::size_t min_fields, std::size_t max_fields, bool number_optional = false) {
  Args a;
  std::vector<std::pair<std::string_view, std::size_t>> parts;
  std::size_t start = 0;
  while (true) {
    const std::size_t slash = args.find('/', start);
    parts.emplace_back(args.substr(start, slash == std::string_view::npos ? slash : slash - start),
                       start);
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  // A value function's expression ("Count$…/Plus.1") runs to the end of the step: its own '/'s
  // are not the step's.
  if (parts.size() >= 2 && parts[1].first.find('$') != std::string_view::npos) {
    const std::size_t start_at = parts[1].second;
    const std::string_view text = args.substr(start_at);
    const std::size_t dollar = text.find('$');
    const std::string name(text.substr(0, dollar));
    CompileContext inner{ctx.registry, ctx.card, at(ctx, start_at + dollar + 1), ctx.diagnostics};
    a.expr = compile_value(name, text.substr(dollar + 1), inner, at(ctx, start_at));
    if (!a.expr)
      throw LoadError(at(ctx, start_at), "value function '" + name + "' compiled to nothing");
    parts.resize(2);
    parts[1].first = "X";
  }
  const std::string_view who = parts[0].first;
  if (who == "You")
    a.who = Who::you;
  else if (who == "Opp")
    a.who = Who::opp;
  else if (who == "Tgt")
    a.who = Who::tgt;
  else if (who == "Chosen")
    a.who = Who::chosen;
  else
    throw LoadError(at(ctx, 0), "effect verb '" + std::string(verb) +
                                    "' needs a player (You, Opp, Tgt or Chosen) first; found '" +
                                    std::string(who) + "'");
  if (parts.size() < 2 || parts[1].first.empty()) {
    if (!number_optional)
      throw LoadError(at(ctx, parts.size() < 2 ? args.size() : parts[1].second),
                      "effect verb '" + std::string(verb) + "' needs a number, X or Dealt: '" +
                          std::string(verb) + "/2'");
    a.n = 1;
  } else if (parts[1].first == "X") {
    a.is_x = !a.expr;
  } else if (parts[1].first == "Dealt") {
    a.is_dealt = true;
  } else {
    const std::string_view t = parts[1].first;
    auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), a.n);
    if (ec == std::errc::result_out_of_range)
      throw LoadError(at(ctx, parts[1].second), "the number '" + std::string(t) + "' is too large");
    if (ec != std::errc() || end != t.data() + t.size() || a.n < 0)
      throw LoadError(at(ctx, parts[1].second), "expected a number, X or Dealt after '" +
                                                    std::string(verb) + "/', found '" +
                                                    std::string(t) + "'");
  }
  for (std::size_t i = 2; i < parts.size(); ++i)
    a.fields.emplace_back(std::string(parts[i].first), parts[i].second);
  if (a.fields.size() < min_fields)
    throw LoadError(at(ctx, args.size()), "effect verb '" + std::string(verb) + "' needs " +
                                              std::to_string(min_fields) +
                                              " field(s) after the number");
  if (a.fields.size() > max_fields)
    throw LoadError(at(ctx, a.fields[max_fields].second),
                    "effect verb '" + std::string(verb) + "' takes " +
                        (max_fields == 0 ? std::string("nothing")
                                         : "at most " + std::to_string(max_fields) + " field(s)") +
                        " after the number; found '" + a.fields[max_fields].first + "'");
  return a;
}

PlayerId opponent_of(const Game& game, PlayerId p) {
  return PlayerId{static_cast<std::uint8_t>((p.value + 1) % game.state().player_count())};
}

// The player a step acts on; none for Tgt without a target, or Chosen when the source has no
// chosen player.
PlayerId player_of(const Game& game, const ResolveContext& ctx, Who who) {
  switch (who) {
    case Who::you:
      return ctx.controller;
    case Who::opp:
      return opponent_of(game, ctx.controller);
    case Who::tgt:
      if (ctx.targets.empty()) return PlayerId::none();
      if (ctx.targets[0].is_player()) return ctx.targets[0].player;
      if (ctx.targets[0].is_object()) return game.object(ctx.targets[0].object.id).controller;
      return PlayerId::none();
    case Who::chosen:
      return chosen_player(game, ctx.source.id);
  }
  return PlayerId::none();
}

// Subject and verb agreement: "you gain", "that player gains".
std::string subject(Who who) {
  switch (who) {
    case Who::you:
      return "you";
    case Who::opp:
      return "your opponent";
    case Who::tgt:
      return "that player";
    case Who::chosen:
      return "the chosen player";
  }
  return "";
}
std::string verb_form(Who who, std::string_view base, std::string_view third) {
  return std::string(who == Who::you ? base : third);
}
std::string possessive(Who who) { return who == Who::you ? "your" : "their"; }

std::string a_or_an(const std::string& word) {
  const bool vowel =
      !word.empty() && std::string_view("AEIOUaeiou").find(word.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + word;
}

constexpr std::array<std::string_view, 8> kCardTypes = {
    "Artifact", "Creature", "Enchantment", "Instant", "Land", "Planeswalker", "Sorcery", "Battle"};

// Type words of rule 205.3 (April 2022: subtypes, and the card type Plane) within did_you_mean's
// distance of a card type: meant as written, never taken for a misspelt card type.
constexpr std::array<std::string_view, 8> kTypesNearCardTypes = {
    "Artificer", "Bard", "Island", "Lair", "Plane", "Plant", "Sand", "Treasure"};

bool is_card_type(std::string_view t) {
  return std::find(kCardTypes.begin(), kCardTypes.end(), t) != kCardTypes.end();
}

std::string lower(std::string s) {
  for (char& c : s)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return s;
}

std::string count_of(const Args& a, std::string_view noun, std::string_view nouns) {
  static constexpr std::array<std::string_view, 11> kWords = {
      "zero", "a", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten"};
  if (a.is_x || a.expr) return "X " + std::string(nouns);
  if (a.is_dealt) return "that many " + std::string(nouns);
  if (a.n == 1) return a_or_an(std::string(noun));
  if (a.n >= 0 && a.n <= 10)
    return std::string(kWords[static_cast<std::size_t>(a.n)]) + " " + std::string(nouns);
  return std::to_string(a.n) + " " + std::string(nouns);
}

std::int32_t clamp32(std::int64_t v) {
  return static_cast<std::int32_t>(std::min<std::int64_t>(v, 1'000'000'000));
}

// Whether an object has `type` as a type, subtype or supertype; the empty Symbol matches all.
bool has_any_type(const Game& game, ObjectId id, Symbol type) {
  if (type.empty()) return true;
  const Characteristics c = game.view(id);
  return c.has_type(type) || c.has_subtype(type) || c.has_supertype(type);
}

// Asks `player` to pick exactly min(count, candidates) of `candidates`; returns them in pick
// order.
std::vector<ObjectId> pick(Game& game, PlayerId player, ChoiceKind kind, std::string prompt,
                           const std::vector<ObjectId>& candidates, std::int64_t count,
                           ObjectId source) {
  const auto k = static_cast<std::uint32_t>(
      std::min<std::int64_t>(count, static_cast<std::int64_t>(candidates.size())));
  if (k == 0) return {};
  if (k == candidates.size()) return candidates;
  Choice choice;
  choice.kind = kind;
  choice.player = player;
  choice.prompt = std::move(prompt);
  choice.min_picks = k;
  choice.max_picks = k;
  choice.source = source;
  for (ObjectId id : candidates)
    choice.options.push_back(
        {std::string(game.view(id).name), Target::of(game.object(id).ref()), 0});
  std::vector<ObjectId> out;
  for (std::uint32_t i : game.ask(choice).picks) out.push_back(candidates.at(i));
  return out;
}

// Discards `cards` (in hand) at once, as one event (701.9a: "discard two cards" discards them
// together); one trigger per card still fires (603.2c).
void discard_at_once(Game& game, const std::vector<ObjectId>& cards, ObjectId source) {
  std::vector<ZoneMove> moves;
  for (ObjectId id : cards)
    moves.push_back({id, ZoneRef::graveyard(game.object(id).owner), Cause::discard, source});
  move_simultaneously(game, moves);
}

std::vector<ObjectId> zone_objects(const Game& game, ZoneRef zone) {
  return game.state().zone(zone).objects;
}

// ---- the steps

class Step : public EffectStep {
 public:
  explicit Step(Args args) : args_(std::move(args)) {}
  void run(Game& game, const ResolveContext& ctx, std::int64_t x) const override {
    const PlayerId p = player_of(game, ctx, args_.who);
    if (!p.valid() || p.value >= game.state().player_count()) return;  // Tgt with no target
    apply(game, ctx, p, args_.amount(x, game, ctx));
  }
  // The step's clause, and what its X is when the amount is a value function.
  std::string describe() const final {
    if (!args_.expr) return text();
    return text() + ", where X is " + args_.expr->describe();
  }

 protected:
  virtual void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const = 0;
  virtual std::string text() const = 0;
  Args args_;
};

class DamageStep final : public Step {
 public:
  using Step::Step;
  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    if (n > 0) deal_damage(game, ctx.source.id, Target::of(p), clamp32(n));
  }
  std::string text() const override {
    return "CARDNAME deals " + (args_.is_dealt ? std::string("that much") : args_.number()) +
           " damage to " + subject(args_.who);
  }
};

class LifeStep final : public Step {
 public:
  LifeStep(Args args, bool gain) : Step(std::move(args)), gain_(gain) {}
  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    if (n <= 0) return;
    if (gain_) {
      gain_life(game, p, clamp32(n), ctx.source.id);
    } else {
      lose_life(game, p, clamp32(n), ctx.source.id);
    }
  }
  std::string text() const override {
    return subject(args_.who) + " " +
           verb_form(args_.who, gain_ ? "gain" : "lose", gain_ ? "gains" : "loses") + " " +
           (args_.is_dealt ? std::string("that much") : args_.number()) + " life";
  }

 private:
  bool gain_;
};

class DrawStep final : public Step {
 public:
  using Step::Step;
  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    if (n > 0) draw(game, p, static_cast<int>(std::min<std::int64_t>(n, 1'000'000)), ctx.source.id);
  }
  std::string text() const override {
    return subject(args_.who) + " " + verb_form(args_.who, "draw", "draws") + " " +
           count_of(args_, "card", "cards");
  }
};

// "Mill N": the top N cards of the library go to the graveyard (701.13), through the kernel's
// mill(); fewer if the library has fewer.
class MillStep final : public Step {
 public:
  using Step::Step;
  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    if (n > 0) mill(game, p, static_cast<int>(std::min<std::int64_t>(n, 1'000'000)), ctx.source.id);
  }
  std::string text() const override {
    return subject(args_.who) + " " + verb_form(args_.who, "mill", "mills") + " " +
           count_of(args_, "card", "cards");
  }
};

class DiscardStep final : public Step {
 public:
  enum class Mode : std::uint8_t { choose, at_random, unless_type };
  DiscardStep(Args args, Mode mode, std::string type)
      : Step(std::move(args)), mode_(mode), type_name_(std::move(type)), type_(type_name_) {}

  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    std::vector<ObjectId> hand = zone_objects(game, ZoneRef::hand(p));
    if (mode_ == Mode::at_random) {
      std::vector<ObjectId> chosen;
      for (std::int64_t i = 0; i < n && !hand.empty(); ++i) {
        const auto r = static_cast<std::size_t>(game.journal().random_below(hand.size()));
        chosen.push_back(hand[r]);
        hand.erase(hand.begin() + static_cast<std::ptrdiff_t>(r));
      }
      discard_at_once(game, chosen, ctx.source.id);
      return;
    }
    if (mode_ == Mode::unless_type) {
      std::vector<ObjectId> typed;
      for (ObjectId id : hand)
        if (has_any_type(game, id, type_)) typed.push_back(id);
      if (!typed.empty() && n > 0) {
        // Yes: one card of the type instead (then which one, if there are several).
        const std::string one = a_or_an(type_text()) + " card";
        Choice choice;
        choice.kind = ChoiceKind::yes_no;
        choice.player = p;
        choice.prompt = "Discard " + one + " instead of " + std::to_string(n) + " cards?";
        choice.source = ctx.source.id;
        choice.options = {{"No: discard " + std::to_string(n) + " cards", {}, 0},
                          {"Yes: discard " + one, {}, 1}};
        if (game.ask(choice).picks.at(0) == 1) {
          discard_at_once(
              game, pick(game, p, ChoiceKind::discard, "Discard " + one, typed, 1, ctx.source.id),
              ctx.source.id);
          return;
        }
      }
    }
    // More than the hand holds discards the whole hand (the seed's Blightning crash).
    discard_at_once(game,
                    pick(game, p, ChoiceKind::discard, "Discard " + std::to_string(n) + " card(s)",
                         hand, n, ctx.source.id),
                    ctx.source.id);
  }
  std::string text() const override {
    std::string s = subject(args_.who) + " " + verb_form(args_.who, "discard", "discards") + " " +
                    count_of(args_, "card", "cards");
    if (mode_ == Mode::at_random) s += " at random";
    if (mode_ == Mode::unless_type)
      s += " unless " + subject(args_.who) + " " + verb_form(args_.who, "discard", "discards") +
           " " + a_or_an(type_text()) + " card";
    return s;
  }

 private:
  // Card types read in lower case ("an artifact card"), subtypes as written ("a Goblin card").
  std::string type_text() const {
    return is_card_type(type_name_) ? lower(type_name_) : type_name_;
  }

  Mode mode_;
  std::string type_name_;
  Symbol type_;
};

class HandToLibraryStep final : public Step {
 public:
  enum class Where : std::uint8_t { top, bottom, top_or_bottom };
  HandToLibraryStep(Args args, Where where) : Step(std::move(args)), where_(where) {}
  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    const auto chosen = pick(game, p, ChoiceKind::option, "Choose cards to put into your library",
                             zone_objects(game, ZoneRef::hand(p)), n, ctx.source.id);
    for (ObjectId id : chosen) {
      bool bottom = where_ == Where::bottom;
      if (where_ == Where::top_or_bottom) {
        Choice choice;
        choice.kind = ChoiceKind::option;
        choice.player = p;
        choice.prompt = "Put " + std::string(game.view(id).name) +
                        " on top of or on the bottom of your library?";
        choice.source = ctx.source.id;
        choice.options = {{"Top", {}, 0}, {"Bottom", {}, 1}};
        bottom = game.ask(choice).picks.at(0) == 1;
      }
      const PlayerId owner = game.object(id).owner;
      move_to_zone(game, id, ZoneRef::library(owner), Cause::effect, ctx.source.id,
                   bottom ? 0 : static_cast<std::size_t>(-1));
    }
  }
  std::string text() const override {
    const char* where = where_ == Where::top      ? "on top of"
                        : where_ == Where::bottom ? "on the bottom of"
                                                  : "on top of or on the bottom of";
    return subject(args_.who) + " " + verb_form(args_.who, "put", "puts") + " " +
           count_of(args_, "card", "cards") + " from " + possessive(args_.who) + " hand " + where +
           " " + possessive(args_.who) + " library";
  }

 private:
  Where where_;
};

class GenTokenStep final : public Step {
 public:
  GenTokenStep(Args args, std::string name) : Step(std::move(args)), name_(std::move(name)) {}
  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    const auto card = game.cards().find(name_);
    // Loading a pack reports a name no card has (CardDef::needs); a pool put together by hand,
    // without the pack loader, can still lack it.
    if (!card)
      throw std::runtime_error("GenToken: no card named '" + name_ +
                               "' is in the game's card pool");
    // The tokens of one instruction are created at once, as one event (603.6a): each enters
    // with the others, so an ability of one sees the others enter.
    std::vector<ZoneMove> moves;
    for (std::int64_t i = 0; i < std::min<std::int64_t>(n, 1000); ++i) {
      const ObjectId token = game.add_card(*card, p, ZoneRef::nowhere(), true);
      moves.push_back({token, ZoneRef::battlefield(p), Cause::create, ctx.source.id});
    }
    move_simultaneously(game, moves);
  }
  std::string text() const override {
    return subject(args_.who) + " " + verb_form(args_.who, "create", "creates") + " " +
           count_of(args_, name_ + " token", name_ + " tokens");
  }

 private:
  std::string name_;
};

// Sacrifice/<n>[/<Type>] and ReturnFromYard/<n>[/<Type>]: the player picks which.
class PickStep final : public Step {
 public:
  enum class Kind : std::uint8_t { sacrifice, return_from_yard };
  PickStep(Args args, Kind kind, std::string type)
      : Step(std::move(args)), kind_(kind), type_name_(std::move(type)), type_(type_name_) {}
  void apply(Game& game, const ResolveContext& ctx, PlayerId p, std::int64_t n) const override {
    std::vector<ObjectId> candidates;
    if (kind_ == Kind::sacrifice) {
      for (std::size_t i = 0; i < game.state().player_count(); ++i)
        for (ObjectId id :
             zone_objects(game, ZoneRef::battlefield(PlayerId{static_cast<std::uint8_t>(i)})))
          if (game.object(id).controller == p && has_any_type(game, id, type_))
            candidates.push_back(id);
    } else {
      for (ObjectId id : zone_objects(game, ZoneRef::graveyard(p)))
        if (has_any_type(game, id, type_)) candidates.push_back(id);
    }
    const bool sac = kind_ == Kind::sacrifice;
    // Everything picked moves at once, as one event (701.21a, 603.10a): a "dies" trigger of one
    // sacrificed creature sees the others die, whatever the order of the picks.
    std::vector<ZoneMove> moves;
    for (ObjectId id :
         pick(game, p, ChoiceKind::option,
              sac ? "Choose what to sacrifice" : "Choose cards to return to your hand", candidates,
              n, ctx.source.id)) {
      const PlayerId owner = game.object(id).owner;
      moves.push_back(sac ? ZoneMove{id, ZoneRef::graveyard(owner), Cause::sacrifice, ctx.source.id}
                          : ZoneMove{id, ZoneRef::hand(owner), Cause::effect, ctx.source.id});
    }
    move_simultaneously(game, moves);
  }
  std::string text() const override {
    const std::string type =
        is_card_type(type_name_) ? lower(type_name_) : type_name_;  // "a creature", "a Goblin"
    const std::string what = type_name_.empty()
                                 ? std::string(kind_ == Kind::sacrifice ? "permanent" : "card")
                                 : type + (kind_ == Kind::sacrifice ? "" : " card");
    std::string whats = what + (what.ends_with("s") ? "es" : "s");
    if (kind_ == Kind::sacrifice)
      return subject(args_.who) + " " + verb_form(args_.who, "sacrifice", "sacrifices") + " " +
             count_of(args_, what, whats);
    return subject(args_.who) + " " + verb_form(args_.who, "return", "returns") + " " +
           count_of(args_, what, whats) + " from " + possessive(args_.who) + " graveyard to " +
           possessive(args_.who) + " hand";
  }

 private:
  Kind kind_;
  std::string type_name_;
  Symbol type_;
};

// ---- the verbs

template <class Fn>
class Verb final : public EffectVerb {
 public:
  explicit Verb(Fn fn) : fn_(std::move(fn)) {}
  std::shared_ptr<const EffectStep> compile(std::string_view args,
                                            CompileContext& ctx) const override {
    return fn_(args, ctx);
  }

 private:
  Fn fn_;
};

template <class Fn>
std::shared_ptr<const EffectVerb> verb(Fn fn) {
  return std::make_shared<Verb<Fn>>(std::move(fn));
}

// A verb's type word, `offset` characters into the step. Types are open-ended (any subtype,
// 'Goblin', is taken as written), so only a near miss of a card type is a typo: 'Lnad' would
// match no card and the step would never offer one.
void check_type_word(std::string_view type, std::size_t offset, const CompileContext& ctx,
                     std::string_view verb) {
  const auto& meant = kTypesNearCardTypes;
  if (is_card_type(type) || std::find(meant.begin(), meant.end(), type) != meant.end()) return;
  const std::string hint = did_you_mean(type, kCardTypes);
  if (hint.empty()) return;
  throw LoadError(at(ctx, offset),
                  std::string(verb) + " type '" + std::string(type) + "' is unknown", hint);
}

std::string type_field(const Args& a, const CompileContext& ctx, std::string_view verb) {
  if (a.fields.empty() || a.fields[0].first == "Card") return {};  // any card
  const auto& [text, offset] = a.fields[0];
  if (text.empty() || text.find(' ') != std::string::npos)
    throw LoadError(
        at(ctx, offset),
        std::string(verb) + " takes one type word, such as 'Creature'; found '" + text + "'");
  check_type_word(text, offset, ctx, verb);
  return text;
}

}  // namespace

void register_verbs(Registrar& registrar) {
  registrar.add<EffectVerb>(
      "Damage",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        return std::make_shared<DamageStep>(parse_args("Damage", a, ctx, 0, 0));
      }));
  registrar.add<EffectVerb>(
      "GainLife",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        return std::make_shared<LifeStep>(parse_args("GainLife", a, ctx, 0, 0), true);
      }));
  registrar.add<EffectVerb>(
      "LoseLife",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        return std::make_shared<LifeStep>(parse_args("LoseLife", a, ctx, 0, 0), false);
      }));
  registrar.add<EffectVerb>(
      "Draw",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        return std::make_shared<DrawStep>(parse_args("Draw", a, ctx, 0, 0));
      }));
  registrar.add<EffectVerb>(
      "Discard",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        Args args = parse_args("Discard", a, ctx, 0, 1);
        if (args.fields.empty())
          return std::make_shared<DiscardStep>(std::move(args), DiscardStep::Mode::choose, "");
        const auto [field, offset] = args.fields[0];
        if (field == "AtRandom")
          return std::make_shared<DiscardStep>(std::move(args), DiscardStep::Mode::at_random, "");
        constexpr std::string_view kUnless = "UnlessDiscardType.";
        if (field.starts_with(kUnless) && field.size() > kUnless.size()) {
          std::string type = field.substr(kUnless.size());
          check_type_word(type, offset + kUnless.size(), ctx, "Discard");
          return std::make_shared<DiscardStep>(std::move(args), DiscardStep::Mode::unless_type,
                                               std::move(type));
        }
        const std::array<std::string_view, 2> known = {"AtRandom", "UnlessDiscardType"};
        std::string hint = did_you_mean(std::string_view(field).substr(0, field.find('.')), known);
        if (hint.empty()) hint = "use AtRandom or UnlessDiscardType.<Type>";
        throw LoadError(at(ctx, offset), "Discard field '" + field + "' is unknown", hint);
      }));
  registrar.add<EffectVerb>(
      "Mill",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        return std::make_shared<MillStep>(parse_args("Mill", a, ctx, 0, 0));
      }));
  registrar.add<EffectVerb>(
      "HandToLibrary",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        Args args = parse_args("HandToLibrary", a, ctx, 1, 1);
        const auto [field, offset] = args.fields[0];
        using W = HandToLibraryStep::Where;
        if (field == "Top") return std::make_shared<HandToLibraryStep>(std::move(args), W::top);
        if (field == "Bottom")
          return std::make_shared<HandToLibraryStep>(std::move(args), W::bottom);
        if (field == "TopOrBottom")
          return std::make_shared<HandToLibraryStep>(std::move(args), W::top_or_bottom);
        const std::array<std::string_view, 3> known = {"Top", "Bottom", "TopOrBottom"};
        std::string hint = did_you_mean(field, known);
        if (hint.empty()) hint = "use Top, Bottom or TopOrBottom";
        throw LoadError(at(ctx, offset), "HandToLibrary field '" + field + "' is unknown", hint);
      }));
  registrar.add<EffectVerb>(
      "GenToken",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        Args args = parse_args("GenToken", a, ctx, 1, 1);
        std::string name = args.fields[0].first;
        if (name.empty())
          throw LoadError(at(ctx, args.fields[0].second),
                          "GenToken needs the token's card name: 'GenToken/1/Goblin Token'");
        ctx.need_card(name, at(ctx, args.fields[0].second));
        return std::make_shared<GenTokenStep>(std::move(args), std::move(name));
      }));
  registrar.add<EffectVerb>(
      "ReturnFromYard",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        Args args = parse_args("ReturnFromYard", a, ctx, 0, 1);
        std::string type = type_field(args, ctx, "ReturnFromYard");
        return std::make_shared<PickStep>(std::move(args), PickStep::Kind::return_from_yard,
                                          std::move(type));
      }));
  registrar.add<EffectVerb>(
      "Sacrifice",
      verb([](std::string_view a, CompileContext& ctx) -> std::shared_ptr<const EffectStep> {
        Args args = parse_args("Sacrifice", a, ctx, 0, 1);
        std::string type = type_field(args, ctx, "Sacrifice");
        return std::make_shared<PickStep>(std::move(args), PickStep::Kind::sacrifice,
                                          std::move(type));
      }));
}

}  // namespace anvil::effect_drawback
