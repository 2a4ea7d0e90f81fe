//! `write_issue_delete`: delete an issue and its comments.
//!
//! Ombi routes: v1 DELETE `Issues/{id}` (§3.8).

use schemars::JsonSchema;
use serde::Deserialize;

use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Arguments of `write_issue_delete`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// The issue id.
    #[schemars(range(min = 1))]
    pub issue_id: u64,
}

pub struct WriteIssueDelete;

impl Tool for WriteIssueDelete {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_delete",
        title: "Delete issue",
        description: "Delete an issue together with its comments.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
