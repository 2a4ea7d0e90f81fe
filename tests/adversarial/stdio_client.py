"""A tiny stdio MCP client for the adversarial checks: one JSON-RPC session (2025-11-25) whose
requests may come from several threads; the reader thread routes each answer to its request
and answers the server's own requests (elicitation) with `on_request`."""
import json, os, subprocess, tempfile, threading, time

SCRATCH = os.environ.get("ADV_SCRATCH") or tempfile.mkdtemp(prefix="ombi-adv-")

class Session:
    def __init__(self, binary, env, elicitation=False):
        e = dict(os.environ); e.update(env)
        e.setdefault("OMBI_MCP_CACHE_DIR", os.path.join(SCRATCH, "cache"))
        self.p = subprocess.Popen([binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, env=e)
        self.cv = threading.Condition(); self.answers = {}; self.eof = False
        self.send_lock = threading.Lock(); self.nid = 0
        self.on_request = None  # answers the server's requests; None declines them
        threading.Thread(target=self._read, daemon=True).start()
        caps = {"elicitation": {}} if elicitation else {}
        self.init = self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": caps,
                                                "clientInfo": {"name": "adv", "version": "0"}}, timeout=30)
        self.send({"jsonrpc": "2.0", "method": "notifications/initialized", "params": {}})

    def _read(self):
        for line in self.p.stdout:
            try: msg = json.loads(line)
            except ValueError: continue
            if "method" in msg:
                if "id" in msg:
                    h = self.on_request
                    self.send({"jsonrpc": "2.0", "id": msg["id"], "result": h(msg) if h else {"action": "decline"}})
                continue
            with self.cv:
                self.answers[msg.get("id")] = msg; self.cv.notify_all()
        with self.cv:
            self.eof = True; self.cv.notify_all()

    def send(self, obj):
        with self.send_lock:
            self.p.stdin.write((json.dumps(obj) + "\n").encode()); self.p.stdin.flush()

    def request(self, method, params, timeout=60):
        with self.cv:
            self.nid += 1; rid = self.nid
        self.send({"jsonrpc": "2.0", "id": rid, "method": method, "params": params})
        end = time.time() + timeout
        with self.cv:
            while rid not in self.answers:
                if self.eof: return {"_eof": True}
                left = end - time.time()
                if left <= 0: return {"_timeout": True}
                self.cv.wait(left)
            return self.answers.pop(rid)

    def close(self):
        try: self.p.stdin.close()
        except OSError: pass
        try: self.p.wait(10)
        except subprocess.TimeoutExpired: self.p.kill(); self.p.wait()
