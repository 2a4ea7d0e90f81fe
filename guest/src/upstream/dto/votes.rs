//! Votes (API catalogue §3.9).

use serde::Deserialize;

use super::{int_id, lenient_bool, lenient_text};

/// `VoteViewModel` of v1 `Vote`: `myVote` means something only when `alreadyVoted`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct OpenVoteDto {
    #[serde(default, deserialize_with = "int_id")]
    pub request_id: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub request_type: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub upvotes: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub downvotes: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub title: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub already_voted: Option<bool>,
    #[serde(default, deserialize_with = "int_id")]
    pub my_vote: Option<i64>,
}

/// `Votes` of v1 `Vote/{movie|tv|music}/{id}`.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VoteDto {
    #[serde(default, deserialize_with = "int_id")]
    pub request_id: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub vote_type: Option<i64>,
    #[serde(default, deserialize_with = "int_id")]
    pub request_type: Option<i64>,
    #[serde(default, deserialize_with = "lenient_text")]
    pub user_id: Option<String>,
    #[serde(default, deserialize_with = "lenient_bool")]
    pub deleted: Option<bool>,
}
