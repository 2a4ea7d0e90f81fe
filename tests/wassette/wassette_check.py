"""Wassette check: `wassette run` over stdio with the Wassette face of the ombi-mcp tools and a
policy granting only the simulator's host and OMBI_URL/OMBI_API_KEY. Lists the tools (all of the catalogue,
named in kebab-case, each with its description), prints one tool's input schema as Wassette
derives it, and calls read-search and read-server against the simulator; a write is refused
while writes are off.

Usage: python wassette_check.py WASSETTE OMBI_MCP OMBI_SIM
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "clients"))
from catalogue import TOOL_COUNT  # noqa: E402
from simulator import start_simulator  # noqa: E402


class Wassette:
    def __init__(self, launcher, component_dir, env, workdir):
        self.proc = subprocess.Popen(
            [launcher, "run", "--component-dir", component_dir, "--disable-builtin-tools"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=open(os.path.join(workdir, "wassette.stderr"), "w"),
            text=True,
            env=env,
        )
        self.next = 0

    def send(self, method, params=None, notify=False):
        msg = {"jsonrpc": "2.0", "method": method}
        if params is not None:
            msg["params"] = params
        if not notify:
            self.next += 1
            msg["id"] = self.next
        self.proc.stdin.write(json.dumps(msg) + "\n")
        self.proc.stdin.flush()
        return msg.get("id")

    def request(self, method, params=None):
        want = self.send(method, params)
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise SystemExit("wassette closed its output")
            m = json.loads(line)
            if m.get("id") == want:
                return m

    def close(self):
        self.proc.stdin.close()
        self.proc.terminate()  # wassette does not exit on end of input
        self.proc.wait(timeout=10)


def null_args(tool, given):
    """Wassette lists every parameter as required; optional ones take null."""
    args = {k: None for k in tool["inputSchema"].get("properties", {})}
    args.update(given)
    return args


def envelope(result):
    assert not result.get("isError"), result
    text = result["content"][0]["text"]
    return json.loads(text)


def main(launcher, mcp_bin, sim_bin):
    sim, sim_env = start_simulator(sim_bin)
    work = tempfile.mkdtemp(prefix="ombi-wassette-")
    components = os.path.join(work, "components")
    os.makedirs(components)
    try:
        artifact = os.path.join(components, "ombi.wasm")
        subprocess.run([mcp_bin, "component", "--wassette", artifact], check=True, capture_output=True)
        host = sim_env["OMBI_URL"].split("//", 1)[1].split(":", 1)[0]
        with open(os.path.join(components, "ombi.policy.yaml"), "w") as f:
            f.write(
                'version: "1.0"\n'
                'description: "ombi-mcp tools: only the Ombi host, only its URL and key"\n'
                "permissions:\n"
                "  network:\n"
                "    allow:\n"
                f'      - host: "{host}"\n'
                "  environment:\n"
                "    allow:\n"
                '      - key: "OMBI_URL"\n'
                '      - key: "OMBI_API_KEY"\n'
            )
        env = dict(
            PATH=os.environ.get("PATH", ""),
            HOME=work,
            XDG_DATA_HOME=os.path.join(work, "data"),
            XDG_CONFIG_HOME=os.path.join(work, "config"),
            XDG_CACHE_HOME=os.path.join(work, "cache"),
            OMBI_URL=sim_env["OMBI_URL"],
            OMBI_API_KEY=sim_env["OMBI_API_KEY"],
            # Not granted by the policy: the component must not see it.
            OMBI_ALLOW_WRITES="true",
        )
        w = Wassette(launcher, components, env, work)
        try:
            init = w.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "ombi-check", "version": "1"}})
            assert "result" in init, init
            w.send("notifications/initialized", notify=True)
            started, tools = time.monotonic(), []
            while time.monotonic() - started < 120:
                tools = w.request("tools/list", {})["result"]["tools"]
                if len(tools) >= TOOL_COUNT:
                    break
                time.sleep(0.3)
            names = sorted(t["name"] for t in tools)
            assert len(names) == TOOL_COUNT, f"Wassette lists {len(names)} tools: {names}"
            assert "read-search" in names and "write-job-trigger" in names, names
            by_name = {t["name"]: t for t in tools}
            for t in tools:
                assert t.get("description") and not t["description"].startswith("Auto-generated"), t["name"]
            print(f"Wassette lists {TOOL_COUNT} tools in {time.monotonic() - started:.1f} s, each with its description")
            schema = by_name["read-search"]["inputSchema"]
            print("read-search input schema as Wassette derives it:", json.dumps(schema, separators=(",", ":")))

            r = w.request("tools/call", {"name": "read-search", "arguments": null_args(by_name["read-search"], {"query": "dune", "media": ["movie"], "limit": 5})})
            env_search = envelope(r["result"])
            assert env_search["ok"] is True, env_search
            titles = [i["title"] for i in env_search["data"]["items"]]
            assert any("Dune" in t for t in titles), titles
            print(f"read-search: ok, {len(titles)} items ({titles[0]!r} first)")

            r = w.request("tools/call", {"name": "read-server", "arguments": null_args(by_name["read-server"], {"view": "status"})})
            env_server = envelope(r["result"])
            assert env_server["ok"] is True, env_server
            print(f"read-server status: ok, data {sorted(env_server['data'])[:6]}")

            r = w.request("tools/call", {"name": "write-vote", "arguments": null_args(by_name["write-vote"], {"direction": "up", "media": "movie", "request-id": 1})})
            env_write = envelope(r["result"])
            assert env_write["ok"] is False and env_write["error"]["code"] == "FORBIDDEN", env_write
            print("write-vote: FORBIDDEN (OMBI_ALLOW_WRITES is not granted by the policy)")
            text = json.dumps([env_search, env_server, env_write])
            assert sim_env["OMBI_API_KEY"] not in text, "the key appeared in a result"
        finally:
            w.close()
    finally:
        sim.terminate()
        sim.wait()
        shutil.rmtree(work, ignore_errors=True)
    print("wassette check: OK")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
