//! Deterministic seed data: hundreds of movies and shows across genres and years, shows with
//! many seasons, artists and albums, a dozen users of different roles and quotas, requests,
//! issues and votes in every state, every settings section with plausible secrets, log files
//! and a failed-request queue. The same seed gives the same data.

mod activity;
mod catalogue;
mod settings;
mod users;

use crate::clock::SEED_NOW;
use crate::rng::Rng;
use crate::state::State;

pub use catalogue::{COMPANIES, GENRES, KEYWORDS, PROVIDERS};
pub use users::API_USER_ID;

/// One day in seconds.
const DAY: i64 = 86_400;

/// The default seed.
pub const DEFAULT_SEED: u64 = 20_260_502;

/// Builds the seeded state.
pub fn build(seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let mut movies = catalogue::movies(&mut rng);
    let shows = catalogue::shows(&mut rng);
    let people = catalogue::people(&mut rng, &movies);
    for m in &mut movies {
        m.cast = people.iter().filter(|p| p.movie_credits.contains(&m.tmdb_id)).map(|p| p.tmdb_id).collect();
    }
    let (artists, albums) = catalogue::music(&mut rng);
    let users = users::users(&mut rng);
    let mut state = State {
        version: "4.59.3".into(),
        movies,
        shows,
        people,
        artists,
        albums,
        users,
        settings: settings::settings(&mut rng),
        features: vec![("Movie4KRequests".into(), true), ("PlayedSync".into(), false)],
        health: "Healthy".into(),
        update_available: false,
        now: SEED_NOW,
        movie_requests: Vec::new(),
        tv_parents: Vec::new(),
        tv_children: Vec::new(),
        album_requests: Vec::new(),
        issues: Vec::new(),
        comments: Vec::new(),
        categories: vec![
            (1, "Wrong Audio".into()),
            (2, "No Subtitles".into()),
            (3, "Wrong Content".into()),
            (4, "Playback Issues".into()),
        ],
        votes: Vec::new(),
        retry_queue: Vec::new(),
        logs: Vec::new(),
        online: Vec::new(),
        jobs_run: Vec::new(),
        collections: vec![
            (726871, "Dune Collection".into(), vec![438631, 693134]),
            (2344, "The Matrix Collection".into(), vec![603]),
            (8091, "Alien Collection".into(), vec![348]),
        ],
        next_id: 100,
    };
    generated_collections(&mut state);
    activity::requests(&mut rng, &mut state);
    activity::issues(&mut rng, &mut state);
    activity::votes(&mut rng, &mut state);
    activity::retry_queue(&mut state);
    state.logs = activity::logs(&mut rng);
    state.online = state.users.iter().filter(|u| !u.is_system()).take(2).map(|u| u.id.clone()).collect();
    state
}

fn generated_collections(state: &mut State) {
    let ids: Vec<(u64, String)> =
        state.movies.iter().skip(10).step_by(25).take(8).map(|m| (m.tmdb_id, m.title.clone())).collect();
    for (i, (first, title)) in ids.into_iter().enumerate() {
        let second = state.movies[11 + i * 25].tmdb_id;
        let cid = 900_000 + i as u64;
        state.collections.push((cid, format!("{title} Collection"), vec![first, second]));
        for m in state.movies.iter_mut().filter(|m| m.tmdb_id == first || m.tmdb_id == second) {
            m.collection_id = Some(cid);
        }
    }
    for m in state.movies.iter_mut() {
        match m.tmdb_id {
            438631 | 693134 => m.collection_id = Some(726871),
            603 => m.collection_id = Some(2344),
            348 => m.collection_id = Some(8091),
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn deterministic_and_large_enough_to_page() {
        let a = build(DEFAULT_SEED);
        let b = build(DEFAULT_SEED);
        assert_eq!(a.movies, b.movies);
        assert_eq!(a.users, b.users);
        assert!(a.movies.len() >= 300);
        assert!(a.shows.len() >= 150);
        assert!(a.shows.iter().any(|s| s.seasons.len() >= 9));
        assert!(a.albums.len() >= 100);
        assert_eq!(a.users.len(), 13);
        assert_ne!(build(1).movies, a.movies);
    }

    #[test]
    fn ids_are_unique() {
        let s = build(DEFAULT_SEED);
        let mut ids: Vec<u64> = s.movies.iter().map(|m| m.tmdb_id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), s.movies.len());
    }
}
