"""Real-client checks with the Node clients against `ombi-mcp serve` and the simulator:

- the MCP Inspector CLI: `tools/list --strict` in both eras (0 findings of any severity in
  input schemas, 0 errors anywhere), then every tool of the catalogue called once in each era
  (`--protocol-era legacy` and `modern`), writes on; the Inspector validates each
  structuredContent against the tool's outputSchema with Ajv and exits non-zero on a
  violation, as it does for a tool error;
- the TypeScript SDK (ts_client_check.mjs): reads validated by its Ajv, confirmations by
  elicitation.

Ids for the write calls are read from the simulator through `ombi-mcp call` just before
each call, so every write acts on something that exists.

Usage: python node_clients_check.py OMBI_MCP OMBI_SIM CLIENTS_DIR
  CLIENTS_DIR holds node_modules with @modelcontextprotocol/inspector and /sdk.
"""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from catalogue import TOOL_COUNT
from http_server import start_http
from simulator import start_simulator

HERE = os.path.dirname(os.path.abspath(__file__))

# One call of each read tool (the TypeScript check calls these too).
READS = [
    ("read_search", {"query": "dune"}),
    ("read_server", {"view": "status"}),
    ("read_discover", {"media": "movie", "list": "popular", "limit": 5}),
    ("read_media", {"media": "movie", "id": "603", "include": ["credits"]}),
    ("read_reference", {"kind": "genres", "media": "movie"}),
    ("read_requests", {"media": "movie", "status": "pending", "limit": 5}),
    ("read_request_stats", {"view": "counts"}),
    ("read_issues", {"view": "list", "status": "pending"}),
    ("read_votes", {"view": "open"}),
    ("read_users", {"view": "list"}),
    ("read_library", {"view": "calendar"}),
    ("read_integration", {"service": "sonarr", "what": "quality_profiles"}),
    ("read_settings", {"section": "vote"}),
    ("read_logs", {}),
]


class Checker:
    def __init__(self, mcp_bin, clients, env):
        self.mcp_bin = mcp_bin
        self.clients = clients
        self.env = env
        self.inspector = os.path.join(clients, "node_modules", ".bin", "mcp-inspector")
        self.server_env = dict(env, OMBI_MCP_LOG="warn", OMBI_ALLOW_WRITES="true", OMBI_CONFIRM_WRITES="never")
        self.era_tag = ""

    def read(self, tool, args):
        """A read through `ombi-mcp call` (to find ids); its envelope's data."""
        out = subprocess.run(
            [self.mcp_bin, "call", tool, json.dumps(args)],
            env=dict(os.environ, **self.server_env),
            capture_output=True,
            text=True,
            check=True,
        )
        env = json.loads(out.stdout)
        assert env["ok"], f"{tool} {args}: {env}"
        return env["data"]

    def inspector_run(self, era, method_args):
        cmd = [self.inspector, "--cli", "--connect-timeout", "120000", "--format", "json"]
        for k, v in self.server_env.items():
            cmd += ["-e", f"{k}={v}"]
        cmd += method_args + ["--protocol-era", era, "--", self.mcp_bin, "serve"]
        out = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        return out

    def strict(self, era):
        out = self.inspector_run(era, ["--method", "tools/list", "--strict"])
        if out.returncode != 0:
            raise SystemExit(f"Inspector {era} tools/list --strict exited {out.returncode}:\n{out.stderr[-3000:]}")
        doc = json.loads(out.stdout)
        tools = doc["result"]["tools"]
        assert len(tools) == TOOL_COUNT, f"{era}: {len(tools)} tools"
        findings = [dict(f, tool=t["toolName"]) for t in doc.get("schemaFindings", []) for f in t["findings"]]
        errors = [f for f in findings if f["severity"] == "error"]
        inputs = [f for f in findings if f["schema"] == "inputSchema"]
        outputs = [f for f in findings if f["schema"] == "outputSchema"]
        assert not errors, f"{era}: error-severity findings: {errors}"
        assert not inputs, "input schemas are not portable: " + "; ".join(f"{f['tool']} {f['path']} ({f['rule']})" for f in inputs)
        size = len(json.dumps(doc["result"], separators=(",", ":")).encode())
        rules = sorted({f["rule"] for f in outputs})
        print(
            f"Inspector {era}: tools/list --strict: {TOOL_COUNT} tools, {size} bytes; 0 errors; input schemas 0 warnings; "
            f"output schemas {len(outputs)} warnings ({', '.join(rules) or 'none'}: the composed output contract)"
        )

    def call(self, era, tool, args):
        out = self.inspector_run(era, ["--method", "tools/call", "--tool-name", tool, "--tool-args-json", json.dumps(args)])
        if out.returncode != 0:
            raise SystemExit(
                f"Inspector {era} tools/call {tool} {json.dumps(args)} exited {out.returncode}:\n"
                f"stdout: {out.stdout[-2000:]}\nstderr: {out.stderr[-2000:]}"
            )
        result = json.loads(out.stdout)
        result = result.get("result", result)
        sc = result.get("structuredContent") or {}
        assert sc.get("ok") is True and not result.get("isError"), f"{era} {tool}: {result}"
        return sc

    # The write calls, each built from a fresh read.
    def write_calls(self, era):
        tag = f"{era}-{int(time.time() * 1000) % 100000}"
        pending = [i["target"]["id"] for i in self.read("read_requests", {"media": "movie", "status": "pending", "limit": 20})["items"]]
        assert len(pending) >= 5, f"too few pending movie requests left: {pending}"
        requested = set()
        for offset in range(0, 1000, 100):
            page = self.read("read_requests", {"media": "movie", "limit": 100, "offset": offset})["items"]
            for r in page:
                requested |= {i["value"] for i in r["identifiers"] if i["namespace"] == "tmdb"}
            if len(page) < 100:
                break
        candidates = self.read("read_search", {"query": "the", "media": ["movie"], "limit": 50})["items"]
        fresh = next(
            int(i["value"])
            for c in candidates
            for i in c["identifiers"]
            if i["namespace"] == "tmdb" and i["value"] not in requested
        )
        category = self.read("read_reference", {"kind": "issue_categories"})["items"][0]["value"]
        queue = self.read("read_requests", {"view": "failed"})["items"][0]["queue_id"]
        revision = self.read("read_settings", {"section": "vote"})["revision"]
        issue = {}

        def created_issue():
            return {"issue_id": issue["id"]}

        return [
            ("write_request_create", lambda: {"media": "movie", "tmdb_id": fresh, "as_user": "alex"}),
            ("write_request_approve", lambda: {"media": "movie", "request_id": pending[0]}),
            ("write_request_reprocess", lambda: {"media": "movie", "request_id": pending[0]}),
            ("write_request_availability", lambda: {"media": "movie", "request_id": pending[0], "available": True}),
            ("write_request_deny", lambda: {"media": "movie", "request_id": pending[1], "reason": "inspector check"}),
            ("write_request_delete", lambda: {"media": "movie", "request_id": pending[2]}),
            ("write_request_subscription", lambda: {"media": "movie", "request_id": pending[3], "subscribed": True, "as_user": "kai"}),
            ("write_vote", lambda: {"direction": "up", "media": "movie", "request_id": pending[4], "as_user": "kai"}),
            (
                "write_issue_create",
                lambda: {
                    "title": "Dune", "media": "movie", "provider_id": "438631", "category_id": category,
                    "subject": f"No sound ({tag})", "description": "Silent from minute 10", "as_user": "sam",
                },
            ),
            ("write_issue_status", lambda: dict(created_issue(), status="in_progress")),
            ("write_issue_comment", lambda: dict(created_issue(), action="add", comment="Looking into it")),
            ("write_issue_delete", created_issue),
            ("write_issue_category", lambda: {"action": "create", "name": f"Check {tag}"}),
            ("write_user_preferences", lambda: {"as_user": "kai", "language": "fr"}),
            ("write_retry_queue_remove", lambda: {"queue_id": queue}),
            ("write_settings_patch", lambda: {"section": "vote", "changes": [{"name": "/movieVoteMax", "value": 4}], "revision": revision}),
            ("write_job_trigger", lambda: {"job": "arrAvailability"}),
        ], issue

    def every_tool(self, era):
        called = set()
        for tool, args in READS:
            self.call(era, tool, args)
            called.add(tool)
        calls, issue = self.write_calls(era)
        for tool, make in calls:
            sc = self.call(era, tool, make())
            if tool == "write_issue_create":
                issue["id"] = sc["data"]["issue_id"]
            called.add(tool)
        assert len(called) == TOOL_COUNT, sorted(called)
        print(f"Inspector {era}: all {TOOL_COUNT} tools called once, each structuredContent valid against its outputSchema")


def http(mcp_bin, clients, env, calls):
    """The same clients over HTTP, as members with their own tokens: the Inspector CLI with
    `--transport http` (both eras) and the TypeScript SDK's StreamableHTTPClientTransport."""
    tokens = os.path.join(env["OMBI_MCP_CACHE_DIR"], "tokens")
    token = {}
    for user in ("alex", "morgan"):
        out = subprocess.run([mcp_bin, "token", "new", user, "--file", tokens], check=True, capture_output=True, text=True)
        token[user] = out.stdout.strip().splitlines()[-1]
    # Every Inspector invocation is a new client (its handshake included): a generous rate.
    extra = {"OMBI_ALLOW_WRITES": "true", "OMBI_MCP_MEMBER_RATE": "5000"}
    server, url = start_http(mcp_bin, dict(env, OMBI_MCP_TOKENS_FILE=tokens), extra)
    inspector = os.path.join(clients, "node_modules", ".bin", "mcp-inspector")
    try:
        for era in ("legacy", "modern"):
            base = [inspector, "--cli", url, "--transport", "http", "--header", f"Authorization: Bearer {token['morgan']}", "--format", "json", "--protocol-era", era]
            out = subprocess.run(base + ["--method", "tools/list", "--strict"], capture_output=True, text=True, timeout=300)
            assert out.returncode == 0, f"Inspector http {era} tools/list: {out.returncode}\n{out.stderr[-2000:]}"
            assert len(json.loads(out.stdout)["result"]["tools"]) == TOOL_COUNT
            for tool, args in READS:
                out = subprocess.run(base + ["--method", "tools/call", "--tool-name", tool, "--tool-args-json", json.dumps(args)], capture_output=True, text=True, timeout=300)
                assert out.returncode == 0, f"Inspector http {era} {tool}: {out.returncode}\n{out.stdout[-1500:]}\n{out.stderr[-1500:]}"
                result = json.loads(out.stdout)
                result = result.get("result", result)
                assert (result.get("structuredContent") or {}).get("ok") is True, f"{era} {tool}: {result}"
            print(f"Inspector over HTTP ({era}) as member morgan: tools/list --strict and {len(READS)} calls valid against their outputSchema")
        script = os.path.join(clients, "ts_http_check.mjs")
        shutil.copy(os.path.join(HERE, "ts_http_check.mjs"), script)
        subprocess.run(["node", script, url, token["alex"], token["morgan"], calls, str(TOOL_COUNT)], check=True, timeout=300)
    finally:
        server.terminate()


def main(mcp_bin, sim_bin, clients):
    sim, sim_env = start_simulator(sim_bin)
    cache = tempfile.mkdtemp(prefix="ombi-mcp-nodecheck-")
    env = dict(sim_env, OMBI_MCP_CACHE_DIR=cache)
    try:
        # Warm the compiled-component cache, as any second start of the server would be.
        subprocess.run([mcp_bin, "call", "read_server"], env=dict(os.environ, **env), check=True, capture_output=True)
        checker = Checker(mcp_bin, clients, env)
        for era in ("legacy", "modern"):
            checker.strict(era)
        for era in ("legacy", "modern"):
            checker.every_tool(era)
        # The TypeScript SDK resolves its imports next to the script.
        script = os.path.join(clients, "ts_client_check.mjs")
        shutil.copy(os.path.join(HERE, "ts_client_check.mjs"), script)
        calls = os.path.join(clients, "calls.json")
        with open(calls, "w") as f:
            json.dump(READS, f)
        subprocess.run(["node", script, mcp_bin, calls, str(TOOL_COUNT)], env=dict(os.environ, **env), check=True, timeout=300)
        http(mcp_bin, clients, env, calls)
    finally:
        sim.terminate()
        sim.wait()
        shutil.rmtree(cache, ignore_errors=True)
    print("node real-client checks (Inspector CLI, TypeScript SDK): OK")


if __name__ == "__main__":
    if len(sys.argv) != 4:
        raise SystemExit(__doc__)
    main(*sys.argv[1:])
