"""A tiny stdio MCP client for the adversarial checks (one JSON-RPC session, 2025-11-25)."""
import json, subprocess, os, tempfile, threading, queue, time

BIN = "ombi-mcp"  # set by the caller
SCRATCH = os.environ.get("ADV_SCRATCH") or tempfile.mkdtemp(prefix="ombi-adv-")

class Session:
    def __init__(self, env, elicitation=False, args=()):
        e = dict(os.environ); e.update(env)
        e.setdefault("OMBI_MCP_CACHE_DIR", os.path.join(SCRATCH, "cache"))
        self.p = subprocess.Popen([BIN, *args], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, env=e)
        self.out_raw = []; self.err_raw = []
        self.q = queue.Queue()
        threading.Thread(target=self._rd_out, daemon=True).start()
        threading.Thread(target=self._rd_err, daemon=True).start()
        self.nid = 0
        self.on_request = None
        caps = {"elicitation": {}} if elicitation else {}
        self.init = self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": caps,
                                    "clientInfo": {"name": "adv", "version": "0"}}, timeout=30)
        self.notify("notifications/initialized", {})
    def _rd_out(self):
        for line in self.p.stdout:
            self.out_raw.append(line)
            try: self.q.put(json.loads(line))
            except Exception: self.q.put({"_unparsable": line})
        self.q.put(None)
    def _rd_err(self):
        for line in self.p.stderr: self.err_raw.append(line)
    def send(self, obj):
        self.p.stdin.write((json.dumps(obj) + "\n").encode()); self.p.stdin.flush()
    def notify(self, m, params): self.send({"jsonrpc": "2.0", "method": m, "params": params})
    def request(self, m, params, timeout=60):
        self.nid += 1; rid = self.nid
        self.send({"jsonrpc": "2.0", "id": rid, "method": m, "params": params})
        return self.wait(rid, timeout)
    def wait(self, rid, timeout=60):
        end = time.time() + timeout
        while True:
            left = end - time.time()
            if left <= 0: return {"_timeout": True}
            try: msg = self.q.get(timeout=left)
            except queue.Empty: return {"_timeout": True}
            if msg is None: return {"_eof": True}
            if "method" in msg and "id" in msg:
                if self.on_request: self.send({"jsonrpc": "2.0", "id": msg["id"], "result": self.on_request(msg)})
                continue
            if "method" in msg: continue
            if msg.get("id") == rid or (msg.get("id") is None and "error" in msg): return msg
    def call(self, tool, args, timeout=60):
        return self.request("tools/call", {"name": tool, "arguments": args}, timeout)
    def close(self):
        try: self.p.stdin.close()
        except Exception: pass
        try: self.p.wait(10)
        except Exception: self.p.kill(); self.p.wait()
        time.sleep(0.1)
        return b"".join(self.out_raw), b"".join(self.err_raw)
