#!/usr/bin/env bash
# `npm run demo`: the product. Builds the extension, writes a sample workspace (the upstream
# data packs plus a generated 40-bone, 60-frame creature), shows the command-line tool on it,
# then starts VS Code (code-server, installed on demand into ~/.cache/ewzanim-tools, or
# $EWZANIM_TOOLS_CACHE) with the packaged extension installed, prints the URL to open, and stops
# cleanly on Ctrl-C.
#   npm run demo -- --cli-only      only the command-line part
#   EWZANIM_DEMO_DIR=...            where the sample workspace goes (rebuilt each run)
#   EWZANIM_DEMO_PORT=8123          the port code-server listens on (127.0.0.1 only)
#   EWZANIM_DEMO_SMOKE=1            serve the workbench page once, then stop (the test of this script)
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

echo "Sample data pack: $pack (the upstream multi-skinned-rom and animation-demo packs plus a generated 40-bone creature)"
show npx --no-install ewzanim check "$pack"
show npx --no-install ewzanim info "$pack/assets/creature-walk.nczxanim"
show npx --no-install ewzanim dump "$pack/assets/creature-walk.nczxanim" --frames 0:1
show npx --no-install ewzanim info "$pack/assets/creature.nczxmesh"
show npx --no-install ewzanim dump "$pack/assets/wave1.ewzanim" --frames 0:1 --json
echo
echo "Try it yourself: npx ewzanim --help"

[ "${1:-}" = "--cli-only" ] && exit 0

# --- The extension in a real VS Code ---------------------------------------------------------
ensure_test_tools        # Chromium is not needed to serve, but keeps one install path for users
ensure_vscode_harness    # Node 24 + code-server (cached; ~100 s the first time)
package_log="$(mktemp)"
npm run --silent package >"$package_log" 2>&1 || { cat "$package_log"; exit 1; }
rm -f "$package_log"
vscode_dir="${TMPDIR:-/tmp}/ewzanim-demo-vscode"
rm -rf "$vscode_dir"
mkdir -p "$vscode_dir/user/User" "$vscode_dir/extensions"
# User-scope settings (a workspace settings.json cannot turn auto save off). code-server saves
# edits after a delay by default; off, the hex editor's dirty dot, undo and Ctrl+S behave as on
# the desktop.
cat > "$vscode_dir/user/User/settings.json" <<'JSON'
{ "files.autoSave": "off", "workbench.startupEditor": "none", "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off", "extensions.autoUpdate": false, "update.mode": "none" }
JSON
port="${EWZANIM_DEMO_PORT:-8123}"
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$port" > "$vscode_dir/config.yaml"
run_code_server() {
  PATH="$(dirname "$EWZANIM_NODE24_BIN"):$PATH" "$EWZANIM_NODE24_BIN" "$EWZANIM_CODE_SERVER_BIN" \
    --config "$vscode_dir/config.yaml" --user-data-dir "$vscode_dir/user" \
    --extensions-dir "$vscode_dir/extensions" --disable-telemetry --disable-update-check \
    --disable-workspace-trust "$@"
}
run_code_server --install-extension dist/ewzanim-tools.vsix >/dev/null

# In its own process group (setsid), so stopping it also stops its extension host and the
# language server it started.
export -f run_code_server
export vscode_dir EWZANIM_NODE24_BIN EWZANIM_CODE_SERVER_BIN
setsid bash -c 'run_code_server --bind-addr "127.0.0.1:$0" --auth none "$1"' "$port" "$pack" > "$vscode_dir/code-server.log" 2>&1 &
server_pid=$!
stop() {
  trap - INT TERM EXIT
  echo
  echo "Stopping VS Code (code-server)..."
  kill -TERM -- "-$server_pid" 2>/dev/null || true
  wait "$server_pid" 2>/dev/null || true
  # code-server's own children (extension host, language server) exit a moment after it:
  # wait for the whole process group, and end what is left after 10 s.
  for _ in $(seq 1 50); do
    kill -0 -- "-$server_pid" 2>/dev/null || break
    sleep 0.2
  done
  kill -KILL -- "-$server_pid" 2>/dev/null || true
  rm -rf "$vscode_dir"
}
trap stop INT TERM EXIT

for _ in $(seq 1 100); do
  grep -q "HTTP server listening" "$vscode_dir/code-server.log" 2>/dev/null && break
  kill -0 "$server_pid" 2>/dev/null || { cat "$vscode_dir/code-server.log"; exit 1; }
  sleep 0.2
done
url="http://127.0.0.1:$port/?folder=$pack"
echo
echo "VS Code with the extension is running on the sample workspace. Open:"
echo
echo "    $url"
echo
echo "(Problems panel: every clip, skeleton, mesh, ROM and manifest is checked; open a .ewzanim for"
echo " the hex editor, nether.toml for hover/completion/quick fixes. Ctrl-C stops it.)"
if [ -n "${EWZANIM_DEMO_SMOKE:-}" ]; then
  # Used by the test of this script: fetch the workbench page once, then stop.
  curl -fsS "$url" -o /dev/null && echo "demo: workbench page served"
  echo "demo: user settings $(tr -d '\n' < "$vscode_dir/user/User/settings.json")"
  exit 0
fi
wait "$server_pid"
