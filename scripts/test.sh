#!/usr/bin/env bash
# Runs every test from a fresh clone: installs what it needs (idempotently), builds, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
ensure_npm_packages
ensure_test_tools
node scripts/build.mjs
node scripts/run-tests.mjs "$@"
