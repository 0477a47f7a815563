#include <algorithm>
#include <map>
#include <set>
#include <system_error>

#include "anvil/pack.hpp"

ANVIL_BEGIN_NAMESPACE

namespace fs = std::filesystem;

namespace {

bool has_manifest(const fs::path& dir) {
  std::error_code ec;
  return fs::is_regular_file(dir / kPackManifestFile, ec);
}

std::vector<fs::path> sorted_subfolders(const fs::path& dir) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_directory(ec) && !entry.path().filename().string().starts_with('.'))
      out.push_back(entry.path());
  std::sort(out.begin(), out.end());
  return out;
}

const FoundPack* used_pack(std::span<const FoundPack> available, const std::string& name) {
  const auto it = std::find_if(available.begin(), available.end(), [&](const FoundPack& p) {
    return p.used && p.manifest.name == name;
  });
  return it == available.end() ? nullptr : &*it;
}

// Whether the requirements of the used packs lead from `from` to `target`; `path` then ends
// with the packs on the way, `from` first and `target` last. `seen`: packs already followed,
// so that a cycle that does not pass through `target` ends the walk.
bool leads_to(std::span<const FoundPack> available, const std::string& from,
              const std::string& target, std::set<std::string>& seen,
              std::vector<std::string>& path) {
  path.push_back(from);
  if (from == target) return true;
  if (seen.insert(from).second) {
    if (const FoundPack* p = used_pack(available, from))
      for (const PackRequirement& r : p->manifest.required_packs)
        if (leads_to(available, r.name, target, seen, path)) return true;
  }
  path.pop_back();
  return false;
}

}  // namespace

std::vector<FoundPack> find_packs(std::span<const fs::path> dirs) {
  std::vector<FoundPack> found;
  auto add = [&](const fs::path& dir) {
    ManifestResult m = read_manifest(dir);
    found.push_back({dir, std::move(m.manifest), std::move(m.diagnostics), true});
  };
  for (const fs::path& root : dirs) {
    for (const fs::path& child : sorted_subfolders(root)) {
      if (has_manifest(child)) {
        add(child);
        continue;
      }
      // Installed layout: <root>/<name>/<version>/pack.yaml.
      for (const fs::path& version_dir : sorted_subfolders(child))
        if (has_manifest(version_dir)) add(version_dir);
    }
  }

  // The pack used for a name: highest version; on a tie the later one found.
  std::map<std::string, std::size_t> winner;
  for (std::size_t i = 0; i < found.size(); ++i) {
    const PackManifest& m = found[i].manifest;
    if (m.name.empty()) continue;  // unreadable manifest: listed, never used
    auto [it, inserted] = winner.emplace(m.name, i);
    if (!inserted && found[it->second].manifest.version <= m.version) it->second = i;
  }
  for (std::size_t i = 0; i < found.size(); ++i) {
    const std::string& name = found[i].manifest.name;
    found[i].used = !name.empty() && winner[name] == i;
  }

  std::stable_sort(found.begin(), found.end(), [](const FoundPack& a, const FoundPack& b) {
    if (a.manifest.name != b.manifest.name) return a.manifest.name < b.manifest.name;
    return a.manifest.version < b.manifest.version;
  });
  return found;
}

namespace {

// "; 0.1.0 is found too, not used": the other versions of `name` the requirement might have
// meant, which one version of a name being used (the highest) leaves out.
std::string others_of(std::span<const FoundPack> available, const std::string& name,
                      const FoundPack& used) {
  std::string versions;
  std::size_t n = 0;
  for (const FoundPack& p : available)
    if (&p != &used && p.manifest.name == name)
      versions += (n++ ? ", " : "") + p.manifest.version.str();
  if (n == 0) return {};
  return "; " + versions + (n == 1 ? " is" : " are") +
         " found too, not used (one version of a pack is used: the highest)";
}

}  // namespace

std::vector<Diagnostic> check_required_packs(const PackManifest& manifest,
                                             std::span<const FoundPack> available) {
  std::vector<Diagnostic> out;
  std::vector<std::string> names;
  for (const FoundPack& p : available)
    if (p.used) names.push_back(p.manifest.name);
  for (const PackRequirement& req : manifest.required_packs) {
    const FoundPack* used = used_pack(available, req.name);
    if (!used) {
      std::string message = "the pack requires pack '" + req.name + "' (" + req.range.text +
                            "), which is not installed";
      if (auto hint = did_you_mean(req.name, names); !hint.empty()) message += "; " + hint;
      out.push_back({Diagnostic::Severity::error, req.where, std::move(message)});
    } else if (!req.range.contains(used->manifest.version)) {
      out.push_back({Diagnostic::Severity::error, req.where,
                     "the pack requires pack '" + req.name + "' in '" + req.range.text +
                         "' but the version used (the highest found) is " +
                         used->manifest.version.str() + others_of(available, req.name, *used)});
    }
    // A cycle: no order loads each pack after those it requires.
    std::set<std::string> seen;
    std::vector<std::string> path{manifest.name};
    if (used && req.name != manifest.name &&
        leads_to(available, req.name, manifest.name, seen, path)) {
      std::string cycle;
      for (const std::string& name : path) cycle += (cycle.empty() ? "" : " -> ") + name;
      out.push_back({Diagnostic::Severity::error, req.where,
                     "the pack requires itself through pack '" + req.name + "': " + cycle +
                         "; packs cannot require each other in a cycle, remove one of these "
                         "requirements"});
    }
  }
  return out;
}

ANVIL_END_NAMESPACE
