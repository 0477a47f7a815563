// `anvil play` under a monkey: the real program, driven line by line through pipes by a seeded
// random player that answers each question it is shown — mostly with a valid choice, often with
// `undo` (several in a row), and with every command, out-of-range numbers, garbage and blank
// lines in between — until the game ends or its lines run out (the end of input concedes). Games
// of both rules modules, and classic games against an agent that fails (test-bomb) and with a
// plugin that fails as every spell resolves (Faulty Bolts).
//
// Each game must end with exit status 0 and one result line, nothing on stderr (no error, no
// sanitizer report), within a time bound; its saved replay (--save-replay) must replay to the
// recorded hash. Around each `undo` the monkey asks for the `log` before and after: after it, the
// person's last decisions (and the agent's since) are gone and nothing of the person's is added;
// and when no decision of the agent's was made again since, the question asked is the one the
// person was asked at the first decision undone, board and options alike (the journal restored
// the game exactly).
//
// Seeds: 1 to 4 per test; with ANVIL_SOAK (scripts/soak), 300 from one the clock picks, other
// games each round; ANVIL_MONKEY_SEEDS=N and
// ANVIL_MONKEY_FROM=S to run others, ANVIL_MONKEY_KEEP=1 to keep every game's files. A failure
// names the seed and keeps the game's input (input.txt, which plays it again: `anvil play … <
// input.txt`) and output in <build>/tests/cli/play-monkey/<rules>[-failing-…]-<seed>/.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <poll.h>
#include <signal.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#ifndef ANVIL_EXE
#error "ANVIL_EXE must name the anvil program under test"
#endif

namespace {

namespace fs = std::filesystem;

// Undos after which the question asked again was checked against the questions asked before.
int g_reasked = 0;
// Of them, those compared with the very question of the first decision undone.
int g_exact = 0;

// `anvil` started with its input and output on pipes and its stderr in a file.
class Child {
 public:
  Child(const std::vector<std::string>& args, const fs::path& home, const fs::path& err) {
    int in[2], out[2];
    if (pipe(in) != 0 || pipe(out) != 0) throw std::runtime_error("pipe failed");
    pid_ = fork();
    if (pid_ < 0) throw std::runtime_error("fork failed");
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      const int e = open(err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(e, 2);
      for (int fd : {in[0], in[1], out[0], out[1], e}) close(fd);
      setenv("ANVIL_HOME", home.c_str(), 1);
      std::vector<char*> argv;
      for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    to_ = in[1];
    from_ = out[0];
    fcntl(from_, F_SETFL, fcntl(from_, F_GETFL) | O_NONBLOCK);
  }
  ~Child() {
    if (to_ >= 0) close(to_);
    close(from_);
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
  }
  Child(const Child&) = delete;
  Child& operator=(const Child&) = delete;

  // What it printed until it waits for a line (blocked reading its input after the prompt
  // "> "), or nullopt once its output ends; throws past `deadline`.
  std::optional<std::string> until_prompt(std::chrono::steady_clock::time_point deadline) {
    std::string got;
    for (;;) {
      if (std::chrono::steady_clock::now() > deadline)
        throw std::runtime_error("no prompt before the time bound (a hang?); output so far:\n" +
                                 got);
      const bool prompt_shown = got.size() >= 2 && got.compare(got.size() - 2, 2, "> ") == 0;
      if (prompt_shown && reading_input()) return got;
      pollfd p{from_, POLLIN, 0};
      poll(&p, 1, prompt_shown ? 1 : 100);
      char buf[65536];
      for (;;) {
        const ssize_t n = read(from_, buf, sizeof buf);
        if (n > 0) {
          got.append(buf, static_cast<std::size_t>(n));
          continue;
        }
        if (n == 0) {  // its output ended
          rest_ = std::move(got);
          return std::nullopt;
        }
        break;  // EAGAIN: nothing more now
      }
    }
  }
  // What it printed after its last prompt, once until_prompt has returned nullopt.
  const std::string& rest() const { return rest_; }

  void send(const std::string& line) {
    const std::string l = line + "\n";
    if (write(to_, l.data(), l.size()) != static_cast<ssize_t>(l.size()))
      throw std::runtime_error("could not write to anvil play");
  }
  void close_input() {
    if (to_ < 0) return;
    close(to_);
    to_ = -1;
  }
  // The exit status (or 128 + the signal that ended it).
  int wait() {
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  // Whether the child is blocked in read(2) on its standard input (Linux: /proc/PID/syscall).
  bool reading_input() const {
    std::ifstream f("/proc/" + std::to_string(pid_) + "/syscall");
    long nr = -1;
    std::string fd;
    f >> nr >> fd;
    return nr == SYS_read && fd == "0x0";
  }

  pid_t pid_ = -1;
  int to_ = -1, from_ = -1;
  std::string rest_;
};

std::string run_to_end(const fs::path& home, const std::vector<std::string>& args, std::string* out,
                       int* status) {
  std::array<char, 4096> buf{};
  std::string cmd = "ANVIL_HOME='" + home.string() + "' ";
  for (const std::string& a : args) cmd += "'" + a + "' ";
  cmd += "2>&1";
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return "popen failed";
  while (std::size_t n = fread(buf.data(), 1, buf.size(), p)) out->append(buf.data(), n);
  const int s = pclose(p);
  *status = WIFEXITED(s) ? WEXITSTATUS(s) : 128;
  return {};
}

// What the person is asked now, as the monkey reads it from the output.
struct Question {
  std::string block;  // the board and the question ("=== Turn …" to the prompt)
  std::size_t options = 0;
  std::size_t min = 1, max = 1;
  bool order = false;   // every option ordered, those left out following as listed
  bool place = false;   // where a hearth minion goes ('back' returns)
  bool reseat = false;  // the opponent's agent failed: 'ai NAME' or 'concede'
};

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

bool starts_with(const std::string& s, const std::string& p) { return s.rfind(p, 0) == 0; }

// The numbered options of the last question in `text`: "  K. …" lines right after a line
// ending in ':' that is not one of them, read until the first other line; 0 if none.
void read_options(const std::string& text, Question& q) {
  const std::vector<std::string> lines = lines_of(text);
  for (std::size_t i = lines.size(); i-- > 0;) {
    if (!starts_with(lines[i], "  1. ") || i == 0 || lines[i - 1].empty() ||
        lines[i - 1].back() != ':' || starts_with(lines[i - 1], "  "))
      continue;
    std::size_t n = 0;
    while (i + n < lines.size() && starts_with(lines[i + n], "  " + std::to_string(n + 1) + ". "))
      ++n;
    q.options = n;
    q.min = q.max = 1;
    q.order = false;
    if (i + n < lines.size()) {
      const std::string& hint = lines[i + n];
      unsigned a = 0, b = 0;
      if (starts_with(hint, "(order them")) {
        q.order = true;
      } else if (std::sscanf(hint.c_str(), "(pick exactly %u", &a) == 1) {
        q.min = q.max = a;
      } else if (std::sscanf(hint.c_str(), "(pick %u to %u", &a, &b) == 2) {
        q.min = a;
        q.max = b;
      }
    }
    return;
  }
}

// The log's entries as `log` printed them in `text` ("  K. turn T: …"); nullopt if none printed.
std::optional<std::vector<std::string>> read_log(const std::string& text) {
  if (text.find("No decisions yet.") != std::string::npos) return std::vector<std::string>{};
  std::vector<std::string> out;
  for (const std::string& l : lines_of(text)) {
    const std::string want = "  " + std::to_string(out.size() + 1) + ". turn ";
    if (starts_with(l, want)) out.push_back(l.substr(l.find(". turn ") + 2));
  }
  if (out.empty()) return std::nullopt;
  return out;
}

// A line that answers a question (not a command): numbers, "none", "skip".
bool is_answer(const std::string& line) {
  const auto b = line.find_first_not_of(" \t");
  if (b == std::string::npos) return false;
  const std::string t = line.substr(b, line.find_last_not_of(" \t") - b + 1);
  return t == "none" || t == "skip" || t.find_first_not_of("0123456789 ") == std::string::npos;
}

bool is_person(const std::string& entry) { return entry.find(") (person) ") != std::string::npos; }

// Two log entries of the same decision: alike, or alike up to what was picked when one says "a
// card you cannot see" (what the person sees of an opponent's pick changes as cards are revealed
// and the game taken back).
bool same_entry(const std::string& a, const std::string& b) {
  if (a == b) return true;
  constexpr const char* kHidden = "a card you cannot see";
  if (a.find(kHidden) == std::string::npos && b.find(kHidden) == std::string::npos) return false;
  const auto head = [](const std::string& e) {
    const std::size_t first = e.find(": ");
    return e.substr(0, first == std::string::npos ? 0 : e.find(": ", first + 2));
  };
  return head(a) == head(b);
}

// What fails on purpose in a game: nothing; the opponent's agent (test-bomb, which throws at its
// third decision when its seed is odd: the person seats another, or test-bomb again); or every
// spell as it resolves (Faulty Bolts, whose plugin test-throwing-step throws: the game is taken
// back to the person's last decision).
enum class Hostile { none, agent, plugin };

class Monkey {
 public:
  Monkey(std::string rules, std::uint64_t seed, Hostile hostile = Hostile::none)
      : rules_(std::move(rules)), seed_(seed), hostile_(hostile), rng_(seed) {}

  // Plays one game; an empty string when every check held, else what failed.
  std::string play() {
    const std::string kind = hostile_ == Hostile::agent    ? "-failing-agent"
                             : hostile_ == Hostile::plugin ? "-failing-plugin"
                                                           : "";
    const fs::path dir = fs::path(ANVIL_MONKEY_DIR) / (rules_ + kind + "-" + std::to_string(seed_));
    fs::remove_all(dir);
    fs::create_directories(dir / "home");
    const std::vector<std::string> decks =
        rules_ == "classic"
            ? std::vector<std::string>{"Goblin Burn",     "Rakdos Drain",   "Rakdos Rats",
                                       "Selesnya Beats",  "Selesnya Auras", "Rakdos Tricks",
                                       "Selesnya Tricks", "Demo Stompy"}
            : std::vector<std::string>{"Basic Spell Mage", "Basic Shaman Midrange", "Basic Zoo",
                                       "Basic Weapon Warrior"};
    const std::string replay = (dir / "game.json").string();
    std::vector<std::string> global;  // options before the command, the replay's too
    std::string deck = decks[pick(decks.size())];
    std::string vs = chance(2) ? "ai-random" : "ai-heuristic";
    if (hostile_ == Hostile::agent) {
      global = {"--plugin-dir", ANVIL_TEST_AGENT_DIR};
      vs = "test-bomb";
    } else if (hostile_ == Hostile::plugin) {
      // The plugin alone: the test plugin folder holds plugins that are wrong on purpose.
      fs::create_directories(dir / "plugins");
      fs::copy_file(fs::path(ANVIL_TEST_PLUGIN_DIR) / "test-throwing-step.so",
                    dir / "plugins" / "test-throwing-step.so");
      global = {"--plugin-dir", (dir / "plugins").string(), "--pack-dir", ANVIL_FAILING_PACKS};
      deck = "Faulty Bolts";
    }
    std::vector<std::string> args = {ANVIL_EXE};
    args.insert(args.end(), global.begin(), global.end());
    args.insert(args.end(), {"play", "--rules", rules_, "--deck", deck, "--seed",
                             std::to_string(seed_), "--vs", vs, "--save-replay", replay});
    if (hostile_ == Hostile::plugin) {
      args.push_back("--vs-deck");
      args.push_back(deck);
    }
    if (chance(4)) {  // a game that ends by the turn limit, a draw
      args.push_back("--option");
      args.push_back("max_turns=" + std::to_string(2 + pick(10)));
    }
    if (chance(2)) args.push_back("--second");
    // `skip` passes questions unasked, each a decision of the person's the monkey cannot count:
    // the undo checks that need the count are left out of these games.
    skips_ = seed_ % 4 == 0;
    counted_ = !skips_;
    std::string failure;
    std::string output;
    std::ofstream input(dir / "input.txt");
    {
      std::ostringstream cmd;
      cmd << "ANVIL_HOME='" << (dir / "home").string() << "' ";
      for (const std::string& a : args) cmd << "'" << a << "' ";
      command_ = cmd.str();
    }
    int status = -1;
    try {
      Child child(args, dir / "home", dir / "stderr.txt");
      const auto deadline =
          std::chrono::steady_clock::now() + std::chrono::seconds(kSecondsPerGame);
      int lines = 0;
      for (;;) {
        const std::optional<std::string> got = child.until_prompt(deadline);
        if (!got) {
          output += child.rest();
          break;
        }
        output += *got;
        if (failure.empty()) failure = check(*got);
        if (!failure.empty() || lines++ >= kLines) {
          child.close_input();
          continue;
        }
        const std::string line = next_line();
        last_ = line;
        typed_answer_ = !q_.reseat && is_answer(line);
        answer_block_ = q_.block;
        input << line << "\n";
        child.send(line);
      }
      status = child.wait();
    } catch (const std::exception& e) {
      failure = e.what();
    }
    input.close();
    std::ofstream(dir / "output.txt") << output;
    std::string err;
    {
      std::ifstream f(dir / "stderr.txt");
      err.assign(std::istreambuf_iterator<char>(f), {});
    }
    if (failure.empty() && status != 0) failure = "exit status " + std::to_string(status);
    if (failure.empty() && !err.empty()) failure = "stderr is not empty:\n" + err;
    if (failure.empty() && (output.find("\nResult: ") == std::string::npos ||
                            output.find("\nResult: ") != output.rfind("\nResult: ")))
      failure = "not one result line";
    if (failure.empty() && hostile_ == Hostile::none &&
        output.find("The game cannot go on from there") != std::string::npos)
      failure = "a bundled plugin failed mid-game";
    if (failure.empty()) failure = check_replay(global, replay);
    if (failure.empty()) {
      if (!std::getenv("ANVIL_MONKEY_KEEP")) fs::remove_all(dir);
      return {};
    }
    return "seed " + std::to_string(seed_) + ": " + failure + "\n  command: " + command_ + " < " +
           (dir / "input.txt").string() + "\n  output: " + (dir / "output.txt").string() +
           "\n  stderr: " + err;
  }

 private:
  static constexpr int kLines = 400;           // lines typed at most; then the input ends
  static constexpr int kSecondsPerGame = 300;  // generous: an ASan build, two cores shared

  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_() % n); }
  bool chance(unsigned one_in) { return rng_() % one_in == 0; }

  std::string check_replay(const std::vector<std::string>& global, const std::string& file) {
    std::string out;
    int status = -1;
    std::vector<std::string> args = {ANVIL_EXE};
    args.insert(args.end(), global.begin(), global.end());
    args.insert(args.end(), {"replay", file, "--quiet"});
    if (std::string e = run_to_end(fs::path(file).parent_path() / "home", args, &out, &status);
        !e.empty())
      return e;
    if (status != 0 || out.find("matches the recording") == std::string::npos)
      return "anvil replay " + file + " exited " + std::to_string(status) + ":\n" + out;
    return {};
  }

  // Reads what was printed since the last line typed; a broken invariant's description, or "".
  std::string check(const std::string& got) {
    count_answers(got);
    if (got.find("Seat another agent for your opponent") != std::string::npos) {
      q_ = Question{};
      q_.reseat = true;
      phase_ = Undo::none;  // an undo under way is left unchecked: the agent failed in it
      undos_left_ = 0;
      return {};
    }
    if (got.find("Undone: back to your decision") != std::string::npos) phase_ = Undo::undone;
    const std::size_t board = got.rfind("\n=== Turn ");
    const bool place = got.size() > 45 && got.find("(or 'back' to choose something else)\n> ",
                                                   got.size() - 45) != std::string::npos;
    if (place) {
      const std::size_t at = got.rfind(" on your board:\n");
      Question q = q_;
      q.place = true;
      read_options(got.substr(got.rfind('\n', at) + 1), q);
      q_ = q;
    } else if (board != std::string::npos) {
      Question q;
      q.block = got.substr(board + 1, got.size() - 2 - board - 1);
      read_options(q.block, q);
      if (q.options == 0) return "a board printed without a question:\n" + q.block;
      if (std::string bad = check_undo(q); !bad.empty()) return bad;
      asked_.insert(q.block);
      q_ = std::move(q);
    } else if (q_.place && last_ == "back") {
      q_.place = false;  // 'back': the question the play was picked in, listed again
      read_options(got, q_);
    }
    if (const auto log = read_log(got)) {
      if (phase_ == Undo::log_before) {
        log_before_ = *log;
      } else if (phase_ == Undo::log_after) {
        phase_ = Undo::none;
        return check_log_after(*log);
      }
    }
    return {};
  }

  // The person's decisions, as the log lists them, with the question each answered (answered_),
  // from what was printed after the line typed last: an answer taken (not refused with an error,
  // nor a play whose place is asked next), and the answers given without asking.
  void count_answers(const std::string& got) {
    const bool typed = typed_answer_;
    typed_answer_ = false;
    // A failure takes the game back without a log to count by: the count is lost for this game.
    if (got.find("The game cannot go on from there") != std::string::npos ||
        got.find("Seat another agent for your opponent") != std::string::npos)
      counted_ = false;
    if (got.find("Undone: back to your decision") != std::string::npos) return;  // by the log
    const std::string said = got.substr(got.find('\n') + 1);  // after the line echoed
    const bool placing = said.find("(or 'back' to choose something else)\n> ") != std::string::npos;
    if (typed && !starts_with(said, "error:") && !starts_with(said, "Refused:") && !placing)
      answered_.push_back(answer_block_);
    for (const char* unasked :
         {"(nothing else may be declared)\n", "(the same ability each time: stacked as listed)\n"})
      for (std::size_t at = 0; (at = said.find(unasked, at)) != std::string::npos; ++at)
        answered_.emplace_back();
  }

  // The first question after an undo: its log is asked for next; the question itself is one
  // asked before unless an agent decided again since (check_log_after says which).
  std::string check_undo(const Question& q) {
    if (phase_ != Undo::undone) return {};
    phase_ = Undo::log_after;
    undone_question_ = q.block;
    return {};
  }

  std::string check_log_after(const std::vector<std::string>& after) {
    const std::vector<std::string>& before = log_before_;
    std::size_t common = 0;
    while (common < after.size() && common < before.size() &&
           same_entry(after[common], before[common]))
      ++common;
    std::string both = "\nlog before the undo:\n";
    for (const std::string& e : before) both += "  " + e + "\n";
    both += "log after:\n";
    for (const std::string& e : after) both += "  " + e + "\n";
    if (std::none_of(before.begin() + static_cast<std::ptrdiff_t>(common), before.end(), is_person))
      return "undo took back no decision of the person's" + both;
    const auto people = [](auto from, auto to) {
      return static_cast<std::size_t>(std::count_if(from, to, is_person));
    };
    const std::size_t kept =
        people(after.begin(), after.begin() + static_cast<std::ptrdiff_t>(common));
    if (counted_ && answered_.size() != people(before.begin(), before.end()))
      return "the log has " + std::to_string(people(before.begin(), before.end())) +
             " decisions of the person's, the monkey gave " + std::to_string(answered_.size()) +
             both;
    // The question of the first decision of the person's taken back ("" when not known).
    const std::string first_undone = kept < answered_.size() ? answered_[kept] : "";
    answered_.resize(kept);
    if (common < after.size()) {
      // The game went otherwise since: through a decision of the agent's, made again.
      if (is_person(after[common]))
        return "after undo the log has a decision of the person's not taken back" + both;
      answered_.resize(answered_.size() +
                       people(after.begin() + static_cast<std::ptrdiff_t>(common),
                              after.end()));  // questions not known
      return {};
    }
    if (skips_) return {};  // `skip` passed questions unseen
    // The game is where it was when the log was `after`: the person was asked this then, the
    // question of the first decision of theirs taken back.
    if (!is_person(before[common]))
      return "after undo the person is asked where the agent was" + both;
    if (!asked_.count(undone_question_))
      return "after undo the person is asked what they were never asked:\n" + undone_question_ +
             both;
    if (counted_ && !first_undone.empty() && first_undone != undone_question_)
      return "after undo the person is asked:\n" + undone_question_ +
             "\nnot what they were asked at the first decision undone:\n" + first_undone + both;
    ++g_reasked;
    if (counted_ && !first_undone.empty()) ++g_exact;
    return {};
  }

  // The next line to type: mostly an answer, then `undo` (after `log`, and `log` after it), the
  // commands, and lines that are wrong in every way.
  std::string next_line() {
    if (q_.reseat) {
      static const std::vector<std::string> kReseat = {"ai ai-random",
                                                       "ai ai-random",
                                                       "ai ai-heuristic",
                                                       "ai test-bomb",
                                                       "ai nonexistent",
                                                       "ai",
                                                       "undo",
                                                       "",
                                                       "xyzzy",
                                                       "concede now"};
      return chance(40) ? "concede" : kReseat[pick(kReseat.size())];
    }
    if (phase_ == Undo::log_after) return "log";
    if (phase_ == Undo::log_before) {
      phase_ = Undo::asked;
      return "undo";
    }
    if (phase_ == Undo::asked) phase_ = Undo::none;  // the undo was refused: nothing to undo
    if (undos_left_ > 0) {
      --undos_left_;
      phase_ = Undo::log_before;
      return "log";
    }
    const unsigned r = static_cast<unsigned>(rng_() % 1000);
    if (r < 700) return answer();
    if (r < 780) {
      undos_left_ = 1 + pick(chance(3) ? 4 : 1);
      return next_line();
    }
    static const std::vector<std::string> kCommands = {"help",
                                                       "board",
                                                       "log",
                                                       "graveyard",
                                                       "card bolt",
                                                       "card yeti",
                                                       "card xyzzy",
                                                       "card",
                                                       "ai ai-random",
                                                       "ai ai-heuristic",
                                                       "ai nonexistent",
                                                       "ai",
                                                       "ai ai-random:pass_probability=0.5",
                                                       "ai a b",
                                                       "",
                                                       "   ",
                                                       "xyzzy",
                                                       "0",
                                                       "-1",
                                                       "99999999999999999999",
                                                       "1 1",
                                                       "1,2",
                                                       "none",
                                                       "concede now",
                                                       "undo undo",
                                                       "back",
                                                       "skip now",
                                                       "\t1",
                                                       "é"};
    if (r < 960) return kCommands[pick(kCommands.size())];
    if (r < 970 && skips_) return "skip";
    if (r < 975) return std::to_string(q_.options + 1 + pick(3));
    if (r < 976) return "concede";
    return answer();
  }

  // A valid answer to the question as read, as far as the monkey can tell (the rules may still
  // refuse a declaration).
  std::string answer() {
    if (q_.options == 0) return "1";
    if (q_.place && chance(8)) return "back";
    std::vector<std::size_t> all(q_.options);
    for (std::size_t i = 0; i < all.size(); ++i) all[i] = i + 1;
    for (std::size_t i = all.size(); i > 1; --i) std::swap(all[i - 1], all[pick(i)]);
    std::size_t n = 1;
    if (q_.order) {
      n = 1 + pick(q_.options);
    } else if (q_.min != 1 || q_.max != 1) {
      const std::size_t hi = std::min(q_.max, q_.options);
      n = q_.min + (hi > q_.min ? pick(hi - q_.min + 1) : 0);
      if (n == 0) return chance(2) ? "none" : "";
    }
    std::string out;
    for (std::size_t i = 0; i < n && i < all.size(); ++i)
      out += (out.empty() ? "" : " ") + std::to_string(all[i]);
    return out;
  }

  enum class Undo { none, log_before, asked, undone, log_after };

  std::string rules_;
  std::uint64_t seed_;
  Hostile hostile_;
  std::mt19937_64 rng_;
  std::string command_;
  Question q_;
  std::string last_;  // the line typed last
  bool skips_ = false;
  std::set<std::string> asked_;  // every question shown so far, board and all
  Undo phase_ = Undo::none;
  std::size_t undos_left_ = 0;
  std::vector<std::string> log_before_;
  bool counted_ = true;                // answered_ is the log's count of the person's decisions
  std::vector<std::string> answered_;  // the question of each; "" when not known
  bool typed_answer_ = false;          // the line typed last answers the question
  std::string answer_block_;           // the question it was typed at
  std::string undone_question_;
};

std::uint64_t env_number(const char* name, std::uint64_t otherwise) {
  const char* v = std::getenv(name);
  return v && *v ? std::strtoull(v, nullptr, 10) : otherwise;
}

void play_seeds(const std::string& rules, Hostile hostile = Hostile::none) {
  g_reasked = g_exact = 0;
  // A program that dies mid-game is reported with its seed, not the end of this test's process
  // at the next line written to it.
  signal(SIGPIPE, SIG_IGN);
  const std::uint64_t count = env_number("ANVIL_MONKEY_SEEDS", std::getenv("ANVIL_SOAK") ? 300 : 4);
  // A soak run plays other games each round (scripts/soak repeats every test): from a seed of
  // the clock's, said with any failure.
  const std::uint64_t soak_from =
      static_cast<std::uint64_t>(std::chrono::system_clock::now().time_since_epoch().count()) %
          1000000000 +
      1;
  const std::uint64_t from =
      env_number("ANVIL_MONKEY_FROM", std::getenv("ANVIL_SOAK") ? soak_from : 1);
  for (std::uint64_t seed = from; seed < from + count; ++seed) {
    const std::string failure = Monkey(rules, seed, hostile).play();
    EXPECT_EQ(failure, "") << rules;
  }
  std::printf(
      "%s: %llu games from seed %llu; %d questions asked again after undo were checked, %d of "
      "them against the question of the decision undone\n",
      rules.c_str(), static_cast<unsigned long long>(count), static_cast<unsigned long long>(from),
      g_reasked, g_exact);
}

// Whether this machine lets the monkey see a child of its blocked reading its input: a kernel
// without /proc/PID/syscall, or a sandbox that hides it from the parent, would leave every game
// waiting for a prompt until its time bound. Then the tests are skipped, saying why.
bool can_see_a_child_read() {
  int fds[2];
  if (pipe(fds) != 0) return false;
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[1]);  // or the read below would never see the end of its input
    dup2(fds[0], 0);
    char c = 0;
    _exit(read(0, &c, 1) < 0 ? 1 : 0);
  }
  close(fds[0]);
  bool seen = false;
  for (int i = 0; pid > 0 && i < 300 && !seen; ++i) {  // up to 3 s for the child to block
    std::ifstream f("/proc/" + std::to_string(pid) + "/syscall");
    long nr = -1;
    std::string fd;
    f >> nr >> fd;
    seen = nr == SYS_read && fd == "0x0";
    if (!seen) usleep(10000);
  }
  close(fds[1]);  // the child's read ends
  if (pid > 0) waitpid(pid, nullptr, 0);
  return seen;
}

class PlayMonkey : public ::testing::Test {
 protected:
  void SetUp() override {
    static const bool can = can_see_a_child_read();
    if (!can) GTEST_SKIP() << "this machine does not show a child's read(2) in /proc/PID/syscall";
  }
};

TEST_F(PlayMonkey, ClassicGamesSurviveRandomInput) { play_seeds("classic"); }
TEST_F(PlayMonkey, HearthGamesSurviveRandomInput) { play_seeds("hearth"); }
TEST_F(PlayMonkey, GamesSurviveAnAgentThatFails) { play_seeds("classic", Hostile::agent); }
TEST_F(PlayMonkey, GamesSurviveAPluginThatFails) { play_seeds("classic", Hostile::plugin); }

}  // namespace
