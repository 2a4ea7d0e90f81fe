//! Talking to Ombi: request descriptions (pure), the transport seam, response
//! classification (pure) and the narrow DTOs the projections read.
//!
//! Only [`transport`] touches `wasi:http`; everything else is plain data, tested natively
//! against fixture bytes through the [`Upstream`] trait.

pub mod classify;
pub mod dto;
pub mod json_prefix;
pub mod path;
#[cfg(target_arch = "wasm32")]
pub mod transport;
pub mod url;

/// HTTP methods the tools use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
    Put,
    Delete,
}

impl Method {
    /// The method's name on the wire.
    pub fn as_str(&self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
            Method::Put => "PUT",
            Method::Delete => "DELETE",
        }
    }
}

/// One request to Ombi, relative to the configured base URL.
#[derive(Debug, Clone, PartialEq)]
pub struct ApiRequest {
    pub method: Method,
    /// Path and query below the base URL, already percent-encoded, e.g. `/api/v1/Status`.
    pub path: String,
    /// A JSON body.
    pub body: Option<Vec<u8>>,
    /// The Ombi username to act as (`UserName` header); `None` acts as the API key's
    /// own principal.
    pub user: Option<String>,
    /// Whether sending it can change Ombi's state: a lost answer is then an unknown outcome.
    pub mutation: bool,
    /// Only the body's last this many bytes are needed: a transport may pass over what
    /// comes before them unread when the body's length is announced and within the budget
    /// ([`RawResponse::skipped`] says how much it passed over).
    pub keep_last: Option<usize>,
}

impl ApiRequest {
    /// A GET of `path`.
    pub fn get(path: impl Into<String>) -> Self {
        ApiRequest { method: Method::Get, path: path.into(), body: None, user: None, mutation: false, keep_last: None }
    }

    /// A POST that only reads (the search POSTs of API catalogue §5), with a JSON `body`.
    pub fn query_post(path: impl Into<String>, body: &serde_json::Value) -> Self {
        ApiRequest {
            method: Method::Post,
            path: path.into(),
            body: Some(body.to_string().into_bytes()),
            user: None,
            mutation: false,
            keep_last: None,
        }
    }

    /// A request that changes Ombi's state, with an optional JSON `body`.
    pub fn write(method: Method, path: impl Into<String>, body: Option<&serde_json::Value>) -> Self {
        ApiRequest {
            method,
            path: path.into(),
            body: body.map(|b| b.to_string().into_bytes()),
            user: None,
            mutation: true,
            keep_last: None,
        }
    }

    /// Acts as `user` (sent as the `UserName` header).
    pub fn as_user(mut self, user: Option<String>) -> Self {
        self.user = user;
        self
    }

    /// Needs only the body's last `bytes` bytes (see [`ApiRequest::keep_last`]).
    pub fn last_bytes(mut self, bytes: usize) -> Self {
        self.keep_last = Some(bytes);
        self
    }
}

/// Ombi's answer, read within the byte budget.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct RawResponse {
    pub status: u16,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// The `Retry-After` header, if any.
    pub retry_after: Option<String>,
    /// The body bytes read (at most the budget).
    pub body: Vec<u8>,
    /// True when the body was longer than the budget and reading stopped.
    pub over_budget: bool,
    /// Bytes of the body's beginning passed over unread ([`ApiRequest::keep_last`]): when
    /// not 0, `body` is the body's end, from some place inside it.
    pub skipped: usize,
}

impl RawResponse {
    /// Keeps only the end `keep` asks for ([`ApiRequest::keep_last`]) of a whole body
    /// within the budget, as the `wasi:http` transport does: for the other transports and
    /// the test doubles, so every one of them answers alike.
    pub fn keep_end(&mut self, keep: Option<usize>) {
        if let Some(keep) = keep.filter(|&k| !self.over_budget && self.body.len() > k) {
            self.skipped = self.body.len() - keep;
            self.body.drain(..self.skipped);
        }
    }
}

/// Why no answer came back.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum TransportError {
    /// The host's policy refused the request; it never left the sandbox.
    #[error("the server's HTTP policy refused the request")]
    Denied,
    /// No connection could be made (refused, DNS, TLS, connect time-out); nothing was sent.
    #[error("could not reach Ombi: {0}")]
    Unreachable(String),
    /// No complete answer before the deadline; `sent` says whether the request went out.
    #[error("no complete answer in time")]
    Timeout { sent: bool },
    /// The connection broke after the request was sent.
    #[error("the connection broke: {0}")]
    Broken(String),
}

/// The seam between tools and the network.
pub trait Upstream {
    /// Sends `req` and reads the answer within the byte budget and the deadline.
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError>;
}
