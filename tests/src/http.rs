//! A small HTTP/1.1 server side: enough to read a request and write a response byte by
//! byte, so faults (slow bodies, cut bodies, silence) can be shaped exactly.

use tokio::io::{AsyncRead, AsyncReadExt};

/// The most header bytes read.
const MAX_HEAD: usize = 64 * 1024;
/// The most body bytes read.
const MAX_BODY: usize = 16 * 1024 * 1024;

/// One HTTP request as received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Request {
    pub method: String,
    /// The path without the query, percent-encoded as received.
    pub path: String,
    /// Decoded query pairs.
    pub query: Vec<(String, String)>,
    /// Header names lower-cased, in order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Request {
    /// The first value of header `name` (case-insensitive).
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers.iter().find(|(k, _)| *k == name).map(|(_, v)| v.as_str())
    }

    /// The first value of query parameter `name` (case-insensitive).
    pub fn query(&self, name: &str) -> Option<&str> {
        self.query.iter().find(|(k, _)| k.eq_ignore_ascii_case(name)).map(|(_, v)| v.as_str())
    }

    /// The body as JSON, if it is JSON.
    pub fn json(&self) -> Option<serde_json::Value> {
        serde_json::from_slice(&self.body).ok()
    }
}

/// Reads one request; `None` when the peer closed first or sent garbage.
pub async fn read_request<S: AsyncRead + Unpin>(stream: &mut S) -> Option<Request> {
    let mut buf = Vec::new();
    let mut chunk = [0u8; 8192];
    let head_end = loop {
        if let Some(i) = find(&buf, b"\r\n\r\n") {
            break i;
        }
        if buf.len() > MAX_HEAD {
            return None;
        }
        let n = stream.read(&mut chunk).await.ok()?;
        if n == 0 {
            return None;
        }
        buf.extend_from_slice(&chunk[..n]);
    };
    let head = String::from_utf8_lossy(&buf[..head_end]).into_owned();
    let mut lines = head.split("\r\n");
    let mut first = lines.next()?.split(' ');
    let method = first.next()?.to_string();
    let target = first.next()?.to_string();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .iter()
        .find(|(k, _)| k == "content-length")
        .and_then(|(_, v)| v.parse().ok())
        .unwrap_or(0)
        .min(MAX_BODY);
    let chunked = headers.iter().any(|(k, v)| k == "transfer-encoding" && v.to_ascii_lowercase().contains("chunked"));
    let mut body = buf[head_end + 4..].to_vec();
    if chunked {
        // Read until the terminating zero-length chunk, then decode.
        while !body.ends_with(b"0\r\n\r\n") && body.len() < MAX_BODY {
            let n = stream.read(&mut chunk).await.ok()?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..n]);
        }
        body = dechunk(&body)?;
    } else {
        while body.len() < length {
            let n = stream.read(&mut chunk).await.ok()?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..n]);
        }
        body.truncate(length);
    }
    let (path, query) = match target.split_once('?') {
        Some((p, q)) => (p.to_string(), parse_query(q)),
        None => (target, Vec::new()),
    };
    Some(Request { method, path, query, headers, body })
}

/// Decodes a chunked body.
fn dechunk(raw: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::new();
    let mut i = 0;
    loop {
        let line_end = i + find(&raw[i..], b"\r\n")?;
        let size_text = String::from_utf8_lossy(&raw[i..line_end]);
        let size = usize::from_str_radix(size_text.split(';').next()?.trim(), 16).ok()?;
        i = line_end + 2;
        if size == 0 {
            return Some(out);
        }
        out.extend_from_slice(raw.get(i..i + size)?);
        i += size + 2;
    }
}

fn find(hay: &[u8], needle: &[u8]) -> Option<usize> {
    hay.windows(needle.len()).position(|w| w == needle)
}

fn parse_query(q: &str) -> Vec<(String, String)> {
    q.split('&')
        .filter(|p| !p.is_empty())
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap_or((p, ""));
            (decode(k), decode(v))
        })
        .collect()
}

/// Percent-decodes `s` (and `+` as space in queries is not used by Ombi clients).
pub fn decode(s: &str) -> String {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' && i + 2 < bytes.len() {
            let hex = std::str::from_utf8(&bytes[i + 1..i + 3]).unwrap_or("");
            if let Ok(b) = u8::from_str_radix(hex, 16) {
                out.push(b);
                i += 3;
                continue;
            }
        }
        out.push(bytes[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// A response to write.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Response {
    pub status: u16,
    pub content_type: Option<String>,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    /// A JSON response.
    pub fn json(status: u16, value: &serde_json::Value) -> Response {
        Response {
            status,
            content_type: Some("application/json; charset=utf-8".into()),
            headers: Vec::new(),
            body: serde_json::to_vec(value).unwrap_or_default(),
        }
    }

    /// A 200 JSON response.
    pub fn ok(value: serde_json::Value) -> Response {
        Response::json(200, &value)
    }

    /// A plain-text response.
    pub fn text(status: u16, text: &str) -> Response {
        Response {
            status,
            content_type: Some("text/plain; charset=utf-8".into()),
            headers: Vec::new(),
            body: text.as_bytes().to_vec(),
        }
    }

    /// An empty response (204 for null results, 401/403 from the auth layer).
    pub fn empty(status: u16) -> Response {
        Response { status, content_type: None, headers: Vec::new(), body: Vec::new() }
    }

    /// Ombi's error middleware: 500 `{"error": message}`.
    pub fn error(message: &str) -> Response {
        Response::json(500, &serde_json::json!({ "error": message }))
    }

    /// ASP.NET ProblemDetails, as `[ApiController]` controllers answer 400/404.
    pub fn problem(status: u16, title: &str) -> Response {
        let mut r = Response::json(
            status,
            &serde_json::json!({
                "type": format!("https://tools.ietf.org/html/rfc9110#section-15.5.{}", if status == 404 { 5 } else { 1 }),
                "title": title,
                "status": status,
                "traceId": "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-00",
            }),
        );
        r.content_type = Some("application/problem+json; charset=utf-8".into());
        r
    }

    /// Adds a header.
    pub fn with_header(mut self, name: &str, value: &str) -> Response {
        self.headers.push((name.to_string(), value.to_string()));
        self
    }

    /// The status line and headers, for a body of `len` bytes; `keep_alive` false closes the
    /// connection after it (Kestrel keeps connections open by default).
    pub fn head(&self, len: usize, keep_alive: bool) -> Vec<u8> {
        let mut head = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        if let Some(ct) = &self.content_type {
            head.push_str(&format!("Content-Type: {ct}\r\n"));
        }
        for (k, v) in &self.headers {
            head.push_str(&format!("{k}: {v}\r\n"));
        }
        let connection = if keep_alive { "keep-alive" } else { "close" };
        head.push_str(&format!("Content-Length: {len}\r\nConnection: {connection}\r\nServer: Kestrel\r\n\r\n"));
        head.into_bytes()
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        204 => "No Content",
        400 => "Bad Request",
        401 => "Unauthorized",
        403 => "Forbidden",
        404 => "Not Found",
        409 => "Conflict",
        429 => "Too Many Requests",
        500 => "Internal Server Error",
        502 => "Bad Gateway",
        503 => "Service Unavailable",
        504 => "Gateway Timeout",
        _ => "Status",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn parses_a_request() {
        let raw = b"POST /api/v2/Search/multi/the%20matrix?a=1&b=x%2Fy HTTP/1.1\r\nHost: x\r\nApiKey: k\r\nContent-Length: 4\r\n\r\n{\"a\"";
        let req = read_request(&mut &raw[..]).await.unwrap();
        assert_eq!(req.method, "POST");
        assert_eq!(req.path, "/api/v2/Search/multi/the%20matrix");
        assert_eq!(req.query("B"), Some("x/y"));
        assert_eq!(req.header("apikey"), Some("k"));
        assert_eq!(req.body, b"{\"a\"");
    }

    #[tokio::test]
    async fn reads_a_chunked_body() {
        let raw = b"POST /x HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4\r\n{\"a\"\r\n3\r\n:1}\r\n0\r\n\r\n";
        let req = read_request(&mut &raw[..]).await.unwrap();
        assert_eq!(req.body, b"{\"a\":1}");
    }

    #[test]
    fn decodes_percent_escapes() {
        assert_eq!(decode("Am%C3%A9lie%20x"), "Amélie x");
        assert_eq!(decode("100%"), "100%");
    }
}
