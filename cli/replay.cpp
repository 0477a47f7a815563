#include "replay.hpp"

#include <fcntl.h>
#include <fmt/core.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <array>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include "output.hpp"

namespace anvil::cli {

namespace {

// nlohmann's message without its "[json.exception.parse_error.101] " prefix: the reason and,
// for a syntax error, the line and column.
std::string plain(const nlohmann::json::exception& e) {
  std::string what = e.what();
  if (what.starts_with("[json.exception.")) {
    const std::size_t end = what.find("] ");
    if (end != std::string::npos) what.erase(0, end + 2);
  }
  return what;
}

// What a value must be, for the errors of field().
template <class T>
constexpr const char* kind_of() {
  if constexpr (std::is_same_v<T, std::string>)
    return "text";
  else if constexpr (std::is_integral_v<T>)
    return "a whole number";
  else if constexpr (std::is_same_v<T, std::vector<std::uint32_t>>)
    return "a list of whole numbers";
  else
    return "a list of texts";
}

// Whether `v` holds a T exactly: nlohmann converts 1.5 to 1 and -1 to a huge unsigned without a
// word, and a replay with such a seed or pick plays some other game.
template <class T>
bool holds_exactly(const nlohmann::json& v) {
  if constexpr (std::is_integral_v<T>)
    return v.is_number_unsigned() && v.get<std::uint64_t>() <= std::numeric_limits<T>::max();
  else if constexpr (std::is_same_v<T, std::vector<std::uint32_t>>)
    return v.is_array() && std::all_of(v.begin(), v.end(), [](const nlohmann::json& e) {
             return holds_exactly<std::uint32_t>(e);
           });
  else if constexpr (std::is_same_v<T, std::string>)
    return v.is_string();
  else
    return v.is_array() &&
           std::all_of(v.begin(), v.end(), [](const nlohmann::json& e) { return e.is_string(); });
}

// Field `key` of `obj` (named `where` in errors), as a T. nlohmann's own errors name no key
// ("type must be string, but is number"): these say which field of which part is wrong.
template <class T>
T field(const nlohmann::json& obj, const char* key, const std::string& where) {
  if (!obj.is_object()) throw std::runtime_error(where + " is not a JSON object");
  const auto it = obj.find(key);
  if (it == obj.end()) throw std::runtime_error(where + " has no \"" + key + "\"");
  if (!holds_exactly<T>(*it))
    throw std::runtime_error(where + ": \"" + key + "\" must be " + kind_of<T>() + ", not " +
                             it->dump());
  return it->get<T>();
}

ChoiceKind choice_kind(const std::string& name) {
  for (int k = 0; k <= static_cast<int>(ChoiceKind::number); ++k)
    if (name == anvil::to_string(static_cast<ChoiceKind>(k))) return static_cast<ChoiceKind>(k);
  throw std::runtime_error("unknown decision kind '" + name + "'");
}

Concession::At concession_at(const std::string& name) {
  for (const auto at : {Concession::At::decision, Concession::At::advance})
    if (name == to_string(at)) return at;
  throw std::runtime_error(
      fmt::format("\"at\" must be \"decision\" or \"advance\", not \"{}\"", name));
}

Concession concession_of(const nlohmann::json& j) {
  const std::string where = "\"conceded\"";
  Concession c;
  c.player = PlayerId(field<std::uint8_t>(j, "player", where));
  try {
    c.at = concession_at(field<std::string>(j, "at", where));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(where + ": " + e.what());
  }
  return c;
}

// "decks" and "agents" hold one entry per seat: a list of another length was accepted, and an
// "agents" cut short printed "P2: ?" for a game that then matched its hash. Which of the two is
// wrong, the players the decisions were asked of tell when they can.
void check_seats(const Replay& r) {
  const std::size_t decks = r.decks.size();
  const std::size_t agents = r.agents.size();
  if (decks == 0) throw std::runtime_error("the replay: \"decks\" is empty: one deck per seat");
  if (decks == agents) return;
  std::size_t asked = 0;  // the seats the decisions name, at least
  for (const DecisionRecord& d : r.decisions)
    asked = std::max<std::size_t>(asked, d.player.value + 1u);
  const auto wrong = [&](const char* field, std::size_t n, const char* other, std::size_t seats) {
    return std::runtime_error(fmt::format(
        "the replay: \"{}\" has {} {}, but \"{}\" has {}{}: \"{}\" needs one entry per seat", field,
        n, n == 1 ? "entry" : "entries", other, seats,
        asked == seats ? fmt::format(" and the decisions are of {} players", asked) : "", field));
  };
  // The one the decisions cannot be of is wrong; else the one that differs from the decisions'
  // players; else "agents", "decks" being what the game is set up with.
  if (decks < asked || (agents == asked && decks >= asked))
    throw wrong("decks", decks, "agents", agents);
  throw wrong("agents", agents, "decks", decks);
}

}  // namespace

const char* to_string(Concession::At at) {
  return at == Concession::At::advance ? "advance" : "decision";
}

std::string hex_hash(std::uint64_t h) { return fmt::format("{:016x}", h); }

const char* to_string(Outcome o) {
  switch (o) {
    case Outcome::playing: return "playing";
    case Outcome::won: return "won";
    case Outcome::lost: return "lost";
    case Outcome::drew: return "drew";
  }
  return "?";
}

namespace {

nlohmann::json replay_json(const Replay& r) {
  nlohmann::json packs = nlohmann::json::array();
  for (const RecordedPack& p : r.packs) {
    nlohmann::json pack = {{"name", p.name}, {"version", p.version}};
    if (!p.digest.empty()) pack["digest"] = p.digest;
    packs.push_back(std::move(pack));
  }
  nlohmann::json decisions = nlohmann::json::array();
  for (const DecisionRecord& d : r.decisions)
    decisions.push_back({{"player", d.player.value}, {"agent", d.agent}, {"kind", anvil::to_string(d.kind)},
                         {"picks", d.picks}});
  nlohmann::json out = {{"anvil_replay", 1},    {"engine", r.engine},
                        {"rules", r.rules},     {"seed", r.seed},
                        {"packs", packs},       {"decks", r.decks},
                        {"agents", r.agents},   {"turns", r.turns},
                        {"outcome", r.outcome}, {"final_hash", r.final_hash},
                        {"error", r.error},     {"decisions", decisions}};
  if (!r.options.empty()) {
    nlohmann::json options = nlohmann::json::object();
    for (const auto& [key, value] : r.options) options[key] = value;
    out["options"] = std::move(options);
  }
  if (r.conceded)
    out["conceded"] = {{"player", r.conceded->player.value}, {"at", to_string(r.conceded->at)}};
  return out;
}

}  // namespace

namespace {

// Writes all of `text` to the open `fd`; false on any error.
bool write_all(int fd, const std::string& text) {
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = ::write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

// write_all, then closes `fd`; false on any error (a full disk shows at write or at close).
bool write_and_close(int fd, const std::string& text) {
  if (!write_all(fd, text)) {
    const int saved = errno;
    ::close(fd);
    errno = saved;
    return false;
  }
  return ::close(fd) == 0;
}

// The descriptor of this process that `file` names, through any symlinks (/dev/stdout ->
// /proc/self/fd/1): /dev/stdout, /dev/stderr, /dev/fd/N or /proc/self/fd/N. Such a file is
// written through the descriptor, where the program's output already goes: opened again, a
// file the shell redirected stdout to would be cut from its start, and renamed over, the link
// itself (/dev/stdout) would be replaced.
std::optional<int> own_descriptor(std::filesystem::path file) {
  namespace fs = std::filesystem;
  for (int links = 0; links < 8; ++links) {
    const std::string p = file.lexically_normal().string();
    if (p == "/dev/stdout") return 1;
    if (p == "/dev/stderr") return 2;
    for (const std::string_view prefix : {"/dev/fd/", "/proc/self/fd/"}) {
      if (!p.starts_with(prefix)) continue;
      int fd = -1;
      const char* digits = p.data() + prefix.size();
      const auto [end, ec] = std::from_chars(digits, p.data() + p.size(), fd);
      if (ec == std::errc() && end == p.data() + p.size()) return fd;
    }
    std::error_code ec;
    if (!fs::is_symlink(file, ec)) return std::nullopt;
    const fs::path target = fs::read_symlink(file, ec);
    if (ec) return std::nullopt;
    file = target.is_absolute() ? target : file.parent_path() / target;
  }
  return std::nullopt;
}

}  // namespace

void save_replay(const Replay& r, const std::filesystem::path& file) {
  namespace fs = std::filesystem;
  const fs::path dir = file.parent_path().empty() ? fs::path(".") : file.parent_path();
  fs::create_directories(dir);
  const std::string text = json_text(replay_json(r), 1) + '\n';
  const auto failed = [&](const fs::path& what) {
    return std::runtime_error(
        fmt::format("cannot write {}: {}", what.string(), std::strerror(errno)));
  };
  if (const std::optional<int> own = own_descriptor(file)) {
    // After what the program printed there, in order.
    std::fflush(*own == 2 ? stderr : stdout);
    if (!write_all(*own, text)) throw failed(file);
    return;
  }
  std::error_code ec;
  if (fs::is_symlink(file, ec) || (fs::exists(file, ec) && !fs::is_regular_file(file, ec))) {
    // A device or a pipe is written in place: there is no file to replace. So is a file through
    // a symlink, which renaming would replace with a file.
    const int fd = ::open(file.c_str(), O_WRONLY | O_TRUNC | O_CLOEXEC);
    if (fd < 0 || !write_and_close(fd, text)) throw failed(file);
    return;
  }
  // Written beside the file, then renamed over it: a full disk or a crash leaves the replay that
  // was there whole, never a cut one.
  std::string name = (dir / ("." + file.filename().string() + ".XXXXXX")).string();
  const int fd = ::mkstemp(name.data());
  if (fd < 0) throw failed(file);
  ::fchmod(fd, 0644);
  if (!write_and_close(fd, text) || std::rename(name.c_str(), file.c_str()) != 0) {
    const std::runtime_error e = failed(file);
    ::unlink(name.c_str());
    throw e;
  }
}

std::filesystem::path save_new_replay(const Replay& r, const std::filesystem::path& dir,
                                      const std::string& stem) {
  std::filesystem::create_directories(dir);
  const std::string text = json_text(replay_json(r), 1) + '\n';
  for (unsigned n = 1; n <= kMaxReplayNumber; ++n) {
    const std::filesystem::path file =
        dir / (n == 1 ? stem + ".json" : fmt::format("{}-{}.json", stem, n));
    // "x": created here or not at all (C11 exclusive mode), so that another run saving at the
    // same moment cannot take the same name.
    std::FILE* f = std::fopen(file.c_str(), "wx");
    if (!f) {
      if (errno == EEXIST) continue;
      throw std::runtime_error(
          fmt::format("cannot write {}: {}", file.string(), std::strerror(errno)));
    }
    const bool written = std::fwrite(text.data(), 1, text.size(), f) == text.size();
    if (std::fclose(f) != 0 || !written) throw std::runtime_error("cannot write " + file.string());
    return file;
  }
  throw std::runtime_error(fmt::format("{} holds {} replays named {}: clear some out", dir.string(),
                                       kMaxReplayNumber, stem));
}

namespace {

// nlohmann::json::parse, refusing a key given twice in one object: nlohmann keeps the last
// silently, and a replay edited by hand ("seed": 8, "seed": 9) must not play a seed nobody
// meant. One set of keys per open object, by depth.
nlohmann::json parse_without_duplicate_keys(std::istream& in) {
  std::vector<std::set<std::string>> keys;
  return nlohmann::json::parse(
      in, [&](int depth, nlohmann::json::parse_event_t event, nlohmann::json& parsed) {
        using Event = nlohmann::json::parse_event_t;
        if (event == Event::object_start) keys.emplace_back();
        if (event == Event::object_end && !keys.empty()) keys.pop_back();
        if (event == Event::key && !keys.empty() &&
            !keys.back().insert(parsed.get<std::string>()).second)
          throw std::runtime_error(
              fmt::format("the key \"{}\" is given twice in one object (at depth {})",
                          parsed.get<std::string>(), depth));
        return true;
      });
}

}  // namespace

Replay load_replay(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file.string() + ": cannot read the file");
  try {
    const nlohmann::json j = parse_without_duplicate_keys(in);
    // Not j.value("anvil_replay", 0): nlohmann converts a number out of int's range (1e300) to
    // int without a check, which is undefined behaviour (found by fuzz_replay).
    const auto format = j.is_object() ? j.find("anvil_replay") : j.end();
    if (format == j.end() || !holds_exactly<std::uint32_t>(*format) ||
        format->get<std::uint32_t>() != 1)
      throw std::runtime_error("not an Anvil replay (no \"anvil_replay\": 1)");
    const std::string top = "the replay";
    Replay r;
    r.engine = field<std::string>(j, "engine", top);
    r.rules = field<std::string>(j, "rules", top);
    r.seed = field<std::uint64_t>(j, "seed", top);
    const auto list = [&](const char* key) -> const nlohmann::json& {
      const auto it = j.find(key);
      if (it == j.end()) throw std::runtime_error(top + " has no \"" + key + "\"");
      if (!it->is_array())
        throw std::runtime_error(top + ": \"" + key + "\" must be a list, not " + it->dump());
      return *it;
    };
    std::size_t n = 0;
    for (const auto& p : list("packs")) {
      const std::string where = "pack " + std::to_string(++n) + " of \"packs\"";
      std::string name = field<std::string>(p, "name", where);
      for (const RecordedPack& other : r.packs)
        if (other.name == name)
          throw std::runtime_error(where + ": pack '" + name + "' is listed twice in \"packs\"");
      RecordedPack pack{std::move(name), field<std::string>(p, "version", where), {}};
      // Replays recorded before the digest was written have none: they replay unchecked.
      if (p.contains("digest")) {
        pack.digest = field<std::string>(p, "digest", where);
        if (!is_sha256_hex(pack.digest))
          throw std::runtime_error(where +
                                   ": \"digest\" must be 64 lowercase hex digits (a "
                                   "SHA-256), not \"" +
                                   pack.digest + "\"");
      }
      r.packs.push_back(std::move(pack));
    }
    r.decks = field<std::vector<std::string>>(j, "decks", top);
    if (const auto it = j.find("options"); it != j.end()) {
      if (!it->is_object())
        throw std::runtime_error(top + ": \"options\" must be an object of settings, not " +
                                 it->dump());
      for (const auto& [key, value] : it->items()) {
        if (!value.is_string())
          throw std::runtime_error(top + ": option \"" + key + "\" must be a string, not " +
                                   value.dump());
        r.options.emplace_back(key, value.get<std::string>());
      }
    }
    r.agents = field<std::vector<std::string>>(j, "agents", top);
    r.turns = field<std::uint32_t>(j, "turns", top);
    r.outcome = field<std::vector<std::string>>(j, "outcome", top);
    // Only the words replay_json writes (to_string(Outcome)).
    constexpr std::array kOutcomes{Outcome::won, Outcome::lost, Outcome::drew, Outcome::playing};
    for (const std::string& o : r.outcome)
      if (std::none_of(kOutcomes.begin(), kOutcomes.end(),
                       [&](Outcome known) { return o == to_string(known); }))
        throw std::runtime_error(top + ": \"outcome\" holds '" + o +
                                 "', which is none of won, lost, drew, playing");
    r.final_hash = field<std::string>(j, "final_hash", top);
    r.error = field<std::string>(j, "error", top);
    if (const auto it = j.find("conceded"); it != j.end()) r.conceded = concession_of(*it);
    std::uint64_t index = 0;
    for (const auto& d : list("decisions")) {
      const std::string where = "decision " + std::to_string(index + 1) + " of \"decisions\"";
      DecisionRecord rec;
      rec.index = index++;
      rec.player = PlayerId(field<std::uint8_t>(d, "player", where));
      rec.agent = field<std::string>(d, "agent", where);
      const std::string kind = field<std::string>(d, "kind", where);
      try {
        rec.kind = choice_kind(kind);
      } catch (const std::runtime_error& e) {
        throw std::runtime_error(where + ": " + e.what());
      }
      rec.picks = field<std::vector<std::uint32_t>>(d, "picks", where);
      r.decisions.push_back(std::move(rec));
    }
    check_seats(r);
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(file.string() + ": " + plain(e));
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
}

}  // namespace anvil::cli
