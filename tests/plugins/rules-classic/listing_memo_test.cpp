// The listing memo and the kept mana sources (legal_actions.cpp, mana.cpp; kept in the game's
// rules cache, Game::rules_cache): a remembered listing or list of sources is used again only
// while the state is the one it was made for. These tests change one thing the listing reads
// (a land entering, a rollback, a copy whose journal counts anew) and check that the answer is
// a fresh listing's; the last plays random games next to copies that list everything afresh.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include "fixture.hpp"

namespace anvil::classic_test {
namespace {

// Passes at every priority and answers anything else as TestAgent does by default, recording
// the priority choices it is asked. It reads no label (LabelBlind): advance() keeps the listings
// such an agent passes on (the listing memo).
class PassingAgent final : public Agent, public LabelBlind {
 public:
  std::string_view name() const override { return "passing"; }
  Answer choose(const DecisionView&, const Choice& choice) override {
    Answer a;
    switch (choice.kind) {
      case ChoiceKind::action:
        asked.push_back(choice);
        a.picks.push_back(choice.pass.value());
        break;
      case ChoiceKind::attackers:
      case ChoiceKind::blockers:
        break;
      default:
        for (std::uint32_t i = 0; i < choice.options.size(); ++i)
          if (i < std::max<std::uint32_t>(choice.min_picks, 1) ||
              choice.kind == ChoiceKind::trigger_order)
            a.picks.push_back(i);
    }
    return a;
  }
  std::vector<Choice> asked;  // priority choices
};

// A test table whose first player is a PassingAgent.
struct PassingTable {
  Table table;
  std::shared_ptr<PassingAgent> a = std::make_shared<PassingAgent>();
  Game& game() { return *table.game; }
};

PassingTable passing_table(const Position& position) {
  PassingTable t{table(standard_pool(), position)};
  t.game().seat(kA, t.a);
  return t;
}

// The options of A's last priority choice, as (mana, ability) pairs, and those of a fresh
// listing (ClassicRules::legal_actions, which lists every land's mana, as advance() does when
// there is more than passing to do).
std::vector<std::pair<bool, std::int32_t>> last_asked(const PassingAgent& agent) {
  std::vector<std::pair<bool, std::int32_t>> out;
  for (const Option& o : agent.asked.back().options) out.emplace_back(o.mana, o.ability);
  return out;
}

std::size_t fresh_count(const Game& game, PlayerId p) {
  return rules().legal_actions(game, p).size();
}

bool a_has_priority(const Game& game) { return game.state().turn.priority == kA; }

TEST(RulesClassicListingMemo, AListingPassedOnIsOfferedAgainAsItWas) {
  auto t = passing_table(
      position("begin_combat", player("A", {"Shock"}, {"Mountain"}), player("B", {}, {})));
  Game& g = t.game();
  const std::size_t fresh = fresh_count(g, kA);  // Shock, the Mountain's mana, passing
  ASSERT_EQ(fresh, 3u);
  ASSERT_TRUE(rules().advance(g));  // A is asked and passes: the listing is remembered
  ASSERT_EQ(t.a->asked.size(), 1u);
  const auto first = last_asked(*t.a);
  ASSERT_TRUE(advance_until(g, a_has_priority));
  const std::uint64_t changes = g.journal().changes();
  ASSERT_TRUE(rules().advance(g));  // passes and steps alone since: the remembered listing
  EXPECT_EQ(g.journal().changes(), changes);
  ASSERT_EQ(t.a->asked.size(), 2u);
  EXPECT_EQ(last_asked(*t.a), first);
  EXPECT_EQ(t.a->asked.back().options.size(), fresh);
}

TEST(RulesClassicListingMemo, ALandThatEntersIsSeenByTheNextListing) {
  auto t = passing_table(
      position("begin_combat", player("A", {"Shock", "Shock"}, {"Mountain"}), player("B", {}, {})));
  Game& g = t.game();
  ASSERT_TRUE(rules().advance(g));  // two Shocks, one Mountain's mana, passing
  ASSERT_EQ(t.a->asked.back().options.size(), 4u);
  ASSERT_TRUE(advance_until(g, a_has_priority));
  g.add_card(*g.cards().find("Mountain"), kA, ZoneRef::battlefield(kA));
  const std::size_t fresh = fresh_count(g, kA);
  ASSERT_EQ(fresh, 5u);
  ASSERT_TRUE(rules().advance(g));
  EXPECT_EQ(t.a->asked.back().options.size(), fresh);
}

TEST(RulesClassicListingMemo, ARollbackToAStateWithMoreToDoListsAgain) {
  auto t = passing_table(position("begin_combat", player("A", {"Shock"}, {"Mountain", "Mountain"}),
                                  player("B", {}, {})));
  Game& g = t.game();
  const auto cp = g.journal().checkpoint();
  g.journal().set_tapped(find(g, "Mountain", ZoneRef::battlefield(kA)), true);
  ASSERT_TRUE(rules().advance(g));  // Shock, one Mountain's mana, passing: remembered
  ASSERT_EQ(t.a->asked.back().options.size(), 3u);
  g.journal().rollback(cp);  // both Mountains untapped, and A has priority again
  ASSERT_EQ(g.state().turn.priority, kA);
  const std::size_t fresh = fresh_count(g, kA);
  EXPECT_EQ(fresh, 4u);
  ASSERT_TRUE(rules().advance(g));
  EXPECT_EQ(t.a->asked.back().options.size(), fresh);
}

TEST(RulesClassicListingMemo, ACopyListsForItselfEvenAtTheSameJournalCount) {
  auto t = passing_table(position("begin_combat", player("A", {"Shock"}, {"Mountain", "Mountain"}),
                                  player("B", {}, {})));
  Game& g = t.game();
  ASSERT_TRUE(rules().advance(g));  // Shock, two Mountains' mana, passing: remembered
  ASSERT_EQ(t.a->asked.back().options.size(), 4u);
  const std::uint64_t remembered = g.journal().changes();
  ASSERT_NE(g.rules_cache(), nullptr);
  auto copy = g.fork();
  EXPECT_EQ(copy->rules_cache(), nullptr);
  // In the copy: A's priority back (a quiet edit), a Mountain tapped, and loud edits nobody
  // reads until the copy's journal has counted as far as the game's had.
  copy->journal().set_priority_player(kA);
  copy->journal().set_tapped(find(*copy, "Mountain", ZoneRef::battlefield(kA)), true);
  ASSERT_LT(copy->journal().changes(), remembered);
  for (std::int64_t i = 1; copy->journal().changes() < remembered; ++i)
    copy->journal().set_attr(kB, "padding"_sym, i);
  ASSERT_EQ(copy->journal().changes(), remembered);
  const std::size_t fresh = fresh_count(*copy, kA);
  EXPECT_EQ(fresh, 3u);
  ASSERT_TRUE(rules().advance(*copy));
  EXPECT_EQ(t.a->asked.back().options.size(), fresh);
}

// Picks as a function of the choice alone (a hash of its prompt and options), so that a game
// and its copy, asked the same, answer the same.
// It reads no label (LabelBlind), so that advance() keeps the listings it passes on.
class ChoiceHashAgent final : public Agent, public LabelBlind {
 public:
  std::string_view name() const override { return "choice-hash"; }
  Answer choose(const DecisionView&, const Choice& c) override {
    std::uint64_t h = 1469598103934665603ull;
    const auto mix = [&h](std::uint64_t v) { h = (h ^ v) * 1099511628211ull; };
    for (unsigned char ch : c.prompt) mix(ch);
    for (const Option& o : c.options) {
      mix(static_cast<std::uint64_t>(o.value));
      mix(static_cast<std::uint64_t>(o.ability));
      mix(o.target.object.id.value);
    }
    SplitMix64 rng{h};
    Answer a;
    if (!c.refused.empty()) {  // asked again after a refused answer: the fewest picks
      for (std::uint32_t i = 0; i < c.min_picks && i < c.options.size(); ++i) a.picks.push_back(i);
      return a;
    }
    a.picks = random_picks(
        rng, c, c.min_picks + static_cast<std::uint32_t>(rng.below(c.max_picks - c.min_picks + 1)));
    return a;
  }
};

DeckList memo_deck(std::vector<std::pair<std::string, int>> cards) {
  DeckList d;
  for (const auto& [name, n] : cards)
    for (int i = 0; i < n; ++i) d.cards.push_back(name);
  return d;
}

std::vector<std::string> action_labels(const std::vector<LegalAction>& actions) {
  std::vector<std::string> out;
  for (const LegalAction& a : actions) out.push_back(a.label);
  return out;
}

// The labels of a listing of `p` in `game`, which keeps its lists, and in a copy of it, which
// has none and lists everything afresh.
std::pair<std::vector<std::string>, std::vector<std::string>> kept_and_fresh(Game& game,
                                                                             PlayerId p) {
  auto fresh = game.fork();
  return {action_labels(rules().legal_actions(game, p)),
          action_labels(rules().legal_actions(*fresh, p))};
}

std::ptrdiff_t offers(const std::vector<std::string>& labels, const std::string& label) {
  return std::count(labels.begin(), labels.end(), label);
}

// The permanents whose abilities the listing looks at are kept per seat (activators_of in
// legal_actions.cpp) while no creation, move, card change or change of controller happened: a
// permanent that changes hands or becomes another card is seen by the next listing.
TEST(RulesClassicListingMemo, APermanentThatChangesHandsOrCardsIsSeenByTheNextListing) {
  auto t = table(standard_pool(), position("main1", player("A", {}, {"Forest"}),
                                           player("B", {}, {"Llanowar Elves"})));
  Game& g = *t.game;
  const ObjectId elves = find(g, "Llanowar Elves", ZoneRef::battlefield(kB));
  const std::string activate = "Activate Llanowar Elves: {T}: Add {G}.";
  auto [kept, fresh] = kept_and_fresh(g, kA);
  EXPECT_EQ(offers(kept, activate), 0);
  EXPECT_EQ(kept, fresh);
  const auto cp = g.journal().checkpoint();
  g.journal().set_controller(elves, kA);
  g.journal().set_summoning_sick(elves, false);
  std::tie(kept, fresh) = kept_and_fresh(g, kA);
  EXPECT_EQ(offers(kept, activate), 1);
  EXPECT_EQ(kept, fresh);
  // A's Forest becomes a second Llanowar Elves (as a copy effect's card change would make it).
  g.journal().set_card(find(g, "Forest", ZoneRef::battlefield(kA)),
                       *g.cards().find("Llanowar Elves"));
  std::tie(kept, fresh) = kept_and_fresh(g, kA);
  EXPECT_EQ(offers(kept, activate), 2);
  EXPECT_EQ(kept, fresh);
  g.journal().rollback(cp);  // B's Elves again: A's first listing, listed again
  std::tie(kept, fresh) = kept_and_fresh(g, kA);
  EXPECT_EQ(offers(kept, activate), 0);
  EXPECT_EQ(kept, fresh);
}

// A game none of whose cards has an ability activated on the battlefield lists no permanent's
// abilities (card_zone_actions' kFromBattlefield, legal_actions.cpp): a card with one that comes
// into the game, or a permanent that becomes one, is seen by the next listing of advance(). The
// libraries are Plains, so before the change no card of the game has such an ability.
TEST(RulesClassicListingMemo, APermanentToActivateIsSeenInAGameThatHadNone) {
  auto t = passing_table(position("begin_combat", player("A", {"Shock"}, {"Mountain", "Mountain"}),
                                  player("B", {}, {})));
  Game& g = t.game();
  ASSERT_TRUE(rules().advance(g));  // Shock, two Mountains' mana, passing
  ASSERT_EQ(t.a->asked.back().options.size(), 4u);
  ASSERT_TRUE(advance_until(g, a_has_priority));
  // A Mountain becomes Llanowar Elves (as a copy effect's card change would make it).
  const ObjectId changed = find(g, "Mountain", ZoneRef::battlefield(kA));
  g.journal().set_card(changed, *g.cards().find("Llanowar Elves"));
  const auto elves_ability = [](const Choice& c, ObjectId id) {
    return std::count_if(c.options.begin(), c.options.end(), [id](const Option& o) {
      return o.target.object.id == id && o.ability == 0;  // the Elves' only ability
    });
  };
  ASSERT_EQ(fresh_count(g, kA), 4u);  // Shock, the Elves' ability, a Mountain's mana, passing
  ASSERT_TRUE(rules().advance(g));
  EXPECT_EQ(t.a->asked.back().options.size(), 4u);
  EXPECT_EQ(elves_ability(t.a->asked.back(), changed), 1);

  auto made = passing_table(
      position("begin_combat", player("A", {"Shock"}, {"Mountain"}), player("B", {}, {})));
  Game& g2 = made.game();
  ASSERT_TRUE(rules().advance(g2));  // Shock, the Mountain's mana, passing
  ASSERT_EQ(made.a->asked.back().options.size(), 3u);
  ASSERT_TRUE(advance_until(g2, a_has_priority));
  const ObjectId elves =
      g2.add_card(*g2.cards().find("Llanowar Elves"), kA, ZoneRef::battlefield(kA));
  g2.journal().set_summoning_sick(elves, false);
  ASSERT_EQ(fresh_count(g2, kA), 4u);
  ASSERT_TRUE(rules().advance(g2));
  EXPECT_EQ(made.a->asked.back().options.size(), 4u);
  EXPECT_EQ(elves_ability(made.a->asked.back(), elves), 1);
}

std::ptrdiff_t offers_starting(const std::vector<std::string>& labels, const std::string& start) {
  return std::count_if(labels.begin(), labels.end(),
                       [&start](const std::string& l) { return l.starts_with(start); });
}

// A's listing, kept and made afresh, is the same, and offers `bears` Grizzly Bears casts,
// `shock` Shock casts and `mana` mana abilities.
void expect_kept_offers(Game& g, std::ptrdiff_t bears, std::ptrdiff_t shock, std::ptrdiff_t mana) {
  auto [kept, fresh] = kept_and_fresh(g, kA);
  EXPECT_EQ(kept, fresh);
  EXPECT_EQ(offers_starting(kept, "Cast Grizzly Bears"), bears);
  EXPECT_EQ(offers_starting(kept, "Cast Shock"), shock);
  EXPECT_EQ(offers_starting(kept, "Activate "), mana);
}

// A seat's kept mana sources outlive taps and summoning sickness that leave its possible
// sources' bits as they were (the other player's lands), take out a source tapped since (the
// seat's own payment), and are listed again when one of its sources is untapped or gains or
// loses summoning sickness (kept_mana_sources' SourceWatch in mana.cpp).
TEST(RulesClassicListingMemo, KeptManaSourcesFollowTheSeatsOwnTapsAndSickness) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Grizzly Bears"}, {"Forest", "Llanowar Elves"}),
                          player("B", {}, {"Mountain"})));
  Game& g = *t.game;
  const ObjectId forest = find(g, "Forest", ZoneRef::battlefield(kA));
  const ObjectId elves = find(g, "Llanowar Elves", ZoneRef::battlefield(kA));
  const ObjectId mountain = find(g, "Mountain", ZoneRef::battlefield(kB));
  const auto cp = g.journal().checkpoint();
  g.journal().set_summoning_sick(elves, false);
  const auto check = [&g](std::ptrdiff_t casts, std::ptrdiff_t forest_mana) {
    auto [kept, fresh] = kept_and_fresh(g, kA);
    EXPECT_EQ(kept, fresh);
    EXPECT_EQ(offers_starting(kept, "Cast Grizzly Bears"), casts);
    EXPECT_EQ(offers(kept, "Activate Forest: {T}: Add {G}."), forest_mana);
  };
  check(1, 1);
  g.journal().set_tapped(mountain, true);  // B's land: A's list is kept
  check(1, 1);
  g.journal().set_summoning_sick(elves, true);  // the Elves' mana waits: no Bears
  check(0, 1);
  g.journal().set_summoning_sick(elves, false);
  check(1, 1);
  g.journal().set_tapped(forest, true);  // taken out of the kept list: one mana, no Bears
  check(0, 0);
  g.journal().set_tapped(mountain, false);
  g.journal().set_tapped(forest, false);  // untapped: listed again
  check(1, 1);
  g.journal().set_tapped(elves, true);
  check(0, 1);
  g.journal().rollback(cp);  // the Elves sick as the position made them, all untapped
  auto [kept, fresh] = kept_and_fresh(g, kA);
  EXPECT_EQ(kept, fresh);
}

// A seat's kept mana sources follow moves onto, off and within the battlefields without being
// listed afresh when the seat's possible sources are the ones they were, in the same order (the
// other player's land entering), add a land that enters after them (with a source tapped since
// taken out), and are listed again from the walk otherwise: a land of two kinds, which sorts
// last, or a source that leaves (kept_mana_sources' relist_kept_sources in mana.cpp).
TEST(RulesClassicListingMemo, KeptManaSourcesFollowMovesOntoAndOffTheBattlefields) {
  auto t =
      table(standard_pool(),
            position("main1",
                     player("A", {"Grizzly Bears", "Shock", "Forest", "Llanowar Elves", "Taiga"},
                            {"Forest", "Mountain"}),
                     player("B", {}, {"Mountain"})));
  Game& g = *t.game;
  const ObjectId forest = find(g, "Forest", ZoneRef::battlefield(kA));
  const ObjectId mountain = find(g, "Mountain", ZoneRef::battlefield(kA));
  const auto cp = g.journal().checkpoint();
  const auto check = [&g](std::ptrdiff_t bears, std::ptrdiff_t shock, std::ptrdiff_t mana) {
    expect_kept_offers(g, bears, shock, mana);
  };
  check(1, 1, 2);
  // B's land enters: A's possible sources are the same, in the same order.
  g.journal().move_object(g.state().zone(ZoneRef::library(kB)).objects.back(),
                          ZoneRef::battlefield(kB));
  check(1, 1, 2);
  // A's Forest tapped, a second Forest entering after it: the list drops one and adds one.
  g.journal().set_tapped(forest, true);
  g.journal().move_object(find(g, "Forest", ZoneRef::hand(kA)), ZoneRef::battlefield(kA));
  check(1, 1, 2);
  // The Elves enter sick: a possible source, not a source yet.
  const ObjectId elves = find(g, "Llanowar Elves", ZoneRef::hand(kA));
  g.journal().move_object(elves, ZoneRef::battlefield(kA));
  g.journal().set_summoning_sick(elves, true);
  check(1, 1, 2);
  // A Taiga makes red or green: listed again, kept for last, and its two mana abilities offered.
  g.journal().move_object(find(g, "Taiga", ZoneRef::hand(kA)), ZoneRef::battlefield(kA));
  check(1, 1, 4);
  // The Mountain leaves: listed again; the Taiga still pays for the Shock.
  g.journal().move_object(mountain, ZoneRef::graveyard(kA));
  check(1, 1, 3);
  g.journal().move_object(find(g, "Taiga", ZoneRef::battlefield(kA)), ZoneRef::graveyard(kA));
  check(0, 0, 1);
  // Mana in A's pool (a player attr): read again, and a copy whose journal has no player attr
  // edit reads its pools too.
  g.journal().set_attr(kA, "mana_pool_R"_sym, 1);
  check(1, 1, 1);
  auto copy = g.fork();
  auto [kept, fresh] = kept_and_fresh(*copy, kA);
  EXPECT_EQ(kept, fresh);
  EXPECT_EQ(offers_starting(kept, "Cast Shock"), 1);
  g.journal().rollback(cp);
  check(1, 1, 2);
}

// A seat's kept mana sources outlive the moves ClassicHooks::before_moves announced that touch
// none of its possible sources (B's land, A's Grizzly Bears: note_battlefield_moves in mana.cpp),
// and are listed again after an announced move of one of them (A's Forest entering, its Mountain
// dying, B's Mountain put onto A's battlefield under A's control), after a move the hook did not
// announce (Journal::move_object), even behind a batch that moved one object twice (the
// kernel's second move of it does not happen, and is not counted), and after a rollback.
TEST(RulesClassicListingMemo, KeptManaSourcesOutliveAnnouncedMovesOfOtherPermanents) {
  auto t = table(
      standard_pool(),
      position("main1",
               player("A", {"Grizzly Bears", "Grizzly Bears", "Shock", "Forest"}, {"Mountain"}),
               player("B", {"Mountain", "Mountain"}, {"Forest"})));
  Game& g = *t.game;
  const auto cp = g.journal().checkpoint();
  const auto check = [&g](std::ptrdiff_t bears, std::ptrdiff_t shock, std::ptrdiff_t mana) {
    expect_kept_offers(g, bears, shock, mana);
  };
  const auto move = [&g](ObjectId id, ZoneRef to) {
    ASSERT_TRUE(move_to_zone(g, id, to, Cause::none));
  };
  check(0, 1, 1);
  move(find(g, "Mountain", ZoneRef::hand(kB)), ZoneRef::battlefield(kB));
  check(0, 1, 1);
  move(find(g, "Grizzly Bears", ZoneRef::hand(kA)), ZoneRef::battlefield(kA));
  check(0, 1, 1);
  const ObjectId forest = find(g, "Forest", ZoneRef::hand(kA));
  move(forest, ZoneRef::battlefield(kA));
  check(1, 1, 2);
  move(find(g, "Mountain", ZoneRef::battlefield(kA)), ZoneRef::graveyard(kA));
  check(0, 0, 1);
  // B's Mountain enters A's battlefield, under A's control (the kernel's apply_move; its controller
  // edit changes the list's key as well).
  move(find(g, "Mountain", ZoneRef::hand(kB)), ZoneRef::battlefield(kA));
  check(1, 1, 2);
  // B's Forest moved twice in one batch (the second move does not happen), then A's Forest
  // leaves by a journal edit alone, which no hook announces.
  const ObjectId b_forest = find(g, "Forest", ZoneRef::battlefield(kB));
  const std::vector<ZoneMove> twice{{b_forest, ZoneRef::graveyard(kB), Cause::none, {}},
                                    {b_forest, ZoneRef::exile(kB), Cause::none, {}}};
  EXPECT_EQ(move_simultaneously(g, twice), (std::vector<bool>{true, false}));
  g.journal().move_object(forest, ZoneRef::graveyard(kA));
  check(0, 1, 1);
  g.journal().rollback(cp);
  check(0, 1, 1);
}

// advance() gives the list it is done with back to the game's rules cache, and the next listing
// fills that buffer (give_back_listing in classic_cache.hpp): a list made in it holds what a
// fresh one holds, labels and all, nothing of the actions it held before.
TEST(RulesClassicListingMemo, AListingMadeInAGivenBackListIsAFreshOne) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Mountain", "Shock", "Shock"}, {"Mountain"}),
                          player("B", {}, {})));
  Game& g = *t.game;
  t.a->act("Play Mountain");
  ASSERT_TRUE(rules().advance(g));  // a labelled list of five: A plays the Mountain
  ASSERT_EQ(t.a->asked.size(), 1u);
  ASSERT_EQ(t.a->asked.back().options.size(), 5u);
  ASSERT_EQ(g.state().turn.priority, kA);
  auto fresh = g.fork();  // no rules cache: its listing allocates its own list
  const std::vector<LegalAction> kept = rules().legal_actions(g, kA);
  const std::vector<LegalAction> made = rules().legal_actions(*fresh, kA);
  // Two Shocks, two Mountains' mana, passing; no land to play.
  ASSERT_EQ(kept.size(), 5u);
  ASSERT_EQ(made.size(), kept.size());
  for (std::size_t i = 0; i < kept.size(); ++i) {
    EXPECT_EQ(kept[i].kind, made[i].kind) << i;
    EXPECT_EQ(kept[i].object, made[i].object) << i;
    EXPECT_EQ(kept[i].ability, made[i].ability) << i;
    EXPECT_EQ(kept[i].value, made[i].value) << i;
    EXPECT_EQ(kept[i].mana, made[i].mana) << i;
    EXPECT_EQ(kept[i].label, made[i].label) << i;
    EXPECT_TRUE(kept[i].targets.empty()) << i;
  }
}

// The listing views its cards through a scratch kept in the game's rules cache
// (listing_scratch in classic_cache.hpp): Gladecover Scout in hand is viewed through it (its
// changeling gives it every creature type), and the listings after it, of other hands, are
// still a fresh copy's.
TEST(RulesClassicListingMemo, TheKeptScratchCarriesNothingFromOneListingToTheNext) {
  auto t = table(standard_pool(),
                 position("main1", player("A", {"Gladecover Scout", "Shock"}, {"Forest", "Mountain"}),
                          player("B", {}, {"Grizzly Bears"})));
  Game& g = *t.game;
  auto [kept, fresh] = kept_and_fresh(g, kA);
  EXPECT_EQ(kept, fresh);
  EXPECT_EQ(offers(kept, "Cast Gladecover Scout"), 1);
  t.a->act("Cast Gladecover Scout");
  ASSERT_TRUE(rules().advance(g));  // cast: the Forest pays, the Scout is on the stack
  ASSERT_EQ(g.state().stack.size(), 1u);
  std::tie(kept, fresh) = kept_and_fresh(g, kA);
  EXPECT_EQ(kept, fresh);
  EXPECT_EQ(offers(kept, "Cast Shock"), 1);
  EXPECT_EQ(offers(kept, "Cast Gladecover Scout"), 0);
}

// "Creature cards in your hand have flash": an effect on cards in a hand, of a kind the classic
// rules do not know.
class HandFlash final : public ContinuousEffect {
 public:
  Layer layer() const override { return Layer::ability; }
  bool affects(const Game& game, const EffectContext& ctx, ObjectId object,
               const Characteristics& c) const override {
    return game.object(object).zone == ZoneRef::hand(ctx.controller) && c.has_type("Creature"_sym);
  }
  void apply(const Game&, const EffectContext&, ObjectId, Characteristics& c) const override {
    c.add_keyword("Flash"_sym);
  }
};

class HandFlashAbility final : public Ability {
 public:
  const ContinuousEffect* continuous() const override { return &effect_; }
  std::string describe() const override { return "Creature cards in your hand have flash."; }

 private:
  HandFlash effect_;
};

// The listing reads what it asks of a card in hand (a land? an instant or flash? a mana cost?)
// from its card while views apply the classic rule effects alone (hand_kinds in
// legal_actions.cpp), and views it otherwise: a creature card read once as having no flash is
// offered at instant speed as soon as an effect gives it flash, and no longer once that effect
// has gone.
TEST(RulesClassicListingMemo, ACardInHandIsReadFromItsCardOnlyWhileNoOtherEffectApplies) {
  std::shared_ptr<CardPool> pool = standard_pool();
  CardDef banner = compile({.name = "Quickening Banner", .cost = "{2}", .types = {"Artifact"}});
  banner.abilities.push_back(
      AbilityDef{AbilityKind::static_, "", "test", {}, std::make_shared<HandFlashAbility>()});
  pool->add(std::move(banner));
  auto t = table(
      pool,
      position("upkeep", player("A", {"Grizzly Bears", "Quickening Banner"}, {"Forest", "Forest"}),
               player("B", {}, {})));
  Game& g = *t.game;
  ASSERT_EQ(g.state().turn.priority, kA);
  auto [kept, fresh] = kept_and_fresh(g, kA);
  EXPECT_EQ(kept, fresh);
  EXPECT_EQ(offers(kept, "Cast Grizzly Bears"), 0);  // not at sorcery speed: the upkeep
  const ObjectId banner_id = find(g, "Quickening Banner", ZoneRef::hand(kA));
  g.journal().move_object(banner_id, ZoneRef::battlefield(kA));
  std::tie(kept, fresh) = kept_and_fresh(g, kA);
  EXPECT_EQ(kept, fresh);
  EXPECT_EQ(offers(kept, "Cast Grizzly Bears"), 1);
  g.journal().move_object(find(g, "Quickening Banner", ZoneRef::battlefield(kA)),
                          ZoneRef::graveyard(kA));
  std::tie(kept, fresh) = kept_and_fresh(g, kA);
  EXPECT_EQ(kept, fresh);
  EXPECT_EQ(offers(kept, "Cast Grizzly Bears"), 0);
}

// Every advance of a game that keeps its lists gives the state a copy without them gives, and
// every listing the same actions; now and then a few advances are rolled back.
TEST(RulesClassicListingMemo, RandomGamesPlayAsCopiesListingAfreshDo) {
  const auto cards = standard_pool();
  MatchConfig config;
  config.decks = {memo_deck({{"Forest", 9},
                             {"Mountain", 8},
                             {"Llanowar Elves", 3},
                             {"Grizzly Bears", 3},
                             {"Raging Goblin", 3},
                             {"Shock", 4},
                             {"Blaze", 3},
                             {"Giant Spider", 2}}),
                  memo_deck({{"Plains", 10},
                             {"Swamp", 7},
                             {"White Knight", 3},
                             {"Vampire Nighthawk", 3},
                             {"Darksteel Myr", 3},
                             {"Wrath of God", 1},
                             {"Ajani Test", 2}})};
  config.options = {{"max_turns", "30"}};
  auto agent = std::make_shared<ChoiceHashAgent>();
  int listings = 0;
  for (std::uint64_t seed = 1; seed <= 6; ++seed) {
    config.seed = seed;
    auto game = rules().setup(cards, config);
    game->seat(kA, agent);
    game->seat(kB, agent);
    for (int i = 0; i < 3000 && !game->state().over; ++i) {
      auto fresh = game->fork();  // no rules cache: lists everything afresh
      const PlayerId p = game->state().turn.priority;
      if (p.valid()) {
        ++listings;
        ASSERT_EQ(action_labels(rules().legal_actions(*game, p)),
                  action_labels(rules().legal_actions(*fresh, p)))
            << "seed " << seed << ", advance " << i;
      }
      if (i % 7 == 3) {  // a few advances, rolled back: the kept lists must not be believed
        const auto cp = game->journal().checkpoint();
        for (int k = 0; k < 3 && rules().advance(*game); ++k) {
        }
        game->journal().rollback(cp);
      }
      const bool on = rules().advance(*game);
      ASSERT_EQ(rules().advance(*fresh), on) << "seed " << seed << ", advance " << i;
      ASSERT_EQ(hash(game->state()), hash(fresh->state())) << "seed " << seed << ", advance " << i;
    }
    EXPECT_TRUE(game->state().over) << "seed " << seed;
  }
  EXPECT_GT(listings, 1000);
}

}  // namespace
}  // namespace anvil::classic_test
