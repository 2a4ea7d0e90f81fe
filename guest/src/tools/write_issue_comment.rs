//! `write_issue_comment`: add a comment to an issue, or delete one.
//!
//! Ombi routes: v1 POST `Issues/comments` `{issueId, comment}` → the comment (204 when the
//! issue does not exist); DELETE `Issues/comments/{id}` → `true` (§3.8).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::args::tool_args;
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::{ErrorCode, ToolError};
use crate::model::{Data, Mutation, Outcome};
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::dto::issues::NewCommentDto;
use crate::upstream::dto::positive;
use crate::upstream::{ApiRequest, Method};

/// Add or delete.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    Add,
    Delete,
}

tool_args! {
    /// Arguments of `write_issue_comment`.
    pub struct Args {
        pub action: Action,
        /// For add.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub issue_id: Option<u64>,
        /// For add.
        #[schemars(length(min = 1, max = 4000))]
        pub comment: Option<String>,
        /// For delete.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub comment_id: Option<u64>,
    } + as_user
}

/// The routes this tool sends from its own code; the groups of the shared helpers it calls
/// follow in its `META`.
const ROUTES: &[Route] = &[
    Route::write(Method::Post, "/api/v1/Issues/comments"),
    Route::destructive(Method::Delete, "/api/v1/Issues/comments/{n}"),
];

pub struct WriteIssueComment;

impl Tool for WriteIssueComment {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_comment",
        title: "Comment on an issue",
        description: "Add a comment to an issue (`issue_id` from read_issues; written as `as_user`, else OMBI_USER) or delete one (`comment_id` from read_issues view comments). Returns the new comment's id. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES, crate::ctx::ACTING_USER],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        match args.action {
            Action::Add => {
                let issue_id = args.issue_id.ok_or_else(|| ToolError::invalid("issue_id", "`issue_id` is required to add a comment"))?;
                let text = args.comment.as_deref().map(str::trim).filter(|c| !c.is_empty()).ok_or_else(|| ToolError::invalid("comment", "`comment` is required to add a comment"))?;
                let acting = ctx.acting_user(args.as_user.as_deref())?;
                let body = json!({ "issueId": issue_id, "comment": text });
                let req = ApiRequest::write(Method::Post, "/api/v1/Issues/comments", Some(&body)).as_user(acting.as_ref().map(|a| a.user_name.clone()));
                let summary = crate::summary::Summary::new(format!("Comment on issue #{issue_id}"))
                    .quote("Comment", text)
                    .quote_opt("As", acting.as_ref().map(|a| a.user_name.as_str()));
                ctx.confirm(summary, std::slice::from_ref(&req))?;
                let resp = ctx.mutate(&req, "the new comment", "read_issues view comments")?;
                if resp.body.iter().all(u8::is_ascii_whitespace) {
                    // 204: the issue does not exist (Q4).
                    return Err(ToolError::not_found("issue_id", format!("Ombi has no issue {issue_id}; list issues with read_issues.")));
                }
                let c: NewCommentDto = serde_json::from_slice(&resp.body)
                    .map_err(|_| mutation::unknown("the new comment", "read_issues view comments", "its answer was not the comment Ombi documents"))?;
                let mut m = Mutation::new(Outcome::Completed);
                m.issue_id = positive(c.issues_id).or(Some(issue_id));
                m.comment_id = positive(c.id);
                Ok(Data::Mutation(m).into())
            }
            Action::Delete => {
                let id = args.comment_id.ok_or_else(|| ToolError::invalid("comment_id", "`comment_id` is required to delete a comment"))?;
                let req = ApiRequest::write(Method::Delete, format!("/api/v1/Issues/comments/{id}"), None);
                ctx.confirm(crate::summary::Summary::new(format!("Delete issue comment #{id}")), std::slice::from_ref(&req))?;
                let resp = ctx.mutate(&req, &format!("the deletion of comment {id}"), "read_issues view comments")?;
                let mut m = mutation::boolean(&resp, "the comment deletion", "read_issues view comments", || ToolError::new(ErrorCode::UpstreamRejected, format!("Ombi did not delete comment {id}.")))?;
                m.comment_id = Some(id);
                Ok(Data::Mutation(m).into())
            }
        }
    }
}
