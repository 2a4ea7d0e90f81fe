//! `read_issues`: reported problems with media, their comments, groups and counts.
//!
//! Ombi routes: v1 `Issues/{take}/{skip}/{status}`, `Issues/{id}`, `Issues/{id}/comments`,
//! `Issues/count`; v2 `Issues/{pos}/{take}/{status}`, `Issues/details/{providerId}` (§3.8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{IssueStatus, twenty, zero};
use super::{Effect, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::schema::output::Family;

/// What to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    #[default]
    List,
    Detail,
    Comments,
    Grouped,
    GroupDetail,
    Counts,
}

/// Arguments of `read_issues`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// What to read (default list).
    #[serde(default)]
    pub view: View,
    /// Issue state for list and grouped (default pending).
    pub status: Option<IssueStatus>,
    /// For detail and comments: the issue id.
    #[schemars(range(min = 1))]
    pub issue_id: Option<u64>,
    /// For group_detail: the provider id the group is keyed by.
    #[schemars(length(min = 1, max = 100))]
    pub provider_id: Option<String>,
    /// Index of the first record to return (0-based).
    #[serde(default = "zero")]
    #[schemars(range(min = 0))]
    pub offset: u64,
    /// How many records to return at most (1..100, default 20).
    #[serde(default = "twenty")]
    #[schemars(range(min = 1, max = 100))]
    pub limit: u64,
}

pub struct ReadIssues;

impl Tool for ReadIssues {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_issues",
        title: "Issues",
        description: "Read issues users reported about media: `list` (by status), `detail` (one issue), `comments` (of one issue), `grouped` (issues grouped by title), `group_detail` (the issues of one provider id) or `counts` (pending, in progress, resolved).",
        families: &[Family::IssuePage, Family::CommentPage, Family::GroupPage, Family::Metrics],
        effect: Effect::Read,
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
