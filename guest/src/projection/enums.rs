//! Ombi's wire enums (API catalogue §2) and their labels: the one table of each, used by
//! projections, the reference catalogue and write arguments alike.

use crate::model::issues::IssueStatusLabel;
use crate::model::requests::RequestTypeLabel;

/// `RequestType`: TvShow=0, Movie=1, Album=2.
pub const REQUEST_TYPES: &[(i64, &str)] = &[(0, "TvShow"), (1, "Movie"), (2, "Album")];

/// `IssueStatus`: Pending=0, InProgress=1, Resolved=2, Deleted=3 (set by the purge job).
pub const ISSUE_STATUSES: &[(i64, &str)] = &[(0, "Pending"), (1, "InProgress"), (2, "Resolved"), (3, "Deleted")];

/// `NotificationAgent`.
pub const NOTIFICATION_AGENTS: &[(i64, &str)] = &[
    (0, "Email"),
    (1, "Discord"),
    (2, "Pushbullet"),
    (3, "Pushover"),
    (4, "Telegram"),
    (5, "Slack"),
    (6, "Mattermost"),
    (7, "Mobile"),
    (8, "Gotify"),
    (9, "Webhook"),
    (10, "WhatsApp"),
    (11, "Ntfy"),
];

/// Ombi's roles (`OmbiRoles`).
pub const ROLES: &[&str] = &[
    "Admin",
    "AutoApproveMovie",
    "AutoApproveTv",
    "AutoApproveMusic",
    "PowerUser",
    "RequestTv",
    "RequestMovie",
    "RequestMusic",
    "Disabled",
    "ReceivesNewsletter",
    "ManageOwnRequests",
    "EditCustomPage",
    "Request4KMovie",
    "AutoApprove4KMovie",
];

/// `ErrorCode` of `RequestEngineResult` (a string enum on the wire), in declaration order;
/// the index is the numeric `upstream_error_code` a mutation reports.
pub const ENGINE_ERROR_CODES: &[&str] = &[
    "AlreadyRequested",
    "EpisodesAlreadyRequested",
    "NoPermissionsOnBehalf",
    "NoPermissions",
    "RequestDoesNotExist",
    "ChildRequestDoesNotExist",
    "NoPermissionsRequestMovie",
    "NoPermissionsRequestTV",
    "NoPermissionsRequestAlbum",
    "MovieRequestQuotaExceeded",
    "TvRequestQuotaExceeded",
    "AlbumRequestQuotaExceeded",
];

/// The label of a `RequestType` code, if Ombi defines it.
pub fn request_type(code: i64) -> Option<RequestTypeLabel> {
    match code {
        0 => Some(RequestTypeLabel::Tv),
        1 => Some(RequestTypeLabel::Movie),
        2 => Some(RequestTypeLabel::Album),
        _ => None,
    }
}

/// The label of an `IssueStatus` code; 3 (`Deleted`) is `closed` (tool catalogue decision 7).
pub fn issue_status(code: i64) -> Option<IssueStatusLabel> {
    match code {
        0 => Some(IssueStatusLabel::Pending),
        1 => Some(IssueStatusLabel::InProgress),
        2 => Some(IssueStatusLabel::Resolved),
        3 => Some(IssueStatusLabel::Closed),
        _ => None,
    }
}

/// The name of a `NotificationAgent` code, if Ombi defines it.
pub fn agent_name(code: i64) -> Option<&'static str> {
    NOTIFICATION_AGENTS.iter().find(|(c, _)| *c == code).map(|(_, n)| *n)
}

/// The code of a `NotificationAgent` name (case-insensitive).
pub fn agent_code(name: &str) -> Option<i64> {
    NOTIFICATION_AGENTS.iter().find(|(_, n)| n.eq_ignore_ascii_case(name.trim())).map(|(c, _)| *c)
}

/// The numeric code of an engine `errorCode` name.
pub fn engine_error_code(name: &str) -> Option<i64> {
    ENGINE_ERROR_CODES.iter().position(|c| c.eq_ignore_ascii_case(name.trim())).map(|i| i as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn labels_follow_the_catalogue() {
        assert_eq!(request_type(0), Some(RequestTypeLabel::Tv));
        assert_eq!(request_type(7), None);
        assert_eq!(issue_status(3), Some(IssueStatusLabel::Closed));
        assert_eq!(issue_status(4), None);
        assert_eq!(agent_name(11), Some("Ntfy"));
        assert_eq!(agent_code("discord"), Some(1));
        assert_eq!(engine_error_code("AlreadyRequested"), Some(0));
        assert_eq!(engine_error_code("AlbumRequestQuotaExceeded"), Some(11));
        assert_eq!(engine_error_code("Bogus"), None);
    }
}
