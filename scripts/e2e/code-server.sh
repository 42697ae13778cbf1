#!/usr/bin/env bash
# The .vsix in a real VS Code: code-server (installed by install.sh) with a throwaway profile, bound to
# 127.0.0.1 on a free port, a copy of test/e2e/fixtures as the workspace; Playwright drives Debian's
# chromium through test/e2e/code-server.mjs. Usage: code-server.sh /abs/kubeassist.vsix /abs/screenshot-dir
set -euo pipefail
VSIX=${1:?vsix}; SHOTS=${2:?screenshot dir}
cd "$(dirname "$0")/../.."
ROOT=$PWD
source scripts/e2e/env.sh
[ -f "$E2E_CS_DIR/.ok" ] && [ -f "$E2E_PW_DIR/.ok" ] || { echo "run scripts/e2e/install.sh code-server first" >&2; exit 1; }
mkdir -p "$SHOTS"

RUN=$(mktemp -d "${TMPDIR:-/tmp}/kubeassist-e2e.XXXXXX")
CS_PID=
cleanup() {
  # the whole process group: code-server's file watcher outlives its parent otherwise
  [ -n "$CS_PID" ] && kill -- -"$CS_PID" 2>/dev/null || true
  [ -n "$CS_PID" ] && for _ in $(seq 1 50); do kill -0 -- -"$CS_PID" 2>/dev/null || break; sleep 0.1; done
  rm -rf "$RUN"
}
trap cleanup EXIT
mkdir -p "$RUN/ud/User" "$RUN/exts" "$RUN/tmp" "$RUN/xdg-data" "$RUN/xdg-config" "$RUN/xdg-cache"
# Keep code-server's sockets, logs and default config (and chromium's profile) out of the system temp folder and $HOME.
export TMPDIR="$RUN/tmp" XDG_DATA_HOME="$RUN/xdg-data" XDG_CONFIG_HOME="$RUN/xdg-config" XDG_CACHE_HOME="$RUN/xdg-cache"
cat > "$RUN/ud/User/settings.json" <<'JSON'
{
  "workbench.startupEditor": "none", "security.workspace.trust.enabled": false,
  "extensions.autoCheckUpdates": false, "extensions.autoUpdate": false, "extensions.ignoreRecommendations": true,
  "telemetry.telemetryLevel": "off", "update.mode": "none", "workbench.enableExperiments": false,
  "chat.disableAIFeatures": true, "workbench.tips.enabled": false, "files.autoSave": "off",
  "editor.minimap.enabled": false, "workbench.secondarySideBar.defaultVisibility": "hidden",
  "editor.lightbulb.enabled": "on", "editor.hover.delay": 300
}
JSON
PORT=$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" > "$RUN/config.yaml"
# VS Code writes into the workspace (and auto-saves in a browser by default): work on a copy.
cp -a test/e2e/fixtures "$RUN/workspace"
# The workspace is a git repository with job-update.yaml committed and then edited (its image): the update check
# compares it with HEAD. The other fixtures stay uncommitted, so they are checked as new objects only.
git_e2e() { git -C "$RUN/workspace" -c user.name=e2e -c user.email=e2e@example.com -c commit.gpgsign=false "$@"; }
git_e2e init --quiet && git_e2e add job-update.yaml && git_e2e commit --quiet -m "committed Job"
sed -i 's/report:1\.0/report:1.1/' "$RUN/workspace/job-update.yaml"
CODE_SERVER=(env PATH="$(dirname "$E2E_NODE24"):$PATH" node "$E2E_CS_ENTRY" --config "$RUN/config.yaml"
  --user-data-dir "$RUN/ud" --extensions-dir "$RUN/exts")

"${CODE_SERVER[@]}" --install-extension "$VSIX" > "$RUN/install-extension.log" 2>&1 || { cat "$RUN/install-extension.log"; exit 1; }
setsid "${CODE_SERVER[@]}" --bind-addr "127.0.0.1:$PORT" --auth none --disable-telemetry --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override "$RUN/workspace" > "$RUN/code-server.log" 2>&1 &
CS_PID=$!
for _ in $(seq 1 120); do curl -fs "http://127.0.0.1:$PORT/healthz" >/dev/null && break; sleep 0.5; done

rc=0
PLAYWRIGHT_MODULES="$E2E_PW_DIR/node_modules" CS_URL="http://127.0.0.1:$PORT" WORKSPACE="$RUN/workspace" SHOTS="$SHOTS" USER_DATA="$RUN/ud" \
  timeout 300 node test/e2e/code-server.mjs || rc=$?
if [ "$rc" != 0 ]; then
  mkdir -p "$SHOTS/logs"
  cp "$RUN/code-server.log" "$SHOTS/logs/" 2>/dev/null || true
  find "$RUN/ud/logs" -name '*.log' -path '*exthost*' -exec cp --parents {} "$SHOTS/logs/" \; 2>/dev/null || true
fi
exit "$rc"
