//! What a write's answer comes to (`mutation`), read honestly: Ombi's business results
//! (`RequestEngineResult`, `VoteEngineResult`, booleans, ids) decide the outcome; an HTTP 200
//! carrying a failure is a tool failure with Ombi's sanitised message and code, never
//! `ok: true`; an answer that says nothing usable after a write was sent is an unknown
//! outcome, never a guessed success; ids are reported only when Ombi returned them.

use serde_json::Value;

use crate::error::{ErrorCode, ToolError};
use crate::model::{Data, Mutation, Outcome, Target};
use crate::projection::enums;
use crate::sanitize::clean;
use crate::upstream::RawResponse;
use crate::upstream::dto::positive;
use crate::upstream::dto::requests::EngineResult;

/// The error code an engine `errorCode` means.
pub fn engine_error_kind(code: Option<&str>) -> ErrorCode {
    match code.map(str::trim) {
        Some("AlreadyRequested" | "EpisodesAlreadyRequested") => ErrorCode::Conflict,
        Some(
            "NoPermissionsOnBehalf"
            | "NoPermissions"
            | "NoPermissionsRequestMovie"
            | "NoPermissionsRequestTV"
            | "NoPermissionsRequestAlbum"
            | "MovieRequestQuotaExceeded"
            | "TvRequestQuotaExceeded"
            | "AlbumRequestQuotaExceeded",
        ) => ErrorCode::Forbidden,
        Some("RequestDoesNotExist" | "ChildRequestDoesNotExist") => ErrorCode::NotFound,
        _ => ErrorCode::UpstreamRejected,
    }
}

/// An unknown outcome: the write was sent, and the answer does not say what happened.
pub fn unknown(what: &str, reconcile: &str, why: &str) -> ToolError {
    ToolError::new(
        ErrorCode::UnknownOutcome,
        format!("{what} was sent to Ombi, but {why}; whether it took effect is unknown. Check with {reconcile} before retrying."),
    )
    .with_data(Data::Mutation(Mutation::new(Outcome::Unknown)))
}

fn body_text(resp: &RawResponse) -> String {
    String::from_utf8_lossy(&resp.body).trim().to_string()
}

/// A `RequestEngineResult` / `VoteEngineResult` answer. Success gives a completed mutation
/// on `target` (with Ombi's new request id when it returned one); a failure gives the error
/// its `errorCode` means, carrying Ombi's result as data.
pub fn engine(resp: &RawResponse, what: &str, reconcile: &str, target: Option<Target>) -> Result<Mutation, ToolError> {
    let text = body_text(resp);
    let parsed: Option<EngineResult> = serde_json::from_str(&text).ok();
    let Some(r) = parsed else {
        let why = if text.is_empty() { "its answer was empty" } else { "its answer was not the result Ombi documents" };
        return Err(unknown(what, reconcile, why));
    };
    let error_message = r.error_message.as_deref().map(clean).filter(|m| !m.is_empty());
    let failed =
        r.is_error == Some(true) || r.result == Some(false) || r.error_code.is_some() || error_message.is_some();
    if !failed && r.result != Some(true) {
        return Err(unknown(what, reconcile, "its answer had neither a result nor an error"));
    }
    let mut m = Mutation::new(if failed { Outcome::Rejected } else { Outcome::Completed });
    m.target = target;
    m.upstream_result = r.result;
    m.upstream_is_error = r.is_error.or(Some(failed));
    m.upstream_error_code = r.error_code.as_deref().and_then(enums::engine_error_code);
    if failed {
        let code = engine_error_kind(r.error_code.as_deref());
        let detail =
            error_message.or_else(|| r.message.as_deref().map(clean)).unwrap_or_else(|| "no reason given".into());
        let named = r.error_code.as_deref().map(|c| format!(" ({})", clean(c))).unwrap_or_default();
        m.message = Some(detail.clone());
        let mut e = ToolError::new(code, format!("Ombi refused {what}{named}: {detail}")).with_data(Data::Mutation(m));
        if code == ErrorCode::NotFound {
            e = e.with_field("request_id");
        }
        return Err(e);
    }
    m.request_id = positive(r.request_id);
    m.message = r.message.as_deref().map(clean).filter(|s| !s.is_empty());
    Ok(m)
}

/// A `true`/`false` answer: `true` is a completed mutation; `false` is the error `refused`
/// describes. An empty body (some routes answer 200 with nothing) is completed too; anything
/// else is an unknown outcome.
pub fn boolean(
    resp: &RawResponse,
    what: &str,
    reconcile: &str,
    refused: impl FnOnce() -> ToolError,
) -> Result<Mutation, ToolError> {
    let text = body_text(resp);
    if text.is_empty() {
        return Ok(Mutation::new(Outcome::Completed));
    }
    match serde_json::from_str::<Value>(&text) {
        Ok(Value::Bool(true)) => {
            let mut m = Mutation::new(Outcome::Completed);
            m.upstream_result = Some(true);
            Ok(m)
        }
        Ok(Value::Bool(false)) => {
            let mut m = Mutation::new(Outcome::Rejected);
            m.upstream_result = Some(false);
            Err(refused().with_data(Data::Mutation(m)))
        }
        // The jobs settings answer `{result, message}`.
        Ok(Value::Object(o)) if o.get("result").is_some_and(Value::is_boolean) => {
            let ok = o["result"] == Value::Bool(true);
            let mut m = Mutation::new(if ok { Outcome::Completed } else { Outcome::Rejected });
            m.upstream_result = Some(ok);
            m.message = o.get("message").and_then(Value::as_str).map(clean).filter(|s| !s.is_empty());
            if ok {
                Ok(m)
            } else {
                let detail = m.message.clone().unwrap_or_default();
                let mut e = refused();
                if !detail.is_empty() {
                    e.message = format!("{} Ombi said: {detail}", e.message);
                }
                Err(e.with_data(Data::Mutation(m)))
            }
        }
        _ => Err(unknown(what, reconcile, "its answer was not the true/false Ombi documents")),
    }
}

/// A new id answered as a bare JSON number (POST `Issues`).
pub fn new_id(resp: &RawResponse, what: &str, reconcile: &str) -> Result<u64, ToolError> {
    let text = body_text(resp);
    match serde_json::from_str::<Value>(&text).ok().and_then(|v| v.as_i64()) {
        Some(id) if id > 0 => Ok(id as u64),
        _ => Err(unknown(what, reconcile, "its answer did not carry the new id")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::TargetKind;

    fn resp(body: &str) -> RawResponse {
        RawResponse { status: 200, body: body.as_bytes().to_vec(), ..Default::default() }
    }

    #[test]
    fn a_200_with_is_error_is_a_failure() {
        let e = engine(
            &resp(r#"{"result":false,"isError":true,"errorMessage":"Movie has already been requested","errorCode":"AlreadyRequested","requestId":0}"#),
            "the movie request",
            "read_requests",
            None,
        )
        .unwrap_err();
        assert_eq!(e.code, ErrorCode::Conflict);
        assert!(e.message.contains("already been requested") && e.message.contains("AlreadyRequested"));
        let Some(d) = e.data.as_deref() else { panic!() };
        let Data::Mutation(m) = d else { panic!() };
        assert_eq!((m.outcome, m.upstream_error_code, m.request_id), (Outcome::Rejected, Some(0), None));
    }

    #[test]
    fn quota_and_permissions_are_forbidden() {
        for code in ["MovieRequestQuotaExceeded", "NoPermissionsRequestTV", "NoPermissionsOnBehalf"] {
            let body = format!(r#"{{"result":false,"isError":true,"errorMessage":"no","errorCode":"{code}"}}"#);
            assert_eq!(engine(&resp(&body), "x", "y", None).unwrap_err().code, ErrorCode::Forbidden, "{code}");
        }
        let e = engine(
            &resp(r#"{"result":false,"errorMessage":"gone","errorCode":"RequestDoesNotExist"}"#),
            "x",
            "y",
            None,
        )
        .unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), (ErrorCode::NotFound, Some("request_id")));
    }

    #[test]
    fn success_reports_only_returned_ids() {
        let t = Target { kind: TargetKind::Movie, id: 4 };
        let m = engine(
            &resp(r#"{"result":true,"message":"Request Added","isError":false,"requestId":41}"#),
            "x",
            "y",
            Some(t.clone()),
        )
        .unwrap();
        assert_eq!((m.outcome, m.request_id, m.target), (Outcome::Completed, Some(41), Some(t)));
        let m = engine(&resp(r#"{"result":true,"requestId":0}"#), "x", "y", None).unwrap();
        assert_eq!(m.request_id, None);
    }

    #[test]
    fn an_unreadable_answer_is_unknown_not_success() {
        for body in ["", "<html>", r#"{"message":"?"}"#, "42"] {
            let e = engine(&resp(body), "the approval", "read_requests view detail", None).unwrap_err();
            assert_eq!(e.code, ErrorCode::UnknownOutcome, "{body}");
            assert!(!e.retryable);
            assert!(e.message.contains("read_requests view detail"));
        }
    }

    #[test]
    fn booleans() {
        let nf = || ToolError::not_found("issue_id", "no such issue");
        assert_eq!(boolean(&resp("true"), "x", "y", nf).unwrap().outcome, Outcome::Completed);
        assert_eq!(boolean(&resp(""), "x", "y", nf).unwrap().outcome, Outcome::Completed);
        assert_eq!(boolean(&resp("false"), "x", "y", nf).unwrap_err().code, ErrorCode::NotFound);
        assert_eq!(boolean(&resp("\"ok\""), "x", "y", nf).unwrap_err().code, ErrorCode::UnknownOutcome);
        let e = boolean(&resp(r#"{"result":false,"message":"bad cron"}"#), "x", "y", || {
            ToolError::new(ErrorCode::UpstreamRejected, "refused.")
        })
        .unwrap_err();
        assert!(e.message.contains("bad cron"));
        assert_eq!(new_id(&resp("17"), "x", "y").unwrap(), 17);
        assert_eq!(new_id(&resp("0"), "x", "y").unwrap_err().code, ErrorCode::UnknownOutcome);
    }
}
