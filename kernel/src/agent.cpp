#include "anvil/agent.hpp"

#include <algorithm>
#include <string>

#include "anvil/error.hpp"
#include "anvil/game.hpp"

ANVIL_BEGIN_NAMESPACE

using namespace literals;

const char* to_string(ChoiceKind k) {
  switch (k) {
    case ChoiceKind::action: return "action";
    case ChoiceKind::target: return "target";
    case ChoiceKind::attackers: return "attackers";
    case ChoiceKind::blockers: return "blockers";
    case ChoiceKind::damage_division: return "damage_division";
    case ChoiceKind::replacement: return "replacement";
    case ChoiceKind::trigger_order: return "trigger_order";
    case ChoiceKind::discard: return "discard";
    case ChoiceKind::mulligan: return "mulligan";
    case ChoiceKind::yes_no: return "yes_no";
    case ChoiceKind::option: return "option";
    case ChoiceKind::number: return "number";
  }
  return "?";
}

Agent::~Agent() = default;

std::string answer_problem(const Choice& choice, const Answer& answer) {
  const std::size_t n = choice.options.size();
  if (answer.picks.size() < choice.min_picks || answer.picks.size() > choice.max_picks)
    return std::to_string(answer.picks.size()) + " picks, expected " +
           std::to_string(choice.min_picks) + ".." + std::to_string(choice.max_picks);
  if (answer.picks.size() == 1)  // most decisions: nothing to sort
    return answer.picks[0] < n ? std::string()
                               : "option " + std::to_string(answer.picks[0]) + " does not exist";
  if (answer.picks.empty()) return {};
  std::vector<std::uint32_t> seen = answer.picks;
  std::sort(seen.begin(), seen.end());
  if (std::adjacent_find(seen.begin(), seen.end()) != seen.end()) return "an option picked twice";
  if (seen.back() >= n) return "option " + std::to_string(seen.back()) + " does not exist";
  return {};
}

// --- DecisionView -------------------------------------------------------------------------

DecisionView::DecisionView(const Game& game, PlayerId viewer, std::span<const Option> offered)
    : game_(game), viewer_(viewer), offered_(offered) {}

std::size_t DecisionView::player_count() const { return game_.state().player_count(); }
const TurnState& DecisionView::turn() const { return game_.state().turn; }
const Player& DecisionView::player(PlayerId p) const { return game_.state().player(p); }
const std::vector<StackItem>& DecisionView::stack() const { return game_.state().stack; }

namespace {
bool zone_public(ZoneKind k) {
  return k == ZoneKind::battlefield || k == ZoneKind::graveyard || k == ZoneKind::exile ||
         k == ZoneKind::command || k == ZoneKind::stack;
}
}  // namespace

bool DecisionView::can_see(ObjectId id) const {
  const GameState& s = game_.state();
  if (!s.exists(id)) return false;
  const GameObject& o = s.objects[id.value];
  if (o.attrs.get("revealed"_sym) != 0) return true;
  if (o.face_down) return o.controller == viewer_;
  if (zone_public(o.zone.kind)) return true;
  if (o.zone.kind == ZoneKind::hand && o.zone.owner == viewer_) return true;
  return std::any_of(offered_.begin(), offered_.end(), [id](const Option& option) {
    return option.target.is_object() && option.target.object.id == id;
  });
}

std::optional<std::span<const ObjectId>> DecisionView::zone(ZoneRef z) const {
  const bool visible = zone_public(z.kind) || (z.kind == ZoneKind::hand && z.owner == viewer_);
  if (!visible) return std::nullopt;
  const auto& objects = game_.state().zone(z).objects;
  return std::span<const ObjectId>(objects.data(), objects.size());
}

std::size_t DecisionView::zone_size(ZoneRef z) const { return game_.state().zone(z).objects.size(); }

const GameObject& DecisionView::object(ObjectId id) const {
  if (!can_see(id)) throw RulesError("player " + std::to_string(viewer_.value) + " cannot see object #" +
                                     std::to_string(id.value));
  return game_.state().objects[id.value];
}

const CardDef& DecisionView::card(ObjectId id) const {
  return game_.cards().at(object(id).card);
}

Characteristics DecisionView::view(ObjectId id) const {
  object(id);  // checks visibility
  return game_.view(id);
}

std::vector<ObjectId> DecisionView::shown() const {
  // The face-up cards this decision shows the viewer (Tracking's three) are known: kept. Only
  // those in zones a copy deals again (most decisions show none: nothing to look through).
  std::vector<ObjectId> shown;
  for (const Option& o : offered_) {
    if (!o.target.is_object() || !game_.state().exists(o.target.object.id)) continue;
    const GameObject& obj = game_.state().objects[o.target.object.id.value];
    const bool dealt = obj.zone.kind == ZoneKind::library ||
                       (obj.zone.kind == ZoneKind::hand && obj.zone.owner != viewer_);
    if (dealt && !obj.face_down) shown.push_back(obj.id);
  }
  return shown;
}

namespace {

// A copy for an agent comes with no agents seated (determinize's comment says why).
void empty_seats(Game& copy) {
  for (std::size_t p = 0; p < copy.state().player_count(); ++p)
    copy.seat(PlayerId(static_cast<std::uint8_t>(p)), nullptr);
}

}  // namespace

std::unique_ptr<Game> DecisionView::determinize(std::uint64_t seed) const {
  std::unique_ptr<Game> copy = game_.determinize(viewer_, seed, shown());
  empty_seats(*copy);
  return copy;
}

void DecisionView::determinize_into(Game& lab, std::uint64_t seed) const {
  game_.determinize_into(lab, viewer_, seed, shown());
  empty_seats(lab);
}

// --- ScriptedAgent ------------------------------------------------------------------------

namespace {
// "an action", "a blockers": the kinds' names as the error reads them.
std::string with_article(std::string_view noun) {
  const bool vowel =
      !noun.empty() && std::string_view("aeiou").find(noun.front()) != std::string_view::npos;
  return (vowel ? "an " : "a ") + std::string(noun);
}
}  // namespace

ScriptedAgent::ScriptedAgent(std::vector<DecisionRecord> script, std::string name)
    : script_(std::move(script)), name_(std::move(name)) {}

Answer ScriptedAgent::choose(const DecisionView&, const Choice& choice) {
  if (next_ >= script_.size())
    throw RulesError("agent '" + name_ + "' has no answer left for '" + choice.prompt + "' (" +
                     to_string(choice.kind) + ")");
  const DecisionRecord& r = script_[next_++];
  if (r.kind != choice.kind)
    throw RulesError("agent '" + name_ + "' has an answer to " + with_article(to_string(r.kind)) +
                     " choice next, but was asked '" + choice.prompt + "' (" +
                     to_string(choice.kind) + ")");
  return Answer{r.picks};
}

std::vector<DecisionRecord> decisions_of(std::span<const DecisionRecord> log, PlayerId p) {
  std::vector<DecisionRecord> out;
  for (const DecisionRecord& r : log)
    if (r.player == p) out.push_back(r);
  return out;
}

ANVIL_END_NAMESPACE
