//! The same guest logic built natively: `ombi_guest::dispatch::call` over a keep-alive
//! HTTP/1.1 client on a plain `TcpStream`, so the sandbox's cost is a ratio measured in one
//! run. It also replays recorded requests alone (the upstream's own time).

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;

use ombi_guest::ctx::Settings;
use ombi_guest::stages::{self, Stage};
use ombi_guest::upstream::{ApiRequest, RawResponse, TransportError, Upstream};

/// A keep-alive HTTP/1.1 client to one origin.
pub struct Http {
    addr: String,
    host: String,
    base_path: String,
    key: String,
    conn: Option<BufReader<TcpStream>>,
    /// Every request sent, when recording.
    pub log: Option<Vec<ApiRequest>>,
}

impl Http {
    /// A client for `base_url` (`http://host:port/prefix`) sending `key`.
    pub fn new(base_url: &str, key: &str) -> Http {
        let rest = base_url.strip_prefix("http://").expect("plain http");
        let (authority, path) = rest.split_once('/').map_or((rest, ""), |(a, p)| (a, p));
        let base_path = if path.is_empty() { String::new() } else { format!("/{path}") };
        Http {
            addr: authority.to_string(),
            host: authority.to_string(),
            base_path,
            key: key.to_string(),
            conn: None,
            log: None,
        }
    }

    fn connection(&mut self) -> std::io::Result<&mut BufReader<TcpStream>> {
        if self.conn.is_none() {
            let s = TcpStream::connect(&self.addr)?;
            s.set_nodelay(true)?;
            self.conn = Some(BufReader::new(s));
        }
        Ok(self.conn.as_mut().expect("connected"))
    }

    /// Sends one request on the kept-alive connection and reads the whole answer.
    pub fn exchange(&mut self, req: &ApiRequest) -> std::io::Result<(u16, Vec<u8>)> {
        let request = stages::span(Stage::Request);
        let method = req.method.as_str();
        let mut head = format!(
            "{method} {}{} HTTP/1.1\r\nhost: {}\r\napikey: {}\r\naccept: application/json\r\n",
            self.base_path, req.path, self.host, self.key
        );
        if let Some(user) = &req.user {
            head.push_str(&format!("username: {user}\r\n"));
        }
        let body = req.body.clone().unwrap_or_default();
        if req.body.is_some() {
            head.push_str(&format!("content-type: application/json\r\ncontent-length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        let conn = self.connection()?;
        let mut out = head.into_bytes();
        out.extend_from_slice(&body);
        conn.get_mut().write_all(&out)?;
        drop(request);
        let answer = stages::span(Stage::Answer);
        let mut line = String::new();
        conn.read_line(&mut line)?;
        let status: u16 = line.split_whitespace().nth(1).and_then(|s| s.parse().ok()).unwrap_or(0);
        let mut length = None;
        let mut chunked = false;
        let mut close = false;
        loop {
            line.clear();
            conn.read_line(&mut line)?;
            let l = line.trim_end();
            if l.is_empty() {
                break;
            }
            let (k, v) = l.split_once(':').unwrap_or((l, ""));
            let (k, v) = (k.trim().to_ascii_lowercase(), v.trim().to_ascii_lowercase());
            match k.as_str() {
                "content-length" => length = v.parse::<usize>().ok(),
                "transfer-encoding" => chunked = v.contains("chunked"),
                "connection" => close = v.contains("close"),
                _ => {}
            }
        }
        drop(answer);
        let _body = stages::span(Stage::Body);
        let mut body = Vec::new();
        if chunked {
            loop {
                line.clear();
                conn.read_line(&mut line)?;
                let size = usize::from_str_radix(line.trim().split(';').next().unwrap_or("0"), 16).unwrap_or(0);
                if size == 0 {
                    line.clear();
                    conn.read_line(&mut line)?;
                    break;
                }
                let start = body.len();
                body.resize(start + size, 0);
                conn.read_exact(&mut body[start..])?;
                line.clear();
                conn.read_line(&mut line)?;
            }
        } else if let Some(n) = length {
            body.resize(n, 0);
            conn.read_exact(&mut body)?;
        } else {
            conn.read_to_end(&mut body)?;
            close = true;
        }
        if close {
            self.conn = None;
        }
        Ok((status, body))
    }
}

impl Upstream for Http {
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        if let Some(log) = &mut self.log {
            log.push(req.clone());
        }
        let (status, body) = match self.exchange(req) {
            Ok(r) => r,
            Err(_) => {
                // One reconnect, as a pooled client would.
                self.conn = None;
                self.exchange(req).map_err(|e| TransportError::Broken(e.to_string()))?
            }
        };
        let mut resp = RawResponse {
            status,
            content_type: Some("application/json".into()),
            retry_after: None,
            body,
            over_budget: false,
            skipped: 0,
        };
        // Only the end the caller needs is kept, as in the sandbox (read whole first: one
        // read costs less here than reading past the front in pieces).
        resp.keep_end(req.keep_last);
        Ok(resp)
    }
}

/// Runs `tool` natively over `http`; panics unless it succeeds.
pub fn call(http: &mut impl Upstream, base_url: &str, tool: &str, args: &str) {
    let settings = Settings { base_url: base_url.to_string(), ..Settings::default() };
    let called = ombi_guest::dispatch::call(tool, args, &settings, http).expect("native call");
    assert!(!called.is_error, "{tool} failed natively: {}", called.json);
}
