//! The seeded data: realistic, large enough to page, every state present, deterministic.

use ombi_sim::{Options, Simulator, seed};

#[test]
fn every_state_is_seeded() {
    let s = seed::build(seed::DEFAULT_SEED);
    assert!(s.movies.len() >= 300 && s.shows.len() >= 150 && s.albums.len() >= 100 && s.artists.len() >= 40);
    assert!(s.users.len() >= 12);
    assert!(s.users.iter().any(|u| u.movie_request_limit > 0) && s.users.iter().any(|u| u.has_role("PowerUser")));
    let movie_states: Vec<&str> =
        s.movie_requests.iter().map(|r| ombi_sim::views::request_status(&r.standard)).collect();
    for st in ["Common.Available", "Common.Denied", "Common.ProcessingRequest", "Common.PendingApproval"] {
        assert!(movie_states.contains(&st), "{st}");
    }
    assert!(s.movie_requests.iter().any(|r| r.has_4k && r.requested_date.is_some()), "4K beside standard");
    assert!(s.movie_requests.iter().any(|r| r.has_4k && r.requested_date.is_none()), "4K only");
    assert!(
        s.tv_parents.iter().any(|p| s.tv_children.iter().filter(|c| c.parent_id == p.id).count() >= 3),
        "parents with several children"
    );
    for status in 0..=3 {
        assert!(s.issues.iter().any(|i| i.status == status), "issue status {status}");
    }
    assert!(s.comments.len() > 20);
    assert!(s.votes.len() > 10);
    assert!(s.retry_queue.iter().any(|e| e.completed.is_none()));
    assert!(s.logs.iter().all(|l| l.lines.len() >= 3000));
    assert!(
        s.shows
            .iter()
            .any(|x| x.seasons.len() >= 9 && x.seasons.iter().map(|se| se.episodes.len()).sum::<usize>() > 60)
    );
    assert!(s.settings.len() >= 30);
}

#[test]
fn the_same_seed_gives_the_same_data() {
    let a = seed::build(7);
    let b = seed::build(7);
    assert_eq!(a.movies, b.movies);
    assert_eq!(a.movie_requests, b.movie_requests);
    assert_eq!(a.issues, b.issues);
    assert_eq!(a.logs, b.logs);
    assert_ne!(seed::build(8).movies, a.movies);
    // And over HTTP.
    let one = Simulator::start_with(Options { seed: 7, ..Options::default() }).unwrap();
    let two = Simulator::start_with(Options { seed: 7, ..Options::default() }).unwrap();
    let list = |sim: &Simulator| crate::support::get(sim, "/api/v2/Requests/movie/50/0/requestedDate/desc");
    assert_eq!(list(&one), list(&two));
}
