#include "anvil/plugin_host.hpp"

#include <dlfcn.h>
#include <elf.h>
#include <fcntl.h>
#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <boost/dll/library_info.hpp>
#include <boost/dll/runtime_symbol_info.hpp>
#include <boost/dll/shared_library.hpp>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <type_traits>
#include <utility>

#include "anvil/error.hpp"
#include "anvil/plugin.hpp"
#include "anvil/semver.hpp"
#include "sha256.hpp"

ANVIL_BEGIN_NAMESPACE

namespace fs = std::filesystem;

namespace {

constexpr const char* kInfoAlias = "anvil_plugin_info";
constexpr const char* kRegisterAlias = "anvil_plugin_register";
constexpr const char* kBuildWithSdk = "build it with ANVIL_PLUGIN from <anvil/sdk.hpp>";

// The one place Boost.DLL's alias getter is spelled: 1.74 has get_alias/import_alias, later
// releases renamed and deprecated parts of that family.
template <class Fn>
Fn& alias(const boost::dll::shared_library& lib, const char* name) {
  static_assert(std::is_function_v<Fn>);
  return lib.get_alias<Fn>(name);
}

std::string text(const char* s) { return s ? std::string(s) : std::string(); }

// "107400" -> "1.74.0": how people write Boost versions.
std::string boost_version(std::string_view id) {
  if (id.empty() || !std::all_of(id.begin(), id.end(), [](char c) { return c >= '0' && c <= '9'; }))
    return std::string(id);
  const unsigned long v = std::stoul(std::string(id));
  return std::to_string(v / 100000) + "." + std::to_string(v / 100 % 1000) + "." +
         std::to_string(v % 100);
}

bool sdk_compatible(const Version& plugin, const Version& host) {
  if (plugin.major != host.major) return false;
  if (host.major == 0) return plugin.minor == host.minor;
  return plugin.minor <= host.minor;
}

std::string fingerprint(const AnvilPluginInfo& info) {
  return text(info.compiler) + ", " + text(info.stdlib) + ", boost " + text(info.boost) + ", sdk " +
         text(info.sdk);
}

std::string rebuild_fix() {
  const AnvilPluginInfo& host = host_build_info();
  return std::string("rebuild the plugin against Anvil SDK ") + host.sdk + " with " + host.compiler;
}

// The fix when the plugin and the host differ only in libstdc++'s string ABI ("libstdc++ 12
// old-abi" against "libstdc++ 12 cxx11-abi"): the same compiler, one macro apart. Rebuilding
// "with gcc 12" would not help a reader who already did; empty if they differ in more.
std::string string_abi_fix(std::string_view plugin, std::string_view host) {
  constexpr std::string_view kOld = " old-abi", kNew = " cxx11-abi";
  if (plugin.ends_with(kOld) && host.ends_with(kNew) &&
      plugin.substr(0, plugin.size() - kOld.size()) == host.substr(0, host.size() - kNew.size()))
    return "build the plugin without -D_GLIBCXX_USE_CXX11_ABI=0 (this host uses libstdc++'s C++11 "
           "ABI)";
  if (plugin.ends_with(kNew) && host.ends_with(kOld) &&
      plugin.substr(0, plugin.size() - kNew.size()) == host.substr(0, host.size() - kOld.size()))
    return "build the plugin with -D_GLIBCXX_USE_CXX11_ABI=0, as this host was";
  return {};
}

// Boost.DLL reports a failed dlopen as "boost::dll::shared_library::load() failed (dlerror
// system message: <text>): Bad file descriptor"; the dlerror text is the useful part (it names
// the missing symbol or library).
std::string dlerror_text(const std::string& what) {
  static constexpr std::string_view kPrefix = "(dlerror system message: ";
  const std::size_t begin = what.find(kPrefix);
  if (begin == std::string::npos) return what;
  const std::size_t from = begin + kPrefix.size();
  const std::size_t end = what.rfind(')');
  if (end == std::string::npos || end < from) return what.substr(from);
  return what.substr(from, end - from);
}

// memfd names are at most 249 bytes; the end of a path is the telling part.
std::string memfd_name(const std::string& file) {
  constexpr std::size_t kMax = 240;
  return file.size() <= kMax ? file : file.substr(file.size() - kMax);
}

std::string canonical_name(const fs::path& file) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(fs::absolute(file, ec), ec);
  if (ec) p = fs::absolute(file, ec);
  return (ec ? file : p).string();
}

#ifdef ANVIL_PLUGIN_RELOAD
// Whether `path` is mapped into this process. /proc/self/maps names every mapped file by its
// real path, with " (deleted)" appended once the file was replaced on disk.
bool is_mapped(const std::string& path) {
  std::ifstream maps("/proc/self/maps");
  std::string line;
  while (std::getline(maps, line)) {
    const std::size_t at = line.find(path);
    if (at == std::string::npos || at == 0 || line[at - 1] != ' ') continue;
    const std::string_view rest = std::string_view(line).substr(at + path.size());
    if (rest.empty() || rest == " (deleted)") return true;
  }
  return false;
}
#endif

[[noreturn]] void refuse_not_a_library(const std::string& file, const std::string& why) {
  throw PluginError({}, file, "is not a shared library (" + why + ")",
                    "keep only plugin libraries built with anvil_add_plugin() in a plugin "
                    "directory");
}

// The bytes an ELF file's header says it spans at least: the header, and the program and section
// header tables where it places them (the section headers come last in what linkers write, so a
// file cut short loses them first); 0 when the file ends inside the header itself.
template <class Header>
std::uint64_t elf_extent(std::ifstream& in) {
  Header h{};
  in.seekg(0);
  if (!in.read(reinterpret_cast<char*>(&h), sizeof h)) return 0;
  return std::max<std::uint64_t>(
      {sizeof h, std::uint64_t{h.e_phoff} + std::uint64_t{h.e_phnum} * h.e_phentsize,
       std::uint64_t{h.e_shoff} + std::uint64_t{h.e_shnum} * h.e_shentsize});
}

// Refuses an ELF file shorter than its header says (an interrupted copy or download): the
// library_info that reads it next would only say "basic_ios::clear: iostream error".
void refuse_truncated(const std::string& file, std::ifstream& in) {
  in.clear();
  in.seekg(0, std::ios::end);
  const auto size = static_cast<std::uint64_t>(in.tellg());
  in.seekg(EI_CLASS);
  const int elf_class = in.get();
  in.clear();
  const std::uint64_t header = elf_class == ELFCLASS32 ? sizeof(Elf32_Ehdr) : sizeof(Elf64_Ehdr);
  const std::uint64_t extent =
      elf_class == ELFCLASS32 ? elf_extent<Elf32_Ehdr>(in) : elf_extent<Elf64_Ehdr>(in);
  if (extent != 0 && size >= extent) return;
  throw PluginError({}, file,
                    "is truncated: it has " + std::to_string(size) + " bytes, and its ELF header " +
                        (extent == 0 ? "alone needs " + std::to_string(header)
                                     : "says it spans at least " + std::to_string(extent)),
                    "copy or build the library again: the file was cut short");
}

// What can be learnt of a file's exports without running any of it. Boost 1.74's
// library_info lists symbols from .symtab only, which `strip` removes: a stripped plugin lists
// nothing, so it is judged by the section BOOST_DLL_ALIAS puts aliases in, and its aliases are
// looked up again once it is loaded.
struct Exports {
  bool listed = false;
  std::vector<std::string> symbols;
  bool alias_section = false;
};

// `file` names the library in messages; `mapped` is where its bytes are read (the same path, or
// the sealed copy of load_verified()).
Exports read_exports(const std::string& file, const std::string& mapped) {
  {
    // library_info reports a text file as "basic_ios::clear: iostream error"; say what it is.
    std::ifstream in(mapped, std::ios::binary);
    char magic[4] = {};
    if (!in.read(magic, sizeof magic) || std::string_view(magic, 4) !=
                                             "\x7f"
                                             "ELF")
      refuse_not_a_library(file, "it does not start with an ELF header");
    refuse_truncated(file, in);
  }
  Exports out;
  try {
    boost::dll::library_info info{boost::dll::fs::path(mapped)};
    out.symbols = info.symbols();
    out.listed = !out.symbols.empty();
    const std::vector<std::string> sections = info.sections();
    out.alias_section = std::find(sections.begin(), sections.end(), "boostdll") != sections.end();
  } catch (const std::exception& e) {
    refuse_not_a_library(file, e.what());
  }
  return out;
}

// Both handshake aliases must be there; `has` answers from the listing or from the library.
template <class Has>
void require_aliases(const std::string& file, Has has) {
  const bool info = has(kInfoAlias), reg = has(kRegisterAlias);
  if (info && reg) return;
  std::string problem = "is not an Anvil plugin: it exports ";
  if (!info && !reg)
    problem += std::string("neither ") + kInfoAlias + " nor " + kRegisterAlias;
  else
    problem += std::string("no ") + (info ? kRegisterAlias : kInfoAlias);
  throw PluginError({}, file, std::move(problem), kBuildWithSdk);
}

void require_aliases(const std::string& file, const Exports& exports) {
  if (exports.listed) {
    require_aliases(file, [&](const char* name) {
      return std::find(exports.symbols.begin(), exports.symbols.end(), name) !=
             exports.symbols.end();
    });
  } else if (!exports.alias_section) {
    require_aliases(file, [](const char*) { return false; });
  }
}

// Refuses a handshake this host cannot trust. Every message names both sides.
void check_handshake(const std::string& file, const AnvilPluginInfo* info) {
  const AnvilPluginInfo& host = host_build_info();
  if (!info)
    throw PluginError({}, file, std::string(kInfoAlias) + " returned no handshake", kBuildWithSdk);
  // magic and struct_size are read first: until they check out, nothing else in the struct is.
  if (info->magic != kAnvilPluginMagic)
    throw PluginError({}, file,
                      "its handshake does not start with the Anvil magic number (not an Anvil "
                      "plugin handshake, or a corrupt one)",
                      kBuildWithSdk);
  if (info->struct_size < sizeof(AnvilPluginInfo))
    throw PluginError({}, file,
                      "its handshake is " + std::to_string(info->struct_size) +
                          " bytes; this host (Anvil " + host.version + ") reads " +
                          std::to_string(sizeof(AnvilPluginInfo)),
                      rebuild_fix());
  const std::string name = text(info->name);
  if (name.empty()) throw PluginError({}, file, "its handshake has no plugin name", kBuildWithSdk);

  // "plugin 'x' (file): version 1.2.0 was built with gcc 11; this host (Anvil 0.1.0) was built
  // with gcc 12; fix: rebuild the plugin against Anvil SDK 0.1.0 with gcc 12"
  const std::string us = "this host (Anvil " + text(host.version) + ")";
  auto refuse = [&](const std::string& problem, std::string fix = rebuild_fix()) {
    throw PluginError(name, file, "version " + text(info->version) + " " + problem, std::move(fix));
  };
  auto abi = [](const AnvilPluginInfo& i) {
    return std::to_string(i.abi_major) + "." + std::to_string(i.abi_minor);
  };
  if (info->abi_major != host.abi_major)
    refuse("was built for plugin ABI " + abi(*info) + "; " + us + " has plugin ABI " + abi(host));
  if (info->abi_minor > host.abi_minor)
    refuse("was built for plugin ABI " + abi(*info) + ", newer than " + us +
           ", which has plugin ABI " + abi(host));
  const auto differs = [&](const std::string& plugin_side, const std::string& host_side,
                           std::string fix = rebuild_fix()) {
    refuse("was built with " + plugin_side + "; " + us + " was built with " + host_side,
           std::move(fix));
  };
  if (text(info->compiler) != host.compiler) differs(text(info->compiler), host.compiler);
  if (text(info->stdlib) != host.stdlib) {
    const std::string fix = string_abi_fix(text(info->stdlib), host.stdlib);
    differs(text(info->stdlib), host.stdlib, fix.empty() ? rebuild_fix() : fix);
  }
  if (text(info->boost) != host.boost)
    differs("Boost " + boost_version(text(info->boost)), "Boost " + boost_version(host.boost));
  const std::optional<Version> plugin_sdk = parse_version(text(info->sdk));
  if (!plugin_sdk)
    refuse("names its Anvil SDK '" + text(info->sdk) + "', which is not a version; " + us +
           " has SDK " + host.sdk);
  const std::optional<Version> host_sdk = parse_version(host.sdk);
  if (!host_sdk || !sdk_compatible(*plugin_sdk, *host_sdk))
    refuse("was built against Anvil SDK " + text(info->sdk) + "; " + us + " has SDK " + host.sdk +
           (host_sdk && host_sdk->major == 0
                ? " (while the SDK is 0.x, every minor release is incompatible)"
                : ""));
}

LoadedPlugin describe(const std::string& file, const AnvilPluginInfo& info) {
  LoadedPlugin p;
  p.name = text(info.name);
  p.version = text(info.version);
  p.description = text(info.description);
  p.file = file;
  p.abi_major = info.abi_major;
  p.abi_minor = info.abi_minor;
  p.fingerprint = fingerprint(info);
  return p;
}

}  // namespace

// One mapped library. Its destructor pins the library in memory (RTLD_NODELETE) before
// Boost.DLL's dlclose runs, so the policy "a loaded plugin stays loaded until the process
// exits" holds even after the host and registry are gone: objects a plugin made may outlive
// both (a CardDef's abilities, an exception in flight), and their code must stay mapped.
// Only reload() sets `may_unload`, after checking nothing of the plugin is still in use.
//
// A library loaded by load_verified() is mapped from a sealed memfd through
// /proc/self/fd/<n>. dlopen knows a library by that name, so the descriptor stays open for as
// long as the library stays mapped — for ever, unless reload() unmaps it: closing it would let
// the number, and so the name, be reused by another plugin's copy, which dlopen would then take
// for this one.
struct PluginHost::Library {
  explicit Library(std::string file) : path(file), mapped(std::move(file)) {}
  Library(const Library&) = delete;
  Library& operator=(const Library&) = delete;
  ~Library() {
    if (lib.is_loaded() && !may_unload) {
      // RTLD_NOLOAD finds the already-loaded object; RTLD_NODELETE marks it never to unmap. The
      // extra reference it takes is dropped at once: only the flag is wanted.
      if (void* pin = dlopen(mapped.c_str(), RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE)) dlclose(pin);
      return;  // and `memfd`, if any, stays open (above)
    }
    lib.unload();
    if (memfd >= 0) ::close(memfd);
  }

  std::string path;    // the file, as LoadedPlugin::file names it
  std::string mapped;  // what dlopen was given: `path`, or /proc/self/fd/<memfd>
  int memfd = -1;
  // How /proc/self/maps names the mapping: `path`, or "/memfd:<name>" for a sealed copy.
  std::string maps_name() const { return memfd < 0 ? path : "/memfd:" + memfd_name(path); }
  std::string sha256;  // the digest load_verified() required, empty for load()
  boost::dll::shared_library lib;
  bool may_unload = false;
};

namespace {

// The whole of `file`, read once, in a sealed memfd, and its SHA-256. Plugins are small; the
// cap keeps a hostile pack from making the host read without end.
constexpr std::size_t kMaxVerifiedPluginBytes = 256u << 20;

struct SealedCopy {
  int fd = -1;
  std::string sha256;
};

// A file descriptor closed when it goes out of scope, unless released.
class OwnedFd {
 public:
  explicit OwnedFd(int fd) : fd_(fd) {}
  ~OwnedFd() {
    if (fd_ >= 0) ::close(fd_);
  }
  OwnedFd(const OwnedFd&) = delete;
  OwnedFd& operator=(const OwnedFd&) = delete;
  int get() const { return fd_; }
  int release() { return std::exchange(fd_, -1); }

 private:
  int fd_;
};

SealedCopy seal_copy(const std::string& file) {
  const auto refuse = [&](const std::string& why) {
    return PluginError({}, file, "cannot be checked before loading: " + why);
  };
  Sha256 digest;
  OwnedFd in(::open(file.c_str(), O_RDONLY | O_CLOEXEC));
  if (in.get() < 0) throw refuse(std::strerror(errno));
  // Named after the file, so /proc/self/maps says which plugin the copy is ("/memfd:<file>").
  OwnedFd out(::memfd_create(memfd_name(file).c_str(), MFD_CLOEXEC | MFD_ALLOW_SEALING));
  if (out.get() < 0) throw refuse(std::string("memfd_create: ") + std::strerror(errno));
  std::vector<char> buffer(64 * 1024);
  std::size_t total = 0;
  for (;;) {
    const ssize_t n = ::read(in.get(), buffer.data(), buffer.size());
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) throw refuse(std::strerror(errno));
    if (n == 0) break;
    total += static_cast<std::size_t>(n);
    if (total > kMaxVerifiedPluginBytes)
      throw refuse("it is larger than " + std::to_string(kMaxVerifiedPluginBytes >> 20) + " MiB");
    digest.update(buffer.data(), static_cast<std::size_t>(n));
    for (ssize_t done = 0; done < n;) {
      const ssize_t w = ::write(out.get(), buffer.data() + done, static_cast<std::size_t>(n - done));
      if (w < 0 && errno == EINTR) continue;
      if (w < 0) throw refuse(std::string("writing the copy: ") + std::strerror(errno));
      done += w;
    }
  }
  // Sealed: nobody (not even another process of this user, through /proc/<pid>/fd) can change
  // the copy after it was hashed.
  if (::fcntl(out.get(), F_ADD_SEALS, F_SEAL_WRITE | F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL) != 0)
    throw refuse(std::string("sealing the copy: ") + std::strerror(errno));
  std::string hex = digest.hex();
  return {out.release(), std::move(hex)};
}

}  // namespace

PluginHost::PluginHost(Registry& registry) : registry_(registry) {}
PluginHost::~PluginHost() = default;

const LoadedPlugin& PluginHost::load(const fs::path& file) {
  const std::string path = canonical_name(file);
  for (const LoadedPlugin& p : plugins_)
    if (p.file == path) return p;

  std::error_code ec;
  if (!fs::exists(path, ec))
    throw PluginError({}, path, "no such file", "check the path, or the --plugin-dir given");
  if (!fs::is_regular_file(path, ec))
    throw PluginError({}, path, "is not a regular file", "pass the plugin's .so file itself");
  return load_library(path, std::make_shared<Library>(path));
}

const LoadedPlugin& PluginHost::load_verified(const fs::path& file,
                                              std::string_view expected_sha256) {
  const std::string path = canonical_name(file);
  std::error_code ec;
  if (!fs::exists(path, ec))
    throw PluginError({}, path, "no such file", "check the path, or the --plugin-dir given");
  if (!fs::is_regular_file(path, ec))
    throw PluginError({}, path, "is not a regular file", "pass the plugin's .so file itself");

  SealedCopy copy = seal_copy(path);
  if (copy.sha256 != expected_sha256) {
    ::close(copy.fd);
    throw PluginError({}, path,
                      "does not have the sha256 it must have (expected " +
                          std::string(expected_sha256) + ", the file has " + copy.sha256 + ")",
                      "the library changed after it was checked or trusted; if the change is "
                      "yours, reinstall the pack with 'anvil pack install --trust'");
  }
  for (const LoadedPlugin& p : plugins_)
    if (p.file == path) {  // already loaded; these very bytes were hashed just now
      ::close(copy.fd);
      return p;
    }
  auto library = std::make_shared<Library>(path);
  library->mapped = "/proc/self/fd/" + std::to_string(copy.fd);
  library->memfd = copy.fd;
  library->sha256 = std::move(copy.sha256);
  library->may_unload = true;  // until it is loaded, dropping it closes the copy
  const LoadedPlugin& loaded = load_library(path, std::move(library));
  return loaded;
}

// Checks and loads `library` (mapped from library->mapped, named `path` in every message) and
// registers what it provides. On any failure nothing is registered.
const LoadedPlugin& PluginHost::load_library(const std::string& path,
                                             std::shared_ptr<Library> library) {
  // Look before running anything: listing exports reads the file, it executes nothing of it.
  require_aliases(path, read_exports(path, library->mapped));

  try {
    // rtld_now: an unresolved symbol fails here, not in the middle of a game. rtld_local: a
    // plugin's symbols never satisfy another plugin's references (plugins do not link plugins).
    library->lib.load(boost::dll::fs::path(library->mapped),
                      boost::dll::load_mode::rtld_now | boost::dll::load_mode::rtld_local);
  } catch (const std::exception& e) {
    throw PluginError({}, path, "cannot be loaded: " + dlerror_text(e.what()),
                      "rebuild it against this Anvil with anvil_add_plugin(), which links with "
                      "-z defs so that an unresolved symbol fails the build instead");
  }
  // Mapped now: from here on the library is pinned when dropped (see Library), even if a check
  // below refuses it, since its code may already have run (static constructors).
  library->may_unload = false;

  require_aliases(path, [&](const char* name) { return library->lib.has(name); });
  const AnvilPluginInfo* info =
      alias<std::remove_pointer_t<AnvilPluginInfoFn>>(library->lib, kInfoAlias)();
  check_handshake(path, info);
  LoadedPlugin loaded = describe(path, *info);
  for (const LoadedPlugin& p : plugins_)
    if (p.name == loaded.name)
      throw PluginError(loaded.name, path, "is already loaded from " + p.file,
                        "keep one copy of each plugin in the plugin directories");

  auto& register_fn =
      alias<std::remove_pointer_t<AnvilPluginRegisterFn>>(library->lib, kRegisterAlias);
  Registrar registrar(loaded.name, loaded.version, path, library);
  try {
    register_fn(registrar);
  } catch (const PluginError&) {
    throw;  // a kernel type that already names the plugin (a bad Registrar::add)
  } catch (const std::exception& e) {
    throw PluginError(loaded.name, path, std::string("failed while registering: ") + e.what(),
                      "correct what throws in the plugin's ANVIL_PLUGIN body (nothing of the "
                      "plugin was registered)");
  } catch (...) {
    throw PluginError(loaded.name, path,
                      "failed while registering: it threw something that is not a "
                      "std::exception",
                      "throw only Anvil's error types (or std::exception) from plugin code");
  }
  std::vector<RegistryEntry> entries = registrar.take();
  for (const RegistryEntry& e : entries) loaded.provides.emplace_back(e.kind, e.name);
  registry_.commit(std::move(entries));  // all or nothing; throws PluginError on a clash

  libraries_.push_back(std::move(library));
  plugins_.push_back(std::move(loaded));
  return plugins_.back();
}

std::vector<PluginError> PluginHost::load_dir(const fs::path& dir) {
  std::vector<PluginError> errors;
  std::error_code ec;
  if (!fs::exists(dir, ec)) return errors;
  if (!fs::is_directory(dir, ec)) {
    errors.emplace_back("", dir.string(), "is not a directory",
                        "pass a folder of plugin .so files");
    return errors;
  }
  std::vector<fs::path> files;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec)) {
    std::error_code type_ec;
    if (it->path().extension() == ".so" && it->is_regular_file(type_ec))
      files.push_back(it->path());
  }
  if (ec) errors.emplace_back("", dir.string(), "cannot be listed: " + ec.message());
  std::sort(files.begin(), files.end());
  for (const fs::path& file : files) {
    try {
      (void)load(file);
    } catch (const PluginError& e) {
      errors.push_back(e);
    } catch (const std::exception& e) {
      errors.emplace_back("", file.string(), e.what());
    }
  }
  return errors;
}

bool PluginHost::reload_supported() {
#ifdef ANVIL_PLUGIN_RELOAD
  return true;
#else
  return false;
#endif
}

#ifndef ANVIL_PLUGIN_RELOAD

const LoadedPlugin& PluginHost::reload(const std::string& plugin_name) {
  throw PluginError(plugin_name, {}, "cannot be reloaded: this build of Anvil has no plugin reload",
                    "use a debug build (cmake --preset debug compiles the kernel with "
                    "ANVIL_PLUGIN_RELOAD and plugins with -fno-gnu-unique), or restart the "
                    "program");
}

#else

const LoadedPlugin& PluginHost::reload(const std::string& plugin_name) {
  auto plugin = std::find_if(plugins_.begin(), plugins_.end(),
                             [&](const LoadedPlugin& p) { return p.name == plugin_name; });
  if (plugin == plugins_.end()) {
    std::vector<std::string> loaded;
    for (const LoadedPlugin& p : plugins_) loaded.push_back(p.name);
    throw PluginError(plugin_name, {}, "cannot be reloaded: it is not loaded",
                      did_you_mean(plugin_name, loaded));
  }
  const std::string path = plugin->file;
  auto lib_it = std::find_if(libraries_.begin(), libraries_.end(),
                             [&](const auto& l) { return l->path == path; });
  if (lib_it == libraries_.end())  // plugins_ and libraries_ grow together; this is a kernel bug
    throw PluginError(plugin_name, path, "cannot be reloaded: the host lost track of its library");
  std::shared_ptr<Library> library = *lib_it;

  // Holders of the library: libraries_, each of the plugin's entries, and `library` here. Any
  // other holder, or any other owner of an entry's object, is code still using the plugin.
  std::vector<RegistryEntry> removed = registry_.remove_provider(plugin_name);
  std::string in_use;
  for (const RegistryEntry& e : removed)
    if (e.impl.use_count() > 1)
      in_use += (in_use.empty() ? "" : ", ") + std::string(to_string(e.kind)) + " '" + e.name + "'";
  const long holders = 2 + static_cast<long>(removed.size());
  if (in_use.empty() && library.use_count() > holders) in_use = "objects made by the plugin";
  if (!in_use.empty()) {
    registry_.commit(std::move(removed));  // the names were just freed, so this cannot clash
    throw PluginError(plugin_name, path, "cannot be reloaded while in use: " + in_use,
                      "drop what still uses it (games, agents, handlers from registry.get) first");
  }

  // The plugin's own destructors run here, while its code is still mapped.
  removed.clear();
  libraries_.erase(lib_it);
  plugins_.erase(plugin);
  library->may_unload = true;
  const std::string maps_name = library->maps_name();
  const std::string sha256 = library->sha256;
  const auto load_again = [&]() -> const LoadedPlugin& {
    return sha256.empty() ? load(path) : load_verified(path, sha256);
  };
  library.reset();  // the last holder: dlclose

  if (is_mapped(maps_name)) {
    // dlopen would hand back the old code. Put the plugin back as it was and say why.
    (void)load_again();
    throw PluginError(plugin_name, path,
                      "was not unmapped by dlclose, so reloading would run the old code",
                      "build the plugin with -fno-gnu-unique (anvil_add_plugin does in "
                      "ANVIL_PLUGIN_RELOAD builds) and without thread_local objects that have "
                      "destructors");
  }
  return load_again();
}

#endif

namespace {

fs::path executable_dir() {
  boost::dll::fs::error_code ec;
  const boost::dll::fs::path exe = boost::dll::program_location(ec);
  if (ec)
    throw Error("cannot find the running executable (/proc/self/exe): " + ec.message() +
                "; set ANVIL_PLUGIN_DIR and ANVIL_PACK_DIR");
  return fs::path(exe.string()).parent_path();
}

// A set, non-empty environment variable overrides the default.
std::optional<fs::path> from_env(const char* name) {
  const char* value = std::getenv(name);
  if (!value || !*value) return std::nullopt;
  return fs::path(value);
}

}  // namespace

fs::path bundled_plugin_dir() {
  if (auto dir = from_env("ANVIL_PLUGIN_DIR")) return *dir;
  return (executable_dir() / ".." / "lib" / "anvil" / "plugins").lexically_normal();
}

fs::path bundled_pack_dir() {
  if (auto dir = from_env("ANVIL_PACK_DIR")) return *dir;
  return (executable_dir() / ".." / "share" / "anvil" / "packs").lexically_normal();
}

fs::path anvil_home() {
  if (auto dir = from_env("ANVIL_HOME")) return *dir;
  if (auto home = from_env("HOME")) return *home / ".local" / "share" / "anvil";
  throw Error(
      "neither ANVIL_HOME nor HOME is set: set ANVIL_HOME to the folder for installed packs");
}

ANVIL_END_NAMESPACE
