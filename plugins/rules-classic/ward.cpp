// Ward (702.21): the keyword `ward: {cost: "{2}"}` — "Ward {2} (Whenever this permanent becomes the
// target of a spell or ability an opponent controls, counter it unless that player pays {2}.)"
//
// "Becomes the target": as a spell is cast, an ability activated, a triggered ability put on
// the stack or a copy of a spell put on the stack (707.10, copies.cpp), announce_targets
// announces each object it targets (CustomEvent kBecameTarget, amount the stack item's id). Ward
// is a triggered ability of the permanent: it triggers when the item's controller is an opponent
// of the permanent's, and as it resolves it counters that item (counterspells.cpp's
// counter_stack_item) unless its controller pays, asked as for Mana Leak. An item that already
// left the stack (resolved first, or countered) is left alone.
#include <algorithm>
#include <array>
#include <cstddef>
#include <span>
#include <string>
#include <vector>

#include "classic.hpp"

namespace anvil::rules_classic {

std::optional<std::size_t> stack_index(const Game& game, std::uint32_t id) {
  const auto& stack = game.state().stack;
  for (std::size_t i = 0; i < stack.size(); ++i)
    if (stack[i].id == id) return i;
  return std::nullopt;
}

namespace {

class WardAbility final : public Ability {
 public:
  ManaCost cost;
  std::string cost_text;  // "{2}"

  void connect(Game& game, ObjectId self, std::vector<Connection>& out) const override {
    const std::uint16_t index = ability_index(game, self, this);
    out.push_back(game.bus().on_trigger<CustomEvent>([self, index](Game& g, const CustomEvent& e) {
      if (e.kind != kBecameTarget || !e.subject.is_object() || e.subject.object.id != self ||
          !on_battlefield(g, self) || !g.state().is_current(e.subject.object))
        return;
      const auto at = stack_index(g, static_cast<std::uint32_t>(e.amount));
      const GameObject& o = g.object(self);
      if (!at || g.state().stack[*at].controller == o.controller) return;  // an opponent's only
      g.fire_trigger(PendingTrigger{o.ref(), o.card, index, o.controller, record_of(g.state(), e)});
    }));
  }
  void resolve(Game& game, const ResolveContext& ctx) const override {
    const auto at = stack_index(game, static_cast<std::uint32_t>(ctx.event.amount));
    if (!at) return;
    const StackItem item = game.state().stack[*at];
    if (pays_to_keep(game, item, cost, cost_text, ctx.source.id)) return;
    if (const auto now = stack_index(game, item.id)) counter_stack_item(game, *now, ctx.source.id);
  }
  std::string describe() const override {
    return "Ward " + cost_text +
           " (Whenever CARDNAME becomes the target of a spell or ability an opponent controls, "
           "counter it unless that player pays " +
           cost_text + ".)";
  }
};

// ward: {cost: "{2}"}
class WardKeyword final : public KeywordHandler {
 public:
  void compile(const Params& params, CompileContext& ctx) const override {
    const Bound b = params.bind({"cost"});
    const Param& c = b.required("cost");
    auto impl = std::make_shared<WardAbility>();
    impl->cost = parse_mana_only(c, "a ward cost", "ward: {cost: \"{2}\"}");
    impl->cost_text = c.text();
    ctx.card.abilities.push_back(AbilityDef{AbilityKind::triggered, impl->describe(),
                                            "rules-classic", params.where(), impl});
  }
  std::string summary() const override {
    return "ward: {cost: \"{2}\"} — counter a spell or ability an opponent controls that targets "
           "this permanent unless its controller pays (702.21)";
  }
};

}  // namespace

void announce_targets(Game& game, std::uint32_t stack_id) {
  const auto at = stack_index(game, stack_id);
  if (!at) return;
  const StackItem& item = game.state().stack[*at];
  // Only an object becomes the target: an item that targets players alone announces nothing.
  const auto is_object = [](const Target& t) { return t.is_object(); };
  if (std::none_of(item.targets.begin(), item.targets.end(), is_object)) return;
  // What is read of the item is copied, as the events may change the stack: the targets into an
  // array on the stack when they fit (a copy of the whole item was an allocation at every cast,
  // and a std::pmr buffer's resource about a hundred instructions).
  const ObjectRef source = item.source;
  const std::uint32_t id = item.id;
  std::array<Target, 8> few;
  std::vector<Target> many;
  std::span<const Target> targets;
  if (item.targets.size() <= few.size()) {
    std::copy(item.targets.begin(), item.targets.end(), few.begin());
    targets = std::span<const Target>(few.data(), item.targets.size());
  } else {
    many = item.targets;
    targets = many;
  }
  for (std::size_t i = 0; i < targets.size(); ++i) {
    const Target& t = targets[i];
    if (!t.is_object()) continue;
    bool repeated = false;  // one object named by two targets becomes the target once
    for (std::size_t j = 0; j < i; ++j) repeated = repeated || targets[j] == t;
    if (repeated) continue;
    CustomEvent e;
    e.kind = kBecameTarget;
    e.subject = t;
    e.other = Target::of(source);
    e.amount = id;
    e.source = source.id;
    emit(game, e);
  }
}

void register_ward_keyword(Registrar& registrar) {
  registrar.add<KeywordHandler>("ward", std::make_shared<WardKeyword>());
}

}  // namespace anvil::rules_classic
