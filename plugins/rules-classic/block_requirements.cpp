// Block requirements (509.1c): the keywords `blocks_each_combat`, `must_be_blocked` and `lure`,
// and how many requirements a block declaration obeys against the most it could; also the
// restriction keyword `blocked_by_at_most_one` (509.1b), which that count must respect.
//
// With every creature blocking at most one attacker and no restriction spanning several
// blockers, a declaration is a choice, per creature, of an attacker it may block or none. A
// creature's own requirements ("blocks each combat if able"; "block <Lure's creature>") depend
// on its choice alone: the most it can obey is best(b), over the attackers it may block. An
// attacker that "must be blocked if able" adds one more when some creature blocks it. Moving a
// creature off a best choice loses at least one of its own and gains at most one such attacker,
// so the most obeyed is Σ best(b) plus the largest matching of those attackers to distinct
// creatures for which blocking them is a best choice (Kuhn's augmenting paths: combat is small).
// Menace (702.110b) and "can't be blocked by more than one creature" span several blockers, so
// with such an attacker the most is found by trying every declaration instead (most_by_trying).
#include <algorithm>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "classic.hpp"

namespace anvil::rules_classic {

namespace {

// blocks_each_combat, must_be_blocked, lure, blocked_by_at_most_one: a Symbol named as the
// keyword, so that an Aura's `enchanted: {grant: lure}` gives it too (Lure).
class BlockKeyword final : public KeywordHandler {
 public:
  BlockKeyword(Symbol symbol, std::string name, std::string text, std::string rule)
      : symbol_(symbol), name_(std::move(name)), text_(std::move(text)), rule_(std::move(rule)) {}
  void compile(const Params& params, CompileContext& ctx) const override {
    if (params.size() != 0) params.fail("'" + name_ + "' takes no parameters");
    ctx.card.base.add_keyword(symbol_);
  }
  std::string summary() const override { return name_ + " — " + text_ + " (" + rule_ + ")"; }

 private:
  Symbol symbol_;
  std::string name_, text_, rule_;
};

// The requirements `blocker` obeys by blocking `attacker` (the pair obeying the restrictions).
int own_requirements(const Game& game, ObjectId blocker, ObjectId attacker) {
  return (has_keyword(game, blocker, kMustBlock) ? 1 : 0) +
         (has_keyword(game, attacker, kLure) ? 1 : 0);
}

// An attacker whose number of blockers is restricted: menace (702.110b), none or two or more;
// `blocked_by_at_most_one` (509.1b), none or one.
bool counted(const Game& game, ObjectId attacker) {
  return has_keyword(game, attacker, kMenace) || has_keyword(game, attacker, kBlockedByOne);
}

// With an attacker whose blockers are counted the count above does not hold: blocking one with
// menace takes two creatures, so moving one creature may gain nothing, and of the creatures a
// Lure sends to one that only one may block, all but one obey nothing. The most obeyed is then
// found by trying every declaration (each creature blocks none or one of the attackers it may
// block; each attacker's count as its restriction allows), while there are at most kExactLimit
// of them; combat is small. Larger combats keep the count above, which may then overstate the
// most.
constexpr std::uint64_t kExactLimit = 1u << 16;

struct Tried {
  int most = 0;
  std::vector<BlockPair> example;  // the first legal declaration obeying `most`
};

std::optional<Tried> most_by_trying(const Game& game, const std::vector<ObjectId>& blockers,
                                    const std::vector<ObjectId>& must_be_blocked,
                                    const std::vector<BlockPair>& allowed) {
  std::vector<std::vector<ObjectId>> choices(blockers.size());  // per blocker: its attackers
  std::uint64_t declarations = 1;
  for (std::size_t b = 0; b < blockers.size(); ++b) {
    for (const BlockPair& p : allowed)
      if (p.blocker == blockers[b]) choices[b].push_back(p.attacker);
    declarations *= choices[b].size() + 1;
    if (declarations > kExactLimit) return std::nullopt;
  }
  std::vector<ObjectId> attackers;
  for (const BlockPair& p : allowed)
    if (std::find(attackers.begin(), attackers.end(), p.attacker) == attackers.end())
      attackers.push_back(p.attacker);
  std::vector<bool> menace(attackers.size()), at_most_one(attackers.size());
  for (std::size_t a = 0; a < attackers.size(); ++a) {
    menace[a] = has_keyword(game, attackers[a], kMenace);
    at_most_one[a] = has_keyword(game, attackers[a], kBlockedByOne);
  }
  // own[b][k]: what blocker b obeys blocking its k-th attacker (k = choices[b].size(): none).
  std::vector<std::vector<int>> own(blockers.size());
  for (std::size_t b = 0; b < blockers.size(); ++b) {
    for (ObjectId a : choices[b]) own[b].push_back(own_requirements(game, blockers[b], a));
    own[b].push_back(0);
  }
  std::vector<std::size_t> pick(blockers.size(), 0);  // an odometer over the declarations
  std::vector<int> count(attackers.size());
  int most = -1;
  std::vector<std::size_t> best_pick;
  for (std::uint64_t n = 0; n < declarations; ++n) {
    std::fill(count.begin(), count.end(), 0);
    int obeyed = 0;
    for (std::size_t b = 0; b < blockers.size(); ++b) {
      obeyed += own[b][pick[b]];
      if (pick[b] < choices[b].size())
        ++count[static_cast<std::size_t>(
            std::find(attackers.begin(), attackers.end(), choices[b][pick[b]]) -
            attackers.begin())];
    }
    bool legal = true;
    for (std::size_t a = 0; a < attackers.size() && legal; ++a) {
      legal = !(menace[a] && count[a] == 1) && !(at_most_one[a] && count[a] > 1);
      if (count[a] > 0 && std::find(must_be_blocked.begin(), must_be_blocked.end(), attackers[a]) !=
                              must_be_blocked.end())
        ++obeyed;
    }
    if (legal && obeyed > most) {
      most = obeyed;
      best_pick = pick;
    }
    for (std::size_t b = 0; b < blockers.size(); ++b) {  // the next declaration
      if (++pick[b] <= choices[b].size()) break;
      pick[b] = 0;
    }
  }
  // Declaring no blocker is always legal, so best_pick was set.
  Tried out;
  out.most = most;
  for (std::size_t b = 0; b < blockers.size(); ++b)
    if (best_pick[b] < choices[b].size())
      out.example.push_back({blockers[b], choices[b][best_pick[b]]});
  return out;
}

bool augment(std::size_t a, const std::vector<std::vector<std::size_t>>& edges,
             std::vector<bool>& visited, std::vector<std::ptrdiff_t>& match_of_blocker) {
  for (std::size_t b : edges[a]) {
    if (visited[b]) continue;
    visited[b] = true;
    if (match_of_blocker[b] < 0 ||
        augment(static_cast<std::size_t>(match_of_blocker[b]), edges, visited, match_of_blocker)) {
      match_of_blocker[b] = static_cast<std::ptrdiff_t>(a);
      return true;
    }
  }
  return false;
}

// Whether a pair names a creature with one of the keywords block_requirements counts: a blocker
// that blocks each combat, an attacker that must be blocked, has lure or menace, or can't be
// blocked by more than one creature. One view of each, where the count below asks has_keyword
// (a view each) about six times a pair.
bool any_block_keyword(const Game& game, const std::vector<BlockPair>& pairs) {
  Characteristics scratch;  // views without copies (Game::view)
  for (const BlockPair& p : pairs) {
    if (game.view(p.blocker, scratch).has_keyword(kMustBlock)) return true;
    const Characteristics& a = game.view(p.attacker, scratch);
    if (a.has_keyword(kMustBeBlocked) || a.has_keyword(kLure) || a.has_keyword(kMenace) ||
        a.has_keyword(kBlockedByOne))
      return true;
  }
  return false;
}

}  // namespace

BlockRequirements block_requirements(const Game& game, const std::vector<BlockPair>& given,
                                     const std::vector<BlockPair>& picks) {
  BlockRequirements out;
  // Without any of those keywords among the pairs allowed and picked (most combats), nothing is
  // unblockable, every creature's best is 0 (own_requirements), no attacker must be blocked and
  // none is counted: the most, the obeyed and the example below come out 0, 0 and empty, and
  // nothing is named. Found without the lists (about 800 instructions a call).
  if (!any_block_keyword(game, given) && !any_block_keyword(game, picks)) return out;
  // An attacker with menace that fewer than two creatures may block can't be blocked at all: no
  // requirement to block it could be obeyed, and the count below (one blocker a block) would
  // count one. (most_by_trying finds that by itself; a combat too large for it keeps this.)
  std::vector<BlockPair> allowed = given;
  std::vector<ObjectId> unblockable;
  for (const BlockPair& p : allowed) {
    const auto able = std::count_if(allowed.begin(), allowed.end(),
                                    [&](const BlockPair& q) { return q.attacker == p.attacker; });
    if (able < 2 && has_keyword(game, p.attacker, kMenace)) unblockable.push_back(p.attacker);
  }
  std::erase_if(allowed, [&](const BlockPair& p) {
    return std::find(unblockable.begin(), unblockable.end(), p.attacker) != unblockable.end();
  });
  std::vector<ObjectId> blockers, must_be_blocked;
  for (const BlockPair& p : allowed) {
    if (std::find(blockers.begin(), blockers.end(), p.blocker) == blockers.end())
      blockers.push_back(p.blocker);
    if (has_keyword(game, p.attacker, kMustBeBlocked) &&
        std::find(must_be_blocked.begin(), must_be_blocked.end(), p.attacker) ==
            must_be_blocked.end())
      must_be_blocked.push_back(p.attacker);
  }
  std::vector<int> best(blockers.size(), 0);
  auto index_of = [&](ObjectId b) {
    return static_cast<std::size_t>(std::find(blockers.begin(), blockers.end(), b) -
                                    blockers.begin());
  };
  for (const BlockPair& p : allowed) {
    int& m = best[index_of(p.blocker)];
    m = std::max(m, own_requirements(game, p.blocker, p.attacker));
  }
  std::vector<std::vector<std::size_t>> edges(must_be_blocked.size());
  for (std::size_t a = 0; a < must_be_blocked.size(); ++a)
    for (const BlockPair& p : allowed) {
      const std::size_t b = index_of(p.blocker);
      if (p.attacker == must_be_blocked[a] &&
          own_requirements(game, p.blocker, p.attacker) == best[b])
        edges[a].push_back(b);
    }
  std::vector<std::ptrdiff_t> match_of_blocker(blockers.size(), -1);
  for (std::size_t a = 0; a < must_be_blocked.size(); ++a) {
    std::vector<bool> visited(blockers.size(), false);
    if (augment(a, edges, visited, match_of_blocker)) ++out.most;
  }
  for (int m : best) out.most += m;
  // The declaration that obeys that many: each creature at its best, the matched ones blocking
  // the attacker they are matched to.
  for (std::size_t b = 0; b < blockers.size(); ++b) {
    if (match_of_blocker[b] >= 0) {
      out.example.push_back(
          {blockers[b], must_be_blocked[static_cast<std::size_t>(match_of_blocker[b])]});
      continue;
    }
    if (best[b] == 0) continue;
    for (const BlockPair& p : allowed)
      if (p.blocker == blockers[b] && own_requirements(game, p.blocker, p.attacker) == best[b]) {
        out.example.push_back(p);
        break;
      }
  }
  if (std::any_of(allowed.begin(), allowed.end(),
                  [&](const BlockPair& p) { return counted(game, p.attacker); }))
    if (std::optional<Tried> exact = most_by_trying(game, blockers, must_be_blocked, allowed)) {
      out.most = exact->most;
      out.example = std::move(exact->example);
    }

  // What `picks` obeys, and the first requirement it leaves that could have been obeyed.
  std::vector<int> chosen(blockers.size(), 0);
  std::vector<bool> blocks(blockers.size(), false);
  for (const BlockPair& p : picks) {
    const std::size_t b = index_of(p.blocker);
    if (b == blockers.size()) continue;
    chosen[b] = own_requirements(game, p.blocker, p.attacker);
    blocks[b] = true;
    out.obeyed += chosen[b];
  }
  std::vector<ObjectId> unblocked;
  for (ObjectId a : must_be_blocked) {
    if (std::any_of(picks.begin(), picks.end(),
                    [&](const BlockPair& p) { return p.attacker == a; }))
      ++out.obeyed;
    else
      unblocked.push_back(a);
  }
  // A creature below its best names the requirement it left first; all at their best, the
  // shortfall is an attacker that must be blocked.
  for (std::size_t b = 0; b < blockers.size() && out.unobeyed.empty(); ++b) {
    if (chosen[b] >= best[b]) continue;
    if (has_keyword(game, blockers[b], kMustBlock) && !blocks[b]) {
      out.unobeyed = numbered_label(game, blockers[b]) + " blocks each combat if able";
      break;
    }
    for (const BlockPair& p : allowed)
      if (p.blocker == blockers[b] && has_keyword(game, p.attacker, kLure)) {
        out.unobeyed = "all creatures able to block " + numbered_label(game, p.attacker) +
                       " do so, and " + numbered_label(game, blockers[b]) + " can";
        break;
      }
  }
  if (out.unobeyed.empty() && !unblocked.empty())
    out.unobeyed = numbered_label(game, unblocked.front()) + " must be blocked if able";
  // A restriction on an attacker's blockers: no single creature to name.
  if (out.unobeyed.empty() && out.obeyed < out.most) out.unobeyed = "the block requirements";
  return out;
}

void register_block_requirement_keywords(Registrar& registrar) {
  auto add = [&](Symbol symbol, const char* name, const char* text, const char* rule) {
    registrar.add<KeywordHandler>(name, std::make_shared<BlockKeyword>(symbol, name, text, rule));
  };
  add(kMustBlock, "blocks_each_combat", "CARDNAME blocks each combat if able", "509.1c");
  add(kMustBeBlocked, "must_be_blocked", "CARDNAME must be blocked if able", "509.1c");
  add(kLure, "lure", "all creatures able to block CARDNAME do so", "509.1c");
  add(kBlockedByOne, "blocked_by_at_most_one",
      "CARDNAME can't be blocked by more than one creature", "509.1b");
}

}  // namespace anvil::rules_classic
