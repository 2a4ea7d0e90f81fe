//! Test support for hosted mode: `ombi-mcp serve --http` on a free loopback port, and a small
//! HTTP/1.1 client over std sockets (whole replies, and SSE streams read event by event).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use ombi_sim::Simulator;
use serde_json::{Value, json};

use crate::support::{bin, cache_dir, command};

/// A free loopback port.
pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// One HTTP reply.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body)
            .unwrap_or_else(|_| panic!("not JSON ({}): {}", self.status, String::from_utf8_lossy(&self.body)))
    }
}

fn write_request(stream: &mut TcpStream, addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) {
    let mut head = format!("{method} {path} HTTP/1.1\r\n");
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("host")) {
        head.push_str(&format!("Host: {addr}\r\n"));
    }
    for (k, v) in headers {
        head.push_str(&format!("{k}: {v}\r\n"));
    }
    head.push_str(&format!("Content-Length: {}\r\nConnection: close\r\n\r\n", body.len()));
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(body).unwrap();
}

fn read_head(r: &mut BufReader<TcpStream>) -> (u16, Vec<(String, String)>) {
    let mut line = String::new();
    r.read_line(&mut line).unwrap();
    let status = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
    let mut headers = Vec::new();
    loop {
        line.clear();
        r.read_line(&mut line).unwrap();
        let l = line.trim_end();
        if l.is_empty() {
            break;
        }
        if let Some((k, v)) = l.split_once(':') {
            headers.push((k.trim().to_ascii_lowercase(), v.trim().to_string()));
        }
    }
    (status, headers)
}

/// Sends one request and reads the whole reply.
pub fn request(addr: &str, method: &str, path: &str, headers: &[(&str, &str)], body: &[u8]) -> Reply {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    write_request(&mut stream, addr, method, path, headers, body);
    let mut r = BufReader::new(stream);
    let (status, headers) = read_head(&mut r);
    let chunked = headers.iter().any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    let mut body = Vec::new();
    if chunked {
        while let Some(c) = read_chunk(&mut r) {
            body.extend_from_slice(&c);
        }
    } else {
        r.read_to_end(&mut body).unwrap();
    }
    Reply { status, headers, body }
}

fn read_chunk(r: &mut BufReader<TcpStream>) -> Option<Vec<u8>> {
    let mut size = String::new();
    if r.read_line(&mut size).ok()? == 0 {
        return None;
    }
    let n = usize::from_str_radix(size.trim(), 16).ok()?;
    if n == 0 {
        return None;
    }
    let mut buf = vec![0u8; n + 2];
    r.read_exact(&mut buf).ok()?;
    buf.truncate(n);
    Some(buf)
}

/// An SSE reply read event by event.
pub struct Events {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    reader: BufReader<TcpStream>,
    pending: Vec<u8>,
    chunked: bool,
}

impl Events {
    /// The next event's `data`, as JSON; `None` when the stream ended.
    pub fn next(&mut self) -> Option<Value> {
        loop {
            if let Some(end) = self.pending.windows(2).position(|w| w == b"\n\n") {
                let event: Vec<u8> = self.pending.drain(..end + 2).collect();
                let text = String::from_utf8_lossy(&event);
                let data: String = text.lines().filter_map(|l| l.strip_prefix("data:")).map(str::trim_start).collect();
                if data.is_empty() {
                    continue;
                }
                return Some(serde_json::from_str(&data).unwrap());
            }
            let more = if self.chunked {
                read_chunk(&mut self.reader)?
            } else {
                let mut buf = vec![0u8; 8192];
                let n = self.reader.read(&mut buf).ok()?;
                if n == 0 {
                    return None;
                }
                buf.truncate(n);
                buf
            };
            self.pending.extend_from_slice(&more);
        }
    }
}

/// Sends a request whose reply is an SSE stream, and returns it unread.
pub fn stream(addr: &str, headers: &[(&str, &str)], body: &[u8]) -> Events {
    let mut stream = TcpStream::connect(addr).unwrap();
    stream.set_read_timeout(Some(Duration::from_secs(120))).unwrap();
    write_request(&mut stream, addr, "POST", "/mcp", headers, body);
    let mut reader = BufReader::new(stream);
    let (status, headers) = read_head(&mut reader);
    let chunked = headers.iter().any(|(k, v)| k == "transfer-encoding" && v.contains("chunked"));
    Events { status, headers, reader, pending: Vec::new(), chunked }
}

/// The 2026-07-28 `_meta` of a request.
pub fn modern_meta(elicitation: bool) -> Value {
    let caps = if elicitation { json!({"elicitation": {"form": {}}}) } else { json!({}) };
    json!({
        "io.modelcontextprotocol/protocolVersion": "2026-07-28",
        "io.modelcontextprotocol/clientInfo": {"name": "e2e", "version": "1"},
        "io.modelcontextprotocol/clientCapabilities": caps,
    })
}

/// A 2026-07-28 request over HTTP, with its headers and an optional bearer token.
pub fn modern(addr: &str, token: Option<&str>, id: u64, method: &str, mut params: Value) -> Reply {
    if params.get("_meta").is_none() {
        params["_meta"] = modern_meta(true);
    }
    let name = params.get("name").or_else(|| params.get("uri")).and_then(Value::as_str).map(str::to_string);
    let auth = token.map(|t| format!("Bearer {t}"));
    let mut headers = vec![
        ("Content-Type", "application/json"),
        ("Accept", "application/json, text/event-stream"),
        ("MCP-Protocol-Version", "2026-07-28"),
        ("Mcp-Method", method),
    ];
    if let Some(n) = &name {
        headers.push(("Mcp-Name", n.as_str()));
    }
    if let Some(a) = &auth {
        headers.push(("Authorization", a.as_str()));
    }
    let body = json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string();
    request(addr, "POST", "/mcp", &headers, body.as_bytes())
}

/// A running `ombi-mcp serve --http`.
pub struct HttpServer {
    pub child: Child,
    pub addr: String,
    stderr: Arc<Mutex<String>>,
    key: String,
}

impl HttpServer {
    /// Starts `serve --http 127.0.0.1:PORT` against `sim` with `env` on top; waits for /healthz.
    pub fn start(sim: &Simulator, env: &[(&str, &str)]) -> HttpServer {
        let port = free_port();
        let mut cmd = command(sim);
        cmd.args(["serve", "--http", &format!("127.0.0.1:{port}")]).env("OMBI_MCP_LOG", "info,ombi_mcp=debug");
        for (k, v) in env {
            cmd.env(k, v);
        }
        HttpServer::spawn(cmd, port, sim.api_key())
    }

    pub fn spawn(mut cmd: Command, port: u16, key: &str) -> HttpServer {
        let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap();
        let pipe = child.stderr.take().unwrap();
        let stderr = Arc::new(Mutex::new(String::new()));
        let s2 = stderr.clone();
        std::thread::spawn(move || {
            for line in BufReader::new(pipe).lines() {
                let Ok(line) = line else { break };
                let mut s = s2.lock().unwrap();
                s.push_str(&line);
                s.push('\n');
            }
        });
        let addr = format!("127.0.0.1:{port}");
        let deadline = Instant::now() + crate::support::READ_TIMEOUT;
        loop {
            if let Some(status) = child.try_wait().unwrap() {
                panic!("serve --http exited ({status}):\n{}", stderr.lock().unwrap());
            }
            if TcpStream::connect(&addr).is_ok() && request(&addr, "GET", "/healthz", &[], b"").status == 200 {
                break;
            }
            assert!(Instant::now() < deadline, "serve --http did not come up:\n{}", stderr.lock().unwrap());
            std::thread::sleep(Duration::from_millis(100));
        }
        HttpServer { child, addr, stderr, key: key.to_string() }
    }

    pub fn stderr(&self) -> String {
        self.stderr.lock().unwrap().clone()
    }
}

impl Drop for HttpServer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        if !std::thread::panicking() && !self.key.is_empty() {
            let err = self.stderr().to_lowercase();
            let key = self.key.to_lowercase();
            for i in 0..=key.len().saturating_sub(8) {
                assert!(!err.contains(&key[i..i + 8]), "8 characters of the API key leaked to the log");
            }
        }
    }
}

/// `ombi-mcp token new USER --file PATH`: the token (the last line of stdout).
pub fn new_token(file: &str, user: &str) -> String {
    let out = Command::new(bin())
        .args(["token", "new", user, "--file", file])
        .env("OMBI_MCP_CACHE_DIR", cache_dir())
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().last().unwrap().trim().to_string()
}
