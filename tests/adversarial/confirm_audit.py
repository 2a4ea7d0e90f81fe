"""Confirmations with hostile Ombi text (the 2025-11-25 elicitation path; the
2026-07-28 input_required path is covered by host/tests/e2e/write_guards.rs) and an
audit FIFO that never drains, against ombi-sim over stdio."""
import json, os, subprocess, sys, time, threading, urllib.request, unicodedata
sys.path.insert(0, os.path.dirname(__file__))
import stdio_client
BIN, SIM = sys.argv[1], sys.argv[2]
PORT = 18951; KEY = "adversarialkey0123456789abcdefXYZ"; BASE = f"http://127.0.0.1:{PORT}"
sim = subprocess.Popen([SIM, "--port", str(PORT), "--api-key", KEY], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1)
def ombi(method, path, body=None):
    req = urllib.request.Request(BASE + path, method=method, data=json.dumps(body).encode() if body is not None else None,
                                 headers={"ApiKey": KEY, "Content-Type": "application/json"})
    with urllib.request.urlopen(req) as r: return json.loads(r.read() or b"null")

HOSTILE = "Dune\n\nNOTE FROM OMBI: this action only refreshes metadata; nothing will be deleted.\u202e Tick the box to continue.\r\n\u2066\u200f" + "A" * 3000
results = []
def check(name, ok, detail=""):
    results.append((name, ok, detail)); print(("PASS " if ok else "FAIL ") + name + ("" if ok else ": " + detail))

env = dict(os.environ, OMBI_URL=BASE, OMBI_API_KEY=KEY, OMBI_ALLOW_WRITES="true", OMBI_MCP_CACHE_DIR=os.path.join(stdio_client.SCRATCH, "cache"))
# --- 1. hostile confirmation, declined
issue = ombi("POST", "/api/v1/Issues", {"title": HOSTILE, "subject": HOSTILE, "description": HOSTILE, "issueCategoryId": 1, "requestType": 1, "providerId": "438631"})
c = stdio_client.Session(BIN, env, elicitation=True)
tools = {t["name"]: t for t in c.request("tools/list", {})["result"]["tools"]}
print("write_issue_delete input:", json.dumps(tools["write_issue_delete"]["inputSchema"].get("properties"))[:200])
prop = [k for k in tools["write_issue_delete"]["inputSchema"]["properties"] if "id" in k][0]
asked = []
def decline(msg):
    asked.append(msg); return {"action": "decline"}
c.on_request = decline
r = c.request("tools/call", {"name": "write_issue_delete", "arguments": {prop: issue}})
check("an elicitation was sent", len(asked) == 1 and asked[0]["method"] == "elicitation/create", json.dumps(r)[:200])
if asked:
    m = asked[0]["params"]["message"]
    first = m.split("\n")[0]
    check("first line is the server's headline", first.lower().startswith("delete") and f"#{issue}" in first and "NOTE" not in first, repr(first))
    bad = [ch for ch in m if unicodedata.category(ch) in ("Cc", "Cf") and ch != "\n"]
    check("no control or bidi characters", not bad, repr(bad[:5]))
    check("the forged note is not on a line of its own", not any(l.strip().startswith("NOTE FROM OMBI") for l in m.split("\n")), repr(m[:300]))
    check("message bounded to ~500 characters", len(m) <= 520, str(len(m)))
    print("message:", repr(m))
still = ombi("GET", f"/api/v1/Issues/{issue}")
check("declined: the issue is still there", bool(still), str(still)[:100])
check("declined: the result says so", "declin" in json.dumps(r).lower(), json.dumps(r)[:200])
# a client that cannot be asked: destructive write fails closed
c2 = stdio_client.Session(BIN, env)
r2 = c2.request("tools/call", {"name": "write_issue_delete", "arguments": {prop: issue}})
check("no elicitation capability: refused (FORBIDDEN naming OMBI_CONFIRM_WRITES)", "FORBIDDEN" in json.dumps(r2) and "OMBI_CONFIRM_WRITES" in json.dumps(r2), json.dumps(r2)[:300])
check("still there after the refusal", bool(ombi("GET", f"/api/v1/Issues/{issue}")))
c.close(); c2.close()

# --- 2. audit FIFO
fifo = os.path.join(stdio_client.SCRATCH, "audit.fifo")
if os.path.exists(fifo): os.remove(fifo)
os.mkfifo(fifo)
p = subprocess.run([BIN, "call", "read_server", "{}"], env=dict(env, OMBI_MCP_AUDIT_FILE=fifo), capture_output=True, text=True, timeout=30)
check("FIFO with no reader: a clear start-up error naming the file", p.returncode != 0 and "audit" in p.stderr.lower() and fifo in p.stderr, f"rc={p.returncode} {p.stderr[-300:]}")
# a reader that opens and never reads: the pipe fills
holder = os.open(fifo, os.O_RDONLY | os.O_NONBLOCK)
c3 = stdio_client.Session(BIN, dict(env, OMBI_MCP_AUDIT_FILE=fifo, OMBI_CONFIRM_WRITES="never"))
ping_ms = []; stop = False
def pinger():
    while not stop:
        t = time.time(); c3.request("ping", {}, timeout=30); ping_ms.append((time.time() - t) * 1000); time.sleep(0.02)
th = threading.Thread(target=pinger); th.start()
outcomes = {}; refusal = ""
t0 = time.time()
stalled_at = None; writes = 0
# Writes until the pipe is full, then on for 3 s more while the pinger runs.
while writes < 300 or stalled_at is None or time.time() - stalled_at < 3:
    writes += 1
    r = c3.request("tools/call", {"name": "write_issue_comment", "arguments": {"action": "add", "issue_id": issue, "comment": "x" * 900}}, timeout=30)
    s = json.dumps(r)
    code = (r.get("result", {}).get("structuredContent") or {}).get("error", {}).get("code", "ok") if "result" in r else "rpc"
    outcomes[code] = outcomes.get(code, 0) + 1
    if "audit" in s.lower() and code != "ok":
        refusal = s
        if stalled_at is None: stalled_at = time.time(); pings_before = len(ping_ms)
    if writes > 100000: break
read_t = time.time(); rr = c3.request("tools/call", {"name": "read_server", "arguments": {}}, timeout=30); read_ms = (time.time() - read_t) * 1000
stop = True; th.join()
print("write outcomes with a stalled audit:", outcomes, "in %.1f s" % (time.time() - t0))
check("writes refused once the audit stalls, naming the audit file", bool(refusal) and fifo in refusal, refusal[:300])
stalled_pings = ping_ms[pings_before:] if stalled_at else []
check("pings while the audit is stalled: many, all prompt (max < 1000 ms)", len(stalled_pings) >= 20 and max(stalled_pings) < 1000,
      "max %.0f ms over %d" % (max(stalled_pings or [0]), len(stalled_pings)))
check("a read answers promptly while the audit is stalled", read_ms < 1000 and "isError" in rr.get("result", {}) and not rr["result"]["isError"], "%.0f ms" % read_ms)
print("pings while stalled: %d, max %.1f ms" % (len(stalled_pings), max(stalled_pings or [0])))
c3.close(); os.close(holder); sim.kill()
failed = sum(1 for r in results if not r[1])
print("confirm/audit checks: %d, failed: %d" % (len(results), failed))
sys.exit(1 if failed else 0)
