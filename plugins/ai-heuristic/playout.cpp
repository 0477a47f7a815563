#include "playout.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "board.hpp"

namespace anvil::ai_heuristic {

namespace {

// Decisions a play-out takes at most: a response and a combat are a few dozen.
constexpr int kMaxSteps = 400;
// Targets tried for one option: the first this many the rules offer that the moment is about.
constexpr std::size_t kMaxTargets = 16;

}  // namespace

// Answers every decision of the copy: the real decision again (the root) with the option tried
// or a pass, the source's first target decision with the target tried; then every priority a
// pass, every declaration nothing, X as large as it may be, every question "yes", anything else
// the first options.
// Label-blind: the rules need build no labels for it.
class PlayOut::Script final : public Agent, public LabelBlind {
 public:
  // `involved`: the objects whose targeting can matter now (PlayOut::involved_).
  Script(PlayerId me, const std::vector<ObjectId>& involved) : me_(me), involved_(involved) {}
  std::string_view name() const override { return "ai-heuristic-playout"; }

  // A new play-out: `option` taken at the root (null: pass), the `target`-th target first.
  void begin(const Choice* real, std::optional<std::uint32_t> option, ObjectId source,
             std::size_t target) {
    real_ = real;
    option_ = option;
    source_ = source;
    target_ = target;
    root_answered_ = mismatch_ = false;
    slot_ = 0;
    first_target_ = Target{};
    first_target_options_ = 0;
  }
  bool root_answered() const { return root_answered_; }
  bool mismatch() const { return mismatch_; }
  const Target& first_target() const { return first_target_; }
  std::size_t first_target_options() const { return first_target_options_; }

  Answer choose(const DecisionView&, const Choice& c) override {
    if (c.options.empty()) return {};
    switch (c.kind) {
      case ChoiceKind::action:
        if (!root_answered_) return root(c);
        return Answer{{pass_option(c)}};
      case ChoiceKind::target:
        if (root_answered_ && option_ && c.player == me_ && c.source == source_) {
          if (slot_++ == 0) {
            // The target_-th of the options naming an involved object.
            std::size_t n = 0;
            std::optional<std::uint32_t> pick;
            for (std::uint32_t i = 0; i < c.options.size(); ++i) {
              const Target& t = c.options[i].target;
              if (!t.is_object() ||
                  std::find(involved_.begin(), involved_.end(), t.object.id) == involved_.end())
                continue;
              if (n++ == target_) pick = i;
            }
            first_target_options_ = n;
            if (!pick) {
              mismatch_ = true;
              return first_options(c);
            }
            first_target_ = c.options[*pick].target;
            return Answer{{*pick}};
          }
        }
        return first_options(c);
      case ChoiceKind::attackers:
      case ChoiceKind::blockers:
        return c.min_picks == 0 ? Answer{} : first_options(c);
      case ChoiceKind::yes_no:
        // Each player pays what it is asked to when it can (the rules ask only then): a
        // counterspell's ransom, a kicker, an echo.
        for (std::uint32_t i = 0; i < c.options.size(); ++i)
          if (c.options[i].value == 1) return Answer{{i}};
        return first_options(c);
      case ChoiceKind::number: {
        std::uint32_t most = 0;
        for (std::uint32_t i = 1; i < c.options.size(); ++i)
          if (c.options[i].value > c.options[most].value) most = i;
        return Answer{{most}};
      }
      default:
        return first_options(c);
    }
  }

 private:
  // The real decision, asked again as the copy runs forward from where the real game stands:
  // the option tried, found by what it names (its object and ability, and which of the options
  // naming them it is), or the pass.
  Answer root(const Choice& c) {
    root_answered_ = true;
    if (c.player != me_ || !real_) {
      mismatch_ = true;
      return Answer{{pass_option(c)}};
    }
    if (!option_) return Answer{{pass_option(c)}};
    const Option& wanted = real_->options[*option_];
    std::size_t nth = 0;  // which of the real options naming the same object and ability
    for (std::uint32_t i = 0; i < *option_; ++i)
      nth +=
          real_->options[i].target == wanted.target && real_->options[i].ability == wanted.ability;
    for (std::uint32_t i = 0; i < c.options.size(); ++i)
      if (c.options[i].target == wanted.target && c.options[i].ability == wanted.ability &&
          nth-- == 0)
        return Answer{{i}};
    mismatch_ = true;
    return Answer{{pass_option(c)}};
  }

  PlayerId me_;
  const std::vector<ObjectId>& involved_;
  const Choice* real_ = nullptr;
  std::optional<std::uint32_t> option_;
  ObjectId source_;
  std::size_t target_ = 0;
  bool root_answered_ = false, mismatch_ = false;
  std::size_t slot_ = 0;
  Target first_target_;
  std::size_t first_target_options_ = 0;
};

PlayOut::PlayOut(const DecisionView& view, const Choice& choice, const RulesModule& rules,
                 std::uint64_t seed, Focus focus)
    : choice_(choice),
      rules_(rules),
      me_(choice.player),
      root_turn_(view.turn()),
      opposing_(view, choice.player) {
  // What a response or trick is about: what the stack's spells and abilities are and aim at,
  // and the creatures in combat. For an Aura, every permanent.
  for (const StackItem& item : view.stack()) {
    involved_.push_back(item.source.id);
    for (const Target& t : item.targets)
      if (t.is_object()) involved_.push_back(t.object.id);
  }
  for (std::size_t p = 0; p < view.player_count(); ++p)
    if (const auto z = view.zone(ZoneRef::battlefield(PlayerId(static_cast<std::uint8_t>(p)))))
      for (ObjectId id : *z) {
        if (focus == Focus::board || in_combat(view.object(id))) involved_.push_back(id);
      }
  game_ = view.determinize(seed);
  game_->clear_decision_log();  // its history is not read here: not copied at the first decision
  script_ = std::make_shared<Script>(me_, involved_);
  for (std::size_t i = 0; i < game_->state().player_count(); ++i)
    game_->seat(PlayerId(static_cast<std::uint8_t>(i)), script_);
  root_ = game_->journal().checkpoint();
  const std::vector<std::string> steps = rules.step_names();
  const auto at = [&](std::string_view name) {
    return static_cast<std::uint16_t>(std::find(steps.begin(), steps.end(), name) - steps.begin());
  };
  if (root_turn_.step < steps.size() && through_combat(steps[root_turn_.step]) &&
      at("damage") < steps.size()) {
    through_combat_ = true;
    damage_step_ = at("damage");
  }
  go_face_ = game_->state().zone(ZoneRef::hand(me_)).objects.size() >= 7;
  snapshot(*game_, before_);
}

PlayOut::~PlayOut() = default;

bool PlayOut::past_horizon() const {
  const GameState& s = game_->state();
  if (s.over) return true;
  if (!s.stack.empty() || !s.pending_triggers.empty()) return false;
  if (!through_combat_) return true;
  return s.turn.number != root_turn_.number || s.turn.step > damage_step_;
}

std::optional<PlayOut::Result> PlayOut::play(std::optional<std::uint32_t> option, ObjectId source,
                                             std::size_t target) {
  game_->journal().rollback(root_);
  script_->begin(&choice_, option, source, target);
  std::optional<Result> out;
  try {
    std::vector<ObjectId> shields = opposing_.shielded();
    raise_shields(*game_, shields);
    bool aimed = opposing_.empty();  // whether the shields were budgeted for the first target
    for (int steps = 0; steps < kMaxSteps; ++steps) {
      const bool going = rules_.advance(*game_);
      if (script_->mismatch() || !script_->root_answered()) break;
      if (const Target& t = script_->first_target(); !aimed && t.is_object()) {
        // Aimed at a creature the shields above left out (two Skeletons, one Swamp): the
        // opponent saves that one first. Before anything resolves, so in time.
        aimed = true;
        if (opposing_.has(t.object.id) &&
            std::find(shields.begin(), shields.end(), t.object.id) == shields.end()) {
          lower_shields(*game_, shields);
          shields = opposing_.shielded(std::span<const Target>(&t, 1));
          raise_shields(*game_, shields);
        }
      }
      if (!going || past_horizon()) {
        // The state-based actions the last resolution or combat damage calls for, which the
        // rules would check before anyone's next priority: lethal damage destroys, unless a
        // regeneration shield or indestructibility says otherwise.
        if (going) rules_.check_state(*game_);
        double own_lost = 0;
        // An Aura cast enters attached: what it gives counts (judge()).
        const bool attaches = option && attached_now(*game_, source);
        const double score =
            judge(*game_, before_, me_, go_face_, marks_, own_lost, std::nullopt, attaches);
        out = Result{
            score, std::vector<char>(marks_.begin(), marks_.begin() + before_.creatures.size()),
            script_->first_target(), script_->first_target_options(), attaches};
        break;
      }
    }
  } catch (const AbilityError&) {
    game_->journal().rollback(root_);
    throw;  // a plugin's ability failed: the real game would fail the same way (docs/agents.md)
  } catch (const std::exception&) {
    out.reset();  // a play-out the copy cannot run is not judged
  }
  game_->journal().rollback(root_);
  return out;
}

const std::optional<PlayOut::Result>& PlayOut::passing() {
  if (!passing_tried_) {
    passing_tried_ = true;
    passing_ = play(std::nullopt, ObjectId{}, 0);
  }
  return passing_;
}

bool PlayOut::dies_anyway(ObjectId id) {
  if (!passing()) return false;
  for (std::size_t i = 0; i < before_.creatures.size(); ++i)
    if (before_.creatures[i].id == id) return passing_->dead[i] != 0;
  return false;
}

std::optional<Judgement> PlayOut::best(std::uint32_t option, ObjectId source) {
  if (!passing()) return std::nullopt;
  std::optional<Judgement> top;
  const auto consider = [&](const Result& r) {
    Judgement j;
    j.score = r.score - passing_->score;
    for (std::size_t i = 0; i < before_.creatures.size(); ++i) {
      const Before::Creature& c = before_.creatures[i];
      if (c.controller != me_ || c.id == source || !r.dead[i]) continue;
      // Its own creature that the response aims at and kills is burnt by it, even if it would
      // die anyway: a Bolt at its own Walking Corpse, which the opponent's Tendrils of Corruption
      // would destroy, takes the Tendrils' life away, and with a full hand every point of that
      // counts. Never (the "never burn its own creatures"); what it aims at and saves (a
      // pump, a regeneration shield) is not dead.
      if (r.first_target.is_object() && r.first_target.object.id == c.id) return;
      if (!passing_->dead[i]) j.best_own_lost = std::max(j.best_own_lost, c.value);
    }
    if (r.first_target_options > 0) j.targets = {r.first_target};
    j.attaches = r.attaches;
    if (!top || j.score > top->score) top = std::move(j);
  };
  const std::optional<Result> first = play(option, source, 0);
  if (!first) return std::nullopt;
  consider(*first);
  const std::size_t targets = std::min(first->first_target_options, kMaxTargets);
  for (std::size_t k = 1; k < targets; ++k)
    if (const std::optional<Result> r = play(option, source, k)) consider(*r);
  return top;
}

}  // namespace anvil::ai_heuristic
