//! `write_request_delete`: delete a request, or a whole show's requests.
//!
//! Ombi routes: v1 DELETE `Request/movie/{id}`, `Request/tv/child/{id}` (one child request),
//! `Request/tv/{parentId}` (the whole show), `request/music/{id}`; never `movie/all`. The
//! request is looked up first: Ombi answers 500 for a missing one (Q11), so a missing
//! request is `NOT_FOUND` and no DELETE is sent.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{RequestMedia, tool_args};
use super::lookup;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Data, Mutation, Outcome, Target, TargetKind};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method};

/// What to delete.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Scope {
    /// one (tv: a child; the show goes with its last)
    #[default]
    Request,
    /// tv: all of the show's, by parent id
    WholeShow,
}

tool_args! {
    /// Arguments of `write_request_delete`.
    pub struct Args {
        /// The request's media kind.
        pub media: RequestMedia,
        /// For tv the child request id, or the parent id with whole_show.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub request_id: u64,
        #[serde(default)]
        pub scope: Scope,
    }
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::destructive(Method::Delete, "/api/v1/Request/movie/{n}"),
    Route::destructive(Method::Delete, "/api/v1/Request/tv/child/{n}"),
    Route::destructive(Method::Delete, "/api/v1/Request/tv/{n}"),
    Route::destructive(Method::Delete, "/api/v1/request/music/{n}"),
];

pub struct WriteRequestDelete;

impl Tool for WriteRequestDelete {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_delete",
        title: "Delete a request",
        description: "Delete a request from Ombi (not the media files; to refuse it, use write_request_deny). `request_id` from read_requests: for tv the child request id, or the parent id with `scope: whole_show` to delete the whole show. Checks that the request exists first. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES, lookup::FIND_REQUEST, lookup::TV_PARENT],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let id = args.request_id;
        let (req, target, summary) = match (args.media, args.scope) {
            (RequestMedia::Tv, Scope::WholeShow) => {
                let parent = lookup::tv_parent(ctx, id)?.ok_or_else(|| {
                    ToolError::not_found("request_id", format!("Ombi has no TV parent request {id}; find it with read_requests view detail. Nothing was sent."))
                })?;
                let children = parent.child_requests.as_ref().map(Vec::len).unwrap_or(0);
                let title = parent.title.clone().unwrap_or_else(|| "the show".into());
                (
                    ApiRequest::write(Method::Delete, format!("/api/v1/Request/tv/{id}"), None),
                    Target { kind: TargetKind::TvParent, id },
                    crate::summary::Summary::new(format!("Delete TV parent request #{id} and its {children} child request(s)")).quote("Title", title),
                )
            }
            (_, Scope::WholeShow) => return Err(ToolError::invalid("scope", "`scope: whole_show` applies to tv only")),
            (media, Scope::Request) => {
                let facts = lookup::require_request(ctx, media, id)?;
                let (path, kind) = match media {
                    RequestMedia::Movie => (format!("/api/v1/Request/movie/{id}"), TargetKind::Movie),
                    RequestMedia::Tv => (format!("/api/v1/Request/tv/child/{id}"), TargetKind::TvChild),
                    RequestMedia::Album => (format!("/api/v1/request/music/{id}"), TargetKind::Album),
                };
                (
                    ApiRequest::write(Method::Delete, path, None),
                    Target { kind, id },
                    lookup::describe("Delete", media, false, id, "", &facts),
                )
            }
        };
        ctx.confirm(summary, std::slice::from_ref(&req))?;
        let what = format!("the deletion of {} request {id}", args.media.noun());
        let resp = ctx.mutate(&req, &what, "read_requests view detail")?;
        let m = if target.kind == TargetKind::TvParent {
            // The whole-show route answers an empty 200.
            let mut m = Mutation::new(Outcome::Completed);
            m.target = Some(target);
            m
        } else {
            let mut m = mutation::engine(&resp, &what, "read_requests view detail", Some(target))?;
            m.request_id = None;
            m
        };
        Ok(Data::Mutation(Mutation { message: Some(format!("Deleted {} request {id}.", args.media.noun())), ..m }).into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ctx::Settings;
    use crate::error::ErrorCode;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool_with;
    use crate::upstream::Method;
    use serde_json::json;

    #[test]
    fn a_missing_request_is_not_found_and_no_delete_is_sent() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Request/movie/info/9", 204, "");
        let settings = Settings { allow_writes: true, ..Settings::default() };
        let e = run_tool_with(&mut fake, &settings, "write_request_delete", json!({"media": "movie", "request_id": 9})).0.unwrap_err();
        assert_eq!((e.code, e.field.as_deref()), (ErrorCode::NotFound, Some("request_id")));
        assert!(fake.sent.iter().all(|r| r.method == Method::Get));
    }

    #[test]
    fn whole_show_deletes_the_parent() {
        let mut fake = FakeOmbi::new()
            .reply("GET /api/v1/Request/tv/12", 200, r#"{"id":12,"title":"Severance","childRequests":[{"id":31}]}"#)
            .reply("DELETE /api/v1/Request/tv/12", 200, "");
        let settings = Settings { allow_writes: true, ..Settings::default() };
        let (out, _) = run_tool_with(&mut fake, &settings, "write_request_delete", json!({"media": "tv", "request_id": 12, "scope": "whole_show"}));
        let Data::Mutation(m) = out.unwrap().data else { panic!() };
        assert_eq!(m.target, Some(Target { kind: TargetKind::TvParent, id: 12 }));
        assert_eq!(fake.sent.last().unwrap().path, "/api/v1/Request/tv/12");
    }
}
