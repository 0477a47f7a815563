// Reads a JSON array of cards and compiles each card's tags into a CardScript. One card with an
// error is left out and reported; the others load. Unsupported tags are warnings naming the
// card and the tag; the card loads without them.
#include "loader.hpp"

#include <anvil/pack.hpp>

#include "anvil/tags/card_script.hpp"
#include "compiler.hpp"

namespace anvil::tags {

namespace {

Param named(const char* name) { return Param::map({{"name", Param::scalar(name, {})}}, {}); }

// --- v1 → v2: the Dec-2014 shapes rewritten into the final ones ----------------------------

// A v1 card selector (card, spell, minion_card, secret, battlecry, specific_card), registered
// selectors in their own right, scoped as the v1 player selector holding it was unless it names
// its own `players`.
Param v1_card_selector(const Param& sel, const Param& players) {
  if (!sel.is_map()) sel.fail("a card_selector is a selector object {name, …}");
  std::vector<std::pair<std::string, Param>> out = sel.entries();
  if (!sel.find("players")) out.emplace_back("players", players);
  return Param::map(std::move(out), sel.where());
}

Param v1_aura(const Param& aura) {
  const Param* action = aura.find("action");
  const Param* selector = aura.find("selector");
  if (!action || !selector) aura.fail("a v1 aura needs 'action' and 'selector'");
  std::vector<std::pair<std::string, Param>> out;
  const Param* name = action->find("name");
  if (name && name->text() == "mana_change") {
    // v1 pushed a filter onto the selected players; v2 pulls it from cards of those players.
    std::vector<std::pair<std::string, Param>> status{{"name", Param::scalar("mana_change", {})}};
    if (const Param* a = action->find("amount")) status.emplace_back("amount", *a);
    if (const Param* m = action->find("minimum")) status.emplace_back("minimum", *m);
    out.emplace_back("status", Param::map(std::move(status), action->where()));
    const Param* players = selector->find("players");
    const Param scope = players ? *players : Param::scalar("friendly", {});
    const Param* cs = action->find("card_selector");
    out.emplace_back("selector", v1_card_selector(cs ? *cs : named("card"), scope));
  } else {
    out.emplace_back("status", *action);  // reversible actions are v2's statuses
    out.emplace_back("selector", *selector);
  }
  if (const Param* u = aura.find("until")) out.emplace_back("until", *u);
  return Param::map(std::move(out), aura.where());
}

Param v1_effect(const Param& effect) {
  const Param* when = effect.find("when");
  const Param* action = effect.find("action");
  const Param* selector = effect.find("selector");
  if (!when || !action || !selector) effect.fail("a v1 effect needs 'when', 'action' and 'selector'");
  Param tag = Param::map({{"actions", Param::list({*action}, action->where())}, {"selector", *selector}},
                         effect.where());
  return Param::map({{"event", *when}, {"tags", Param::list({tag}, effect.where())}}, effect.where());
}

// --- compiling one card --------------------------------------------------------------------

class CardReader {
 public:
  CardReader(const Param& node, bool v1, CardFileContext& ctx) : node_(node), v1_(v1), ctx_(ctx) {}

  // Every message names the card ("a minion needs 'health'" alone would leave the reader to
  // count braces); most already do.
  void read() {
    const std::size_t first = ctx_.diagnostics.size();
    read_card();
    if (const std::string who = card_named(); !who.empty()) ctx_.name_card_from(first, who);
  }

 private:
  // "card 'NAME'" by its ref_name or name, empty when neither can be read.
  std::string card_named() const {
    if (!node_.is_map()) return {};
    const Param* name = node_.find("ref_name");
    if (!name) name = node_.find("name");
    if (!name || !name->is_scalar() || name->text().empty()) return {};
    return "card '" + name->text() + "'";
  }

  void read_card() {
    // Every key the compilers and the factories read is noted: a key left unread in a version
    // 2 card means nothing to this build and is an error (version 1 cards are rewritten into
    // new trees, so their reads are not of this one).
    ParamAudit audit;
    MapReader r(node_, "a card", ctx_.diagnostics);
    if (!r.ok()) return;
    CardDef card;
    card.pack = ctx_.pack;
    card.where = node_.where();
    auto script = std::make_shared<CardScript>();
    const std::size_t errors_before = error_count();
    const Param* name = r.required("name");
    if (!name) return;
    const bool read = collect(ctx_.diagnostics, [&] {
      card.name = name->text();
      if (const Param* ref = r.optional("ref_name")) card.name = ref->text();
      if (card.name.empty()) name->fail("a card needs a name");
      read_fields(r, card, *script);
      // The script is ability 0, before the given tags that `give` actions add (their indices).
      card.abilities.emplace_back(AbilityKind::static_, std::string(kCardScriptText), "tags",
                                  node_.where(), script);
      // Version 1 keeps the default conditions of HEARTH-TAGS.md §5 and §7 (its seed says
      // nothing of conditions, and the Dec-2014 MinionSelector.__from_json__ has no branch that
      // clears its constructor's minion_is_not_target); version 2 reads a missing condition as
      // none, as Hearthbreaker's JSON loader does (docs/hearth.md).
      TagCompiler c(ctx_.registry, card, node_.where(), ctx_.diagnostics, v1_);
      c.references = &script->references;
      read_tags(r, c, *script);
    });
    // The error stopped the reading: the keys after the bad one were never asked for, and
    // reporting them as unknown would bury the one error under false ones.
    if (!read)
      for (const auto& entry : node_.entries()) (void)r.has(entry.first);
    r.finish();
    if (error_count() != errors_before) return;
    if (!v1_) unread_keys(audit, card.name);
    if (error_count() != errors_before) return;
    card.rules_text = script->text;
    ctx_.cards.push_back(std::move(card));
  }

  std::size_t error_count() const {
    std::size_t n = 0;
    for (const Diagnostic& d : ctx_.diagnostics) n += d.severity == Diagnostic::Severity::error;
    return n;
  }

  static std::int32_t int32(const Param& v) {
    const std::int64_t n = v.integer();
    if (n < -1000 || n > 1000) v.fail("a number from -1000 to 1000");
    return static_cast<std::int32_t>(n);
  }

  // A key of the card that nothing read: a parameter the part has not (a misspelt `amout`), or
  // a key with no meaning where it is. An error, as Hearthbreaker's from_json refuses a keyword
  // it does not take: ignored, it would change what the card does without a word.
  void unread_keys(const ParamAudit& audit, const std::string& card) {
    const std::vector<ParamAudit::Unread> unread = audit.unread(node_);
    const ParamAudit::Pause pause;  // naming what holds a key is not reading it
    for (const ParamAudit::Unread& u : unread) {
      const Param* name = u.map->find("name");
      const std::string in = name && name->is_scalar() ? " of '" + name->text() + "'" : "";
      // The keys the part looked for and was not given: `amout` is most likely `amount`.
      const std::string hint = did_you_mean(u.key, audit.asked(*u.map));
      ctx_.diagnostics.push_back({Diagnostic::Severity::error, u.key_where,
                                  "card '" + card + "': nothing reads key '" + u.key + "'" + in +
                                      " (no such parameter here)" +
                                      (hint.empty() ? "" : "; " + hint)});
    }
  }

  void read_fields(MapReader& r, CardDef& card, CardScript& s) {
    const Param* type = r.required("type");
    if (!type) node_.fail("a card needs 'type'");
    const std::string& t = type->text();
    if (t == "minion") s.kind = CardKind::minion;
    else if (t == "spell") s.kind = CardKind::spell;
    else if (t == "weapon") s.kind = CardKind::weapon;
    else type->fail("unknown card type '" + t + "'", did_you_mean(t, std::vector<std::string>{"minion", "spell", "weapon"}));
    if (const Param* v = r.required("mana")) {
      s.mana = int32(*v);
      if (s.mana < 0) v->fail("'mana' cannot be negative, found " + v->text());
    }
    if (const Param* v = r.optional("attack")) s.attack = int32(*v);
    if (const Param* v = r.optional("health")) s.health = int32(*v);
    if (const Param* v = r.optional("durability")) s.health = int32(*v);
    if (s.kind == CardKind::minion && !node_.find("health")) node_.fail("a minion needs 'health'");
    if (s.kind == CardKind::weapon && !node_.find("durability")) node_.fail("a weapon needs 'durability'");
    if (const Param* v = r.optional("overload")) s.overload = int32(*v);
    if (const Param* v = r.optional("rarity")) s.rarity = Symbol(v->text());
    if (const Param* v = r.optional("character_class")) s.hero_class = Symbol(v->text());
    if (const Param* v = r.optional("minion_type")) s.minion_type = Symbol(v->text());
    if (const Param* v = r.optional("collectible")) s.collectible = v->boolean();
    if (const Param* v = r.optional("text")) s.text = v->text();
    card.base.cost.present = true;
    card.base.cost.generic = static_cast<std::uint16_t>(std::max(0, s.mana));
    card.base.types = {s.kind == CardKind::minion  ? "Minion"_sym
                       : s.kind == CardKind::spell ? "Spell"_sym
                                                   : "Weapon"_sym};
    if (s.minion_type) card.base.subtypes = {s.minion_type};
    card.base.has_stats = s.kind != CardKind::spell;
    card.base.power = s.attack;
    card.base.toughness = s.health;
  }

  void tags_list(const Param* v, TagCompiler& c, std::vector<ActionTag>& out) {
    if (!v) return;
    if (v->is_map()) {  // card_defs.json writes a single battlecry or deathrattle as one object
      if (auto at = c.action_tag(*v)) out.push_back(std::move(*at));
      return;
    }
    if (v->is_scalar()) {
      // card_defs.json has `"deathrattle": 1` on a token (Panther): no actions, said aloud.
      ctx_.diagnostics.push_back({Diagnostic::Severity::warning, v->where(),
                                  "card '" + c.card().name + "': '" + v->text() +
                                      "' is not a list of action tags; ignored"});
      return;
    }
    if (!v->is_list()) v->fail("a list of action tags");
    for (const Param& t : v->items())
      if (auto at = c.action_tag(t)) out.push_back(std::move(*at));
  }
  void auras(const Param* v, TagCompiler& c, std::vector<Aura>& out) {
    if (!v) return;
    if (!v->is_list()) v->fail("a list of auras");
    for (const Param& a : v->items()) {
      // Version 2 items are compiled in place (not copied by a ?:), so that the key audit sees
      // their reads.
      auto aura = v1_ ? c.aura(v1_aura(a)) : c.aura(a);
      if (aura) out.push_back(std::move(*aura));
    }
  }
  void buffs(const Param* v, TagCompiler& c, std::vector<Buff>& out) {
    if (!v) return;
    if (!v->is_list()) v->fail("a list of buffs");
    for (const Param& b : v->items())
      if (auto buff = c.buff(b)) out.push_back(std::move(*buff));
  }
  void effects(const Param* v, TagCompiler& c, std::vector<Effect>& out) {
    if (!v) return;
    if (!v->is_list()) v->fail("a list of effects");
    for (const Param& raw : v->items()) {
      auto eff = v1_ ? effect(v1_effect(raw), c) : effect(raw, c);  // in place, as auras
      if (eff) out.push_back(std::move(*eff));
    }
  }
  // {event, tags}; nullopt when a part is unsupported (reported): a partial effect would change
  // its order rule.
  static std::optional<Effect> effect(const Param& e, TagCompiler& c) {
    const Param* ev = e.find("event");
    const Param* tags = e.find("tags");
    if (!ev || !tags || !tags->is_list()) e.fail("an effect needs 'event' and a list 'tags'");
    c.known_keys(e, "an effect", {"event", "tags"});
    auto spec = c.event(*ev);
    if (!spec) return std::nullopt;
    Effect eff;
    eff.event = std::move(*spec);
    for (const Param& t : tags->items()) {
      auto at = c.action_tag(t);
      if (!at) return std::nullopt;
      eff.tags.push_back(std::move(*at));
    }
    return eff;
  }
  // A secret spell: `"secret": {event, tags}`. Played, it applies itself to its player, which
  // is written out as its `play`: apply_secret of the card `same` (the spell) to the friendly
  // player.
  void secret(const Param* v, TagCompiler& c, CardScript& s) {
    if (!v) return;
    if (s.kind != CardKind::spell) v->fail("only a spell can be a secret");
    if (node_.find("play")) v->fail("a secret is played by applying itself: give 'secret' or 'play', not both");
    if (!v->is_map()) v->fail("'secret' is an effect {event, tags}");
    s.secret = effect(*v, c);
    if (!s.secret) return;
    const Param apply = Param::map(
        {{"actions", Param::list({Param::map({{"name", Param::scalar("apply_secret", v->where())},
                                              {"secrets", named("same")}},
                                             v->where())},
                                 v->where())},
         {"selector", Param::map({{"name", Param::scalar("player", v->where())},
                                  {"players", Param::scalar("friendly", v->where())}},
                                 v->where())}},
        v->where());
    if (auto at = c.action_tag(apply)) s.play.push_back(std::move(*at));
  }

  // `"hero_power": {"name": "INFERNO!", "mana": 2, "tags": [action tags]}`. A tag that cannot
  // compile was reported; the power is then left out whole (half a power would mislead).
  void hero_power(const Param* v, TagCompiler& c, CardScript& s) {
    if (!v) return;
    MapReader r(*v, "'hero_power' of card '" + c.card().name + "'", ctx_.diagnostics);
    if (!r.ok()) return;
    CardScript::HeroPower power;
    if (const Param* n = r.required("name")) power.name = n->text();
    if (const Param* m = r.optional("mana")) power.mana = int32(*m);
    const std::string what = "card '" + c.card().name + "': 'hero_power'";
    if (power.mana < 0) v->fail(what + ": 'mana' cannot be negative");
    const Param* tags = r.required("tags");
    r.finish();
    if (!tags) return;
    if (!tags->is_list() || tags->items().empty())
      tags->fail(what + ": 'tags' must be a non-empty list of action tags");
    for (const Param& t : tags->items()) {
      auto at = c.action_tag(t);
      if (!at) return;
      power.tags.push_back(std::move(*at));
      if (const Param* actions = t.find("actions"))
        for (const Param& a : actions->items())
          if (const Param* name = a.find("name"); name && name->text() == "summon")
            power.summons = true;
    }
    s.hero_power = std::move(power);
  }

  // `"play_requirements": {weapon_equipped?, minimum_enemy_minions?, minion_slots?}`.
  void play_requirements(const Param* v, TagCompiler& c, CardScript& s) {
    if (!v) return;
    MapReader r(*v, "'play_requirements' of card '" + c.card().name + "'", ctx_.diagnostics);
    if (!r.ok()) return;
    if (const Param* w = r.optional("weapon_equipped"))
      s.play_requirements.weapon_equipped = w->boolean();
    if (const Param* n = r.optional("minimum_enemy_minions")) {
      s.play_requirements.minimum_enemy_minions = int32(*n);
      if (s.play_requirements.minimum_enemy_minions < 0) n->fail("a number of minions from 0");
    }
    if (const Param* n = r.optional("minion_slots")) {
      s.play_requirements.minion_slots = int32(*n);
      if (s.play_requirements.minion_slots < 0 || s.play_requirements.minion_slots > 7)
        n->fail("a number of places from 0 to 7");
    }
    r.finish();
  }

  void read_tags(MapReader& r, TagCompiler& c, CardScript& s) {
    tags_list(r.optional("battlecry"), c, s.battlecry);
    tags_list(r.optional("deathrattle"), c, s.deathrattle);
    tags_list(r.optional("play"), c, s.play);
    secret(r.optional("secret"), c, s);
    if (s.kind == CardKind::spell && !node_.find("play") && !node_.find("secret"))
      node_.fail("a spell needs 'play' (its actions) or 'secret'");
    if (const Param* v = r.optional("combo")) {
      if (auto at = c.action_tag(*v)) s.combo = std::move(*at);
    }
    if (const Param* v = r.optional("choices")) {
      if (!v->is_list()) v->fail("'choices' must be a list of {card, actions, selector}");
      for (const Param& item : v->items()) {
        const Param* name = item.find("card");
        if (!name) item.fail("a choice needs 'card' (the option's name)");
        // An option that cannot compile was reported; the card offers the others.
        if (auto at = c.choice(item)) s.choices.push_back({name->text(), std::move(*at)});
      }
    }
    auras(r.optional("enrage"), c, s.enrage);
    hero_power(r.optional("hero_power"), c, s);
    play_requirements(r.optional("play_requirements"), c, s);
    if (const Param* impl = r.optional("impl")) {
      MapReader ir(*impl, "'impl' of card '" + c.card().name + "'", ctx_.diagnostics);
      if (ir.ok()) {
        auras(ir.optional("auras"), c, s.auras);
        effects(ir.optional("effects"), c, s.effects);
        buffs(ir.optional("buffs"), c, s.buffs);
      }
    }
    auras(r.optional("auras"), c, s.hand_auras);
    effects(r.optional("effects"), c, s.hand_effects);
    buffs(r.optional("buffs"), c, s.hand_buffs);
  }

  const Param& node_;
  bool v1_;
  CardFileContext& ctx_;
};

}  // namespace

void HearthLoader::load(const std::filesystem::path& file, std::string_view text,
                        CardFileContext& ctx) const {
  Param root;
  if (!collect(ctx.diagnostics,
               [&] { root = json_to_param(text, file.string(), ctx.diagnostics); }))
    return;
  if (!root.is_list()) {
    ctx.error(root.where(), "a hearth card file is a JSON array of card objects");
    return;
  }
  for (const Param& node : root.items()) CardReader(node, v1_, ctx).read();
}

}  // namespace anvil::tags
