#include "play_session.hpp"

#include <fmt/core.h>
#include <fmt/ranges.h>  // fmt::join

#include <algorithm>
#include <anvil/cost_text.hpp>
#include <cctype>
#include <charconv>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "game_log.hpp"
#include "match.hpp"
#include "namesakes.hpp"

namespace anvil::cli {

namespace {

// Thrown out of the person's decision to stop the rules module mid-decision; the session's
// request says why. (It may arrive wrapped, as an AbilityError, when the decision was asked
// while an ability resolved: the request is what counts.)
struct Interrupt : std::runtime_error {
  Interrupt() : std::runtime_error("the person interrupted the game") {}
};

// What an ability says it does. A plugin whose describe() throws costs the person this text, not
// the game they asked it in: the card is shown with what went wrong and who said it.
std::string described(const AbilityDef& a) {
  try {
    return a.impl->describe();
  } catch (const std::exception& e) {
    return fmt::format("[{} could not describe this ability: {}]", a.provider, e.what());
  } catch (...) {
    return fmt::format("[{} could not describe this ability]", a.provider);
  }
}

std::string trim(const std::string& s) {
  const auto b = s.find_first_not_of(" \t\r\n");
  if (b == std::string::npos) return {};
  return s.substr(b, s.find_last_not_of(" \t\r\n") - b + 1);
}

// Its name as the board shows it: "Grizzly Bears #2".
std::string numbered_name(const DecisionView& view, ObjectId id) {
  std::string s(view.view(id).name);
  if (const std::size_t n = namesake_number(view, id); n > 0) s += " #" + std::to_string(n);
  return s;
}

// Whose a permanent or a spell is, for a person choosing between namesakes on both sides (a
// Grizzly Bears each): "yours" or "opponent's"; empty for an object elsewhere (a card in a
// graveyard is offered from a zone the prompt names) or one the viewer cannot see.
std::string whose(const DecisionView& view, ObjectId id) {
  if (!view.can_see(id)) return {};
  const GameObject& o = view.object(id);
  if (o.zone.kind != ZoneKind::battlefield && o.zone.kind != ZoneKind::stack) return {};
  return o.controller == view.viewer() ? "yours" : "opponent's";
}

// Where `label` names `name` as a whole (not the start of "Grizzly Bears #2") and ends at or
// before `end`, the last time: a target is named after what acts on it ("Attack with Grizzly
// Bears → Grizzly Bears"). npos if it does not.
std::size_t last_whole_name(const std::string& label, const std::string& name, std::size_t end) {
  if (name.empty() || name.size() > end) return std::string::npos;
  for (std::size_t at = end - name.size();; --at) {
    at = label.rfind(name, at);
    if (at == std::string::npos) return at;
    const std::size_t after = at + name.size();
    const bool whole =
        after == label.size() || (!std::isalnum(static_cast<unsigned char>(label[after])) &&
                                  label.compare(after, 2, " #") != 0);
    if (whole) return at;
    if (at == 0) return std::string::npos;
  }
}

// `label` (a rules module's, unchanged: agents and scenarios key on it) as the person reads it:
// each object of `targets` it names followed by whose it is, "Grizzly Bears (opponent's)". A
// target the label does not name is left unsaid.
std::string with_whose(const DecisionView& view, std::string label,
                       const std::vector<Target>& targets) {
  std::size_t end = label.size();  // targets are named in order: each before the next
  for (auto t = targets.rbegin(); t != targets.rend(); ++t) {
    if (!t->is_object()) continue;
    const std::string owner = whose(view, t->object.id);
    if (owner.empty()) continue;
    const std::string name = numbered_name(view, t->object.id);
    const std::size_t at = last_whole_name(label, name, end);
    if (at == std::string::npos) continue;
    label.insert(at + name.size(), " (" + owner + ")");
    end = at;
  }
  return label;
}

// Where on `p`'s board a minion played at board position `at` goes, in words of the board the
// person sees from left to right: "at the left end", "between Bloodfen Raptor and Boulderfist
// Ogre", "at the right end"; empty when the board is empty (there is one place only) or the
// position is not one of it.
std::string place_words(const DecisionView& view, PlayerId p, std::int64_t at) {
  const auto board = view.zone(ZoneRef::battlefield(p));
  if (!board || board->empty() || at < 0 || static_cast<std::size_t>(at) > board->size()) return {};
  const auto i = static_cast<std::size_t>(at);
  if (i == 0) return "at the left end";
  if (i == board->size()) return "at the right end";
  const ObjectId left = (*board)[i - 1], right = (*board)[i];
  if (!view.can_see(left) || !view.can_see(right)) return {};
  return fmt::format("between {} and {}", numbered_name(view, left), numbered_name(view, right));
}

// Where `label` names the board position a play puts its minion at, by number: hearth's " at 2"
// of "Play Chillwind Yeti at 2" (`action.value` 2, right after the card's name and its Choose
// One option, if any); npos for a label that names none.
std::size_t place_in_label(const Game& game, const std::string& label, const LegalAction& action) {
  constexpr std::size_t kNone = std::string::npos;
  if (action.kind != LegalAction::Kind::cast || !game.state().exists(action.object)) return kNone;
  // The card's name as the label has it (a card being played is named to all).
  const std::string_view name = game.card(action.object).name;
  std::size_t at = label.find(name);
  if (at == kNone) return kNone;
  at += name.size();
  if (label.compare(at, 2, " (") == 0) {  // a Choose One option: "Play Keeper of the Grove (…)"
    at = label.find(')', at);
    if (at == kNone) return kNone;
    ++at;
  }
  const std::string said = " at " + std::to_string(action.value);
  const std::size_t end = at + said.size();
  if (label.compare(at, said.size(), said) != 0 || (end < label.size() && label[end] != ' '))
    return kNone;
  return at;
}

// `label` (a rules module's, unchanged: agents and scenarios key on it) with the board position
// a play names by number (place_in_label) said in words of the board (place_words): "Play
// Chillwind Yeti at 2" reads "Play Chillwind Yeti between Bloodfen Raptor and Boulderfist Ogre";
// on an empty board, or when `said` is false (the person is asked where once the play is picked),
// "Play Chillwind Yeti". A label that names no position is left as it is.
std::string with_place(const Game& game, const DecisionView& view, PlayerId p, std::string label,
                       const LegalAction& action, bool said = true) {
  const std::size_t at = place_in_label(game, label, action);
  if (at == std::string::npos) return label;
  const std::string words = said ? place_words(view, p, action.value) : std::string();
  label.replace(at, 4 + std::to_string(action.value).size(), words.empty() ? words : " " + words);
  return label;
}

// What the board is printed from: the viewer's view, and the game and rules module whose
// object_status describes each card (public information only).
struct Board {
  const DecisionView& view;
  const Game& game;
  const RulesModule& rules;
};

// Whether the rules keep mana pools (classic) or, as hearth does, mana crystals: a card game of
// the one kind or the other, whose cards are shown as its players know them (cost_shown,
// toughness_shown).
bool keeps_mana_pools(const Board& board) {
  return board.rules.mana_pool(board.game, board.view.viewer()).has_value();
}

// A card's mana cost now (Game::view: hearth's auras are in it) as its game writes it: in mana
// symbols where the rules keep mana pools (classic, "{1}{G}"); as a number where they do not
// (hearth's crystals, "(4 mana)"); empty for a card without one (a land).
std::string cost_shown(const Board& board, const Characteristics& c) {
  if (!c.cost.present) return {};
  if (keeps_mana_pools(board)) return mana_symbols(c.cost);
  return fmt::format("({} mana)", c.cost.value());
}

// The toughness shown of a card in play as its game shows it: classic's, the damage marked on it
// said beside it (object_status); hearth's, the health (a weapon's durability) it has left, as
// Hearthstone and Hearthbreaker show a damaged minion, the damage taken said beside it.
std::int32_t toughness_shown(const Board& board, ObjectId id, const Characteristics& c) {
  const GameObject& o = board.view.object(id);
  const bool in_play = o.zone.kind == ZoneKind::battlefield || o.zone.kind == ZoneKind::command;
  if (!in_play || keeps_mana_pools(board)) return c.toughness;
  return c.toughness - static_cast<std::int32_t>(o.damage);
}

// A face-up card: its name, its place among namesakes (`number`, zone_line; 0 for none), its
// mana cost when `costed` (a hand's cards), its power/toughness, and what the rules module says
// of it (RulesModule::object_status).
std::string card_line(const Board& board, ObjectId id, std::size_t number = 0,
                      bool costed = false) {
  const Characteristics c = board.view.view(id);
  std::string s(c.name);
  if (number > 0) s += fmt::format(" #{}", number);
  if (const std::string cost = costed ? cost_shown(board, c) : ""; !cost.empty()) s += " " + cost;
  if (c.has_stats) s += fmt::format(" {}/{}", c.power, toughness_shown(board, id, c));
  if (const std::string status = board.rules.object_status(board.game, id); !status.empty())
    s += " (" + status + ")";
  return s;
}

std::string zone_line(const Board& board, ZoneRef z) {
  const DecisionView& view = board.view;
  const auto objects = view.zone(z);
  if (!objects) return fmt::format("{} hidden", view.zone_size(z));
  if (objects->empty()) return "nothing";
  std::string s;
  for (std::size_t i = 0; i < objects->size(); ++i) {
    const ObjectId id = (*objects)[i];
    // A face-down card of the opponent's in a public zone: that it is there, and what the rules
    // module says every player may know of it (a hearth secret, "a face-down card (secret)",
    // told from a card Tracking put out of play).
    if (!view.can_see(id)) {
      const std::string status = board.rules.object_status(board.game, id);
      s += fmt::format("{}a face-down card{}", i ? ", " : "",
                       status.empty() ? "" : " (" + status + ")");
      continue;
    }
    // A hand's cards are to be played: each with its cost.
    s +=
        (i ? ", " : "") + card_line(board, id, namesake_number(view, id), z.kind == ZoneKind::hand);
  }
  return s;
}

// A question whose answer orders all its options (triggered abilities to put on the stack).
bool is_full_order(const Choice& choice) {
  return choice.kind == ChoiceKind::trigger_order && choice.options.size() > 1 &&
         choice.min_picks == choice.options.size() && choice.max_picks == choice.options.size();
}

bool all_labels_equal(const Choice& choice) {
  return std::all_of(choice.options.begin(), choice.options.end(),
                     [&](const Option& o) { return o.label == choice.options.front().label; });
}

// `first`, then every other option in the order listed.
Answer complete_order(const Choice& choice, std::vector<std::uint32_t> first) {
  Answer answer{std::move(first)};
  for (std::uint32_t i = 0; i < choice.options.size(); ++i)
    if (std::find(answer.picks.begin(), answer.picks.end(), i) == answer.picks.end())
      answer.picks.push_back(i);
  return answer;
}

// "3 1 2": the picks as the person numbers the options.
// How many picks a choice takes, as its hint and its errors say it: "exactly 2", "0 to 3".
std::string pick_count(const Choice& choice) {
  return choice.min_picks == choice.max_picks
             ? fmt::format("exactly {}", choice.min_picks)
             : fmt::format("{} to {}", choice.min_picks, choice.max_picks);
}

std::string numbers_of(const Answer& answer) {
  std::string out;
  for (std::uint32_t i : answer.picks) out += (out.empty() ? "" : " ") + std::to_string(i + 1);
  return out;
}

// What the person is shown of a question: the options listed, and the objects each targets.
struct Listing {
  std::vector<std::uint32_t> shown;          // number k means option shown[k - 1]
  std::vector<std::vector<Target>> targets;  // per option, to say whose they are
  // Per option, the rules module's legal action it is, when the question lists them (a
  // priority question): to say where a play puts its minion. Empty otherwise.
  std::vector<LegalAction> actions;
  // Per option listed for plays that differ only in where their minion goes: those options, one
  // per place, left to right; the person picks the play, then the place (Person::placed). Empty
  // for any other option.
  std::vector<std::vector<std::uint32_t>> places;
};

// A word of the person's line as an error quotes it: whole, unless it is longer than a line
// can show (a paste gone wrong), then its start.
std::string quoted_part(std::string_view word) {
  constexpr std::size_t kShown = 40;
  if (word.size() <= kShown) return std::string(word);
  std::size_t cut = kShown;
  while (cut > 0 && (static_cast<unsigned char>(word[cut]) & 0xC0) == 0x80) --cut;  // UTF-8
  const auto characters = std::count_if(word.begin(), word.end(), [](char c) {
    return (static_cast<unsigned char>(c) & 0xC0) != 0x80;
  });
  return fmt::format("{}… ({} characters)", word.substr(0, cut), characters);
}

constexpr const char* kHelp =
    "Answer with the number of a choice; where several may be picked, numbers separated by\n"
    "spaces, or 'none'; to order triggers, the numbers in the order wanted (those left out\n"
    "follow as listed). Commands:\n"
    "  help       this text\n"
    "  board      show the board again\n"
    "  graveyard  each player's {graveyard} and {exile}, card by card\n"
    "  card NAME  what a card is: its text, cost and stats (any case; a\n"
    "             part of the name will do when no other card has it)\n"
    "  ai NAME    seat the agent NAME for your opponent, from now on ('ai' alone lists them)\n"
    "  skip       {skip}\n"
    "  undo       take back your previous decision\n"
    "  log        the decisions so far: who decided what\n"
    "  concede    give up this game\n";

// `text` broken at spaces into lines of at most `width` characters (a longer word stands alone),
// every line after the first indented by `indent` spaces: a rules module's words in the help's
// second column.
std::string wrapped(std::string_view text, std::size_t width, std::size_t indent) {
  std::string out;
  std::size_t line = 0;
  std::size_t at = 0;
  while (at < text.size()) {
    const std::size_t space = text.find(' ', at);
    const std::string_view word =
        text.substr(at, space == std::string_view::npos ? std::string_view::npos : space - at);
    at = space == std::string_view::npos ? text.size() : space + 1;
    if (word.empty()) continue;
    if (line > 0 && line + 1 + word.size() > width) {
      out += '\n';
      out.append(indent, ' ');
      line = 0;
    } else if (line > 0) {
      out += ' ';
      ++line;
    }
    out += word;
    line += word.size();
  }
  return out;
}

// The step `skip` passes until: the module's first step whose name begins with "main"
// (classic's "main1", hearth's "main"), or none (then the first decision of the person's next
// turn ends it).
std::optional<std::string> first_main_step(const RulesModule& rules) {
  for (std::string& step : rules.step_names())
    if (step.starts_with("main")) return std::move(step);
  return std::nullopt;
}

}  // namespace

// --- the agents --------------------------------------------------------------------------

// Records every answer of the agent it wraps in the session's log, under that agent's name.
class PlaySession::Recorder final : public Agent {
 public:
  Recorder(PlaySession& session, PlayerId player, std::shared_ptr<Agent> inner)
      : session_(session), player_(player), inner_(std::move(inner)) {}
  std::string_view name() const override { return inner_->name(); }
  // What the opponent's agent throws, or an answer Game::ask would refuse, is that agent's
  // failure: the session is told (PlaySession::run takes the game back and asks the person for
  // another agent) before the error goes on its way out of the rules module, which may wrap it.
  // The person's own answers are checked where they are typed; what the person throws is a
  // command (Interrupt).
  Answer choose(const DecisionView& view, const Choice& choice) override {
    if (std::optional<Answer> again = session_.replayed(player_, choice)) return *again;
    if (player_ != session_.seats_.opponent) return recorded(choice, inner_->choose(view, choice));
    Answer a;
    try {
      a = inner_->choose(view, choice);
    } catch (const std::exception& e) {
      fail(fmt::format("failed to answer '{}': {}", choice.prompt, e.what()));
      throw;
    } catch (...) {
      fail(fmt::format("failed to answer '{}': it threw something that is not a std::exception",
                       choice.prompt));
      throw RulesError(session_.agent_failure_);
    }
    if (const std::string why = answer_problem(choice, a); !why.empty()) {
      fail(fmt::format("gave an invalid answer to '{}': {}", choice.prompt, why));
      throw RulesError(session_.agent_failure_);
    }
    return recorded(choice, std::move(a));
  }

 private:
  Answer recorded(const Choice& choice, Answer a) {
    session_.record(player_, inner_->name(), choice, a);
    return a;
  }
  // Tells the session the agent failed, `what` after its name in the words Game::ask would use
  // ("agent 'NAME' failed to answer 'PROMPT': …").
  void fail(std::string_view what) {
    session_.request_ = Request::agent_failed;
    session_.agent_failure_ = fmt::format("agent '{}' {}", inner_->name(), what);
  }

  PlaySession& session_;
  PlayerId player_;
  std::shared_ptr<Agent> inner_;
};

// The person: asks on the session's input and output.
class PlaySession::Person final : public Agent {
 public:
  explicit Person(PlaySession& session) : s_(session) {}
  std::string_view name() const override { return "person"; }

  // The board as the person sees it now, between decisions.
  void show_board() { print_board(DecisionView(s_.game_, s_.seats_.person)); }

  Answer choose(const DecisionView& view, const Choice& choice) override {
    if (s_.events_) s_.events_->flush();
    // A declaration whose every option the rules refuse (the only attacker is summoning-sick):
    // "none" is the one answer, so it is given, as Forge and XMage skip such a question. The
    // options are still shown with their reasons; not a decision for `undo` to return to.
    if (choice.min_picks == 0 && !choice.options.empty() &&
        std::all_of(choice.options.begin(), choice.options.end(),
                    [](const Option& o) { return !o.barred.empty(); })) {
      print_choice(view, choice, listing(view, choice));
      fmt::print(s_.out_, "> none (nothing else may be declared)\n");
      return Answer{};
    }
    // Triggers that read the same (two Soul Wardens seeing one creature enter): stacked as
    // listed without asking, as XMage orders triggers with the same rule text; not a decision
    // for `undo` to return to either.
    if (is_full_order(choice) && all_labels_equal(choice)) {
      print_choice(view, choice, listing(view, choice));
      Answer as_listed = complete_order(choice, {});
      fmt::print(s_.out_, "> {} (the same ability each time: stacked as listed)\n",
                 numbers_of(as_listed));
      return as_listed;
    }
    if (s_.skipping_since_) {
      // Skipping: priority passes while the stack holds nothing of the opponent's and the
      // person's next turn has not begun; anything else is asked, and ends the skip.
      const bool theirs_on_stack =
          std::any_of(view.stack().begin(), view.stack().end(),
                      [&](const StackItem& i) { return i.controller != s_.seats_.person; });
      // The person's next first main phase (classic's "main1", hearth's one step "main") after
      // the point `skip` was typed: from the upkeep or draw step, this turn's; from the main
      // phase or the opponent's turn, the next turn's.
      const bool next_turn =
          view.turn().active == s_.seats_.person &&
          std::pair{view.turn().number, view.turn().step} > *s_.skipping_since_ &&
          (!s_.skip_until_ || s_.rules_.step_name(s_.game_) == *s_.skip_until_);
      if (choice.kind == ChoiceKind::action && choice.pass && !theirs_on_stack && !next_turn)
        return Answer{{*choice.pass}};
      s_.skipping_since_.reset();
    }
    const Listing listed = listing(view, choice);
    print_board(view);
    print_choice(view, choice, listed);
    for (;;) {
      const std::string line = read_line();
      if (line.empty()) continue;
      auto answer = answer_of(view, choice, listed, line);
      if (answer) answer = placed(view, choice, listed, std::move(*answer));
      if (answer) {
        s_.typed_ = true;
        return *answer;
      }
    }
  }

 private:
  // The next line of input, trimmed (empty for a blank one), after the prompt; the end of input
  // concedes.
  std::string read_line() {
    std::optional<std::string> line = s_.read_line();
    if (!line) interrupt(Request::concede);
    return std::move(*line);
  }

  // `answer` with the place of the play it picks when that play may put its minion at several
  // (Listing::places): asked as a question of its own, each place in words of the board, as
  // Hearthstone has the card picked up and then put down where it goes. `back` returns to the
  // question the play was picked in (nullopt, once it is listed again); commands work as there.
  std::optional<Answer> placed(const DecisionView& view, const Choice& choice,
                               const Listing& listed, Answer answer) {
    if (answer.picks.size() != 1 || listed.places.empty()) return answer;
    const std::vector<std::uint32_t>& places = listed.places[answer.picks[0]];
    if (places.size() < 2) return answer;
    Choice where;
    where.player = choice.player;
    where.prompt =
        fmt::format("Put {} on your board", view.card(listed.actions[places[0]].object).name);
    Listing at;
    for (std::uint32_t k : places) {
      Option o;
      o.label = place_words(view, choice.player, listed.actions[k].value);
      where.options.push_back(std::move(o));
      at.shown.push_back(static_cast<std::uint32_t>(at.targets.size()));
      at.targets.emplace_back();
    }
    const auto ask = [&] {
      print_choice(view, where, at);
      fmt::print(s_.out_, "(or 'back' to choose something else)\n");
    };
    ask();
    for (;;) {
      const std::string line = read_line();
      if (line.empty()) continue;
      if (line == "back") {
        print_choice(view, choice, listed);
        return std::nullopt;
      }
      if (line == "board") {  // the board, then this question (not the one left)
        print_board(view);
        ask();
        continue;
      }
      if (const auto place = answer_of(view, where, at, line))
        return Answer{{places.at(place->picks.at(0))}};
    }
  }

  [[noreturn]] Answer interrupt(Request r) {
    s_.request_ = r;
    throw Interrupt();
  }

  // An answer, or nullopt after handling a command or reporting a bad line.
  std::optional<Answer> answer_of(const DecisionView& view, const Choice& choice,
                                  const Listing& listed, const std::string& line) {
    std::istringstream words(line);
    std::string word;
    words >> word;
    // A command takes no more words than it reads ("concede now" is a slip worth saying, not a
    // concession); `card` reads the rest of the line as a name.
    static constexpr std::string_view kBare[] = {"help",    "board", "log",  "graveyard",
                                                 "concede", "skip",  "undo", "none"};
    std::string extra;
    if (std::find(std::begin(kBare), std::end(kBare), word) != std::end(kBare) && words >> extra) {
      fmt::print(s_.out_, "error: '{}' takes nothing after it (found '{}')\n", word,
                 quoted_part(extra));
      return std::nullopt;
    }
    if (word == "help") {
      // The command is `graveyard` in every game; what it lists, in the game's own words.
      fmt::print(s_.out_, kHelp, fmt::arg("graveyard", s_.words_.graveyard),
                 fmt::arg("exile", s_.words_.exile),
                 fmt::arg("skip", wrapped(s_.words_.skip, 78, 13)));
      return std::nullopt;
    }
    if (word == "board") {
      print_board(view);
      print_choice(view, choice, listed);
      return std::nullopt;
    }
    if (word == "log") {
      print_log();
      return std::nullopt;
    }
    if (word == "graveyard") {
      print_public_zones(view);
      return std::nullopt;
    }
    if (word == "card") {
      std::string name;
      std::getline(words >> std::ws, name);
      print_card(name);
      return std::nullopt;
    }
    if (word == "concede") interrupt(Request::concede);
    if (word == "skip") {
      if (choice.kind != ChoiceKind::action || !choice.pass) {
        fmt::print(s_.out_, "error: 'skip' passes priority; this question is not a priority one\n");
        return std::nullopt;
      }
      s_.skipping_since_ = std::pair{view.turn().number, view.turn().step};
      fmt::print(s_.out_, "{}\n", s_.words_.skipping);
      return Answer{{*choice.pass}};
    }
    if (word == "undo") {
      if (!s_.can_undo()) {
        fmt::print(s_.out_, "error: nothing to undo: this is your first decision\n");
        return std::nullopt;
      }
      interrupt(Request::undo);
    }
    if (word == "ai") {
      std::string agent;
      words >> agent;
      if (agent.empty()) {
        s_.print_agents();
        return std::nullopt;
      }
      if (words >> extra) {
        fmt::print(s_.out_, "error: 'ai' takes one agent name (found '{}' after it)\n", extra);
        return std::nullopt;
      }
      try {
        s_.seat_opponent(agent);
        fmt::print(s_.out_, "Your opponent is now played by {}.\n", agent);
      } catch (const std::exception& e) {
        fmt::print(s_.out_, "error: {}\n", e.what());
      }
      return std::nullopt;
    }
    if (word == "none") {
      if (is_full_order(choice)) {
        fmt::print(s_.out_, "error: give the order of the triggers, at least the first to stack\n");
        return std::nullopt;
      }
      if (choice.min_picks > 0) {
        fmt::print(s_.out_, "error: pick {}; 'none' is not an answer here\n", pick_count(choice));
        return std::nullopt;
      }
      return Answer{};
    }
    // Numbers.
    Answer answer;
    std::istringstream all(line);
    const auto n = listed.shown.size();
    for (std::string token; all >> token;) {
      unsigned value = 0;
      const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), value);
      if (ec != std::errc() || end != token.data() + token.size()) {
        fmt::print(s_.out_, "error: '{}' is neither a choice number nor a command (type 'help')\n",
                   quoted_part(token));
        return std::nullopt;
      }
      if (value < 1 || value > n) {
        fmt::print(s_.out_, "error: there is no choice {}; choose 1 to {}\n", value, n);
        return std::nullopt;
      }
      const std::uint32_t index = listed.shown[value - 1];
      if (std::find(answer.picks.begin(), answer.picks.end(), index) != answer.picks.end()) {
        fmt::print(s_.out_, "error: choice {} is given twice\n", value);
        return std::nullopt;
      }
      // Refused in any answer (a tapped creature's block): said here and asked again, without
      // going back to the rules, whose limit on refusals in a row is for agents that guess.
      if (!choice.options[index].barred.empty()) {
        fmt::print(s_.out_, "Refused: {}. Choose again.\n", choice.options[index].barred);
        return std::nullopt;
      }
      answer.picks.push_back(index);
    }
    // An order of every option, given in part ("3": the third first): the rest follow as listed.
    if (is_full_order(choice) && !answer.picks.empty() && answer.picks.size() < n) {
      answer = complete_order(choice, std::move(answer.picks));
      fmt::print(s_.out_, "Order: {}\n", numbers_of(answer));
    }
    if (answer.picks.size() < choice.min_picks || answer.picks.size() > choice.max_picks) {
      fmt::print(s_.out_, "error: pick {}\n", pick_count(choice));
      return std::nullopt;
    }
    return answer;
  }

  // The public zones the board only counts: each player's graveyard (oldest first) and exile.
  void print_public_zones(const DecisionView& view) {
    const Board board{view, s_.game_, s_.rules_};
    for (PlayerId p : {s_.seats_.opponent, s_.seats_.person}) {
      fmt::print(s_.out_, "{}:\n  {}: {}\n", s_.seat_name(p), s_.words_.graveyard,
                 zone_line(board, ZoneRef::graveyard(p)));
      fmt::print(s_.out_, "  {}: {}\n", s_.words_.exile, zone_line(board, ZoneRef::exile(p)));
    }
  }

  // The card `name` means: the card of that name; else the one whose name is it in another case
  // ("lightning bolt"), or the one whose name holds it ("bolt"), as a card database's search
  // finds it. Several that hold it are listed instead, and a name nothing holds gets the
  // closest one; both are reported here, and nullopt returned.
  std::optional<CardId> find_card(const std::string& name) {
    const CardPool& pool = s_.game_.cards();
    if (name.empty()) {
      fmt::print(s_.out_, "error: card needs a name (card Lightning Bolt)\n");
      return std::nullopt;
    }
    if (const auto id = pool.find(name)) return id;
    const auto lower = [](std::string_view text) {
      std::string out(text);
      for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      return out;
    };
    const std::string wanted = lower(name);
    const std::vector<std::string> names = pool.names();
    std::vector<std::string> holding;
    for (const std::string& n : names) {
      const std::string l = lower(n);
      if (l == wanted) return pool.find(n);
      if (l.find(wanted) != std::string::npos) holding.push_back(n);
    }
    if (holding.size() == 1) return pool.find(holding.front());
    constexpr std::size_t kListed = 8;
    if (holding.size() > kListed) {
      fmt::print(s_.out_, "error: {} cards have '{}' in their names; type more of the name\n",
                 holding.size(), name);
    } else if (!holding.empty()) {
      std::string list;
      for (const std::string& n : holding) list += (list.empty() ? "" : ", ") + n;
      fmt::print(s_.out_, "error: several cards have '{}' in their names: {}\n", name, list);
    } else {
      const std::string hint = did_you_mean(name, names);
      fmt::print(s_.out_, "error: no card named '{}' in this game's packs{}{}\n", name,
                 hint.empty() ? "" : "; ", hint);
    }
    return std::nullopt;
  }

  // A card of the game's pool by name, as a card database shows it (public: no game state).
  void print_card(const std::string& name) {
    const std::optional<CardId> id = find_card(name);
    if (!id) return;
    const CardDef& card = s_.game_.cards().at(*id);
    // Its printed text, a paragraph a line; a card written without one (Forge's "no text") by
    // what its abilities do, a paragraph each.
    std::vector<std::string> paragraphs;
    for (std::size_t from = 0; from < card.rules_text.size();) {
      const std::size_t end = std::min(card.rules_text.find('\n', from), card.rules_text.size());
      if (end > from) paragraphs.push_back(card.rules_text.substr(from, end - from));
      from = end + 1;
    }
    if (paragraphs.empty())
      for (const AbilityDef& a : card.abilities)
        if (a.impl)
          if (std::string d = described(a); !d.empty()) paragraphs.push_back(std::move(d));
    for (std::string& text : paragraphs)
      for (std::size_t at; (at = text.find("CARDNAME")) != std::string::npos;)
        text.replace(at, 8, card.name);
    // Its cost as its game says it: classic's mana value; a hearth card's mana, "(4 mana)".
    const bool pools = s_.rules_.mana_pool(s_.game_, s_.seats_.person).has_value();
    std::string numbers = !card.base.cost.present ? std::string("no mana cost")
                          : pools ? fmt::format("mana value {}", card.base.cost.value())
                                  : fmt::format("{} mana", card.base.cost.value());
    if (card.base.has_stats)
      numbers += fmt::format(", {}/{}", card.base.power, card.base.toughness);
    // Its keywords, as the rules module names them on a copy of it off the battlefield (there it
    // would tell that permanent's state too; the board shows those already) and out of exile
    // (where a hearth secret waits: a copy there would tell the person the opponent's secret);
    // for a card no such copy of which is in the game, its printed keywords.
    bool told = false;
    for (const GameObject& o : s_.game_.state().objects)
      if (o.card == card.id && o.zone.kind != ZoneKind::battlefield &&
          o.zone.kind != ZoneKind::exile && o.zone.kind != ZoneKind::none) {
        if (const std::string status = s_.rules_.object_status(s_.game_, o.id); !status.empty())
          numbers += ", " + status;
        told = true;
        break;
      }
    if (!told)  // its printed keywords, by the names of the keyword plugins that add them
      for (const std::string& k : s_.registry_.names(PluginKind::keyword))
        if (card.base.has_keyword(Symbol(k))) numbers += ", " + k;
    // One paragraph after the name on its line; several, each on a line of its own below it.
    if (paragraphs.size() == 1)
      fmt::print(s_.out_, "{} ({}): {}\n", card.name, numbers, paragraphs[0]);
    else
      fmt::print(s_.out_, "{} ({}){}\n", card.name, numbers, paragraphs.empty() ? "" : ":");
    if (paragraphs.size() > 1)
      for (const std::string& text : paragraphs) fmt::print(s_.out_, "  {}\n", text);
  }

  void print_board(const DecisionView& view) {
    const Game& g = s_.game_;
    const PlayerId you = s_.seats_.person, them = s_.seats_.opponent;
    fmt::print(s_.out_, "\n=== Turn {}, {} ({} turn) ===\n", view.turn().number, s_.rules_.step_name(g),
               view.turn().active == you ? "your" : "your opponent's");
    const Board board{view, g, s_.rules_};
    for (PlayerId p : {them, you}) {
      const Player& pl = view.player(p);
      const std::string status = s_.rules_.player_status(g, p);
      const Words& w = s_.words_;
      fmt::print(s_.out_, "{}: {} {}, hand {}, {} {}, {} {}{}{}\n", s_.seat_name(p), w.life,
                 pl.life, view.zone_size(ZoneRef::hand(p)), w.library,
                 view.zone_size(ZoneRef::library(p)), w.graveyard,
                 view.zone_size(ZoneRef::graveyard(p)), status.empty() ? "" : ", ", status);
      fmt::print(s_.out_, "  {}: {}\n", w.battlefield, zone_line(board, ZoneRef::battlefield(p)));
      // Where some games keep more in play (a hearth hero's weapon, its secrets): shown when used.
      for (ZoneRef z : {ZoneRef::command(p), ZoneRef::exile(p)})
        if (view.zone_size(z) != 0)
          fmt::print(s_.out_, "  {}: {}\n", z.kind == ZoneKind::command ? w.command : w.exile,
                     zone_line(board, z));
    }
    fmt::print(s_.out_, "Your hand: {}\n", zone_line(board, ZoneRef::hand(you)));
    if (!view.stack().empty()) {
      fmt::print(s_.out_, "Stack (top first):\n");
      const auto& stack = view.stack();
      for (auto it = stack.rbegin(); it != stack.rend(); ++it) {
        std::string targets;
        for (const Target& t : it->targets) {
          if (t.is_player()) targets += (targets.empty() ? " → " : ", ") + s_.seat_name(t.player);
          else if (t.is_object() && view.can_see(t.object.id))
            targets += (targets.empty() ? " → " : ", ") +
                       with_whose(view, numbered_name(view, t.object.id), {t});
        }
        fmt::print(s_.out_, "  {} ({}){}\n", g.cards().at(it->card).name, s_.seat_name(it->controller), targets);
      }
    }
  }

  // Option `i` of `choice` as the person reads it: the rules module's label (which agents,
  // scenarios and `log` keep) with a play's board position in words of the board, each target
  // it names followed by whose it is, and the players named as the board names them.
  std::string shown_label(const DecisionView& view, const Choice& choice, const Listing& listed,
                          std::uint32_t i) const {
    std::string label = choice.options[i].label;
    if (i < listed.actions.size())  // a play with places to choose from says none yet
      label = with_place(s_.game_, view, choice.player, std::move(label), listed.actions[i],
                         listed.places[i].size() < 2);
    return s_.with_seats(with_whose(view, std::move(label), listed.targets[i]));
  }

  // A card interchangeable with another for the person: the same card in the same zone, off the
  // battlefield and the stack (where permanents and spells differ by what they are attached to
  // or target), with the same cost, power/toughness, keywords and status now.
  bool interchangeable(const DecisionView& view, ObjectId a, ObjectId b) const {
    if (a == b) return true;
    if (!a.valid() || !b.valid() || !view.can_see(a) || !view.can_see(b)) return false;
    const GameObject &x = view.object(a), &y = view.object(b);
    if (x.card != y.card || x.zone != y.zone || x.zone.kind == ZoneKind::battlefield ||
        x.zone.kind == ZoneKind::stack)
      return false;
    const Characteristics cx = view.view(a), cy = view.view(b);
    return cx.cost == cy.cost && cx.power == cy.power && cx.toughness == cy.toughness &&
           cx.keywords == cy.keywords &&
           s_.rules_.object_status(s_.game_, a) == s_.rules_.object_status(s_.game_, b);
  }

  // Two legal actions that would do exactly the same: the same kind, label, ability, value and
  // targets, with interchangeable cards (two Lightning Bolts in hand).
  bool same_action(const DecisionView& view, const LegalAction& a, const LegalAction& b) const {
    return a.kind == b.kind && a.label == b.label && a.ability == b.ability && a.value == b.value &&
           a.mana == b.mana && a.targets == b.targets && interchangeable(view, a.object, b.object);
  }

  // Two plays of interchangeable cards alike in all but the board position their minion goes to.
  bool same_play_elsewhere(const DecisionView& view, const LegalAction& a,
                           const LegalAction& b) const {
    return a.kind == LegalAction::Kind::cast && b.kind == a.kind && a.ability == b.ability &&
           a.targets == b.targets && a.mana == b.mana && a.value != b.value &&
           interchangeable(view, a.object, b.object) &&
           place_in_label(s_.game_, a.label, a) != std::string::npos &&
           place_in_label(s_.game_, b.label, b) != std::string::npos;
  }

  // Every option listed, with its targets' objects (a target's own object; for an action, the
  // targets of the rules module's legal action it is, matched by label: hearth names a play's
  // target in its label, "Play Fireball targeting Chillwind Yeti"). Of a priority question's
  // options that would do exactly the same, the first only is listed, as Arena and Forge show
  // one "Cast Lightning Bolt" for two in hand.
  Listing listing(const DecisionView& view, const Choice& choice) const {
    const std::size_t n = choice.options.size();
    Listing out{
        {}, std::vector<std::vector<Target>>(n), {}, std::vector<std::vector<std::uint32_t>>(n)};
    std::vector<LegalAction> actions;
    if (choice.kind == ChoiceKind::action) {
      actions = s_.rules_.legal_actions(s_.game_, choice.player);
      const bool listed_alike =
          actions.size() == n &&
          std::equal(actions.begin(), actions.end(), choice.options.begin(),
                     [](const LegalAction& a, const Option& o) { return a.label == o.label; });
      if (!listed_alike) actions.clear();  // not the listing the question was made from
    }
    out.actions = actions;
    for (std::uint32_t i = 0; i < n; ++i) {
      const Option& o = choice.options[i];
      if (!actions.empty()) {
        out.targets[i] = actions[i].targets;
        const bool repeated = std::any_of(out.shown.begin(), out.shown.end(), [&](std::uint32_t j) {
          return same_action(view, actions[j], actions[i]);
        });
        if (repeated) continue;
        // The same play to another place: listed once, the place asked once it is picked, as
        // Hearthstone has the card picked up, then put down where it goes.
        const auto play = std::find_if(out.shown.begin(), out.shown.end(), [&](std::uint32_t j) {
          return same_play_elsewhere(view, actions[j], actions[i]);
        });
        if (play != out.shown.end()) {
          std::vector<std::uint32_t>& places = out.places[*play];
          if (places.empty()) places.push_back(*play);
          const bool taken = std::any_of(places.begin(), places.end(), [&](std::uint32_t k) {
            return actions[k].value == actions[i].value;  // an interchangeable card's, there
          });
          if (!taken) places.push_back(i);
          continue;
        }
      } else if ((choice.kind == ChoiceKind::target || choice.kind == ChoiceKind::option) &&
                 o.target.is_object()) {
        out.targets[i] = {o.target};
      }
      out.shown.push_back(i);
    }
    return out;
  }

  void print_choice(const DecisionView& view, const Choice& choice, const Listing& listed) {
    if (!choice.refused.empty()) fmt::print(s_.out_, "Refused: {}. Choose again.\n", choice.refused);
    fmt::print(s_.out_, "{}:\n", choice.prompt);
    for (std::size_t k = 0; k < listed.shown.size(); ++k) {
      const std::uint32_t i = listed.shown[k];
      const Option& o = choice.options[i];
      const std::string label = shown_label(view, choice, listed, i);
      // Offered, but refused in any answer (a tapped creature's attack): shown with the reason.
      if (o.barred.empty())
        fmt::print(s_.out_, "  {}. {}\n", k + 1, label);
      else
        fmt::print(s_.out_, "  {}. {} (not allowed: {})\n", k + 1, label, o.barred);
    }
    if (is_full_order(choice))
      fmt::print(s_.out_,
                 "(order them: numbers separated by spaces, first first; those left out "
                 "follow as listed)\n");
    else if (choice.max_picks != 1 || choice.min_picks != 1)
      fmt::print(s_.out_, "(pick {}: numbers separated by spaces{})\n", pick_count(choice),
                 choice.min_picks == 0 ? ", or 'none'" : "");
  }

  void print_log() {
    if (s_.log_.empty()) fmt::print(s_.out_, "No decisions yet.\n");
    for (std::size_t i = 0; i < s_.log_.size(); ++i) {
      const Entry& e = s_.log_[i];
      fmt::print(s_.out_, "  {}. turn {}: {} ({}) {}: {}\n", i + 1, e.turn, s_.seat_name(e.player),
                 e.agent, e.bottom ? "bottom" : to_string(e.kind), s_.what(e));
    }
  }

  PlaySession& s_;
};

// --- the session -------------------------------------------------------------------------

PlaySession::PlaySession(Game& game, const RulesModule& rules, const Registry& registry,
                         PlaySeats seats, std::istream& in, std::FILE* out, bool echo)
    : game_(game),
      rules_(rules),
      registry_(registry),
      seats_(std::move(seats)),
      in_(in),
      out_(out),
      echo_(echo),
      words_{rules.wording("life"),           rules.wording("zone.library"),
             rules.wording("zone.graveyard"), rules.wording("zone.battlefield"),
             rules.wording("zone.command"),   rules.wording("zone.exile"),
             rules.wording("skip"),           rules.wording("skipping")},
      skip_until_(first_main_step(rules)) {
  game_.seat(seats_.person, std::make_shared<Recorder>(*this, seats_.person, std::make_shared<Person>(*this)));
  seat_opponent(seats_.opponent_agent);
}

PlaySession::~PlaySession() = default;

void PlaySession::seat_opponent(const std::string& agent) {
  // Not named(): the Recorder names the agent in whatever it throws, as that does.
  std::shared_ptr<Agent> a =
      make_agent(registry_, agent, AgentOptions{seats_.agent_seed, {}, &registry_, seats_.rules});
  game_.seat(seats_.opponent, std::make_shared<Recorder>(*this, seats_.opponent, std::move(a)));
  seats_.opponent_agent = agent;
}

std::string PlaySession::seat_name(PlayerId p) const {
  // The rules module labels players "player 0", "player 1" in its choices: the same names here.
  return fmt::format("player {} ({})", p.value, p == seats_.person ? "you" : "opponent");
}

// `text` with each "player N" the rules module wrote named as the board names it: "player 0
// (you)", "player 1 (opponent)" — a target list or an attack otherwise leaves the person to
// remember which number they are.
std::string PlaySession::with_seats(const std::string& text) const {
  std::string out;
  constexpr std::string_view kPlayer = "player ";
  std::size_t at = 0;
  for (std::size_t hit; (hit = text.find(kPlayer, at)) != std::string::npos;) {
    std::size_t end = hit + kPlayer.size();
    while (end < text.size() && std::isdigit(static_cast<unsigned char>(text[end]))) ++end;
    const bool word_start = hit == 0 || !std::isalnum(static_cast<unsigned char>(text[hit - 1]));
    const bool named = end > hit + kPlayer.size() && word_start &&
                       text.compare(end, 2, " (") != 0 &&
                       (end == text.size() || !std::isalnum(static_cast<unsigned char>(text[end])));
    out.append(text, at, hit - at);
    if (named) {
      const unsigned long seat =
          std::stoul(text.substr(hit + kPlayer.size(), end - hit - kPlayer.size()));
      out += seat < game_.state().player_count()
                 ? seat_name(PlayerId(static_cast<std::uint8_t>(seat)))
                 : text.substr(hit, end - hit);
    } else {
      out.append(text, hit, end - hit);
    }
    at = end;
  }
  out.append(text, at);
  return out;
}

void PlaySession::record(PlayerId player, std::string_view agent, const Choice& choice, const Answer& answer) {
  Entry e{game_.state().turn.number,
          rules_.step_name(game_),
          player,
          std::string(agent),
          choice.kind,
          {}};
  // A play's board position said in words of the board as it is now, before the answer changes
  // it: the legal actions the options are, when the question lists them.
  std::vector<LegalAction> actions;
  if (choice.kind == ChoiceKind::action) {
    actions = rules_.legal_actions(game_, player);
    const bool alike =
        actions.size() == choice.options.size() &&
        std::equal(actions.begin(), actions.end(), choice.options.begin(),
                   [](const LegalAction& a, const Option& o) { return a.label == o.label; });
    if (!alike) actions.clear();
  }
  const DecisionView person(game_, seats_.person);
  for (std::uint32_t i : answer.picks) {
    const Option& o = choice.options.at(i);
    std::string shown = o.label;
    if (i < actions.size()) shown = with_place(game_, person, player, std::move(shown), actions[i]);
    // A label speaks to the player acting ("Attack with your hero"): the opponent's, read by
    // the person, is theirs.
    if (player != seats_.person)
      for (std::size_t at; (at = shown.find("your hero")) != std::string::npos;)
        shown.replace(at, 4, "their");
    e.picks.push_back(
        {i, o.label, o.target.is_object() ? o.target.object.id : ObjectId{}, with_seats(shown)});
  }
  e.typed = player == seats_.person && std::exchange(typed_, false);
  // The London mulligan's bottom: cards of the player's hand to pick, asked right after that
  // player kept one (plugins/rules-classic/setup.cpp). The rules ask it as an `option`.
  e.bottom = choice.kind == ChoiceKind::option && !log_.empty() && log_.back().player == player &&
             log_.back().kind == ChoiceKind::mulligan && !choice.options.empty() &&
             std::all_of(choice.options.begin(), choice.options.end(), [&](const Option& o) {
               return o.target.is_object() && game_.state().exists(o.target.object.id) &&
                      game_.state().object(o.target.object.id).zone == ZoneRef::hand(player);
             });
  log_.push_back(std::move(e));
}

std::string PlaySession::what(const Entry& e) const {
  if (e.picks.empty()) return "none";
  const DecisionView person(game_, seats_.person);
  std::string out;
  for (const Entry::Pick& p : e.picks) {
    const bool hidden = e.player != seats_.person && p.object.valid() && !person.can_see(p.object);
    out += (out.empty() ? "" : ", ") + (hidden ? std::string("a card you cannot see") : p.shown);
  }
  return out;
}

bool PlaySession::can_undo() const {
  return std::any_of(log_.begin(), log_.end(), [](const Entry& e) { return e.typed; });
}

void PlaySession::rewind_to(std::size_t mark) {
  if (events_) events_->flush();
  const Mark m = marks_.at(mark);
  game_.journal().rollback(m.checkpoint);
  log_.resize(m.log_size);
  marks_.resize(mark);  // the loop marks this point again before advancing
  typed_ = false;
}

std::size_t PlaySession::your_last_decision() const {
  std::size_t last = log_.size();
  while (last > 0 && !log_[last - 1].typed) --last;
  return last - 1;
}

std::size_t PlaySession::mark_of(std::size_t entry) const {
  std::size_t mark = marks_.size();
  while (mark > 0 && marks_[mark - 1].log_size > entry) --mark;
  return mark - 1;
}

PlaySession::Entry PlaySession::take_back_your_last_decision() {
  const std::size_t last = your_last_decision();
  Entry taken_back = log_.at(last);
  const std::size_t mark = mark_of(last);
  replay_.assign(log_.begin() + static_cast<std::ptrdiff_t>(marks_.at(mark).log_size),
                 log_.begin() + static_cast<std::ptrdiff_t>(last));
  rewind_to(mark);
  skipping_since_.reset();
  return taken_back;
}

void PlaySession::rewind_to_your_last_step() {
  replay_.clear();
  rewind_to(mark_of(your_last_decision()));
  skipping_since_.reset();
}

std::optional<Answer> PlaySession::replayed(PlayerId player, const Choice& choice) {
  if (replay_.empty()) return std::nullopt;
  Entry& e = replay_.front();
  Answer a;
  for (const Entry::Pick& p : e.picks) a.picks.push_back(p.index);
  if (e.player != player || e.kind != choice.kind || !answer_problem(choice, a).empty()) {
    replay_.clear();  // the game went otherwise: ask from here
    return std::nullopt;
  }
  log_.push_back(std::move(e));
  replay_.pop_front();
  return a;
}

void PlaySession::undo() {
  // Named by the turn and step it was asked in: the game goes back to where the rules began
  // that question, which may be the step before (begin_combat, for the attackers'
  // declaration). A mulligan is asked before the first step begins, so "turn 1, untap" would
  // name a step nobody was asked in.
  const Entry taken_back = take_back_your_last_decision();
  if (taken_back.kind == ChoiceKind::mulligan || taken_back.bottom)
    fmt::print(out_, "Undone: back to your mulligan decision.\n");
  else
    fmt::print(out_, "Undone: back to your decision in turn {}, {}.\n", taken_back.turn,
               taken_back.step.empty() ? rules_.step_name(game_) : taken_back.step);
}

std::optional<std::string> PlaySession::read_line() {
  fmt::print(out_, "> ");
  std::fflush(out_);
  std::string line;
  if (!std::getline(in_, line)) {
    fmt::print(out_, "\n(end of input: conceding)\n");
    return std::nullopt;
  }
  if (echo_) fmt::print(out_, "{}\n", line);
  return trim(line);
}

bool PlaySession::reseat_after_failure(const std::string& what) {
  replay_.clear();
  rewind_to(marks_.size() - 1);  // the advance() it failed in
  fmt::print(out_,
             "error: {}\n"
             "The game is taken back to before that decision (what was told since did not "
             "happen; a decision of yours since then is asked again). The board now:\n",
             what);
  Person(*this).show_board();
  fmt::print(out_, "Seat another agent for your opponent with 'ai NAME' ({}), or 'concede'.\n",
             fmt::join(registry_.names(PluginKind::agent), ", "));
  for (;;) {
    const std::optional<std::string> line = read_line();
    if (!line) return false;
    std::istringstream words(*line);
    std::string word, agent, extra;
    words >> word >> agent >> extra;
    if (word.empty()) continue;
    if (word == "concede" && agent.empty()) return false;
    if (word == "ai" && agent.empty()) {
      print_agents();
      continue;
    }
    if (word != "ai" || agent.empty() || !extra.empty()) {
      fmt::print(out_, "error: type 'ai NAME' to seat another agent, or 'concede'\n");
      continue;
    }
    try {
      seat_opponent(agent);
    } catch (const std::exception& e) {
      fmt::print(out_, "error: {}\n", e.what());
      continue;
    }
    fmt::print(out_, "Your opponent is now played by {}.\n", agent);
    return true;
  }
}

void PlaySession::print_agents() const {
  const std::vector<std::string> names = registry_.names(PluginKind::agent);
  std::size_t width = 0;
  for (const std::string& n : names) width = std::max(width, n.size());
  fmt::print(out_, "The agents you can seat with 'ai NAME':\n");
  for (const std::string& n : names) {
    std::string summary;
    try {
      if (const auto factory = registry_.find<AgentFactory>(n)) summary = factory->summary();
    } catch (const std::exception& e) {
      summary = fmt::format("[it could not say what it is: {}]", e.what());
    }
    fmt::print(out_, "  {:<{}}  {}\n", n, width, summary);
  }
}

void PlaySession::concede(Concession::At at) {
  cli::concede(game_, seats_.person);
  conceded_ = at;
}

std::vector<DecisionRecord> PlaySession::decisions() const {
  std::vector<DecisionRecord> out;
  for (const Entry& e : log_) {
    DecisionRecord d{out.size(), e.player, e.agent, e.kind, {}};
    for (const Entry::Pick& p : e.picks) d.picks.push_back(p.index);
    out.push_back(std::move(d));
  }
  return out;
}

std::optional<Concession> PlaySession::concession() const {
  if (!conceded_) return std::nullopt;
  return Concession{seats_.person, *conceded_};
}

void PlaySession::run() {
  GameLog events(game_, rules_, out_, {seat_name(PlayerId(0)), seat_name(PlayerId(1))},
                 seats_.person);
  events_ = &events;
  const struct Forget {
    GameLog*& log;
    ~Forget() { log = nullptr; }
  } forget{events_};
  fmt::print(out_, "Type 'help' at any question for the commands.\n");
  while (!game_.state().over) {
    marks_.push_back(Mark{game_.journal().checkpoint(), log_.size()});
    request_ = Request::none;
    try {
      if (!advance_rules(rules_, game_)) break;
    } catch (const std::exception& e) {
      const Request r = request_;
      request_ = Request::none;
      if (r == Request::undo) {
        undo();
        continue;
      }
      if (r == Request::concede) {  // at the person's question, the game as it stands
        concede(Concession::At::decision);
        break;
      }
      if (r == Request::agent_failed) {
        if (reseat_after_failure(fmt::format("your opponent's {}", agent_failure_))) continue;
        concede(Concession::At::advance);  // the failed advance() was taken back
        break;
      }
      // Something else failed: a plugin's ability as it resolved (the kernel has rolled that
      // action back and named the plugin and the card), or the rules module. Going on from here
      // would fail the same way again; from the person's last decision they may choose
      // otherwise. Without one, the session ends with the error, as it always did.
      if (!can_undo()) throw;
      fmt::print(out_, "error: {}\n", e.what());
      rewind_to_your_last_step();
      fmt::print(out_,
                 "The game cannot go on from there: it is taken back to your decision in turn {}, "
                 "{} (what was told since did not happen). Choose otherwise, seat another agent "
                 "for your opponent with 'ai NAME', or 'concede'.\n",
                 game_.state().turn.number, rules_.step_name(game_));
    }
  }
  events.flush();
  print_result();
}

void PlaySession::print_result() {
  const std::vector<Outcome> outcome = rules_.outcome(game_);
  const Outcome mine = seats_.person.value < outcome.size() ? outcome[seats_.person.value] : Outcome::drew;
  const std::string what = conceded_                  ? "you conceded"
                           : mine == Outcome::won     ? "you won"
                           : mine == Outcome::lost    ? "you lost"
                           : mine == Outcome::drew    ? "a draw"
                                                      : "unfinished";
  fmt::print(out_, "Result: {} in turn {} (your opponent: {}).\n", what, game_.state().turn.number,
             seats_.opponent_agent);
}

}  // namespace anvil::cli
