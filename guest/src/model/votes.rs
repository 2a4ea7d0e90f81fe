//! Vote records (`vote`).

use serde::Serialize;

use super::requests::RequestTypeLabel;

/// A vote, or the vote tally of a request (`vote`). `vote_code` is Ombi's numeric VoteType
/// (0 up, 1 down), kept as a number.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Vote {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub media: Option<RequestTypeLabel>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub user_id: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vote_code: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub up: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub down: Option<u64>,
}
