#include "drawback.hpp"

#include <array>
#include <string>
#include <utility>
#include <vector>

namespace anvil::effect_drawback {

namespace {

// "TgtP" (the seed's variable name) is accepted for "Tgt"; longer words first.
constexpr std::array<std::string_view, 5> kPlayers = {"TgtP", "Chosen", "You", "Opp", "Tgt"};

class Sequence final : public EffectStep {
 public:
  explicit Sequence(std::vector<std::shared_ptr<const EffectStep>> steps)
      : steps_(std::move(steps)) {}
  void run(Game& game, const ResolveContext& ctx, std::int64_t x) const override {
    for (const auto& s : steps_) s->run(game, ctx, x);
  }
  std::string describe() const override {
    std::string text;
    for (std::size_t i = 0; i < steps_.size(); ++i) {
      if (i > 0) text += i + 1 == steps_.size() ? ", then " : ", ";
      text += steps_[i]->describe();
    }
    return text;
  }

 private:
  std::vector<std::shared_ptr<const EffectStep>> steps_;
};

// The verbs a hint may suggest: registered effect verbs other than Drawback itself.
std::vector<std::string> verb_names(const Registry& registry) {
  std::vector<std::string> out;
  for (std::string& n : registry.names(PluginKind::effect_verb))
    if (n != "Drawback") out.push_back(std::move(n));
  return out;
}

std::shared_ptr<const EffectStep> compile_step(std::string_view step, std::size_t offset,
                                               CompileContext& ctx) {
  const std::size_t slash = step.find('/');
  const std::string_view word = step.substr(0, slash);
  const std::string_view rest =
      slash == std::string_view::npos ? std::string_view{} : step.substr(slash + 1);
  if (word.empty())
    throw LoadError(at(ctx, offset),
                    "a Drawback$ step starts with its verb, such as 'YouGainLife/3'");
  // `args_offset`: where args[0] would be; with a player word moved in front of what was
  // written after the verb (YouTithe/x is given as You/x), a place before the rest's.
  auto compile_with = [&](std::string_view name, const EffectVerb& verb, std::string args,
                          std::size_t args_offset,
                          bool player_moved) -> std::shared_ptr<const EffectStep> {
    CompileContext inner{ctx.registry, ctx.card, at(ctx, args_offset), ctx.diagnostics};
    // What a verb says of all it was given, at inner.where ("cannot read Tithe 'You/x'"), is
    // the step's: told at its first character, not inside the verb's name, where a moved player
    // word puts inner.where. A place further on (the x) is exact either way.
    const std::size_t said = ctx.diagnostics.size();
    std::shared_ptr<const EffectStep> compiled;
    try {
      compiled = verb.compile(args, inner);
    } catch (const LoadError& e) {
      if (player_moved && e.where() == inner.where)
        throw LoadError(at(ctx, offset), e.problem(), e.hint());
      throw;
    }
    if (player_moved)
      for (std::size_t i = said; i < ctx.diagnostics.size(); ++i)
        if (ctx.diagnostics[i].where == inner.where) ctx.diagnostics[i].where = at(ctx, offset);
    if (!compiled)
      throw LoadError(at(ctx, offset),
                      "effect verb '" + std::string(word) + "' compiled to nothing");
    // A registered verb may be another plugin's: what its step throws names that plugin, and
    // the verb (the kernel would name only keyword-damage, whose damage spell the step runs in).
    const RegistryEntry* entry = ctx.registry.entry(PluginKind::effect_verb, name);
    return attributed(std::move(compiled), entry ? entry->provider : "?",
                      "step '" + std::string(word) + "'");
  };
  // A verb registered under the whole word takes the arguments as written.
  if (word != "Drawback") {
    if (auto verb = ctx.registry.find<EffectVerb>(word))
      return compile_with(word, *verb, std::string(rest), offset + word.size() + 1, false);
  }
  // Otherwise a player word before or after the verb: YouGainLife, GainLifeYou. The first
  // reading that names a registered verb wins, so "TgtPoison" is Tgt + Poison, not TgtP +
  // oison; with none, the first reading is reported.
  std::string_view player = "You", verb_name = word;
  bool read = false;
  for (std::string_view p : kPlayers) {
    std::string_view name;
    if (word.size() > p.size() && word.starts_with(p)) {
      name = word.substr(p.size());
    } else if (word.size() > p.size() && word.ends_with(p)) {
      name = word.substr(0, word.size() - p.size());
    } else {
      continue;
    }
    if (!read || ctx.registry.find<EffectVerb>(name)) {
      player = p;
      verb_name = name;
    }
    read = true;
    if (ctx.registry.find<EffectVerb>(name)) break;
  }
  auto verb = verb_name == "Drawback" ? nullptr : ctx.registry.find<EffectVerb>(verb_name);
  if (!verb) {
    const auto known = verb_names(ctx.registry);
    std::string hint = did_you_mean(verb_name, known);
    if (verb_name != word) {
      // Suggest the whole word with its player, as the author wrote it, from the reading whose
      // suggestion is nearest to the word: "TgtPoisn" is Tgt + Poison, not TgtP + Poison.
      std::string best;
      for (std::string_view p : kPlayers) {
        const bool front = word.size() > p.size() && word.starts_with(p);
        if (!front && !(word.size() > p.size() && word.ends_with(p))) continue;
        const std::string_view name =
            front ? word.substr(p.size()) : word.substr(0, word.size() - p.size());
        const std::string h = did_you_mean(name, known);
        if (h.empty()) continue;
        const std::string guess = h.substr(h.find('\'') + 1, h.rfind('\'') - h.find('\'') - 1);
        const std::string whole = front ? std::string(p) + guess : guess + std::string(p);
        if (best.empty() || edit_distance(whole, word) < edit_distance(best, word)) best = whole;
      }
      if (!best.empty()) hint = "did you mean '" + best + "'?";
    }
    if (hint.empty())
      hint = "known verbs: " + [&] {
        std::string s;
        for (const auto& k : known) s += (s.empty() ? "" : ", ") + k;
        return s;
      }();
    throw LoadError(at(ctx, offset), "Drawback$ verb '" + std::string(word) + "' is unknown", hint);
  }
  // The verb gets "<Player>/<rest>"; the player word has no column of its own, so the
  // arguments' columns start at the '/' (a player-less step) or after it.
  const std::string_view args_player = player == "TgtP" ? "Tgt" : player;
  std::string args = std::string(args_player);
  if (slash != std::string_view::npos) args += "/" + std::string(rest);
  const std::size_t shift = args_player.size() + 1;
  const std::size_t rest_offset = offset + word.size() + 1;
  return compile_with(verb_name, *verb, std::move(args),
                      rest_offset >= shift ? rest_offset - shift : 0, true);
}

}  // namespace

SourceLocation at(const CompileContext& ctx, std::size_t offset) {
  return shifted(ctx.where, offset);
}

std::shared_ptr<const EffectStep> Drawback::compile(std::string_view args,
                                                    CompileContext& ctx) const {
  if (args.empty())
    throw LoadError(at(ctx, 0), "Drawback$ is empty; write a step such as 'YouGainLife/3'");
  std::vector<std::shared_ptr<const EffectStep>> steps;
  std::size_t start = 0;
  while (true) {
    const std::size_t amp = args.find('&', start);
    std::string_view step = args.substr(start, amp == std::string_view::npos ? amp : amp - start);
    std::size_t offset = start;
    while (!step.empty() && step.front() == ' ') {
      step.remove_prefix(1);
      ++offset;
    }
    while (!step.empty() && step.back() == ' ') step.remove_suffix(1);
    steps.push_back(compile_step(step, offset, ctx));
    if (amp == std::string_view::npos) break;
    start = amp + 1;
  }
  if (steps.size() == 1) return steps.front();
  return std::make_shared<Sequence>(std::move(steps));
}

}  // namespace anvil::effect_drawback
