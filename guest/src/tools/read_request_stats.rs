//! `read_request_stats`: request counts, totals, a user's quotas and usage over a period.
//!
//! Ombi routes: v1 `Request/count`, `Request/movie/total`, `Request/tv/total`,
//! `request/music/total`, `Request/movie/remaining`, `Request/tv/remaining`,
//! `request/music/remaining` (as the selected user), `Stats?from&to` (§3.7, guard Q12).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::args::{RequestMedia, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Metric, Scope};
use crate::projection::text;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::ApiRequest;
use crate::upstream::dto::requests::{CountsDto, QuotaDto, StatsDto};

/// Which figures to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// by state
    #[default]
    Counts,
    /// per media kind
    Totals,
    /// of `as_user`
    Quota,
    /// needs `from` and `to`
    Usage,
}

tool_args! {
    /// Arguments of `read_request_stats`.
    pub struct Args {
        #[serde(default)]
        pub view: View,
        /// For quota: one kind (default all).
        pub media: Option<RequestMedia>,
        /// For usage: first day, ISO date (2026-11-01) or date-time.
        #[schemars(length(min = 10, max = 40))]
        pub from: Option<String>,
        /// For usage: last day.
        #[schemars(length(min = 10, max = 40))]
        pub to: Option<String>,
    } + as_user
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Request/count"),
    Route::get("/api/v1/Request/movie/total"),
    Route::get("/api/v1/Request/tv/total"),
    Route::get("/api/v1/request/music/total"),
    Route::get("/api/v1/Request/movie/remaining"),
    Route::get("/api/v1/Request/tv/remaining"),
    Route::get("/api/v1/request/music/remaining"),
    Route::get("/api/v1/Stats"),
];

pub struct ReadRequestStats;

impl Tool for ReadRequestStats {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_request_stats",
        title: "Request statistics",
        description: "Request figures: instance-wide counts by state, totals per media kind, a user's quota (limit, remaining, when the next request is possible) or usage between two dates. Check `quota` before requesting as a household member with write_request_create.",
        families: &[Family::Metrics],
        effect: Effect::Read,
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let values = match args.view {
            View::Counts => counts(ctx)?,
            View::Totals => totals(ctx)?,
            View::Quota => quota(ctx, &args)?,
            View::Usage => usage(ctx, &args)?,
        };
        Ok(Data::Metrics { values }.into())
    }
}

fn counts(ctx: &mut Ctx) -> Result<Vec<Metric>, ToolError> {
    let c: CountsDto = ctx.fetch(&ApiRequest::get("/api/v1/Request/count"), "the request counts")?;
    Ok([("pending", c.pending), ("approved", c.approved), ("available", c.available), ("denied", c.denied)]
        .into_iter()
        .filter_map(|(n, v)| v.map(|v| Metric::instance(n, v)))
        .collect())
}

fn totals(ctx: &mut Ctx) -> Result<Vec<Metric>, ToolError> {
    let mut out = Vec::new();
    for (name, path) in [
        ("movie.total", "/api/v1/Request/movie/total"),
        ("tv.total", "/api/v1/Request/tv/total"),
        ("album.total", "/api/v1/request/music/total"),
    ] {
        let v: Option<Value> = ctx.fetch_opt(&ApiRequest::get(path), "the request totals")?;
        if let Some(n) = v.and_then(|v| v.as_i64()) {
            out.push(Metric::instance(name, n));
        }
    }
    Ok(out)
}

/// Quota figures of one media kind: only `has_limit: false` when there is no limit (never a
/// remaining of 0).
pub fn quota_metrics(media: &str, q: &QuotaDto, scope: Scope) -> Vec<Metric> {
    let m = |n: &str, v: Value| Metric::new(format!("{media}.{n}"), v, scope);
    match q.has_limit {
        Some(false) => vec![m("has_limit", false.into())],
        None => Vec::new(),
        Some(true) => {
            let mut out = vec![m("has_limit", true.into())];
            if let Some(l) = q.limit {
                out.push(m("limit", l.into()));
            }
            if let Some(r) = q.remaining {
                out.push(m("remaining", r.into()));
            }
            if let Some(d) = text::date(q.next_request.as_deref()) {
                out.push(m("next_request", d.into()));
            }
            out
        }
    }
}

fn quota(ctx: &mut Ctx, args: &Args) -> Result<Vec<Metric>, ToolError> {
    let acting = ctx.acting_user(args.as_user.as_deref())?;
    let scope = if acting.is_some() { Scope::SelectedUser } else { Scope::Principal };
    let user = acting.map(|a| a.user_name);
    let all = [RequestMedia::Movie, RequestMedia::Tv, RequestMedia::Album];
    let kinds: Vec<RequestMedia> = match args.media {
        Some(m) => vec![m],
        None => all.to_vec(),
    };
    let mut out = Vec::new();
    for m in kinds {
        let (name, path) = match m {
            RequestMedia::Movie => ("movie", "/api/v1/Request/movie/remaining"),
            RequestMedia::Tv => ("tv", "/api/v1/Request/tv/remaining"),
            RequestMedia::Album => ("album", "/api/v1/request/music/remaining"),
        };
        let q: QuotaDto = ctx.fetch(&ApiRequest::get(path).as_user(user.clone()), "the request quota")?;
        out.extend(quota_metrics(name, &q, scope));
    }
    Ok(out)
}

/// An ISO date (`YYYY-MM-DD`) or date-time; anything else is `INVALID_ARGUMENT` on `field`.
pub fn iso_date(value: &str, field: &str) -> Result<String, ToolError> {
    let v = value.trim();
    let b = v.as_bytes();
    let digits = |r: std::ops::Range<usize>| r.clone().all(|i| b.get(i).is_some_and(u8::is_ascii_digit));
    let shape = b.len() >= 10 && digits(0..4) && b[4] == b'-' && digits(5..7) && b[7] == b'-' && digits(8..10);
    // Bytes, not a `str` slice: byte 10 of the argument need not be a character boundary.
    let rest_ok = b.get(10..).is_some_and(|rest| rest.iter().all(|c| c.is_ascii_alphanumeric() || matches!(c, b':' | b'.' | b'-' | b'+')));
    let month: u32 = v.get(5..7).and_then(|m| m.parse().ok()).unwrap_or(0);
    let day: u32 = v.get(8..10).and_then(|d| d.parse().ok()).unwrap_or(0);
    if !shape || !rest_ok || !(1..=12).contains(&month) || !(1..=31).contains(&day) {
        return Err(ToolError::invalid(field, format!("`{field}` must be an ISO date such as 2026-11-01 (got {v:?})")));
    }
    Ok(v.to_string())
}

fn usage(ctx: &mut Ctx, args: &Args) -> Result<Vec<Metric>, ToolError> {
    // Ombi answers 500 unless both bounds are given (Q12): never send an open window.
    let from = args.from.as_deref().ok_or_else(|| ToolError::invalid("from", "`from` is required for view usage, together with `to` (ISO dates)"))?;
    let to = args.to.as_deref().ok_or_else(|| ToolError::invalid("to", "`to` is required for view usage, together with `from` (ISO dates)"))?;
    let (from, to) = (iso_date(from, "from")?, iso_date(to, "to")?);
    // Both passed `iso_date`, so their first ten bytes are ASCII.
    if from.as_bytes()[..10] > to.as_bytes()[..10] {
        return Err(ToolError::invalid("to", format!("`to` ({to}) is before `from` ({from})")));
    }
    let path = format!(
        "/api/v1/Stats?from={}&to={}",
        crate::upstream::path::query_value(&from),
        crate::upstream::path::query_value(&to)
    );
    let s: StatsDto = ctx.fetch(&ApiRequest::get(path), "the usage statistics").map_err(|mut e| {
        if e.http_status == Some(500) {
            e.message.push_str(" Ombi's statistics fail when the period holds no movie or no TV request; try a wider period.");
        }
        e
    })?;
    ctx.warn("Ombi never fills in the number of issues in its statistics (totalIssues is always 0), so it is left out.");
    // UserStatsEngine.cs counts `Select(bool).Count()`: every movie request of the period,
    // available or not, so completedRequestsMovies (and completedRequests, its sum) say nothing.
    ctx.warn("Ombi counts every movie request of the period as completed (completedRequestsMovies equals totalMovieRequests), so completed movie requests and the completed total are left out.");
    Ok([
        ("total_requests", s.total_requests),
        ("total_movie_requests", s.total_movie_requests),
        ("total_tv_requests", s.total_tv_requests),
        ("completed_tv_requests", s.completed_requests_tv),
    ]
    .into_iter()
    .filter_map(|(n, v)| v.map(|v| Metric::instance(n, v)))
    .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::{run_tool, run_tool_with};
    use serde_json::json;

    fn metrics(out: ToolResult) -> Vec<Metric> {
        match out.unwrap().data {
            Data::Metrics { values } => values,
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn no_limit_is_only_has_limit_false() {
        let q: QuotaDto = serde_json::from_str(r#"{"hasLimit":false,"limit":0,"remaining":0,"nextRequest":"2026-11-30T12:00:00Z"}"#).unwrap();
        let m = quota_metrics("movie", &q, Scope::Principal);
        assert_eq!(m.len(), 1);
        assert_eq!((m[0].name.as_str(), &m[0].value), ("movie.has_limit", &json!(false)));
        let q: QuotaDto = serde_json::from_str(r#"{"hasLimit":true,"limit":5,"remaining":2,"nextRequest":"2026-12-01T00:00:00Z"}"#).unwrap();
        let names: Vec<String> = quota_metrics("tv", &q, Scope::SelectedUser).into_iter().map(|m| m.name).collect();
        assert_eq!(names, vec!["tv.has_limit", "tv.limit", "tv.remaining", "tv.next_request"]);
    }

    #[test]
    fn quota_of_a_user_is_selected_user_scoped() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-1","userName":"Alice"}]"#)
            .reply("GET /api/v1/Request/movie/remaining", 200, r#"{"hasLimit":false}"#);
        let m = metrics(run_tool(&mut fake, "read_request_stats", json!({"view": "quota", "media": "movie", "as_user": "alice"})).0);
        assert_eq!(m[0].scope, Scope::SelectedUser);
        assert_eq!(fake.sent[1].user.as_deref(), Some("Alice"));
    }

    #[test]
    fn quota_without_a_user_is_the_principals() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Request/tv/remaining", 200, r#"{"hasLimit":false}"#);
        let m = metrics(run_tool(&mut fake, "read_request_stats", json!({"view": "quota", "media": "tv"})).0);
        assert_eq!(m[0].scope, Scope::Principal);
        assert_eq!(fake.sent[0].user, None);
    }

    #[test]
    fn an_unknown_default_user_is_not_found() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Identity/Users", 200, r#"[{"id":"u-1","userName":"alice"}]"#);
        let settings = crate::ctx::Settings { default_user: Some("mallory".into()), ..Default::default() };
        let e = run_tool_with(&mut fake, &settings, "read_request_stats", json!({"view": "quota"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("as_user"));
        assert!(e.message.contains("OMBI_USER"));
        assert_eq!(fake.sent.len(), 1);
    }

    #[test]
    fn multibyte_text_in_a_date_is_an_invalid_argument_wherever_it_stands() {
        for bad in ["2026-11-0\u{e9}", "2026-11-01\u{e9}", "2026-11-01\u{20ac}x", "2026-11-01T\u{1d11e}", "\u{e9}026-11-01", "2026-\u{202e}1-01"] {
            for field in ["from", "to"] {
                let mut fake = FakeOmbi::new();
                let mut args = json!({"view": "usage", "from": "2026-11-01", "to": "2026-11-30"});
                args[field] = json!(bad);
                let e = run_tool(&mut fake, "read_request_stats", args).0.unwrap_err();
                assert_eq!((e.code, e.field.as_deref()), (crate::error::ErrorCode::InvalidArgument, Some(field)), "{bad}");
                assert!(fake.sent.is_empty());
            }
        }
    }

    #[test]
    fn usage_needs_both_bounds_and_hides_users() {
        let mut fake = FakeOmbi::new();
        let e = run_tool(&mut fake, "read_request_stats", json!({"view": "usage", "from": "2026-11-01"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("to"));
        let e = run_tool(&mut fake, "read_request_stats", json!({"view": "usage", "from": "yesterday!", "to": "2026-11-02"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("from"));
        assert!(fake.sent.is_empty());
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v1/Stats?from=2026-11-01&to=2026-11-30",
            200,
            r#"{"totalRequests":9,"totalMovieRequests":5,"totalTvRequests":4,"totalIssues":0,"completedRequestsMovies":5,"completedRequestsTv":1,"completedRequests":6,"mostRequestedUserMovie":{"userAccessToken":"tok"}}"#,
        );
        let (out, notes) = run_tool(&mut fake, "read_request_stats", json!({"view": "usage", "from": "2026-11-01", "to": "2026-11-30"}));
        let m = metrics(out);
        let names: Vec<&str> = m.iter().map(|x| x.name.as_str()).collect();
        assert_eq!(names, vec!["total_requests", "total_movie_requests", "total_tv_requests", "completed_tv_requests"]);
        assert!(!serde_json::to_string(&m).unwrap().contains("tok"));
        assert!(notes.warnings[0].contains("totalIssues"));
        assert!(notes.warnings[1].contains("completedRequestsMovies"), "{:?}", notes.warnings);
    }

    #[test]
    fn counts_are_instance_scoped() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Request/count", 200, r#"{"pending":3,"approved":2,"available":5,"denied":1}"#);
        let m = metrics(run_tool(&mut fake, "read_request_stats", json!({})).0);
        assert_eq!(m.iter().map(|m| m.name.as_str()).collect::<Vec<_>>(), vec!["pending", "approved", "available", "denied"]);
        assert!(m.iter().all(|m| m.scope == Scope::Instance));
    }
}
