"""`ombi-mcp serve --http` on a free loopback port, for the checks that speak HTTP."""

import os
import socket
import subprocess
import time
import urllib.request


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start_http(server_bin, env, extra=None, port=None, log=None):
    """Starts `ombi-mcp serve --http 127.0.0.1:PORT` with `env` (OMBI_URL, OMBI_API_KEY) and
    `extra` on top; waits until /healthz answers. Returns the process and the /mcp URL."""
    port = port or free_port()
    full = dict(os.environ)
    full.update(env)
    full.update(extra or {})
    full.setdefault("OMBI_MCP_LOG", "info")
    proc = subprocess.Popen(
        [server_bin, "serve", "--http", f"127.0.0.1:{port}"],
        env=full,
        stdout=subprocess.DEVNULL,
        stderr=log or subprocess.DEVNULL,
    )
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 300  # a first start compiles the component
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"ombi-mcp serve --http exited with {proc.returncode}")
        try:
            with urllib.request.urlopen(base + "/healthz", timeout=2) as r:
                if r.status == 200:
                    return proc, base + "/mcp"
        except OSError:
            time.sleep(0.3)
    proc.kill()
    raise SystemExit("ombi-mcp serve --http did not come up")
