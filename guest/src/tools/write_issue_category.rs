//! `write_issue_category`: create or delete an issue category.
//!
//! Ombi routes: v1 POST/DELETE `Issues/categories` (§3.8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{Effect, MUTATION, Meta, Tool, not_implemented};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;

/// Create or delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Create,
    Delete,
}

/// Arguments of `write_issue_category`.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Args {
    /// Create a category or delete one.
    pub action: Action,
    /// For create: the category name.
    #[schemars(length(min = 1, max = 100))]
    pub name: Option<String>,
    /// For delete: the category id.
    #[schemars(range(min = 1))]
    pub category_id: Option<u64>,
}

pub struct WriteIssueCategory;

impl Tool for WriteIssueCategory {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_category",
        title: "Issue categories",
        description: "Create an issue category (`name`) or delete one (`category_id`, from read_reference kind issue_categories).",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
    };

    fn run(_ctx: &mut Ctx, _args: Args) -> ToolResult {
        Err(not_implemented(Self::META.name))
    }
}
