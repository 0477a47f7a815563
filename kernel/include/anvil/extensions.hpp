// The interfaces plugins implement. Each is registered by name in the Registry and found by
// name; each compiles its part of a card once, at load time, into immutable objects that a
// game then runs without string work (DESIGN.md §3).
//
//   class Doubled final : public ValueFunction {            // Doubled$<n>
//     std::shared_ptr<const ValueExpr> compile(std::string_view expr,
//                                              CompileContext& ctx) const override;
//   };
//   ANVIL_PLUGIN("value-doubled", "1.0.0", "Doubled$<n>: twice n") {
//     registrar.add<ValueFunction>("Doubled", std::make_shared<Doubled>());
//   }
#pragma once

#include <cstdint>
#include <filesystem>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/ability.hpp"
#include "anvil/card.hpp"
#include "anvil/config.hpp"
#include "anvil/error.hpp"
#include "anvil/params.hpp"
#include "anvil/registry.hpp"

ANVIL_BEGIN_NAMESPACE

class Game;
class Agent;

// A problem found while loading, kept rather than thrown so that every problem of a pack is
// reported at once.
struct ANVIL_API Diagnostic {
  enum class Severity : std::uint8_t { error, warning };
  Severity severity = Severity::error;
  SourceLocation where;
  std::string message;
  std::string str() const;  // "file:line:column: error: message"
};

// What a handler compiling part of a card can see: the card being built, where it is, and the
// registry to find the plugins it delegates to.
struct CompileContext {
  const Registry& registry;
  CardDef& card;
  SourceLocation where;
  std::vector<Diagnostic>& diagnostics;

  void warn(std::string message) const {
    diagnostics.push_back({Diagnostic::Severity::warning, where, std::move(message)});
  }
  // Declares that the card works only in a game whose pool holds a card named `name` (a token
  // it creates, a minion it summons), `where` being the name's place in the source. Loading
  // the pack reports a name no card has as an error there, with a did-you-mean (CardNeed).
  // Plugin ABI 12.0.
  //
  //   // "GenToken/1/Goblin Token": the name starts 11 characters into the text at ctx.where.
  //   SourceLocation name_at = ctx.where;
  //   name_at.column += 11;
  //   ctx.need_card("Goblin Token", name_at);
  void need_card(std::string name, SourceLocation where) const {
    card.needs.push_back({std::move(name), std::move(where)});
  }
};

// A card line keyword: adds abilities (or keywords) to ctx.card from its parameters.
class ANVIL_API KeywordHandler {
 public:
  static constexpr PluginKind kKind = PluginKind::keyword;
  virtual ~KeywordHandler();
  // Throws LoadError (with the location of the offending Param) on bad parameters.
  virtual void compile(const Params& params, CompileContext& ctx) const = 0;
  // A one-line summary, such as "spDamageTgt:<amount>: damage to any target", which
  // `anvil plugins list --json` shows for each keyword.
  virtual std::string summary() const = 0;
};

// A compiled number: "3", "Count$YourLifeTotal", "X".
class ANVIL_API ValueExpr {
 public:
  virtual ~ValueExpr();
  virtual std::int64_t eval(const Game& game, const ResolveContext& ctx) const = 0;
  // "the number of Swamps you control" — used to write "where X is …".
  virtual std::string describe() const = 0;
};

// A value-function family such as Count$ ("Count" is the registered name; `expr` is what
// follows the '$').
class ANVIL_API ValueFunction {
 public:
  static constexpr PluginKind kKind = PluginKind::value_function;
  virtual ~ValueFunction();
  virtual std::shared_ptr<const ValueExpr> compile(std::string_view expr, CompileContext& ctx) const = 0;
};

// One compiled effect step ("YouGainLife/3"), run after a spell's main effect.
class ANVIL_API EffectStep {
 public:
  virtual ~EffectStep();
  // `x` is the number the step may refer to (X = the damage dealt, for a drawback).
  virtual void run(Game& game, const ResolveContext& ctx, std::int64_t x) const = 0;
  virtual std::string describe() const = 0;
};

// An effect verb ("YouGainLife"); `args` is what follows the verb ("3" in YouGainLife/3).
class ANVIL_API EffectVerb {
 public:
  static constexpr PluginKind kKind = PluginKind::effect_verb;
  virtual ~EffectVerb();
  virtual std::shared_ptr<const EffectStep> compile(std::string_view args, CompileContext& ctx) const = 0;
};

// What another plugin compiled for this one (a ValueFunction's expression, an EffectVerb's step),
// wrapped so that what it throws while a game runs names that plugin rather than the plugin of
// the ability it runs in: an AbilityError with `provider` (the RegistryEntry's), the card and
// the ability's text, and the problem "its NAME failed: …". Describes itself as the wrapped one.
// Plugin ABI 11.3.
//
//   const RegistryEntry* entry = ctx.registry.entry(PluginKind::effect_verb, "YouGainLife");
//   auto step = attributed(verb->compile(args, inner), entry ? entry->provider : "?",
//                          "step 'YouGainLife'");
// (compile_value below does this for a value function.)
ANVIL_API std::shared_ptr<const ValueExpr> attributed(std::shared_ptr<const ValueExpr> expr,
                                                      std::string provider, std::string name);
ANVIL_API std::shared_ptr<const EffectStep> attributed(std::shared_ptr<const EffectStep> step,
                                                       std::string provider, std::string name);

// "<name>$<expr>" compiled by the ValueFunction registered as `name` (`inner` is the context for
// `expr`, at its location) and attributed() to that function's plugin: what a plugin reading a
// value function's expression calls. A name not registered is a LoadError at `where` with a
// did-you-mean; a function that compiles to nothing gives nullptr, for the caller to report.
// Plugin ABI 11.3.
//
//   CompileContext inner{ctx.registry, ctx.card, shifted(where, dollar + 1), ctx.diagnostics};
//   auto expr = compile_value("Count", "YouCtrl.Swamp", inner, where);
ANVIL_API std::shared_ptr<const ValueExpr> compile_value(const std::string& name,
                                                         std::string_view expr,
                                                         CompileContext& inner,
                                                         const SourceLocation& where);

// Collects what a CardLoader reads from one file.
struct CardFileContext {
  const Registry& registry;
  std::string pack;
  std::vector<CardDef>& cards;
  std::vector<Diagnostic>& diagnostics;

  void error(SourceLocation where, std::string message) {
    diagnostics.push_back({Diagnostic::Severity::error, std::move(where), std::move(message)});
  }
  // Prefixes `who` ("card 'Grizzly Bears'") and ": " to each diagnostic from index `first` on
  // that does not name it already. Every message about a card names it (docs/script-reference.md):
  // the reader need not count lines, and the pack loader tells a deck that names a card which
  // failed to load where its error is, by the "card 'NAME'" at the start of that error.
  void name_card_from(std::size_t first, const std::string& who) {
    for (std::size_t i = first; i < diagnostics.size(); ++i) {
      std::string& message = diagnostics[i].message;
      if (message.find(who) == std::string::npos) message = who + ": " + message;
    }
  }
};

// A card-file format, chosen by file extension (".txt" → the classic format).
class ANVIL_API CardLoader {
 public:
  static constexpr PluginKind kKind = PluginKind::card_loader;
  virtual ~CardLoader();
  // Extensions handled, with the dot: {".txt"}.
  virtual std::vector<std::string> extensions() const = 0;
  // Parses `text` (the contents of `file`), appending cards and diagnostics. Should report every
  // problem of the file, not only the first.
  virtual void load(const std::filesystem::path& file, std::string_view text,
                    CardFileContext& ctx) const = 0;
};

// Options for making an agent.
struct AgentOptions {
  std::uint64_t seed = 0;
  std::vector<std::pair<std::string, std::string>> settings;  // agent-specific key=value
  // The registry the agent is made from; make_agent() fills it in when null. An agent that
  // uses other plugins finds them here by name (a search agent's rollout agent and rules).
  const Registry* registry = nullptr;
  // The registered name of the rules module whose games the agent plays ("classic"), for
  // agents that run a game forward (search). Empty: the host did not say.
  std::string rules = {};
};

class ANVIL_API AgentFactory {
 public:
  static constexpr PluginKind kKind = PluginKind::agent;
  virtual ~AgentFactory();
  virtual std::unique_ptr<Agent> make(const AgentOptions& options) const = 0;
  // One line: what the agent plays like, and its settings (`anvil play` lists it at `ai`).
  virtual std::string summary() const = 0;
};

ANVIL_END_NAMESPACE

ANVIL_BEGIN_NAMESPACE

// Compiles one keyword line onto ctx.card through the registry: finds the KeywordHandler named
// params.keyword() (LoadError with a did-you-mean if there is none), runs it, and stamps every
// ability it added with the handler's plugin (named in errors during games) and a reference that
// keeps that plugin loaded while the card lives. Anything the handler throws that is not a
// LoadError becomes one, at the line, naming the plugin. Card loaders call this for each line.
ANVIL_API void compile_keyword(const Params& params, CompileContext& ctx);

// Makes an agent by registered name. The agent keeps its plugin loaded while it lives.
// Throws LoadError with a did-you-mean for an unknown name.
//
// `spec` is a name, optionally followed by settings, each ":KEY=VALUE":
//   make_agent(registry, "ai-search:playouts=200:threads=2", {seed});
// appends {"playouts","200"}, {"threads","2"} to options.settings. This is the one syntax every
// command that names agents accepts (`anvil sim --agents ai-search:playouts=200,ai-random`).
// A setting without '=' or with an empty key, or a key given twice (there or in
// `options.settings` already), is a LoadError.
ANVIL_API std::shared_ptr<Agent> make_agent(const Registry& registry, std::string_view spec,
                                            const AgentOptions& options = {});

ANVIL_END_NAMESPACE
