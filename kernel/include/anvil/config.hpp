// Build-wide macros and version numbers shared by the kernel and every plugin.
//
// ANVIL_API marks the declarations the kernel shared library exports. The kernel and all
// plugins are compiled with -fvisibility=hidden, so anything a plugin calls or whose vtable,
// typeinfo or exception type crosses the library boundary must carry it (DESIGN.md §2,
// "The plugin boundary").
//
// Everything lives in `anvil::v1` through an inline namespace, as {fmt} and Abseil do: a future
// incompatible ABI becomes `v2` and a plugin built against `v1` fails to link, not to run.
#pragma once

// On ELF the same attribute exports from the kernel and imports into plugins.
#define ANVIL_API __attribute__((visibility("default")))

#define ANVIL_BEGIN_NAMESPACE \
  namespace anvil {           \
  inline namespace v1 {
#define ANVIL_END_NAMESPACE \
  }                         \
  }

// The plugin ABI. MAJOR changes whenever a public type's layout or a virtual interface changes
// incompatibly; MINOR grows when something is only added. A host accepts a plugin of the same
// MAJOR and a MINOR no newer than its own.
#define ANVIL_ABI_MAJOR 15
#define ANVIL_ABI_MINOR 4

// The SDK version, semver. Packs state the SDK range they need (`engine:` in pack.yaml).
#define ANVIL_SDK_VERSION_MAJOR 0
#define ANVIL_SDK_VERSION_MINOR 1
#define ANVIL_SDK_VERSION_PATCH 0
#define ANVIL_SDK_VERSION_STRING "0.1.0"
