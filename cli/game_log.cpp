#include "game_log.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <anvil/agent.hpp>
#include <array>
#include <iterator>
#include <string_view>

#include "namesakes.hpp"

namespace anvil::cli {

namespace {

// The counter kinds the bundled rules modules use, by name: a Symbol keeps only its hash, and a
// log line needs the word.
std::string_view counter_name(Symbol kind) {
  static constexpr std::array<std::string_view, 9> kKnown{
      "poison", "+1/+1", "-1/-1", "loyalty", "lore", "defense", "time", "fade", "age"};
  for (std::string_view name : kKnown)
    if (Symbol(name) == kind) return name;
  return "other";
}

// Whether `c` is a creature's (a classic creature, a hearth minion): only those die (rule
// 700.4); other permanents are put into their owner's graveyard.
bool is_creature(const Characteristics& c) {
  using namespace anvil::literals;
  return c.has_type("Creature"_sym) || c.has_type("Minion"_sym);
}

// The name of the card whose CardId an event carries as its amount ("transform", "given").
std::optional<std::string_view> carried_card(const Game& g, std::int64_t amount) {
  if (amount < 0 || static_cast<std::uint64_t>(amount) >= g.cards().size()) return std::nullopt;
  return g.cards().at(CardId(static_cast<std::uint32_t>(amount))).name;
}

}  // namespace

GameLog::GameLog(Game& game, const RulesModule& rules, std::FILE* out,
                 std::vector<std::string> player_names, std::optional<PlayerId> viewer)
    : out_(out),
      words_{rules.wording("cast"), rules.wording("enter"), rules.wording("life")},
      names_(std::move(player_names)),
      viewer_(viewer) {
  EventBus& bus = game.bus();
  connections_.emplace_back(bus.on_replacement<ZoneChangeEvent>(
      [this](const Game& g,
             const ZoneChangeEvent& e) -> std::optional<Replacement<ZoneChangeEvent>> {
        if (e.to.kind == ZoneKind::battlefield) entering_ = true;
        // What it is as it leaves (an animated land is a creature then, not in the graveyard),
        // and the board it leaves.
        if (e.from.kind == ZoneKind::battlefield && g.state().exists(e.object)) {
          if (e.to.kind != ZoneKind::battlefield) see_board(g);
          std::erase_if(leaving_,
                        [&](const auto& l) { return l.first == e.object; });  // a move replaced
          leaving_.push_back({e.object, is_creature(g.view(e.object))});
        }
        return std::nullopt;
      }));
  connections_.emplace_back(bus.on_observe<ZoneChangeEvent>([this](const Game& g,
                                                                   const ZoneChangeEvent& e) {
    const std::string who = player(e.player);
    const ZoneKind from = e.from.kind, to = e.to.kind;
    // A permanent that has left the battlefield is named by its number as the board showed it;
    // the others of its batch keep theirs until theirs are told (numbers_).
    std::optional<std::size_t> number;
    if (from == ZoneKind::battlefield && to != ZoneKind::battlefield) {
      const auto it = std::find_if(numbers_.begin(), numbers_.end(),
                                   [&](const auto& n) { return n.first == e.object; });
      number = it != numbers_.end() ? it->second : 0;
      if (it != numbers_.end()) numbers_.erase(it);
    } else {
      see_board(g);
    }
    // A card played face up is seen by all as it is played (a hearth weapon is told before it
    // reaches the hero, while the weapon it replaces goes).
    const bool shown = e.cause == Cause::cast && to != ZoneKind::exile && to != ZoneKind::library &&
                       to != ZoneKind::hand && g.state().exists(e.object) &&
                       !g.state().object(e.object).face_down;
    const std::string what = card(g, e.object, shown, number);
    bool creature = false;  // as it left the battlefield
    if (const auto it = std::find_if(leaving_.begin(), leaving_.end(),
                                     [&](const auto& l) { return l.first == e.object; });
        it != leaving_.end()) {
      creature = it->second;
      leaving_.erase(it);
    } else if (from == ZoneKind::battlefield && g.state().exists(e.object)) {
      creature = is_creature(g.view(e.object));  // the hearth module tells no replacement stage
    }
    // Where a card that left the battlefield went instead of its owner's graveyard (unearth).
    const std::string_view instead = from == ZoneKind::battlefield && to == ZoneKind::exile
                                         ? " (exiled instead of going to the graveyard)"
                                         : "";
    std::string text;
    // What a spell targets is remembered from its cast (undo may cast it again) until it
    // leaves the stack, where one that does nothing is told why.
    if (to == ZoneKind::stack || (from == ZoneKind::stack && e.cause != Cause::rules))
      std::erase_if(targeted_, [&](const Targeted& t) { return t.source == e.object; });
    switch (e.cause) {
      case Cause::draw:
        text = fmt::format("{} draws {}", who, what);
        break;
      case Cause::cast:
        text = fmt::format("{} {} {}", who, words_.cast, what);
        break;
      case Cause::discard:
        text = fmt::format("{} discards {}", who, what);
        break;
      case Cause::mill:
        text = fmt::format("{} mills {}", who, what);
        break;
      case Cause::sacrifice:
        text = fmt::format("{} sacrifices {}{}", who, what, instead);
        break;
      case Cause::destroy:
        text = fmt::format("{} is destroyed{}", what, instead);
        break;
      case Cause::create:
        text = fmt::format("{} gets a {} token", player(e.to.owner), what);
        break;
      case Cause::counter:
        text = fmt::format("{} is countered", what);
        break;
      case Cause::bounce:
        text = fmt::format("{} returns to its owner's hand", what);
        break;
      case Cause::exile:
        if (from == ZoneKind::library || from == ZoneKind::hand)  // Tracking's, Mad Scientist's
          text = fmt::format("{} is removed from {}'s {}", what, who,
                             from == ZoneKind::library ? "deck" : "hand");
        else
          text = fmt::format("{} is exiled", what);
        break;
      default:
        if (to == ZoneKind::battlefield)
          text = entered(what, player(e.to.owner));
        else if (from == ZoneKind::battlefield && to == ZoneKind::graveyard)
          text = creature ? fmt::format("{} dies", what)
                          : fmt::format("{} is put into its owner's graveyard", what);
        else if (from == ZoneKind::battlefield && to == ZoneKind::exile)
          text = fmt::format("{} is exiled", what);
        else if (from == ZoneKind::stack && e.cause == Cause::rules)  // 608.2b: not resolved
          text = fmt::format("{} does nothing: {}", what, why_nothing(g, e.object));
        else if (from == ZoneKind::stack && to == ZoneKind::graveyard)
          text = fmt::format("{} resolves", what);
        else if (from == ZoneKind::battlefield && to == ZoneKind::none)
          text = fmt::format("{} ceases to exist", what);
        else if (from == ZoneKind::library && to == ZoneKind::graveyard && e.cause == Cause::rules)
          text = fmt::format("{} draws {}, but their hand is full: it is burned", who, what);
        else if (from == ZoneKind::none && to == ZoneKind::hand)  // Mind Vision, The Coin
          text = fmt::format("{} is put into {}'s hand", what, player(e.to.owner));
        break;
    }
    // Counters it entered with (a planeswalker's loyalty, a battle's defense), held back until
    // now: told after it enters.
    const std::vector<Held> entered_with = take_held([&](const Held& h) {
      return h.counters && h.subject.is_object() && h.subject.object.id == e.object;
    });
    entering_ = false;
    if (!text.empty()) line(g, text);
    for (const Held& h : entered_with) print(h.turn, h.active, h.text);
  }));
  connections_.emplace_back(bus.on_replacement<DamageEvent>(
      [this](const Game&, const DamageEvent&) -> std::optional<Replacement<DamageEvent>> {
        dealing_damage_ = true;
        return std::nullopt;
      }));
  connections_.emplace_back(
      bus.on_observe<DamageEvent>([this](const Game& g, const DamageEvent& e) {
        see_board(g);
        const char* combat = e.combat ? " (combat)" : "";
        // No source object: a hearth hero's attack or power (the line before says which), or
        // fatigue (a "fatigue" event just before).
        const bool fatigue = fatigue_ && e.target.is_player() && e.target.player == *fatigue_;
        fatigue_.reset();
        const std::string text = !e.source.valid() || !g.state().exists(e.source)
                                     ? fmt::format("{} takes {} {}damage{}", target(g, e.target),
                                                   e.amount, fatigue ? "fatigue " : "", combat)
                                     : fmt::format("{} deals {} damage to {}{}", card(g, e.source),
                                                   e.amount, target(g, e.target), combat);
        // What this damage changed, held back until now, is told right after it: its
        // target's life or counters, and its source's controller's gain (lifelink). Other held
        // lines wait for the damage that caused them (combat damage is dealt at once and told
        // one by one) or for the next line about anything else.
        const PlayerId controller = e.source.valid() && g.state().exists(e.source)
                                        ? g.state().object(e.source).controller
                                        : PlayerId{};
        const std::vector<Held> caused =
            take_held([&](const Held& h) { return caused_by(h, e, controller); });
        print(g.state().turn.number, g.state().turn.active, text);
        for (const Held& h : caused) print(h.turn, h.active, h.text);
        dealing_damage_ = false;  // what changes from here on is told as it happens
      }));
  connections_.emplace_back(bus.on_observe<LifeChangeEvent>([this](const Game& g, const LifeChangeEvent& e) {
    see_board(g);
    const std::int32_t now = g.state().player(e.player).life;
    hold_or_tell(
        g, e.source, Target::of(e.player), false, e.delta,
        fmt::format("{} {} {} {} ({} → {})", player(e.player), e.delta > 0 ? "gains" : "loses",
                    e.delta > 0 ? e.delta : -e.delta, words_.life, now - e.delta, now));
  }));
  connections_.emplace_back(
      bus.on_observe<CounterChangeEvent>([this](const Game& g, const CounterChangeEvent& e) {
        see_board(g);
        std::int64_t now = 0;
        if (e.target.is_player())
          now = g.state().player(e.target.player).counters.get(e.kind);
        else if (e.target.is_object() && g.state().exists(e.target.object.id))
          now = g.state().object(e.target.object.id).counters.get(e.kind);
        else
          return;
        const std::int32_t n = e.delta > 0 ? e.delta : -e.delta;
        const std::string_view kind = counter_name(e.kind);
        hold_or_tell(g, e.source, e.target, true, e.delta,
                     fmt::format("{} {} {} {} counter{} ({} in all)", target(g, e.target),
                                 e.delta > 0 ? "gets" : "loses",
                                 n == 1 ? std::string("a") : std::to_string(n), kind,
                                 n == 1 ? "" : "s", now));
      }));
  connections_.emplace_back(bus.on_observe<AttackEvent>([this](const Game& g, const AttackEvent& e) {
    see_board(g);
    line(g, fmt::format("{} attacks {}", card(g, e.attacker), target(g, e.defender)));
  }));
  connections_.emplace_back(
      bus.on_observe<CustomEvent>([this](const Game& g, const CustomEvent& e) {
        using namespace anvil::literals;
        see_board(g);
        const std::optional<std::string_view> carried = carried_card(g, e.amount);
        if (e.kind == "hero_power"_sym)
          line(g, e.other.is_player() || e.other.is_object()
                      ? fmt::format("{} uses their hero power on {}", target(g, e.subject),
                                    target(g, e.other))
                      : fmt::format("{} uses their hero power", target(g, e.subject)));
        else if (e.kind == "armor"_sym)  // gained, or (< 0) taken by damage
          line(g,
               fmt::format("{} {} {} armor", target(g, e.subject), e.amount < 0 ? "loses" : "gains",
                           e.amount < 0 ? -e.amount : e.amount));
        else if (e.kind == "hero_attack"_sym)
          line(g, fmt::format("{}'s hero attacks {}", target(g, e.subject), target(g, e.other)));
        else if (e.kind == "transform"_sym && carried)
          line(g, fmt::format("{} becomes {}", target(g, e.subject), *carried));
        else if (e.kind == "healed"_sym)
          line(g, fmt::format("{} is healed for {}", target(g, e.subject), e.amount));
        else if (e.kind == "silence"_sym)
          line(g, fmt::format("{} is silenced", target(g, e.subject)));
        else if (e.kind == "freeze"_sym)
          line(g, fmt::format("{} is frozen", target(g, e.subject)));
        else if (e.kind == "given"_sym && carried) {
          // One line for what one card gives at once (Blessing of Kings' +4 Attack and +4
          // Health are two buffs).
          const Given given{e.subject, e.amount, e.source};
          if (last_given_ && *last_given_ == given) return;
          line(g, fmt::format("{} gets {}", target(g, e.subject), *carried));
          last_given_ = given;
        } else if (e.kind == "copy"_sym)
          line(g, fmt::format("{} becomes a copy of {}", target(g, e.subject), target(g, e.other)));
        else if (e.kind == "secret"_sym)
          line(g,
               fmt::format("{}'s secret {} is revealed", target(g, e.other), target(g, e.subject)));
        else if (e.kind == "secret_set"_sym)
          line(g, fmt::format("{} is put into play as {}'s secret", target(g, e.subject),
                              target(g, e.other)));
        else if (e.kind == "health_set"_sym || e.kind == "attack_set"_sym)
          line(g, fmt::format("{}'s {} becomes {}", target(g, e.subject),
                              e.kind == "health_set"_sym ? "health" : "attack", e.amount));
        else if (e.kind == "fatigue"_sym && e.subject.is_player())
          fatigue_ = e.subject.player;                // told with the damage it deals
        else if (e.kind == "empty_library_draw"_sym)  // classic: 704.5b
          line(g, fmt::format("{} draws from an empty library, and so loses the game",
                              target(g, e.subject)));
        else if (e.kind == "divine_shield"_sym)
          line(g, fmt::format("{}'s divine shield takes {} damage and is gone",
                              target(g, e.subject), e.amount));
        else if (e.kind == "control"_sym)
          line(g, fmt::format("{} comes under {}'s control", target(g, e.subject),
                              target(g, e.other)));
        else if (e.kind == "mulligan"_sym)  // hearth: a card put back, before its replacement
          line(g, fmt::format("{} puts {} back into their deck (mulligan)", target(g, e.subject),
                              target(g, e.other)));
        else if (e.kind == "mulligan_taken"_sym)  // classic: the London mulligan
          line(g, fmt::format("{} mulligans, shuffling their hand into their library",
                              target(g, e.subject)));
        else if (e.kind == "mulligan_bottom"_sym)
          line(g, fmt::format("{} puts {} on the bottom of their library (mulligan)",
                              target(g, e.subject), target(g, e.other)));
        else if (e.kind == "activated"_sym)  // classic: a non-mana ability put on the stack
          line(g, fmt::format("{} activates {}", target(g, e.subject), target(g, e.other)));
        else if (e.kind == "regenerated"_sym)
          line(g, fmt::format("{} regenerates", target(g, e.subject)));
        else if (e.kind == "became_target"_sym && e.other.is_object() && e.subject.is_object()) {
          remember_target(e);
          line(g, fmt::format("{} targets {}", target(g, e.other), target(g, e.subject)));
        }
      }));
  // A turn's header as its steps begin, so that a turn in which nothing happens is told too (the
  // first turn's above all: without it the log began "Turn 2 (P2)"). The classic module announces
  // its steps; the hearth module does not, but each of its turns begins with a draw.
  connections_.emplace_back(
      bus.on_observe<TurnStepEvent>([this](const Game&, const TurnStepEvent& e) {
        if (e.turn == turn_printed_) return;
        flush();
        header(e.turn, e.active);
      }));
  connections_.emplace_back(bus.on_observe<BlockEvent>([this](const Game& g, const BlockEvent& e) {
    see_board(g);
    line(g, fmt::format("{} blocks {}", card(g, e.blocker), card(g, e.attacker)));
  }));
}

std::string GameLog::entered(const std::string& card, const std::string& player) const {
  // RulesModule::wording has checked the pattern: only these fields, braces paired.
  return fmt::format(fmt::runtime(words_.enter), fmt::arg("card", card),
                     fmt::arg("player", player));
}

std::string GameLog::player(PlayerId p) const {
  if (p.valid() && p.value < names_.size()) return names_[p.value];
  return p.valid() ? fmt::format("player {}", p.value + 1) : std::string("nobody");
}

std::string GameLog::card(const Game& g, ObjectId id, bool shown,
                          std::optional<std::size_t> number) const {
  if (!g.state().exists(id)) return "?";
  std::string name(g.card(id).name);
  if (viewer_ && !DecisionView(g, *viewer_).can_see(id))
    return shown ? name : "a card";  // not on a battlefield: no number
  if (const std::size_t n = number ? *number : number_now(g, id); n > 0)
    name += fmt::format(" #{}", n);
  return name;
}

std::size_t GameLog::number_now(const Game& g, ObjectId id) const {
  if (!viewer_) return namesake_number(g.state(), id);
  const DecisionView view(g, *viewer_);
  return view.can_see(id) ? namesake_number(view, id) : 0;
}

void GameLog::see_board(const Game& g) {
  const GameState& s = g.state();
  std::erase_if(numbers_, [&](const auto& n) {
    return !s.exists(n.first) || s.object(n.first).zone.kind == ZoneKind::battlefield;
  });
  for (const Player& p : s.players)
    for (ObjectId id : s.zone(ZoneRef::battlefield(p.id)).objects)
      if (const std::size_t n = number_now(g, id); n > 0) numbers_.emplace_back(id, n);
}

std::string GameLog::target(const Game& g, const Target& t) const {
  if (t.is_player()) return player(t.player);
  if (t.is_object()) return card(g, t.object.id);
  return "nothing";
}

GameLog::~GameLog() { flush(); }

void GameLog::remember_target(const CustomEvent& e) {
  const ObjectId source = e.other.object.id;
  auto it = std::find_if(targeted_.begin(), targeted_.end(),
                         [&](const Targeted& t) { return t.source == source; });
  if (it == targeted_.end()) it = targeted_.insert(targeted_.end(), {source, e.amount, {}});
  // Another stack item of the same source (its ability again): what it targets replaces what
  // the earlier one did.
  if (it->stack_id != e.amount) *it = {source, e.amount, {}};
  it->objects.push_back(e.subject.object);
}

std::string GameLog::why_nothing(const Game& g, ObjectId spell) {
  std::vector<ObjectRef> objects;
  if (const auto it = std::find_if(targeted_.begin(), targeted_.end(),
                                   [&](const Targeted& t) { return t.source == spell; });
      it != targeted_.end()) {
    objects = std::move(it->objects);
    targeted_.erase(it);
  }
  // Players are not announced as targets: a spell at one only is told without its count.
  if (objects.empty()) return "none of its targets is legal now";
  const bool gone = std::none_of(objects.begin(), objects.end(),
                                 [&](ObjectRef r) { return g.state().is_current(r); });
  if (objects.size() == 1) return gone ? "its target is gone" : "its target is no longer legal";
  return gone ? "its targets are gone" : "none of its targets is legal now";
}

bool GameLog::caused_by(const Held& h, const DamageEvent& e, PlayerId source_controller) const {
  if (!e.source.valid() || h.source != e.source) return false;
  const bool on_target = e.target.is_player()
                             ? h.subject.is_player() && h.subject.player == e.target.player
                             : e.target.is_object() && h.subject.is_object() &&
                                   h.subject.object.id == e.target.object.id;
  // Infect's poison or -1/-1 counters; the loyalty or defense counters damage removes (no more
  // than the permanent had).
  if (h.counters)
    return on_target && (h.delta == e.amount || (h.delta < 0 && -h.delta <= e.amount));
  if (on_target && h.delta == -e.amount) return true;     // the life the damage cost
  return h.delta == e.amount && h.subject.is_player() &&  // lifelink
         h.subject.player == source_controller;
}

std::vector<GameLog::Held> GameLog::take_held(const std::function<bool(const Held&)>& which) {
  std::vector<Held> taken;
  const auto kept =
      std::stable_partition(held_.begin(), held_.end(), [&](const Held& h) { return !which(h); });
  std::move(kept, held_.end(), std::back_inserter(taken));
  held_.erase(kept, held_.end());
  return taken;
}

void GameLog::hold_or_tell(const Game& g, ObjectId source, Target subject, bool counters,
                           std::int32_t delta, std::string text) {
  const bool entering = entering_ && counters && subject.is_object();
  if (!entering && (!dealing_damage_ || !source.valid())) return line(g, text);
  held_.push_back({g.state().turn.number, g.state().turn.active, source, subject, counters, delta,
                   std::move(text)});
}

void GameLog::flush() {
  for (const Held& h : held_) print(h.turn, h.active, h.text);
  held_.clear();
}

void GameLog::line(const Game& g, const std::string& text) {
  flush();
  dealing_damage_ = false;
  fatigue_.reset();
  print(g.state().turn.number, g.state().turn.active, text);
}

void GameLog::print(std::uint32_t turn, PlayerId active, const std::string& text) {
  last_given_.reset();
  if (turn != turn_printed_) header(turn, active);
  fmt::print(out_, "  {}\n", text);
}

void GameLog::header(std::uint32_t turn, PlayerId active) {
  turn_printed_ = turn;
  fmt::print(out_, "Turn {} ({})\n", turn, player(active));
}

}  // namespace anvil::cli
