#include "pack_version.hpp"

#include <anvil/plugin_host.hpp>
#include <fstream>
#include <iterator>
#include <optional>
#include <system_error>
#include <vector>

namespace anvil::cli {

namespace fs = std::filesystem;

namespace {

// The `version` scalar of `dir`/pack.yaml, read again; nullopt when there is none. Only a
// manifest that says 0.0.0 (or seems to) is read twice, and its problems were reported the
// first time.
std::optional<std::string> version_text(const fs::path& dir) {
  std::ifstream in(dir / kPackManifestFile, std::ios::binary);
  if (!in) return std::nullopt;
  const std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  std::vector<Diagnostic> ignored;
  const std::optional<Param> root = parse_yaml(text, (dir / kPackManifestFile).string(), ignored);
  if (!root || !root->is_map()) return std::nullopt;
  const Param* version = root->find("version");
  if (version == nullptr || !version->is_scalar()) return std::nullopt;
  return version->text();
}

}  // namespace

bool version_was_read(const PackManifest& m) {
  if (m.version != Version{}) return true;
  const std::optional<std::string> text = version_text(m.dir);
  return text && parse_version(*text).has_value();
}

std::string shown_version(const PackManifest& m) {
  return version_was_read(m) ? m.version.str() : "?";
}

std::string installed_version(const FoundPack& pack) {
  std::error_code ec;
  const fs::path store = pack.dir.parent_path().parent_path();
  if (fs::equivalent(store, anvil_home() / "packs", ec)) return pack.dir.filename().string();
  return shown_version(pack.manifest);
}

}  // namespace anvil::cli
