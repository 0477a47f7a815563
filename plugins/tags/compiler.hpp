// TagCompiler: the Compiler the tags loaders hand to factories (parts.hpp). It resolves every
// name through the Registry, tells unsupported vocabulary (a warning naming card and tag) from
// unknown names (a LoadError naming card and tag, with a did-you-mean), and fills defaults
// explicitly: a missing condition takes its factory's default in version 1 files only
// (Compiler::default_conditions).
#pragma once

#include <anvil/sdk.hpp>
#include <string>
#include <vector>

#include "anvil/tags/parts.hpp"

namespace anvil::tags {

class TagCompiler final : public Compiler {
 public:
  // `default_conditions`: the file is version 1 (see Compiler::default_conditions).
  TagCompiler(const Registry& registry, CardDef& card, SourceLocation where,
              std::vector<Diagnostic>& diagnostics, bool default_conditions)
      : registry_(registry),
        card_(card),
        where_(std::move(where)),
        diagnostics_(diagnostics),
        default_conditions_(default_conditions) {}

  const Registry& registry() const override { return registry_; }
  CardDef& card() override { return card_; }
  std::shared_ptr<const Action> action(const Param& tag) override;
  std::shared_ptr<const Status> status(const Param& tag) override;
  std::shared_ptr<const Selector> selector(const Param& tag) override;
  std::shared_ptr<const Condition> condition(const Param& tag) override;
  std::optional<EventSpec> event(const Param& tag) override;
  Amount amount(const Param& value, const Param* multiplier) override;
  std::shared_ptr<const CardSource> card_source(const Param& value) override;
  std::optional<ActionTag> action_tag(const Param& tag) override;
  // A Choose One option {card, actions, selector, condition?}: its action tag, `card` aside.
  std::optional<ActionTag> choice(const Param& item);
  std::optional<Aura> aura(const Param& tag) override;
  std::optional<Buff> buff(const Param& tag) override;
  Scope scope(const Param* value, Scope fallback) override;
  bool default_conditions() const override { return default_conditions_; }
  std::uint16_t add_given(std::shared_ptr<const Ability> ability) override;
  void unsupported(std::string_view what) override;
  // {name: all | user | random, count?, distinct?}: a selector's picker, or a give's.
  Picker picker(const Param& tag);
  // Reports, as errors of the card, every key of `map` (when it is a map) not in `keys`, with a
  // did-you-mean: a misspelt `conditon` would otherwise be ignored without a word. `what` names
  // the map ("an aura").
  void known_keys(const Param& map, std::string_view what,
                  std::initializer_list<std::string_view> keys);
  // The same, located at the tag's name.
  void unsupported_at(const Param& at, std::string_view what);

  [[noreturn]] void fail(const Param& at, std::string problem, std::string hint = {}) const;
  // Where card names that card sources name are recorded (the CardScript's references).
  std::vector<std::string>* references = nullptr;
  const SourceLocation& where() const { return where_; }

 private:
  template <class F>
  std::shared_ptr<const F> factory(const Param& tag, std::string_view key, std::string_view what);
  std::optional<StatusTag> status_tag(const Param& tag);
  std::optional<ActionTag> action_tag_body(const Param& tag);  // its keys already checked

  const Registry& registry_;
  CardDef& card_;
  SourceLocation where_;
  std::vector<Diagnostic>& diagnostics_;
  bool default_conditions_;
};

// Built-in parts that are not registry kinds (compiler.cpp asks them by name).
std::shared_ptr<const AmountFunction> make_amount_function(const Param& tag, TagCompiler& c);
std::shared_ptr<const CardSource> make_card_source(const Param& value, TagCompiler& c);

// Registers every built-in action, status, selector, condition and event.
void register_actions(Registrar& r);
void register_statuses(Registrar& r);
void register_selectors(Registrar& r);
void register_conditions(Registrar& r);
void register_events(Registrar& r);

}  // namespace anvil::tags
