#!/usr/bin/env bash
# The Node real-client checks: the MCP Inspector CLI 2.12.0 and the TypeScript SDK (latest
# 1.x) against `ombi-mcp serve` and the simulator (node_clients_check.py). Installs what is
# missing: npm from the Debian packages, Node >= 22.19 (the Inspector's minimum) from the npm
# registry's official binaries when the system's is older, the two clients under target/.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
cargo test --workspace --no-run >/dev/null 2>&1 || cargo test --workspace --no-run
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
clients="$target_dir/mcp-clients"
mkdir -p "$clients"

# shellcheck source=node-env.sh
. "$root/tests/clients/node-env.sh"
if [ ! -x "$clients/node_modules/.bin/mcp-inspector" ] || [ ! -d "$clients/node_modules/@modelcontextprotocol/sdk" ]; then
  (cd "$clients" && [ -f package.json ] || (cd "$clients" && npm init -y >/dev/null))
  (cd "$clients" && npm install --no-audit --no-fund --loglevel=error --save-exact \
    @modelcontextprotocol/inspector@2.12.0 "@modelcontextprotocol/sdk@1")
fi
python3 tests/clients/node_clients_check.py "$target_dir/debug/ombi-mcp" "$target_dir/debug/ombi-sim" "$clients"
