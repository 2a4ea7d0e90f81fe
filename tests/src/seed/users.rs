//! A dozen users of different roles, types and quotas, and the seeded `Api` system user.

use std::collections::BTreeMap;

use crate::rng::Rng;
use crate::state::User;

/// The seeded `Api` system user's id.
pub const API_USER_ID: &str = "2e8a2a7a-0000-4000-8000-000000000a01";

/// User name, alias, roles, user type, movie/episode/music request limits.
type UserSpec<'a> = (&'a str, &'a str, &'a [&'a str], i64, u32, u32, u32);

pub(super) fn users(rng: &mut Rng) -> Vec<User> {
    let spec: &[UserSpec] = &[
        ("Api", "Api", &["Admin"], 0, 0, 0, 0),
        ("morgan", "Morgan (admin)", &["Admin"], 1, 0, 0, 0),
        (
            "riley",
            "Riley",
            &["PowerUser", "RequestMovie", "RequestTv", "RequestMusic", "AutoApproveMovie", "AutoApproveTv"],
            2,
            0,
            0,
            0,
        ),
        ("alex", "Alex", &["RequestMovie", "RequestTv", "Request4KMovie"], 2, 5, 20, 0),
        ("sam", "Sam", &["RequestMovie", "RequestTv", "RequestMusic", "ManageOwnRequests"], 2, 3, 10, 5),
        ("jamie", "Jamie", &["RequestMovie"], 3, 1, 0, 0),
        ("taylor", "Taylor", &["RequestTv", "AutoApproveTv"], 5, 0, 40, 0),
        ("casey", "Casey", &["RequestMovie", "RequestTv", "ReceivesNewsletter"], 1, 10, 50, 0),
        ("jordan", "Jordan", &["RequestMusic", "AutoApproveMusic"], 2, 0, 0, 10),
        ("quinn", "Quinn", &["RequestMovie", "RequestTv", "AutoApprove4KMovie", "Request4KMovie"], 2, 0, 0, 0),
        ("avery", "Avery", &["Disabled"], 1, 0, 0, 0),
        ("drew", "Drew", &["RequestMovie", "RequestTv", "EditCustomPage"], 5, 2, 5, 0),
        ("kai", "Kai", &["RequestMovie", "RequestTv", "RequestMusic"], 2, 0, 0, 0),
    ];
    spec.iter()
        .enumerate()
        .map(|(i, (name, alias, roles, kind, movie, episode, music))| User {
            id: if i == 0 { API_USER_ID.into() } else { rng.guid() },
            user_name: name.to_string(),
            alias: alias.to_string(),
            email: if i == 0 { String::new() } else { format!("{name}@household.example") },
            roles: roles.iter().map(|r| r.to_string()).collect(),
            user_type: *kind,
            language: if i % 4 == 3 { Some("de".into()) } else { None },
            streaming_country: if i % 5 == 4 { "GB".into() } else { "US".into() },
            movie_request_limit: *movie,
            episode_request_limit: *episode,
            music_request_limit: *music,
            movie_request_limit_type: 1,
            episode_request_limit_type: 1,
            music_request_limit_type: 2,
            last_logged_in: format!("2026-11-{:02}T19:{:02}:00Z", (i % 27) + 1, i * 3 % 60),
            user_access_token: rng.hex(32),
            media_server_token: format!("plex-{}", rng.hex(20)),
            notification_values: if i == 3 { BTreeMap::from([(1, "<@1234567890>".into())]) } else { BTreeMap::new() },
        })
        .collect()
}
