"""Drives ombi-mcp (release) against fake_ombi.py with the key in many spellings and places and
audits stdout and stderr for any run of 8+ consecutive key characters (raw and JSON-decoded)."""
import json, os, random, re, string, subprocess, sys, tempfile, time, urllib.request

BIN = sys.argv[1]
PORT = 18931
random.seed(7)
KEY = "".join(random.choice(string.ascii_letters + string.digits) for _ in range(40))

def spellings():
    out = {"literal": KEY}
    out["u-lower"] = "".join("\\u%04x" % ord(c) for c in KEY)
    out["u-upper"] = "".join("\\u%04X" % ord(c) for c in KEY)
    out["alt"] = "".join(("\\u%04x" % ord(c)) if i % 2 else c for i, c in enumerate(KEY))
    out["alt-upper"] = "".join(("\\u%04X" % ord(c)) if i % 2 == 0 else c for i, c in enumerate(KEY))
    out["last-only"] = KEY[:-1] + "\\u%04x" % ord(KEY[-1])
    out["first-only"] = "\\u%04X" % ord(KEY[0]) + KEY[1:]
    out["random-mix"] = "".join(("\\u%04x" % ord(c)) if random.random() < .5 else c for c in KEY)
    out["percent"] = "".join("%%%02X" % ord(c) for c in KEY)
    return out

def runs(text):
    bad = []
    for i in range(len(KEY) - 7):
        frag = KEY[i:i + 8]
        if frag in text: bad.append(frag)
    return bad

def decoded_strings(text):
    outs = []
    for line in text.splitlines():
        try: v = json.loads(line)
        except Exception: continue
        stack = [v]
        while stack:
            x = stack.pop()
            if isinstance(x, dict): stack.extend(x.keys()); stack.extend(x.values())
            elif isinstance(x, list): stack.extend(x)
            elif isinstance(x, str): outs.append(x)
    try:
        v = json.loads(text); outs.append(json.dumps(v, ensure_ascii=False))
    except Exception: pass
    return "\n".join(outs)

def setmode(**m):
    req = urllib.request.Request(f"http://127.0.0.1:{PORT}/__mode", data=json.dumps(m).encode(), method="POST")
    urllib.request.urlopen(req).read()

fake = subprocess.Popen([sys.executable, os.path.join(os.path.dirname(__file__), "fake_ombi.py"), str(PORT)])
time.sleep(0.5)
env = dict(os.environ, OMBI_URL=f"http://127.0.0.1:{PORT}", OMBI_API_KEY=KEY,
           OMBI_MCP_CACHE_DIR=os.path.join(os.environ.get("ADV_SCRATCH") or tempfile.mkdtemp(prefix="ombi-adv-"), "cache"), RUST_LOG="debug")
cases = passed = 0
fails = []
try:
    for name, s in spellings().items():
        plan = [("body", off, None) for off in list(range(960, 1001)) + [0, 500]]
        plan += [("header-value", 0, None), ("header-name", 0, None), ("trailer", 0, None)]
        body_start = len('"line one\\n2026-12-03 INF ')
        plan += [("chunked", 990, body_start + 990 + k) for k in range(0, len(s) + 1)]
        for place, off, split in plan:
            if place == "header-name" and "\\" in s: continue  # not a valid header name
            setmode(spelled=s, place=place, offset=off, split=split)
            for args in ('{"file_id":"log.txt","limit":5}', '{"file_id":"log.txt","limit":5,"tail":true}'):
                p = subprocess.run([BIN, "call", "read_logs", args], env=env, capture_output=True, text=True, timeout=60)
                out = p.stdout + "\n" + p.stderr
                cases += 1
                bad = runs(out) + runs(decoded_strings(p.stdout))
                if "INTERNAL_ERROR" in p.stdout: bad.append("INTERNAL_ERROR")
                if bad:
                    fails.append((name, place, off, split, args, bad[:3], p.stdout[:300]))
                else:
                    passed += 1
finally:
    fake.kill()
print(f"key-leak cases: {cases}, clean: {passed}, leaks: {len(fails)}")
for f in fails[:20]: print("LEAK", f)
sys.exit(1 if fails else 0)
