//! `write_request_deny`: deny a request, with a reason the requester sees.
//!
//! Ombi routes: v1 PUT `Request/movie/deny` `{id, is4K, reason}`, `Request/tv/deny`
//! `{id, reason}` (child id), `request/music/deny` `{id, reason}` (§3.4). A successful movie
//! deny says "Request successfully deleted" (Q10); the result says what happened instead.

use super::args::tool_args;
use super::decide::{self, Decision};
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::routes::Route;
use crate::upstream::Method;

tool_args! {
    /// Arguments of `write_request_deny`.
    pub struct Args {
        /// Shown to the requester.
        #[schemars(length(min = 1, max = 500))]
        pub reason: String,
    } + request_target + is_4k
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::destructive(Method::Put, "/api/v1/Request/movie/deny"),
    Route::destructive(Method::Put, "/api/v1/Request/tv/deny"),
    Route::destructive(Method::Put, "/api/v1/request/music/deny"),
];

pub struct WriteRequestDeny;

impl Tool for WriteRequestDeny {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_deny",
        title: "Deny a request",
        description: "Deny a request with a `reason` the requester sees; the request stays in Ombi (write_request_delete removes it). `request_id` from read_requests; `is_4k` denies a movie's 4K request. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES, super::lookup::FIND_REQUEST],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let reason = args.reason.trim();
        if reason.is_empty() {
            return Err(ToolError::invalid("reason", "`reason` must hold more than whitespace"));
        }
        decide::run(ctx, args.media, args.request_id, args.is_4k, Decision::Deny, Some(reason))
    }
}
