//! `write_request_subscription`: subscribe to or unsubscribe from a request's notifications.
//!
//! Ombi routes: v1 POST `Request/{movie|tv}/{subscribe|unsubscribe}/{id}` (§3.4).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::MovieOrTv;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_request_subscription`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The request's media kind.
    pub media: MovieOrTv,
    /// The request id (for TV the **child** request id).
    #[schemars(range(min = 1))]
    pub request_id: u64,
    /// True to subscribe, false to unsubscribe.
    pub subscribed: bool,
    /// The Ombi username whose subscription this is.
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
}

pub struct WriteRequestSubscription;

impl Tool for WriteRequestSubscription {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_subscription",
        title: "Subscribe to request",
        description: "Subscribe a user (`as_user`, or the default user) to notifications about a movie or TV request, or unsubscribe them. TV takes the child request id.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
