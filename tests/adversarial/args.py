"""Every tool, every string argument, multibyte and hostile text, writes on (never confirm),
against ombi-sim over stdio: no INTERNAL_ERROR, no trap, the session survives."""
import json, os, subprocess, sys, time
sys.path.insert(0, os.path.dirname(__file__))
import stdio_client

BIN, SIM = sys.argv[1], sys.argv[2]
PORT = 18941; KEY = "adversarialkey0123456789abcdefXYZ"
sim = subprocess.Popen([SIM, "--port", str(PORT), "--api-key", KEY], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1)
env = dict(os.environ, OMBI_URL=f"http://127.0.0.1:{PORT}", OMBI_API_KEY=KEY, OMBI_ALLOW_WRITES="true",
           OMBI_CONFIRM_WRITES="never", OMBI_MCP_CACHE_DIR=os.path.join(stdio_client.SCRATCH, "cache"))
HOSTILE = ["é", "2024-01-0é", "2024-01-01é", "2024-0é-01", "漢字漢字漢字漢字漢字", "🎬" * 60, "\u202eevil", "a\u0301" * 30,
           "é" * 5000, "", " ", "10é", "１２３", "x" * 9 + "é", "\ud7ff", "ß" * 101, "%00", "../../etc", "\u0000"]

def default(schema):
    t = schema.get("type")
    if isinstance(t, list): t = [x for x in t if x != "null"][0]
    if "enum" in schema: return schema["enum"][0]
    return {"string": "1", "integer": 1, "number": 1, "boolean": False, "array": [], "object": {}}.get(t, "1")

def string_props(schema):
    for k, v in (schema.get("properties") or {}).items():
        t = v.get("type"); ts = t if isinstance(t, list) else [t]
        if "string" in ts: yield k, False
        elif "array" in ts and "string" in str(v.get("items", {}).get("type")): yield k, True

c = stdio_client.Session(BIN, env)
tools = c.request("tools/list", {})["result"]["tools"]
cases = bad = 0; codes = {}; fails = []
for t in tools:
    schema = t["inputSchema"]; req = schema.get("required", [])
    base = {k: default(schema["properties"][k]) for k in req}
    for prop, is_array in string_props(schema):
        for h in HOSTILE:
            args = dict(base); args[prop] = [h] if is_array else h
            cases += 1
            r = c.request("tools/call", {"name": t["name"], "arguments": args}, timeout=60)
            if "_timeout" in r or "_eof" in r:
                fails.append((t["name"], prop, h[:20], "no answer: %r" % r)); bad += 1; break
            res = r.get("result") or {}
            sc = res.get("structuredContent") or {}
            code = (sc.get("error") or {}).get("code") if isinstance(sc, dict) else None
            if code is None and "error" in r: code = "jsonrpc %s" % r["error"].get("code")
            codes[code] = codes.get(code, 0) + 1
            text = json.dumps(r)
            if code == "INTERNAL_ERROR" or "trap" in text.lower() or "panicked" in text:
                bad += 1; fails.append((t["name"], prop, h[:20], text[:300]))
alive = c.request("ping", {}, timeout=10)
c.close(); sim.kill()
print(f"tools: {len(tools)}, argument cases: {cases}, failures: {bad}, session alive: {'result' in alive}")
print("outcome codes:", json.dumps({str(k): v for k, v in codes.items()}, sort_keys=True))
for f in fails[:20]: print("FAIL", f)
sys.exit(1 if fails or "result" not in alive else 0)
