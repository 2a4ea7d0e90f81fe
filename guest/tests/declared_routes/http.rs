//! The guest's upstream over real HTTP to a loopback Ombi (the simulator): one request per
//! connection, the API key and `UserName` headers as a host adds them, and a record of every
//! request sent.

use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::Duration;

use ombi_guest::upstream::{ApiRequest, RawResponse, TransportError, Upstream};

/// A client of one `http://host:port[/prefix]` origin.
pub struct Http {
    authority: String,
    prefix: String,
    key: String,
    budget: usize,
    /// The member every request acts as, whatever the tool sets (as a hosted server forces
    /// its member's identity).
    forced_user: Option<String>,
    /// Every request sent, oldest first.
    pub sent: Vec<ApiRequest>,
}

impl Http {
    pub fn new(base_url: &str, key: &str, budget: u64, forced_user: Option<String>) -> Http {
        let rest = base_url.strip_prefix("http://").expect("plain http");
        let (authority, prefix) = rest.split_once('/').map_or((rest, String::new()), |(a, p)| (a, format!("/{p}")));
        let budget = usize::try_from(budget).unwrap_or(usize::MAX);
        Http { authority: authority.into(), prefix, key: key.into(), budget, forced_user, sent: Vec::new() }
    }

    fn exchange(&self, req: &ApiRequest) -> std::io::Result<Vec<u8>> {
        let mut s = TcpStream::connect(&self.authority)?;
        s.set_read_timeout(Some(Duration::from_secs(20)))?;
        let body = req.body.clone().unwrap_or_default();
        let mut head = format!(
            "{} {}{} HTTP/1.1\r\nHost: {}\r\nApiKey: {}\r\nAccept: application/json\r\nConnection: close\r\n",
            req.method.as_str(),
            self.prefix,
            req.path,
            self.authority,
            self.key
        );
        if let Some(user) = self.forced_user.as_ref().or(req.user.as_ref()) {
            head.push_str(&format!("UserName: {user}\r\n"));
        }
        if req.body.is_some() {
            head.push_str(&format!("Content-Type: application/json\r\nContent-Length: {}\r\n", body.len()));
        }
        head.push_str("\r\n");
        let mut out = head.into_bytes();
        out.extend_from_slice(&body);
        s.write_all(&out)?;
        let mut answer = Vec::new();
        s.read_to_end(&mut answer)?;
        Ok(answer)
    }
}

impl Upstream for Http {
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        self.sent.push(req.clone());
        let answer = self.exchange(req).map_err(|e| TransportError::Broken(e.to_string()))?;
        let split = answer.windows(4).position(|w| w == b"\r\n\r\n").ok_or(TransportError::Broken("no head".into()))?;
        let head = String::from_utf8_lossy(&answer[..split]).into_owned();
        let mut lines = head.lines();
        let status = lines.next().and_then(|l| l.split_whitespace().nth(1)).and_then(|s| s.parse().ok()).unwrap_or(0);
        let header = |name: &str| {
            head.lines()
                .filter_map(|l| l.split_once(':'))
                .find(|(k, _)| k.trim().eq_ignore_ascii_case(name))
                .map(|(_, v)| v.trim().to_string())
        };
        let mut body = answer[split + 4..].to_vec();
        let over_budget = body.len() > self.budget;
        body.truncate(self.budget);
        let mut resp = RawResponse {
            status,
            content_type: header("content-type"),
            retry_after: header("retry-after"),
            body,
            over_budget,
            skipped: 0,
        };
        resp.keep_end(req.keep_last);
        Ok(resp)
    }
}
