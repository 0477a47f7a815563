// pack.yaml → PackManifest. The schema is docs/pack-format.md; every key is checked here, and
// every problem is reported (the reader goes on after each one).
#include <algorithm>
#include <utility>

#include "anvil/pack.hpp"
#include "pack/yaml_strict.hpp"
#include "semver_problem.hpp"

ANVIL_BEGIN_NAMESPACE

namespace {

using pack_detail::error;
using pack_detail::read_text;
using pack_detail::read_text_list;

bool valid_pack_name(std::string_view name) {
  if (name.empty() || name.front() == '-' || name.back() == '-') return false;
  for (char c : name)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-')) return false;
  return true;
}

std::optional<VersionRange> read_range(const Param& value, std::string_view what,
                                       std::vector<Diagnostic>& diagnostics) {
  auto text = read_text(value, what, diagnostics);
  if (!text) return std::nullopt;
  std::string why;
  auto range = parse_range(*text, &why);
  if (!range) {
    error(diagnostics, value.where(),
          std::string(what) + " '" + *text + "' is not a version range (" + why +
              "); write for example '^0.1' or '>=0.1 <0.2'");
  }
  return range;
}

class ManifestReader {
 public:
  ManifestReader(PackManifest& m, std::vector<Diagnostic>& d) : m_(m), d_(d) {}

  void read(const Param& root) {
    MapReader r(root, kPackManifestFile, d_);
    if (!r.ok()) return;
    if (const Param* v = r.required("name")) name(*v);
    if (const Param* v = r.required("version")) version(*v);
    if (const Param* v = r.optional("description"))
      m_.description = read_text(*v, "'description'", d_).value_or("");
    if (const Param* v = r.optional("authors")) m_.authors = read_text_list(*v, "'authors'", d_);
    if (const Param* v = r.optional("license"))
      m_.license = read_text(*v, "'license'", d_).value_or("");
    if (const Param* v = r.required("engine")) engine(*v);
    if (const Param* v = r.required("rules")) {
      m_.rules = read_text(*v, "'rules'", d_).value_or("");
      m_.rules_where = v->where();
    }
    if (const Param* v = r.optional("requires")) requirements(*v);
    if (const Param* v = r.optional("provides")) provides(*v);
    if (const Param* v = r.required("cards")) m_.cards = globs(*v, "'cards'", true);
    if (const Param* v = r.optional("decks")) m_.decks = globs(*v, "'decks'", false);
    r.finish();
  }

 private:
  void name(const Param& v) {
    auto text = read_text(v, "'name'", d_);
    if (!text) return;
    m_.name = *text;
    if (!valid_pack_name(*text)) {
      error(d_, v.where(),
            "pack name '" + *text +
                "' may use only lowercase letters, digits and '-' (not first or last)");
    }
  }

  void version(const Param& v) {
    auto text = read_text(v, "'version'", d_);
    if (!text) return;
    const std::optional<Version> parsed = parse_version(*text);
    if (!parsed) {
      error(d_, v.where(),
            "version '" + *text + "' is not a semantic version; " + version_problem(*text));
      return;
    }
    m_.version = *parsed;
    // Semver leaves build metadata out of precedence, so 1.0.0 and 1.0.0+b would be two
    // installs of one version with nothing to choose between them.
    if (!parsed->build.empty()) {
      error(d_, v.where(),
            "version '" + *text + "' has build metadata ('+" + parsed->build +
                "'), which semver leaves out of version order, so it cannot tell two packs "
                "apart; drop it, or change MAJOR.MINOR.PATCH or the prerelease");
    }
  }

  void engine(const Param& v) {
    auto range = read_range(v, "'engine'", d_);
    if (!range) return;
    m_.engine = *range;
    const auto sdk = parse_version(ANVIL_SDK_VERSION_STRING);
    if (sdk && !range->contains(*sdk)) {
      error(d_, v.where(),
            "the pack needs an Anvil SDK in '" + range->text + "' but this is SDK " +
                ANVIL_SDK_VERSION_STRING);
    }
  }

  void requirements(const Param& v) {
    MapReader r(v, "'requires'", d_);
    if (!r.ok()) return;
    if (const Param* p = r.optional("plugins"))
      m_.required_plugins = named_ranges(*p, "plugins", false);
    if (const Param* p = r.optional("packs")) m_.required_packs = named_ranges(*p, "packs", true);
    r.finish();
  }

  std::vector<PackRequirement> named_ranges(const Param& v, std::string_view kind, bool packs) {
    std::vector<PackRequirement> out;
    const std::string what = "'requires: " + std::string(kind) + "'";
    if (!v.is_map()) {
      error(d_, v.where(),
            what + " must map each name to a version range, e.g. 'format-yaml: ^0.1'");
      return out;
    }
    for (const auto& [name, range_value] : v.entries()) {
      if (packs && !valid_pack_name(name))
        error(d_, range_value.where(), "'" + name + "' is not a valid pack name");
      if (packs && !m_.name.empty() && name == m_.name) {  // `name:` is read before `requires:`
        error(d_, range_value.where(),
              "the pack requires itself ('" + name + "' is its own name); remove it from " + what);
        continue;
      }
      auto range = read_range(range_value, "the range of '" + name + "'", d_);
      if (range) out.push_back({name, *range, range_value.where()});
    }
    return out;
  }

  void provides(const Param& v) {
    MapReader r(v, "'provides'", d_);
    if (!r.ok()) return;
    if (const Param* plugins = r.optional("plugins")) {
      if (!plugins->is_list()) {
        error(d_, plugins->where(), "'provides: plugins' must be a list of {file, sha256}");
      } else {
        for (const Param& item : plugins->items()) provided_plugin(item);
      }
    }
    r.finish();
  }

  void provided_plugin(const Param& item) {
    MapReader r(item, "a 'provides: plugins' entry", d_);
    if (!r.ok()) return;
    ProvidedPlugin p;
    p.where = item.where();
    if (const Param* f = r.required("file")) p.file = read_text(*f, "'file'", d_).value_or("");
    if (const Param* s = r.required("sha256")) {
      p.sha256 = read_text(*s, "'sha256'", d_).value_or("");
      if (!p.sha256.empty() && !is_sha256_hex(p.sha256))
        error(d_, s->where(), "'sha256' must be 64 lowercase hexadecimal digits");
    }
    r.finish();
    m_.provided_plugins.push_back(std::move(p));
  }

  // A list of globs; card globs may be maps {glob, format}. A single glob is a list of one.
  std::vector<PackGlob> globs(const Param& v, std::string_view what, bool allow_format) {
    std::vector<PackGlob> out;
    if (v.is_map()) {
      error(d_, v.where(), std::string(what) + " must be a list of globs, e.g. [\"cards/*.yaml\"]");
      return out;
    }
    const std::vector<Param> single{v};
    for (const Param& item : v.is_list() ? v.items() : single) {
      if (item.is_map() && allow_format) {
        MapReader r(item, "a " + std::string(what) + " entry", d_);
        PackGlob g{{}, {}, item.where()};
        if (const Param* p = r.required("glob"))
          g.pattern = read_text(*p, "'glob'", d_).value_or("");
        if (const Param* f = r.optional("format"))
          g.format = read_text(*f, "'format'", d_).value_or("");
        r.finish();
        if (!g.pattern.empty()) out.push_back(std::move(g));
        continue;
      }
      if (auto text = read_text(item, "an item of " + std::string(what), d_))
        out.push_back({*text, {}, item.where()});
    }
    return out;
  }

  PackManifest& m_;
  std::vector<Diagnostic>& d_;
};

}  // namespace

bool ManifestResult::ok() const {
  return pack_detail::count(diagnostics, Diagnostic::Severity::error) == 0;
}

ManifestResult parse_manifest(std::string_view text, const std::filesystem::path& dir) {
  ManifestResult result;
  result.manifest.dir = dir;
  const std::string file = (dir / kPackManifestFile).string();
  auto root = parse_yaml(text, file, result.diagnostics);
  if (!root) return result;
  if (root->is_scalar() && root->text().empty()) {
    error(result.diagnostics, {file, 0, 0},
          "pack.yaml is empty; it needs at least name, version, "
          "engine, rules and cards");
    return result;
  }
  ManifestReader(result.manifest, result.diagnostics).read(*root);
  // Unknown keys are found after the known ones are read; report in file order.
  std::stable_sort(result.diagnostics.begin(), result.diagnostics.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     return std::pair(a.where.line, a.where.column) <
                            std::pair(b.where.line, b.where.column);
                   });
  return result;
}

ManifestResult read_manifest(const std::filesystem::path& dir) {
  ManifestResult result;
  result.manifest.dir = dir;
  const auto file = dir / kPackManifestFile;
  std::error_code ec;
  if (!std::filesystem::is_regular_file(file, ec)) {
    error(result.diagnostics, {file.string(), 0, 0},
          std::filesystem::is_directory(dir, ec) ? "no pack.yaml in this folder: it is not a pack"
                                                 : "no such pack folder");
    return result;
  }
  auto text = pack_detail::read_text_file(file, result.diagnostics, YamlLimits{}.max_bytes);
  if (!text) return result;
  return parse_manifest(*text, dir);
}

ANVIL_END_NAMESPACE
