#include "random_agent.hpp"

#include <algorithm>
#include <charconv>
#include <stdexcept>
#include <string>
#include <vector>

namespace anvil::ai_random {

namespace {
constexpr double kDefaultPassProbability = 0.2;
// Refused declarations in a row after which the rules' example is given (Choice::legal_example).
// Guessing first keeps every legal declaration a chance: most are found in a few guesses, and
// only those legal in very few ways (a Lure sending many creatures at one attacker) need it.
constexpr std::uint32_t kGuessesBeforeExample = 20;
}

RandomAgent::RandomAgent(std::uint64_t seed, double pass_probability)
    : rng_{seed}, pass_probability_(pass_probability) {}

bool RandomAgent::chance(double probability) {
  // 2^53 steps: as fine as a double can say, and no modulo bias (SplitMix64::below).
  constexpr std::uint64_t kSteps = std::uint64_t{1} << 53;
  return static_cast<double>(rng_.below(kSteps)) < probability * static_cast<double>(kSteps);
}

namespace {
// Whether choose() may pick the option: never one that only makes mana, and a barred one only
// when `barred_too` (too few would be left otherwise).
inline bool candidate(const Option& o, bool barred_too) {
  return !o.mana && (barred_too || o.barred.empty());
}

inline std::uint32_t count_candidates(const Choice& choice, bool barred_too) {
  std::uint32_t count = 0;
  for (const Option& o : choice.options) count += candidate(o, barred_too) ? 1 : 0;
  return count;
}
}  // namespace

Answer RandomAgent::choose(const DecisionView&, const Choice& choice) {
  const bool declaring =
      choice.kind == ChoiceKind::attackers || choice.kind == ChoiceKind::blockers;
  if (declaring && is_declaration(choice)) return declare(choice);
  if (choice.min_picks == 1 && choice.max_picks == 1) return choose_one(choice);
  const auto n = static_cast<std::uint32_t>(choice.options.size());
  // Options that only make mana are left alone: the rules pay costs automatically, and mana
  // made for nothing empties at the end of the step (Option::mana). So are options the rules
  // refuse in any answer (Option::barred), unless too few would be left to answer at all.
  std::vector<std::uint32_t>& candidates = candidates_;
  candidates.clear();
  for (std::uint32_t i = 0; i < n; ++i)
    if (candidate(choice.options[i], /*barred_too=*/false)) candidates.push_back(i);
  if (candidates.size() < choice.min_picks) {
    candidates.clear();
    for (std::uint32_t i = 0; i < n; ++i)
      if (candidate(choice.options[i], /*barred_too=*/true)) candidates.push_back(i);
  }

  // A decision with a pass: pass now and then, otherwise do something else at random.
  if (choice.pass && *choice.pass < n && choice.max_picks == 1 && candidates.size() > 1) {
    if (chance(pass_probability_)) return Answer{{*choice.pass}};
    candidates.erase(std::find(candidates.begin(), candidates.end(), *choice.pass));
  }

  const std::uint32_t max = std::min<std::uint32_t>(choice.max_picks, static_cast<std::uint32_t>(candidates.size()));
  const std::uint32_t min = std::min(choice.min_picks, max);
  const auto picks = static_cast<std::uint32_t>(min + rng_.below(max - min + 1));
  Answer answer;
  for (std::uint32_t i = 0; i < picks; ++i) {  // a partial Fisher–Yates shuffle
    const auto j = static_cast<std::uint32_t>(i + rng_.below(candidates.size() - i));
    std::swap(candidates[i], candidates[j]);
    answer.picks.push_back(candidates[i]);
  }
  return answer;
}

// The general way above for exactly one pick (each priority decision, each target: most
// decisions), without its list of candidates, whose building and erasing were 0.5% of a random
// game's instructions: the candidates are counted, and the drawn one is found by counting again.
// The same draws in the same order, so a seed picks what it picked before: the chance to pass,
// the number of picks (one, drawn all the same), then the index among the candidates but the
// pass, in their order.
Answer RandomAgent::choose_one(const Choice& choice) {
  const auto n = static_cast<std::uint32_t>(choice.options.size());
  bool barred_too = false;
  std::uint32_t count = count_candidates(choice, barred_too);
  if (count == 0) count = count_candidates(choice, barred_too = true);
  std::uint32_t skip = n;  // the pass, once it was not drawn: none before
  if (choice.pass && *choice.pass < n && count > 1) {
    if (chance(pass_probability_)) return Answer{{*choice.pass}};
    if (candidate(choice.options[*choice.pass], barred_too)) {
      skip = *choice.pass;
      --count;
    }
  }
  rng_.below(1);  // the number of picks: one, or none without a candidate
  if (count == 0) return {};
  std::uint64_t left = rng_.below(count);
  for (std::uint32_t i = 0;; ++i)  // `count` candidates were counted: the loop ends at one
    if (i != skip && candidate(choice.options[i], barred_too) && left-- == 0) return Answer{{i}};
}

// REQUIRES: choice.kind is attackers or blockers (choose() looks first).
bool RandomAgent::is_declaration(const Choice& choice) {
  return std::all_of(choice.options.begin(), choice.options.end(),
                     [](const Option& o) { return o.target.is_object(); });
}

// Each creature in the declaration, independently: none of its options or one of them, all
// equally likely. A random subset of the options would often name a creature twice (a blocker
// blocking two attackers), which the rules refuse. Barred options (a tapped creature's, a
// ground creature's in front of a flier: Option::barred) are left out; otherwise a declaration
// with several creatures that cannot attack or block would be legal too rarely to be found by
// asking again (one in 4^5 for five tapped blockers against three attackers). A declaration
// refused kGuessesBeforeExample times in a row gets the rules' example, when they give one, and
// else the empty declaration, once.
Answer RandomAgent::declare(const Choice& choice) {
  refusals_in_a_row_ = choice.refused.empty() ? 0 : refusals_in_a_row_ + 1;
  if (refusals_in_a_row_ >= kGuessesBeforeExample) {
    if (!choice.legal_example.empty()) return Answer{choice.legal_example};
    // An empty example is none, or the empty declaration itself: with Propaganda on the other
    // side, every attack may cost more than can be paid, and declaring nothing is the one legal
    // attack, which guessing creature by creature almost never finds (one chance in 2^14 with
    // fourteen creatures). Nothing is declared once; then the guessing goes on.
    if (refusals_in_a_row_ == kGuessesBeforeExample && choice.min_picks == 0) return Answer{};
  }
  Answer answer;
  std::vector<std::uint32_t>& same = candidates_;  // the options of one creature
  // Kept between calls, as candidates_ is: a std::vector<bool> made here was an allocation and a
  // free at each declaration.
  std::vector<std::uint8_t>& done = declared_;
  done.assign(choice.options.size(), 0);
  for (std::uint32_t i = 0; i < choice.options.size(); ++i) {
    if (done[i]) continue;
    same.clear();
    for (std::uint32_t j = i; j < choice.options.size(); ++j)
      if (!done[j] && choice.options[j].target == choice.options[i].target) {
        if (choice.options[j].barred.empty()) same.push_back(j);
        done[j] = 1;
      }
    if (same.empty()) continue;  // nothing it may do: it declares nothing
    const std::uint64_t pick = rng_.below(same.size() + 1);  // same.size(): none
    if (pick < same.size() && answer.picks.size() < choice.max_picks)
      answer.picks.push_back(same[pick]);
  }
  return answer;
}

double pass_probability_from(const AgentOptions& options) {
  double p = kDefaultPassProbability;
  for (const auto& [key, value] : options.settings) {
    if (key != "pass_probability")
      throw std::invalid_argument("ai-random has no setting '" + key + "' (it has: pass_probability)");
    double parsed = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), parsed);
    // Written so that NaN ("nan" parses) is refused as well.
    if (ec != std::errc() || end != value.data() + value.size() || !(parsed >= 0 && parsed <= 1))
      throw std::invalid_argument("ai-random: pass_probability must be a number from 0 to 1, got '" +
                                  value + "'");
    p = parsed;
  }
  return p;
}

}  // namespace anvil::ai_random
