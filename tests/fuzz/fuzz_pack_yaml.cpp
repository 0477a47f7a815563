// Fuzz target: the bytes are a pack's YAML — its pack.yaml, or any YAML file a pack holds (a
// deck, YAML cards) as the kernel reads it into a Param tree (parse_yaml, with its limits on
// size, depth and aliases) and as it reads a manifest (parse_manifest: schema, versions, ranges,
// globs). Every problem must come back as a Diagnostic with its place: an exception escaping
// either, a crash, a hang or a leak is a bug (issue 7: a hostile pack loses nothing).
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "anvil/error.hpp"
#include "anvil/pack.hpp"
#include "anvil/params.hpp"

namespace {

// Reads every value of the tree, as a loader would, so that each is built and reachable.
std::size_t walk(const anvil::Param& p) {
  std::size_t n = 1;
  (void)p.where().str();
  if (p.is_scalar()) return n + p.text().size();
  if (p.is_list())
    for (const anvil::Param& item : p.items()) n += walk(item);
  if (p.is_map())
    for (std::size_t i = 0; i < p.entries().size(); ++i) {
      (void)p.key_where(i);
      n += walk(p.entries()[i].second);
    }
  return n;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::vector<anvil::Diagnostic> diagnostics;
  if (const auto tree = anvil::parse_yaml(text, "fuzz.yaml", diagnostics)) (void)walk(*tree);
  const anvil::ManifestResult manifest = anvil::parse_manifest(text, "/fuzz/pack");
  (void)manifest.ok();
  for (const anvil::Diagnostic& d : diagnostics) (void)d.str();
  for (const anvil::Diagnostic& d : manifest.diagnostics) (void)d.str();
  return 0;
}
