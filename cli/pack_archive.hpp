// Unpacking a pack archive (.tar, .tar.gz, .tgz, .tar.xz…) for `anvil pack install`, through
// libarchive, refusing whatever could write outside the target folder or exhaust the disk.
#pragma once

#include <anvil/pack.hpp>
#include <filesystem>
#include <string>

namespace anvil::cli {

// Whether `path` names an archive (a regular file) rather than a pack folder.
bool is_archive(const std::filesystem::path& path);

// Why `path`, given where a pack folder is expected, is not one, said after the path: "is a
// pack's manifest, not its folder: give the folder that holds pack.yaml (DIR)" for a pack.yaml,
// "is a file, …" for another file, "does not exist"; "" when it is a folder.
std::string why_not_a_pack_folder(const std::filesystem::path& path);

// Unpacks `archive` into the existing, empty folder `into`. Only regular files and folders are
// written; refused, with a std::runtime_error naming the entry: absolute paths, a '..' segment,
// symlinks and hardlinks, devices, FIFOs and sockets, sparse files, an entry given twice or
// under a path that another entry made a file, and more files or bytes than `limits` allow (the
// size an entry declares, and the bytes counted while writing, which the headers cannot hide).
// On an error `into` may hold part of the archive: the caller removes it.
void unpack_archive(const std::filesystem::path& archive, const std::filesystem::path& into,
                    const PackFileLimits& limits);

}  // namespace anvil::cli
