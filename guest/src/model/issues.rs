//! Issue records (`issue`), comments (`comment`) and provider groups (`group`).

use serde::Serialize;

use super::requests::RequestTypeLabel;

/// An issue's state as its label (`issue.status`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum IssueStatusLabel {
    Pending,
    InProgress,
    Resolved,
    /// Ombi's `Deleted` (status 3), set by its purge job (tool catalogue decision 7).
    Closed,
}

/// An issue (`issue`), without the reporting user's object or the comments.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Issue {
    pub id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subject: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<IssueStatusLabel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_type: Option<RequestTypeLabel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_type_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resolved_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reported_by_user_id: Option<String>,
}

/// A comment on an issue (`comment`): its text and author id, never the user graph.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Comment {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issue_id: Option<u64>,
    pub comment: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub author_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_date: Option<String>,
}

/// Issues grouped by provider id (`group`); `count` counts issues of the group.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Group {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub count: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub issues: Vec<Issue>,
}
