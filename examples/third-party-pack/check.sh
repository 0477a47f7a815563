#!/usr/bin/env bash
# Usage: check.sh PREFIX WORK
#
# The third-party pack as a stranger meets it (scripts/test runs this after installing Anvil into
# PREFIX): builds the plugin out of tree against PREFIX, assembles and tars the pack
# (make-pack.sh), installs the archive with --trust into the empty $ANVIL_HOME WORK/home, checks
# that `anvil pack show` loads all 4 cards with no error, plays (the rules scenarios in
# scenarios/, then 4 games of the deck against itself with `anvil sim`), tampers with the
# installed library and checks that it is refused, then removes the pack. WORK is emptied first.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
prefix=$1
work=$2
anvil="$prefix/bin/anvil"
fail() {
  echo "third-party-pack: $*" >&2
  exit 1
}

rm -rf "$work"
mkdir -p "$work"
export ANVIL_HOME="$work/home"

cmake -S "$here/plugin" -B "$work/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_FLAGS="-Wall -Wextra -Werror" >"$work/configure.log"
cmake --build "$work/build" >"$work/build.log"
archive=$("$here/make-pack.sh" "$work/build" "$work/out")

if "$anvil" pack install "$archive" 2>"$work/untrusted.log"; then
  fail "installing a pack with native code without --trust succeeded"
fi
grep -q "ships native code (lib/keyword-drain.so)" "$work/untrusted.log" ||
  fail "the refusal without --trust does not say why: $(cat "$work/untrusted.log")"

"$anvil" pack install --trust "$archive"
show=$("$anvil" pack show drain-pack --json)
printf '%s\n' "$show"
grep -q '"cards": 4' <<<"$show" || fail "pack show did not load the 4 cards"
grep -q '"errors": \[\]' <<<"$show" || fail "pack show reported errors"
"$anvil" pack list | grep -E '^drain-pack +1\.0\.0 +classic +yes +installed' >/dev/null ||
  fail "pack list does not show drain-pack as installed and used"

# Play: rules scenarios that cast each kind of drain spell, then whole games with the deck.
"$anvil" scenario run "$here"/scenarios/*.yaml
"$anvil" sim --decks "drain-pack:Mono-Black Drain,drain-pack:Mono-Black Drain" --games 4 -j 1 \
  --save-replays "$work/replays" | tee "$work/sim.log"
grep -q '^4 games' "$work/sim.log" || fail "anvil sim did not play 4 games with the deck"

lib="$ANVIL_HOME/packs/drain-pack/1.0.0/lib/keyword-drain.so"
printf 'tampered' >>"$lib"
if "$anvil" pack show drain-pack >"$work/tampered.log" 2>&1; then
  fail "a pack whose library changed after install still loads"
fi
grep -q "plugin file 'lib/keyword-drain.so' is refused: it changed after it was trusted at install" \
  "$work/tampered.log" || fail "no clear refusal of the changed library: $(cat "$work/tampered.log")"

"$anvil" pack remove drain-pack
[[ ! -e "$ANVIL_HOME/packs/drain-pack" ]] || fail "pack remove left the pack"
if grep -q drain-pack "$ANVIL_HOME/trust.yaml"; then fail "pack remove left its trust record"; fi
echo "third-party pack check passed: built, packed, installed with --trust, loaded, played, tamper refused, removed"
