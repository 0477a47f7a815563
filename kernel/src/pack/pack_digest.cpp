// pack_content_digest: the digest of the files of a pack that define play, which a replay records.
#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <set>
#include <string>

#include "anvil/error.hpp"
#include "anvil/pack.hpp"
#include "sha256.hpp"

ANVIL_BEGIN_NAMESPACE

namespace fs = std::filesystem;

namespace {

// A text with its NUL, so that one field cannot run into the next.
void add_text(Sha256& digest, const std::string& text) {
  digest.update(text.data(), text.size() + 1);
}

// `rel` (a path relative to `dir`, with '/'), its size and its bytes.
void add_file(Sha256& digest, const fs::path& dir, const std::string& rel) {
  std::ifstream in(dir / rel, std::ios::binary);
  if (!in)
    throw LoadError(
        {(dir / rel).string(), 0, 0},
        std::string("cannot read this file to take the pack's digest: ") + std::strerror(errno));
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  add_text(digest, rel);
  add_text(digest, std::to_string(bytes.size()));
  digest.update(bytes.data(), bytes.size());
}

}  // namespace

std::string pack_content_digest(const LoadedPack& pack) {
  const fs::path& dir = pack.manifest.dir;
  // A set: sorted by relative path, and a file both a card file and a deck file counted once.
  std::set<std::string> files;
  for (const auto* list : {&pack.card_files, &pack.deck_files})
    for (const fs::path& file : *list)
      files.insert(file.lexically_relative(dir).lexically_normal().generic_string());
  files.erase(kPackManifestFile);
  Sha256 digest;
  add_file(digest, dir, kPackManifestFile);
  for (const std::string& rel : files) add_file(digest, dir, rel);
  return digest.hex();
}

ANVIL_END_NAMESPACE
