//! A minimal blocking HTTP/1.1 client, so the tests see exactly what the simulator sends.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use ombi_sim::Simulator;
use serde_json::Value;

/// One answer.
#[derive(Debug)]
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }
}

/// The raw bytes of an answer (until the peer closes or `timeout` passes without data).
pub fn raw(
    sim: &Simulator,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&Value>,
    timeout: Duration,
) -> Vec<u8> {
    let addr = sim.url().trim_start_matches("http://").split('/').next().unwrap().to_string();
    let mut stream = TcpStream::connect(&addr).unwrap();
    stream.set_read_timeout(Some(timeout)).unwrap();
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let mut req = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Length: {}\r\n", body.len());
    for (k, v) in headers {
        req.push_str(&format!("{k}: {v}\r\n"));
    }
    // The simulator keeps connections alive, as Kestrel does; this reader reads to the close.
    if !headers.iter().any(|(k, _)| k.eq_ignore_ascii_case("connection")) {
        req.push_str("Connection: close\r\n");
    }
    req.push_str("\r\n");
    req.push_str(&body);
    stream.write_all(req.as_bytes()).unwrap();
    let mut out = Vec::new();
    let mut buf = [0u8; 65536];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => out.extend_from_slice(&buf[..n]),
        }
    }
    out
}

/// Parses raw bytes; a missing head is status 0.
pub fn parse(bytes: &[u8]) -> Reply {
    let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") else {
        return Reply { status: 0, headers: Vec::new(), body: Vec::new() };
    };
    let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines.next().and_then(|l| l.split(' ').nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
    let headers =
        lines.filter_map(|l| l.split_once(':')).map(|(k, v)| (k.trim().to_string(), v.trim().to_string())).collect();
    Reply { status, headers, body: bytes[end + 4..].to_vec() }
}

/// A request with exactly these headers.
pub fn call(sim: &Simulator, method: &str, path: &str, headers: &[(&str, &str)], body: Option<&Value>) -> Reply {
    parse(&raw(sim, method, path, headers, body, Duration::from_secs(10)))
}

/// A request with the API key.
pub fn api(sim: &Simulator, method: &str, path: &str, body: Option<&Value>) -> Reply {
    let key = sim.api_key().to_string();
    call(sim, method, path, &[("ApiKey", &key), ("Content-Type", "application/json")], body)
}

/// A request with the API key, impersonating `user`.
pub fn as_user(sim: &Simulator, user: &str, method: &str, path: &str, body: Option<&Value>) -> Reply {
    let key = sim.api_key().to_string();
    call(sim, method, path, &[("ApiKey", &key), ("UserName", user), ("Content-Type", "application/json")], body)
}

/// GET with the key, expecting 200 JSON.
pub fn get(sim: &Simulator, path: &str) -> Value {
    let r = api(sim, "GET", path, None);
    assert_eq!(r.status, 200, "GET {path}: {}", r.text());
    r.json()
}
