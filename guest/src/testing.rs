//! A scripted [`Upstream`] for native tests: canned answers by `METHOD path`, and a record
//! of what was sent.

use std::collections::HashMap;

use crate::upstream::{ApiRequest, RawResponse, TransportError, Upstream};

/// Canned answers keyed by `"METHOD /path"`; an unscripted request is a 404.
#[derive(Default)]
pub struct FakeOmbi {
    replies: HashMap<String, Result<RawResponse, TransportError>>,
    pub sent: Vec<ApiRequest>,
}

impl FakeOmbi {
    pub fn new() -> Self {
        Self::default()
    }

    /// Answers `key` with `status` and a JSON `body`.
    pub fn reply(mut self, key: &str, status: u16, body: &str) -> Self {
        self.replies.insert(
            key.to_string(),
            Ok(RawResponse {
                status,
                content_type: Some("application/json; charset=utf-8".into()),
                body: body.as_bytes().to_vec(),
                ..Default::default()
            }),
        );
        self
    }

    /// Answers `key` with a body cut at the read budget.
    pub fn reply_cut(mut self, key: &str, body: &str) -> Self {
        self.replies.insert(
            key.to_string(),
            Ok(RawResponse {
                status: 200,
                content_type: Some("application/json".into()),
                body: body.as_bytes().to_vec(),
                over_budget: true,
                ..Default::default()
            }),
        );
        self
    }

    /// Answers `key` with a transport failure.
    pub fn fail(mut self, key: &str, err: TransportError) -> Self {
        self.replies.insert(key.to_string(), Err(err));
        self
    }
}

impl Upstream for FakeOmbi {
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        self.sent.push(req.clone());
        let method = req.method.as_str();
        let key = format!("{method} {}", req.path);
        let mut reply =
            self.replies.get(&key).cloned().unwrap_or(Ok(RawResponse { status: 404, ..Default::default() }));
        if let Ok(r) = &mut reply {
            r.keep_end(req.keep_last);
        }
        reply
    }
}
