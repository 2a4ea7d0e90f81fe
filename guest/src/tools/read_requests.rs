//! `read_requests`: list, look up and search Ombi requests; the recent feed; the failed queue.
//!
//! Ombi routes: v2 `Requests/{media}[/{status}]/{count}/{pos}/{sort}/{order}` (sort mapped to
//! field names Ombi resolves, §3.5: never `requestDate`); v1 `Request/movie/info/{id}`,
//! `Request/tv/{parentId}`, `request/music` (album detail, bounded), `Request/.../search/{term}`;
//! v2 `Requests/recentlyRequested` with a bounded v1 `Request/tv` scan to resolve TV rows;
//! v1 `RequestRetry` for the failed queue (§3.4–§3.7).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{Order, RequestMedia, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::routes::Route;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, PageUnit, Paging, Request};
use crate::paging::{self, NO_SNAPSHOT_WARNING, Window};
use crate::projection::requests as project;
use crate::schema::output::Family;
use crate::upstream::dto::requests::{
    AlbumRequestDto, FailedDto, MovieRequestDto, Paged, RecentDto, TvChildDto, TvParentDto,
};
use crate::upstream::{ApiRequest, path};

/// What to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// of `media`, by `status`
    #[default]
    List,
    /// one `request_id` (tv: parent, with its children)
    Detail,
    /// titles matching `query`
    Search,
    /// newest of all kinds, at most 21
    Recent,
    /// not sent to Sonarr/Radarr/Lidarr
    Failed,
}

/// Request states to filter a list on.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    All,
    Pending,
    Processing,
    Available,
    Denied,
    Unavailable,
}

/// Sort keys.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Sort {
    #[default]
    RequestedDate,
    Title,
    Status,
}

tool_args! {
    /// Arguments of `read_requests`.
    pub struct Args {
        #[serde(default)]
        pub view: View,
        /// Required for list, detail and search; filters recent.
        pub media: Option<RequestMedia>,
        /// For list (albums have no unavailable).
        #[serde(default)]
        pub status: Status,
        /// For list; status sorts by approval (pending first with asc); albums: not status.
        #[serde(default)]
        pub sort: Sort,
        /// For list.
        #[serde(default)]
        pub order: Order,
        /// For detail; for tv the **parent** request id.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub request_id: Option<u64>,
        /// For search: title words.
        #[schemars(length(min = 1, max = 200))]
        pub query: Option<String>,
    } + paging
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v2/Requests/movie/{n}/{n}/{s}/{s}"),
    Route::get("/api/v2/Requests/tv/{n}/{n}/{s}/{s}"),
    Route::get("/api/v2/Requests/album/{n}/{n}/{s}/{s}"),
    Route::get("/api/v2/Requests/movie/{s}/{n}/{n}/{s}/{s}"),
    Route::get("/api/v2/Requests/tv/{s}/{n}/{n}/{s}/{s}"),
    Route::get("/api/v2/Requests/album/{s}/{n}/{n}/{s}/{s}"),
    Route::get("/api/v1/Request/movie/info/{n}"),
    Route::get("/api/v1/Request/tv/{n}"),
    Route::get("/api/v1/request/music"),
    Route::get("/api/v1/Request/movie/search/{s}"),
    Route::get("/api/v1/Request/tv/search/{s}"),
    Route::get("/api/v1/request/music/search/{s}"),
    Route::get("/api/v2/Requests/recentlyRequested"),
    Route::get("/api/v1/RequestRetry"),
];

pub struct ReadRequests;

impl Tool for ReadRequests {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_requests",
        title: "Requests",
        description: "Read Ombi's media requests: lists, one request, a title search, the recent feed or the failed queue. Their ids feed the write_request_* tools, write_vote and write_issue_create (for tv the `tv_child` target id); `failed` gives the queue ids for write_retry_queue_remove.",
        families: &[Family::RequestPage, Family::RetryPage],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        check(&args)?;
        let w = args.window();
        let data = match args.view {
            View::List => list(ctx, &args, media_of(&args)?)?,
            View::Detail => detail(ctx, media_of(&args)?, args.request_id.unwrap_or_default())?,
            View::Search => search(ctx, media_of(&args)?, args.query.as_deref().unwrap_or_default(), w)?,
            View::Recent => recent(ctx, args.media, w)?,
            View::Failed => failed(ctx, w)?,
        };
        Ok(data.into())
    }
}

fn media_of(args: &Args) -> Result<RequestMedia, ToolError> {
    args.media.ok_or_else(|| ToolError::invalid("media", "`media` is required for this view: movie, tv or album"))
}

/// The cross-field rules of the arguments.
fn check(args: &Args) -> Result<(), ToolError> {
    match args.view {
        View::Detail if args.request_id.is_none() => {
            return Err(ToolError::invalid(
                "request_id",
                "`request_id` is required for view detail (for tv, the parent request id)",
            ));
        }
        View::Search if args.query.as_deref().is_none_or(|q| q.trim().is_empty()) => {
            return Err(ToolError::invalid("query", "`query` is required for view search"));
        }
        _ => {}
    }
    if args.view == View::List && args.media == Some(RequestMedia::Album) {
        if args.status == Status::Unavailable {
            return Err(ToolError::invalid(
                "status",
                "albums have no `unavailable` list; use all, pending, processing, available or denied",
            ));
        }
        if args.sort == Sort::Status {
            return Err(ToolError::invalid("sort", "album lists sort by requested_date or title only"));
        }
    }
    Ok(())
}

/// The v2 list route: sort names are Ombi property names it resolves (§3.5), never the
/// RAML's `requestDate`.
pub fn list_route(media: RequestMedia, status: Status, sort: Sort, order: Order, count: u64, position: u64) -> String {
    let media_seg = match media {
        RequestMedia::Movie => "movie",
        RequestMedia::Tv => "tv",
        RequestMedia::Album => "album",
    };
    let status_seg = match status {
        Status::All => "",
        Status::Pending => "/pending",
        Status::Processing => "/processing",
        Status::Available => "/available",
        Status::Denied => "/denied",
        Status::Unavailable => "/unavailable",
    };
    let sort_field = match sort {
        Sort::RequestedDate => "requestedDate",
        Sort::Title => "title",
        Sort::Status => "approved",
    };
    let order = match order {
        Order::Asc => "asc",
        Order::Desc => "desc",
    };
    format!("/api/v2/Requests/{media_seg}{status_seg}/{count}/{position}/{sort_field}/{order}")
}

fn list(ctx: &mut Ctx, args: &Args, media: RequestMedia) -> Result<Data, ToolError> {
    let w = args.window();
    let route = list_route(media, args.status, args.sort, args.order, w.limit, w.offset);
    let req = ApiRequest::get(route);
    let what = format!("the {} request list", media.noun());
    let total = |t: Option<i64>| t.and_then(|t| u64::try_from(t).ok());
    let (items, page) = match media {
        RequestMedia::Movie => {
            let p: Paged<MovieRequestDto> =
                ctx.fetch_opt(&req, &what)?.unwrap_or(Paged { collection: vec![], total: Some(0) });
            let items: Vec<Request> = p.collection.iter().filter_map(project::movie).collect();
            let page = paging::upstream(items.len(), w, total(p.total), None, PageUnit::Requests);
            (items, page)
        }
        RequestMedia::Album => {
            let p: Paged<AlbumRequestDto> =
                ctx.fetch_opt(&req, &what)?.unwrap_or(Paged { collection: vec![], total: Some(0) });
            let items: Vec<Request> = p.collection.iter().filter_map(project::album).collect();
            let page = paging::upstream(items.len(), w, total(p.total), None, PageUnit::Requests);
            (items, page)
        }
        RequestMedia::Tv => {
            let p: Paged<TvChildDto> =
                ctx.fetch_opt(&req, &what)?.unwrap_or(Paged { collection: vec![], total: Some(0) });
            let mut cut = false;
            let items: Vec<Request> = p
                .collection
                .iter()
                .filter_map(|c| project::child(c, None))
                .map(|(r, was_cut)| {
                    cut |= was_cut;
                    r
                })
                .collect();
            if cut {
                ctx.cut("Some seasons or episodes of a request were left out (at most 100 of each per request).");
            }
            let page = tv_page(ctx, items.len(), w, total(p.total));
            (items, page)
        }
    };
    if page.next_offset.is_some() {
        ctx.warn(NO_SNAPSHOT_WARNING);
    }
    Ok(Data::RequestPage { items, page })
}

/// Ombi's TV list counts child requests before it collapses several children of one show
/// into one row (Q7): its total is not a row count, and a page may hold fewer rows than
/// asked for although more follow. The continuation is in Ombi's own (child) units.
fn tv_page(ctx: &mut Ctx, returned: usize, w: Window, children: Option<u64>) -> Paging {
    let more = children.map(|t| w.offset + w.limit < t);
    if more == Some(true) && (returned as u64) < w.limit {
        ctx.warn("Ombi shows several requests of one show as one row, so this page holds fewer rows than `limit` although more follow; continue at next_offset.");
    }
    Paging {
        offset: w.offset,
        limit: w.limit,
        returned: returned as u64,
        total: None,
        has_more: more,
        next_offset: (more == Some(true)).then_some(w.offset + w.limit),
        mode: crate::model::PageMode::Upstream,
        unit: PageUnit::Requests,
    }
}

fn not_found(media: RequestMedia, id: u64) -> ToolError {
    let which = if media == RequestMedia::Tv { "TV request with the parent id" } else { "request with the id" };
    ToolError::not_found(
        "request_id",
        format!("Ombi has no {} {which} {id}; list requests with read_requests view list.", media.noun()),
    )
}

fn detail(ctx: &mut Ctx, media: RequestMedia, id: u64) -> Result<Data, ToolError> {
    let items: Vec<Request> = match media {
        RequestMedia::Movie => {
            let req = ApiRequest::get(format!("/api/v1/Request/movie/info/{id}"));
            let dto: Option<MovieRequestDto> = ctx.fetch_opt(&req, "the movie request")?;
            vec![dto.as_ref().and_then(project::movie).ok_or_else(|| not_found(media, id))?]
        }
        RequestMedia::Tv => {
            let req = ApiRequest::get(format!("/api/v1/Request/tv/{id}"));
            let dto: Option<TvParentDto> = ctx.fetch_opt(&req, "the TV request")?;
            let (items, cut) = dto.as_ref().and_then(project::parent).ok_or_else(|| not_found(media, id))?;
            if cut {
                ctx.cut("Some seasons or episodes of a request were left out (at most 100 of each per request).");
            }
            items
        }
        RequestMedia::Album => {
            // Ombi has no album detail route: look in the album list, as far as the read
            // budget reaches.
            let all =
                ctx.list::<AlbumRequestDto>(&ApiRequest::get("/api/v1/request/music"), "the album request list")?;
            let found = all.items.iter().filter_map(project::album).find(|r| r.target.id == id);
            match found {
                Some(r) => vec![r],
                None if all.cut => {
                    let mut e = crate::ctx::unchecked("request_id", "Ombi's album request list", all.items.len());
                    e.message.push_str(" Look it up with read_requests view search.");
                    return Err(e);
                }
                None => return Err(not_found(media, id)),
            }
        }
    };
    let page = paging::whole(items.len(), PageUnit::Requests);
    Ok(Data::RequestPage { items, page })
}

fn search(ctx: &mut Ctx, media: RequestMedia, query: &str, w: Window) -> Result<Data, ToolError> {
    let term = path::arg_segment(query, "query")?;
    let (items, cut) = match media {
        RequestMedia::Movie => {
            let l = ctx.list::<MovieRequestDto>(
                &ApiRequest::get(format!("/api/v1/Request/movie/search/{term}")),
                "the movie request search",
            )?;
            (l.items.iter().filter_map(project::movie).collect::<Vec<_>>(), l.cut)
        }
        RequestMedia::Album => {
            let l = ctx.list::<AlbumRequestDto>(
                &ApiRequest::get(format!("/api/v1/request/music/search/{term}")),
                "the album request search",
            )?;
            (l.items.iter().filter_map(project::album).collect(), l.cut)
        }
        RequestMedia::Tv => {
            let l = ctx.list::<TvParentDto>(
                &ApiRequest::get(format!("/api/v1/Request/tv/search/{term}")),
                "the TV request search",
            )?;
            let mut nested_cut = false;
            let items = l
                .items
                .iter()
                .filter_map(project::parent)
                .flat_map(|(rs, c)| {
                    nested_cut |= c;
                    rs
                })
                .collect();
            if nested_cut {
                ctx.cut("Some seasons or episodes of a request were left out (at most 100 of each per request).");
            }
            (items, l.cut)
        }
    };
    let page_of = if cut { paging::local_partial } else { paging::local };
    let (items, page) = page_of(items, w, PageUnit::Requests);
    Ok(Data::RequestPage { items, page })
}

/// How many of the newest TV requests are read to resolve the recent feed's TV rows (Ombi's
/// feed holds at most 7 of them, `AmountToTake` in `RecentlyRequestedService.cs`).
const RECENT_TV_PAGE: usize = 20;

fn recent(ctx: &mut Ctx, media: Option<RequestMedia>, w: Window) -> Result<Data, ToolError> {
    let rows = ctx.list::<RecentDto>(&ApiRequest::get("/api/v2/Requests/recentlyRequested"), "the recent requests")?;
    let wanted = |r: &RecentDto| media.is_none_or(|m| r.kind == Some(m.request_type()));
    let rows: Vec<RecentDto> = rows.items.into_iter().filter(wanted).collect();
    let tv_rows = rows.iter().filter(|r| r.kind == Some(RequestMedia::Tv.request_type())).count();
    // TV rows carry child ids. Their parents come from the newest TV requests, one short page
    // sorted by date (Ombi's feed holds the newest children, so their shows lead that list),
    // never from the whole unordered v1 list, which outgrows the read budget.
    let parents = if tv_rows > 0 {
        let count = (tv_rows * 2).clamp(RECENT_TV_PAGE, 100);
        let route = list_route(RequestMedia::Tv, Status::All, Sort::RequestedDate, Order::Desc, count as u64, 0);
        let page: Option<Paged<TvChildDto>> = ctx.fetch_opt(&ApiRequest::get(route), "the newest TV requests")?;
        project::parents_of(page.map(|p| p.collection).unwrap_or_default())
    } else {
        Vec::new()
    };
    let out = project::recent(&rows, &parents);
    if !out.unresolved.is_empty() {
        let ids: Vec<String> = out.unresolved.iter().map(u64::to_string).collect();
        ctx.warn(format!(
            "Recent TV requests with the child request ids {} could not be matched to their show's parent request among the newest TV requests and were left out; find them with read_requests view list, media tv.",
            ids.join(", ")
        ));
    }
    if out.skipped > 0 {
        ctx.warn(format!("{} recent rows without a usable request id or kind were left out.", out.skipped));
    }
    let (items, page) = paging::local(out.items, w, PageUnit::Requests);
    Ok(Data::RequestPage { items, page })
}

fn failed(ctx: &mut Ctx, w: Window) -> Result<Data, ToolError> {
    let l = ctx.list::<FailedDto>(&ApiRequest::get("/api/v1/RequestRetry"), "the failed-request queue")?;
    let items: Vec<_> = l.items.iter().filter_map(project::retry).collect();
    let page_of = if l.cut { paging::local_partial } else { paging::local };
    let (items, mut page) = page_of(items, w, PageUnit::QueueEntries);
    page.unit = PageUnit::QueueEntries;
    Ok(Data::RetryPage { items, page })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error::ErrorCode;
    use crate::model::TargetKind;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    fn page(out: &ToolResult) -> (&Vec<Request>, &Paging) {
        match &out.as_ref().unwrap().data {
            Data::RequestPage { items, page } => (items, page),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn sort_is_mapped_to_names_ombi_resolves() {
        let r = list_route(RequestMedia::Movie, Status::Pending, Sort::RequestedDate, Order::Desc, 20, 40);
        assert_eq!(r, "/api/v2/Requests/movie/pending/20/40/requestedDate/desc");
        assert!(!r.contains("requestDate/"));
        assert_eq!(
            list_route(RequestMedia::Tv, Status::All, Sort::Status, Order::Asc, 5, 0),
            "/api/v2/Requests/tv/5/0/approved/asc"
        );
    }

    #[test]
    fn movie_list_pages_upstream() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v2/Requests/movie/2/0/requestedDate/desc",
            200,
            r#"{"collection":[{"id":1,"title":"A","approved":false},{"id":2,"title":"B","approved":true}],"total":5}"#,
        );
        let (out, notes) = run_tool(&mut fake, "read_requests", json!({"media": "movie", "limit": 2}));
        let (items, p) = page(&out);
        assert_eq!(items.len(), 2);
        assert_eq!((p.total, p.has_more, p.next_offset), (Some(5), Some(true), Some(2)));
        assert!(notes.warnings.iter().any(|w| w.contains("snapshot")));
    }

    #[test]
    fn tv_list_items_are_children_and_totals_are_not_row_counts() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v2/Requests/tv/3/0/requestedDate/desc",
            200,
            r#"{"collection":[{"id":31,"parentRequestId":12,"title":"Severance","parentRequest":{"id":12,"externalProviderId":95396}}],"total":9}"#,
        );
        let (out, notes) = run_tool(&mut fake, "read_requests", json!({"media": "tv", "limit": 3}));
        let (items, p) = page(&out);
        assert_eq!(items[0].target.kind, TargetKind::TvChild);
        assert_eq!(items[0].parent_request_id, Some(12));
        assert_eq!((p.total, p.has_more, p.next_offset), (None, Some(true), Some(3)));
        assert!(notes.warnings.iter().any(|w| w.contains("one row")));
    }

    #[test]
    fn cross_field_rules() {
        let mut fake = FakeOmbi::new();
        let e = run_tool(&mut fake, "read_requests", json!({"view": "list"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("media"));
        let e = run_tool(&mut fake, "read_requests", json!({"view": "detail", "media": "tv"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("request_id"));
        let e = run_tool(&mut fake, "read_requests", json!({"media": "album", "status": "unavailable"})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("status"));
        assert!(fake.sent.is_empty());
    }

    #[test]
    fn a_missing_movie_request_is_not_found() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Request/movie/info/99", 204, "");
        let e = run_tool(&mut fake, "read_requests", json!({"view": "detail", "media": "movie", "request_id": 99}))
            .0
            .unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), (ErrorCode::NotFound, Some("request_id")));
    }

    /// TV rows are resolved from one short page of the newest TV requests (by child id, or
    /// by the show's TMDB id for an older child that Ombi folded into its show's row), never
    /// from the whole v1 list; what stays unresolved is named.
    #[test]
    fn recent_resolves_tv_rows_from_the_newest_tv_requests() {
        let mut fake = FakeOmbi::new()
            .reply(
                "GET /api/v2/Requests/recentlyRequested",
                200,
                r#"[{"requestId":31,"type":0,"mediaId":"95396"},{"requestId":30,"type":0,"mediaId":"95396"},{"requestId":50,"type":0,"mediaId":"1"}]"#,
            )
            .reply(
                "GET /api/v2/Requests/tv/20/0/requestedDate/desc",
                200,
                r#"{"collection":[{"id":31,"parentRequestId":12,"parentRequest":{"id":12,"externalProviderId":95396,"tvDbId":371980}}],"total":40}"#,
            );
        let (out, notes) = run_tool(&mut fake, "read_requests", json!({"view": "recent"}));
        let (items, _) = page(&out);
        assert_eq!(items.iter().map(|r| r.target.id).collect::<Vec<_>>(), vec![12, 12]);
        assert!(notes.warnings.iter().any(|w| w.contains("50")), "{:?}", notes.warnings);
        assert!(!fake.sent.iter().any(|r| r.path == "/api/v1/Request/tv"), "no scan of the whole TV list");
    }

    #[test]
    fn failed_queue_ids_are_queue_ids() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v1/RequestRetry",
            200,
            r#"[{"failedId":3,"requestId":41,"type":1,"title":"Alien","error":"down"}]"#,
        );
        let (out, _) = run_tool(&mut fake, "read_requests", json!({"view": "failed"}));
        let Data::RetryPage { items, page } = out.unwrap().data else { panic!() };
        assert_eq!((items[0].queue_id, items[0].request_id), (3, Some(41)));
        assert_eq!(page.unit, PageUnit::QueueEntries);
    }
}
