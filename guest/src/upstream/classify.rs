//! Response classification: status, content type and body become a typed value or a typed
//! tool error. Upstream text is sanitised before it reaches a message: no stack traces, no
//! HTML, no connection strings.

use serde::de::DeserializeOwned;

use super::{ApiRequest, RawResponse, TransportError, json_prefix};
use crate::error::{ErrorCode, ToolError};
pub use crate::sanitize::clean;

/// Maps a non-success status to the tool error of `04-results.md`; 2xx passes.
/// `what` names the thing asked for, e.g. "the movie search".
pub fn check_status(resp: &RawResponse, req: &ApiRequest, what: &str) -> Result<(), ToolError> {
    let status = resp.status;
    if (200..300).contains(&status) {
        return Ok(());
    }
    let detail = detail(resp);
    let with_detail = |base: String| match &detail {
        Some(d) => format!("{base} Ombi said: {d}"),
        None => base,
    };
    let err = match status {
        401 => {
            let text = String::from_utf8_lossy(&resp.body);
            if text.contains("Invalid User") {
                ToolError::new(
                    ErrorCode::AuthenticationFailed,
                    "Ombi did not accept the acting user (401 Invalid User); check the username.",
                )
            } else {
                ToolError::new(
                    ErrorCode::AuthenticationFailed,
                    "Ombi rejected this server's credentials (401); check OMBI_API_KEY.",
                )
            }
        }
        403 => ToolError::new(
            ErrorCode::Forbidden,
            format!("The acting Ombi user lacks the role needed for {what} (403)."),
        ),
        404 => ToolError::new(ErrorCode::NotFound, with_detail(format!("Ombi found no {what} (404)."))),
        409 => ToolError::new(ErrorCode::Conflict, with_detail(format!("Ombi reported a conflict for {what} (409)."))),
        429 => {
            let mut e =
                ToolError::new(ErrorCode::RateLimited, format!("Ombi asked to slow down while handling {what} (429)."))
                    .retryable(!req.mutation);
            e.retry_after_seconds = resp.retry_after.as_deref().and_then(|v| v.trim().parse().ok());
            e
        }
        500..=599 if req.mutation && status != 501 => ToolError::new(
            ErrorCode::UnknownOutcome,
            with_detail(format!(
                "Ombi failed while handling {what} ({status}); whether anything changed is unknown. Check with a read before retrying."
            )),
        ),
        502..=504 => ToolError::new(
            ErrorCode::UpstreamRejected,
            with_detail(format!("Ombi (or a proxy in front of it) was unavailable for {what} ({status}).")),
        )
        .retryable(!req.mutation),
        _ => ToolError::new(ErrorCode::UpstreamRejected, with_detail(format!("Ombi refused {what} ({status})."))),
    };
    Err(err.with_status(status))
}

/// Maps a transport failure to a tool error; a mutation whose answer was lost is an
/// unknown outcome, never a retryable time-out.
pub fn transport_failure(err: &TransportError, req: &ApiRequest, what: &str) -> ToolError {
    match err {
        TransportError::Denied => ToolError::new(
            ErrorCode::Forbidden,
            format!(
                "The server's HTTP policy refused the request for {what}: it is outside the configured Ombi URL, or not a read route while writes are disabled."
            ),
        ),
        TransportError::Unreachable(d) => ToolError::new(
            ErrorCode::UpstreamRejected,
            format!(
                "Could not reach Ombi for {what} ({}); nothing was sent. Check OMBI_URL and that Ombi is running.",
                clean(d)
            ),
        )
        .retryable(true),
        TransportError::Timeout { sent: true } if req.mutation => ToolError::new(
            ErrorCode::UnknownOutcome,
            format!(
                "Ombi did not answer {what} in time after the change was sent; whether it took effect is unknown. Check with a read before retrying."
            ),
        ),
        TransportError::Timeout { .. } => ToolError::new(
            ErrorCode::Timeout,
            format!("Ombi did not answer {what} in time (OMBI_REQUEST_TIMEOUT_SECONDS)."),
        )
        .retryable(true),
        TransportError::Broken(d) if req.mutation => ToolError::new(
            ErrorCode::UnknownOutcome,
            format!(
                "The connection broke after {what} was sent ({}); whether it took effect is unknown. Check with a read before retrying.",
                clean(d)
            ),
        ),
        TransportError::Broken(d) => ToolError::new(
            ErrorCode::UpstreamRejected,
            format!("The connection to Ombi broke while reading {what} ({}).", clean(d)),
        )
        .retryable(true),
    }
}

/// Parses a JSON body into `T`. An empty body (204) is `None`.
pub fn json_opt<T: DeserializeOwned>(resp: &RawResponse, what: &str, budget: u64) -> Result<Option<T>, ToolError> {
    if resp.body.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    if resp.over_budget {
        return Err(ToolError::new(
            ErrorCode::UpstreamSchemaMismatch,
            format!(
                "Ombi's answer to {what} is larger than the {budget}-byte read budget (OMBI_MAX_RESPONSE_BYTES) and was not parsed."
            ),
        ));
    }
    refuse_html(resp, what)?;
    // `null` (an action that returned nothing, serialized) is as empty as a 204.
    serde_json::from_slice::<Option<T>>(&resp.body).map_err(|e| ToolError::schema_mismatch(what, clean(&e.to_string())))
}

/// Parses a JSON body into `T`; an empty body is a schema mismatch.
pub fn json<T: DeserializeOwned>(resp: &RawResponse, what: &str, budget: u64) -> Result<T, ToolError> {
    json_opt(resp, what, budget)?.ok_or_else(|| ToolError::schema_mismatch(what, "the body was empty"))
}

/// Parses a JSON array body. When the body was cut at the read budget, the complete leading
/// elements are kept and `cut` is true. An empty body is an empty list.
pub fn json_list<T: DeserializeOwned>(resp: &RawResponse, what: &str) -> Result<(Vec<T>, bool), ToolError> {
    if resp.body.iter().all(u8::is_ascii_whitespace) {
        return Ok((Vec::new(), false));
    }
    refuse_html(resp, what)?;
    if !resp.over_budget {
        let items: Option<Vec<T>> =
            serde_json::from_slice(&resp.body).map_err(|e| ToolError::schema_mismatch(what, clean(&e.to_string())))?;
        return Ok((items.unwrap_or_default(), false));
    }
    let elements = json_prefix::complete_elements(&resp.body)
        .ok_or_else(|| ToolError::schema_mismatch(what, "expected a JSON array"))?;
    let items = elements
        .into_iter()
        .map(|e| serde_json::from_slice(e).map_err(|err| ToolError::schema_mismatch(what, clean(&err.to_string()))))
        .collect::<Result<Vec<T>, _>>()?;
    Ok((items, true))
}

fn refuse_html(resp: &RawResponse, what: &str) -> Result<(), ToolError> {
    let is_html = resp.content_type.as_deref().is_some_and(|c| c.to_ascii_lowercase().contains("html"))
        || resp.body.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'<');
    if is_html {
        return Err(ToolError::schema_mismatch(
            what,
            "Ombi answered with an HTML page instead of JSON; check that OMBI_URL points at Ombi itself",
        ));
    }
    Ok(())
}

/// A short, safe summary of an error body: `{"error": …}`, a ProblemDetails title and its
/// field errors, or the first line of a text body. HTML and empty bodies give `None`.
pub fn detail(resp: &RawResponse) -> Option<String> {
    let text = String::from_utf8_lossy(&resp.body);
    let text = text.trim();
    if text.is_empty() || text.starts_with('<') {
        return None;
    }
    if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
        if let Some(e) = v.get("error").and_then(|e| e.as_str()) {
            return Some(clean(e));
        }
        if let Some(title) = v.get("title").and_then(|t| t.as_str()) {
            let mut out = title.to_string();
            if let Some(errors) = v.get("errors").and_then(|e| e.as_object()) {
                let parts: Vec<String> = errors
                    .iter()
                    .map(|(k, msgs)| {
                        let first = msgs.get(0).and_then(|m| m.as_str()).unwrap_or("");
                        format!("{k}: {first}")
                    })
                    .collect();
                if !parts.is_empty() {
                    out = format!("{out} ({})", parts.join("; "));
                }
            }
            return Some(clean(&out));
        }
        if let Some(s) = v.as_str() {
            return Some(clean(s));
        }
        return None;
    }
    Some(clean(text.lines().next().unwrap_or("")))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::upstream::Method;

    fn resp(status: u16, ct: &str, body: &str) -> RawResponse {
        RawResponse { status, content_type: Some(ct.into()), body: body.as_bytes().to_vec(), ..Default::default() }
    }

    fn read() -> ApiRequest {
        ApiRequest::get("/api/v1/x")
    }

    fn write() -> ApiRequest {
        ApiRequest::write(Method::Post, "/api/v1/Request/movie", None)
    }

    #[test]
    fn wrong_key_is_authentication_failed() {
        let e = check_status(&resp(401, "text/plain", "Invalid API Key"), &read(), "x").unwrap_err();
        assert_eq!(e.code, ErrorCode::AuthenticationFailed);
        assert_eq!(e.http_status, Some(401));
        assert!(e.message.contains("OMBI_API_KEY"));
    }

    #[test]
    fn statuses_map_to_codes() {
        let code = |s: u16, r: &ApiRequest| check_status(&resp(s, "application/json", ""), r, "x").unwrap_err().code;
        assert_eq!(code(403, &read()), ErrorCode::Forbidden);
        assert_eq!(code(404, &read()), ErrorCode::NotFound);
        assert_eq!(code(409, &read()), ErrorCode::Conflict);
        assert_eq!(code(429, &read()), ErrorCode::RateLimited);
        assert_eq!(code(500, &read()), ErrorCode::UpstreamRejected);
        assert_eq!(code(500, &write()), ErrorCode::UnknownOutcome);
        assert!(check_status(&resp(204, "", ""), &read(), "x").is_ok());
    }

    #[test]
    fn rate_limit_is_retryable_only_for_reads() {
        let mut r = resp(429, "text/plain", "");
        r.retry_after = Some("7".into());
        let e = check_status(&r, &read(), "x").unwrap_err();
        assert!(e.retryable);
        assert_eq!(e.retry_after_seconds, Some(7));
        assert!(!check_status(&r, &write(), "x").unwrap_err().retryable);
    }

    #[test]
    fn error_bodies_are_sanitised() {
        let e = check_status(
            &resp(
                500,
                "application/json",
                r#"{"error":"Object reference not set to an instance of an object.\n   at Ombi.Core.Engine.X()"}"#,
            ),
            &read(),
            "the list",
        )
        .unwrap_err();
        assert!(e.message.contains("Object reference not set"), "{}", e.message);
        assert!(!e.message.contains("Ombi.Core"), "{}", e.message);
        let e = check_status(&resp(500, "text/html", "<html><body>Stack</body></html>"), &read(), "x").unwrap_err();
        assert!(!e.message.contains("<html"), "{}", e.message);
        assert_eq!(
            clean("Data Source=/config/Ombi.db;Password=hunter2"),
            "(detail withheld: it looked like it held connection details or credentials)"
        );
    }

    #[test]
    fn problem_details_are_summarised() {
        let body = r#"{"type":"https://tools.ietf.org/html/rfc9110","title":"One or more validation errors occurred.","status":400,"errors":{"theMovieDbId":["The value 'x' is not valid."]},"traceId":"00-abc"}"#;
        let d = detail(&resp(400, "application/problem+json", body)).unwrap();
        assert!(d.contains("validation errors") && d.contains("theMovieDbId"), "{d}");
        assert!(!d.contains("traceId"), "{d}");
    }

    #[test]
    fn lost_answers_to_writes_are_unknown_outcomes() {
        let e = transport_failure(&TransportError::Timeout { sent: true }, &write(), "x");
        assert_eq!(e.code, ErrorCode::UnknownOutcome);
        assert!(!e.retryable);
        let e = transport_failure(&TransportError::Timeout { sent: true }, &read(), "x");
        assert_eq!(e.code, ErrorCode::Timeout);
        assert!(e.retryable);
        let e = transport_failure(&TransportError::Broken("reset".into()), &write(), "x");
        assert_eq!(e.code, ErrorCode::UnknownOutcome);
        let e = transport_failure(&TransportError::Denied, &read(), "x");
        assert_eq!(e.code, ErrorCode::Forbidden);
    }

    #[test]
    fn json_parsing() {
        let v: Vec<u32> = json(&resp(200, "application/json", "[1,2]"), "x", 100).unwrap();
        assert_eq!(v, vec![1, 2]);
        assert!(json_opt::<u32>(&resp(204, "", ""), "x", 100).unwrap().is_none());
        assert!(json_opt::<Vec<u32>>(&resp(200, "application/json", "null"), "x", 100).unwrap().is_none());
        let e = json::<Vec<u32>>(&resp(200, "text/html", "<html>"), "x", 100).unwrap_err();
        assert_eq!(e.code, ErrorCode::UpstreamSchemaMismatch);
        let e = json::<Vec<u32>>(&resp(200, "application/json", "{\"a\":1}"), "x", 100).unwrap_err();
        assert_eq!(e.code, ErrorCode::UpstreamSchemaMismatch);
    }

    #[test]
    fn cut_lists_keep_their_complete_head() {
        let mut r = resp(200, "application/json", "[1,2,3,4");
        r.over_budget = true;
        let (items, cut): (Vec<u32>, bool) = json_list(&r, "x").unwrap();
        assert_eq!(items, vec![1, 2, 3]);
        assert!(cut);
    }
}
