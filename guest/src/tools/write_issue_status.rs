//! `write_issue_status`: move an issue to pending, in progress or resolved.
//!
//! Ombi route: v1 POST `Issues/status` `{issueId, status}` → `false` when the issue does not
//! exist (§3.8); resolving sets the resolved date and notifies the reporter.

use serde_json::json;

use super::args::{IssueStatus, tool_args};
use super::{Effect, MUTATION, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::Data;
use crate::projection::mutation;
use crate::routes::Route;
use crate::upstream::dto::issues::IssueDto;
use crate::upstream::{ApiRequest, Method};

tool_args! {
    /// Arguments of `write_issue_status`.
    pub struct Args {
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub issue_id: u64,
        /// The new state.
        pub status: IssueStatus,
    }
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Issues/{n}"),
    Route::destructive(Method::Post, "/api/v1/Issues/status"),
];

pub struct WriteIssueStatus;

impl Tool for WriteIssueStatus {
    type Args = Args;
    const META: Meta = Meta {
        name: "write_issue_status",
        title: "Change an issue's state",
        description: "Move an issue to pending, in_progress or resolved; Ombi notifies the reporter when it is in progress or resolved. `issue_id` from read_issues. Resolving keeps the issue; write_issue_delete removes it. Needs OMBI_ALLOW_WRITES=true.",
        families: MUTATION,
        effect: Effect::Write { destructive: true },
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let id = args.issue_id;
        let title = if ctx.planning() {
            ctx.fetch_opt::<IssueDto>(&ApiRequest::get(format!("/api/v1/Issues/{id}")), "the issue").ok().flatten().and_then(|i| i.title)
        } else {
            None
        };
        let body = json!({ "issueId": id, "status": args.status.code() });
        let req = ApiRequest::write(Method::Post, "/api/v1/Issues/status", Some(&body));
        let state = serde_json::to_value(args.status).ok().and_then(|v| v.as_str().map(str::to_string)).unwrap_or_default();
        ctx.confirm(crate::summary::Summary::new(format!("Set issue #{id} to {state}")).quote_opt("Issue", title.as_deref()), std::slice::from_ref(&req))?;
        let resp = ctx.mutate(&req, &format!("the state change of issue {id}"), "read_issues view detail")?;
        let mut m = mutation::boolean(&resp, "the state change", "read_issues view detail", || {
            ToolError::not_found("issue_id", format!("Ombi has no issue {id}; list issues with read_issues."))
        })?;
        m.issue_id = Some(id);
        Ok(Data::Mutation(m).into())
    }
}
