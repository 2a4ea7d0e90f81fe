//! `write_request_approve`: approve a pending request, so Ombi sends it to Sonarr, Radarr
//! or Lidarr.
//!
//! Ombi routes: v1 POST `Request/movie/approve` `{id, is4K}`, `Request/tv/approve` `{id}`
//! (child id), `request/music/approve` `{id}` (§3.4).

use super::args::tool_args;
use super::decide::{self, Decision};
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::routes::Route;
use crate::upstream::Method;

tool_args! {
    /// Arguments of `write_request_approve`.
    pub struct Args {} + request_target + is_4k
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::write(Method::Post, "/api/v1/Request/movie/approve"),
    Route::write(Method::Post, "/api/v1/Request/tv/approve"),
    Route::write(Method::Post, "/api/v1/request/music/approve"),
];

pub struct WriteRequestApprove;

impl Tool for WriteRequestApprove {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_approve",
        title: "Approve a request",
        description: "Approve a pending request so Ombi sends it to Sonarr, Radarr or Lidarr (to refuse it, use write_request_deny). `request_id` from read_requests; `is_4k` approves a movie's 4K request. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
        routes: &[ROUTES, super::lookup::FIND_REQUEST],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        decide::run(ctx, args.media, args.request_id, args.is_4k, Decision::Approve, None)
    }
}
