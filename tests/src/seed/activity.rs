//! What a household's Ombi accumulates: requests in every state, issues with comments, open
//! votes, a failed-request queue and log files.

use super::DAY;
use crate::clock::{self, SEED_NOW};
use crate::rng::Rng;
use crate::state::{
    AlbumRequest, Comment, EpisodeRequest, Issue, Lifecycle, LogFile, MovieRequest, RetryEntry, SeasonRequest, State,
    TvChild, TvParent, Vote,
};

/// A lifecycle in one of Ombi's states, decided at `at`.
fn lifecycle(kind: u64, at: i64) -> Lifecycle {
    match kind {
        // pending
        0 => Lifecycle::default(),
        // approved, processing
        1 => Lifecycle { approved: true, marked_approved: Some(at), ..Lifecycle::default() },
        // available
        2 => Lifecycle {
            approved: true,
            available: true,
            marked_approved: Some(at),
            marked_available: Some(at + DAY),
            ..Lifecycle::default()
        },
        // denied
        _ => Lifecycle {
            denied: Some(true),
            denied_reason: Some("Not on our wishlist this month".into()),
            marked_denied: Some(at),
            ..Lifecycle::default()
        },
    }
}

/// A season to request: its number and (episode number, title, air date) of each episode.
type SeasonPlan = (u32, Vec<(u32, String, String)>);

/// Requests in every state: movies (with 4K, and one 4K-only), TV parents with several
/// children, albums.
pub(super) fn requests(rng: &mut Rng, state: &mut State) {
    let requesters: Vec<String> =
        state.users.iter().filter(|u| !u.is_system() && !u.has_role("Disabled")).map(|u| u.id.clone()).collect();
    // Movies: 48 requests across the catalogue.
    let mut picks: Vec<u64> = state.movies.iter().skip(1).step_by(6).take(46).map(|m| m.tmdb_id).collect();
    // Two titles releasing around now, so the calendar has movies.
    let near_now =
        state.movies.iter().filter(|m| clock::parse(&m.release_date).is_some_and(|d| (d - SEED_NOW).abs() < 60 * DAY));
    picks.extend(near_now.take(2).map(|m| m.tmdb_id));
    for (i, tmdb) in picks.into_iter().enumerate() {
        let at = SEED_NOW - (60 - i as i64) * DAY - 3600 * (i as i64 % 7);
        let id = state.id();
        let standard = lifecycle(i as u64 % 4, at + DAY);
        let has_4k = i % 9 == 2 || i % 9 == 5;
        let four_k = if has_4k { lifecycle((i as u64 / 9) % 4, at + 2 * DAY) } else { Lifecycle::default() };
        let four_k_only = i == 5;
        state.movie_requests.push(MovieRequest {
            id,
            tmdb_id: tmdb,
            requested_user_id: requesters[i % requesters.len()].clone(),
            requested_date: (!four_k_only).then_some(at),
            standard: if four_k_only { Lifecycle::default() } else { standard },
            has_4k,
            requested_date_4k: has_4k.then_some(at + 60),
            four_k,
            is_4k_request: has_4k,
            lang_code: "en".into(),
            root_path_override: None,
            quality_override: None,
            requested_by_alias: (i == 7).then(|| "Grandma via the kitchen tablet".into()),
            source: if i == 11 { 1 } else { 0 },
            subscribers: if i % 5 == 0 { vec![requesters[(i + 1) % requesters.len()].clone()] } else { Vec::new() },
        });
    }
    // TV: 16 shows, 1-3 children each by different users.
    let shows: Vec<(u64, Vec<SeasonPlan>)> = state
        .shows
        .iter()
        .step_by(9)
        .take(16)
        .map(|s| {
            let seasons = s
                .seasons
                .iter()
                .map(|se| {
                    (se.number, se.episodes.iter().map(|e| (e.number, e.title.clone(), e.air_date.clone())).collect())
                })
                .collect();
            (s.tmdb_id, seasons)
        })
        .collect();
    for (i, (tmdb, seasons)) in shows.into_iter().enumerate() {
        let parent_id = state.id();
        state.tv_parents.push(TvParent {
            id: parent_id,
            tmdb_id: tmdb,
            quality_override: None,
            root_folder: None,
            language_profile: None,
        });
        let children = 1 + i % 3;
        for c in 0..children.min(seasons.len()) {
            let at = SEED_NOW - (40 - (i * 2 + c) as i64) * DAY;
            let kind = ((i + c) % 4) as u64;
            let state_now = lifecycle(kind, at + DAY);
            // Each child asks for a different season, newest first (so episodes never overlap
            // and shows airing now put episodes on the calendar).
            let (number, episodes) = &seasons[seasons.len() - 1 - c];
            let season = SeasonRequest {
                id: state.id(),
                number: *number,
                episodes: episodes
                    .iter()
                    .map(|(n, title, air)| EpisodeRequest {
                        id: 0,
                        number: *n,
                        title: title.clone(),
                        air_date: air.clone(),
                        available: state_now.available,
                        approved: state_now.approved,
                    })
                    .collect(),
            };
            let id = state.id();
            let mut season = season;
            for e in &mut season.episodes {
                e.id = state.id();
            }
            state.tv_children.push(TvChild {
                id,
                parent_id,
                requested_user_id: requesters[(i + c * 3) % requesters.len()].clone(),
                requested_date: at,
                state: state_now,
                seasons: vec![season],
                series_type: if i == 4 { 1 } else { 0 },
                requested_by_alias: None,
                source: 0,
                subscribers: Vec::new(),
            });
        }
    }
    // Albums: 12 requests.
    let albums: Vec<String> = state.albums.iter().step_by(10).take(12).map(|a| a.mbid.clone()).collect();
    for (i, mbid) in albums.into_iter().enumerate() {
        let at = SEED_NOW - (30 - i as i64) * DAY;
        let id = state.id();
        state.album_requests.push(AlbumRequest {
            id,
            album_mbid: mbid,
            requested_user_id: requesters[(i * 5) % requesters.len()].clone(),
            requested_date: at,
            state: lifecycle(i as u64 % 4, at + DAY),
            requested_by_alias: None,
            subscribers: Vec::new(),
        });
    }
    let _ = rng.next_u64();
}

/// Issues in every status (including Ombi's purge-only `Deleted`), some without a provider
/// id (excluded from v2 lists), with comments.
pub(super) fn issues(rng: &mut Rng, state: &mut State) {
    let reporters: Vec<String> = state.users.iter().filter(|u| !u.is_system()).map(|u| u.id.clone()).collect();
    let subjects = [
        ("Audio is out of sync", "The dialogue is about two seconds behind the picture."),
        ("No English subtitles", "Subtitles are only available in Spanish."),
        ("Wrong episode", "Episode 3 plays the pilot again."),
        ("Buffering constantly", "It stops every minute on the living-room TV."),
        ("Wrong movie", "This is the 1984 version, not the remake."),
    ];
    for i in 0..34u64 {
        let at = SEED_NOW - (50 - i as i64) * DAY;
        let (title, request_type, provider_id, request_id) = match i % 3 {
            0 => {
                let r = &state.movie_requests[(i as usize) % state.movie_requests.len()];
                let m = state.movie(r.tmdb_id).unwrap();
                (m.title.clone(), 1, Some(m.tmdb_id.to_string()), Some(r.id))
            }
            1 => {
                let c = &state.tv_children[(i as usize) % state.tv_children.len()];
                let p = state.tv_parents.iter().find(|p| p.id == c.parent_id).unwrap();
                let s = state.show(p.tmdb_id).unwrap();
                (s.title.clone(), 0, Some(s.tmdb_id.to_string()), Some(c.id))
            }
            _ => {
                let a = &state.albums[(i as usize * 3) % state.albums.len()];
                (a.title.clone(), 2, Some(a.mbid.clone()), None)
            }
        };
        let status = match i % 7 {
            0..=2 => 0,
            3 | 4 => 1,
            5 => 2,
            _ => 3,
        };
        let (subject, description) = subjects[(i % 5) as usize];
        let id = state.id();
        state.issues.push(Issue {
            id,
            title,
            request_type,
            // A few legacy issues have no provider id: v2 lists leave them out (Q14).
            provider_id: if i % 11 == 10 { None } else { provider_id },
            request_id,
            subject: subject.into(),
            description: description.into(),
            category_id: 1 + i % 4,
            status,
            resolved_date: (status >= 2).then_some(at + 3 * DAY),
            created_date: at,
            user_reported_id: reporters[(i as usize) % reporters.len()].clone(),
            poster_path: None,
        });
        for c in 0..(i % 4) {
            let cid = state.id();
            state.comments.push(Comment {
                id: cid,
                issue_id: id,
                user_id: reporters[((i + c) as usize * 5) % reporters.len()].clone(),
                comment: format!(
                    "{} (note {})",
                    [
                        "Still happening.",
                        "Tried another player, same.",
                        "Looking into it.",
                        "Fixed the file, please check."
                    ][c as usize % 4],
                    c + 1
                ),
                date: at + (c as i64 + 1) * 3600,
            });
        }
    }
    let _ = rng.next_u64();
}

/// Open votes on pending requests (kept below the auto-approve threshold).
pub(super) fn votes(rng: &mut Rng, state: &mut State) {
    let voters: Vec<String> = state.users.iter().filter(|u| !u.is_system()).map(|u| u.id.clone()).collect();
    let pending_movies: Vec<u64> = state
        .movie_requests
        .iter()
        .filter(|r| !r.standard.approved && r.standard.denied.is_none())
        .map(|r| r.id)
        .collect();
    let pending_tv: Vec<u64> =
        state.tv_children.iter().filter(|c| !c.state.approved && c.state.denied.is_none()).map(|c| c.id).collect();
    let add = |state: &mut State, request_id: u64, request_type: i64, k: usize| {
        for v in 0..(k % 3) {
            let id = state.id();
            state.votes.push(Vote {
                id,
                request_id,
                vote_type: if v == 1 { 1 } else { 0 },
                request_type,
                user_id: voters[(k + v * 4) % voters.len()].clone(),
                date: SEED_NOW - (k as i64 + 1) * DAY,
            });
        }
    };
    for (k, id) in pending_movies.into_iter().enumerate() {
        add(state, id, 1, k + 1);
    }
    for (k, id) in pending_tv.into_iter().enumerate() {
        add(state, id, 0, k + 2);
    }
    let _ = rng.next_u64();
}

/// Failed sends to Sonarr/Radarr/Lidarr; one already completed (not listed).
pub(super) fn retry_queue(state: &mut State) {
    let approved: Vec<(u64, u64)> = state
        .movie_requests
        .iter()
        .filter(|r| r.standard.approved && !r.standard.available)
        .map(|r| (r.id, r.tmdb_id))
        .take(3)
        .collect();
    for (k, (request_id, tmdb)) in approved.into_iter().enumerate() {
        let m = state.movie(tmdb).unwrap().clone();
        let id = state.id();
        state.retry_queue.push(RetryEntry {
            id,
            request_id,
            request_type: 1,
            title: m.title,
            release_year: m.release_date.clone(),
            dts: SEED_NOW - (k as i64 + 1) * DAY,
            error: "Radarr returned 400: Path is already configured for an existing movie".into(),
            retry_count: k as u32 + 1,
            completed: (k == 2).then_some(SEED_NOW - 3600),
        });
    }
    if let Some(c) = state.tv_children.iter().find(|c| c.state.approved && !c.state.available).cloned() {
        let p = state.tv_parents.iter().find(|p| p.id == c.parent_id).unwrap().clone();
        let title = state.show(p.tmdb_id).unwrap().title.clone();
        let id = state.id();
        state.retry_queue.push(RetryEntry {
            id,
            request_id: c.id,
            request_type: 0,
            title,
            release_year: "2019-01-01T00:00:00".into(),
            dts: SEED_NOW - 5 * DAY,
            error: "Sonarr is unreachable: Connection refused (192.168.1.30:8989)".into(),
            retry_count: 4,
            completed: None,
        });
    }
}

/// Three daily Serilog files with thousands of lines, newest first.
pub(super) fn logs(rng: &mut Rng) -> Vec<LogFile> {
    let messages = [
        ("INF", "Ombi.Schedule.Jobs.Plex.PlexContentSync", "Starting Plex Content Cacher"),
        ("INF", "Ombi.Schedule.Jobs.Radarr.RadarrSync", "Radarr sync finished, 312 movies"),
        ("WRN", "Ombi.Api.Api", "Request to https://api.themoviedb.org/3/movie/0 returned NotFound"),
        ("ERR", "Ombi.Core.Senders.MovieSender", "Could not send movie to Radarr: Connection refused"),
        ("INF", "Microsoft.Hosting.Lifetime", "Application started. Press Ctrl+C to shut down."),
        ("DBG", "Ombi.Core.Engine.MovieRequestEngine", "Request approved by riley"),
    ];
    (0..3)
        .map(|d| {
            let day = SEED_NOW - d * DAY;
            let date = clock::iso(day);
            let name = format!("log{}.txt", date[..10].replace('-', ""));
            let lines = (0..3000)
                .map(|n| {
                    let t = clock::iso(day - 43_200 + n * 14);
                    let t = t.replace('T', " ");
                    let t = t.trim_end_matches('Z');
                    // Real Ombi logs carry secrets now and then: URLs with API keys, webhook
                    // URLs, e-mail addresses, tokens. A wrapper must redact them.
                    if n % 250 == 7 {
                        let secret = match (n / 250) % 4 {
                            0 => format!("Request to http://sonarr:8989/api/v3/series?apikey={} failed", rng.hex(32)),
                            1 => format!(
                                "Sending Discord notification to https://discord.com/api/webhooks/1234/{}",
                                rng.hex(40)
                            ),
                            2 => format!("Welcome e-mail sent to casey.{}@household.example", rng.hex(6)),
                            _ => format!("Plex watchlist poll with X-Plex-Token={}", rng.hex(20)),
                        };
                        return format!("{t} [WRN] Ombi.Api.Api: {secret} (#{n})");
                    }
                    let (level, source, text) = rng.pick(&messages);
                    format!("{t} [{level}] {source}: {text} (#{n})")
                })
                .collect();
            LogFile { name, lines }
        })
        .collect()
}
