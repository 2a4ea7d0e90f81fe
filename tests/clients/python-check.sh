#!/usr/bin/env bash
# The real-client check: installs the Python MCP SDK (mcp==2.3.0) in a virtualenv under
# target/ and runs python_client_check.py (stdio) and python_http_check.py (serve --http, as
# members with their own tokens) against the debug binaries.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$root"
# The same build as the README's test command (a no-op right after it): `cargo test` builds both
# binaries, since both packages have integration tests. A narrower `cargo build -p …` would
# unify features differently and rebuild the host.
cargo test --workspace --no-run
target_dir="$(cargo metadata --format-version 1 --no-deps | python3 -c 'import json,sys; print(json.load(sys.stdin)["target_directory"])')"
venv="$target_dir/py-mcp-2.3.0"
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv"
  "$venv/bin/pip" install --quiet "mcp==2.3.0"
fi
"$venv/bin/python" tests/clients/python_client_check.py "$target_dir/debug/ombi-mcp" "$target_dir/debug/ombi-sim"
"$venv/bin/python" tests/clients/python_http_check.py "$target_dir/debug/ombi-mcp" "$target_dir/debug/ombi-sim"
