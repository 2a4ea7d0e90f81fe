//! `write_request_availability`: mark a request available or unavailable.
//!
//! Ombi routes: v1 POST `Request/{movie|tv}/{available|unavailable}`,
//! `request/music/{available|unavailable}` (§3.4).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::RequestMedia;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_request_availability`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The request's media kind.
    pub media: RequestMedia,
    /// The request id (for TV the **child** request id).
    #[schemars(range(min = 1))]
    pub request_id: u64,
    /// True to mark available, false to mark unavailable.
    pub available: bool,
    /// Mark a movie's 4K request.
    pub is_4k: Option<bool>,
}

pub struct WriteRequestAvailability;

impl Tool for WriteRequestAvailability {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_request_availability",
        title: "Mark availability",
        description: "Mark an Ombi request available (notifying the requester) or unavailable again. TV takes the child request id; `is_4k` marks a movie's 4K request.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
