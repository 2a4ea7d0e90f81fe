//! `write_request_availability`: mark a request available (or not) by hand.
//!
//! Ombi routes: v1 POST `Request/movie/{available|unavailable}` `{id, is4K}`,
//! `Request/tv/{available|unavailable}` `{id}` (child id), `request/music/{available|unavailable}`
//! `{id}` (§3.4).

use super::args::tool_args;
use super::decide::{self, Decision};
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::routes::Route;
use crate::upstream::Method;

tool_args! {
    /// Arguments of `write_request_availability`.
    pub struct Args {
        /// false: unavailable.
        pub available: bool,
    } + request_target + is_4k
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::destructive(Method::Post, "/api/v1/Request/movie/available"),
    Route::destructive(Method::Post, "/api/v1/Request/movie/unavailable"),
    Route::destructive(Method::Post, "/api/v1/Request/tv/available"),
    Route::destructive(Method::Post, "/api/v1/Request/tv/unavailable"),
    Route::destructive(Method::Post, "/api/v1/request/music/available"),
    Route::destructive(Method::Post, "/api/v1/request/music/unavailable"),
];

pub struct WriteRequestAvailability;

impl Tool for WriteRequestAvailability {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_availability",
        title: "Mark a request available",
        description: "Mark a request available or unavailable by hand, e.g. after adding the file yourself; Ombi notifies the requesters. `request_id` from read_requests; `is_4k` for a movie's 4K request. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES, super::lookup::FIND_REQUEST],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let d = if args.available { Decision::Available } else { Decision::Unavailable };
        decide::run(ctx, args.media, args.request_id, args.is_4k, d, None)
    }
}
