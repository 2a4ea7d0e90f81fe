//! The host's own HTTP stack with no sandbox: its connection pool and key scrub, on one
//! thread as `ombi-mcp serve` runs its tasks. It replays recorded requests ("host HTTP
//! alone"), and it serves the native guest as its `upstream` seam ("native over the host's
//! HTTP"), so the sandbox's cost can be read with the HTTP stack held the same on both sides.

use std::sync::Arc;

use http_body_util::BodyExt;
use ombi_guest::upstream::{ApiRequest, RawResponse, TransportError, Upstream};
use ombi_mcp::pool::Pool;
use ombi_mcp::redact::Redactor;

pub struct HostHttp {
    rt: tokio::runtime::Runtime,
    pool: Arc<Pool>,
    url: String,
    key: String,
    /// The host's search for the key, built once as `serve` builds it.
    search: Arc<Redactor>,
}

impl HostHttp {
    pub fn new(url: &str, key: &str) -> HostHttp {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("tokio");
        let pool = Pool::new(Vec::new(), true);
        let search = Arc::new(Redactor::new(key));
        HostHttp { rt, pool, url: url.to_string(), key: key.to_string(), search }
    }

    /// Sends `r` and reads its whole body through the key scrub: status, content type, body.
    pub fn exchange(&self, r: &ApiRequest) -> Result<(u16, Option<String>, Vec<u8>), String> {
        self.rt.block_on(async {
            let bytes = bytes::Bytes::from(r.body.clone().unwrap_or_default());
            let body = http_body_util::Full::new(bytes).map_err(|n| match n {}).boxed_unsync();
            let mut req = ::http::Request::builder()
                .method(r.method.as_str())
                .uri(format!("{}{}", self.url, r.path))
                .header("apikey", &self.key)
                .header("accept", "application/json");
            if r.body.is_some() {
                req = req.header("content-type", "application/json");
            }
            if let Some(user) = &r.user {
                req = req.header("username", user);
            }
            let resp = self
                .pool
                .send(req.body(body).map_err(|e| e.to_string())?, Default::default())
                .await
                .map_err(|e| format!("{e:?}"))?;
            let status = resp.status().as_u16();
            let content_type = resp.headers().get("content-type").and_then(|v| v.to_str().ok()).map(str::to_string);
            let body = ombi_mcp::http::Scrubbed::new(resp.into_body(), self.search.clone())
                .collect()
                .await
                .map_err(|e| format!("{e:?}"))?
                .to_bytes();
            Ok((status, content_type, body.to_vec()))
        })
    }

    /// Sends every request of `requests` in turn, each body read to its end.
    pub fn replay(&self, requests: &[ApiRequest]) {
        for r in requests {
            self.exchange(r).expect("host HTTP");
        }
    }
}

impl Upstream for HostHttp {
    fn send(&mut self, req: &ApiRequest) -> Result<RawResponse, TransportError> {
        let (status, content_type, body) = self.exchange(req).map_err(TransportError::Broken)?;
        let mut resp = RawResponse { status, content_type, retry_after: None, body, over_budget: false, skipped: 0 };
        // Only the end the caller needs is kept, as natively over a plain socket.
        resp.keep_end(req.keep_last);
        Ok(resp)
    }
}
