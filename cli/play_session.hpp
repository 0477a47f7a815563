// PlaySession: a person against an agent, in the terminal (`anvil play`, docs/cli.md). Every
// decision of the person's seat is asked on `in`/`out`: the board as that player sees it (a
// DecisionView), the stack, life totals and the numbered legal choices (a target followed by
// whose it is; of a priority question's options that would do exactly the same, the first only;
// a hearth minion's plays to each board position as one, the place asked once it is picked, in
// words of the board; the numbers mapped back to the rules module's options); between them the
// game's events as a
// turn-by-turn log (game_log.hpp). Commands at any question: `help`, `board`,
// `ai NAME` (seat another agent for the opponent now, mid-game), `undo`, `log`, `concede`; at a
// priority decision, `skip` (pass until the person's next turn).
//
// Input is read line by line, so it may be a pipe: nothing needs a terminal, and the end of
// input concedes cleanly. A bad line gets a message and the question again.
//
// Undo goes through the journal: a checkpoint is taken before each advance() of the rules
// module; `undo` takes back exactly the person's previous decision (one they answered, not one
// answered for them). It rolls back to the start of the advance() that decision was asked in,
// truncates the session's decision log to match, and plays that advance() again with the
// answers logged before that decision in it (the person's and the agent's alike, so the game
// goes the same way), until that decision is asked again. An advance() may ask several: the
// London mulligan asks keep or mulligan, again and again, then the cards to put on the bottom,
// all in the first one; a spell's cast, its target and X come in one priority's.
//
// The session's log, unlike the kernel's Game::decisions() (not rolled back), is the game as
// finally played: decisions() gives it as a replay records it, and concession() where the person
// gave up, for `anvil play --save-replay` (docs/cli.md).
#pragma once

#include <anvil/extensions.hpp>
#include <anvil/game.hpp>
#include <anvil/rules.hpp>
#include <cstdint>
#include <cstdio>
#include <deque>
#include <istream>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "game_log.hpp"
#include "replay.hpp"

namespace anvil::cli {

struct PlaySeats {
  PlayerId person;
  PlayerId opponent;
  std::string opponent_agent;  // registered name
  std::uint64_t agent_seed = 0;
  std::string rules;  // the rules module's registered name, for agents that run games forward
};

class PlaySession {
 public:
  // `echo`: repeat each line read after its prompt, so that a transcript of piped input reads
  // like a terminal session.
  // Throws LoadError when a wording of `rules` is bad (RulesModule::wording).
  PlaySession(Game& game, const RulesModule& rules, const Registry& registry, PlaySeats seats,
              std::istream& in, std::FILE* out, bool echo);
  ~PlaySession();
  PlaySession(const PlaySession&) = delete;
  PlaySession& operator=(const PlaySession&) = delete;

  // Plays until the game ends or the person concedes; prints the result line
  // ("Result: you won after 9 turns"). Errors of the game itself propagate.
  void run();

  // One decision as the session's log shows it: who decided (seat and agent) and what.
  struct Entry {
    struct Pick {
      std::uint32_t index = 0;  // of the option picked, in the question as the rules asked it
      std::string label;  // the rules module's
      ObjectId object;    // the object the option names, if any
      // The label as the person reads it, worded when it was picked: a hearth minion's board
      // position in words of the board then, players named as the board names them.
      std::string shown;
    };
    std::uint32_t turn = 0;
    std::string step;  // the rules module's name of the step it was asked in
    PlayerId player;
    std::string agent;
    ChoiceKind kind = ChoiceKind::option;
    std::vector<Pick> picks;  // the options picked
    bool typed = false;       // the person answered it (not answered for them): undo's unit
    // The card(s) a player puts on the bottom of their library after keeping a hand in the
    // London mulligan: asked as an `option`, logged as what it is ("bottom").
    bool bottom = false;
  };
  const std::vector<Entry>& log() const { return log_; }
  // What an entry says to the person: the picks as they read them (Pick::shown), but an
  // opponent's pick naming a card the person cannot see now (a secret played, a card put back at
  // a mulligan) says only that.
  std::string what(const Entry& e) const;

  // The decisions of the game as it was finally played (the log's, after every undo and
  // take-back), as a replay records them: who decided each, the person as "person".
  std::vector<DecisionRecord> decisions() const;
  // Whether and where the person conceded, once run() has returned.
  std::optional<Concession> concession() const;

 private:
  class Person;
  class Recorder;
  friend class Person;
  friend class Recorder;

  // Why the rules module's advance() was interrupted: the person's command, or the opponent's
  // agent failing (agent_failure_ says how).
  enum class Request { none, undo, concede, agent_failed };
  struct Mark {
    Journal::Checkpoint checkpoint;
    std::size_t log_size = 0;
  };

  void seat_opponent(const std::string& agent);
  void record(PlayerId player, std::string_view agent, const Choice& choice, const Answer& answer);
  bool can_undo() const;
  // Takes back the person's last typed decision (undo, and after a failure the game cannot go on
  // from): rolls back to the start of the advance() it was asked in and queues the answers
  // logged before it there (replayed()), so that it is the next question asked. Returns it.
  // REQUIRES: can_undo().
  Entry take_back_your_last_decision();
  // After a failure the game cannot go on from: rolls back to the start of the advance() the
  // person's last typed decision was asked in, and asks all of it again (the spell a target was
  // chosen for: another target would fail the same way). REQUIRES: can_undo().
  void rewind_to_your_last_step();
  // The index in log_ of the person's last typed decision. REQUIRES: can_undo().
  std::size_t your_last_decision() const;
  // The mark of the advance() in which log_[entry] was answered.
  std::size_t mark_of(std::size_t entry) const;
  // The answer logged for this question when an advance() is played again after a take-back,
  // logged again as it was; nullopt when none is queued (or the game asks otherwise than
  // logged: then none is given any more).
  std::optional<Answer> replayed(PlayerId player, const Choice& choice);
  void undo();
  // The person gives up, `at` the point the replay concedes at too.
  void concede(Concession::At at);
  // The loaded agents, each with what its factory says it is (AgentFactory::summary).
  void print_agents() const;
  // Rolls the game and the decision log back to mark `mark` (taken before an advance()) and
  // forgets the marks from it on; the running game log is flushed first.
  void rewind_to(std::size_t mark);
  // The next line of input after the prompt, trimmed (empty for a blank one, echoed when the
  // input is piped); nullopt at the end of input, which is said (it concedes).
  std::optional<std::string> read_line();
  // After the opponent's agent failed: takes the advance() back, says `what` and asks the
  // person to seat another agent. False when the person concedes instead (or input ends).
  bool reseat_after_failure(const std::string& what);
  void print_result();
  std::string seat_name(PlayerId p) const;
  // `text` with each "player N" the rules module wrote named as the board names it.
  std::string with_seats(const std::string& text) const;

  // The board's words, the rules module's (RulesModule::term): "life 20, hand 7, library 33",
  // "battlefield:" in the classic game; "health 30, hand 4, deck 26", "board:" in hearth; and
  // what `help` and `skip` say of `skip`.
  struct Words {
    std::string life, library, graveyard, battlefield, command, exile, skip, skipping;
  };

  Game& game_;
  const RulesModule& rules_;
  const Registry& registry_;
  PlaySeats seats_;
  std::istream& in_;
  std::FILE* out_;
  bool echo_;
  Words words_;
  std::vector<Entry> log_;
  std::vector<Mark> marks_;
  std::deque<Entry> replay_;  // replayed()'s queue
  bool typed_ = false;        // the person typed the answer being recorded (Entry::typed)
  Request request_ = Request::none;
  std::optional<Concession::At> conceded_;
  std::string agent_failure_;  // "NAME failed to answer 'PROMPT': WHAT"
  // `skip`: the turn and step it was typed in, while the person's priority is passed for them
  // until their next main phase (Person::choose says when it stops); cleared by undo.
  std::optional<std::pair<std::uint32_t, std::uint16_t>> skipping_since_;
  std::optional<std::string> skip_until_;  // the step `skip` stops at (first_main_step)
  // The running game's log while run() runs: flushed before anything else is printed.
  GameLog* events_ = nullptr;
};

}  // namespace anvil::cli
