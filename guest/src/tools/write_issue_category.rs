//! `write_issue_category`: create or delete an issue category.
//!
//! Ombi routes: v1 POST `Issues/categories` `{value}` → bool; DELETE
//! `Issues/categories/{id}` → `true` (an unknown id throws, so it is checked first) (§3.8).
//! A new category's id is reported only when the category list resolves it unambiguously.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::args::tool_args;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::Data;
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::dto::issues::CategoryDto;
use crate::upstream::dto::positive;
use crate::upstream::{ApiRequest, Method};

/// Create or delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Create,
    Delete,
}

tool_args! {
    /// Arguments of `write_issue_category`.
    pub struct Args {
        pub action: Action,
        /// For create.
        #[schemars(length(min = 1, max = 100))]
        pub name: Option<String>,
        /// For delete.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub category_id: Option<u64>,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Issues/categories"),
    Route::write(Method::Post, "/api/v1/Issues/categories"),
    Route::destructive(Method::Delete, "/api/v1/Issues/categories/{n}"),
];

pub struct WriteIssueCategory;

impl Tool for WriteIssueCategory {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_category",
        title: "Manage issue categories",
        description: "Create an issue category (`name`) or delete one (`category_id` from read_reference kind issue_categories); categories are what write_issue_create's `category_id` picks from. Returns the new category's id when Ombi's list shows it. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let list = |ctx: &mut Ctx| ctx.list::<CategoryDto>(&ApiRequest::get("/api/v1/Issues/categories"), "the issue categories");
        match args.action {
            Action::Create => {
                let name = args.name.as_deref().map(str::trim).filter(|n| !n.is_empty()).ok_or_else(|| ToolError::invalid("name", "`name` is required to create a category"))?.to_string();
                let before = list(ctx)?;
                if before.items.iter().any(|c| c.value.as_deref().is_some_and(|v| v.eq_ignore_ascii_case(&name))) {
                    return Err(ToolError::new(ErrorCode::Conflict, format!("An issue category named {name:?} already exists; nothing was sent.")));
                }
                let req = ApiRequest::write(Method::Post, "/api/v1/Issues/categories", Some(&json!({ "value": name })));
                ctx.confirm(crate::summary::Summary::new("Create an issue category").quote("Name", &name), std::slice::from_ref(&req))?;
                let resp = ctx.mutate(&req, "the new category", "read_reference kind issue_categories")?;
                let mut m = mutation::boolean(&resp, "the new category", "read_reference kind issue_categories", || ToolError::new(ErrorCode::UpstreamRejected, "Ombi did not create the category."))?;
                // Ombi answers only true: the id is reported when one new entry of that name shows.
                if let Ok(after) = list(ctx) {
                    let new: Vec<u64> = after
                        .items
                        .iter()
                        .filter(|c| c.value.as_deref().is_some_and(|v| v.eq_ignore_ascii_case(&name)))
                        .filter_map(|c| positive(c.id))
                        .collect();
                    if new.len() == 1 {
                        m.category_id = Some(new[0]);
                    }
                }
                Ok(Data::Mutation(m).into())
            }
            Action::Delete => {
                let id = args.category_id.ok_or_else(|| ToolError::invalid("category_id", "`category_id` is required to delete a category"))?;
                let known = list(ctx)?;
                let Some(cat) = known.items.iter().find(|c| positive(c.id) == Some(id)) else {
                    return Err(known.absent("category_id", format!("Ombi has no issue category {id}; nothing was sent.")));
                };
                let name = cat.value.clone().unwrap_or_default();
                let req = ApiRequest::write(Method::Delete, format!("/api/v1/Issues/categories/{id}"), None);
                ctx.confirm(crate::summary::Summary::new(format!("Delete issue category #{id}")).quote("Name", name), std::slice::from_ref(&req))?;
                let resp = ctx.mutate(&req, "the category deletion", "read_reference kind issue_categories")?;
                let mut m = mutation::boolean(&resp, "the category deletion", "read_reference kind issue_categories", || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi did not delete category {id}.")))?;
                m.category_id = Some(id);
                Ok(Data::Mutation(m).into())
            }
        }
    }
}
