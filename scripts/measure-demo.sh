#!/usr/bin/env bash
# Measures `npm run demo` as a newcomer meets it: a fresh clone of this repository's HEAD, an
# empty HOME (no npm cache, no ~/.cache/ewzanim-tools: npm ci, Node 24 and code-server are
# downloaded and installed), until VS Code serves the workbench (the demo's smoke mode). Writes
# the steps' times to bench/demo-timing.md (or the file named as $1), which is where the README's
# figure comes from. Needs the npm registry; takes minutes.
#   bash scripts/measure-demo.sh [OUTPUT.md]
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
output="$(realpath -m "${1:-$repo/bench/demo-timing.md}")"
work="$(mktemp -d "${TMPDIR:-/tmp}/ewzanim-measure-demo.XXXXXX")"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/home" "$work/tmp"
git clone --quiet "$repo" "$work/clone"
commit="$(git -C "$work/clone" rev-parse --short HEAD)"
timing="$work/timing.md"
status=0
(
  cd "$work/clone"
  env -i PATH="$PATH" HOME="$work/home" TMPDIR="$work/tmp" LANG=C.UTF-8 TERM=dumb \
    EWZANIM_DEMO_SMOKE=1 EWZANIM_DEMO_TIMING_FILE="$timing" npm run demo
) || status=$?
[ "$status" -eq 0 ] && [ -f "$timing" ] || { echo "measure-demo: the demo failed (exit status $status)"; exit 1; }
{
  echo "<!-- Written by scripts/measure-demo.sh; do not edit by hand. -->"
  echo
  cat "$timing"
  echo
  echo "Fresh clone of $commit, empty HOME (npm ci, Node 24 and code-server downloaded and installed),"
  echo "$(nproc) CPU cores ($(uname -m)), until code-server serves the workbench."
} > "$output"
echo "measure-demo: wrote $output"
cat "$output"
