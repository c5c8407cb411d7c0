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
