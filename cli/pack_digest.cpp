#include "pack_digest.hpp"

#include <fmt/core.h>
#include <openssl/evp.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <set>
#include <stdexcept>

namespace anvil::cli {

namespace {

namespace fs = std::filesystem;

// OpenSSL's EVP digest, as the kernel pins shipped plugins with it (kernel/src/sha256.cpp).
class Digest {
 public:
  Digest() : ctx_(EVP_MD_CTX_new(), &EVP_MD_CTX_free) {
    if (!ctx_ || EVP_DigestInit_ex(ctx_.get(), EVP_sha256(), nullptr) != 1)
      throw std::runtime_error("OpenSSL cannot start a SHA-256 digest");
  }
  void update(const void* data, std::size_t size) {
    if (size != 0 && EVP_DigestUpdate(ctx_.get(), data, size) != 1)
      throw std::runtime_error("OpenSSL failed while computing a SHA-256 digest");
  }
  void update(const std::string& text) { update(text.data(), text.size() + 1); }  // with its NUL
  std::string hex() {
    std::array<unsigned char, EVP_MAX_MD_SIZE> out{};
    unsigned int size = 0;
    if (EVP_DigestFinal_ex(ctx_.get(), out.data(), &size) != 1)
      throw std::runtime_error("OpenSSL failed while computing a SHA-256 digest");
    std::string text;
    for (unsigned int i = 0; i < size; ++i) text += fmt::format("{:02x}", out[i]);
    return text;
  }

 private:
  std::unique_ptr<EVP_MD_CTX, decltype(&EVP_MD_CTX_free)> ctx_;
};

void add_file(Digest& digest, const fs::path& dir, const std::string& rel) {
  std::ifstream in(dir / rel, std::ios::binary);
  if (!in)
    throw std::runtime_error(fmt::format("cannot read {} to take the pack's digest: {}",
                                         (dir / rel).string(), std::strerror(errno)));
  const std::string bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  digest.update(rel);
  digest.update(std::to_string(bytes.size()));
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
  Digest digest;
  add_file(digest, dir, kPackManifestFile);
  for (const std::string& rel : files) add_file(digest, dir, rel);
  return digest.hex();
}

}  // namespace anvil::cli
