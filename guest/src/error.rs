//! The tool-error half of the result envelope: the error codes of `04-results.md` and the
//! error object a model reads to decide how to call again.

use serde::Serialize;

/// The error codes of the `error` definition in `schemas/defs.json`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ErrorCode {
    /// An argument is missing, unknown, ill-typed or out of range; `field` names it.
    InvalidArgument,
    /// Ombi rejected the credentials the server holds.
    AuthenticationFailed,
    /// The acting user lacks a role, writes are disabled, or the host's policy refused the route.
    Forbidden,
    /// The thing asked for does not exist (or is not visible to the acting user).
    NotFound,
    /// The tool or the requested branch is not available.
    UnsupportedCapability,
    /// Ombi answered with a failure (HTTP error or a business-rule failure).
    UpstreamRejected,
    /// Ombi (or a proxy in front of it) asked to slow down.
    RateLimited,
    /// No answer in time, and nothing was changed (reads, or writes never sent).
    Timeout,
    /// A mutation was sent but whether it took effect is unknown; reconcile with a read.
    UnknownOutcome,
    /// The state moved under the call (for example a settings revision changed).
    Conflict,
    /// Part of a compound call failed; the data holds what is known.
    PartialFailure,
    /// Ombi's answer did not have the documented shape.
    UpstreamSchemaMismatch,
    /// A bug in this server.
    InternalError,
}

/// A tool failure as it appears in the envelope's `error` object.
#[derive(Debug, Clone, PartialEq, Serialize, thiserror::Error)]
#[error("{code:?}: {message}")]
pub struct ToolError {
    /// What kind of failure this is.
    pub code: ErrorCode,
    /// What went wrong and what a valid call looks like; never holds a secret.
    pub message: String,
    /// Whether repeating the same call may succeed.
    pub retryable: bool,
    /// The upstream HTTP status, when Ombi answered.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub http_status: Option<u16>,
    /// The argument at fault, for `INVALID_ARGUMENT` and argument-specific `NOT_FOUND`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
    /// How long to wait before retrying, when Ombi said so.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after_seconds: Option<u64>,
    /// What is known despite the failure (a rejected mutation's upstream result, the data
    /// of a partial read); it goes into the envelope's `data`, never into `error`.
    #[serde(skip)]
    pub data: Option<Box<crate::model::Data>>,
}

impl ToolError {
    /// A non-retryable error with `code` and `message`.
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Self {
        ToolError {
            code,
            message: message.into(),
            retryable: false,
            http_status: None,
            field: None,
            retry_after_seconds: None,
            data: None,
        }
    }

    /// An `INVALID_ARGUMENT` naming `field`.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        ToolError::new(ErrorCode::InvalidArgument, message).with_field(field)
    }

    /// An `UPSTREAM_SCHEMA_MISMATCH` for an answer that did not have the documented shape.
    pub fn schema_mismatch(what: &str, detail: impl std::fmt::Display) -> Self {
        ToolError::new(
            ErrorCode::UpstreamSchemaMismatch,
            format!("Ombi's answer to {what} did not have the documented shape: {detail}"),
        )
    }

    /// An `INTERNAL_ERROR`: a bug in this server.
    pub fn internal(message: impl Into<String>) -> Self {
        ToolError::new(ErrorCode::InternalError, message)
    }

    /// Names the argument at fault.
    pub fn with_field(mut self, field: impl Into<String>) -> Self {
        self.field = Some(field.into());
        self
    }

    /// Records the upstream HTTP status.
    pub fn with_status(mut self, status: u16) -> Self {
        self.http_status = (100..=599).contains(&status).then_some(status);
        self
    }

    /// Attaches what is known despite the failure.
    pub fn with_data(mut self, data: crate::model::Data) -> Self {
        self.data = Some(Box::new(data));
        self
    }

    /// A `NOT_FOUND` naming the argument that pointed at nothing.
    pub fn not_found(field: impl Into<String>, message: impl Into<String>) -> Self {
        ToolError::new(ErrorCode::NotFound, message).with_field(field)
    }

    /// Marks the error as retryable (or not).
    pub fn retryable(mut self, retryable: bool) -> Self {
        self.retryable = retryable;
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serializes_like_the_error_def() {
        let err = ToolError::invalid("limit", "`limit` must be at most 100").with_status(400);
        let v = serde_json::to_value(&err).unwrap();
        assert_eq!(v["code"], "INVALID_ARGUMENT");
        assert_eq!(v["field"], "limit");
        assert_eq!(v["retryable"], false);
        assert_eq!(v["http_status"], 400);
        assert!(v.get("retry_after_seconds").is_none());
    }

    #[test]
    fn out_of_range_status_is_dropped() {
        let err = ToolError::new(ErrorCode::UpstreamRejected, "x").with_status(42);
        assert_eq!(err.http_status, None);
    }
}
