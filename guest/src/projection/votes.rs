//! Vote records. `vote_code` is Ombi's numeric VoteType; the caller's own vote is reported
//! only when Ombi says the caller voted (`alreadyVoted`), never inferred from `myVote` alone.

use crate::model::Vote;
use crate::projection::enums;
use crate::upstream::dto::positive;
use crate::upstream::dto::votes::{OpenVoteDto, VoteDto};

/// VoteType codes Ombi defines: Upvote=0, Downvote=1.
fn vote_code(code: Option<i64>) -> Option<i64> {
    code.filter(|c| matches!(c, 0 | 1))
}

/// An open vote (`VoteViewModel`); `voter_id` is the id of the user the list was read as,
/// when known.
pub fn open(dto: &OpenVoteDto, voter_id: Option<&str>) -> Option<Vote> {
    let voted = dto.already_voted == Some(true);
    Some(Vote {
        request_id: Some(positive(dto.request_id)?),
        media: dto.request_type.and_then(enums::request_type),
        user_id: if voted { voter_id.map(str::to_string) } else { None },
        vote_code: if voted { vote_code(dto.my_vote) } else { None },
        up: dto.upvotes.and_then(|v| u64::try_from(v).ok()),
        down: dto.downvotes.and_then(|v| u64::try_from(v).ok()),
    })
}

/// A single vote on a request (`Votes`); deleted votes are skipped.
pub fn vote(dto: &VoteDto) -> Option<Vote> {
    if dto.deleted == Some(true) {
        return None;
    }
    Some(Vote {
        request_id: positive(dto.request_id),
        media: dto.request_type.and_then(enums::request_type),
        user_id: dto.user_id.clone().filter(|u| !u.trim().is_empty()),
        vote_code: vote_code(dto.vote_type),
        up: None,
        down: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn my_vote_counts_only_when_already_voted() {
        let dto: OpenVoteDto = serde_json::from_str(
            r#"{"requestId":4,"requestType":1,"upvotes":3,"downvotes":1,"alreadyVoted":false,"myVote":1}"#,
        )
        .unwrap();
        let v = open(&dto, Some("u-1")).unwrap();
        assert_eq!((v.vote_code, v.user_id.as_deref()), (None, None));
        assert_eq!((v.up, v.down), (Some(3), Some(1)));
        let dto: OpenVoteDto = serde_json::from_str(r#"{"requestId":4,"alreadyVoted":true,"myVote":0}"#).unwrap();
        let v = open(&dto, Some("u-1")).unwrap();
        assert_eq!((v.vote_code, v.user_id.as_deref()), (Some(0), Some("u-1")));
    }

    #[test]
    fn deleted_votes_are_skipped_and_codes_stay_numeric() {
        let d: VoteDto =
            serde_json::from_str(r#"{"requestId":4,"voteType":1,"requestType":2,"userId":"u","deleted":false}"#)
                .unwrap();
        let v = vote(&d).unwrap();
        assert_eq!(v.vote_code, Some(1));
        let d: VoteDto = serde_json::from_str(r#"{"requestId":4,"voteType":1,"deleted":true}"#).unwrap();
        assert!(vote(&d).is_none());
        let d: VoteDto = serde_json::from_str(r#"{"requestId":4,"voteType":7}"#).unwrap();
        assert_eq!(vote(&d).unwrap().vote_code, None);
    }
}
