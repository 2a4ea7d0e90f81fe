//! What a tool runs with: the call's non-secret settings and the upstream seam, plus the
//! request helpers every tool uses (send, check the status, parse within the budget).

use serde::de::DeserializeOwned;

use crate::error::ToolError;
use crate::upstream::{ApiRequest, RawResponse, Upstream, classify};

/// The non-secret settings of one call (the WIT `call-context`).
#[derive(Debug, Clone, PartialEq)]
pub struct Settings {
    pub base_url: String,
    pub default_user: Option<String>,
    pub allow_writes: bool,
    pub correlation_id: String,
    pub max_response_bytes: u64,
    pub request_timeout_ms: u32,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            base_url: "http://localhost:5000".into(),
            default_user: None,
            allow_writes: false,
            correlation_id: String::new(),
            max_response_bytes: 8 * 1024 * 1024,
            request_timeout_ms: 30_000,
        }
    }
}

/// A tool's view of the world for one call.
pub struct Ctx<'a> {
    pub settings: &'a Settings,
    upstream: &'a mut dyn Upstream,
}

impl<'a> Ctx<'a> {
    pub fn new(settings: &'a Settings, upstream: &'a mut dyn Upstream) -> Self {
        Ctx { settings, upstream }
    }

    /// Sends `req`; transport failures become tool errors, any status is returned.
    pub fn send_raw(&mut self, req: &ApiRequest, what: &str) -> Result<RawResponse, ToolError> {
        self.upstream.send(req).map_err(|e| classify::transport_failure(&e, req, what))
    }

    /// Sends `req` and requires a 2xx status.
    pub fn send(&mut self, req: &ApiRequest, what: &str) -> Result<RawResponse, ToolError> {
        let resp = self.send_raw(req, what)?;
        classify::check_status(&resp, req, what)?;
        Ok(resp)
    }

    /// Sends `req` and parses a JSON body; an empty body (204) is `None`.
    pub fn fetch_opt<T: DeserializeOwned>(&mut self, req: &ApiRequest, what: &str) -> Result<Option<T>, ToolError> {
        let resp = self.send(req, what)?;
        classify::json_opt(&resp, what, self.settings.max_response_bytes)
    }

    /// Sends `req` and parses a JSON body that must be present.
    pub fn fetch<T: DeserializeOwned>(&mut self, req: &ApiRequest, what: &str) -> Result<T, ToolError> {
        let resp = self.send(req, what)?;
        classify::json(&resp, what, self.settings.max_response_bytes)
    }

    /// Sends `req` and parses a JSON array; `true` when it was cut at the read budget.
    pub fn fetch_list<T: DeserializeOwned>(
        &mut self,
        req: &ApiRequest,
        what: &str,
    ) -> Result<(Vec<T>, bool), ToolError> {
        let resp = self.send(req, what)?;
        classify::json_list(&resp, what)
    }
}

/// A warning for a list that was cut at the read budget.
pub fn cut_warning(what: &str, budget: u64) -> String {
    format!(
        "Ombi's answer to {what} was longer than the {budget}-byte read budget (OMBI_MAX_RESPONSE_BYTES); only its first complete records were read."
    )
}
