#!/usr/bin/env bash
# The official MCP conformance suite (0.2.0-alpha.12, Node >= 22) against `ombi-mcp serve
# --http` on loopback, at 2025-11-25 and 2026-07-28, with the baselines beside this script.
# Installs Node and the suite under target/ when missing.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
cargo test --workspace --no-run >/dev/null 2>&1 || cargo test --workspace --no-run
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
clients="$target_dir/mcp-clients"
mkdir -p "$clients"
# shellcheck source=../clients/node-env.sh
. "$root/tests/clients/node-env.sh"
if [ ! -x "$clients/node_modules/.bin/conformance" ]; then
  (cd "$clients" && [ -f package.json ] || (cd "$clients" && npm init -y >/dev/null))
  (cd "$clients" && npm install --no-audit --no-fund --loglevel=error --save-exact \
    @modelcontextprotocol/conformance@0.2.0-alpha.12)
fi
python3 tests/conformance/run.py "$target_dir/debug/ombi-mcp" "$target_dir/debug/ombi-sim" "$clients" "$target_dir/conformance"
