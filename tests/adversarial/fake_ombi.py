"""A fake Ombi on loopback that puts the API key, in a chosen spelling and place, into its answers.
The mode is set by POST /__mode (JSON) from the driver; only the driver talks to that path."""
import json, sys, threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

MODE = {"spelled": "", "place": "body", "offset": 0, "split": None}
SEEN = []

class H(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    def log_message(self, *a): pass

    def do_POST(self):
        n = int(self.headers.get("Content-Length") or 0)
        body = self.rfile.read(n)
        if self.path == "/__mode":
            MODE.clear(); MODE.update(json.loads(body)); SEEN.clear()
            self.send_response(204); self.send_header("Content-Length", "0"); self.end_headers(); return
        self.send_response(404); self.send_header("Content-Length", "0"); self.end_headers()

    def do_GET(self):
        SEEN.append(self.path)
        if self.path == "/__seen":
            return self.reply(200, json.dumps(SEEN).encode(), {})
        s = MODE["spelled"]; place = MODE["place"]
        extra = {}
        if place == "header-value": extra["X-Trace"] = "abc " + s + " def"
        if place == "header-name": extra["X-" + s] = "1"
        if self.path.rstrip("/").lower() == "/api/v2/system/logs":
            return self.reply(200, b'["log.txt"]', extra)
        if self.path.lower().startswith("/api/v2/system/logs/"):
            # A log file: the key (spelled) placed so that its decoded text starts at
            # character `offset` of a long line (the guest cuts lines at 1000 characters).
            pad = "x" * MODE.get("offset", 0)
            key_text = s if place in ("body", "chunked", "trailer-and-body") else "nothing here"
            line = "2026-12-03 INF " + pad + key_text + " tail" + "y" * 1200
            raw = "line one\n" + line + "\nlast line\n"
            # JSON string literal without escaping the backslashes of the spelling itself
            body = ('"' + raw.replace("\n", "\\n") + '"').encode()
            if place in ("chunked", "trailer"):
                return self.chunked(body, extra)
            return self.reply(200, body, extra)
        if self.path.lower() == "/api/v1/status":
            return self.reply(200, b"200", extra)
        return self.reply(404, b'{"error":"not here"}', extra)

    def reply(self, code, body, extra):
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        for k, v in extra.items(): self.send_header(k, v)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers(); self.wfile.write(body)

    def chunked(self, body, extra):
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Transfer-Encoding", "chunked")
        if MODE["place"] == "trailer": self.send_header("Trailer", "X-Tr")
        for k, v in extra.items(): self.send_header(k, v)
        self.end_headers()
        split = MODE.get("split") or len(body)
        parts = [body[:split], body[split:]]
        for p in parts:
            if p: self.wfile.write(b"%x\r\n" % len(p) + p + b"\r\n")
        self.wfile.write(b"0\r\n")
        if MODE["place"] == "trailer":
            self.wfile.write(b"X-Tr: " + MODE["spelled"].encode() + b"\r\n")
        self.wfile.write(b"\r\n")
        self.wfile.flush()

if __name__ == "__main__":
    srv = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1])), H)
    srv.serve_forever()
