#include "fixture.hpp"

#include <gtest/gtest.h>

#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <filesystem>
#include <stdexcept>

namespace anvil::classic_test {

namespace {

struct Loaded {
  Registry registry;
  PluginHost host{registry};
  std::shared_ptr<const RulesModule> rules;
  Loaded() {
    host.load(RULES_CLASSIC_PLUGIN);
    // The card-language plugins built beside it (the `trigger` keyword's `do:` needs
    // effect-drawback), as the CLI loads them.
    (void)host.load_dir(std::filesystem::path(RULES_CLASSIC_PLUGIN).parent_path());
    rules = registry.get<RulesModule>("classic");
  }
};

Loaded& loaded() {
  static Loaded l;
  return l;
}

ManaCost parse(const std::string& s) {
  ManaCost c;
  if (s.empty()) return c;
  c.present = true;
  static const std::string kLetters = "WUBRG";
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t close = s.find('}', i);
    const std::string sym = s.substr(i + 1, close - i - 1);
    i = close + 1;
    if (sym == "X")
      ++c.x;
    else if (std::uint8_t* slashed = c.slash_symbol(sym))  // {R/G}, {2/W}, {B/P}
      ++*slashed;
    else if (sym == "C")
      ++c.colorless;
    else if (kLetters.find(sym) != std::string::npos)
      ++c.colored[kLetters.find(sym)];
    else
      c.generic = static_cast<std::uint16_t>(c.generic + std::stoi(sym));
  }
  return c;
}

class BurnAbility final : public Ability {
 public:
  BurnAbility(Burn kind, int amount) : kind_(kind), amount_(amount) {}
  std::size_t target_count() const override {
    return kind_ == Burn::each_player ? 0 : kind_ == Burn::two_creatures ? 2 : 1;
  }
  bool can_target(const Game& g, const ResolveContext& ctx, std::size_t index,
                  const Target& t) const override {
    if (kind_ == Burn::target_check_throws) throw 42;
    if (kind_ == Burn::two_creatures) {
      if (index == 1 && ctx.targets.size() > 0 && ctx.targets[0] == t) return false;
      return t.is_object() && g.view(t.object.id).has_type("Creature"_sym);
    }
    if (t.is_player()) return kind_ != Burn::creature_only;
    const Characteristics c = g.view(t.object.id);
    return c.has_type("Creature"_sym) ||
           (kind_ != Burn::creature_only && c.has_type("Planeswalker"_sym));
  }
  void resolve(Game& g, const ResolveContext& ctx) const override {
    const auto n = static_cast<std::int32_t>(kind_ == Burn::x_any_target ? ctx.x : amount_);
    if (kind_ != Burn::each_player) {
      for (const Target& t : ctx.targets)  // an illegal target arrives as Target{}: ignored
        if (t.kind != Target::Kind::none) deal_damage(g, ctx.source.id, t, n);
      return;
    }
    std::vector<DamageEvent> events;
    for (const Player& p : g.state().players)
      events.push_back(DamageEvent{{}, ctx.source.id, Target::of(p.id), n, false, true});
    deal_damage_simultaneously(g, events);
  }
  std::string describe() const override { return "CARDNAME deals damage."; }

 private:
  Burn kind_;
  int amount_;
};

class Watcher final : public Ability {
 public:
  Watcher(Watch kind, int amount, std::uint16_t index)
      : kind_(kind), amount_(amount), index_(index) {}
  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::uint16_t index = index_;
    auto fire = [self, index](Game& g, EventRecord record) {
      const GameObject& me = g.object(self);
      g.fire_trigger(PendingTrigger{me.ref(), me.card, index, me.controller, record});
    };
    if (kind_ == Watch::upkeep) {
      out.push_back(game.bus().on_trigger<TurnStepEvent>([fire](Game& g, const TurnStepEvent& e) {
        if (e.step == 1) fire(g, record_of(g.state(), e));  // classic's upkeep
      }));
      return;
    }
    if (kind_ == Watch::enters_ping) {
      out.push_back(
          game.bus().on_trigger<ZoneChangeEvent>([fire, self](Game& g, const ZoneChangeEvent& e) {
            if (e.object == self && e.to.kind == ZoneKind::battlefield)
              fire(g, record_of(g.state(), e));
          }));
      return;
    }
    if (kind_ == Watch::discards) {
      out.push_back(
          game.bus().on_trigger<ZoneChangeEvent>([fire](Game& g, const ZoneChangeEvent& e) {
            if (e.cause == Cause::discard) fire(g, record_of(g.state(), e));
          }));
      return;
    }
    out.push_back(game.bus().on_trigger<AttackEvent>(
        [fire](Game& g, const AttackEvent& e) { fire(g, record_of(g.state(), e)); }));
  }
  std::size_t target_count() const override { return kind_ == Watch::enters_ping ? 1 : 0; }
  bool can_target(const Game& g, const ResolveContext& ctx, std::size_t,
                  const Target& t) const override {
    return t.is_object() && g.view(t.object.id).has_type("Creature"_sym) &&
           g.object(t.object.id).controller != ctx.controller;
  }
  void resolve(Game& g, const ResolveContext& ctx) const override {
    if (kind_ == Watch::enters_ping) {
      if (ctx.targets[0].kind != Target::Kind::none)
        deal_damage(g, ctx.source.id, ctx.targets[0], amount_);
      return;
    }
    gain_life(g, ctx.controller, amount_, ctx.source.id);
  }
  std::string describe() const override {
    if (kind_ == Watch::enters_ping)
      return "When CARDNAME enters, it deals " + std::to_string(amount_) +
             " damage to target creature an opponent controls.";
    if (kind_ == Watch::discards)
      return "Whenever a player discards a card, you gain " + std::to_string(amount_) + " life.";
    return (kind_ == Watch::upkeep ? "At the beginning of each upkeep"
                                   : "Whenever a creature attacks") +
           std::string(", you gain ") + std::to_string(amount_) + " life.";
  }

 private:
  Watch kind_;
  int amount_;
  std::uint16_t index_;
};

}  // namespace

const Registry& registry() { return loaded().registry; }

std::shared_ptr<CardPool> classic_core_pool() {
  const std::filesystem::path dir = CLASSIC_CORE_PACK_DIR;
  if (!std::filesystem::exists(dir / "pack.yaml")) return nullptr;
  LoadedPack pack = load_pack(dir, loaded().registry);
  if (!pack.ok()) return nullptr;
  auto cards = std::make_shared<CardPool>();
  for (CardDef& c : pack.cards) cards->add(std::move(c));
  return cards;
}
const RulesModule& rules() { return *loaded().rules; }

CardDef compile(const CardSpec& spec) {
  CardDef d;
  d.name = spec.name;
  d.token = spec.token;
  d.base.cost = parse(spec.cost);
  d.base.colors = d.base.cost.colors();
  for (const auto& s : spec.supertypes) d.base.supertypes.emplace_back(s);
  for (const auto& s : spec.types) d.base.types.emplace_back(s);
  for (const auto& s : spec.subtypes) d.base.subtypes.emplace_back(s);
  if (spec.power >= 0) {
    d.base.has_stats = true;
    d.base.power = spec.power;
    d.base.toughness = spec.toughness;
  }
  d.base.loyalty = spec.loyalty;
  std::vector<Diagnostic> diagnostics;
  const SourceLocation where{"test-" + spec.name, 1, 1};
  CompileContext ctx{registry(), d, where, diagnostics};
  for (const std::string& kw : spec.keywords)
    registry().get<KeywordHandler>(kw)->compile(Params::positional(kw, {}, where), ctx);
  for (const auto& [kw, values] : spec.abilities) {
    std::vector<std::pair<std::string, Param>> named;
    for (const auto& [k, v] : values) named.emplace_back(k, Param::scalar(v, where));
    registry().get<KeywordHandler>(kw)->compile(Params::named(kw, std::move(named), where), ctx);
  }
  if (spec.burn) {
    auto impl = std::make_shared<BurnAbility>(*spec.burn, spec.amount);
    d.abilities.push_back(AbilityDef{AbilityKind::spell, impl->describe(), "test", where, impl});
  }
  if (spec.watch) {
    auto impl = std::make_shared<Watcher>(*spec.watch, spec.amount,
                                          static_cast<std::uint16_t>(d.abilities.size()));
    d.abilities.push_back(
        AbilityDef{AbilityKind::triggered, impl->describe(), "test", where, impl});
  }
  if (!diagnostics.empty()) throw std::runtime_error(diagnostics.front().str());
  return d;
}

std::shared_ptr<CardPool> pool(const std::vector<CardSpec>& cards) {
  auto p = std::make_shared<CardPool>();
  for (const char* basic : {"Plains", "Island", "Swamp", "Mountain", "Forest"})
    p->add(compile(
        CardSpec{.name = basic, .supertypes = {"Basic"}, .types = {"Land"}, .subtypes = {basic}}));
  for (const CardSpec& c : cards) p->add(compile(c));
  return p;
}

Answer TestAgent::choose(const DecisionView&, const Choice& choice) {
  asked.push_back(choice);
  if (!wishes_.empty() && wishes_.front().first == choice.kind) {
    Pick pick = std::move(wishes_.front().second);
    wishes_.pop_front();
    return pick(choice);
  }
  Answer a;
  switch (choice.kind) {
    case ChoiceKind::action:
      a.picks.push_back(static_cast<std::uint32_t>(choice.options.size() - 1));  // pass
      break;
    case ChoiceKind::attackers:
    case ChoiceKind::blockers:
      break;
    default:
      for (std::uint32_t i = 0;
           i < std::max<std::uint32_t>(choice.min_picks, 1) && i < choice.options.size(); ++i)
        a.picks.push_back(i);
      if (choice.kind == ChoiceKind::trigger_order)
        for (std::uint32_t i = static_cast<std::uint32_t>(a.picks.size());
             i < choice.options.size(); ++i)
          a.picks.push_back(i);
  }
  return a;
}

TestAgent& TestAgent::then(ChoiceKind kind, Pick pick) {
  wishes_.emplace_back(kind, std::move(pick));
  return *this;
}

TestAgent& TestAgent::pick(ChoiceKind kind, std::vector<std::string> labels) {
  return then(kind, [labels = std::move(labels)](const Choice& c) {
    Answer a;
    for (const std::string& label : labels) {
      bool found = false;
      for (std::uint32_t i = 0; i < c.options.size() && !found; ++i) {
        if (c.options[i].label != label) continue;
        if (std::find(a.picks.begin(), a.picks.end(), i) != a.picks.end()) continue;
        a.picks.push_back(i);
        found = true;
      }
      if (!found) {
        std::string all;
        for (const Option& o : c.options) all += " [" + o.label + "]";
        throw std::runtime_error("test agent: no option '" + label + "' in '" + c.prompt +
                                 "':" + all);
      }
    }
    return a;
  });
}

TestAgent& TestAgent::act(std::string label) {
  return pick(ChoiceKind::action, {std::move(label)});
}

std::vector<std::uint32_t> random_picks(SplitMix64& rng, const Choice& c, std::uint32_t picks) {
  const auto n = static_cast<std::uint32_t>(c.options.size());
  std::vector<std::uint32_t> all(n), chosen;
  for (std::uint32_t i = 0; i < n; ++i) all[i] = i;
  for (std::uint32_t i = 0; i < picks && i < n; ++i) {
    std::swap(all[i], all[i + rng.below(n - i)]);
    chosen.push_back(all[i]);
  }
  return chosen;
}

Answer RandomAgent::choose(const DecisionView&, const Choice& c) {
  std::uint32_t picks =
      c.min_picks + static_cast<std::uint32_t>(rng_.below(c.max_picks - c.min_picks + 1));
  if (!c.refused.empty() && rng_.below(2) == 0) picks = c.min_picks;  // give up on an illegal idea
  Answer a;
  a.picks = random_picks(rng_, c, picks);
  return a;
}

Table table(std::shared_ptr<CardPool> p, const Position& position) {
  Table t;
  t.game = rules().setup_position(std::move(p), position);
  t.game->seat(PlayerId(0), t.a);
  t.game->seat(PlayerId(1), t.b);
  return t;
}

PositionCard card(std::string name, bool sick) {
  PositionCard c;
  c.card = std::move(name);
  c.sick = sick;
  return c;
}

PositionPlayer player(std::string name, std::vector<std::string> hand,
                      std::vector<std::string> battlefield, std::vector<std::string> library) {
  PositionPlayer p;
  p.name = std::move(name);
  for (auto& c : hand) p.hand.push_back(card(c));
  for (auto& c : battlefield) p.battlefield.push_back(card(c));
  for (auto& c : library) p.library.push_back(card(c));
  return p;
}

Position position(std::string step, PositionPlayer a, PositionPlayer b, std::size_t active) {
  Position pos;
  pos.step = std::move(step);
  pos.players = {std::move(a), std::move(b)};
  pos.active = active;
  return pos;
}

bool advance_until(Game& game, const std::function<bool(const Game&)>& done, int limit) {
  for (int i = 0; i < limit; ++i) {
    if (done(game)) return true;
    if (!rules().advance(game)) return done(game);
  }
  return done(game);
}

bool run_to_step(Game& game, const std::string& s, int limit) {
  return advance_until(
      game, [&](const Game& g) { return step(g) == s; }, limit);
}

ObjectId find(const Game& game, const std::string& name, ZoneRef zone) {
  for (ObjectId id : game.state().zone(zone).objects)
    if (game.card(id).name == name) return id;
  return ObjectId{};
}

std::size_t count(const Game& game, ZoneRef zone) { return game.state().zone(zone).objects.size(); }

std::string step(const Game& game) { return rules().step_name(game); }

std::vector<std::string> pending_texts(const Game& game) {
  std::vector<std::string> out;
  for (const PendingTrigger& t : game.state().pending_triggers)
    out.push_back(game.cards().at(t.card).abilities.at(t.ability).text);
  return out;
}

std::vector<LegalAction> non_mana_actions(const Game& game, PlayerId player) {
  std::vector<LegalAction> out;
  for (LegalAction& a : rules().legal_actions(game, player))
    if (a.label.find(": {T}: Add ") == std::string::npos) out.push_back(std::move(a));
  return out;
}

using P = std::vector<std::pair<std::string, std::string>>;

std::shared_ptr<CardPool> standard_pool() {
  return pool({
      {.name = "Llanowar Elves",
       .cost = "{G}",
       .types = {"Creature"},
       .subtypes = {"Elf"},
       .power = 1,
       .toughness = 1,
       .abilities = {{"mana", P{{"cost", "{T}"}, {"add", "{G}"}}}}},
      {.name = "Grizzly Bears",
       .cost = "{1}{G}",
       .types = {"Creature"},
       .subtypes = {"Bear"},
       .power = 2,
       .toughness = 2},
      {.name = "River Boa",
       .cost = "{1}{G}",
       .types = {"Creature"},
       .subtypes = {"Snake"},
       .power = 2,
       .toughness = 1,
       .abilities = {{"regenerate", P{{"cost", "{G}"}}}}},
      {.name = "Craw Wurm",
       .cost = "{4}{G}{G}",
       .types = {"Creature"},
       .power = 6,
       .toughness = 4,
       .keywords = {"Trample"}},
      {.name = "Giant Spider",
       .cost = "{3}{G}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 4,
       .keywords = {"Reach"}},
      {.name = "Raging Goblin",
       .cost = "{R}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .keywords = {"Haste"}},
      {.name = "Boggart Ram-Gang",
       .cost = "{R}{G}{G}",
       .types = {"Creature"},
       .power = 3,
       .toughness = 3,
       .keywords = {"Haste", "Wither"}},
      {.name = "Boros Recruit",  // two-colour hybrid: either colour pays each symbol
       .cost = "{R/W}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .keywords = {"First Strike"}},
      {.name = "Hybrid Knight",
       .cost = "{W}{R/W}{R/W}",
       .types = {"Creature"},
       .power = 3,
       .toughness = 3},
      {.name = "Procession Knight",  // monocoloured hybrid: {W} or {2} each
       .cost = "{2/W}{2/W}{2/W}",
       .types = {"Creature"},
       .power = 3,
       .toughness = 3},
      {.name = "Phyrexian Hulk",  // Phyrexian: {G} or 2 life each
       .cost = "{1}{G/P}{G/P}",
       .types = {"Creature"},
       .power = 3,
       .toughness = 3},
      {.name = "Compleated Hulk",  // hybrid Phyrexian: {G}, {W} or 2 life each
       .cost = "{1}{G/W/P}{W/G/P}",
       .types = {"Creature"},
       .power = 3,
       .toughness = 3},
      {.name = "Phyrexian Blaze",
       .cost = "{X}{R/P}",
       .types = {"Sorcery"},
       .burn = Burn::x_any_target},
      {.name = "Shock", .cost = "{R}", .types = {"Instant"}, .burn = Burn::any_target, .amount = 2},
      {.name = "Blaze", .cost = "{X}{R}", .types = {"Sorcery"}, .burn = Burn::x_any_target},
      {.name = "Serra Angel",
       .cost = "{3}{W}{W}",
       .types = {"Creature"},
       .power = 4,
       .toughness = 4,
       .keywords = {"Flying", "Vigilance"}},
      {.name = "White Knight",
       .cost = "{W}{W}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"First Strike"}},
      {.name = "Fencing Ace",
       .cost = "{1}{W}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .keywords = {"Double Strike"}},
      {.name = "Vampire Nighthawk",
       .cost = "{1}{B}{B}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 3,
       .keywords = {"Flying", "Deathtouch", "Lifelink"}},
      {.name = "Plague Stinger",
       .cost = "{1}{B}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .keywords = {"Flying", "Infect"}},
      {.name = "Darksteel Myr",
       .cost = "{3}",
       .types = {"Artifact", "Creature"},
       .power = 0,
       .toughness = 1,
       .keywords = {"Indestructible"}},
      {.name = "Wall of Stone",
       .cost = "{1}{W}{W}",
       .types = {"Creature"},
       .power = 0,
       .toughness = 8,
       .keywords = {"Defender"}},
      {.name = "Isamaru, Hound of Konda",
       .cost = "{W}",
       .supertypes = {"Legendary"},
       .types = {"Creature"},
       .power = 2,
       .toughness = 2},
      {.name = "Gladecover Scout",
       .cost = "{G}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .keywords = {"Hexproof", "Changeling"}},
      {.name = "Wrath of God",
       .cost = "{2}{W}{W}",
       .types = {"Sorcery"},
       .abilities = {{"destroy_all", P{{"filter", "creature"}, {"regenerate", "false"}}}}},
      {.name = "Ajani Test",
       .cost = "{2}{W}",
       .types = {"Planeswalker"},
       .abilities = {{"loyalty", P{{"amount", "3"}}}}},
      {.name = "Tremor Test",
       .cost = "{B}",
       .types = {"Sorcery"},
       .burn = Burn::each_player,
       .amount = 1},
      {.name = "Taiga", .types = {"Land"}, .subtypes = {"Mountain", "Forest"}},
      {.name = "Elvish Pair",
       .cost = "{G}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .abilities = {{"mana", P{{"cost", "{T}"}, {"add", "{G}{G}"}}}}},
      {.name = "Savannah Lions", .cost = "{W}", .types = {"Creature"}, .power = 1, .toughness = 1},
      {.name = "Hill Giant", .cost = "{3}{R}", .types = {"Creature"}, .power = 3, .toughness = 3},
      {.name = "Gorilla Titan",
       .cost = "{3}{G}",
       .types = {"Creature"},
       .power = 4,
       .toughness = 4},
      {.name = "Colossal Trampler",
       .cost = "{4}{G}",
       .types = {"Creature"},
       .power = 5,
       .toughness = 5,
       .keywords = {"Trample"}},
      {.name = "Deadly Trampler",
       .cost = "{4}{G}",
       .types = {"Creature"},
       .power = 5,
       .toughness = 5,
       .keywords = {"Trample", "Deathtouch"}},
      {.name = "Double Bear",
       .cost = "{2}{R}",
       .types = {"Creature"},
       .power = 3,
       .toughness = 3,
       .keywords = {"Double Strike"}},
      {.name = "Double Trampler",
       .cost = "{2}{R}",
       .types = {"Creature"},
       .power = 3,
       .toughness = 3,
       .keywords = {"Double Strike", "Trample"}},
      {.name = "Lifelink Bear",
       .cost = "{1}{W}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"Lifelink"}},
      {.name = "Wither Bear",
       .cost = "{1}{B}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"Wither"}},
      {.name = "Infect Bear",
       .cost = "{1}{B}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"Infect"}},
      {.name = "Wind Drake",
       .cost = "{2}{U}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"Flying"}},
      {.name = "First Bear",
       .cost = "{1}{W}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"First Strike"}},
      {.name = "Drudge Skeletons",
       .cost = "{1}{B}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .abilities = {{"regenerate", P{{"cost", "{1}{B}"}}}}},
      {.name = "Shroud Bear",
       .cost = "{1}{G}",
       .types = {"Creature"},
       .power = 2,
       .toughness = 2,
       .keywords = {"Shroud"}},
      {.name = "Soldier", .types = {"Creature"}, .power = 1, .toughness = 1, .token = true},
      {.name = "Upkeep Cleric",
       .cost = "{W}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .watch = Watch::upkeep,
       .amount = 1},
      {.name = "Upkeep Priest",
       .cost = "{W}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .watch = Watch::upkeep,
       .amount = 2},
      {.name = "Battle Watcher",
       .cost = "{W}",
       .types = {"Creature"},
       .power = 0,
       .toughness = 4,
       .watch = Watch::attacks,
       .amount = 1},
      {.name = "Pinger",
       .cost = "{R}",
       .types = {"Creature"},
       .power = 1,
       .toughness = 1,
       .watch = Watch::enters_ping,
       .amount = 1},
      {.name = "Discard Watcher",
       .cost = "{B}",
       .types = {"Creature"},
       .power = 0,
       .toughness = 1,
       .watch = Watch::discards,
       .amount = 1},
      {.name = "Twin Shot",
       .cost = "{R}",
       .types = {"Instant"},
       .burn = Burn::two_creatures,
       .amount = 2},
      {.name = "Bolt Creature",
       .cost = "{R}",
       .types = {"Instant"},
       .burn = Burn::creature_only,
       .amount = 3},
      {.name = "Lava Axe",
       .cost = "{4}{R}",
       .types = {"Sorcery"},
       .burn = Burn::any_target,
       .amount = 5},
  });
}

std::shared_ptr<CardPool> core() {
  static std::shared_ptr<CardPool> pool = classic_core_pool();
  return pool;
}

void fight(Table& t) { ASSERT_TRUE(run_to_step(*t.game, "end_combat")); }

void attach_raw(Game& g, ObjectId what, ObjectId to) {
  g.journal().set_attr(what, "attached_self"_sym, g.object(what).zone_changes + 1);
  g.journal().set_attr(what, "attached_to"_sym, static_cast<std::int64_t>(to.value) + 1);
  g.journal().set_attr(what, "attached_zc"_sym, g.object(to).zone_changes + 1);
}

}  // namespace anvil::classic_test
