#include "unread_pack.hpp"

#include <fmt/core.h>

namespace anvil::cli {

LoadedPack unread_pack(const std::filesystem::path& dir, const std::string& files,
                       const std::string& why) {
  ManifestResult m = read_manifest(dir);
  LoadedPack pack;
  pack.manifest = std::move(m.manifest);
  pack.diagnostics = std::move(m.diagnostics);
  for (Diagnostic& d : verify_provided_plugins(pack.manifest))
    pack.diagnostics.push_back(std::move(d));
  const SourceLocation where = pack.manifest.provided_plugins.empty()
                                   ? SourceLocation{(dir / kPackManifestFile).string(), 0, 0}
                                   : pack.manifest.provided_plugins.front().where;
  pack.diagnostics.push_back(
      {Diagnostic::Severity::warning, where,
       fmt::format("the cards and decks are not read: the pack's plugin {} {} not loaded ({}), "
                   "and its cards would fail for the keywords it registers",
                   files, files.find(',') == std::string::npos ? "is" : "are", why)});
  return pack;
}

}  // namespace anvil::cli
