//! Request records (`request`) and failed-queue entries (`retry`).

use serde::Serialize;

use super::{Identifier, Season, Target};

/// An Ombi request (`request`). Standard and 4K state stay separate; no combined status is
/// invented when they disagree.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Request {
    pub target: Target,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub parent_request_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub identifiers: Vec<Identifier>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approved: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub denied: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status_text: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested_date: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub requested_user_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub denied_reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub is_4k: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub approved_4k: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub available_4k: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub denied_4k: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub subscribed: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub can_approve: Option<bool>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub seasons: Vec<Season>,
}

impl Request {
    /// A request pointing at `target` with nothing else known yet.
    pub fn new(target: Target) -> Self {
        Request {
            target,
            parent_request_id: None,
            title: None,
            identifiers: Vec::new(),
            approved: None,
            available: None,
            denied: None,
            status_text: None,
            requested_date: None,
            requested_user_id: None,
            denied_reason: None,
            is_4k: None,
            approved_4k: None,
            available_4k: None,
            denied_4k: None,
            subscribed: None,
            can_approve: None,
            seasons: Vec::new(),
        }
    }
}

/// The kind of media of a request as its label (`retry.request_type`, `issue.request_type`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RequestTypeLabel {
    Movie,
    Tv,
    Album,
}

/// One entry of the failed-request queue (`retry`); `queue_id` is not a request id.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Retry {
    pub queue_id: u64,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_type: Option<RequestTypeLabel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_type_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}
