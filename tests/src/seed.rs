//! Deterministic seed data: hundreds of movies and shows across genres and years, shows with
//! many seasons, artists and albums, a dozen users of different roles and quotas, and every
//! settings section with plausible secrets. The same seed gives the same data.

use std::collections::BTreeMap;

use serde_json::{Value, json};

use crate::clock::{self, SEED_NOW};
use crate::rng::Rng;
use crate::state::{
    Album, AlbumRequest, Artist, Comment, Episode, EpisodeRequest, Issue, Lifecycle, LogFile, Movie, MovieRequest,
    Person, RetryEntry, Season, SeasonRequest, Show, State, TvChild, TvParent, User, Vote,
};

const DAY: i64 = 86_400;

/// TMDB keyword ids and names.
pub const KEYWORDS: &[(u64, &str)] = &[
    (9715, "superhero"),
    (818, "based on novel or book"),
    (4565, "dystopia"),
    (9882, "space"),
    (10084, "rescue"),
    (6054, "friendship"),
    (1701, "hero"),
    (12554, "dark comedy"),
];

/// TMDB watch providers (id, name).
pub const PROVIDERS: &[(u64, &str)] = &[
    (8, "Netflix"),
    (9, "Amazon Prime Video"),
    (337, "Disney Plus"),
    (15, "Hulu"),
    (1899, "Max"),
    (350, "Apple TV Plus"),
];

/// TMDB production companies (id, name).
pub const COMPANIES: &[(u64, &str)] = &[
    (174, "Warner Bros. Pictures"),
    (33, "Universal Pictures"),
    (4, "Paramount Pictures"),
    (25, "20th Century Fox"),
    (923, "Legendary Pictures"),
    (41077, "A24"),
];

/// The default seed.
pub const DEFAULT_SEED: u64 = 20_260_502;

/// TMDB genre ids used for movies and shows.
pub const GENRES: &[(u64, &str)] = &[
    (28, "Action"),
    (12, "Adventure"),
    (16, "Animation"),
    (35, "Comedy"),
    (80, "Crime"),
    (99, "Documentary"),
    (18, "Drama"),
    (10751, "Family"),
    (14, "Fantasy"),
    (36, "History"),
    (27, "Horror"),
    (10402, "Music"),
    (9648, "Mystery"),
    (10749, "Romance"),
    (878, "Science Fiction"),
    (53, "Thriller"),
    (10752, "War"),
    (37, "Western"),
];

const ADJECTIVES: &[&str] = &[
    "Silent",
    "Crimson",
    "Hidden",
    "Last",
    "Broken",
    "Golden",
    "Frozen",
    "Distant",
    "Wild",
    "Electric",
    "Hollow",
    "Burning",
    "Midnight",
    "Lost",
    "Iron",
    "Paper",
    "Velvet",
    "Restless",
    "Northern",
    "Quiet",
    "Endless",
    "Glass",
    "Falling",
    "Shattered",
];
const NOUNS: &[&str] = &[
    "Harbor", "Signal", "Kingdom", "Horizon", "Orchard", "Circuit", "Garden", "Empire", "River", "Lantern", "Frontier",
    "Archive", "Mirror", "Tide", "Station", "Forest", "Summit", "Canyon", "Promise", "Engine", "Witness", "Island",
    "Parade", "Compass",
];
const FIRST: &[&str] = &[
    "Ava", "Liam", "Noah", "Emma", "Mia", "Lucas", "Zoe", "Ethan", "Nora", "Owen", "Ivy", "Leo", "Ruby", "Felix",
    "Clara", "Hugo",
];
const LAST: &[&str] = &[
    "Hart",
    "Okafor",
    "Lindqvist",
    "Moreau",
    "Tanaka",
    "Reyes",
    "Novak",
    "Brennan",
    "Castell",
    "Iyer",
    "Sato",
    "Whitlock",
    "Duarte",
    "Kowalski",
];
const NETWORKS: &[&str] = &["HBO", "Netflix", "BBC One", "AMC", "Apple TV+", "FX", "Hulu", "Channel 4"];

/// Builds the seeded state.
pub fn build(seed: u64) -> State {
    let mut rng = Rng::new(seed);
    let mut movies = movies(&mut rng);
    let shows = shows(&mut rng);
    let people = people(&mut rng, &movies);
    for m in &mut movies {
        m.cast = people.iter().filter(|p| p.movie_credits.contains(&m.tmdb_id)).map(|p| p.tmdb_id).collect();
    }
    let (artists, albums) = music(&mut rng);
    let users = users(&mut rng);
    let mut state = State {
        version: "4.59.3".into(),
        movies,
        shows,
        people,
        artists,
        albums,
        users,
        settings: settings(&mut rng),
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
    requests(&mut rng, &mut state);
    issues(&mut rng, &mut state);
    votes(&mut rng, &mut state);
    retry_queue(&mut state);
    state.logs = logs(&mut rng);
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

fn movies(rng: &mut Rng) -> Vec<Movie> {
    let famous: &[(u64, &str, &str, &str, &[u64])] = &[
        (603, "tt0133093", "The Matrix", "1999-03-30", &[28, 878]),
        (438631, "tt1160419", "Dune", "2021-09-15", &[878, 12]),
        (693134, "tt15239678", "Dune: Part Two", "2024-02-27", &[878, 12]),
        (27205, "tt1375666", "Inception", "2010-07-15", &[28, 878, 12]),
        (157336, "tt0816692", "Interstellar", "2014-11-05", &[12, 18, 878]),
        (278, "tt0111161", "The Shawshank Redemption", "1994-09-23", &[18, 80]),
        (335984, "tt1856101", "Blade Runner 2049", "2017-10-04", &[878, 18]),
        (329865, "tt2543164", "Arrival", "2016-11-10", &[18, 878, 9648]),
        (348, "tt0078748", "Alien", "1979-05-25", &[27, 878]),
        (129, "tt0245429", "Spirited Away", "2001-07-20", &[16, 10751, 14]),
    ];
    let mut out: Vec<Movie> = famous
        .iter()
        .enumerate()
        .map(|(i, (id, imdb, title, date, genres))| Movie {
            tmdb_id: *id,
            imdb_id: imdb.to_string(),
            title: title.to_string(),
            release_date: format!("{date}T00:00:00"),
            overview: format!("{title}: a film the household keeps asking for."),
            genre_ids: genres.to_vec(),
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: 900.0 - i as f64 * 10.0,
            vote_average: 8.0 + (i % 5) as f64 / 10.0,
            available: i % 3 == 0,
            available_4k: i == 0,
            collection_id: None,
            keyword_ids: vec![KEYWORDS[i % KEYWORDS.len()].0, 9882],
            provider_ids: vec![PROVIDERS[i % PROVIDERS.len()].0],
            company_ids: vec![COMPANIES[i % COMPANIES.len()].0],
            cast: Vec::new(),
            added_at: (i == 3).then_some(SEED_NOW - 2 * DAY),
        })
        .collect();
    let mut seen: Vec<String> = out.iter().map(|m| m.title.clone()).collect();
    let mut id = 500_001;
    while out.len() < 320 {
        let title = match rng.range(0, 2) {
            0 => format!("The {} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS)),
            1 => format!("{} of the {}", rng.pick(NOUNS), rng.pick(NOUNS)),
            _ => format!("{} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS)),
        };
        let title = if seen.contains(&title) { format!("{title} II") } else { title };
        if seen.contains(&title) {
            continue;
        }
        seen.push(title.clone());
        let year = rng.range(1950, 2026);
        let genres = vec![rng.pick(GENRES).0, rng.pick(GENRES).0];
        // Every twentieth title releases around now: the upcoming, now-playing and calendar lists.
        let release = if out.len().is_multiple_of(20) {
            SEED_NOW + (rng.range(0, 180) as i64 - 60) * DAY
        } else {
            clock::parse(&format!("{year}-{:02}-{:02}", rng.range(1, 12), rng.range(1, 28))).unwrap()
        };
        let available = release < SEED_NOW && rng.chance(35);
        out.push(Movie {
            tmdb_id: id,
            imdb_id: format!("tt{:07}", 2_000_000 + id % 1_000_000),
            overview: format!(
                "In {}, {} finds that {} is not what it seems.",
                &clock::iso(release)[..4],
                rng.pick(FIRST),
                title.to_lowercase()
            ),
            title,
            release_date: clock::iso(release).trim_end_matches('Z').to_string(),
            genre_ids: genres,
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 800) as f64 / 3.0,
            vote_average: rng.range(30, 90) as f64 / 10.0,
            available,
            available_4k: available && rng.chance(10),
            collection_id: None,
            keyword_ids: vec![rng.pick(KEYWORDS).0],
            provider_ids: if rng.chance(60) { vec![rng.pick(PROVIDERS).0] } else { Vec::new() },
            company_ids: vec![rng.pick(COMPANIES).0],
            cast: Vec::new(),
            added_at: (available && rng.chance(8)).then(|| SEED_NOW - rng.range(0, 6) as i64 * DAY - 3600),
        });
        id += rng.range(1, 40);
    }
    out
}

fn seasons(rng: &mut Rng, count: u32, aired: bool, airing_now: bool) -> Vec<Season> {
    (1..=count)
        .map(|n| {
            let episodes = rng.range(6, 13) as u32;
            let available_upto = if aired { rng.range(0, u64::from(episodes)) as u32 } else { 0 };
            let current = airing_now && n == count;
            Season {
                number: n,
                episodes: (1..=episodes)
                    .map(|e| {
                        // The current season airs weekly from four weeks ago.
                        let air = if current {
                            SEED_NOW + (i64::from(e) * 7 - 28) * DAY
                        } else {
                            clock::parse(&format!("{}-{:02}-{:02}", 2000 + n, (e % 12) + 1, (e % 27) + 1)).unwrap()
                        };
                        let available = if current { air < SEED_NOW - DAY } else { e <= available_upto };
                        Episode {
                            number: e,
                            title: format!("Chapter {e}"),
                            air_date: clock::iso(air).trim_end_matches('Z').to_string(),
                            available,
                            added_at: (current && available).then_some(air + DAY),
                        }
                    })
                    .collect(),
            }
        })
        .collect()
}

fn shows(rng: &mut Rng) -> Vec<Show> {
    let famous: &[(u64, u64, u64, &str, &str, &str, u32)] = &[
        (63639, 280619, 1825, "tt3230854", "The Expanse", "2015-12-14", 6),
        (1396, 81189, 169, "tt0903747", "Breaking Bad", "2008-01-20", 5),
        (95396, 371980, 44933, "tt11280740", "Severance", "2022-02-18", 2),
        (2316, 73244, 526, "tt0386676", "The Office", "2005-03-24", 9),
        (70523, 334824, 17861, "tt5753856", "Dark", "2017-12-01", 3),
    ];
    let mut out: Vec<Show> = famous
        .iter()
        .enumerate()
        .map(|(i, (tmdb, tvdb, maze, imdb, title, date, n))| Show {
            tmdb_id: *tmdb,
            tvdb_id: *tvdb,
            tvmaze_id: *maze,
            imdb_id: imdb.to_string(),
            title: title.to_string(),
            first_aired: format!("{date}T00:00:00"),
            overview: format!("{title}: the series everyone is behind on."),
            network: NETWORKS[i % NETWORKS.len()].to_string(),
            genre_ids: vec![18, 878],
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: 500.0 - i as f64 * 10.0,
            seasons: seasons(rng, *n, true, i < 3),
        })
        .collect();
    let mut seen: Vec<String> = out.iter().map(|s| s.title.clone()).collect();
    let mut n = 0u64;
    while out.len() < 160 {
        let suffix = rng.pick(["Files", "Chronicles", "Street", "Hospital", "Diaries", "Bay"].as_slice());
        let title = if rng.chance(50) {
            format!("{} {suffix}", rng.pick(NOUNS))
        } else {
            format!("{} {} {suffix}", rng.pick(ADJECTIVES), rng.pick(NOUNS))
        };
        if seen.contains(&title) {
            continue;
        }
        seen.push(title.clone());
        n += 1;
        let year = rng.range(1990, 2026);
        let count = rng.range(1, 12) as u32;
        out.push(Show {
            tmdb_id: 200_000 + n * 7,
            tvdb_id: 400_000 + n * 11,
            tvmaze_id: 60_000 + n * 3,
            imdb_id: format!("tt{:07}", 9_000_000 + n),
            overview: format!("A {} drama about {}.", rng.pick(NETWORKS), title.to_lowercase()),
            title,
            first_aired: format!("{year}-{:02}-{:02}T00:00:00", rng.range(1, 12), rng.range(1, 28)),
            network: rng.pick(NETWORKS).to_string(),
            genre_ids: vec![rng.pick(GENRES).0],
            poster_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 400) as f64 / 3.0,
            seasons: seasons(rng, count, year < 2026, n.is_multiple_of(17)),
        });
    }
    out
}

fn people(rng: &mut Rng, movies: &[Movie]) -> Vec<Person> {
    let mut out = vec![Person {
        tmdb_id: 6384,
        name: "Keanu Reeves".into(),
        profile_path: "/4D0PpNI0kmP58hgrwGC3wCjxhnm.jpg".into(),
        popularity: 80.0,
        movie_credits: vec![603],
    }];
    let mut seen = vec!["Keanu Reeves".to_string()];
    while out.len() < 80 {
        let name = format!("{} {}", rng.pick(FIRST), rng.pick(LAST));
        if seen.contains(&name) {
            continue;
        }
        seen.push(name.clone());
        let credits = (0..3).map(|_| rng.pick(movies).tmdb_id).collect();
        out.push(Person {
            tmdb_id: 1_000_000 + out.len() as u64 * 13,
            name,
            profile_path: format!("/{}.jpg", rng.hex(27)),
            popularity: rng.range(1, 60) as f64,
            movie_credits: credits,
        });
    }
    out
}

fn music(rng: &mut Rng) -> (Vec<Artist>, Vec<Album>) {
    let mut artists = vec![Artist {
        mbid: "a74b1b7f-71a5-4011-9441-d0b5e4122711".into(),
        name: "Radiohead".into(),
        overview: "English rock band formed in Abingdon.".into(),
    }];
    let mut albums = vec![Album {
        mbid: "b1392450-e666-3926-a536-22c65f834433".into(),
        artist_mbid: artists[0].mbid.clone(),
        artist_name: "Radiohead".into(),
        title: "OK Computer".into(),
        release_date: "1997-05-21T00:00:00".into(),
        album_type: "Album".into(),
        available: true,
    }];
    let mut seen = vec!["Radiohead".to_string()];
    while artists.len() < 40 {
        let name = format!("The {} {}s", rng.pick(ADJECTIVES), rng.pick(NOUNS));
        if seen.contains(&name) {
            continue;
        }
        seen.push(name.clone());
        let mbid = rng.guid();
        for k in 0..3 {
            albums.push(Album {
                mbid: rng.guid(),
                artist_mbid: mbid.clone(),
                artist_name: name.clone(),
                title: format!("{} {}", rng.pick(ADJECTIVES), rng.pick(NOUNS)),
                release_date: format!("{}-{:02}-01T00:00:00", rng.range(1965, 2025), rng.range(1, 12)),
                album_type: if k == 2 { "EP".into() } else { "Album".into() },
                available: rng.chance(30),
            });
        }
        artists.push(Artist { mbid, overview: format!("{name} play loud music."), name });
    }
    (artists, albums)
}

/// The seeded `Api` system user's id.
pub const API_USER_ID: &str = "2e8a2a7a-0000-4000-8000-000000000a01";

/// User name, alias, roles, user type, movie/episode/music request limits.
type UserSpec<'a> = (&'a str, &'a str, &'a [&'a str], i64, u32, u32, u32);

fn users(rng: &mut Rng) -> Vec<User> {
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

fn template(agent: i64) -> Value {
    json!([
        {"id": agent * 100 + 1, "notificationType": 0, "agent": agent, "subject": "New request", "message": "{UserName} requested {Title}", "enabled": true},
        {"id": agent * 100 + 2, "notificationType": 2, "agent": agent, "subject": "Available", "message": "{Title} is now available", "enabled": true}
    ])
}

fn settings(rng: &mut Rng) -> BTreeMap<String, Value> {
    let mut s = BTreeMap::new();
    let mut put = |name: &str, v: Value| {
        s.insert(name.to_ascii_lowercase(), v);
    };
    put(
        "ombi",
        json!({"id": 1, "baseUrl": "", "collectAnalyticData": false, "wizard": true, "apiKey": "(replaced at start)", "doNotSendNotificationsForAutoApprove": false, "hideRequestsUsers": false, "disableHealthChecks": false, "defaultLanguageCode": "en", "autoDeleteAvailableRequests": false, "autoDeleteAfterDays": 0, "branch": 1, "hasMigratedOldTvDbData": true, "set": true}),
    );
    put(
        "plex",
        json!({"id": 2, "enable": true, "enableWatchlistImport": false, "monitorAll": false, "installId": rng.guid(), "servers": [{"id": 1, "name": "Living Room Plex", "plexAuthToken": format!("plx-{}", rng.hex(20)), "machineIdentifier": rng.hex(40), "episodeBatchSize": 150, "serverHostname": "plex.household.example", "plexSelectedLibraries": [{"key": "1", "title": "Movies", "enabled": true}, {"key": "2", "title": "TV Shows", "enabled": true}], "ssl": false, "subDir": "", "ip": "192.168.1.20", "port": 32400}]}),
    );
    put("emby", json!({"id": 3, "enable": false, "servers": []}));
    put(
        "jellyfin",
        json!({"id": 4, "enable": false, "servers": [{"id": 1, "serverId": rng.hex(32), "name": "Jellyfin", "apiKey": rng.hex(32), "administratorId": rng.hex(32), "serverHostname": "", "enableEpisodeSearching": false, "jellyfinSelectedLibraries": [], "ssl": false, "subDir": "", "ip": "192.168.1.21", "port": 8096}]}),
    );
    put(
        "sonarr",
        json!({"id": 5, "enabled": true, "apiKey": rng.hex(32), "qualityProfile": "4", "seasonFolders": true, "rootPath": "2", "qualityProfileAnime": "4", "rootPathAnime": "3", "animeTag": null, "tag": null, "sendUserTags": false, "addOnly": false, "languageProfile": 1, "languageProfileAnime": 1, "scanForAvailability": true, "prioritizeArrAvailability": false, "ssl": false, "subDir": "", "ip": "192.168.1.30", "port": 8989}),
    );
    put(
        "radarr",
        json!({"radarr": {"id": 6, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "6", "defaultRootPath": "/movies", "addOnly": false, "minimumAvailability": "announced", "scanForAvailability": true, "prioritizeArrAvailability": false, "tag": null, "sendUserTags": false, "ssl": false, "subDir": "", "ip": "192.168.1.31", "port": 7878}, "radarr4K": {"id": 7, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "8", "defaultRootPath": "/movies-4k", "addOnly": false, "minimumAvailability": "released", "scanForAvailability": false, "prioritizeArrAvailability": false, "tag": null, "sendUserTags": false, "ssl": false, "subDir": "", "ip": "192.168.1.32", "port": 7878}}),
    );
    put(
        "lidarr",
        json!({"id": 8, "enabled": true, "apiKey": rng.hex(32), "defaultQualityProfile": "1", "defaultRootPath": "/music", "albumFolder": true, "metadataProfileId": 1, "addOnly": false, "ssl": false, "subDir": "", "ip": "192.168.1.33", "port": 8686}),
    );
    put(
        "CouchPotato",
        json!({"id": 9, "enabled": false, "apiKey": rng.hex(32), "defaultProfileId": null, "username": "cp", "password": "cp-secret", "ssl": false, "subDir": "", "ip": "", "port": 5050}),
    );
    put("DogNzb", json!({"id": 10, "enabled": false, "apiKey": rng.hex(32), "movies": false, "tvShows": false}));
    put(
        "SickRage",
        json!({"id": 11, "enabled": false, "apiKey": rng.hex(32), "qualityProfile": "default", "qualities": [], "ssl": false, "subDir": "", "ip": "", "port": 8081}),
    );
    put(
        "themoviedb",
        json!({"id": 12, "showAdultMovies": false, "excludedKeywordIds": [9715], "excludedMovieGenreIds": [], "excludedTvGenreIds": [10764], "originalLanguages": ["en", "de"]}),
    );
    put(
        "customization",
        json!({"id": 13, "applicationName": "Household Ombi", "applicationUrl": "https://ombi.household.example", "customCss": "", "enableCustomDonations": false, "customDonationUrl": null, "customDonationMessage": null, "logo": null, "recentlyAddedPage": true, "useCustomPage": false, "hideAvailableFromDiscover": false, "favicon": null, "hideAvailableRecentlyRequested": false}),
    );
    put(
        "landingpage",
        json!({"id": 14, "enabled": false, "noticeEnabled": true, "noticeText": "Requests are processed nightly.", "timeLimit": false, "startDateTime": "0001-01-01T00:00:00", "endDateTime": "0001-01-01T00:00:00", "expired": false}),
    );
    put(
        "authentication",
        json!({"id": 15, "allowNoPassword": false, "requireDigit": true, "requiredLength": 8, "requireLowercase": true, "requireNonAlphanumeric": false, "requireUppercase": false, "enableOAuth": true, "enableHeaderAuth": false, "headerAuthVariable": null, "headerAuthCreateUser": false}),
    );
    put(
        "Issues",
        json!({"id": 16, "enabled": true, "enableInProgress": true, "deleteIssues": false, "daysAfterResolvedToDelete": 0}),
    );
    put("vote", json!({"id": 17, "enabled": true, "movieVoteMax": 3, "musicVoteMax": 3, "tvShowVoteMax": 3}));
    put(
        "UserManagement",
        json!({"id": 18, "importPlexAdmin": true, "importPlexUsers": true, "cleanupPlexUsers": false, "importEmbyUsers": false, "importJellyfinUsers": false, "movieRequestLimit": 0, "episodeRequestLimit": 0, "musicRequestLimit": 0, "movieRequestLimitType": 1, "episodeRequestLimitType": 1, "musicRequestLimitType": 2, "defaultStreamingCountry": "US", "defaultRoles": ["RequestMovie", "RequestTv"], "bannedPlexUserIds": [], "bannedEmbyUserIds": [], "bannedJellyfinUserIds": []}),
    );
    put(
        "Update",
        json!({"id": 19, "autoUpdateEnabled": false, "username": "updater", "password": "update-secret", "processName": "Ombi", "useScript": false, "scriptLocation": null, "windowsServiceName": null, "windowsService": false, "testMode": false, "updateSchedule": null}),
    );
    put(
        "jobs",
        json!({"id": 20, "embyContentSync": "0 5 0/1 1/1 * ? *", "embyRecentlyAddedSync": "0 0/30 * 1/1 * ? *", "jellyfinContentSync": "0 5 0/1 1/1 * ? *", "sonarrSync": "0 10 0/1 1/1 * ? *", "radarrSync": "0 15 0/1 1/1 * ? *", "plexContentSync": "0 2 0/1 1/1 * ? *", "plexRecentlyAddedSync": "0 0/30 * 1/1 * ? *", "couchPotatoSync": "0 30 0/1 1/1 * ? *", "automaticUpdater": "0 0 0/6 1/1 * ? *", "userImporter": "0 0 0/1 1/1 * ? *", "sickRageSync": "0 35 0/1 1/1 * ? *", "newsletter": "0 0 12 ? * FRI *", "lidarrArtistSync": "0 40 0/1 1/1 * ? *", "issuesPurge": "0 0 0 1/1 * ? *", "retryRequests": "0 0 0/6 1/1 * ? *", "mediaDatabaseRefresh": "0 0 1 ? * SUN *", "autoDeleteRequests": "0 0 0 1/1 * ? *", "plexWatchlistImport": "0 0 0/1 1/1 * ? *"}),
    );
    put(
        "notifications/email",
        json!({"id": 21, "enabled": true, "host": "smtp.household.example", "password": "smtp-secret", "port": 587, "senderName": "Ombi", "senderAddress": "ombi@household.example", "username": "ombi", "authentication": true, "disableTLS": false, "disableCertificateChecking": false, "notificationTemplates": template(0)}),
    );
    put(
        "notifications/discord",
        json!({"id": 22, "enabled": true, "webhookUrl": format!("https://discord.com/api/webhooks/1234/{}", rng.hex(40)), "username": "Ombi", "icon": null, "hideUser": false, "notificationTemplates": template(1)}),
    );
    put(
        "notifications/telegram",
        json!({"id": 23, "enabled": false, "botApi": format!("123456:{}", rng.hex(30)), "chatId": "-100123", "parseMode": "Markdown", "notificationTemplates": template(4)}),
    );
    put(
        "notifications/pushbullet",
        json!({"id": 24, "enabled": false, "accessToken": rng.hex(32), "channelTag": null, "notificationTemplates": template(2)}),
    );
    put(
        "notifications/pushover",
        json!({"id": 25, "enabled": false, "accessToken": rng.hex(30), "userToken": rng.hex(30), "priority": 0, "sound": "pushover", "notificationTemplates": template(3)}),
    );
    put(
        "notifications/slack",
        json!({"id": 26, "enabled": false, "webhookUrl": format!("https://hooks.slack.com/services/{}", rng.hex(24)), "channel": "#media", "username": "ombi", "iconEmoji": null, "iconUrl": null, "notificationTemplates": template(5)}),
    );
    put(
        "notifications/mattermost",
        json!({"id": 27, "enabled": false, "webhookUrl": format!("https://mm.household.example/hooks/{}", rng.hex(26)), "channel": null, "username": null, "iconUrl": null, "notificationTemplates": template(6)}),
    );
    put(
        "notifications/gotify",
        json!({"id": 28, "enabled": false, "baseUrl": "https://gotify.household.example", "applicationToken": rng.hex(15), "priority": 5, "notificationTemplates": template(8)}),
    );
    put(
        "notifications/ntfy",
        json!({"id": 29, "enabled": false, "baseUrl": "https://ntfy.sh", "topic": "household-media", "authorizationHeader": format!("Bearer {}", rng.hex(24)), "priority": 3, "notificationTemplates": template(11)}),
    );
    put(
        "notifications/webhook",
        json!({"id": 30, "enabled": false, "webhookUrl": "https://hooks.household.example/ombi", "applicationToken": rng.hex(20)}),
    );
    put(
        "notifications/twilio",
        json!({"id": 31, "whatsAppSettings": {"enabled": false, "from": "+15550100", "accountSid": format!("AC{}", rng.hex(32)), "authToken": rng.hex(32), "notificationTemplates": template(10)}}),
    );
    put("notifications/mobile", json!({"id": 32, "notificationTemplates": template(7)}));
    put(
        "notifications/newsletter",
        json!({"id": 33, "disableTv": false, "disableMovies": false, "disableMusic": true, "enabled": false, "externalEmails": ["family@household.example"], "notificationTemplate": {"id": 3301, "notificationType": 11, "agent": 0, "subject": "This week", "message": "New on the server", "enabled": true}}),
    );
    s
}

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
fn requests(rng: &mut Rng, state: &mut State) {
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
fn issues(rng: &mut Rng, state: &mut State) {
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
fn votes(rng: &mut Rng, state: &mut State) {
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
fn retry_queue(state: &mut State) {
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
fn logs(rng: &mut Rng) -> Vec<LogFile> {
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
                    let (level, source, text) = rng.pick(&messages);
                    let t = clock::iso(day - 43_200 + n * 14);
                    format!("{} [{level}] {source}: {text} (#{n})", t.replace('T', " ").trim_end_matches('Z'))
                })
                .collect();
            LogFile { name, lines }
        })
        .collect()
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
