//! Issue records, comments and provider groups. `resovledDate` (Ombi's spelling) becomes
//! `resolved_date`; status and request type get labels beside their codes; codes outside
//! Ombi's enums are left out with a warning, never emitted outside the schema.

use crate::model::{Comment, Group, Issue};
use crate::projection::{cap, enums, text};
use crate::upstream::dto::issues::{ChatCommentDto, GroupDto, IssueCommentDto, IssueDto};
use crate::upstream::dto::positive;

/// An issue, without the reporting user's object, the category object or comments.
pub fn issue(dto: &IssueDto, warnings: &mut Vec<String>) -> Option<Issue> {
    let id = positive(dto.id)?;
    let (status, status_code) = match dto.status {
        Some(c) => match enums::issue_status(c) {
            Some(l) => (Some(l), Some(c)),
            None => {
                warnings
                    .push(format!("Issue {id} has the status code {c}, which Ombi does not define; it is left out."));
                (None, None)
            }
        },
        None => (None, None),
    };
    let (request_type, request_type_code) = match dto.request_type {
        Some(c) => match enums::request_type(c) {
            Some(l) => (Some(l), Some(c)),
            None => {
                warnings.push(format!(
                    "Issue {id} has the request type code {c}, which Ombi does not define; it is left out."
                ));
                (None, None)
            }
        },
        None => (None, None),
    };
    Some(Issue {
        id,
        title: text::some_text(dto.title.as_deref()),
        subject: text::short(dto.subject.as_deref(), 300),
        description: text::short(dto.description.as_deref(), text::OVERVIEW_CHARS),
        category_id: positive(dto.issue_category_id),
        status,
        status_code,
        request_type,
        request_type_code,
        request_id: positive(dto.request_id),
        provider_id: text::some_text(dto.provider_id.as_deref()).filter(|p| p != "0"),
        created_date: text::date(dto.created_date.as_deref()),
        resolved_date: text::date(dto.resovled_date.as_deref()),
        reported_by_user_id: text::some_text(dto.user_reported_id.as_deref()),
    })
}

/// Issues of a list; those without a usable id are skipped.
pub fn issues(list: &[IssueDto], warnings: &mut Vec<String>) -> Vec<Issue> {
    list.iter().filter_map(|d| issue(d, warnings)).collect()
}

/// A comment embedded in an issue: text and author id, never the user object.
pub fn comment(dto: &IssueCommentDto, issue_id: u64) -> Option<Comment> {
    Some(Comment {
        id: positive(dto.id),
        issue_id: positive(dto.issues_id).or(Some(issue_id)),
        comment: dto.comment.clone()?,
        author_id: text::some_text(dto.user_id.as_deref()),
        created_date: text::date(dto.date.as_deref()),
    })
}

/// A comment of the chat view (`Issues/{id}/comments`), which names the author only by alias.
pub fn chat_comment(dto: &ChatCommentDto, issue_id: u64) -> Option<Comment> {
    Some(Comment {
        id: positive(dto.id),
        issue_id: Some(issue_id),
        comment: dto.comment.clone()?,
        author_id: None,
        created_date: text::date(dto.date.as_deref()),
    })
}

/// A provider group; its nested issues are at most 100 (`true` when some were left out).
pub fn group(dto: &GroupDto, warnings: &mut Vec<String>) -> (Group, bool) {
    let mut nested = issues(dto.issues.as_deref().unwrap_or(&[]), warnings);
    let cut = cap(&mut nested);
    let group = Group {
        provider_id: text::some_text(dto.provider_id.as_deref()),
        title: text::some_text(dto.title.as_deref()),
        count: dto.count.and_then(|c| u64::try_from(c).ok()),
        issues: nested,
    };
    (group, cut)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::issues::IssueStatusLabel;
    use crate::model::requests::RequestTypeLabel;

    #[test]
    fn resovled_date_and_labels() {
        let dto: IssueDto = serde_json::from_str(
            r#"{"id":7,"title":"Dune","requestType":1,"providerId":"438631","requestId":0,"subject":"No sound","issueCategoryId":2,
                "status":2,"resovledDate":"2026-11-20T08:00:00Z","createdDate":"2026-11-19T08:00:00Z","userReportedId":"u-1",
                "userReported":{"userAccessToken":"tok","email":"a@b.c"}}"#,
        )
        .unwrap();
        let mut w = Vec::new();
        let i = issue(&dto, &mut w).unwrap();
        assert_eq!(i.resolved_date.as_deref(), Some("2026-11-20T08:00:00Z"));
        assert_eq!((i.status, i.status_code), (Some(IssueStatusLabel::Resolved), Some(2)));
        assert_eq!((i.request_type, i.request_type_code), (Some(RequestTypeLabel::Movie), Some(1)));
        assert_eq!(i.request_id, None);
        let text = serde_json::to_string(&i).unwrap();
        assert!(!text.contains("tok") && !text.contains("a@b.c"));
        assert!(w.is_empty());
    }

    #[test]
    fn status_three_is_closed_and_unknown_codes_warn() {
        let mut w = Vec::new();
        let dto: IssueDto = serde_json::from_str(r#"{"id":1,"status":3}"#).unwrap();
        assert_eq!(issue(&dto, &mut w).unwrap().status, Some(IssueStatusLabel::Closed));
        let dto: IssueDto = serde_json::from_str(r#"{"id":2,"status":9,"requestType":5}"#).unwrap();
        let i = issue(&dto, &mut w).unwrap();
        assert_eq!((i.status, i.status_code, i.request_type_code), (None, None, None));
        assert_eq!(w.len(), 2);
        assert!(w[0].contains('9'));
    }

    #[test]
    fn groups_cap_their_issues() {
        let list: Vec<String> = (1..=120).map(|i| format!(r#"{{"id":{i}}}"#)).collect();
        let dto: GroupDto = serde_json::from_str(&format!(
            r#"{{"title":"Dune","count":120,"providerId":"438631","issues":[{}]}}"#,
            list.join(",")
        ))
        .unwrap();
        let (g, cut) = group(&dto, &mut Vec::new());
        assert!(cut);
        assert_eq!(g.issues.len(), 100);
        assert_eq!(g.count, Some(120));
    }

    #[test]
    fn comments_keep_text_and_author_id() {
        let dto: IssueCommentDto =
            serde_json::from_str(r#"{"id":5,"userId":"u-2","comment":"Still broken","issuesId":7,"date":"2026-11-21T00:00:00Z","user":{"userAccessToken":"t"}}"#)
                .unwrap();
        let c = comment(&dto, 7).unwrap();
        assert_eq!(c.author_id.as_deref(), Some("u-2"));
        assert_eq!(c.comment, "Still broken");
    }
}
