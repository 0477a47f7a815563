// A plugin whose handshake is written by hand so that CMake can break one field of it per build
// (TEST_BREAK_MAGIC, _STRUCT_SIZE, _COMPILER, _STDLIB, _OLD_ABI, _BOOST, _SDK), or leave out the
// register alias (TEST_BREAK_NO_REGISTER_ALIAS). The host must refuse each before registering
// anything.
#include <anvil/plugin.hpp>
#include <boost/dll/alias.hpp>
#include <stdexcept>

namespace {

#ifdef TEST_BREAK_MAGIC
constexpr std::uint32_t kMagic = 0x21474142u;  // "BAG!"
#else
constexpr std::uint32_t kMagic = kAnvilPluginMagic;
#endif

#ifdef TEST_BREAK_STRUCT_SIZE
constexpr std::uint32_t kSize = 8;  // magic and size only: an older, shorter handshake
#else
constexpr std::uint32_t kSize = sizeof(AnvilPluginInfo);
#endif

#ifdef TEST_BREAK_COMPILER
constexpr const char* kCompiler = "gcc 3";
#else
constexpr const char* kCompiler = ANVIL_COMPILER_ID;
#endif

#if defined(TEST_BREAK_STDLIB)
constexpr const char* kStdlib = "libc++ 7000";
#elif defined(TEST_BREAK_OLD_ABI) && defined(_GLIBCXX_RELEASE)
// What ANVIL_STDLIB_ID says under -D_GLIBCXX_USE_CXX11_ABI=0 (a whole plugin built so would not
// link with -z defs: its std::string is another type than the kernel's).
constexpr const char* kStdlib = "libstdc++ " ANVIL_STRINGIFY(_GLIBCXX_RELEASE) " old-abi";
#else
constexpr const char* kStdlib = ANVIL_STDLIB_ID;
#endif

#ifdef TEST_BREAK_BOOST
constexpr const char* kBoost = "106600";
#else
constexpr const char* kBoost = ANVIL_BOOST_ID;
#endif

#ifdef TEST_BREAK_SDK
constexpr const char* kSdk = "0.0.9";
#else
constexpr const char* kSdk = ANVIL_SDK_VERSION_STRING;
#endif

const AnvilPluginInfo kInfo = {
    .magic = kMagic,
    .struct_size = kSize,
    .abi_major = ANVIL_ABI_MAJOR,
    .abi_minor = ANVIL_ABI_MINOR,
    .name = TEST_PLUGIN_NAME,
    .version = "1.0.0",
    .description = "test plugin with a broken handshake",
    .compiler = kCompiler,
    .stdlib = kStdlib,
    .boost = kBoost,
    .sdk = kSdk,
};

}  // namespace

extern "C" const AnvilPluginInfo* test_plugin_info() { return &kInfo; }

void test_plugin_register(anvil::Registrar&) {
  throw std::logic_error("the host ran the register function of a plugin it should have refused");
}

BOOST_DLL_ALIAS(test_plugin_info, anvil_plugin_info)
#ifndef TEST_BREAK_NO_REGISTER_ALIAS
BOOST_DLL_ALIAS(test_plugin_register, anvil_plugin_register)
#endif
