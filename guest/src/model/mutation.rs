//! The outcome of a write (`mutation`).

use serde::Serialize;

use super::Target;

/// What a write came to (`mutation.outcome`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// Ombi confirmed the change.
    Completed,
    /// Ombi took the change on (e.g. queued a job) without confirming its effect.
    Accepted,
    /// Part of it took effect.
    Partial,
    /// Whether it took effect is unknown.
    Unknown,
    /// Ombi refused it.
    Rejected,
}

/// The per-item outcome of a collection write (`mutation.item_results[]`).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ItemResult {
    pub identifier: String,
    pub outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

/// The `mutation` family. Ids are reported only when Ombi returned them.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Mutation {
    pub outcome: Outcome,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub target: Option<Target>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub issue_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub comment_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub category_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub queue_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream_result: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream_is_error: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub upstream_error_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub affected_count: Option<u64>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub item_results: Vec<ItemResult>,
}

impl Mutation {
    /// A mutation with `outcome` and nothing else known.
    pub fn new(outcome: Outcome) -> Self {
        Mutation {
            outcome,
            target: None,
            request_id: None,
            issue_id: None,
            comment_id: None,
            category_id: None,
            user_id: None,
            queue_id: None,
            message: None,
            upstream_result: None,
            upstream_is_error: None,
            upstream_error_code: None,
            affected_count: None,
            item_results: Vec::new(),
        }
    }
}
