#!/usr/bin/env bash
# `npm run demo`: installs what it needs, builds, writes the sample data pack into a temp folder
# and runs the command-line tool on it (check, info, dump). Safe to run again: it rebuilds the
# pack from scratch each time. EWZANIM_DEMO_DIR chooses the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
ensure_npm_packages
node scripts/build.mjs

pack="${EWZANIM_DEMO_DIR:-${TMPDIR:-/tmp}/ewzanim-sample-pack}"
rm -rf "$pack"
node --import tsx scripts/sample-pack.ts "$pack" >/dev/null

show() {
  # Prints the command, runs it, and reports a non-zero status without stopping the demo
  # (`check` exits 1 when it finds errors, which is what a demo may want to show).
  echo
  echo "\$ $*"
  local status=0
  "$@" || status=$?
  [ "$status" -eq 0 ] || echo "(exit status $status)"
}

echo "Sample data pack: $pack (the upstream multi-skinned-rom pack plus a generated 40-bone creature)"
show npx --no-install ewzanim check "$pack"
show npx --no-install ewzanim info "$pack/assets/creature-walk.nczxanim"
show npx --no-install ewzanim dump "$pack/assets/creature-walk.nczxanim" --frames 0:1
show npx --no-install ewzanim info "$pack/assets/creature.nczxmesh"
show npx --no-install ewzanim dump "$pack/assets/wave1.ewzanim" --frames 0:1 --json
echo
echo "Try it yourself: npx ewzanim --help"
