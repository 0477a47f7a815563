// SHA-256 as lowercase hex, from OpenSSL's libcrypto (EVP interface; the SHA256_* functions are
// deprecated in OpenSSL 3). Kernel-internal: the pack loader hashes files with it, the plugin
// host hashes the exact bytes it is about to map.
#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include "anvil/config.hpp"

ANVIL_BEGIN_NAMESPACE

class Sha256 {
 public:
  // Throws std::runtime_error if OpenSSL cannot start a digest.
  Sha256();
  ~Sha256();
  Sha256(const Sha256&) = delete;
  Sha256& operator=(const Sha256&) = delete;

  void update(const void* data, std::size_t size);
  // The digest of everything given to update(), as 64 lowercase hexadecimal digits. Call once.
  std::string hex();

 private:
  struct Context;
  std::unique_ptr<Context> ctx_;
};

ANVIL_END_NAMESPACE
