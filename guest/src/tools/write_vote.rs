//! `write_vote`: vote a request up or down.
//!
//! Ombi routes: v1 POST `Vote/{up|down}/{movie|tv|album}/{id}` (§3.9).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::RequestMedia;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Vote direction.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Direction {
    Up,
    Down,
}

/// Arguments of `write_vote`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Up or down.
    pub direction: Direction,
    /// The request's media kind.
    pub media: RequestMedia,
    /// The request id (for TV the **child** request id).
    #[schemars(range(min = 1))]
    pub request_id: u64,
    /// The Ombi username voting (required unless the server has a default user).
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
}

pub struct WriteVote;

impl Tool for WriteVote {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_vote",
        title: "Vote",
        description: "Vote a pending request up or down as a user (`as_user`, or the server's default user). Enough upvotes can auto-approve the request.",
        families: MUTATION,
        effect: Effect::Write { destructive: false },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
