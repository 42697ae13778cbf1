#!/usr/bin/env bash
# `npm run test:e2e`: KubeAssist in real editors.
#   1. builds and packages kubeassist.vsix (npm run package)
#   2. installs what the editors need into the cache folder (scripts/e2e/install.sh; seconds when cached)
#   3. Neovim (headless) and Emacs + Eglot (batch) against `node dist/server.js --stdio`, configured with the
#      README's snippets (test/e2e/neovim/kubeassist.lua, test/e2e/emacs/kubeassist.el)
#   4. the .vsix in a pinned code-server (real VS Code), driven like a person by Playwright + Debian chromium
# Ends with one line `N passed, N failed`; exit 1 on any failure. Screenshots: test-results/e2e/code-server/.
# Options: --only=nvim|emacs|code-server (repeatable), --skip-package (reuse kubeassist.vsix and dist/),
#          --docs-images (also write the README's cropped screenshots to docs/images/).
set -euo pipefail
cd "$(dirname "$0")/../.."
ROOT=$PWD
source scripts/e2e/env.sh

only=(); package=1
for arg in "$@"; do
  case $arg in
    --only=*) only+=("${arg#--only=}") ;;
    --skip-package) package=0 ;;
    --docs-images) export KUBEASSIST_E2E_DOCS_IMAGES="$ROOT/docs/images"; mkdir -p "$KUBEASSIST_E2E_DOCS_IMAGES" ;;
    *) echo "unknown option $arg" >&2; exit 2 ;;
  esac
done
selected() { [ ${#only[@]} -eq 0 ] && return 0; local o; for o in "${only[@]}"; do [ "$o" = "$1" ] && return 0; done; return 1; }

RESULTS="$ROOT/test-results/e2e"
rm -rf "$RESULTS"; mkdir -p "$RESULTS"
passed=0; failed=0
# Runs one suite, tees its output to $RESULTS/<name>.log and adds up its closing `N passed, N failed` line.
suite() {
  local name=$1; shift
  e2e_log "$name"
  local rc=0
  "$@" 2>&1 | tee "$RESULTS/$name.log" || rc=$?
  local line
  line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$RESULTS/$name.log" | tail -1 || true)
  if [ -z "$line" ]; then
    echo "FAIL - $name ended without a result line (exit $rc)"; failed=$((failed + 1)); return
  fi
  local p f
  p=${line%% passed*}; f=${line#*passed, }; f=${f%% failed*}
  passed=$((passed + p)); failed=$((failed + f))
  if [ "$rc" != 0 ] && [ "$f" = 0 ]; then echo "FAIL - $name exited $rc"; failed=$((failed + 1)); fi
}

if [ $package = 1 ]; then
  e2e_log "npm run package"
  npm run --silent package > "$RESULTS/package.log" 2>&1 || { cat "$RESULTS/package.log"; exit 1; }
fi
[ -f kubeassist.vsix ] && [ -f dist/server.js ] || { echo "kubeassist.vsix or dist/server.js missing: run without --skip-package" >&2; exit 1; }
# What the package holds, before any editor installs it: no map reference it does not ship, every README
# picture inside (the extension's page in VS Code), a repository in the manifest.
if node scripts/vsix.mjs kubeassist.vsix; then echo "ok   - kubeassist.vsix: README pictures inside, no dangling map reference"; passed=$((passed + 1))
else echo "FAIL - kubeassist.vsix (problems above)"; failed=$((failed + 1)); fi

wanted=()
for s in nvim emacs code-server; do selected $s && wanted+=("$s"); done
e2e_log "install (cache: $E2E_HOME)"
bash scripts/e2e/install.sh "${wanted[@]}"

export KUBEASSIST_SERVER="$ROOT/dist/server.js" E2E_FIXTURES="$ROOT/test/e2e/fixtures"
# Neovim's own log and lsp.log go to the results, not ~/.cache/nvim.
selected nvim && suite neovim env XDG_CACHE_HOME="$RESULTS/neovim-cache" XDG_STATE_HOME="$RESULTS/neovim-state" timeout 120 nvim --headless --clean -n -i NONE -c "luafile test/e2e/neovim/check.lua" </dev/null
# --batch without -Q: Debian's site-start puts elpa-eglot on the load-path. stderr carries Eglot's chatter.
selected emacs && suite emacs sh -c 'timeout 120 emacs --batch -l test/e2e/emacs/check.el </dev/null 2>"$0"' "$RESULTS/emacs.stderr"
selected code-server && suite code-server bash scripts/e2e/code-server.sh "$ROOT/kubeassist.vsix" "$RESULTS/code-server"

e2e_log "screenshots and logs: $RESULTS"
echo "$passed passed, $failed failed"
[ "$failed" = 0 ]
