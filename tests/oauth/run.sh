#!/usr/bin/env bash
# Sign-in against a real OpenID provider: installs oidc-provider (npm) and Node >= 22 under
# target/ when missing, and runs oauth_check.py with the Python SDK's virtualenv (made by
# tests/clients/python-check.sh, or here).
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
cargo test --workspace --no-run >/dev/null 2>&1 || cargo test --workspace --no-run
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
clients="$target_dir/mcp-clients"
deps="$target_dir/oauth-deps"
mkdir -p "$clients" "$deps"
# shellcheck source=../clients/node-env.sh
. "$root/tests/clients/node-env.sh"
if [ ! -d "$deps/node_modules/oidc-provider" ]; then
  (cd "$deps" && [ -f package.json ] || (cd "$deps" && npm init -y >/dev/null))
  (cd "$deps" && npm install --no-audit --no-fund --loglevel=error --save-exact oidc-provider@9.13.3)
fi
venv="$target_dir/py-mcp-2.3.0"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "mcp==2.3.0"
fi
"$venv/bin/python" tests/oauth/oauth_check.py "$target_dir/debug/ombi-mcp" "$target_dir/debug/ombi-sim" "$deps"
