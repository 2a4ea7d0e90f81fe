//! `read_issues`: issues by state, one issue, its comments, provider groups, counts.
//!
//! Ombi routes: v1 `Issues/{take}/{skip}/{status}`, `Issues/{id}` (with its comments),
//! `Issues/{id}/comments`, `Issues/count`; v2 `Issues/{position}/{take}/{status}` (groups),
//! `Issues/details/{providerId}` (§3.8, Q14; a 204 empty body is an empty group page).

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::args::{IssueStatus, tool_args};
use super::{Effect, Meta, Tool};
use crate::ctx::Ctx;
use crate::envelope::ToolResult;
use crate::error::ToolError;
use crate::model::{Comment, Data, Metric, PageUnit};
use crate::paging::{self, NO_SNAPSHOT_WARNING, Window};
use crate::projection::issues as project;
use crate::routes::Route;
use crate::schema::output::Family;
use crate::upstream::dto::issues::{ChatCommentDto, GroupDto, IssueCountsDto, IssueDto};
use crate::upstream::{ApiRequest, path};

/// How many raw issues the grouped view reads to build its groups.
const GROUP_SCAN: u64 = 1000;

/// What to read.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum View {
    /// by `status`
    #[default]
    List,
    /// `issue_id`
    Detail,
    /// of `issue_id`
    Comments,
    /// by title; pages count titles
    Grouped,
    /// of `provider_id`
    GroupDetail,
    /// per state
    Counts,
}

tool_args! {
    /// Arguments of `read_issues`.
    pub struct Args {
        #[serde(default)]
        pub view: View,
        /// For list and grouped.
        #[serde(default)]
        pub status: IssueStatus,
        /// For detail and comments.
        #[schemars(range(min = 1, max = super::args::MAX_ID))]
        pub issue_id: Option<u64>,
        /// For group_detail: a group's or issue's `provider_id` (TMDB, or MusicBrainz for albums).
        #[schemars(length(min = 1, max = 100))]
        pub provider_id: Option<String>,
    } + paging
}

/// Every route this tool sends.
const ROUTES: &[Route] = &[
    Route::get("/api/v1/Issues/{n}/{n}/{s}"),
    Route::get("/api/v1/Issues/{n}"),
    Route::get("/api/v1/Issues/{n}/comments"),
    Route::get("/api/v2/Issues/{n}/{n}/{s}"),
    Route::get("/api/v2/Issues/details/{s}"),
    Route::get("/api/v1/Issues/count"),
];

pub struct ReadIssues;

impl Tool for ReadIssues {
    type Args = Args;
    const META: Meta = Meta {
        name: "read_issues",
        title: "Issues",
        description: "Read the problems users reported on titles: by state, one issue or its comments, grouped by title, or counts. Issue ids go to write_issue_status, write_issue_comment and write_issue_delete, comment ids to write_issue_comment; new reports are made with write_issue_create.",
        families: &[Family::IssuePage, Family::CommentPage, Family::GroupPage, Family::Metrics],
        effect: Effect::Read,
        routes: &[ROUTES],
    };

    fn run(ctx: &mut Ctx, args: Args) -> ToolResult {
        let w = args.window();
        let issue_id = || {
            args.issue_id.ok_or_else(|| ToolError::invalid("issue_id", "`issue_id` is required for this view (from read_issues view list)"))
        };
        let data = match args.view {
            View::List => list(ctx, args.status, w)?,
            View::Detail => detail(ctx, issue_id()?)?,
            View::Comments => comments(ctx, issue_id()?, w)?,
            View::Grouped => grouped(ctx, args.status, w)?,
            View::GroupDetail => {
                let pid = args.provider_id.as_deref().map(str::trim).filter(|p| !p.is_empty()).ok_or_else(|| {
                    ToolError::invalid("provider_id", "`provider_id` is required for view group_detail (from view grouped)")
                })?;
                group_detail(ctx, pid)?
            }
            View::Counts => counts(ctx)?,
        };
        Ok(data.into())
    }
}

fn list(ctx: &mut Ctx, status: IssueStatus, w: Window) -> Result<Data, ToolError> {
    // One more than asked for tells whether more follow (v1 gives no total).
    let route = format!("/api/v1/Issues/{}/{}/{}", w.limit + 1, w.offset, status.ombi_name());
    let l = ctx.list::<IssueDto>(&ApiRequest::get(route), "the issue list")?;
    let mut warnings = Vec::new();
    let mut items = project::issues(&l.items, &mut warnings);
    warnings.into_iter().for_each(|x| ctx.warn(x));
    let more = l.items.len() as u64 > w.limit;
    items.truncate(w.count());
    let page = paging::upstream(items.len(), w, None, if l.cut { None } else { Some(more) }, PageUnit::Issues);
    if page.next_offset.is_some() {
        ctx.warn(NO_SNAPSHOT_WARNING);
    }
    Ok(Data::IssuePage { items, page })
}

fn fetch_issue(ctx: &mut Ctx, id: u64) -> Result<IssueDto, ToolError> {
    let dto: Option<IssueDto> = ctx.fetch_opt(&ApiRequest::get(format!("/api/v1/Issues/{id}")), "the issue")?;
    dto.ok_or_else(|| ToolError::not_found("issue_id", format!("Ombi has no issue {id}; list issues with read_issues.")))
}

fn detail(ctx: &mut Ctx, id: u64) -> Result<Data, ToolError> {
    let dto = fetch_issue(ctx, id)?;
    let mut warnings = Vec::new();
    let items: Vec<_> = project::issue(&dto, &mut warnings).into_iter().collect();
    warnings.into_iter().for_each(|x| ctx.warn(x));
    let page = paging::whole(items.len(), PageUnit::Issues);
    Ok(Data::IssuePage { items, page })
}

fn comments(ctx: &mut Ctx, id: u64, w: Window) -> Result<Data, ToolError> {
    // The issue itself carries its comments with the authors' ids; the chat view
    // (`Issues/{id}/comments`) names authors only by alias and is the fallback.
    let dto = fetch_issue(ctx, id)?;
    let all: Vec<Comment> = match &dto.comments {
        Some(list) => list.iter().filter_map(|c| project::comment(c, id)).collect(),
        None => {
            let chat = ctx.list::<ChatCommentDto>(&ApiRequest::get(format!("/api/v1/Issues/{id}/comments")), "the issue's comments")?;
            chat.items.iter().filter_map(|c| project::chat_comment(c, id)).collect()
        }
    };
    let (items, page) = paging::local(all, w, PageUnit::Comments);
    Ok(Data::CommentPage { items, page })
}

fn grouped(ctx: &mut Ctx, status: IssueStatus, w: Window) -> Result<Data, ToolError> {
    // Ombi pages raw issues before grouping them (Q14), so its pages do not count groups:
    // read one bounded scan and page the groups here.
    let route = format!("/api/v2/Issues/0/{GROUP_SCAN}/{}", status.ombi_name());
    let l = ctx.list::<GroupDto>(&ApiRequest::get(route), "the issue groups")?;
    let mut warnings = Vec::new();
    let groups: Vec<_> = l.items.iter().map(|g| project::group(g, &mut warnings).0).collect();
    warnings.into_iter().for_each(|x| ctx.warn(x));
    let scanned: u64 = l.items.iter().filter_map(|g| g.count).map(|c| c.max(0) as u64).sum();
    let complete = !l.cut && scanned < GROUP_SCAN;
    if !complete {
        ctx.warn(format!("Only the groups of the first {GROUP_SCAN} issues were read; more titles may have issues in this state."));
    }
    let page_of = if complete { paging::local } else { paging::local_partial };
    let (items, page) = page_of(groups, w, PageUnit::ProviderGroups);
    Ok(Data::GroupPage { items, page })
}

fn group_detail(ctx: &mut Ctx, provider_id: &str) -> Result<Data, ToolError> {
    let route = format!("/api/v2/Issues/details/{}", path::arg_segment(provider_id, "provider_id")?);
    // Nothing matches: Ombi answers 204 (or `null`/`[]`), an empty page.
    let dto: Option<GroupDto> = ctx.fetch_or_nothing(&ApiRequest::get(route), "the issues of a title")?;
    let items = match dto {
        Some(g) => {
            let mut warnings = Vec::new();
            let (group, cut) = project::group(&g, &mut warnings);
            warnings.into_iter().for_each(|x| ctx.warn(x));
            if cut {
                ctx.cut("The group holds more than 100 issues; only the first 100 are listed.");
            }
            vec![group]
        }
        None => Vec::new(),
    };
    let page = paging::whole(items.len(), PageUnit::ProviderGroups);
    Ok(Data::GroupPage { items, page })
}

fn counts(ctx: &mut Ctx) -> Result<Data, ToolError> {
    let c: IssueCountsDto = ctx.fetch(&ApiRequest::get("/api/v1/Issues/count"), "the issue counts")?;
    let values = [("pending", c.pending), ("in_progress", c.in_progress), ("resolved", c.resolved)]
        .into_iter()
        .filter_map(|(n, v)| v.map(|v| Metric::instance(n, v)))
        .collect();
    Ok(Data::Metrics { values })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::FakeOmbi;
    use crate::tools::run_tool;
    use serde_json::json;

    #[test]
    fn list_asks_one_more_to_know_whether_more_follow() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Issues/3/0/Pending", 200, r#"[{"id":1},{"id":2},{"id":3}]"#);
        let (out, _) = run_tool(&mut fake, "read_issues", json!({"limit": 2}));
        let Data::IssuePage { items, page } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 2);
        assert_eq!((page.has_more, page.next_offset, page.total), (Some(true), Some(2), None));
    }

    #[test]
    fn an_empty_group_detail_is_an_empty_page() {
        for body in ["", "null", "[]"] {
            let mut fake = FakeOmbi::new().reply("GET /api/v2/Issues/details/438631", if body.is_empty() { 204 } else { 200 }, body);
            let (out, _) = run_tool(&mut fake, "read_issues", json!({"view": "group_detail", "provider_id": "438631"}));
            let Data::GroupPage { items, page } = out.unwrap().data else { panic!() };
            assert!(items.is_empty());
            assert_eq!(page.total, Some(0));
        }
    }

    #[test]
    fn grouped_pages_count_groups() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v2/Issues/0/1000/Pending",
            200,
            r#"[{"title":"Dune","count":3,"providerId":"438631","issues":null},{"title":"Alien","count":1,"providerId":"348"}]"#,
        );
        let (out, _) = run_tool(&mut fake, "read_issues", json!({"view": "grouped", "limit": 1}));
        let Data::GroupPage { items, page } = out.unwrap().data else { panic!() };
        assert_eq!(items.len(), 1);
        assert_eq!((page.total, page.unit, page.next_offset), (Some(2), PageUnit::ProviderGroups, Some(1)));
    }

    #[test]
    fn comments_keep_their_authors_id() {
        let mut fake = FakeOmbi::new().reply(
            "GET /api/v1/Issues/7",
            200,
            r#"{"id":7,"comments":[{"id":1,"userId":"u-2","comment":"hi","issuesId":7,"user":{"userAccessToken":"t"}}]}"#,
        );
        let (out, _) = run_tool(&mut fake, "read_issues", json!({"view": "comments", "issue_id": 7}));
        let Data::CommentPage { items, .. } = out.unwrap().data else { panic!() };
        assert_eq!(items[0].author_id.as_deref(), Some("u-2"));
    }

    #[test]
    fn a_missing_issue_is_not_found() {
        let mut fake = FakeOmbi::new().reply("GET /api/v1/Issues/9", 204, "");
        let e = run_tool(&mut fake, "read_issues", json!({"view": "detail", "issue_id": 9})).0.unwrap_err();
        assert_eq!(e.field.as_deref(), Some("issue_id"));
    }
}
