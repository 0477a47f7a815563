// The actions of HEARTH-TAGS.md §3, plus the extensions `gain_mana`
// and `split_damage` (docs/hearth.md). Each runs on one selected target through the World.
#include <functional>
#include <utility>

#include "anvil/tags/card_script.hpp"
#include "compiler.hpp"

namespace anvil::tags {

namespace {

using Run = std::function<void(Ctx&, const Target&)>;
using Takes = std::function<bool(Ctx&, const Target&, CardId)>;  // Action::takes; none: true

// What an action compiles to: how it runs and, for an action that puts the card `same` somewhere
// it may have no room, whether it takes a card.
struct Compiled {
  Run run;
  Takes takes;
};

class FnAction final : public Action {
 public:
  explicit FnAction(Compiled c) : c_(std::move(c)) {}
  void run(Ctx& c, const Target& t) const override { c_.run(c, t); }
  bool takes(Ctx& c, const Target& t, CardId card) const override {
    return !c_.takes || c_.takes(c, t, card);
  }

 private:
  Compiled c_;
};

using BuildAction = std::function<Run(const Param&, Compiler&)>;
using BuildTaking = std::function<Compiled(const Param&, Compiler&)>;

class FnActionFactory final : public ActionFactory {
 public:
  explicit FnActionFactory(BuildTaking b) : build_(std::move(b)) {}
  std::shared_ptr<const Action> compile(const Param& tag, Compiler& c) const override {
    Compiled compiled = build_(tag, c);
    if (!compiled.run) return nullptr;
    return std::make_shared<FnAction>(std::move(compiled));
  }

 private:
  BuildTaking build_;
};

void add_action(Registrar& r, const char* name, BuildAction b) {
  BuildTaking build = [b = std::move(b)](const Param& tag, Compiler& c) {
    return Compiled{b(tag, c), {}};
  };
  r.add<ActionFactory>(name, std::make_shared<FnActionFactory>(std::move(build)));
}

// An action that may refuse the card `same` (a summon on a full board): Action::takes.
void add_taking_action(Registrar& r, const char* name, BuildTaking b) {
  r.add<ActionFactory>(name, std::make_shared<FnActionFactory>(std::move(b)));
}

// What remove_from_deck and remove_from_hand take: a card of `source` that the next action of
// their tag takes (Action::takes), so that one with no room for it leaves it where it is.
std::optional<ObjectId> pick_taken(const CardSource& source, Ctx& x, const Target& t) {
  const Action* next = x.next;
  if (!next) return source.pick_object(x, t);
  return source.pick_object(x, t, [&](CardId card) { return next->takes(x, t, card); });
}

// The player a player-level action applies to: the player itself, or an object's controller.
PlayerId player_of(Ctx& c, const Target& t) {
  return t.is_player() ? t.player : c.world.controller(t);
}

Amount amount_key(const Param& tag, Compiler& c, std::int64_t fallback) {
  if (const Param* a = tag.find("amount")) return c.amount(*a, tag.find("multiplier"));
  Amount a;
  a.value = fallback;
  return a;
}

// What the selector an action carries (duplicate's, change_target's) selects: from the giver's
// side in an effect given to a player (Ctx::giver; Hearthbreaker's GiveEffect fixes those
// selectors on the minion that gave the effect), else from the tag's.
std::vector<Target> action_selects(const Selector& s, Ctx& x) {
  if (!x.giver.valid()) return s.select(x);
  Ctx g = x;
  g.owner = x.giver;
  return s.select(g);
}

std::int32_t n32(std::int64_t v) {
  return static_cast<std::int32_t>(std::clamp<std::int64_t>(v, -1'000'000, 1'000'000));
}

// When a given tag ends: `until` names a turn_ended event, or `expires` (the owner's turn end).
// Both may be given: Pint-Sized Summoner's discount ends when a minion is placed or, unused, at
// the end of the turn (Hearthbreaker removes an expiring aura as the turn ends).
struct Lifetime {
  bool turn_end = false;
  Scope scope = Scope::friendly;  // whose turn, relative to the receiver
  bool of_giver = false;          // expires: the end of the giving owner's turn
};

std::optional<Lifetime> lifetime(const Param& tag, Compiler&) {
  Lifetime l;
  if (const Param* u = tag.find("until")) {
    const Param* n = u->find("event_name");
    // `until turn_ended` is a turn's end; any other event (or a turn_ended with a condition)
    // ends it when the rules module fires that event (the GivenTag's own `until`).
    if (n && n->text() == "turn_ended" && !u->find("condition")) {
      l.turn_end = true;
      l.scope = Scope::friendly;
      if (const Param* p = u->find("player")) {
        const std::string& s = p->text();
        l.scope = s == "enemy" ? Scope::enemy : s == "both" ? Scope::both : s == "current_player" ? Scope::current
                : s == "other_player" ? Scope::other : s == "player_one" ? Scope::player_one
                : s == "player_two" ? Scope::player_two : Scope::friendly;
      }
    }
  }
  if (l.turn_end) return l;
  if (const Param* e = tag.find("expires"); e && e->boolean()) {
    l.turn_end = true;
    l.of_giver = true;
  }
  return l;
}

std::optional<PlayerId> end_of(Ctx& c, const Lifetime& l, const Target& t) {
  if (!l.turn_end) return std::nullopt;
  if (l.of_giver) return c.player;
  // Relative to the receiving player (HEARTH-TAGS.md §9, Loatheb).
  const PlayerId receiver = player_of(c, t);
  Ctx r{c.world, c.owner, c.card, receiver, c.target, c.event, c.spell, c.chosen};
  for (const Player& p : c.world.game().state().players)
    if (scope_includes(l.scope, r, p.id)) return p.id;
  return std::nullopt;
}

struct Gift {
  std::uint16_t ability = 0;
  Amount amount;
  Lifetime life;
};

// give {buffs | auras}, give_aura {auras}, give_effect {effects}: each compiled into a GivenTag
// of this card, handed to the target at run time.
Run give(const Param& tag, Compiler& c, const char* key) {
  const Param* list = tag.find(key);
  if (!list || !list->is_list()) tag.fail(std::string("this action needs a list '") + key + "'");
  std::vector<Gift> gifts;
  for (const Param& item : list->items()) {
    auto given = std::make_shared<GivenTag>();
    Gift g;
    if (std::string_view(key) == "buffs") {
      auto b = c.buff(item);
      if (!b) continue;
      g.amount = b->status.amount;
      given->buff = std::move(*b);
    } else if (std::string_view(key) == "auras") {
      auto a = c.aura(item);
      if (!a) continue;
      g.amount = a->status.amount;
      given->aura = std::move(*a);
    } else {
      const Param* ev = item.find("event");
      const Param* tags = item.find("tags");
      if (!ev || !tags || !tags->is_list()) item.fail("an effect needs 'event' and a list 'tags'");
      static_cast<TagCompiler&>(c).known_keys(item, "a given effect",
                                              {"event", "tags", "until", "expires"});
      auto e = c.event(*ev);
      if (!e) continue;
      Effect eff;
      eff.event = std::move(*e);
      bool ok = true;
      for (const Param& t : tags->items()) {
        auto at = c.action_tag(t);
        if (!at) ok = false;
        else eff.tags.push_back(std::move(*at));
      }
      if (!ok) continue;
      given->effect = std::move(eff);
    }
    auto life = lifetime(item, c);
    if (!life) continue;
    g.life = *life;
    g.ability = c.add_given(given);
    gifts.push_back(std::move(g));
  }
  if (gifts.empty()) return nullptr;
  // A picker of the action itself picks among the gifts (Enhance-o Mechano: one of windfury,
  // taunt and divine shield, at random), as Hearthbreaker's Give picks from its buffs.
  Picker pick;
  if (const Param* p = tag.find("picker")) {
    pick = static_cast<TagCompiler&>(c).picker(*p);  // the tags plugin's only Compiler
    if (pick.kind == Picker::Kind::user)
      p->fail("a give picks its gifts 'all' or 'random', not 'user'");
  }
  return [gifts, pick](Ctx& c, const Target& t) {
    auto hand_out = [&](const Gift& g) {
      c.world.give(c.owner, c.card, g.ability, t, g.amount.eval(c), end_of(c, g.life, t));
    };
    if (pick.kind != Picker::Kind::random) {
      for (const Gift& g : gifts) hand_out(g);
      return;
    }
    std::vector<std::size_t> all(gifts.size());
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
    for (std::size_t k : random_picks(c, std::move(all), pick)) hand_out(gifts[k]);
  };
}

}  // namespace

void register_actions(Registrar& r) {
  add_action(r, "give", [](const Param& tag, Compiler& c) -> Run {
    // Hearthbreaker's JSON reader turns `give {auras}` into give_aura and `give {effects}` into
    // give_effect; `give {buffs}` is the action itself.
    return give(tag, c, tag.find("auras") ? "auras" : tag.find("effects") ? "effects" : "buffs");
  });
  add_action(r, "give_aura",
             [](const Param& tag, Compiler& c) -> Run { return give(tag, c, "auras"); });
  add_action(r, "give_effect",
             [](const Param& tag, Compiler& c) -> Run { return give(tag, c, "effects"); });
  add_action(r, "damage", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 0);
    return [a](Ctx& x, const Target& t) { x.world.damage(x.owner, x.player, t, n32(a.eval(x)), x.spell); };
  });
  add_action(r, "heal", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 0);
    return [a](Ctx& x, const Target& t) { x.world.heal(x.owner, x.player, t, n32(a.eval(x)), x.spell); };
  });
  add_action(r, "set_health", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 1);
    return [a](Ctx& x, const Target& t) { x.world.set_health(t, n32(a.eval(x))); };
  });
  // Hearthbreaker's SwapStats: `source_stat` of the source (the tag's owner with
  // swap_with_owner, else the target itself) trades values with `dest_stat` of the target. Both
  // are read before either is set; a health set to 0 kills, as set_health_to(0) does there.
  add_action(r, "swap_stats", [](const Param& tag, Compiler&) -> Run {
    auto stat = [&](const char* key) {
      const Param* v = tag.find(key);
      if (!v) tag.fail(std::string("swap_stats needs '") + key + "'");
      const std::string& s = v->text();
      if (s != "attack" && s != "health") v->fail("swap_stats swaps 'attack' or 'health', not '" + s + "'");
      return s == "attack";
    };
    const bool from_attack = stat("source_stat");
    const bool to_attack = stat("dest_stat");
    const Param* with_owner = tag.find("swap_with_owner");
    const bool owner = with_owner && with_owner->boolean();
    return [=](Ctx& x, const Target& t) {
      const Target source = owner ? Target::of(x.world.game().object(x.owner).ref()) : t;
      auto get = [&](const Target& o, bool attack) { return attack ? x.world.attack_of(o) : x.world.health_of(o); };
      auto set = [&](const Target& o, bool attack, std::int32_t v) {
        if (attack) x.world.set_attack(o, v);
        else if (v <= 0) x.world.destroy(o);
        else x.world.set_health(o, v);
      };
      const std::int32_t a = get(source, from_attack);
      const std::int32_t b = get(t, to_attack);
      set(source, from_attack, b);
      set(t, to_attack, a);
    };
  });
  // Alarm-o-Bot: the tag's owner trades places with a random card of the selected player's
  // hand that is a minion (or, with `condition`, that satisfies it). Nothing without one.
  add_action(r, "swap_with_hand", [](const Param& tag, Compiler& c) -> Run {
    const Param* cond = tag.find("condition");
    auto condition = cond ? c.condition(*cond)
                          : c.condition(Param::map({{"name", Param::scalar("is_minion", {})}}, {}));
    if (!condition) return nullptr;
    return [condition](Ctx& x, const Target& t) {
      if (!x.owner.valid()) return;  // the World checks that it is a minion in play
      std::vector<ObjectId> choices;
      for (ObjectId id : x.world.game().state().zone(ZoneRef::hand(player_of(x, t))).objects)
        if (condition->holds(x, Target::of(x.world.game().object(id).ref()))) choices.push_back(id);
      if (choices.empty()) return;
      x.world.swap_with_hand(x.owner, choices[static_cast<std::size_t>(x.world.random(choices.size()))]);
    };
  });
  // A joust: a random minion card of each player's deck is revealed (the tag's owner first).
  // The owner wins with one that costs more than the opponent's, or with one against none;
  // `win_action` (else `lose_action`, if any) then runs on the selected target. The cards stay.
  add_action(r, "joust", [](const Param& tag, Compiler& c) -> Run {
    const Param* win = tag.find("win_action");
    if (!win) tag.fail("joust needs 'win_action'");
    auto win_action = c.action(*win);
    const Param* lose = tag.find("lose_action");
    auto lose_action = lose ? c.action(*lose) : nullptr;
    auto is_minion = c.condition(Param::map({{"name", Param::scalar("is_minion", {})}}, {}));
    if (!win_action || !is_minion) return nullptr;
    return [=](Ctx& x, const Target& t) {
      auto reveal = [&](PlayerId p) -> std::optional<std::int32_t> {
        std::vector<ObjectId> minions;
        for (ObjectId id : x.world.game().state().zone(ZoneRef::library(p)).objects)
          if (is_minion->holds(x, Target::of(x.world.game().object(id).ref()))) minions.push_back(id);
        if (minions.empty()) return std::nullopt;
        return x.world.stats(minions[static_cast<std::size_t>(x.world.random(minions.size()))]).cost;
      };
      const std::optional<std::int32_t> mine = reveal(x.player);
      std::optional<std::int32_t> theirs;
      for (const Player& p : x.world.game().state().players)
        if (p.id != x.player) theirs = reveal(p.id);
      const bool won = mine && (!theirs || *mine > *theirs);
      const Action* next = std::exchange(x.next, nullptr);  // each runs alone: no next action
      if (won) win_action->run(x, t);
      else if (lose_action) lose_action->run(x, t);
      x.next = next;
    };
  });
  add_action(r, "increase_armor", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 0);
    return [a](Ctx& x, const Target& t) { x.world.gain_armor(player_of(x, t), n32(a.eval(x))); };
  });
  auto kill = [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) { x.world.destroy(t); };
  };
  add_action(r, "kill", kill);
  add_action(r, "destroy", kill);
  add_action(r, "remove", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) {
      if (t.is_object()) x.world.remove_from_play(t.object.id);
    };
  });
  add_taking_action(r, "summon", [](const Param& tag, Compiler& c) -> Compiled {
    const Param* card = tag.find("card");
    if (!card) tag.fail("summon needs 'card'");
    auto source = c.card_source(*card);
    if (!source) return {};
    const std::int64_t count = int_key(tag, "count", 1);
    Run run = [source, count](Ctx& x, const Target& t) {
      const PlayerId p = player_of(x, t);
      // Beside the owner when it is on its controller's board, first to its right, then
      // alternately left and right, as Hearthbreaker's Summon (Dr. Boom between his Boom Bots);
      // when it has died there (deathrattles), each where it stood.
      for (std::int64_t i = 0; i < count; ++i)
        if (auto id = source->pick(x, t)) {
          x.select(id);
          x.world.summon(*id, p, x.owner, i % 2 == 0 ? World::Side::right : World::Side::left);
        }
    };
    // Deathlord's minion from the deck: only with room for it on the board.
    Takes takes;
    if (source->reads_selected())
      takes = [](Ctx& x, const Target& t, CardId) { return !x.world.board_full(player_of(x, t)); };
    return {std::move(run), std::move(takes)};
  });
  add_action(r, "draw", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 1);
    return [a](Ctx& x, const Target& t) {
      for (std::int64_t i = a.eval(x); i > 0; --i) x.world.draw(player_of(x, t));
    };
  });
  add_action(r, "add_card", [](const Param& tag, Compiler& c) -> Run {
    const Param* card = tag.find("card");
    if (!card) tag.fail("add_card needs 'card'");
    auto source = c.card_source(*card);
    if (!source) return nullptr;
    const std::int64_t count = int_key(tag, "count", 1);
    const bool deck = tag.find("add_to_deck") && tag.find("add_to_deck")->boolean();
    return [source, count, deck](Ctx& x, const Target& t) {
      for (std::int64_t i = 0; i < count; ++i) {
        auto id = source->pick(x, t);
        x.select(id);
        if (!id) continue;
        if (deck)
          x.world.add_to_deck(*id, player_of(x, t));
        else
          x.world.add_to_hand(*id, player_of(x, t));
      }
    };
  });
  add_action(r, "transform", [](const Param& tag, Compiler& c) -> Run {
    const Param* card = tag.find("card");
    if (!card) tag.fail("transform needs 'card'");
    auto source = c.card_source(*card);
    if (!source) return nullptr;
    // A minion in play, a card in a hand or deck (Gnomish Experimenter's last_drawn), or a hero:
    // it becomes the hero card, with that card's health and power (Majordomo Executus's
    // Ragnaros), as Hearthbreaker's Transform of a hero.
    return [source](Ctx& x, const Target& t) {
      if (t.is_player()) {
        auto id = source->pick(x, t);
        x.select(id);
        if (id) x.world.replace_hero(t.player, *id, ObjectId{});
        return;
      }
      if (!t.is_object() || !x.world.game().state().is_current(t.object)) return;
      auto id = source->pick(x, t);
      x.select(id);
      if (!id) return;
      const ZoneKind z = x.world.game().object(t.object.id).zone.kind;
      if (z == ZoneKind::hand || z == ZoneKind::library)
        x.world.transform_card(t.object.id, *id);
      else
        x.world.transform(t.object.id, *id);
    };
  });
  add_action(r, "bounce", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) {
      if (t.is_object()) x.world.bounce(t.object.id);
    };
  });
  add_action(r, "silence", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) {
      if (t.is_object()) x.world.silence(t.object.id);
    };
  });
  add_action(r, "remove_divine_shields", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) {
      if (t.is_object()) x.world.remove_divine_shield(t.object.id);
    };
  });
  // discard {amount, query?}: without a query (or with the plain query of the hand) random cards
  // of the selected player's hand; with one, each card the query picks, from a hand or a deck
  // (Fel Reaver: the deck), goes to the graveyard and card_discarded fires.
  add_action(r, "discard", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 1);
    const Param* q = tag.find("query");
    const Param* qn = q ? q->find("name") : nullptr;
    const Param* conds = q ? q->find("conditions") : nullptr;
    const Param* qp = q ? q->find("player") : nullptr;
    // The default query, any card of the selected player's own hand, may also be written out.
    const bool plain_hand = !q || (qn && qn->text() == "hand" && (!qp || qp->text() == "friendly") &&
                                   (!conds || (conds->is_list() && conds->items().empty())));
    if (plain_hand) {
      return [a](Ctx& x, const Target& t) {
        for (std::int64_t i = a.eval(x); i > 0; --i) x.world.discard_random(player_of(x, t));
      };
    }
    auto source = c.card_source(*q);
    if (!source) return nullptr;
    if (!source->picks_objects())
      q->fail("discard takes a card of a hand or deck: a 'hand' or 'deck' query");
    return [a, source](Ctx& x, const Target& t) {
      for (std::int64_t i = a.eval(x); i > 0; --i) {
        auto id = source->pick_object(x, t);
        x.select(id ? std::optional<CardId>(x.world.game().object(*id).card) : std::nullopt);
        if (!id) return;
        x.world.remove_card(*id, true);
      }
    };
  });
  // remove_from_deck {card}: the card a deck query picks leaves the deck (it is not drawn); the
  // next action takes it with the card source `same` (Deathlord summons it, Captain's Parrot
  // adds it to the hand, Mad Scientist applies it as a secret). The query picks only among the
  // cards that action takes (Action::takes): against a full board Deathlord takes none and the
  // minions stay in the deck, in their places; Mad Scientist takes no secret already in play.
  add_action(r, "remove_from_deck", [](const Param& tag, Compiler& c) -> Run {
    const Param* card = tag.find("card");
    if (!card) tag.fail("remove_from_deck needs 'card' (a deck query)");
    auto source = c.card_source(*card);
    if (!source) return nullptr;
    if (!source->picks_objects())
      card->fail("remove_from_deck takes a card of a deck: a 'deck' query");
    return [source](Ctx& x, const Target& t) {
      auto id = pick_taken(*source, x, t);
      x.select(id ? std::optional<CardId>(x.world.game().object(*id).card) : std::nullopt);
      if (id) x.world.remove_card(*id, false);
    };
  });
  // Version 1's player action mana_change {amount, minimum, card_selector}: from now on, the
  // selected player's cards that card_selector selects (default: all its hand) cost `amount`
  // more (less, when negative), never below `minimum` — an aura given to that player, as
  // Hearthbreaker's mana filter was. In a v1 aura the loader already makes it a v2 cost aura.
  add_action(r, "mana_change", [](const Param& tag, Compiler& c) -> Run {
    std::vector<std::pair<std::string, Param>> status{{"name", Param::scalar("mana_change", tag.where())}};
    if (const Param* a = tag.find("amount")) status.emplace_back("amount", *a);
    if (const Param* m = tag.find("minimum")) status.emplace_back("minimum", *m);
    const Param* cs = tag.find("card_selector");
    std::vector<std::pair<std::string, Param>> sel =
        cs && cs->is_map() ? cs->entries()
                           : std::vector<std::pair<std::string, Param>>{{"name", Param::scalar("card", tag.where())}};
    if (cs && !cs->is_map()) cs->fail("a card_selector is a selector object {name, …}");
    if (!(cs && cs->find("players")))
      sel.emplace_back("players", Param::scalar("friendly", tag.where()));
    const Param aura = Param::map({{"status", Param::map(std::move(status), tag.where())},
                                   {"selector", Param::map(std::move(sel), tag.where())}},
                                  tag.where());
    return give(Param::map({{"auras", Param::list({aura}, tag.where())}}, tag.where()), c, "auras");
  });
  // remove_from_hand {card}: the card a hand query picks leaves the hand unplayed, removed from
  // the game (not discarded: no card_discarded); the next action takes it with `same`, as
  // remove_from_deck's does, and only a card it takes is picked.
  add_action(r, "remove_from_hand", [](const Param& tag, Compiler& c) -> Run {
    const Param* card = tag.find("card");
    if (!card) tag.fail("remove_from_hand needs 'card' (a hand query)");
    const Param* qn = card->is_map() ? card->find("name") : nullptr;
    if (!qn || qn->text() != "hand")
      card->fail("remove_from_hand takes a card of a hand: a 'hand' query");
    auto source = c.card_source(*card);
    if (!source) return nullptr;
    return [source](Ctx& x, const Target& t) {
      auto id = pick_taken(*source, x, t);
      x.select(id ? std::optional<CardId>(x.world.game().object(*id).card) : std::nullopt);
      if (id) x.world.remove_card(*id, false);
    };
  });
  // Faceless Manipulator: the tag's owner becomes a copy of the target (Hearthbreaker's Replace:
  // `actor.replace(target.copy(actor.player))`).
  add_action(r, "replace", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) {
      if (!t.is_object() || !x.owner.valid() || t.object.id == x.owner) return;
      x.world.become_copy(x.owner, t.object.id);
    };
  });
  // Lord Jaraxxus: the selected hero becomes the card `card`, with the tag owner's health.
  add_action(r, "replace_hero_with_minion", [](const Param& tag, Compiler& c) -> Run {
    const Param* card = tag.find("card");
    if (!card) tag.fail("replace_hero_with_minion needs 'card' (the hero)");
    auto source = c.card_source(*card);
    if (!source) return nullptr;
    return [source](Ctx& x, const Target& t) {
      auto id = source->pick(x, t);
      x.select(id);
      if (id) x.world.replace_hero(player_of(x, t), *id, x.owner);
    };
  });
  // apply_secret {secrets}: the secret card the query gives is put into play for the selected
  // player (Mad Scientist: from the deck; Kezan Mystic: the one it took; a secret spell:
  // itself). A card that is not a secret, or a secret the player already has, does nothing.
  add_taking_action(r, "apply_secret", [](const Param& tag, Compiler& c) -> Compiled {
    const Param* secrets = tag.find("secrets");
    if (!secrets) tag.fail("apply_secret needs 'secrets' (a card query)");
    auto source = c.card_source(*secrets);
    if (!source) return {};
    auto is_secret = [](Ctx& x, CardId card) {
      const CardScript* s = card_script(x.world.game().cards().at(card));
      return s && s->secret;
    };
    // Mad Scientist's secret from the deck: only one its player may put into play, as
    // Hearthstone picks among the deck's secrets not in play.
    Takes takes;
    if (source->reads_selected()) {
      takes = [is_secret](Ctx& x, const Target& t, CardId card) {
        return is_secret(x, card) && x.world.can_apply_secret(card, player_of(x, t));
      };
    }
    Run run = [source, is_secret](Ctx& x, const Target& t) {
      auto id = source->pick(x, t);
      if (!id || !is_secret(x, *id)) return;
      x.select(id);
      x.world.apply_secret(*id, player_of(x, t));
    };
    return {std::move(run), std::move(takes)};
  });
  // remove_secret {player=enemy}: a random secret of each player of the scope (relative to the
  // selected player) leaves play unrevealed; `same` is the last one removed.
  add_action(r, "remove_secret", [](const Param& tag, Compiler& c) -> Run {
    const Scope scope = c.scope(tag.find("player"), Scope::enemy);
    return [scope](Ctx& x, const Target& t) {
      Ctx r{x.world, x.owner, x.card, player_of(x, t), x.target, x.event, x.spell, x.chosen};
      for (const Player& p : x.world.game().state().players) {
        if (!scope_includes(scope, r, p.id)) continue;
        const std::vector<ObjectId> secrets = x.world.secrets(p.id);
        if (secrets.empty()) {
          x.select(std::nullopt);
          break;
        }
        const ObjectId s = secrets[static_cast<std::size_t>(x.world.random(secrets.size()))];
        x.select(x.world.game().object(s).card);
        x.world.remove_secret(s);
      }
    };
  });
  add_action(r, "equip", [](const Param& tag, Compiler& c) -> Run {
    const Param* w = tag.find("weapon");
    if (!w) tag.fail("equip needs 'weapon'");
    auto source = c.card_source(*w);
    if (!source) return nullptr;
    return [source](Ctx& x, const Target& t) {
      auto id = source->pick(x, t);
      x.select(id);
      if (id) x.world.equip(*id, player_of(x, t));
    };
  });
  add_action(r, "steal", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) {
      if (t.is_object()) x.world.steal(t.object.id, x.player);
    };
  });
  add_action(r, "increase_weapon_attack", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 1);
    return [a](Ctx& x, const Target& t) { x.world.change_weapon(player_of(x, t), n32(a.eval(x)), 0); };
  });
  add_action(r, "increase_durability", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) { x.world.change_weapon(player_of(x, t), 0, 1); };
  });
  add_action(r, "decrease_durability", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) { x.world.change_weapon(player_of(x, t), 0, -1); };
  });
  add_action(r, "give_mana_crystal", [](const Param& tag, Compiler&) -> Run {
    const std::int64_t count = int_key(tag, "count", 1);
    const bool empty = tag.find("empty") && tag.find("empty")->boolean();
    return [count, empty](Ctx& x, const Target& t) {
      x.world.give_mana_crystal(player_of(x, t), n32(count), empty);
    };
  });
  add_action(r, "destroy_mana_crystal", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) { x.world.destroy_mana_crystal(player_of(x, t)); };
  });
  add_action(r, "change_target", [](const Param& tag, Compiler& c) -> Run {
    const Param* sel = tag.find("selector");
    if (!sel) tag.fail("change_target needs 'selector' (the new target)");
    auto selector = c.selector(*sel);
    if (!selector) return nullptr;
    // The new target is chosen as the attacker sees it (Hearthbreaker's ChangeTarget chooses
    // with the attacker as the source): Mogor the Ogre sends an enemy's attack to another of
    // the attacker's enemies, not of Mogor's.
    return [selector](Ctx& x, const Target& attacker) {
      Ctx seen = x;
      seen.giver = ObjectId{};
      seen.owner = attacker.is_object() ? attacker.object.id : ObjectId{};
      seen.player = attacker.is_player() ? attacker.player : x.world.controller(attacker);
      const std::vector<Target> to = selector->select(seen);
      if (!to.empty()) x.world.change_target(to.front());
    };
  });
  // Kel'Thuzad: every friendly minion that died this turn comes back.
  add_action(r, "resurrect_friendly", [](const Param&, Compiler&) -> Run {
    return [](Ctx& x, const Target& t) {
      const PlayerId p = player_of(x, t);
      for (ObjectId dead : x.world.died_this_turn(p))
        x.world.summon(x.world.game().object(dead).card, p, ObjectId{}, World::Side::right);
    };
  });
  // Echoing Ooze: an exact copy of each selected minion, beside it (World::duplicate).
  add_action(r, "duplicate", [](const Param& tag, Compiler& c) -> Run {
    const Param* sel = tag.find("selector");
    if (!sel) tag.fail("duplicate needs 'selector' (what to copy)");
    auto selector = c.selector(*sel);
    if (!selector) return nullptr;
    return [selector](Ctx& x, const Target&) {
      for (const Target& m : action_selects(*selector, x))
        if (m.is_object()) x.world.duplicate(m.object.id);
    };
  });
  // Extension (hearth conventions): mana for this turn only, never above 10.
  // Arcane Missiles, as Hearthbreaker's own spell does it: `amount` missiles of 1 damage, each
  // at a random living character of the selected player, and spell damage adds missiles (with
  // its multipliers) rather than damage to each one. Each missile is aimed after the previous
  // one hit, so a minion it killed is no longer a target.
  add_action(r, "split_damage", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 1);
    return [a](Ctx& x, const Target& t) {
      const PlayerId p = player_of(x, t);
      std::int32_t missiles = n32(a.eval(x));
      if (x.spell && x.player.valid()) missiles = x.world.spell_amount(x.player, missiles);
      std::vector<Target> pool;
      for (std::int32_t i = 0; i < missiles; ++i) {
        pool.clear();
        pool.push_back(Target::of(p));
        for (ObjectId id : x.world.minions(p)) {
          const Target m = Target::of(x.world.game().object(id).ref());
          if (!x.world.is_dead(m)) pool.push_back(m);
        }
        const Target hit = pool[static_cast<std::size_t>(x.world.random(pool.size()))];
        x.world.damage(x.owner, x.player, hit, 1, false);
      }
    };
  });
  // Extension (Tracking): the selected player looks at the top `count` cards of their deck,
  // draws the one they choose and the others are removed from the game (as Hearthbreaker's
  // Tracking does). With one card there is nothing to choose.
  add_action(r, "draw_one_of_top", [](const Param& tag, Compiler&) -> Run {
    const std::int64_t count = int_key(tag, "count", 3);
    if (count < 1) tag.fail("draw_one_of_top needs a 'count' of at least 1");
    return [count](Ctx& x, const Target& t) {
      const PlayerId p = player_of(x, t);
      const auto& deck = x.world.game().state().zone(ZoneRef::library(p)).objects;
      std::vector<ObjectId> top;  // the top of the deck is its back
      for (auto it = deck.rbegin(); it != deck.rend() && static_cast<std::int64_t>(top.size()) < count; ++it)
        top.push_back(*it);
      if (top.empty()) return;
      std::vector<Target> options;
      for (ObjectId id : top) options.push_back(Target::of(x.world.game().object(id).ref()));
      const std::size_t keep = top.size() == 1 ? 0 : x.world.choose(p, "Choose the card to draw", options);
      for (std::size_t i = 0; i < top.size(); ++i)
        if (i != keep) x.world.remove_card(top[i], false);
      x.world.draw_card(top.at(keep));
    };
  });
  add_action(r, "gain_mana", [](const Param& tag, Compiler& c) -> Run {
    Amount a = amount_key(tag, c, 1);
    return [a](Ctx& x, const Target& t) { x.world.gain_mana(player_of(x, t), n32(a.eval(x))); };
  });
}

}  // namespace anvil::tags
