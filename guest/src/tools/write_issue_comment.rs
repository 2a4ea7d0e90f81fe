//! `write_issue_comment`: add a comment to an issue, or delete one.
//!
//! Ombi routes: v1 POST `Issues/comments`, DELETE `Issues/comments/{id}` (§3.8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Add or delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Add,
    Delete,
}

/// Arguments of `write_issue_comment`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Add a comment or delete one.
    pub action: Action,
    /// For add: the issue id.
    #[schemars(range(min = 1))]
    pub issue_id: Option<u64>,
    /// For add: the comment text.
    #[schemars(length(min = 1, max = 4000))]
    pub comment: Option<String>,
    /// For delete: the comment id.
    #[schemars(range(min = 1))]
    pub comment_id: Option<u64>,
    /// The Ombi username commenting.
    #[schemars(length(min = 1, max = 100))]
    pub as_user: Option<String>,
}

pub struct WriteIssueComment;

impl Tool for WriteIssueComment {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_comment",
        title: "Comment on issue",
        description: "Add a comment to an issue (`issue_id`, `comment`, optionally `as_user`) or delete a comment (`comment_id`).",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
