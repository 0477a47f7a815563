// `provides: plugins`: the native libraries a pack ships, checked against their sha256 before
// anything may load them (and again, on the bytes it maps, by PluginHost::load_verified).
#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <system_error>

#include "anvil/pack.hpp"
#include "pack/glob.hpp"
#include "sha256.hpp"

ANVIL_BEGIN_NAMESPACE

namespace fs = std::filesystem;

namespace {

struct FileCloser {
  void operator()(std::FILE* f) const { std::fclose(f); }
};

// Why `file` (from pack.yaml) may not name a file inside the pack, or empty if it may.
std::string path_problem(std::string_view file) {
  if (file.starts_with('/') || file.find('\\') != std::string_view::npos)
    return "must be a path relative to the pack folder, written with '/'";
  std::size_t start = 0;
  while (start <= file.size()) {
    const std::size_t slash = std::min(file.find('/', start), file.size());
    if (file.substr(start, slash - start) == "..") return "uses '..', which would leave the pack";
    start = slash + 1;
  }
  return {};
}

}  // namespace

std::string sha256_file(const fs::path& file) {
  const auto fail = [&](const std::string& why) {
    return LoadError({file.string(), 0, 0}, "cannot compute the sha256 of this file: " + why);
  };
  std::error_code ec;
  if (fs::is_directory(file, ec)) throw fail("it is a folder");
  std::unique_ptr<std::FILE, FileCloser> in(std::fopen(file.c_str(), "rb"));
  if (!in) throw fail(std::strerror(errno));
  try {
    Sha256 digest;
    std::array<unsigned char, 64 * 1024> buffer{};
    for (;;) {
      const std::size_t n = std::fread(buffer.data(), 1, buffer.size(), in.get());
      digest.update(buffer.data(), n);
      if (n < buffer.size()) {
        if (std::ferror(in.get())) throw fail(std::strerror(errno));
        break;
      }
    }
    return digest.hex();
  } catch (const LoadError&) {
    throw;
  } catch (const std::runtime_error& e) {  // OpenSSL itself failed
    throw fail(e.what());
  }
}

bool is_sha256_hex(std::string_view text) {
  return text.size() == 64 && std::all_of(text.begin(), text.end(), [](char c) {
           return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f');
         });
}

std::optional<Diagnostic> verify_provided_plugin(const PackManifest& manifest,
                                                 const ProvidedPlugin& plugin) {
  const auto problem = [&](std::string message) {
    return Diagnostic{Diagnostic::Severity::error, plugin.where, std::move(message)};
  };
  if (plugin.file.empty()) return problem("a 'provides: plugins' entry names no file");
  const std::string named = "plugin file '" + plugin.file + "'";
  if (!is_sha256_hex(plugin.sha256))
    return problem(named + " has no valid sha256 (64 lowercase hexadecimal digits)");
  if (std::string why = path_problem(plugin.file); !why.empty())
    return problem(named + " " + why);

  const fs::path full = manifest.dir / plugin.file;
  std::error_code ec;
  const fs::file_status link = fs::symlink_status(full, ec);
  if (ec || !fs::exists(link)) return problem(named + " does not exist in the pack");
  if (!pack_detail::inside(manifest.dir, full))
    return problem(named + " resolves (through a symlink) to a file outside the pack");
  if (!fs::is_regular_file(full, ec)) return problem(named + " is not a regular file");

  std::string actual;
  try {
    actual = sha256_file(full);
  } catch (const LoadError& e) {
    return problem(named + ": " + e.problem());
  }
  // All zeros is a placeholder written before the library was built, not a digest it had.
  if (actual != plugin.sha256 && plugin.sha256 == std::string(64, '0'))
    return problem(named + " does not match its sha256: pack.yaml's sha256 is a placeholder of " +
                   "zeros; fill in the file's digest, " + actual + " (sha256sum " + plugin.file +
                   ")");
  if (actual != plugin.sha256) {
    return problem(named + " does not match its sha256: pack.yaml expects " + plugin.sha256 +
                   ", the file has " + actual + " (it changed after the pack was made)");
  }
  return std::nullopt;
}

std::vector<Diagnostic> verify_provided_plugins(const PackManifest& manifest) {
  std::vector<Diagnostic> out;
  for (const ProvidedPlugin& p : manifest.provided_plugins) {
    if (p.file.empty() || !is_sha256_hex(p.sha256)) continue;  // read_manifest reported it
    if (auto problem = verify_provided_plugin(manifest, p)) out.push_back(std::move(*problem));
  }
  return out;
}

ANVIL_END_NAMESPACE
