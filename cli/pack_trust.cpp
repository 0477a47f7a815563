#include "pack_trust.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <anvil/pack.hpp>
#include <anvil/plugin_host.hpp>
#include <fstream>
#include <iterator>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <system_error>

namespace anvil::cli {

namespace fs = std::filesystem;

fs::path trust_file() { return anvil_home() / "trust.yaml"; }

std::vector<TrustedPlugin> read_trust(std::vector<Diagnostic>& problems) {
  std::vector<TrustedPlugin> out;
  const fs::path file = trust_file();
  std::error_code ec;
  if (!fs::exists(file, ec)) return out;
  std::ifstream in(file, std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const std::optional<Param> root = parse_yaml(text, file.string(), problems);
  if (!root) return out;
  if (root->is_scalar() && root->text().empty()) return out;  // an empty file
  if (!root->is_list()) {
    problems.push_back({Diagnostic::Severity::error, root->where(),
                        "trust.yaml must be a list of {pack, version, file, sha256}"});
    return out;
  }
  for (const Param& item : root->items()) {
    MapReader entry(item, "trusted plugin", problems);
    if (!entry.ok()) continue;
    TrustedPlugin t;
    const Param* fields[] = {entry.required("pack"), entry.required("version"),
                             entry.required("file"), entry.required("sha256")};
    entry.finish();
    if (std::any_of(std::begin(fields), std::end(fields),
                    [](const Param* p) { return p == nullptr || !p->is_scalar(); }))
      continue;
    out.push_back({fields[0]->text(), fields[1]->text(), fields[2]->text(), fields[3]->text()});
  }
  return out;
}

void write_trust(const std::vector<TrustedPlugin>& records) {
  const fs::path file = trust_file();
  fs::create_directories(file.parent_path());
  const fs::path temp = file.string() + ".tmp";
  {
    std::ofstream out(temp, std::ios::binary | std::ios::trunc);
    out << "# Native plugins trusted with 'anvil pack install --trust', pinned by sha256.\n"
           "# 'anvil pack remove' drops a pack's entries; a file whose digest differs is not "
           "loaded.\n";
    if (records.empty()) out << "[]\n";
    // JSON strings are YAML double-quoted scalars: any file name round-trips.
    for (const TrustedPlugin& t : records) {
      out << "- pack: " << nlohmann::json(t.pack).dump() << "\n"
          << "  version: " << nlohmann::json(t.version).dump() << "\n"
          << "  file: " << nlohmann::json(t.file).dump() << "\n"
          << "  sha256: " << nlohmann::json(t.sha256).dump() << "\n";
    }
    out.flush();
    if (!out) throw std::runtime_error("cannot write " + temp.string());
  }
  std::error_code ec;
  fs::rename(temp, file, ec);
  if (ec) throw std::runtime_error("cannot replace " + file.string() + ": " + ec.message());
}

const TrustedPlugin* find_trust(const std::vector<TrustedPlugin>& records, const std::string& pack,
                                const std::string& version, const std::string& file) {
  auto it = std::find_if(records.begin(), records.end(), [&](const TrustedPlugin& t) {
    return t.pack == pack && t.version == version && t.file == file;
  });
  return it == records.end() ? nullptr : &*it;
}

bool is_installed_pack(const fs::path& dir) {
  std::error_code ec;
  const fs::path root = fs::weakly_canonical(anvil_home() / "packs", ec);
  if (ec) return false;
  const fs::path pack = fs::weakly_canonical(dir, ec);
  if (ec) return false;
  auto [root_end, _] = std::mismatch(root.begin(), root.end(), pack.begin(), pack.end());
  return root_end == root.end() && pack != root;
}

}  // namespace anvil::cli
