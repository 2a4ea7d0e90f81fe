"""The official MCP conformance suite against `ombi-mcp serve --http` on loopback, at both
revisions, each with its baseline of expected failures (every entry has its reason in the
YAML file). Results are kept under target/conformance/<revision>/."""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "clients"))
from http_server import start_http  # noqa: E402
from simulator import start_simulator  # noqa: E402

SUITE = "@modelcontextprotocol/conformance@0.2.0-alpha.12"


def main():
    server_bin, sim_bin, clients, out = sys.argv[1:5]
    here = os.path.dirname(os.path.abspath(__file__))
    sim, env = start_simulator(sim_bin)
    env["OMBI_MCP_CACHE_DIR"] = os.path.join(out, "component-cache")
    server, url = start_http(server_bin, env)
    failed = []
    try:
        for revision in ("2025-11-25", "2026-07-28"):
            baseline = os.path.join(here, f"expected-failures-{revision}.yml")
            cmd = [
                os.path.join(clients, "node_modules", ".bin", "conformance"),
                "server", "--url", url, "--requirements", revision,
                "--expected-failures", baseline, "-o", os.path.join(out, revision),
            ]
            print(f"conformance {revision}: {' '.join(cmd[1:])}", flush=True)
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=900)
            summary = r.stdout[r.stdout.find("=== SUMMARY ==="):] if "=== SUMMARY ===" in r.stdout else r.stdout[-4000:]
            print(summary, flush=True)
            if r.returncode != 0:
                print(r.stderr[-2000:], file=sys.stderr)
                failed.append(revision)
    finally:
        server.terminate()
        sim.terminate()
    if failed:
        raise SystemExit(f"conformance: unexpected results at {', '.join(failed)}")
    print("conformance: both revisions as expected")


if __name__ == "__main__":
    main()
