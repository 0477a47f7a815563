// The one include for plugin authors.
//
//   #include <anvil/sdk.hpp>
//
//   namespace {
//   class Doubled final : public anvil::ValueFunction { … };
//   }
//   ANVIL_PLUGIN("value-doubled", "1.0.0", "Doubled$<n>: twice n") {
//     registrar.add<anvil::ValueFunction>("Doubled", std::make_shared<Doubled>());
//   }
//
// Build it with CMake: find_package(Anvil CONFIG REQUIRED) and
// anvil_add_plugin(value-doubled SOURCES doubled.cpp). See docs/plugin-guide.md.
//
// This header pulls in the kernel's public API and Boost.DLL's alias macro only: no
// Boost.Signals2 and no yaml-cpp, so plugins compile fast and never instantiate signal
// templates (DESIGN.md, "The plugin boundary").
#pragma once

#include "anvil/ability.hpp"
#include "anvil/actions.hpp"
#include "anvil/agent.hpp"
#include "anvil/card.hpp"
#include "anvil/characteristics.hpp"
#include "anvil/cost_text.hpp"
#include "anvil/error.hpp"
#include "anvil/event_bus.hpp"
#include "anvil/events.hpp"
#include "anvil/extensions.hpp"
#include "anvil/game.hpp"
#include "anvil/ids.hpp"
#include "anvil/journal.hpp"
#include "anvil/label_blind.hpp"
#include "anvil/params.hpp"
#include "anvil/plugin.hpp"
#include "anvil/registry.hpp"
#include "anvil/rng.hpp"  // SplitMix64: seeded randomness for agents
#include "anvil/rules.hpp"
#include "anvil/state.hpp"
#include "anvil/symbol.hpp"
