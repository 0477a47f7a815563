// The plugin front door (DESIGN.md §2, "The plugin boundary").
//
// A plugin is a shared library exporting, through BOOST_DLL_ALIAS, exactly two things:
//   anvil_plugin_info     -> a function returning a plain C struct (the handshake), read by the
//                            host before anything else is trusted;
//   anvil_plugin_register -> a function adding the plugin's entries to a Registrar.
// The ANVIL_PLUGIN macro writes both; a plugin author writes the body:
//
//   #include <anvil/sdk.hpp>
//   ANVIL_PLUGIN("value-doubled", "1.0.0", "Doubled$<n>: twice n") {
//     registrar.add<anvil::ValueFunction>("Doubled", std::make_shared<Doubled>());
//   }
//
// The host compares the handshake's ABI and build fingerprint with its own and refuses any
// mismatch with a message naming the plugin, both versions and the fix. Registration is
// all-or-nothing: if the body throws or registers a name already taken, nothing of the plugin
// is registered.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <boost/config.hpp>
#include <boost/dll/alias.hpp>
#include <boost/version.hpp>

#include "anvil/config.hpp"
#include "anvil/registry.hpp"

// The handshake. Plain C: its layout never depends on the C++ ABI it is there to check.
extern "C" {
struct AnvilPluginInfo {
  std::uint32_t magic;        // kAnvilPluginMagic
  std::uint32_t struct_size;  // sizeof(AnvilPluginInfo) as the plugin saw it
  std::uint32_t abi_major;
  std::uint32_t abi_minor;
  const char* name;
  const char* version;
  const char* description;
  const char* compiler;  // "gcc 12"
  const char* stdlib;    // "libstdc++ 12 cxx11-abi"
  const char* boost;     // "1.74"
  const char* sdk;       // "0.1.0"
};
}
inline constexpr std::uint32_t kAnvilPluginMagic = 0x414e564cu;  // "ANVL"

// Parts of the build fingerprint, as the code including this header is compiled.
#define ANVIL_STRINGIFY_(x) #x
#define ANVIL_STRINGIFY(x) ANVIL_STRINGIFY_(x)
#if defined(__clang__)
#define ANVIL_COMPILER_ID "clang " ANVIL_STRINGIFY(__clang_major__)
#elif defined(__GNUC__)
#define ANVIL_COMPILER_ID "gcc " ANVIL_STRINGIFY(__GNUC__)
#else
#define ANVIL_COMPILER_ID "unknown"
#endif
#if defined(_GLIBCXX_RELEASE)
#if _GLIBCXX_USE_CXX11_ABI
#define ANVIL_STDLIB_ID "libstdc++ " ANVIL_STRINGIFY(_GLIBCXX_RELEASE) " cxx11-abi"
#else
#define ANVIL_STDLIB_ID "libstdc++ " ANVIL_STRINGIFY(_GLIBCXX_RELEASE) " old-abi"
#endif
#elif defined(_LIBCPP_VERSION)
#define ANVIL_STDLIB_ID "libc++ " ANVIL_STRINGIFY(_LIBCPP_VERSION)
#else
#define ANVIL_STDLIB_ID "unknown"
#endif
#define ANVIL_BOOST_ID ANVIL_STRINGIFY(BOOST_VERSION)

// Tests build deliberately incompatible plugins by overriding these.
#ifndef ANVIL_PLUGIN_ABI_MAJOR
#define ANVIL_PLUGIN_ABI_MAJOR ANVIL_ABI_MAJOR
#endif
#ifndef ANVIL_PLUGIN_ABI_MINOR
#define ANVIL_PLUGIN_ABI_MINOR ANVIL_ABI_MINOR
#endif

ANVIL_BEGIN_NAMESPACE

// The host's own handshake values, compiled into the kernel.
ANVIL_API const AnvilPluginInfo& host_build_info();

// Collects one plugin's entries while its register function runs.
class ANVIL_API Registrar {
 public:
  Registrar(std::string plugin, std::string version, std::string file,
            std::shared_ptr<const void> library);

  template <class I>
  void add(std::string name, std::shared_ptr<const I> impl) {
    add_erased(I::kKind, std::move(name), version_, std::move(impl));
  }
  template <class I>
  void add(std::string name, std::string version, std::shared_ptr<const I> impl) {
    add_erased(I::kKind, std::move(name), std::move(version), std::move(impl));
  }

  const std::string& plugin() const { return plugin_; }
  std::vector<RegistryEntry> take() { return std::move(entries_); }

 private:
  void add_erased(PluginKind kind, std::string name, std::string version,
                  std::shared_ptr<const void> impl);

  std::string plugin_, version_, file_;
  std::shared_ptr<const void> library_;
  std::vector<RegistryEntry> entries_;
};

ANVIL_END_NAMESPACE

using AnvilPluginInfoFn = const AnvilPluginInfo* (*)();
using AnvilPluginRegisterFn = void (*)(::anvil::Registrar&);

#define ANVIL_PLUGIN(NAME, VERSION, DESCRIPTION)                                          \
  static void anvil_plugin_register_body(::anvil::Registrar& registrar);                 \
  extern "C" const ::AnvilPluginInfo* anvil_plugin_info_impl() {                          \
    static const ::AnvilPluginInfo info = {                                              \
        kAnvilPluginMagic,   sizeof(::AnvilPluginInfo), ANVIL_PLUGIN_ABI_MAJOR,           \
        ANVIL_PLUGIN_ABI_MINOR, NAME,                   VERSION,                          \
        DESCRIPTION,         ANVIL_COMPILER_ID,         ANVIL_STDLIB_ID,                  \
        ANVIL_BOOST_ID,      ANVIL_SDK_VERSION_STRING};                                   \
    return &info;                                                                         \
  }                                                                                       \
  void anvil_plugin_register_impl(::anvil::Registrar& registrar) {                        \
    anvil_plugin_register_body(registrar);                                                \
  }                                                                                       \
  BOOST_DLL_ALIAS(anvil_plugin_info_impl, anvil_plugin_info)                              \
  BOOST_DLL_ALIAS(anvil_plugin_register_impl, anvil_plugin_register)                      \
  static void anvil_plugin_register_body(::anvil::Registrar& registrar)
