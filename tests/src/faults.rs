//! Fault injection, per route: what goes wrong, and how often.

use std::time::Duration;

/// The body of an injected error status.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FaultBody {
    /// `application/problem+json` ProblemDetails.
    ProblemDetails,
    /// Ombi's error middleware: `{"error": message}`.
    ErrorJson(String),
    /// A proxy's HTML error page.
    Html,
    /// A plain-text body.
    Text(String),
    /// This JSON text, byte for byte (with whatever escapes it spells), as `application/json`.
    RawJson(String),
    /// No body.
    Empty,
}

/// What goes wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fault {
    /// Answer with this status and body instead of running the route.
    Status { status: u16, body: FaultBody, retry_after: Option<u32> },
    /// Wait, then answer normally.
    Delay(Duration),
    /// Read the request and never answer (no headers ever come).
    NoHeaders,
    /// Answer normally but send the body `chunk` bytes at a time, `every` apart.
    Drip { chunk: usize, every: Duration },
    /// Send the headers (with the full Content-Length) and only `after` bytes of body.
    CutBody { after: usize },
    /// Answer 200 with a JSON array of about `bytes` bytes.
    Oversized { bytes: usize },
    /// Close the connection without answering.
    Drop,
    /// Run the route (so a write takes effect), then never answer.
    WriteThenHang,
    /// Run the route (so a write takes effect), then close without answering.
    WriteThenDrop,
    /// Answer `status` as JSON with these extra headers, the body sent chunked in these
    /// pieces (each its own chunk, byte for byte), then these trailers; then close.
    Chunked { status: u16, headers: Vec<(String, String)>, chunks: Vec<String>, trailers: Vec<(String, String)> },
}

/// A fault for requests matching `method` and a path fragment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FaultRule {
    /// `None` matches every method.
    pub method: Option<String>,
    /// Case-insensitive fragment of the decoded path, e.g. `/api/v1/Status`.
    pub path: String,
    pub fault: Fault,
    /// How many more requests it applies to; `None` for all.
    pub remaining: Option<usize>,
}

impl FaultRule {
    /// A rule for every request whose path contains `path`.
    pub fn on(path: &str, fault: Fault) -> FaultRule {
        FaultRule { method: None, path: path.to_string(), fault, remaining: None }
    }

    /// Only for `method`.
    pub fn method(mut self, method: &str) -> FaultRule {
        self.method = Some(method.to_string());
        self
    }

    /// Only the next `n` matching requests.
    pub fn times(mut self, n: usize) -> FaultRule {
        self.remaining = Some(n);
        self
    }

    /// Whether the rule applies to `method` and (decoded) `path`.
    pub fn matches(&self, method: &str, path: &str) -> bool {
        self.remaining != Some(0)
            && self.method.as_deref().is_none_or(|m| m.eq_ignore_ascii_case(method))
            && path.to_ascii_lowercase().contains(&self.path.to_ascii_lowercase())
    }
}

/// Picks the first matching rule and uses it up once.
pub fn take(rules: &mut [FaultRule], method: &str, path: &str) -> Option<Fault> {
    let rule = rules.iter_mut().find(|r| r.matches(method, path))?;
    if let Some(n) = rule.remaining.as_mut() {
        *n -= 1;
    }
    Some(rule.fault.clone())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rules_match_and_run_out() {
        let mut rules = vec![FaultRule::on("/api/v1/status", Fault::Drop).method("GET").times(1)];
        assert_eq!(take(&mut rules, "POST", "/api/v1/Status"), None);
        assert_eq!(take(&mut rules, "GET", "/api/v1/Status/info"), Some(Fault::Drop));
        assert_eq!(take(&mut rules, "GET", "/api/v1/Status"), None);
    }
}
