// Amount functions (HEARTH-TAGS.md §5) and card sources (§6): built into the tags plugin.
#include <algorithm>

#include "anvil/tags/card_script.hpp"
#include "compiler.hpp"
#include "vocabulary.hpp"

namespace anvil::tags {

namespace {

class Count final : public AmountFunction {
 public:
  explicit Count(std::shared_ptr<const Selector> s) : selector_(std::move(s)) {}
  std::int64_t eval(Ctx& c) const override {
    return static_cast<std::int64_t>(selector_->select(c).size());
  }

 private:
  std::shared_ptr<const Selector> selector_;
};

// Whether `t` is the weapon a player wields. Hearthbreaker's weapons keep one attack,
// `base_attack`, which IncreaseWeaponAttack raises (Goblin Auto-Barber, Deadly Poison) and Gorehowl
// lowers: a weapon's base attack is its attack now, so Bloodsail Raider gains the bonus too.
bool is_weapon(Ctx& c, const Target& t) {
  if (!t.is_object()) return false;
  const auto wielded = c.world.weapon(c.world.controller(t));
  return wielded && *wielded == t.object.id;
}

// {"name": "attribute", attribute, selector}: the sum over the selected targets of one of their
// numbers (Hearthbreaker's Attribute: `damage`, `attack` and `mana` computed, any other read by
// name from the object). Every number of its minions, heroes, weapons and players that this game
// has: a target without that number adds 0.
class Attribute final : public AmountFunction {
 public:
  enum class What : std::uint8_t {
    attack, health, damage, max_health, base_health, mana, durability, base_attack, cards_played, max_mana,
    armor, fatigue, spell_damage, index
  };
  Attribute(What w, std::shared_ptr<const Selector> s) : what_(w), selector_(std::move(s)) {}
  std::int64_t eval(Ctx& c) const override {
    std::int64_t sum = 0;
    for (const Target& t : selector_->select(c)) {
      if (t.is_object() && !c.world.game().state().exists(t.object.id)) continue;
      const CardScript* s = t.is_object() ? card_script(c.world.game().card(t.object.id)) : nullptr;
      switch (what_) {
        case What::attack: sum += c.world.attack_of(t); break;
        case What::health: sum += c.world.health_of(t); break;
        case What::damage: sum += c.world.damage_of(t); break;
        case What::max_health: sum += c.world.max_health_of(t); break;
        case What::base_health:  // printed; a hero's is its starting health (Jaraxxus: his own)
          sum += t.is_player() ? c.world.max_health_of(t) : s ? s->health : 0;
          break;
        case What::mana:
          if (t.is_object()) sum += c.world.stats(t.object.id).cost;
          break;
        case What::durability: sum += c.world.health_of(t); break;
        case What::max_mana:  // a player's mana crystals (Wild Growth)
          if (t.is_player()) sum += c.world.mana_crystals(t.player);
          break;
        case What::cards_played:
          if (t.is_player()) sum += c.world.cards_played(t.player);
          break;
        case What::base_attack:  // printed; a weapon's with what raised it since (is_weapon)
          if (is_weapon(c, t))
            sum += c.world.stats(t.object.id).attack;
          else if (s)
            sum += s->attack;
          break;
        case What::armor:  // a player's, as its hero's
          if (t.is_player()) sum += c.world.armor(t.player);
          break;
        case What::fatigue:  // the fatigue damage the player last took
          if (t.is_player()) sum += c.world.fatigue(t.player);
          break;
        case What::spell_damage:  // a minion's own, or all of a player's
          sum += t.is_player() ? c.world.spell_damage(t.player) : c.world.stats(t.object.id).spell_damage;
          break;
        case What::index:  // a minion's place on its side, 0 the leftmost
          if (t.is_object()) {
            const auto& board = c.world.minions(c.world.controller(t));
            const auto at = std::find(board.begin(), board.end(), t.object.id);
            if (at != board.end()) sum += at - board.begin();
          }
          break;
      }
    }
    return sum;
  }

 private:
  What what_;
  std::shared_ptr<const Selector> selector_;
};

class RandomAmount final : public AmountFunction {
 public:
  RandomAmount(std::int64_t lo, std::int64_t hi) : lo_(lo), hi_(std::max(lo, hi)) {}
  std::int64_t eval(Ctx& c) const override {
    return lo_ + static_cast<std::int64_t>(c.world.random(static_cast<std::uint64_t>(hi_ - lo_ + 1)));
  }

 private:
  std::int64_t lo_, hi_;
};

class EventValue final : public AmountFunction {
 public:
  std::int64_t eval(Ctx& c) const override { return c.event ? c.event->amount : 0; }
};

class Difference final : public AmountFunction {
 public:
  Difference(Amount a, Amount b) : a_(std::move(a)), b_(std::move(b)) {}
  std::int64_t eval(Ctx& c) const override { return a_.eval(c) - b_.eval(c); }

 private:
  Amount a_, b_;
};

// The point of view of a card query (Hearthbreaker's CardQuery.get_card(target, …)): its
// `player` scope and its conditions are relative to the target of the action asking.
Ctx query_ctx(Ctx& c, const Target& t) {
  Ctx q = c;
  if (t.is_player()) q.player = t.player;
  else if (t.is_object() && c.world.game().state().exists(t.object.id)) q.player = c.world.controller(t);
  return q;
}

// A card name, or one of several at random. Names are looked up in the game's pool when used:
// a summoned card may come from another file or pack.
class Named final : public CardSource {
 public:
  explicit Named(std::vector<std::string> names) : names_(std::move(names)) {}
  std::optional<CardId> pick(Ctx& c, const Target&) const override {
    const std::string& n =
        names_.size() == 1 ? names_[0] : names_[static_cast<std::size_t>(c.world.random(names_.size()))];
    auto id = c.world.game().cards().find(n);
    if (!id) throw RulesError("no card named '" + n + "' is loaded");
    return id;
  }

 private:
  std::vector<std::string> names_;
};

// {"name":"same"}: Hearthbreaker's `game.selected_card` — the card the previous card action of
// this run chose (Ctx::selected; nothing if it chose nothing); else, in an effect, the card of
// the event (Chromaggus: the card drawn); else the card holding the tag.
class Same final : public CardSource {
 public:
  std::optional<CardId> pick(Ctx& c, const Target&) const override {
    if (c.selected) return c.selected->valid() ? c.selected : std::nullopt;
    const GameState& st = c.world.game().state();
    if (c.event && c.event->subject.is_object() && st.exists(c.event->subject.object.id))
      return c.world.game().object(c.event->subject.object.id).card;
    if (!c.owner.valid()) return std::nullopt;
    return c.world.game().object(c.owner).card;
  }
  bool reads_selected() const override { return true; }
};

// {"name":"hand"|"deck", player, conditions: [], top?}: a random card of those hands or decks
// (the scope relative to the action's target) that satisfies every condition, checked on the
// card where it is. The object itself is what discard and remove_from_deck take. With `"top":
// true` (an Anvil extension for decks: Hearthbreaker's decks have no order, Anvil's do) the
// topmost such card of the deck instead: Fel Reaver's "the top 3 cards of your deck".
class FromZone final : public CardSource {
 public:
  FromZone(ZoneKind zone, Scope scope, std::vector<std::shared_ptr<const Condition>> conditions,
           bool top)
      : zone_(zone), scope_(scope), conditions_(std::move(conditions)), top_(top) {}
  std::optional<CardId> pick(Ctx& c, const Target& t) const override {
    auto id = pick_object(c, t);
    if (!id) return std::nullopt;
    return c.world.game().object(*id).card;
  }
  using CardSource::pick_object;
  std::optional<ObjectId> pick_object(Ctx& c, const Target& t, const Keep& keep) const override {
    Ctx q = query_ctx(c, t);
    std::vector<ObjectId> cards;
    for (const Player& p : c.world.game().state().players) {
      if (!scope_includes(scope_, q, p.id)) continue;
      const ZoneRef z = zone_ == ZoneKind::hand ? ZoneRef::hand(p.id) : ZoneRef::library(p.id);
      for (ObjectId id : c.world.game().state().zone(z).objects) {
        const Target card = Target::of(c.world.game().object(id).ref());
        if (std::all_of(conditions_.begin(), conditions_.end(),
                        [&](const auto& k) { return k->holds(q, card); }) &&
            (!keep || keep(c.world.game().object(id).card)))
          cards.push_back(id);
      }
    }
    if (cards.empty()) return std::nullopt;
    if (top_) return cards.back();  // a deck's top is its back
    return cards[static_cast<std::size_t>(c.world.random(cards.size()))];
  }
  bool picks_objects() const override { return true; }

 private:
  ZoneKind zone_;
  Scope scope_;
  std::vector<std::shared_ptr<const Condition>> conditions_;
  bool top_ = false;
};

// {"name":"last_card", player}: the card just played — the subject of the triggering event
// (both Hearthbreaker cards using it react to spell_cast), or nothing outside an event.
class LastCard final : public CardSource {
 public:
  std::optional<CardId> pick(Ctx& c, const Target&) const override {
    if (!c.event || !c.event->subject.is_object()) return std::nullopt;
    if (!c.world.game().state().exists(c.event->subject.object.id)) return std::nullopt;
    return c.world.game().object(c.event->subject.object.id).card;
  }
};

class Copy final : public CardSource {
 public:
  explicit Copy(std::shared_ptr<const Selector> s) : selector_(std::move(s)) {}
  std::optional<CardId> pick(Ctx& c, const Target&) const override {
    for (const Target& t : selector_->select(c))
      if (t.is_object()) return c.world.game().object(t.object.id).card;
    return std::nullopt;
  }

 private:
  std::shared_ptr<const Selector> selector_;
};

// {"name":"collection", conditions?}: a random collectible card of the whole collection that
// can be played here (every card it names is loaded) and satisfies every condition, judged on
// its definition (Condition::holds_card) from the action's target: Piloted Shredder's "a
// random 2-Cost minion", Recombobulator's "of the same Cost" (`self` is the target).
class Collection final : public CardSource {
 public:
  explicit Collection(std::vector<std::shared_ptr<const Condition>> conditions) : conditions_(std::move(conditions)) {}
  std::optional<CardId> pick(Ctx& c, const Target& t) const override {
    Ctx q = query_ctx(c, t);
    if (t.is_object() && c.world.game().state().exists(t.object.id)) q.owner = t.object.id;
    std::vector<CardId> pool;
    for (CardId id : c.world.collection()) {
      const CardScript* s = card_script(c.world.game().cards().at(id));
      if (!s || !s->collectible || !missing_references(*s, c.world.game().cards()).empty()) continue;
      if (std::all_of(conditions_.begin(), conditions_.end(), [&](const auto& k) { return k->holds_card(q, t, id); }))
        pool.push_back(id);
    }
    if (pool.empty()) return std::nullopt;
    return pool[static_cast<std::size_t>(c.world.random(pool.size()))];
  }

 private:
  std::vector<std::shared_ptr<const Condition>> conditions_;
};

std::shared_ptr<const Selector> selector_key(const Param& tag, TagCompiler& c) {
  const Param* s = tag.find("selector");
  if (!s) c.fail(tag, "this amount needs 'selector'");
  return c.selector(*s);
}

}  // namespace

std::shared_ptr<const AmountFunction> make_amount_function(const Param& tag, TagCompiler& c) {
  const Param* n = tag.find("name");
  if (!n) c.fail(tag, "an amount function needs 'name'");
  const std::string& name = n->text();
  if (name == "count") {
    auto s = selector_key(tag, c);
    return s ? std::make_shared<Count>(s) : nullptr;
  }
  if (name == "attribute") {
    auto s = selector_key(tag, c);
    if (!s) return nullptr;
    const std::string attr = tag.find("attribute") ? tag.find("attribute")->text() : "";
    using W = Attribute::What;
    W w;
    if (attr == "attack") w = W::attack;
    else if (attr == "health") w = W::health;
    else if (attr == "damage") w = W::damage;
    else if (attr == "max_health") w = W::max_health;
    else if (attr == "base_health") w = W::base_health;
    else if (attr == "mana" || attr == "current_mana") w = W::mana;
    else if (attr == "durability") w = W::durability;
    else if (attr == "base_attack") w = W::base_attack;
    else if (attr == "cards_played") w = W::cards_played;
    else if (attr == "max_mana") w = W::max_mana;
    else if (attr == "armor") w = W::armor;
    else if (attr == "fatigue") w = W::fatigue;
    else if (attr == "spell_damage") w = W::spell_damage;
    else if (attr == "index") w = W::index;
    else {
      c.unsupported("attribute " + attr);
      return nullptr;
    }
    return std::make_shared<Attribute>(w, s);
  }
  if (name == "random_amount")
    return std::make_shared<RandomAmount>(int_key(tag, "minimum", 0), int_key(tag, "maximum", 0));
  if (name == "event_value") return std::make_shared<EventValue>();
  if (name == "difference") {
    const Param* v = tag.find("value");
    const Param* a = tag.find("amount");
    if (!v || !a) c.fail(tag, "difference needs 'value' and 'amount'");
    return std::make_shared<Difference>(c.amount(*v, nullptr), c.amount(*a, nullptr));
  }
  std::vector<std::string> names(amount_function_names().begin(), amount_function_names().end());
  c.fail(*n, "unknown amount function '" + name + "'", did_you_mean(name, names));
}

std::shared_ptr<const CardSource> make_card_source(const Param& value, TagCompiler& c) {
  auto note = [&](const std::string& n) {
    if (c.references) c.references->push_back(n);
  };
  if (value.is_scalar()) {
    note(value.text());
    return std::make_shared<Named>(std::vector<std::string>{value.text()});
  }
  if (value.is_list()) {
    std::vector<std::string> names;
    for (const Param& p : value.items()) {
      names.push_back(p.text());
      note(p.text());
    }
    if (names.empty()) c.fail(value, "an empty list of cards");
    return std::make_shared<Named>(std::move(names));
  }
  const Param* n = value.find("name");
  if (!n) c.fail(value, "a card query needs 'name'");
  const std::string& name = n->text();
  if (name == "object") {
    auto s = selector_key(value, c);
    return s ? std::make_shared<Copy>(s) : nullptr;
  }
  if (name == "same") return std::make_shared<Same>();
  if (name == "last_card") {
    // Its `player` names whose game to look in (Hearthbreaker's LastCard reads the game through
    // it): read, so a bad scope is said, and of no further use in one game.
    (void)c.scope(value.find("player"), Scope::friendly);
    return std::make_shared<LastCard>();
  }
  if (name == "hand" || name == "deck" || name == "collection") {
    std::vector<std::shared_ptr<const Condition>> conditions;
    if (const Param* conds = value.find("conditions")) {
      if (!conds->is_list()) c.fail(*conds, "'conditions' is a list of conditions");
      for (const Param& k : conds->items()) {
        auto compiled = c.condition(k);
        if (!compiled) return nullptr;  // unsupported: the compiler has warned
        if (name == "collection" && !compiled->judges_cards()) {
          // Such a condition needs an object in a game; the collection's cards are not.
          const Param* kn = k.find("name");
          c.unsupported_at(kn ? *kn : k, "condition " + (kn ? kn->text() : std::string("?")) + " on a card of the collection");
          return nullptr;
        }
        conditions.push_back(std::move(compiled));
      }
    }
    if (name == "collection") return std::make_shared<Collection>(std::move(conditions));
    bool top = false;
    if (const Param* t = value.find("top")) {
      if (name != "deck") c.fail(*t, "'top' is for a deck query: a hand has no top");
      top = t->boolean();
    }
    return std::make_shared<FromZone>(name == "hand" ? ZoneKind::hand : ZoneKind::library,
                                      c.scope(value.find("player"), Scope::friendly),
                                      std::move(conditions), top);
  }
  std::vector<std::string> names(card_source_names().begin(), card_source_names().end());
  c.fail(*n, "unknown card source '" + name + "'", did_you_mean(name, names));
}

}  // namespace anvil::tags
