//! `write_issue_status`: move an issue to pending, in progress or resolved.
//!
//! Ombi routes: v1 POST `Issues/status` (`false` means not found; §3.8).

use schemars::JsonSchema;
use serde::Deserialize;

use super::args::IssueStatus;
use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_issue_status`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The issue id.
    #[schemars(range(min = 1))]
    pub issue_id: u64,
    /// The new status.
    pub status: IssueStatus,
}

pub struct WriteIssueStatus;

impl Tool for WriteIssueStatus {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_status",
        title: "Set issue status",
        description: "Set an issue's status to pending, in_progress or resolved; Ombi notifies the reporter on in_progress and resolved.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
