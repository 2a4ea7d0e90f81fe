#!/usr/bin/env bash
# The adversarial check of a release build (issues 26 and 29): the key in every JSON spelling
# and place (leaks.py), hostile multibyte text in every string argument of every tool
# (args.py), forged confirmations and a stalled audit (confirm_audit.py). Loopback only.
# Usage: tests/adversarial/run.sh   (builds the release binaries first)
set -euo pipefail
cd "$(dirname "$0")/../.."
cargo build --release -p ombi-mcp -p ombi-sim
BIN=target/release/ombi-mcp SIM=target/release/ombi-sim
export ADV_SCRATCH="$(mktemp -d)"
trap 'rm -rf "$ADV_SCRATCH"' EXIT
python3 tests/adversarial/leaks.py "$BIN"
python3 tests/adversarial/args.py "$BIN" "$SIM"
python3 tests/adversarial/confirm_audit.py "$BIN" "$SIM"
