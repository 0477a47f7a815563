// Agents and decisions. Whenever the rules need a choice, the kernel asks the Agent seated for
// that player, synchronously, and appends the answer to the game's decision log: the seed, the
// packs and the log replay a game exactly (DESIGN.md §2, "Decisions and agents").
//
//   class FirstOption final : public Agent {
//     std::string_view name() const override { return "first"; }
//     Answer choose(const DecisionView&, const Choice& c) override {
//       return Answer{{0}}; }   // c.min_picks == 1 for most choices
//   };
//   game.seat(PlayerId{0}, std::make_shared<FirstOption>());
//
// An agent sees the game through a DecisionView, which hides what its player cannot see.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/characteristics.hpp"
#include "anvil/config.hpp"
#include "anvil/ids.hpp"
#include "anvil/state.hpp"

ANVIL_BEGIN_NAMESPACE

class Game;
struct CardDef;

enum class ChoiceKind : std::uint8_t {
  action,            // what to do with priority (options are legal actions)
  target,            // a target for a spell or ability
  attackers,         // which creatures attack (0..n picks)
  blockers,          // which creatures block (0..n picks)
  damage_division,   // how to divide damage
  replacement,       // which replacement effect applies first (rule 616.1)
  trigger_order,     // which of your triggers goes on the stack first
  discard,           // which card(s) to discard
  mulligan,          // keep (0) or mulligan (1)
  yes_no,            // no (0) or yes (1)
  option,            // one of several modes or named options
  number,            // a number (options hold values)
};
ANVIL_API const char* to_string(ChoiceKind k);

struct Option {
  std::string label;
  Target target;           // when the option is an object or a player
  std::int64_t value = 0;  // when the option is a number, a mode, an action index
  // An action that only makes mana (a mana ability activated at priority, 605.3a). Mana made
  // then only empties at the end of the step unless something is paid with it, and the rules
  // pay costs automatically, so agents may leave such options alone: a priority decision with
  // nothing else but passing is not asked (Game::ask).
  bool mana = false;
  // Why the rules refuse every answer that picks this option, whatever else it picks (a tapped
  // creature offered as an attacker); empty when the rules know nothing against it alone. Such an
  // option is still offered, so that a person or a test can try it and read the refusal (which is
  // this text); an agent that wants a legal answer leaves it alone.
  std::string barred = {};
  // For an action that casts or activates an ability of the object in `target` (a priority
  // option: "Cast Lightning Bolt", "Activate Prodigal Sorcerer: …"): that ability's index in the
  // object's card (CardDef::abilities), so that an agent can tell which of several it is without
  // reading the label. -1 when the option is no such action, or the rules module does not say.
  std::int32_t ability = -1;
};

struct Choice {
  ChoiceKind kind = ChoiceKind::option;
  PlayerId player;
  // What is asked, for a person or an error message. May be empty when the seated agent reads no
  // prompt (PromptBlind, anvil/label_blind.hpp): the rules module then puts it into its errors.
  std::string prompt;
  std::vector<Option> options;
  std::uint32_t min_picks = 1;
  std::uint32_t max_picks = 1;
  ObjectId source;  // the card asking, if any
  // Set when this decision is asked again because the previous answer was illegal and was
  // rolled back (an attack that breaks a restriction): why it was refused.
  std::string refused;
  // For action choices: the option that passes (priority in classic, ending the turn in hearth),
  // so that agents which know nothing of the game can still pass on purpose.
  std::optional<std::uint32_t> pass;
  // With `refused`, when the rules know an answer they accept: its picks. An agent that cannot
  // tell a legal answer from the refusal alone may give this one rather than guess again (the
  // classic rules give one for attack and block declarations, which requirements such as Lure
  // can make legal in very few ways). Empty otherwise.
  std::vector<std::uint32_t> legal_example;
};

// Indices into Choice::options, each at most once, between min_picks and max_picks of them.
struct Answer {
  std::vector<std::uint32_t> picks;
  friend bool operator==(const Answer&, const Answer&) = default;
};

// Why `answer` does not answer `choice` ("2 picks, expected 1..1", "option 7 does not exist",
// "an option picked twice"), or empty when it does. Game::ask refuses such an answer with this
// text; a host that wraps an agent can check first, to tell that agent's failure from the game's.
ANVIL_API std::string answer_problem(const Choice& choice, const Answer& answer);

// One line of the decision log.
struct DecisionRecord {
  std::uint64_t index = 0;
  PlayerId player;
  std::string agent;  // who decided
  ChoiceKind kind = ChoiceKind::option;
  std::vector<std::uint32_t> picks;
};

// A game as one player may see it: public zones, their own hand, counts of hidden zones, and
// the cards a decision offers them. Looking at a hidden object throws RulesError. Valid while its
// Game lives and is not changed.
class ANVIL_API DecisionView {
 public:
  // `offered`: the options of the decision the view is made for (Game::ask passes them). A
  // face-up card in a hidden zone that an option names is shown to the viewer: a player choosing
  // one of the top three cards of their library (Tracking) or a card of an opponent's hand sees
  // the cards they choose from. Face-down objects stay hidden. Valid as long as the view.
  DecisionView(const Game& game, PlayerId viewer, std::span<const Option> offered = {});

  PlayerId viewer() const { return viewer_; }
  std::size_t player_count() const;
  const TurnState& turn() const;
  const Player& player(PlayerId p) const;  // life, counters and attrs are public
  const std::vector<StackItem>& stack() const;

  // Whether `viewer` may look at the object (public zone, own hand, face-up, revealed, or a
  // face-up card the decision offers).
  bool can_see(ObjectId id) const;
  // The objects of a zone, or nullopt if the zone's contents are hidden from the viewer.
  std::optional<std::span<const ObjectId>> zone(ZoneRef z) const;
  std::size_t zone_size(ZoneRef z) const;
  // REQUIRES: can_see(id).
  const GameObject& object(ObjectId id) const;
  const CardDef& card(ObjectId id) const;
  Characteristics view(ObjectId id) const;

  // A complete game consistent with what the viewer knows, hidden cards dealt at random from
  // the cards they could be (DESIGN.md: determinization for search agents). The cards the
  // decision shows (`offered`) keep their places and cards. No agent sits in the copy: seat
  // your own for every player it may ask (Game::seat; a question to an empty seat throws
  // RulesError), so that nothing run on the copy reaches the real game's agents, whose state
  // (a random agent's draws) is the real game's and may live on another thread.
  std::unique_ptr<Game> determinize(std::uint64_t seed) const;
  // determinize(seed) made into `lab`, a game an agent keeps for it from one decision to the
  // next, rather than into a new one (Game::determinize_into): afterwards `lab` is what
  // determinize(seed) would have returned, no agent seated, but its storage is used again. Any
  // game will do (another match's, another card pool's): nothing of what it was remains. Throws
  // RulesError if `lab` is the viewed game or holds a checkpoint. REQUIRES: no code runs on
  // `lab`. Plugin ABI 14.1.
  //
  //   if (!lab_) lab_ = view.determinize(seed);   // kept by the agent
  //   else view.determinize_into(*lab_, seed);
  void determinize_into(Game& lab, std::uint64_t seed) const;

 private:
  // The face-up cards the decision shows the viewer in zones a copy deals again.
  std::vector<ObjectId> shown() const;

  const Game& game_;
  PlayerId viewer_;
  std::span<const Option> offered_;
};

class ANVIL_API Agent {
 public:
  virtual ~Agent();
  virtual std::string_view name() const = 0;
  virtual Answer choose(const DecisionView& view, const Choice& choice) = 0;
};

// Answers from a list, in order: replays a decision log, and scripts tests. Throws RulesError
// when asked more than it was given, or asked a different kind of choice than recorded.
class ANVIL_API ScriptedAgent final : public Agent {
 public:
  explicit ScriptedAgent(std::vector<DecisionRecord> script, std::string name = "scripted");
  std::string_view name() const override { return name_; }
  Answer choose(const DecisionView& view, const Choice& choice) override;
  std::size_t remaining() const { return script_.size() - next_; }

 private:
  std::vector<DecisionRecord> script_;
  std::size_t next_ = 0;
  std::string name_;
};

// The records of one player, for a ScriptedAgent replaying that seat.
ANVIL_API std::vector<DecisionRecord> decisions_of(std::span<const DecisionRecord> log, PlayerId p);

ANVIL_END_NAMESPACE
