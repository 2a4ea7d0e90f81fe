//! What approve, deny and availability share: Ombi's decision routes take one body shape
//! (`{id, is4K}` for movies, `{id}` for TV children and albums, plus `reason` for a denial)
//! and answer a `RequestEngineResult`.

use serde_json::json;

use super::args::RequestMedia;
use super::lookup;
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Target, TargetKind};
use crate::projection::mutation;
use crate::upstream::{ApiRequest, Method};

/// A decision on a request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Decision {
    Approve,
    Deny,
    Available,
    Unavailable,
}

impl Decision {
    fn segment(self) -> &'static str {
        match self {
            Decision::Approve => "approve",
            Decision::Deny => "deny",
            Decision::Available => "available",
            Decision::Unavailable => "unavailable",
        }
    }

    fn verb(self) -> &'static str {
        match self {
            Decision::Approve => "Approve",
            Decision::Deny => "Deny",
            Decision::Available => "Mark as available",
            Decision::Unavailable => "Mark as unavailable",
        }
    }
}

/// The request a decision sends (pure).
pub fn request(
    media: RequestMedia,
    id: u64,
    is_4k: bool,
    decision: Decision,
    reason: Option<&str>,
) -> Result<ApiRequest, ToolError> {
    if is_4k && media != RequestMedia::Movie {
        return Err(ToolError::invalid("is_4k", "`is_4k` applies to movie requests only"));
    }
    let base = match media {
        RequestMedia::Movie => "/api/v1/Request/movie",
        RequestMedia::Tv => "/api/v1/Request/tv",
        RequestMedia::Album => "/api/v1/request/music",
    };
    let mut body = json!({ "id": id });
    if media == RequestMedia::Movie {
        body["is4K"] = is_4k.into();
    }
    if let Some(r) = reason {
        body["reason"] = r.into();
    }
    let method = if decision == Decision::Deny { Method::Put } else { Method::Post };
    Ok(ApiRequest::write(method, format!("{base}/{}", decision.segment()), Some(&body)))
}

/// Runs a decision: checks, plans (with a summary naming the request), sends, reads the
/// engine result.
pub fn run(
    ctx: &mut Ctx,
    media: RequestMedia,
    id: u64,
    is_4k: bool,
    decision: Decision,
    reason: Option<&str>,
) -> ToolResult {
    let req = request(media, id, is_4k, decision, reason)?;
    let facts = lookup::facts_for_summary(ctx, media, id);
    let summary = lookup::describe(decision.verb(), media, is_4k, id, "", &facts).quote_opt("Reason", reason);
    ctx.confirm(summary, std::slice::from_ref(&req))?;
    let what = format!("the {} of {} request {id}", decision.segment(), media.noun());
    let kind = match media {
        RequestMedia::Movie => TargetKind::Movie,
        RequestMedia::Tv => TargetKind::TvChild,
        RequestMedia::Album => TargetKind::Album,
    };
    let resp = ctx.mutate(&req, &what, "read_requests view detail")?;
    let mut m = mutation::engine(&resp, &what, "read_requests view detail", Some(Target { kind, id }))?;
    // A successful movie deny says "Request successfully deleted" (Q10): say what happened.
    m.message = Some(match decision {
        Decision::Approve => format!("Approved {} request {id}.", media.noun()),
        Decision::Deny => format!("Denied {} request {id}.", media.noun()),
        Decision::Available => format!("Marked {} request {id} as available.", media.noun()),
        Decision::Unavailable => format!("Marked {} request {id} as unavailable.", media.noun()),
    });
    m.request_id = None;
    Ok(Data::Mutation(m).into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bodies_per_media() {
        let r = request(RequestMedia::Movie, 4, true, Decision::Deny, Some("dup")).unwrap();
        assert_eq!((r.method, r.path.as_str()), (Method::Put, "/api/v1/Request/movie/deny"));
        let b: serde_json::Value = serde_json::from_slice(r.body.as_ref().unwrap()).unwrap();
        assert_eq!(b, json!({"id": 4, "is4K": true, "reason": "dup"}));
        let r = request(RequestMedia::Tv, 31, false, Decision::Approve, None).unwrap();
        let b: serde_json::Value = serde_json::from_slice(r.body.as_ref().unwrap()).unwrap();
        assert_eq!((r.path.as_str(), b), ("/api/v1/Request/tv/approve", json!({"id": 31})));
        let r = request(RequestMedia::Album, 2, false, Decision::Unavailable, None).unwrap();
        assert_eq!(r.path, "/api/v1/request/music/unavailable");
        assert!(request(RequestMedia::Tv, 1, true, Decision::Approve, None).is_err());
    }
}
