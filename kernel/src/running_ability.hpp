// Which card's ability the kernel is running plugin code for, on this thread: Game::invoke sets
// it around resolve() and connect(), so that the bus can name that ability in what a slot it
// connected throws later (a trigger's condition, a replacement effect), long after connect()
// returned. Kernel-internal.
#pragma once

#include <cstdint>

#include "anvil/config.hpp"
#include "anvil/ids.hpp"

ANVIL_BEGIN_NAMESPACE

struct RunningAbility {
  CardId card;  // invalid outside any ability's code
  std::uint16_t ability = 0;
};

// The innermost ability running on this thread.
RunningAbility running_ability() noexcept;

// Makes `running` the running ability for its lifetime, then restores the one before (calls
// nest: a spell's resolution connects a delayed trigger's slot in the spell's name).
class RunningAbilityScope {
 public:
  explicit RunningAbilityScope(RunningAbility running) noexcept;
  ~RunningAbilityScope();
  RunningAbilityScope(const RunningAbilityScope&) = delete;
  RunningAbilityScope& operator=(const RunningAbilityScope&) = delete;

 private:
  RunningAbility before_;
};

ANVIL_END_NAMESPACE
