#!/usr/bin/env bash
# `npm run demo`: the product. Builds the extension, writes a sample workspace (the upstream
# data packs plus a generated 40-bone, 60-frame creature), shows the command-line tool on it,
# then starts VS Code (code-server, installed on demand into ~/.cache/ewzanim-tools, or
# $EWZANIM_TOOLS_CACHE) with the packaged extension installed and its walkthrough open, prints
# the URL to open, and stops cleanly on Ctrl-C.
#
# It installs only what it lacks (npm packages when the lock file changed, Node 24 and
# code-server once, Debian's build tools for code-server once, without upgrading anything), prints
# one line per step with the time since the start (and a line every 10 s while a step runs), and
# keeps everything it creates in one private folder (mktemp), removed on exit or Ctrl-C: two demos
# on one machine do not touch each other.
#   npm run demo -- --cli-only      only the command-line part
#   EWZANIM_DEMO_DIR=...            where the sample workspace goes (rebuilt each run, kept)
#   EWZANIM_DEMO_PORT=8123          the port code-server listens on (127.0.0.1 only; default:
#                                   the first free one from 8123)
#   EWZANIM_DEMO_SMOKE=1            serve the workbench page once, then stop (the test of this script)
#   EWZANIM_DEMO_TIMING_FILE=...    write the steps' times there (a markdown table) once VS Code
#                                   is ready (scripts/measure-demo.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/ensure-deps.sh
source scripts/progress.sh
source scripts/demo-session.sh

demo_session_start
progress_log_dir="$demo_dir/logs"
mkdir -p "$progress_log_dir" "$demo_dir/tmp"
export TMPDIR="$demo_dir/tmp"   # what the tools it runs leave in temporary folders goes with it
echo "Nethercore ZX animation tools demo (its files: $demo_dir, removed when it stops)"

step "npm packages are installed" ensure_npm_packages
step "built the extension" node scripts/build.mjs

pack="${EWZANIM_DEMO_DIR:-$demo_dir/sample-pack}"
rm -rf "$pack"
step "wrote the sample workspace" node --import tsx scripts/sample-pack.ts "$pack"

show() {
  # Prints the command, runs it, and reports a non-zero status without stopping the demo
  # (`check` exits 1 when it finds errors, which is what a demo may want to show).
  echo
  echo "\$ $*"
  local status=0
  "$@" || status=$?
  [ "$status" -eq 0 ] || echo "(exit status $status)"
}

echo
echo "Sample workspace: $pack: a generated 40-bone creature (nether.toml), upstream's animation-demo"
echo "(animation-demo/) and upstream's Emberware-era examples (emberware-era-examples/: their old file"
echo "extensions are what its warnings are about, as its README says). check also finds the two"
echo "problems planted in problems-on-purpose/ for the walkthrough: exit status 1 means errors found."
show npx --no-install ewzanim check "$pack"
show npx --no-install ewzanim info "$pack/assets/creature-walk.nczxanim"
show npx --no-install ewzanim dump "$pack/assets/creature-walk.nczxanim" --frames 0:1
show npx --no-install ewzanim info "$pack/assets/creature.nczxmesh"
show npx --no-install ewzanim dump "$pack/animation-demo/assets/wave.nczxanim" --frames 0:1 --json
echo
echo "Try it yourself: npx ewzanim --help (and npx ewzanim COMMAND --help)"

[ "${1:-}" = "--cli-only" ] && exit 0

# --- The extension in a real VS Code ---------------------------------------------------------
echo
# (Steps run in this shell: the paths ensure_vscode_harness exports stay set.)
step "Node 24 and code-server are installed (once, in $EWZANIM_TOOLS_CACHE: minutes the first time)" ensure_vscode_harness
step "packaged the extension" npm run --silent package

vscode_dir="$demo_dir/vscode"
mkdir -p "$vscode_dir/user/User" "$vscode_dir/extensions"
# User-scope settings (a workspace settings.json cannot turn auto save off). code-server saves
# edits after a delay by default; off, the hex editor's dirty dot, undo and Ctrl+S behave as on
# the desktop. The first screen is the extension's walkthrough (opened by the extension, asked
# by EWZANIM_OPEN_WALKTHROUGH below), without the Chat panel, the welcome page or onboarding.
cat > "$vscode_dir/user/User/settings.json" <<'JSON'
{ "files.autoSave": "off", "workbench.startupEditor": "none", "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off", "extensions.autoUpdate": false, "update.mode": "none",
  "workbench.secondarySideBar.defaultVisibility": "hidden", "chat.disableAIFeatures": true,
  "chat.commandCenter.enabled": false, "workbench.welcomePage.experimentalOnboarding": false }
JSON

free_port() {
  # free_port FROM : the first port from FROM on that nothing listens on (127.0.0.1).
  node -e 'const net = require("node:net");
    const attempt = (port) => { const s = net.createServer(); s.once("error", () => attempt(port + 1));
      s.listen(port, "127.0.0.1", () => s.close(() => console.log(port))); };
    attempt(Number(process.argv[1]));' "$1"
}
port="${EWZANIM_DEMO_PORT:-$(free_port 8123)}"
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$port" > "$vscode_dir/config.yaml"
run_code_server() {
  # Its sockets (vscode-ipc-*.sock), state and temporary files go into the demo's folder.
  PATH="$(dirname "$EWZANIM_NODE24_BIN"):$PATH" XDG_RUNTIME_DIR="$TMPDIR" \
  XDG_DATA_HOME="$vscode_dir/data" XDG_CONFIG_HOME="$vscode_dir/config" XDG_CACHE_HOME="$vscode_dir/cache" \
  "$EWZANIM_NODE24_BIN" "$EWZANIM_CODE_SERVER_BIN" \
    --config "$vscode_dir/config.yaml" --user-data-dir "$vscode_dir/user" \
    --extensions-dir "$vscode_dir/extensions" --disable-telemetry --disable-update-check \
    --disable-workspace-trust "$@"
}
step "installed the extension into VS Code (code-server)" run_code_server --install-extension dist/ewzanim-tools.vsix

# In its own process group (setsid), so stopping it also stops its extension host and the
# language server it started.
export -f run_code_server
export vscode_dir EWZANIM_NODE24_BIN EWZANIM_CODE_SERVER_BIN
EWZANIM_OPEN_WALKTHROUGH=1 setsid bash -c 'run_code_server --bind-addr "127.0.0.1:$0" --auth none "$1"' "$port" "$pack" > "$vscode_dir/code-server.log" 2>&1 &
demo_session_group $!
trap 'echo; echo "Stopping VS Code (code-server)..."; exit 130' INT

wait_until_listening() {
  local _
  for _ in $(seq 1 150); do
    grep -q "HTTP server listening" "$vscode_dir/code-server.log" 2>/dev/null && return 0
    kill -0 "$demo_group_pid" 2>/dev/null || { cat "$vscode_dir/code-server.log"; return 1; }
    sleep 0.2
  done
  echo "code-server did not listen within 30 s"; cat "$vscode_dir/code-server.log"; return 1
}
step "started VS Code" wait_until_listening
[ -n "${EWZANIM_DEMO_TIMING_FILE:-}" ] && progress_report "\`npm run demo\` until VS Code is ready, $(date -u +%Y-%m-%d), $(nproc) cores" > "$EWZANIM_DEMO_TIMING_FILE"

url="http://127.0.0.1:$port/?folder=$pack"
echo
echo "VS Code with the extension is running on the sample workspace. Open:"
echo
echo "    $url"
echo
echo "(The walkthrough on the first screen takes you through it: a problem to its bytes, hover a"
echo " quaternion, the preview and mixer, export from glTF. Ctrl-C stops VS Code and removes"
echo " $demo_dir.)"
if [ -n "${EWZANIM_DEMO_SMOKE:-}" ]; then
  # Used by the test of this script: fetch the workbench page once, then stop.
  curl -fsS "$url" -o /dev/null && echo "demo: workbench page served"
  echo "demo: user settings $(tr -d '\n' < "$vscode_dir/user/User/settings.json")"
  exit 0
fi
wait "$demo_group_pid"
