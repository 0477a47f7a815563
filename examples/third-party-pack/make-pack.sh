#!/usr/bin/env bash
# Usage: make-pack.sh BUILD_DIR OUT_DIR
#
# Assembles the pack drain-pack from pack/ and the plugin built in BUILD_DIR: copies it to
# OUT_DIR/drain-pack/, puts keyword-drain.so in its lib/, writes pack.yaml with the library's
# sha256, and packs the folder as OUT_DIR/drain-pack-1.0.0.tar.gz.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
build=$1
out=$2
rm -rf "$out/drain-pack"
mkdir -p "$out/drain-pack/lib"
cp -R "$here/pack/cards" "$here/pack/decks" "$out/drain-pack/"
cp "$build/keyword-drain.so" "$out/drain-pack/lib/"
sha=$(sha256sum "$out/drain-pack/lib/keyword-drain.so" | cut -d' ' -f1)
sed "s/@SHA256@/$sha/" "$here/pack/pack.yaml.in" >"$out/drain-pack/pack.yaml"
tar -C "$out" -czf "$out/drain-pack-1.0.0.tar.gz" drain-pack
echo "$out/drain-pack-1.0.0.tar.gz"
