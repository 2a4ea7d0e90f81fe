//! `write_issue_delete`: delete an issue and its comments.
//!
//! Ombi route: v1 DELETE `Issues/{id}` → bool; it also deletes the comments and notifies
//! (§3.8). The issue is looked up first, so a missing one is `NOT_FOUND` and nothing is sent.

use super::args::tool_args;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::Data;
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::dto::issues::IssueDto;
use crate::upstream::{ApiRequest, Method};

tool_args! {
    /// Arguments of `write_issue_delete`.
    pub struct Args {
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub issue_id: u64,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Issues/{n}"),
    Route::destructive(Method::Delete, "/api/v1/Issues/{n}"),
];

pub struct WriteIssueDelete;

impl Tool for WriteIssueDelete {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_delete",
        title: "Delete an issue",
        description: "Delete an issue and all its comments for good; to close it instead, use write_issue_status with resolved. `issue_id` from read_issues; the issue is checked to exist first. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let id = args.issue_id;
        let issue: Option<IssueDto> = ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Issues/{id}")), "the issue")?;
        let issue = issue.ok_or_else(|| ToolError::not_found("issue_id", format!("Ombi has no issue {id}; list issues with read_issues. Nothing was sent.")))?;
        let req = ApiRequest::write(Method::Delete, format!("/api/v1/Issues/{id}"), None);
        let summary = crate::summary::Summary::new(format!("Delete issue #{id} and its comments"))
            .quote_opt("Title", issue.title.as_deref())
            .quote_opt("Subject", issue.subject.as_deref());
        ctx.confirm(summary, std::slice::from_ref(&req))?;
        let resp = ctx.mutate(&req, &format!("the deletion of issue {id}"), "read_issues view detail")?;
        let mut m = mutation::boolean(&resp, "the issue deletion", "read_issues view detail", || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi did not delete issue {id}.")))?;
        m.issue_id = Some(id);
        Ok(Data::Mutation(m).into())
    }
}
