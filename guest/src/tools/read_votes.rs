//! `read_votes`: open requests users can vote on, and the votes on one request.
//!
//! Ombi routes: v1 `Vote`, `Vote/{movie|tv|music}/{id}` (API catalogue §3.9).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{RequestMedia, twenty, zero};
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// What to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    #[default]
    Open,
    Request,
}

/// Arguments of `read_votes`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// What to read (default open).
    #[serde(default)]
    pub view: View,
    /// For request: the media kind of `request_id`.
    pub media: Option<RequestMedia>,
    /// For request: the request id (TV child id).
    #[schemars(range(min = 1))]
    pub request_id: Option<u64>,
    /// The Ombi username to read as.
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
    /// Index of the first record to return (0-based).
    #[serde(default = "zero")]
    #[schemars(range(min = 0))]
    pub offset: u64,
    /// How many records to return at most (1..100, default 20).
    #[serde(default = "twenty")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: u64,
}

pub struct ReadVotes;

impl Tool for ReadVotes {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_votes",
        title: "Votes",
        description: "Read votes: `open` lists the pending requests users can vote on with their up and down counts; `request` lists the individual votes on one request.",
        families: &[Family::VotePage],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
