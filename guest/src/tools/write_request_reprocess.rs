//! `write_request_reprocess`: send a request to Sonarr/Radarr again, optionally with other
//! root folder, quality or language profile.
//!
//! Ombi routes: v2 POST `Requests/{movie|tv}/advancedoptions` (`MediaAdvancedOptions`, only
//! when an override is given), then v2 POST `Requests/reprocess/{type}/{id}/{is4K}` (§3.5).
//! Ombi replaces the advanced options whole, so the request's current overrides are read
//! first and carried for the fields not given. Albums cannot be reprocessed.

use serde_json::json;

use super::args::{RequestMedia, tool_args};
use super::lookup;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::{Data, ItemResult, Outcome, Target, TargetKind};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method};

tool_args! {
    /// Arguments of `write_request_reprocess`.
    pub struct Args {
        /// New root folder.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub root_folder_id: Option<u64>,
        /// New quality profile.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub quality_profile_id: Option<u64>,
        /// Tv: new language profile.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub language_profile_id: Option<u64>,
    } + request_target + is_4k
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Request/tv/{n}"),
    Route::destructive(Method::Post, "/api/v2/Requests/movie/advancedoptions"),
    Route::destructive(Method::Post, "/api/v2/Requests/tv/advancedoptions"),
    Route::destructive(Method::Post, "/api/v2/Requests/reprocess/Movie/{n}/false"),
    Route::destructive(Method::Post, "/api/v2/Requests/reprocess/Movie/{n}/true"),
    Route::destructive(Method::Post, "/api/v2/Requests/reprocess/TvShow/{n}/false"),
];

pub struct WriteRequestReprocess;

impl Tool for WriteRequestReprocess {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_reprocess",
        title: "Resend a request",
        description: "Send a movie or TV request to Radarr/Sonarr again, e.g. after it failed (read_requests view failed), optionally switching its root folder, quality or language profile first (ids from read_integration). `request_id` from read_requests. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES, lookup::FIND_REQUEST],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let (media_seg, type_seg, kind) = match args.media {
            RequestMedia::Movie => ("movie", "Movie", TargetKind::Movie),
            RequestMedia::Tv => ("tv", "TvShow", TargetKind::TvChild),
            RequestMedia::Album => return Err(ToolError::invalid("media", "Ombi can reprocess movie and tv requests only")),
        };
        if args.is_4k && args.media != RequestMedia::Movie {
            return Err(ToolError::invalid("is_4k", "`is_4k` applies to movie requests only"));
        }
        if args.language_profile_id.is_some() && args.media != RequestMedia::Tv {
            return Err(ToolError::invalid("language_profile_id", "`language_profile_id` applies to tv only"));
        }
        let id = args.request_id;
        let facts = lookup::require_request(ctx, args.media, id)?;
        let mut requests = Vec::new();
        let overriding = args.root_folder_id.is_some() || args.quality_profile_id.is_some() || args.language_profile_id.is_some();
        if overriding {
            let current = current_overrides(ctx, args.media, id, facts.parent_id)?;
            let body = json!({
                "requestId": id,
                "rootPathOverride": args.root_folder_id.or(current.0).unwrap_or(0),
                "qualityOverride": args.quality_profile_id.or(current.1).unwrap_or(0),
                "languageProfile": args.language_profile_id.or(current.2).unwrap_or(0),
            });
            requests.push(ApiRequest::write(Method::Post, format!("/api/v2/Requests/{media_seg}/advancedoptions"), Some(&body)));
        }
        requests.push(ApiRequest::write(Method::Post, format!("/api/v2/Requests/reprocess/{type_seg}/{id}/{}", args.is_4k), None));
        let changes = if overriding { " with the new overrides" } else { "" };
        let to = if args.media == RequestMedia::Movie { "Radarr" } else { "Sonarr" };
        let summary = lookup::describe("Send", args.media, args.is_4k, id, &format!(" to {to} again{changes}"), &facts);
        ctx.confirm(summary, &requests)?;
        let target = Target { kind, id };
        let reconcile = "read_requests view detail";
        let mut results = Vec::new();
        let last = requests.len() - 1;
        for (i, req) in requests.iter().enumerate() {
            let what = if i == last { format!("the reprocessing of request {id}") } else { format!("the new options of request {id}") };
            match ctx.mutate(req, &what, reconcile).and_then(|resp| mutation::engine(&resp, &what, reconcile, Some(target.clone()))) {
                Ok(m) => results.push(ItemResult { identifier: if i == last { "reprocess".into() } else { "advanced_options".into() }, outcome: Outcome::Completed, message: m.message }),
                Err(e) if i == 0 => return Err(e),
                Err(mut e) => {
                    // The options were changed, the resend failed: a partial effect.
                    results.push(ItemResult { identifier: "reprocess".into(), outcome: if e.code == ErrorCode::UnknownOutcome { Outcome::Unknown } else { Outcome::Rejected }, message: Some(e.message.clone()) });
                    let mut m = crate::model::Mutation::new(Outcome::Partial);
                    m.target = Some(target);
                    m.item_results = results;
                    e.code = ErrorCode::PartialFailure;
                    e.message = format!("The new options were saved, but resending failed: {}", e.message);
                    return Err(e.with_data(Data::Mutation(m)));
                }
            }
        }
        let mut m = crate::model::Mutation::new(Outcome::Completed);
        m.target = Some(target);
        m.message = Some(format!("Request {id} was sent again."));
        m.item_results = if results.len() > 1 { results } else { Vec::new() };
        Ok(Data::Mutation(m).into())
    }
}

/// Root folder, quality profile and language profile overrides (`None` = not set).
type Overrides = (Option<u64>, Option<u64>, Option<u64>);

/// The request's current overrides: a movie's own, a TV child's from its parent.
fn current_overrides(ctx: &mut Ctx, media: RequestMedia, id: u64, parent: Option<u64>) -> Result<Overrides, ToolError> {
    let set = |v: &serde_json::Value| v.as_i64().filter(|x| *x > 0).map(|x| x as u64);
    let (route, keys) = match (media, parent) {
        (RequestMedia::Movie, _) => (format!("/api/v1/Request/movie/info/{id}"), ["rootPathOverride", "qualityOverride", ""]),
        (_, Some(pid)) => (format!("/api/v1/Request/tv/{pid}"), ["rootFolder", "qualityOverride", "languageProfile"]),
        (_, None) => return Ok((None, None, None)),
    };
    let v: serde_json::Value = ctx.fetch_opt(&ApiRequest::get(route), "the request's current options")?.unwrap_or_default();
    Ok((set(&v[keys[0]]), set(&v[keys[1]]), if keys[2].is_empty() { None } else { set(&v[keys[2]]) }))
}
