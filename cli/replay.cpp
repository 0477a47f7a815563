#include "replay.hpp"

#include <fmt/core.h>

#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>

namespace anvil::cli {

namespace {

ChoiceKind choice_kind(const std::string& name) {
  for (int k = 0; k <= static_cast<int>(ChoiceKind::number); ++k)
    if (name == anvil::to_string(static_cast<ChoiceKind>(k))) return static_cast<ChoiceKind>(k);
  throw std::runtime_error("unknown decision kind '" + name + "'");
}

}  // namespace

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

void save_replay(const Replay& r, const std::filesystem::path& file) {
  nlohmann::json packs = nlohmann::json::array();
  for (const auto& [name, version] : r.packs) packs.push_back({{"name", name}, {"version", version}});
  nlohmann::json decisions = nlohmann::json::array();
  for (const DecisionRecord& d : r.decisions)
    decisions.push_back({{"player", d.player.value}, {"agent", d.agent}, {"kind", anvil::to_string(d.kind)},
                         {"picks", d.picks}});
  const nlohmann::json j = {{"anvil_replay", 1}, {"engine", r.engine},   {"rules", r.rules},
                            {"seed", r.seed},    {"packs", packs},       {"decks", r.decks},
                            {"agents", r.agents}, {"turns", r.turns},    {"outcome", r.outcome},
                            {"final_hash", r.final_hash}, {"error", r.error},
                            {"decisions", decisions}};
  std::filesystem::create_directories(file.parent_path().empty() ? "." : file.parent_path());
  std::ofstream out(file);
  if (!out) throw std::runtime_error("cannot write " + file.string());
  out << j.dump(1) << '\n';
}

Replay load_replay(const std::filesystem::path& file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file.string() + ": cannot read the file");
  try {
    const nlohmann::json j = nlohmann::json::parse(in);
    if (j.value("anvil_replay", 0) != 1) throw std::runtime_error("not an Anvil replay (no \"anvil_replay\": 1)");
    Replay r;
    r.engine = j.at("engine").get<std::string>();
    r.rules = j.at("rules").get<std::string>();
    r.seed = j.at("seed").get<std::uint64_t>();
    for (const auto& p : j.at("packs")) r.packs.emplace_back(p.at("name"), p.at("version"));
    r.decks = j.at("decks").get<std::vector<std::string>>();
    r.agents = j.at("agents").get<std::vector<std::string>>();
    r.turns = j.at("turns").get<std::uint32_t>();
    r.outcome = j.at("outcome").get<std::vector<std::string>>();
    r.final_hash = j.at("final_hash").get<std::string>();
    r.error = j.at("error").get<std::string>();
    std::uint64_t index = 0;
    for (const auto& d : j.at("decisions")) {
      DecisionRecord rec;
      rec.index = index++;
      rec.player = PlayerId(d.at("player").get<std::uint8_t>());
      rec.agent = d.at("agent").get<std::string>();
      rec.kind = choice_kind(d.at("kind").get<std::string>());
      rec.picks = d.at("picks").get<std::vector<std::uint32_t>>();
      r.decisions.push_back(std::move(rec));
    }
    return r;
  } catch (const nlohmann::json::exception& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  } catch (const std::runtime_error& e) {
    throw std::runtime_error(file.string() + ": " + e.what());
  }
}

}  // namespace anvil::cli
