// The error types that cross library boundaries. They are defined (and their typeinfo and
// vtables emitted) in the kernel shared library, so a plugin may throw them and the host may
// catch them by type. Plugins never throw types of their own across the boundary: anything
// else they throw is caught as std::exception and wrapped.
//
//   throw LoadError(SourceLocation{"packs/x/cards/burn.txt", 41, 5},
//                   "Count$ quality 'Swmp' is unknown", "did you mean 'Swamp'?");
//   // what(): packs/x/cards/burn.txt:41:5: Count$ quality 'Swmp' is unknown; did you mean 'Swamp'?
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

// A place in a source file, 1-based. line 0 means "the whole file"; column 0 "the whole line".
struct ANVIL_API SourceLocation {
  std::string file;
  std::uint32_t line = 0;
  std::uint32_t column = 0;

  // "file:line:column", omitting the parts that are 0.
  std::string str() const;
  bool operator==(const SourceLocation&) const = default;
};

// `where` moved `offset` characters along its line: the place of a part of a token (the
// expression after "Count$", a step of a Drawback$), for the CompileContext of the plugin that
// compiles that part, whose errors are then told there. A place without a line (a whole file)
// stays as it is; a column of 0 (the whole line) counts from 1.
//
//   CompileContext inner{ctx.registry, ctx.card, shifted(p.where(), dollar + 1), ctx.diagnostics};
inline SourceLocation shifted(SourceLocation where, std::size_t offset) {
  if (where.line != 0)
    where.column = (where.column == 0 ? 1 : where.column) + static_cast<std::uint32_t>(offset);
  return where;
}

// Base of every Anvil error. `what()` is the full message; the parts stay readable apart.
class ANVIL_API Error : public std::runtime_error {
 public:
  explicit Error(const std::string& message);
  ~Error() override;
};

// A card, pack, manifest or scenario that cannot be loaded. Found at load time, never mid-game.
// what() is "where: problem; hint"; a name looked up with no file or line behind it (an agent
// named on the command line, Registry::get) has no "where: " part.
class ANVIL_API LoadError : public Error {
 public:
  LoadError(SourceLocation where, std::string problem, std::string hint = {});
  ~LoadError() override;

  const SourceLocation& where() const { return where_; }
  const std::string& problem() const { return problem_; }
  const std::string& hint() const { return hint_; }

 private:
  SourceLocation where_;
  std::string problem_;
  std::string hint_;
};

// A plugin that cannot be loaded or registered (bad ABI, missing symbol, duplicate name…).
class ANVIL_API PluginError : public Error {
 public:
  PluginError(std::string plugin, std::string file, std::string problem, std::string fix = {});
  ~PluginError() override;

  const std::string& plugin() const { return plugin_; }
  const std::string& file() const { return file_; }
  const std::string& problem() const { return problem_; }
  const std::string& fix() const { return fix_; }

 private:
  std::string plugin_, file_, problem_, fix_;
};

// Plugin code that failed while a game ran. Thrown by the kernel's call wrappers with the
// plugin, card and ability it was running; caught at the action boundary, which rolls back.
class ANVIL_API AbilityError : public Error {
 public:
  AbilityError(std::string plugin, std::string card, std::string ability, std::string problem);
  ~AbilityError() override;

  const std::string& plugin() const { return plugin_; }
  const std::string& card() const { return card_; }
  const std::string& ability() const { return ability_; }
  const std::string& problem() const { return problem_; }

 private:
  std::string plugin_, card_, ability_, problem_;
};

// Called only inside a catch handler: rethrows the exception being handled as an AbilityError
// naming `plugin`, `card` and `ability`, its problem `prefix` followed by the exception's text
// (what() of a std::exception, else "an exception that is not a std::exception"). An
// AbilityError (it names the innermost plugin already) and a RulesError (the kernel's own
// complaint) are rethrown unchanged. The kernel's call wrappers (Game::invoke, Game::as_ability,
// the bus's slots, the views' continuous effects) and attributed() use it; so may a plugin that
// runs another plugin's code. Plugin ABI 11.3.
//
//   try {
//     expr->eval(game, ctx);
//   } catch (...) {
//     rethrow_as_ability_error("value-count", card.name, "Count$", "Count$ failed: ");
//   }
[[noreturn]] ANVIL_API void rethrow_as_ability_error(std::string_view plugin, std::string_view card,
                                                     std::string_view ability,
                                                     std::string_view prefix = {});

// A rules violation or misuse of the kernel API (an id that does not exist, a rollback to a
// checkpoint that is gone, an agent answer out of range).
class ANVIL_API RulesError : public Error {
 public:
  using Error::Error;
  ~RulesError() override;
};

// Insertions, deletions and replacements between two words, letters compared without case: the
// distance did_you_mean() ranks candidates by, for a caller that weighs readings of its own.
ANVIL_API std::size_t edit_distance(std::string_view a, std::string_view b);

// "did you mean 'Swamp'?" — the closest candidate by edit distance, or empty if none is close
// enough to be a plausible typo (distance <= max(2, name.size() / 3)).
ANVIL_API std::string did_you_mean(std::string_view name, std::span<const std::string> candidates);
ANVIL_API std::string did_you_mean(std::string_view name,
                                   std::span<const std::string_view> candidates);

ANVIL_END_NAMESPACE
