//! `write_request_subscription`: subscribe the acting user to a request's notifications, or
//! unsubscribe.
//!
//! Ombi routes: v1 POST `Request/{movie|tv}/{subscribe|unsubscribe}/{id}` → `true` (§3.4). A
//! subscription belongs to the caller, so `as_user` (or OMBI_USER) says whose it is.

use super::args::{MovieOrTv, tool_args};
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::{Data, Target, TargetKind};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::{ApiRequest, Method};

tool_args! {
    /// Arguments of `write_request_subscription`.
    pub struct Args {
        pub media: MovieOrTv,
        /// From read_requests; for tv the child request id.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub request_id: u64,
        /// false unsubscribes.
        pub subscribed: bool,
    } + as_user
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::write(Method::Post, "/api/v1/Request/movie/subscribe/{n}"),
    Route::write(Method::Post, "/api/v1/Request/movie/unsubscribe/{n}"),
    Route::write(Method::Post, "/api/v1/Request/tv/subscribe/{n}"),
    Route::write(Method::Post, "/api/v1/Request/tv/unsubscribe/{n}"),
];

pub struct WriteRequestSubscription;

impl Tool for WriteRequestSubscription {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_subscription",
        title: "Subscribe to a request",
        description: "Subscribe the acting user (`as_user`, else OMBI_USER) to notifications about a movie or TV request, or unsubscribe with `subscribed: false`. `request_id` from read_requests. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let acting = ctx.acting_user(args.as_user.as_deref())?;
        let action = if args.subscribed { "subscribe" } else { "unsubscribe" };
        let id = args.request_id;
        let req = ApiRequest::write(Method::Post, format!("/api/v1/Request/{}/{action}/{id}", args.media.segment()), None)
            .as_user(acting.as_ref().map(|a| a.user_name.clone()));
        let who = acting.as_ref().map(|a| a.user_name.as_str()).unwrap_or("the API key's system user");
        let headline = format!("{} {} request #{id}", if args.subscribed { "Subscribe to" } else { "Unsubscribe from" }, args.media.segment());
        ctx.confirm(crate::summary::Summary::new(headline).quote("User", who), std::slice::from_ref(&req))?;
        let what = format!("the {action} of {} request {id}", args.media.segment());
        let resp = ctx.mutate(&req, &what, "read_requests view detail")?;
        let mut m = mutation::boolean(&resp, &what, "read_requests view detail", || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi refused {what}.")))?;
        let kind = if args.media == MovieOrTv::Movie { TargetKind::Movie } else { TargetKind::TvChild };
        m.target = Some(Target { kind, id });
        m.user_id = acting.map(|a| a.id);
        Ok(Data::Mutation(m).into())
    }
}
