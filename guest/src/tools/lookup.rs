//! Reads that write tools share: whether a request exists, what it is (its title and who
//! asked for it, for the plain-words summary a person confirms), and user names.

use super::args::RequestMedia;
use crate::ctx::Ctx;
use crate::error::ToolError;
use crate::projection::text;
use crate::routes::Route;
use crate::summary::Summary;
use crate::upstream::ApiRequest;
use crate::upstream::dto::positive;
use crate::upstream::dto::requests::{AlbumRequestDto, BaseState, MovieRequestDto, TvParentDto};

/// The routes of [`find_request`] (so of [`require_request`] and [`facts_for_summary`] too):
/// a movie request, the album and TV request lists, and the user list for who asked.
pub const FIND_REQUEST: &[Route] = &[
    Route::get("/api/v1/Request/movie/info/{n}"),
    Route::get("/api/v1/request/music"),
    Route::get("/api/v1/Request/tv"),
    Route::get("/api/v1/Identity/Users"),
];

/// The route of [`tv_parent`].
pub const TV_PARENT: &[Route] = &[Route::get("/api/v1/Request/tv/{n}")];

/// What a summary says about a request.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RequestFacts {
    pub title: Option<String>,
    pub requested_by: Option<String>,
    /// For a TV child: its parent request id.
    pub parent_id: Option<u64>,
}

/// A request as found by [`find_request`].
#[derive(Debug, Clone, PartialEq)]
pub enum Found {
    Yes(RequestFacts),
    No,
    /// Not found among the records that could be read (this many; the list was longer than
    /// the read budget).
    Unsure(usize),
}

fn facts(ctx: &mut Ctx, base: &BaseState, title: Option<String>) -> RequestFacts {
    let requested_by = base.requested_user_id.as_deref().and_then(|id| user_name(ctx, id));
    RequestFacts { title: text::some_text(base.title.as_deref()).or(title), requested_by, parent_id: None }
}

/// Finds a movie or album request, or a TV **child** (`media` tv), by id.
pub fn find_request(ctx: &mut Ctx, media: RequestMedia, id: u64) -> Result<Found, ToolError> {
    let wanted = |b: &BaseState| positive(b.request_id).or(positive(b.id)) == Some(id);
    match media {
        RequestMedia::Movie => {
            let dto: Option<MovieRequestDto> =
                ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Request/movie/info/{id}")), "the movie request")?;
            Ok(match dto {
                Some(d) if wanted(&d.base) || d.base.id.is_none() => Found::Yes(facts(ctx, &d.base, None)),
                _ => Found::No,
            })
        }
        RequestMedia::Album => {
            let l = ctx.list::<AlbumRequestDto>(&ApiRequest::get("/api/v1/request/music"), "the album requests")?;
            Ok(match l.items.iter().find(|a| wanted(&a.base)) {
                Some(a) => {
                    let a = a.clone();
                    Found::Yes(facts(ctx, &a.base, None))
                }
                None if l.cut => Found::Unsure(l.items.len()),
                None => Found::No,
            })
        }
        RequestMedia::Tv => {
            let l = ctx.list::<TvParentDto>(&ApiRequest::get("/api/v1/Request/tv"), "the TV requests")?;
            let hit = l.items.iter().find_map(|p| {
                p.child_requests.iter().flatten().find(|c| wanted(&c.base)).map(|c| (p.clone(), c.base.clone()))
            });
            Ok(match hit {
                Some((p, c)) => {
                    let mut f = facts(ctx, &c, text::some_text(p.title.as_deref()));
                    f.parent_id = positive(p.id);
                    Found::Yes(f)
                }
                None if l.cut => Found::Unsure(l.items.len()),
                None => Found::No,
            })
        }
    }
}

/// The TV parent request `id`, if it exists.
pub fn tv_parent(ctx: &mut Ctx, id: u64) -> Result<Option<TvParentDto>, ToolError> {
    ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Request/tv/{id}")), "the TV request")
}

/// Requires a request to exist (`NOT_FOUND` on `request_id` otherwise); its facts.
pub fn require_request(ctx: &mut Ctx, media: RequestMedia, id: u64) -> Result<RequestFacts, ToolError> {
    let which = if media == RequestMedia::Tv { "TV child request" } else { "request" };
    match find_request(ctx, media, id)? {
        Found::Yes(f) => Ok(f),
        Found::No => Err(ToolError::not_found(
            "request_id",
            format!("Ombi has no {} {which} {id}; find it with read_requests. Nothing was sent.", media.noun()),
        )),
        Found::Unsure(read) => {
            let mut e = crate::ctx::unchecked("request_id", &format!("Ombi's list of {} requests", media.noun()), read);
            e.message.push_str(" Nothing was sent.");
            Err(e)
        }
    }
}

/// Best-effort facts for a summary: only looked up while planning (a person will read
/// them), and never an error.
pub fn facts_for_summary(ctx: &mut Ctx, media: RequestMedia, id: u64) -> RequestFacts {
    if !ctx.planning() {
        return RequestFacts::default();
    }
    match find_request(ctx, media, id) {
        Ok(Found::Yes(f)) => f,
        _ => RequestFacts::default(),
    }
}

/// The user name of user `id`, from Ombi's user list.
pub fn user_name(ctx: &mut Ctx, id: &str) -> Option<String> {
    let users = ctx.users().ok()?;
    users.items.iter().find(|u| u.id.as_deref() == Some(id)).and_then(|u| u.user_name.clone())
}

/// `Deny movie request #42` (`verb`, the kind, the id, then `then`), with the title and the
/// requester quoted on lines of their own.
pub fn describe(verb: &str, media: RequestMedia, is_4k: bool, id: u64, then: &str, f: &RequestFacts) -> Summary {
    let kind = match (media, is_4k) {
        (RequestMedia::Movie, true) => "4K movie request",
        (RequestMedia::Movie, false) => "movie request",
        (RequestMedia::Tv, _) => "TV request",
        (RequestMedia::Album, _) => "album request",
    };
    Summary::new(format!("{verb} {kind} #{id}{then}"))
        .quote_opt("Title", f.title.as_deref())
        .quote_opt("Requested by", f.requested_by.as_deref())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::{Value, json};

    /// Lookups made over lists, with the route each reads, a list with one other record, and
    /// the arguments of a call that looks for a record that is not in it.
    fn lookups() -> Vec<(&'static str, &'static str, &'static str, Value)> {
        let issue = json!({"title": "Dune", "media": "movie", "provider_id": "438631", "category_id": 9, "subject": "s", "description": "d"});
        vec![
            (
                "read_votes",
                "GET /api/v1/Identity/Users",
                r#"{"id":"u-1","userName":"alice"}"#,
                json!({"as_user": "zoe"}),
            ),
            (
                "write_retry_queue_remove",
                "GET /api/v1/RequestRetry",
                r#"{"failedId":1,"title":"A"}"#,
                json!({"queue_id": 9}),
            ),
            ("write_issue_create", "GET /api/v1/Issues/categories", r#"{"id":1,"value":"Audio"}"#, issue),
            (
                "write_issue_category",
                "GET /api/v1/Issues/categories",
                r#"{"id":1,"value":"Audio"}"#,
                json!({"action": "delete", "category_id": 9}),
            ),
            (
                "write_request_delete",
                "GET /api/v1/request/music",
                r#"{"id":1,"title":"A"}"#,
                json!({"media": "album", "request_id": 9}),
            ),
            (
                "write_request_delete",
                "GET /api/v1/Request/tv",
                r#"{"id":1,"childRequests":[{"id":2}]}"#,
                json!({"media": "tv", "request_id": 9}),
            ),
            (
                "read_requests",
                "GET /api/v1/request/music",
                r#"{"id":1,"title":"A"}"#,
                json!({"view": "detail", "media": "album", "request_id": 9}),
            ),
            ("read_logs", "GET /api/v2/System/logs", r#""log-20260101.txt""#, json!({"file_id": "log-20251231.txt"})),
        ]
    }

    /// Absence from a list the read budget cut is not absence: never `NOT_FOUND`, but an
    /// upstream code saying the list was too long to check, and nothing is written.
    #[test]
    fn absence_from_a_cut_list_is_never_not_found() {
        for (tool, route, record, args) in lookups() {
            let cut = format!("[{record},{}", &record[..record.len() / 2]);
            let mut fake = FakeOmbi::new().reply_cut(route, &cut);
            let e = run_tool(&mut fake, tool, args.clone()).0.unwrap_err();
            assert_eq!(e.code, ErrorCode::UpstreamRejected, "{tool} {args}: {e:?}");
            assert!(
                e.message.contains("could not be checked") && e.message.contains("OMBI_MAX_RESPONSE_BYTES"),
                "{}",
                e.message
            );
            assert!(fake.sent.iter().all(|r| !r.mutation), "{tool}: a write was sent");
            // The same list read whole: the record is missing.
            let mut fake = FakeOmbi::new().reply(route, 200, &format!("[{record}]"));
            let e = run_tool(&mut fake, tool, args.clone()).0.unwrap_err();
            assert_eq!(e.code, ErrorCode::NotFound, "{tool} {args}: {e:?}");
        }
    }

    #[test]
    fn descriptions_read_plainly() {
        let f = RequestFacts { title: Some("Dune".into()), requested_by: Some("alice".into()), parent_id: None };
        assert_eq!(
            describe("Deny", RequestMedia::Movie, true, 42, "", &f).render(),
            "Deny 4K movie request #42\nTitle: “Dune”\nRequested by: “alice”"
        );
        assert_eq!(
            describe("Send", RequestMedia::Tv, false, 7, " to Sonarr again", &RequestFacts::default()).render(),
            "Send TV request #7 to Sonarr again"
        );
    }
}
