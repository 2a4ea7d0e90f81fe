//! Issues (API catalogue §3.8): issues, comments, groups, counts, categories.

use serde::Deserialize;

use super::{int_id, lenient_text, text_id};

/// `Issues`; `resovledDate` is Ombi's spelling. The nested user, category and comments are
/// not read here.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssueDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub request_type: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub provider_id: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub request_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub subject: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub description: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub issue_category_id: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub status: Option<i64>,
    #[serde(default, rename = "resovledDate", deserialize_with = "lenient_text")]
    pub resovled_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub created_date: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub user_reported_id: Option<String>,
    #[serde(default)]
    pub comments: Option<Vec<IssueCommentDto>>,
}

/// `IssueComments` as embedded in an issue: with the author's id.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssueCommentDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub user_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub comment: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub issues_id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub date: Option<String>,
}

/// `IssueCommentChatViewModel` of v1 `Issues/{id}/comments`: the author only as an alias.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatCommentDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub comment: Option<String>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub date: Option<String>,
}

/// `IssuesSummaryModel` of the v2 routes (a provider group).
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroupDto {
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "int_id")]
    pub count: Option<i64>,
    #[serde(default, deserialize_with = "text_id")]
    pub provider_id: Option<String>,
    #[serde(default)]
    pub issues: Option<Vec<IssueDto>>,
}

/// `IssueCountModel` of v1 `Issues/count`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IssueCountsDto {
    #[serde(default, deserialize_with = "int_id")]
    pub pending: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub in_progress: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub resolved: Option<i64>,
}

/// `IssueCategory {id, value}`.
#[derive(Debug, Clone, Deserialize)]
pub struct CategoryDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub value: Option<String>,
}

/// A posted comment (`IssueComments`) as returned by POST `Issues/comments`.
#[derive(Debug, Clone, Deserialize)]
pub struct NewCommentDto {
    #[serde(default, deserialize_with = "int_id")]
    pub id: Option<i64>,
    #[serde(default, rename = "issuesId", deserialize_with = "int_id")]
    pub issues_id: Option<i64>,
}
